//! Every worked example of `docs/rules.md`, for every preset, plus the
//! canonical rules text and the checks of actions and states.
//!
//! Expected values are copied from docs/rules.md or derived by hand in a comment;
//! none was obtained by running the code.

use hog_solver::rules::{power_of_three_digits_match, Rules, State, TurnResult};
use hog_solver::{Error, Model, Next, PRESETS};

/// The mover's state with six-sided dice.
fn state(score: u32, opponent_score: u32) -> State {
    State::new(score, opponent_score)
}

/// One turn with test dice: each die takes the next of `faces` (a re-rolling
/// die with an odd face takes one more). Returns the result and the sides of
/// every die asked for. The faces do not cycle: the turn must use each of
/// them exactly once, which also checks how many dice were rolled.
fn play(rules: &Rules, state: State, num_rolls: i32, faces: &[u32]) -> (TurnResult, Vec<u32>) {
    let mut next = faces.iter().copied();
    let mut asked = vec![];
    let result = rules
        .play_turn(state, num_rolls, |sides| {
            asked.push(sides);
            next.next()
                .ok_or("the turn asked for more faces than given")
        })
        .unwrap_or_else(|e| panic!("{state:?} rolling {num_rolls} with {faces:?}: {e}"));
    assert_eq!(
        asked.len(),
        faces.len(),
        "{state:?} rolling {num_rolls} used only {} of the faces {faces:?}",
        asked.len()
    );
    (result, asked)
}

/// The result of a turn with the given points and final (mover, opponent) scores and sides.
fn turn(points: u32, score: u32, opponent_score: u32, sides: u32) -> TurnResult {
    TurnResult {
        points,
        score,
        opponent_score,
        sides,
        memory: Default::default(),
        turn: 0,
        extra_turn: false,
    }
}

/// The reason of a malformed rules text's error.
fn rules_text_error(text: &str) -> String {
    match text.parse::<Rules>() {
        Err(Error::BadRulesText { reason, .. }) => reason,
        other => panic!("'{text}' should be a bad rules text, got {other:?}"),
    }
}

// ---------------------------------------------------------------- zero dice

#[test]
fn free_bacon_is_one_plus_the_largest_digit_in_fa16_and_fa13() {
    // docs/rules.md: 42 -> 5, 48 -> 9, 7 -> 8, 0 -> 1. For goals above 100 "the
    // larger digit" is the largest of all digits: 109 -> 1 + 9 = 10.
    for rules in [Rules::fa16(), Rules::fa13()] {
        for (opponent, points) in [(42, 5), (48, 9), (7, 8), (0, 1), (109, 10)] {
            assert_eq!(
                rules.zero_dice_points(0, opponent),
                points,
                "{} opponent {opponent}",
                rules.name()
            );
        }
    }
}

#[test]
fn free_bacon_turns_get_the_prime_boost_in_fa16_only() {
    // fa16: 42 -> 5, prime -> 7; 48 -> 9, 7 -> 8 and 0 -> 1 are not prime.
    // No final score here is double the other, so nothing swaps.
    let fa16 = Rules::fa16();
    for (opponent, points) in [(42, 7), (48, 9), (7, 8), (0, 1)] {
        let (result, asked) = play(&fa16, state(10, opponent), 0, &[]);
        assert_eq!(result, turn(points, 10 + points, opponent, 6));
        assert!(asked.is_empty());
    }
    // fa13 has no Hogtimus Prime: 42 -> 5 stays 5.
    let (result, _) = play(&Rules::fa13(), state(10, 42), 0, &[]);
    assert_eq!(result, turn(5, 15, 42, 6));
}

#[test]
fn sp13_free_bacon_is_one_plus_the_tens_digit() {
    // docs/rules.md: 32 -> 4, 7 -> 1; tens(x) = (x // 10) % 10, so 123 -> 1 + 2 = 3.
    let sp13 = Rules::sp13();
    for (opponent, points) in [(32, 4), (7, 1), (123, 3)] {
        assert_eq!(
            sp13.zero_dice_points(0, opponent),
            points,
            "opponent {opponent}"
        );
    }
}

