//! Helpers that several test modules share: running the built `hog` (in a
//! folder, with or without a time limit, expecting success or exit status
//! 2), writing the files a test needs (strategy modules, project folders of
//! a semester), and watching the processes it leaves.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

/// The built `hog` binary.
pub fn hog() -> Command {
    Command::cargo_bin("hog").unwrap()
}

/// The checkout's root folder (README.md, docs/, samples/, tables/).
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `command` with `--json`, which must succeed, and parses its output.
pub fn run_json(command: &mut Command) -> Value {
    let output = command.arg("--json").output().unwrap();
    assert!(
        output.status.success(),
        "hog failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Runs `command`, which must succeed; returns its stdout.
fn succeeds(command: &mut Command) -> Vec<u8> {
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Runs hog in `dir`, which must succeed; returns its stdout.
pub fn stdout_in(dir: &Path, args: &[&str]) -> Vec<u8> {
    succeeds(hog().current_dir(dir).args(args))
}

/// Runs hog in `dir`, which must succeed within a minute; returns its stdout.
pub fn ok_in(dir: &Path, args: &[&str]) -> Vec<u8> {
    succeeds(
        hog()
            .current_dir(dir)
            .args(args)
            .timeout(Duration::from_secs(60)),
    )
}

/// Runs hog in `dir`, which must succeed; returns its stdout as text.
pub fn text_in(dir: &Path, args: &[&str]) -> String {
    String::from_utf8(stdout_in(dir, args)).unwrap()
}

/// Runs hog with --json in `dir` (a path or a temporary folder) and parses
/// its output; it must succeed.
pub fn json_in(dir: impl AsRef<Path>, args: &[&str]) -> Value {
    run_json(hog().current_dir(dir.as_ref()).args(args))
}

/// A number field of a JSON object.
pub fn number(value: &Value, key: &str) -> f64 {
    value[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

/// Runs `command`, which must exit with status 2; returns its stderr.
fn exits_2(command: &mut Command) -> String {
    let output = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{command:?}: {stderr}");
    stderr
}

/// Runs hog, which must fail with exit status 2; returns its stderr.
pub fn fails(args: &[&str]) -> String {
    exits_2(hog().args(args))
}

/// Runs hog in `dir`, which must fail with exit status 2 within 20 s;
/// returns its stderr.
pub fn fails_in(dir: &Path, args: &[&str]) -> String {
    exits_2(
        hog()
            .current_dir(dir)
            .args(args)
            .timeout(Duration::from_secs(20)),
    )
}

/// Runs hog, which must fail with status 2 and an error that contains
/// every one of `pieces` (on one line or several: a Python traceback
/// runs over many).
pub fn fails_saying(args: &[&str], pieces: &[&str]) {
    let stderr = fails(args);
    for piece in pieces {
        assert!(stderr.contains(piece), "hog {args:?}: {piece} in {stderr}");
    }
}

/// Runs `command`: its exit status (-1 for none), stdout and stderr.
pub fn outcome(command: &mut Command) -> (i32, String, String) {
    let output = command.output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `hog ARGS` in `dir`: its exit status, stdout and stderr.
pub fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    outcome(hog().current_dir(dir).args(args))
}

/// Runs hog in a fresh empty folder; returns (status, stdout, stderr).
pub fn in_empty(args: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), args)
}

/// hog in `dir` with hog's own folder (the secret key, the default cache)
/// in `dir/home`.
pub fn hog_in(dir: &Path) -> Command {
    in_dir(hog(), dir)
}

/// `hog` (or another command) set up as [`hog_in`] sets it up.
fn in_dir(mut command: Command, dir: &Path) -> Command {
    command
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("home"))
        .timeout(Duration::from_secs(120));
    command
}

/// `hog ARGS` in `dir` (see [`hog_in`]), which must succeed; its stdout.
pub fn run_ok(dir: &Path, args: &[&str]) -> String {
    ok(hog_in(dir), args)
}

/// [`run_ok`] behind the weaker wall ([`hog_without_landlock`]), where a
/// module can write outside its folder.
pub fn run_ok_without_landlock(dir: &Path, args: &[&str]) -> String {
    ok(in_dir(hog_without_landlock(), dir), args)
}

fn ok(mut hog: Command, args: &[&str]) -> String {
    let output = hog.args(args).output().unwrap();
    assert!(output.status.success(), "hog {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The error line of `hog ARGS` in `dir` (see [`hog_in`]), which must fail
/// with status 2 and one line.
pub fn one_error_line(dir: &Path, args: &[&str]) -> String {
    let output = hog_in(dir).args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "hog {args:?}: {output:?}");
    let e = String::from_utf8(output.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("error: "), "{e}");
    e
}

/// `hog contest ARGS` in `dir`: (exit status, stdout, stderr).
pub fn contest_run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    contest_run_with(hog(), dir, args)
}

/// [`contest_run`] behind the weaker wall ([`hog_without_landlock`]).
pub fn contest_run_without_landlock(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let args = [args, &["--weaker-sandbox"]].concat();
    contest_run_with(hog_without_landlock(), dir, &args)
}

fn contest_run_with(mut hog: Command, dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = hog
        .current_dir(dir)
        .arg("contest")
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// `hog contest ARGS --json` in `dir` (a success); the report.
pub fn contest(dir: &Path, args: &[&str]) -> Value {
    contest_with(hog(), dir, args)
}

/// [`contest`] behind the weaker wall ([`hog_without_landlock`]).
pub fn contest_without_landlock(dir: &Path, args: &[&str]) -> Value {
    let args = [args, &["--weaker-sandbox"]].concat();
    contest_with(hog_without_landlock(), dir, &args)
}

fn contest_with(mut hog: Command, dir: &Path, args: &[&str]) -> Value {
    let output = hog
        .current_dir(dir)
        .arg("contest")
        .args(args)
        .args(["--no-cache", "--json", "--python-timeout", "2"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// An entry of a contest report by name: (status, reason).
pub fn entry(report: &Value, name: &str) -> (String, String) {
    let entry = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {report}"));
    (
        entry["status"].as_str().unwrap().to_string(),
        entry["reason"].as_str().unwrap_or("").to_string(),
    )
}

/// Writes `text` to `dir/name`, making the folders on the way; its path.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Writes `files` (name, text) into `dir`.
pub fn write_all(dir: &Path, files: &[(&str, String)]) {
    for (name, text) in files {
        write(dir, name, text);
    }
}

/// A folder holding `files` (name, text).
pub fn folder(files: &[(&str, &str)]) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        write(dir.path(), name, text);
    }
    dir
}

/// A project folder with the sample student's `hog.py` and, if given, an ok
/// config `name` holding `config`.
pub fn project(config: Option<(&str, &str)>) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join("samples/hog.py"), dir.path().join("hog.py")).unwrap();
    if let Some((name, text)) = config {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let hog_py = dir.path().join("hog.py");
    (dir, hog_py)
}

/// A module whose `final_strategy` returns 4, after `prelude`.
pub fn module(prelude: &str) -> String {
    format!("{prelude}\ndef final_strategy(score, opponent_score):\n    return 4\n")
}

/// The rule functions of the Fall 2023 to Fall 2026 skeleton (sp26's),
/// with the staff's signatures, implemented as the course's rules say.
pub const SP26_HOG_PY: &str = "\
def roll_dice(num_rolls, dice):
    return 1

def boar_brawl(player_score, opponent_score):
    return max(1, 3 * abs(opponent_score // 10 % 10 - player_score % 10))

def take_turn(num_rolls, player_score, opponent_score, dice):
    return boar_brawl(player_score, opponent_score)

def simple_update(num_rolls, player_score, opponent_score, dice):
    return player_score

def sus_points(score):
    return score

def sus_update(num_rolls, player_score, opponent_score, dice):
    return player_score

def final_strategy(score, opponent_score):
    return 0 if boar_brawl(score, opponent_score) >= 10 else 6
";

/// The skeleton shared by fa17 to su19 (free_bacon(score), is_swap of two
/// scores, the commentary's silence, play with seven parameters), with
/// `free_bacon` given as `body`.
pub fn fa17_to_su19(free_bacon: &str) -> String {
    format!(
        "def free_bacon(score):\n    {free_bacon}\n\n\
         def take_turn(num_rolls, opponent_score, dice):\n    return 0\n\n\
         def is_swap(player_score, opponent_score):\n    return None\n\n\
         def silence(score0, score1):\n    return silence\n\n\
         def play(strategy0, strategy1, score0, score1, dice, goal, say):\n    return 0, 0\n"
    )
}

/// `hog export` of always_roll(4) at goal 3 as FORMAT into `file`; its text.
pub fn exported(dir: &Path, format: &str, file: &str) -> String {
    ok_in(
        dir,
        &[
            "export",
            "always_roll(4)",
            "--goal",
            "3",
            "--format",
            format,
            "-o",
            file,
        ],
    );
    std::fs::read_to_string(dir.join(file)).unwrap()
}

/// Makes a FIFO at `path`.
pub fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits (at most a minute) for a file a module writes; its text.
pub fn wait_for(path: &Path) -> String {
    let started = std::time::Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            if !text.is_empty() {
                return text;
            }
        }
        assert!(started.elapsed().as_secs() < 60, "{path:?} never came");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Whether a process is gone (or dead and waiting to be reaped).
pub fn dead(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z') || rest.starts_with('X')),
    }
}

/// Whether a process that was killed is gone within 10 s: the kernel ends
/// it once it is scheduled, which on a loaded machine may take a while.
pub fn dies(pid: &str) -> bool {
    let killed = std::time::Instant::now();
    while !dead(pid) && killed.elapsed().as_secs() < 10 {
        std::thread::sleep(Duration::from_millis(5));
    }
    dead(pid)
}

/// Whether this system lets hog's sandbox make the namespaces `flags` (as
/// an unprivileged user inside a user namespace, or directly as root).
fn unshare_allowed(flags: rustix::thread::UnshareFlags) -> bool {
    use rustix::thread::UnshareFlags;
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new("true");
    // SAFETY: only system calls between fork and exec.
    unsafe {
        command.pre_exec(move || {
            let unshare = |these| rustix::thread::unshare_unsafe(these);
            unshare(UnshareFlags::NEWUSER | flags).or_else(|_| unshare(flags))?;
            Ok(())
        });
    }
    command.status().is_ok_and(|s| s.success())
}

/// Whether this system lets hog's sandbox make a PID namespace.
pub fn pid_namespaces_allowed() -> bool {
    unshare_allowed(rustix::thread::UnshareFlags::NEWPID)
}

/// Whether this system lets hog's sandbox make a mount namespace.
pub fn mount_namespaces_allowed() -> bool {
    unshare_allowed(rustix::thread::UnshareFlags::NEWNS)
}

/// Command lines written as one string and split at spaces (or given word
/// by word), run by the `hog` these helpers take their name from.
pub mod line {
    use assert_cmd::Command;
    use serde_json::Value;

    /// A command line: one string, split at spaces, or its words.
    pub trait CommandLine {
        fn words(&self) -> Vec<&str>;
    }

    impl CommandLine for str {
        fn words(&self) -> Vec<&str> {
            self.split_whitespace().collect()
        }
    }

    impl CommandLine for String {
        fn words(&self) -> Vec<&str> {
            self.as_str().words()
        }
    }

    impl CommandLine for [&str] {
        fn words(&self) -> Vec<&str> {
            self.to_vec()
        }
    }

    impl<const N: usize> CommandLine for [&str; N] {
        fn words(&self) -> Vec<&str> {
            self.to_vec()
        }
    }

    impl CommandLine for Vec<&str> {
        fn words(&self) -> Vec<&str> {
            self.clone()
        }
    }

    impl<T: CommandLine + ?Sized> CommandLine for &T {
        fn words(&self) -> Vec<&str> {
            (**self).words()
        }
    }

    /// `hog ARGS`.
    pub fn hog(args: &(impl CommandLine + ?Sized)) -> Command {
        let mut command = super::hog();
        command.args(args.words());
        command
    }

    /// Runs `hog ARGS --json`, which must succeed, and parses its output.
    pub fn json(args: &(impl CommandLine + ?Sized)) -> Value {
        super::run_json(&mut hog(args))
    }

    /// Runs `hog ARGS`, which must succeed; its stdout.
    pub fn stdout(args: &(impl CommandLine + ?Sized)) -> String {
        let output = hog(args).assert().success().get_output().clone();
        String::from_utf8(output.stdout).unwrap()
    }

    /// Runs `hog ARGS`, which must fail with status 2 and a one-line error
    /// containing every one of `words`; its stderr.
    pub fn fails(args: &(impl CommandLine + ?Sized), words: &[&str]) -> String {
        let args = args.words();
        let output = hog(&args).assert().code(2).get_output().clone();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        for word in words {
            assert!(
                stderr.contains(word),
                "{args:?} should say {word}: {stderr}"
            );
        }
        stderr
    }
}

/// The built `hog` as it runs on a kernel without Landlock (see
/// [`hog_process_without_landlock`]).
pub fn hog_without_landlock() -> Command {
    Command::from_std(hog_process_without_landlock())
}

/// The built `hog` as it runs on a kernel without Landlock: a seccomp
/// filter, which hog and everything it starts inherit, makes Landlock's
/// three system calls fail with ENOSYS, as they fail where the kernel lacks
/// them. It only takes away; hog then runs behind its weaker wall, where a
/// module can still write outside its folder: the tests of what hog
/// contains there (process groups, namespaces, the files it reads before
/// any entry runs) have their modules leave marks for the test to see.
pub fn hog_process_without_landlock() -> std::process::Command {
    use seccompiler::{SeccompAction, SeccompFilter};
    use std::os::unix::process::CommandExt;
    let calls = [
        libc::SYS_landlock_create_ruleset,
        libc::SYS_landlock_add_rule,
        libc::SYS_landlock_restrict_self,
    ];
    let filter = SeccompFilter::new(
        calls.into_iter().map(|call| (call, vec![])).collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        std::env::consts::ARCH.try_into().unwrap(),
    )
    .unwrap();
    let program: seccompiler::BpfProgram = filter.try_into().unwrap();
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"));
    // SAFETY: apply_filter makes two system calls (prctl and seccomp) on
    // the program built above, and its error becomes an errno, allocating
    // nothing, as pre_exec requires.
    unsafe {
        command.pre_exec(move || {
            seccompiler::apply_filter(&program)
                .map_err(|_| std::io::Error::from_raw_os_error(libc::EPERM))
        });
    }
    command
}
