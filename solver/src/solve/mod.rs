//! The dynamic-programming engine: the self-play optimum and the best
//! response to a fixed strategy. ([`crate::evaluate`] grades two fixed
//! strategies on the same machinery.)
//!
//! The module keeps the recurrence's derivation beside the code that
//! implements it, which is why it runs past 800 lines; its parts that
//! stand alone (grids, layers, options, rolls, threads, Feral Hogs) are
//! its submodules.
//!
//! # The recurrence
//!
//! A state x = (s, o, h) holds the mover's score s, the opponent's score o
//! (both below the goal G) and the hidden value h (the dice sides d and each
//! player's memory; see [`crate::rules::hidden`]). An action a from x scores p
//! points with exact probability P(p | x, a) and leads to next(x, a, p): the
//! mover wins, the mover loses (a swap handed the goal over), the game goes
//! on in the state y that the opponent then sees, or the mover moves again
//! from y (an extra turn: fa20, sp21, su21).
//!
//! Self-play optimum: V(x) is the mover's chance to win when both players
//! maximise theirs, a draw (an endless game) counting 1/2, so the game stays
//! zero-sum:
//!
//! ```text
//!   Q(x, a) = Σ_p P(p | x, a) · { 1 if the mover wins, 0 if they lose,
//!                                V(y) if the mover goes again in y, 1 − V(y) otherwise }
//!   V(x)    = max_a Q(x, a)
//! ```
//!
//! Best response to a fixed strategy B: W(x) is our chance to win when we move
//! in x, L(x) our chance when B moves in x (a draw is not a win: 0):
//!
//! ```text
//!   W(x) = max_a Σ_p P(p | x, a)    · { 1 win, 0 loss, W(y) again, L(y) otherwise }
//!   L(x) =       Σ_p P(p | x, B(x)) · { 0 B wins, 1 B loses, L(y) again, W(y) otherwise }
//! ```
//!
//! # Layers
//!
//! A turn that scores p > 0 points raises s + o by at least p (a swap keeps the
//! sum, Sus Fuss, Feral Hogs and Piggy Back only raise it), and so does an
//! extra turn, which the rules allow only where every turn scores. So states are solved in layers of equal
//! s + o, highest first; a layer reads only finished higher layers, and its
//! states are independent of each other, which the parallel driver uses.
//!
//! The exception is a turn that surely scores 0 (nju21's Picky Piggy on a 0
//! digit), a *pass*: it keeps the pair of scores, so from x it leads to x
//! itself (the scores swapped) or to x̄ = (o, s, d), and a pass from x̄ leads
//! back to x. Each layer is therefore solved in two steps: first every state's
//! best *exit* value r(x) over the actions that leave the layer, then the
//! passes, exactly, in closed form. With a draw worth 1/2 and the mover
//! choosing between r(x) and passing:
//!
//! ```text
//!   x passes to x:                V(x) = max(r(x), 1/2)            passing forever is a draw
//!   x passes to x̄, x̄ cannot pass: V(x) = max(r(x), 1 − r(x̄))
//!   x passes to x̄, x̄ passes to x: V(x) = max(r(x), min(1/2, 1 − r(x̄)))
//! ```
//!
//! The last line: if r(x) + r(x̄) >= 1 both players exit; otherwise the one
//! whose exit is worth at least 1/2 takes it and the other passes into it, and
//! if neither exit is worth 1/2 both pass forever, a draw. For the best
//! response, a pass answered by B's pass returns to x: an endless game, worth
//! 0 to us, so W(x) = max(r(x), L(x̄)) where L(x̄) counts only if B exits.
//!
//! # Ties and values
//!
//! Among actions whose values are equal within the tie tolerance (1e-12 for
//! f64), the lowest num_rolls is chosen, so tables are reproducible. Values
//! are generic over [`Probability`] so that exact rational arithmetic can run
//! on the same code path.

use std::fmt::Debug;
use std::ops::{Add, Mul, Sub};

use rayon::prelude::*;