#[test]
fn boar_brawl_examples() {
    // docs/rules.md: (21, 46) -> 9, (45, 52) -> 1, (2, 5) -> 6. Above 100:
    // (105, 123): 3 * |tens(123) - ones(105)| = 3 * |2 - 5| = 9.
    for rules in [Rules::sp26(), Rules::sp26_simple()] {
        for (score, opponent, points) in [(21, 46, 9), (45, 52, 1), (2, 5, 6), (105, 123, 9)] {
            assert_eq!(
                rules.zero_dice_points(score, opponent),
                points,
                "{} ({score}, {opponent})",
                rules.name()
            );
        }
    }
}

#[test]
fn picky_piggy_digits_of_one_twenty_first() {
    // 1/21 = 0.047619 047619 ...: n = 1..6 -> 0, 4, 7, 6, 1, 9; 13 -> 0; n = 0 scores 1.
    let nju21 = Rules::nju21();
    for (opponent, points) in [
        (1, 0),
        (2, 4),
        (3, 7),
        (4, 6),
        (5, 1),
        (6, 9),
        (13, 0),
        (0, 1),
    ] {
        assert_eq!(
            nju21.zero_dice_points(0, opponent),
            points,
            "opponent {opponent}"
        );
    }
}

#[test]
fn picky_piggy_can_score_zero() {
    // Opponent 1 -> digit 0. 10 + 1 = 11 and 3^11 = 177147 (1 vs 7): no swap.
    let nju21 = Rules::nju21();
    assert!(nju21.can_score_zero());
    let (result, _) = play(&nju21, state(10, 1), 0, &[]);
    assert_eq!(result, turn(0, 10, 1, 6));
}

// ------------------------------------------------------------------- fa16

#[test]
fn hogtimus_prime_boosts_pig_out_counts() {
    // Two 1s: Pig Out counts them, 2 points, prime -> 3. 1 is not prime.
    let fa16 = Rules::fa16();
    assert_eq!(fa16.roll_points(0, &[1, 1, 4]), 2);
    assert_eq!(fa16.modify_points(2, 3), 3);
    assert_eq!(fa16.modify_points(1, 3), 1);
    // 1 + 0 = 1 is not a multiple of 7: plain dice. 4 vs 0 does not swap.
    let (result, asked) = play(&fa16, state(1, 0), 3, &[1, 1, 4]);
    assert_eq!(result, turn(3, 4, 0, 6));
    assert_eq!(asked, [6, 6, 6]);
}

#[test]
fn when_pigs_fly_caps_after_the_prime_boost() {
    // 5 dice summing 19 -> prime -> 23 -> min(23, 25 - 5) = 20.
    let fa16 = Rules::fa16();
    assert_eq!(fa16.modify_points(19, 5), 20);
    let (result, _) = play(&fa16, state(1, 0), 5, &[3, 4, 4, 4, 4]);
    assert_eq!(result, turn(20, 21, 0, 6));
}

#[test]
fn swine_swap_on_doubles() {
    let fa16 = Rules::fa16();
    // 37 + 92 = 129 = 7 * 18 + 3: plain dice. 4 + 5 = 9, not prime, under the
    // cap: 46 vs 92 -> swap.
    let (result, asked) = play(&fa16, state(37, 92), 2, &[4, 5]);
    assert_eq!(result, turn(9, 92, 46, 6));
    assert_eq!(asked, [6, 6]);
    // 91 + 55 = 146 = 7 * 20 + 6: plain dice. 5 + 6 + 6 = 17 -> prime -> 19
    // (cap 22): 110 vs 55 -> swap, and the opponent holds 110: a loss.
    let (result, _) = play(&fa16, state(91, 55), 3, &[5, 6, 6]);
    assert_eq!(result, turn(19, 55, 110, 6));
    let model = Model::new(&fa16, 100).unwrap();
    assert_eq!(model.next(state(91, 55), 3, 19), Next::Loss);
    // fa13's swap is exactly fa16's.
    let fa13 = Rules::fa13();
    assert_eq!(fa13.after_turn(46, 92, Default::default()), (92, 46));
    assert_eq!(fa13.after_turn(110, 55, Default::default()), (55, 110));
    let (result, _) = play(&fa13, state(37, 92), 2, &[4, 5]);
    assert_eq!(result, turn(9, 92, 46, 6));
}

