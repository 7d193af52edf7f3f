//! End-to-end tests of `hog dist`, `turn`, `replay` and `simulate`: the
//! outcomes of one turn and their chances, a turn played with given dice,
//! a game replayed with given dice, many games simulated, and the bad input
//! each refuses with status 2 and one line naming the value. Expected values
//! come from the worked examples of docs/rules.md or are worked out by hand
//! from its rules (the working is in the comments).
//!
//! Command lines are written as one string and split at spaces.

use predicates::str::contains;
use serde_json::{json, Value};

use crate::common::line::{self, hog, json};
use crate::common::{fails_in, json_in};

/// Runs `hog ARGS`, which must fail with status 2 and a one-line error
/// naming `value`.
fn fails(args: &str, value: &str) {
    line::fails(args, &[value]);
}

/// `hog dist ARGS --json` as (points, score, opponent_score, sides, fraction)
/// rows, after checking that the probabilities match the fractions and add up to 1.
fn dist(args: &str) -> Vec<(u64, u64, u64, u64, String)> {
    let value = json(&format!("dist {args}"));
    let outcomes = value["outcomes"].as_array().unwrap();
    let probability = |o: &Value| o["probability"].as_f64().unwrap();
    let total: f64 = outcomes.iter().map(probability).sum();
    assert!(
        (total - 1.0).abs() < 1e-12,
        "probabilities add up to {total}"
    );
    outcomes
        .iter()
        .map(|o| {
            let field = |key: &str| o[key].as_u64().unwrap();
            let fraction = o["fraction"].as_str().unwrap().to_string();
            let (a, b) = fraction.split_once('/').unwrap();
            let exact = a.parse::<f64>().unwrap() / b.parse::<f64>().unwrap();
            assert!((exact - probability(o)).abs() < 1e-15);
            let [points, score, opp, sides] =
                ["points", "score", "opponent_score", "sides"].map(field);
            (points, score, opp, sides, fraction)
        })
        .collect()
}

fn row(
    points: u64,
    score: u64,
    opp: u64,
    sides: u64,
    fraction: &str,
) -> (u64, u64, u64, u64, String) {
    (points, score, opp, sides, fraction.to_string())
}

/// `hog turn ARGS --json`.
fn turn(args: &str) -> Value {
    json(&format!("turn {args}"))
}

fn turn_json(points: u32, score: u32, opponent_score: u32, sides: u32) -> Value {
    json!({"points": points, "score": score, "opponent_score": opponent_score, "sides": sides})
}

/// The (score0, score1, winner, number of turns) of a replay or simulation.
fn ending(game: &Value) -> (Value, Value, Value, usize) {
    let turns = game["turns"].as_array().map_or(0, Vec::len);
    (
        game["score0"].clone(),
        game["score1"].clone(),
        game["winner"].clone(),
        turns,
    )
}

// hog dist

#[test]
fn dist_fa13_hog_wild_rolls_a_four_sided_die() {
    // 3 + 4 = 7: one four-sided die, faces 1 (pig out: 1 point), 2, 3, 4.
    assert_eq!(
        dist("--rules fa13 --rolls 1 --score 3 --opp 4"),
        [
            row(1, 4, 4, 6, "1/4"),
            row(2, 5, 4, 6, "1/4"),
            row(3, 6, 4, 6, "1/4"),
            row(4, 7, 4, 6, "1/4"),
        ]
    );
}

#[test]
fn dist_fa16_one_die_with_hogtimus_prime() {
    // 1 + 0 is no multiple of 7: a plain die. 1 -> one 1 -> 1 point;
    // 2 -> 3, 3 -> 5, 5 -> 7 (primes go up); 4 and 6 stay.
    assert_eq!(
        dist("--rolls 1 --score 1"),
        [
            row(1, 2, 0, 6, "1/6"),
            row(3, 4, 0, 6, "1/6"),
            row(4, 5, 0, 6, "1/6"),
            row(5, 6, 0, 6, "1/6"),
            row(6, 7, 0, 6, "1/6"),
            row(7, 8, 0, 6, "1/6"),
        ]
    );
}

