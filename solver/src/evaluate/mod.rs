//! Exact evaluation of a fixed strategy A against a fixed strategy B.
//!
//! With both strategies fixed, the game is a Markov chain over the states
//! (x, who moves). For the vector E = (P(A wins), P(B wins), P(draw)):
//!
//! ```text
//!   E_A(x) = Σ_p P(p | x, A(x)) · { (1,0,0) if A wins; (0,1,0) if B wins; E_B(y) otherwise }
//!   E_B(x) = Σ_p P(p | x, B(x)) · { (0,1,0) if B wins; (1,0,0) if A wins; E_A(y) otherwise }
//! ```
//!
//! solved layer by layer as in [`crate::solve`]. A pass (a turn that surely
//! scores 0) leads to x or x̄ in the same layer, where the other player moves;
//! if that player passes too, the play is back where it started and, both
//! strategies and zero-point turns being deterministic, goes round forever: a
//! draw, (0, 0, 1). Otherwise the pass takes the other player's exit value.
//!
//! The strategies see the whole state, so hidden state is followed exactly: a
//! course strategy cannot see fa16's dice sides, yet its games are evaluated
//! with the sides tracked.

use std::ops::Add;

mod exits;

use crate::model::{Model, Next};
use crate::rules::State;
use crate::solve::{Driver, Engine, Expectation, Grid, Probability, Step};
use crate::strategy::Policy;

/// Probabilities of the three ends of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<V> {
    pub a_wins: V,
    pub b_wins: V,
    pub draw: V,
}

/// What the ends of a game are worth in an evaluation: the three-wide
/// [`Outcome`], or, where no game can be drawn, P(A wins) alone (V) or both
/// players' wins ([`Decided`]).
pub(crate) trait Ends<V>: Expectation<V> + Send + Sync {
    fn a_wins() -> Self;
    fn b_wins() -> Self;
    fn draw() -> Self;
    /// The three probabilities this value stands for.
    fn outcome(self) -> Outcome<V>;
}

impl<V: Probability> Ends<V> for Outcome<V> {
    fn a_wins() -> Self {
        Outcome {
            a_wins: V::one(),
            b_wins: V::zero(),
            draw: V::zero(),
        }
    }

    fn b_wins() -> Self {
        Outcome {
            a_wins: V::zero(),
            b_wins: V::one(),
            draw: V::zero(),
        }
    }

    fn draw() -> Self {
        Outcome {
            a_wins: V::zero(),
            b_wins: V::zero(),
            draw: V::one(),
        }
    }

    fn outcome(self) -> Outcome<V> {
        self
    }
}

/// P(A wins) alone, where no game can be drawn. Its sums are the `a_wins`
/// sums of [`Outcome`], term for term, so they give the same bits at a third
/// of the arithmetic; then P(B wins) = 1 − P(A wins) (within rounding of the
/// three-wide sum) and P(draw) = 0.
impl<V: Probability> Ends<V> for V {
    fn a_wins() -> V {
        V::one()
    }

    fn b_wins() -> V {
        V::zero()
    }

    fn draw() -> V {
        V::zero()
    }

    fn outcome(self) -> Outcome<V> {
        Outcome {
            b_wins: V::one() - self.clone(),
            a_wins: self,
            draw: V::zero(),
        }
    }
}

/// P(A wins) and P(B wins) where no game can be drawn: the `a_wins` and
/// `b_wins` sums of [`Outcome`], term for term (the same bits), without the
/// draw's, which are all 0.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Decided<V> {
    a_wins: V,
    b_wins: V,
}

impl<V: Probability> Expectation<V> for Decided<V> {
    fn zero() -> Self {
        Decided {
            a_wins: V::zero(),
            b_wins: V::zero(),
        }
    }

    fn add_scaled(self, p: &V, value: Self) -> Self {
        Decided {
            a_wins: self.a_wins + p.clone() * value.a_wins,
            b_wins: self.b_wins + p.clone() * value.b_wins,
        }
    }

    fn unit(self) -> Self {
        Decided {
            a_wins: self.a_wins.unit(),
            b_wins: self.b_wins.unit(),
        }
    }
}

impl<V: Probability> Ends<V> for Decided<V> {
    fn a_wins() -> Self {
        Decided {
            a_wins: V::one(),
            b_wins: V::zero(),
        }
    }

