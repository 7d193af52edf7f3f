//! A round robin: the course's grade of many pairs of strategies, in
//! parallel over the pairs.
//!
//! Each pair is graded on one thread and rayon spreads the pairs over the
//! cores. Nothing is kept per pair: each grade is handed to a callback as
//! soon as it is done, so memory stays at the turn table and one pair's
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
//! (and the same for B, see [`crate::evaluate`]), in the same order, so the
//! sums are the engine's bit for bit. When the table would exceed
//! [`MAX_MOVES`] outcomes (large goals), each pair is graded by
//! [`Engine::grade`] itself.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::evaluate::Grade;
use crate::model::{Model, Next};
use crate::rules::State;
use crate::solve::{Driver, Engine, Layer, Probability};
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
/// soon as it is done (from any thread, in any order).
pub fn grade_pairs(
    model: &Model,
    policies: &[&Policy],
    pairs: &[(usize, usize)],
    graded: impl Fn(usize, Match) + Sync,
) {
    grade_pairs_within(model, policies, pairs, MAX_MOVES, graded)
}

fn grade_pairs_within(
    model: &Model,
    policies: &[&Policy],
    pairs: &[(usize, usize)],
    max_moves: usize,
    graded: impl Fn(usize, Match) + Sync,
) {
    let engine = Engine::<f64>::new(model, Driver::Sequential);
    match Turns::compile(&engine, policies, max_moves) {
        Some(turns) => {
            // The layers of the six-sided states, and of every state: only a
            // Pork Chop leads to four-sided dice (as in Engine::grade).
            let six: Vec<Layer> = engine.layers_over(&[6]).collect();
            let all: Vec<Layer> = engine.layers_over(model.sides()).collect();
            let pork_chop: Vec<bool> = policies
                .iter()
                .map(|p| p.actions().iter().any(|&n| n == -1))
                .collect();
            pairs.par_iter().enumerate().for_each(|(k, &(a, b))| {
                let layers = if pork_chop[a] || pork_chop[b] {
                    &all
                } else {
                    &six
                };
                graded(k, turns.grade(layers, policies[a], policies[b]));
            });
        }
        None => pairs.par_iter().enumerate().for_each(|(k, &(a, b))| {
            graded(k, engine.grade(policies[a], policies[b]).into());
        }),
    }
}

/// No pass: the action rolls dice or scores points.
const NO_PASS: u32 = u32::MAX;

/// (P(A wins), P(B wins), P(draw)).
type Ends = [f64; 3];

/// Every turn the entries can take, worked out once (see the module's doc).
/// Cells are numbered as [`crate::solve::Grid`] numbers states.
struct Turns {
    goal: u32,
    sides: &'static [u32],
    min_action: i32,
    actions: usize,
    /// Each cell's place in the order the layers visit the states: the
    /// per-(cell, action) tables below are in that order, so a pair's
    /// evaluation reads them front to back.
    place: Vec<u32>,
    /// Per (cell, action): its outcomes are `to[first[i]..first[i + 1]]`.
    first: Vec<u32>,
    /// Per (cell, action): where its probabilities start in `probabilities`.
    probability: Vec<u32>,
    /// Per (cell, action): the cell a pass leads to, or NO_PASS.
    pass: Vec<u32>,
    to: Vec<u32>,
    probabilities: Vec<f64>,
}

enum Step {
    Pass(u32),
    Exit(Ends),
}

