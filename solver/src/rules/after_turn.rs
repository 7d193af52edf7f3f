//! Rules applied to the scores after a turn's points are added, in order:
//! swaps and the rules that move the mover's score again.

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::digits::{divisor_count, next_prime, power_of_three_digits_match};
use super::Rules;

/// A rule applied to the scores after the turn's points are added, in order.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AfterTurn {
    /// Swine Swap (fa16, fa13): if one score is exactly double the other, they swap.
    SwineSwapDouble,
    /// Swine Swap (nju21): if 3^(score0 + score1) has equal first and last digits, they swap.
    SwineSwapPowerOfThree,
    /// Sus Fuss (sp26): a mover's score with exactly 3 or 4 divisors becomes the next prime.
    SusFuss,
    /// Feral Hogs (fa19): the mover gains 3 points if |num_rolls - the number
    /// of dice they rolled on their previous turn| = 2 (0 before their first turn).
    FeralHogsRolls,
    /// Feral Hogs (sp20, su20): the mover gains 3 points if |num_rolls - the
    /// points they scored on their previous turn| = 2 (those points without
    /// any Feral Hogs bonus or swap; 0 before their first turn).
    FeralHogsPoints,
}

/// What an after-turn rule may read of the turn besides the scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnFacts {
    /// The number of dice rolled (after any limit; 0 or -1 for no dice).
    pub num_rolls: i32,
    /// The turn's points, after the point modifiers.
    pub points: u32,
    /// The mover's memory of their previous turn (see [`super::hidden::Recall`]).
    pub memory: u8,
}

impl AfterTurn {
    /// The rule on (mover, opponent) scores after a turn.
    pub fn apply(self, (m, o): (u32, u32), turn: TurnFacts) -> (u32, u32) {
        match self {
            AfterTurn::FeralHogsRolls | AfterTurn::FeralHogsPoints
                if turn.num_rolls.abs_diff(i32::from(turn.memory)) == 2 =>
            {
                (m + 3, o)
            }
            AfterTurn::SwineSwapDouble if m == 2 * o || o == 2 * m => (o, m),
            AfterTurn::SwineSwapPowerOfThree if power_of_three_digits_match(m + o) => (o, m),
            AfterTurn::SusFuss => (sus_fuss(m), o),
            _ => (m, o),
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            AfterTurn::SwineSwapDouble => {
                "Swine Swap: if one score is exactly double the other, the scores swap"
            }
            AfterTurn::SwineSwapPowerOfThree => {
                "Swine Swap: if 3^(score0 + score1) has equal first and last digits, the scores swap"
            }
            AfterTurn::SusFuss => {
                "Sus Fuss: a mover's new score with 3 or 4 divisors becomes the next prime"
            }
            AfterTurn::FeralHogsRolls => {
                "Feral Hogs: +3 if num_rolls differs by exactly 2 from the dice the mover rolled on their previous turn (0 before it)"
            }
            AfterTurn::FeralHogsPoints => {
                "Feral Hogs: +3 if num_rolls differs by exactly 2 from the points the mover scored on their previous turn (0 before it)"
            }
        }
    }
}

/// Sus Fuss on one score: exactly 3 or 4 divisors make it the next prime above it.
pub fn sus_fuss(score: u32) -> u32 {
    if matches!(divisor_count(score), 3 | 4) {
        next_prime(score)
    } else {
        score
    }
}

impl Rules {
    /// The after-turn rules in order, on (mover, opponent) scores after the
    /// points were added.
    pub fn after_turn(&self, mover: u32, opponent: u32, turn: TurnFacts) -> (u32, u32) {
        self.after
            .iter()
            .fold((mover, opponent), |scores, rule| rule.apply(scores, turn))
    }
}
