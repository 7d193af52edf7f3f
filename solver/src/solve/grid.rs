//! The engine's grids of values, one cell per state, and [`Cells`]: how a
//! state's action values read them.

use ndarray::ArrayView3;

use super::Probability;
use crate::model::Model;
use crate::rules::{Hidden, State};
use crate::strategy::Policy;

/// One value per state. Axis order: (hidden index, score, opponent_score),
/// the hidden index following [`crate::rules::Hidden::index`] (fa16: 0 six
/// sides, 1 four); stored flat in that order, and viewed as an ndarray
/// through [`Grid::cells`].
#[derive(Clone, Debug, PartialEq)]
pub struct Grid<T> {
    pub(super) goal: usize,
    pub(super) hidden: Hidden,
    /// How many hidden values the grid holds: all, or the first few.
    pub(super) len: usize,
    pub(super) cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    pub fn new(model: &Model, fill: T) -> Grid<T> {
        Grid::over_first(model, model.hidden().len(), fill)
    }

    /// A grid over the first `len` of the model's hidden values only (six
    /// sides first): a state with a later one has no cell (reading it panics).
    pub(crate) fn over_first(model: &Model, len: usize, fill: T) -> Grid<T> {
        let hidden = model.hidden();
        assert!(
            len <= hidden.len(),
            "the hidden values are the model's first ones"
        );
        let goal = model.goal() as usize;
        // Every cell written here, on one thread: `vec![fill; n]` of a fill
        // whose bits are all zero (0.0, 0) leaves the zeros to fresh pages
        // that the kernel maps at their first touch,
        // and the parallel solve's threads then fault on them concurrently,
        // which on the 2-core VM cost up to a third of a two-thread solve at
        // goal 2000 (a one-thread solve gains a little too).
        let mut cells = Vec::with_capacity(len * goal * goal);
        cells.resize(len * goal * goal, fill);
        Grid {
            goal,
            hidden,
            len,
            cells,
        }
    }

    /// The grid of every hidden value with these cells, stored as a grid's.
    pub(super) fn from_cells(model: &Model, cells: Vec<T>) -> Grid<T> {
        let (goal, hidden) = (model.goal() as usize, model.hidden());
        assert_eq!(cells.len(), hidden.len() * goal * goal, "a cell per state");
        Grid {
            goal,
            len: hidden.len(),
            hidden,
            cells,
        }
    }

    #[inline]
    pub(crate) fn index(&self, x: State) -> usize {
        cell_index(&self.hidden, self.goal, x)
    }

    /// The cells (hidden, score, o) for every o below the goal: one row.
    #[inline]
    pub(crate) fn row(&self, hidden: usize, score: u32) -> &[T] {
        &self.cells[(hidden * self.goal + score as usize) * self.goal..][..self.goal]
    }

    #[inline]
    pub fn get(&self, x: State) -> &T {
        &self.cells[self.index(x)]
    }

    /// Every cell set to `value`.
    pub(crate) fn fill(&mut self, value: T) {
        self.cells.fill(value);
    }

    pub fn set(&mut self, x: State, value: T) {
        let i = self.index(x);
        self.cells[i] = value;
    }

    #[inline]
    pub(crate) fn get_mut(&mut self, x: State) -> &mut T {
        let i = self.index(x);
        &mut self.cells[i]
    }

    /// The cell at `i` ([`Grid::index`]).
    #[inline]
    pub(crate) fn at_mut(&mut self, i: usize) -> &mut T {
        &mut self.cells[i]
    }

    /// The cells (h, s, o') of x's hidden value and score, for every o' < G:
    /// one row, side by side.
    pub(crate) fn row_mut(&mut self, x: State) -> &mut [T] {
        let start = self.index(State {
            opponent_score: 0,
            ..x
        });
        &mut self.cells[start..][..self.goal]
    }

    /// The grid as an array with axes (hidden index, score, opponent_score).
    pub fn cells(&self) -> ArrayView3<'_, T> {
        ArrayView3::from_shape((self.len, self.goal, self.goal), &self.cells)
            .expect("the grid holds hidden x goal x goal cells")
    }
}

impl Grid<i8> {
    /// The grid as a checked policy for the model's rules.
    pub fn to_policy(&self, model: &Model) -> Policy {
        Policy::from_actions(model.rules(), model.goal(), self.cells().to_owned())
            .expect("the engine chooses only the rules' actions")
    }

    /// Whether the policy's answer depends on hidden state somewhere, as
    /// [`Policy::sees_hidden`].
    pub fn sees_hidden(&self) -> bool {
        crate::strategy::sees_hidden(self.cells())
    }
}

/// Where state x's cell stands in a grid of `goal` x `goal` cells per
/// hidden value, stored as [`Grid`] says.
#[inline]
pub(super) fn cell_index(hidden: &Hidden, goal: usize, x: State) -> usize {
    (hidden.index(x) * goal + x.score as usize) * goal + x.opponent_score as usize
}

/// The cells a state's action values read ([`super::Engine::choose_exit`]):
/// a [`Grid`], or the same cells shared by a team of threads
/// ([`super::team`]). Cells are numbered as in a grid ([`cell_index`]).
pub(super) trait Cells<V> {
    /// Where x's cell stands.
    fn index(&self, x: State) -> usize;

    /// f(cell i).
    fn read<R>(&self, i: usize, f: impl FnOnce(&V) -> R) -> R;

    /// out[k] = f(cell i + k) for every k of out: a stretch of one row.
    fn read_run(&self, i: usize, out: &mut [V], f: impl Fn(&V) -> V);
}

impl<V: Probability> Cells<V> for Grid<V> {
    #[inline]
    fn index(&self, x: State) -> usize {
        Grid::index(self, x)
    }

    #[inline]
    fn read<R>(&self, i: usize, f: impl FnOnce(&V) -> R) -> R {
        f(&self.cells[i])
    }

    #[inline]
    fn read_run(&self, i: usize, out: &mut [V], f: impl Fn(&V) -> V) {
        for (slot, v) in out.iter_mut().zip(&self.cells[i..]) {
            *slot = f(v);
        }
    }
}
