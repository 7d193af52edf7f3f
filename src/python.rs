//! A student's Python strategy, asked for every state, in a sandbox.
//!
//! `python3 -I` (isolated mode: no user site-packages, no current folder on
//! the module path, `PYTHON*` variables ignored) runs a small driver (below)
//! in a subprocess. The module's folder (its top-level files) is first copied
//! into a throwaway folder, which is the working folder and the only entry
//! the driver adds to the module path (so `from dice import ...` works and
//! nothing is written beside the original). The driver asks the function for
//! every (score, opponent_score) below the goal, twice (the course requires a
//! deterministic, pure function of the two scores; each round must end within
//! the time limit, and python3 is stopped after two rounds' time and a
//! second). On a private copy of stdout it writes a dot for every score row
//! asked (which feeds a progress bar on a terminal, [`StepBar`]), then the
//! answers as JSON; whatever the module prints, even from C, goes to stderr
//! (so the dots cannot mix with the module's output or with the end of its
//! error output that hog keeps). An answer that is not an `int` (int
//! subclasses such as `bool` count, as under the course's `isinstance`
//! check) comes back as its `repr`, so the error can name it exactly.
//!
//! The sandbox, set up in the child between fork and exec ([`confine`]):
//!
//! * its own process group; on timeout, and when python3 exits, the whole
//!   group is killed, so a child it forked cannot keep hog waiting; the pipe
//!   reads are bounded by the same deadline;
//! * a scrubbed environment: only `PATH`, `LANG`, and `HOME` and `TMPDIR`
//!   pointing at the throwaway folder; stdin closed;
//! * resource limits: CPU seconds (twice the time limit + 2), address space
//!   ([`MEMORY`]), file size ([`FILE_SIZE`]), no core dumps, and no new
//!   processes (`RLIMIT_NPROC` 0; the kernel exempts root from it);
//! * no network where the kernel allows it: a new (empty) network namespace,
//!   inside a new user namespace for an unprivileged user; where neither is
//!   allowed (some containers), the network stays reachable;
//! * only the last [`STDERR_TAIL`] bytes of its stderr are kept, and at most
//!   [`MAX_ANSWERS`] bytes of its answers.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use hog_solver::strategy::Policy;
use hog_solver::{Error, Rules};
use rustix::process::{Resource, Rlimit};
use rustix::thread::UnshareFlags;
use wait_timeout::ChildExt;

use crate::progress::StepBar;

/// The address space a strategy may use.
const MEMORY: u64 = 2 << 30;
/// The largest file a strategy may write.
const FILE_SIZE: u64 = 64 << 20;
/// How much of the module's stderr is kept: the end of it.
const STDERR_TAIL: usize = 64 << 10;
/// The most answer text read: enough for goals up to about 5000 (25
/// million answers of a few bytes); a Python strategy at larger goals is
/// refused with this limit named (the README says so).
const MAX_ANSWERS: usize = 256 << 20;
/// The most bytes of the module's folder copied into the sandbox.
const MAX_FOLDER: u64 = 64 << 20;
/// How long the pipes may stay open after the process group was killed (a
/// process that left the group may hold them).
const GRACE: Duration = Duration::from_secs(1);

const DRIVER: &str = r#"
import importlib.machinery, importlib.util, json, os, sys, time, traceback

path, name, goal, limit = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
# The answers go to a private copy of stdout; the module's output to stderr.
out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
sys.stdout = sys.stderr
sys.path.insert(0, os.path.dirname(path))
module_name = os.path.splitext(os.path.basename(path))[0]

def fail(message):
    sys.stderr.write("\nHOG: " + message + "\n")
    sys.stderr.flush()
    os._exit(3)

