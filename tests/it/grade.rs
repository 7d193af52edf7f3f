//! End-to-end tests of `hog grade`'s figures: the course's published
//! figure, exactly one half against itself, the course baseline by
//! default, agreement with seeded Monte Carlo simulations (wins and draws),
//! the draw row only where a game can be endless, and the 2012-13 courses'
//! answers above the allowed dice; and the bad strategy texts and rules it
//! refuses with status 2. Expected values come from the course's published
//! figure (docs/rules.md), from symmetry, from simulation, or from the
//! rules.

use crate::common::line::json;
use crate::common::{fails_saying as fails, folder, in_empty, number, run};

/// |exact - simulated| <= 5 standard errors of a share of n games, with the
/// standard error at most 1/(2 sqrt(n)): a false alarm has odds below 1e-6.
fn assert_agrees(exact: f64, count: u64, games: u64, what: &str) {
    let bound = 5.0 * 0.5 / (games as f64).sqrt();
    let simulated = count as f64 / games as f64;
    assert!(
        (exact - simulated).abs() <= bound,
        "{what}: exact {exact}, simulated {simulated} over {games} games (bound {bound})"
    );
}

/// fa13 with fa16's Pig Out: no preset, so no course baseline.
const CUSTOM_RULES: &str = "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,\
pig_out=count_ones,bonus=none,points=none,after=swine_swap_double,limit=none,special=none";

#[test]
fn grade_reproduces_the_courses_published_figure() {
    // docs/rules.md: fa16, from the course's own calculator.
    let grade = json(&[
        "grade",
        "always_roll(8)",
        "--rules",
        "fa16",
        "--baseline",
        "always_roll(4)",
    ]);
    assert!((number(&grade, "win_rate") - 0.20377818161990918).abs() < 1e-12);
    assert_eq!(grade["strategy"], "always_roll(8)");
    assert_eq!(grade["baseline"], "always_roll(4)");
}

#[test]
fn a_strategy_against_itself_wins_exactly_half() {
    // By symmetry: moving first and moving second are complementary seatings.
    for (rules, strategy) in [
        ("fa13", "always_roll(5)"),
        ("sp26", "sus_strategy"),
        ("sp13", "optimal"),
    ] {
        let grade = json(&["grade", strategy, "--rules", rules, "--baseline", strategy]);
        assert!(
            (number(&grade, "win_rate") - 0.5).abs() < 1e-12,
            "{rules} {strategy}: {grade}"
        );
        assert!((number(&grade, "first") + number(&grade, "second") - 1.0).abs() < 1e-12);
        assert_eq!(number(&grade, "draw"), 0.0);
    }
}

#[test]
fn the_default_baseline_is_the_course_baseline() {
    for (rules, baseline) in [
        ("fa16", "always_roll(4)"),
        ("fa13", "always_roll(5)"),
        ("nju21", "always_roll(6)"),
    ] {
        let grade = json(&["grade", "always_roll(3)", "--rules", rules]);
        assert_eq!(grade["baseline"], baseline);
    }
}

#[test]
fn exact_grades_agree_with_seeded_monte_carlo() {
    let games = 40_000u64;
    for (rules, a, b) in [
        ("fa16", "swap_strategy", "always_roll(4)"),
        ("fa13", "optimal", "always_roll(5)"),
        ("sp26", "sus_strategy", "boar_strategy"),
        ("nju21", "picky_piggy_strategy", "always_roll(0)"),
        ("sp13", "make_mean_strategy(4)", "always_roll(5)"),
    ] {
        let grade = json(&["grade", a, "--rules", rules, "--baseline", b]);
        let games_text = games.to_string();
        let simulated = json(&[
            "simulate",
            "--rules",
            rules,
            "--p0",
            a,
            "--p1",
            b,
            "--games",
            &games_text,
            "--seed",
            "7",
        ]);
        let count = |key: &str| simulated[key].as_u64().unwrap();
        assert_eq!(count("wins0") + count("wins1") + count("draws"), games);
        // In the simulation a moves first: its wins estimate `first`, and b's
        // wins estimate b's exact wins when b moves second.
        let what = format!("{rules} {a} vs {b}");
        assert_agrees(number(&grade, "first"), count("wins0"), games, &what);
        let swapped = json(&["grade", b, "--rules", rules, "--baseline", a]);
        assert_agrees(number(&swapped, "second"), count("wins1"), games, &what);
    }
}

