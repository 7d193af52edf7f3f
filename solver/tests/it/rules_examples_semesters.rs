//! Worked examples of the rule components of the semesters after fa13
//! (docs/rules.md, "Rule components"), one table per kind of rule, and the
//! new presets' turns end to end.
//!
//! Expected values come from the course's doctests and staff traces (cited)
//! or are worked by hand in a comment; Hefty Hogs' were computed with the
//! course's own `digit_fn` in Python 3. None was obtained by running this
//! code.

use hog_solver::rules::zero_dice::PI_DECIMALS;
use hog_solver::rules::{AfterTurn, Rules, State, TurnFacts, ZeroDice};
use hog_solver::{Error, Model, Preset};
use num_bigint::BigInt;

fn preset(name: &str) -> Rules {
    Preset::find(name).expect("a preset").rules()
}

fn state(score: u32, opponent_score: u32) -> State {
    State::new(score, opponent_score)
}

/// (rule, mover's score, opponent's score, points).
const ZERO_DICE: &[(&str, u32, u32, u32)] = &[
    // 1 + |t - o|: 42 -> 1 + 2; 7 -> 1 + |0 - 7|; 0 -> 1; 109 -> 1 + |0 - 9|.
    ("free_bacon_abs_diff_plus_1", 0, 42, 3),
    ("free_bacon_abs_diff_plus_1", 0, 7, 8),
    ("free_bacon_abs_diff_plus_1", 0, 0, 1),
    ("free_bacon_abs_diff_plus_1", 0, 109, 10),
    // 2 + |t - o|: 42 -> 4; 7 -> 9; 90 -> 11.
    ("free_bacon_abs_diff_plus_2", 0, 42, 4),
    ("free_bacon_abs_diff_plus_2", 0, 7, 9),
    ("free_bacon_abs_diff_plus_2", 0, 90, 11),
    // (t * o) mod 10 + 1: 42 -> 8 + 1; 57 -> 35 -> 6; 7 -> 0 + 1; 99 -> 81 -> 2.
    ("free_bacon_digit_product", 0, 42, 9),
    ("free_bacon_digit_product", 0, 57, 6),
    ("free_bacon_digit_product", 0, 7, 1),
    ("free_bacon_digit_product", 0, 99, 2),
    // max(2t - o, 1): 42 -> 6; 19 -> max(-7, 1); 90 -> 18; 7 -> 1.
    ("free_bacon_twice_tens_minus_ones", 0, 42, 6),
    ("free_bacon_twice_tens_minus_ones", 0, 19, 1),
    ("free_bacon_twice_tens_minus_ones", 0, 90, 18),
    ("free_bacon_twice_tens_minus_ones", 0, 7, 1),
    // 1 + min(t, o): 42 -> 3; 7 -> 1 + 0; 88 -> 9.
    ("free_bacon_min_digit_plus_1", 0, 42, 3),
    ("free_bacon_min_digit_plus_1", 0, 7, 1),
    ("free_bacon_min_digit_plus_1", 0, 88, 9),
    // 10 - min(t, o): 42 -> 8; a one-digit opponent -> 10; 88 -> 2.
    ("free_bacon_ten_minus_min_digit", 0, 42, 8),
    ("free_bacon_ten_minus_min_digit", 0, 7, 10),
    ("free_bacon_ten_minus_min_digit", 0, 88, 2),
    // NJU 2020's doctest free_bacon(45) == 13 (45³ = 91125: 9 - 1 + 1 - 2 + 5 = 12);
    // 0³ = 0 -> 1; 10³ = 1000 -> 1; 2³ = 8 -> 9; 12³ = 1728: |1 - 7 + 2 - 8| = 12.
    ("free_bacon_cube_alternating", 0, 45, 13),
    ("free_bacon_cube_alternating", 0, 0, 1),
    ("free_bacon_cube_alternating", 0, 10, 2),
    ("free_bacon_cube_alternating", 0, 2, 9),
    ("free_bacon_cube_alternating", 0, 12, 13),
    // 10 + t - o: 42 -> 12; 7 -> 3; 90 -> 19.
    ("free_bacon_ten_plus_tens_minus_ones", 0, 42, 12),
    ("free_bacon_ten_plus_tens_minus_ones", 0, 7, 3),
    ("free_bacon_ten_plus_tens_minus_ones", 0, 90, 19),
    // π = 3.14159 26535 ...: 0 -> 3 + 3; 1 -> 3 + 1; 2 -> 3 + 4; 5 -> 3 + 9;
    // decimal 100 is the 9 of ...70679.
    ("free_bacon_pi", 0, 0, 6),
    ("free_bacon_pi", 0, 1, 4),
    ("free_bacon_pi", 0, 2, 7),
    ("free_bacon_pi", 0, 5, 12),
    ("free_bacon_pi", 0, 100, 12),
    // 3 + min digit of o²: 0 -> 3; 12² = 144 -> 4; 25² = 625 -> 5; 3² = 9 -> 12.
    ("piggy_points_square_min_digit", 0, 0, 3),
    ("piggy_points_square_min_digit", 0, 12, 4),
    ("piggy_points_square_min_digit", 0, 25, 5),
    ("piggy_points_square_min_digit", 0, 3, 12),
    // 4 + |t - o|: 42 -> 6; 7 -> 11.
    ("piggy_points_abs_diff_plus_4", 0, 42, 6),
    ("piggy_points_abs_diff_plus_4", 0, 7, 11),
    // 1/7 = 0.142857 142857...: 0 -> 7; 1 -> 1; 2 -> 4; 6 -> 7; 7 -> 1; 12 -> 7.
    ("picky_piggy_one_seventh", 0, 0, 7),
    ("picky_piggy_one_seventh", 0, 1, 1),
    ("picky_piggy_one_seventh", 0, 2, 4),
    ("picky_piggy_one_seventh", 0, 6, 7),
    ("picky_piggy_one_seventh", 0, 7, 1),
    ("picky_piggy_one_seventh", 0, 12, 7),
    // Hefty Hogs, the course's digit_fn in Python 3. By hand: (12, 34): f4
    // 12 - 5 = 7, f3 7 // 4 = 1; (2, 4): -3 % 30 = 27 (floor); (3, 34): -2,
    // then -2 // 4 = -1 -> 29; (3, 37): int(3 * 8.8) = 26, 26 // 4 = 6;
    // (20, 8): int(20 / 99 * 15) + 10 = 13; (13, 6): (13 % 7) * 8 = 48 -> 18;
    // (30, 1): 900 -> 0; against 0: 1. The four-digit ones reach 10^64
    // (9999^16) and doubles past 2^53.
    ("hefty_hogs", 12, 34, 1),
    ("hefty_hogs", 2, 4, 27),
    ("hefty_hogs", 3, 34, 29),
    ("hefty_hogs", 3, 37, 6),
    ("hefty_hogs", 20, 8, 13),
    ("hefty_hogs", 13, 6, 18),
    ("hefty_hogs", 50, 5, 2),
    ("hefty_hogs", 30, 1, 0),
    ("hefty_hogs", 1, 30, 0),
    ("hefty_hogs", 0, 0, 1),
    ("hefty_hogs", 99, 99, 9),
    ("hefty_hogs", 45, 78, 20),
    ("hefty_hogs", 9999, 1111, 21),
    ("hefty_hogs", 9999, 1117, 1),
    ("hefty_hogs", 5678, 4321, 28),
    ("hefty_hogs", 9876, 8787, 29),
    // 2|t - o| + 1: 42 -> 5; 7 -> 15; 90 -> 19; 0 -> 1.
    ("pig_tail", 0, 42, 5),
    ("pig_tail", 0, 7, 15),
    ("pig_tail", 0, 90, 19),
    ("pig_tail", 0, 0, 1),
];