mod feral;
mod grid;
mod layer;
mod options;
mod rolls;
mod team;

pub(crate) use feral::ColumnValues;
pub use grid::Grid;
pub(crate) use layer::Layer;
pub(crate) use options::Options;
pub(crate) use options::MAX_ACTIONS;
use rolls::{Dense, Run};

use crate::model::{Landing, Model, Next};
use crate::rules::State;
use crate::stop::Stop;
use crate::strategy::Policy;

/// The number type of the engine's probabilities.
pub trait Probability:
    Clone
    + Send
    + Sync
    + PartialOrd
    + Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
{
    fn zero() -> Self;
    fn one() -> Self;
    fn half() -> Self;
    /// count / total.
    fn from_counts(count: u64, total: u64) -> Self;
    /// Whether `value` is close enough to `best` to count as a tie.
    fn ties(value: &Self, best: &Self) -> bool;
    fn to_f64(&self) -> f64;
    /// The value clamped into [0, 1]: a sum of rounded probabilities (which
    /// themselves do not sum to exactly 1) may land an ulp above 1, and a
    /// complement an ulp below 0. The engine clamps every value it stores.
    fn unit(self) -> Self {
        self
    }
    /// A layer of fewer states is solved on one thread: enough states that
    /// each thread's share outweighs a fork and join and the waking of a
    /// sleeping thread. For f64 a state costs about 0.2 µs, so a layer of
    /// 512 about 100 µs.
    const MIN_STATES_TO_SPLIT: usize = 512;

    /// The self-play optimum by a team of threads ([`team`]), where the
    /// engine and this number type allow one; else None, and the layers go
    /// to the driver.
    fn optimal_on_team(_engine: &Engine<'_, Self>) -> Option<Solution<Self>> {
        None
    }
}

/// The tie tolerance of f64 values.
pub const TIE_TOLERANCE: f64 = 1e-12;

impl Probability for f64 {
    fn zero() -> f64 {
        0.0
    }
    fn one() -> f64 {
        1.0
    }
    fn half() -> f64 {
        0.5
    }
    fn from_counts(count: u64, total: u64) -> f64 {
        count as f64 / total as f64
    }
    fn ties(value: &f64, best: &f64) -> bool {
        *value >= *best - TIE_TOLERANCE
    }
    fn to_f64(&self) -> f64 {
        *self
    }
    fn unit(self) -> f64 {
        self.clamp(0.0, 1.0)
    }
    fn optimal_on_team(engine: &Engine<'_, f64>) -> Option<Solution<f64>> {
        engine.team().map(|threads| engine.optimal_on_team(threads))
    }
}

/// How a layer's independent states are computed: one thread, or rayon's
/// threads (and for an f64 self-play solve where no state can pass, a team
/// of as many threads: [`team`]). All give bit-identical results (the
/// per-state work is the same pure function).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    Sequential,
    Parallel,
}

/// Values that a turn's outcomes are averaged over: a probability, or a tuple of them.
pub trait Expectation<V>: Clone {
    fn zero() -> Self;
    /// self + p · value
    fn add_scaled(self, p: &V, value: Self) -> Self;
    /// Each probability clamped into [0, 1] ([`Probability::unit`]).
    fn unit(self) -> Self;
}

impl<V: Probability> Expectation<V> for V {
    fn zero() -> V {
        V::zero()
    }
    fn add_scaled(self, p: &V, value: V) -> V {
        self + p.clone() * value
    }
    fn unit(self) -> V {
        Probability::unit(self)
    }
}

/// The engine: a compiled model and its roll tables in the number type V.
pub struct Engine<'m, V> {
    model: &'m Model,
    rolls: Vec<Vec<(u32, V)>>,
    /// The same tables, dense: P(first + i) for i in 0..len.
    dense_rolls: Vec<Dense<V>>,
    /// The same tables again, as runs of consecutive points.
    run_rolls: Vec<Vec<Run<V>>>,
    /// The most points a roll can score.
    max_roll_points: u32,
    /// [`Model::landing`], found once.
    landing: Landing,
    driver: Driver,
    /// Told (states done, states in all) as each layer starts; see [`Engine::with_progress`].
    progress: Option<&'m (dyn Fn(u64, u64) + Sync)>,
    /// Checked as each layer starts and between a team's chunks; see [`Engine::with_stop`].
    stop: Option<&'m Stop>,
}