impl Turns {
    /// The turns of every action some policy plays, if they fit in `max_moves`.
    fn compile(engine: &Engine<f64>, policies: &[&Policy], max_moves: usize) -> Option<Turns> {
        let model = engine.model();
        let rules = model.rules();
        let goal = model.goal();
        let sides = model.sides();
        let min_action = rules.min_action();
        let actions = rules.actions().count();
        let cells = sides.len() * (goal * goal) as usize;
        let mut turns = Turns {
            goal,
            sides,
            min_action,
            actions,
            place: vec![0; cells],
            first: vec![0],
            probability: vec![],
            pass: vec![],
            to: vec![],
            // The probability of the one outcome of a turn without dice.
            probabilities: vec![1.0],
        };
        let mut played = vec![0u16; cells];
        for policy in policies {
            for (cell, used) in played.iter_mut().enumerate() {
                *used |= 1 << (policy.get(turns.state(cell as u32)) - min_action);
            }
        }
        let moves: usize = (0..cells)
            .flat_map(|cell| (0..actions).map(move |i| (cell, i)))
            .filter(|&(cell, i)| played[cell] & (1 << i) != 0)
            .map(|(cell, i)| {
                let x = turns.state(cell as u32);
                let n = model.effective_rolls(x, min_action + i as i32);
                if n < 1 {
                    1
                } else {
                    model.roll(x, n).counts.len()
                }
            })
            .sum();
        if moves > max_moves {
            return None;
        }
        turns.to.reserve(moves);
        let mut tables: HashMap<usize, u32> = HashMap::new();
        let visits: Vec<State> = engine.layers_over(sides).flat_map(|l| l.states).collect();
        for (place, &x) in visits.iter().enumerate() {
            let cell = turns.cell(x) as usize;
            turns.place[cell] = place as u32;
            let used = played[cell];
            for i in 0..actions {
                let action = min_action + i as i32;
                let mut pass = NO_PASS;
                let mut probability = 0;
                if used & (1 << i) != 0 {
                    // As Engine::grade's step: a pass, or the sum over outcomes.
                    if let Some(y) = engine.pass(x, action) {
                        pass = turns.cell(y);
                    } else {
                        let n = model.effective_rolls(x, action);
                        if n < 1 {
                            turns
                                .to
                                .push(turns.target(model.next(x, n, model.fixed_points(x, n))));
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
                                turns.to.push(turns.target(model.next(x, n, points)));
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

    fn state(&self, cell: u32) -> State {
        let g = self.goal;
        State {
            score: cell / g % g,
            opponent_score: cell % g,
            sides: self.sides[(cell / (g * g)) as usize],
        }
    }

    fn cell(&self, x: State) -> u32 {
        (u32::from(x.sides != 6) * self.goal + x.score) * self.goal + x.opponent_score
    }

    /// Where an outcome leads: a state's cell, or one of the two ends,
    /// numbered after the cells (the mover wins, the mover loses).
    fn target(&self, next: Next) -> u32 {
        let cells = self.sides.len() as u32 * self.goal * self.goal;
        match next {
            Next::Win => cells,
            Next::Loss => cells + 1,
            Next::Continue(y) => self.cell(y),
        }
    }

    /// One step of the mover; `next` holds the other player's values, and
    /// after its cells the two ends: the mover wins, the mover loses.
    #[inline]
    fn step(&self, cell: u32, action: i32, next: &[Ends]) -> Step {
        let i =
            self.place[cell as usize] as usize * self.actions + (action - self.min_action) as usize;
        if self.pass[i] != NO_PASS {
            return Step::Pass(self.pass[i]);
        }
        let to = &self.to[self.first[i] as usize..self.first[i + 1] as usize];
        let probabilities = &self.probabilities[self.probability[i] as usize..][..to.len()];
        let (mut a_wins, mut b_wins, mut draw) = (0.0, 0.0, 0.0);
        for (&to, &p) in to.iter().zip(probabilities) {
            let v = &next[to as usize];
            a_wins += p * v[0];
            b_wins += p * v[1];
            draw += p * v[2];
        }
        Step::Exit([a_wins, b_wins, draw])
    }

    /// The grade of A against B over these layers.
    fn grade(&self, layers: &[Layer], a: &Policy, b: &Policy) -> Match {
        let cells = self.sides.len() * (self.goal * self.goal) as usize;
        // Each grid is read by the other player's steps, so its two ends are
        // that player's: the mover wins (slot `cells`), the mover loses.
        let mut a_moves = vec![[0.0; 3]; cells + 2];
        let mut b_moves = vec![[0.0; 3]; cells + 2];
        (b_moves[cells], b_moves[cells + 1]) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        (a_moves[cells], a_moves[cells + 1]) = ([0.0, 1.0, 0.0], [1.0, 0.0, 0.0]);
        let (mut a_steps, mut b_steps) = (vec![], vec![]);
        for layer in layers {
            a_steps.clear();
            b_steps.clear();
            for &x in &layer.states {
                let cell = self.cell(x);
                a_steps.push(self.step(cell, a.get(x), &b_moves));
                b_steps.push(self.step(cell, b.get(x), &a_moves));
            }
            // A pass hands the move to the other player in the same layer:
            // their exit value, or a draw if they pass back.
            let resolve = |own: &Step, others: &[Step]| match own {
                Step::Exit(v) => *v,
                Step::Pass(y) => match &others[layer.position(self.state(*y))] {
                    Step::Exit(v) => *v,
                    Step::Pass(_) => [0.0, 0.0, 1.0],
                },
            };
            for (i, &x) in layer.states.iter().enumerate() {
                let cell = self.cell(x) as usize;
                a_moves[cell] = resolve(&a_steps[i], &b_steps);
                b_moves[cell] = resolve(&b_steps[i], &a_steps);
            }
        }
        let start = self.cell(State::START) as usize;
        let (first, second) = (a_moves[start], b_moves[start]);
        Match {
            a_wins: (first[0] + second[0]) * 0.5,
            b_wins: (first[1] + second[1]) * 0.5,
            draw: (first[2] + second[2]) * 0.5,
        }
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
        // and nju21 (endless games: draws).
        for (rules, actions) in [
            (Rules::fa16(), vec![-1, 0, 3, 10]),
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
                grade_pairs_within(&model, &refs, &pairs, max_moves, |k, m| {
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
                    assert!((got.b_wins - reverse.win_rate).abs() < 1e-12);
                    assert!((got.a_wins + got.b_wins + got.draw - 1.0).abs() < 1e-12);
                }
            }
        }
    }
}