#[test]
fn dist_fa16_first_turn_rolls_re_rolling_dice() {
    // 0-0 is a multiple of 7: the die re-rolls odd faces. An odd final face
    // needs two odd faces (3/36 = 1/12); an even one comes first or second
    // (6/36 + 3/36 = 1/4). Faces 1..6 score 1, 3, 5, 4, 7, 6.
    assert_eq!(
        dist("--rolls 1"),
        [
            row(1, 1, 0, 6, "1/12"),
            row(3, 3, 0, 6, "1/4"),
            row(4, 4, 0, 6, "1/4"),
            row(5, 5, 0, 6, "1/12"),
            row(6, 6, 0, 6, "1/4"),
            row(7, 7, 0, 6, "1/12"),
        ]
    );
}

#[test]
fn dist_pork_chop_then_swine_swap() {
    // 45 + 1 = 46 and 92 = 2 * 46: the scores swap; the dice become four-sided.
    assert_eq!(
        dist("--rolls -1 --score 45 --opp 92"),
        [row(1, 92, 46, 4, "1/1")]
    );
}

#[test]
fn dist_sp26_boar_brawl_and_sus_fuss() {
    // (45, 52): Boar Brawl max(1, 3 * |5 - 5|) = 1; 46 has 4 divisors -> 47.
    assert_eq!(
        dist("--rules sp26 --rolls 0 --score 45 --opp 52"),
        [row(1, 47, 52, 6, "1/1")]
    );
    // (21, 46): 9 points; without Sus Fuss the score is just 30.
    assert_eq!(
        dist("--rules sp26-simple --rolls 0 --score 21 --opp 46"),
        [row(9, 30, 46, 6, "1/1")]
    );
}

#[test]
fn dist_table_shows_exact_fractions() {
    hog("dist --rules fa13 --rolls 1 --score 3 --opp 4")
        .assert()
        .success()
        .stdout(contains("1 four-sided die"))
        .stdout(contains("1/4"));
}

// hog turn

#[test]
fn turn_when_pigs_fly_caps_a_prime_boost() {
    // docs/rules.md: 5 dice summing 19 -> 23 -> min(23, 25 - 5) = 20.
    assert_eq!(
        turn("--score 1 --opp 0 --rolls 5 --outcomes 4,4,4,4,3"),
        turn_json(20, 21, 0, 6)
    );
}

#[test]
fn turn_swine_swap_examples() {
    // 37 vs 92, roll 9 -> 46 vs 92 -> swap.
    assert_eq!(
        turn("--score 37 --opp 92 --rolls 3 --outcomes 3,3,3"),
        turn_json(9, 92, 46, 6)
    );
    // 91 vs 55, roll 17 -> 19 points -> 110 vs 55 -> swap: the opponent wins.
    let args = "turn --score 91 --opp 55 --rolls 3 --outcomes 5,6,6";
    assert_eq!(json(args), turn_json(19, 55, 110, 6));
    hog(args)
        .assert()
        .success()
        .stdout(contains("the opponent wins"));
}

#[test]
fn turn_re_rolling_dice_take_one_more_face() {
    // 0-0, Hog Wild: 3 is odd -> 4 stands; 5 is odd -> 6 stands: 10 points.
    assert_eq!(
        turn("--score 0 --opp 0 --rolls 2 --outcomes 3,4,5,6")["points"],
        10
    );
    fails(
        "turn --score 0 --opp 0 --rolls 2 --outcomes 3,4,5",
        "too few die faces",
    );
}

#[test]
fn turn_faces_may_exceed_the_sides() {
    // fa13 at 0-0 rolls a four-sided die; the test die may still show 6.
    assert_eq!(
        turn("--rules fa13 --score 0 --opp 0 --rolls 1 --outcomes 6")["points"],
        6
    );
}