try:
    # The loader named, so that a module named HOG.PY loads too.
    loader = importlib.machinery.SourceFileLoader(module_name, path)
    spec = importlib.util.spec_from_file_location(module_name, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
except BaseException:
    fail("import failed:\n%s" % traceback.format_exc(limit=-3))
function = getattr(module, name, None)
if not callable(function):
    fail("no function named %s" % name)

def ask(score, opponent_score):
    """The answer as a small int, or as text: a large int's digits, else its repr."""
    try:
        answer = function(score, opponent_score)
        if isinstance(answer, int):
            # int's own conversion: a subclass cannot disguise its value.
            value = int.__index__(answer)
            return value if -128 <= value < 128 else int.__repr__(value)
        return repr(answer)[:200]
    except BaseException:
        fail("%s(%d, %d) raised:\n%s" % (name, score, opponent_score, traceback.format_exc(limit=-3)))

def timed(round):
    """Each round of questions must end within the limit, as in the course."""
    start = time.monotonic()
    result = round()
    took = time.monotonic() - start
    if took > limit:
        fail("%s took %.1f s to answer every state, more than the %d s limit; "
             "raise it with --python-timeout" % (name, took, limit))
    return result

def row_done():
    """A dot on the answers' pipe for every score row asked, before the
    answers themselves: hog counts them for its progress bar."""
    out.write(".")
    out.flush()

def first():
    rows = []
    for s in range(goal):
        rows.append([ask(s, o) for o in range(goal)])
        row_done()
    return rows

rows = timed(first)

def again():
    for s in range(goal):
        for o in range(goal):
            answer = ask(s, o)
            if answer != rows[s][o]:
                fail("%s is not deterministic: %s(%d, %d) answered %s, then %s"
                     % (name, name, s, o, rows[s][o], answer))
        row_done()

timed(again)
json.dump(rows, out)
out.flush()
os._exit(0)
"#;

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
    let sandbox = tempfile::Builder::new()
        .prefix("hog-python-")
        .tempdir()
        .context("cannot make a folder for python3")?;
    let module = copy_module_folder(path, sandbox.path())
        .with_context(|| format!("{}: cannot copy its folder", path.display()))?;
    let name = format!("{}:{function}", path.display());
    // Two rounds of questions, one step per score row.
    let bar = StepBar::new(&format!("asking {name}"), 2 * u64::from(goal), "score rows");
    let output = run_driver(
        &module,
        function,
        goal,
        time_limit,
        sandbox.path(),
        bar.stepper(),
    )
    .map_err(|e| {
        // Tracebacks name the module's copy: name the original instead, so
        // that the same failure reads the same in every run.
        let copy = format!("{}/", sandbox.path().display());
        let original = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(folder) => format!("{}/", folder.display()),
            None => String::new(),
        };
        anyhow!("{}", format!("{e:#}").replace(&copy, &original))
    })
    .with_context(|| format!("{}", path.display()))?;
    drop(bar);
    answers_to_policy(&output, &name, rules, goal).with_context(|| format!("{}", path.display()))
}

/// Copies the regular files at the top of the module's folder (links
/// followed, subfolders left out) into `to`; returns the module's new path.
fn copy_module_folder(path: &Path, to: &Path) -> Result<std::path::PathBuf> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut total = 0;
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let Ok(meta) = std::fs::metadata(entry.path()) else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        total += meta.len();
        if total > MAX_FOLDER {
            bail!(
                "its folder holds more than {} MiB of files: put the module in a folder of its own",
                MAX_FOLDER >> 20
            );
        }
        std::fs::copy(entry.path(), to.join(entry.file_name()))?;
    }
    Ok(to.join(path.file_name().context("a module file name")?))
}

