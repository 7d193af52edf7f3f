//! Rules applied to the scores after a turn's points are added, in order:
//! swaps and the rules that move the mover's score again.
//!
//! m is the mover's score and o the opponent's, both after the points;
//! t(x) = (x // 10) % 10 and o(x) = x % 10 are the tens and ones digits.

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::digits::{
    digits, divisor_count, is_perfect_square, is_prime, leftmost_digit, next_prime, ones,
    power_of_three_digits_match, tens, tens_ones_gap,
};
use super::hidden::pig_out;
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
    /// Swine Swap (su15, fa15): the last two digits of one score reversed are the other's.
    SwineSwapReverseDigits,
    /// Swine Swap (su16): every digit of the mover's score is the same.
    SwineSwapMoverRepdigit,
    /// Swine Swap (fa17, sp18): both scores above 1 and one a multiple of the other.
    SwineSwapMultiple,
    /// Swine Swap (su18): o(m) = t(o).
    SwineSwapOnesTens,
    /// Swine Swap (fa18): |t(m) - o(m)| = |t(o) - o(o)|.
    SwineSwapDigitDiff,
    /// Swine Swap (sp19): the scores share a digit in the same place.
    SwineSwapSamePlaceDigit,
    /// Swine Swap (su19): the leftmost digit of m = o(o).
    SwineSwapLeadOnes,
    /// Swine Swap (fa19): leftmost(m) · ones(m) = leftmost(o) · ones(o) (a
    /// one-digit score d gives d · d).
    SwineSwapFirstLastProduct,
    /// Hogtimus Prime (sp15): a prime sum of scores gives the leader the turn's points again.
    PrimeSumLeaderBonus,
    /// Swine Swap (su20): |o(m) - o(o)| = t(o).
    SwineSwapOnesDiffTens,
    /// Hog Pile (fa21): equal scores double the mover's.
    HogPileDouble,
    /// Hog Pile (sp22): equal ones digits give the mover that digit again.
    HogPileOnes,
    /// Pigs on Prime (su22): a prime mover's score (1 counts) becomes the next prime.
    PigsOnPrime,
    /// Square Swine (fa22): a perfect-square mover's score becomes the next perfect square.
    SquareSwine,
    /// Fuzzy Factors (su23): g = gcd(m, 100) > 10 gives the mover 2 t(g).
    FuzzyFactors,
    /// Swine Swap (NJU 2023): a perfect-square mover's score swaps the scores.
    SwineSwapMoverSquare,
    /// Pig Fest (su15 contest): a turn without a Pig Out scores its points
    /// times max(1, the mover's Pig Outs in a row before it), the run capped
    /// at 3; the turn's points have been added, so the mover gains them
    /// (multiplier - 1) times more. A Pig Out scores its 1 point.
    PigFest,
}

/// Feral Hogs' bonus: the points a mover gains whose num_rolls is 2 away
/// from their memory.
pub const FERAL_BONUS: u32 = 3;

/// What an after-turn rule may read of the turn besides the scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnFacts {
    /// The number of dice rolled (after any limit; 0 or -1 for no dice).
    pub num_rolls: i32,
    /// The turn's points, after the point modifiers.
    pub points: u32,
    /// The mover's memory of their previous turn (see
    /// [`super::hidden::Recall`]), 0 to 13. A word, not the state's byte:
    /// the rules read it as a word, which a byte just stored would stall.
    pub memory: u32,
}

impl AfterTurn {
    /// The rule on (mover, opponent) scores after a turn.
    pub fn apply(self, (m, o): (u32, u32), turn: TurnFacts) -> (u32, u32) {
        let points = turn.points;
        match self {
            _ if self.is_swap() => {
                if self.swaps(m, o) {
                    (o, m)
                } else {
                    (m, o)
                }
            }
            AfterTurn::FeralHogsRolls | AfterTurn::FeralHogsPoints
                if turn.num_rolls.abs_diff(turn.memory as i32) == 2 =>
            {
                (m + FERAL_BONUS, o)
            }
            AfterTurn::SusFuss => (sus_fuss(m), o),
            AfterTurn::PrimeSumLeaderBonus if is_prime(m + o) => leader_bonus((m, o), points),
            AfterTurn::HogPileDouble if m == o => (2 * m, o),
            AfterTurn::HogPileOnes if ones(m) == ones(o) => (m + ones(m), o),
            // The course's is_prime(1) is True: 1 becomes 2.
            AfterTurn::PigsOnPrime if m == 1 || is_prime(m) => (next_prime(m), o),
            // m = r² becomes (r + 1)².
            AfterTurn::SquareSwine if is_perfect_square(m) => ((m.isqrt() + 1).pow(2), o),
            AfterTurn::FuzzyFactors => (m + fuzzy_factors(m), o),
            AfterTurn::PigFest if !pig_out(turn.num_rolls, points) => {
                (m + points * (turn.memory.max(1) - 1), o)
            }
            _ => (m, o),
        }
    }