#[test]
fn turn_fa16_rules_without_dice_and_pig_out() {
    // Free Bacon: 42 -> 1 + 4 = 5 -> prime -> 7.
    assert_eq!(turn("--score 0 --opp 42 --rolls 0"), turn_json(7, 7, 42, 6));
    // Pork Chop: 1 point, four-sided dice from the next turn on.
    assert_eq!(turn("--score 1 --opp 0 --rolls -1"), turn_json(1, 2, 0, 4));
    // Two 1s -> 2 points -> prime -> 3.
    assert_eq!(
        turn("--score 1 --opp 0 --rolls 3 --outcomes 1,1,4")["points"],
        3
    );
}

#[test]
fn turn_other_presets() {
    // nju21 Feral Hogs: score 21, faces 1, 3, 5 -> 1 + 3; score 40, 2, 3, 4, 5 -> 14 + 2.
    let nju21 = "--rules nju21 --opp 0";
    assert_eq!(
        turn(&format!("{nju21} --score 21 --rolls 3 --outcomes 1,3,5"))["points"],
        4
    );
    assert_eq!(
        turn(&format!("{nju21} --score 40 --rolls 4 --outcomes 2,3,4,5"))["points"],
        16
    );
    // sp13 Hog Tied: 10 + 7 ends in 7, so 5 dice become 1.
    assert_eq!(
        turn("--rules sp13 --score 10 --opp 7 --rolls 5 --outcomes 4")["score"],
        14
    );
    // sp13 49ers on a four-sided die (49 is a multiple of 7): 1 + 5 = 6, Touchdown -> 7.
    assert_eq!(
        turn("--rules sp13 --score 49 --opp 0 --rolls 2 --outcomes 1,5")["points"],
        7
    );
    // sp26 Sus Fuss: 14 + 7 = 21 -> 23.
    assert_eq!(
        turn("--rules sp26 --score 14 --opp 0 --rolls 2 --outcomes 3,4")["score"],
        23
    );
}

#[test]
fn turn_faces_left_over_or_missing_are_errors() {
    fails(
        "turn --score 1 --opp 0 --rolls 2 --outcomes 2,3,4",
        "used 2 of the 3",
    );
    fails(
        "turn --score 1 --opp 0 --rolls 0 --outcomes 3",
        "used 0 of the 1",
    );
    fails("turn --score 1 --opp 0 --rolls 2", "too few die faces");
    fails(
        "turn --rules sp13 --score 10 --opp 7 --rolls 5 --outcomes 4,4",
        "used 1 of the 2",
    );
}

// hog replay

#[test]
fn replay_fa16_swap_then_hog_wild() {
    // From 37-92 with dice 3, 3, 3, 4, 5 cycling; P0 rolls 3, P1 rolls 2.
    // 1. P0 (37, 92), sum 129: 3, 3, 3 -> 9; 46 vs 92 swaps -> 92-46
    // 2. P1 (46, 92), sum 138: 4, 5 -> 9                    -> 92-55
    // 3. P0 (92, 55), sum 147 = 7 * 21, Hog Wild: 3 re-rolls to 3,
    //    3 re-rolls to 4, 5 re-rolls to 3 -> 10            -> 102-55
    let game = json(
        "replay --p0 always_roll(3) --p1 always_roll(2) --score0 37 --score1 92 --dice 3,3,3,4,5",
    );
    assert_eq!(ending(&game), (json!(102), json!(55), json!(0), 3));
    assert_eq!(
        game["turns"][0],
        json!({"player": 0, "num_rolls": 3, "faces": [3, 3, 3], "points": 9,
               "score0": 92, "score1": 46, "sides": 6})
    );
    assert_eq!(game["turns"][2]["faces"], json!([3, 3, 3, 4, 5, 3]));
}

