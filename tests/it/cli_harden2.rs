//! Hardening, end to end on the built binary: one test per defect found
//! by attacking hog. A hostile Python entry is excluded and the contest
//! goes on; the contest cache is checked and cannot be forged by an entry;
//! special files are refused before the first read; recorded goals are
//! range-checked; signals leave neither python3 nor its folder behind.

use std::path::Path;
use std::process::Stdio;

use crate::cli_harden::{fails_in, mkfifo, ok_in};
use crate::common::{dead, dies, hog, hog_process_without_landlock, hog_without_landlock};

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
    contest_with(hog(), dir, args)
}

/// [`contest`] behind the weaker wall ([`hog_without_landlock`]).
pub fn contest_without_landlock(dir: &Path, args: &[&str]) -> serde_json::Value {
    contest_with(
        hog_without_landlock(),
        dir,
        &[args, &["--weaker-sandbox"]].concat(),
    )
}

fn contest_with(mut hog: assert_cmd::Command, dir: &Path, args: &[&str]) -> serde_json::Value {
    let output = hog
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

#[test]
fn answers_a_module_writes_on_the_drivers_pipe_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A table of answers, as a module can write it through the driver's pipe.
    let forged = |cell: &str| {
        module(&format!(
            "import __main__, os\nrow = '[' + ','.join(['{cell}'] * 5) + ']'\n\
             table = '[' + ','.join([row] * 5) + ']\\n'\n\
             __main__.out.write('!' + table + table)\n__main__.out.flush()\nos._exit(0)"
        ))
    };
    let dumped = |cell: &str| {
        module(&format!(
            "import json\nreal = json.dump\n\
             json.dump = lambda rows, out: real([[{cell} for _ in r] for r in rows], out)"
        ))
    };
    write_all(
        d,
        &[
            ("subs/float.py", forged("4.0")),
            ("subs/huge.py", forged("123456789012345678901234567890")),
            ("subs/boolean.py", dumped("True")),
            ("subs/past_i64.py", dumped("2 ** 70")),
            ("subs/good.py", module("")),
        ],
    );
    let report = contest(d, &["subs", "--goal", "5"]);
    assert_eq!(entry(&report, "good").0, "ok");
    for (name, value) in [
        ("float", "4.0"),
        ("huge", "123456789012345678901234567890"),
        ("boolean", "true"),
        ("past_i64", "1180591620717411303424"),
    ] {
        let (status, reason) = entry(&report, name);
        assert_eq!(status, "excluded", "{name}");
        assert!(
            reason.contains(value) && reason.contains("score 0, opponent_score 0"),
            "{name}: {reason}"
        );
    }
    let e = fails_in(d, &["grade", "subs/float.py", "--goal", "5"]);
    assert!(
        e.contains("answered 4.0 at score 0, opponent_score 0"),
        "{e}"
    );
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

#[test]
fn signals_end_python3_and_remove_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let temporary = d.join("tmp");
    std::fs::create_dir(&temporary).unwrap();
    for signal in ["INT", "TERM", "HUP"] {
        let pid_file = d.join(format!("{signal}.pid"));
        // Its pid as the system sees it, then an endless import.
        let text = format!(
            "import os\nopen({pid_file:?}, 'w').write(os.readlink('/proc/self'))\nwhile True:\n    pass\n"
        );
        write_all(d, &[("endless.py", text)]);
        // Behind the weaker wall, where the module can write its pid.
        let child = hog_process_without_landlock()
            .current_dir(d)
            .env("TMPDIR", &temporary)
            .args(["contest", "./endless.py", "--no-cache", "--goal", "5"])
            .arg("--weaker-sandbox")
            .args(["--python-timeout", "600"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let python = wait_for(&pid_file);
        assert!(!dead(&python));
        let kill = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let output = child.wait_with_output().unwrap();
        // One line, and the status a shell gives a command a signal ended.
        let number = match signal {
            "INT" => 2,
            "TERM" => 15,
            _ => 1,
        };
        assert_eq!(output.status.code(), Some(128 + number), "SIG{signal}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        // After the note that the wall is the weaker one.
        let (note, stopped) = stderr.split_once('\n').unwrap();
        assert!(note.contains("weaker wall"), "{note}");
        assert_eq!(
            stopped.trim(),
            format!("stopped by SIG{signal}: no file was left half-written")
        );
        assert!(dies(&python), "SIG{signal}: python3 {python} still runs");
        let left: Vec<_> = std::fs::read_dir(&temporary).unwrap().collect();
        assert!(left.is_empty(), "SIG{signal} left {left:?}");
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

#[test]
fn an_entry_can_neither_signal_hog_nor_outlive_it() {
    if !pid_namespaces_allowed() {
        // docs/guide.md says what is then not contained.
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pid_file = d.join("escaped.pid");
    let escape = format!(
        "import os, time\nif os.fork() == 0:\n    os.setsid()\n    \
         open({pid_file:?}, 'w').write(os.readlink('/proc/self'))\n    time.sleep(1000)\n\
         while not os.path.exists({pid_file:?}):\n    time.sleep(0.01)"
    );
    write_all(
        d,
        &[
            (
                "subs/a_kill.py",
                module("import os\nos.kill(os.getppid(), 9)"),
            ),
            (
                "subs/b_stop.py",
                module("import os\nos.kill(os.getppid(), 19)"),
            ),
            ("subs/c_escape.py", module(&escape)),
            ("subs/d_good.py", module("")),
        ],
    );
    // SIGKILL and SIGSTOP to the module's parent reach no process of hog's:
    // the contest ends, with every entry in its report. Behind the weaker
    // wall, where the escaped child can write its pid.
    let report = contest_without_landlock(d, &["subs", "--goal", "5"]);
    assert_eq!(entry(&report, "d_good").0, "ok");
    for name in ["a_kill", "b_stop", "c_escape"] {
        entry(&report, name);
    }
    // The child that left the group ended with its PID namespace.
    let escaped = wait_for(&pid_file);
    assert!(dies(&escaped), "{escaped} outlived hog");
}

#[test]
fn hog_measures_the_time_limit_and_names_the_state_asked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_all(
        d,
        &[
            (
                "endless.py",
                "def final_strategy(score, opponent_score):\n    \
                 while (score, opponent_score) == (2, 3):\n        pass\n    return 4\n"
                    .to_string(),
            ),
            // Round 1 takes 1.75 s, round 2 nothing; the driver's clock is patched.
            (
                "patched.py",
                "import time\ntime.monotonic = lambda: 0.0\nseen = {}\n\
                 def final_strategy(score, opponent_score):\n    \
                 if (score, opponent_score) not in seen:\n        time.sleep(0.07)\n        \
                 seen[score, opponent_score] = 4\n    return 4\n"
                    .to_string(),
            ),
        ],
    );
    let grade = |file: &str| fails_in(d, &["grade", file, "--goal", "5", "--python-timeout", "1"]);
    let e = grade("./endless.py");
    assert!(
        e.contains("did not answer every state within 1 s")
            && e.contains("asking final_strategy(2, 3)"),
        "{e}"
    );
    let e = grade("./patched.py");
    assert!(
        e.contains("did not answer every state within 1 s, the time limit"),
        "{e}"
    );
    // A time limit hog cannot count to is a usage error, not a panic.
    let e = fails_in(
        d,
        &[
            "grade",
            "./endless.py",
            "--python-timeout",
            "4611686018427387904",
        ],
    );
    assert!(e.starts_with("error: invalid value"), "{e}");
}

#[test]
fn a_large_file_beside_the_entries_excludes_none_of_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_all(
        d,
        &[("subs/a.py", module("")), ("subs/b.py", module("import a"))],
    );
    let big = std::fs::File::create(d.join("subs/data.bin")).unwrap();
    big.set_len(65 << 20).unwrap();
    let report = contest(d, &["subs", "--goal", "5"]);
    for name in ["a", "b"] {
        assert_eq!(entry(&report, name).0, "ok", "{name}: {report}");
    }
}

/// `hog contest ARGS` in `dir`: (exit status, stdout, stderr).
fn contest_run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    contest_run_with(hog(), dir, args)
}

/// [`contest_run`] behind the weaker wall ([`hog_without_landlock`]).
pub fn contest_run_without_landlock(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let args = [args, &["--weaker-sandbox"]].concat();
    contest_run_with(hog_without_landlock(), dir, &args)
}

fn contest_run_with(
    mut hog: assert_cmd::Command,
    dir: &Path,
    args: &[&str],
) -> (Option<i32>, String, String) {
    let output = hog
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

#[test]
fn the_cache_is_read_before_any_entry_runs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Always one die; while it is asked, it puts a cache file in place.
    let weak =
        "import os, shutil\nif os.path.exists('HONEST'):\n    shutil.copy('HONEST', 'CACHE')\n\
                def final_strategy(score, opponent_score):\n    return 1\n"
            .replace("HONEST", d.join("honest.cache").to_str().unwrap())
            .replace("CACHE", d.join("c.cache").to_str().unwrap());
    write_all(d, &[("weak.py", weak)]);
    let args = [
        "./weak.py",
        "always_roll(6)",
        "--cache",
        "c.cache",
        "--goal",
        "20",
    ];
    // Behind the weaker wall, where the entry can write the cache.
    let (status, first, _) = contest_run_without_landlock(d, &args);
    assert_eq!(status, Some(0));
    assert!(first.contains("1 graded now, 0 reused"), "{first}");
    std::fs::rename(d.join("c.cache"), d.join("honest.cache")).unwrap();
    // The file the entry wrote is not read: there was no cache before it ran.
    let (status, second, _) = contest_run_without_landlock(d, &args);
    assert_eq!(status, Some(0));
    assert_eq!(second, first);
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
fn a_cache_record_that_is_no_grade_is_graded_again() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let entries = ["always_roll(6)", "always_roll(5)"];
    let (fresh, good) = honest_cache(d, &entries);
    // The records (two 16-byte keys, three f64) between the 20-byte magic
    // line and the 32-byte signature, signed again with the user's key as
    // hog would sign them.
    let body = &good[20..good.len() - 32];
    assert_eq!(body.len(), 3 * 56);
    for values in [[-4.0, 5.0, 0.0], [0.5, 0.4, 0.0], [f64::NAN, 0.5, 0.5]] {
        let mut crafted = good[..good.len() - 32].to_vec();
        for record in 0..3 {
            let at = 20 + 56 * record + 32;
            for (i, v) in values.iter().enumerate() {
                crafted[at + 8 * i..at + 8 * i + 8].copy_from_slice(&v.to_le_bytes());
            }
        }
        let signature = hog::secret::tag(&hog::secret::key().unwrap(), &crafted);
        crafted.extend(signature);
        std::fs::write(d.join("c.cache"), &crafted).unwrap();
        let mut args = entries.to_vec();
        args.extend(["--goal", "5", "--json", "--cache", "c.cache"]);
        let (status, report, notes) = contest_run(d, &args);
        assert_eq!((status, &report), (Some(0), &fresh), "{values:?}");
        assert!(notes.contains("3 record(s) that are no grade"), "{notes}");
    }
}

#[test]
fn every_flipped_bit_of_the_cache_is_noted_and_graded_again() {
    let dir = tempfile::tempdir().unwrap();
    let (fresh, good) = honest_cache(dir.path(), &["always_roll(6)"]);
    let bits: Vec<usize> = (0..good.len() * 8).collect();
    std::thread::scope(|scope| {
        for (half, bits) in bits.chunks(bits.len().div_ceil(2)).enumerate() {
            let (good, fresh, d) = (&good, &fresh, dir.path());
            scope.spawn(move || {
                let name = format!("flip{half}.cache");
                for &bit in bits {
                    let mut bad = good.clone();
                    bad[bit / 8] ^= 1 << (bit % 8);
                    std::fs::write(d.join(&name), &bad).unwrap();
                    let args = ["always_roll(6)", "--goal", "5", "--json", "--cache", &name];
                    let (status, report, notes) = contest_run(d, &args);
                    if status == Some(2) {
                        continue;
                    }
                    assert_eq!((status, &report), (Some(0), fresh), "bit {bit}");
                    assert!(
                        notes.contains("note: the contest cache") && notes.contains("graded"),
                        "bit {bit}: {notes}"
                    );
                }
            });
        }
    });
}

#[test]
fn a_bad_cache_or_output_fails_before_any_entry_runs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ran = d.join("ran");
    write_all(
        d,
        &[
            (
                "entry.py",
                module(&format!("open({ran:?}, 'w').write('x')")),
            ),
            ("file", String::new()),
        ],
    );
    mkfifo(&d.join("fifo.cache"));
    for (option, path, message) in [
        ("--cache", "fifo.cache", "is a FIFO, not a regular file"),
        ("--cache", "file/c.cache", "cannot make the cache folder"),
        ("--cache", ".", "is a folder"),
        ("-o", "missing/out.csv", "there is no folder missing"),
        ("-o", "out.pdf", "unknown output type 'pdf'"),
        ("-o", ".", "is a folder"),
    ] {
        // Behind the weaker wall, where the entry could leave its mark.
        let args = ["./entry.py", "--goal", "5", option, path];
        let (status, _, e) = contest_run_without_landlock(d, &args);
        assert_eq!(status, Some(2), "{option} {path}: {e}");
        assert!(e.contains(message), "{option} {path}: {e}");
        assert!(!ran.exists(), "{option} {path}: the entry ran");
    }
}

#[test]
fn an_output_written_over_a_private_file_stays_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let table = d.join("t.hogtable");
    // A table hog wrote (hog replaces only its own files), made private.
    ok_in(d, &["solve", "--goal", "6", "-o", "t.hogtable"]);
    let old = std::fs::read(&table).unwrap();
    std::fs::set_permissions(&table, std::fs::Permissions::from_mode(0o600)).unwrap();
    ok_in(d, &["solve", "--goal", "5", "-o", "t.hogtable"]);
    let mode = std::fs::metadata(&table).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_ne!(std::fs::read(&table).unwrap(), old);
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

#[test]
fn a_finished_contest_is_shown_when_its_output_and_cache_were_taken_away() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("out");
    std::fs::create_dir(&out).unwrap();
    // While it is asked, after hog checked both paths, the entry puts a
    // file where their folder was.
    let taker = module(&format!(
        "import shutil
shutil.rmtree({out:?})
open({out:?}, 'w').close()"
    ));
    write_all(d, &[("taker.py", taker)]);
    // Behind the weaker wall, where the entry can reach the folder.
    let output = hog_without_landlock()
        .current_dir(d)
        .args(["contest", "./taker.py", "always_roll(6)", "--goal", "20"])
        .arg("--weaker-sandbox")
        .args(["--cache", "out/c.cache", "-o", "out/results.csv"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let (table, e) = (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    );
    assert_eq!(output.status.code(), Some(2), "{table}{e}");
    assert!(
        table.contains("2 entries, 0 excluded") && table.contains("   2       0  "),
        "{table}"
    );
    assert!(
        e.contains("note: the contest cache was not written")
            && e.contains("error: the results are above, but -o was not written"),
        "{e}"
    );
}

#[test]
fn an_exact_table_of_tiny_fractions_is_refused_unworked() {
    use hog_solver::exact::Exact;
    use hog_solver::solve::Probability;
    use hog_solver::table::PolicyTable;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok_in(
        d,
        &[
            "solve",
            "--rules",
            "fa13",
            "--goal",
            "20",
            "--exact",
            "-o",
            "e.hogtable",
        ],
    );
    let mut table = PolicyTable::read(&std::fs::read(d.join("e.hogtable")).unwrap()[..]).unwrap();
    // 36^-640: within the exponents goal 20 allows, and its nearest f64 is
    // 0, so it passes every check but costs big arithmetic per value.
    let tiny = (0..640).fold(Exact::one(), |x, _| x * Exact::from_counts(1, 36));
    table.values.fill(0.0);
    table.exact.as_mut().unwrap().fill(tiny);
    let mut crafted = vec![];
    table.write(&mut crafted).unwrap();
    std::fs::write(d.join("tiny.hogtable"), crafted).unwrap();
    let e = fails_in(d, &["table", "info", "tiny.hogtable"]);
    assert!(e.contains("is below 2^-1100"), "{e}");
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

#[test]
fn a_contest_at_a_large_goal_needs_about_a_grades_memory() {
    // Goal 1500 is past the turn table's size: each pair is graded as
    // `hog grade` grades, plus the second player's wins (about 1.8 times a
    // grade's memory; 3.2 times when the pairs were graded one per core).
    let goal = ["--goal", "1500"];
    let grade = peak_kib(
        &[
            &["grade", "always_roll(6)", "--baseline", "always_roll(5)"],
            &goal[..],
        ]
        .concat(),
    );
    let contest = peak_kib(
        &[
            &["contest", "always_roll(6)", "always_roll(5)", "--no-cache"],
            &goal[..],
        ]
        .concat(),
    );
    assert!(
        contest <= grade * 5 / 2,
        "a contest: {contest} KiB, a grade: {grade} KiB"
    );
}
