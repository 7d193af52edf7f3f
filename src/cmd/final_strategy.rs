//! `hog final`: the one command a student needs. It solves the best
//! `final_strategy(score, opponent_score)` for the course: the best response
//! to the course baseline (or `--against`), blind where the rules hide state
//! from a course strategy (fa16's dice sides, see `hog_solver::blind`), and
//! writes it as a pasteable Python module, or a CSV, JSON or `.hogtable`
//! file, by the output file's extension. With `--exact` the strategy found
//! (the search itself runs in f64) and the bound are graded again in exact
//! fractions.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::{bail, Context, Result};
use hog_solver::bids::{best_bid, bid_outcomes, BidOutcome};
use hog_solver::blind::ProvenBound;
use hog_solver::evaluate::Grade;
use hog_solver::exact::Exact;
use hog_solver::solve::{Driver, Engine};
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Rules};
use serde::Serialize;

use super::{baseline_or_course, exact_fraction_text, exact_json, write_json};
use crate::cli::{FinalArgs, Format};
use crate::commands::export::{self, ExportInfo};
use crate::files::{self, Kind};
use crate::progress::Spinner;
use crate::sources::{extension, Sources};

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
#[derive(Serialize)]
pub(super) struct BestBid {
    /// The opponent's bid.
    opponent_bid: u32,
    /// The highest bid looked at (every one from 0).
    highest: u32,
    /// The best bid, its start and its exact outcome.
    #[serde(flatten)]
    best: BidOutcome,
}

impl BestBid {
    /// The best of `outcomes` (every bid from 0, against `opponent_bid`).
    pub(super) fn of(outcomes: &[BidOutcome], opponent_bid: u32) -> BestBid {
        BestBid {
            opponent_bid,
            highest: outcomes.last().map_or(0, |o| o.bid),
            best: *best_bid(outcomes).expect("at least bid 0"),
        }
    }

    /// The line `hog final` prints.
    pub(super) fn line(&self, against: &str) -> String {
        let b = &self.best;
        let (ours, theirs) = b.start.scores;
        let first = if b.start.first == 0 { "we" } else { "they" };
        format!(
            "bid          {}: wins {} against {against} bidding {} (exact; starts {ours} to \
             {theirs}, {first} first; the best of the bids 0 to {})",
            b.bid, b.a_wins, self.opponent_bid, self.highest
        )
    }
}

/// The opponent's bid under rules with bids (0 unless given); an error if
/// given under rules without them, or past the goal.
pub(super) fn opponent_bid(args: &FinalArgs, rules: &Rules, goal: u32) -> Result<Option<u32>> {
    match (rules.bids, args.opponent_bid) {
        (hog_solver::rules::Bids::None, Some(_)) => bail!(
            "--opponent-bid: the rules {} have no bids (bids=none)",
            rules.name()
        ),
        (hog_solver::rules::Bids::None, None) => Ok(None),
        (_, bid) => {
            let bid = bid.unwrap_or(0);
            hog_solver::bids::check_bid(bid, goal).context("--opponent-bid")?;
            Ok(Some(bid))
        }
    }
}

