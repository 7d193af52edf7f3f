//! `hog final`: the one command a student needs. It finds the best
//! `final_strategy(score, opponent_score)` for the course (see
//! [`crate::ops::final_strategy`]) and writes it as a pasteable Python
//! module, or a CSV, JSON or `.hogtable` file, by the output file's
//! extension.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Result};
use hog_solver::blind::ProvenBound;
use hog_solver::exact::Exact;
use hog_solver::table::PolicyTable;
use hog_solver::Rules;
use serde::Serialize;

use super::{exact_fraction_text, exact_json, write_json};
use crate::cli::args::{FinalArgs, Format};
use crate::files::{self, Kind};
use crate::ops::export;
use crate::ops::final_strategy::{find, BestBid, ExactFigures, FinalInput, Found};
use crate::strategies::{extension, Sources, Strategy};

/// What `-o` writes, by the file's extension.
pub(super) enum Output {
    Export(Format),
    Table,
}

impl Output {
    pub(super) fn of(path: &Path) -> Result<Output> {
        if path == Path::new("-") {
            bail!(
                "-o -: hog final writes a file named .py, .csv, .json or .hogtable; for \
                 stdout, hog export 'blind_best_response(STRATEGY)' --format python"
            );
        }
        Ok(match extension(path).as_str() {
            "py" => Output::Export(Format::Python),
            "csv" => Output::Export(Format::Csv),
            "json" => Output::Export(Format::Json),
            "hogtable" => Output::Table,
            other => bail!(
                "-o {}: unknown file type '{other}': hog final writes .py (a \
                     final_strategy module), .csv, .json or .hogtable",
                path.display()
            ),
        })
    }

    pub(super) fn name(&self) -> &'static str {
        match self {
            Output::Export(format) => format.name(),
            Output::Table => "hogtable",
        }
    }
}

#[derive(Serialize)]
struct Summary {
    rules: String,
    goal: u32,
    against: String,
    win_rate: f64,
    first: f64,
    second: f64,
    /// The best response that sees the hidden state; None when nothing is hidden.
    bound: Option<f64>,
    /// With --prove-bound: the bound the branch and bound proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    proven_bound: Option<ProvenBound>,
    /// Under rules with bids: the best bid against the opponent's.
    #[serde(skip_serializing_if = "Option::is_none")]
    bid: Option<BestBid>,
    file: Option<String>,
    /// Set when the strategy loses to the course baseline (possible with --against).
    warning: Option<String>,
    /// Set for a step of a project that the course does not grade (sp26-simple).
    not_graded: Option<String>,
    /// With --exact: the figures above as reduced fractions "p/q".
    #[serde(skip_serializing_if = "Option::is_none")]
    win_rate_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    second_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound_exact: Option<String>,
}

