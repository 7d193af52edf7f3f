//! The rules that give the mover another turn, and the dice of extra turns.
//!
//! After a turn's after-turn rules, if the game is not over and one of the
//! rules holds, the same player moves again; extra turns may follow each
//! other without limit, except that Time Trot never gives an extra turn on
//! an extra turn. Every course that has them scores at least 1 point a turn,
//! so an extra turn always raises the sum of the scores.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::digits::gcd;
use super::{Rules, State};

/// A rule that gives the mover another turn.
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
    /// Time Trot with modulus M (fa17 to su19 and sp21 contests): the turns
    /// of both players are numbered from 0, extra turns included; a turn n
    /// that rolled k dice with n mod M = k gives another turn, unless it is
    /// itself an extra turn. Written `time_trot_M`.
    TimeTrot(u8),
}

/// The largest Time Trot modulus a rules text may give: every turn number
/// mod M is a hidden value, and a turn rolls at most 10 dice.
pub const MAX_TROT_MODULUS: u8 = 16;

impl ExtraTurn {
    /// The names a rules text takes, `time_trot_M` for Time Trot.
    pub const NAMES: [&'static str; 5] = [
        "swine_align",
        "pig_pass",
        "more_boar",
        "more_boar_min_max",
        "time_trot_M (M from 1 to 16)",
    ];

    /// Whether the mover, now at m against o, moves again by a rule on the
    /// scores; Time Trot reads the turn instead ([`ExtraTurn::holds_after`]).
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
            ExtraTurn::TimeTrot(_) => false,
        }
    }

    /// Whether the mover moves again after a turn from x (its turn number
    /// mod M, and whether it is an extra turn) that rolled `num_rolls` dice
    /// and left the mover at m against o.
    pub fn holds_after(self, x: State, num_rolls: i32, m: u32, o: u32) -> bool {
        match self {
            ExtraTurn::TimeTrot(_) => !x.extra && i32::from(x.turn) == num_rolls,
            rule => rule.holds(m, o),
        }
    }

    pub fn describe(self) -> String {
        match self {
            ExtraTurn::SwineAlign => {
                "Swine Align: another turn if both scores are positive and their gcd is at least 10".into()
            }
            ExtraTurn::PigPass => {
                "Pig Pass: another turn if the mover trails by at most 2 points".into()
            }
            ExtraTurn::MoreBoar => {
                "More Boar: another turn if, padded to two digits, both of the mover's first two digits are below the opponent's".into()
            }
            ExtraTurn::MoreBoarMinMax => {
                "More Boar: another turn if the mover's smallest digit is below the opponent's and the largest above".into()
            }
            ExtraTurn::TimeTrot(modulus) => format!(
                "Time Trot: turns are numbered from 0, extra turns included; rolling k dice on turn n with n mod {modulus} = k gives another turn, unless this turn is an extra turn"
            ),
        }
    }
}

impl fmt::Display for ExtraTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtraTurn::SwineAlign => f.write_str("swine_align"),
            ExtraTurn::PigPass => f.write_str("pig_pass"),
            ExtraTurn::MoreBoar => f.write_str("more_boar"),
            ExtraTurn::MoreBoarMinMax => f.write_str("more_boar_min_max"),
            ExtraTurn::TimeTrot(modulus) => write!(f, "time_trot_{modulus}"),
        }
    }
}

impl FromStr for ExtraTurn {
    type Err = ();

    fn from_str(text: &str) -> Result<ExtraTurn, ()> {
        let rule = match text {
            "swine_align" => ExtraTurn::SwineAlign,
            "pig_pass" => ExtraTurn::PigPass,
            "more_boar" => ExtraTurn::MoreBoar,
            "more_boar_min_max" => ExtraTurn::MoreBoarMinMax,
            _ => {
                let modulus: u8 = text
                    .strip_prefix("time_trot_")
                    .filter(|m| !m.starts_with('0') && m.len() <= 2)
                    .and_then(|m| m.parse().ok())
                    .ok_or(())?;
                if !(1..=MAX_TROT_MODULUS).contains(&modulus) {
                    return Err(());
                }
                ExtraTurn::TimeTrot(modulus)
            }
        };
        Ok(rule)
    }
}

