//! Independent cross-checks of the engine.
//!
//! * Against the plain reference solver of `reference/mod.rs`, on every state
//!   of every preset at small goals: self-play values and the engine's
//!   actions, best responses (both grids and actions), and evaluations of
//!   course strategies in both seatings, draws included.
//! * The sequential and parallel drivers give bit-identical grids.
//! * The public figure of docs/rules.md.
//! * nju21's zero-point cycles at goal 100, against values derived by hand.

use hog_solver::evaluate::Outcome;
use hog_solver::rules::{power_of_three_digits_match, Recall};
use hog_solver::solve::{Driver, Engine, Probability};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Preset, Rules, State, PRESETS};

use crate::reference::{Ends, Reference};

/// Engine and reference sum the same probabilities in different orders.
const TOLERANCE: f64 = 1e-9;

/// Goals small enough for the reference. 23 reaches the sums where Hog Wild,
/// Hog Tied and nju21's swaps fire; sp13 also runs at 55, where a mover can
/// stand on 49 (49ers). The presets after fa13 run at 23 alone: it reaches
/// two-digit scores, where every one of their rules fires (the reversed
/// digits of 12 and 21, Fuzzy Factors at 20, squares, primes, Hog Tied at
/// 7 and 17), and one goal each keeps the suite's time in bounds as the
/// presets grow (Swine Align fires at 10 vs 20, sp21's More Boar at 5 vs
/// 17, su21's at 20 vs 11). Feral Hogs' memories multiply the states by 121 or
/// 196: fa19, sp20 and su20 run at 12, which still reaches two-digit scores
/// (su20's swap on tens(opponent) = 1) and the sums 1 and 2, where sp20's
/// 3^sum swaps.
fn small_goals(preset: &Preset) -> Vec<u32> {
    match preset.name {
        "sp13" => vec![10, 23, 55],
        "fa16" | "fa13" | "sp26" | "sp26-simple" | "nju21" => vec![10, 23],
        // (5, 24) are the lowest scores where both players' Hefty Hogs score
        // 0 and Hog Pile stays quiet: the first endless game.
        "sp22" => vec![25],
        "fa19" | "sp20" | "su20" => vec![12],
        _ => vec![23],
    }
}

/// The goal of the checks of the engine alone (its drivers, its grades):
/// `goal`, but 30 where Feral Hogs' memories multiply the states by 121 or
/// 196, to keep the suite's time in bounds.
fn engine_goal(preset: &Preset, goal: u32) -> u32 {
    if preset.rules().recall() != Recall::None {
        30
    } else {
        goal
    }
}

/// Presets whose turns can score 0 and so play endless games.
fn can_draw(preset: &Preset) -> bool {
    matches!(preset.name, "nju21" | "sp22")
}

fn rules_of(name: &str) -> Rules {
    Preset::find(name).expect("a preset").rules()
}

fn policy(rules: &Rules, goal: u32, name: &str, args: &[i64]) -> Policy {
    let strategy = course_strategy(rules, name, args)
        .unwrap_or_else(|e| panic!("{name}{args:?} for {}: {e}", rules.name()));
    Policy::from_strategy(&strategy, rules, goal, name).expect("a valid strategy")
}

/// The course baseline, always_roll(k), as docs/rules.md names it.
fn baseline(preset: &Preset, goal: u32) -> Policy {
    let k = match preset.name {
        "fa16" | "sp17" | "su17" | "fa17" | "sp18" | "su18" | "fa18" | "sp19" | "su19" | "fa19"
        | "sp17-contest" | "fa17-contest" | "sp18-contest" | "su18-contest" | "fa18-contest"
        | "sp19-contest" | "su19-contest" => 4,
        "fa13" | "fa12" | "sp13" | "fa14" | "sp15" | "su15" | "fa15" | "fa13-contest"
        | "fa14-contest" | "su15-contest" => 5,
        "sp26" | "sp26-simple" | "nju21" | "su16" | "sp20" | "su20" | "fa20" | "sp21" | "su21"
        | "fa21" | "sp22" | "su22" | "fa22" | "fa22-simple" | "su23" | "nju23" | "sp21-contest" => {
            6
        }
        other => panic!("no baseline known for {other}"),
    };
    assert_eq!(preset.baseline, format!("always_roll({k})"));
    policy(&preset.rules(), goal, "always_roll", &[k])
}

