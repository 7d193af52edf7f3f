//! Feral Hogs under [`crate::model::Model::feral`] (fa19, sp20, su20): each action's
//! value written out instead of going through the general next(), and a
//! whole layer's values computed once per *column*.
//!
//! From x = (s, o, memories m_x for the mover and m_y for the opponent), n
//! dice scoring p points give the mover s + p + b(n), b(n) = 3 if
//! |n − m_x| = 2 else 0, then the swap; the opponent then faces their own
//! memory m_y against the mover's new one r(n, p) (n for fa19's dice,
//! min(p, 13) for sp20's points: [`Recall::remember_turn`]). So
//!
//! ```text
//!   Q(x, n) = Σ_p P(p | x, n) · land(s + p + b(n), r(n, p))
//!   land(m, r) = the value of the scores (m, o) after the swap, the
//!                opponent to move with memories (m_y, r)
//! ```
//!
//! Neither land nor P reads m_x: m_x only decides which actions get the
//! bonus. A column, the states (s, o, ·, m_y) of every m_x (14 of them for
//! sp20, 11 for fa19), therefore shares two values per action, Q without
//! the bonus and Q with it, and each state picks one of the two for each
//! action. A layer's values are computed once per column
//! ([`Engine::feral_layer_options`]) instead of once per state, with the
//! same terms in the same order as [`Engine::feral_options`] (one state
//! alone, the path the blind search uses), so with the same bits (tested).

use rayon::prelude::*;

use super::{
    Engine, Expectation, Grid, Layer, Options, Probability, MAX_ACTIONS, MIN_STATES_PER_TASK,
};
use crate::rules::after_turn::FERAL_BONUS;
use crate::rules::{AfterTurn, Component, Memory, Recall, State, MAX_DICE};

/// What a Feral Hogs turn needs to land: [`crate::model::Model::feral`]'s memory and swap.
pub(crate) type Feral = (Recall, Option<AfterTurn>);

/// The action values shared by a column's states (see the module docs), by
/// a - min_action.
pub(crate) struct ColumnValues<V> {
    /// Q without Feral Hogs' bonus.
    plain: [Option<V>; MAX_ACTIONS],
    /// Q with it.
    bonus: [Option<V>; MAX_ACTIONS],
}

/// Whether n dice give the mover with memory `memory` Feral Hogs' bonus.
#[inline]
fn gets_bonus(n: i32, memory: u8) -> bool {
    n.abs_diff(i32::from(memory)) == 2
}

