//! The reference's own transcription of the rules, written straight from
//! `docs/rules.md`, one rule component at a time, and keyed by the
//! components' names in the canonical rules text.
//!
//! Nothing here comes from `hog_solver::rules`: the reference reads the
//! rules text itself (`key=value` pairs, lists joined by `+`), and each
//! piece is a `match` on a component's name with the rule of docs/rules.md
//! it transcribes stated above it, so that a slip in the library's rules
//! would show up as a disagreement in the cross-check instead of being
//! shared by both sides. Any rule set the text can write is a [`Game`], so
//! the cross-check covers combinations of components, not only presets.

use num_bigint::BigUint;

use super::components::{self, is_prime, next_prime};
use super::Situation;

/// A rule set, by its components' names in the rules text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    zero: String,
    sides: String,
    reroll: String,
    pig_out: String,
    bonus: String,
    points: Vec<String>,
    after: Vec<String>,
    limit: String,
    special: String,
    extra: Vec<String>,
}

/// The dice one turn rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    pub sides: u32,
    /// "every die is a re-rolling die (an odd face is rolled once more; the
    /// second face stands)"
    pub reroll: bool,
}

impl Game {
    /// The game of a canonical rules text: "zero=...,sides=...,...".
    pub fn from_text(text: &str) -> Game {
        let value = |key: &str| -> String {
            text.split(',')
                .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
                .unwrap_or("none")
                .to_string()
        };
        let list = |key: &str| -> Vec<String> {
            match value(key).as_str() {
                "none" => vec![],
                items => items.split('+').map(str::to_string).collect(),
            }
        };
        Game {
            zero: value("zero"),
            sides: value("sides"),
            reroll: value("reroll"),
            pig_out: value("pig_out"),
            bonus: value("bonus"),
            points: list("points"),
            after: list("after"),
            limit: value("limit"),
            special: value("special"),
            extra: list("extra"),
        }
    }

    /// fa16, Pork Chop: "Actions -1..10." Else: "Actions 0..10."
    pub fn actions(&self) -> std::ops::RangeInclusive<i32> {
        if self.special == "pork_chop" {
            -1..=10
        } else {
            0..=10
        }
    }

    /// Hog Tied (fa12, sp13, su16): "if score + opponent_score ends in 7, at
    /// most one die may be rolled: a strategy's choice above 1 is clamped to 1
    /// (0 stays 0)." The 2012-13 courses' clamping of answers above 10 happens
    /// before a strategy's answer reaches the game, so it is the same here.
    pub fn num_rolls(&self, x: Situation, choice: i32) -> i32 {
        let ends_in_7 = (x.score + x.opponent_score) % 10 == 7;
        let hog_tied = matches!(self.limit.as_str(), "hog_tied" | "hog_tied_clamped");
        if hog_tied && ends_in_7 && choice > 1 {
            1
        } else {
            choice
        }
    }

    /// The dice rolled in `x`. "'Hog Wild' and 'Hog Tied' test the sum of
    /// both scores **before** the turn, and 0 counts as a multiple of 7."
    pub fn dice(&self, x: Situation) -> Dice {
        let sevens = (x.score + x.opponent_score).is_multiple_of(7);
        if self.special == "none" {
            // "The mover sees the state (score, opponent_score, sides) ...
            // 6 at the start": only Pork Chop and Perfect Piggy change it.
            assert_eq!(x.sides, 6, "{self:?}: {x:?}");
        }
        Dice {
            // fa13, fa12, ...: "four-sided dice when score + opponent_score
            // is a multiple of 7, else six-sided"; otherwise "roll n dice
            // with the current number of sides" (6 unless flipped).
            sides: if self.sides == "four_on_sevens" && sevens {
                4
            } else {
                x.sides
            },
            // fa16, Hog Wild: "if score + opponent_score is a multiple of 7,
            // every die is a re-rolling die".
            reroll: self.reroll == "on_sevens" && sevens,
        }
    }

