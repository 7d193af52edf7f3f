//! The course strategies of `docs/rules.md` on hand-worked states, their
//! default and custom arguments, and the errors around them.

use hog_solver::rules::Rules;
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::{Error, State};

type CourseStrategy = Box<dyn Fn(u32, u32) -> i64 + Sync + Send>;

fn strategy(preset: &str, name: &str, args: &[i64]) -> CourseStrategy {
    course_strategy(&Rules::parse(preset).unwrap(), name, args)
        .unwrap_or_else(|e| panic!("{name}{args:?} under {preset}: {e}"))
}

fn strategy_error(preset: &str, name: &str, args: &[i64]) -> String {
    course_strategy(&Rules::parse(preset).unwrap(), name, args)
        .err()
        .unwrap_or_else(|| panic!("{name}{args:?} under {preset} should be an error"))
        .to_string()
}

/// Checks a strategy's answers: ((score, opponent_score), num_rolls).
fn check(preset: &str, name: &str, args: &[i64], cases: &[((u32, u32), i64)]) {
    let play = strategy(preset, name, args);
    for &((score, opponent), expected) in cases {
        assert_eq!(
            play(score, opponent),
            expected,
            "{name}{args:?} under {preset} at ({score}, {opponent})"
        );
    }
}

/// Checks that the defaults play like the explicit arguments in every state below 100.
fn check_defaults(preset: &str, name: &str, given: &[i64], explicit: &[i64]) {
    let (defaults, spelled) = (
        strategy(preset, name, given),
        strategy(preset, name, explicit),
    );
    for score in 0..100 {
        for opponent in 0..100 {
            assert_eq!(
                defaults(score, opponent),
                spelled(score, opponent),
                "{name}{given:?} vs {name}{explicit:?} under {preset} at ({score}, {opponent})"
            );
        }
    }
}

#[test]
fn fa16_bacon_strategy() {
    // Free Bacon with the prime boost: 42 -> 5 -> 7; 48 -> 9; 7 -> 8;
    // 6 -> 7 -> 11; 0 -> 1. Roll 0 when that is >= margin (8), else 4.
    let cases = [
        ((0, 42), 4),
        ((0, 48), 0),
        ((0, 7), 0),
        ((0, 6), 0),
        ((0, 0), 4),
    ];
    check("fa16", "bacon_strategy", &[], &cases);
    // margin 11, num_rolls 6: 11 >= 11 at opponent 6; 9 < 11 at 48.
    check(
        "fa16",
        "bacon_strategy",
        &[11, 6],
        &[((0, 6), 0), ((0, 48), 6)],
    );
    check_defaults("fa16", "bacon_strategy", &[], &[8, 4]);
}

#[test]
fn fa16_swap_strategy() {
    let cases = [
        // (13, 40): bacon 5 -> 7, 13 + 7 = 20 and 2 * 20 = 40: beneficial swap,
        // rolled although 7 < 8.
        ((13, 40), 0),
        // (8, 9): bacon 10, 8 + 10 = 18 = 2 * 9: a harmful swap despite 10 >= 8.
        ((8, 9), 4),
        // (0, 48): bacon 9 >= 8, 9 vs 48 swaps neither way.
        ((0, 48), 0),
        // (0, 42): bacon 7 < 8, no swap.
        ((0, 42), 4),
    ];
    check("fa16", "swap_strategy", &[], &cases);
    // margin 12, num_rolls 6: 9 < 12 at (0, 48); the beneficial swap stays.
    check(
        "fa16",
        "swap_strategy",
        &[12, 6],
        &[((0, 48), 6), ((13, 40), 0)],
    );
    check_defaults("fa16", "swap_strategy", &[], &[8, 4]);
}

#[test]
fn fa13_bacon_strategy() {
    // No prime boost in fa13: 6 -> 7 < 8 rolls 5. 7 -> 8, 48 -> 9: 0. 42 -> 5: 5.
    let cases = [((0, 6), 5), ((0, 7), 0), ((0, 48), 0), ((0, 42), 5)];
    check("fa13", "bacon_strategy", &[], &cases);
    // margin 5, num_rolls 3: 5 >= 5 at 42; 31 -> 4 < 5.
    check(
        "fa13",
        "bacon_strategy",
        &[5, 3],
        &[((0, 42), 0), ((0, 31), 3)],
    );
    check_defaults("fa13", "bacon_strategy", &[], &[8, 5]);
}