impl<V: Probability> Engine<'_, V> {
    /// land(m, r) from x (see the module docs): 1 if the mover wins, 0 if
    /// the swap hands the opponent the goal, else `cell` of the opponent's
    /// state. It reads neither x's scores beyond o nor the mover's memory.
    #[inline]
    fn land(
        &self,
        x: State,
        swap: Option<AfterTurn>,
        mover: u32,
        remembered: u8,
        grid: &Grid<V>,
        cell: &impl Fn(&V) -> V,
    ) -> V {
        let goal = self.model.goal();
        let (m, them) = self.model.feral_swap(swap, mover, x.opponent_score);
        if m >= goal {
            V::one()
        } else if them >= goal {
            V::zero()
        } else {
            cell(grid.get(State {
                score: them,
                opponent_score: m,
                sides: x.sides,
                memory: Memory {
                    mover: x.memory.opponent,
                    opponent: remembered,
                },
                ..x
            }))
        }
    }

    /// [`Engine::options`] of one state under Feral Hogs. With points
    /// remembered, every action without the bonus lands on the same values
    /// f(p) = land(s + p, min(p, 13)), computed once and dotted with each
    /// action's distribution as in [`Engine::options`]; the at most two
    /// actions with the bonus, and every action where the dice are
    /// remembered, sum their own outcomes.
    pub(super) fn feral_options(
        &self,
        x: State,
        after_roll: &mut Vec<V>,
        grid: &Grid<V>,
        cell: &impl Fn(&V) -> V,
        (recall, swap): Feral,
    ) -> Options<V> {
        let s = x.score;
        let feral = |n: i32| gets_bonus(n, x.memory.mover);
        let value = |n: i32, p: u32| -> V {
            let bonus = if feral(n) { FERAL_BONUS } else { 0 };
            self.land(
                x,
                swap,
                s + p + bonus,
                recall.remember_turn(n, p),
                grid,
                cell,
            )
        };
        let shared = recall == Recall::Points;
        if shared {
            // Any n without the bonus: r(n, p) = min(p, 13) whatever n.
            let plain = (1..=MAX_DICE)
                .find(|&n| !feral(n))
                .expect("dice without the bonus");
            after_roll.clear();
            after_roll.extend((0..=self.max_roll_points).map(|p| value(plain, p)));
        }
        let one_die = self.model.roll_index(x, 1);
        let mut options = self.no_options();
        for n in self.model.rules().actions() {
            let q = if n < 1 {
                value(n, self.model.fixed_points(x, n))
            } else if shared && !feral(n) {
                self.dense_rolls[one_die + n as usize - 1].dot(after_roll)
            } else {
                self.rolls[one_die + n as usize - 1]
                    .iter()
                    .fold(V::zero(), |acc, (p, prob)| {
                        acc + prob.clone() * value(n, *p)
                    })
            };
            options.values[(n - options.min_action) as usize] = Some(q);
        }
        options
    }

    /// The two values of each action shared by the column of `x` (whose
    /// mover's memory is not read), each computed as
    /// [`Engine::feral_options`] computes it for a state that gets (or does
    /// not get) the bonus with that action: the same terms in the same order.
    ///
    /// With points remembered, f(p) = land(s + p, min(p, 13)) and
    /// g(p) = land(s + p + 3, min(p, 13)) serve every action. With dice
    /// remembered, r(n, p) = n, so h_n(q) = land(s + q, n) serves action n
    /// twice: h_n(p) without the bonus, h_n(p + 3) with it.
    fn column_values(
        &self,
        x: State,
        buffer: &mut Vec<V>,
        grid: &Grid<V>,
        cell: &impl Fn(&V) -> V,
        (recall, swap): Feral,
    ) -> ColumnValues<V> {
        let s = x.score;
        let land = |mover: u32, remembered: u8| self.land(x, swap, mover, remembered, grid, cell);
        let min_action = self.model.rules().min_action();
        let mut values = ColumnValues {
            plain: std::array::from_fn(|_| None),
            bonus: std::array::from_fn(|_| None),
        };
        let len = self.max_roll_points as usize + 1;
        let shared = recall == Recall::Points;
        if shared {
            buffer.clear();
            buffer.extend((0..len as u32).map(|p| land(s + p, recall.remember_turn(1, p))));
            buffer.extend(
                (0..len as u32).map(|p| land(s + p + FERAL_BONUS, recall.remember_turn(1, p))),
            );
        }
        let one_die = self.model.roll_index(x, 1);
        for n in self.model.rules().actions() {
            let i = (n - min_action) as usize;
            if n < 1 {
                let p = self.model.fixed_points(x, n);
                let r = recall.remember_turn(n, p);
                values.plain[i] = Some(land(s + p, r));
                values.bonus[i] = Some(land(s + p + FERAL_BONUS, r));
                continue;
            }
            let outcomes = &self.rolls[one_die + n as usize - 1];
            let fold = |f: &[V], shift: usize| {
                outcomes.iter().fold(V::zero(), |acc, (p, prob)| {
                    acc + prob.clone() * f[*p as usize + shift].clone()
                })
            };
            if shared {
                let (f, g) = buffer.split_at(len);
                values.plain[i] = Some(self.dense_rolls[one_die + n as usize - 1].dot(f));
                values.bonus[i] = Some(fold(g, 0));
            } else {
                let last = outcomes.last().map_or(0, |&(p, _)| p);
                let r = recall.remember_turn(n, 0);
                buffer.clear();
                buffer.extend((0..=last + FERAL_BONUS).map(|q| land(s + q, r)));
                values.plain[i] = Some(fold(buffer, 0));
                values.bonus[i] = Some(fold(buffer, FERAL_BONUS as usize));
            }
        }
        values
    }

    /// [`Engine::expect_on_grid`] under Feral Hogs: the terms of
    /// [`Engine::expect`] in the same order, each outcome's cell read
    /// without building its [`crate::model::Next`] (no extra turn follows
    /// Feral Hogs, so `own` is never read).
    pub(super) fn feral_expect_on_grid<T: Expectation<V>>(
        &self,
        x: State,
        num_rolls: i32,
        (win, loss): (&T, &T),
        grid: &Grid<T>,
        (recall, swap): Feral,
    ) -> T {
        let bonus = if gets_bonus(num_rolls, x.memory.mover) {
            FERAL_BONUS
        } else {
            0
        };
        // The next state's hidden value is (x's sides, m_y, r): its cells
        // stand at `block` + r · G² + them · G + m.
        let block = grid.index(State {
            score: 0,
            opponent_score: 0,
            sides: x.sides,
            memory: Memory {
                mover: x.memory.opponent,
                opponent: 0,
            },
            ..x
        });
        let (row, plane) = (grid.goal, grid.goal * grid.goal);
        // One outcome's value; a function rather than a closure, to be
        // inlined into the loop over the outcomes.
        #[inline(always)]
        fn land<T: Clone>(
            model: &crate::model::Model,
            (swap, mover, opponent): (Option<AfterTurn>, u32, u32),
            (win, loss): (&T, &T),
            cells: &[T],
            at: impl Fn(u32, u32) -> usize,
        ) -> T {
            let goal = model.goal();
            let (m, them) = model.feral_swap(swap, mover, opponent);
            if m >= goal {
                win.clone()
            } else if them >= goal {
                loss.clone()
            } else {
                cells[at(them, m)].clone()
            }
        }
        let o = x.opponent_score;
        let start = x.score + bonus;
        if num_rolls < 1 {
            let points = self.model.fixed_points(x, num_rolls);
            let r = usize::from(recall.remember_turn(num_rolls, points));
            let at = |them: u32, m: u32| block + r * plane + them as usize * row + m as usize;
            return land(
                self.model,
                (swap, start + points, o),
                (win, loss),
                &grid.cells,
                at,
            );
        }
        let mut sum = T::zero();
        for (p, prob) in &self.rolls[self.model.roll_index(x, num_rolls)] {
            let r = usize::from(recall.remember_turn(num_rolls, *p));
            let at = |them: u32, m: u32| block + r * plane + them as usize * row + m as usize;
            let value = land(
                self.model,
                (swap, start + p, o),
                (win, loss),
                &grid.cells,
                at,
            );
            sum = sum.add_scaled(prob, value);
        }
        sum
    }

    /// A state whose turn with action `a` ends as x's does, outcome for
    /// outcome: x with the lowest mover's memory that decides Feral Hogs'
    /// bonus for `a` as x's does (the mover's memory decides nothing else,
    /// see the module docs). So `expect_on_grid`, `options` and the reach a
    /// turn hands on read the same cells with the same chances from both.
    pub(crate) fn feral_lands_as(&self, x: State, a: i32) -> State {
        let bonus = gets_bonus(a, x.memory.mover);
        let mover = (0..)
            .find(|&m| gets_bonus(a, m) == bonus)
            .expect("a memory decides the bonus either way");
        State {
            memory: Memory { mover, ..x.memory },
            ..x
        }
    }

    /// [`Engine::feral_options`] of the states `state(h)` of one pair of
    /// scores for which `needed(h)`, h in 0..len, pushed onto `out` in
    /// order (None where not needed): each column's values computed once
    /// ([`Engine::column_values`], the same bits as each state's own).
    /// `columns` is scratch.
    pub(crate) fn feral_cell_options(
        &self,
        (state, needed, len): (impl Fn(usize) -> State, impl Fn(usize) -> bool, usize),
        (buffer, columns): (&mut Vec<V>, &mut Vec<(State, ColumnValues<V>)>),
        grid: &Grid<V>,
        cell: &impl Fn(&V) -> V,
        out: &mut Vec<Option<Options<V>>>,
    ) {
        let feral = self.model.feral().expect("Feral Hogs' rules");
        columns.clear();
        for h in 0..len {
            if !needed(h) {
                out.push(None);
                continue;
            }
            let x = state(h);
            let key = State {
                memory: Memory {
                    mover: 0,
                    ..x.memory
                },
                ..x
            };
            let column = match columns.iter().position(|(k, _)| *k == key) {
                Some(i) => i,
                None => {
                    columns.push((key, self.column_values(key, buffer, grid, cell, feral)));
                    columns.len() - 1
                }
            };
            out.push(Some(
                self.column_options(&columns[column].1, x.memory.mover),
            ));
        }
    }

    /// `f(P(p | x, n), i)` for every outcome p of n dice (or of a turn
    /// of no dice) from x under Feral Hogs where the game goes on, with i
    /// the index of the state the opponent then faces in a grid of the
    /// model ([`Grid::index`]); the outcomes that end the game are left
    /// out. The states and chances of [`Engine::for_each_outcome`], in the
    /// same order, each index written out as in
    /// [`Engine::feral_expect_on_grid`].
    pub(crate) fn feral_for_each_cell(&self, x: State, n: i32, mut f: impl FnMut(&V, usize)) {
        let (recall, swap) = self.model.feral().expect("Feral Hogs' rules");
        let bonus = if gets_bonus(n, x.memory.mover) {
            FERAL_BONUS
        } else {
            0
        };
        let goal = self.model.goal();
        let g = goal as usize;
        // The next state's hidden value is (x's sides, m_y, r): its cells
        // stand at `block` + r · G² + them · G + m.
        let hidden = self.model.hidden();
        let block = hidden.index(State {
            memory: Memory {
                mover: x.memory.opponent,
                opponent: 0,
            },
            ..x
        }) * g
            * g;
        let mut land = |p: u32, prob: &V| {
            let (m, them) = self
                .model
                .feral_swap(swap, x.score + bonus + p, x.opponent_score);
            if m < goal && them < goal {
                let r = usize::from(recall.remember_turn(n, p));
                f(prob, block + r * g * g + them as usize * g + m as usize);
            }
        };
        if n < 1 {
            return land(self.model.fixed_points(x, n), &V::one());
        }
        for (p, prob) in &self.rolls[self.model.roll_index(x, n)] {
            land(*p, prob);
        }
    }

    /// The options of the state of a column whose mover remembers `memory`.
    fn column_options(&self, column: &ColumnValues<V>, memory: u8) -> Options<V> {
        let mut options = self.no_options();
        for n in self.model.rules().actions() {
            let i = (n - options.min_action) as usize;
            let shared = if gets_bonus(n, memory) {
                &column.bonus
            } else {
                &column.plain
            };
            options.values[i] = shared[i].clone();
        }
        options
    }

    /// [`Engine::feral_options`] of every state of a layer, in layer order,
    /// from the values of each column (see the module docs).
    pub(crate) fn feral_layer_options(
        &self,
        layer: &Layer,
        grid: &Grid<V>,
        cell: &(impl Fn(&V) -> V + Sync),
        feral: Feral,
    ) -> Vec<Options<V>> {
        // The layer holds each hidden value's states in turn, the hidden
        // index being (sides · M + m_x) · M + m_y: a column is one state of
        // every m_x, and the states with m_x = 0 stand for their columns,
        // in the order (sides, m_y, s).
        let memories = self.model.hidden().values(Component::MoverMemory) as usize;
        let columns: Vec<State> = layer
            .states
            .iter()
            .copied()
            .filter(|x| x.memory.mover == 0)
            .collect();
        let values =
            |buffer: &mut Vec<V>, &x: &State| self.column_values(x, buffer, grid, cell, feral);
        let values: Vec<ColumnValues<V>> = if self.splits(layer.states.len()) {
            columns
                .par_iter()
                .with_min_len(MIN_STATES_PER_TASK.div_ceil(memories))
                .map_init(Vec::new, values)
                .collect()
        } else {
            let mut buffer = Vec::new();
            columns.iter().map(|x| values(&mut buffer, x)).collect()
        };
        let hidden = self.model.hidden();
        self.map_layer(layer, |x| {
            let sides = hidden.index(x) / (memories * memories);
            let column = (sides * memories + usize::from(x.memory.opponent)) * layer.per_value
                + (x.score - layer.lowest_score) as usize;
            self.column_options(&values[column], x.memory.mover)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Driver, Engine, Grid};
    use crate::model::Next;
    use crate::{Model, Rules};

    /// Feral Hogs' rules: fa19 (dice remembered), sp20 and su20 (points
    /// remembered, with two kinds of swap), and Feral Hogs alone.
    const FERAL: [&str; 4] = [
        "zero=free_bacon_ten_minus_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_rolls+swine_swap_first_last_product,limit=none,special=none",
        "zero=free_bacon_cube_alternating,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_power_of_three,limit=none,special=none",
        "zero=free_bacon_ten_plus_tens_minus_ones,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_ones_diff_tens,limit=none,special=none",
        "zero=free_bacon_ten_minus_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_rolls,limit=none,special=none",
    ];

    /// A grid of the model whose cells all differ: the fractional parts of i·φ.
    fn distinct_cells(model: &Model) -> Grid<f64> {
        let mut grid = Grid::new(model, 0.0);
        for (i, v) in grid.cells.iter_mut().enumerate() {
            *v = (i as f64 * 0.618_033_988_749_895 + 0.1).fract();
        }
        grid
    }

    /// Feral Hogs' options ([`Engine::feral_options`]) against each
    /// action's outcomes through the general next(), from every state at a
    /// goal where swaps and the goal are both reached, on a grid whose
    /// cells all differ; and the options of a whole layer from its columns
    /// ([`Engine::feral_layer_options`]) equal to each state's, bit for bit.
    #[test]
    fn feral_options_equal_the_general_path() {
        for text in FERAL {
            let rules: Rules = text.parse().unwrap();
            let model = Model::new(&rules, 24).unwrap();
            let feral = model.feral().expect(text);
            let engine = Engine::<f64>::new(&model, Driver::Sequential);
            let grid = distinct_cells(&model);
            let complement = |v: &f64| 1.0 - v;
            let mut buffer = vec![];
            for layer in engine.layers() {
                let by_columns = engine.feral_layer_options(&layer, &grid, &complement, feral);
                for (&x, column) in layer.states.iter().zip(&by_columns) {
                    let fast = engine.options(x, &mut buffer, &grid, &grid, complement);
                    for a in rules.actions() {
                        let general = engine.expect(x, a, |next| match next {
                            Next::Win => 1.0,
                            Next::Loss => 0.0,
                            Next::Continue(y) => 1.0 - grid.get(y),
                            Next::Again(y) => *grid.get(y),
                        });
                        let fast = *fast.value(a).expect("no pass");
                        assert!(
                            (fast - general).abs() < 1e-15,
                            "{text} from {x:?}, action {a}: {fast} vs {general}"
                        );
                        let shared = *column.value(a).expect("no pass");
                        assert_eq!(
                            shared.to_bits(),
                            fast.to_bits(),
                            "{text} from {x:?}, action {a}"
                        );
                    }
                }
            }
        }
    }

    /// [`crate::model::Model::next`]'s Feral Hogs path equals the general one for every
    /// state, action and points the action can score, at goals where swaps
    /// and the goal are reached.
    #[test]
    fn feral_next_equals_the_general_next() {
        for text in FERAL {
            let rules: Rules = text.parse().unwrap();
            for goal in [7, 30] {
                let model = Model::new(&rules, goal).unwrap();
                assert!(model.feral().is_some(), "{text}");
                let engine = Engine::<f64>::new(&model, Driver::Sequential);
                for layer in engine.layers() {
                    for &x in &layer.states {
                        for n in rules.actions() {
                            let points = match n {
                                ..1 => vec![model.fixed_points(x, n)],
                                _ => model.roll(x, n).counts.iter().map(|&(p, _)| p).collect(),
                            };
                            for p in points {
                                assert_eq!(
                                    model.next(x, n, p),
                                    model.next_general(x, n, p),
                                    "{text} goal {goal} from {x:?}, {n} dice, {p} points"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