impl VariantNames for ExtraTurn {
    const VARIANTS: &'static [&'static str] = &ExtraTurn::NAMES;
}

/// The dice of extra turns.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExtraDice {
    /// The dice any turn rolls.
    #[default]
    Same,
    /// Eight-sided dice on every extra turn (sp21 contest), whatever gave it.
    EightSided,
}

impl ExtraDice {
    /// The sides every die of an extra turn has, if the rule sets them.
    pub fn sides(self) -> Option<u32> {
        match self {
            ExtraDice::Same => None,
            ExtraDice::EightSided => Some(8),
        }
    }
}

impl Rules {
    /// Whether the mover, after a turn from x that rolled `num_rolls` dice
    /// (the effective number) and left them at `score` against
    /// `opponent_score`, moves again; scores at or past any goal are the
    /// caller's to check first (an extra turn never follows the end of the
    /// game).
    #[inline]
    pub fn extra_turn(&self, x: State, num_rolls: i32, score: u32, opponent_score: u32) -> bool {
        self.extra
            .iter()
            .any(|rule| rule.holds_after(x, num_rolls, score, opponent_score))
    }

    /// Whether the scores alone give the mover another turn (every rule but
    /// Time Trot, which reads the turn number a course strategy cannot see).
    pub fn scores_give_extra_turn(&self, score: u32, opponent_score: u32) -> bool {
        self.extra
            .iter()
            .any(|rule| rule.holds(score, opponent_score))
    }
}

/// The first two digits of a score padded to at least two digits with
/// zeros in front: 7 -> (0, 7), 43 -> (4, 3), 123 -> (1, 2). Dropping the
/// last digit (x / 10) until two remain leaves the first two; below 10 the
/// padding zero is the first. Arithmetic rather than the decimal text,
/// since the model asks this at every state of every turn.
fn two_digits(x: u32) -> (u32, u32) {
    let mut first_two = x;
    while first_two >= 100 {
        first_two /= 10;
    }
    (first_two / 10, first_two % 10)
}

/// The smallest and largest decimal digit of x (0 has the digit 0): the
/// digits are x mod 10, (x / 10) mod 10, ... while x / 10^k > 0.
fn digit_range(x: u32) -> (u32, u32) {
    let (mut lo, mut hi) = (x % 10, x % 10);
    let mut rest = x / 10;
    while rest > 0 {
        lo = lo.min(rest % 10);
        hi = hi.max(rest % 10);
        rest /= 10;
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits as the courses read them, from the score's decimal text
    /// (`str(score).zfill(2)`, `min(str(score))`), for every score a goal
    /// up to 10,000 reaches.
    #[test]
    fn digits_are_those_of_the_decimal_text() {
        for x in 0..20_000u32 {
            let text: Vec<u32> = format!("{x:02}")
                .bytes()
                .map(|b| u32::from(b - b'0'))
                .collect();
            assert_eq!(two_digits(x), (text[0], text[1]), "{x}");
            let plain: Vec<u32> = x.to_string().bytes().map(|b| u32::from(b - b'0')).collect();
            let range = (*plain.iter().min().unwrap(), *plain.iter().max().unwrap());
            assert_eq!(digit_range(x), range, "{x}");
        }
    }

    /// Every rule's text reads back as itself; Time Trot takes moduli 1 to
    /// 16 written plainly, and nothing else.
    #[test]
    fn names_round_trip() {
        for rule in [
            ExtraTurn::SwineAlign,
            ExtraTurn::PigPass,
            ExtraTurn::MoreBoar,
            ExtraTurn::MoreBoarMinMax,
            ExtraTurn::TimeTrot(1),
            ExtraTurn::TimeTrot(8),
            ExtraTurn::TimeTrot(16),
        ] {
            assert_eq!(rule.to_string().parse(), Ok(rule));
        }
        assert_eq!("time_trot_5".parse(), Ok(ExtraTurn::TimeTrot(5)));
        for bad in [
            "time_trot_0",
            "time_trot_17",
            "time_trot_08",
            "time_trot_",
            "time_trot_x",
            "time_trot",
        ] {
            assert_eq!(bad.parse::<ExtraTurn>(), Err(()), "{bad}");
        }
    }
}
