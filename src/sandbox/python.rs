//! A student's Python strategy, asked for every state, in a sandbox.
//!
//! `python3 -I` ([`crate::sandbox::python3`]) runs a small driver (below)
//! in a subprocess confined by [`crate::sandbox`]. The module's folder (its
//! top-level regular files, read once through the sandbox's door:
//! [`Module`]) is first written into a throwaway folder, which is the
//! working folder and the only entry the driver adds to the module path (so
//! `from dice import ...` works and nothing is written beside the
//! original). The driver asks the function for every (score,
//! opponent_score) below the goal, twice (the course requires a
//! deterministic, pure function of the two scores). On a private copy of
//! stdout it writes `!` once the module is imported, a dot for every score
//! row asked (which feeds a progress bar on a terminal, [`StepBar`]), and
//! each round's answers as a line of JSON; whatever the module prints, even
//! from C, goes to stderr. An answer that is not an `int` (int subclasses
//! such as `bool` count, as under the course's `isinstance` check) comes
//! back as its `repr`, so the error can name it exactly.
//!
//! The module runs in the driver's interpreter, so nothing the driver does
//! is trusted: hog measures the time limit itself (the import, and each
//! round, from the moment the one before it ended), compares the two rounds
//! itself, and checks every answer the pipe carries. When time is up, hog
//! asks the driver (SIGUSR1) which state it was asking, and names it. Only
//! the last
//! [`STDERR_TAIL`] bytes of its stderr are kept, and at most
//! [`MAX_ANSWERS`] bytes of each round's answers.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use hog_solver::stop::Stop;
use hog_solver::strategy::Policy;
use hog_solver::{Error, Rules};
use rustix::process::Signal;
use wait_timeout::ChildExt;

use crate::files::temporary_folder;
use crate::progress::StepBar;
use crate::sandbox::{read_entering, Files, Sandboxed};

/// How much of the module's stderr is kept: the end of it.
const STDERR_TAIL: usize = 64 << 10;
/// The most answer text read in a round: enough for goals up to about 5000
/// (25 million answers of a few bytes); a Python strategy at larger goals
/// is refused with this limit named (docs/guide.md says so).
const MAX_ANSWERS: usize = 256 << 20;
/// The most bytes of the module's folder copied into the sandbox.
const MAX_FOLDER: u64 = 64 << 20;
/// The largest Python module hog reads: a strategy's, and the `hog.py` and
/// `dice.py` that semester detection reads and asks.
pub const MAX_MODULE: u64 = 1 << 20;
/// The time python3 has to start, beyond the time limit for the import.
const STARTUP: Duration = Duration::from_secs(1);
/// How long the driver has to say which state it is asking when its time is
/// up, and the pipes may stay open after the process group was killed (a
/// process that left the group may hold them).
const GRACE: Duration = Duration::from_secs(1);
/// How often a wait for python3 checks whether the work was stopped.
const STOP_POLL: Duration = Duration::from_millis(20);

const DRIVER: &str = r#"
import difflib, importlib.machinery, importlib.util, json, os, signal, sys, time, traceback

path, name, goal = sys.argv[1], sys.argv[2], int(sys.argv[3])
# The answers go to a private copy of stdout; the module's output to stderr.
out = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)
sys.stdout = sys.stderr
sys.path.insert(0, os.path.dirname(path))
module_name = os.path.splitext(os.path.basename(path))[0]
asking = None

def fail(message):
    os.write(2, ("\nHOG: " + message + "\n").encode("utf-8", "replace"))
    os._exit(3)

def report_state(signum, frame):
    """hog's question when the time limit has passed: which state is asked?"""
    if asking is not None:
        os.write(2, ("\nHOG-ASKING: %d %d\n" % asking).encode())
    os._exit(4)

signal.signal(signal.SIGUSR1, report_state)

