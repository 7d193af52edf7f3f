//! What rolling zero dice scores: Free Bacon and its relatives.
//!
//! Each variant's points are a function of the scores at the start of the
//! turn (the mover's s, the opponent's o), before the point modifiers.

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::digits::{largest_digit, tens};

/// What rolling zero dice scores.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ZeroDice {
    /// Free Bacon (fa16, fa13): 1 + the largest digit of the opponent's score.
    FreeBaconLargestDigit,
    /// Free Bacon (fa12): 1 + the tens digit of the opponent's score.
    FreeBaconTensDigit,
    /// Boar Brawl (sp26): max(1, 3 * |tens(opponent) - ones(mover)|).
    BoarBrawl,
    /// Picky Piggy (nju21): the n-th decimal digit of 1/21 for opponent score n; 1 for n = 0.
    PickyPiggy,
}

impl ZeroDice {
    /// The points for rolling zero dice with scores (s, o) = (`score`, `opponent_score`).
    pub fn points(self, score: u32, opponent_score: u32) -> u32 {
        match self {
            ZeroDice::FreeBaconLargestDigit => 1 + largest_digit(opponent_score),
            ZeroDice::FreeBaconTensDigit => 1 + tens(opponent_score),
            // max(1, 3 * |tens(o) - ones(s)|)
            ZeroDice::BoarBrawl => (3 * tens(opponent_score).abs_diff(score % 10)).max(1),
            // 1/21 = 0.047619 047619 ...: digit n (1-indexed) is "047619"[(n - 1) % 6].
            ZeroDice::PickyPiggy => match opponent_score {
                0 => 1,
                n => [0, 4, 7, 6, 1, 9][((n - 1) % 6) as usize],
            },
        }
    }

    /// The most points rolling zero dice can score, before the point modifiers.
    pub fn max_points(self) -> u32 {
        match self {
            ZeroDice::FreeBaconLargestDigit | ZeroDice::FreeBaconTensDigit => 10,
            ZeroDice::BoarBrawl => 27,
            ZeroDice::PickyPiggy => 9,
        }
    }

    /// Whether rolling zero dice can score 0 points (a turn that keeps the scores).
    pub fn can_score_zero(self) -> bool {
        self == ZeroDice::PickyPiggy
    }

    /// The rule in plain words.
    pub fn describe(self) -> &'static str {
        match self {
            ZeroDice::FreeBaconLargestDigit => "Free Bacon, 1 + the largest digit of the opponent's score",
            ZeroDice::FreeBaconTensDigit => "Free Bacon, 1 + the tens digit of the opponent's score",
            ZeroDice::BoarBrawl => "Boar Brawl, max(1, 3 * |tens(opponent) - ones(mover)|)",
            ZeroDice::PickyPiggy => "Picky Piggy, digit n of 1/21 = 0.047619... for opponent score n (1 for n = 0); can score 0",
        }
    }
}