    /// The points of rolling 0 dice, before the point modifiers.
    pub fn zero_dice_points(&self, x: Situation) -> u32 {
        let (score, opponent) = (x.score, x.opponent_score);
        match self.zero.as_str() {
            // fa16: "1 + the larger digit of the opponent's score (42 -> 5,
            // 48 -> 9, 7 -> 8, 0 -> 1)." For any goal: "'the larger digit'
            // means the largest of all the score's digits (fa16, fa13)".
            "free_bacon_largest_digit" => {
                1 + components::digits(opponent.into())
                    .into_iter()
                    .max()
                    .unwrap()
            }
            // sp26: "max(1, 3 * |tens(opponent) - ones(mover)|) with
            // tens(x) = (x // 10) % 10, ones(x) = x % 10, for any score"
            "boar_brawl" => {
                let tens = (opponent / 10) % 10;
                let ones = score % 10;
                (3 * tens.abs_diff(ones)).max(1)
            }
            // nju21: "the n-th decimal digit of 1/21 = 0.047619 047619...
            // where n is the opponent's score (1-indexed ...); n = 0 scores 1."
            "picky_piggy" if opponent == 0 => 1,
            "picky_piggy" => components::decimal_of_one_over(21, opponent),
            // fa12: "1 + the tens digit of the opponent's score (32 -> 4,
            // 7 -> 1)", with "'the tens digit' means (x // 10) % 10".
            "free_bacon_tens_digit" => 1 + (opponent / 10) % 10,
            rule => components::zero_dice(rule, score, opponent),
        }
    }

    /// Pork Chop: "`-1`, **Pork Chop**: 1 point, no dice."
    pub fn pork_chop_points(&self) -> u32 {
        assert_eq!(self.special, "pork_chop", "only Pork Chop plays -1");
        1
    }

    /// The points of a roll, before the point modifiers, from the final faces
    /// (after re-rolls). `score` is the mover's score at the start of the turn.
    pub fn roll_points(&self, score: u32, faces: &[u32]) -> u32 {
        let ones = faces.iter().filter(|&&face| face == 1).count() as u32;
        let sum: u32 = faces.iter().sum();
        let pig_out = match self.pig_out.as_str() {
            _ if ones == 0 => sum,
            // fa16: "**Pig Out**: if any die shows 1, the points are the
            // number of 1s, else the sum."
            "count_ones" => ones,
            // fa15, Piggy Back: "0 for the mover" when a die shows 1 (the
            // opponent's num_rolls points are in [`Game::piggy_back`]).
            "zero_piggy_back" => 0,
            // sp17: "**Pig Out**: if any die shows 1, the points are
            // min(the number of 1s, 11 - num_rolls), else the sum."
            "count_ones_capped" => ones.min(11 - faces.len() as u32),
            // sp13: "**49ers**: if the mover's score before the turn is
            // exactly 49, the 1s do not lose and the points are the plain sum."
            "one_point_except_49" if score == 49 => sum,
            // fa13: "**Pig out**: any 1 -> 1 point"; sp26: "**Sow Sad**:
            // any 1 -> 1 point".
            "one_point" | "one_point_except_49" => 1,
            other => panic!("the reference knows no pig_out={other}"),
        };
        // nju21, "**plus Feral Hogs**: one more point for every die whose
        // face has the same parity as the mover's score at the start of the
        // turn, also on Pig Out"
        let bonus = match self.bonus.as_str() {
            "feral_hogs" => faces.iter().filter(|&&face| face % 2 == score % 2).count() as u32,
            _ => 0,
        };
        pig_out + bonus
    }

    /// The point modifiers, in order, on the points of a turn that rolled
    /// `num_rolls` dice (0 for the zero-dice rule).
    pub fn modify_points(&self, points: u32, num_rolls: i32) -> u32 {
        self.points
            .iter()
            .fold(points, |points, modifier| match modifier.as_str() {
                // fa16: "**Hogtimus Prime**: if the points are prime, they
                // become the next larger prime ... 1 is not prime."
                "hogtimus_prime" if is_prime(points) => next_prime(points),
                "hogtimus_prime" => points,
                // fa16: "**When Pigs Fly**: points = min(points, 25 - num_rolls)"
                "when_pigs_fly" => points.min((25 - num_rolls) as u32),
                // sp13: "**Touchdown**: if the points are a multiple of 6,
                // add points / 6 (12 -> 14), also on Free Bacon turns."
                "touchdown" if points.is_multiple_of(6) => points + points / 6,
                "touchdown" => points,
                other => panic!("the reference knows no point modifier {other}"),
            })
    }

