//! `hog rules` and the presets it knows, end to end on the built binary:
//! the list (every preset in order, its semesters, its course baseline and
//! target, and what a final_strategy of the two scores cannot see), `rules
//! show`'s canonical text and plain words, semesters that are another
//! preset's (sp24 and fa24 are sp26), rules the engine cannot compute
//! refused in one line by every command, memories named as memories, and a
//! table of the two scores playing under presets with hidden state.
//! Expected values come from the presets themselves (`hog_solver::PRESETS`)
//! and from docs/rules.md.
//!
//! Command lines written as one string are split at spaces.

use predicates::str::contains;
use serde_json::json;

use crate::common::line::{hog, json};
use crate::common::{contest, entry, one_error_line, run, run_ok};

#[test]
fn rules_lists_every_preset() {
    let value = json("rules");
    let presets = value["presets"].as_array().unwrap();
    let names: Vec<&str> = presets
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "fa16",
            "fa13",
            "sp26",
            "sp26-simple",
            "nju21",
            "sp13",
            "fa12",
            "fa14",
            "sp15",
            "su15",
            "fa15",
            "su16",
            "sp17",
            "su17",
            "fa17",
            "sp18",
            "su18",
            "fa18",
            "sp19",
            "su19",
            "fa19",
            "sp20",
            "su20",
            "fa20",
            "sp21",
            "su21",
            "fa21",
            "sp22",
            "su22",
            "fa22",
            "fa22-simple",
            "su23",
            "nju23",
            "fa13-contest",
            "fa14-contest",
            "su15-contest",
            "sp17-contest",
            "fa17-contest",
            "sp18-contest",
            "su18-contest",
            "fa18-contest",
            "sp19-contest",
            "su19-contest",
            "sp21-contest"
        ]
    );
    assert_eq!(presets[0]["baseline"], "always_roll(4)");
    hog("rules").assert().success().stdout(contains("nju21"));
}

#[test]
fn rules_show_prints_the_canonical_text_and_plain_words() {
    let fa13 = json("rules show fa13");
    assert_eq!(fa13["name"], "fa13");
    assert_eq!(fa13["actions"], json!([0, 10]));
    // The canonical text round-trips to the preset.
    let text = fa13["rules"].as_str().unwrap();
    assert_eq!(json(&format!("rules show {text}"))["name"], "fa13");
    hog("rules show fa16")
        .assert()
        .success()
        .stdout(contains("special=pork_chop"))
        .stdout(contains("Pork Chop"));
}

#[test]
fn sp24_and_fa24_are_the_rules_of_sp26() {
    for alias in ["sp24", "fa24"] {
        let shown = json(&format!("rules show {alias}"));
        assert_eq!(shown["name"], "sp26");
        assert_eq!(
            json(&format!("grade boar_strategy --rules {alias}")),
            json("grade boar_strategy --rules sp26")
        );
    }
}

