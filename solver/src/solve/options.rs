//! A state's action values ([`Options`], [`Engine::options`]) and the
//! choice among them ([`Engine::choose_exit`]), with the values of a roll's
//! outcomes read from the grid ([`Engine::roll_values`]).

use super::grid::Cells;
use super::{max, same_layer, Engine, Grid, Probability};
use crate::model::{Landing, Next};
use crate::rules::{State, MAX_DICE};

/// The most actions any rules allow: -1 to 10.
pub(crate) const MAX_ACTIONS: usize = 12;

pub(crate) struct Options<V> {
    pub(super) min_action: i32,
    /// Q(x, a) by a - min_action, for the actions that leave the layer.
    pub(super) values: [Option<V>; MAX_ACTIONS],
    /// The pass action and where it leads.
    pub(super) pass: Option<(i32, State)>,
}

impl<V: Probability> Options<V> {
    /// Q(x, a), if action a leaves the layer.
    pub(crate) fn value(&self, a: i32) -> Option<&V> {
        self.values[(a - self.min_action) as usize].as_ref()
    }

    pub(super) fn best_exit(&self) -> V {
        self.values
            .iter()
            .flatten()
            .fold(V::zero(), |best, v| max(best, v.clone()))
    }

    /// The value of the state and the lowest action that ties it.
    pub(super) fn choose(&self, pass_value: Option<V>) -> (V, i8) {
        let value_of = |i: usize| -> Option<V> {
            match (&self.values[i], self.pass) {
                (Some(v), _) => Some(v.clone()),
                (None, Some((a, _))) if (a - self.min_action) as usize == i => pass_value.clone(),
                (None, _) => None,
            }
        };
        let best = (0..MAX_ACTIONS).filter_map(value_of).fold(V::zero(), max);
        let action = (0..MAX_ACTIONS)
            .find(|&i| value_of(i).is_some_and(|v| V::ties(&v, &best)))
            .expect("the best value is some action's value");
        (best.unit(), (action as i32 + self.min_action) as i8)
    }
}

