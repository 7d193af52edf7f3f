//! Bids (fa14 contest): each entry's `final_bid`, a whole number from 0,
//! decides who moves first and the starting scores, by the fa14 project's
//! `bid_for_start(bid0, bid1, goal)`:
//!
//! * equal bids: both players start at the goal, an instant tie;
//! * a bid exactly D higher than the other (fa14: D = 5): its bidder moves
//!   first with 10 points against 0;
//! * otherwise the higher bidder moves first, and each player starts with
//!   the other's bid.
//!
//! The strategies and the game are those of the rules; only the start moves.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How a contest's bids set the start of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bids {
    /// No bids: every game starts at 0-0, each player first once.
    #[default]
    None,
    /// `final_bid` decides the start, and a bid exactly this much higher
    /// starts first at 10 against 0. Written `plus_D`.
    Plus(u8),
}

/// Where a game between two bids starts, by the course's `bid_for_start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BidStart {
    /// Player 0's and player 1's starting scores.
    pub scores: (u32, u32),
    /// The player who moves first, 0 or 1 (equal bids: 0, though it does
    /// not matter: both start at the goal).
    pub first: u8,
}

impl Bids {
    /// The names a rules text takes.
    pub const NAMES: [&'static str; 2] = ["none", "plus_D (D from 1 to 99)"];

    /// The start of a game where player 0 bid `bid0` and player 1 `bid1`,
    /// to `goal`: the course's `bid_for_start(bid0, bid1, goal)`. None where
    /// the rules have no bids.
    pub fn start(self, bid0: u32, bid1: u32, goal: u32) -> Option<BidStart> {
        let Bids::Plus(margin) = self else {
            return None;
        };
        let margin = u32::from(margin);
        let (scores, first) = if bid0 == bid1 {
            ((goal, goal), 0)
        } else if bid1.checked_sub(bid0) == Some(margin) {
            ((0, 10), 1)
        } else if bid0.checked_sub(bid1) == Some(margin) {
            ((10, 0), 0)
        } else if bid0 > bid1 {
            ((bid1, bid0), 0)
        } else {
            ((bid1, bid0), 1)
        };
        Some(BidStart { scores, first })
    }

    /// The rule in words, for `hog rules show`.
    pub fn describe(self) -> Option<String> {
        match self {
            Bids::None => None,
            Bids::Plus(margin) => Some(format!(
                "Bids: each entry's final_bid decides the start: equal bids start both at the \
                 goal (a tie); a bid exactly {margin} higher moves first at 10 against 0; \
                 otherwise the higher bidder moves first and each starts with the other's bid"
            )),
        }
    }
}

impl fmt::Display for Bids {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bids::None => f.write_str("none"),
            Bids::Plus(margin) => write!(f, "plus_{margin}"),
        }
    }
}

impl FromStr for Bids {
    type Err = ();

    fn from_str(text: &str) -> Result<Bids, ()> {
        if text == "none" {
            return Ok(Bids::None);
        }
        text.strip_prefix("plus_")
            .filter(|d| !d.starts_with('0') && d.len() <= 2)
            .and_then(|d| d.parse().ok())
            .map(Bids::Plus)
            .ok_or(())
    }
}

impl strum::VariantNames for Bids {
    const VARIANTS: &'static [&'static str] = &Bids::NAMES;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for bids in [Bids::None, Bids::Plus(5), Bids::Plus(3), Bids::Plus(99)] {
            assert_eq!(bids.to_string().parse(), Ok(bids));
        }
        for bad in ["plus_0", "plus_100", "plus_05", "plus_", "five"] {
            assert_eq!(bad.parse::<Bids>(), Err(()), "{bad}");
        }
    }
}
