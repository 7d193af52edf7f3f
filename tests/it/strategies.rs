//! Strategies as the command line writes them: a course strategy by
//! keyword or by position, as the course writes it; `baseline`, the
//! preset's course baseline; and an error that names a bad strategy once.
//! Expected values are the win rates `hog grade` gives the same strategy
//! written another way, and the course baselines of docs/rules.md.
//!
//! Command lines are written as one string and split at spaces.

use assert_cmd::Command;
use serde_json::Value;

use crate::common::line::{fails, json};

/// The exact win rate `hog grade ARGS` reports.
fn win_rate(args: &str) -> f64 {
    json(&format!("grade {args}"))["win_rate"].as_f64().unwrap()
}

#[test]
fn strategies_are_written_as_the_course_writes_them() {
    // Keyword arguments name the parameters of docs/rules.md; a strategy
    // written by keyword is the same strategy as written by position.
    // (Command lines here split at spaces; one keeps its spaces.)
    let spaced = Command::cargo_bin("hog")
        .unwrap()
        .args(["grade", "bacon_strategy(margin=8, num_rolls=4)", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let spaced: Value = serde_json::from_slice(&spaced).unwrap();
    assert_eq!(
        spaced["win_rate"].as_f64(),
        Some(win_rate("bacon_strategy(8,4)"))
    );
    for (keywords, positions) in [
        (
            "bacon_strategy(margin=8,num_rolls=4)",
            "bacon_strategy(8,4)",
        ),
        ("bacon_strategy(num_rolls=6)", "bacon_strategy(8,6)"),
        ("swap_strategy(9,num_rolls=3)", "swap_strategy(9,3)"),
        ("always_roll(n=4)", "always_roll(4)"),
    ] {
        assert_eq!(win_rate(keywords), win_rate(positions), "{keywords}");
    }
    for (keywords, positions, rules) in [
        (
            "boar_strategy(threshold=11,num_rolls=6)",
            "boar_strategy(11,6)",
            "sp26",
        ),
        ("sus_strategy(num_rolls=5)", "sus_strategy(11,5)", "sp26"),
        (
            "picky_piggy_strategy(cutoff=7)",
            "picky_piggy_strategy(7,6)",
            "nju21",
        ),
        (
            "make_comeback_strategy(margin=5,num_rolls=4)",
            "make_comeback_strategy(5,4)",
            "sp13",
        ),
    ] {
        assert_eq!(
            win_rate(&format!("{keywords} --rules {rules}")),
            win_rate(&format!("{positions} --rules {rules}")),
            "{keywords}"
        );
    }
    for (text, reason) in [
        ("swap_strategy(mrgin=8)", "no parameter 'mrgin'"),
        ("swap_strategy(margin=8,4)", "follows a keyword argument"),
        ("swap_strategy(8,margin=8)", "margin twice"),
        ("always_roll(n=x)", "'x' is not an integer"),
    ] {
        fails(&format!("grade {text}"), &[reason]);
    }
    fails(
        "grade make_comeback_strategy(num_rolls=4) --rules sp13",
        &["needs its argument margin"],
    );
}

#[test]
fn baseline_is_the_presets_course_baseline() {
    // The baselines of docs/rules.md: a strategy against itself wins exactly
    // one half (the two seatings' wins add up to 1 when no game is drawn).
    for (rules, course_baseline) in [
        ("fa16", "always_roll(4)"),
        ("fa13", "always_roll(5)"),
        ("sp26", "always_roll(6)"),
        ("nju21", "always_roll(6)"),
        ("sp13", "always_roll(5)"),
    ] {
        let graded = json(&format!("grade baseline --rules {rules}"));
        assert_eq!(graded["baseline"], course_baseline);
        let rate = graded["win_rate"].as_f64().unwrap();
        assert!((rate - 0.5).abs() < 1e-15, "{rules}: {rate}");
        assert_eq!(
            win_rate(&format!(
                "baseline --rules {rules} --baseline always_roll(1)"
            )),
            win_rate(&format!(
                "{course_baseline} --rules {rules} --baseline always_roll(1)"
            )),
        );
    }
    assert_eq!(
        win_rate("best_response(baseline) --rules fa13"),
        win_rate("best_response(always_roll(5)) --rules fa13")
    );
    fails("grade baseline(3)", &["takes no arguments"]);
}

#[test]
fn errors_name_a_bad_strategy_once() {
    for args in [
        "grade nonsense(3)",
        "grade always_roll(5) --baseline always_roll(11)",
        "solve --against best_response(nonsense)",
        "export nonsense --format csv",
    ] {
        let error = fails(args, &["bad strategy '"]);
        assert!(!error.contains("strategy: bad strategy"), "{args}: {error}");
    }
    // Where the error does not name the strategy, its place does.
    fails(
        "grade missing.csv",
        &["the strategy: missing.csv: no such file"],
    );
}

#[test]
fn a_strategy_nested_thousands_deep_is_one_error_line() {
    // 8,500 levels overflowed the stack (a command line argument holds at
    // most 128 KiB).
    let deep = "best_response(".repeat(8500) + "always_roll(4)" + &")".repeat(8500);
    for command in ["grade", "export --format csv"] {
        let stderr = fails(
            &format!("{command} {deep}"),
            &[
                "bad strategy 'best_response(best_response(",
                "nest at most 32 deep",
            ],
        );
        assert!(stderr.len() < 200, "{stderr}");
    }
}
