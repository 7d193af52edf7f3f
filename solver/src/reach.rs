//! How likely a game is to reach each state: the weights with which a
//! strategy of the two scores alone mixes the hidden values of a cell
//! (fa16's dice sides), as the blind best response weighs them (see
//! [`crate::blind`], whose sweep computes the same pushes for its own
//! grids).

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
    /// that the mover faces again). Every turn that scores raises the sum.
    /// A pass (a turn that surely scores 0, nju21's Picky Piggy) stays in
    /// the layer: from x it hands the move to the other player in x' of the
    /// same layer, whose pass would lead back to x. So, before a layer hands
    /// anything on, each state hands the reach that came into it from below
    /// to the state its pass leads to; a pass answered by a pass comes back
    /// to where the game was (a repeat, which ends the game as a draw) and
    /// hands on nothing more. The reach of a state is then the chance that a
    /// game passes through it, once or more.
    pub fn reach(&self, a: &Policy, b: &Policy) -> (Grid<V>, Grid<V>) {
        let model = self.model();
        let mut reach_a = Grid::new(model, V::zero());
        let mut reach_b = Grid::new(model, V::zero());
        *reach_a.get_mut(State::START) = V::half();
        *reach_b.get_mut(State::START) = V::half();
        let layers: Vec<_> = self.layers().collect();
        for layer in layers.iter().rev() {
            // What each pass hands on, from the reach that came from below.
            let mut to_a = vec![];
            let mut to_b = vec![];
            for &x in &layer.states {
                if let Some(y) = self.pass(x, a.get(x)) {
                    to_b.push((y, reach_a.get(x).clone()));
                }
                if let Some(y) = self.pass(x, b.get(x)) {
                    to_a.push((y, reach_b.get(x).clone()));
                }
            }
            for (grid, passed) in [(&mut reach_a, to_a), (&mut reach_b, to_b)] {
                for (y, r) in passed {
                    let cell = grid.get_mut(y);
                    *cell = cell.clone() + r;
                }
            }
            for &x in &layer.states {
                self.hand_on(a, x, &mut reach_a, &mut reach_b);
                self.hand_on(b, x, &mut reach_b, &mut reach_a);
            }
        }
        (reach_a, reach_b)
    }

    /// The mover's reach in x, times the chance of each outcome of its
    /// action, added to the reach of the state the other player then faces
    /// (`other`), or, after an extra turn, that the mover faces (`own`).
    /// A pass hands on nothing here (its reach went to the layer's passes).
    fn hand_on(&self, mover: &Policy, x: State, own: &mut Grid<V>, other: &mut Grid<V>) {
        let r = own.get(x).clone();
        if r == V::zero() || self.pass(x, mover.get(x)).is_some() {
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
        let (us, them) = engine.reach(&a, &a);
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

    /// Under nju21 and sp22 two players who always roll 0 roll no dice, so
    /// each seating is one game, which [`play_game`] plays turn by turn:
    /// its positions are reached with chance ½ each (the seating's weight),
    /// every other state never. Its zero-point turns are passes, and at
    /// sp22's goals from 120 a pass is answered by a pass, a repeat that
    /// ends the game.
    #[test]
    fn passes_hand_on_the_reach_of_one_game() {
        use crate::simulate::{play_game, End};
        let mut repeats = 0;
        let games = [
            (Rules::nju21(), 10..=40),
            (Rules::parse("sp22").unwrap(), 110..=125),
        ];
        for (rules, goal) in games
            .into_iter()
            .flat_map(|(r, goals)| goals.map(move |g| (r.clone(), g)))
        {
            let model = Model::new(&rules, goal).unwrap();
            let zero = course_strategy(&rules, "always_roll", &[0]).unwrap();
            let a = Policy::from_strategy(&zero, &rules, goal, "always_roll(0)").unwrap();
            let (us, them) = Engine::<f64>::new(&model, Driver::Sequential).reach(&a, &a);
            let no_dice = |_: u32| -> crate::error::Result<u32> { panic!("no die is rolled") };
            let game = play_game(&rules, goal, [&a, &a], State::START, 10_000, no_dice).unwrap();
            repeats += usize::from(game.end == End::Repeat);
            // Each seating plays the same game; A is player 0 in one and
            // player 1 in the other, so each grid holds ½ per position of
            // either player, 1 where both players face the same state.
            let mut expected = std::collections::HashMap::new();
            for turn in &game.turns {
                *expected.entry(turn.state).or_insert(0.0) += 0.5;
            }
            for grid in [&us, &them] {
                for score in 0..goal {
                    for opponent_score in 0..goal {
                        let x = State::new(score, opponent_score);
                        let want = expected.get(&x).copied().unwrap_or(0.0);
                        assert_eq!(*grid.get(x), want, "goal {goal}, {x:?}");
                    }
                }
            }
        }
        assert!(repeats > 0, "some goal's game ends in a repeat");
    }
}
