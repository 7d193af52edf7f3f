//! End-to-end tests of `hog contest` on the built binary: every matrix entry
//! against an independent `hog grade` call, the match points recounted from
//! the matrix, hostile Python entries excluded with their reasons in bounded
//! time, and the cache.

use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use predicates::str::contains;
use serde_json::Value;

use crate::common::{dies, hog};

fn run_json(command: &mut Command) -> Value {
    let output = command.arg("--json").output().unwrap();
    assert!(
        output.status.success(),
        "hog failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    run_json(hog().args(args))
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// A table of pseudo-random actions from `low` to 10 (a fixed LCG, so the
/// test is reproducible), one row per score.
fn random_csv(goal: u32, low: i64, seed: u64) -> String {
    let mut x = seed;
    let mut text = String::new();
    for _ in 0..goal {
        let row: Vec<String> = (0..goal)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (low + ((x >> 33) % (11 - low) as u64) as i64).to_string()
            })
            .collect();
        text += &row.join(",");
        text += "\n";
    }
    text
}

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
    let report = run_json(
        hog()
            .current_dir(d)
            .env("HOG_TEST_SECRET", "x")
            .args([
                "contest",
                "subs",
                "always_roll(4)",
                "always_roll(1)",
                "--no-cache",
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
