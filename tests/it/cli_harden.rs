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

#[test]
fn a_file_named_like_a_strategy_never_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let grade = ["grade", "always_roll(6)", "--goal", "30", "--json"];
    let expected = win_rate(&ok_in(d, &grade));
    // A table of another strategy under the name of the fa16 course baseline.
    ok_in(d, &["solve", "--goal", "30", "-o", "t.hogtable"]);
    std::fs::rename(d.join("t.hogtable"), d.join("always_roll(4)")).unwrap();
    let e = fails_in(d, &grade);
    assert!(
        e.contains("'always_roll(4)' reads as a strategy, and a file of that name exists")
            && e.contains("./always_roll(4)"),
        "{e}"
    );
    let e = fails_in(d, &["grade", "always_roll(4)", "--goal", "30"]);
    assert!(e.contains("name it as a path (./always_roll(4))"), "{e}");
    // Named as a path, the file is the file; elsewhere the strategy is the strategy.
    let against_file = win_rate(&ok_in(
        d,
        &[
            "grade",
            "always_roll(6)",
            "--goal",
            "30",
            "--baseline",
            "./always_roll(4)",
            "--json",
        ],
    ));
    assert!(against_file < expected, "the optimum is harder to beat");
    std::fs::rename(d.join("always_roll(4)"), d.join("mytable")).unwrap();
    assert_eq!(win_rate(&ok_in(d, &grade)), expected);
    let e = fails_in(d, &["grade", "mytable", "--goal", "30"]);
    assert!(e.contains("./mytable"), "{e}");
    ok_in(d, &["grade", "./mytable", "--goal", "30"]);
    let e = fails_in(d, &["grade", "mytable.bin", "--goal", "30"]);
    assert!(
        e.contains("neither a strategy nor a file name") && e.contains("./mytable.bin"),
        "{e}"
    );
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
fn every_flipped_bit_of_a_table_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = small_table(dir.path());
    // One flip of the issue: always_roll(5) becomes always_roll(4) in the objective.
    let five = good
        .windows(14)
        .position(|w| w == b"always_roll(5)")
        .unwrap()
        + 12;
    let mut four = good.clone();
    four[five] ^= 1;
    std::fs::write(dir.path().join("four.hogtable"), &four).unwrap();
    let e = fails_in(dir.path(), &["table", "info", "four.hogtable"]);
    assert!(e.contains("checksum mismatch"), "{e}");
    fails_in(
        dir.path(),
        &[
            "export",
            "four.hogtable",
            "--rules",
            "fa13",
            "--goal",
            "1",
            "--format",
            "python",
        ],
    );
    // Every bit, in two threads of hog processes.
    let bits: Vec<usize> = (0..good.len() * 8).collect();
    std::thread::scope(|scope| {
        for (half, bits) in bits.chunks(bits.len().div_ceil(2)).enumerate() {
            let (good, dir) = (&good, dir.path());
            scope.spawn(move || {
                let name = format!("flip{half}.hogtable");
                for &bit in bits {
                    let mut bad = good.clone();
                    bad[bit / 8] ^= 1 << (bit % 8);
                    std::fs::write(dir.join(&name), &bad).unwrap();
                    let output = hog()
                        .current_dir(dir)
                        .args(["table", "info", &name])
                        .output()
                        .unwrap();
                    assert_eq!(output.status.code(), Some(2), "bit {bit} was accepted");
                }
            });
        }
    });
}