impl<V: Probability> Engine<'_, V> {
    /// Options with no action's value yet.
    pub(super) fn no_options(&self) -> Options<V> {
        Options {
            min_action: self.model.rules().min_action(),
            values: std::array::from_fn(|_| None),
            pass: None,
        }
    }

    /// Q(x, a) for every action that leaves the layer, and the pass if any,
    /// where an outcome is worth 1 if the mover wins, 0 if they lose,
    /// `cell(grid[y])` if the game goes on in y, and `own[y]` if the mover
    /// moves again in y (an extra turn).
    ///
    /// Every dice action from x lands on the same outcomes "the mover scored
    /// p", so their values f(p) are computed once ([`Engine::roll_values`])
    /// and each Q(x, n) is the dot product Σ_p P(p | x, n) · f(p). Where an
    /// outcome's next state depends on the number of dice too
    /// ([`crate::model::Model::outcomes_depend_on_rolls`]: Piggy Back, Feral Hogs), each
    /// action's outcomes are summed on their own.
    pub(crate) fn options(
        &self,
        x: State,
        after_roll: &mut Vec<V>,
        grid: &Grid<V>,
        own: &Grid<V>,
        cell: impl Fn(&V) -> V,
    ) -> Options<V> {
        if let Some(feral) = self.model.feral() {
            return self.feral_options(x, after_roll, grid, &cell, feral);
        }
        let mut options = self.no_options();
        self.each_action(x, after_roll, grid, own, &cell, |a, q| match q {
            Ok(q) => options.values[(a - options.min_action) as usize] = Some(q),
            Err(y) => options.pass = Some((a, y)),
        });
        options
    }

    /// V(x) and the lowest action that ties it, as [`Options::choose`] of
    /// [`Engine::options`] (the same values, in the same order, so the same
    /// bits), where no action passes ([`crate::Rules::can_score_zero`] false, no
    /// Feral Hogs): each Q(x, a) is compared as it is computed, and a state
    /// keeps 16 bytes for its layer instead of its options' 216.
    pub(super) fn choose_exit(
        &self,
        x: State,
        after_roll: &mut Vec<V>,
        grid: &impl Cells<V>,
        own: &impl Cells<V>,
        cell: impl Fn(&V) -> V,
    ) -> (V, i8) {
        let min_action = self.model.rules().min_action();
        let mut values: [V; MAX_ACTIONS] = std::array::from_fn(|_| V::zero());
        let mut best = V::zero();
        self.each_action(x, after_roll, grid, own, &cell, |a, q| {
            let q = q
                .unwrap_or_else(|y| panic!("{x:?} passes to {y:?} under rules that never score 0"));
            if q > best {
                best = q.clone();
            }
            values[(a - min_action) as usize] = q;
        });
        let action = self
            .model
            .rules()
            .actions()
            .find(|&a| V::ties(&values[(a - min_action) as usize], &best))
            .expect("the best value is some action's value");
        (best.unit(), action as i8)
    }

    /// Whether a turn of no dice and p > 0 points is worth what a roll of
    /// p is ([`Engine::each_action`]).
    pub(super) fn zero_dice_from_rolls(&self) -> bool {
        !self.model.outcomes_depend_on_rolls() && self.landing != Landing::General
    }

    /// `f(a, Q(x, a))` for every action a in order, or `f(a, Err(y))` for
    /// an action that passes to y (see [`Engine::options`]).
    ///
    /// Free Bacon (no dice) scores fixed points p > 0; where the roll's
    /// outcomes have the fast paths of [`Engine::roll_values`], a turn of p
    /// points leads where a roll of p does (no after-turn rule of theirs
    /// reads the number of dice, nor do the dice sides change), so its
    /// value is f(p), already computed (tested against next()).
    #[inline(always)]
    fn each_action(
        &self,
        x: State,
        after_roll: &mut Vec<V>,
        grid: &impl Cells<V>,
        own: &impl Cells<V>,
        cell: &impl Fn(&V) -> V,
        mut f: impl FnMut(i32, Result<V, State>),
    ) {
        let per_action = self.model.outcomes_depend_on_rolls();
        if !per_action {
            after_roll.resize(self.max_roll_points as usize + 1, V::zero());
            self.roll_values(x, after_roll, grid, own, cell);
        }
        let zero_dice_from_rolls = self.zero_dice_from_rolls();
        // The tables of 1..=10 dice from x stand side by side.
        let one_die = self.model.roll_index(x, 1);
        // Hog Tied caps the dice in some states and changes no other action,
        // so every action's dice are min(a, the cap): one rules check per state.
        let cap = self.model.effective_rolls(x, MAX_DICE);
        for a in self.model.rules().actions() {
            let n = a.min(cap);
            debug_assert_eq!(n, self.model.effective_rolls(x, a));
            let q = if n >= 1 && per_action {
                self.expect(x, n, |next| outcome_value(next, grid, own, cell))
            } else if n >= 1 {
                self.dense_rolls[one_die + n as usize - 1].dot(after_roll)
            } else {
                let points = self.model.fixed_points(x, n);
                match after_roll.get(points as usize) {
                    Some(q) if n == 0 && points > 0 && zero_dice_from_rolls => q.clone(),
                    _ => {
                        let next = self.model.next(x, n, points);
                        match same_layer(x, next) {
                            Some(y) => {
                                f(a, Err(y));
                                continue;
                            }
                            None => outcome_value(next, grid, own, cell),
                        }
                    }
                }
            };
            f(a, Ok(q));
        }
    }

    /// f(p) = the value of next(x, 1, p) for every p in 0..f.len(), as in
    /// [`Engine::options`]; the fast paths where the model's after-turn rules
    /// allow them, each equal to [`Engine::roll_values_general`] (tested).
    ///
    /// Rolling keeps the dice sides d, so without an after-turn rule scoring p
    /// from (s, o, d) leads to the opponent's state (o, s + p, d) while
    /// s + p < G and is a win from s + p >= G. The cells (d, o, s + p) for
    /// p = 0, 1, ... stand side by side in one row of the grid, so
    ///
    /// ```text
    ///   f(p) = cell(grid[d, o, s + p])   for p < G - s,   1 for p >= G - s.
    /// ```
    ///
    /// A rule that changes the scores at some points only (a swap, Hog Pile,
    /// sp15's Hogtimus Prime; Swine Swap on doubles fires at two at most)
    /// has those points, a mask from the model's table of the rule, patched
    /// through [`crate::model::Model::next_on_fire`] (the rule, then the goal).
    /// A lone rule on the mover's score (Sus Fuss, Pigs on Prime, ...) turns
    /// m = s + p into moved(m) (the opponent's score stays below G, so no
    /// loss): f(p) = cell(grid[d, o, moved(m)]) if moved(m) < G, else 1.
    ///
    /// f(0) is left as it is: no roll read through f scores 0 points (Pig
    /// Out scores 1; Piggy Back's rolls of 0 points are summed action by
    /// action), and its cell, (d, o, s), lies in x's own layer, which a
    /// team of threads may not have computed yet ([`super::team`]).
    #[inline]
    pub(super) fn roll_values(
        &self,
        x: State,
        f: &mut [V],
        grid: &impl Cells<V>,
        own: &impl Cells<V>,
        cell: &impl Fn(&V) -> V,
    ) {
        let landing = self.landing;
        if landing == Landing::General {
            return self.roll_values_general(x, f, grid, own, cell);
        }
        let goal = self.model.goal();
        let (s, o) = (x.score, x.opponent_score);
        // Rolling keeps the hidden value, which the fast paths allow only
        // where it is the dice sides alone.
        let row = grid.index(State {
            score: o,
            opponent_score: 0,
            ..x
        });
        if landing == Landing::Mover {
            for (m, slot) in (s..).zip(f.iter_mut()).skip(1) {
                let moved = self.model.moved(m);
                *slot = if moved < goal {
                    grid.read(row + moved as usize, cell)
                } else {
                    V::one()
                };
            }
            return;
        }
        let (on, past) = f.split_at_mut(f.len().min((goal - s) as usize));
        grid.read_run(row + s as usize + 1, &mut on[1..], cell);
        past.fill(V::one());
        if landing != Landing::Fires {
            return;
        }
        let mut fires = self.model.fire_points(x, f.len() as u32 - 1) & !1;
        while fires != 0 {
            let p = fires.trailing_zeros();
            fires &= fires - 1;
            f[p as usize] = outcome_value(self.model.next_on_fire(x, 1, p), grid, own, cell);
        }
    }

    /// f(p) through the general next(x, 1, p) for p >= 1: the path every
    /// fast path is tested against.
    pub(super) fn roll_values_general(
        &self,
        x: State,
        f: &mut [V],
        grid: &impl Cells<V>,
        own: &impl Cells<V>,
        cell: &impl Fn(&V) -> V,
    ) {
        for (p, slot) in f.iter_mut().enumerate().skip(1) {
            *slot = outcome_value(self.model.next(x, 1, p as u32), grid, own, cell);
        }
    }
}

/// 1 if the mover wins, 0 if they lose, cell(grid[y]) if the game goes on
/// in y, own[y] if the mover moves again in y.
#[inline]
pub(super) fn outcome_value<V: Probability>(
    next: Next,
    grid: &impl Cells<V>,
    own: &impl Cells<V>,
    cell: impl Fn(&V) -> V,
) -> V {
    match next {
        Next::Win => V::one(),
        Next::Loss => V::zero(),
        Next::Continue(y) => grid.read(grid.index(y), cell),
        Next::Again(y) => own.read(own.index(y), V::clone),
    }
}
