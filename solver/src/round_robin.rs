//! A round robin: the course's grade of many pairs of strategies, in
//! parallel over the pairs.
//!
//! Each pair is graded on one thread and rayon spreads the pairs over the
//! cores. Nothing is kept per pair: each grade is handed to a callback as
//! soon as it is done, so memory stays at the turn table and a few pairs'
//! grids per thread however many pairs there are.
//!
//! The grade is [`Engine::grade`]'s, bit for bit, but the turns are worked
//! out once for all pairs: for every state and every action some entry
//! plays there, [`Turns`] holds where a pass leads, or the outcomes
//! (probability, next state or end) in the order [`Engine::grade`] sums
//! them. A pair's evaluation is then only the sums:
//!
//! ```text
//!   E_A(x) = Σ_k p_k · { (1,0,0) if A wins; (0,1,0) if B wins; E_B(y_k) otherwise }
//! ```
//!
//! (and the same for B, see [`crate::evaluate`]; where no game can be drawn,
//! only the two players' wins), in the same order, so each player's sums
//! are the engine's, bit for bit, for its own seat. States are numbered in
//! the order the layers visit them ("places"), so a pair reads the tables
//! and writes its grids front to back. When the table would exceed
//! [`MAX_MOVES`] outcomes (large goals), each pair in turn is graded by
//! [`Engine::grade_both`] itself, in parallel over its states, so that the
//! memory is one grade's.
//!
//! A [`Stop`] ends the work between layers of a pair's grade (see
//! [`crate::stop`]): a contest stops within one layer's sums.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::evaluate::{plays_flip, reachable_len, Decided, Ends, Grade, Outcome};
use crate::model::{Model, Next};
use crate::rules::State;
use crate::solve::{Driver, Engine, Probability};
use crate::stop::Stop;
use crate::strategy::Policy;

/// The most outcomes [`Turns`] holds (4 bytes each, plus one probability
/// per distinct roll table): about 6.5 million for fa16 at goal 100 when
/// every action is played somewhere.
pub const MAX_MOVES: usize = 1 << 25;

/// One graded pair: the course's win rates of both strategies against each
/// other (each the mean of its two seatings) and the mean draw probability;
/// `a_wins + b_wins + draw = 1` up to rounding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Match {
    pub a_wins: f64,
    pub b_wins: f64,
    pub draw: f64,
}

impl From<Grade<f64>> for Match {
    fn from(grade: Grade<f64>) -> Match {
        Match {
            a_wins: grade.win_rate,
            b_wins: (grade.first.b_wins + grade.second.b_wins) * 0.5,
            draw: grade.draw,
        }
    }
}

/// Grades `policies[a]` against `policies[b]` for every `(a, b)` in `pairs`,
/// in parallel over the pairs, calling `graded(k, result)` for pair `k` as
/// soon as it is done (from any thread, in any order). Every policy is one
/// of the model's (its rules, goal and hidden values).
pub fn grade_pairs(
    model: &Model,
    policies: &[&Policy],
    pairs: &[(usize, usize)],
    graded: impl Fn(usize, Match) + Sync,
) {
    grade_pairs_stopping(model, policies, pairs, &Stop::new(), graded)
}

/// [`grade_pairs`], ended by `stop` (it unwinds, see [`crate::stop`]).
pub fn grade_pairs_stopping(
    model: &Model,
    policies: &[&Policy],
    pairs: &[(usize, usize)],
    stop: &Stop,
    graded: impl Fn(usize, Match) + Sync,
) {
    grade_pairs_within(model, policies, pairs, MAX_MOVES, stop, graded)
}

fn grade_pairs_within(
    model: &Model,
    policies: &[&Policy],
    pairs: &[(usize, usize)],
    max_moves: usize,
    stop: &Stop,
    graded: impl Fn(usize, Match) + Sync,
) {
    let engine = Engine::<f64>::new(model, Driver::Sequential).with_stop(stop);
    match Turns::compile(&engine, policies, max_moves) {
        // As Engine::grade: the three ends only where games can be drawn.
        Some(turns) if model.rules().can_score_zero() => {
            turns.grade_pairs(policies, pairs, stop, &graded, Turns::grade::<Outcome<f64>>)
        }
        Some(turns) => turns.grade_pairs(policies, pairs, stop, &graded, Turns::grade_undrawn),
        // Large goals: one pair at a time, each in parallel over its states
        // as `hog grade` does, so that a contest needs one grade's memory,
        // not one per thread.
        None => {
            let engine = Engine::<f64>::new(model, Driver::Parallel).with_stop(stop);
            for (k, &(a, b)) in pairs.iter().enumerate() {
                graded(k, engine.grade_both(policies[a], policies[b]).into());
            }
        }
    }
}

