//! What the rules hide from a course strategy: today the dice sides, which
//! only Pork Chop changes.

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::Rules;

/// An action besides rolling 0 to 10 dice.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Special {
    None,
    /// Pork Chop (fa16): action -1 scores 1 point and flips every die's sides (6 <-> 4).
    PorkChop,
}

impl Rules {
    /// The dice sides a state can carry: only Pork Chop ever changes them.
    pub fn state_sides(&self) -> &'static [u32] {
        match self.special {
            Special::PorkChop => &[6, 4],
            Special::None => &[6],
        }
    }

    /// The sides of every die after a turn with this action.
    pub fn next_sides(&self, sides: u32, num_rolls: i32) -> u32 {
        match (self.special, num_rolls) {
            // 6 <-> 4: the two sides add up to 10.
            (Special::PorkChop, -1) => 10 - sides,
            _ => sides,
        }
    }
}
