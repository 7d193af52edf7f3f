//! Special files and standard streams, end to end on the built binary: a
//! FIFO, a device or a link to one is refused as a strategy or table before
//! the first read, and never hangs hog; `-o -` is stdout, a FIFO given as
//! an output is written into and stays a FIFO, and a symbolic link is never
//! written through; a closed stdout is no error, and a full stderr no
//! panic.

use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::process::Stdio;
use std::time::{Duration, Instant};

use hog_solver::table::PolicyTable;

use crate::common::{fails_in, mkfifo, ok_in};

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
fn outputs_to_stdout_devices_fifos_and_symlinks() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // `-o -` is stdout, and only the table goes there.
    let table = ok_in(d, &["solve", "--goal", "5", "-o", "-"]);
    assert_eq!(PolicyTable::read(&table[..]).unwrap().goal, 5);
    let csv = ["export", "always_roll(4)", "--goal", "5", "--format", "csv"];
    let mut to_dash = csv.to_vec();
    to_dash.extend(["-o", "-"]);
    assert_eq!(ok_in(d, &to_dash), ok_in(d, &csv));
    assert!(!d.join("-").exists());
    // A FIFO that a process reads is written into, and stays a FIFO. (The
    // reader opens it before hog does: hog never waits for one. A writer
    // of the test's own holds it open until hog is done, so that the
    // reader sees no end before hog's bytes.)
    let fifo = d.join("out.fifo");
    mkfifo(&fifo);
    let (reader, held) = {
        use std::os::unix::fs::OpenOptionsExt;
        let mut opened = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
            .unwrap();
        let held = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
        rustix::fs::fcntl_setfl(&opened, rustix::fs::OFlags::empty()).unwrap();
        let reader = std::thread::spawn(move || {
            let mut bytes = vec![];
            opened.read_to_end(&mut bytes).unwrap();
            bytes
        });
        (reader, held)
    };
    ok_in(d, &["solve", "--goal", "5", "-o", "out.fifo"]);
    drop(held);
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert_eq!(reader.join().unwrap(), table);
    // A symlink is never written through, with --force or without: it
    // stays a link, and its target (a student's module) is untouched.
    std::fs::create_dir(d.join("real")).unwrap();
    std::fs::write(
        d.join("real/hog.py"),
        "def final_strategy(s, o): return 4\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("real/hog.py", d.join("link.hogtable")).unwrap();
    for force in [&[][..], &["--force"][..]] {
        let mut args = vec!["solve", "--goal", "5", "-o", "link.hogtable"];
        args.extend(force);
        assert!(fails_in(d, &args).contains("is a symbolic link"));
    }
    assert!(std::fs::symlink_metadata(d.join("link.hogtable"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read(d.join("real/hog.py")).unwrap(),
        b"def final_strategy(s, o): return 4\n"
    );
    // No temporary file is left anywhere.
    for folder in [d.to_path_buf(), d.join("real")] {
        for entry in std::fs::read_dir(folder).unwrap() {
            let name = entry.unwrap().file_name();
            assert!(!name.to_string_lossy().starts_with('.'), "{name:?}");
        }
    }
}

#[test]
fn special_files_are_refused_and_never_hang() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    mkfifo(&d.join("fifo.hogtable"));
    mkfifo(&d.join("fifo.csv"));
    for args in [
        vec!["grade", "./fifo.hogtable"],
        vec!["grade", "./fifo.csv"],
        vec!["table", "fifo.hogtable"],
        vec!["grade", "/dev/zero"],
        vec!["grade", "/dev/urandom"],
        vec!["table", "/dev/zero"],
    ] {
        let started = Instant::now();
        let e = fails_in(d, &args);
        assert!(e.contains("not a regular file"), "{args:?}: {e}");
        assert!(started.elapsed() < Duration::from_secs(10));
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
    for file in ["./f.json", "./f.py", "./z.json"] {
        let e = fails_in(d, &["grade", file]);
        assert!(e.contains("not a regular file"), "{file}: {e}");
    }
    // A module enters the sandbox, which takes no link: the error names
    // the file the link points at.
    let e = fails_in(d, &["grade", "./z.py"]);
    assert!(
        e.contains("is a symbolic link") && e.contains("/dev/zero"),
        "{e}"
    );
}

#[test]
fn a_closed_stdout_is_not_an_error() {
    // A long replay into a pipe that is closed after the first line: a
    // point a turn to 3000 prints about 130 KB, twice what a pipe holds, so
    // hog writes after the close.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let args = "replay --rules sp26 --goal 3000 --p0 always_roll(1) --p1 always_roll(1) --dice 1";
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
        .args(args.split_whitespace())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("sp26, goal 3000"));
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
}

#[test]
fn a_failed_write_to_stderr_is_no_panic() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
        .args(["grade", "always_roll("])
        .stderr(Stdio::from(full))
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
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