#[test]
fn zero_dice_rules_score_their_worked_examples() {
    for &(name, score, opponent, points) in ZERO_DICE {
        let rule: ZeroDice = name.parse().unwrap();
        assert_eq!(
            rule.points(score, opponent),
            points,
            "{name} at {score} vs {opponent}"
        );
    }
}

/// max_points bounds every score of every zero-dice rule at goals 100 and
/// 10,000 (π's up to its 101), for a few mover scores.
#[test]
fn zero_dice_max_points_bound_every_opponent_score() {
    use strum::VariantNames;
    for name in ZeroDice::VARIANTS {
        let rule: ZeroDice = name.parse().unwrap();
        for goal in [100, 10_000].map(|g| rule.max_goal().map_or(g, |max| max.min(g))) {
            let max = rule.max_points(goal);
            for opponent in 0..goal {
                for score in [0, 1, 7, 49, 99, goal - 1] {
                    let points = rule.points(score, opponent);
                    assert!(
                        points <= max,
                        "{name} goal {goal}: {score} vs {opponent} scores {points} > {max}"
                    );
                }
            }
        }
    }
    // Free Bacon on the cube: 9,999 is not the best; a bound that grows with
    // the goal (four-digit cubes have up to 12 digits).
    let cube = ZeroDice::FreeBaconCubeAlternating;
    assert!(cube.max_points(10_000) > cube.max_points(100));
}

