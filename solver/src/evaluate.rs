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

impl<V: Probability> Outcome<V> {
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

    /// The course's win rate of A: the mean of its wins in the two seatings.
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
        let sides = self.model().sides();
        self.in_pool_for_layers(sides, || self.evaluate_layers(a, b, sides))
    }

    /// The course's grade of A against B: only what the two games from 0-0
    /// need. The dice sides change only by Pork Chop, so when neither
    /// strategy ever plays it, the states with four-sided dice cannot be
    /// reached and are skipped; the six-sided states never lead to them, so
    /// their values are those of [`Engine::evaluate`], bit for bit.
    pub fn grade(&self, a: &Policy, b: &Policy) -> Grade<V> {
        let pork_chop = |p: &Policy| p.actions().iter().any(|&n| n == -1);
        let sides = if pork_chop(a) || pork_chop(b) {
            self.model().sides()
        } else {
            &[6]
        };
        let evaluation = self.in_pool_for_layers(sides, || self.evaluate_layers(a, b, sides));
        Grade {
            win_rate: evaluation.win_rate(),
            draw: evaluation.draw(),
            first: evaluation.first().clone(),
            second: evaluation.second().clone(),
        }
    }

    fn evaluate_layers(&self, a: &Policy, b: &Policy, sides: &[u32]) -> Evaluation<V> {
        let model = self.model();
        // Grids over the evaluated sides only: half the memory for a grade
        // that skips fa16's four-sided states.
        let mut a_moves = Grid::over_sides(model, sides, Expectation::<V>::zero());
        let mut b_moves = Grid::over_sides(model, sides, Expectation::<V>::zero());
        let (a_wins, b_wins) = (Outcome::a_wins(), Outcome::b_wins());
        for layer in self.layers_over(sides) {
            // One step of the mover's strategy; `mine`/`yours` are the ends that
            // mean the mover wins or loses, `next` the other player's grid.
            let step = |x: State,
                        policy: &Policy,
                        mine: &Outcome<V>,
                        yours: &Outcome<V>,
                        next: &Grid<Outcome<V>>| {
                let a = policy.get(x);
                match self.pass(x, a) {
                    Some(y) => Step::Pass(y),
                    None => Step::Exit(self.expect_on_grid(x, a, mine, yours, next)),
                }
            };
            let (a_steps, b_steps): (Vec<_>, Vec<_>) = self
                .map_layer(&layer, |x| {
                    (
                        step(x, a, &a_wins, &b_wins, &b_moves),
                        step(x, b, &b_wins, &a_wins, &a_moves),
                    )
                })
                .into_iter()
                .unzip();
            // A pass hands the move to the other player in the same layer: their
            // exit value, or a draw if they pass back.
            let resolve = |own: &Step<Outcome<V>>, others: &[Step<Outcome<V>>]| match own {
                Step::Exit(v) => v.clone(),
                Step::Pass(y) => match &others[layer.position(*y)] {
                    Step::Exit(v) => v.clone(),
                    Step::Pass(_) => Outcome::draw(),
                },
            };
            for (i, &x) in layer.states.iter().enumerate() {
                a_moves.set(x, resolve(&a_steps[i], &b_steps));
                b_moves.set(x, resolve(&b_steps[i], &a_steps));
            }
        }
        Evaluation { a_moves, b_moves }
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
            self.for_each_outcome(x, policy.get(x), |_, next| {
                if let Next::Continue(y) = next {
                    stack.push((y, 1 - mover));
                }
            });
        }
        let [a_moves, _] = seen;
        a_moves
    }
}

impl<V: Probability> Grade<V> {
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
    /// A moves first from 0-0.
    pub first: Outcome<V>,
    /// B moves first from 0-0.
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
