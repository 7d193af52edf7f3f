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
