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
}

impl AfterTurn {
    /// The rule on (mover, opponent) scores.
    pub fn apply(self, (m, o): (u32, u32)) -> (u32, u32) {
        match self {
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
    pub fn after_turn(&self, mover: u32, opponent: u32) -> (u32, u32) {
        self.after
            .iter()
            .fold((mover, opponent), |scores, rule| rule.apply(scores))
    }
}
