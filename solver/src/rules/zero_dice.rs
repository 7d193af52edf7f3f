//! What rolling zero dice scores: Free Bacon and its relatives.
//!
//! Each variant's points are a function of the scores at the start of the
//! turn (the mover's s, the opponent's o), before the point modifiers;
//! t(x) = (x // 10) % 10 and o(x) = x % 10 are the tens and ones digits.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{FromPrimitive, ToPrimitive};
use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::digits::{digits, largest_digit, ones, smallest_digit, tens, tens_ones_gap};

/// What rolling zero dice scores.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ZeroDice {
    /// Free Bacon (fa16, fa13): 1 + the largest digit of the opponent's score.
    FreeBaconLargestDigit,
    /// Free Bacon (fa12, sp13): 1 + the tens digit of the opponent's score.
    FreeBaconTensDigit,
    /// Boar Brawl (sp26): max(1, 3 * |tens(opponent) - ones(mover)|).
    BoarBrawl,
    /// Picky Piggy (nju21): the n-th decimal digit of 1/21 for opponent score n; 1 for n = 0.
    PickyPiggy,
    /// Free Bacon (fa14): 1 + |t(o) - o(o)|.
    #[strum(serialize = "free_bacon_abs_diff_plus_1")]
    FreeBaconAbsDiffPlus1,
    /// Free Bacon (sp18): 2 + |t(o) - o(o)|.
    #[strum(serialize = "free_bacon_abs_diff_plus_2")]
    FreeBaconAbsDiffPlus2,
    /// Free Bacon (su18): (t(o) * o(o)) mod 10 + 1.
    FreeBaconDigitProduct,
    /// Free Bacon (fa18), Oink Points (su22): max(2 t(o) - o(o), 1).
    FreeBaconTwiceTensMinusOnes,
    /// Free Bacon (sp19): 1 + min(t(o), o(o)).
    #[strum(serialize = "free_bacon_min_digit_plus_1")]
    FreeBaconMinDigitPlus1,
    /// Free Bacon (su19, fa19): 10 - min(t(o), o(o)).
    FreeBaconTenMinusMinDigit,
    /// Free Bacon (sp20): 1 + |alternating sum of the digits of o³|.
    FreeBaconCubeAlternating,
    /// Free Bacon (su20): 10 + t(o) - o(o).
    FreeBaconTenPlusTensMinusOnes,
    /// Free Bacon (fa20): 3 + decimal o of π (3 + 3 for o = 0).
    FreeBaconPi,
    /// Piggy Points (sp21): 3 + the smallest digit of o².
    PiggyPointsSquareMinDigit,
    /// Piggy Points (su21): 4 + |t(o) - o(o)|.
    #[strum(serialize = "piggy_points_abs_diff_plus_4")]
    PiggyPointsAbsDiffPlus4,
    /// Picky Piggy (fa21): decimal o of 1/7 = 0.142857...; 7 for o = 0.
    PickyPiggyOneSeventh,
    /// Hefty Hogs (sp22): the opponent's digits, right to left, each transform
    /// the mover's score; then mod 30. 1 for o = 0. Can score 0.
    HeftyHogs,
    /// Pig Tail (fa22), Picky Piggy (NJU 2023): 2 |t(o) - o(o)| + 1.
    PigTail,
}

/// The first 100 decimals of π, the course's `FIRST_101_DIGITS_OF_PI`
/// (fa20 hog.py) without its leading 3. They are mathematical facts (OEIS
/// A000796); a test recomputes them with Machin's formula.
pub const PI_DECIMALS: &str = "1415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679";