def student_traceback():
    """The exception being handled, with the last three frames of the
    student's files: none of Python's import machinery (<frozen ...>) or of
    this driver (<string>)."""
    kind, error, frames = sys.exc_info()
    frames = [f for f in traceback.extract_tb(frames) if not f.filename.startswith("<")]
    lines = ["Traceback (most recent call last):\n"] if frames else []
    lines += traceback.format_list(frames[-3:])
    return "".join(lines + traceback.format_exception_only(kind, error))

try:
    # The loader named, so that a module named HOG.PY loads too.
    loader = importlib.machinery.SourceFileLoader(module_name, path)
    spec = importlib.util.spec_from_file_location(module_name, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
except BaseException:
    fail("import failed:\n%s" % student_traceback())
function = getattr(module, name, None)
if not callable(function):
    functions = [n for n in vars(module) if callable(getattr(module, n))]
    near = difflib.get_close_matches(name, functions, n=1)
    fail("no function named %s%s" % (name, " (did you mean '%s'?)" % near[0] if near else ""))
out.write("!")
out.flush()

def ask(score, opponent_score):
    """The answer as a small int, or as text: a large int's digits, else its repr."""
    global asking
    asking = (score, opponent_score)
    try:
        answer = function(score, opponent_score)
        if isinstance(answer, int):
            # int's own conversion: a subclass cannot disguise its value.
            value = int.__index__(answer)
            return value if -128 <= value < 128 else int.__repr__(value)
        return repr(answer)[:200]
    except BaseException:
        fail("%s(%d, %d) raised:\n%s" % (name, score, opponent_score, student_traceback()))

# Two rounds (hog compares them): for each, a dot per score row asked, for
# hog's progress bar, then the answers as one line of JSON.
for round in range(2):
    rows = []
    for s in range(goal):
        rows.append([ask(s, o) for o in range(goal)])
        out.write(".")
        out.flush()
    asking = None
    json.dump(rows, out)
    out.write("\n")
    out.flush()
os._exit(0)
"#;

/// The strategy `function` of the Python module `module` as a policy.
/// When `stop` is requested, python3's process group is ended and the call
/// unwinds ([`hog_solver::stop`]).
pub fn python_policy(
    module: &Module,
    function: &str,
    rules: &Rules,
    goal: u32,
    time_limit: Duration,
    stop: &Stop,
) -> Result<Policy> {
    let path = module.path.as_path();
    let sandbox = temporary_folder("hog-python-").context("cannot make a folder for python3")?;
    module
        .files
        .write_into(sandbox.path())
        .with_context(|| format!("{}: cannot copy its folder", path.display()))?;
    let copy = sandbox
        .path()
        .join(path.file_name().context("a module file name")?);
    let name = format!("{}:{function}", path.display());
    // Two rounds of questions, one step per score row.
    let bar = StepBar::new(&format!("asking {name}"), 2 * u64::from(goal), "score rows");
    let rounds = run_driver(
        &copy,
        function,
        goal,
        time_limit,
        sandbox.path(),
        bar.stepper(),
        stop,
    )
    .map_err(|e| {
        // Tracebacks name the module's copy: name the original instead, so
        // that the same failure reads the same in every run.
        let copy = format!("{}/", sandbox.path().display());
        let original = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(folder) => format!("{}/", folder.display()),
            None => String::new(),
        };
        let e = anyhow!("{}", format!("{e:#}").replace(&copy, &original));
        if module.left_out.is_empty() {
            e
        } else {
            e.context(format!(
                "left out of its sandbox: {}",
                module.left_out.join(", ")
            ))
        }
    })
    .with_context(|| format!("{}", path.display()))?;
    drop(bar);
    // Its errors name the strategy, file and function: no file before them.
    answers_to_policy(&rounds, &name, function, rules, goal)
}