#[test]
fn hefty_hogs_can_score_zero_and_the_others_cannot() {
    use strum::VariantNames;
    for name in ZeroDice::VARIANTS {
        let rule: ZeroDice = name.parse().unwrap();
        let zero = ["picky_piggy", "hefty_hogs"].contains(name);
        assert_eq!(rule.can_score_zero(), zero, "{name}");
    }
    assert!(preset("sp22").can_score_zero());
}

/// The course's FIRST_101_DIGITS_OF_PI, recomputed: π = 16 atan(1/5) - 4
/// atan(1/239) (Machin), each arctangent summed in integers scaled by
/// 10^110, ten guard digits.
#[test]
fn pi_decimals_are_pi() {
    let scale = BigInt::from(10).pow(110);
    let atan_inverse = |x: u32| {
        let x = BigInt::from(x);
        let (mut term, mut sum, mut k) = (&scale / &x, BigInt::from(0), 0u32);
        while term != BigInt::from(0) {
            let part = &term / (2 * k + 1);
            sum = if k % 2 == 0 { sum + part } else { sum - part };
            term /= &x * &x;
            k += 1;
        }
        sum
    };
    let pi: BigInt = atan_inverse(5) * 16 - atan_inverse(239) * 4;
    let text = (pi / BigInt::from(10).pow(10)).to_string();
    assert_eq!(&text[..1], "3");
    assert_eq!(&text[1..101], PI_DECIMALS);
}

#[test]
fn free_bacon_pi_allows_goals_up_to_101() {
    let rules = Rules {
        zero: ZeroDice::FreeBaconPi,
        ..preset("fa13")
    };
    assert!(Model::new(&rules, 101).is_ok());
    let error = Model::new(&rules, 102).err().unwrap();
    assert!(
        matches!(
            error,
            Error::GoalBeyondRules {
                goal: 102,
                max: 101,
                ..
            }
        ),
        "{error}"
    );
    assert!(rules.check_state(102, State::START).is_err());
}

/// (mover, opponent) scores.
type Scores = (u32, u32);

