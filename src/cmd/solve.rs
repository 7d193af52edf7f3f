//! `hog solve`: the self-play optimum, or the best response to a strategy.

use std::io::Write;

use anyhow::{Context, Result};
use hog_solver::solve::{Driver, Engine};
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Rules, State};
use serde::Serialize;

use super::write_json;
use crate::cli::SolveArgs;
use crate::files::write_atomically;
use crate::progress::SolveBar;
use crate::sources::Sources;

#[derive(Serialize)]
struct Summary {
    rules: String,
    goal: u32,
    objective: &'static str,
    against: Option<String>,
    /// The value of 0-0 with six-sided dice for the player to move.
    first_mover_win: f64,
    opening_action: i32,
    win_rate: Option<f64>,
    first: Option<f64>,
    second: Option<f64>,
}

pub fn run(
    args: &SolveArgs,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let rules = rules.clone();
    let model = Model::new(&rules, goal)?;
    let bar = SolveBar::new("solving");
    let report = |done, all| bar.report(done, all);
    let engine = Engine::<f64>::new(&model, Driver::Parallel).with_progress(&report);
    let (table, summary) = match &args.against {
        None => {
            let solution = engine.optimal();
            let table = PolicyTable {
                rules: rules.clone(),
                goal,
                objective: Objective::Optimal,
                policy: solution.policy.to_policy(&model),
                values: solution.values.cells().to_owned(),
            };
            let summary = Summary {
                rules: rules.name(),
                goal,
                objective: "optimal",
                against: None,
                first_mover_win: *solution.values.get(State::START),
                opening_action: *solution.policy.get(State::START) as i32,
                win_rate: None,
                first: None,
                second: None,
            };
            (table, summary)
        }
        Some(against) => {
            let b = sources.policy(against, &rules, goal).context("--against")?;
            let response = engine.best_response(&b);
            let table = PolicyTable {
                rules: rules.clone(),
                goal,
                objective: Objective::BestResponse {
                    against: against.clone(),
                },
                policy: response.policy.to_policy(&model),
                values: response.us.cells().to_owned(),
            };
            let summary = Summary {
                rules: rules.name(),
                goal,
                objective: "best_response",
                against: Some(against.clone()),
                first_mover_win: response.first(),
                opening_action: *response.policy.get(State::START) as i32,
                win_rate: Some(response.win_rate()),
                first: Some(response.first()),
                second: Some(response.second()),
            };
            (table, summary)
        }
    };
    if let Some(path) = &args.output {
        write_atomically(path, |w| Ok(table.write(w).map(|_| ())?))?;
    }
    if json {
        return write_json(out, &summary);
    }
    print_summary(&summary, &table, args, out)
}

fn print_summary(
    summary: &Summary,
    table: &PolicyTable,
    args: &SolveArgs,
    out: &mut dyn Write,
) -> Result<()> {
    let sides = table.policy.sides();
    writeln!(out, "rules        {}", summary.rules)?;
    writeln!(out, "goal         {}", summary.goal)?;
    match &summary.against {
        None => {
            writeln!(
                out,
                "objective    self-play optimum (both players maximise their chance to win)"
            )?;
            writeln!(
                out,
                "first mover  wins {:.6} from 0-0 with six-sided dice",
                summary.first_mover_win
            )?;
        }
        Some(against) => {
            writeln!(out, "objective    best response to {against}")?;
            writeln!(
                out,
                "win rate     {:.6} against {against} (moving first {:.6}, second {:.6})",
                summary.win_rate.unwrap_or_default(),
                summary.first.unwrap_or_default(),
                summary.second.unwrap_or_default()
            )?;
        }
    }
    writeln!(out, "opening      {}", action_words(summary.opening_action))?;
    let g = summary.goal as usize;
    let shape = match sides.len() {
        1 => format!("{g} x {g} scores"),
        n => format!("{n} dice sides x {g} x {g} scores"),
    };
    writeln!(out, "states       {} ({shape})", sides.len() * g * g)?;
    if table.rules.can_score_zero() {
        writeln!(out, "draws        an endless game is a draw, worth 1/2 in the self-play optimum, 0 in a best response")?;
    }
    if table.policy.sees_sides() {
        writeln!(
            out,
            "note         the policy depends on the dice sides, which a course strategy cannot see"
        )?;
    }
    if let Some(path) = &args.output {
        writeln!(out, "written      {}", path.display())?;
    }
    Ok(())
}

/// "roll 5 dice", "roll 0 dice (Free Bacon and the like)", "Pork Chop".
pub fn action_words(num_rolls: i32) -> String {
    match num_rolls {
        -1 => "Pork Chop (-1)".to_string(),
        1 => "roll 1 die".to_string(),
        n => format!("roll {n} dice"),
    }
}