impl ZeroDice {
    /// The points for rolling zero dice with scores (s, o) = (`score`, `opponent_score`).
    pub fn points(self, score: u32, opponent_score: u32) -> u32 {
        let o = opponent_score;
        match self {
            ZeroDice::FreeBaconLargestDigit => 1 + largest_digit(o),
            ZeroDice::FreeBaconTensDigit => 1 + tens(o),
            // max(1, 3 * |tens(o) - ones(s)|)
            ZeroDice::BoarBrawl => (3 * tens(o).abs_diff(ones(score))).max(1),
            // 1/21 = 0.047619 047619 ...: digit n (1-indexed) is "047619"[(n - 1) % 6].
            ZeroDice::PickyPiggy => match o {
                0 => 1,
                n => [0, 4, 7, 6, 1, 9][((n - 1) % 6) as usize],
            },
            // 1 + |t(o) - o(o)|
            ZeroDice::FreeBaconAbsDiffPlus1 => 1 + tens_ones_gap(o),
            // 2 + |t(o) - o(o)|
            ZeroDice::FreeBaconAbsDiffPlus2 => 2 + tens_ones_gap(o),
            // (t(o) * o(o)) mod 10 + 1
            ZeroDice::FreeBaconDigitProduct => (tens(o) * ones(o)) % 10 + 1,
            // max(2 t(o) - o(o), 1)
            ZeroDice::FreeBaconTwiceTensMinusOnes => (2 * tens(o)).saturating_sub(ones(o)).max(1),
            // 1 + min(t(o), o(o))
            ZeroDice::FreeBaconMinDigitPlus1 => 1 + tens(o).min(ones(o)),
            // 10 - min(t(o), o(o))
            ZeroDice::FreeBaconTenMinusMinDigit => 10 - tens(o).min(ones(o)),
            // 1 + |d0 - d1 + d2 - ...| over the digits of o³ (from either end:
            // the absolute value hides the sign the direction gives).
            ZeroDice::FreeBaconCubeAlternating => {
                let (even, odd) =
                    digits(u64::from(o).pow(3))
                        .enumerate()
                        .fold((0, 0), |(even, odd), (i, d)| match i % 2 {
                            0 => (even + d, odd),
                            _ => (even, odd + d),
                        });
                1 + even.abs_diff(odd)
            }
            // 10 + t(o) - o(o)
            ZeroDice::FreeBaconTenPlusTensMinusOnes => 10 + tens(o) - ones(o),
            // 3 + π_o, π_0 = 3 and π_n the n-th decimal (n <= 100: see max_goal).
            ZeroDice::FreeBaconPi => {
                3 + match o {
                    0 => 3,
                    n => u32::from(PI_DECIMALS.as_bytes()[n as usize - 1] - b'0'),
                }
            }
            // 3 + min(digits of o²)
            ZeroDice::PiggyPointsSquareMinDigit => 3 + smallest_digit(u64::from(o).pow(2)),
            // 4 + |t(o) - o(o)|
            ZeroDice::PiggyPointsAbsDiffPlus4 => 4 + tens_ones_gap(o),
            // 1/7 = 0.142857 142857 ...: digit n (1-indexed) is "142857"[(n - 1) % 6].
            ZeroDice::PickyPiggyOneSeventh => match o {
                0 => 7,
                n => [1, 4, 2, 8, 5, 7][((n - 1) % 6) as usize],
            },
            ZeroDice::HeftyHogs => hefty_hogs(score, o),
            // 2 |t(o) - o(o)| + 1
            ZeroDice::PigTail => 2 * tens_ones_gap(o) + 1,
        }
    }

    /// The most points rolling zero dice can score against any opponent
    /// score below `goal`, before the point modifiers. Only the cube's
    /// alternating sum grows with the goal (o³ has more digits), so it is
    /// searched; the rest read at most two digits of a score, or end mod 30.
    pub fn max_points(self, goal: u32) -> u32 {
        match self {
            ZeroDice::FreeBaconLargestDigit | ZeroDice::FreeBaconTensDigit => 10,
            ZeroDice::BoarBrawl => 27,
            ZeroDice::PickyPiggy => 9,
            ZeroDice::FreeBaconAbsDiffPlus1 => 10,
            ZeroDice::FreeBaconAbsDiffPlus2 => 11,
            ZeroDice::FreeBaconDigitProduct => 10,
            // t = 9, o = 0.
            ZeroDice::FreeBaconTwiceTensMinusOnes => 18,
            ZeroDice::FreeBaconMinDigitPlus1 | ZeroDice::FreeBaconTenMinusMinDigit => 10,
            ZeroDice::FreeBaconCubeAlternating => {
                (0..goal).map(|o| self.points(0, o)).max().unwrap_or(1)
            }
            ZeroDice::FreeBaconTenPlusTensMinusOnes => 19,
            ZeroDice::FreeBaconPi | ZeroDice::PiggyPointsSquareMinDigit => 12,
            ZeroDice::PiggyPointsAbsDiffPlus4 => 13,
            ZeroDice::PickyPiggyOneSeventh => 8,
            ZeroDice::HeftyHogs => 29,
            ZeroDice::PigTail => 19,
        }
    }