/// The engine's self-play optimum as a fixed strategy: a strong opponent that
/// passes (nju21) exactly where passing beats exiting, and that sees fa16's sides.
fn optimal(preset: &Preset, goal: u32) -> (String, Policy) {
    let model = Model::new(&preset.rules(), goal).unwrap();
    let solution = Engine::<f64>::new(&model, Driver::Sequential).optimal();
    ("optimal".into(), solution.policy.to_policy(&model))
}

/// The fixed strategies that best responses answer and contenders face: the
/// baseline, the optimum, and in nju21 and sp22 strategies that pass (roll 0
/// for 0 points), so that both players passing, and draws, are covered.
fn opponents(preset: &Preset, goal: u32) -> Vec<(String, Policy)> {
    let mut opponents = vec![
        (preset.baseline.to_string(), baseline(preset, goal)),
        optimal(preset, goal),
    ];
    if can_draw(preset) {
        opponents.push((
            "always_roll(0)".into(),
            policy(&preset.rules(), goal, "always_roll", &[0]),
        ));
    }
    if preset.name == "nju21" {
        let rules = preset.rules();
        opponents.push((
            "swine_swap_strategy(0, 3)".into(),
            policy(&rules, goal, "swine_swap_strategy", &[0, 3]),
        ));
    }
    opponents
}

/// Course strategies with arguments that make sense at a small goal, and the
/// optimum.
fn contenders(preset: &Preset, goal: u32) -> Vec<(String, Policy)> {
    let strategies: &[(&str, &[i64])] = match preset.name {
        "fa16" => &[
            ("always_roll", &[2]),
            ("always_roll", &[-1]),
            ("bacon_strategy", &[5, 2]),
            ("swap_strategy", &[5, 2]),
        ],
        "fa13" => &[
            ("always_roll", &[2]),
            ("bacon_strategy", &[5, 3]),
            ("swap_strategy", &[5, 3]),
        ],
        "sp26" | "sp26-simple" => &[
            ("always_roll", &[2]),
            ("boar_strategy", &[5, 3]),
            ("sus_strategy", &[5, 3]),
        ],
        "nju21" => &[
            ("always_roll", &[0]),
            ("picky_piggy_strategy", &[4, 3]),
            ("swine_swap_strategy", &[0, 3]),
        ],
        "sp13" => &[
            ("always_roll", &[3]),
            ("make_comeback_strategy", &[3, 3]),
            ("make_mean_strategy", &[2, 3]),
        ],
        // Ham Hijinks: exchanging the dice every turn too.
        "fa13-contest" | "su15-contest" | "sp17-contest" => &[
            ("always_roll", &[0]),
            ("always_roll", &[3]),
            ("always_roll", &[-1]),
        ],
        // The later semesters: the zero-dice rule every turn, and a few dice.
        _ => &[("always_roll", &[0]), ("always_roll", &[3])],
    };
    let rules = preset.rules();
    strategies
        .iter()
        .map(|(name, args)| (format!("{name}{args:?}"), policy(&rules, goal, name, args)))
        .chain([optimal(preset, goal)])
        .collect()
}

/// Every state below the goal, for every hidden value the rules allow (the
/// dice sides, each player's memory).
pub fn states(rules: &Rules, goal: u32) -> Vec<State> {
    let hidden = rules.hidden();
    let mut states = vec![];
    for i in 0..hidden.len() {
        for score in 0..goal {
            for opponent_score in 0..goal {
                states.push(hidden.state(i, score, opponent_score));
            }
        }
    }
    states
}

