//! Properties of the engine that hold for any rules, goal and strategy,
//! checked on random presets, goals and constant strategies always_roll(k).

use hog_solver::evaluate::Outcome;
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Preset, Rules, State, PRESETS};
use proptest::prelude::*;

/// Sums of many products in different orders.
const TOLERANCE: f64 = 1e-9;
/// Sums that should be exact up to a few roundings.
const ROUNDING: f64 = 1e-12;

fn always_roll(rules: &Rules, goal: u32, k: i64) -> Policy {
    let strategy = course_strategy(rules, "always_roll", &[k]).expect("an action");
    Policy::from_strategy(&strategy, rules, goal, "always_roll").expect("an action")
}

/// A preset's name, a goal in 10..60, and an action k of the preset.
fn game_and_action() -> impl Strategy<Value = (&'static str, u32, i64)> {
    (0..PRESETS.len()).prop_flat_map(|i| {
        let preset = &PRESETS[i];
        let lowest = preset.rules().min_action() as i64;
        (Just(preset.name), 10u32..60, lowest..=10)
    })
}

fn rules_of(name: &str) -> Rules {
    Preset::find(name).expect("a preset").rules()
}

/// What a game is worth to A in self-play terms: a draw counts 1/2.
fn value(outcome: &Outcome<f64>) -> f64 {
    outcome.a_wins + outcome.draw / 2.0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The best response to B wins at least as often as anything else does
    /// against B: as B itself, and as the optimum.
    ///
    /// Without draws every game has a winner, so B against itself wins 1/2,
    /// and B against the response wins 1 − (the response's win rate): the
    /// response wins at least 1/2, and at least as often as B does against it.
    /// With draws (nju21) neither follows: the response maximises its wins,
    /// and turning a draw into a gamble can raise B's wins more than its own,
    /// so there only the bound by B's own win rate against itself holds.
    #[test]
    fn the_best_response_beats_the_strategy_it_answers((preset, goal, k) in game_and_action()) {
        let rules = rules_of(preset);
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let b = always_roll(&rules, goal, k);
        let response = engine.best_response(&b);
        let policy = response.policy.to_policy(&model);
        let win_rate = response.win_rate();

        // The values are what the response's policy achieves.
        let achieved = engine.evaluate(&policy, &b).win_rate();
        prop_assert!((achieved - win_rate).abs() <= TOLERANCE, "{} vs {}", achieved, win_rate);

        let b_itself = engine.evaluate(&b, &b).win_rate();
        prop_assert!(win_rate >= b_itself - ROUNDING, "{} < B's own {}", win_rate, b_itself);
        let optimum = engine.optimal().policy.to_policy(&model);
        let optimum_wins = engine.evaluate(&optimum, &b).win_rate();
        prop_assert!(win_rate >= optimum_wins - ROUNDING, "{} < the optimum's {}", win_rate, optimum_wins);

        if !rules.can_score_zero() {
            prop_assert!(win_rate >= 0.5 - ROUNDING, "{}", win_rate);
            let b_wins = engine.evaluate(&b, &policy).win_rate();
            prop_assert!(win_rate >= b_wins - ROUNDING, "{} < B's {}", win_rate, b_wins);
        }
    }

    /// The self-play optimum guarantees its value V*(start) from either seat
    /// against any strategy, here a constant one: moving first it gets at
    /// least V*, and the constant strategy moving first against it gets at
    /// most V* (a draw counting 1/2). Against itself it gets exactly V*.
    #[test]
    fn the_optimum_guarantees_its_value((preset, goal, k) in game_and_action()) {
        let rules = rules_of(preset);
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let solution = engine.optimal();
        let optimum = solution.policy.to_policy(&model);
        let v = *solution.values.get(State::START);
        let constant = always_roll(&rules, goal, k);

        let first = value(engine.evaluate(&optimum, &constant).first());
        prop_assert!(first >= v - TOLERANCE, "optimum first: {} < V* = {}", first, v);
        let against = value(engine.evaluate(&constant, &optimum).first());
        prop_assert!(against <= v + TOLERANCE, "always_roll({}) first: {} > V* = {}", k, against, v);
        let itself = value(engine.evaluate(&optimum, &optimum).first());
        prop_assert!((itself - v).abs() <= TOLERANCE, "optimum against itself: {} vs V* = {}", itself, v);
    }

    /// Without zero-point turns every game ends with a winner, and a strategy
    /// against itself wins exactly as often moving first as the other copy
    /// loses: its win rate is 1/2. The same holds for the optimum.
    #[test]
    fn a_strategy_against_itself_wins_half((preset, goal, k) in game_and_action()) {
        let rules = rules_of(preset);
        prop_assume!(!rules.can_score_zero());
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let constant = always_roll(&rules, goal, k);
        let optimum = engine.optimal().policy.to_policy(&model);
        for (name, policy) in [("always_roll", &constant), ("optimal", &optimum)] {
            let win_rate = engine.evaluate(policy, policy).win_rate();
            prop_assert!((win_rate - 0.5).abs() <= ROUNDING, "{} against itself: {}", name, win_rate);
        }
    }

    /// nju21: from every state, whoever moves, a game is won, lost or drawn:
    /// P(A wins) + P(B wins) + P(draw) = 1.
    #[test]
    fn nju21_outcomes_add_up_to_one(goal in 10u32..60, j in 0i64..=10, k in 0i64..=10) {
        let rules = Rules::nju21();
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let optimum = engine.optimal().policy.to_policy(&model);
        let (a, b) = (always_roll(&rules, goal, j), always_roll(&rules, goal, k));
        for (a_name, a) in [("A", &a), ("optimal", &optimum)] {
            let evaluation = engine.evaluate(a, &b);
            for grid in [&evaluation.a_moves, &evaluation.b_moves] {
                for outcome in grid.cells() {
                    let total = outcome.a_wins + outcome.b_wins + outcome.draw;
                    prop_assert!((total - 1.0).abs() <= ROUNDING, "{} vs always_roll({}): total {}", a_name, k, total);
                }
            }
        }
    }
}

