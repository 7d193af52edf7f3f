//! Sweeps, reach and moves of the blind search, against the evaluator.

use super::{
    answers, Against, Ascent, ChaCha8Rng, Kick, Kicking, Known, Work, KICK_LAG, MAX_SWEEPS,
};
use crate::model::Next;
use crate::solve::{Driver, Engine, Grid};
use crate::strategy::Policy;
use crate::{Model, Rules, State, PRESETS};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use std::sync::RwLock;

/// A random fa16 policy: the same answer with both sides if `blind`.
fn random_policy(rules: &Rules, goal: u32, rng: &mut ChaCha8Rng, blind: bool) -> Policy {
    let g = goal as usize;
    let mut actions = ndarray::Array3::zeros((2, g, g));
    for s in 0..g {
        for o in 0..g {
            let a = rng.gen_range(rules.actions()) as i8;
            actions[[0, s, o]] = a;
            actions[[1, s, o]] = if blind {
                a
            } else {
                rng.gen_range(rules.actions()) as i8
            };
        }
    }
    Policy::from_actions(rules, goal, actions).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// From a random blind start against a random opponent (which
    /// plays Pork Chop and sees the sides), no sweep lowers the win
    /// rate, and each sweep's win rate is the evaluator's exact grade
    /// of the policy it made.
    #[test]
    fn sweeps_never_lower_the_win_rate(goal in 4u32..24, seed: u64) {
        let rules = Rules::fa16();
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let b = random_policy(&rules, goal, &mut rng, false);
        let mut policy = random_policy(&rules, goal, &mut rng, true);
        let mut rate = engine.grade(&policy, &b).win_rate;
        let field = [Against::new(&engine, &b)];
        let mut work = Work::new(&engine, &field);
        for _ in 0..5 {
            work.reach(&policy);
            let (next, _) = work.sweep(&policy, &[]);
            let swept = work.win_rate();
            prop_assert!(swept >= rate - 1e-12, "{} after {}", swept, rate);
            let graded = engine.grade(&next, &b).win_rate;
            prop_assert!((swept - graded).abs() < 1e-12, "{} vs {}", swept, graded);
            prop_assert!(!next.sees_hidden());
            policy = next;
            rate = swept;
        }
    }
}

/// At the end of an ascent, each move's loss is the exact fall of the
/// win rate: the evaluator's grade of the policy with that one cell
/// changed is the policy's grade less the loss (fa16, goal 20, the
/// cheapest moves and some dearer ones).
#[test]
fn a_moves_loss_is_the_fall_of_the_graded_win_rate() {
    let rules = Rules::fa16();
    let model = Model::new(&rules, 20).unwrap();
    let engine = Engine::<f64>::new(&model, Driver::Sequential);
    let b = Policy::from_strategy(
        &crate::strategy::course_strategy(&rules, "always_roll", &[4]).unwrap(),
        &rules,
        20,
        "always_roll(4)",
    )
    .unwrap();
    let seen = engine.best_response(&b).policy.to_policy(&model);
    let start = seen.slice_at(0).unwrap();
    let field = [Against::new(&engine, &b)];
    let ascent = engine.ascend(&field, &start, MAX_SWEEPS, &[], None);
    let rate = engine.grade(&ascent.policy, &b).win_rate;
    let moves = engine.moves(&field, &ascent.policy);
    assert!(moves.len() > 40, "{} moves", moves.len());
    for m in moves
        .iter()
        .take(20)
        .chain(moves.iter().step_by(moves.len() / 20))
    {
        let mut actions = ascent.policy.actions().clone();
        let (s, o) = (usize::from(m.cell.0), usize::from(m.cell.1));
        for h in 0..actions.dim().0 {
            actions[[h, s, o]] = m.action;
        }
        let moved = Policy::from_actions(&rules, 20, actions).unwrap();
        let graded = engine.grade(&moved, &b).win_rate;
        assert!(
            (rate - m.loss - graded).abs() < 1e-12,
            "{:?} to {}: {rate} - {} against {graded}",
            m.cell,
            m.action,
            m.loss
        );
    }
}

/// A policy of random actions in every state, hidden values apart.
fn any_policy(model: &Model, rng: &mut ChaCha8Rng) -> Policy {
    let rules = model.rules();
    let g = model.goal() as usize;
    let shape = (model.hidden().len(), g, g);
    let actions = ndarray::Array3::from_shape_fn(shape, |_| rng.gen_range(rules.actions()) as i8);
    Policy::from_actions(rules, model.goal(), actions).unwrap()
}