fn check(what: &str, x: State, engine: f64, reference: f64) {
    assert!(
        (engine - reference).abs() <= TOLERANCE,
        "{what} at {x:?}: engine {engine}, reference {reference} (difference {:e})",
        engine - reference
    );
}

fn check_ends(what: &str, x: State, engine: &Outcome<f64>, reference: Ends) {
    check(
        &format!("{what}: A wins"),
        x,
        engine.a_wins,
        reference.a_wins,
    );
    check(
        &format!("{what}: B wins"),
        x,
        engine.b_wins,
        reference.b_wins,
    );
    check(&format!("{what}: draw"), x, engine.draw, reference.draw);
}

#[test]
fn self_play_values_and_actions_agree_with_the_reference() {
    for preset in PRESETS {
        for goal in small_goals(preset) {
            let rules = preset.rules();
            let model = Model::new(&rules, goal).unwrap();
            let solution = Engine::<f64>::new(&model, Driver::Sequential).optimal();
            let reference = Reference::new(&rules, goal);
            let optimum = reference.optimum();
            let what = format!("{} goal {goal}", preset.name);
            for x in states(&rules, goal) {
                let value = optimum.value(x);
                check(&format!("{what}: V"), x, *solution.values.get(x), value);
                // The engine's action attains the optimum.
                let action = *solution.policy.get(x) as i32;
                check(
                    &format!("{what}: reference Q of the engine's action {action} vs V"),
                    x,
                    optimum.q_value(x, action),
                    value,
                );
            }
        }
    }
}

#[test]
fn best_responses_agree_with_the_reference() {
    for preset in PRESETS {
        for goal in small_goals(preset) {
            let rules = preset.rules();
            let model = Model::new(&rules, goal).unwrap();
            let engine = Engine::<f64>::new(&model, Driver::Sequential);
            let reference = Reference::new(&rules, goal);
            for (name, b) in opponents(preset, goal) {
                let response = engine.best_response(&b);
                let expected = reference.best_response(&b);
                let what = format!("{} goal {goal}, best response to {name}", preset.name);
                for x in states(&rules, goal) {
                    let us = expected.us(x);
                    check(&format!("{what}: W"), x, *response.us.get(x), us);
                    check(
                        &format!("{what}: L"),
                        x,
                        *response.them.get(x),
                        expected.them(x),
                    );
                    let action = *response.policy.get(x) as i32;
                    check(
                        &format!("{what}: reference value of the engine's action {action} vs W"),
                        x,
                        expected.q_value(x, action),
                        us,
                    );
                }
            }
        }
    }
}

#[test]
fn evaluations_agree_with_the_reference() {
    let mut draws = std::collections::HashMap::new();
    for preset in PRESETS {
        for goal in small_goals(preset) {
            let rules = preset.rules();
            let model = Model::new(&rules, goal).unwrap();
            let engine = Engine::<f64>::new(&model, Driver::Sequential);
            let reference = Reference::new(&rules, goal);
            let opponents = opponents(preset, goal);
            for (a_name, a) in contenders(preset, goal) {
                for (b_name, b) in &opponents {
                    let evaluation = engine.evaluate(&a, b);
                    let expected = reference.evaluation(&a, b);
                    let what = format!("{} goal {goal}, {a_name} vs {b_name}", preset.name);
                    for x in states(&rules, goal) {
                        // The most likely draw from any state (from 0-0 in
                        // nju21; sp22's always_roll(0) pairs draw only from
                        // later states such as (5, 24)).
                        let most = draws.entry(preset.name).or_insert(0.0f64);
                        *most = most.max(evaluation.a_moves.get(x).draw);
                        check_ends(
                            &format!("{what}, A moves"),
                            x,
                            evaluation.a_moves.get(x),
                            expected.a_moves(x),
                        );
                        check_ends(
                            &format!("{what}, B moves"),
                            x,
                            evaluation.b_moves.get(x),
                            expected.b_moves(x),
                        );
                    }
                }
            }
        }
    }
    for preset in PRESETS.iter().filter(|p| can_draw(p)) {
        assert!(
            draws[preset.name] > 0.0,
            "some {} pairing must draw somewhere, or the draw check checked nothing",
            preset.name
        );
    }
}

