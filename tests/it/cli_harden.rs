//! Hardening, end to end on the built binary: one test per defect of issue
//! 10. No file in the working folder changes what a strategy text means; a
//! corrupted table is refused; special files neither hang hog nor get
//! replaced; signals leave no temporary files; errors are one line even when
//! stderr fails; `hog tables` leaves one consistent set.

use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use hog_solver::table::PolicyTable;

use crate::common::hog;

/// hog in a folder; its stdout, which must be a success.
pub fn ok_in(dir: &Path, args: &[&str]) -> Vec<u8> {
    let output = hog()
        .current_dir(dir)
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "hog {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// hog in a folder; its stderr, which must follow exit status 2.
pub fn fails_in(dir: &Path, args: &[&str]) -> String {
    let output = hog()
        .current_dir(dir)
        .args(args)
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "hog {args:?}: {output:?}");
    String::from_utf8(output.stderr).unwrap()
}

pub fn win_rate(json: &[u8]) -> f64 {
    let value: serde_json::Value = serde_json::from_slice(json).unwrap();
    value["win_rate"].as_f64().unwrap()
}

pub fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

/// A table as `hog solve` writes it: fa13, goal 1 (one state), the best
/// response to always_roll(5).
fn small_table(dir: &Path) -> Vec<u8> {
    ok_in(
        dir,
        &[
            "solve",
            "--rules",
            "fa13",
            "--goal",
            "1",
            "--against",
            "always_roll(5)",
            "-o",
            "t.hogtable",
        ],
    );
    std::fs::read(dir.join("t.hogtable")).unwrap()
}

#[test]
fn every_usage_error_is_one_error_line_and_one_hint() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        vec!["grade"],
        vec!["grade", "always_roll(4)", "extra"],
        vec!["grade", "always_roll(4)", "--bogus"],
        vec!["grade", "always_roll(4)", "--goal"],
        vec!["grade", "always_roll(4)", "--goal", "ten"],
        vec!["export", "always_roll(4)", "--format", "yaml"],
        vec![
            "simulate",
            "--p0",
            "always_roll(4)",
            "--p1",
            "always_roll(4)",
            "--games",
            "0",
        ],
        // A number of games past the stated bound (a billion).
        vec![
            "simulate",
            "--p0",
            "always_roll(4)",
            "--p1",
            "always_roll(4)",
            "--games",
            "18446744073709551615",
        ],
        vec!["replay", "--p0", "always_roll(4)", "--p1", "always_roll(4)"],
        vec!["rules", "show"],
        vec!["solve", "--rules"],
    ] {
        let e = fails_in(dir.path(), &args);
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {e}");
        assert!(lines[0].starts_with("error: "), "{args:?}: {e}");
        assert!(
            lines[1].starts_with("Usage: ") || lines[1].starts_with("For more information"),
            "{args:?}: {e}"
        );
    }
    // Not a usage error but the same one line: an export to stdout needs a format.
    let e = fails_in(dir.path(), &["export", "always_roll(4)"]);
    assert_eq!(
        e,
        "error: writing to stdout needs --format python, csv or json\n"
    );
    // --goal -1 is the same error under every command that plays a game
    // (the others take no --goal: a usage error, as any unknown option).
    let goal = "error: goal -1 is not allowed: the goal must be between 1 and 10000\n";
    for args in [
        vec!["solve"],
        vec!["grade", "always_roll(4)"],
        vec!["final"],
        vec!["dist", "--rolls", "2"],
        vec!["turn", "--rolls", "0", "--score", "0", "--opp", "0"],
        vec![
            "simulate",
            "--p0",
            "always_roll(4)",
            "--p1",
            "always_roll(4)",
            "--games",
            "1",
        ],
        vec!["export", "always_roll(4)", "--format", "csv"],
        vec!["tables", "--dir", "t"],
    ] {
        let mut args = args.clone();
        args.extend(["--goal", "-1"]);
        assert_eq!(fails_in(dir.path(), &args), goal, "{args:?}");
    }
    for args in [
        vec!["rules", "show", "fa16"],
        vec!["table", "info", "x.hogtable"],
    ] {
        let mut args = args.clone();
        args.extend(["--goal", "-1"]);
        let e = fails_in(dir.path(), &args);
        assert!(e.starts_with("error: unexpected argument '--goal'"), "{e}");
    }
}

/// The goal of every table in a `hog tables` folder and the goal its
/// MANIFEST names: one consistent set has a single goal.
fn goals_in(dir: &Path) -> (Vec<u32>, String) {
    let mut goals = vec![];
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "hogtable") {
            let bytes = std::fs::read(&path).unwrap();
            goals.push(PolicyTable::read(&bytes[..]).unwrap().goal);
        }
    }
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.md")).unwrap();
    (goals, manifest)
}

/// Every file and folder under `dir`.
fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut all = vec![];
    let Ok(entries) = std::fs::read_dir(dir) else {
        return all;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            all.extend(walk(&path));
        }
        all.push(path);
    }
    all
}