#[test]
fn hog_wild_dice_reroll_odd_faces_and_the_second_face_stands() {
    let fa16 = Rules::fa16();
    // 0 + 0 is a multiple of 7: every die re-rolls an odd face.
    // [3, 4, 2]: 3 is odd -> 4; then 2 stands. 4 + 2 = 6, not prime.
    // [5, 3, 6]: 5 -> 3, which stands although odd; then 6. 3 + 6 = 9, not prime.
    // [3, 1, 4]: 3 -> 1, which stands; then 4. Pig Out: one 1 -> 1, not prime.
    for (faces, points) in [([3, 4, 2], 6), ([5, 3, 6], 9), ([3, 1, 4], 1)] {
        let (result, asked) = play(&fa16, State::START, 2, &faces);
        assert_eq!(result, turn(points, points, 0, 6), "faces {faces:?}");
        assert_eq!(asked, [6, 6, 6]);
    }
    // Four-sided re-rolling dice: 2 + 5 = 7; 1 -> 3 stands, prime -> 5; 7 vs 5 does not swap.
    let (result, asked) = play(
        &fa16,
        State {
            sides: 4,
            ..state(2, 5)
        },
        1,
        &[1, 3],
    );
    assert_eq!(result, turn(5, 7, 5, 4));
    assert_eq!(asked, [4, 4]);
    // 1 + 0 is not a multiple of 7: odd faces stand at once. 3 + 5 = 8.
    let (result, _) = play(&fa16, state(1, 0), 2, &[3, 5]);
    assert_eq!(result, turn(8, 9, 0, 6));
}

#[test]
fn pork_chop_scores_one_and_flips_the_sides_of_both_players() {
    let fa16 = Rules::fa16();
    // -1: 1 point (1 is not prime, under the cap of 26), no dice; 11 vs 20 does not swap.
    let (result, asked) = play(&fa16, state(10, 20), -1, &[]);
    assert_eq!(result, turn(1, 11, 20, 4));
    assert!(asked.is_empty());
    // The opponent moves next with four-sided dice.
    let model = Model::new(&fa16, 100).unwrap();
    let next = State {
        sides: 4,
        ..state(20, 11)
    };
    assert_eq!(model.next(state(10, 20), -1, 1), Next::Continue(next));
    // 20 + 11 = 31 is not a multiple of 7: plain four-sided dice. 3 + 4 = 7 -> 11.
    let (result, asked) = play(&fa16, next, 2, &[3, 4]);
    assert_eq!(result, turn(11, 31, 11, 4));
    assert_eq!(asked, [4, 4]);
    // Pork Chop again flips back to six sides; other actions keep the sides.
    let (result, _) = play(
        &fa16,
        State {
            sides: 4,
            ..state(11, 31)
        },
        -1,
        &[],
    );
    assert_eq!(result.sides, 6);
    assert_eq!(fa16.next_sides(6, -1, 1), 4);
    assert_eq!(fa16.next_sides(4, -1, 1), 6);
    for num_rolls in 0..=10 {
        assert_eq!(fa16.next_sides(4, num_rolls, 0), 4);
        assert_eq!(fa16.next_sides(6, num_rolls, 0), 6);
    }
}

// ------------------------------------------------------------ fa13 / sp13

#[test]
fn four_sided_dice_on_multiples_of_seven_and_zero_counts() {
    for rules in [Rules::fa13(), Rules::sp13()] {
        // 0, 14 and 49 are multiples of 7; 1, 15 and 50 are not.
        for (score, opponent, sides) in [
            (0, 0, 4),
            (3, 11, 4),
            (49, 0, 4),
            (1, 0, 6),
            (10, 5, 6),
            (49, 1, 6),
        ] {
            let dice = rules.dice(state(score, opponent));
            assert_eq!(dice.sides, sides, "{} ({score}, {opponent})", rules.name());
            assert!(!dice.reroll);
        }
        // The very first turn rolls four-sided dice: 2 + 3 = 5.
        let (result, asked) = play(&rules, State::START, 2, &[2, 3]);
        assert_eq!(result, turn(5, 5, 0, 6), "{}", rules.name());
        assert_eq!(asked, [4, 4]);
    }
    // fa16 re-rolls instead; sp26 and nju21 always roll six plain sides.
    let fa16 = Rules::fa16().dice(State::START);
    assert_eq!((fa16.sides, fa16.reroll), (6, true));
    for rules in [Rules::sp26(), Rules::sp26_simple(), Rules::nju21()] {
        let dice = rules.dice(State::START);
        assert_eq!((dice.sides, dice.reroll), (6, false), "{}", rules.name());
    }
}