/// Where a layer splits, the parallel driver's work is the sequential
/// one's to the bit. A layer holds at most goal states of each hidden
/// value, and where none holds [`Probability::MIN_STATES_TO_SPLIT`] the
/// parallel driver runs the sequential code itself: the presets checked
/// here are those whose layers split at the goal played (Feral Hogs'
/// memories at 30, Time Trot's and Pig Fest's hidden values at 50), and
/// drivers.rs splits the others' kinds of rules (two dice sides, passes
/// within a layer, Sus Fuss) at goal 600.
#[test]
fn sequential_and_parallel_drivers_are_bit_identical() {
    let mut checked = vec![];
    for preset in PRESETS {
        let rules = preset.rules();
        // More than 8 hidden values (Time Trot, Pig Fest) multiply a solve's
        // cost; at goal 50 their layers still hold more states than the
        // parallel driver splits.
        let goal = match rules.hidden().len() {
            len if len > 8 => 50,
            _ => engine_goal(preset, 100),
        };
        if rules.hidden().len() * (goal as usize) < <f64 as Probability>::MIN_STATES_TO_SPLIT {
            continue;
        }
        checked.push(preset.name);
        let model = Model::new(&rules, goal).unwrap();
        let sequential = Engine::<f64>::new(&model, Driver::Sequential);
        let parallel = Engine::<f64>::new(&model, Driver::Parallel);
        let name = preset.name;

        let (s, p) = (sequential.optimal(), parallel.optimal());
        assert!(s.values == p.values, "{name}: optimal values differ");
        assert!(s.policy == p.policy, "{name}: optimal policies differ");

        // nju21's passing opponents exercise the in-layer passes too.
        let (a_name, a) = &contenders(preset, goal)[0];
        for (b_name, b) in &opponents(preset, goal) {
            let (s, p) = (sequential.best_response(b), parallel.best_response(b));
            assert!(s.us == p.us, "{name}: best response to {b_name}: W differs");
            assert!(
                s.them == p.them,
                "{name}: best response to {b_name}: L differs"
            );
            assert!(
                s.policy == p.policy,
                "{name}: best response to {b_name}: policies differ"
            );

            let (s, p) = (sequential.evaluate(a, b), parallel.evaluate(a, b));
            assert!(
                s.a_moves == p.a_moves,
                "{name}: {a_name} vs {b_name}, A moves: differs"
            );
            assert!(
                s.b_moves == p.b_moves,
                "{name}: {a_name} vs {b_name}, B moves: differs"
            );
        }
    }
    // Feral Hogs' 196 memories, Pig Fest's 32 values and the 16 of Time
    // Trot's turn mod 8 and extra turn fill a layer at 50; Time Trot's mod
    // 5 (fa18, sp19, su19: 10 values) does not, nor do two dice sides at 100.
    let split = [
        "fa19",
        "sp20",
        "su20",
        "su15-contest",
        "fa17-contest",
        "sp18-contest",
        "su18-contest",
        "sp21-contest",
    ];
    assert_eq!(checked, split, "the presets whose layers split");
}

/// docs/rules.md: fa16, from the course's own calculator, always_roll(8) against
/// always_roll(4) wins 0.20377818161990918.
#[test]
fn fa16_always_roll_8_against_always_roll_4_matches_the_course() {
    let rules = rules_of("fa16");
    let model = Model::new(&rules, 100).unwrap();
    let a = policy(&rules, 100, "always_roll", &[8]);
    let b = policy(&rules, 100, "always_roll", &[4]);
    let win_rate = Engine::<f64>::new(&model, Driver::Parallel)
        .evaluate(&a, &b)
        .win_rate();
    assert!(
        (win_rate - 0.20377818161990918).abs() <= 1e-12,
        "win rate {win_rate}"
    );
}