#[test]
fn fa13_swap_strategy() {
    let cases = [
        // (15, 40): bacon 5, 2 * (15 + 5) = 40: beneficial, although 5 < 8.
        ((15, 40), 0),
        // (8, 9): bacon 10, 8 + 10 = 18 = 2 * 9: harmful, although 10 >= 8.
        ((8, 9), 5),
        // Otherwise bacon_strategy: 48 -> 9 >= 8; 42 -> 5 < 8.
        ((0, 48), 0),
        ((0, 42), 5),
    ];
    check("fa13", "swap_strategy", &[], &cases);
    check(
        "fa13",
        "swap_strategy",
        &[10, 2],
        &[((0, 48), 2), ((8, 9), 2), ((15, 40), 0)],
    );
    check_defaults("fa13", "swap_strategy", &[], &[8, 5]);
}

#[test]
fn sp26_boar_strategy() {
    // Boar Brawl: (21, 46) -> 9 < 11; (1, 50) -> 3 * |5 - 1| = 12; (0, 90) -> 27;
    // (45, 52) -> 1.
    let cases = [((21, 46), 6), ((1, 50), 0), ((0, 90), 0), ((45, 52), 6)];
    for preset in ["sp26", "sp26-simple"] {
        check(preset, "boar_strategy", &[], &cases);
        // threshold 9, num_rolls 3: 9 >= 9; (2, 5) -> 6 < 9.
        check(
            preset,
            "boar_strategy",
            &[9, 3],
            &[((21, 46), 0), ((2, 5), 3)],
        );
        check_defaults(preset, "boar_strategy", &[], &[11, 6]);
    }
}

#[test]
fn sp26_sus_strategy() {
    let cases = [
        // (2, 5): 6 -> 8 (4 divisors) -> 11: raised by 9 < 11.
        ((2, 5), 6),
        // (1, 50): 12 -> 13, prime, stays: raised by 12 >= 11.
        ((1, 50), 0),
        // (5, 80): 3 * |8 - 5| = 9 -> 14 (divisors 1, 2, 7, 14) -> 17: raised
        // by 12 >= 11, where Boar Brawl alone gives 9.
        ((5, 80), 0),
        // (21, 46): 9 -> 30 (8 divisors) stays: 9 < 11.
        ((21, 46), 6),
    ];
    // docs/rules.md defines the strategy by Boar Brawl then Sus Fuss, whether or
    // not the game plays Sus Fuss.
    for preset in ["sp26", "sp26-simple"] {
        check(preset, "sus_strategy", &[], &cases);
        // threshold 9, num_rolls 2: 9 >= 9 at (2, 5).
        check(
            preset,
            "sus_strategy",
            &[9, 2],
            &[((2, 5), 0), ((21, 46), 0)],
        );
        check_defaults(preset, "sus_strategy", &[], &[11, 6]);
    }
    // Boar Brawl alone stays below 11 at (5, 80).
    check("sp26", "boar_strategy", &[], &[((5, 80), 6)]);
}

#[test]
fn nju21_picky_piggy_strategy() {
    // Digits: 6 -> 9, 12 -> 9 (12 = 6 + 6), 3 -> 7, 0 -> 1, 4 -> 6.
    let cases = [
        ((0, 6), 0),
        ((0, 12), 0),
        ((0, 3), 6),
        ((0, 0), 6),
        ((0, 4), 6),
    ];
    check("nju21", "picky_piggy_strategy", &[], &cases);
    // cutoff 7, num_rolls 4: 7 >= 7 at 3; 6 < 7 at 4.
    check(
        "nju21",
        "picky_piggy_strategy",
        &[7, 4],
        &[((0, 3), 0), ((0, 4), 4)],
    );
    check_defaults("nju21", "picky_piggy_strategy", &[], &[8, 6]);
}