#[test]
fn replay_sp26_to_a_small_goal() {
    // sp26, goal 30, dice 6, 1, 5 cycling; P0 rolls 2, P1 rolls 0 (Boar Brawl):
    // 1-0, 1-1, 12-1, 12-2, 13-2, 13-5, 17-5 (14 -> Sus Fuss 17), 17-17,
    // 28-17, 28-32 (Boar Brawl 3 * |2 - 7| = 15): player 1 wins.
    let game =
        json("replay --rules sp26 --goal 30 --p0 always_roll(2) --p1 always_roll(0) --dice 6,1,5");
    assert_eq!(ending(&game), (json!(28), json!(32), json!(1), 10));
    assert_eq!(game["turns"][6]["score0"], 17);
}

#[test]
fn replay_separate_six_and_four_sided_dice() {
    // fa13, goal 20, both roll 1: sums 0 and 28 roll a four-sided die (3),
    // the others a six-sided one (5). P0: 3, 8, 13, 16; P1: 5, 10, 15, 20.
    let players = "replay --rules fa13 --p0 always_roll(1) --p1 always_roll(1)";
    let game = json(&format!("{players} --goal 20 --six 5 --four 3"));
    assert_eq!(ending(&game), (json!(16), json!(20), json!(1), 8));
    fails(&format!("{players} --six 5"), "--four");
}

#[test]
fn replay_an_endless_game_is_a_draw() {
    // nju21 (docs/rules.md): mover 8 vs 19 rolls 0, scores 0, and 3^27 swaps the
    // scores; the other player faces the same position: a draw.
    let game = json(
        "replay --rules nju21 --p0 always_roll(0) --p1 always_roll(0) --score0 8 --score1 19 --dice 1",
    );
    assert_eq!(ending(&game), (json!(8), json!(19), Value::Null, 2));
}

#[test]
fn replay_past_max_turns_is_a_draw() {
    let args = "replay --p0 always_roll(1) --p1 always_roll(1) --dice 2 --max-turns 3";
    let game = json(args);
    assert_eq!(game["winner"], Value::Null);
    assert_eq!(game["turns"].as_array().unwrap().len(), 3);
    hog(args).assert().success().stdout(contains("a draw"));
}

#[test]
fn replay_names_the_players_by_number_not_mover_and_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let replay = [
        "replay",
        "--p0",
        "always_roll(3)",
        "--p1",
        "always_roll(2)",
        "--dice",
        "3,3,3,4,5",
    ];
    // Worked by hand in docs/rules.md (fa16 Swine Swap): player 0 at 37
    // scores 9 against 92: 46 vs 92 swaps to 92 vs 46.
    let game = json_in(
        dir.path(),
        &[&replay[..], &["--score0", "37", "--score1", "92"]].concat(),
    );
    assert_eq!(game["turns"][0]["score0"], 92);
    assert_eq!(game["turns"][0]["score1"], 46);
    // --score and --opp are the mover's and the opponent's elsewhere.
    let error = fails_in(dir.path(), &[&replay[..], &["--score", "37"]].concat());
    assert!(error.contains("--score0"), "{error}");
}

// hog simulate

#[test]
fn simulate_is_reproducible() {
    let args = "simulate --p0 always_roll(6) --p1 always_roll(4) --games 3000 --seed 11";
    let first = json(args);
    assert_eq!(first, json(args));
    let [games, w0, w1, d] =
        ["games", "wins0", "wins1", "draws"].map(|k| first[k].as_u64().unwrap());
    assert_eq!((games, w0 + w1 + d), (3000, 3000));
}

#[test]
fn simulate_agrees_with_the_course_figure() {
    // fa16: always_roll(8) against always_roll(4) wins 0.20377818161990918,
    // the mean over who moves first. Each run's standard error is below
    // 0.0013, so the mean of two is off by less than 4 * 0.0009 unless
    // something is wrong.
    let first = json("simulate --p0 always_roll(8) --p1 always_roll(4) --games 100000 --seed 1");
    let second = json("simulate --p0 always_roll(4) --p1 always_roll(8) --games 100000 --seed 2");
    let wins = first["wins0"].as_f64().unwrap() + second["wins1"].as_f64().unwrap();
    let rate = wins / 200_000.0;
    assert!(
        (rate - 0.20377818161990918).abs() < 0.0036,
        "win rate {rate}"
    );
}