#[test]
fn fa13_pig_out_scores_one_point() {
    // 1 + 0 = 1: six-sided dice. Any 1 -> 1 point, no prime boost.
    let (result, _) = play(&Rules::fa13(), state(1, 0), 3, &[1, 1, 4]);
    assert_eq!(result, turn(1, 2, 0, 6));
}

#[test]
fn hog_tied_clamps_to_one_die_and_zero_stays_zero() {
    let sp13 = Rules::sp13();
    // Sums ending in 7: 7, 17, 27, 77, 147.
    for (score, opponent) in [(3, 4), (10, 7), (20, 7), (40, 37), (99, 48)] {
        let tied = state(score, opponent);
        for (chosen, rolled) in [(0, 0), (1, 1), (2, 1), (5, 1), (10, 1)] {
            assert_eq!(
                sp13.effective_rolls(tied, chosen),
                rolled,
                "({score}, {opponent}) choosing {chosen}"
            );
        }
    }
    // 16 does not end in 7: no clamp.
    assert_eq!(sp13.effective_rolls(state(10, 6), 5), 5);
    // 10 + 7 = 17: one die, six-sided (17 is not a multiple of 7). 4 points.
    let (result, asked) = play(&sp13, state(10, 7), 5, &[4]);
    assert_eq!(result, turn(4, 14, 7, 6));
    assert_eq!(asked, [6]);
    // 0 stays 0: Free Bacon, 1 + tens(7) = 1.
    let (result, _) = play(&sp13, state(10, 7), 0, &[]);
    assert_eq!(result, turn(1, 11, 7, 6));
    // The clamp only exists in sp13.
    for rules in [Rules::fa16(), Rules::fa13(), Rules::sp26(), Rules::nju21()] {
        assert_eq!(
            rules.effective_rolls(state(10, 7), 5),
            5,
            "{}",
            rules.name()
        );
    }
}

#[test]
fn sums_7_77_147_trigger_hog_tied_and_hog_wild() {
    let sp13 = Rules::sp13();
    for (score, opponent) in [(3, 4), (40, 37), (99, 48)] {
        let both = state(score, opponent);
        assert_eq!(sp13.effective_rolls(both, 5), 1, "({score}, {opponent})");
        assert_eq!(sp13.dice(both).sides, 4, "({score}, {opponent})");
    }
    // A five-dice choice rolls one four-sided die: 3 points.
    let (result, asked) = play(&sp13, state(3, 4), 5, &[3]);
    assert_eq!(result, turn(3, 6, 4, 6));
    assert_eq!(asked, [4]);
}

#[test]
fn forty_niners_keep_the_plain_sum() {
    let sp13 = Rules::sp13();
    // At exactly 49 the 1s do not lose: 1 + 6 = 7. At 48 or 50, Pig out: 1.
    assert_eq!(sp13.roll_points(49, &[1, 6]), 7);
    assert_eq!(sp13.roll_points(48, &[1, 6]), 1);
    assert_eq!(sp13.roll_points(50, &[1, 6]), 1);
    // 49 + 2 = 51: six-sided dice; 7 is no multiple of 6.
    let (result, asked) = play(&sp13, state(49, 2), 2, &[1, 6]);
    assert_eq!(result, turn(7, 56, 2, 6));
    assert_eq!(asked, [6, 6]);
    // 49 + 0 = 49: four-sided dice; 1 + 4 + 1 = 6 -> Touchdown -> 7.
    let (result, asked) = play(&sp13, state(49, 0), 3, &[1, 4, 1]);
    assert_eq!(result, turn(7, 56, 0, 6));
    assert_eq!(asked, [4, 4, 4]);
    // No other preset has 49ers.
    assert_eq!(Rules::fa13().roll_points(49, &[1, 6]), 1);
}

