//! What the rules hide from a course strategy, which answers from the two
//! scores alone: the dice sides (Pork Chop and Perfect Piggy flip them) and
//! each player's memory of their own previous turn (Feral Hogs).
//!
//! A state is (score, opponent_score, hidden), hidden = (sides, memory). The
//! engine lays the hidden values out along the first axis of its grids and
//! tables, six-sided dice first:
//!
//! ```text
//!   index(sides, memory) = side_index(sides) · M² + memory.mover · M + memory.opponent
//! ```
//!
//! where M is the number of values a memory takes (1 when the rules keep
//! none, so that the index is the side index alone, as before memories).

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::{AfterTurn, Rules, State};

/// An action besides rolling 0 to 10 dice, or a rule on the dice sides.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Special {
    None,
    /// Pork Chop (fa16): action -1 scores 1 point and flips every die's sides (6 <-> 4).
    PorkChop,
    /// Perfect Piggy (su17): a turn whose points (after the point modifiers)
    /// are a perfect square or cube other than 1 flips every die's sides
    /// (6 <-> 4) from the next turn on, for both players.
    PerfectPiggy,
}

/// What each player remembers of their own previous turn, for Feral Hogs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recall {
    /// Nothing is remembered.
    None,
    /// The number of dice rolled (fa19): 0 to 10, and 0 before the first turn.
    Rolls,
    /// The points scored (sp20, su20), before the Feral Hogs bonus and any
    /// swap, and 0 before the first turn. The bonus reads only whether
    /// |num_rolls - points| = 2 with num_rolls <= 10, so points of 13 or
    /// more all act alike: they are kept as 13, "13 or more".
    Points,
}

impl Recall {
    /// How many values a memory takes (M above).
    pub fn values(self) -> u32 {
        match self {
            Recall::None => 1,
            Recall::Rolls => 11,
            Recall::Points => 14,
        }
    }

    /// The mover's memory after a turn that rolled `num_rolls` dice (the
    /// effective number) and scored `points`.
    #[inline]
    pub fn remember(self, num_rolls: i32, points: u32) -> u8 {
        match self {
            Recall::None => 0,
            Recall::Rolls => num_rolls.max(0) as u8,
            Recall::Points => points.min(13) as u8,
        }
    }
}

/// Each player's memory of their own previous turn, seen from the mover:
/// both 0 where the rules keep none (and before anybody has moved).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Memory {
    pub mover: u8,
    pub opponent: u8,
}

impl Memory {
    /// No memory: both 0.
    pub const NONE: Memory = Memory {
        mover: 0,
        opponent: 0,
    };

    /// Whether both memories are 0 (what a rule set without memories keeps).
    pub fn is_none(&self) -> bool {
        *self == Memory::NONE
    }
}

/// The hidden values of a rule set's states, in axis order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hidden {
    /// The dice sides a state can carry, six first.
    pub sides: &'static [u32],
    /// M: the number of values each player's memory takes.
    pub memory: u32,
}

impl Hidden {
    /// How many hidden values there are: the length of the first axis.
    pub fn len(&self) -> usize {
        self.sides.len() * (self.memory * self.memory) as usize
    }

    /// Whether a state holds nothing but the two scores (six-sided dice, no memory).
    pub fn is_empty(&self) -> bool {
        self.len() == 1
    }

    /// The position of a state's hidden value on the first axis.
    #[inline]
    pub fn index(&self, x: State) -> usize {
        // Most rules hide nothing: one value, at 0 (a quicker test than the
        // arithmetic, which the grids and policies do for every state).
        if self.memory == 1 && self.sides.len() == 1 {
            return 0;
        }
        let m = self.memory as usize;
        (usize::from(x.sides != self.sides[0]) * m + x.memory.mover as usize) * m
            + x.memory.opponent as usize
    }

