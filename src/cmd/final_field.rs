//! `hog final --against A --against B ...`: the best `final_strategy` for
//! a field of opponents, each met as often, as a contest player wants it:
//! the strategy of the two scores with the highest mean exact win rate
//! over the field (`hog_solver::blind`: which opponent it meets is hidden
//! from it, as fa16's dice sides are), each opponent's exact figure, and
//! the bound no such strategy can pass on average.

use std::io::Write;

use anyhow::{Context, Result};
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules};
use serde::Serialize;

use super::final_strategy::{bid_line, made_by, written, Output};
use super::write_json;
use crate::cli::FinalArgs;
use crate::commands::export::{self, ExportInfo};
use crate::commands::final_strategy::{opponent_bid, BestBid};
use crate::files;
use crate::progress::Spinner;
use crate::sources::Sources;

#[derive(Serialize)]
struct Opponent {
    against: String,
    win_rate: f64,
    first: f64,
    second: f64,
}

#[derive(Serialize)]
struct Summary {
    rules: String,
    goal: u32,
    /// The mean exact win rate over the field.
    win_rate: f64,
    field: Vec<Opponent>,
    /// The mean of each opponent's best response that sees the whole state.
    bound: f64,
    /// Under rules with bids: the bid with the highest mean exact win rate
    /// against every opponent's bid.
    #[serde(skip_serializing_if = "Option::is_none")]
    bid: Option<BestBid>,
    file: Option<String>,
}

pub fn run(
    args: &FinalArgs,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let output = args.output.as_deref().map(Output::of).transpose()?;
    let their_bid = opponent_bid(rules, goal, args.opponent_bid)?;
    if args.exact.exact {
        anyhow::bail!("--exact: hog final grades a field in f64 only (give one --against for exact fractions)");
    }
    if args.prove_bound.is_some() {
        anyhow::bail!(
            "--prove-bound: the branch and bound works against one opponent (give one --against)"
        );
    }
    let field: Vec<Policy> = args
        .against
        .iter()
        .map(|against| {
            sources
                .policy(against, rules, goal)
                .with_context(|| format!("--against {against}"))
        })
        .collect::<Result<_>>()?;
    let model = Model::new(rules, goal)?;
    let opponents: Vec<&Policy> = field.iter().collect();
    let spinner = Spinner::new("searching the best final_strategy against the field");
    let response = Engine::<f64>::new(&model, Driver::Parallel).field_response(
        &opponents,
        args.effort
            .map_or(hog_solver::blind::default_kicks(&model), |k| k as usize),
    )?;
    drop(spinner);
    let objective = format!("best response to the field {}", args.against.join(", "));
    if let (Some(path), Some(output)) = (&args.output, &output) {
        let mut info = ExportInfo::new(rules, goal, objective.clone(), &response.policy, sources)?;
        info.made_by = Some(made_by(args, rules, goal));
        match output {
            Output::Export(format) => {
                let text = export::render(*format, &info, &response.policy)?;
                files::write(path, format.kind(), args.force, |w| {
                    Ok(w.write_all(text.as_bytes())?)
                })?;
            }
            Output::Table => anyhow::bail!(
                "-o {}: a field's strategy is written as .py, .csv or .json (a policy table \
                 records one objective strategy)",
                path.display()
            ),
        }
    }
    // Every opponent bids alike, so each bid starts the same game against
    // all: its outcome over the field is the mean of theirs.
    let bid = match their_bid {
        Some(theirs) => {
            let mut mean: Vec<hog_solver::bids::BidOutcome> = vec![];
            for b in &field {
                let outcomes = hog_solver::bids::bid_outcomes(&model, &response.policy, b, theirs)?;
                if mean.is_empty() {
                    mean = outcomes
                        .iter()
                        .map(|o| hog_solver::bids::BidOutcome {
                            a_wins: 0.0,
                            b_wins: 0.0,
                            draw: 0.0,
                            ..*o
                        })
                        .collect();
                }
                let share = 1.0 / field.len() as f64;
                for (m, o) in mean.iter_mut().zip(&outcomes) {
                    m.a_wins += share * o.a_wins;
                    m.b_wins += share * o.b_wins;
                    m.draw += share * o.draw;
                }
            }
            Some(BestBid::of(&mean, theirs))
        }
        None => None,
    };
    let summary = Summary {
        rules: rules.name(),
        goal,
        win_rate: response.win_rate,
        field: args
            .against
            .iter()
            .zip(&response.grades)
            .map(|(against, grade)| Opponent {
                against: against.clone(),
                win_rate: grade.win_rate,
                first: grade.first.a_wins,
                second: grade.second.a_wins,
            })
            .collect(),
        bound: response.bound,
        bid,
        file: args.output.as_ref().map(|p| p.display().to_string()),
    };
    if json {
        return write_json(out, &summary);
    }
    writeln!(out, "rules        {}, goal {goal}", summary.rules)?;
    writeln!(
        out,
        "against      a field of {}, each met as often",
        field.len()
    )?;
    writeln!(
        out,
        "strategy     best response to the field: it answers from (score, opponent_score) \
         alone, as final_strategy must, whichever opponent it meets"
    )?;
    writeln!(
        out,
        "win rate     {} on average over the field (exact)",
        summary.win_rate
    )?;
    let width = args.against.iter().map(|a| a.len()).max().unwrap_or(0);
    for opponent in &summary.field {
        writeln!(
            out,
            "  {:<width$}  {} (moving first {}, second {})",
            opponent.against, opponent.win_rate, opponent.first, opponent.second
        )?;
    }
    writeln!(
        out,
        "bound        {}: the mean of each opponent's best response that sees the whole \
         state; no final_strategy wins more on average (gap {:.6})",
        summary.bound,
        summary.bound - summary.win_rate
    )?;
    if let Some(bid) = &summary.bid {
        writeln!(out, "{}", bid_line(bid, "the field"))?;
    }
    written(args, output.as_ref(), out)
}