/// Under every preset, the reach that `push` hands on along the grid's
/// rows is bit for bit the reach handed on through the general next() of
/// every outcome, in the same order; under Feral Hogs, where a class of
/// states that play alike hands on its summed reach, the same up to the
/// rounding of the other order of the sums.
#[test]
fn the_reach_on_the_fast_paths_is_the_general_reach() {
    for preset in PRESETS {
        let rules = preset.rules();
        let model = Model::new(&rules, 15).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let mut rng = ChaCha8Rng::seed_from_u64(20);
        let (ours, b) = (any_policy(&model, &mut rng), any_policy(&model, &mut rng));
        let field = [Against::new(&engine, &b)];
        let mut work = Work::new(&engine, &field);
        work.reach(&ours);

        let general = |mover: &Policy, x: State, own: &mut Grid<f64>, other: &mut Grid<f64>| {
            let r = *own.get(x);
            engine.for_each_outcome(x, mover.get(x), |p, next| match next {
                Next::Continue(y) => *other.get_mut(y) += r * p,
                Next::Again(y) => *own.get_mut(y) += r * p,
                Next::Win | Next::Loss => {}
            });
        };
        let (mut us, mut them) = (Grid::new(&model, 0.0), Grid::new(&model, 0.0));
        us.set(State::START, 0.5);
        them.set(State::START, 0.5);
        for layer in work.layers.iter().rev() {
            for &x in &layer.states {
                general(&ours, x, &mut us, &mut them);
                general(&b, x, &mut them, &mut us);
            }
        }
        let opponent = &work.field[0];
        if model.feral().is_none() {
            assert!(opponent.reach_us == us, "{}: our reach", preset.name);
            assert!(opponent.reach_b == them, "{}: B's reach", preset.name);
            continue;
        }
        for (reach, general) in [(&opponent.reach_us, &us), (&opponent.reach_b, &them)] {
            for (a, b) in reach.cells().iter().zip(general.cells()) {
                assert!((a - b).abs() < 1e-15, "{}: {a} against {b}", preset.name);
            }
        }
    }
}

/// Where a layer is large enough (goal 300), a sweep chooses its cells on
/// rayon's threads: the policies, values and moves of two sweeps from a
/// random start are bit for bit those of sweeps on one thread.
#[test]
fn a_sweep_on_threads_is_the_sweep_on_one() {
    let rules = Rules::fa16();
    let goal = 300;
    let model = Model::new(&rules, goal).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let b = random_policy(&rules, goal, &mut rng, false);
    let start = random_policy(&rules, goal, &mut rng, true);
    let bits = |grid: &Grid<f64>| grid.cells().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    let sweeps = |driver| {
        let engine = Engine::<f64>::new(&model, driver);
        let field = [Against::new(&engine, &b)];
        let mut work = Work::new(&engine, &field);
        work.record_moves = true;
        let mut policy = start.clone();
        let mut swept = vec![];
        for _ in 0..2 {
            work.reach(&policy);
            let (next, changed) = work.sweep(&policy, &[]);
            let opponent = &work.field[0];
            let moves: Vec<_> = work
                .moves
                .iter()
                .map(|m| (m.loss.to_bits(), m.cell, m.action))
                .collect();
            let values = (bits(&opponent.us), bits(&opponent.them));
            swept.push((next.clone(), changed, values, moves));
            policy = next;
        }
        swept
    };
    assert!(sweeps(Driver::Sequential) == sweeps(Driver::Parallel));
}

/// The answer of `seen` with the most reach in each cell (summed over the
/// hidden values where it gives that answer; the lowest on a tie), `seen`'s
/// answer with the opening's hidden value where no game reaches the cell:
/// the reach-weighted start, built here from the reach alone.
fn reach_weighted(model: &Model, seen: &Policy, reach: &Grid<f64>) -> Policy {
    let (g, hidden) = (model.goal(), model.hidden());
    let at_start = hidden.index(State::START);
    let mut actions = seen.actions().clone();
    for s in 0..g {
        for o in 0..g {
            let mut by_action = std::collections::BTreeMap::<i32, f64>::new();
            for h in 0..hidden.len() {
                let x = hidden.state(h, s, o);
                *by_action.entry(seen.get(x)).or_default() += reach.get(x);
            }
            let (mut best, mut most) = (seen.get(hidden.state(at_start, s, o)), 0.0);
            for (a, r) in by_action {
                if r > most {
                    (best, most) = (a, r);
                }
            }
            for h in 0..hidden.len() {
                actions[[h, s as usize, o as usize]] = best as i8;
            }
        }
    }
    Policy::from_actions(model.rules(), g, actions).unwrap()
}