    /// The after-turn rules on the (mover, opponent) scores, once the points
    /// were added and before the goal is checked, "the rules applied in
    /// order after the points are added". `num_rolls` is the turn's and
    /// `remembered` what the mover remembers of their previous turn (Feral
    /// Hogs).
    pub fn after_turn(
        &self,
        mover: u32,
        opponent: u32,
        points: u32,
        num_rolls: i32,
        remembered: u32,
    ) -> (u32, u32) {
        self.after
            .iter()
            .fold((mover, opponent), |(m, o), rule| match rule.as_str() {
                // fa16: "**Swine Swap**: after the points are added, if one
                // score is exactly double the other, the scores swap".
                "swine_swap_double" if m == 2 * o || o == 2 * m => (o, m),
                "swine_swap_double" => (m, o),
                // sp26: "**Sus Fuss**: ... if the mover's new score has
                // exactly 3 or 4 divisors (counting 1 and itself), it becomes
                // the next prime above it ... Applies once, to the mover
                // only, also on 0-dice turns and above the goal."
                "sus_fuss" if matches!(divisor_count(m), 3 | 4) => (next_prime(m), o),
                "sus_fuss" => (m, o),
                // nju21: "**Swine Swap**: ... if 3^(score0 + score1) has the
                // same first and last decimal digit, the scores swap ... Use
                // exact integer arithmetic, not logarithms."
                "swine_swap_power_of_three" => {
                    let power = power_of_three(m + o);
                    if power.first() == power.last() {
                        (o, m)
                    } else {
                        (m, o)
                    }
                }
                // fa19, sp20, su20: "m gains 3 if |num_rolls − the dice the
                // mover rolled (the points the mover scored) on their
                // previous turn| = 2"
                "feral_hogs_rolls" | "feral_hogs_points"
                    if (num_rolls - remembered as i32).abs() == 2 =>
                {
                    (m + 3, o)
                }
                "feral_hogs_rolls" | "feral_hogs_points" => (m, o),
                rule => components::after_turn(rule, (m, o), points),
            })
    }

    /// The sides of every die after a turn with `num_rolls` that scored
    /// `points`. fa16: "From the next turn on, every die of both players has
    /// the other number of sides (6 <-> 4). Rolling -1 again swaps back." su17:
    /// "a turn whose points, after the point modifiers, are a perfect square
    /// or cube above 1 (4, 8, 9, 16, 25, 27, ...; not 0, which Piggy Back
    /// scores) flips every die of both players 6 ↔ 4 from the next turn on."
    /// Only these two change the sides.
    pub fn next_sides(&self, sides: u32, num_rolls: i32, points: u32) -> u32 {
        let flips = match self.special.as_str() {
            "pork_chop" => num_rolls == -1,
            "perfect_piggy" => {
                points > 1 && (components::is_square(points) || components::is_cube(points))
            }
            _ => false,
        };
        match (flips, sides) {
            (false, sides) => sides,
            (true, 6) => 4,
            (true, 4) => 6,
            (true, other) => panic!("dice with {other} sides"),
        }
    }

    /// fa15, Piggy Back: "0 for the mover, and the opponent gains num_rolls
    /// points, before every other rule of the turn (a roll without a 1 scores
    /// at least 2 a die, so a roll scores 0 exactly when it has a 1)". The
    /// points the opponent gains on a turn of `num_rolls` that scored `points`.
    pub fn piggy_back(&self, num_rolls: i32, points: u32) -> u32 {
        if self.pig_out == "zero_piggy_back" && num_rolls >= 1 && points == 0 {
            num_rolls as u32
        } else {
            0
        }
    }

