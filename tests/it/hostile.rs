//! A student's Python that misbehaves, end to end on the built binary: a
//! contest's hostile entries (endless, slow, forking, crashing, flooding
//! stderr, answering what is no action, or not deterministic) are excluded
//! with their reasons within a bounded time and the rest graded; answers a
//! module writes straight onto the driver's pipe are checked; hog measures
//! the time limit itself and names the state it asked; a large file beside
//! the entries excludes none of them; and a signal to hog, SIGKILL too,
//! leaves no python3 running and no folder behind, nor can an entry signal
//! hog or outlive it.

use std::process::Stdio;
use std::time::Duration;

use crate::common::{
    contest, contest_without_landlock, dead, dies, entry, fails_in, hog_in,
    hog_process_without_landlock, hog_without_landlock, module, pid_namespaces_allowed, run_json,
    wait_for, write, write_all,
};

#[test]
fn hostile_entries_are_excluded_with_their_reasons_and_the_rest_graded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let subs = d.join("subs");
    let strategy = |body: &str| format!("def final_strategy(score, opponent_score):\n{body}\n");
    let pid_file = d.join("child.pid");
    let entries = [
        ("good", strategy("    return 4")),
        ("endless", strategy("    while True:\n        pass")),
        (
            "slow",
            format!(
                "import time\n{}",
                strategy("    time.sleep(0.004)\n    return 4")
            ),
        ),
        (
            "fork",
            format!(
                "import os, time\nif os.fork() == 0:\n    open({:?}, 'w').write(os.readlink('/proc/self'))\n    time.sleep(3600)\nos.wait()\n{}",
                pid_file.to_str().unwrap(),
                strategy("    return 4")
            ),
        ),
        (
            "huge_output",
            "import os, sys\nfor _ in range(4000):\n    sys.stderr.write('x' * 1000 + '\\n')\nsys.stderr.write('THE END\\n')\nsys.stderr.flush()\nos._exit(1)\n".to_string(),
        ),
        ("none", strategy("    return None")),
        ("boolean", strategy("    return score >= 0")),
        ("illegal", strategy("    return 11 if opponent_score == 3 else 4")),
        (
            "random",
            format!("import random\n{}", strategy("    return random.randrange(11)")),
        ),
        ("crash", "import os\nos._exit(7)\n".to_string()),
        ("segfault", "import ctypes\nctypes.string_at(0)\n".to_string()),
        (
            "subclass",
            format!(
                "import enum\nclass N(enum.IntEnum):\n    FOUR = 4\n{}",
                strategy("    return N.FOUR")
            ),
        ),
        (
            "environment",
            format!(
                "import os\nassert 'HOG_TEST_SECRET' not in os.environ\n{}",
                strategy("    return 4")
            ),
        ),
    ];
    for (name, text) in &entries {
        write(&subs, &format!("{name}/hog.py"), text);
    }
    // A json.py where hog runs must not shadow the driver's json.
    write(d, "json.py", "raise SystemExit('the wrong json')\n");
    // hog's own clock stops each entry: at most 1 s to start, 1 s for the
    // import and for each round, and twice a second's grace, 6 s, so 78 s
    // for the 13 entries however loaded the machine. An entry left to run
    // on (the endless loop, the fork's hour-long sleep) would take hog past
    // 120 s, where it is killed and the test fails. (Not a speed test: on
    // an idle machine the contest takes about 8 s.)
    // Behind the weaker wall, where the forked child can write its pid.
    let report = run_json(
        hog_without_landlock()
            .current_dir(d)
            .env("HOG_TEST_SECRET", "x")
            .args([
                "contest",
                "subs",
                "always_roll(4)",
                "always_roll(1)",
                "--no-cache",
                "--weaker-sandbox",
            ])
            .args(["--goal", "20", "--python-timeout", "1"])
            .timeout(Duration::from_secs(120)),
    );
    let by_name = |name: &str| {
        report["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {report}"))
            .clone()
    };
    for ok in ["good", "subclass", "environment", "always_roll(4)"] {
        assert_eq!(
            by_name(ok)["status"],
            "ok",
            "{ok}: {}",
            by_name(ok)["reason"]
        );
        // Each plays always_roll(4): exactly half against the baseline.
        assert_eq!(by_name(ok)["win_rate_vs_baseline"], 0.5);
    }
    let reasons = [
        (
            "endless",
            vec![
                "did not answer every state within 1 s",
                "round 1 of 2 was asking final_strategy(0, 0)",
            ],
        ),
        // 400 answers of 4 ms: a round of 1.6 s, stopped at the limit.
        (
            "slow",
            vec!["did not answer every state within 1 s", "round 1 of 2"],
        ),
        ("huge_output", vec!["exited with status 1", "THE END"]),
        ("none", vec!["None", "score 0, opponent_score 0", "int"]),
        ("illegal", vec!["11", "score 0, opponent_score 3"]),
        ("random", vec!["not deterministic"]),
        ("crash", vec!["exited with status 7"]),
        ("segfault", vec!["signal 11"]),
    ];
    for (name, pieces) in reasons {
        let entry = by_name(name);
        assert_eq!(entry["status"], "excluded", "{name}");
        assert!(entry["points"].is_null() && entry["rank"].is_null());
        let reason = entry["reason"].as_str().unwrap();
        for piece in pieces {
            assert!(reason.contains(piece), "{name}: {reason}");
        }
    }
    // Only the tail of the 4 MB of error output is kept. (100 MB took the
    // import past its time limit on a loaded machine, and the reason was
    // then the time limit.)
    assert!(by_name("huge_output")["reason"].as_str().unwrap().len() < 70_000);
    // A user other than root may not fork at all (RLIMIT_NPROC 0); root
    // may, and then the child is killed with its group at the time limit.
    let fork = by_name("fork");
    assert_eq!(fork["status"], "excluded");
    let reason = fork["reason"].as_str().unwrap();
    match std::fs::read_to_string(&pid_file) {
        Ok(pid) => {
            assert!(
                reason.contains("did not answer every state within 1 s"),
                "{reason}"
            );
            // Killed with the group.
            assert!(dies(pid.trim()), "the forked child {pid} is still running");
        }
        Err(_) => assert!(reason.contains("import failed"), "{reason}"),
    }
    // bool is an int subclass: True is one die.
    assert_eq!(
        by_name("boolean")["win_rate_vs_baseline"],
        by_name("always_roll(1)")["win_rate_vs_baseline"]
    );
    // Excluded entries have no matrix cells.
    let names = report["matrix"]["names"].as_array().unwrap();
    let none = names.iter().position(|n| n == "none").unwrap();
    let w = &report["matrix"]["win_rate"];
    assert!((0..names.len()).all(|j| w[none][j].is_null() && w[j][none].is_null()));
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

