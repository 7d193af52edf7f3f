//! `hog grade`: the exact win rate of a strategy against a baseline.

use std::io::Write;

use anyhow::{Context, Result};
use hog_solver::solve::{Driver, Engine};
use hog_solver::{Model, Rules};
use serde::Serialize;

use super::{baseline_or_course, write_json, StrategyContext};
use crate::cli::GradeArgs;
use crate::progress::SolveBar;
use crate::sources::Sources;

#[derive(Serialize)]
struct Grade {
    strategy: String,
    baseline: String,
    win_rate: f64,
    first: f64,
    second: f64,
    draw: f64,
}

pub fn run(
    args: &GradeArgs,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let baseline = baseline_or_course(args.baseline.as_ref(), rules)?;
    let a = sources
        .policy(&args.strategy, rules, goal)
        .strategy_context("the strategy")?;
    let b = sources
        .policy(&baseline, rules, goal)
        .context("the baseline (--baseline)")?;
    let model = Model::new(rules, goal)?;
    let bar = SolveBar::new("grading");
    let report = |done, all| bar.report(done, all);
    let exact = Engine::new(&model, Driver::Parallel)
        .with_progress(&report)
        .grade(&a, &b);
    let grade = Grade {
        strategy: args.strategy.clone(),
        baseline,
        win_rate: exact.win_rate,
        first: exact.first.a_wins,
        second: exact.second.a_wins,
        draw: exact.draw,
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
    Ok(())
}
