//! Exact probabilities for the engine, which is generic over its number type
//! ([`crate::solve::Probability`]).
//!
//! Every probability in these games has the form n / (2^a · 3^b): a roll of
//! n dice has sides^n equally likely outcomes with sides 4 or 6 (16 or 36
//! for re-rolling dice, two draws per die), every other step adds,
//! multiplies or takes 1 − x, and a draw (nju21, sp22) counts 1/2. So an
//! exact value is a big integer numerator over a power of two and a power
//! of three: sums align the two exponents (multiplying a numerator by 2^k
//! is a shift, by 3^k one multiplication), products add them, and no gcd is
//! ever taken in the engine. Only the output reduces the fraction (a
//! reduced fraction keeps a denominator of the same form). A general
//! rational type would need a gcd per operation; no rule set can produce
//! another denominator, because dice have 4 or 6 sides, so none is needed.
//!
//! Factors of two are taken out of the numerator after every operation
//! (cheap: a count of trailing zero bits), which keeps numbers short;
//! factors of three only when a value is written out ([`Exact::reduced`]).

use std::cmp::Ordering;
use std::ops::{Add, Mul, Sub};

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use crate::solve::Probability;

/// An exact probability: numerator / (2^twos · 3^threes).
#[derive(Clone, Debug)]
pub struct Exact {
    numerator: BigInt,
    twos: u32,
    threes: u32,
}

impl Exact {
    /// numerator / (2^twos · 3^threes), with the factors of two that the
    /// numerator and denominator share taken out.
    fn new(numerator: BigInt, twos: u32, threes: u32) -> Exact {
        let Some(zeros) = numerator.trailing_zeros() else {
            return Exact::zero();
        };
        let shift = (zeros as u32).min(twos);
        Exact {
            numerator: numerator >> shift,
            twos: twos - shift,
            threes,
        }
    }

    /// numerator / (2^twos · 3^threes), as a table file stores it.
    pub fn from_parts(numerator: BigUint, twos: u32, threes: u32) -> Exact {
        Exact::new(BigInt::from(numerator), twos, threes)
    }

    /// (numerator, twos, threes) with the value numerator / (2^twos ·
    /// 3^threes), for a value of at least 0 (a probability); None below 0.
    pub fn parts(&self) -> Option<(BigUint, u32, u32)> {
        Some((self.numerator.to_biguint()?, self.twos, self.threes))
    }

    /// Both numerators over the common denominator 2^max · 3^max.
    fn aligned(&self, other: &Exact) -> (BigInt, BigInt, u32, u32) {
        let twos = self.twos.max(other.twos);
        let threes = self.threes.max(other.threes);
        let scale = |x: &Exact| -> BigInt {
            let mut n = &x.numerator << (twos - x.twos);
            if threes > x.threes {
                n *= power_of_three(threes - x.threes);
            }
            n
        };
        (scale(self), scale(other), twos, threes)
    }

    /// The value in lowest terms: (numerator, a, b) with the value
    /// numerator / (2^a · 3^b) and the numerator odd unless a = 0, and not a
    /// multiple of 3 unless b = 0.
    pub fn reduced(&self) -> (BigInt, u32, u32) {
        let three = BigInt::from(3u32);
        let (mut numerator, mut threes) = (self.numerator.clone(), self.threes);
        while threes > 0 && !numerator.is_zero() && (&numerator % &three).is_zero() {
            numerator /= &three;
            threes -= 1;
        }
        if numerator.is_zero() {
            return (numerator, 0, 0);
        }
        (numerator, self.twos, threes)
    }

    /// The value as a fraction in lowest terms.
    pub fn to_fraction(&self) -> BigRational {
        let (numerator, twos, threes) = self.reduced();
        let denominator = (BigInt::one() << twos) * power_of_three(threes);
        BigRational::new_raw(numerator, denominator)
    }

    /// The decimal expansion to `digits` significant digits, rounded half
    /// up from the exact value (not from a float).
    /// `digits` must be at least 1, and the value at least 0 (a probability).
    pub fn decimal(&self, digits: u32) -> String {
        assert!(digits >= 1, "a decimal has at least one digit");
        let fraction = self.to_fraction();
        if fraction.is_zero() {
            return "0".into();
        }
        // The value is below 10^(e+1) and at least 10^e: scale it so that
        // `digits` digits stand before the point, then round.
        let mut e: i32 = 0;
        while e < 400 && fraction >= pow10(e + 1) {
            e += 1;
        }
        while e > -400 && fraction < pow10(e) {
            e -= 1;
        }
        let shift = digits as i32 - 1 - e;
        let scaled = &fraction * pow10(shift);
        let rounded = (scaled + BigRational::new(BigInt::one(), BigInt::from(2u32))).floor();
        let text = rounded.to_integer().to_string();
        // Rounding may carry into one more digit (0.99999 -> 1.0000).
        let (text, shift) = if text.len() as u32 > digits {
            (text[..digits as usize].to_string(), shift - 1)
        } else {
            (text, shift)
        };
        if shift <= 0 {
            format!("{text}{}", "0".repeat((-shift) as usize))
        } else if (shift as usize) < text.len() {
            let point = text.len() - shift as usize;
            format!("{}.{}", &text[..point], &text[point..])
        } else {
            format!("0.{}{text}", "0".repeat(shift as usize - text.len()))
        }
    }
}