/// `grade` skips fa16's four-sided states when neither strategy plays Pork
/// Chop, and where no game can be drawn sums P(A wins) alone; what it
/// reports must be exactly the full evaluation's figures, with and without
/// Pork Chop in play, and for every preset. (P(B wins) is then 1 - P(A wins),
/// equal to the full evaluation's sum up to its rounding.)
#[test]
fn grade_equals_the_full_evaluation_bit_for_bit() {
    for preset in PRESETS {
        let goal = engine_goal(preset, 60);
        let rules = preset.rules();
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let b = baseline(preset, goal);
        for (name, a) in [
            (
                "always_roll(3)".to_string(),
                policy(&rules, goal, "always_roll", &[3]),
            ),
            optimal(preset, goal),
        ] {
            let full = engine.evaluate(&a, &b);
            let grade = engine.grade(&a, &b);
            let what = format!("{} {name}", preset.name);
            assert_eq!(grade.win_rate, full.win_rate(), "{what}");
            assert_eq!(grade.draw, full.draw(), "{what}");
            for (graded, full) in [(&grade.first, full.first()), (&grade.second, full.second())] {
                assert_eq!(graded.a_wins, full.a_wins, "{what}");
                assert_eq!(graded.draw, full.draw, "{what}");
                assert!((graded.b_wins - full.b_wins).abs() <= 1e-15, "{what}");
                // Which sums the grade took: A's wins alone where no game
                // can be drawn, else all three.
                if !rules.can_score_zero() {
                    assert_eq!(graded.draw, 0.0, "{what}");
                    assert_eq!(graded.b_wins, 1.0 - graded.a_wins, "{what}");
                } else {
                    assert_eq!(graded.b_wins, full.b_wins, "{what}");
                }
            }
        }
    }
}