#[test]
fn rules_list_gives_every_preset_its_semesters_and_what_final_strategy_cannot_see() {
    let dir = tempfile::tempdir().unwrap();
    let listing = crate::common::json_in(dir.path(), &["rules", "list"]);
    let presets = listing["presets"].as_array().unwrap();
    assert_eq!(presets.len(), hog_solver::PRESETS.len());
    for (shown, preset) in presets.iter().zip(hog_solver::PRESETS) {
        assert_eq!(shown["name"], preset.name);
        assert_eq!(shown["aliases"], serde_json::json!(preset.aliases));
        assert_eq!(shown["baseline"], preset.baseline);
        assert_eq!(shown["target"], serde_json::json!(preset.target));
        // Pork Chop, Perfect Piggy and Ham Hijinks (docs/rules.md) change
        // state a course strategy cannot see: the dice sides; Feral Hogs
        // keeps each player's memory of their previous turn, Pig Fest each
        // player's run of Pig Outs, Time Trot the turn number and whether
        // this turn is an extra one.
        let sides = [
            "special=pork_chop",
            "special=perfect_piggy",
            "special=ham_hijinks",
        ]
        .iter()
        .any(|rule| preset.text.contains(rule));
        let parts: Vec<&str> = [
            (sides, "the dice sides"),
            (
                preset.text.contains("feral_hogs_"),
                "each player's previous turn",
            ),
            (
                preset.text.contains("pig_fest"),
                "each player's Pig Outs in a row",
            ),
            (
                preset.text.contains("time_trot_"),
                "the turn number and whether the turn is an extra turn",
            ),
        ]
        .iter()
        .filter(|(hides, _)| *hides)
        .map(|(_, what)| *what)
        .collect();
        let hidden = (!parts.is_empty()).then(|| parts.join(" and "));
        assert_eq!(
            shown["final_strategy_sees_all_state"],
            hidden.is_none(),
            "{}",
            preset.name
        );
        assert_eq!(shown["hidden_state"], serde_json::json!(hidden));
        assert_eq!(shown["graded_as"], serde_json::json!(preset.graded_as));
    }
    // The plain listing: a header, then a row per preset naming its aliases;
    // plain `hog rules` prints the same.
    let (status, plain, _) = run(dir.path(), &["rules", "list"]);
    assert_eq!(status, 0);
    assert_eq!(run(dir.path(), &["rules"]).1, plain);
    let rows: Vec<&str> = plain.lines().skip(1).collect();
    assert_eq!(rows.len(), hog_solver::PRESETS.len());
    for (row, preset) in rows.iter().zip(hog_solver::PRESETS) {
        assert!(row.starts_with(&format!("{} ", preset.name)), "{row}");
        for alias in preset.aliases {
            assert!(row.contains(&format!(" {alias} ")), "{alias} in {row}");
        }
        match preset.graded_as {
            None => assert!(row.ends_with(preset.course), "{row}"),
            Some(graded) => assert!(
                row.ends_with(&format!(
                    "{} (a step of the project, not graded: hand in {graded}'s file)",
                    preset.course
                )),
                "{row}"
            ),
        }
    }
}

#[test]
fn rules_the_engine_cannot_compute_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = |zero: &str, pig_out: &str, bonus: &str, after: &str, extra: &str| {
        format!(
            "zero={zero},sides=six,reroll=never,pig_out={pig_out},bonus={bonus},points=none,\
             after={after},limit=none,special=none{extra}"
        )
    };
    let cases = [
        (
            text(
                "pig_tail",
                "one_point",
                "none",
                "feral_hogs_rolls+feral_hogs_points",
                "",
            ),
            "keeps two memories",
        ),
        (
            text("pig_tail", "zero_piggy_back", "feral_hogs", "none", ""),
            "pig_out=zero_piggy_back cannot be combined with bonus=feral_hogs",
        ),
        (
            text(
                "picky_piggy",
                "one_point",
                "none",
                "none",
                ",extra=pig_pass",
            ),
            "extra turns (extra=pig_pass) cannot be combined with zero=picky_piggy",
        ),
        (
            text("hefty_hogs", "one_point", "none", "feral_hogs_points", ""),
            "a memory of the previous turn (after=feral_hogs_points) cannot be combined",
        ),
    ];
    for (rules, message) in &cases {
        let players = ["--p0", "always_roll(3)", "--p1", "always_roll(4)"];
        for args in [
            vec!["rules", "show", rules.as_str()],
            vec![
                "turn", "--rules", rules, "--rolls", "2", "--dice", "1,3", "--score", "0", "--opp",
                "0",
            ],
            [
                &[
                    "simulate", "--rules", rules, "--games", "10", "--goal", "10",
                ],
                &players[..],
            ]
            .concat(),
            [
                &["replay", "--rules", rules, "--dice", "1,3", "--goal", "10"],
                &players[..],
            ]
            .concat(),
            vec![
                "export",
                "always_roll(3)",
                "--rules",
                rules,
                "--goal",
                "10",
                "--format",
                "csv",
            ],
        ] {
            let e = one_error_line(d, &args);
            assert!(e.contains(message), "{args:?}: {e}");
        }
    }
    // A newline in a rules text stays inside the one line.
    let e = one_error_line(d, &["rules", "show", "zero=boar_brawl\nsides=six"]);
    assert!(e.contains("zero=boar_brawl\\u{a}sides=six"), "{e}");
}

