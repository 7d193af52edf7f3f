//! End-to-end tests of `hog explain`: each action's chance at a state and
//! the outcomes of the best, worked by hand near the goal; a pass that comes
//! back is a draw worth one half; the chosen action and its chance are the
//! solve's; `--exact` prints the fractions; `--strategy` explains any
//! strategy, the file to hand in among them, as a mix over what it cannot
//! see; and the first line says it explains the self-play optimum and
//! counts draws only under rules where games can be endless. Expected values
//! are worked out by hand from docs/rules.md (the working is in the
//! comments) or come from `hog solve` and the committed file to hand in.
//!
//! Command lines written as one string are split at spaces.

use serde_json::Value;

use crate::common::line::{fails, json, stdout};
use crate::common::{in_empty, json_in, number, project, repo, run, text_in};

#[test]
fn explain_near_the_goal_matches_the_rules_worked_by_hand() {
    // fa13 to 4 at 3 vs 3 (sum 6: six-sided dice). Every turn scores at least
    // 1 and reaches the goal; it loses only if the mover's new score is
    // exactly double 3, i.e. 3 points, and Swine Swap hands 6 to the opponent.
    // 0 dice: Free Bacon 1 + 3 = 4 points, 7 vs 3: a win. 1 die: 3 comes up
    // with probability 1/6: 5/6. Two or more dice score 1 (a 1 shows) or a sum
    // of faces 2..6, at least 4: never 3, a win.
    let e = json("explain --rules fa13 --goal 4 --score 3 --opp 3");
    let wins: Vec<(i64, f64)> = e["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["num_rolls"].as_i64().unwrap(), a["win"].as_f64().unwrap()))
        .collect();
    assert_eq!(wins.len(), 11, "actions 0 to 10");
    for (num_rolls, win) in wins {
        let by_hand = if num_rolls == 1 { 5.0 / 6.0 } else { 1.0 };
        assert!((win - by_hand).abs() < 1e-15, "{num_rolls}: {win}");
    }
    // Ties go to the lowest num_rolls: 0, tied with 2.
    assert_eq!(e["best"], 0);
    assert_eq!(e["runner_up"], 2);
    assert!(e["margin"].as_f64().unwrap().abs() < 1e-15);
    let outcomes = e["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0]["points"], 4);
    assert_eq!(outcomes[0]["score"], 7);
    assert_eq!(outcomes[0]["fraction"], "1/1");
    assert_eq!(outcomes[0]["then"], "win");
    let text = stdout("explain --rules fa13 --goal 4 --score 3 --opp 3");
    assert!(text.contains("a tie with 2"), "{text}");
}

#[test]
fn explain_a_pass_that_comes_back_is_a_draw() {
    // nju21 at 8 vs 19 (docs/rules.md): 0 dice scores 0 and swaps the scores,
    // so the opponent faces 8 vs 19 in turn. If neither player has an exit
    // worth more than a draw, both pass for ever: worth exactly 1/2.
    let e = json("explain --rules nju21 --score 8 --opp 19");
    assert_eq!(e["best"], 0);
    assert_eq!(e["win"].as_f64(), Some(0.5));
    for a in e["actions"].as_array().unwrap() {
        if a["num_rolls"] != 0 {
            assert!(a["win"].as_f64().unwrap() < 0.5, "{a}");
        }
    }
    assert_eq!(e["outcomes"][0]["points"], 0);
    assert_eq!(e["outcomes"][0]["then"], "play on");
}

#[test]
fn explain_agrees_with_the_solved_value_and_action() {
    // At 0-0 the chosen action and its chance are the solve's opening action
    // and first-mover value (summed in another order: within 1e-12).
    for rules in ["fa16", "fa13", "sp26", "nju21", "sp13"] {
        let e = json(&format!("explain --rules {rules} --score 0 --opp 0"));
        let solved = json(&format!("solve --rules {rules}"));
        assert_eq!(e["best"], solved["opening_action"], "{rules}");
        let (win, value) = (
            e["win"].as_f64().unwrap(),
            solved["first_mover_win"].as_f64().unwrap(),
        );
        assert!((win - value).abs() < 1e-12, "{rules}: {win} vs {value}");
        // No other action beats the chosen one.
        for a in e["actions"].as_array().unwrap() {
            assert!(a["win"].as_f64().unwrap() <= win + 1e-12, "{rules}: {a}");
        }
    }
    let e = json("explain --rules fa13 --score 0 --opp 0 --against always_roll(5)");
    let solved = json("solve --rules fa13 --against always_roll(5)");
    assert_eq!(e["best"], solved["opening_action"]);
    let (win, first) = (
        e["win"].as_f64().unwrap(),
        solved["first"].as_f64().unwrap(),
    );
    assert!((win - first).abs() < 1e-12, "{win} vs {first}");
    // The best action's outcomes add up to 1.
    let total: f64 = e["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    fails("explain --score 100 --opp 0", &["score 100"]);
    fails(
        "explain --rules fa13 --score 0 --opp 0 --sides 4",
        &["sides 4"],
    );
}

#[test]
fn explain_exact_prints_the_fractions() {
    // At 40 vs 99 in fa13, rolling 0 makes it 50 vs 99, and always_roll(5)
    // then rolls a 1 with probability 1 - (5/6)^5 = 4651/7776, which swaps
    // the scores: 7776 = 2^5·3^5.
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "explain",
        "--rules",
        "fa13",
        "--score",
        "40",
        "--opp",
        "99",
        "--against",
        "always_roll(5)",
    ];
    let plain = text_in(dir.path(), &args);
    let exact = text_in(dir.path(), &[&args[..], &["--exact"]].concat());
    assert_ne!(plain, exact);
    assert!(exact.contains("        0  0.59812242798353909"), "{exact}");
    assert!(exact.contains("= 4651 / (2^5·3^5)"), "{exact}");
}

#[test]
fn explain_explains_any_strategy_and_the_file_to_hand_in() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The file to hand in, as committed, answers 40-60 with...
    let answer = std::process::Command::new("python3")
        .current_dir(repo().join("tables"))
        .args([
            "-c",
            "import importlib; m = importlib.import_module('fa16-final'); print(m.final_strategy(40, 60))",
        ])
        .output()
        .unwrap();
    assert!(answer.status.success(), "{answer:?}");
    let answer: i64 = String::from_utf8(answer.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let e = json_in(
        d,
        &[
            "explain",
            "--score",
            "40",
            "--opp",
            "60",
            "--strategy",
            "final",
        ],
    );
    assert_eq!(e["plays"], answer, "{e}");
    assert_eq!(e["best"], answer, "{e}");
    assert_eq!(e["against"], "always_roll(4)");
    // The mix: shares of the hidden dice sides that sum to 1, and each
    // action's chance their weighted mean.
    let hidden = e["hidden"].as_array().unwrap();
    let shares: Vec<f64> = hidden.iter().map(|h| number(h, "share")).collect();
    assert_eq!(hidden.len(), 2);
    assert!(
        (shares.iter().sum::<f64>() - 1.0).abs() < 1e-12,
        "{shares:?}"
    );
    for action in e["actions"].as_array().unwrap() {
        let by: Vec<f64> = action["by_hidden"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let mix: f64 = by.iter().zip(&shares).map(|(w, s)| w * s).sum();
        assert!((mix - number(action, "win")).abs() < 1e-12, "{action}");
    }
    // The committed file is the one `--strategy final` searches for
    // (all_presets checks it): explained from the file, it reads the same.
    let committed = repo().join("tables/fa16-final.py");
    let text = text_in(
        d,
        &[
            "explain",
            "--score",
            "40",
            "--opp",
            "60",
            "--strategy",
            committed.to_str().unwrap(),
        ],
    );
    assert!(text.contains("sees only the two scores"), "{text}");
    // The sighted answer says that it sees the sides.
    let text = text_in(d, &["explain", "--score", "40", "--opp", "60"]);
    assert!(
        text.contains("note: this answer sees the dice sides"),
        "{text}"
    );

    // Where nothing is hidden, explaining the best response as a strategy
    // (its evaluation) gives the solved chances (its solve), by two paths.
    for (score, opp) in [("40", "99"), ("30", "50"), ("0", "0")] {
        let at = ["explain", "--rules", "fa13", "--score", score, "--opp", opp];
        let solved = json_in(d, &[&at[..], &["--against", "always_roll(5)"]].concat());
        let played = json_in(
            d,
            &[
                &at[..],
                &[
                    "--strategy",
                    "best_response(always_roll(5))",
                    "--against",
                    "always_roll(5)",
                ],
            ]
            .concat(),
        );
        assert_eq!(played["best"], solved["best"]);
        assert_eq!(played["plays"], solved["best"]);
        let chances = |v: &Value| -> Vec<f64> {
            v["actions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| number(a, "win"))
                .collect()
        };
        for (a, b) in chances(&solved).iter().zip(chances(&played)) {
            assert!((a - b).abs() < 1e-12, "{score}-{opp}: {a} vs {b}");
        }
    }
}

#[test]
fn explain_says_it_explains_the_optimum_and_counts_draws_only_where_they_happen() {
    let args = ["explain", "--score", "40", "--opp", "60", "--goal", "100"];
    let (_, fa13, stderr) = in_empty(&[&args[..], &["--rules", "fa13"]].concat());
    let first = fa13.lines().next().unwrap_or_default().to_string();
    assert!(
        first.contains("self-play optimum, not a strategy of yours"),
        "{first}{stderr}"
    );
    assert!(!first.contains("draw"), "{first}");
    let (_, nju21, _) = in_empty(&[&args[..], &["--rules", "nju21"]].concat());
    assert!(
        nju21
            .lines()
            .next()
            .unwrap_or_default()
            .contains("(a draw counts 1/2)"),
        "{nju21}"
    );
}

#[test]
fn explain_in_a_project_folder_explains_the_optimum_and_counts_draws_only_where_they_happen() {
    let args = ["explain", "--score", "40", "--opp", "60"];
    for (semester, draws) in [("fa22", false), ("sp22", true)] {
        let config = format!(r#"{{"endpoint": "cal/cs61a/{semester}/proj01"}}"#);
        let (dir, _) = project(Some(("proj01.ok", &config)));
        let (status, stdout, stderr) = run(dir.path(), &args);
        assert_eq!(status, 0, "{semester}: {stderr}");
        let said = stdout.lines().nth(1).unwrap_or_default();
        assert!(
            said.starts_with(&format!(
                "{semester}, goal 100: score 40, opponent_score 60"
            )),
            "{stdout}"
        );
        assert!(
            said.contains("both players play the self-play optimum, not a strategy of yours"),
            "{said}"
        );
        assert_eq!(said.contains("(a draw counts 1/2)"), draws, "{said}");
        assert_eq!(stdout.contains("draw"), draws, "{stdout}");
    }
}
