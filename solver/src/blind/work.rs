//! The grids of one ascent of the blind search ([`super`]): the reach of
//! a policy, and the sweep that improves it.
//!
//! # States that play alike
//!
//! Under Feral Hogs (fa19, sp20, su20) a cell's states differ by each
//! player's memory, up to 196 of them, and the mover's memory decides only
//! whether an action gets the bonus: two states of a cell that differ only
//! there, and take the same action with the bonus decided alike, have the
//! same outcomes, with the same chances, into the same states
//! ([`Engine::feral_lands_as`] names one for all of them). So the reach
//! pass hands on the summed reach of each such class once (a cell of sp20
//! holds at most 28 classes of one action), a sweep computes each column's
//! action values once ([`Engine::feral_cell_options`]), and the value of a
//! state whose options are not needed is that of its class's first state.
//! Under other rules each state is its own class.
//!
//! # Live states
//!
//! A state that no game reaches whatever we play (against the fixed B:
//! under Feral Hogs a state where B remembers a turn its strategy never
//! plays, most of them) has no reach under any policy, and no reached
//! state's action reads its value: each [`Against`] knows the states
//! that some game reaches, once for the whole search, and sweeps compute
//! values for those alone (the others keep 0, which nothing reads).

use std::ops::Range;

use rayon::prelude::*;

use super::Move;
use crate::model::{Landing, Next};
use crate::rules::{Hidden, State};
use crate::solve::{ColumnValues, Engine, Grid, Layer, Options, Probability, MAX_ACTIONS};
use crate::strategy::Policy;

/// The cells of a layer that one task of a sweep chooses.
const CELLS_PER_TASK: usize = 8;

/// The mover's reach r in x, times the chance of each outcome of action
/// a, added to the reach of the state the other player then faces
/// (`other`), or, after an extra turn, of the state the mover faces again
/// (`own`).
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
    (x, a, r): (State, i32, &V),
    own: &mut Grid<V>,
    other: &mut Grid<V>,
) {
    let model = engine.model();
    let n = model.effective_rolls(x, a);
    if model.feral().is_some() {
        engine.feral_for_each_cell(x, n, |p, i| {
            let cell = other.at_mut(i);
            *cell = cell.clone() + r.clone() * p.clone();
        });
        return;
    }
    let landing = engine.landing();
    let fast = n >= 1 && landing != Landing::General;
    if !fast {
        engine.for_each_outcome(x, a, |p, next| add(own, other, next, r, p));
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
        add(own, other, next, r, prob);
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

/// [`push`] of the reach of x in `own` with action a, if reached.
fn push_reached<V: Probability>(
    engine: &Engine<'_, V>,
    (x, a): (State, i32),
    own: &mut Grid<V>,
    other: &mut Grid<V>,
) {
    let r = own.get(x).clone();
    if r > V::zero() {
        push(engine, (x, a, &r), own, other);
    }
}

/// [`push`] of the reach in `own` of a cell's `states` under Feral Hogs,
/// each with the mover's action: the summed reach of each class of states
/// that play alike, once (see the module docs), in the order the classes
/// first appear.
fn push_classes<V: Probability>(
    engine: &Engine<'_, V>,
    mover: &Policy,
    states: impl Iterator<Item = State>,
    (own, other): (&mut Grid<V>, &mut Grid<V>),
    alike: &mut Alike<V>,
) {
    for x in states {
        let r = own.get(x).clone();
        if r <= V::zero() {
            continue;
        }
        let a = mover.get(x);
        let key = engine.feral_lands_as(x, a);
        let slot = alike.hidden.index(key);
        match alike.class(slot, key, a, V::zero) {
            Some(sum) => *sum = sum.clone() + r,
            // Another action's class holds the slot: this state alone.
            None => push(engine, (x, a, &r), own, other),
        }
    }
    for (key, a, sum) in &alike.classes {
        push(engine, (*key, *a, sum), own, other);
    }
    alike.clear();
}

/// An opponent of the search, and the states that some game against it
/// reaches whatever we play (see the module docs).
pub(super) struct Against<'b> {
    pub(super) b: &'b Policy,
    /// Reached with us to move.
    live_us: Grid<bool>,
    /// Reached with B to move.
    live_b: Grid<bool>,
}

impl<'b> Against<'b> {
    /// The live states against `b`: from 0-0 with either to move, every
    /// outcome of every action of ours and of B's action, lowest layer
    /// first. Under Feral Hogs a state whose class another live state of
    /// the cell stands for hands on nothing more (see the module docs).
    pub(super) fn new<V: Probability>(engine: &Engine<'_, V>, b: &'b Policy) -> Self {
        let model = engine.model();
        let mut live_us = Grid::new(model, false);
        let mut live_b = Grid::new(model, false);
        live_us.set(State::START, true);
        live_b.set(State::START, true);
        let mark = |own: &mut Grid<bool>, other: &mut Grid<bool>, next: Next| match next {
            Next::Continue(y) => other.set(y, true),
            Next::Again(y) => own.set(y, true),
            Next::Win | Next::Loss => {}
        };
        let hidden = model.hidden();
        let n = hidden.len();
        let mut alike = Alike::new(&hidden);
        let layers: Vec<Layer> = engine.layers().collect();
        for layer in layers.iter().rev() {
            let cells = layer.states.len() / n;
            for i in 0..cells {
                let states = (0..n).map(|h| layer.states[h * cells + i]);
                for a in model.rules().actions() {
                    for x in states.clone() {
                        if !*live_us.get(x) {
                            continue;
                        }
                        // One state of each class that plays alike.
                        if model.feral().is_some() {
                            let key = engine.feral_lands_as(x, a);
                            let slot = hidden.index(key);
                            if alike.slots[slot] != u32::MAX {
                                continue;
                            }
                            alike.class(slot, key, a, || ());
                        }
                        engine.for_each_outcome(x, a, |_, next| {
                            mark(&mut live_us, &mut live_b, next)
                        });
                    }
                    alike.clear();
                }
                for x in states {
                    if *live_b.get(x) {
                        engine.for_each_outcome(x, b.get(x), |_, next| {
                            mark(&mut live_b, &mut live_us, next)
                        });
                    }
                }
            }
        }
        Against { b, live_us, live_b }
    }
}

/// The grids of one ascent against one opponent of the field.
pub(super) struct Opponent<'e, V> {
    against: &'e Against<'e>,
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
    hidden: Hidden,
    /// Highest sum first.
    pub(super) layers: Vec<Layer>,
    pub(super) field: Vec<Opponent<'e, V>>,
    /// Whether sweeps record their moves, into `moves`.
    pub(super) record_moves: bool,
    /// Every other action of every reached cell in the last sweep, and
    /// what it would cost there.
    pub(super) moves: Vec<Move>,
}

