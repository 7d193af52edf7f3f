//! End-to-end tests of `hog contest` on the built binary: every matrix entry
//! against an independent `hog grade` call, the match points recounted from
//! the matrix, hostile Python entries excluded with their reasons in bounded
//! time, and the cache.

use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use predicates::str::contains;
use serde_json::Value;

use crate::common::{dies, hog, hog_without_landlock};

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
fn every_matrix_entry_is_the_grade_of_the_pair() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // fa16 with Pork Chop tables (the dice sides are hidden state) and
    // nju21, where passes make endless games (draws).
    for (rules, low, expressions) in [
        ("fa16", -1, ["always_roll(4)", "bacon_strategy"]),
        ("nju21", 0, ["always_roll(0)", "optimal"]),
    ] {
        let goal = "40";
        let a = write(d, &format!("{rules}/a.csv"), &random_csv(40, low, 1));
        let b = write(d, &format!("{rules}/b.csv"), &random_csv(40, low, 2));
        let mut args = vec!["contest", &a, &b, expressions[0], expressions[1]];
        args.extend(["--rules", rules, "--goal", goal, "--no-cache"]);
        let report = json(&args);
        let entries = report["entries"].as_array().unwrap();
        assert_eq!(entries.len(), 4);
        let names: Vec<&str> = report["matrix"]["names"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap())
            .collect();
        let w = &report["matrix"]["win_rate"];
        let mut most_draws: f64 = 0.0;
        for (i, entry) in entries.iter().enumerate() {
            assert_eq!(entry["status"], "ok");
            assert_eq!(entry["name"].as_str().unwrap(), names[i]);
            assert!(w[i][i].is_null());
            let source = entry["source"].as_str().unwrap();
            // Against the course baseline: `hog grade` with its default baseline.
            let alone = json(&["grade", source, "--rules", rules, "--goal", goal]);
            assert_eq!(entry["win_rate_vs_baseline"], alone["win_rate"]);
            let mut points = 0;
            for (j, other) in entries.iter().enumerate() {
                if i == j {
                    continue;
                }
                let other = other["source"].as_str().unwrap();
                let grade = json(&[
                    "grade",
                    source,
                    "--baseline",
                    other,
                    "--rules",
                    rules,
                    "--goal",
                    goal,
                ]);
                assert_eq!(w[i][j], grade["win_rate"], "{source} vs {other}");
                let wij = w[i][j].as_f64().unwrap();
                let wji = w[j][i].as_f64().unwrap();
                let draw = grade["draw"].as_f64().unwrap();
                assert!(
                    (wij + wji + draw - 1.0).abs() < 1e-12,
                    "{source} vs {other}"
                );
                most_draws = most_draws.max(draw);
                if wij > 0.5 + 1e-6 {
                    points += 1;
                }
            }
            assert_eq!(entry["points"], points, "{source}");
        }
        // Ranks: 1 + the number of entries with more points, in order.
        for (i, entry) in entries.iter().enumerate() {
            let p = entry["points"].as_u64().unwrap();
            let above = entries
                .iter()
                .filter(|e| e["points"].as_u64().unwrap() > p)
                .count();
            assert_eq!(entry["rank"], above + 1);
            if i > 0 {
                assert!(entries[i - 1]["points"].as_u64().unwrap() >= p);
            }
        }
        if rules == "nju21" {
            // Some of these games never end.
            assert!(most_draws > 1e-3, "nju21 draws {most_draws}");
        }
    }
}

