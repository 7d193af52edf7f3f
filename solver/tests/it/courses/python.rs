//! The course's strategies written as Python lambdas, tabulated by python3.
//!
//! A test case's lambda is Python (`lambda score, opponent_score: ...`), so
//! Python evaluates it: one `python3` process per data file gets every
//! distinct (lambda, goal) of the file and answers each lambda's value in
//! every state (score, opponent_score) of 0..goal × 0..goal, which covers
//! every state a game to that goal can ask about. A state where the lambda
//! raises (the fuzz traces' lookup tables have only the states their game
//! visited) or answers something other than an int is left undefined; a
//! replay that asks a strategy about an undefined state is a mismatch, as
//! the course's game would have raised there.
//!
//! Speed: a lookup-table lambda rebuilds its dict literal on every call,
//! and most calls raise, which makes 10,000 calls of 200 lambdas a file
//! take seconds. The script therefore reads a lambda of exactly the form
//! `lambda a, b: {LITERAL}[(a, b)]` (checked on its syntax tree, the dict
//! a pure literal) as the dict it indexes: the same answers, without the
//! calls. Every other lambda is called in every state.

use std::collections::HashMap;
use std::io::Write;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

const SCRIPT: &str = r#"
import ast, json, sys

def literal_lookup(src):
    try:
        node = ast.parse(src, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(node, ast.Lambda):
        return None
    args = node.args
    if len(args.args) != 2 or args.vararg or args.kwarg or args.defaults or args.kwonlyargs:
        return None
    body = node.body
    if not isinstance(body, ast.Subscript) or not isinstance(body.value, ast.Dict):
        return None
    key = body.slice
    if type(key).__name__ == "Index":  # Python 3.8
        key = key.value
    names = [a.arg for a in args.args]
    if not (isinstance(key, ast.Tuple) and len(key.elts) == 2 and all(
            isinstance(e, ast.Name) and e.id == n for e, n in zip(key.elts, names))):
        return None
    try:
        return ast.literal_eval(body.value)
    except ValueError:
        return None

def table(src, goal):
    cells = []
    lookup = literal_lookup(src)
    if lookup is not None:
        for k, v in lookup.items():
            if (type(k) is tuple and len(k) == 2 and all(type(x) is int for x in k)
                    and 0 <= k[0] < goal and 0 <= k[1] < goal and type(v) is int):
                cells.append([k[0], k[1], v])
        return cells
    f = eval(src, {})
    for s in range(goal):
        for o in range(goal):
            try:
                v = f(s, o)
            except Exception:
                continue
            if type(v) is int:
                cells.append([s, o, v])
    return cells

jobs = json.load(sys.stdin)
json.dump([table(src, goal) for src, goal in jobs], sys.stdout, separators=(",", ":"))
"#;

/// A lambda's answers below a goal: None where it raised.
#[derive(Clone, Debug)]
pub struct Table {
    pub goal: u32,
    cells: Vec<Option<i64>>,
}

impl Table {
    pub fn get(&self, score: u32, opponent_score: u32) -> Option<i64> {
        if score >= self.goal || opponent_score >= self.goal {
            return None;
        }
        self.cells[(score * self.goal + opponent_score) as usize]
    }
}

/// Every table of one python3 run, by (lambda source, goal).
pub type Tables = HashMap<(String, u32), Table>;

/// A python3 run under way; [`Pending::finish`] collects its tables.
pub struct Pending {
    jobs: Vec<(String, u32)>,
    child: Option<Child>,
    error: Option<String>,
}

/// Starts python3 on every distinct (lambda, goal) of `jobs`. Nothing is
/// started when there are none.
pub fn start(jobs: impl IntoIterator<Item = (String, u32)>) -> Pending {
    let mut jobs: Vec<(String, u32)> = jobs.into_iter().collect();
    jobs.sort();
    jobs.dedup();
    let mut pending = Pending {
        jobs,
        child: None,
        error: None,
    };
    if pending.jobs.is_empty() {
        return pending;
    }
    let spawned = Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    match spawned {
        Ok(mut child) => {
            let input = serde_json::to_vec(&pending.jobs).expect("jobs are JSON");
            let mut stdin = child.stdin.take().expect("a piped stdin");
            // A writer thread: the input can be larger than a pipe's buffer.
            std::thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
            pending.child = Some(child);
        }
        Err(e) => pending.error = Some(format!("cannot run python3 (needed for the lambdas): {e}")),
    }
    pending
}

impl Pending {
    /// Waits for python3 and reads its tables.
    pub fn finish(self) -> Result<Tables, String> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let Some(child) = self.child else {
            return Ok(Tables::new());
        };
        let output = child
            .wait_with_output()
            .map_err(|e| format!("python3 failed: {e}"))?;
        if !output.status.success() {
            return Err(format!(
                "python3 failed ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        let answers: Vec<Vec<(u32, u32, i64)>> = serde_json::from_slice(&output.stdout)
            .map_err(|e| format!("python3's tables are not JSON: {e}"))?;
        Ok(self
            .jobs
            .into_iter()
            .zip(answers)
            .map(|((src, goal), cells)| {
                let mut table = Table {
                    goal,
                    cells: vec![None; (goal * goal) as usize],
                };
                for (s, o, v) in cells {
                    table.cells[(s * goal + o) as usize] = Some(v);
                }
                ((src, goal), table)
            })
            .collect())
    }
}

/// Whether a strategy text is a Python lambda.
pub fn is_lambda(text: &str) -> bool {
    text.trim_start().starts_with("lambda")
}

/// The (lambda, goal) jobs of a data file's play cases.
pub fn play_jobs(cases: &[Value]) -> Vec<(String, u32)> {
    let mut jobs = vec![];
    for case in cases.iter().filter(|c| c["kind"] == "play") {
        let Some(goal) = case["goal"].as_u64() else {
            continue;
        };
        for text in case["strategies"].as_array().into_iter().flatten() {
            if let Some(text) = text.as_str().filter(|t| is_lambda(t)) {
                jobs.push((text.to_string(), goal as u32));
            }
        }
    }
    jobs
}
