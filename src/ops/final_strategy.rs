//! The best `final_strategy(score, opponent_score)` for a course (`hog
//! final`): the best response to the course baseline (or another
//! opponent), blind where the rules hide state from a course strategy
//! (fa16's dice sides, see `hog_solver::blind`), with the bound on what any
//! such strategy wins, a proven bound on request, and under bids the best
//! bid. With `exact`, the strategy found (the search itself runs in f64)
//! and the bound are graded again in exact fractions.

use std::path::Path;

use anyhow::{bail, Context, Result};
use hog_solver::bids::{best_bid, bid_outcomes, BidOutcome};
use hog_solver::blind::{BlindResponse, ProvenBound};
use hog_solver::evaluate::Grade;
use hog_solver::exact::Exact;
use hog_solver::model::Landing;
use hog_solver::solve::{Driver, Engine};
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Preset, Rules};
use serde::Serialize;

use super::export::{self, ExportInfo, Format};
use super::{against_or_course, Progress};
use crate::files::{self, Kind};
use crate::progress::Spinner;
use crate::strategies::{extension, Sources, Strategy};

/// A search to run: the game, the opponent (the course baseline by
/// default), the effort (kicks after the starts' ascents; the search's
/// default by default), the nodes of a proof of the bound (none: no
/// proof), the opponent's bid under bids, and whether the figures are
/// graded again in exact fractions.
pub struct FinalInput {
    pub rules: Rules,
    pub goal: u32,
    pub against: Option<Strategy>,
    pub effort: Option<u32>,
    pub prove_bound: Option<u32>,
    pub opponent_bid: Option<u32>,
    pub exact: bool,
}

/// What the search found: the strategy and its grade, the bound, the
/// record an export of it carries, and what the input asked for beside.
pub struct Found {
    pub against: String,
    pub response: BlindResponse<f64>,
    pub objective: Objective,
    pub info: ExportInfo,
    pub proven: Option<ProvenBound>,
    pub exact: Option<ExactFigures>,
    pub bid: Option<BestBid>,
    /// Where the rules are a step of a project, not its graded game: a
    /// sentence that says so.
    pub not_graded: Option<String>,
}

/// With --exact: the exact grade of the strategy found, and the bound.
pub type ExactFigures = (Grade<Exact>, Option<Exact>);