/// (rule, scores after the points, points, scores after the rule).
const AFTER_TURN: &[(&str, Scores, u32, Scores)] = &[
    // su15: "19/91, 80/8, 107/70"; 12 vs 22 no.
    ("swine_swap_reverse_digits", (19, 91), 5, (91, 19)),
    ("swine_swap_reverse_digits", (80, 8), 5, (8, 80)),
    ("swine_swap_reverse_digits", (8, 80), 5, (80, 8)),
    ("swine_swap_reverse_digits", (107, 70), 5, (70, 107)),
    ("swine_swap_reverse_digits", (12, 22), 5, (12, 22)),
    // su16: every one-digit score, 22, 111; 21 no.
    ("swine_swap_mover_repdigit", (7, 30), 5, (30, 7)),
    ("swine_swap_mover_repdigit", (22, 30), 5, (30, 22)),
    ("swine_swap_mover_repdigit", (111, 30), 5, (30, 111)),
    ("swine_swap_mover_repdigit", (21, 30), 5, (21, 30)),
    // fa17: 12 = 3 * 4 either way; 1 and 0 never; 7, 13 no.
    ("swine_swap_multiple", (4, 12), 4, (12, 4)),
    ("swine_swap_multiple", (12, 4), 4, (4, 12)),
    ("swine_swap_multiple", (1, 5), 1, (1, 5)),
    ("swine_swap_multiple", (5, 0), 5, (5, 0)),
    ("swine_swap_multiple", (7, 13), 4, (7, 13)),
    // su18: ones(23) = 3 = tens(31); tens(13) = 1.
    ("swine_swap_ones_tens", (23, 31), 4, (31, 23)),
    ("swine_swap_ones_tens", (23, 13), 4, (23, 13)),
    // fa18: |1 - 3| = 2 = |4 - 2|; |4 - 4| = 0.
    ("swine_swap_digit_diff", (13, 42), 4, (42, 13)),
    ("swine_swap_digit_diff", (13, 44), 4, (13, 44)),
    // sp19: 123 and 23 share the ones 3; 10 and 20 the trailing 0; 5 and 50
    // nothing (5 has no tens); 0 has no digits.
    ("swine_swap_same_place_digit", (123, 23), 4, (23, 123)),
    ("swine_swap_same_place_digit", (10, 20), 4, (20, 10)),
    ("swine_swap_same_place_digit", (5, 50), 4, (5, 50)),
    ("swine_swap_same_place_digit", (40, 0), 4, (40, 0)),
    // su19: the leftmost 3 of 34 = the ones of 13; 7 and 17; 34 and 14 no.
    ("swine_swap_lead_ones", (34, 13), 4, (13, 34)),
    ("swine_swap_lead_ones", (7, 17), 4, (17, 7)),
    ("swine_swap_lead_ones", (34, 14), 4, (34, 14)),
    // sp15: 13 + 4 = 17 prime, the mover ahead gains 3 again; 4 + 13, the
    // opponent ahead gains 2; 1 + 1 = 2 prime but tied; 6 + 4 = 10 no.
    ("prime_sum_leader_bonus", (13, 4), 3, (16, 4)),
    ("prime_sum_leader_bonus", (4, 13), 2, (4, 15)),
    ("prime_sum_leader_bonus", (1, 1), 1, (1, 1)),
    ("prime_sum_leader_bonus", (6, 4), 3, (6, 4)),
    // su20: |3 - 1| = 2 = tens(21); tens(11) = 1.
    ("swine_swap_ones_diff_tens", (23, 21), 4, (21, 23)),
    ("swine_swap_ones_diff_tens", (23, 11), 4, (23, 11)),
    // fa21: 20 = 20 doubles; 20, 21 no.
    ("hog_pile_double", (20, 20), 4, (40, 20)),
    ("hog_pile_double", (20, 21), 4, (20, 21)),
    // sp22: ones 3 = 3 -> +3; ones 0 = 0 -> +0; 4, 5 no.
    ("hog_pile_ones", (23, 13), 4, (26, 13)),
    ("hog_pile_ones", (20, 30), 4, (20, 30)),
    ("hog_pile_ones", (24, 15), 4, (24, 15)),
    // su22: the staff trace (0, 20) rolling [5, 1, 4, 1] ends (2, 20): 1 is
    // prime there; 7 -> 11; 8 stays; 97 -> 101.
    ("pigs_on_prime", (1, 20), 1, (2, 20)),
    ("pigs_on_prime", (7, 20), 4, (11, 20)),
    ("pigs_on_prime", (8, 20), 4, (8, 20)),
    ("pigs_on_prime", (97, 20), 4, (101, 20)),
    // fa22: 25 -> 36 (the course's example); 16 -> 25; 1 -> 4; 26 stays.
    ("square_swine", (25, 3), 4, (36, 3)),
    ("square_swine", (16, 3), 4, (25, 3)),
    ("square_swine", (1, 3), 1, (4, 3)),
    ("square_swine", (26, 3), 4, (26, 3)),
    // su23: gcd 20 -> +4, 25 -> +4, 50 -> +10, 100 -> +0; gcd(30, 100) = 10
    // is not above 10; gcd(75, 100) = 25 -> +4.
    ("fuzzy_factors", (20, 3), 4, (24, 3)),
    ("fuzzy_factors", (25, 3), 4, (29, 3)),
    ("fuzzy_factors", (50, 3), 4, (60, 3)),
    ("fuzzy_factors", (100, 3), 4, (100, 3)),
    ("fuzzy_factors", (30, 3), 4, (30, 3)),
    ("fuzzy_factors", (75, 3), 4, (79, 3)),
    // NJU 2023: 16 = 4² swaps; 15 no.
    ("swine_swap_mover_square", (16, 30), 4, (30, 16)),
    ("swine_swap_mover_square", (15, 30), 4, (15, 30)),
];

