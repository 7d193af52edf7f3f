//! The evaluation where every turn leaves its layer: no turn can score 0
//! ([`crate::Rules::can_score_zero`] false, so no pass), outside Feral
//! Hogs' fast path ([`crate::Model::feral`], left to the general
//! evaluation). A state's two values, A to move and B to move,
//! are then its fixed turns' sums over the higher layers alone,
//!
//! ```text
//!   E_A(x) = Σ_p P(p | x, A(x)) · { A wins, B wins, or E_B(y) }
//!   E_B(x) = Σ_p P(p | x, B(x)) · { B wins, A wins, or E_A(y) }
//! ```
//!
//! so each is written as soon as it is computed, without the two steps
//! (exits, then passes) of [`Engine::evaluate_passes`].
//!
//! What a turn needs that many states share is found once: the state's
//! cell, which both grids and both policies share; the roll tables of a
//! layer's dice for each hidden value (the dice depend on the sides and the
//! sum of the scores alone, [`crate::Model::dice_tables`]); the row a
//! roll lands on. The sums are [`Engine::roll_on_row`]'s, as in
//! [`Engine::expect_on_grid`]: the same terms in the same order, so the
//! same bits (tested against [`Engine::evaluate_passes`] under every
//! preset it serves: `evaluation_by_exits_is_the_general_evaluation`).

use super::Ends;
use crate::model::Landing;
use crate::rules::State;
use crate::solve::{on_grids, Engine, Grid, Layer, Probability};
use crate::strategy::Policy;

/// One player's view of a turn: the ends that mean they win and lose, the
/// other player's grid (the game goes on) and their own (an extra turn).
struct Side<'g, T> {
    win: &'g T,
    loss: &'g T,
    next: &'g Grid<T>,
    own: &'g Grid<T>,
}

impl<V: Probability> Engine<'_, V> {
    /// Whether [`Engine::evaluate_exits`] evaluates under the model's
    /// rules: no turn stays in its layer, and no Feral Hogs fast path.
    pub(super) fn exits_only(&self) -> bool {
        !self.model().rules().can_score_zero() && self.model().feral().is_none()
    }

    /// Fills the grids of A to move and B to move over the first `len`
    /// hidden values, where [`Engine::exits_only`].
    pub(super) fn evaluate_exits<T: Ends<V>>(
        &self,
        a: &Policy,
        b: &Policy,
        len: usize,
        a_moves: &mut Grid<T>,
        b_moves: &mut Grid<T>,
    ) {
        let model = self.model();
        let hidden = model.hidden();
        // The policies' cells are read by the model's cell index.
        for policy in [a, b] {
            assert!(
                policy.goal() == model.goal() && *policy.hidden() == hidden,
                "a policy of the model's goal and hidden values"
            );
        }
        let (a_wins, b_wins) = (T::a_wins(), T::b_wins());
        let (a_actions, b_actions) = (a.flat(), b.flat());
        for layer in self.layers_over(len) {
            // By hidden index: the first roll table of the layer's dice.
            let dice_tables: Vec<usize> = layer.firsts().map(|x| model.dice_tables(x)).collect();
            self.fill_layer(&layer, a_moves, b_moves, |x, cell, a_moves, b_moves| {
                let h = hidden.index(x);
                let a_side = Side {
                    win: &a_wins,
                    loss: &b_wins,
                    next: b_moves,
                    own: a_moves,
                };
                let b_side = Side {
                    win: &b_wins,
                    loss: &a_wins,
                    next: a_moves,
                    own: b_moves,
                };
                (
                    self.fixed_turn(x, h, a_actions[cell], dice_tables[h], a_side)
                        .unit(),
                    self.fixed_turn(x, h, b_actions[cell], dice_tables[h], b_side)
                        .unit(),
                )
            });
        }
    }

    /// Σ_p P(p | x, action) · the outcome's value to `side`: x's hidden
    /// index h and the first roll table of its dice (`dice_tables`) found
    /// by the caller. A roll under a landing with a fast path reads its
    /// table and the row it lands on, (h, o), directly; anything else
    /// (no dice, [`Landing::General`]) is [`Engine::expect_on_grid`]'s.
    #[inline]
    fn fixed_turn<T: Ends<V>>(
        &self,
        x: State,
        h: usize,
        action: i8,
        dice_tables: usize,
        side: Side<'_, T>,
    ) -> T {
        let model = self.model();
        let n = model.effective_rolls(x, action.into());
        if n < 1 || self.landing() == Landing::General {
            let Side {
                win,
                loss,
                next,
                own,
            } = side;
            return self.expect_on_grid(x, action.into(), win, loss, next, own);
        }
        let table = dice_tables + model.class_tables(x.score) + n as usize - 1;
        let row = side.next.row(h, x.opponent_score);
        let general = |next| on_grids(next, (side.win, side.loss), side.next, side.own);
        self.roll_on_row(x, n, table, side.win, row, general)
    }

    /// Sets the cells of each state x of a layer in the grids a and b to
    /// f(x, its cell's index, a, b), where f reads only the cells of higher
    /// layers: on one thread, each as soon as it is computed; else computed
    /// in parallel ([`Engine::map_layer`]) and then written
    /// ([`Engine::write_layer`]).
    fn fill_layer<T: Ends<V>>(
        &self,
        layer: &Layer,
        a: &mut Grid<T>,
        b: &mut Grid<T>,
        f: impl Fn(State, usize, &Grid<T>, &Grid<T>) -> (T, T) + Sync + Send,
    ) {
        if !self.splits(layer.states.len()) {
            for &x in &layer.states {
                let cell = a.index(x);
                let (in_a, in_b) = f(x, cell, a, b);
                *a.at_mut(cell) = in_a;
                *b.at_mut(cell) = in_b;
            }
            return;
        }
        let values = self.map_layer(layer, |x| f(x, a.index(x), a, b));
        self.write_layer(layer, a, b, |i, _| values[i].clone());
    }
}