#[test]
fn a_tie_is_no_match_point_and_the_margin_decides() {
    // The same strategy twice, written two ways (the same text twice is one
    // entry given twice): each wins exactly one half of the pair.
    let report = json(&[
        "contest",
        "always_roll(4)",
        "swap_strategy(8, 4)",
        "always_roll(n=4)",
        "--rules",
        "fa13",
        "--no-cache",
        "--goal",
        "50",
    ]);
    let entries = report["entries"].as_array().unwrap();
    let w = &report["matrix"]["win_rate"];
    let twin: Vec<usize> = (0..3)
        .filter(|&i| entries[i]["source"] != "swap_strategy(8, 4)")
        .collect();
    assert_eq!(twin.len(), 2, "{report}");
    // Exactly one half but for rounding; a tie is no point either way.
    assert!((w[twin[0]][twin[1]].as_f64().unwrap() - 0.5).abs() < 1e-12);
    // The two twins get the same points and rank.
    assert_eq!(entries[twin[0]]["points"], entries[twin[1]]["points"]);
    assert_eq!(entries[twin[0]]["rank"], entries[twin[1]]["rank"]);
    // A margin above every win rate's excess leaves no points at all.
    let strict = json(&[
        "contest",
        "always_roll(4)",
        "always_roll(6)",
        "--margin",
        "0.49",
        "--no-cache",
        "--goal",
        "50",
    ]);
    for entry in strict["entries"].as_array().unwrap() {
        assert_eq!(entry["points"], 0);
        assert_eq!(entry["rank"], 1);
    }
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
fn the_cache_reuses_old_pairs_and_regrades_an_edited_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cache = d.join("contest.cache");
    let cache = cache.to_str().unwrap();
    let folder = d.join("entries");
    let folder = folder.to_str().unwrap();
    let goal = "30";
    write(d, "entries/a.csv", &random_csv(30, -1, 1));
    write(d, "entries/b.csv", &random_csv(30, -1, 2));
    let run = || {
        let output = hog()
            .args(["contest", folder, "--goal", goal, "--cache", cache])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    assert!(run().contains("1 pairs: 1 graded now, 0 reused from the cache"));
    assert!(run().contains("1 pairs: 0 graded now, 1 reused from the cache"));
    write(d, "entries/c.csv", &random_csv(30, -1, 3));
    assert!(run().contains("3 pairs: 2 graded now, 1 reused from the cache"));
    // An edited file is a new table: its two pairs are graded again.
    write(d, "entries/a.csv", &random_csv(30, -1, 4));
    assert!(run().contains("3 pairs: 2 graded now, 1 reused from the cache"));
    // The reused grades are the fresh ones, bit for bit.
    let cached = json(&["contest", folder, "--goal", goal, "--cache", cache]);
    let fresh = json(&["contest", folder, "--goal", goal, "--no-cache"]);
    assert_eq!(cached, fresh);
    // A file there that is no cache hog wrote is refused before any work,
    // and with --force replaced: everything is graded again.
    std::fs::write(cache, b"not a cache").unwrap();
    let refused = hog()
        .args(["contest", folder, "--goal", goal, "--cache", cache])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("hog did not write it"));
    assert_eq!(std::fs::read(cache).unwrap(), b"not a cache");
    let forced = hog()
        .args([
            "contest", folder, "--goal", goal, "--cache", cache, "--force",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&forced.stdout)
        .contains("3 pairs: 3 graded now, 0 reused from the cache"));
}

#[test]
fn results_are_written_by_extension() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // fa13: under fa16, optimal sees the dice sides and is excluded.
    let base = [
        "contest",
        "always_roll(4)",
        "always_roll(6)",
        "optimal",
        "--rules",
        "fa13",
    ];
    let with = |name: &str| {
        let path = d.join(name);
        hog()
            .args(base)
            .args(["--goal", "30", "--no-cache", "-o"])
            .arg(&path)
            .assert()
            .success();
        std::fs::read(path).unwrap()
    };
    let csv = String::from_utf8(with("board.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "rank,points,win_rate_vs_baseline,name,source,status,reason,note"
    );
    assert!(lines[1].starts_with("1,2,"), "{csv}");
    assert!(lines[1].ends_with("optimal,optimal,ok,,"), "{csv}");
    let everything: Value = serde_json::from_slice(&with("board.json")).unwrap();
    let w = &everything["matrix"]["win_rate"];
    let draw = &everything["draw"];
    assert!(draw[0][0].is_null());
    let sum = w[0][1].as_f64().unwrap() + w[1][0].as_f64().unwrap() + draw[0][1].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-12);
    assert_eq!(everything["pairs"], 3);
    let page = String::from_utf8(with("board.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("always_roll(6)"));
    assert!(!page.contains("<script") && !page.contains("http"));
    let png = with("board.png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    hog()
        .args(base)
        .args(["--no-cache", "-o", "board.txt"])
        .assert()
        .code(2)
        .stderr(contains("board.txt: unknown output type 'txt'"));
    hog()
        .args(["contest", "always_roll(4)", "--margin", "0.5", "--no-cache"])
        .assert()
        .code(2)
        .stderr(contains("--margin 0.5"));
}

#[test]
fn csv_fields_with_commas_or_quotes_are_quoted() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "we\"ird,name.py",
        "def final_strategy(score, opponent_score):\n    return 4\n",
    );
    hog()
        .current_dir(d)
        .args([
            "contest",
            "we\"ird,name.py",
            "bacon_strategy(margin=8, num_rolls=4)",
        ])
        .args([
            "--rules",
            "fa13",
            "--goal",
            "20",
            "--no-cache",
            "-o",
            "board.csv",
        ])
        .assert()
        .success();
    let csv = std::fs::read_to_string(d.join("board.csv")).unwrap();
    // RFC 4180: a field with a comma or a quote is quoted, its quotes doubled.
    assert!(
        csv.contains(",\"we\"\"ird,name\",\"we\"\"ird,name.py\",ok,,\n"),
        "{csv}"
    );
    assert!(
        csv.contains(
            ",\"bacon_strategy(margin=8, num_rolls=4)\",\"bacon_strategy(margin=8, num_rolls=4)\",ok,,\n"
        ),
        "{csv}"
    );
    // Two rows under the header, and the seal.
    assert_eq!(csv.lines().count(), 4, "{csv}");
    assert!(
        csv.lines().last().unwrap().starts_with("# hog seal: "),
        "{csv}"
    );
}