/// 10^k as a fraction, for any sign of k.
fn pow10(k: i32) -> BigRational {
    let power = BigInt::from(10u32).pow(k.unsigned_abs());
    if k >= 0 {
        BigRational::from_integer(power)
    } else {
        BigRational::new_raw(BigInt::one(), power)
    }
}

fn power_of_three(k: u32) -> BigInt {
    BigInt::from(3u32).pow(k)
}

impl Add for Exact {
    type Output = Exact;
    fn add(self, other: Exact) -> Exact {
        if self.numerator.is_zero() {
            return other;
        }
        if other.numerator.is_zero() {
            return self;
        }
        let (a, b, twos, threes) = self.aligned(&other);
        Exact::new(a + b, twos, threes)
    }
}

impl Sub for Exact {
    type Output = Exact;
    fn sub(self, other: Exact) -> Exact {
        let (a, b, twos, threes) = self.aligned(&other);
        Exact::new(a - b, twos, threes)
    }
}

impl Mul for Exact {
    type Output = Exact;
    fn mul(self, other: Exact) -> Exact {
        if self.numerator.is_zero() || other.numerator.is_zero() {
            return Exact::zero();
        }
        Exact::new(
            self.numerator * other.numerator,
            self.twos + other.twos,
            self.threes + other.threes,
        )
    }
}

impl PartialEq for Exact {
    fn eq(&self, other: &Exact) -> bool {
        self.partial_cmp(other) == Some(Ordering::Equal)
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Exact) -> Option<Ordering> {
        let (a, b, _, _) = self.aligned(other);
        Some(a.cmp(&b))
    }
}

impl Exact {
    fn zero() -> Exact {
        Exact {
            numerator: BigInt::zero(),
            twos: 0,
            threes: 0,
        }
    }
}

impl Probability for Exact {
    fn zero() -> Exact {
        Exact::zero()
    }

    fn one() -> Exact {
        Exact::new(BigInt::one(), 0, 0)
    }

    fn half() -> Exact {
        Exact::new(BigInt::one(), 1, 0)
    }

    /// count / total, where total is 2^a · 3^b (sides^n for dice of 4 or 6
    /// sides, or their squares for re-rolling dice).
    fn from_counts(count: u64, total: u64) -> Exact {
        assert!(total > 0, "a dice total of 0");
        let (mut rest, mut twos, mut threes) = (total, 0, 0);
        while rest % 2 == 0 {
            rest /= 2;
            twos += 1;
        }
        while rest % 3 == 0 {
            rest /= 3;
            threes += 1;
        }
        assert_eq!(rest, 1, "a dice total {total} that is not 2^a 3^b");
        Exact::new(BigInt::from(count), twos, threes)
    }

    /// Exactly equal (or better): exact values have no rounding to forgive.
    fn ties(value: &Exact, best: &Exact) -> bool {
        value >= best
    }

    /// A state costs about a thousand times an f64 one (hundreds of digits),
    /// so any layer is worth splitting.
    const MIN_STATES_TO_SPLIT: usize = 2;

    /// The nearest f64 (correctly rounded), from the fraction as it stands:
    /// no reduction, which would cost a division per factor of three.
    fn to_f64(&self) -> f64 {
        let denominator = (BigInt::one() << self.twos) * power_of_three(self.threes);
        BigRational::new_raw(self.numerator.clone(), denominator)
            .to_f64()
            .expect("a probability is a finite number")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(count: u64, total: u64) -> Exact {
        Exact::from_counts(count, total)
    }

    #[test]
    fn arithmetic_is_exact() {
        // 1/6 + 1/4 = 5/12; (1/6)(1/4) = 1/24; 1 - 1/36 = 35/36.
        assert_eq!(
            (exact(1, 6) + exact(1, 4)).to_fraction().to_string(),
            "5/12"
        );
        assert_eq!(
            (exact(1, 6) * exact(1, 4)).to_fraction().to_string(),
            "1/24"
        );
        assert_eq!(
            (Exact::one() - exact(1, 36)).to_fraction().to_string(),
            "35/36"
        );
        // 3/6 reduces to 1/2, 27/1296 to 1/48, and a difference can be 0.
        assert_eq!(exact(3, 6).to_fraction().to_string(), "1/2");
        assert_eq!(exact(27, 1296).reduced(), (BigInt::from(1), 4, 1));
        assert_eq!((exact(1, 3) - exact(2, 6)).to_fraction().to_string(), "0");
        assert!(exact(1, 3) > exact(1, 4) && exact(2, 6) == exact(1, 3));
    }

    #[test]
    fn decimals_round_from_the_exact_value() {
        assert_eq!(exact(1, 3).decimal(5), "0.33333");
        assert_eq!(exact(2, 3).decimal(5), "0.66667");
        assert_eq!(exact(1, 1296).decimal(3), "0.000772");
        assert_eq!(Exact::one().decimal(4), "1.000");
        assert_eq!(exact(1295, 1296).decimal(2), "1.0");
        assert_eq!(Exact::zero().decimal(17), "0");
        // 1/2^60 has more digits than an f64 prints.
        let tiny = exact(1, 1 << 60);
        assert_eq!(tiny.decimal(17), "0.00000000000000000086736173798840355");
        assert_eq!(tiny.to_f64(), 1.0 / (1u64 << 60) as f64);
    }
}