#[test]
fn after_turn_rules_move_the_scores_of_their_worked_examples() {
    for &(name, scores, points, after) in AFTER_TURN {
        let rule: AfterTurn = name.parse().unwrap();
        let turn = TurnFacts {
            points,
            ..TurnFacts::default()
        };
        assert_eq!(rule.apply(scores, turn), after, "{name} on {scores:?}");
    }
}

/// One turn of a preset with test dice that must all be used.
fn turn(rules: &Rules, x: State, num_rolls: i32, faces: &[u32]) -> (u32, u32, u32) {
    let mut next = faces.iter().copied();
    let result = rules
        .play_turn(x, num_rolls, |_| next.next().ok_or("more faces than given"))
        .unwrap();
    assert_eq!(next.next(), None, "{x:?}: every face used");
    (result.points, result.score, result.opponent_score)
}

#[test]
fn the_new_presets_play_whole_turns() {
    // sp17: roll_dice(9, make_test_dice(1)) == 2 (the course's doctest):
    // min(9 ones, 11 - 9); the turn's Hogtimus Prime makes it 3. At 1 vs 2
    // (six-sided), three 1s of five dice score 3, which becomes 5.
    let sp17 = preset("sp17");
    assert_eq!(sp17.roll_points(1, &[1; 9]), 2);
    assert_eq!(turn(&sp17, state(1, 2), 9, &[1; 9]).0, 3);
    assert_eq!(turn(&sp17, state(1, 2), 5, &[1, 1, 1, 2, 2]).0, 5);
    // su16, Hog Tied: at 10 vs 7 always_roll(6) rolls one die.
    let su16 = preset("su16");
    assert_eq!(turn(&su16, state(10, 7), 6, &[4]), (4, 14, 7));
    // su16: 10 + 1 = 11, all digits equal: the scores swap.
    assert_eq!(turn(&su16, state(10, 8), 2, &[1, 3]), (1, 8, 11));
    // sp15: 10 vs 4 rolling 3: 13 + 4 = 17 is prime, the mover leads: 16.
    assert_eq!(turn(&preset("sp15"), state(10, 4), 1, &[3]), (3, 16, 4));
    // su22, the staff trace: (0, 20) rolls [5, 1, 4, 1]: 1, then 2.
    assert_eq!(
        turn(&preset("su22"), state(0, 20), 4, &[5, 1, 4, 1]),
        (1, 2, 20)
    );
    // fa22: 0 vs 12: Pig Tail 2|1 - 2| + 1 = 3 -> 3; 22 vs 12 -> 3 + 22 = 25 -> 36.
    let fa22 = preset("fa22");
    assert_eq!(turn(&fa22, state(22, 12), 0, &[]), (3, 36, 12));
    assert_eq!(
        turn(&preset("fa22-simple"), state(22, 12), 0, &[]),
        (3, 25, 12)
    );
    // sp22: 30 vs 1 rolls 0: Hefty Hogs 0 and no Hog Pile (0 vs 1): a pass.
    assert_eq!(turn(&preset("sp22"), state(30, 1), 0, &[]), (0, 30, 1));
    // Swaps apply after a turn that reaches the goal: fa17 at 90 vs 50
    // scoring 10 makes 100 = 2 * 50, handing the opponent 100.
    let fa17 = preset("fa17");
    let model = Model::new(&fa17, 100).unwrap();
    assert_eq!(turn(&fa17, state(90, 50), 2, &[5, 5]), (10, 50, 100));
    assert_eq!(model.next(state(90, 50), 2, 10), hog_solver::Next::Loss);
}

#[test]
fn aliases_name_the_same_rules() {
    assert_eq!(Rules::parse("sp23"), Ok(preset("fa22")));
    assert_eq!(Rules::parse("nju24"), Ok(preset("nju23")));
}

/// docs/rules.md's "Rule components" names every zero-dice, Pig Out and
/// after-turn value.
#[test]
fn docs_rules_md_names_every_component() {
    use hog_solver::rules::PigOut;
    use strum::VariantNames;
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/rules.md")).unwrap();
    let names = ZeroDice::VARIANTS
        .iter()
        .chain(PigOut::VARIANTS)
        .chain(AfterTurn::VARIANTS);
    for name in names {
        assert!(
            docs.contains(&format!("`{name}`")),
            "docs/rules.md: `{name}`"
        );
    }
}
