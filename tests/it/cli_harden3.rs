//! Hardening, third round, end to end on the built binary: a killed hog
//! leaves nothing running, a module cannot forge the contest cache, course
//! tables play under every preset,
//! rules the engine cannot compute are refused in one line, memories are
//! named as memories, and the outputs say what they hold.

use std::path::Path;
use std::process::Stdio;

use crate::cli_harden2::{contest, entry, module, wait_for, write_all};
use crate::common::{dead, dies, hog};

/// hog in `dir` with hog's own folder (the secret key, the default cache)
/// in `dir/home`.
fn hog_in(dir: &Path) -> assert_cmd::Command {
    let mut command = hog();
    command
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("home"))
        .timeout(std::time::Duration::from_secs(120));
    command
}

/// `hog ARGS` in `dir` (see [`hog_in`]), which must succeed; its stdout.
fn run_ok(dir: &Path, args: &[&str]) -> String {
    let output = hog_in(dir).args(args).output().unwrap();
    assert!(output.status.success(), "hog {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Whether this system lets hog's sandbox make a mount namespace (inside a
/// user namespace, or directly as root).
fn mount_namespaces_allowed() -> bool {
    use rustix::thread::UnshareFlags;
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new("true");
    // SAFETY: only system calls between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let unshare = |flags| rustix::thread::unshare_unsafe(flags);
            unshare(UnshareFlags::NEWUSER | UnshareFlags::NEWNS)
                .or_else(|_| unshare(UnshareFlags::NEWNS))?;
            Ok(())
        });
    }
    command.status().is_ok_and(|s| s.success())
}

/// The contest cache hog writes for `entries` at goal 5 in `dir`'s own
/// folder, and the report it shows.
fn honest_contest(dir: &Path, entries: &[&str]) -> (String, Vec<u8>) {
    let args = [&["contest"], entries, &["--goal", "5", "--json"]].concat();
    let report = run_ok(dir, &args);
    let cache = std::fs::read(dir.join("home/hog/contest.cache")).unwrap();
    (report, cache)
}

/// The error line of `hog ARGS`, which must fail with status 2 and one line.
fn one_error_line(dir: &Path, args: &[&str]) -> String {
    let output = hog_in(dir).args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "hog {args:?}: {output:?}");
    let e = String::from_utf8(output.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("error: "), "{e}");
    e
}

#[test]
fn outputs_say_what_they_hold() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Values are probabilities, never an ulp above 1.
    let json = run_ok(d, &["solve", "--rules", "sp26", "--goal", "1", "--json"]);
    assert!(json.contains("\"first_mover_win\":1.0,"), "{json}");
    // A binary table is never written under a strategy file's name.
    let e = one_error_line(d, &["solve", "--goal", "10", "-o", "x.csv"]);
    assert!(e.contains("hog export optimal"), "{e}");
    assert!(!d.join("x.csv").exists());
    // A name with a bidi override is escaped in the HTML board, as on the terminal.
    let name = "a\u{202e}b";
    write_all(d, &[(&format!("{name}.py"), module(""))]);
    run_ok(
        d,
        &[
            "contest",
            &format!("./{name}.py"),
            "--goal",
            "5",
            "--no-cache",
            "-o",
            "board.html",
        ],
    );
    let board = std::fs::read_to_string(d.join("board.html")).unwrap();
    assert!(
        !board.contains('\u{202e}') && board.contains("a\\u{202e}b"),
        "{board}"
    );
}