/// The driver's answers (JSON text) for `module`, run in the sandbox;
/// `step` is called for every score row asked.
fn run_driver(
    module: &Path,
    function: &str,
    goal: u32,
    time_limit: Duration,
    sandbox: &Path,
    step: impl Fn() + Send + 'static,
) -> Result<String> {
    // Two rounds of questions, each within the limit (the driver checks),
    // and a second for starting python3 and importing the module.
    let deadline = Instant::now() + 2 * time_limit + Duration::from_secs(1);
    let cpu_seconds = 2 * time_limit.as_secs() + 2;
    let mut command = Command::new("python3");
    // -B: importing the module must not write __pycache__.
    command
        .args(["-I", "-B", "-c", DRIVER])
        .arg(module)
        .arg(function)
        .arg(goal.to_string())
        .arg(time_limit.as_secs().to_string())
        .current_dir(sandbox)
        .env_clear()
        .env(
            "PATH",
            std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into()),
        )
        .env("LANG", "C.UTF-8")
        .env("HOME", sandbox)
        .env("TMPDIR", sandbox)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: `confine` runs in the forked child before exec; it makes only
    // system calls (no allocation, no locks), as `pre_exec` requires.
    unsafe {
        command.pre_exec(move || confine(cpu_seconds));
    }
    let mut child = command
        .spawn()
        .context("cannot run python3 (is it installed and on PATH?)")?;
    let group = rustix::process::Pid::from_child(&child);
    let stdout = child.stdout.take().expect("piped stdout");
    let stderr = child.stderr.take().expect("piped stderr");
    let (answers_sent, answers) = mpsc::channel();
    let (errors_sent, errors) = mpsc::channel();
    std::thread::spawn(move || answers_sent.send(read_answers(stdout, step)));
    std::thread::spawn(move || errors_sent.send(read_tail(stderr, STDERR_TAIL)));
    let status = child.wait_timeout(deadline.saturating_duration_since(Instant::now()))?;
    // Whatever is left in the group (a forked child, say) goes too.
    rustix::process::kill_process_group(group, rustix::process::Signal::KILL).ok();
    let Some(status) = status else {
        child.wait().ok();
        bail!(
            "{function} did not answer every state within {} s (an endless loop?); \
             raise the limit with --python-timeout",
            time_limit.as_secs()
        );
    };
    let wait_until = deadline.max(Instant::now()) + GRACE;
    let errors: String = received(&errors, wait_until)??;
    if !status.success() {
        if let Some((_, message)) = errors.split_once("\nHOG: ") {
            bail!("{}", message.trim());
        }
        bail!("{}", failure(status, &errors));
    }
    let (answers, complete): (String, bool) = received(&answers, wait_until)??;
    if !complete {
        bail!(
            "python3 wrote more than {} MiB of answers, the most hog reads \
             (enough for goals up to about 5000)",
            MAX_ANSWERS >> 20
        );
    }
    Ok(answers)
}

/// What a pipe reader sent, if it finished by `until`.
fn received<T>(channel: &mpsc::Receiver<T>, until: Instant) -> Result<T> {
    channel
        .recv_timeout(until.saturating_duration_since(Instant::now()))
        .map_err(|_| anyhow!("a process it started kept its output open; it was stopped"))
}

/// Why python3 stopped, and the end of what it wrote to stderr.
fn failure(status: ExitStatus, errors: &str) -> String {
    let how = match (status.code(), status.signal()) {
        (Some(code), _) => format!("python3 exited with status {code}"),
        (None, Some(signal)) => {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV: a crash)",
                24 => " (SIGXCPU: more CPU time than the time limit)",
                _ => "",
            };
            format!("python3 was killed by signal {signal}{name}")
        }
        (None, None) => "python3 stopped".to_string(),
    };
    let tail = errors.trim();
    if tail.is_empty() {
        format!("{how}, with no error output")
    } else {
        format!("{how}; the end of its error output:\n{tail}")
    }
}

/// In the child, before exec: limits, and no network where the kernel allows it.
fn confine(cpu_seconds: u64) -> std::io::Result<()> {
    limit(Resource::Cpu, cpu_seconds, cpu_seconds + 1)?;
    limit(Resource::As, MEMORY, MEMORY)?;
    limit(Resource::Fsize, FILE_SIZE, FILE_SIZE)?;
    limit(Resource::Core, 0, 0)?;
    limit(Resource::Nproc, 0, 0)?;
    // A new network namespace has only a loopback device, down. An
    // unprivileged user may create one inside a new user namespace; root
    // may create one directly; a container may forbid both.
    // SAFETY: the child has one thread, so no other thread shares its tables.
    let unshare = |flags| unsafe { rustix::thread::unshare_unsafe(flags) };
    if unshare(UnshareFlags::NEWUSER | UnshareFlags::NEWNET).is_err() {
        unshare(UnshareFlags::NEWNET).ok();
    }
    Ok(())
}

