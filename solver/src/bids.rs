//! The contest's bids (fa14, `bids=plus_D`): the exact outcome of a game of
//! two fixed strategies from the start their bids give, for every bid.
//!
//! A bid changes only where the game starts ([`Bids::start`]): who moves
//! first and the two starting scores; the strategies stay. One evaluation
//! of A against B from every state ([`Engine::evaluate`]) holds the outcome
//! from every start, so every pair of bids reads it. With A as player 0 of
//! `bid_for_start(bid_A, bid_B)` and starting scores (s_A, s_B):
//!
//! ```text
//!   s_A >= G and s_B >= G    a tie: nobody wins (equal bids: both start at the goal)
//!   s_A >= G                 A wins before the first turn
//!   s_B >= G                 B wins before the first turn
//!   A moves first            E_A(s_A, s_B): A's grid, A to move
//!   B moves first            E_B(s_B, s_A): B's grid, B to move
//! ```
//!
//! at the opening hidden value (turn 0, six-sided dice, nothing
//! remembered). Swapping the players swaps the roles exactly (the rule is
//! symmetric but for who moves first on equal bids, a tie either way).

use rayon::prelude::*;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::evaluate::{Evaluation, Outcome};
use crate::model::Model;
use crate::round_robin::Match;
use crate::rules::{BidStart, Bids, State};
use crate::solve::{Driver, Engine, TIE_TOLERANCE};
use crate::stop::Stop;
use crate::strategy::Policy;

/// One bid of A against B's, and the game it starts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BidOutcome {
    /// A's bid.
    pub bid: u32,
    /// The start, A as player 0.
    pub start: BidStart,
    /// The outcome of the game from that start: A's wins, B's, and draws
    /// (a tie of equal bids, or an endless game).
    pub a_wins: f64,
    pub b_wins: f64,
    pub draw: f64,
}

/// The outcome of A against B where A bid `bid_a` and B `bid_b`, read from
/// their evaluation (see the module docs).
pub fn bid_outcome(
    rules_bids: Bids,
    evaluation: &Evaluation<f64>,
    goal: u32,
    bid_a: u32,
    bid_b: u32,
) -> Result<BidOutcome> {
    let start = rules_bids.start(bid_a, bid_b, goal).ok_or_else(|| {
        Error::Unsupported("bids under rules without bids (bids=none)".to_string())
    })?;
    let (s_a, s_b) = start.scores;
    let (a, b) = (s_a >= goal, s_b >= goal);
    let outcome = match (a, b) {
        (true, true) => Outcome {
            a_wins: 0.0,
            b_wins: 0.0,
            draw: 1.0,
        },
        (true, false) => Outcome {
            a_wins: 1.0,
            b_wins: 0.0,
            draw: 0.0,
        },
        (false, true) => Outcome {
            a_wins: 0.0,
            b_wins: 1.0,
            draw: 0.0,
        },
        (false, false) if start.first == 0 => evaluation.a_moves.get(State::new(s_a, s_b)).clone(),
        (false, false) => evaluation.b_moves.get(State::new(s_b, s_a)).clone(),
    };
    Ok(BidOutcome {
        bid: bid_a,
        start,
        a_wins: outcome.a_wins,
        b_wins: outcome.b_wins,
        draw: outcome.draw,
    })
}

/// Every bid of A from 0 against B's bid `their_bid`: up to the goal, and
/// up to `their_bid` + D where that is higher (a bid above both only hands
/// B a start at the goal), in order. A `their_bid` past the goal is an
/// error ([`check_bid`]).
pub fn bid_outcomes(
    model: &Model,
    a: &Policy,
    b: &Policy,
    their_bid: u32,
) -> Result<Vec<BidOutcome>> {
    let rules = model.rules();
    let Bids::Plus(margin) = rules.bids else {
        return Err(Error::Unsupported(format!(
            "bids under {}: the rules have no bids (bids=none)",
            rules.name()
        )));
    };
    let goal = model.goal();
    check_bid(their_bid, goal)?;
    let evaluation = Engine::<f64>::new(model, Driver::Parallel).evaluate(a, b);
    let highest = goal.max(their_bid + u32::from(margin));
    (0..=highest)
        .map(|bid| bid_outcome(rules.bids, &evaluation, goal, bid, their_bid))
        .collect()
}

/// An error for a bid past the goal: against it, bidding 0 starts with
/// that bid's points (`bid_for_start` gives each player the other's bid),
/// a win before the first turn; bids from 0 to the goal are all that can
/// matter.
pub fn check_bid(bid: u32, goal: u32) -> Result<()> {
    if bid > goal {
        return Err(Error::BidPastGoal { bid, goal });
    }
    Ok(())
}

/// The bid with the highest chance to win (the lowest such bid where
/// several are within the tie tolerance of it).
pub fn best_bid(outcomes: &[BidOutcome]) -> Option<&BidOutcome> {
    let best = outcomes
        .iter()
        .map(|o| o.a_wins)
        .fold(f64::NEG_INFINITY, f64::max);
    outcomes.iter().find(|o| o.a_wins >= best - TIE_TOLERANCE)
}

/// Grades `policies[a]` against `policies[b]` for every `(a, b)` in
/// `pairs`, each from the start their bids give (`bids[a]` as player 0's,
/// `bids[b]` as player 1's), in parallel over the pairs, calling
/// `graded(k, result)` for pair `k` as soon as it is done. A tie of equal
/// bids is a draw. `stop` ends the work as a layer starts (it unwinds,
/// see [`crate::stop`]).
pub fn grade_bid_pairs(
    model: &Model,
    policies: &[&Policy],
    bids: &[u32],
    pairs: &[(usize, usize)],
    stop: &Stop,
    graded: impl Fn(usize, Match) + Sync,
) -> Result<()> {
    let engine = Engine::<f64>::new(model, Driver::Sequential).with_stop(stop);
    pairs.par_iter().enumerate().try_for_each(|(k, &(a, b))| {
        let evaluation = engine.evaluate(policies[a], policies[b]);
        let outcome = bid_outcome(
            model.rules().bids,
            &evaluation,
            model.goal(),
            bids[a],
            bids[b],
        )?;
        graded(
            k,
            Match {
                a_wins: outcome.a_wins,
                b_wins: outcome.b_wins,
                draw: outcome.draw,
            },
        );
        Ok(())
    })
}
