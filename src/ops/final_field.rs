//! The best `final_strategy` for a field of opponents, each met as often
//! (`hog final --against A --against B ...`), as a contest player wants
//! it: the strategy of the two scores with the highest mean exact win rate
//! over the field (`hog_solver::blind`: which opponent it meets is hidden
//! from it, as fa16's dice sides are), each opponent's exact figure, and
//! the bound no such strategy can pass on average; under bids, the best
//! bid against the field's.

use anyhow::{Context, Result};
use hog_solver::bids::{bid_outcomes, BidOutcome};
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules};
use serde::Serialize;

use super::export::ExportInfo;
use super::final_strategy::{opponent_bid, BestBid};
use super::Progress;
use crate::progress::Spinner;
use crate::strategies::{Sources, Strategy};

/// A search against a field: the game, the opponents (two or more), the
/// effort (kicks after the starts' ascents; the search's default by
/// default) and the opponents' bid under bids.
pub struct FieldInput {
    pub rules: Rules,
    pub goal: u32,
    pub field: Vec<Strategy>,
    pub effort: Option<u32>,
    pub opponent_bid: Option<u32>,
}

/// One opponent's exact figures against the strategy found.
#[derive(Clone, Serialize)]
pub struct Opponent {
    pub against: String,
    pub win_rate: f64,
    pub first: f64,
    pub second: f64,
}

/// What the search found; its serde fields are `hog final --json`'s.
#[derive(Serialize)]
pub struct FieldFound {
    pub rules: String,
    /// The semester the user knows, where its preset has another name
    /// (set by the face that knows it).
    pub semester: Option<String>,
    pub goal: u32,
    /// The mean exact win rate over the field.
    pub win_rate: f64,
    pub field: Vec<Opponent>,
    /// The mean of each opponent's best response that sees the whole state.
    pub bound: f64,
    /// Under rules with bids: the bid with the highest mean exact win rate
    /// against every opponent's bid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bid: Option<BestBid>,
    /// The file the caller writes the strategy to, if any.
    pub file: Option<String>,
    /// The strategy found, the same whichever opponent it meets.
    #[serde(skip)]
    pub policy: Policy,
    /// The record an export of the strategy carries.
    #[serde(skip)]
    pub info: ExportInfo,
}

pub fn find_field(input: &FieldInput, sources: &Sources, progress: Progress) -> Result<FieldFound> {
    let FieldInput { rules, goal, .. } = input;
    let goal = *goal;
    let their_bid = opponent_bid(rules, goal, input.opponent_bid)?;
    let field: Vec<Policy> = input
        .field
        .iter()
        .map(|against| {
            sources
                .play(against, rules, goal)
                .with_context(|| format!("--against {}", against.name()))
        })
        .collect::<Result<_>>()?;
    let names: Vec<String> = input.field.iter().map(|a| a.name().to_string()).collect();
    let model = Model::new(rules, goal)?;
    let opponents: Vec<&Policy> = field.iter().collect();
    let spinner = Spinner::new("searching the best final_strategy against the field");
    let response = Engine::<f64>::new(&model, Driver::Parallel)
        .with_stop(sources.stop())
        .with_progress(progress)
        .field_response(
            &opponents,
            input.effort.map_or(
                hog_solver::blind::default_kicks(&model, opponents.len()),
                |k| k as usize,
            ),
        )?;
    drop(spinner);
    let objective = format!("best response to the field {}", names.join(", "));
    let info = ExportInfo::new(rules, goal, objective, &response.policy, sources)?;
    // Every opponent bids alike, so each bid starts the same game against
    // all: its outcome over the field is the mean of theirs.
    let bid = match their_bid {
        Some(theirs) => {
            let mut mean: Vec<BidOutcome> = vec![];
            for b in &field {
                let outcomes = bid_outcomes(&model, &response.policy, b, theirs)?;
                if mean.is_empty() {
                    mean = outcomes
                        .iter()
                        .map(|o| BidOutcome {
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
    Ok(FieldFound {
        rules: rules.name(),
        semester: None,
        goal,
        win_rate: response.win_rate,
        field: names
            .into_iter()
            .zip(&response.grades)
            .map(|(against, grade)| Opponent {
                against,
                win_rate: grade.win_rate,
                first: grade.first.a_wins,
                second: grade.second.a_wins,
            })
            .collect(),
        bound: response.bound,
        bid,
        file: None,
        policy: response.policy,
        info,
    })
}