/// Scratch of one task of a sweep, reused from cell to cell.
struct Scratch<V> {
    /// The values of a roll's outcomes ([`Engine::options`]).
    buffer: Vec<V>,
    /// Feral Hogs' columns of a cell ([`Engine::feral_cell_options`]).
    columns: Vec<(State, ColumnValues<V>)>,
    /// μ of the cell's states, opponent by opponent.
    weights: Vec<V>,
    /// Their options, where needed.
    options: Vec<Option<Options<V>>>,
    /// The classes of states that play alike (see the module docs), with
    /// their action and value.
    alike: Alike<V>,
}

impl<V> Scratch<V> {
    fn new(hidden: &Hidden) -> Self {
        Scratch {
            buffer: vec![],
            columns: vec![],
            weights: vec![],
            options: vec![],
            alike: Alike::new(hidden),
        }
    }
}

/// The classes of a cell's states that play alike (see the module docs),
/// each with its action and a sum or value, found by the hidden index of
/// the state that stands for the class.
struct Alike<V> {
    hidden: Hidden,
    /// Where each class stands in `classes`, by that index; u32::MAX if
    /// none.
    slots: Vec<u32>,
    /// The state that stands for each class, its action and its sum or value.
    classes: Vec<(State, i32, V)>,
    /// The slots in use.
    used: Vec<usize>,
}

impl<V> Alike<V> {
    fn new(hidden: &Hidden) -> Self {
        Alike {
            hidden: *hidden,
            slots: vec![u32::MAX; hidden.len()],
            classes: vec![],
            used: vec![],
        }
    }

    /// The sum or value of the class of `key` (the state that stands for
    /// it, at hidden index `slot`) and action `a`, made with `value` if
    /// new; None if the slot holds another action's class.
    fn class(
        &mut self,
        slot: usize,
        key: State,
        a: i32,
        value: impl FnOnce() -> V,
    ) -> Option<&mut V> {
        let at = self.slots[slot];
        if at == u32::MAX {
            self.slots[slot] = self.classes.len() as u32;
            self.used.push(slot);
            self.classes.push((key, a, value()));
            return self.classes.last_mut().map(|(_, _, v)| v);
        }
        let (_, action, v) = &mut self.classes[at as usize];
        (*action == a).then_some(v)
    }