/// No pass: the action rolls dice or scores points.
const NO_PASS: u32 = u32::MAX;

/// The places of one layer: `per_value` states of the first hidden value
/// from `start`, then as many of each next one.
struct Span {
    start: usize,
    per_value: usize,
}

/// Every turn the entries can take, worked out once (see the module's doc).
struct Turns {
    /// How many hidden values a game reaches where a player flips the
    /// dice sides, and where none does ([`reachable_len`]).
    reach: [usize; 2],
    min_action: i32,
    actions: usize,
    /// The layers in the order they are solved.
    layers: Vec<Span>,
    /// Each place's cell, the index of its state in a policy's actions.
    cell: Vec<u32>,
    /// The place of the opening state.
    start: usize,
    /// Per (place, action): its outcomes are `to[first[i]..first[i + 1]]`.
    first: Vec<u32>,
    /// Per (place, action): where its probabilities start in `probabilities`.
    probability: Vec<u32>,
    /// Per (place, action): the place a pass leads to, or NO_PASS.
    pass: Vec<u32>,
    /// Where each outcome leads: a place, or one of the two ends, numbered
    /// after the places (the mover wins, the mover loses).
    to: Vec<u32>,
    probabilities: Vec<f64>,
}

/// A step inside a layer: it leaves with a value, or passes to a place.
enum Step<T> {
    Pass(u32),
    Exit(T),
}

/// Grids and steps that rayon reuses from pair to pair (one set per split
/// job, so a few per thread) without clearing: a pair reads only places its
/// own layers wrote before.
struct Scratch<T> {
    a_moves: Vec<T>,
    b_moves: Vec<T>,
    a_steps: Vec<Step<T>>,
    b_steps: Vec<Step<T>>,
}

impl Turns {
    /// The turns of every action some policy plays, if they fit in `max_moves`.
    fn compile(engine: &Engine<f64>, policies: &[&Policy], max_moves: usize) -> Option<Turns> {
        let model = engine.model();
        let rules = model.rules();
        // The compiled turns know one grid per player, and their sums are
        // Engine::grade's where it sums next() in roll order: extra turns
        // (the mover's own grid) and Feral Hogs' shared columns are graded
        // pair by pair instead.
        if !rules.extra.is_empty() || model.feral().is_some() {
            return None;
        }
        let goal = model.goal();
        let hidden = model.hidden();
        let min_action = rules.min_action();
        let actions = rules.actions().count();
        // A policy's cell of a state: (hidden index, score, opponent_score).
        let cell = |x: State| (hidden.index(x) as u32 * goal + x.score) * goal + x.opponent_score;
        let outcomes = |x: State, action: i32| {
            let n = model.effective_rolls(x, action);
            if n < 1 {
                1
            } else {
                model.roll(x, n).counts.len()
            }
        };
        // The actions some policy plays in a state, as bits from min_action.
        let played_in = |x: State| {
            policies.iter().fold(0u16, |used, policy| {
                used | 1 << (policy.get(x) - min_action)
            })
        };
        // Counted first, state by state, so that a table too large to
        // compile costs no memory (the pairs are then graded as one grade).
        let moves: usize = engine
            .layers()
            .flat_map(|layer| layer.states)
            .map(|x| {
                let used = played_in(x);
                (0..actions)
                    .filter(|&i| used & (1 << i) != 0)
                    .map(|i| outcomes(x, min_action + i as i32))
                    .sum::<usize>()
            })
            .sum();
        if moves > max_moves {
            return None;
        }
        let mut layers = vec![];
        let mut visits = vec![];
        for layer in engine.layers() {
            layers.push(Span {
                start: visits.len(),
                per_value: layer.states.len() / hidden.len(),
            });
            visits.extend(layer.states);
        }
        let places = visits.len();
        let mut place_of_cell = vec![0; places];
        for (place, &x) in visits.iter().enumerate() {
            place_of_cell[cell(x) as usize] = place as u32;
        }
        for policy in policies {
            assert_eq!(policy.actions().len(), places, "a policy of the model");
        }
        let played: Vec<u16> = visits.iter().map(|&x| played_in(x)).collect();
        let ends = places as u32;
        let target = |next: Next| match next {
            Next::Win => ends,
            Next::Loss => ends + 1,
            Next::Continue(y) => place_of_cell[cell(y) as usize],
            Next::Again(_) => unreachable!("rules with extra turns are not compiled"),
        };
        let mut turns = Turns {
            reach: [reachable_len(model, false), reachable_len(model, true)],
            min_action,
            actions,
            layers,
            cell: visits.iter().map(|&x| cell(x)).collect(),
            start: place_of_cell[cell(State::START) as usize] as usize,
            first: vec![0],
            probability: vec![],
            pass: vec![],
            to: Vec::with_capacity(moves),
            // The probability of the one outcome of a turn without dice.
            probabilities: vec![1.0],
        };
        let mut tables: HashMap<usize, u32> = HashMap::new();
        for (place, &x) in visits.iter().enumerate() {
            for i in 0..actions {
                let action = min_action + i as i32;
                let mut pass = NO_PASS;
                let mut probability = 0;
                if played[place] & (1 << i) != 0 {
                    // As Engine::grade's step: a pass, or the sum over outcomes.
                    if let Some(y) = engine.pass(x, action) {
                        pass = place_of_cell[cell(y) as usize];
                    } else {
                        let n = model.effective_rolls(x, action);
                        if n < 1 {
                            turns
                                .to
                                .push(target(model.next(x, n, model.fixed_points(x, n))));
                        } else {
                            let roll = model.roll(x, n);
                            let start = turns.probabilities.len() as u32;
                            probability =
                                *tables.entry(model.roll_index(x, n)).or_insert_with(|| {
                                    turns.probabilities.extend(
                                        roll.counts
                                            .iter()
                                            .map(|&(_, count)| f64::from_counts(count, roll.total)),
                                    );
                                    start
                                });
                            for &(points, _) in &roll.counts {
                                turns.to.push(target(model.next(x, n, points)));
                            }
                        }
                    }
                }
                turns.pass.push(pass);
                turns.probability.push(probability);
                turns.first.push(turns.to.len() as u32);
            }
        }
        Some(turns)
    }

