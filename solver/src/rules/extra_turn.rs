//! The rules that give the mover another turn.
//!
//! After a turn's after-turn rules, if the game is not over and one of the
//! rules' predicates holds on the scores (the mover's m, the opponent's o),
//! the same player moves again; extra turns may follow each other without
//! limit. Every course that has them scores at least 1 point a turn, so an
//! extra turn always raises the sum of the scores.

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::digits::gcd;

/// A predicate that gives the mover another turn.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExtraTurn {
    /// Swine Align (fa20): m > 0, o > 0 and gcd(m, o) >= 10.
    SwineAlign,
    /// Pig Pass (fa20): m < o and o - m <= 2.
    PigPass,
    /// More Boar (sp21): with both scores padded to two digits, the mover's
    /// first digit is below the opponent's and the mover's second digit is
    /// below the opponent's: (21, 43) and (22, 43) yes, (7, 8) no (07, 08).
    MoreBoar,
    /// More Boar (su21): min digit(m) < min digit(o) and max digit(m) >
    /// max digit(o), the digits of each score without padding: (38, 44) and
    /// (28, 5) yes, (22, 43) no.
    MoreBoarMinMax,
}

impl ExtraTurn {
    /// Whether the mover, now at m against o, moves again.
    pub fn holds(self, m: u32, o: u32) -> bool {
        match self {
            ExtraTurn::SwineAlign => m > 0 && o > 0 && gcd(m, o) >= 10,
            ExtraTurn::PigPass => m < o && o - m <= 2,
            ExtraTurn::MoreBoar => {
                // Padded to two digits: the first is x // 10 % 10 for x < 100
                // (the course pads with zeros and reads the first two).
                let (m, o) = (two_digits(m), two_digits(o));
                m.0 < o.0 && m.1 < o.1
            }
            ExtraTurn::MoreBoarMinMax => {
                let (dm, dopp) = (digit_range(m), digit_range(o));
                dm.0 < dopp.0 && dm.1 > dopp.1
            }
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            ExtraTurn::SwineAlign => {
                "Swine Align: another turn if both scores are positive and their gcd is at least 10"
            }
            ExtraTurn::PigPass => {
                "Pig Pass: another turn if the mover trails by at most 2 points"
            }
            ExtraTurn::MoreBoar => {
                "More Boar: another turn if, padded to two digits, both of the mover's first two digits are below the opponent's"
            }
            ExtraTurn::MoreBoarMinMax => {
                "More Boar: another turn if the mover's smallest digit is below the opponent's and the largest above"
            }
        }
    }
}

/// The first two digits of a score padded to at least two digits with
/// zeros in front: 7 -> (0, 7), 43 -> (4, 3), 123 -> (1, 2).
fn two_digits(x: u32) -> (u32, u32) {
    let digits: Vec<u32> = format!("{x:02}")
        .bytes()
        .map(|b| u32::from(b - b'0'))
        .collect();
    (digits[0], digits[1])
}

/// The smallest and largest decimal digit of x (0 has the digit 0).
fn digit_range(x: u32) -> (u32, u32) {
    let digits = x.to_string().into_bytes();
    let (lo, hi) = (digits.iter().min(), digits.iter().max());
    (
        u32::from(lo.expect("a digit") - b'0'),
        u32::from(hi.expect("a digit") - b'0'),
    )
}