/// Lowers a resource limit (never raises it above the current hard limit).
fn limit(resource: Resource, soft: u64, hard: u64) -> std::io::Result<()> {
    let old = rustix::process::getrlimit(resource);
    let cap = |v: u64| Some(old.maximum.map_or(v, |m| m.min(v)));
    rustix::process::setrlimit(
        resource,
        Rlimit {
            current: cap(soft),
            maximum: cap(hard),
        },
    )?;
    Ok(())
}

/// The driver's stdout: a dot for every score row asked, each counted by
/// `step`, then the answers, whose first [`MAX_ANSWERS`] bytes are returned
/// as text with whether that was all of them.
fn read_answers(pipe: impl Read, step: impl Fn()) -> std::io::Result<(String, bool)> {
    let mut pipe = BufReader::new(pipe);
    loop {
        let buffer = match pipe.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let dots = buffer.iter().take_while(|&&b| b == b'.').count();
        let answers_begin = dots < buffer.len() || buffer.is_empty();
        pipe.consume(dots);
        (0..dots).for_each(|_| step());
        if answers_begin {
            return read_head(pipe, MAX_ANSWERS);
        }
    }
}

/// The first `max` bytes of a pipe as text, and whether that was all of it;
/// the rest is read and dropped, so the writer never blocks.
fn read_head(mut pipe: impl Read, max: usize) -> std::io::Result<(String, bool)> {
    let mut head = Vec::new();
    (&mut pipe).take(max as u64).read_to_end(&mut head)?;
    let rest = std::io::copy(&mut pipe, &mut std::io::sink())?;
    Ok((String::from_utf8_lossy(&head).into_owned(), rest == 0))
}

/// The last `max` bytes of a pipe as text.
fn read_tail(mut pipe: impl Read, max: usize) -> std::io::Result<String> {
    let mut tail = VecDeque::with_capacity(max);
    let mut buffer = [0u8; 8192];
    loop {
        let n = match pipe.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        tail.extend(&buffer[..n]);
        let excess = tail.len().saturating_sub(max);
        tail.drain(..excess);
    }
    Ok(String::from_utf8_lossy(tail.make_contiguous()).into_owned())
}

/// The driver's JSON rows as a policy; answers that came back as text are
/// reported as they are, before any range check.
fn answers_to_policy(output: &str, name: &str, rules: &Rules, goal: u32) -> Result<Policy> {
    let rows: Vec<Vec<serde_json::Value>> =
        serde_json::from_str(output).context("unreadable answers from python3")?;
    let g = goal as usize;
    if rows.len() != g || rows.iter().any(|row| row.len() != g) {
        bail!("python3 did not answer every state");
    }
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
                    strategy: name.to_string(),
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
    Ok(Policy::from_strategy(&answer, rules, goal, name)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// What read_answers returns for `bytes`, and how many steps it counted.
    fn read(bytes: &[u8]) -> (String, bool, usize) {
        let steps = Cell::new(0);
        let (text, complete) = read_answers(bytes, || steps.set(steps.get() + 1)).unwrap();
        (text, complete, steps.get())
    }

    #[test]
    fn answers_follow_one_dot_per_row() {
        assert_eq!(
            read(b"....[[4, 4], [4, 4]]"),
            ("[[4, 4], [4, 4]]".into(), true, 4)
        );
        // A driver that failed before its answers: dots, or nothing at all.
        assert_eq!(read(b"..."), (String::new(), true, 3));
        assert_eq!(read(b""), (String::new(), true, 0));
        // Dots inside the answers are theirs (a repr can hold one).
        assert_eq!(read(b".[\"'.'\"]"), ("[\"'.'\"]".into(), true, 1));
    }
}