#[test]
fn nju21_swine_swap_strategy() {
    // 3^k for k = 3..=12 (27, 81, 243, 729, 2187, 6561, 19683, 59049, 177147,
    // 531441) never starts with its last digit; 3^1 = 3 and 3^27 = 7625597484987 do.
    let cases = [
        // (8, 19): digit 19 -> 0, 8 + 0 + 19 = 27: swap, 19 - 8 = 11 >= 8.
        ((8, 19), 0),
        // (3, 20): digit 20 -> 4, 3 + 4 + 20 = 27: swap, 20 - 3 = 17 >= 8.
        ((3, 20), 0),
        // (0, 8): digit 8 -> 4, 0 + 4 + 8 = 12: no swap, although 8 >= 8.
        ((0, 8), 6),
        // (0, 1): digit 1 -> 0, sum 1: swap, but 1 - 0 < 8.
        ((0, 1), 6),
    ];
    check("nju21", "swine_swap_strategy", &[], &cases);
    // The gain is opp - score with the score before the turn (docs/rules.md):
    // (3, 20) with cutoff 15: 17 >= 15 rolls 0. (8, 19) with cutoff 12: 11 < 12.
    // (0, 1) with cutoff 1: 1 >= 1.
    check(
        "nju21",
        "swine_swap_strategy",
        &[15, 6],
        &[((3, 20), 0), ((0, 8), 6)],
    );
    check(
        "nju21",
        "swine_swap_strategy",
        &[12, 3],
        &[((8, 19), 3), ((3, 20), 0)],
    );
    check("nju21", "swine_swap_strategy", &[1, 6], &[((0, 1), 0)]);
    check_defaults("nju21", "swine_swap_strategy", &[], &[8, 6]);
}

#[test]
fn sp13_make_comeback_strategy() {
    // margin 10: behind by 10 rolls 5 + 1; behind by 9, or ahead, rolls 5.
    let cases = [((20, 30), 6), ((20, 29), 5), ((30, 20), 5), ((0, 99), 6)];
    check("sp13", "make_comeback_strategy", &[10], &cases);
    check(
        "sp13",
        "make_comeback_strategy",
        &[10, 3],
        &[((20, 30), 4), ((20, 29), 3)],
    );
    check_defaults("sp13", "make_comeback_strategy", &[10], &[10, 5]);
    let error = strategy_error("sp13", "make_comeback_strategy", &[]);
    assert!(error.contains("margin"), "{error}");
}

#[test]
fn sp13_make_mean_strategy() {
    let cases = [
        // (3, 53): 1 + 5 = 6 -> Touchdown 7 >= 7; 3 + 7 + 53 = 63 = 9 * 7.
        ((3, 53), 0),
        // (4, 53): 7 >= 7 but 64 is neither a multiple of 7 nor ends in 7.
        ((4, 53), 5),
        // (0, 60): 7 >= 7 and 67 ends in 7.
        ((0, 60), 0),
        // (1, 32): 4 < 7, although 37 ends in 7.
        ((1, 32), 5),
    ];
    check("sp13", "make_mean_strategy", &[7], &cases);
    // min_points 8: Touchdown's 7 is not enough. min_points 4, num_rolls 2:
    // (1, 32) -> 4 and 37 rolls 0; (2, 32) -> 38 = 5 * 7 + 3 rolls 2.
    check("sp13", "make_mean_strategy", &[8], &[((3, 53), 5)]);
    check(
        "sp13",
        "make_mean_strategy",
        &[4, 2],
        &[((1, 32), 0), ((2, 32), 2)],
    );
    check_defaults("sp13", "make_mean_strategy", &[7], &[7, 5]);
    let error = strategy_error("sp13", "make_mean_strategy", &[]);
    assert!(error.contains("min_points"), "{error}");
}

#[test]
fn always_roll_in_every_preset() {
    for preset in ["fa16", "fa13", "sp26", "sp26-simple", "nju21", "sp13"] {
        for n in [0, 4, 10] {
            check(preset, "always_roll", &[n], &[((0, 0), n), ((57, 93), n)]);
        }
        for bad in [11, -2] {
            let error = strategy_error(preset, "always_roll", &[bad]);
            assert!(error.contains(&bad.to_string()), "{error}");
        }
        let pork_chop = course_strategy(&Rules::parse(preset).unwrap(), "always_roll", &[-1]);
        if preset == "fa16" {
            assert_eq!(pork_chop.unwrap()(10, 20), -1);
        } else {
            let error = pork_chop.err().expect("-1 outside fa16").to_string();
            assert!(error.contains("-1"), "{error}");
        }
        // The course's always_roll(n) names its parameter n.
        assert!(strategy_error(preset, "always_roll", &[]).contains("argument n"));
    }
}

