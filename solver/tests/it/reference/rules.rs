//! The reference's own transcription of the rules, written straight from
//! `docs/rules.md` and keyed by the preset's name.
//!
//! Nothing here comes from `hog_solver::rules`: each piece is a `match` on the
//! preset with the rule of docs/rules.md it transcribes stated above it, so
//! that a slip in the library's rules would show up as a disagreement in the
//! cross-check instead of being shared by both sides.

use hog_solver::rules::State;
use num_bigint::BigUint;

/// The presets of docs/rules.md, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    Fa16,
    Fa13,
    Sp26,
    Sp26Simple,
    Nju21,
    Fa12,
}

/// The dice one turn rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    pub sides: u32,
    /// "every die is a re-rolling die (an odd face is rolled once more; the
    /// second face stands)"
    pub reroll: bool,
}

impl Preset {
    pub fn from_name(name: &str) -> Preset {
        match name {
            "fa16" => Preset::Fa16,
            "fa13" => Preset::Fa13,
            "sp26" => Preset::Sp26,
            "sp26-simple" => Preset::Sp26Simple,
            "nju21" => Preset::Nju21,
            "fa12" => Preset::Fa12,
            other => panic!("the reference knows no preset named {other}"),
        }
    }

    /// fa16: "Actions -1..10." The others: "Actions 0..10."
    pub fn actions(self) -> std::ops::RangeInclusive<i32> {
        match self {
            Preset::Fa16 => -1..=10,
            _ => 0..=10,
        }
    }

    /// fa12, Hog Tied: "if score + opponent_score ends in 7, at most one die
    /// may be rolled: a strategy's choice above 1 is clamped to 1 (0 stays 0)."
    pub fn num_rolls(self, x: State, choice: i32) -> i32 {
        let ends_in_7 = (x.score + x.opponent_score) % 10 == 7;
        if self == Preset::Fa12 && ends_in_7 && choice > 1 {
            1
        } else {
            choice
        }
    }

    /// The dice rolled in `x`. "'Hog Wild' and 'Hog Tied' test the sum of
    /// both scores **before** the turn, and 0 counts as a multiple of 7."
    pub fn dice(self, x: State) -> Dice {
        let sevens = (x.score + x.opponent_score).is_multiple_of(7);
        if self != Preset::Fa16 {
            // "`sides` (6 or 4) changes only in fa16."
            assert_eq!(x.sides, 6, "{self:?}: {x:?}");
        }
        match self {
            // "roll n dice with the current number of sides. **Hog Wild**: if
            // score + opponent_score is a multiple of 7, every die is a
            // re-rolling die"
            Preset::Fa16 => Dice {
                sides: x.sides,
                reroll: sevens,
            },
            // fa13: "four-sided dice when score + opponent_score is a multiple
            // of 7, else six-sided."
            // fa12, Hog Wild: "four-sided dice when score + opponent_score is
            // a multiple of 7, else six-sided"
            Preset::Fa13 | Preset::Fa12 => Dice {
                sides: if sevens { 4 } else { 6 },
                reroll: false,
            },
            // sp26, nju21: "six-sided dice always."
            Preset::Sp26 | Preset::Sp26Simple | Preset::Nju21 => Dice {
                sides: 6,
                reroll: false,
            },
        }
    }

    /// The points of rolling 0 dice, before the point modifiers.
    pub fn zero_dice_points(self, x: State) -> u32 {
        let (score, opponent) = (x.score, x.opponent_score);
        match self {
            // fa16: "1 + the larger digit of the opponent's score (42 -> 5,
            // 48 -> 9, 7 -> 8, 0 -> 1)." fa13: "1 + the larger digit of the
            // opponent's score." For any goal: "'the larger digit' means the
            // largest of all the score's digits (fa16, fa13)".
            Preset::Fa16 | Preset::Fa13 => 1 + digits(opponent).into_iter().max().unwrap(),
            // sp26: "max(1, 3 * |tens(opponent) - ones(mover)|) with
            // tens(x) = (x // 10) % 10, ones(x) = x % 10, for any score"
            Preset::Sp26 | Preset::Sp26Simple => {
                let tens = (opponent / 10) % 10;
                let ones = score % 10;
                let difference = tens.abs_diff(ones);
                (3 * difference).max(1)
            }
            // nju21: "the n-th decimal digit of 1/21 = 0.047619 047619...
            // where n is the opponent's score (1-indexed ...); n = 0 scores 1."
            Preset::Nju21 => {
                if opponent == 0 {
                    1
                } else {
                    digit_of_one_21st(opponent)
                }
            }
            // fa12: "1 + the tens digit of the opponent's score (32 -> 4,
            // 7 -> 1)", with "'the tens digit' means (x // 10) % 10".
            Preset::Fa12 => 1 + (opponent / 10) % 10,
        }
    }

    /// fa16, Pork Chop: "`-1`, **Pork Chop**: 1 point, no dice." (The point
    /// modifiers cannot change it: 1 is not prime, and 1 <= 25 - (-1).)
    pub fn pork_chop_points(self) -> u32 {
        assert_eq!(self, Preset::Fa16, "only fa16 has Pork Chop");
        1
    }

