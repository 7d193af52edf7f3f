//! `hog final`: the one command a student needs. It finds the best
//! `final_strategy(score, opponent_score)` for the course (see
//! [`crate::ops::final_strategy`]) and writes it as a pasteable Python
//! module, or a CSV, JSON or `.hogtable` file, by the output file's
//! extension.

use std::io::Write;

use anyhow::Result;
use hog_solver::blind::ProvenBound;
use hog_solver::exact::Exact;
use hog_solver::Rules;
use serde::Serialize;

use super::{game_played, read_option, sources, write_json, Played};
use crate::cli::args::FinalArgs;
use crate::ops::export;
use crate::ops::final_strategy::{
    find, made_by, write, BestBid, ExactFigures, FinalInput, Found, Output,
};
use crate::ops::{exact_fraction_text, exact_json};
use crate::strategies::Strategy;

#[derive(Serialize)]
struct Summary {
    rules: String,
    /// The semester the user knows, where its preset has another name.
    semester: Option<String>,
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

/// The strategies `--against` names, read, and the game they play.
pub(super) fn against(args: &FinalArgs) -> Result<(Vec<Strategy>, Played)> {
    let mut against = vec![];
    for text in &args.against {
        against.extend(read_option(Some(text), "--against")?);
    }
    let played = game_played(
        &args.game,
        &against.iter().collect::<Vec<_>>(),
        args.json.json,
    )?;
    Ok((against, played))
}

/// `hog final` against one opponent.
pub fn run(args: &FinalArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let (against, played) = against(args)?;
    let name = played.name();
    let Played {
        rules,
        goal,
        lead,
        semester,
    } = played;
    let output = args.output.as_deref().map(Output::of).transpose()?;
    let mut found = find(
        &FinalInput {
            rules: rules.clone(),
            goal,
            against: against.into_iter().next(),
            effort: args.effort,
            prove_bound: args.prove_bound,
            opponent_bid: args.opponent_bid,
            exact: args.exact.exact,
        },
        &sources(&args.python),
        // The search's spinner says it works; no bar counts its states.
        &|_, _| {},
    )?;
    found.info.made_by = Some(made_by(
        semester.as_deref().unwrap_or(&rules.name()),
        goal,
        &args.against,
    ));
    found.info.semester = semester.clone();
    if let (Some(path), Some(output)) = (&args.output, &output) {
        write(&found, path, output, args.force)?;
    }
    let Found {
        against,
        response,
        info,
        proven,
        exact,
        bid,
        not_graded,
        ..
    } = found;
    let exact_text =
        |pick: fn(&ExactFigures) -> Option<&Exact>| exact.as_ref().and_then(pick).map(exact_json);
    let grade = &response.grade;
    let summary = Summary {
        rules: rules.name(),
        semester,
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
        lead.before(out)?;
        return write_json(out, &summary);
    }
    lead.rules(out, 13, &name, Some(("goal", &goal.to_string())))?;
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
    write_bounds(&rules, &summary, exact.as_ref(), proven.as_ref(), out)?;
    if let Some(bid) = &summary.bid {
        writeln!(out, "{}", bid_line(bid, &against))?;
    }
    if let Some(warning) = &summary.warning {
        writeln!(out, "warning      {warning}")?;
    }
    written(args, output.as_ref(), out)
}

/// The bound on a final_strategy where the rules hide state, and the
/// proven bound where `--prove-bound` asked for one.
fn write_bounds(
    rules: &Rules,
    summary: &Summary,
    exact: Option<&ExactFigures>,
    proven: Option<&ProvenBound>,
    out: &mut dyn Write,
) -> Result<()> {
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
        if let Some((_, Some(bound))) = exact {
            writeln!(
                out,
                "exact        {} {}",
                bound.decimal(17),
                exact_fraction_text(bound)
            )?;
        }
    }
    if let Some(proven) = proven {
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
    Ok(())
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
