//! `hog grade`: the exact win rate of a strategy against a baseline.

use std::io::Write;

use anyhow::{Context, Result};
use hog_solver::evaluate::grade;
use hog_solver::{Model, Rules};
use serde::Serialize;

use super::{baseline_or_course, write_json};
use crate::cli::GradeArgs;
use crate::sources::Sources;

#[derive(Serialize)]
struct Grade {
    strategy: String,
    baseline: String,
    win_rate: f64,
    first: f64,
    second: f64,
    draw: f64,
    /// Whether the strategy answers differently by the dice sides, which a
    /// course strategy cannot see: then it cannot be handed in.
    sees_hidden_state: bool,
}

pub fn run(
    args: &GradeArgs,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let rules = Rules::parse(&args.rules)?;
    let baseline = baseline_or_course(args.baseline.as_ref(), &rules)?;
    let a = sources
        .policy(&args.strategy, &rules, goal)
        .context("the strategy")?;
    let b = sources
        .policy(&baseline, &rules, goal)
        .context("the baseline")?;
    let model = Model::new(&rules, goal)?;
    let exact = grade(&model, &a, &b);
    let grade = Grade {
        strategy: args.strategy.clone(),
        baseline,
        win_rate: exact.win_rate,
        first: exact.first.a_wins,
        second: exact.second.a_wins,
        draw: exact.draw,
        sees_hidden_state: a.sees_sides(),
    };
    if json {
        return write_json(out, &grade);
    }
    writeln!(
        out,
        "{}, goal {goal}: {} against {}",
        rules.name(),
        grade.strategy,
        grade.baseline
    )?;
    writeln!(
        out,
        "win rate  {:.12}  (exact: the mean of the two seatings)",
        grade.win_rate
    )?;
    writeln!(
        out,
        "first     {:.12}  (wins when moving first)",
        grade.first
    )?;
    writeln!(
        out,
        "second    {:.12}  (wins when moving second)",
        grade.second
    )?;
    writeln!(
        out,
        "draw      {:.12}  (endless games, mean of the two seatings)",
        grade.draw
    )?;
    if grade.sees_hidden_state {
        writeln!(
            out,
            "note      {} sees the dice sides, which final_strategy(score, opponent_score) \
             cannot: it is not a course strategy and cannot be handed in (hog final --rules {} \
             makes the best one that can)",
            grade.strategy,
            super::export::shell_word(&args.rules)
        )?;
    }
    Ok(())
}