#[test]
fn touchdown_adds_a_sixth_of_multiples_of_six() {
    let sp13 = Rules::sp13();
    // 12 -> 14; 6 -> 7; 7 stays.
    assert_eq!(sp13.modify_points(12, 2), 14);
    assert_eq!(sp13.modify_points(6, 0), 7);
    assert_eq!(sp13.modify_points(7, 2), 7);
    // 6 + 6 = 12 -> 14, from 1 + 0 = 1 (six-sided).
    let (result, _) = play(&sp13, state(1, 0), 2, &[6, 6]);
    assert_eq!(result, turn(14, 15, 0, 6));
    // Free Bacon too: 1 + tens(53) = 6 -> 7.
    let (result, _) = play(&sp13, state(0, 53), 0, &[]);
    assert_eq!(result, turn(7, 7, 53, 6));
}

// ------------------------------------------------------------------- sp26

#[test]
fn sus_fuss_examples() {
    let sp26 = Rules::sp26();
    // 14 + 7 = 21 = 3 * 7 (4 divisors) -> 23.
    let (result, _) = play(&sp26, state(14, 0), 2, &[3, 4]);
    assert_eq!(result, turn(7, 23, 0, 6));
    // 63 + 1 (Sow Sad) = 64 = 2^6 (7 divisors) stays.
    let (result, _) = play(&sp26, state(63, 0), 2, &[1, 5]);
    assert_eq!(result, turn(1, 64, 0, 6));
    // 49 + 18 = 67 is prime (2 divisors) and stays.
    let (result, _) = play(&sp26, state(49, 0), 3, &[6, 6, 6]);
    assert_eq!(result, turn(18, 67, 0, 6));
}

#[test]
fn sus_fuss_on_zero_dice_above_the_goal_and_for_the_mover_only() {
    let sp26 = Rules::sp26();
    // Boar Brawl (2, 5) -> 6; 8 has divisors 1, 2, 4, 8 -> 11.
    let (result, _) = play(&sp26, state(2, 5), 0, &[]);
    assert_eq!(result, turn(6, 11, 5, 6));
    // 90 + 21 = 111 = 3 * 37 (4 divisors) -> 113 (112 is even, 113 prime): a win.
    let (result, _) = play(&sp26, state(90, 0), 4, &[6, 6, 6, 3]);
    assert_eq!(result, turn(21, 113, 0, 6));
    let model = Model::new(&sp26, 100).unwrap();
    assert_eq!(model.next(state(90, 0), 4, 21), Next::Win);
    // (1, 21): 3 * |2 - 1| = 3; 4 (divisors 1, 2, 4) -> 5. The opponent's 21 stays.
    let (result, _) = play(&sp26, state(1, 21), 0, &[]);
    assert_eq!(result, turn(3, 5, 21, 6));
    // sp26-simple has no Sus Fuss: 14 + 7 = 21 stays.
    let (result, _) = play(&Rules::sp26_simple(), state(14, 0), 2, &[3, 4]);
    assert_eq!(result, turn(7, 21, 0, 6));
}

// ------------------------------------------------------------------ nju21

#[test]
fn feral_hogs_add_a_point_per_die_of_the_movers_parity() {
    let nju21 = Rules::nju21();
    // Score 21, faces 1, 3, 5: Pig Out 1 + three odd faces = 4.
    // Score 40, faces 2, 3, 4, 5: 14 + two even faces = 16.
    // Score 60, face 3: 3 + no even face = 3.
    for (score, faces, points) in [
        (21, vec![1, 3, 5], 4),
        (40, vec![2, 3, 4, 5], 16),
        (60, vec![3], 3),
    ] {
        assert_eq!(nju21.roll_points(score, &faces), points, "score {score}");
        let (result, asked) = play(&nju21, state(score, 0), faces.len() as i32, &faces);
        assert_eq!(result.points, points, "score {score}");
        assert!(asked.iter().all(|&s| s == 6));
    }
}

