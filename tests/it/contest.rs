//! End-to-end tests of `hog contest` on the built binary: every matrix
//! entry against an independent `hog grade` call, the match points and
//! ranks recounted from the matrix, a tie and the margin, the game taken
//! from the entries' files, an entry that sees the dice sides excluded, the
//! results written by extension (CSV fields quoted, the board's matrix
//! numbered by rank, the picture with rank 1 at the top), and about a
//! grade's memory at a large goal. And the cache: old pairs reused bit for
//! bit and an edited file graded again; the cache read before any entry
//! runs; a record that is no grade, any flipped bit, or a cache a module
//! forged noted and graded again.

use std::path::Path;
use std::process::Stdio;

use predicates::str::contains;
use serde_json::Value;

use crate::common::line::json;
use crate::common::{
    contest_run, contest_run_without_landlock, fails_in, hog, json_in, module, repo, run_ok,
    run_ok_without_landlock, stdout_in, text_in, write, write_all,
};

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

/// A contest's JSON report with no cache, and the cache file it writes.
fn honest_cache(dir: &Path, entries: &[&str]) -> (String, Vec<u8>) {
    let mut args = entries.to_vec();
    args.extend(["--goal", "5", "--json"]);
    let (_, fresh, _) = contest_run(dir, &[&args[..], &["--no-cache"]].concat());
    let (status, cached, _) = contest_run(dir, &[&args[..], &["--cache", "c.cache"]].concat());
    assert_eq!((status, &cached), (Some(0), &fresh));
    (fresh, std::fs::read(dir.join("c.cache")).unwrap())
}

/// The contest cache hog writes for `entries` at goal 5 in `dir`'s own
/// folder, and the report it shows.
fn honest_contest(dir: &Path, entries: &[&str]) -> (String, Vec<u8>) {
    let args = [&["contest"], entries, &["--goal", "5", "--json"]].concat();
    let report = run_ok(dir, &args);
    let cache = std::fs::read(dir.join("home/hog/contest.cache")).unwrap();
    (report, cache)
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
fn the_boards_matrix_numbers_each_entry_by_its_rank() {
    // bacon_strategy(100, 5) never takes Free Bacon (at most 10 points
    // under fa16), so it plays always_roll(5): the two tie for rank 1, and
    // always_roll(6) is ranked 3.
    let dir = tempfile::tempdir().unwrap();
    let output = hog()
        .current_dir(dir.path())
        .args([
            "contest",
            "always_roll(5)",
            "bacon_strategy(100, 5)",
            "always_roll(6)",
            "--rules",
            "fa16",
            "--goal",
            "30",
            "--no-cache",
            "-o",
            "board.html",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let board = std::fs::read_to_string(dir.path().join("board.html")).unwrap();
    let grid = board.split("<table class=\"grid\">").nth(1).unwrap();
    for (rank, name) in [
        (1, "always_roll(5)"),
        (1, "bacon_strategy(100, 5)"),
        (3, "always_roll(6)"),
    ] {
        assert!(
            grid.contains(&format!("<th title=\"{name}\">{rank}</th>")),
            "{name}: {grid}"
        );
        assert!(
            grid.contains(&format!("<th class=\"name\">{rank} {name}</th>")),
            "{name}: {grid}"
        );
    }
    // The excluded table's headers sit over its left-aligned cells.
    assert!(
        board.contains("th.name{text-align:left}")
            || board.contains("td.name,th.name{text-align:left}")
    );
}

#[test]
fn a_contest_plays_the_game_its_entries_record() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("sp")).unwrap();
    stdout_in(
        d,
        &[
            "export",
            "always_roll(5)",
            "--rules",
            "sp26",
            "-o",
            "sp/a.py",
        ],
    );
    stdout_in(
        d,
        &[
            "export",
            "boar_strategy",
            "--rules",
            "sp26",
            "-o",
            "sp/b.json",
        ],
    );
    let report = json_in(d, &["contest", "sp", "--no-cache"]);
    assert_eq!(report["rules"], "sp26", "{report}");
    for entry in report["entries"].as_array().unwrap() {
        assert_eq!(entry["status"], "ok", "{entry}");
    }
    // Each entry's figure is its own sp26 grade against sp26's baseline.
    let a = &report["entries"].as_array().unwrap()[1];
    assert_eq!(a["name"], "a");
    let grade = json_in(d, &["grade", "always_roll(5)", "--rules", "sp26"]);
    assert_eq!(a["win_rate_vs_baseline"], grade["win_rate"]);

    // Under --rules fa16 every entry was made for another game: excluded,
    // and a contest with nothing graded fails.
    let stderr = fails_in(d, &["contest", "sp", "--rules", "fa16", "--no-cache"]);
    assert!(stderr.contains("nothing graded"), "{stderr}");
    let output = hog()
        .current_dir(d)
        .args(["contest", "sp", "--rules", "fa16", "--no-cache"])
        .output()
        .unwrap();
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(
        table.contains(
            "excluded: a (sp/a.py): made for rules sp26 at goal 100, but the contest plays fa16"
        ),
        "{table}"
    );

    // Files made for two games: refused.
    stdout_in(
        d,
        &[
            "export",
            "always_roll(5)",
            "--rules",
            "fa13",
            "-o",
            "sp/c.py",
        ],
    );
    let stderr = fails_in(d, &["contest", "sp", "--no-cache"]);
    assert!(stderr.contains("one command plays one game"), "{stderr}");

    // Students' folders, each with its own ok config: their semester.
    for student in ["alice", "bob"] {
        let folder = d.join("class").join(student);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::copy(repo().join("samples/hog.py"), folder.join("hog.py")).unwrap();
        write(
            &folder,
            "proj1.ok",
            r#"{"endpoint": "cal/cs61a/sp14/proj1"}"#,
        );
    }
    let text = text_in(d, &["contest", "class", "--no-cache"]);
    assert!(
        text.starts_with("rules        fa13 (semester sp14, from class/"),
        "{text}"
    );
    assert!(
        text.contains("\nfa13 (= sp14), goal 100: 2 entries"),
        "{text}"
    );
}

#[test]
fn a_fa16_contest_excludes_what_sees_the_dice_sides() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "contest",
        "optimal",
        "always_roll(4)",
        "always_roll(6)",
        "--no-cache",
    ];
    let report = json_in(d, &args);
    let optimal = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "optimal")
        .unwrap();
    // hog grade says the same of it: it sees hidden state.
    assert_eq!(json_in(d, &["grade", "optimal"])["sees_hidden_state"], true);
    assert_eq!(optimal["status"], "excluded", "{report}");
    let reason = optimal["reason"].as_str().unwrap();
    assert!(reason.contains("the dice sides"), "{reason}");
    assert!(reason.contains("hog final --rules fa16"), "{reason}");
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

