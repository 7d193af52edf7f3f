//! The best `final_strategy(score, opponent_score)` for a course (`hog
//! final`): the best response to the course baseline (or another
//! opponent), blind where the rules hide state from a course strategy
//! (fa16's dice sides, see `hog_solver::blind`), with the bound on what any
//! such strategy wins, a proven bound on request, and under bids the best
//! bid. With `exact`, the strategy found (the search itself runs in f64)
//! and the bound are graded again in exact fractions.

use std::io::{IsTerminal, Write};

use anyhow::{bail, Context, Result};
use hog_solver::bids::{best_bid, bid_outcomes, BidOutcome};
use hog_solver::blind::{BlindResponse, ProvenBound};
use hog_solver::evaluate::Grade;
use hog_solver::exact::Exact;
use hog_solver::solve::{Driver, Engine};
use hog_solver::table::Objective;
use hog_solver::{Model, Rules};
use serde::Serialize;

use super::export::ExportInfo;
use super::{baseline_or_course, Progress};
use crate::progress::Spinner;
use crate::strategies::{Sources, Strategy};

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
    let against = match &input.against {
        Some(against) => against.clone(),
        None => Strategy::Text(baseline_or_course(None, rules, "--against")?),
    };
    let b = sources.play(&against, rules, goal).context("--against")?;
    let against = against.name().to_string();
    let model = Model::new(rules, goal)?;
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
    let info = ExportInfo::new(
        rules,
        goal,
        objective.to_string(),
        &response.policy,
        sources,
    )?;
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

/// The command line that makes the file to hand in for `rules` and `goal`
/// against the opponents `against` (none: the course baseline), as the
/// file records it.
pub fn made_by(rules: &Rules, goal: u32, against: &[String]) -> String {
    let mut words = vec![
        "hog final".to_string(),
        format!("--rules {}", super::export::shell_word(&rules.name())),
        format!("--goal {goal}"),
    ];
    for against in against {
        words.push(format!("--against {}", super::export::shell_word(against)));
    }
    words.join(" ")
}
