//! The reference's own transcription of the rules, written straight from
//! `docs/rules.md` and keyed by the preset's name.
//!
//! Nothing here comes from `hog_solver::rules`: each piece is a `match` on the
//! preset with the rule of docs/rules.md it transcribes stated above it, so
//! that a slip in the library's rules would show up as a disagreement in the
//! cross-check instead of being shared by both sides.

use num_bigint::BigUint;

use super::components::{self, is_prime, next_prime};
use super::Situation;

/// The presets of docs/rules.md, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    Fa16,
    Fa13,
    Sp26,
    Sp26Simple,
    Nju21,
    Fa12,
    Fa14,
    Sp15,
    Su15,
    Su16,
    Sp17,
    Fa17,
    Sp18,
    Su18,
    Fa18,
    Sp19,
    Su19,
    Fa21,
    Sp22,
    Su22,
    Fa22,
    Fa22Simple,
    Su23,
    Nju23,
    Fa15,
    Su17,
    Fa19,
    Sp20,
    Su20,
    Fa20,
    Sp21,
    Su21,
}

/// A preset's zero-dice rule, after-turn rules and extra-turn rules, by
/// their names in the rules text.
type Components = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

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
            "fa14" => Preset::Fa14,
            "sp15" => Preset::Sp15,
            "su15" => Preset::Su15,
            "su16" => Preset::Su16,
            "sp17" => Preset::Sp17,
            "fa17" => Preset::Fa17,
            "sp18" => Preset::Sp18,
            "su18" => Preset::Su18,
            "fa18" => Preset::Fa18,
            "sp19" => Preset::Sp19,
            "su19" => Preset::Su19,
            "fa21" => Preset::Fa21,
            "sp22" => Preset::Sp22,
            "su22" => Preset::Su22,
            "fa22" => Preset::Fa22,
            "fa22-simple" => Preset::Fa22Simple,
            "su23" => Preset::Su23,
            "nju23" => Preset::Nju23,
            "fa15" => Preset::Fa15,
            "su17" => Preset::Su17,
            "fa19" => Preset::Fa19,
            "sp20" => Preset::Sp20,
            "su20" => Preset::Su20,
            "fa20" => Preset::Fa20,
            "sp21" => Preset::Sp21,
            "su21" => Preset::Su21,
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

    /// The zero-dice rule, the after-turn rules (in order) and the
    /// extra-turn rules of a preset after fa13, by their names in
    /// docs/rules.md's sections (none for the older presets, whose rules are
    /// written out below).
    fn components(self) -> Option<Components> {
        let components: Components = match self {
            Preset::Fa16
            | Preset::Fa13
            | Preset::Sp26
            | Preset::Sp26Simple
            | Preset::Nju21
            | Preset::Fa12 => return None,
            Preset::Fa14 => ("free_bacon_abs_diff_plus_1", &["swine_swap_double"], &[]),
            Preset::Sp15 => ("free_bacon_largest_digit", &["prime_sum_leader_bonus"], &[]),
            Preset::Su15 | Preset::Fa15 => (
                "free_bacon_largest_digit",
                &["swine_swap_reverse_digits"],
                &[],
            ),
            Preset::Su16 => (
                "free_bacon_largest_digit",
                &["swine_swap_mover_repdigit"],
                &[],
            ),
            Preset::Sp17 | Preset::Su17 => {
                ("free_bacon_largest_digit", &["swine_swap_double"], &[])
            }
            Preset::Fa17 => ("free_bacon_largest_digit", &["swine_swap_multiple"], &[]),
            Preset::Sp18 => ("free_bacon_abs_diff_plus_2", &["swine_swap_multiple"], &[]),
            Preset::Su18 => ("free_bacon_digit_product", &["swine_swap_ones_tens"], &[]),
            Preset::Fa18 => (
                "free_bacon_twice_tens_minus_ones",
                &["swine_swap_digit_diff"],
                &[],
            ),
            Preset::Sp19 => (
                "free_bacon_min_digit_plus_1",
                &["swine_swap_same_place_digit"],
                &[],
            ),
            Preset::Su19 => (
                "free_bacon_ten_minus_min_digit",
                &["swine_swap_lead_ones"],
                &[],
            ),
            Preset::Fa21 => ("picky_piggy_one_seventh", &["hog_pile_double"], &[]),
            Preset::Sp22 => ("hefty_hogs", &["hog_pile_ones"], &[]),
            Preset::Su22 => ("free_bacon_twice_tens_minus_ones", &["pigs_on_prime"], &[]),
            Preset::Fa22 => ("pig_tail", &["square_swine"], &[]),
            Preset::Fa22Simple => ("pig_tail", &[], &[]),
            Preset::Su23 => ("boar_brawl", &["fuzzy_factors"], &[]),
            Preset::Nju23 => ("pig_tail", &["swine_swap_mover_square"], &[]),
            Preset::Fa19 => (
                "free_bacon_ten_minus_min_digit",
                &["feral_hogs_rolls", "swine_swap_first_last_product"],
                &[],
            ),
            Preset::Sp20 => (
                "free_bacon_cube_alternating",
                &["feral_hogs_points", "swine_swap_power_of_three"],
                &[],
            ),
            Preset::Su20 => (
                "free_bacon_ten_plus_tens_minus_ones",
                &["feral_hogs_points", "swine_swap_ones_diff_tens"],
                &[],
            ),
            Preset::Fa20 => ("free_bacon_pi", &[], &["swine_align", "pig_pass"]),
            Preset::Sp21 => ("piggy_points_square_min_digit", &[], &["more_boar"]),
            Preset::Su21 => ("piggy_points_abs_diff_plus_4", &[], &["more_boar_min_max"]),
        };
        Some(components)
    }

    /// fa12 and su16, Hog Tied: "if score + opponent_score ends in 7, at most
    /// one die may be rolled: a strategy's choice above 1 is clamped to 1 (0
    /// stays 0)."
    pub fn num_rolls(self, x: Situation, choice: i32) -> i32 {
        let ends_in_7 = (x.score + x.opponent_score) % 10 == 7;
        let hog_tied = matches!(self, Preset::Fa12 | Preset::Su16);
        if hog_tied && ends_in_7 && choice > 1 {
            1
        } else {
            choice
        }
    }

    /// The dice rolled in `x`. "'Hog Wild' and 'Hog Tied' test the sum of
    /// both scores **before** the turn, and 0 counts as a multiple of 7."
    pub fn dice(self, x: Situation) -> Dice {
        let sevens = (x.score + x.opponent_score).is_multiple_of(7);
        if !matches!(self, Preset::Fa16 | Preset::Su17) {
            // "The mover sees the state (score, opponent_score, sides) ...
            // 6 at the start": only Pork Chop and Perfect Piggy change it.
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
            // su17, Perfect Piggy: the dice have the sides the last flips left.
            Preset::Su17 => Dice {
                sides: x.sides,
                reroll: false,
            },
            // fa13: "four-sided dice when score + opponent_score is a multiple
            // of 7, else six-sided."
            // fa12, Hog Wild: "four-sided dice when score + opponent_score is
            // a multiple of 7, else six-sided"
            // fa14, sp15, su15, fa15, su16, sp17: "four-sided dice when score
            // + opponent_score is a multiple of 7" (Hog Wild).
            Preset::Fa13
            | Preset::Fa12
            | Preset::Fa14
            | Preset::Sp15
            | Preset::Su15
            | Preset::Fa15
            | Preset::Su16
            | Preset::Sp17 => Dice {
                sides: if sevens { 4 } else { 6 },
                reroll: false,
            },
            // sp26, nju21 and the presets from fa17 on: "six-sided dice always."
            _ => Dice {
                sides: 6,
                reroll: false,
            },
        }
    }

    /// The points of rolling 0 dice, before the point modifiers.
    pub fn zero_dice_points(self, x: Situation) -> u32 {
        let (score, opponent) = (x.score, x.opponent_score);
        let rule = self.components().map(|(zero, _, _)| zero);
        match self {
            // sp15 to fa17: Free Bacon as fa13's; su23: Boar Brawl as sp26's.
            _ if rule == Some("free_bacon_largest_digit") => Preset::Fa13.zero_dice_points(x),
            _ if rule == Some("boar_brawl") => Preset::Sp26.zero_dice_points(x),
            _ if rule.is_some() => components::zero_dice(rule.unwrap(), score, opponent),
            // fa16: "1 + the larger digit of the opponent's score (42 -> 5,
            // 48 -> 9, 7 -> 8, 0 -> 1)." fa13: "1 + the larger digit of the
            // opponent's score." For any goal: "'the larger digit' means the
            // largest of all the score's digits (fa16, fa13)".
            Preset::Fa16 | Preset::Fa13 => {
                1 + components::digits(opponent.into())
                    .into_iter()
                    .max()
                    .unwrap()
            }
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
                    components::decimal_of_one_over(21, opponent)
                }
            }
            // fa12: "1 + the tens digit of the opponent's score (32 -> 4,
            // 7 -> 1)", with "'the tens digit' means (x // 10) % 10".
            Preset::Fa12 => 1 + (opponent / 10) % 10,
            _ => unreachable!("{self:?} has its components"),
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
            // fa15, Piggy Back: "0 for the mover" when a die shows 1 (the
            // opponent's num_rolls points are in [`Preset::piggy_back`]).
            Preset::Fa15 => {
                if ones > 0 {
                    0
                } else {
                    sum
                }
            }
            // sp17: "**Pig Out**: if any die shows 1, the points are
            // min(the number of 1s, 11 - num_rolls), else the sum."
            Preset::Sp17 => {
                if ones > 0 {
                    ones.min(11 - faces.len() as u32)
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
            // fa13: "**Pig out**: any 1 -> 1 point, else the sum."
            // sp26 and the rest: "**Sow Sad**: any 1 -> 1 point, else the sum."
            _ => {
                if ones > 0 {
                    1
                } else {
                    sum
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
            // su16, sp17, fa15, su17: "**Hogtimus Prime**: prime points
            // become the next larger prime", on every turn.
            Preset::Su16 | Preset::Sp17 | Preset::Fa15 | Preset::Su17 => {
                if is_prime(points) {
                    next_prime(points)
                } else {
                    points
                }
            }
            _ => points,
        }
    }

    /// The after-turn rules on the (mover, opponent) scores, once the points
    /// were added and before the goal is checked.
    /// `num_rolls` is the turn's and `remembered` what the mover remembers
    /// of their previous turn (Feral Hogs).
    pub fn after_turn(
        self,
        mover: u32,
        opponent: u32,
        points: u32,
        num_rolls: i32,
        remembered: u32,
    ) -> (u32, u32) {
        if let Some((_, after, _)) = self.components() {
            // "the rules applied in order after the points are added"
            return after
                .iter()
                .fold((mover, opponent), |(m, o), &rule| match rule {
                    // fa14, sp17, su17: "Swine swap exactly as fa13".
                    "swine_swap_double" => Preset::Fa13.after_turn(m, o, points, num_rolls, 0),
                    // sp20: nju21's Swine Swap on 3^(score0 + score1).
                    "swine_swap_power_of_three" => {
                        Preset::Nju21.after_turn(m, o, points, num_rolls, 0)
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
                });
        }
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
            _ => unreachable!("{self:?} has its components"),
        }
    }

    /// The sides of every die after a turn with `num_rolls` that scored
    /// `points`. fa16: "From the next turn on, every die of both players has
    /// the other number of sides (6 <-> 4). Rolling -1 again swaps back." su17:
    /// "a turn whose points, after the point modifiers, are a perfect square
    /// or cube other than 1 (4, 8, 9, 16, 25, 27, ...) flips every die of both
    /// players 6 ↔ 4 from the next turn on." Only these two change the sides.
    pub fn next_sides(self, sides: u32, num_rolls: i32, points: u32) -> u32 {
        let flips = match self {
            Preset::Fa16 => num_rolls == -1,
            Preset::Su17 => {
                points != 1 && (components::is_square(points) || components::is_cube(points))
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
    pub fn piggy_back(self, num_rolls: i32, points: u32) -> u32 {
        if self == Preset::Fa15 && num_rolls >= 1 && points == 0 {
            num_rolls as u32
        } else {
            0
        }
    }

    /// What the mover remembers of this turn, for Feral Hogs on their next:
    /// fa19, "the dice the mover rolled"; sp20 and su20, "the points the
    /// mover scored ... (those points before any bonus or swap)". Nothing
    /// elsewhere: 0.
    pub fn remember(self, num_rolls: i32, points: u32) -> u32 {
        match self.components() {
            Some((_, after, _)) if after.contains(&"feral_hogs_rolls") => num_rolls as u32,
            Some((_, after, _)) if after.contains(&"feral_hogs_points") => points,
            _ => 0,
        }
    }

    /// "after the after-turn rules, if the game is not over and one
    /// predicate holds on (m, o), the mover moves again"
    pub fn extra_turn(self, mover: u32, opponent: u32) -> bool {
        self.components().is_some_and(|(_, _, extra)| {
            extra
                .iter()
                .any(|rule| components::extra_turn(rule, mover, opponent))
        })
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
    let fa16 = Preset::Fa16;
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

    let sp26 = Preset::Sp26;
    for ((score, opponent), points) in [((21, 46), 9), ((45, 52), 1), ((2, 5), 6)] {
        assert_eq!(sp26.zero_dice_points(state(score, opponent)), points);
    }
    assert_eq!(sp26.after_turn(14 + 7, 0, 7, 0, 0), (23, 0));
    assert_eq!(sp26.after_turn(63 + 1, 0, 1, 0, 0), (64, 0));
    assert_eq!(sp26.after_turn(49 + 18, 0, 18, 0, 0), (67, 0));
    assert_eq!(Preset::Sp26Simple.after_turn(14 + 7, 0, 7, 0, 0), (21, 0));

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
    assert_eq!(nju21.after_turn(2, 4, 0, 0, 0), (2, 4));
    assert_eq!(nju21.after_turn(11, 1, 0, 0, 0), (11, 1));
    assert_eq!(nju21.after_turn(23, 4, 0, 0, 0), (4, 23));
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
    assert_eq!(Preset::Fa13.dice(state(0, 0)).sides, 4);
}
