//! How likely a game is to reach each state: the weights with which a
//! strategy of the two scores alone mixes the hidden values of a cell
//! (fa16's dice sides), as the blind best response weighs them (see
//! [`crate::blind`], whose sweep computes the same pushes for its own
//! grids).

use crate::error::{Error, Result};
use crate::model::Next;
use crate::rules::State;
use crate::solve::{Engine, Grid, Probability};
use crate::strategy::Policy;

impl<V: Probability> Engine<'_, V> {
    /// μ and ν: the chance that a game of A against B from 0-0, each
    /// seating weighted ½ (as the course's win rate weighs them), reaches
    /// each state with A to move (the first grid, A's score first) and with
    /// B to move (the second, B's score first).
    ///
    /// The chances are pushed forward layer by layer, lowest sum of scores
    /// first: each state hands its reach, times the chance of each outcome,
    /// to the state the other player then faces (or, after an extra turn,
    /// that the mover faces again). That needs every turn to raise the sum,
    /// so rules where a turn can score 0 (nju21's Picky Piggy) are refused.
    pub fn reach(&self, a: &Policy, b: &Policy) -> Result<(Grid<V>, Grid<V>)> {
        let model = self.model();
        if model.rules().can_score_zero() {
            return Err(Error::Unsupported(format!(
                "the reach of each state under {}, where a turn can score 0 points",
                model.rules().name()
            )));
        }
        let mut reach_a = Grid::new(model, V::zero());
        let mut reach_b = Grid::new(model, V::zero());
        *reach_a.get_mut(State::START) = V::half();
        *reach_b.get_mut(State::START) = V::half();
        let layers: Vec<_> = self.layers().collect();
        for layer in layers.iter().rev() {
            for &x in &layer.states {
                self.hand_on(a, x, &mut reach_a, &mut reach_b);
                self.hand_on(b, x, &mut reach_b, &mut reach_a);
            }
        }
        Ok((reach_a, reach_b))
    }

    /// The mover's reach in x, times the chance of each outcome of its
    /// action, added to the reach of the state the other player then faces
    /// (`other`), or, after an extra turn, that the mover faces (`own`).
    fn hand_on(&self, mover: &Policy, x: State, own: &mut Grid<V>, other: &mut Grid<V>) {
        let r = own.get(x).clone();
        if r == V::zero() {
            return;
        }
        self.for_each_outcome(x, mover.get(x), |p, next| {
            let cell = match next {
                Next::Continue(y) => other.get_mut(y),
                Next::Again(y) => own.get_mut(y),
                Next::Win | Next::Loss => return,
            };
            *cell = cell.clone() + r.clone() * p.clone();
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::State;
    use crate::solve::{Driver, Engine};
    use crate::strategy::{course_strategy, Policy};
    use crate::{Model, Rules};

    /// always_roll(1) against itself under fa13, by the rules: at 0-0 the
    /// sum of the scores, 0, is a multiple of 7, so the die is four-sided,
    /// and the first turn scores 1 (a 1: Pig Out scores 1) with
    /// probability 1/4; 0-1 is no Swine Swap. Each seating starts with
    /// weight 1/2, so each grid holds 1/2 · 1/4 at 0-1 (the second player
    /// to move, facing 0 against 1), and nothing at 1-0, which a mover
    /// never faces after one turn.
    #[test]
    fn the_reach_of_the_first_layers() {
        let rules = Rules::fa13();
        let model = Model::new(&rules, 20).unwrap();
        let one = course_strategy(&rules, "always_roll", &[1]).unwrap();
        let a = Policy::from_strategy(&one, &rules, 20, "always_roll(1)").unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let (us, them) = engine.reach(&a, &a).unwrap();
        assert_eq!(*us.get(State::START), 0.5);
        assert_eq!(*them.get(State::START), 0.5);
        let at = |score, opponent_score| State {
            score,
            opponent_score,
            ..State::START
        };
        assert_eq!(*us.get(at(0, 1)), 1.0 / 8.0);
        assert_eq!(*them.get(at(0, 1)), 1.0 / 8.0);
        assert_eq!(*us.get(at(1, 0)), 0.0);
    }
}