    /// Forgets every class, for the next cell.
    fn clear(&mut self) {
        for slot in self.used.drain(..) {
            self.slots[slot] = u32::MAX;
        }
        self.classes.clear();
    }
}

/// A task's cells of a layer in a sweep: their new actions, whether a
/// reached one changed, their states' values (cell by cell, each
/// opponent's, each hidden value's) and, if recorded, their moves.
struct Chosen<V> {
    actions: Vec<i8>,
    changed: bool,
    values: Vec<V>,
    moves: Vec<Move>,
}

impl<'e, 'm, V: Probability> Work<'e, 'm, V> {
    pub(super) fn new(engine: &'e Engine<'m, V>, field: &'e [Against<'e>]) -> Self {
        let model = engine.model();
        Work {
            engine,
            hidden: model.hidden(),
            layers: engine.layers().collect(),
            field: field
                .iter()
                .map(|against| Opponent {
                    against,
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
    /// chance of each outcome, to the state the other player then faces;
    /// under Feral Hogs each class of a cell's states that play alike
    /// hands on its summed reach once (see the module docs).
    pub(super) fn reach(&mut self, ours: &Policy) {
        let engine = self.engine;
        let model = engine.model();
        let n = model.hidden().len();
        let feral = model.feral().is_some();
        // ½ for each seat, 1/K for each opponent.
        let start = V::half() * V::from_counts(1, self.field.len() as u64);
        let mut alike = Alike::new(&self.hidden);
        for opponent in &mut self.field {
            let (us, b) = (&mut opponent.reach_us, &mut opponent.reach_b);
            us.fill(V::zero());
            b.fill(V::zero());
            *us.get_mut(State::START) = start.clone();
            *b.get_mut(State::START) = start.clone();
            for layer in self.layers.iter().rev() {
                engine.check_stop();
                if !feral {
                    for &x in &layer.states {
                        push_reached(engine, (x, ours.get(x)), us, b);
                        push_reached(engine, (x, opponent.against.b.get(x)), b, us);
                    }
                    continue;
                }
                let cells = layer.states.len() / n;
                for i in 0..cells {
                    let states = (0..n).map(|h| layer.states[h * cells + i]);
                    push_classes(engine, ours, states.clone(), (us, b), &mut alike);
                    let theirs = opponent.against.b;
                    push_classes(engine, theirs, states, (b, us), &mut alike);
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
    /// a layer are chosen apart, a few to a task, on rayon's threads where
    /// the layer splits ([`Engine::splits`]), and written in order
    /// afterwards; then B's values of the layer, each from the layers
    /// above too. Each cell's arithmetic is the same on any number of
    /// threads, and so are the bits.
    pub(super) fn sweep(&mut self, policy: &Policy, frozen: &[(usize, usize)]) -> (Policy, bool) {
        let model = self.engine.model();
        let hidden = model.hidden();
        let n = hidden.len();
        let mut table = policy.actions().clone();
        let mut changed = false;
        self.moves.clear();
        for layer in &self.layers {
            self.engine.check_stop();
            // A layer holds every state of the first hidden value, then of the next.
            let cells = layer.states.len() / n;
            let chosen = self.by_tasks(layer, |scratch, range| {
                self.choose(layer, range, policy, frozen, scratch)
            });
            let mut i = 0;
            for task in chosen {
                changed |= task.changed;
                self.moves.extend(task.moves);
                let mut values = task.values.into_iter();
                for action in task.actions {
                    let x = layer.states[i];
                    let (s, o) = (x.score as usize, x.opponent_score as usize);
                    for h in 0..n {
                        table[[h, s, o]] = action;
                    }
                    for opponent in &mut self.field {
                        for h in 0..n {
                            let value = values.next().expect("a value for each state");
                            opponent.us.set(layer.states[h * cells + i], value.unit());
                        }
                    }
                    i += 1;
                }
            }
            for o in 0..self.field.len() {
                // B's win is our loss.
                let opponent = &self.field[o];
                let values = self.by_tasks(layer, |scratch, range| {
                    let mut values = Vec::with_capacity(range.len() * n);
                    for i in range {
                        for h in 0..n {
                            let x = layer.states[h * cells + i];
                            if !*opponent.against.live_b.get(x) {
                                values.push(V::zero());
                                continue;
                            }
                            let a = opponent.against.b.get(x);
                            values.push(self.value_alike(
                                (x, a),
                                (&V::zero(), &V::one()),
                                (&opponent.us, &opponent.them),
                                &mut scratch.alike,
                            ));
                        }
                        scratch.alike.clear();
                    }
                    values
                });
                let opponent = &mut self.field[o];
                let mut values = values.into_iter().flatten();
                for i in 0..cells {
                    for h in 0..n {
                        let value = values.next().expect("a value for each state");
                        opponent.them.set(layer.states[h * cells + i], value.unit());
                    }
                }
            }
        }
        let policy = Policy::from_actions_unchecked(model.goal(), hidden, table);
        (policy, changed)
    }

    /// `f` on the cells of a layer, [`CELLS_PER_TASK`] to a task, in
    /// order: on rayon's threads where the layer splits, with scratch that
    /// each thread reuses.
    fn by_tasks<T: Send>(
        &self,
        layer: &Layer,
        f: impl Fn(&mut Scratch<V>, Range<usize>) -> T + Sync + Send,
    ) -> Vec<T> {
        let n = self.engine.model().hidden().len();
        let cells = layer.states.len() / n;
        let tasks = cells.div_ceil(CELLS_PER_TASK);
        let range = |t: usize| t * CELLS_PER_TASK..((t + 1) * CELLS_PER_TASK).min(cells);
        if !self.engine.splits(layer.states.len()) {
            let mut scratch = Scratch::new(&self.hidden);
            return (0..tasks).map(|t| f(&mut scratch, range(t))).collect();
        }
        (0..tasks)
            .into_par_iter()
            .map_init(
                || Scratch::new(&self.hidden),
                |scratch, t| f(scratch, range(t)),
            )
            .collect()
    }

    /// The value of state x with action a: [`Engine::expect_on_grid`], or,
    /// under Feral Hogs, that of the state that stands for x's class (the
    /// same bits), computed once a cell.
    fn value_alike(
        &self,
        (x, a): (State, i32),
        (win, loss): (&V, &V),
        (grid, own): (&Grid<V>, &Grid<V>),
        alike: &mut Alike<V>,
    ) -> V {
        let engine = self.engine;
        let value = |x: State| engine.expect_on_grid(x, a, win, loss, grid, own);
        if engine.model().feral().is_none() {
            return value(x);
        }
        let key = engine.feral_lands_as(x, a);
        match alike.class(self.hidden.index(key), key, a, || value(key)) {
            Some(v) => v.clone(),
            None => value(x),
        }
    }

    /// The new actions of a task's cells of a layer in a sweep from
    /// `policy` (see [`super`]), with the values of their states and, if
    /// recorded, their moves.
    fn choose(
        &self,
        layer: &Layer,
        range: Range<usize>,
        policy: &Policy,
        frozen: &[(usize, usize)],
        scratch: &mut Scratch<V>,
    ) -> Chosen<V> {
        let model = self.engine.model();
        let n = model.hidden().len();
        let k = self.field.len();
        let cells = layer.states.len() / n;
        let actions = model.rules().actions();
        let min = model.rules().min_action();
        let mut chosen = Chosen {
            actions: Vec::with_capacity(range.len()),
            changed: false,
            values: Vec::with_capacity(range.len() * k * n),
            moves: vec![],
        };
        for i in range {
            // The cell's states: every opponent's, each with every hidden value.
            let states = |h: usize| layer.states[h * cells + i];
            let Scratch {
                buffer,
                columns,
                weights,
                options,
                alike,
            } = scratch;
            weights.clear();
            for opponent in &self.field {
                weights.extend((0..n).map(|h| opponent.reach_us.get(states(h)).clone()));
            }
            let reached = weights.iter().any(|w| *w > V::zero());
            let live = |j: usize| *self.field[j / n].against.live_us.get(states(j % n));
            // Every action's Q where it counts: in each reached state, or
            // in the first live state (the first opponent's first hidden
            // value, where live) if the cell is unreached; a cell with no
            // live state keeps its action.
            let first = if reached {
                None
            } else {
                (0..k * n).find(|&j| live(j))
            };
            let counts = |j: usize| {
                if reached {
                    weights[j] > V::zero()
                } else {
                    Some(j) == first
                }
            };
            options.clear();
            for (o, opponent) in self.field.iter().enumerate() {
                let (them, us) = (&opponent.them, &opponent.us);
                let needed = |h: usize| counts(o * n + h);
                if model.feral().is_some() {
                    self.engine.feral_cell_options(
                        (states, needed, n),
                        (buffer, columns),
                        them,
                        &V::clone,
                        options,
                    );
                } else {
                    options.extend((0..n).map(|h| {
                        needed(h)
                            .then(|| self.engine.options(states(h), buffer, them, us, V::clone))
                    }));
                }
            }
            let q = |j: usize, a: i32| {
                options[j]
                    .as_ref()
                    .and_then(|o| o.value(a))
                    .expect("no action passes")
            };
            // score(a) = Σ_(B, h) μ_B(s, o, h) Q_B(s, o, h, a) in order of
            // (B, h), or Q with the first opponent and hidden value if
            // unreached; by a - min.
            let mut scores: [V; MAX_ACTIONS] = std::array::from_fn(|_| V::zero());
            for j in (0..k * n).filter(|&j| counts(j)) {
                for a in actions.clone() {
                    let score = &mut scores[(a - min) as usize];
                    *score = if reached {
                        score.clone() + weights[j].clone() * q(j, a).clone()
                    } else {
                        q(j, a).clone()
                    };
                }
            }
            let x = states(0);
            let current = policy.get(x);
            if !reached && first.is_none() {
                chosen.actions.push(current as i8);
                chosen.values.extend((0..k * n).map(|_| V::zero()));
                continue;
            }
            let scores = &scores[..actions.clone().count()];
            let best = scores
                .iter()
                .reduce(|a, b| if b > a { b } else { a })
                .expect("the rules have actions");
            let ties = |a: i32| V::ties(&scores[(a - min) as usize], best);
            let (s, o) = (x.score as usize, x.opponent_score as usize);
            let action = if ties(current) || frozen.contains(&(s, o)) {
                current
            } else {
                chosen.changed |= reached;
                actions
                    .clone()
                    .find(|&a| ties(a))
                    .expect("the best is some action's")
            };
            chosen.actions.push(action as i8);
            // What each other action would cost here, the rest kept: the
            // exact change of the win rate (the layer's reach and the
            // values above stay).
            if reached && self.record_moves {
                let kept = &scores[(action - min) as usize];
                chosen
                    .moves
                    .extend(actions.clone().filter(|&a| a != action).map(|a| Move {
                        loss: (kept.clone() - scores[(a - min) as usize].clone()).to_f64(),
                        cell: (s as u16, o as u16),
                        action: a as i8,
                    }));
            }
            for (o, opponent) in self.field.iter().enumerate() {
                for h in 0..n {
                    let value = match &options[o * n + h] {
                        Some(option) => option.value(action).expect("no action passes").clone(),
                        None if !live(o * n + h) => V::zero(),
                        None => self.value_alike(
                            (states(h), action),
                            (&V::one(), &V::zero()),
                            (&opponent.them, &opponent.us),
                            alike,
                        ),
                    };
                    chosen.values.push(value);
                }
                alike.clear();
            }
        }
        chosen
    }

    /// The blind policy that answers in each cell what `seen` answers in
    /// most of the cell's reach (the last [`Work::reach`]'s, summed over
    /// the field and the hidden values where it gives each answer; the
    /// lowest action on a tie), and as `unreached` does in cells no game
    /// reaches.
    pub(super) fn most_reached(&self, seen: &Policy, unreached: &Policy) -> Policy {
        let model = self.engine.model();
        let min = model.rules().min_action();
        let mut table = unreached.actions().clone();
        let n = self.hidden.len();
        let goal = model.goal();
        for (s, o) in (0..goal).flat_map(|s| (0..goal).map(move |o| (s, o))) {
            let mut reach: [V; MAX_ACTIONS] = std::array::from_fn(|_| V::zero());
            for opponent in &self.field {
                for h in 0..n {
                    let x = self.hidden.state(h, s, o);
                    let a = (seen.get(x) - min) as usize;
                    reach[a] = reach[a].clone() + opponent.reach_us.get(x).clone();
                }
            }
            let most = reach
                .iter()
                .enumerate()
                .reduce(|a, b| if b.1 > a.1 { b } else { a })
                .expect("the rules have actions");
            if *most.1 > V::zero() {
                let action = (most.0 as i32 + min) as i8;
                for h in 0..n {
                    table[[h, s as usize, o as usize]] = action;
                }
            }
        }
        Policy::from_actions_unchecked(goal, self.hidden, table)
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