#[test]
fn a_table_with_a_valid_checksum_but_no_probability_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = small_table(dir.path());
    // The one value is the last f64 before the four checksum bytes.
    let n = good.len();
    for bad in [f64::NAN, 1.5, -0.25] {
        let mut crafted = good[..n - 4].to_vec();
        crafted[n - 12..].copy_from_slice(&bad.to_le_bytes());
        let checksum = crc32fast::hash(&crafted);
        crafted.extend(checksum.to_le_bytes());
        std::fs::write(dir.path().join("bad.hogtable"), &crafted).unwrap();
        let e = fails_in(dir.path(), &["table", "info", "bad.hogtable"]);
        assert!(e.contains("is not a probability"), "{bad}: {e}");
    }
    let mut longer = good.clone();
    longer.push(b'\n');
    std::fs::write(dir.path().join("long.hogtable"), &longer).unwrap();
    let e = fails_in(dir.path(), &["table", "info", "long.hogtable"]);
    assert!(e.contains("bytes follow the checksum"), "{e}");
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
        vec!["table", "info", "fifo.hogtable"],
        vec!["grade", "/dev/zero"],
        vec!["grade", "/dev/urandom"],
        vec!["table", "info", "/dev/zero"],
    ] {
        let started = Instant::now();
        let e = fails_in(d, &args);
        assert!(e.contains("not a regular file"), "{args:?}: {e}");
        assert!(started.elapsed() < Duration::from_secs(10));
    }
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

#[test]
fn file_messages_name_the_real_problem() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("typo.csv"), "1x,2\n3,4\n").unwrap();
    let e = fails_in(d, &["grade", "typo.csv", "--rules", "fa13", "--goal", "2"]);
    assert_eq!(
        e,
        "error: the strategy: typo.csv:1:1: '1x' at score 0, opponent_score 0 is not an integer\n"
    );
    std::fs::write(d.join("plain.json"), "[[1,2],[3,4]]").unwrap();
    std::fs::write(d.join("bom.json"), "\u{feff}[[1,2],[3,4]]").unwrap();
    std::fs::write(d.join("bom.csv"), "\u{feff}1,2\n3,4\n").unwrap();
    let grade = |file: &str| {
        win_rate(&ok_in(
            d,
            &["grade", file, "--rules", "fa13", "--goal", "2", "--json"],
        ))
    };
    assert_eq!(grade("bom.json"), grade("plain.json"));
    assert_eq!(grade("bom.csv"), grade("plain.json"));
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

#[test]
fn an_interrupted_tables_run_leaves_the_old_set_whole_and_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok_in(d, &["tables", "--goal", "6", "--dir", "set"]);
    let (goals, manifest) = goals_in(&d.join("set"));
    assert!(goals.len() >= 12 && goals.iter().all(|&g| g == 6));
    assert!(manifest.contains("(goal 6)"));
    let before = std::fs::read_dir(d.join("set")).unwrap().count();
    for signal in ["INT", "TERM"] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
            .current_dir(d)
            .args(["tables", "--goal", "7", "--dir", "set"])
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        // Interrupt once some goal-7 file exists, wherever it is written.
        let started = Instant::now();
        let written = || {
            walk(d).iter().any(|path| {
                path.extension().is_some_and(|e| e == "hogtable")
                    && std::fs::read(path)
                        .ok()
                        .and_then(|b| PolicyTable::read(&b[..]).ok())
                        .is_some_and(|t| t.goal == 7)
            })
        };
        while !written() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "nothing written"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        let kill = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let status = child.wait().unwrap();
        assert!(!status.success(), "SIG{signal}: the run finished first");
        let (goals, manifest) = goals_in(&d.join("set"));
        assert!(goals.iter().all(|&g| g == 6), "SIG{signal}: {goals:?}");
        assert!(manifest.contains("(goal 6)"));
        assert_eq!(std::fs::read_dir(d.join("set")).unwrap().count(), before);
        let left: Vec<_> = walk(d)
            .into_iter()
            .filter(|p| {
                let relative = p.strip_prefix(d).unwrap().to_string_lossy().into_owned();
                relative.starts_with('.') || relative.contains("/.")
            })
            .collect();
        assert!(left.is_empty(), "SIG{signal} left {left:?}");
    }
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

#[test]
fn tables_replaces_only_a_folder_of_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("mine")).unwrap();
    std::fs::write(d.join("mine/notes.txt"), "mine").unwrap();
    let e = fails_in(d, &["tables", "--goal", "3", "--dir", "mine"]);
    assert!(e.contains("mine is not a folder of tables"), "{e}");
    assert_eq!(std::fs::read(d.join("mine/notes.txt")).unwrap(), b"mine");
}