/// Under rules with bids, the bid with the highest exact win rate of the
/// strategy found against the opponent's bid.
pub fn run(
    args: &FinalArgs,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let output = args.output.as_deref().map(Output::of).transpose()?;
    let rules = rules.clone();
    let Found {
        against,
        response,
        objective,
        mut info,
        proven,
        exact,
        bid,
        not_graded,
    } = find(
        &FinalInput {
            rules: rules.clone(),
            goal,
            against: args.against.first().cloned().map(Strategy::Text),
            effort: args.effort,
            prove_bound: args.prove_bound,
            opponent_bid: args.opponent_bid,
            exact: args.exact.exact,
        },
        sources,
        // The search's spinner says it works; no bar counts its states.
        &|_, _| {},
    )?;
    info.made_by = Some(made_by(args, &rules, goal));
    if let (Some(path), Some(output)) = (&args.output, &output) {
        match output {
            Output::Export(format) => {
                let text = export::render(*format, &info, &response.policy)?;
                files::write(path, format.kind(), args.force, |w| {
                    Ok(w.write_all(text.as_bytes())?)
                })?;
            }
            Output::Table => {
                let table = PolicyTable {
                    rules: rules.clone(),
                    goal,
                    objective,
                    policy: response.policy.clone(),
                    values: response.values.cells().to_owned(),
                    exact: None,
                };
                files::write(path, Kind::Table, args.force, |w| {
                    Ok(table.write(w).map(|_| ())?)
                })?;
            }
        }
    }
    let exact_text =
        |pick: fn(&ExactFigures) -> Option<&Exact>| exact.as_ref().and_then(pick).map(exact_json);
    let grade = &response.grade;
    let summary = Summary {
        rules: rules.name(),
        goal,
        against: against.clone(),
        win_rate: grade.win_rate,
        first: grade.first.a_wins,
        second: grade.second.a_wins,
        bound: response.hidden.then_some(response.bound),
        proven_bound: proven.clone(),
        bid,
        file: args.output.as_ref().map(|p| p.display().to_string()),
        warning: info.grade.as_ref().and_then(export::losing_warning),
        not_graded,
        win_rate_exact: exact_text(|(g, _)| Some(&g.win_rate)),
        first_exact: exact_text(|(g, _)| Some(&g.first.a_wins)),
        second_exact: exact_text(|(g, _)| Some(&g.second.a_wins)),
        bound_exact: exact_text(|(_, bound)| bound.as_ref()),
    };
    if json {
        return write_json(out, &summary);
    }
    writeln!(out, "rules        {}, goal {goal}", summary.rules)?;
    if let Some(note) = &summary.not_graded {
        writeln!(out, "note         {note}")?;
    }
    writeln!(out, "against      {against}")?;
    if response.hidden {
        writeln!(
            out,
            "strategy     blind best response: it answers from (score, opponent_score) \
             alone, as final_strategy must"
        )?;
    } else {
        writeln!(
            out,
            "strategy     best response (these rules hide nothing from final_strategy)"
        )?;
    }
    writeln!(
        out,
        "win rate     {} against {against} (exact; moving first {}, second {})",
        summary.win_rate, summary.first, summary.second
    )?;
    if let Some((grade, _)) = &exact {
        writeln!(
            out,
            "exact        {} {}",
            grade.win_rate.decimal(17),
            exact_fraction_text(&grade.win_rate)
        )?;
    }
    if let Some(bound) = summary.bound {
        // The sighted best response is also the best strategy with memory:
        // what the rules hide follows from the player's own moves and the
        // scores seen (docs/performance.md, "Which side is loose").
        writeln!(
            out,
            "bound        {bound}: the best a player could do who remembers its own moves (or \
             sees {}); a final_strategy of the two scores cannot, and wins at most this (gap \
             {:.6})",
            rules
                .hidden()
                .what()
                .unwrap_or_else(|| "the whole state".into()),
            (bound - summary.win_rate).max(0.0)
        )?;
        if let Some((_, Some(bound))) = &exact {
            writeln!(
                out,
                "exact        {} {}",
                bound.decimal(17),
                exact_fraction_text(bound)
            )?;
        }
    }
    if let Some(proven) = &proven {
        let how = if proven.complete {
            "complete: the best final_strategy wins exactly this".to_string()
        } else {
            "stopped with nodes open; a larger --prove-bound may prove a lower bound".to_string()
        };
        writeln!(
            out,
            "proven bound {}: branch and bound over {} node{} ({} bound{} computed, each \
             split chosen by both children of its candidates); {how} (gap {:.6})",
            proven.bound,
            proven.nodes,
            if proven.nodes == 1 { "" } else { "s" },
            proven.bounds_computed,
            if proven.bounds_computed == 1 { "" } else { "s" },
            (proven.bound - summary.win_rate).max(0.0)
        )?;
        // A solved node is a blind strategy the branch and bound met; the
        // file holds the search's.
        if proven.attained > summary.win_rate + hog_solver::solve::TIE_TOLERANCE {
            writeln!(
                out,
                "found        a final_strategy that wins {} exists (a solved node of the \
                 branch and bound); the file is the search's, which wins less",
                proven.attained
            )?;
        }
    }
    if let Some(bid) = &summary.bid {
        writeln!(out, "{}", bid_line(bid, &against))?;
    }
    if let Some(warning) = &summary.warning {
        writeln!(out, "warning      {warning}")?;
    }
    written(args, output.as_ref(), out)
}

/// The line `hog final` prints of the best bid.
pub(super) fn bid_line(bid: &BestBid, against: &str) -> String {
    let b = &bid.best;
    let (ours, theirs) = b.start.scores;
    let first = if b.start.first == 0 { "we" } else { "they" };
    format!(
        "bid          {}: wins {} against {against} bidding {} (exact; starts {ours} to \
         {theirs}, {first} first; the best of the bids 0 to {})",
        b.bid, b.a_wins, bid.opponent_bid, bid.highest
    )
}

/// The last line of `hog final`: the file written, or how to write one.
pub(super) fn written(
    args: &FinalArgs,
    output: Option<&Output>,
    out: &mut dyn Write,
) -> Result<()> {
    match (&args.output, output) {
        (Some(path), Some(output)) => {
            writeln!(out, "written      {} ({})", path.display(), output.name())?
        }
        _ => writeln!(
            out,
            "written      nothing: give -o final.py for a module to paste into hog.py"
        )?,
    }
    Ok(())
}

/// The command line that makes this file, for the record.
pub(super) fn made_by(args: &FinalArgs, rules: &Rules, goal: u32) -> String {
    crate::ops::final_strategy::made_by(rules, goal, &args.against)
}
