//! The reference's transcription of the contests' own rules (docs/rules.md,
//! "The contests"), on top of each semester's rules in `rules.rs`: a
//! [`Game`] is a semester's rules ([`Semester`]) and the rules its contest
//! added, written from the docs' sentences, not from `hog_solver::rules`.
//!
//! Time Trot is transcribed with the turn number itself, counted up from 0
//! without end, and only read mod M where the rule reads it; Pig Fest with
//! each player's Pig Outs in a row, uncapped, the multiplier capped where
//! it is read. The engine keeps both reduced (the turn mod M, the run at
//! most 3); the cross-check shows the reduction changes nothing.

use super::rules::{Dice, Game as Semester};
use super::Situation;

/// A semester's rules and its contest's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub preset: Semester,
    /// "Ham Hijinks: -1 scores 1 point and exchanges the dice".
    ham_hijinks: bool,
    /// "Pig Fest: Pig Outs in a row give a multiplier".
    pig_fest: bool,
    /// "Time Trot" with its modulus M.
    time_trot: Option<u32>,
    /// "every die of an extra turn has 8 sides".
    extra_turn_sides: Option<u32>,
}

impl Game {
    /// The game of a canonical rules text: the contests' components are
    /// read here (`special=ham_hijinks`, `pig_fest` among the after-turn
    /// rules, `time_trot_M` among the extra turns, `extra_dice=eight_sided`,
    /// and `bids`, which move only the start), the rest by [`Semester`].
    pub fn from_text(text: &str) -> Game {
        let mut game = Game {
            preset: Semester::from_text("zero=none"),
            ham_hijinks: false,
            pig_fest: false,
            time_trot: None,
            extra_turn_sides: None,
        };
        let mut semester = vec![];
        for pair in text.split(',') {
            let (key, value) = pair.split_once('=').expect("key=value");
            let mut items: Vec<&str> = value.split('+').collect();
            match key {
                "special" if value == "ham_hijinks" => {
                    game.ham_hijinks = true;
                    items = vec!["none"];
                }
                "after" if items.contains(&"pig_fest") => {
                    game.pig_fest = true;
                    items.retain(|&item| item != "pig_fest");
                }
                "extra" => {
                    for item in &items {
                        if let Some(m) = item.strip_prefix("time_trot_") {
                            game.time_trot = Some(m.parse().expect("Time Trot's modulus"));
                        }
                    }
                    items.retain(|item| !item.starts_with("time_trot_"));
                }
                "extra_dice" => {
                    game.extra_turn_sides = match value {
                        "eight_sided" => Some(8),
                        "same" => None,
                        other => panic!("the reference knows no extra_dice={other}"),
                    };
                    continue;
                }
                // Bids move only the start: the reference plays from it.
                "bids" => continue,
                _ => {}
            }
            if items.is_empty() {
                items = vec!["none"];
            }
            semester.push(format!("{key}={}", items.join("+")));
        }
        game.preset = Semester::from_text(&semester.join(","));
        game
    }

    /// "-1 (Pork Chop, Ham Hijinks)", then 0 to 10 dice.
    pub fn actions(&self) -> std::ops::RangeInclusive<i32> {
        if self.ham_hijinks {
            -1..=10
        } else {
            self.preset.actions()
        }
    }

    /// The dice of `x`. Ham Hijinks: "after an odd number of exchanges every
    /// die has the other number of sides than the rules give it:
    /// four-sided where they give six, six-sided under Hog Wild's four". The
    /// state's sides say which: 4 after an odd number. The dice of extra
    /// turns: "every die of an extra turn has 8 sides".
    pub fn dice(&self, x: Situation) -> Dice {
        if let (Some(sides), true) = (self.extra_turn_sides, x.extra) {
            return Dice {
                sides,
                reroll: false,
            };
        }
        if !self.ham_hijinks {
            return self.preset.dice(x);
        }
        let rules_give = self.preset.dice(Situation { sides: 6, ..x });
        let exchanged = x.sides == 4;
        Dice {
            sides: match (exchanged, rules_give.sides) {
                (false, sides) => sides,
                (true, 6) => 4,
                (true, _) => 6,
            },
            ..rules_give
        }
    }