    /// The largest goal the rule is defined for: Free Bacon on π knows 100
    /// decimals, so opponent scores up to 100.
    pub fn max_goal(self) -> Option<u32> {
        match self {
            ZeroDice::FreeBaconPi => Some(PI_DECIMALS.len() as u32 + 1),
            _ => None,
        }
    }

    /// Whether the points read the mover's score, not the opponent's alone.
    pub fn reads_mover_score(self) -> bool {
        matches!(self, ZeroDice::BoarBrawl | ZeroDice::HeftyHogs)
    }

    /// Whether rolling zero dice can score 0 points (a turn that keeps the scores).
    pub fn can_score_zero(self) -> bool {
        matches!(self, ZeroDice::PickyPiggy | ZeroDice::HeftyHogs)
    }

    /// The rule in plain words.
    pub fn describe(self) -> &'static str {
        match self {
            ZeroDice::FreeBaconLargestDigit => "Free Bacon, 1 + the largest digit of the opponent's score",
            ZeroDice::FreeBaconTensDigit => "Free Bacon, 1 + the tens digit of the opponent's score",
            ZeroDice::BoarBrawl => "Boar Brawl, max(1, 3 * |tens(opponent) - ones(mover)|)",
            ZeroDice::PickyPiggy => "Picky Piggy, digit n of 1/21 = 0.047619... for opponent score n (1 for n = 0); can score 0",
            ZeroDice::FreeBaconAbsDiffPlus1 => "Free Bacon, 1 + |tens(opponent) - ones(opponent)|",
            ZeroDice::FreeBaconAbsDiffPlus2 => "Free Bacon, 2 + |tens(opponent) - ones(opponent)|",
            ZeroDice::FreeBaconDigitProduct => "Free Bacon, (tens(opponent) * ones(opponent)) mod 10 + 1",
            ZeroDice::FreeBaconTwiceTensMinusOnes => "Free Bacon, max(2 * tens(opponent) - ones(opponent), 1)",
            ZeroDice::FreeBaconMinDigitPlus1 => "Free Bacon, 1 + min(tens(opponent), ones(opponent))",
            ZeroDice::FreeBaconTenMinusMinDigit => "Free Bacon, 10 - min(tens(opponent), ones(opponent))",
            ZeroDice::FreeBaconCubeAlternating => "Free Bacon, 1 + |alternating sum of the digits of opponent^3|",
            ZeroDice::FreeBaconTenPlusTensMinusOnes => "Free Bacon, 10 + tens(opponent) - ones(opponent)",
            ZeroDice::FreeBaconPi => "Free Bacon, 3 + digit n of pi = 3.14159... for opponent score n (digit 0 is the 3; goals up to 101)",
            ZeroDice::PiggyPointsSquareMinDigit => "Piggy Points, 3 + the smallest digit of opponent^2",
            ZeroDice::PiggyPointsAbsDiffPlus4 => "Piggy Points, 4 + |tens(opponent) - ones(opponent)|",
            ZeroDice::PickyPiggyOneSeventh => "Picky Piggy, digit n of 1/7 = 0.142857... for opponent score n (7 for n = 0)",
            ZeroDice::HeftyHogs => "Hefty Hogs, the mover's score through one function per digit of the opponent's score, right to left, mod 30 (1 against 0); can score 0",
            ZeroDice::PigTail => "Pig Tail, 2 * |tens(opponent) - ones(opponent)| + 1",
        }
    }
}