/// Every probability the engine produces lies in [0, 1]: the sums of
/// rounded probabilities that make a value may land an ulp above 1 (or a
/// complement an ulp below 0), and the engine clamps them where it makes
/// them. Every preset at the goals 1 to 12, where most states win or lose
/// at once: the self-play values, a best response's, and an evaluation's.
#[test]
fn every_value_the_engine_produces_is_a_probability() {
    let unit = |v: f64| (0.0..=1.0).contains(&v);
    for preset in PRESETS {
        let rules = preset.rules();
        for goal in 1..=12 {
            let model = Model::new(&rules, goal).unwrap();
            let engine = Engine::<f64>::new(&model, Driver::Parallel);
            let at = format!("{} at goal {goal}", preset.name);
            let values = engine.optimal().values;
            assert!(values.cells().iter().all(|&v| unit(v)), "optimum, {at}");
            let b = always_roll(&rules, goal, 3);
            let response = engine.best_response(&b);
            for grid in [&response.us, &response.them] {
                assert!(grid.cells().iter().all(|&v| unit(v)), "response, {at}");
            }
            let evaluation = engine.evaluate(&always_roll(&rules, goal, 6), &b);
            for grid in [&evaluation.a_moves, &evaluation.b_moves] {
                for o in grid.cells() {
                    let each = [o.a_wins, o.b_wins, o.draw];
                    assert!(each.iter().all(|&v| unit(v)), "evaluation, {at}: {o:?}");
                }
            }
            let grade = engine.grade(&always_roll(&rules, goal, 6), &b);
            for o in [&grade.first, &grade.second] {
                let each = [o.a_wins, o.b_wins, o.draw];
                assert!(each.iter().all(|&v| unit(v)), "grade, {at}: {o:?}");
            }
            assert!(unit(grade.win_rate) && unit(grade.draw), "grade, {at}");
        }
    }
}
