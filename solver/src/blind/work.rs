//! The grids of one ascent of the blind search ([`super`]): the reach of
//! a policy, and the sweep that improves it.

use super::Move;
use crate::model::{Landing, Next};
use crate::rules::State;
use crate::solve::{Engine, Grid, Layer, Options, Probability};
use crate::strategy::Policy;

/// The mover's reach in x, times the chance of each outcome of its action,
/// added to the reach of the state the other player then faces (`other`),
/// or, after an extra turn, of the state the mover faces again (`own`).
///
/// Where the model's landing allows (as in [`Engine::expect_on_grid`]), a
/// roll of p from (s, o, d) lands on (o, m, d) with m = s + p (or moved(s +
/// p) under a lone rule on the mover's score), a win from m >= G, except at
/// the points where a lone rule fires, which [`Model::next_on_fire`] names:
/// the same cells and chances as [`Engine::for_each_outcome`], in the same
/// order, without the general next() of each outcome. Where no rule fires
/// from x, the outcomes below the goal are a stretch of one row per run of
/// consecutive points ([`Engine::run_rolls`]).
fn push<V: Probability>(
    engine: &Engine<'_, V>,
    mover: &Policy,
    x: State,
    own: &mut Grid<V>,
    other: &mut Grid<V>,
) {
    let r = own.get(x).clone();
    if r <= V::zero() {
        return;
    }
    let model = engine.model();
    let a = mover.get(x);
    let n = model.effective_rolls(x, a);
    let landing = engine.landing();
    let fast = n >= 1 && landing != Landing::General && model.feral().is_none();
    if !fast {
        engine.for_each_outcome(x, a, |p, next| add(own, other, next, &r, p));
        return;
    }
    let (s, o, goal) = (x.score, x.opponent_score, model.goal());
    let table = model.roll_index(x, n);
    let outcomes = &engine.rolls()[table];
    let fires = match landing {
        Landing::Fires => model.fire_points(x, outcomes.last().map_or(0, |&(p, _)| p)),
        _ => 0,
    };
    if fires == 0 && landing != Landing::Mover {
        // No rule fires: the outcomes below the goal land on one row of
        // `other`, the cells (o, s + p) in ascending p, and the rest win.
        // A run of consecutive points adds to a stretch of the row, one
        // term a cell, the same terms as the loop below.
        let row = other.row_mut(State {
            score: o,
            opponent_score: s,
            ..x
        });
        for (first, probs) in engine.run_rolls(table) {
            let Some(stretch) = row.get_mut(s as usize + first..) else {
                break;
            };
            for (cell, prob) in stretch.iter_mut().zip(probs) {
                *cell = cell.clone() + r.clone() * prob.clone();
            }
        }
        return;
    }
    for (p, prob) in outcomes {
        let next = if fires >> p & 1 == 1 {
            model.next_on_fire(x, n, *p)
        } else {
            let m = match landing {
                Landing::Mover => model.moved(s + p),
                _ => s + p,
            };
            if m >= goal {
                continue;
            }
            Next::Continue(State {
                score: o,
                opponent_score: m,
                ..x
            })
        };
        add(own, other, next, &r, prob);
    }
}

/// Adds r · p to the reach of the state where the game goes on.
#[inline]
fn add<V: Probability>(own: &mut Grid<V>, other: &mut Grid<V>, next: Next, r: &V, p: &V) {
    let cell = match next {
        Next::Continue(y) => other.get_mut(y),
        Next::Again(y) => own.get_mut(y),
        Next::Win | Next::Loss => return,
    };
    *cell = cell.clone() + r.clone() * p.clone();
}

/// The grids of one ascent against one opponent of the field.
pub(super) struct Opponent<'e, V> {
    b: &'e Policy,
    /// μ: the chance of reaching the state with us to move.
    pub(super) reach_us: Grid<V>,
    /// ν: the same with B to move.
    pub(super) reach_b: Grid<V>,
    /// W: our chance to win when we move in the state.
    pub(super) us: Grid<V>,
    /// L: our chance to win when B moves in the state.
    pub(super) them: Grid<V>,
}

/// The grids of one ascent, reused by every sweep: one set per opponent.
/// Which opponent we face is hidden from a course strategy too, so against
/// a field of K opponents, each met with chance 1/K, the reach of every
/// opponent's games weighs the cell's actions together (μ is ½ · 1/K at
/// 0-0 for each), and the win rate is the field's mean.
pub(super) struct Work<'e, 'm, V> {
    engine: &'e Engine<'m, V>,
    /// Highest sum first.
    pub(super) layers: Vec<Layer>,
    pub(super) field: Vec<Opponent<'e, V>>,
    /// Whether sweeps record their moves, into `moves`.
    pub(super) record_moves: bool,
    /// Every other action of every reached cell in the last sweep, and
    /// what it would cost there.
    pub(super) moves: Vec<Move>,
}