#[test]
fn a_killed_hog_leaves_no_python3_and_its_folder_goes_with_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let temporary = d.join("tmp");
    std::fs::create_dir(&temporary).unwrap();
    let pid_file = d.join("endless.pid");
    let endless = format!(
        "import os\nopen({pid_file:?}, 'w').write(os.readlink('/proc/self'))\nwhile True:\n    pass\n"
    );
    write_all(d, &[("endless.py", endless), ("quick.py", module(""))]);
    // Behind the weaker wall, where the module can write its pid.
    let mut child = hog_process_without_landlock()
        .current_dir(d)
        .env("TMPDIR", &temporary)
        .args([
            "grade",
            "./endless.py",
            "--goal",
            "5",
            "--python-timeout",
            "600",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let python = wait_for(&pid_file);
    assert!(!dead(&python));
    child.kill().unwrap();
    child.wait().unwrap();
    let gone = dies(&python);
    if !gone {
        // Not left running after the test either.
        let _ = std::process::Command::new("kill")
            .args(["-KILL", &python])
            .status();
    }
    assert!(gone, "python3 {python} outlived a SIGKILLed hog");
    // The killed hog could not remove its folder; the next one does.
    let mut next = hog_in(d);
    next.env("TMPDIR", &temporary)
        .args(["grade", "./quick.py", "--goal", "5"]);
    assert!(next.output().unwrap().status.success());
    let left: Vec<_> = std::fs::read_dir(&temporary).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
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