    fn b_wins() -> Self {
        Decided {
            a_wins: V::zero(),
            b_wins: V::one(),
        }
    }

    /// Neither player wins a draw (and none happens where this is used).
    fn draw() -> Self {
        Self::zero()
    }

    /// Only where no game can be drawn: P(draw) = 0.
    fn outcome(self) -> Outcome<V> {
        Outcome {
            a_wins: self.a_wins,
            b_wins: self.b_wins,
            draw: V::zero(),
        }
    }
}

impl<V: Probability> Outcome<V> {
    /// The same probabilities, each rounded to the nearest f64.
    pub fn to_f64(&self) -> Outcome<f64> {
        Outcome {
            a_wins: self.a_wins.to_f64(),
            b_wins: self.b_wins.to_f64(),
            draw: self.draw.to_f64(),
        }
    }
}

impl<V: Probability> Add for Outcome<V> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Outcome {
            a_wins: self.a_wins + other.a_wins,
            b_wins: self.b_wins + other.b_wins,
            draw: self.draw + other.draw,
        }
    }
}

impl<V: Probability> Expectation<V> for Outcome<V> {
    fn zero() -> Self {
        Outcome {
            a_wins: V::zero(),
            b_wins: V::zero(),
            draw: V::zero(),
        }
    }

    fn add_scaled(self, p: &V, value: Self) -> Self {
        Outcome {
            a_wins: self.a_wins + p.clone() * value.a_wins,
            b_wins: self.b_wins + p.clone() * value.b_wins,
            draw: self.draw + p.clone() * value.draw,
        }
    }

    fn unit(self) -> Self {
        Outcome {
            a_wins: self.a_wins.unit(),
            b_wins: self.b_wins.unit(),
            draw: self.draw.unit(),
        }
    }
}

/// The exact outcome of A against B from every state, whoever moves.
pub struct Evaluation<V> {
    /// Outcomes when A moves in the state (A's score first).
    pub a_moves: Grid<Outcome<V>>,
    /// Outcomes when B moves in the state (B's score first).
    pub b_moves: Grid<Outcome<V>>,
}

impl<V: Probability> Evaluation<V> {
    /// A moves first from 0-0.
    pub fn first(&self) -> &Outcome<V> {
        self.a_moves.get(State::START)
    }

    /// B moves first from 0-0.
    pub fn second(&self) -> &Outcome<V> {
        self.b_moves.get(State::START)
    }

    /// The course's win rate of A: the mean of its wins in the two seatings
    /// (as in [`Grade::of`]).
    pub fn win_rate(&self) -> V {
        (self.first().a_wins.clone() + self.second().a_wins.clone()) * V::half()
    }

    /// The mean draw probability of the two seatings.
    pub fn draw(&self) -> V {
        (self.first().draw.clone() + self.second().draw.clone()) * V::half()
    }
}