/// nju21's zero-point turns at goal 100, against values derived by hand.
///
/// Picky Piggy scores digit n of 1/21 = 0.047619 047619... for opponent score
/// n >= 1, which is 0 exactly when n ≡ 1 (mod 6). Every roll of dice scores at
/// least 1 (Pig Out), so in a state x = (s, o) with o ≡ 1 (mod 6) the dice
/// actions leave the pair of scores behind, and rolling 0 (a *pass*) keeps it.
/// Let r(x) be the best value of the actions that score (read from the
/// reference's Q-values). A draw is worth 1/2 to each player.
///
/// (i) A pass to the same state. s + o = 27: 3^27 = 7625597484987 starts and
/// ends with 7 (docs/rules.md), so the pass swaps the scores and the opponent, who
/// now has s, faces (s, o) = x. The same happens without a swap when s = o.
/// Then V(x) = max(r(x), 1/2):
///
/// * exiting gives r(x);
/// * passing gives the opponent the same choice. If r(x) >= 1/2 they can
///   exit and leave us 1 − r(x) <= 1/2 <= r(x): passing is no better.
///   If r(x) < 1/2, their exit would leave us 1 − r(x) > 1/2, so they pass
///   back; whoever exits first gets r(x) < 1/2, so nobody does, and the game
///   never ends: a draw. Passing is worth exactly 1/2.
///
/// At x = (2, 25) the mover is 23 behind and r(x) < 1/2: V(x) must be exactly
/// 1/2, by action 0 (the tie rule picks the lowest action, and 0 is nju21's
/// lowest). At x = (26, 1) the mover is 25 ahead and r(x) > 1/2: V(x) = r(x),
/// by a dice action. At x = (7, 7): 3^14 = 4782969 (4 ≠ 9, no swap) and the
/// pass leads to (7, 7) again: V(x) = max(r(x), 1/2).
///
/// (ii) Passes both ways. s ≡ o ≡ 1 (mod 6), s ≠ o, and no swap: x = (7, 13),
/// 3^20 = 3486784401 (3 ≠ 1). Passing from x leaves the opponent in
/// x̄ = (13, 7), whose pass (digit 7: 0) leads back to x. With a = r(x) and
/// b = r(x̄), V(x) = max(a, min(1/2, 1 − b)):
///
/// * we get at least a by exiting, and at least min(1/2, 1 − b) by passing
///   for ever (1 − b if the opponent ever exits, else the draw);
/// * the opponent holds us to that: if b >= 1/2 they exit at x̄ (we get
///   1 − b unless we exit first, a); if b < 1/2 they pass for ever (we get a
///   if we exit, else 1/2).
///
/// Likewise V(x̄) = max(b, min(1/2, 1 − a)).
///
/// (iii) A pass into a state that cannot pass. x = (8, 13): 3^21 = 10460353203
/// (1 ≠ 3, no swap), so the pass leads to x̄ = (13, 8), where rolling 0 scores
/// digit 8 = 4. Every action of x̄ scores: V(x̄) = r(x̄), and
/// V(x) = max(r(x), 1 − r(x̄)).
#[test]
fn nju21_zero_point_cycles_have_their_hand_derived_values() {
    const GOAL: u32 = 100;
    let rules = rules_of("nju21");
    let model = Model::new(&rules, GOAL).unwrap();
    let solution = Engine::<f64>::new(&model, Driver::Parallel).optimal();
    let reference = Reference::new(&rules, GOAL);
    let optimum = reference.optimum();
    let state = State::new;
    let passes = |x: State| rules.zero_dice_points(x.score, x.opponent_score) == 0;
    // r(x): the best of the actions that score.
    let exit = |x: State| {
        rules
            .actions()
            .filter(|&a| a > 0 || !passes(x))
            .map(|a| optimum.q_value(x, a))
            .fold(0.0, f64::max)
    };
    let engine = |x: State| (*solution.values.get(x), *solution.policy.get(x));
    // The engine's value, and the reference's own recursion, must be the
    // value derived by hand.
    let expect = |x: State, derived: f64| {
        for (who, value) in [("engine", engine(x).0), ("reference", optimum.value(x))] {
            assert!(
                (value - derived).abs() <= TOLERANCE,
                "nju21 goal 100, {x:?}: {who} V = {value}, derived by hand {derived}"
            );
        }
    };

    // The premises, checked on the rules: which states pass, which swap.
    for (x, swaps) in [
        (state(2, 25), true),
        (state(26, 1), true),
        (state(7, 7), false),
        (state(7, 13), false),
        (state(13, 7), false),
        (state(8, 13), false),
    ] {
        assert!(passes(x), "{x:?} scores 0 by rolling 0");
        assert_eq!(
            power_of_three_digits_match(x.score + x.opponent_score),
            swaps
        );
    }
    assert!(!passes(state(13, 8)), "(13, 8) scores 4 by rolling 0");

    // (i) A pass to the same state: V = max(r, 1/2).
    let behind = state(2, 25);
    let r = exit(behind);
    assert!(
        r < 0.5,
        "r{behind:?} = {r}: 23 behind, the mover is no favourite"
    );
    assert_eq!(
        engine(behind),
        (0.5, 0),
        "{behind:?}: exactly a draw, by passing"
    );
    expect(behind, 0.5);

    let ahead = state(26, 1);
    let r = exit(ahead);
    assert!(
        r > 0.5,
        "r{ahead:?} = {r}: 25 ahead, the mover is the favourite"
    );
    expect(ahead, r);
    assert!(engine(ahead).1 >= 1, "{ahead:?}: a dice action exits");

    let level = state(7, 7);
    expect(level, exit(level).max(0.5));

    // (ii) Passes both ways.
    let (x, x_bar) = (state(7, 13), state(13, 7));
    let (a, b) = (exit(x), exit(x_bar));
    expect(x, a.max(0.5f64.min(1.0 - b)));
    expect(x_bar, b.max(0.5f64.min(1.0 - a)));

    // (iii) A pass into a state that cannot pass.
    let (x, x_bar) = (state(8, 13), state(13, 8));
    let b = exit(x_bar);
    expect(x_bar, b);
    expect(x, exit(x).max(1.0 - b));
}