pub fn find(input: &FinalInput, sources: &Sources, progress: Progress) -> Result<Found> {
    let FinalInput { rules, goal, .. } = input;
    let goal = *goal;
    let their_bid = opponent_bid(rules, goal, input.opponent_bid)?;
    let against = against_or_course(input.against.as_ref(), rules)?;
    let b = sources.play(&against, rules, goal).context("--against")?;
    let against = against.name().to_string();
    // Against the course baseline, the search's own grade is the file's.
    let of_course = Preset::find(&rules.name()).filter(|preset| preset.baseline == against.trim());
    let model = Model::new(rules, goal)?;
    crate::alloc::check_memory(&model, hog_solver::memory::Job::BestResponse)?;
    let spinner = Spinner::predicted(
        &format!("searching the best final_strategy against {against}"),
        search_seconds(&model, input.effort),
    );
    let engine = Engine::<f64>::new(&model, Driver::Parallel)
        .with_stop(sources.stop())
        .with_progress(progress);
    let response = engine.blind_response_kicked(
        &b,
        input
            .effort
            .map_or(hog_solver::blind::default_kicks(&model, 1), |k| k as usize),
    )?;
    drop(spinner);
    let proven = match input.prove_bound {
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
    let info = match of_course {
        Some(preset) => ExportInfo::graded(
            rules,
            goal,
            objective.to_string(),
            Some(export::Grade {
                baseline: preset.baseline.to_string(),
                win_rate: response.grade.win_rate,
            }),
        ),
        None => ExportInfo::new(
            rules,
            goal,
            objective.to_string(),
            &response.policy,
            sources,
        )?,
    };
    // The search runs in f64; the strategy it found, and the bound, are
    // then computed again in exact fractions.
    let exact = input.exact.then(|| {
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
    let not_graded = graded_elsewhere(rules, &response.policy, goal, sources)?;
    Ok(Found {
        against,
        response,
        objective,
        info,
        proven,
        exact,
        bid,
        not_graded,
    })
}

/// What `hog final -o FILE` writes, by the file's kind: a module to paste
/// into `hog.py`, a CSV or JSON table, or a policy table.
pub enum Output {
    Export(Format),
    Table,
}

impl Output {
    pub fn of(path: &Path) -> Result<Output> {
        if path == Path::new("-") {
            bail!(
                "-o -: hog final writes a file named .py, .csv, .json or .hogtable; for \
                 stdout, hog export 'blind_best_response(STRATEGY)' --format python"
            );
        }
        Ok(match Kind::of_name(path) {
            Some(Kind::Table) => Output::Table,
            Some(kind) if Format::of_kind(kind).is_some() => {
                Output::Export(Format::of_kind(kind).expect("an export format"))
            }
            _ => bail!(
                "-o {}: unknown file type '{}': hog final writes .py (a final_strategy \
                 module), .csv, .json or .hogtable",
                path.display(),
                extension(path)
            ),
        })
    }

    pub fn name(&self) -> &'static str {
        match self {
            Output::Export(format) => format.name(),
            Output::Table => "hogtable",
        }
    }
}

/// Writes the strategy `found` as `output` to `path`, through the one
/// writer (`force`: replace a file hog did not write).
pub fn write(found: &Found, path: &Path, output: &Output, force: bool) -> Result<()> {
    match output {
        Output::Export(format) => {
            let text = export::render(*format, &found.info, &found.response.policy)?;
            files::write(path, format.kind(), force, |w| {
                Ok(w.write_all(text.as_bytes())?)
            })
            .map(drop)
        }
        Output::Table => {
            let table = PolicyTable {
                rules: found.info.rules.clone(),
                goal: found.info.goal,
                objective: found.objective.clone(),
                policy: found.response.policy.clone(),
                values: found.response.values.cells().to_owned(),
                exact: None,
            };
            files::write(path, Kind::Table, force, |w| {
                Ok(table.write(w).map(|_| ())?)
            })
            .map(drop)
        }
    }
}

/// The command line that makes the file to hand in, for its record:
/// `hog final --rules R --goal G` (the rules as the user gave them, a
/// preset or a semester) and each `--against`.
pub fn made_by(rules: &str, goal: u32, against: &[String]) -> String {
    let mut words = vec![
        "hog final".to_string(),
        format!("--rules {}", export::shell_word(rules)),
        format!("--goal {goal}"),
    ];
    for against in against {
        words.push(format!("--against {}", export::shell_word(against)));
    }
    words.join(" ")
}

/// Under bids, the best bid against the opponent's.
#[derive(Serialize)]
pub struct BestBid {
    /// The opponent's bid.
    pub opponent_bid: u32,
    /// The highest bid looked at (every one from 0).
    pub highest: u32,
    /// The best bid, its start and its exact outcome.
    #[serde(flatten)]
    pub best: BidOutcome,
}

impl BestBid {
    /// The best of `outcomes` (every bid from 0, against `opponent_bid`).
    pub fn of(outcomes: &[BidOutcome], opponent_bid: u32) -> BestBid {
        BestBid {
            opponent_bid,
            highest: outcomes.last().map_or(0, |o| o.bid),
            best: *best_bid(outcomes).expect("at least bid 0"),
        }
    }
}

/// The opponent's bid under rules with bids (0 unless given); an error if
/// given under rules without them, or past the goal.
pub fn opponent_bid(rules: &Rules, goal: u32, given: Option<u32>) -> Result<Option<u32>> {
    match (rules.bids, given) {
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

/// The processor time of the search, in seconds, as measured at goal 100
/// with the default effort (docs/performance.md, a release build on the
/// idle 2-core machine: fa16 6 s, sp20 8 s, su17 12 s; the contests' Time
/// Trot about 13 s): 6 s where only an action flips the dice sides, 8 s
/// under Feral Hogs' memories, 12 s where the points flip the sides or the
/// rolls take the general path; nothing where the rules hide nothing (a
/// best response). The ascents' sweeps grow as the goal
/// squared (the default kicks shrink as they do); an effort above the
/// default's kicks takes about that many times as long.
fn search_seconds(model: &Model, effort: Option<u32>) -> u64 {
    // Rules that hide nothing take a best response, milliseconds.
    if !model.rules().hides_state() {
        return 0;
    }
    let at_100 = if model.feral().is_some() {
        8.0
    } else if model.rules().flips_sides_by_points() || model.landing() == Landing::General {
        12.0
    } else {
        6.0
    };
    let goal = f64::from(model.goal());
    let default = hog_solver::blind::default_kicks(model, 1).max(1) as f64;
    let effort = effort.map_or(1.0, |kicks| (f64::from(kicks) / default).max(1.0));
    (at_100 * goal * goal / (100.0 * 100.0) * effort)
        .round()
        .max(1.0) as u64
}

/// Where the rules are a step of a course's project rather than its graded
/// game (the `-simple` twins): a sentence that says so, with the win rate
/// `policy` has in the game the course grades, against that game's
/// baseline.
pub fn graded_elsewhere(
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