impl<V: Probability> Engine<'_, V> {
    /// The exact outcome of A against B from every state.
    pub fn evaluate(&self, a: &Policy, b: &Policy) -> Evaluation<V> {
        let len = self.model().hidden().len();
        let (a_moves, b_moves) = self.in_pool_for_layers(len, || self.evaluate_layers(a, b, len));
        Evaluation { a_moves, b_moves }
    }

    /// The course's grade of A against B: only what the two games from 0-0
    /// need.
    ///
    /// * Where only an action changes the dice sides (Pork Chop, Ham
    ///   Hijinks) and neither strategy ever plays it, the states with
    ///   four-sided dice cannot be reached and are skipped
    ///   ([`reachable_len`]); the six-sided states never lead to them, so
    ///   their values are those of [`Engine::evaluate`], bit for bit.
    /// * A draw needs a turn that scores 0 (a pass). Under rules where no
    ///   turn can score 0, only P(A wins) is summed (see [`Ends`]), and
    ///   P(B wins) is 1 − P(A wins); [`Engine::grade_both`] sums it too.
    pub fn grade(&self, a: &Policy, b: &Policy) -> Grade<V> {
        if self.model().rules().can_score_zero() {
            self.grade_in::<Outcome<V>>(a, b)
        } else {
            self.grade_in::<V>(a, b)
        }
    }

    /// [`Engine::grade`] with P(B wins) summed as well, so that it is B's
    /// own grade against A, bit for bit (a round robin's other seat).
    pub(crate) fn grade_both(&self, a: &Policy, b: &Policy) -> Grade<V> {
        if self.model().rules().can_score_zero() {
            self.grade_in::<Outcome<V>>(a, b)
        } else {
            self.grade_in::<Decided<V>>(a, b)
        }
    }

    fn grade_in<T: Ends<V>>(&self, a: &Policy, b: &Policy) -> Grade<V> {
        let flips =
            self.model().rules().flips_sides_by_action() && (plays_flip(a) || plays_flip(b));
        let len = reachable_len(self.model(), flips);
        let (a_moves, b_moves) =
            self.in_pool_for_layers(len, || self.evaluate_layers::<T>(a, b, len));
        Grade::of(
            a_moves.get(State::START).clone().outcome(),
            b_moves.get(State::START).clone().outcome(),
        )
    }

    /// The grids of A to move and B to move, in the ends T: where no turn
    /// stays in its layer, [`Engine::evaluate_exits`]; else
    /// [`Engine::evaluate_passes`].
    fn evaluate_layers<T: Ends<V>>(
        &self,
        a: &Policy,
        b: &Policy,
        len: usize,
    ) -> (Grid<T>, Grid<T>) {
        let model = self.model();
        // Grids over the evaluated hidden values only: half the memory for a
        // grade that skips fa16's four-sided states.
        let mut a_moves = Grid::over_first(model, len, T::zero());
        let mut b_moves = Grid::over_first(model, len, T::zero());
        if self.exits_only() {
            self.evaluate_exits(a, b, len, &mut a_moves, &mut b_moves);
        } else {
            self.evaluate_passes(a, b, len, &mut a_moves, &mut b_moves);
        }
        (a_moves, b_moves)
    }

    /// Fills the grids of A to move and B to move over the first `len`
    /// hidden values under any rules: each layer's steps (an exit value, or
    /// a pass), then the passes resolved.
    fn evaluate_passes<T: Ends<V>>(
        &self,
        a: &Policy,
        b: &Policy,
        len: usize,
        a_moves: &mut Grid<T>,
        b_moves: &mut Grid<T>,
    ) {
        let (a_wins, b_wins) = (T::a_wins(), T::b_wins());
        for layer in self.layers_over(len) {
            // One step of the mover's strategy; `mine`/`yours` are the ends that
            // mean the mover wins or loses, `next` the other player's grid,
            // `own` the mover's (an extra turn).
            let step = |x: State, policy: &Policy, mine: &T, yours: &T, next: &Grid<T>, own| {
                let a = policy.get(x);
                match self.pass(x, a) {
                    Some(y) => Step::Pass(y),
                    None => Step::Exit(self.expect_on_grid(x, a, mine, yours, next, own)),
                }
            };
            let (a_steps, b_steps): (Vec<_>, Vec<_>) = self
                .map_layer(&layer, |x| {
                    (
                        step(x, a, &a_wins, &b_wins, b_moves, a_moves),
                        step(x, b, &b_wins, &a_wins, a_moves, b_moves),
                    )
                })
                .into_iter()
                .unzip();
            // A pass hands the move to the other player in the same layer: their
            // exit value, or a draw if they pass back.
            let resolve = |own: &Step<T>, others: &[Step<T>]| match own {
                Step::Exit(v) => v.clone().unit(),
                Step::Pass(y) => match &others[layer.position(*y)] {
                    Step::Exit(v) => v.clone().unit(),
                    Step::Pass(_) => T::draw(),
                },
            };
            self.write_layer(&layer, a_moves, b_moves, |i, _| {
                (
                    resolve(&a_steps[i], &b_steps),
                    resolve(&b_steps[i], &a_steps),
                )
            });
        }
    }
}