/// Under rules that hide many values (Time Trot, Pig Fest), the search's
/// policy wins at least as much as the ascent of up to 8 sweeps from the
/// reach-weighted start, and from the sighted best response's slice at the
/// opening, both graded by the evaluator.
#[test]
fn the_search_is_as_good_as_every_starts_ascent_under_many_hidden_values() {
    for (preset, goal) in [
        ("sp19-contest", 40),
        ("su19-contest", 40),
        ("su18-contest", 40),
    ] {
        let rules = crate::Preset::find(preset).unwrap().rules();
        let model = Model::new(&rules, goal).unwrap();
        assert!(model.hidden().len() > 8, "{preset}: many hidden values");
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let b = Policy::from_strategy(
            &crate::strategy::course_strategy(&rules, "always_roll", &[4]).unwrap(),
            &rules,
            goal,
            "always_roll(4)",
        )
        .unwrap();
        let found = engine.blind_response_kicked(&b, 0).unwrap().grade.win_rate;
        let seen = engine.best_response(&b).policy.to_policy(&model);
        let field = [Against::new(&engine, &b)];
        let mut work = Work::new(&engine, &field);
        work.reach(&seen);
        let weighted = reach_weighted(&model, &seen, &work.field[0].reach_us);
        let at_start = model.hidden().index(State::START);
        for start in [weighted, seen.slice_at(at_start).unwrap()] {
            let mut policy = start;
            for _ in 0..8 {
                work.reach(&policy);
                policy = work.sweep(&policy, &[]).0;
            }
            let climbed = engine.grade(&policy, &b).win_rate;
            assert!(found >= climbed - 1e-12, "{preset}: {found} < {climbed}");
        }
    }
}

/// Kick j is drawn from the best after kicks 0 to j − KICK_LAG, whatever
/// order the ascents end in: fed their ascents (each kick's own policy,
/// with a win rate that makes some of them the best) in order and in an
/// order where later kicks end first, the search draws the same kicks,
/// each knowing the same policies, and ends at the same best.
#[test]
fn kicks_are_drawn_alike_whatever_order_their_ascents_end_in() {
    let rules = Rules::fa16();
    let model = Model::new(&rules, 20).unwrap();
    let engine = Engine::<f64>::new(&model, Driver::Sequential);
    let always_roll_4 = crate::strategy::course_strategy(&rules, "always_roll", &[4]).unwrap();
    let b = Policy::from_strategy(&always_roll_4, &rules, 20, "always_roll").unwrap();
    let field = [Against::new(&engine, &b)];
    let start = engine
        .best_response(&b)
        .policy
        .to_policy(&model)
        .slice_at(0)
        .unwrap();
    let kicks = 12;
    // A rate for each kick's ascent: rising, falling back, rising again.
    let rate = |j: usize| {
        [
            0.1, 0.3, 0.2, 0.5, 0.4, 0.45, 0.7, 0.6, 0.65, 0.8, 0.75, 0.9,
        ][j]
    };
    // Feeds every ascent, `latest_first` choosing which of the kicks
    // climbing ends next; returns each kick drawn (index, answers, what it
    // knows) and the best's answers and rate.
    let search = |latest_first: bool| {
        let ascent = |policy: &Policy, win_rate: f64| Ascent {
            policy: policy.clone(),
            win_rate,
            us: Grid::new(&model, 0.0),
            visited: vec![answers(policy)],
            known: false,
        };
        let known = RwLock::new(Known::from([(answers(&start), 0)]));
        let mut kicking = Kicking::new(&engine, &field, ascent(&start, 0.0), kicks);
        let mut climbing: Vec<Kick> = (0..KICK_LAG).map(|j| kicking.kick(j)).collect();
        let mut drawn = vec![];
        while !climbing.is_empty() {
            let next = if latest_first { climbing.len() - 1 } else { 0 };
            let kick = climbing.remove(next);
            drawn.push((kick.index, answers(&kick.policy), kick.sees));
            let ended = (kick.index, ascent(&kick.policy, rate(kick.index)));
            climbing.extend(kicking.take(&engine, &field, ended, &known));
            climbing.sort_by_key(|kick| kick.index);
        }
        drawn.sort_by_key(|(j, _, _)| *j);
        (drawn, answers(&kicking.best.policy), kicking.best.win_rate)
    };
    let in_order = search(false);
    let latest_first = search(true);
    assert_eq!(in_order.0.len(), kicks);
    assert!(in_order.0 == latest_first.0);
    assert!(in_order.1 == latest_first.1);
    assert_eq!(in_order.2, 0.9);
    assert_eq!(latest_first.2, 0.9);
    // Kick j knows what was recorded after kicks 0 to j − KICK_LAG.
    for (j, _, sees) in &in_order.0 {
        assert_eq!(*sees, (j + 1).saturating_sub(KICK_LAG));
    }
}