/// With --exact: the exact grade of the strategy found, and the bound.
type ExactFigures = (Grade<Exact>, Option<Exact>);

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
    let their_bid = opponent_bid(args, &rules, goal)?;
    let against = baseline_or_course(args.against.first(), &rules, "--against")?;
    let b = sources
        .policy(&against, &rules, goal)
        .context("--against")?;
    let model = Model::new(&rules, goal)?;
    crate::alloc::check_memory(&model, hog_solver::memory::Job::BestResponse)?;
    let searching = format!("searching the best final_strategy against {against}");
    let spinner = Spinner::new(&searching);
    if let Some(seconds) = feral_seconds(&model) {
        // Off a terminal no spinner shows: one line says what takes so long.
        if !std::io::stderr().is_terminal() {
            // A stderr that cannot be written loses only this note.
            let _ = writeln!(
                std::io::stderr(),
                "hog final: {searching} under Feral Hogs' memories, which takes about \
                 {seconds} s of processor time (up to a few times that in wall time on a busy \
                 machine)"
            );
        }
    }
    let engine = Engine::<f64>::new(&model, Driver::Parallel);
    let response = engine.blind_response_kicked(
        &b,
        args.effort
            .map_or(hog_solver::blind::default_kicks(&model), |k| k as usize),
    )?;
    drop(spinner);
    let proven = match args.prove_bound {
        Some(_) if !response.hidden => bail!(
            "--prove-bound: the {} rules hide nothing from final_strategy, so the best \
             response's win rate is already the best",
            rules.name()
        ),
        Some(nodes) => {
            let _spinner = Spinner::new(&format!(
                "proving a bound by branch and bound, up to {nodes} nodes"
            ));
            Some(engine.blind_bound(&b, response.grade.win_rate, nodes as usize))
        }
        None => None,
    };
    let objective = Objective::final_response(against.clone(), response.hidden);
    let mut info = ExportInfo::new(
        &rules,
        goal,
        objective.to_string(),
        &response.policy,
        sources,
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
    // --exact: the search runs in f64; the strategy it found, and the
    // bound, are then computed again in exact fractions.
    let exact = args.exact.exact.then(|| {
        let engine = Engine::<Exact>::new(&model, Driver::Parallel);
        let grade = engine.grade(&response.policy, &b);
        let bound = response.hidden.then(|| engine.best_response(&b).win_rate());
        (grade, bound)
    });
    let bid = their_bid
        .map(|theirs| {
            let outcomes = bid_outcomes(&model, &response.policy, &b, theirs)?;
            Ok::<_, anyhow::Error>(BestBid::of(&outcomes, theirs))
        })
        .transpose()?;
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
        not_graded: graded_elsewhere(&rules, &response.policy, goal, sources)?,
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
            "proven bound {}: branch and bound over {} node{}; {how} (gap {:.6})",
            proven.bound,
            proven.nodes,
            if proven.nodes == 1 { "" } else { "s" },
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
        writeln!(out, "{}", bid.line(&against))?;
    }
    if let Some(warning) = &summary.warning {
        writeln!(out, "warning      {warning}")?;
    }
    written(args, output.as_ref(), out)
}

/// The processor time of the search at the default effort under Feral
/// Hogs, in seconds: 20 s at goal 100 for fa19, sp20 and su20 (measured:
/// 18.7 to 20.1 s of user time), a sweep's cost growing as the goal
/// squared; None under other rules, where it takes about a second.
fn feral_seconds(model: &Model) -> Option<u64> {
    const SECONDS_AT_100: u64 = 20;
    let goal = u64::from(model.goal());
    model
        .feral()
        .map(|_| (SECONDS_AT_100 * goal * goal / (100 * 100)).max(1))
}

/// Where the rules are a step of a course's project rather than its graded
/// game (the `-simple` twins): a sentence that says so, with the win rate
/// `policy` has in the game the course grades, against that game's
/// baseline.
pub(super) fn graded_elsewhere(
    rules: &Rules,
    policy: &hog_solver::strategy::Policy,
    goal: u32,
    sources: &Sources,
) -> Result<Option<String>> {
    let Some(graded) = hog_solver::Preset::find(&rules.name()).and_then(|p| p.graded_as) else {
        return Ok(None);
    };
    let preset = hog_solver::Preset::find(graded).context("the graded preset")?;
    let graded_rules = preset.rules();
    let model = Model::new(&graded_rules, goal)?;
    let baseline = sources.policy(preset.baseline, &graded_rules, goal)?;
    let rate = Engine::<f64>::new(&model, Driver::Parallel)
        .grade(policy, &baseline)
        .win_rate;
    Ok(Some(format!(
        "not a file to hand in: {} is a step of the project, and the course grades {graded} \
         (its winner and average_win_rate play {graded}'s rules), where this strategy wins \
         {rate:.6} against {}; hog final --rules {graded} makes the file to hand in",
        rules.name(),
        preset.baseline
    )))
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
    let mut words = vec![
        "hog final".to_string(),
        format!("--rules {}", export::shell_word(&rules.name())),
        format!("--goal {goal}"),
    ];
    for against in &args.against {
        words.push(format!("--against {}", export::shell_word(against)));
    }
    words.join(" ")
}
