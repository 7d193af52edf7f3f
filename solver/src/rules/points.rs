//! The rules of a roll's points: the dice, Pig Out, roll bonuses, the
//! point modifiers, and limits on the number of dice.

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::digits::{is_prime, next_prime};
use super::{Dice, Rules, Special, State};

/// How many sides the mover's dice have.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sides {
    /// The sides carried in the state: six at the start (and always, unless Pork Chop flips them).
    Six,
    /// Hog Wild (fa13, fa12, sp13): four-sided when score + opponent_score is a multiple of 7.
    FourOnSevens,
}

/// When dice re-roll an odd face.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reroll {
    Never,
    /// Hog Wild (fa16): every die re-rolls when score + opponent_score is a multiple of 7.
    OnSevens,
}

/// What a roll with a 1 in it scores.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PigOut {
    /// Pig Out / Sow Sad: any 1 scores 1 point.
    OnePoint,
    /// Pig Out (fa16): any 1 scores the number of 1s.
    CountOnes,
    /// Pig out with 49ers (sp13): any 1 scores 1, unless the mover's score is exactly 49.
    #[strum(serialize = "one_point_except_49")]
    OnePointExcept49,
    /// Piggy Back (fa15): any 1 scores 0 for the mover, and the opponent
    /// gains num_rolls points, before every other rule of the turn. (A roll
    /// without a 1 scores at least 2 per die, so a roll scores 0 exactly
    /// when it has a 1: the engine reads Piggy Back from the points.)
    ZeroPiggyBack,
    /// Pig Out (sp17): any 1 scores min(the number of 1s, 11 - num_rolls).
    CountOnesCapped,
}

impl PigOut {
    pub fn describe(self) -> &'static str {
        match self {
            PigOut::OnePoint => "scores 1",
            PigOut::CountOnes => "scores the number of 1s",
            PigOut::OnePointExcept49 => {
                "scores 1, unless the mover's score is exactly 49 (49ers: the plain sum)"
            }
            PigOut::ZeroPiggyBack => {
                "scores 0, and the opponent gains num_rolls points (Piggy Back)"
            }
            PigOut::CountOnesCapped => "scores min(the number of 1s, 11 - num_rolls)",
        }
    }
}

/// Extra points that depend on the faces rolled.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RollBonus {
    None,
    /// Feral Hogs (nju21): +1 for every die whose face has the parity of the mover's score.
    FeralHogs,
}

/// A rule that changes a turn's points, applied in order after the points are known.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PointModifier {
    /// Hogtimus Prime (fa16): prime points become the next larger prime.
    HogtimusPrime,
    /// When Pigs Fly (fa16): points = min(points, 25 - num_rolls).
    WhenPigsFly,
    /// Touchdown (sp13): points that are a multiple of 6 gain points / 6.
    Touchdown,
}

impl PointModifier {
    /// The points after this modifier; `num_rolls` is the number of dice
    /// rolled (0 for Free Bacon and the like, -1 for Pork Chop).
    pub fn apply(self, points: u32, num_rolls: i32) -> u32 {
        match self {
            PointModifier::HogtimusPrime if is_prime(points) => next_prime(points),
            PointModifier::HogtimusPrime => points,
            PointModifier::WhenPigsFly => points.min((25 - num_rolls) as u32),
            PointModifier::Touchdown if points.is_multiple_of(6) => points + points / 6,
            PointModifier::Touchdown => points,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            PointModifier::HogtimusPrime => {
                "Hogtimus Prime: prime points become the next larger prime"
            }
            PointModifier::WhenPigsFly => "When Pigs Fly: points = min(points, 25 - num_rolls)",
            PointModifier::Touchdown => {
                "Touchdown: points that are a multiple of 6 gain points / 6"
            }
        }
    }
}

/// A limit on the number of dice.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionLimit {
    None,
    /// Hog Tied (su16): when score + opponent_score ends in 7, a choice above 1 becomes 1.
    HogTied,
    /// Hog Tied as the 2012-13 courses' `play()` applies it (fa12, sp13):
    /// an answer above the allowed number of dice (1 under Hog Tied, else
    /// 10) plays the allowed number: 49 rolls 10.
    HogTiedClamped,
}

impl Rules {
    /// Hog Tied: when score + opponent_score ends in 7, a choice above 1 becomes 1.
    #[inline]
    pub fn effective_rolls(&self, state: State, num_rolls: i32) -> i32 {
        let tied = || (state.score + state.opponent_score) % 10 == 7;
        match self.limit {
            ActionLimit::HogTied | ActionLimit::HogTiedClamped if tied() => num_rolls.min(1),
            _ => num_rolls,
        }
    }

    /// The dice rolled from `state`: Hog Wild picks four sides or re-rolling dice
    /// when score + opponent_score is a multiple of 7 (0 included). The
    /// state's sides are those of the other turns: Pork Chop's four-sided
    /// dice stay four under Hog Wild, while after Ham Hijinks' odd number
    /// of exchanges Hog Wild's dice are six-sided. Every die of an extra
    /// turn has the sides of the dice of extra turns, where the rules set them.
    pub fn dice(&self, state: State) -> Dice {
        let sevens = (state.score + state.opponent_score).is_multiple_of(7);
        let mut sides = match self.sides {
            Sides::FourOnSevens if sevens => match self.special {
                Special::HamHijinks => 10 - state.sides,
                _ => 4,
            },
            _ => state.sides,
        };
        if state.extra {
            sides = self.extra_dice.sides().unwrap_or(sides);
        }
        let reroll = self.reroll == Reroll::OnSevens && sevens;
        Dice { sides, reroll }
    }

    /// Points for a roll with these final faces (after re-rolls), before the
    /// point modifiers. `score` is the mover's score at the start of the turn.
    pub fn roll_points(&self, score: u32, faces: &[u32]) -> u32 {
        let ones = faces.iter().filter(|&&f| f == 1).count() as u32;
        let sum: u32 = faces.iter().sum();
        let base = match self.pig_out {
            _ if ones == 0 => sum,
            PigOut::OnePoint => 1,
            PigOut::CountOnes => ones,
            PigOut::OnePointExcept49 if score == 49 => sum,
            PigOut::OnePointExcept49 => 1,
            PigOut::ZeroPiggyBack => 0,
            // min(#ones, 11 - num_rolls): every face is one die.
            PigOut::CountOnesCapped => ones.min(11 - faces.len() as u32),
        };
        let bonus = match self.bonus {
            RollBonus::None => 0,
            RollBonus::FeralHogs => faces.iter().filter(|&&f| f % 2 == score % 2).count() as u32,
        };
        base + bonus
    }

    /// The point modifiers in order; `num_rolls` is the number of dice rolled
    /// (0 for Free Bacon and the like, -1 for Pork Chop).
    pub fn modify_points(&self, points: u32, num_rolls: i32) -> u32 {
        self.points
            .iter()
            .fold(points, |points, modifier| modifier.apply(points, num_rolls))
    }
}