    /// What the mover remembers of this turn, for Feral Hogs on their next:
    /// fa19, "the dice the mover rolled" (none for Pork Chop, which rolls
    /// no dice); sp20 and su20, "the points the mover scored ... (those
    /// points before any bonus or swap)". Nothing elsewhere: 0.
    pub fn remember(&self, num_rolls: i32, points: u32) -> u32 {
        if self.after.iter().any(|r| r == "feral_hogs_rolls") {
            num_rolls.max(0) as u32
        } else if self.after.iter().any(|r| r == "feral_hogs_points") {
            points
        } else {
            0
        }
    }

    /// "after the after-turn rules, if the game is not over and one
    /// predicate holds on (m, o), the mover moves again"
    pub fn extra_turn(&self, mover: u32, opponent: u32) -> bool {
        self.extra
            .iter()
            .any(|rule| components::extra_turn(rule, mover, opponent))
    }
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
    let state = |score, opponent_score| Situation {
        score,
        opponent_score,
        sides: 6,
        mover_remembers: 0,
        opponent_remembers: 0,
        turn: 0,
        extra: false,
    };
    let game = |name: &str| Game::from_text(&hog_solver::Rules::parse(name).unwrap().to_string());
    let fa16 = game("fa16");
    for (opponent, points) in [(42, 5), (48, 9), (7, 8), (0, 1)] {
        assert_eq!(fa16.zero_dice_points(state(0, opponent)), points);
    }
    assert_eq!(fa16.modify_points(fa16.roll_points(0, &[1, 1, 3]), 3), 3);
    assert_eq!(fa16.modify_points(19, 5), 20);
    assert_eq!(fa16.after_turn(37 + 9, 92, 9, 0, 0), (92, 46));
    assert_eq!(fa16.modify_points(17, 2), 19);
    assert_eq!(fa16.after_turn(91 + 19, 55, 19, 0, 0), (55, 110));
    assert_eq!(fa16.next_sides(6, -1, 1), 4);
    assert_eq!(fa16.next_sides(4, -1, 1), 6);
    assert_eq!(
        fa16.dice(state(0, 0)),
        Dice {
            sides: 6,
            reroll: true
        }
    );

    let sp26 = game("sp26");
    for ((score, opponent), points) in [((21, 46), 9), ((45, 52), 1), ((2, 5), 6)] {
        assert_eq!(sp26.zero_dice_points(state(score, opponent)), points);
    }
    assert_eq!(sp26.after_turn(14 + 7, 0, 7, 0, 0), (23, 0));
    assert_eq!(sp26.after_turn(63 + 1, 0, 1, 0, 0), (64, 0));
    assert_eq!(sp26.after_turn(49 + 18, 0, 18, 0, 0), (67, 0));
    assert_eq!(game("sp26-simple").after_turn(14 + 7, 0, 7, 0, 0), (21, 0));

    let nju21 = game("nju21");
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
    assert_eq!(nju21.after_turn(2, 4, 0, 0, 0), (2, 4));
    assert_eq!(nju21.after_turn(11, 1, 0, 0, 0), (11, 1));
    assert_eq!(nju21.after_turn(23, 4, 0, 0, 0), (4, 23));
    assert_eq!(power_of_three(27), [7, 6, 2, 5, 5, 9, 7, 4, 8, 4, 9, 8, 7]);

    let sp13 = game("sp13");
    assert_eq!(sp13.num_rolls(state(3, 4), 5), 1);
    assert_eq!(sp13.num_rolls(state(3, 4), 0), 0);
    assert_eq!(sp13.dice(state(70, 7)).sides, 4);
    assert_eq!(sp13.zero_dice_points(state(0, 32)), 4);
    assert_eq!(sp13.zero_dice_points(state(0, 7)), 1);
    assert_eq!(sp13.modify_points(12, 2), 14);
    assert_eq!(sp13.roll_points(49, &[1, 6]), 7);
    assert_eq!(sp13.roll_points(48, &[1, 6]), 1);
    let fa12 = game("fa12");
    assert_eq!(fa12.num_rolls(state(3, 4), 5), 1);
    assert_eq!(fa12.zero_dice_points(state(0, 32)), 4);
    assert_eq!(fa12.modify_points(12, 2), 12);
    assert_eq!(fa12.roll_points(49, &[1, 6]), 1);
    assert_eq!(game("fa13").dice(state(0, 0)).sides, 4);
}
