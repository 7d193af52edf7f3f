//! Asking a student's own rule functions, in the sandbox.
//!
//! Where a `hog.py`'s skeleton fits several presets (fa17 to su19 share
//! one), the student's implementation of the rules decides: hog calls the
//! rule functions on the course's test inputs where the presets disagree
//! and keeps the presets that agree with every answer.
//!
//! The module is never imported as a whole: a driver parses it with
//! Python's `ast` and runs its top-level `def`s (without decorators), its
//! imports and its assignments of literals, each alone, skipping any that
//! fails, so a course file that breaks on a newer Python (su21's `ucb.py`)
//! or a module that runs a game when imported still answers. Every call
//! has [`CALL_LIMIT`], and the whole run [`TIME_LIMIT`], in the sandbox of
//! [`crate::sandbox`], in a throwaway folder holding `hog.py` and the
//! course's `dice.py` as detection read them. An answer that is no int or bool, a call that
//! raises or runs out of time, and a run that fails are no answers.

use std::io::Read;
use std::process::Stdio;
use std::time::Duration;

use wait_timeout::ChildExt;

use super::calls::{Call, Value};
use crate::files::temporary_folder;
use crate::sandbox::{python3, Files, Sandboxed};

/// The time for the whole probe, python3's start included.
const TIME_LIMIT: Duration = Duration::from_secs(5);
/// The time for one call, in seconds.
const CALL_LIMIT: f64 = 0.2;
/// The most bytes of answers read.
const MAX_ANSWERS: u64 = 64 << 10;

const DRIVER: &str = r#"
import ast, json, os, signal, sys

calls, call_limit = json.loads(sys.argv[1]), float(sys.argv[2])
# The answers go to a private copy of stdout; the module's output to stderr.
out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
sys.stdout = sys.stderr
sys.path.insert(0, os.getcwd())

class OutOfTime(BaseException):
    pass

def out_of_time(signum, frame):
    raise OutOfTime()

signal.signal(signal.SIGALRM, out_of_time)

def limited(run, seconds):
    """run(), or None if it raises or takes longer than seconds."""
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return run()
    except BaseException:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)

def statements(tree):
    """The module's defs (undecorated), imports and literal assignments."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            node.decorator_list = []
            yield node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.Assign):
            if limited(lambda: ast.literal_eval(node.value) or True, 1.0):
                yield node

namespace = {"__name__": "hog"}
tree = limited(lambda: ast.parse(open("hog.py", encoding="utf-8", errors="replace").read()), 2.0)
for node in statements(tree) if tree else []:
    code = ast.Module(body=[node], type_ignores=[])
    limited(lambda: exec(compile(code, "hog.py", "exec"), namespace), 1.0)

def answer(name, args):
    function = namespace.get(name)
    if not callable(function):
        return None
    value = limited(lambda: function(*args), call_limit)
    if value is True or value is False:
        return value
    if isinstance(value, int) and -2**62 < int.__index__(value) < 2**62:
        return int.__index__(value)
    return None

out.write(json.dumps([answer(name, args) for name, args in calls]) + "\n")
out.flush()
os._exit(0)
"#;

/// The answers the `hog.py` among `files` (with `dice.py` beside it, as
/// read before) gives to `calls` (`None` where it gives none), or `None` if
/// python3 could not be asked.
pub fn ask(files: &Files, calls: &[Call]) -> Option<Vec<Option<Value>>> {
    let sandbox = temporary_folder("hog-probe-").ok()?;
    files.write_into(sandbox.path()).ok()?;
    let questions: Vec<(String, Vec<i64>)> = calls
        .iter()
        .map(|call| {
            let args = call
                .args
                .iter()
                .filter_map(|arg| match arg {
                    super::calls::Arg::Int(n) => Some(*n),
                    super::calls::Arg::Dice(_) => None,
                })
                .collect();
            (call.function.clone(), args)
        })
        .collect();
    let mut command = python3(sandbox.path());
    command
        .args(["-c", DRIVER])
        .arg(serde_json::to_string(&questions).ok()?)
        .arg(CALL_LIMIT.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let mut python = Sandboxed::spawn(&mut command, sandbox.path(), TIME_LIMIT.as_secs()).ok()?;
    let stdout = python.child.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.take(MAX_ANSWERS).read_to_string(&mut text).ok()?;
        Some(text)
    });
    let status = python.child.wait_timeout(TIME_LIMIT).ok().flatten();
    python.end();
    status.filter(|s| s.success())?;
    let text = reader.join().ok()??;
    let answers: Vec<serde_json::Value> = serde_json::from_str(text.trim()).ok()?;
    if answers.len() != calls.len() {
        return None;
    }
    Some(
        answers
            .iter()
            .map(|answer| match answer {
                serde_json::Value::Bool(b) => Some(Value::Bool(*b)),
                serde_json::Value::Number(n) => n.as_i64().map(Value::Int),
                _ => None,
            })
            .collect(),
    )
}
