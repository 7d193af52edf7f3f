//! Hardening, end to end on the built binary: one test per defect found
//! by attacking hog. A hostile Python entry is excluded and the contest
//! goes on; the contest cache is checked and cannot be forged by an entry;
//! special files are refused before the first read; recorded goals are
//! range-checked; signals leave neither python3 nor its folder behind.

use std::path::Path;
use std::process::Stdio;

use crate::cli_harden::{fails_in, mkfifo, ok_in};
use crate::common::{dead, dies, hog};

/// /dev/full as a child's stderr.
fn full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap(),
    )
}

/// `hog export` of always_roll(4) at goal 3 as FORMAT into `file`; its text.
fn exported(dir: &Path, format: &str, file: &str) -> String {
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

/// A module whose `final_strategy` returns 4, after `prelude`.
pub fn module(prelude: &str) -> String {
    format!("{prelude}\ndef final_strategy(score, opponent_score):\n    return 4\n")
}

/// Writes `files` (name, text) into `dir`.
pub fn write_all(dir: &Path, files: &[(&str, String)]) {
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// `hog contest ARGS --json` in `dir` (a success); the report.
pub fn contest(dir: &Path, args: &[&str]) -> serde_json::Value {
    let output = hog()
        .current_dir(dir)
        .arg("contest")
        .args(args)
        .args(["--no-cache", "--json", "--python-timeout", "2"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// An entry of a contest report by name: (status, reason).
pub fn entry(report: &serde_json::Value, name: &str) -> (String, String) {
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
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Whether this system lets an unprivileged process (or root) make a PID
/// namespace, as hog's sandbox tries to.
fn pid_namespaces_allowed() -> bool {
    use rustix::thread::UnshareFlags;
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new("true");
    // SAFETY: only a system call between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let unshare = |flags| rustix::thread::unshare_unsafe(flags);
            unshare(UnshareFlags::NEWUSER | UnshareFlags::NEWPID)
                .or_else(|_| unshare(UnshareFlags::NEWPID))?;
            Ok(())
        });
    }
    command.status().is_ok_and(|s| s.success())
}

/// `hog contest ARGS` in `dir`: (exit status, stdout, stderr).
fn contest_run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = hog()
        .current_dir(dir)
        .arg("contest")
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// A contest's JSON report with no cache, and the cache file it writes.
fn honest_cache(dir: &Path, entries: &[&str]) -> (String, Vec<u8>) {
    let mut args = entries.to_vec();
    args.extend(["--goal", "5", "--json"]);
    let (_, fresh, _) = contest_run(dir, &[&args[..], &["--no-cache"]].concat());
    let (status, cached, _) = contest_run(dir, &[&args[..], &["--cache", "c.cache"]].concat());
    assert_eq!((status, &cached), (Some(0), &fresh));
    (fresh, std::fs::read(dir.join("c.cache")).unwrap())
}

#[test]
fn control_characters_from_files_and_entries_are_escaped_on_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A name that clears the screen, and output that retitles the terminal.
    write_all(
        d,
        &[(
            "subs/clear\x1b[2J.py",
            "import sys\nsys.stderr.write('\\x1b]0;pwned\\x07')\nsys.stderr.flush()\nimport os\nos._exit(5)\n".to_string(),
        )],
    );
    let (status, table, _) =
        contest_run(d, &["subs", "always_roll(4)", "--goal", "5", "--no-cache"]);
    assert_eq!(status, Some(0));
    assert!(
        !table.contains('\x1b') && !table.contains('\x07'),
        "{table:?}"
    );
    assert!(
        table.contains("clear\\u{1b}[2J") && table.contains("\\u{1b}]0;pwned\\u{7}"),
        "{table}"
    );
    let e = fails_in(d, &["grade", "subs/clear\x1b[2J.py", "--goal", "5"]);
    assert!(
        !e.contains('\x1b') && e.contains("\\u{1b}]0;pwned"),
        "{e:?}"
    );
    // Every command's text on stdout: here grade's line naming its file.
    exported(d, "json", "title\x1b]0;pwned\x07.json");
    let graded = ok_in(d, &["grade", "./title\x1b]0;pwned\x07.json", "--goal", "3"]);
    let graded = String::from_utf8(graded).unwrap();
    assert!(
        !graded.contains('\x1b') && graded.contains("./title\\u{1b}]0;pwned\\u{7}.json against"),
        "{graded:?}"
    );
}

/// `hog ARGS`'s peak resident memory in KiB, as the kernel counted it.
fn peak_kib(args: &[&str]) -> i64 {
    // Reaped by wait4 below, which also gives its resource usage.
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
        .id() as i32;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, which wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for this child, which nothing else waits for.
    let pid = unsafe { libc::wait4(child, &mut status, 0, &mut usage) };
    assert_eq!(pid, child);
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "hog {args:?}"
    );
    usage.ru_maxrss
}
