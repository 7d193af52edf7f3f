//! A student's Python strategy, asked for every state.
//!
//! `python3` runs a small driver (below) in a subprocess: it imports the
//! student's module from its own folder (so `from dice import ...` works),
//! calls the function for every (score, opponent_score) below the goal, and
//! prints the answers on stdout as JSON, one line per score as it is done
//! (which feeds a progress bar on a terminal); whatever the module prints
//! goes to stderr. An answer that is not a small `int` comes back as its
//! `repr`, so the error can name it exactly. A time limit stops endless loops.

use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use hog_solver::strategy::Policy;
use hog_solver::{Error, Rules};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use wait_timeout::ChildExt;

const DRIVER: &str = r#"
import importlib.util, json, os, sys, traceback

path, name, goal = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3])
out = sys.stdout
sys.stdout = sys.stderr
folder = os.path.dirname(path)
sys.path.insert(0, folder)
os.chdir(folder)
module_name = os.path.splitext(os.path.basename(path))[0]

def fail(message):
    sys.stderr.write("\n" + message + "\n")
    sys.exit(3)

try:
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
except BaseException:
    fail("HOG: import failed:\n%s" % traceback.format_exc(limit=-3))
function = getattr(module, name, None)
if not callable(function):
    fail("HOG: no function named %s" % name)
for score in range(goal):
    row = []
    for opponent_score in range(goal):
        try:
            answer = function(score, opponent_score)
        except BaseException:
            fail("HOG: %s(%d, %d) raised:\n%s" % (name, score, opponent_score, traceback.format_exc(limit=-3)))
        # An int that could be a num_rolls travels as a number, anything else as its repr.
        row.append(answer if type(answer) is int and -128 <= answer < 128 else repr(answer))
    out.write(json.dumps(row) + "\n")
    out.flush()
"#;

/// A strategy that takes longer than this to answer gets a progress bar (on a terminal).
const BAR_AFTER: Duration = Duration::from_secs(1);

/// The strategy `function` of the Python file `path` as a policy.
pub fn python_policy(
    path: &Path,
    function: &str,
    rules: &Rules,
    goal: u32,
    time_limit: Duration,
) -> Result<Policy> {
    if !path.is_file() {
        bail!("{}: no such file", path.display());
    }
    // -B: importing the module must not write __pycache__ beside it.
    let mut child = Command::new("python3")
        .arg("-B")
        .arg("-c")
        .arg(DRIVER)
        .arg(path)
        .arg(function)
        .arg(goal.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("cannot run python3 (is it installed and on PATH?)")?;
    let stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let bar = ProgressBar::hidden().with_style(ProgressStyle::with_template(
        "asking python3 {bar:40} {pos}/{len} scores, {eta} left",
    )?);
    bar.set_length(goal.into());
    let reader = std::thread::spawn({
        let bar = bar.clone();
        move || {
            let start = Instant::now();
            let mut rows = vec![];
            for line in BufReader::new(stdout).lines() {
                rows.push(line?);
                if bar.is_hidden() && start.elapsed() > BAR_AFTER && std::io::stderr().is_terminal()
                {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                }
                bar.inc(1);
            }
            std::io::Result::Ok(rows)
        }
    });
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    let status = match child.wait_timeout(time_limit)? {
        Some(status) => status,
        None => {
            child.kill().ok();
            child.wait().ok();
            bail!(
                "{}: {function} did not answer every state within {} s (an endless loop?); \
                 raise the limit with --python-timeout",
                path.display(),
                time_limit.as_secs()
            );
        }
    };
    let output = reader.join().expect("reader thread")?;
    bar.finish_and_clear();
    let errors = errors.join().expect("stderr thread")?;
    if !status.success() {
        let message = errors
            .split_once("\nHOG: ")
            .map(|(_, m)| m.trim().to_string())
            .unwrap_or_else(|| errors.trim().to_string());
        bail!("{}: {message}", path.display());
    }
    let rows: Vec<Vec<serde_json::Value>> = output
        .iter()
        .map(|row| serde_json::from_str(row))
        .collect::<Result<_, _>>()
        .with_context(|| format!("{}: unreadable answers from python3", path.display()))?;
    let name = format!("{}:{function}", path.display());
    let g = goal as usize;
    if rows.len() != g || rows.iter().any(|row| row.len() != g) {
        bail!("{}: python3 did not answer every state", path.display());
    }
    // Answers that came back as their Python repr are reported as they are,
    // before any range check.
    for (score, row) in rows.iter().enumerate() {
        for (opponent_score, cell) in row.iter().enumerate() {
            if let serde_json::Value::String(repr) = cell {
                let digits = repr.strip_prefix('-').unwrap_or(repr);
                let reason = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    "not a num_rolls the rules allow"
                } else {
                    "num_rolls must be an int"
                };
                return Err(anyhow!(Error::BadAnswer {
                    strategy: name,
                    score: score as u32,
                    opponent_score: opponent_score as u32,
                    value: repr.clone(),
                    reason: reason.into(),
                }));
            }
        }
    }
    let answer = |score: u32, opponent_score: u32| -> i64 {
        rows[score as usize][opponent_score as usize]
            .as_i64()
            .expect("every answer was checked to be an i64")
    };
    Ok(Policy::from_strategy(&answer, rules, goal, &name)?)
}