    /// The points of -1: "1 point, no dice" (Pork Chop, Ham Hijinks).
    pub fn minus_one_points(&self) -> u32 {
        if self.ham_hijinks {
            1
        } else {
            self.preset.pork_chop_points()
        }
    }

    /// The dice sides after a turn. Ham Hijinks: "-1 ... exchanges the dice";
    /// an exchange flips the state's parity, 6 <-> 4.
    pub fn next_sides(&self, sides: u32, num_rolls: i32, points: u32) -> u32 {
        if self.ham_hijinks {
            return if num_rolls == -1 { 10 - sides } else { sides };
        }
        self.preset.next_sides(sides, num_rolls, points)
    }

    /// The after-turn rules. Pig Fest comes first, on the turn's points:
    /// "A turn without a Pig Out scores its points times max(1, the mover's
    /// Pig Outs in a row before it), at most 3", where "a Pig Out is a turn
    /// that rolled dice and had a 1 (it scores 1)"; the other rules follow.
    /// `remembered` is the mover's memory: under Pig Fest, their run.
    pub fn after_turn(
        &self,
        mover: u32,
        opponent: u32,
        points: u32,
        num_rolls: i32,
        remembered: u32,
    ) -> (u32, u32) {
        let mover = if self.pig_fest && !pig_out(num_rolls, points) {
            let multiplier = remembered.clamp(1, 3);
            mover - points + points * multiplier
        } else {
            mover
        };
        self.preset
            .after_turn(mover, opponent, points, num_rolls, remembered)
    }

    /// What the mover remembers after this turn. Pig Fest: "a Pig Out ...
    /// lengthens the run"; any other turn restarts it at 0.
    pub fn remember(&self, num_rolls: i32, points: u32, before: u32) -> u32 {
        if !self.pig_fest {
            return self.preset.remember(num_rolls, points);
        }
        if pig_out(num_rolls, points) {
            before + 1
        } else {
            0
        }
    }

    /// Whether the mover moves again after a turn from x that rolled
    /// `num_rolls`: the preset's extra-turn rules on the scores, or Time
    /// Trot: "A turn numbered n on which the mover rolls k dice with n mod
    /// M = k gives another turn, unless this turn is itself an extra turn."
    pub fn extra_turn(&self, x: Situation, num_rolls: i32, mover: u32, opponent: u32) -> bool {
        let trots = self
            .time_trot
            .is_some_and(|m| !x.extra && num_rolls >= 0 && x.turn % m == num_rolls as u32);
        trots || self.preset.extra_turn(mover, opponent)
    }

    /// The next turn's number: one more where Time Trot counts the turns,
    /// else 0 (so that the positions of nju21's zero-point plays repeat).
    pub fn next_turn(&self, turn: u32) -> u32 {
        if self.time_trot.is_some() {
            turn + 1
        } else {
            0
        }
    }

    /// The engine's hidden values of a situation: the turn number mod M
    /// where Time Trot reads it, whether the turn is an extra turn where a
    /// rule reads it, and a Pig Fest run capped at 3 (runs from 3 on act
    /// alike: the multiplier is capped at 3).
    pub fn engine_turn(&self, x: Situation) -> (u8, bool) {
        let turn = self.time_trot.map_or(0, |m| (x.turn % m) as u8);
        let reads_extra = self.time_trot.is_some() || self.extra_turn_sides.is_some();
        (turn, x.extra && reads_extra)
    }

    /// The memory the engine keeps of a remembered value.
    pub fn kept(&self, remembers: u32) -> u8 {
        if self.pig_fest {
            remembers.min(3) as u8
        } else {
            remembers.min(13) as u8
        }
    }
}

/// Whether a turn of `num_rolls` that scored `points` is a Pig Out: it
/// rolled dice and had a 1, which under Pig Out = 1 is its 1 point (a roll
/// without a 1 scores 2 a die at least).
fn pig_out(num_rolls: i32, points: u32) -> bool {
    num_rolls >= 1 && points == 1
}
