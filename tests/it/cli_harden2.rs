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