/// A Python module and the files its sandbox holds beside it, read once
/// through the sandbox's door ([`read_entering`]): what python3 runs is
/// these bytes, whatever happens to the files afterwards.
#[derive(Clone)]
pub struct Module {
    /// The module's file, as the user named it.
    pub path: PathBuf,
    /// The module and the other files at the top of its folder that may
    /// enter: regular files, no links, the module first (at most
    /// [`MAX_MODULE`]), then the smallest, as many as fit in [`MAX_FOLDER`].
    pub files: Files,
    /// Each file of the folder left out, with why ("notes.txt (is a
    /// symbolic link ...)"); subfolders are not named.
    pub left_out: Vec<String>,
}

impl Module {
    /// The module's own bytes, as read.
    pub fn bytes(&self) -> &[u8] {
        // The module is the first of its files.
        self.files.iter().next().map_or(&[], |(_, bytes)| bytes)
    }

    /// Reads the module `path` and the files beside it; an error when the
    /// module itself may not enter the sandbox.
    pub fn read(path: &Path) -> Result<Module> {
        let shown = path.display();
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let module = path.file_name().context("a module file name")?;
        // The module first, then the smallest; subfolders are not copied.
        let mut found = vec![(false, 0, module.to_os_string())];
        let list = std::fs::read_dir(folder)
            .with_context(|| format!("{shown}: cannot read its folder"))?;
        for entry in list {
            let entry = entry.with_context(|| format!("{shown}: cannot read its folder"))?;
            let name = entry.file_name();
            let size = match entry.metadata() {
                Ok(meta) if meta.is_dir() => continue,
                Ok(meta) => meta.len(),
                Err(_) => 0,
            };
            if name != module {
                found.push((true, size, name));
            }
        }
        found.sort();
        let mut files = Files::default();
        let mut left_out = vec![];
        let mut total = 0;
        for (other, size, name) in found {
            let shown_name = name.to_string_lossy().into_owned();
            if other && total + size > MAX_FOLDER {
                left_out.push(format!(
                    "{shown_name} (over the {} MiB copied)",
                    MAX_FOLDER >> 20
                ));
                continue;
            }
            let cap = if other {
                MAX_FOLDER - total
            } else {
                MAX_MODULE
            };
            match read_entering(&folder.join(&name), cap) {
                Ok(bytes) => {
                    total += bytes.len() as u64;
                    files.push(name, bytes);
                }
                Err(why) if other => left_out.push(format!("{shown_name} ({why})")),
                Err(why) => match std::fs::read_link(path) {
                    Ok(target) => bail!(
                        "{shown} {why}: name the file it points at ({})",
                        target.display()
                    ),
                    Err(_) => bail!("{shown} {why}"),
                },
            }
        }
        Ok(Module {
            path: path.to_path_buf(),
            files,
            left_out,
        })
    }
}

/// What the driver's answers pipe carries.
enum Event {
    /// The module is imported.
    Imported,
    /// A round's answers (one line of JSON, at most [`MAX_ANSWERS`] bytes;
    /// the flag: whether that was all of the line).
    Round(String, bool),
    /// The pipe is closed, or could not be read.
    End,
}

/// What python3 was doing when its time ran out.
#[derive(Clone, Copy)]
enum Phase {
    Importing,
    Round(usize),
}