#[test]
fn course_strategies_belong_to_their_presets() {
    for (preset, name, args) in [
        ("sp26", "bacon_strategy", &[][..]),
        ("nju21", "swap_strategy", &[]),
        ("fa16", "boar_strategy", &[]),
        ("fa13", "sus_strategy", &[]),
        ("sp13", "picky_piggy_strategy", &[]),
        ("sp26", "swine_swap_strategy", &[]),
        ("nju21", "make_comeback_strategy", &[10]),
        ("fa16", "make_mean_strategy", &[7]),
    ] {
        let error = strategy_error(preset, name, args);
        assert!(
            error.contains(name) && error.contains(preset),
            "{name} under {preset}: {error}"
        );
    }
}

#[test]
fn bad_course_strategy_calls_are_errors() {
    let error = strategy_error("fa16", "bacon_strategy", &[8, 4, 1]);
    assert!(error.contains("bacon_strategy"), "{error}");
    let error = strategy_error("fa16", "no_such_strategy", &[]);
    assert!(error.contains("no_such_strategy"), "{error}");
}

#[test]
fn strategy_specs_parse() {
    let course = |name: &str, args: Vec<i64>| StrategySpec::Course {
        name: name.to_string(),
        args,
    };
    for (text, spec) in [
        ("always_roll(4)", course("always_roll", vec![4])),
        ("bacon_strategy", course("bacon_strategy", vec![])),
        ("swap_strategy(8, 4)", course("swap_strategy", vec![8, 4])),
        ("always_roll(-1)", course("always_roll", vec![-1])),
        ("optimal", StrategySpec::Optimal),
        (
            "best_response(always_roll(4))",
            StrategySpec::BestResponse(Box::new(course("always_roll", vec![4]))),
        ),
    ] {
        assert_eq!(StrategySpec::parse(text).unwrap(), spec, "{text}");
    }
}

#[test]
fn malformed_strategy_specs_are_errors_naming_the_problem() {
    for (text, named) in [
        ("", "empty"),
        ("   ", "empty"),
        ("always_roll(4", "')'"),
        ("always_roll(x)", "'x'"),
        ("swap_strategy(8, four)", "'four'"),
        ("optimal(3)", "optimal"),
        ("best_response()", "best_response"),
        ("best_response(nonsense)", "nonsense"),
        ("no_such_strategy(3)", "no_such_strategy"),
    ] {
        let error = StrategySpec::parse(text)
            .err()
            .unwrap_or_else(|| panic!("'{text}' should not parse"));
        let message = error.to_string();
        assert!(message.contains(named), "'{text}': {message}");
    }
}

#[test]
fn a_strategy_answering_eleven_is_an_error_naming_state_and_value() {
    let answers_eleven = |score: u32, opponent: u32| -> i64 {
        if (score, opponent) == (3, 5) {
            11
        } else {
            4
        }
    };
    for rules in [Rules::fa16(), Rules::fa13(), Rules::nju21()] {
        let error = Policy::from_strategy(&answers_eleven, &rules, 10, "eleven").unwrap_err();
        let Error::BadAnswer {
            score,
            opponent_score,
            ref value,
            ..
        } = error
        else {
            panic!("{error:?}")
        };
        assert_eq!((score, opponent_score, value.as_str()), (3, 5, "11"));
        let message = error.to_string();
        for part in ["eleven", "11", "score 3", "opponent_score 5"] {
            assert!(message.contains(part), "{message} should name {part}");
        }
    }
}

#[test]
fn minus_one_answers_are_errors_outside_fa16() {
    let pork_chop = |_: u32, _: u32| -> i64 { -1 };
    assert!(Policy::from_strategy(&pork_chop, &Rules::fa16(), 10, "chop").is_ok());
    let error = Policy::from_strategy(&pork_chop, &Rules::fa13(), 10, "chop").unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("-1") && message.contains("score 0"),
        "{message}"
    );
}