#[test]
fn nju21_exact_draws_agree_with_simulated_repeats() {
    // Two optimal nju21 players draw some games: a player who is behind
    // where a pass can force an endless game takes it. The exact draw
    // probability (the same in both seatings, the players being the same)
    // must match the share of simulated games that repeat a position.
    let grade = json(&[
        "grade",
        "optimal",
        "--rules",
        "nju21",
        "--baseline",
        "optimal",
    ]);
    let draw = number(&grade, "draw");
    assert!(draw > 0.05, "{grade}");
    assert!((number(&grade, "first") + number(&grade, "second") + draw - 1.0).abs() < 1e-12);
    let games = 20_000u64;
    let simulated = json(&[
        "simulate", "--rules", "nju21", "--p0", "optimal", "--p1", "optimal", "--games", "20000",
        "--seed", "11",
    ]);
    assert_agrees(
        draw,
        simulated["draws"].as_u64().unwrap(),
        games,
        "nju21 optimal draws",
    );
}

#[test]
fn the_draw_row_is_printed_only_where_a_game_can_be_endless() {
    // fa16: every turn scores at least 1 point (a roll scores 1 or more, 0
    // dice scores Free Bacon's 1 + max digit), so no game is endless.
    let (_, fa16, stderr) = in_empty(&["grade", "always_roll(6)", "--rules", "fa16"]);
    assert!(fa16.contains("\nwin rate "), "{stderr}");
    assert!(!fa16.contains("\ndraw "), "{fa16}");
    // nju21: Picky Piggy's 0 dice can score 0, so a game can go on
    // without end.
    let (_, nju21, stderr) = in_empty(&[
        "grade",
        "always_roll(6)",
        "--rules",
        "nju21",
        "--goal",
        "30",
    ]);
    assert!(nju21.contains("\ndraw "), "{nju21}{stderr}");
}

#[test]
fn the_2012_13_courses_play_an_answer_above_the_allowed_dice_as_the_most_allowed() {
    // The course's play(): "If a strategy returns more than the maximum
    // allowed dice for a turn, then the maximum allowed is rolled instead."
    let dir = folder(&[
        (
            "mine.py",
            "def final_strategy(score, opponent_score):\n    return 49\n",
        ),
        (
            "ten.py",
            "def final_strategy(score, opponent_score):\n    return 10\n",
        ),
    ]);
    for rules in ["fa12", "sp13"] {
        let grade = |file: &str| {
            let (status, stdout, stderr) = run(dir.path(), &["grade", file, "--rules", rules]);
            assert_eq!(status, 0, "{stderr}");
            stdout
        };
        let (forty_nine, ten) = (grade("mine.py"), grade("ten.py"));
        let rate = |out: &str| {
            out.lines()
                .find(|l| l.starts_with("win rate"))
                .unwrap()
                .to_string()
        };
        assert_eq!(rate(&forty_nine), rate(&ten));
        assert!(
            forty_nine.contains("answers above 10 dice roll 10 (1 under Hog Tied)"),
            "{forty_nine}"
        );
    }
    // Where the course refuses such an answer, so does hog.
    assert_eq!(
        run(dir.path(), &["grade", "mine.py", "--rules", "fa13"]).0,
        2
    );
}

#[test]
fn bad_strategy_texts_and_rules_exit_with_status_2() {
    fails(
        &["grade", "always_roll(11)", "--rules", "fa13"],
        &["num_rolls 11"],
    );
    fails(
        &["grade", "bacon_strategy", "--rules", "sp26"],
        &["bacon_strategy belongs to fa13, fa14"],
    );
    fails(
        &["grade", "best_response()", "--rules", "fa13"],
        &["best_response needs a strategy"],
    );
    fails(
        &["grade", "alwys_roll(4)", "--rules", "fa13"],
        &["unknown strategy 'alwys_roll'"],
    );
    fails(&["solve", "--rules", "fa99"], &["unknown rules 'fa99'"]);
    fails(&["solve", "--goal", "0"], &["goal 0"]);
    fails(
        &["grade", "always_roll(4)", "--rules", "zero=boar_brawl"],
        &["key 'sides' is missing"],
    );
    fails(
        &["grade", "always_roll(4)", "--rules", CUSTOM_RULES],
        &["no course baseline", "--against"],
    );
    fails(
        &["solve", "--against", "always_roll(-1)", "--rules", "fa13"],
        &["num_rolls -1"],
    );
}