    /// The points of a roll, before the point modifiers, from the final faces
    /// (after re-rolls). `score` is the mover's score at the start of the turn.
    pub fn roll_points(self, score: u32, faces: &[u32]) -> u32 {
        let ones = faces.iter().filter(|&&face| face == 1).count() as u32;
        let sum: u32 = faces.iter().sum();
        match self {
            // fa16: "**Pig Out**: if any die shows 1, the points are the
            // number of 1s, else the sum."
            Preset::Fa16 => {
                if ones > 0 {
                    ones
                } else {
                    sum
                }
            }
            // fa13: "**Pig out**: any 1 -> 1 point, else the sum."
            // sp26: "**Sow Sad**: any 1 -> 1 point, else the sum."
            Preset::Fa13 | Preset::Sp26 | Preset::Sp26Simple => {
                if ones > 0 {
                    1
                } else {
                    sum
                }
            }
            // nju21: "**Pig Out**: any 1 -> 1, else the sum; **plus Feral
            // Hogs**: one more point for every die whose face has the same
            // parity as the mover's score at the start of the turn, also on
            // Pig Out"
            Preset::Nju21 => {
                let pig_out = if ones > 0 { 1 } else { sum };
                let same_parity = faces.iter().filter(|&&face| face % 2 == score % 2).count();
                pig_out + same_parity as u32
            }
            // fa12: "**Pig out**: any 1 -> 1 point, else the sum; **49ers**:
            // if the mover's score before the turn is exactly 49, the 1s do
            // not lose and the points are the plain sum."
            Preset::Fa12 => {
                if score == 49 || ones == 0 {
                    sum
                } else {
                    1
                }
            }
        }
    }

    /// The point modifiers, in order, on the points of a turn that rolled
    /// `num_rolls` dice (0 for the zero-dice rule).
    pub fn modify_points(self, points: u32, num_rolls: i32) -> u32 {
        match self {
            Preset::Fa16 => {
                // "**Hogtimus Prime**: if the points are prime, they become the
                // next larger prime (also for Free Bacon and for Pig Out
                // counts: two 1s -> 3). 1 is not prime."
                let points = if is_prime(points) {
                    next_prime(points)
                } else {
                    points
                };
                // "**When Pigs Fly**: points = min(points, 25 - num_rolls),
                // after the prime boost"
                points.min((25 - num_rolls) as u32)
            }
            // fa12: "**Touchdown**: if the points are a multiple of 6, add
            // points / 6 (12 -> 14), also on Free Bacon turns."
            Preset::Fa12 => {
                if points.is_multiple_of(6) {
                    points + points / 6
                } else {
                    points
                }
            }
            Preset::Fa13 | Preset::Sp26 | Preset::Sp26Simple | Preset::Nju21 => points,
        }
    }

    /// The after-turn rules on the (mover, opponent) scores, once the points
    /// were added and before the goal is checked.
    pub fn after_turn(self, mover: u32, opponent: u32) -> (u32, u32) {
        match self {
            // fa16: "**Swine Swap**: after the points are added, if one score
            // is exactly double the other, the scores swap". fa13: "**Swine
            // swap** exactly as fa16 (after every turn, before the goal check)."
            Preset::Fa16 | Preset::Fa13 => {
                if mover == 2 * opponent || opponent == 2 * mover {
                    (opponent, mover)
                } else {
                    (mover, opponent)
                }
            }
            // sp26: "**Sus Fuss**: after the points are added, if the mover's
            // new score has exactly 3 or 4 divisors (counting 1 and itself),
            // it becomes the next prime above it ... Applies once, to the
            // mover only, also on 0-dice turns and above the goal."
            Preset::Sp26 => {
                if matches!(divisor_count(mover), 3 | 4) {
                    (next_prime(mover), opponent)
                } else {
                    (mover, opponent)
                }
            }
            // nju21: "**Swine Swap**: after the points are added, if
            // 3^(score0 + score1) has the same first and last decimal digit,
            // the scores swap ... Also after 0-point turns. Use exact integer
            // arithmetic, not logarithms."
            Preset::Nju21 => {
                let power = power_of_three(mover + opponent);
                if power.first() == power.last() {
                    (opponent, mover)
                } else {
                    (mover, opponent)
                }
            }
            // sp26-simple: "The course also plays these rules without Sus
            // Fuss". fa12: "No swaps."
            Preset::Sp26Simple | Preset::Fa12 => (mover, opponent),
        }
    }

    /// The sides of every die after a turn with `num_rolls`. fa16: "From the
    /// next turn on, every die of both players has the other number of sides
    /// (6 <-> 4). Rolling -1 again swaps back." "`sides` (6 or 4) changes only
    /// in fa16."
    pub fn next_sides(self, sides: u32, num_rolls: i32) -> u32 {
        match (self, num_rolls, sides) {
            (Preset::Fa16, -1, 6) => 4,
            (Preset::Fa16, -1, 4) => 6,
            (Preset::Fa16, -1, other) => panic!("dice with {other} sides"),
            _ => sides,
        }
    }
}

