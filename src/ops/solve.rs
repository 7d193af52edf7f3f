//! The self-play optimum, or the best response to a strategy, as the
//! engine's grids (`hog solve`, and Python's `solve`).

use hog_solver::solve::{Driver, Engine, Grid, Probability};
use hog_solver::strategy::Policy;
use hog_solver::table::Objective;
use hog_solver::{Model, State};

/// A solve in the number type V: the engine's grids, kept as they are (a
/// table file is written from them, and the summary read from them), and
/// the figures. (The Python package's `hog.solve` solves through it too.)
pub struct Solved<V> {
    pub objective: Objective,
    /// The chosen num_rolls in every state.
    pub policy: Grid<i8>,
    /// The mover's winning chance under the objective in every state.
    pub values: Grid<V>,
    /// The mover's value at 0-0 (six-sided dice).
    pub start: V,
    /// For a best response: the win rate and its two seatings.
    pub response: Option<[V; 3]>,
}

/// The self-play optimum, or the best response to `against` (its text and policy).
pub fn solve<V: Probability>(
    model: &Model,
    against: Option<(&String, &Policy)>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Solved<V> {
    let engine = Engine::<V>::new(model, Driver::Parallel).with_progress(progress);
    match against {
        None => {
            let solution = engine.optimal();
            Solved {
                objective: Objective::Optimal,
                start: solution.values.get(State::START).clone(),
                response: None,
                policy: solution.policy,
                values: solution.values,
            }
        }
        Some((text, b)) => {
            // The opponent's grid (`them`) is dropped here: only our values
            // go into a table.
            let response = engine.best_response(b);
            Solved {
                objective: Objective::BestResponse {
                    against: text.clone(),
                },
                start: response.first(),
                response: Some([response.win_rate(), response.first(), response.second()]),
                policy: response.policy,
                values: response.us,
            }
        }
    }
}
