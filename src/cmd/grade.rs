//! `hog grade`: the exact win rate of a strategy against a baseline.

use std::io::Write;

use anyhow::{Context, Result};
use hog_solver::evaluate::Grade as ExactGrade;
use hog_solver::exact::Exact;
use hog_solver::solve::{Driver, Engine};
use hog_solver::{Model, Rules};
use serde::Serialize;

use super::{baseline_or_course, exact_fraction_text, exact_json, write_json, StrategyContext};
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
    /// Whether the strategy answers differently by the dice sides, which a
    /// course strategy cannot see: then it cannot be handed in.
    sees_hidden_state: bool,
    /// With --exact: the same figures as reduced fractions "p/q".
    #[serde(skip_serializing_if = "Option::is_none")]
    win_rate_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    second_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw_exact: Option<String>,
}

/// One figure of an exact grade.
type Pick = fn(&ExactGrade<Exact>) -> &Exact;

pub fn run(
    args: &GradeArgs,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let baseline = baseline_or_course(args.baseline.as_ref(), rules, "--baseline")?;
    let a = sources
        .policy(&args.strategy, rules, goal)
        .strategy_context("the strategy")?;
    let b = sources
        .policy(&baseline, rules, goal)
        .context("the baseline (--baseline)")?;
    let model = Model::new(rules, goal)?;
    let bar = SolveBar::new("grading");
    let report = |done, all| bar.report(done, all);
    // With --exact, the floats are the exact figures' nearest doubles.
    let (floats, exact) = if args.exact.exact {
        let exact = Engine::<Exact>::new(&model, Driver::Parallel)
            .with_progress(&report)
            .grade(&a, &b);
        (exact.to_f64(), Some(exact))
    } else {
        let floats = Engine::<f64>::new(&model, Driver::Parallel)
            .with_progress(&report)
            .grade(&a, &b);
        (floats, None)
    };
    let fraction =
        |pick: fn(&ExactGrade<Exact>) -> &Exact| exact.as_ref().map(|e| exact_json(pick(e)));
    let grade = Grade {
        strategy: args.strategy.clone(),
        baseline,
        win_rate: floats.win_rate,
        first: floats.first.a_wins,
        second: floats.second.a_wins,
        draw: floats.draw,
        sees_hidden_state: a.sees_hidden(),
        win_rate_exact: fraction(|e| &e.win_rate),
        first_exact: fraction(|e| &e.first.a_wins),
        second_exact: fraction(|e| &e.second.a_wins),
        draw_exact: fraction(|e| &e.draw),
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
    // Each figure: 12 decimals, or with --exact 17 significant digits of
    // the exact value and its fraction on the line below.
    let lines: [(&str, f64, Pick, &str); 4] = [
        (
            "win rate",
            grade.win_rate,
            |e| &e.win_rate,
            "exact: the mean of the two seatings",
        ),
        (
            "first",
            grade.first,
            |e| &e.first.a_wins,
            "wins when moving first",
        ),
        (
            "second",
            grade.second,
            |e| &e.second.a_wins,
            "wins when moving second",
        ),
        (
            "draw",
            grade.draw,
            |e| &e.draw,
            "endless games, mean of the two seatings",
        ),
    ];
    for (name, value, pick, what) in lines {
        match &exact {
            None => writeln!(out, "{name:<9} {value:.12}  ({what})")?,
            Some(e) => {
                writeln!(out, "{name:<9} {}  ({what})", pick(e).decimal(17))?;
                writeln!(out, "{:<9} {}", "", exact_fraction_text(pick(e)))?;
            }
        }
    }
    if grade.sees_hidden_state {
        writeln!(
            out,
            "note      {} sees {}, which final_strategy(score, opponent_score) \
             cannot: it is not a course strategy and cannot be handed in (hog final --rules {} \
             makes the best one that can)",
            grade.strategy,
            rules
                .hidden()
                .what()
                .unwrap_or_else(|| "hidden state".into()),
            super::export::shell_word(&rules.name())
        )?;
    }
    Ok(())
}