#[test]
fn nju21_swine_swap_on_powers_of_three() {
    // 3^6 = 729 (7, 9): no. 3^12 = 531441 (5, 1): no. 3^27 = 7625597484987 (7, 7): yes.
    assert!(!power_of_three_digits_match(6));
    assert!(!power_of_three_digits_match(12));
    assert!(power_of_three_digits_match(27));
    let nju21 = Rules::nju21();
    assert_eq!(nju21.after_turn(2, 4, Default::default()), (2, 4));
    assert_eq!(nju21.after_turn(11, 1, Default::default()), (11, 1));
    assert_eq!(nju21.after_turn(23, 4, Default::default()), (4, 23));
}

#[test]
fn nju21_endless_game_repeats_the_position() {
    // Mover 8 vs 19 rolls 0: digit 19 of 1/21 is digit 1 (19 = 3 * 6 + 1): 0
    // points. 3^27 swaps: the mover holds 19, the opponent 8, and the opponent
    // now faces (8, 19) with six-sided dice: the same position.
    let nju21 = Rules::nju21();
    let start = state(8, 19);
    let (result, _) = play(&nju21, start, 0, &[]);
    assert_eq!(result, turn(0, 19, 8, 6));
    let model = Model::new(&nju21, 100).unwrap();
    assert_eq!(model.next(start, 0, 0), Next::Continue(start));
}

// --------------------------------------------------------- rules as text

#[test]
fn canonical_text_round_trips_for_every_preset() {
    let mut texts = vec![];
    for preset in PRESETS {
        let rules = preset.rules();
        let text = rules.to_string();
        assert!(!text.contains(char::is_whitespace), "{text}");
        assert_eq!(text.parse::<Rules>().unwrap(), rules, "{}", preset.name);
        assert_eq!(Rules::parse(&text).unwrap(), rules, "{}", preset.name);
        assert_eq!(Rules::parse(preset.name).unwrap(), rules);
        assert_eq!(rules.name(), preset.name);
        texts.push(text);
    }
    let names: Vec<_> = PRESETS.iter().map(|p| p.name).collect();
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
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), PRESETS.len(), "every preset has its own text");
}

#[test]
fn canonical_texts_are_the_ones_docs_rules_md_writes() {
    // docs/rules.md gives each preset's canonical text on a line of its own,
    // in the order of PRESETS; between them they name every value of every
    // slot.
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/rules.md")).unwrap();
    let documented: Vec<&str> = docs.lines().filter(|l| l.starts_with("zero=")).collect();
    let texts: Vec<String> = PRESETS.iter().map(|p| p.rules().to_string()).collect();
    assert_eq!(documented, texts);
    // An unknown value's error lists the slot's names, in declaration order.
    let reason = rules_text_error(&texts[0].replace("pig_out=count_ones", "pig_out=x"));
    assert!(
        reason.ends_with("pig_out=x: expected one of one_point, count_ones, one_point_except_49, zero_piggy_back, count_ones_capped"),
        "{reason}"
    );
}

#[test]
fn a_rules_text_that_is_no_preset_keeps_its_text_as_name() {
    // fa13 with Touchdown added is none of the presets.
    let rules = Rules {
        points: vec![hog_solver::rules::PointModifier::Touchdown],
        ..Rules::fa13()
    };
    assert_eq!(rules.name(), rules.to_string());
    assert_eq!(Rules::parse(&rules.name()).unwrap(), rules);
}

#[test]
fn malformed_rules_texts_name_the_bad_value() {
    let fa16 = Rules::fa16().to_string();
    let cases = [
        (fa16.replace("bonus=", "bonsu="), "bonsu"),
        (
            fa16.replace("free_bacon_largest_digit", "free_bacon_biggest_digit"),
            "free_bacon_biggest_digit",
        ),
        (
            fa16.replace("when_pigs_fly", "when_pigs_flew"),
            "when_pigs_flew",
        ),
        (fa16.replace(",special=pork_chop", ""), "special"),
        (format!("{fa16},zero=boar_brawl"), "zero"),
        (fa16.replace("reroll=on_sevens", "reroll"), "reroll"),
        ("garbage".to_string(), "garbage"),
    ];
    for (text, bad) in cases {
        let reason = rules_text_error(&text);
        assert!(
            reason.contains(bad),
            "'{text}': '{reason}' should name '{bad}'"
        );
    }
}