    /// Whether a swap rule swaps the mover's m and the opponent's o (it may
    /// fire on equal scores, where the swap changes nothing); false for
    /// every other rule.
    pub fn swaps(self, m: u32, o: u32) -> bool {
        match self {
            AfterTurn::SwineSwapDouble => m == 2 * o || o == 2 * m,
            AfterTurn::SwineSwapPowerOfThree => power_of_three_digits_match(m + o),
            // m % 100 = 10 o(o % 100) + t(o % 100): reversing two digits is its
            // own inverse, so the test is symmetric (80 and 8, 107 and 70).
            AfterTurn::SwineSwapReverseDigits => m % 100 == 10 * ones(o) + tens(o),
            AfterTurn::SwineSwapMoverRepdigit => digits(m.into()).all(|d| d == ones(m)),
            AfterTurn::SwineSwapMultiple => {
                m > 1 && o > 1 && (m.is_multiple_of(o) || o.is_multiple_of(m))
            }
            AfterTurn::SwineSwapOnesTens => ones(m) == tens(o),
            AfterTurn::SwineSwapDigitDiff => tens_ones_gap(m) == tens_ones_gap(o),
            AfterTurn::SwineSwapSamePlaceDigit => same_place_digit(m, o),
            AfterTurn::SwineSwapLeadOnes => leftmost_digit(m) == ones(o),
            AfterTurn::SwineSwapFirstLastProduct => {
                leftmost_digit(m) * ones(m) == leftmost_digit(o) * ones(o)
            }
            AfterTurn::SwineSwapOnesDiffTens => ones(m).abs_diff(ones(o)) == tens(o),
            AfterTurn::SwineSwapMoverSquare => is_perfect_square(m),
            _ => false,
        }
    }

    /// Whether the rule either swaps the two scores or leaves them.
    pub fn is_swap(self) -> bool {
        matches!(
            self,
            AfterTurn::SwineSwapDouble
                | AfterTurn::SwineSwapPowerOfThree
                | AfterTurn::SwineSwapReverseDigits
                | AfterTurn::SwineSwapMoverRepdigit
                | AfterTurn::SwineSwapMultiple
                | AfterTurn::SwineSwapOnesTens
                | AfterTurn::SwineSwapDigitDiff
                | AfterTurn::SwineSwapSamePlaceDigit
                | AfterTurn::SwineSwapLeadOnes
                | AfterTurn::SwineSwapFirstLastProduct
                | AfterTurn::SwineSwapOnesDiffTens
                | AfterTurn::SwineSwapMoverSquare
        )
    }

    /// Whether a swap's test reads the two scores alike: swaps(m, o) =
    /// swaps(o, m) for every pair (false for every other rule).
    pub fn is_symmetric(self) -> bool {
        self.is_swap()
            && !matches!(
                self,
                AfterTurn::SwineSwapMoverRepdigit
                    | AfterTurn::SwineSwapOnesTens
                    | AfterTurn::SwineSwapLeadOnes
                    | AfterTurn::SwineSwapOnesDiffTens
                    | AfterTurn::SwineSwapMoverSquare
            )
    }