#[test]
fn simulate_endless_games_end_as_draws() {
    // nju21 swine_swap_strategy rolls 0 at (8, 19) (the swap gains 11 >= 8),
    // and so does the opponent at the same position: such games are draws.
    let result = json(
        "simulate --rules nju21 --p0 swine_swap_strategy --p1 swine_swap_strategy --games 20000",
    );
    let [w0, w1, d] = ["wins0", "wins1", "draws"].map(|k| result[k].as_u64().unwrap());
    assert_eq!(w0 + w1 + d, 20000);
    assert!(d > 0);
}

#[test]
fn simulate_table_reports_standard_errors() {
    hog("simulate --p0 always_roll(6) --p1 always_roll(4) --games 1000")
        .assert()
        .success()
        .stdout(contains("std. error"))
        .stdout(contains("draws"));
}

// Bad input: status 2 and a one-line error naming the value.

#[test]
fn bad_rules_are_errors() {
    fails("dist --rules fa99 --rolls 1", "fa99");
    fails(
        "turn --rules zero=boar --score 0 --opp 0 --rolls 0",
        "zero=boar",
    );
    fails("rules show sp99", "sp99");
    fails(
        "simulate --rules nope --p0 always_roll(1) --p1 always_roll(1) --games 1",
        "nope",
    );
}

#[test]
fn actions_outside_the_rules_are_errors() {
    fails("dist --rules fa13 --rolls -1", "-1");
    fails("dist --rolls 11", "11");
    fails("turn --rules sp26 --score 0 --opp 0 --rolls -1", "-1");
    fails(
        "replay --p0 always_roll(11) --p1 always_roll(4) --dice 1",
        "11",
    );
    fails(
        "simulate --rules nju21 --p0 always_roll(-1) --p1 always_roll(4) --games 5",
        "-1",
    );
}

#[test]
fn scores_at_or_past_the_goal_are_errors() {
    fails("dist --rolls 1 --score 100", "100");
    fails("turn --score 0 --opp 120 --rolls 0", "120");
    fails("dist --goal 50 --rolls 1 --opp 50", "50");
    fails(
        "replay --p0 always_roll(1) --p1 always_roll(1) --score1 100 --dice 1",
        "player 1's score 100",
    );
    fails("dist --rolls 1 --score -3", "-3");
}

#[test]
fn goals_below_one_are_errors() {
    fails("dist --rolls 1 --goal 0", "goal 0");
    fails("turn --score 0 --opp 0 --rolls 0 --goal -5", "goal -5");
    fails(
        "simulate --p0 always_roll(1) --p1 always_roll(1) --games 1 --goal 0",
        "goal 0",
    );
}

#[test]
fn bad_faces_are_errors() {
    let turn = "turn --score 1 --opp 0 --rolls 2 --outcomes";
    fails(&format!("{turn} 2,x"), "'x'");
    fails(&format!("{turn} 0,3"), "face 0");
    fails(&format!("{turn} 2,-3"), "face -3");
    fails(&format!("{turn} 2,"), "''");
    fails(
        "replay --p0 always_roll(1) --p1 always_roll(1) --dice 1,0",
        "face 0",
    );
}

#[test]
fn bad_strategies_are_errors() {
    fails(
        "replay --p0 always_roll(4 --p1 always_roll(4) --dice 1",
        "always_roll(4",
    );
    fails(
        "simulate --p0 always_roll(4) --p1 no_such_strategy --games 1",
        "no_such_strategy",
    );
    // A course strategy of another preset.
    fails(
        "replay --p0 boar_strategy --p1 always_roll(4) --dice 1",
        "boar_strategy",
    );
}

#[test]
fn usage_errors_exit_2() {
    hog("dist").assert().code(2);
    hog("replay --p0 always_roll(1) --p1 always_roll(1)")
        .assert()
        .code(2);
    hog("simulate --p0 always_roll(1) --p1 always_roll(1) --games 0")
        .assert()
        .code(2)
        .stderr(contains("'0'"));
}