impl<'m, V: Probability> Engine<'m, V> {
    pub fn new(model: &'m Model, driver: Driver) -> Engine<'m, V> {
        let rolls = model
            .roll_tables()
            .iter()
            .map(|dist| {
                dist.counts
                    .iter()
                    .map(|&(p, c)| (p, V::from_counts(c, dist.total)))
                    .collect()
            })
            .collect::<Vec<Vec<(u32, V)>>>();
        let max_roll_points = rolls.iter().flatten().map(|&(p, _)| p).max().unwrap_or(0);
        debug_assert!(
            model.outcomes_depend_on_rolls() || rolls.iter().flatten().all(|&(p, _)| p > 0),
            "a roll that can score 0 is summed action by action (Engine::roll_values)"
        );
        let dense_rolls = rolls.iter().map(|sparse| Dense::new(sparse)).collect();
        let run_rolls = rolls.iter().map(|sparse| Run::split(sparse)).collect();
        Engine {
            model,
            rolls,
            dense_rolls,
            run_rolls,
            max_roll_points,
            landing: model.landing(),
            driver,
            progress: None,
            stop: None,
        }
    }

    /// The model's roll tables in V, by [`Model::roll_index`].
    pub(crate) fn rolls(&self) -> &[Vec<(u32, V)>] {
        &self.rolls
    }

    /// The same tables as runs of consecutive points: for each run, its
    /// lowest points and their chances.
    pub(crate) fn run_rolls(&self, table: usize) -> impl Iterator<Item = (usize, &[V])> {
        self.run_rolls[table]
            .iter()
            .map(|run| (run.first, run.probs.as_slice()))
    }

    /// [`Model::landing`], found once.
    pub(crate) fn landing(&self) -> Landing {
        self.landing
    }

    /// Calls `progress(done, all)` as each layer of a solve or evaluation
    /// starts: `done` states of `all` are solved, for a progress bar. (The
    /// library prints nothing itself.)
    pub fn with_progress(mut self, progress: &'m (dyn Fn(u64, u64) + Sync)) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Ends the engine's work when `stop` is requested ([`crate::stop`]):
    /// checked as each layer of a solve, evaluation or search sweep starts,
    /// and by a team of threads between chunks of states.
    pub fn with_stop(mut self, stop: &'m Stop) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Unwinds out of the work if its stop is requested.
    #[inline]
    pub(crate) fn check_stop(&self) {
        if let Some(stop) = self.stop {
            stop.check();
        }
    }

    /// A layer starts with `done` of `all` states solved: the stop is
    /// checked and the progress told.
    fn starting_layer(&self, done: u64, all: u64) {
        self.check_stop();
        if let Some(progress) = self.progress {
            progress(done, all);
        }
    }

    pub fn model(&self) -> &Model {
        self.model
    }

    pub fn driver(&self) -> Driver {
        self.driver
    }

    /// Σ_p P(p | x, a) · value(next(x, a, p)).
    #[inline]
    pub(crate) fn expect<T: Expectation<V>>(
        &self,
        x: State,
        num_rolls: i32,
        value: impl Fn(Next) -> T,
    ) -> T {
        let n = self.model.effective_rolls(x, num_rolls);
        if n < 1 {
            return value(self.model.next(x, n, self.model.fixed_points(x, n)));
        }
        let outcomes = &self.rolls[self.model.roll_index(x, n)];
        outcomes.iter().fold(T::zero(), |acc, (p, prob)| {
            acc.add_scaled(prob, value(self.model.next(x, n, *p)))
        })
    }

    /// Σ_p P(p | x, a) · { win if the mover wins, loss if they lose, grid[y]
    /// if the game goes on in y, own[y] if the mover moves again in y (an
    /// extra turn) }: [`Engine::expect`] (same terms, same
    /// order, same bits) with the grid read without next() where the
    /// model's landing allows, as in [`Engine::roll_values`]: a roll of p
    /// from (s, o, d) lands on the cell (d, o, m) of one grid row, m = s + p
    /// (a lone rule on the mover's score, such as Sus Fuss: moved(s + p)), a
    /// win if m >= G, except where a rule fires (a swap, Hog Pile, ...):
    /// [`Engine::roll_on_row`]. Under Feral Hogs each outcome's cell is
    /// written out ([`feral`]).
    #[inline]
    pub(crate) fn expect_on_grid<T: Expectation<V>>(
        &self,
        x: State,
        num_rolls: i32,
        win: &T,
        loss: &T,
        grid: &Grid<T>,
        own: &Grid<T>,
    ) -> T {
        let general = |next| on_grids(next, (win, loss), grid, own);
        let n = self.model.effective_rolls(x, num_rolls);
        if let Some(feral) = self.model.feral() {
            return self.feral_expect_on_grid(x, n, (win, loss), grid, feral);
        }
        if n < 1 || self.landing == Landing::General {
            return self.expect(x, num_rolls, general);
        }
        // Rolling keeps the hidden value, which the fast paths allow only
        // where it is the dice sides alone.
        let row = grid.row(grid.hidden.index(x), x.opponent_score);
        let table = self.model.roll_index(x, n);
        self.roll_on_row(x, n, table, win, row, general)
    }

    /// [`Engine::expect_on_grid`] of a roll of n >= 1 dice from x where the
    /// landing is not [`Landing::General`] and not under Feral Hogs, with
    /// its roll table (`table`: [`Model::roll_index`]) and the grid row that
    /// its outcomes land on (`row`: the cells (d, o, m)) found by the caller,
    /// which may find them once for many states; `win` is the value of a
    /// win, `general` that of an outcome where a rule fires.
    ///
    /// Without Sus Fuss, m = s + p grows with p. Each run of consecutive
    /// points splits its outcomes (in ascending p) into those below the
    /// goal, which read row[s + p], and those from the goal on, which win:
    /// two loops without tests. Where a rule may fire from x (the state's
    /// fire points, a mask), the runs are cut at those points, whose
    /// outcomes are found one by one.
    #[inline]
    pub(crate) fn roll_on_row<T: Expectation<V>>(
        &self,
        x: State,
        n: i32,
        table: usize,
        win: &T,
        row: &[T],
        general: impl Fn(Next) -> T,
    ) -> T {
        let (s, goal) = (x.score, self.model.goal());
        let outcomes = &self.rolls[table];
        let landing = self.landing;
        if landing == Landing::Mover {
            return outcomes.iter().fold(T::zero(), |acc, (p, prob)| {
                let m = self.model.moved(s + p);
                acc.add_scaled(prob, if m >= goal { win } else { &row[m as usize] }.clone())
            });
        }
        let fires = match landing {
            Landing::Fires => self
                .model
                .fire_points(x, outcomes.last().map_or(0, |&(p, _)| p)),
            _ => 0,
        };
        // A stretch of consecutive points from p on where no rule fires: the
        // outcomes below the goal read a stretch of the row from s + p, the
        // rest win. A run of the roll table is one stretch, or, where a rule
        // fires at some of its points, the stretches between them, each such
        // point's value its own. The runs in order and the terms of each in
        // order are the outcomes in ascending p: the same terms in the same
        // order as [`Engine::expect`]'s.
        let stretch = |mut acc: T, p: usize, probs: &[V]| {
            let below_goal = ((goal - s) as usize).saturating_sub(p).min(probs.len());
            let (on, past) = probs.split_at(below_goal);
            for (prob, y) in on.iter().zip(&row[(s as usize + p).min(row.len())..]) {
                acc = acc.add_scaled(prob, y.clone());
            }
            for prob in past {
                acc = acc.add_scaled(prob, win.clone());
            }
            acc
        };
        let runs = &self.run_rolls[table];
        if fires == 0 {
            return runs
                .iter()
                .fold(T::zero(), |acc, run| stretch(acc, run.first, &run.probs));
        }
        let mut acc = T::zero();
        for run in runs {
            let (mut p, mut probs) = (run.first, run.probs.as_slice());
            // Bit i: a rule may fire at p + i.
            let mut fire = fires >> p;
            while fire != 0 && (fire.trailing_zeros() as usize) < probs.len() {
                let i = fire.trailing_zeros() as usize;
                acc = stretch(acc, p, &probs[..i]);
                let fired = general(self.model.next_on_fire(x, n, (p + i) as u32));
                acc = acc.add_scaled(&probs[i], fired);
                (p, probs, fire) = (p + i + 1, &probs[i + 1..], fire >> i >> 1);
            }
            acc = stretch(acc, p, probs);
        }
        acc
    }

    /// `f(P(p | x, a), next(x, a, p))` for every outcome p of action a from x.
    #[inline]
    pub(crate) fn for_each_outcome(&self, x: State, num_rolls: i32, mut f: impl FnMut(&V, Next)) {
        let n = self.model.effective_rolls(x, num_rolls);
        if n < 1 {
            return f(
                &V::one(),
                self.model.next(x, n, self.model.fixed_points(x, n)),
            );
        }
        for (p, prob) in &self.rolls[self.model.roll_index(x, n)] {
            f(prob, self.model.next(x, n, *p));
        }
    }

    /// The state a pass leads to, if this action surely scores 0 points and
    /// so stays in the layer of x: [`Engine::stays_in_layer`], never where
    /// no turn can score 0 (tested in `evaluate`: a turn stays exactly
    /// where the rules can score 0).
    #[inline]
    pub(crate) fn pass(&self, x: State, num_rolls: i32) -> Option<State> {
        if !self.model.rules().can_score_zero() {
            return None;
        }
        self.stays_in_layer(x, num_rolls)
    }

    /// The state this action leads to if it surely scores 0 points, under
    /// any rules.
    #[inline]
    pub(crate) fn stays_in_layer(&self, x: State, num_rolls: i32) -> Option<State> {
        let n = self.model.effective_rolls(x, num_rolls);
        if n >= 1 {
            return None;
        }
        same_layer(x, self.model.next(x, n, self.model.fixed_points(x, n)))
    }

    /// The layers from the highest sum of scores to 0, over every hidden value.
    pub(crate) fn layers(&self) -> impl Iterator<Item = Layer> + '_ {
        self.layers_over(self.model.hidden().len())
    }

    /// The layers over the first `len` hidden values (six sides first), each
    /// reported to the progress callback as it starts, the stop checked.
    pub(crate) fn layers_over(&self, len: usize) -> impl Iterator<Item = Layer> + '_ {
        let g = u64::from(self.model.goal());
        let all = len as u64 * g * g;
        let mut done = 0;
        let hidden = self.model.hidden();
        self.shapes().map(move |shape| {
            self.starting_layer(done, all);
            let layer = Layer::new(shape.sum, self.model.goal(), &hidden, len);
            done += layer.states.len() as u64;
            layer
        })
    }

    /// Where the layers lie, from the highest sum of scores to 0.
    fn shapes(&self) -> impl Iterator<Item = layer::Shape> {
        let g = self.model.goal();
        (0..=2 * (g - 1))
            .rev()
            .map(move |sum| layer::Shape::new(sum, g))
    }

    /// Whether a layer of this many states is split over rayon's threads:
    /// the parallel driver, and [`Probability::MIN_STATES_TO_SPLIT`] states.
    pub(crate) fn splits(&self, states: usize) -> bool {
        self.driver == Driver::Parallel && states >= V::MIN_STATES_TO_SPLIT
    }

    /// `f` on every state of a layer, in layer order.
    pub(crate) fn map_layer<T: Send>(
        &self,
        layer: &Layer,
        f: impl Fn(State) -> T + Sync + Send,
    ) -> Vec<T> {
        self.check_stop();
        if !self.splits(layer.states.len()) {
            return layer.states.iter().map(|&x| f(x)).collect();
        }
        layer
            .states
            .par_iter()
            .with_min_len(MIN_STATES_PER_TASK)
            .map(|&x| f(x))
            .collect()
    }

    /// `f` on every state of a layer with a scratch buffer that each task reuses.
    pub(crate) fn map_layer_with_buffer<T: Send>(
        &self,
        layer: &Layer,
        f: impl Fn(&mut Vec<V>, State) -> T + Sync + Send,
    ) -> Vec<T> {
        let states = layer.states.len();
        self.map_with(states, states, Vec::new, |buffer, i| {
            f(buffer, layer.states[i])
        })
    }

    /// `f` on 0..len in order, with scratch from `init` that each task
    /// reuses: split over rayon's threads as a layer of `states` states
    /// would be ([`Engine::splits`]).
    pub(crate) fn map_with<S, T: Send>(
        &self,
        len: usize,
        states: usize,
        init: impl Fn() -> S + Sync + Send,
        f: impl Fn(&mut S, usize) -> T + Sync + Send,
    ) -> Vec<T> {
        self.check_stop();
        if !self.splits(states) {
            let mut scratch = init();
            return (0..len).map(|i| f(&mut scratch, i)).collect();
        }
        (0..len)
            .into_par_iter()
            .with_min_len(MIN_STATES_PER_TASK)
            .map_init(init, f)
            .collect()
    }

    /// Sets the cells of a layer's states in two grids of the same shape to
    /// `f(position in the layer, state)`, in parallel where the layer splits.
    ///
    /// A layer is an anti-diagonal of each sides block: state (s, sum - s)
    /// is the one cell of row s that the layer owns, so the grids are split
    /// into disjoint rows, each written by one task. This step was
    /// sequential, and a fifth of a one-thread solve at goal 2000 (each
    /// state's cells lie a row apart, a cache miss apiece, and the passes
    /// resolved and the best action chosen on the way): with it on one
    /// thread, two threads could be at most 1.7 times as fast as one.
    pub(crate) fn write_layer<A: Clone + Send, B: Clone + Send>(
        &self,
        layer: &Layer,
        a: &mut Grid<A>,
        b: &mut Grid<B>,
        f: impl Fn(usize, State) -> (A, B) + Sync + Send,
    ) {
        if !self.splits(layer.states.len()) {
            for (i, &x) in layer.states.iter().enumerate() {
                (*a.get_mut(x), *b.get_mut(x)) = f(i, x);
            }
            return;
        }
        debug_assert_eq!((a.goal, a.len), (b.goal, b.len), "grids of one shape");
        let goal = a.goal;
        let (lowest, per_value) = (layer.lowest_score as usize, layer.per_value);
        let sum = layer.sum as usize;
        // The rows from the layer's first in the first sides block to its
        // last in the last block; rows between two blocks hold none of it.
        let blocks = layer.states.len() / per_value;
        let rows = lowest * goal..((blocks - 1) * goal + lowest + per_value) * goal;
        a.cells[rows.clone()]
            .par_chunks_mut(goal)
            .zip(b.cells[rows].par_chunks_mut(goal))
            .enumerate()
            .with_min_len(MIN_STATES_PER_TASK)
            .for_each(|(r, (row_a, row_b))| {
                let (block, s) = ((lowest + r) / goal, (lowest + r) % goal);
                if (lowest..lowest + per_value).contains(&s) {
                    let i = block * per_value + s - lowest;
                    (row_a[sum - s], row_b[sum - s]) = f(i, layer.states[i]);
                }
            });
    }

    /// Runs a batch of independent work on a rayon worker thread (parallel
    /// driver), so that its parts split and join inside the pool instead of
    /// each being handed over to it from outside.
    pub(crate) fn in_pool<R: Send>(&self, solve: impl FnOnce() -> R + Send) -> R {
        match self.driver {
            Driver::Sequential => solve(),
            Driver::Parallel => rayon::scope(|_| solve()),
        }
    }

    /// Runs a layer-by-layer solve over the first `len` hidden values: in the
    /// pool ([`Engine::in_pool`]) if its largest layer splits, else on this
    /// thread, which then never starts the pool.
    pub(crate) fn in_pool_for_layers<R: Send>(
        &self,
        len: usize,
        solve: impl FnOnce() -> R + Send,
    ) -> R {
        // The largest layer, s + o = G - 1, holds G states per hidden value.
        if self.splits(len * self.model.goal() as usize) {
            self.in_pool(solve)
        } else {
            solve()
        }
    }

    /// The self-play optimum.
    pub fn optimal(&self) -> Solution<V> {
        if let Some(solution) = V::optimal_on_team(self) {
            return solution;
        }
        self.in_pool_for_layers(self.model.hidden().len(), || self.optimal_layers())
    }

    fn optimal_layers(&self) -> Solution<V> {
        let model = self.model;
        let mut values = Grid::new(model, V::zero());
        let mut policy = Grid::new(model, 0i8);
        let complement = |v: &V| V::one() - v.clone();
        for layer in self.layers() {
            if let Some(chosen) = self.layer_choices(&layer, &values, &values, complement) {
                self.write_layer(&layer, &mut values, &mut policy, |i, _| chosen[i].clone());
                continue;
            }
            let options = self.layer_options(&layer, &values, &values, complement);
            // Each state's passes read only the options of the layer, so the
            // states are resolved and written into both grids in parallel.
            self.write_layer(&layer, &mut values, &mut policy, |i, x| {
                let opts = &options[i];
                let pass_value = opts.pass.map(|(_, y)| {
                    if y == x {
                        V::half()
                    } else {
                        let other = &options[layer.position(y)];
                        let exit = V::one() - other.best_exit();
                        match other.pass {
                            Some((_, back)) => {
                                debug_assert_eq!(back, x, "a pass from x̄ leads back to x");
                                min(V::half(), exit)
                            }
                            None => exit,
                        }
                    }
                });
                opts.choose(pass_value)
            });
        }
        Solution { values, policy }
    }

    /// The best response to the fixed strategy `b`.
    pub fn best_response(&self, b: &Policy) -> BestResponse<V> {
        self.in_pool_for_layers(self.model.hidden().len(), || self.best_response_layers(b))
    }

    fn best_response_layers(&self, b: &Policy) -> BestResponse<V> {
        let model = self.model;
        let mut us = Grid::new(model, V::zero());
        let mut them = Grid::new(model, V::zero());
        let mut policy = Grid::new(model, 0i8);
        for layer in self.layers() {
            let theirs = self.map_layer(&layer, |x| match self.pass(x, b.get(x)) {
                Some(y) => Step::Pass(y),
                None => {
                    Step::Exit(self.expect_on_grid(x, b.get(x), &V::zero(), &V::one(), &us, &them))
                }
            });
            if let Some(chosen) = self.layer_choices(&layer, &them, &us, V::clone) {
                self.write_layer(&layer, &mut us, &mut policy, |i, _| chosen[i].clone());
            } else {
                let ours = self.layer_options(&layer, &them, &us, V::clone);
                // Our passes: worth B's exit value, or 0 if B passes back (endless).
                self.write_layer(&layer, &mut us, &mut policy, |i, _| {
                    let ours = &ours[i];
                    let pass_value = ours.pass.map(|(_, y)| match &theirs[layer.position(y)] {
                        Step::Exit(v) => v.clone(),
                        Step::Pass(_) => V::zero(),
                    });
                    ours.choose(pass_value)
                });
            }
            // B's passes hand the move to us in the same layer, now solved
            // (so this grid is written after `us`, on this thread).
            for (&x, theirs) in layer.states.iter().zip(&theirs) {
                let v = match theirs {
                    Step::Exit(v) => v.clone(),
                    Step::Pass(y) => us.get(*y).clone(),
                };
                them.set(x, v.unit());
            }
        }
        BestResponse { us, them, policy }
    }

    /// [`Engine::choose_exit`] of every state of a layer, in layer order,
    /// where no action can pass ([`crate::Rules::can_score_zero`] false)
    /// and Feral Hogs' shared columns do not apply; else None.
    fn layer_choices(
        &self,
        layer: &Layer,
        grid: &Grid<V>,
        own: &Grid<V>,
        cell: impl Fn(&V) -> V + Sync + Send,
    ) -> Option<Vec<(V, i8)>> {
        if self.model.feral().is_some() || self.model.rules().can_score_zero() {
            return None;
        }
        Some(self.map_layer_with_buffer(layer, |buffer, x| {
            self.choose_exit(x, buffer, grid, own, &cell)
        }))
    }

    /// [`Engine::options`] of every state of a layer, in layer order (under
    /// Feral Hogs from the values its states share, see [`feral`]).
    fn layer_options(
        &self,
        layer: &Layer,
        grid: &Grid<V>,
        own: &Grid<V>,
        cell: impl Fn(&V) -> V + Sync + Send,
    ) -> Vec<Options<V>> {
        match self.model.feral() {
            Some(feral) => self.feral_layer_options(layer, grid, &cell, feral),
            None => self.map_layer_with_buffer(layer, |buffer, x| {
                self.options(x, buffer, grid, own, &cell)
            }),
        }
    }
}

/// What an outcome is worth on the grids: `win` if the mover wins, `loss`
/// if they lose, grid[y] if the game goes on in y, own[y] if the mover moves
/// again in y.
#[inline]
pub(crate) fn on_grids<T: Clone>(
    next: Next,
    (win, loss): (&T, &T),
    grid: &Grid<T>,
    own: &Grid<T>,
) -> T {
    match next {
        Next::Win => win.clone(),
        Next::Loss => loss.clone(),
        Next::Continue(y) => grid.get(y).clone(),
        Next::Again(y) => own.get(y).clone(),
    }
}

/// The state a turn leads to if it stays in the layer of x: a pass.
#[inline]
fn same_layer(x: State, next: Next) -> Option<State> {
    match next {
        Next::Continue(y) if y.score + y.opponent_score == x.score + x.opponent_score => Some(y),
        _ => None,
    }
}

/// A step of a fixed strategy inside a layer: it leaves the layer with a
/// value, or passes to a state of the same layer.
pub(crate) enum Step<T> {
    Exit(T),
    Pass(State),
}

/// Layers are split into parallel tasks of at least this many states, and
/// [`Engine::write_layer`] into tasks of as many grid rows. (16, 64, 128 and
/// one task per thread measured alike at goal 2000 on the shared 2-core
/// machine, one task per thread slowest; a cap of 32 to 256 states per
/// task changed nothing.)
const MIN_STATES_PER_TASK: usize = 16;

fn max<V: PartialOrd>(a: V, b: V) -> V {
    if b > a {
        b
    } else {
        a
    }
}

fn min<V: PartialOrd>(a: V, b: V) -> V {
    if b < a {
        b
    } else {
        a
    }
}

/// The self-play optimum: the mover's winning chance (a draw counting 1/2)
/// and the chosen action in every state.
pub struct Solution<V> {
    pub values: Grid<V>,
    pub policy: Grid<i8>,
}

/// The best response to a fixed strategy.
pub struct BestResponse<V> {
    /// Our chance to win when we move in the state.
    pub us: Grid<V>,
    /// Our chance to win when the fixed strategy moves in the state (from its side).
    pub them: Grid<V>,
    pub policy: Grid<i8>,
}

impl<V: Probability> BestResponse<V> {
    /// The win rate against the fixed strategy: the mean of moving first and second.
    pub fn win_rate(&self) -> V {
        (self.first() + self.second()) * V::half()
    }

    pub fn first(&self) -> V {
        self.us.get(State::START).clone()
    }

    pub fn second(&self) -> V {
        self.them.get(State::START).clone()
    }
}

#[cfg(test)]
mod tests;