/// The driver's two rounds of answers (JSON text) for `module`, run in the
/// sandbox; `step` is called for every score row asked. hog measures the
/// time limit itself: importing the module, and each round, must end
/// within it. Every wait checks `stop` at least every [`STOP_POLL`]; a
/// requested stop unwinds, which ends the process group
/// ([`Sandboxed`]'s drop).
fn run_driver(
    module: &Path,
    function: &str,
    goal: u32,
    time_limit: Duration,
    sandbox: &Path,
    step: impl Fn() + Send + 'static,
    stop: &Stop,
) -> Result<[String; 2]> {
    let mut command = crate::sandbox::python3(sandbox);
    command
        .args(["-c", DRIVER])
        .arg(module)
        .arg(function)
        .arg(goal.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // The import and two rounds, and a second for starting python3.
    let cpu_seconds = 3 * time_limit.as_secs() + STARTUP.as_secs();
    let mut python = Sandboxed::spawn(&mut command, sandbox, cpu_seconds)
        .context("cannot run python3 (is it installed and on PATH?)")?;
    let stdout = python.child.stdout.take().expect("piped stdout");
    let stderr = python.child.stderr.take().expect("piped stderr");
    let (events_sent, events) = mpsc::channel();
    let (errors_sent, errors) = mpsc::channel();
    std::thread::spawn(move || read_events(stdout, step, &events_sent));
    std::thread::spawn(move || errors_sent.send(read_tail(stderr, STDERR_TAIL)));
    let mut phase = Phase::Importing;
    let mut deadline = Instant::now() + STARTUP + time_limit;
    let mut rounds = vec![];
    // Waits up to `until` in slices, checking the stop between them.
    let within = |until: Instant| {
        stop.check();
        until
            .saturating_duration_since(Instant::now())
            .min(STOP_POLL)
    };
    let ended = loop {
        match events.recv_timeout(within(deadline)) {
            Ok(Event::Imported) => {
                if let Phase::Importing = phase {
                    phase = Phase::Round(1);
                    deadline = Instant::now() + time_limit;
                }
            }
            Ok(Event::Round(_, false)) => {
                python.end();
                bail!(
                    "python3 wrote more than {} MiB of answers, the most hog reads \
                     (enough for goals up to about 5000)",
                    MAX_ANSWERS >> 20
                );
            }
            Ok(Event::Round(answers, true)) => {
                rounds.push(answers);
                if rounds.len() == 2 {
                    break true;
                }
                phase = Phase::Round(2);
                deadline = Instant::now() + time_limit;
            }
            Ok(Event::End) | Err(RecvTimeoutError::Disconnected) => break false,
            Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => {}
            Err(RecvTimeoutError::Timeout) => break false,
        }
    };
    if ended {
        python.end();
        return Ok(rounds.try_into().expect("two rounds"));
    }
    // The answers' pipe closed early (python3 is ending), or the time is up.
    let status = loop {
        match python.child.wait_timeout(within(deadline))? {
            None if Instant::now() < deadline => {}
            status => break status,
        }
    };
    let Some(status) = status else {
        // Which state is asked? The driver says on SIGUSR1, if it can.
        python.signal(Signal::USR1);
        python.child.wait_timeout(GRACE).ok();
        python.end();
        let errors = received(&errors, Instant::now() + GRACE)
            .ok()
            .and_then(Result::ok);
        let asked = errors.as_deref().and_then(|e| asked_state(e, goal));
        let doing = match (phase, asked) {
            (Phase::Importing, _) => "it was importing the module".to_string(),
            (Phase::Round(round), Some((s, o))) => {
                format!("round {round} of 2 was asking {function}({s}, {o}); an endless loop?")
            }
            (Phase::Round(round), None) => format!("in round {round} of 2"),
        };
        bail!(
            "{function} did not answer every state within {} s, the time limit \
             (measured by hog for the import and each of two rounds; {doing}); \
             raise it with --python-timeout",
            time_limit.as_secs()
        );
    };
    python.end();
    let errors: String = received(&errors, Instant::now() + GRACE)
        .map_err(|e| e.context(kept_open(python.pid_namespace)))??;
    if let Some((_, message)) = errors.rsplit_once("\nHOG: ") {
        bail!("{}", message.trim());
    }
    bail!("{}", failure(status, &errors));
}

/// The state the driver said it was asking, on hog's SIGUSR1 (the last
/// such line of its error output, if it names a state below the goal).
fn asked_state(errors: &str, goal: u32) -> Option<(u32, u32)> {
    let (_, line) = errors.rsplit_once("\nHOG-ASKING: ")?;
    let (s, o) = line.lines().next()?.split_once(' ')?;
    let (s, o) = (s.parse().ok()?, o.parse().ok()?);
    (s < goal && o < goal).then_some((s, o))
}

/// What is known of a process that kept python3's output open.
fn kept_open(pid_namespace: bool) -> &'static str {
    if pid_namespace {
        "a process python3 started kept its output open; hog ended its PID namespace"
    } else {
        "a process python3 started kept its output open; hog killed python3's process group, \
         but without a PID namespace (the system allows none here) a process that left the \
         group may still run"
    }
}