#[test]
fn memories_are_named_as_memories() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let solve = run_ok(d, &["solve", "--rules", "sp20", "--goal", "3"]);
    assert!(
        solve.contains(
            "states       1764 (196 values of each player's previous turn x 3 x 3 scores)"
        ),
        "{solve}"
    );
    assert!(!solve.contains("sides"), "{solve}");
    let e = one_error_line(
        d,
        &[
            "export", "optimal", "--rules", "sp20", "--goal", "12", "--format", "csv",
        ],
    );
    assert!(
        e.contains("depends on each player's previous turn") && !e.contains("Pork Chop"),
        "{e}"
    );
    // One slice, named by its words.
    let csv = run_ok(
        d,
        &[
            "export",
            "optimal",
            "--rules",
            "sp20",
            "--goal",
            "12",
            "--format",
            "json",
            "--hidden",
            "memories 2 (mover) and 3 (opponent)",
        ],
    );
    assert!(
        csv.contains("\"hidden_slice\": \"memories 2 (mover) and 3 (opponent)\""),
        "{csv}"
    );
    // explain and dist say which memories they assume, and take others.
    let explain = run_ok(
        d,
        &[
            "explain", "--score", "3", "--opp", "4", "--rules", "sp20", "--goal", "12",
        ],
    );
    assert!(
        explain
            .lines()
            .next()
            .unwrap()
            .contains("memories 0 (mover) and 0 (opponent)"),
        "{explain}"
    );
    let dist = run_ok(
        d,
        &[
            "dist",
            "--score",
            "3",
            "--opp",
            "4",
            "--rolls",
            "2",
            "--rules",
            "sp20",
            "--hidden",
            "memories 4 mover and 0 opponent",
        ],
    );
    assert!(
        dist.lines()
            .next()
            .unwrap()
            .contains("memories 4 (mover) and 0 (opponent)"),
        "{dist}"
    );
    // A strategy's mix over 196 values stays a short line.
    let final_line = run_ok(
        d,
        &[
            "explain",
            "--score",
            "0",
            "--opp",
            "0",
            "--rules",
            "sp20",
            "--goal",
            "12",
            "--strategy",
            "final",
        ],
    );
    assert!(final_line.lines().all(|l| l.len() < 1000), "{final_line}");
    // su17's dice sides are flipped by Perfect Piggy, not by a Pork Chop.
    let e = one_error_line(
        d,
        &[
            "export", "optimal", "--rules", "su17", "--goal", "30", "--format", "csv",
        ],
    );
    assert!(
        e.contains("the dice sides") && !e.contains("Pork Chop"),
        "{e}"
    );
    // A heatmap of one slice names it.
    run_ok(
        d,
        &[
            "heatmap", "optimal", "--rules", "sp20", "--goal", "12", "-o", "m.svg",
        ],
    );
    let svg = std::fs::read_to_string(d.join("m.svg")).unwrap();
    assert!(
        svg.contains("at memories 0 (mover) and 0 (opponent), one of the 196 values"),
        "{svg:.300}"
    );
}

#[test]
fn a_table_of_the_two_scores_plays_under_every_preset() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for rules in ["sp20", "fa19", "su20", "fa16"] {
        let table = format!("{rules}.json");
        run_ok(
            d,
            &["final", "--rules", rules, "--goal", "12", "-o", &table],
        );
        let csv = format!("{rules}.csv");
        run_ok(
            d,
            &[
                "export",
                "always_roll(4)",
                "--rules",
                rules,
                "--goal",
                "12",
                "-o",
                &csv,
            ],
        );
        for file in [&table, &csv] {
            let path = format!("./{file}");
            run_ok(d, &["grade", &path, "--rules", rules, "--goal", "12"]);
            run_ok(
                d,
                &[
                    "explain",
                    "--score",
                    "3",
                    "--opp",
                    "4",
                    "--strategy",
                    &path,
                    "--rules",
                    rules,
                    "--goal",
                    "12",
                ],
            );
            run_ok(
                d,
                &[
                    "heatmap", &path, "--rules", rules, "--goal", "12", "-o", "map.png",
                ],
            );
        }
        let report = contest(
            d,
            &[
                &format!("./{table}"),
                &format!("./{csv}"),
                "--rules",
                rules,
                "--goal",
                "12",
            ],
        );
        assert_eq!(entry(&report, rules).0, "ok", "{report}");
    }
}
