//! `hog dist`: the exact distribution of one turn's outcomes.

use std::io::Write;

use anyhow::Result;
use hog_solver::{Model, Rules, TurnResult};
use num_integer::Integer;
use serde::Serialize;

use super::{check_score, state_with_hidden, turn_header, write_json};
use crate::cli::DistArgs;

/// One outcome of the turn: the points and the state after it.
#[derive(Serialize)]
struct Outcome {
    #[serde(flatten)]
    result: TurnResult,
    probability: f64,
    fraction: String,
}

#[derive(Serialize)]
struct Distribution {
    outcomes: Vec<Outcome>,
}

pub fn run(args: &DistArgs, rules: &Rules, goal: u32, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let rules = rules.clone();
    let num_rolls = rules.check_action(args.turn.rolls)?;
    let score = check_score("score", args.score, goal)?;
    let opponent_score = check_score("opponent_score", args.opp, goal)?;
    let state = state_with_hidden(
        &rules,
        goal,
        score,
        opponent_score,
        args.turn.sides,
        args.turn.hidden.as_deref(),
    )?;
    let model = Model::new(&rules, goal)?;
    let (mut outcomes, total) = model.turn_distribution(state, num_rolls);
    outcomes.sort_by_key(|(r, _)| (r.points, r.score, r.opponent_score));
    // Each outcome's probability as a reduced fraction and a decimal.
    let outcomes: Vec<Outcome> = outcomes
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
    if json {
        return write_json(out, &Distribution { outcomes });
    }
    writeln!(out, "{}", turn_header(&rules, goal, state, num_rolls))?;
    writeln!(
        out,
        "{:>6}  {:>6}  {:>14}  {:>5}  {:>11}  fraction",
        "points", "score", "opponent_score", "sides", "probability"
    )?;
    for Outcome {
        result: r,
        probability,
        fraction,
    } in outcomes
    {
        writeln!(
            out,
            "{:>6}  {:>6}  {:>14}  {:>5}  {probability:>11.8}  {fraction}",
            r.points, r.score, r.opponent_score, r.sides
        )?;
    }
    Ok(())
}