    /// Every pair's grade by `grade`, in parallel over the pairs.
    fn grade_pairs<T: Ends<f64>>(
        &self,
        policies: &[&Policy],
        pairs: &[(usize, usize)],
        stop: &Stop,
        graded: &(impl Fn(usize, Match) + Sync),
        grade: impl Fn(&Turns, &mut Scratch<T>, &[i8], &[i8], usize, &Stop) -> Grade<f64> + Sync,
    ) {
        let actions: Vec<&[i8]> = policies
            .iter()
            .map(|p| {
                p.actions()
                    .as_slice()
                    .expect("a policy's actions are one array")
            })
            .collect();
        // The hidden values the pair's games reach (as in Engine::grade).
        let flips: Vec<bool> = policies.iter().map(|p| plays_flip(p)).collect();
        pairs.par_iter().enumerate().for_each_init(
            || self.scratch::<T>(),
            |scratch, (k, &(a, b))| {
                let len = self.reach[usize::from(flips[a] || flips[b])];
                graded(
                    k,
                    grade(self, scratch, actions[a], actions[b], len, stop).into(),
                );
            },
        );
    }

    /// Grids whose two ends after the places are set: each grid is read by
    /// the other player's steps, so its ends are that player's (the mover
    /// wins, the mover loses).
    fn scratch<T: Ends<f64>>(&self) -> Scratch<T> {
        let places = self.cell.len();
        let mut a_moves = vec![T::zero(); places + 2];
        let mut b_moves = vec![T::zero(); places + 2];
        (b_moves[places], b_moves[places + 1]) = (T::a_wins(), T::b_wins());
        (a_moves[places], a_moves[places + 1]) = (T::b_wins(), T::a_wins());
        Scratch {
            a_moves,
            b_moves,
            a_steps: vec![],
            b_steps: vec![],
        }
    }

    /// The index of (place, action) in the per-(place, action) tables.
    #[inline]
    fn index(&self, place: usize, action: i8) -> usize {
        place * self.actions + (i32::from(action) - self.min_action) as usize
    }

    /// The value of the turn (place, action) that leaves the layer:
    /// Σ_k p_k · next[to_k], where `next` holds the other player's values,
    /// and after its places the two ends. (`inline(always)`: measured 5%
    /// fewer instructions per pair.)
    #[inline(always)]
    fn exit<T: Ends<f64>>(&self, i: usize, next: &[T]) -> T {
        let to = &self.to[self.first[i] as usize..self.first[i + 1] as usize];
        let probabilities = &self.probabilities[self.probability[i] as usize..][..to.len()];
        to.iter()
            .zip(probabilities)
            .fold(T::zero(), |sum, (&to, p)| {
                sum.add_scaled(p, next[to as usize].clone())
            })
    }

    /// One step of the mover at a place.
    #[inline(always)]
    fn step<T: Ends<f64>>(&self, place: usize, action: i8, next: &[T]) -> Step<T> {
        let i = self.index(place, action);
        if self.pass[i] != NO_PASS {
            return Step::Pass(self.pass[i]);
        }
        Step::Exit(self.exit(i, next))
    }