impl<'e, 'm, V: Probability> Work<'e, 'm, V> {
    pub(super) fn new(engine: &'e Engine<'m, V>, field: &[&'e Policy]) -> Self {
        let model = engine.model();
        Work {
            engine,
            layers: engine.layers().collect(),
            field: field
                .iter()
                .map(|&b| Opponent {
                    b,
                    reach_us: Grid::new(model, V::zero()),
                    reach_b: Grid::new(model, V::zero()),
                    us: Grid::new(model, V::zero()),
                    them: Grid::new(model, V::zero()),
                })
                .collect(),
            record_moves: false,
            moves: vec![],
        }
    }

    /// μ and ν under `ours` against each B, pushed forward from 0-0 layer
    /// by layer, lowest sum first: each state hands its reach, times the
    /// chance of each outcome, to the state the other player then faces.
    pub(super) fn reach(&mut self, ours: &Policy) {
        let model = self.engine.model();
        // ½ for each seat, 1/K for each opponent.
        let start = V::half() * V::from_counts(1, self.field.len() as u64);
        for opponent in &mut self.field {
            opponent.reach_us = Grid::new(model, V::zero());
            opponent.reach_b = Grid::new(model, V::zero());
            *opponent.reach_us.get_mut(State::START) = start.clone();
            *opponent.reach_b.get_mut(State::START) = start.clone();
            for layer in self.layers.iter().rev() {
                for &x in &layer.states {
                    push(
                        self.engine,
                        ours,
                        x,
                        &mut opponent.reach_us,
                        &mut opponent.reach_b,
                    );
                    push(
                        self.engine,
                        opponent.b,
                        x,
                        &mut opponent.reach_b,
                        &mut opponent.reach_us,
                    );
                }
            }
        }
    }

    /// One backward sweep from `policy` with the reach of the last
    /// [`Work::reach`]: the new blind policy, and whether a reached cell
    /// changed. Afterwards each opponent's `us` and `them` hold the new
    /// policy's values.
    ///
    /// A cell's choice reads only the layers above its own, so the cells of
    /// a layer are chosen apart, on rayon's threads where the layer splits
    /// ([`Engine::map_with`]), and written in order afterwards; then B's
    /// values of the layer, each from the layers above too. Each cell's
    /// arithmetic is the same on any number of threads, and so are the
    /// bits.
    pub(super) fn sweep(&mut self, policy: &Policy, frozen: &[(usize, usize)]) -> (Policy, bool) {
        let model = self.engine.model();
        let hidden = model.hidden();
        let n = hidden.len();
        let mut table = policy.actions().clone();
        let mut changed = false;
        self.moves.clear();
        for layer in &self.layers {
            // A layer holds every state of the first hidden value, then of the next.
            let cells = layer.states.len() / n;
            let choices = self.engine.map_with(
                cells,
                layer.states.len(),
                || (vec![], vec![]),
                |(buffer, options), i| self.choose(layer, i, policy, frozen, buffer, options),
            );
            for (i, choice) in choices.into_iter().enumerate() {
                let x = layer.states[i];
                let (s, o) = (x.score as usize, x.opponent_score as usize);
                changed |= choice.changed;
                for h in 0..n {
                    table[[h, s, o]] = choice.action as i8;
                }
                self.moves.extend(choice.moves);
                let mut values = choice.values.into_iter();
                for opponent in &mut self.field {
                    for h in 0..n {
                        let value = values.next().expect("a value for each state");
                        opponent.us.set(layer.states[h * cells + i], value.unit());
                    }
                }
            }
            for opponent in &mut self.field {
                // B's win is our loss.
                let values = self.engine.map_layer(layer, |x| {
                    self.engine.expect_on_grid(
                        x,
                        opponent.b.get(x),
                        &V::zero(),
                        &V::one(),
                        &opponent.us,
                        &opponent.them,
                    )
                });
                for (&x, value) in layer.states.iter().zip(values) {
                    opponent.them.set(x, value.unit());
                }
            }
        }
        let policy = Policy::from_actions_unchecked(model.goal(), hidden, table);
        (policy, changed)
    }

    /// The new action of cell `i` of a layer in a sweep from `policy` (see
    /// [`super`]), with the values of its states and, if recorded,
    /// its moves. `options` is scratch: each state's action values.
    fn choose(
        &self,
        layer: &Layer,
        i: usize,
        policy: &Policy,
        frozen: &[(usize, usize)],
        buffer: &mut Vec<V>,
        options: &mut Vec<Option<Options<V>>>,
    ) -> Choice<V> {
        let model = self.engine.model();
        let n = model.hidden().len();
        // The cell's states: every opponent's, each with every hidden value.
        let k = self.field.len();
        let cells = layer.states.len() / n;
        let states = |h: usize| layer.states[h * cells + i];
        let weights: Vec<V> = self
            .field
            .iter()
            .flat_map(|opponent| (0..n).map(|h| opponent.reach_us.get(states(h)).clone()))
            .collect();
        let reached = weights.iter().any(|w| *w > V::zero());
        // Every action's Q where it counts: in each reached state,
        // or against the first opponent with the first hidden value
        // if the cell is unreached.
        let counts = |j: usize| {
            if reached {
                weights[j] > V::zero()
            } else {
                j == 0
            }
        };
        options.clear();
        for (o, opponent) in self.field.iter().enumerate() {
            options.extend((0..n).map(|h| {
                counts(o * n + h).then(|| {
                    let (them, us) = (&opponent.them, &opponent.us);
                    self.engine.options(states(h), buffer, them, us, V::clone)
                })
            }));
        }
        let q = |j: usize, a: i32| {
            options[j]
                .as_ref()
                .and_then(|o| o.value(a))
                .expect("no action passes")
                .clone()
        };
        // Σ_(B, h) μ_B(s, o, h) Q_B(s, o, h, a), or Q with the first
        // opponent and hidden value if unreached.
        let score = |a: i32| -> V {
            if reached {
                (0..k * n)
                    .filter(|&j| counts(j))
                    .fold(V::zero(), |sum, j| sum + weights[j].clone() * q(j, a))
            } else {
                q(0, a)
            }
        };
        let x = states(0);
        let (s, o) = (x.score as usize, x.opponent_score as usize);
        let current = policy.get(x);
        let scores: Vec<(i32, V)> = model.rules().actions().map(|a| (a, score(a))).collect();
        let best = scores
            .iter()
            .map(|(_, v)| v)
            .reduce(|a, b| if b > a { b } else { a })
            .expect("the rules have actions")
            .clone();
        let ties = |a: i32| scores.iter().any(|(b, v)| *b == a && V::ties(v, &best));
        let (action, changed) = if ties(current) || frozen.contains(&(s, o)) {
            (current, false)
        } else {
            let lowest = model.rules().actions().find(|&a| ties(a));
            (lowest.expect("the best is some action's"), reached)
        };
        // What each other action would cost here, the rest kept: the
        // exact change of the win rate (the layer's reach and the
        // values above stay).
        let mut moves = vec![];
        if reached && self.record_moves {
            let kept = &scores[(action - model.rules().min_action()) as usize].1;
            moves.extend(
                scores
                    .iter()
                    .filter(|(a, _)| *a != action)
                    .map(|(other, v)| Move {
                        loss: (kept.clone() - v.clone()).to_f64(),
                        cell: (s as u16, o as u16),
                        action: *other as i8,
                    }),
            );
        }
        let options = &*options;
        let values = self
            .field
            .iter()
            .enumerate()
            .flat_map(|(o, opponent)| {
                (0..n).map(move |h| match &options[o * n + h] {
                    Some(option) => option.value(action).expect("no action passes").clone(),
                    None => self.engine.expect_on_grid(
                        states(h),
                        action,
                        &V::one(),
                        &V::zero(),
                        &opponent.them,
                        &opponent.us,
                    ),
                })
            })
            .collect();
        Choice {
            action,
            changed,
            values,
            moves,
        }
    }

    /// R(π) of the last sweep's policy: the mean over the field of each
    /// opponent's ½ W(0-0) + ½ L(0-0).
    pub(super) fn win_rate(&self) -> V {
        let sum = self.field.iter().fold(V::zero(), |sum, opponent| {
            sum + (opponent.us.get(State::START).clone() + opponent.them.get(State::START).clone())
                * V::half()
        });
        sum * V::from_counts(1, self.field.len() as u64)
    }
}

/// A cell's new action in a sweep, and what the sweep writes for it.
struct Choice<V> {
    action: i32,
    /// Whether the cell is reached and takes another action than before.
    changed: bool,
    /// W of the cell's states with that action: each opponent's, each
    /// hidden value's.
    values: Vec<V>,
    /// Its moves, if the sweep records them.
    moves: Vec<Move>,
}