impl<V: Probability> Engine<'_, V> {
    /// Q(x, a) for every action a, lowest first: A's chance to win taking a
    /// in x and playing A afterwards against B, read from their
    /// [`Evaluation`]: each outcome of the turn is worth 1 (A wins), 0 (B
    /// wins) or A's chance from where it leads (B to move, or A again
    /// after an extra turn). A pass leads to the state B then faces, whose
    /// value holds B's answer (a pass back: an endless game, worth 0).
    pub fn action_values(&self, evaluation: &Evaluation<V>, x: State) -> Vec<(i32, V)> {
        self.model()
            .rules()
            .actions()
            .map(|a| {
                let mut win = V::zero();
                self.for_each_outcome(x, a, |p, next| {
                    let value = match next {
                        Next::Win => V::one(),
                        Next::Loss => return,
                        Next::Continue(y) => evaluation.b_moves.get(y).a_wins.clone(),
                        Next::Again(y) => evaluation.a_moves.get(y).a_wins.clone(),
                    };
                    win = win.clone() + p.clone() * value;
                });
                (a, win)
            })
            .collect()
    }
}

impl<V: Probability> Engine<'_, V> {
    /// The states in which A is to move that a game of A against B reaches
    /// with positive probability from 0-0, whoever moves first.
    pub fn reached(&self, a: &Policy, b: &Policy) -> Grid<bool> {
        let model = self.model();
        // Index 0: A to move; 1: B to move.
        let mut seen = [Grid::new(model, false), Grid::new(model, false)];
        let mut stack = vec![(State::START, 0), (State::START, 1)];
        while let Some((x, mover)) = stack.pop() {
            if *seen[mover].get(x) {
                continue;
            }
            seen[mover].set(x, true);
            let policy = if mover == 0 { a } else { b };
            self.for_each_outcome(x, policy.get(x), |_, next| match next {
                Next::Continue(y) => stack.push((y, 1 - mover)),
                Next::Again(y) => stack.push((y, mover)),
                Next::Win | Next::Loss => {}
            });
        }
        let [a_moves, _] = seen;
        a_moves
    }
}

/// How many hidden values, from the first, a game from 0-0 may reach where
/// one of its players ever plays -1 (`flips`) or neither does: where only
/// that action flips the dice sides (Pork Chop, Ham Hijinks) and nobody
/// plays it, those of six-sided dice, which the sides being the axis's
/// most significant component are the first 1 / sides of it; else all.
pub(crate) fn reachable_len(model: &Model, flips: bool) -> usize {
    let hidden = model.hidden();
    if model.rules().flips_sides_by_action() && !flips {
        hidden.len() / hidden.sides().len()
    } else {
        hidden.len()
    }
}

/// Whether a policy ever plays -1 (Pork Chop, Ham Hijinks).
pub(crate) fn plays_flip(policy: &Policy) -> bool {
    policy.actions().iter().any(|&n| n == -1)
}

impl<V: Probability> Grade<V> {
    /// The grade of the two games from 0-0: A moving first, and second.
    pub(crate) fn of(first: Outcome<V>, second: Outcome<V>) -> Grade<V> {
        Grade {
            win_rate: (first.a_wins.clone() + second.a_wins.clone()) * V::half(),
            draw: (first.draw.clone() + second.draw.clone()) * V::half(),
            first,
            second,
        }
    }

    /// The same figures, each rounded to the nearest f64.
    pub fn to_f64(&self) -> Grade<f64> {
        Grade {
            win_rate: self.win_rate.to_f64(),
            draw: self.draw.to_f64(),
            first: self.first.to_f64(),
            second: self.second.to_f64(),
        }
    }
}

/// The course's grade of a strategy A against a baseline B.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade<V> {
    /// The mean of A's wins moving first and moving second.
    pub win_rate: V,
    /// The mean draw probability of the two seatings.
    pub draw: V,
    /// A moves first from 0-0. (From [`Engine::grade`] under rules where no
    /// game can be drawn, `b_wins` is 1 - `a_wins`, which may differ from a
    /// summed P(B wins) in the last bits.)
    pub first: Outcome<V>,
    /// B moves first from 0-0 (the same note).
    pub second: Outcome<V>,
}

/// The course's grade of A against B under a model, on all cores.
pub fn grade(model: &Model, a: &Policy, b: &Policy) -> Grade<f64> {
    Engine::new(model, Driver::Parallel).grade(a, b)
}

/// The exact outcome of A against B under a model, on all cores.
pub fn evaluate(model: &Model, a: &Policy, b: &Policy) -> Evaluation<f64> {
    Engine::new(model, Driver::Parallel).evaluate(a, b)
}