    /// The grade of A against B (their actions by cell) over the layers'
    /// states of the first `len` hidden values, in the ends T.
    fn grade<T: Ends<f64>>(
        &self,
        scratch: &mut Scratch<T>,
        a: &[i8],
        b: &[i8],
        len: usize,
        stop: &Stop,
    ) -> Grade<f64> {
        let Scratch {
            a_moves,
            b_moves,
            a_steps,
            b_steps,
        } = scratch;
        for layer in &self.layers {
            stop.check();
            let places = layer.start..layer.start + layer.per_value * len;
            a_steps.clear();
            b_steps.clear();
            for place in places.clone() {
                let cell = self.cell[place] as usize;
                a_steps.push(self.step(place, a[cell], b_moves));
                b_steps.push(self.step(place, b[cell], a_moves));
            }
            // A pass hands the move to the other player in the same layer:
            // their exit value, or a draw if they pass back.
            let resolve = |own: &Step<T>, others: &[Step<T>]| match own {
                Step::Exit(v) => v.clone(),
                Step::Pass(y) => match &others[*y as usize - layer.start] {
                    Step::Exit(v) => v.clone(),
                    Step::Pass(_) => T::draw(),
                },
            };
            for (i, place) in places.enumerate() {
                a_moves[place] = resolve(&a_steps[i], b_steps);
                b_moves[place] = resolve(&b_steps[i], a_steps);
            }
        }
        Grade::of(
            a_moves[self.start].clone().outcome(),
            b_moves[self.start].clone().outcome(),
        )
    }

    /// [`Turns::grade`] where no turn can score 0, so no game is drawn: with
    /// no pass, every turn leaves its layer, so each value is written as soon
    /// as it is summed, and no state of the layer reads it. Both players'
    /// wins are summed, so that each is `hog grade`'s, bit for bit, in its
    /// own seat.
    fn grade_undrawn(
        &self,
        scratch: &mut Scratch<Decided<f64>>,
        a: &[i8],
        b: &[i8],
        len: usize,
        stop: &Stop,
    ) -> Grade<f64> {
        let Scratch {
            a_moves, b_moves, ..
        } = scratch;
        for layer in &self.layers {
            stop.check();
            for place in layer.start..layer.start + layer.per_value * len {
                let cell = self.cell[place] as usize;
                let (a, b) = (self.index(place, a[cell]), self.index(place, b[cell]));
                debug_assert!(self.pass[a] == NO_PASS && self.pass[b] == NO_PASS);
                a_moves[place] = self.exit(a, b_moves);
                b_moves[place] = self.exit(b, a_moves);
            }
        }
        Grade::of(
            a_moves[self.start].clone().outcome(),
            b_moves[self.start].clone().outcome(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::grade;
    use crate::strategy::course_strategy;
    use crate::Rules;
    use std::sync::Mutex;

    fn always(rules: &Rules, goal: u32, n: i64) -> Policy {
        let strategy = course_strategy(rules, "always_roll", &[n]).unwrap();
        Policy::from_strategy(&strategy, rules, goal, "always_roll").unwrap()
    }

    #[test]
    fn every_pair_is_the_single_grade_and_both_sides_add_up() {
        // fa16 with a Pork Chop player (the four-sided states are reached)
        // and without, fa13 (swaps), both without draws, and nju21 (endless
        // games: draws).
        for (rules, actions) in [
            (Rules::fa16(), vec![-1, 0, 3, 10]),
            (Rules::fa13(), vec![0, 1, 5, 10]),
            (Rules::nju21(), vec![0, 2, 6]),
        ] {
            let goal = 30;
            let model = Model::new(&rules, goal).unwrap();
            let policies: Vec<Policy> = actions.iter().map(|&n| always(&rules, goal, n)).collect();
            let refs: Vec<&Policy> = policies.iter().collect();
            let pairs: Vec<(usize, usize)> = (0..refs.len())
                .flat_map(|a| (0..refs.len()).map(move |b| (a, b)))
                .filter(|(a, b)| a != b)
                .collect();
            // The compiled turns, and Engine::grade when they do not fit.
            for max_moves in [MAX_MOVES, 0] {
                let results = Mutex::new(vec![None; pairs.len()]);
                grade_pairs_within(&model, &refs, &pairs, max_moves, &Stop::new(), |k, m| {
                    results.lock().unwrap()[k] = Some(m)
                });
                let results = results.into_inner().unwrap();
                for (k, &(a, b)) in pairs.iter().enumerate() {
                    let got = results[k].expect("every pair is graded");
                    // The independent call: the parallel single-pair grade.
                    let single = grade(&model, refs[a], refs[b]);
                    let reverse = grade(&model, refs[b], refs[a]);
                    assert_eq!(got.a_wins, single.win_rate);
                    assert_eq!(got.draw, single.draw);
                    assert_eq!(got.b_wins, reverse.win_rate);
                    assert!((got.a_wins + got.b_wins + got.draw - 1.0).abs() < 1e-12);
                }
            }
        }
    }
}