    /// What a state holds beyond the two scores, which a course's
    /// `final_strategy(score, opponent_score)` cannot see: `None` when
    /// nothing.
    pub fn what(&self) -> Option<&'static str> {
        match (self.sides.len() > 1, self.memory > 1) {
            (false, false) => None,
            (true, false) => Some("the dice sides"),
            (false, true) => Some("each player's previous turn"),
            (true, true) => Some("the dice sides and each player's previous turn"),
        }
    }

    /// The hidden value at position `i` in words, each part followed by
    /// ", " (empty where the state is the two scores): "sides 4, ".
    pub fn words(&self, i: usize) -> String {
        let x = self.state(i, 0, 0);
        let mut words = String::new();
        if self.sides.len() > 1 {
            words += &format!("sides {}, ", x.sides);
        }
        if self.memory > 1 {
            words += &format!(
                "memories {} (mover) and {} (opponent), ",
                x.memory.mover, x.memory.opponent
            );
        }
        words
    }

    /// The state with the scores (s, o) and the hidden value at position `i`.
    pub fn state(&self, i: usize, score: u32, opponent_score: u32) -> State {
        let m = self.memory as usize;
        State {
            score,
            opponent_score,
            sides: self.sides[i / (m * m)],
            memory: Memory {
                mover: (i / m % m) as u8,
                opponent: (i % m) as u8,
            },
        }
    }
}

/// Whether a turn's final points flip the dice under Perfect Piggy: a
/// perfect square or cube other than 1 (su17's `is_perfect_piggy`, whose
/// tests count 121 = 11² too; its evaluator lists the squares and cubes up
/// to 125 only, which no su17 turn passes).
fn perfect_piggy(points: u32) -> bool {
    let root = |k: u32| (1..=points).take_while(|r| r.pow(k) <= points).last();
    points > 1
        && [2, 3]
            .iter()
            .any(|&k| root(k).is_some_and(|r| r.pow(k) == points))
}

impl Rules {
    /// The dice sides a state can carry: only Pork Chop and Perfect Piggy change them.
    pub fn state_sides(&self) -> &'static [u32] {
        match self.special {
            Special::PorkChop | Special::PerfectPiggy => &[6, 4],
            Special::None => &[6],
        }
    }

    /// What each player remembers of their previous turn: Feral Hogs needs it.
    pub fn recall(&self) -> Recall {
        self.after
            .iter()
            .find_map(|rule| match rule {
                AfterTurn::FeralHogsRolls => Some(Recall::Rolls),
                AfterTurn::FeralHogsPoints => Some(Recall::Points),
                _ => None,
            })
            .unwrap_or(Recall::None)
    }

    /// The hidden values of the states.
    pub fn hidden(&self) -> Hidden {
        Hidden {
            sides: self.state_sides(),
            memory: self.recall().values(),
        }
    }

    /// Whether a state holds more than a course strategy sees (the two scores).
    pub fn hides_state(&self) -> bool {
        !self.hidden().is_empty()
    }

    /// The sides of every die after a turn with this action and these final points.
    pub fn next_sides(&self, sides: u32, num_rolls: i32, points: u32) -> u32 {
        // 6 <-> 4: the two sides add up to 10.
        match self.special {
            Special::PorkChop if num_rolls == -1 => 10 - sides,
            Special::PerfectPiggy if perfect_piggy(points) => 10 - sides,
            _ => sides,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// fa13 hides nothing; fa16's Pork Chop swaps six sides for four; sp20's
    /// Feral Hogs remembers each player's previous turn, and the last
    /// hidden value is both memories at their highest, M - 1.
    #[test]
    fn hidden_values_in_words() {
        assert_eq!(Rules::fa13().hidden().what(), None);
        assert_eq!(Rules::fa13().hidden().words(0), "");
        let fa16 = Rules::fa16().hidden();
        assert_eq!(fa16.what(), Some("the dice sides"));
        assert_eq!(fa16.words(0), "sides 6, ");
        assert_eq!(fa16.words(1), "sides 4, ");
        let sp20 = Rules::parse("sp20").unwrap().hidden();
        assert_eq!(sp20.what(), Some("each player's previous turn"));
        let last = sp20.len() - 1;
        let m = sp20.memory - 1;
        assert_eq!(
            sp20.words(last),
            format!("memories {m} (mover) and {m} (opponent), ")
        );
    }
}
