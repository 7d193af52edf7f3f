//! End-to-end tests of `hog grade`'s costliest decisions: each gain listed
//! is the change of the win rate that `hog grade` finds when the strategy's
//! exported table is edited at that cell alone (every hidden value of it
//! under fa16, whose sides a course strategy cannot see), under rules with
//! and without zero-point turns; a run of cells on one line is a run of
//! cells where `hog explain --strategy` finds the same answer and the same
//! better one; a best response has none, and `--costliest 0` asks for none.
//!
//! Command lines written as one string are split at spaces.

use serde_json::Value;

use crate::common::line::{json, stdout};
use crate::common::{number, repo};

/// The strategy's table exported as JSON, edited at each listed cell to its
/// best answer and graded: the change of the win rate is the gain listed.
fn gains_are_the_edited_tables_grades(rules: &str, goal: u32, strategy: &str, count: usize) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.json");
    let file = file.to_str().unwrap();
    stdout(&[
        "export",
        strategy,
        "--rules",
        rules,
        "--goal",
        &goal.to_string(),
        "-o",
        file,
    ]);
    let table: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let graded = json(&["grade", file, "--costliest", &count.to_string()]);
    let base = number(&graded, "win_rate");
    let cells = graded["costliest"].as_array().unwrap();
    assert_eq!(cells.len(), count, "{graded}");
    let mut last = f64::INFINITY;
    for cell in cells {
        let (s, o) = (
            cell["score"].as_u64().unwrap(),
            cell["opponent_score"].as_u64().unwrap(),
        );
        let gain = number(cell, "gain");
        assert!(0.0 < gain && gain <= last, "{cell}: gains fall");
        last = gain;
        assert_eq!(
            cell["num_rolls"], table["table"][s as usize][o as usize],
            "{cell}"
        );
        assert_ne!(cell["num_rolls"], cell["best"], "{cell}");
        let mut edited = table.clone();
        edited["table"][s as usize][o as usize] = cell["best"].clone();
        let path = dir.path().join(format!("edited-{s}-{o}.json"));
        std::fs::write(&path, edited.to_string()).unwrap();
        let regraded = json(&["grade", path.to_str().unwrap(), "--costliest", "0"]);
        let change = number(&regraded, "win_rate") - base;
        assert!(
            (change - gain).abs() <= 1e-12,
            "{cell}: the edited table gains {change}"
        );
    }
}

#[test]
fn the_gains_are_the_grades_of_the_edited_table() {
    gains_are_the_edited_tables_grades("fa13", 100, "always_roll(5)", 5);
}

#[test]
fn under_hidden_sides_a_cell_changes_with_every_side() {
    // fa16's course strategy cannot see the dice sides: its JSON table has
    // one answer a pair of scores, for both sides.
    gains_are_the_edited_tables_grades("fa16", 40, "always_roll(4)", 4);
}

#[test]
fn where_a_turn_can_score_0_the_gains_are_exact_too() {
    // nju21's Picky Piggy can score 0: a pass can bring a game back.
    gains_are_the_edited_tables_grades("nju21", 40, "always_roll(6)", 4);
}

#[test]
fn a_run_of_cells_shares_one_mistake() {
    // Every line of a run: its cells all answer the same, and hog explain
    // finds the same better answer there; its gain is the highest listed.
    let args = "grade always_roll(5) --rules fa13 --costliest 8";
    let text = stdout(args);
    let cells = json(args)["costliest"].as_array().unwrap().clone();
    let lines: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("costliest "))
        .skip(1)
        .collect();
    assert!(!lines.is_empty(), "{text}");
    let mut runs = 0;
    for line in lines {
        // "score 1, opponent_scores 15 to 18: num_rolls 5, where 0 gains up to 0.002695613404 (4 cells)"
        let words: Vec<&str> = line
            .split([' ', ',', ':'])
            .filter(|w| !w.is_empty())
            .collect();
        let range = |at: usize| -> (u64, u64) {
            let low = words[at + 1].parse().unwrap();
            match words[at + 2] {
                "to" => (low, words[at + 3].parse().unwrap()),
                _ => (low, low),
            }
        };
        let scores = range(0);
        let opponent_scores = range(
            words
                .iter()
                .position(|w| w.starts_with("opponent_score"))
                .unwrap(),
        );
        let at = |key: &str| words[words.iter().position(|w| *w == key).unwrap() + 1];
        let (plays, best) = (at("num_rolls"), at("where"));
        let gain: f64 = words[words.iter().position(|w| *w == "gains").unwrap() + 1..]
            .iter()
            .find_map(|w| w.parse().ok())
            .unwrap();
        let mut highest = 0.0_f64;
        for s in scores.0..=scores.1 {
            for o in opponent_scores.0..=opponent_scores.1 {
                let e = json(&format!(
                    "explain --rules fa13 --strategy always_roll(5) --against always_roll(5) --score {s} --opp {o}"
                ));
                assert_eq!(e["plays"].to_string(), plays, "{line}: {s}-{o}");
                assert_eq!(e["best"].to_string(), best, "{line}: {s}-{o}");
                if let Some(c) = cells
                    .iter()
                    .find(|c| c["score"] == s && c["opponent_score"] == o)
                {
                    highest = highest.max(number(c, "gain"));
                }
            }
        }
        assert_eq!(format!("{highest:.12}"), format!("{gain:.12}"), "{line}");
        runs += usize::from(scores.0 < scores.1 || opponent_scores.0 < opponent_scores.1);
    }
    assert!(runs > 0, "some line is a run: {text}");
}

#[test]
fn a_best_response_has_no_costly_decision() {
    let table = repo().join("tables/fa13-best-response.hogtable");
    let table = table.to_str().unwrap();
    assert_eq!(json(&["grade", table])["costliest"], Value::Array(vec![]));
    let text = stdout(&["grade", table]);
    assert!(
        text.ends_with("costliest none: no cell's answer changed alone raises the win rate\n"),
        "{text}"
    );
    let none = json("grade always_roll(5) --rules fa13 --costliest 0");
    assert!(none.get("costliest").is_none(), "{none}");
    assert!(!stdout("grade always_roll(5) --rules fa13 --costliest 0").contains("costliest"));
}

/// Where a turn can score 0 (nju21), the cells are ranked by a first-order
/// estimate: a grade that finds no costly cell says it found none, not
/// that none exists.
#[test]
fn where_a_turn_can_score_zero_none_found_is_said_as_such() {
    let text = stdout("grade best_response(always_roll(6)) --rules nju21 --goal 30");
    assert!(
        text.ends_with(
            "costliest none found: where a turn can score 0 the cells are ranked by a \
             first-order estimate, and none ranked first raises the win rate when changed alone\n"
        ),
        "{text}"
    );
}