/// The decimal digits of `x`, most significant first (0 has the digit 0).
fn digits(x: u32) -> Vec<u32> {
    x.to_string().bytes().map(|b| (b - b'0') as u32).collect()
}

/// The n-th decimal digit (n >= 1) of 1/21, by long division.
fn digit_of_one_21st(n: u32) -> u32 {
    let mut remainder = 1;
    let mut digit = 0;
    for _ in 0..n {
        remainder *= 10;
        digit = remainder / 21;
        remainder %= 21;
    }
    digit
}

/// "1 is not prime."
fn is_prime(n: u32) -> bool {
    n >= 2 && (2..n).all(|d| !n.is_multiple_of(d))
}

/// The smallest prime larger than `n`.
fn next_prime(n: u32) -> u32 {
    let mut p = n + 1;
    while !is_prime(p) {
        p += 1;
    }
    p
}

/// The number of divisors of `n`, counting 1 and `n`.
fn divisor_count(n: u32) -> usize {
    (1..=n).filter(|d| n.is_multiple_of(*d)).count()
}

/// The decimal digits of 3^k, most significant first, computed exactly.
fn power_of_three(k: u32) -> Vec<u32> {
    let power = BigUint::from(3u32).pow(k);
    power
        .to_string()
        .bytes()
        .map(|b| (b - b'0') as u32)
        .collect()
}

/// docs/rules.md's worked examples, on this transcription.
#[test]
fn the_reference_rules_reproduce_the_worked_examples_of_rules_md() {
    let state = |score, opponent_score| State {
        score,
        opponent_score,
        sides: 6,
        memory: Default::default(),
    };
    let fa16 = Preset::Fa16;
    for (opponent, points) in [(42, 5), (48, 9), (7, 8), (0, 1)] {
        assert_eq!(fa16.zero_dice_points(state(0, opponent)), points);
    }
    assert_eq!(fa16.modify_points(fa16.roll_points(0, &[1, 1, 3]), 3), 3);
    assert_eq!(fa16.modify_points(19, 5), 20);
    assert_eq!(fa16.after_turn(37 + 9, 92), (92, 46));
    assert_eq!(fa16.modify_points(17, 2), 19);
    assert_eq!(fa16.after_turn(91 + 19, 55), (55, 110));
    assert_eq!(fa16.next_sides(6, -1), 4);
    assert_eq!(fa16.next_sides(4, -1), 6);
    assert_eq!(
        fa16.dice(State::START),
        Dice {
            sides: 6,
            reroll: true
        }
    );

    let sp26 = Preset::Sp26;
    for ((score, opponent), points) in [((21, 46), 9), ((45, 52), 1), ((2, 5), 6)] {
        assert_eq!(sp26.zero_dice_points(state(score, opponent)), points);
    }
    assert_eq!(sp26.after_turn(14 + 7, 0), (23, 0));
    assert_eq!(sp26.after_turn(63 + 1, 0), (64, 0));
    assert_eq!(sp26.after_turn(49 + 18, 0), (67, 0));
    assert_eq!(Preset::Sp26Simple.after_turn(14 + 7, 0), (21, 0));

    let nju21 = Preset::Nju21;
    for (n, digit) in [
        (0, 1),
        (1, 0),
        (2, 4),
        (3, 7),
        (4, 6),
        (5, 1),
        (6, 9),
        (13, 0),
    ] {
        assert_eq!(nju21.zero_dice_points(state(0, n)), digit);
    }
    assert_eq!(nju21.roll_points(21, &[1, 3, 5]), 4);
    assert_eq!(nju21.roll_points(40, &[2, 3, 4, 5]), 16);
    assert_eq!(nju21.roll_points(60, &[3]), 3);
    assert_eq!(nju21.after_turn(2, 4), (2, 4));
    assert_eq!(nju21.after_turn(11, 1), (11, 1));
    assert_eq!(nju21.after_turn(23, 4), (4, 23));
    assert_eq!(power_of_three(27), [7, 6, 2, 5, 5, 9, 7, 4, 8, 4, 9, 8, 7]);

    let fa12 = Preset::Fa12;
    assert_eq!(fa12.num_rolls(state(3, 4), 5), 1);
    assert_eq!(fa12.num_rolls(state(3, 4), 0), 0);
    assert_eq!(fa12.dice(state(70, 7)).sides, 4);
    assert_eq!(fa12.zero_dice_points(state(0, 32)), 4);
    assert_eq!(fa12.zero_dice_points(state(0, 7)), 1);
    assert_eq!(fa12.modify_points(12, 2), 14);
    assert_eq!(fa12.roll_points(49, &[1, 6]), 7);
    assert_eq!(fa12.roll_points(48, &[1, 6]), 1);
    assert_eq!(Preset::Fa13.dice(State::START).sides, 4);
}