/// Hefty Hogs (sp22): against 0, 1 point; else v = the mover's score, then
/// for every digit d of the opponent's score from right to left v = f_d(v),
/// and the points are v mod 30. The course's `digit_fn`, in Python:
///
/// ```text
/// f0 v + 1    f1 v ** 2    f2 v * 3    f3 v // 4    f4 v - 5
/// f5 v % 6    f6 int((v % 7) * 8)      f7 int(v * 8.8)
/// f8 int(v / 99 * 15) + 10             f9 v
/// ```
///
/// Python's integers are unbounded (four squarings of 9,999 make 10^64, so
/// BigInt), `//` and `%` floor, `v * 8.8` rounds v to the nearest double
/// first, `v / 99` is the correctly rounded quotient, and `int` truncates
/// toward 0.
fn hefty_hogs(score: u32, opponent_score: u32) -> u32 {
    if opponent_score == 0 {
        return 1;
    }
    hefty_hogs_exact_doubles(score, opponent_score)
        .unwrap_or_else(|| hefty_hogs_unbounded(score, opponent_score))
}

/// [`hefty_hogs`] in i64 while |v| < 2^53, where every v is a double
/// exactly, so `v * 8.8` and `v / 99` round once as Python's do (the
/// largest step, 8.8 v or 3 v, stays below 2^57); None as soon as v leaves
/// that range (a square, most often), for [`hefty_hogs_unbounded`]. A
/// solve asks for every state's points, and most fit.
fn hefty_hogs_exact_doubles(score: u32, opponent_score: u32) -> Option<u32> {
    const EXACT: i64 = 1 << 53;
    let mut v = i64::from(score);
    for d in digits(opponent_score.into()) {
        v = match d {
            0 => v + 1,
            1 => v.checked_mul(v)?,
            2 => v * 3,
            3 => v.div_euclid(4),
            4 => v - 5,
            5 => v.rem_euclid(6),
            6 => v.rem_euclid(7) * 8,
            7 => (v as f64 * 8.8).trunc() as i64,
            8 => (v as f64 / 99.0 * 15.0).trunc() as i64 + 10,
            _ => v,
        };
        if v.abs() >= EXACT {
            return None;
        }
    }
    Some(v.rem_euclid(30) as u32)
}

/// [`hefty_hogs`] on Python's unbounded integers.
fn hefty_hogs_unbounded(score: u32, opponent_score: u32) -> u32 {
    let truncate = |x: f64| BigInt::from_f64(x.trunc()).expect("a finite double");
    let v = digits(opponent_score.into()).fold(BigInt::from(score), |v, d| match d {
        0 => v + 1,
        1 => &v * &v,
        2 => v * 3,
        3 => v.div_floor(&BigInt::from(4)),
        4 => v - 5,
        5 => v.mod_floor(&BigInt::from(6)),
        6 => v.mod_floor(&BigInt::from(7)) * 8,
        7 => truncate(v.to_f64().expect("a double") * 8.8),
        8 => {
            let quotient = BigRational::new(v, BigInt::from(99));
            truncate(quotient.to_f64().expect("a double") * 15.0) + 10
        }
        _ => v,
    });
    v.mod_floor(&BigInt::from(30))
        .to_u32()
        .expect("a remainder mod 30")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule that does not read the mover's score (see
    /// [`ZeroDice::reads_mover_score`]) scores the same whatever it is, which
    /// the model's table of points by opponent score relies on; the others
    /// do read it.
    #[test]
    fn the_rules_that_read_the_movers_score_are_named() {
        for name in ZeroDice::VARIANTS {
            let rule: ZeroDice = name.parse().unwrap();
            let reads = (0..100).any(|o| (1..200).any(|s| rule.points(s, o) != rule.points(0, o)));
            assert_eq!(reads, rule.reads_mover_score(), "{name}");
        }
    }

    /// The i64 path of Hefty Hogs equals the unbounded one wherever it
    /// answers, and it answers for most states below 1000.
    #[test]
    fn hefty_hogs_in_doubles_equals_unbounded_integers() {
        let mut answered = 0;
        for score in 0..1000 {
            for opponent_score in 1..1000 {
                if let Some(points) = hefty_hogs_exact_doubles(score, opponent_score) {
                    answered += 1;
                    assert_eq!(
                        points,
                        hefty_hogs_unbounded(score, opponent_score),
                        "{score} vs {opponent_score}"
                    );
                }
            }
        }
        assert!(answered > 900_000, "{answered}");
    }
}