#[test]
fn the_contest_picture_names_its_entries_rank_1_at_the_top() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "contest",
        "always_roll(1)",
        "optimal",
        "always_roll(5)",
        "--rules",
        "fa13",
        "--no-cache",
    ];
    let report = json_in(d, &args);
    let names: Vec<&str> = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["optimal", "always_roll(5)", "always_roll(1)"]);
    stdout_in(d, &[&args[..], &["-o", "c.png"]].concat());
    let decoder = png::Decoder::new(std::fs::File::open(d.join("c.png")).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut rgb = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgb).unwrap();
    let at = |x: u32, y: u32| {
        let i = ((y * info.width + x) * 3) as usize;
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    let light = |[r, g, b]: [u8; 3]| 0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64;
    // The map: 480 pixels square at (210, 120), 160-pixel cells. Column 2
    // is always_roll(5): the top row (optimal, which beats it) is lighter
    // in viridis than the bottom row (always_roll(1), which loses to it).
    let (top, bottom) = (at(450, 200), at(450, 520));
    assert!(light(top) > light(bottom) + 50.0, "{top:?} {bottom:?}");
    // Each row is named left of the map: dark text in its band.
    for row in 0..3 {
        let band = 120 + 160 * row..120 + 160 * (row + 1);
        let dark = band
            .flat_map(|y| (100..204).map(move |x| (x, y)))
            .filter(|&(x, y)| at(x, y).iter().all(|&c| c < 60))
            .count();
        assert!(dark > 20, "row {row}: {dark} dark pixels");
    }
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
fn a_module_cannot_plant_a_cache_that_the_next_contest_believes() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let entries = ["always_roll(1)", "always_roll(6)"];
    let (honest, cache) = honest_contest(d, &entries);
    // What a module can write without the key: every record says the
    // first policy of the pair always wins, under a checksum of the rest.
    let mut forged = cache[..cache.len() - 32].to_vec();
    for record in forged[20..].chunks_exact_mut(56) {
        for (i, value) in [1.0f64, 0.0, 0.0].iter().enumerate() {
            record[32 + 8 * i..40 + 8 * i].copy_from_slice(&value.to_le_bytes());
        }
    }
    let checksum = Sha256::digest(&forged);
    forged.extend(checksum);
    std::fs::write(d.join("forged.cache"), &forged).unwrap();
    std::fs::remove_file(d.join("home/hog/contest.cache")).unwrap();
    // One grade of a module that puts it in place as it is imported.
    let planter = format!(
        "import shutil\ntry:\n    shutil.copy({:?}, {:?})\nexcept OSError:\n    pass\n",
        d.join("forged.cache"),
        d.join("home/hog/contest.cache")
    );
    write_all(d, &[("planter.py", module(&planter))]);
    // Behind the weaker wall, where it can reach the cache.
    run_ok_without_landlock(d, &["grade", "./planter.py", "--goal", "5"]);
    let args = [&["contest"], &entries[..], &["--goal", "5", "--json"]].concat();
    assert_eq!(run_ok(d, &args), honest);
}
