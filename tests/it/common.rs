//! Helpers that several test modules share.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

/// The built `hog` binary.
pub fn hog() -> Command {
    Command::cargo_bin("hog").unwrap()
}

/// Runs hog in `dir`, which must succeed; returns its stdout.
pub fn stdout_in(dir: &Path, args: &[&str]) -> Vec<u8> {
    let output = hog().current_dir(dir).args(args).output().unwrap();
    assert!(
        output.status.success(),
        "hog {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Runs hog with --json in `dir` and parses its output; it must succeed.
pub fn json_in(dir: &Path, args: &[&str]) -> Value {
    serde_json::from_slice(&stdout_in(dir, &[args, &["--json"]].concat())).unwrap()
}

/// A number field of a JSON object.
pub fn number(value: &Value, key: &str) -> f64 {
    value[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
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
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    dead(pid)
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
    // the program built above, as pre_exec requires.
    unsafe {
        command
            .pre_exec(move || seccompiler::apply_filter(&program).map_err(std::io::Error::other));
    }
    command
}