/// What a pipe reader sent, if it finished by `until`.
fn received<T>(channel: &mpsc::Receiver<T>, until: Instant) -> Result<T> {
    channel
        .recv_timeout(until.saturating_duration_since(Instant::now()))
        .map_err(|_| anyhow!("python3's output did not end"))
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

/// Reads the driver's stdout: `!` when the module is imported, a dot for
/// every score row asked (each counted by `step`), and each round's answers
/// as a line; sends what it reads, and [`Event::End`] when the pipe ends.
fn read_events(pipe: impl Read, step: impl Fn(), events: &mpsc::Sender<Event>) {
    let mut pipe = BufReader::new(pipe);
    loop {
        let buffer = match pipe.fill_buf() {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Ok([]) | Err(_) => break,
            Ok(buffer) => buffer,
        };
        let event = match buffer[0] {
            b'!' => {
                pipe.consume(1);
                Event::Imported
            }
            b'.' => {
                let dots = buffer.iter().take_while(|&&b| b == b'.').count();
                pipe.consume(dots);
                (0..dots).for_each(|_| step());
                continue;
            }
            _ => match read_line(&mut pipe, MAX_ANSWERS) {
                Ok((line, complete)) => Event::Round(line, complete),
                Err(_) => break,
            },
        };
        if events.send(event).is_err() {
            return;
        }
    }
    let _ = events.send(Event::End);
}

/// A line of at most `max` bytes as text (without its newline), and
/// whether that was all of it.
fn read_line(pipe: &mut impl BufRead, max: usize) -> std::io::Result<(String, bool)> {
    let mut line = Vec::new();
    pipe.take(max as u64 + 1).read_until(b'\n', &mut line)?;
    let complete = line.last() == Some(&b'\n');
    line.pop_if(|b| *b == b'\n');
    Ok((String::from_utf8_lossy(&line).into_owned(), complete))
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

/// One answer as python3's pipe carried it.
enum Answer {
    /// A whole number of the size the driver sends as a number.
    Int(i64),
    /// The text the driver sends for what is no small int: a large int's
    /// digits, or a repr.
    Text(String),
    /// Anything else: the pipe carried what the driver never writes (the
    /// module wrote it), shown as JSON.
    Foreign(String),
}

impl<'de> serde::Deserialize<'de> for Answer {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Answer, D::Error> {
        // The JSON text as written, so an error shows it exactly.
        let raw = <&serde_json::value::RawValue>::deserialize(deserializer)?.get();
        Ok(if let Ok(n) = raw.parse() {
            Answer::Int(n)
        } else if raw.starts_with('"') {
            Answer::Text(serde_json::from_str(raw).map_err(serde::de::Error::custom)?)
        } else {
            Answer::Foreign(raw.chars().take(200).collect())
        })
    }
}

impl Answer {
    /// The answer as the error names it.
    fn shown(&self) -> String {
        match self {
            Answer::Int(n) => n.to_string(),
            Answer::Text(text) | Answer::Foreign(text) => text.clone(),
        }
    }
}

impl PartialEq for Answer {
    fn eq(&self, other: &Answer) -> bool {
        self.shown() == other.shown()
    }
}

/// The driver's two rounds of answers as a policy. The pipe is untrusted
/// (the module runs in the driver's interpreter and can write to it): every
/// answer is checked, and the first that is no int, or that differs between
/// the rounds, is reported with its state.
fn answers_to_policy(
    rounds: &[String; 2],
    name: &str,
    function: &str,
    rules: &Rules,
    goal: u32,
) -> Result<Policy> {
    let g = goal as usize;
    let parse = |answers: &str| -> Result<Vec<Vec<Answer>>> {
        let rows: Vec<Vec<Answer>> = serde_json::from_str(answers)
            .with_context(|| format!("{name}: unreadable answers from python3"))?;
        if rows.len() != g || rows.iter().any(|row| row.len() != g) {
            bail!("{name}: python3 did not answer every state");
        }
        Ok(rows)
    };
    let rows = parse(&rounds[0])?;
    if rounds[1] != rounds[0] {
        let again = parse(&rounds[1])?;
        let states = (0..g).flat_map(|s| (0..g).map(move |o| (s, o)));
        for (s, o) in states {
            let (first, second) = (&rows[s][o], &again[s][o]);
            if first != second {
                bail!(
                    "{name} is not deterministic: {function}({s}, {o}) answered {}, then {}",
                    first.shown(),
                    second.shown()
                );
            }
        }
    }
    let bad = |score: usize, opponent_score: usize, value: String, reason: &str| {
        anyhow!(Error::BadAnswer {
            strategy: name.to_string(),
            score: score as u32,
            opponent_score: opponent_score as u32,
            value,
            reason: reason.into(),
        })
    };
    for (score, row) in rows.iter().enumerate() {
        for (opponent_score, answer) in row.iter().enumerate() {
            match answer {
                Answer::Int(_) => {}
                Answer::Text(repr) => {
                    let digits = repr.strip_prefix('-').unwrap_or(repr);
                    let reason = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
                    {
                        "not a num_rolls the rules allow"
                    } else if repr.parse::<f64>().is_ok() {
                        // A float's repr (4.0, 3.7, inf, nan), often from a `/`.
                        "num_rolls must be an int (a float is not: return int(...), or divide \
                         with //)"
                    } else {
                        "num_rolls must be an int"
                    };
                    return Err(bad(score, opponent_score, repr.clone(), reason));
                }
                Answer::Foreign(json) => {
                    return Err(bad(
                        score,
                        opponent_score,
                        json.clone(),
                        "not an answer hog's driver sends (the module wrote on its pipe?)",
                    ))
                }
            }
        }
    }
    let answer = |score: u32, opponent_score: u32| -> i64 {
        match rows[score as usize][opponent_score as usize] {
            Answer::Int(n) => n,
            // Every answer was checked above.
            _ => i64::MIN,
        }
    };
    Ok(Policy::from_strategy(&answer, rules, goal, name)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// What read_events sends for `bytes`, and how many steps it counted.
    fn read(bytes: &[u8]) -> (Vec<String>, usize) {
        let steps = Cell::new(0);
        let (sent, events) = mpsc::channel();
        read_events(bytes, || steps.set(steps.get() + 1), &sent);
        let shown = events
            .try_iter()
            .map(|event| match event {
                Event::Imported => "!".to_string(),
                Event::Round(line, complete) => format!("{line} {complete}"),
                Event::End => "end".to_string(),
            })
            .collect();
        (shown, steps.get())
    }

    #[test]
    fn rounds_follow_one_dot_per_row() {
        assert_eq!(
            read(b"!..[[4, 4], [4, 4]]\n..[[4, 4], [4, 4]]\n"),
            (
                vec![
                    "!".into(),
                    "[[4, 4], [4, 4]] true".into(),
                    "[[4, 4], [4, 4]] true".into(),
                    "end".into()
                ],
                4
            )
        );
        // A driver that failed before its answers: dots, or nothing at all.
        assert_eq!(read(b"!..."), (vec!["!".into(), "end".into()], 3));
        assert_eq!(read(b""), (vec!["end".into()], 0));
        // Dots inside the answers are theirs (a repr can hold one); a line
        // cut short is not complete.
        assert_eq!(
            read(b".[\"'.'\"]"),
            (vec!["[\"'.'\"] false".into(), "end".into()], 1)
        );
    }
}