#[test]
fn course_strategies_become_policies_and_comeback_past_ten_plays_as_the_course_plays_it() {
    // Every course strategy with its defaults answers a legal action everywhere.
    for (preset, name, args) in [
        ("fa16", "bacon_strategy", &[][..]),
        ("fa16", "swap_strategy", &[]),
        ("fa13", "swap_strategy", &[]),
        ("sp26", "sus_strategy", &[]),
        ("nju21", "swine_swap_strategy", &[]),
        ("sp13", "make_mean_strategy", &[7]),
    ] {
        let rules = Rules::parse(preset).unwrap();
        let play = strategy(preset, name, args);
        let policy = Policy::from_strategy(&play, &rules, 100, name).unwrap();
        let state = State::new(57, 93);
        assert_eq!(policy.get(state), play(57, 93) as i32);
    }
    // make_comeback_strategy(10, 10) answers 10 + 1 = 11 when behind by 10:
    // the 2012-13 courses' play() rolls the most dice allowed for it (its
    // docstring: "If a strategy returns more than the maximum allowed dice
    // for a turn, then the maximum allowed is rolled instead").
    let play = strategy("sp13", "make_comeback_strategy", &[10, 10]);
    let clamped = Policy::from_strategy(&play, &Rules::sp13(), 100, "comeback").unwrap();
    assert_eq!(play(0, 10), 11);
    assert_eq!(clamped.get(State::new(0, 10)), 10);
    assert_eq!(clamped.get(State::new(0, 9)), 10);
    // Rules whose course refuses such an answer (sp13's with su16's Hog
    // Tied) name it.
    let refusing = Rules::parse(
        &Rules::sp13()
            .to_string()
            .replace("limit=hog_tied_clamped", "limit=hog_tied"),
    )
    .unwrap();
    let error = Policy::from_strategy(&play, &refusing, 100, "comeback").unwrap_err();
    match error {
        Error::BadAnswer {
            score,
            opponent_score,
            value,
            ..
        } => {
            assert_eq!(value, "11");
            assert!(opponent_score >= score + 10, "({score}, {opponent_score})");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn always_roll_works_under_custom_rules_texts() {
    // sp26 with Swine Swap on doubles: no preset, yet always_roll is defined
    // for any rules (docs/rules.md: a strategy is any function of the two scores).
    let text = "zero=boar_brawl,sides=six,reroll=never,pig_out=one_point,bonus=none,\
                points=none,after=swine_swap_double,limit=none,special=none";
    let rules = Rules::parse(text).unwrap();
    let strategy = course_strategy(&rules, "always_roll", &[4]).unwrap();
    assert_eq!(strategy(10, 20), 4);
    let err = course_strategy(&rules, "boar_strategy", &[])
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("belongs to") && err.contains("sp26"), "{err}");
}

#[test]
fn a_name_means_the_strategy_of_the_rules_in_force() {
    // boar_strategy's threshold defaults to 12 in su23's hog.py, 11 in
    // sp26's; num_rolls to 6 in both.
    check_defaults("su23", "boar_strategy", &[], &[12, 6]);
    check_defaults("sp26", "boar_strategy", &[], &[11, 6]);
    // The courses call bacon_strategy's first parameter margin (fa13 to
    // sp20) or cutoff (su20, fa20); hog reads either under any preset.
    let by = |text: &str| match StrategySpec::parse(text).unwrap() {
        StrategySpec::Course { args, .. } => args,
        other => panic!("{other:?}"),
    };
    assert_eq!(by("bacon_strategy(cutoff=9, num_rolls=3)"), vec![9, 3]);
    assert_eq!(by("bacon_strategy(num_rolls=3)"), vec![8, 3]);
    // A threshold left out before num_rolls has no default where the
    // semesters disagree (boar_strategy: 11 or 12).
    let error = StrategySpec::parse("boar_strategy(num_rolls=3)")
        .unwrap_err()
        .to_string();
    assert!(error.contains("threshold"), "{error}");
    // sp15's prime_strategy (Hogtimus Prime on a prime sum): at (10, 1) 0
    // dice score 2 (1 + largest digit 1), 12 + 1 = 13 is prime and the
    // mover leads: a beneficial boost. At (1, 12): 3 points, 4 + 12 = 16
    // is no prime and 3 < 8: num_rolls (5). At (0, 11): 2 points, 2 + 11 =
    // 13 is prime and the opponent leads: its boost, so num_rolls.
    check(
        "sp15",
        "prime_strategy",
        &[],
        &[((10, 1), 0), ((1, 12), 5), ((0, 11), 5)],
    );
}