    /// Whether the rule moves the mover's score by a function of that score
    /// alone (never lowering it), leaving the opponent's.
    pub fn moves_mover_alone(self) -> bool {
        matches!(
            self,
            AfterTurn::SusFuss
                | AfterTurn::PigsOnPrime
                | AfterTurn::SquareSwine
                | AfterTurn::FuzzyFactors
        )
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
            AfterTurn::SwineSwapReverseDigits => {
                "Swine Swap: if the last two digits of one score, reversed, are the other's (19 and 91, 8 and 80), the scores swap"
            }
            AfterTurn::SwineSwapMoverRepdigit => {
                "Swine Swap: if every digit of the mover's new score is the same (7, 22, 111), the scores swap"
            }
            AfterTurn::SwineSwapMultiple => {
                "Swine Swap: if both scores are above 1 and one is a multiple of the other, the scores swap"
            }
            AfterTurn::SwineSwapOnesTens => {
                "Swine Swap: if ones(mover) = tens(opponent), the scores swap"
            }
            AfterTurn::SwineSwapDigitDiff => {
                "Swine Swap: if |tens - ones| is the same for both scores, the scores swap"
            }
            AfterTurn::SwineSwapSamePlaceDigit => {
                "Swine Swap: if the scores have an equal digit in the same place (no leading zeros), the scores swap"
            }
            AfterTurn::SwineSwapFirstLastProduct => {
                "Swine Swap: if leftmost digit x ones digit is the same for both scores, the scores swap"
            }
            AfterTurn::SwineSwapLeadOnes => {
                "Swine Swap: if the leftmost digit of the mover's score = ones(opponent), the scores swap"
            }
            AfterTurn::PrimeSumLeaderBonus => {
                "Hogtimus Prime: if score0 + score1 is prime, the player strictly ahead gains the turn's points again"
            }
            AfterTurn::SwineSwapOnesDiffTens => {
                "Swine Swap: if |ones(mover) - ones(opponent)| = tens(opponent), the scores swap"
            }
            AfterTurn::HogPileDouble => "Hog Pile: if the scores are equal, the mover's doubles",
            AfterTurn::HogPileOnes => {
                "Hog Pile: if the ones digits are equal, the mover gains that digit again"
            }
            AfterTurn::PigsOnPrime => {
                "Pigs on Prime: a prime mover's new score becomes the next prime (1 counts as prime)"
            }
            AfterTurn::SquareSwine => {
                "Square Swine: a perfect-square mover's new score becomes the next perfect square"
            }
            AfterTurn::FuzzyFactors => {
                "Fuzzy Factors: g = gcd(mover's new score, 100); if g > 10 the mover gains 2 * tens(g)"
            }
            AfterTurn::SwineSwapMoverSquare => {
                "Swine Swap: if the mover's new score is a perfect square, the scores swap"
            }
            AfterTurn::PigFest => {
                "Pig Fest: a turn without a Pig Out scores its points times max(1, the mover's Pig Outs in a row before it), at most 3"
            }
        }
    }
}

/// sp15's Hogtimus Prime once the sum is prime: the strictly higher score
/// gains the turn's points again, nobody when the scores are tied.
pub fn leader_bonus((m, o): (u32, u32), points: u32) -> (u32, u32) {
    match m.cmp(&o) {
        std::cmp::Ordering::Greater => (m + points, o),
        std::cmp::Ordering::Less => (m, o + points),
        std::cmp::Ordering::Equal => (m, o),
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

/// Whether a and b have an equal digit in the same place, walking both from
/// the ones digit while both are above 0 (sp19: leading zeros don't count,
/// so 0 has no digits; trailing zeros do).
fn same_place_digit(mut a: u32, mut b: u32) -> bool {
    while a > 0 && b > 0 {
        if a % 10 == b % 10 {
            return true;
        }
        a /= 10;
        b /= 10;
    }
    false
}

/// Fuzzy Factors' gain: g = gcd(m, 100); 2 t(g) if g > 10, else 0 (20, 25
/// give 4, 50 gives 10, 100 gives 0).
fn fuzzy_factors(m: u32) -> u32 {
    let g = num_integer::gcd(m, 100);
    if g > 10 {
        2 * tens(g)
    } else {
        0
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A swap called symmetric swaps (m, o) exactly when it swaps (o, m),
    /// and every other swap has a pair where it does not.
    #[test]
    fn symmetric_swaps_read_both_scores_alike() {
        for rule in AfterTurn::VARIANTS
            .iter()
            .map(|v| v.parse::<AfterTurn>().unwrap())
        {
            if !rule.is_swap() {
                continue;
            }
            let alike = (0..120).all(|m| (0..120).all(|o| rule.swaps(m, o) == rule.swaps(o, m)));
            assert_eq!(alike, rule.is_symmetric(), "{rule}");
        }
    }
}
