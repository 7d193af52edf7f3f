//! The exact distribution of one turn's outcomes.

use anyhow::Result;
use hog_solver::{Model, Rules, State, TurnResult};
use num_integer::Integer;
use serde::Serialize;

use super::Cell;

/// A turn whose outcomes are counted: the game, the state and the dice rolled.
pub struct DistInput {
    pub rules: Rules,
    pub goal: u32,
    pub cell: Cell,
    pub num_rolls: i64,
}

/// One outcome of the turn: the points and the state after it, with its
/// probability as a decimal and as a reduced fraction "p/q".
#[derive(Serialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub result: TurnResult,
    pub probability: f64,
    pub fraction: String,
}

/// Every outcome of the turn, by points, then the scores after it.
#[derive(Serialize)]
pub struct Distribution {
    #[serde(skip)]
    pub state: State,
    #[serde(skip)]
    pub num_rolls: i32,
    pub outcomes: Vec<Outcome>,
}

pub fn dist(input: &DistInput) -> Result<Distribution> {
    let num_rolls = input.rules.check_action(input.num_rolls)?;
    let state = input.cell.state(&input.rules, input.goal)?;
    let model = Model::new(&input.rules, input.goal)?;
    let (mut outcomes, total) = model.turn_distribution(state, num_rolls);
    outcomes.sort_by_key(|(r, _)| (r.points, r.score, r.opponent_score));
    // Each outcome's probability as a reduced fraction and a decimal.
    let outcomes = outcomes
        .into_iter()
        .map(|(result, count)| {
            let gcd = count.gcd(&total);
            Outcome {
                result,
                probability: count as f64 / total as f64,
                fraction: format!("{}/{}", count / gcd, total / gcd),
            }
        })
        .collect();
    Ok(Distribution {
        state,
        num_rolls,
        outcomes,
    })
}
