//! Hardening, second round, end to end on the built binary: one test per
//! defect of issue 22. A hostile Python entry is excluded and the contest
//! goes on; the contest cache is checked and cannot be forged by an entry;
//! special files are refused before the first read; recorded goals are
//! range-checked; signals leave neither python3 nor its folder behind.

use std::path::Path;
use std::process::Stdio;

use crate::cli_harden::{fails_in, mkfifo, ok_in};
use crate::common::hog;

/// /dev/full as a child's stderr.
fn full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap(),
    )
}

#[test]
fn export_warns_into_a_full_stderr_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    // always_roll(1) loses to the baseline: export warns on stderr.
    for args in [
        vec![
            "export",
            "always_roll(1)",
            "--goal",
            "20",
            "--format",
            "csv",
        ],
        // The rules line goes to stderr when stdout carries the file.
        vec!["export", "./hog.py", "--goal", "3", "--format", "csv"],
    ] {
        std::fs::write(
            dir.path().join("hog.py"),
            "def final_strategy(score, opponent_score):\n    return 4\n",
        )
        .unwrap();
        let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
            .current_dir(dir.path())
            .args(&args)
            .stdout(Stdio::null())
            .stderr(full())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn special_files_named_json_or_py_are_refused_before_the_first_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    mkfifo(&d.join("f.json"));
    mkfifo(&d.join("f.py"));
    std::os::unix::fs::symlink("/dev/zero", d.join("z.json")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", d.join("z.py")).unwrap();
    for file in ["./f.json", "./f.py", "./z.json", "./z.py"] {
        let e = fails_in(d, &["grade", file]);
        assert!(e.contains("not a regular file"), "{file}: {e}");
    }
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

#[test]
fn recorded_goals_are_range_checked_and_a_byte_order_mark_keeps_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let json = exported(d, "json", "a.json");
    let python = exported(d, "python", "a.py");
    for goal in ["4294967295", "100000", "-1", "18446744073709551615"] {
        std::fs::write(
            d.join("big.json"),
            json.replace("\"goal\": 3,", &format!("\"goal\": {goal},")),
        )
        .unwrap();
        let e = fails_in(d, &["grade", "big.json"]);
        assert!(e.contains("big.json: the recorded goal"), "{goal}: {e}");
        let module = python.replace("Goal:      3\n", &format!("Goal:      {goal}\n"));
        assert_ne!(module, python);
        std::fs::write(d.join("big.py"), module).unwrap();
        let e = fails_in(d, &["grade", "big.py"]);
        assert!(e.contains("big.py: the recorded goal"), "{goal}: {e}");
    }
    // A byte-order mark does not hide the recorded game.
    std::fs::write(d.join("bom.json"), format!("\u{feff}{json}")).unwrap();
    let e = fails_in(d, &["grade", "bom.json", "--goal", "4"]);
    assert!(e.contains("bom.json was made for goal 3"), "{e}");
}