/// A rules text of random components: one value per slot, a random
/// selection (in random order) of the point modifiers, at most two
/// after-turn rules and at most two extra-turn rules. The text may be one
/// the engine refuses ([`Rules::check_combination`]).
fn any_rules_text() -> impl proptest::strategy::Strategy<Value = String> {
    use hog_solver::rules::{
        ActionLimit, AfterTurn, ExtraTurn, PigOut, PointModifier, Reroll, RollBonus, Sides,
        Special, ZeroDice,
    };
    use proptest::prelude::*;
    use proptest::sample::{select, subsequence};
    use strum::VariantNames;
    let one = |names: &'static [&'static str]| select(names.to_vec());
    let some = |names: &'static [&'static str], most: usize| {
        subsequence(names.to_vec(), 0..=most)
            .prop_shuffle()
            .prop_map(|items| match items.is_empty() {
                true => "none".to_string(),
                false => items.join("+"),
            })
    };
    (
        (
            one(ZeroDice::VARIANTS),
            one(Sides::VARIANTS),
            one(Reroll::VARIANTS),
            one(PigOut::VARIANTS),
            one(RollBonus::VARIANTS),
        ),
        (
            some(PointModifier::VARIANTS, 3),
            some(AfterTurn::VARIANTS, 2),
            one(ActionLimit::VARIANTS),
            one(Special::VARIANTS),
            some(ExtraTurn::VARIANTS, 2),
        ),
    )
        .prop_map(
            |((zero, sides, reroll, pig_out, bonus), (points, after, limit, special, extra))| {
                format!(
                    "zero={zero},sides={sides},reroll={reroll},pig_out={pig_out},bonus={bonus},\
                     points={points},after={after},limit={limit},special={special},extra={extra}"
                )
            },
        )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
        std::env::var("HOG_COMBINATIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(24)
    ))]

    /// Any rule set the engine accepts, at a small goal, agrees with the
    /// reference, which reads each component from the rules text on its
    /// own: the self-play value of every state, and an evaluation of two
    /// constant strategies. The goal is smaller where memories multiply the
    /// states.
    #[test]
    fn random_rule_sets_agree_with_the_reference(text in any_rules_text(), goal in 6u32..=13, j in 1i64..=10, k in 0i64..=10) {
        let Ok(rules) = Rules::parse(&text) else {
            // Refused in one line: nothing to compute.
            return Ok(());
        };
        let goal = if rules.recall() != Recall::None { goal.min(8) } else { goal };
        let model = match Model::new(&rules, goal) {
            // Refused as the engine takes them (Pig Fest beside another
            // Pig Out rule, say): nothing to compute.
            Err(hog_solver::Error::Unsupported(_)) => return Ok(()),
            model => model.unwrap(),
        };
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let solution = engine.optimal();
        let reference = Reference::new(&rules, goal);
        let optimum = reference.optimum();
        let what = format!("{text} goal {goal}");
        for x in states(&rules, goal) {
            check(&format!("{what}: V"), x, *solution.values.get(x), optimum.value(x));
        }
        let (a, b) = (policy(&rules, goal, "always_roll", &[j]), policy(&rules, goal, "always_roll", &[k]));
        let evaluation = engine.evaluate(&a, &b);
        let expected = reference.evaluation(&a, &b);
        for x in states(&rules, goal) {
            check_ends(&format!("{what}: always_roll({j}) against always_roll({k})"), x, evaluation.a_moves.get(x), expected.a_moves(x));
        }
    }
}