#[test]
fn unknown_rules_names_are_errors_naming_them() {
    for name in ["garbage", "sp12", ""] {
        let error = Rules::parse(name).unwrap_err();
        assert!(
            matches!(&error, Error::UnknownRules { text, .. } if text == name),
            "{error:?}"
        );
        assert!(error.to_string().contains(&format!("'{name}'")));
    }
}

// ------------------------------------------------------ actions and states

#[test]
fn check_action_allows_minus_one_under_pork_chop_and_ham_hijinks_only_and_never_eleven() {
    for preset in PRESETS {
        let rules = preset.rules();
        for num_rolls in 0..=10 {
            assert_eq!(rules.check_action(num_rolls), Ok(num_rolls as i32));
        }
        for bad in [11, -2, 1000] {
            let error = rules.check_action(bad).unwrap_err();
            assert!(error.to_string().contains(&bad.to_string()), "{error}");
        }
        let pork_chop = rules.check_action(-1);
        // -1 is Pork Chop (fa16) and Ham Hijinks (the fa13, su15 and sp17 contests).
        let minus_one = ["pork_chop", "ham_hijinks"]
            .iter()
            .any(|rule| preset.text.contains(&format!("special={rule}")));
        if minus_one {
            assert_eq!(pork_chop, Ok(-1));
        } else {
            let error = pork_chop.unwrap_err();
            assert!(error.to_string().contains("-1"), "{error}");
        }
    }
}

#[test]
fn check_state_rejects_scores_at_the_goal_goal_zero_and_foreign_sides() {
    for preset in PRESETS {
        let rules = preset.rules();
        assert_eq!(rules.check_state(100, state(99, 99)), Ok(()));
        for bad in [state(100, 0), state(0, 100), state(250, 3)] {
            let error = rules.check_state(100, bad).unwrap_err();
            let value = bad.score.max(bad.opponent_score).to_string();
            assert!(error.to_string().contains(&value), "{error}");
        }
        let error = rules.check_state(0, State::START).unwrap_err();
        assert_eq!(
            error,
            Error::BadGoal {
                goal: 0,
                max: 10_000
            }
        );
        let four = State {
            sides: 4,
            ..State::START
        };
        let five = State {
            sides: 5,
            ..State::START
        };
        assert!(rules.check_state(100, five).is_err());
        // Only Pork Chop (fa16), Perfect Piggy (su17) and Ham Hijinks (the
        // fa13, su15 and sp17 contests) change the sides.
        let changes_sides = ["pork_chop", "perfect_piggy", "ham_hijinks"]
            .iter()
            .any(|rule| preset.text.contains(&format!("special={rule}")));
        if changes_sides {
            assert_eq!(rules.check_state(100, four), Ok(()));
        } else {
            let error = rules.check_state(100, four).unwrap_err();
            assert!(error.to_string().contains("sides 4"), "{error}");
        }
    }
}

#[test]
fn number_helpers_do_not_overflow_at_the_top_of_u32() {
    use hog_solver::rules::{divisor_count, is_prime};
    // 4294967291 is the largest prime below 2^32. 2^32 - 1 = 3·5·17·257·65537
    // has 2^5 = 32 divisors. 65535² = 4294836225 = 3²·5²·17²·257² has
    // (2+1)^4 = 81 divisors.
    assert!(is_prime(4_294_967_291));
    assert!(!is_prime(u32::MAX));
    assert_eq!(divisor_count(u32::MAX), 32);
    assert_eq!(divisor_count(4_294_836_225), 81);
}

#[test]
fn a_rule_listed_twice_is_refused() {
    // Sus Fuss "applies once" (docs/rules.md); a list naming a rule twice is a mistake.
    let text = Rules::sp26()
        .to_string()
        .replace("after=sus_fuss", "after=sus_fuss+sus_fuss");
    let err = text.parse::<Rules>().unwrap_err().to_string();
    assert!(err.contains("sus_fuss is listed twice"), "{err}");
}