#[cfg(test)]
mod tests {
    use super::{Ends, Outcome};
    use crate::model::Model;
    use crate::rules::{AfterTurn, Rules, PRESETS};
    use crate::solve::{Driver, Engine, Grid};
    use crate::strategy::Policy;

    /// The grade sums P(A wins) alone, with no draws, exactly when the rules
    /// say no turn can score 0: then no action anywhere may be a pass (a
    /// draw needs two), and under rules that can score 0 some action is.
    #[test]
    fn a_pass_exists_exactly_when_the_rules_can_score_zero() {
        let mut rule_sets: Vec<Rules> = PRESETS.iter().map(|p| p.rules()).collect();
        // Picky Piggy with Pork Chop's rules around it.
        let mut fa16_picky = Rules::fa16();
        fa16_picky.zero = Rules::nju21().zero;
        rule_sets.push(fa16_picky);
        for rules in &rule_sets {
            let model = Model::new(rules, 60).unwrap();
            let engine = Engine::<f64>::new(&model, Driver::Sequential);
            let passes = engine.layers().any(|layer| {
                layer.states.iter().any(|&x| {
                    rules
                        .actions()
                        .any(|action| engine.stays_in_layer(x, action).is_some())
                })
            });
            assert_eq!(passes, rules.can_score_zero(), "{rules}");
        }
    }

    /// Where every turn leaves its layer, the evaluation by
    /// [`Engine::evaluate_exits`] is [`Engine::evaluate_passes`]'s, cell for
    /// cell, in both ends that such rules use (P(A wins) alone, and all
    /// three): every preset it applies to and a rule list of the general
    /// landing (Sus Fuss and a swap), strategies of every action somewhere
    /// (no dice, Pork Chop, every number of dice, capped by Hog Tied), at
    /// goals where most rolls pass the goal and where swaps abound; and
    /// fa16 at a goal whose layers split over the parallel driver's threads.
    #[test]
    fn evaluation_by_exits_is_the_general_evaluation() {
        fn check<T: Ends<f64> + PartialEq>(engine: &Engine<f64>, a: &Policy, b: &Policy) {
            let model = engine.model();
            let len = model.hidden().len();
            let grids = || (Grid::new(model, T::zero()), Grid::new(model, T::zero()));
            let (mut exits, mut general) = (grids(), grids());
            engine.evaluate_exits(a, b, len, &mut exits.0, &mut exits.1);
            engine.evaluate_passes(a, b, len, &mut general.0, &mut general.1);
            assert!(exits == general, "{}", model.rules());
        }
        let mut rule_sets: Vec<Rules> = PRESETS.iter().map(|p| p.rules()).collect();
        let mut general_landing = Rules::sp26();
        general_landing.after = vec![AfterTurn::SusFuss, AfterTurn::SwineSwapDouble];
        rule_sets.push(general_landing);
        let mut cases: Vec<(Rules, u32, Driver)> = rule_sets
            .into_iter()
            .flat_map(|rules| [7, 60].map(|goal| (rules.clone(), goal, Driver::Sequential)))
            .collect();
        cases.push((Rules::fa16(), 300, Driver::Parallel));
        let mut checked = 0;
        for (rules, goal, driver) in cases {
            let model = Model::new(&rules, goal).unwrap();
            let engine = Engine::<f64>::new(&model, driver);
            if !engine.exits_only() {
                continue;
            }
            let (a, b) = (mixed_policy(&model, 1), mixed_policy(&model, 2));
            check::<f64>(&engine, &a, &b);
            check::<Outcome<f64>>(&engine, &a, &b);
            checked += 1;
        }
        assert!(checked > 20, "the exits apply under most presets");
    }

    /// A policy of every action of the rules here and there: each state's
    /// action drawn by a linear congruential generator from `seed`.
    fn mixed_policy(model: &Model, seed: u64) -> Policy {
        let rules = model.rules();
        let g = model.goal() as usize;
        let (first, count) = (*rules.actions().start(), rules.actions().count() as u64);
        let mut state = seed;
        let actions = ndarray::Array3::from_shape_fn((model.hidden().len(), g, g), |_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (first + ((state >> 33) % count) as i32) as i8
        });
        Policy::from_actions(rules, model.goal(), actions).unwrap()
    }
}
