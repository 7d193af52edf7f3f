//! Rules as data.
//!
//! A rule set is a plain struct with one slot per kind of rule; every slot is
//! a small closed enum (or an ordered list of them). The five course presets
//! are values of that struct. The canonical text form, one `key=value` pair
//! per slot in a fixed order, round-trips through `Display` and `FromStr`:
//!
//! ```text
//! zero=free_bacon_largest_digit,sides=six,reroll=on_sevens,pig_out=count_ones,
//! bonus=none,points=hogtimus_prime+when_pigs_fly,after=swine_swap_double,
//! limit=none,special=pork_chop
//! ```
//!
//! (one line, no spaces). This module also holds the turn primitives, each a
//! direct transcription of a sentence of `docs/rules.md`; the compiled
//! [`crate::model::Model`] and the test-dice replay are both built on them.

use std::fmt;
use std::str::FromStr;
use std::sync::RwLock;

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use crate::error::{Error, Result};

/// The most dice a turn may roll.
pub const MAX_DICE: i32 = 10;
/// The largest goal the tool accepts. The state space grows as goal²: at
/// 10,000 fa16 has 2 x 10,000² = 200 million states, and a self-play solve
/// holds 9 bytes for each (an f64 value and an i8 action), 1.8 GB.
pub const MAX_GOAL: u32 = 10_000;

/// What rolling zero dice scores.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ZeroDice {
    /// Free Bacon (fa16, fa13): 1 + the largest digit of the opponent's score.
    FreeBaconLargestDigit,
    /// Free Bacon (fa12): 1 + the tens digit of the opponent's score.
    FreeBaconTensDigit,
    /// Boar Brawl (sp26): max(1, 3 * |tens(opponent) - ones(mover)|).
    BoarBrawl,
    /// Picky Piggy (nju21): the n-th decimal digit of 1/21 for opponent score n; 1 for n = 0.
    PickyPiggy,
}

impl ZeroDice {
    /// The most points rolling zero dice can score, before the point modifiers.
    pub fn max_points(self) -> u32 {
        match self {
            ZeroDice::FreeBaconLargestDigit | ZeroDice::FreeBaconTensDigit => 10,
            ZeroDice::BoarBrawl => 27,
            ZeroDice::PickyPiggy => 9,
        }
    }
}

/// How many sides the mover's dice have.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sides {
    /// The sides carried in the state: six at the start (and always, unless Pork Chop flips them).
    Six,
    /// Hog Wild (fa13, fa12): four-sided when score + opponent_score is a multiple of 7.
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
    /// Pig out with 49ers (fa12): any 1 scores 1, unless the mover's score is exactly 49.
    #[strum(serialize = "one_point_except_49")]
    OnePointExcept49,
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
    /// Touchdown (fa12): points that are a multiple of 6 gain points / 6.
    Touchdown,
}

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
}

/// A limit on the number of dice.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionLimit {
    None,
    /// Hog Tied (fa12): when score + opponent_score ends in 7, a choice above 1 becomes 1.
    HogTied,
}

/// An action besides rolling 0 to 10 dice.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Special {
    None,
    /// Pork Chop (fa16): action -1 scores 1 point and flips every die's sides (6 <-> 4).
    PorkChop,
}

/// A complete rule set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub zero: ZeroDice,
    pub sides: Sides,
    pub reroll: Reroll,
    pub pig_out: PigOut,
    pub bonus: RollBonus,
    pub points: Vec<PointModifier>,
    pub after: Vec<AfterTurn>,
    pub limit: ActionLimit,
    pub special: Special,
}

/// What the mover sees: their score, the opponent's score and the dice sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    pub score: u32,
    pub opponent_score: u32,
    pub sides: u32,
}

impl State {
    /// The opening state: 0-0 with six-sided dice.
    pub const START: State = State {
        score: 0,
        opponent_score: 0,
        sides: 6,
    };
}

/// The dice a turn rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    pub sides: u32,
    pub reroll: bool,
}

/// The result of one turn, seen by the player who moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TurnResult {
    /// The points the turn scored, after every point modifier.
    pub points: u32,
    /// The mover's score after every rule of the turn.
    pub score: u32,
    /// The opponent's score after every rule of the turn.
    pub opponent_score: u32,
    /// The sides of every die from the next turn on.
    pub sides: u32,
}

/// A named course rule set.
pub struct Preset {
    pub name: &'static str,
    pub course: &'static str,
    pub summary: &'static str,
    /// The course's baseline strategy for grading.
    pub baseline: &'static str,
    pub rules: fn() -> Rules,
}

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "fa16",
        course: "CS 61A Fall 2016",
        summary: "Pork Chop (-1), Free Bacon, Hog Wild re-rolls, Pig Out counts 1s, Hogtimus Prime, When Pigs Fly, Swine Swap on doubles",
        baseline: "always_roll(4)",
        rules: Rules::fa16,
    },
    Preset {
        name: "fa13",
        course: "CS 61A Fall 2013",
        summary: "Free Bacon, four-sided dice on multiples of 7, Pig out, Swine swap on doubles",
        baseline: "always_roll(5)",
        rules: Rules::fa13,
    },
    Preset {
        name: "sp26",
        course: "CS 61A Spring 2026 (= Spring 2024)",
        summary: "Boar Brawl, Sow Sad, Sus Fuss",
        baseline: "always_roll(6)",
        rules: Rules::sp26,
    },
    Preset {
        name: "sp26-simple",
        course: "CS 61A Spring 2026, simple_update",
        summary: "Boar Brawl, Sow Sad (sp26 without Sus Fuss)",
        baseline: "always_roll(6)",
        rules: Rules::sp26_simple,
    },
    Preset {
        name: "nju21",
        course: "Nanjing University SICP Fall 2021",
        summary: "Picky Piggy (can score 0), Pig Out with Feral Hogs, Swine Swap on 3^sum; endless games are draws",
        baseline: "always_roll(6)",
        rules: Rules::nju21,
    },
    Preset {
        name: "fa12",
        course: "CS 61A Fall 2012",
        summary: "Hog Tied, Hog Wild four-sided dice, Free Bacon (tens digit), Pig out with 49ers, Touchdown",
        baseline: "always_roll(5)",
        rules: Rules::fa12,
    },
];

/// Other names of presets: the course played sp26's rules in Spring 2024
/// and Fall 2024 too.
pub const PRESET_ALIASES: &[(&str, &str)] = &[("sp24", "sp26"), ("fa24", "sp26")];

impl Rules {
    pub fn fa16() -> Rules {
        Rules {
            zero: ZeroDice::FreeBaconLargestDigit,
            sides: Sides::Six,
            reroll: Reroll::OnSevens,
            pig_out: PigOut::CountOnes,
            bonus: RollBonus::None,
            points: vec![PointModifier::HogtimusPrime, PointModifier::WhenPigsFly],
            after: vec![AfterTurn::SwineSwapDouble],
            limit: ActionLimit::None,
            special: Special::PorkChop,
        }
    }

    pub fn fa13() -> Rules {
        Rules {
            zero: ZeroDice::FreeBaconLargestDigit,
            sides: Sides::FourOnSevens,
            reroll: Reroll::Never,
            pig_out: PigOut::OnePoint,
            bonus: RollBonus::None,
            points: vec![],
            after: vec![AfterTurn::SwineSwapDouble],
            limit: ActionLimit::None,
            special: Special::None,
        }
    }

    pub fn sp26() -> Rules {
        Rules {
            after: vec![AfterTurn::SusFuss],
            ..Rules::sp26_simple()
        }
    }

    pub fn sp26_simple() -> Rules {
        Rules {
            zero: ZeroDice::BoarBrawl,
            sides: Sides::Six,
            reroll: Reroll::Never,
            pig_out: PigOut::OnePoint,
            bonus: RollBonus::None,
            points: vec![],
            after: vec![],
            limit: ActionLimit::None,
            special: Special::None,
        }
    }

    pub fn nju21() -> Rules {
        Rules {
            zero: ZeroDice::PickyPiggy,
            sides: Sides::Six,
            reroll: Reroll::Never,
            pig_out: PigOut::OnePoint,
            bonus: RollBonus::FeralHogs,
            points: vec![],
            after: vec![AfterTurn::SwineSwapPowerOfThree],
            limit: ActionLimit::None,
            special: Special::None,
        }
    }

    pub fn fa12() -> Rules {
        Rules {
            zero: ZeroDice::FreeBaconTensDigit,
            sides: Sides::FourOnSevens,
            reroll: Reroll::Never,
            pig_out: PigOut::OnePointExcept49,
            bonus: RollBonus::None,
            points: vec![PointModifier::Touchdown],
            after: vec![],
            limit: ActionLimit::HogTied,
            special: Special::None,
        }
    }

    /// A preset by name (or another name of it, [`PRESET_ALIASES`]), or a
    /// canonical rules text.
    pub fn parse(text: &str) -> Result<Rules> {
        let text = PRESET_ALIASES
            .iter()
            .find(|(alias, _)| *alias == text)
            .map_or(text, |(_, preset)| preset);
        match Preset::find(text) {
            Some(preset) => Ok((preset.rules)()),
            None if text.contains('=') => text.parse(),
            None => Err(Error::UnknownRules(text.to_string())),
        }
    }

    /// The preset name of these rules, or their canonical text.
    pub fn name(&self) -> String {
        PRESETS
            .iter()
            .find(|p| (p.rules)() == *self)
            .map(|p| p.name.to_string())
            .unwrap_or_else(|| self.to_string())
    }

    /// The smallest action: -1 with Pork Chop, else 0.
    pub fn min_action(&self) -> i32 {
        match self.special {
            Special::PorkChop => -1,
            Special::None => 0,
        }
    }

    /// Every action a strategy may answer, lowest first.
    pub fn actions(&self) -> std::ops::RangeInclusive<i32> {
        self.min_action()..=MAX_DICE
    }

    pub fn check_action(&self, num_rolls: i64) -> Result<i32> {
        if (self.min_action() as i64..=MAX_DICE as i64).contains(&num_rolls) {
            Ok(num_rolls as i32)
        } else {
            Err(Error::ActionNotAllowed {
                num_rolls,
                rules: self.name(),
                min: self.min_action(),
                max: MAX_DICE,
            })
        }
    }

    /// The dice sides a state can carry: only Pork Chop ever changes them.
    pub fn state_sides(&self) -> &'static [u32] {
        match self.special {
            Special::PorkChop => &[6, 4],
            Special::None => &[6],
        }
    }

    /// Checks a goal and a state against these rules.
    pub fn check_state(&self, goal: u32, state: State) -> Result<()> {
        check_goal(goal as i64)?;
        for (which, value) in [
            ("score", state.score),
            ("opponent_score", state.opponent_score),
        ] {
            if value >= goal {
                return Err(Error::ScoreNotBelowGoal {
                    which,
                    value: value as i64,
                    goal,
                });
            }
        }
        if !self.state_sides().contains(&state.sides) {
            return Err(Error::BadSides {
                sides: state.sides as i64,
                rules: self.name(),
                reason: match self.special {
                    Special::PorkChop => "dice have 6 or 4 sides",
                    Special::None => "only Pork Chop (fa16) changes the dice from six sides",
                },
            });
        }
        Ok(())
    }

    /// Hog Tied: when score + opponent_score ends in 7, a choice above 1 becomes 1.
    pub fn effective_rolls(&self, state: State, num_rolls: i32) -> i32 {
        let tied = (state.score + state.opponent_score) % 10 == 7;
        match self.limit {
            ActionLimit::HogTied if tied => num_rolls.min(1),
            _ => num_rolls,
        }
    }

    /// The dice rolled from `state`: Hog Wild picks four sides or re-rolling dice
    /// when score + opponent_score is a multiple of 7 (0 included).
    pub fn dice(&self, state: State) -> Dice {
        let sevens = (state.score + state.opponent_score).is_multiple_of(7);
        let sides = match self.sides {
            Sides::FourOnSevens if sevens => 4,
            _ => state.sides,
        };
        let reroll = self.reroll == Reroll::OnSevens && sevens;
        Dice { sides, reroll }
    }

    /// Points for rolling zero dice, before the point modifiers.
    pub fn zero_dice_points(&self, score: u32, opponent_score: u32) -> u32 {
        match self.zero {
            ZeroDice::FreeBaconLargestDigit => 1 + largest_digit(opponent_score),
            ZeroDice::FreeBaconTensDigit => 1 + tens(opponent_score),
            // max(1, 3 * |tens(opponent) - ones(mover)|)
            ZeroDice::BoarBrawl => (3 * tens(opponent_score).abs_diff(score % 10)).max(1),
            // 1/21 = 0.047619 047619 ...: digit n (1-indexed) is "047619"[(n - 1) % 6].
            ZeroDice::PickyPiggy => match opponent_score {
                0 => 1,
                n => [0, 4, 7, 6, 1, 9][((n - 1) % 6) as usize],
            },
        }
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
        };
        let bonus = match self.bonus {
            RollBonus::None => 0,
            RollBonus::FeralHogs => faces.iter().filter(|&&f| f % 2 == score % 2).count() as u32,
        };
        base + bonus
    }

    /// The points of an action that rolls no dice, after the point modifiers:
    /// Pork Chop (-1) scores 1, rolling 0 dice the zero-dice rule's points.
    pub fn fixed_points(&self, state: State, num_rolls: i32) -> u32 {
        let raw = match num_rolls {
            -1 => 1,
            _ => self.zero_dice_points(state.score, state.opponent_score),
        };
        self.modify_points(raw, num_rolls)
    }

    /// The point modifiers in order; `num_rolls` is the number of dice rolled
    /// (0 for Free Bacon and the like, -1 for Pork Chop).
    pub fn modify_points(&self, points: u32, num_rolls: i32) -> u32 {
        self.points
            .iter()
            .fold(points, |points, modifier| match modifier {
                PointModifier::HogtimusPrime if is_prime(points) => next_prime(points),
                PointModifier::HogtimusPrime => points,
                PointModifier::WhenPigsFly => points.min((25 - num_rolls) as u32),
                PointModifier::Touchdown if points % 6 == 0 => points + points / 6,
                PointModifier::Touchdown => points,
            })
    }

    /// The after-turn rules in order, on (mover, opponent) scores after the
    /// points were added.
    pub fn after_turn(&self, mover: u32, opponent: u32) -> (u32, u32) {
        self.after
            .iter()
            .fold((mover, opponent), |(m, o), rule| match rule {
                AfterTurn::SwineSwapDouble if m == 2 * o || o == 2 * m => (o, m),
                AfterTurn::SwineSwapPowerOfThree if power_of_three_digits_match(m + o) => (o, m),
                AfterTurn::SusFuss => (sus_fuss(m), o),
                _ => (m, o),
            })
    }

    /// The sides of every die after a turn with this action.
    pub fn next_sides(&self, sides: u32, num_rolls: i32) -> u32 {
        match (self.special, num_rolls) {
            // 6 <-> 4: the two sides add up to 10.
            (Special::PorkChop, -1) => 10 - sides,
            _ => sides,
        }
    }

    /// One whole turn with dice taken from `roll`, which is asked for one face
    /// at a time with the sides of the die. A re-rolling die whose face is odd
    /// asks for one more face, and that second face stands.
    pub fn play_turn<E>(
        &self,
        state: State,
        num_rolls: i32,
        mut roll: impl FnMut(u32) -> std::result::Result<u32, E>,
    ) -> std::result::Result<TurnResult, E> {
        let num_rolls = self.effective_rolls(state, num_rolls);
        let points = match num_rolls {
            -1 | 0 => self.fixed_points(state, num_rolls),
            n => {
                let dice = self.dice(state);
                let mut faces = Vec::with_capacity(n as usize);
                for _ in 0..n {
                    let mut face = roll(dice.sides)?;
                    if dice.reroll && face % 2 == 1 {
                        face = roll(dice.sides)?;
                    }
                    faces.push(face);
                }
                self.modify_points(self.roll_points(state.score, &faces), n)
            }
        };
        let (score, opponent_score) = self.after_turn(state.score + points, state.opponent_score);
        Ok(TurnResult {
            points,
            score,
            opponent_score,
            sides: self.next_sides(state.sides, num_rolls),
        })
    }

    /// Whether some turn can score 0 points, so that a state can repeat.
    pub fn can_score_zero(&self) -> bool {
        self.zero == ZeroDice::PickyPiggy
    }
}

pub fn check_goal(goal: i64) -> Result<u32> {
    if (1..=MAX_GOAL as i64).contains(&goal) {
        Ok(goal as u32)
    } else {
        Err(Error::BadGoal(goal))
    }
}

impl Preset {
    pub fn find(name: &str) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| p.name == name)
    }
}

/// The largest of all the decimal digits of `x`.
pub fn largest_digit(mut x: u32) -> u32 {
    let mut largest = x % 10;
    while x > 0 {
        largest = largest.max(x % 10);
        x /= 10;
    }
    largest
}

/// The tens digit: (x // 10) % 10.
pub fn tens(x: u32) -> u32 {
    (x / 10) % 10
}

pub fn is_prime(n: u32) -> bool {
    n >= 2
        && (2..)
            .take_while(|&d| d <= n / d)
            .all(|d| !n.is_multiple_of(d))
}

/// The smallest prime larger than `n`.
pub fn next_prime(n: u32) -> u32 {
    (n + 1..)
        .find(|&p| is_prime(p))
        .expect("primes are unbounded")
}

/// The number of divisors of `n`, counting 1 and `n` (0 for 0). Divisors
/// come in pairs d and n/d with d <= sqrt(n) (tested as d <= n/d, which
/// cannot overflow); d = n/d counts once.
pub fn divisor_count(n: u32) -> u32 {
    let mut count = 0;
    let mut d = 1;
    while d <= n / d {
        if n.is_multiple_of(d) {
            count += if d == n / d { 1 } else { 2 };
        }
        d += 1;
    }
    count
}

/// Sus Fuss on one score: exactly 3 or 4 divisors make it the next prime above it.
pub fn sus_fuss(score: u32) -> u32 {
    if matches!(divisor_count(score), 3 | 4) {
        next_prime(score)
    } else {
        score
    }
}

/// Whether 3^k has equal first and last decimal digits, by exact integer
/// arithmetic. Results are cached: a solve asks for every sum of scores.
pub fn power_of_three_digits_match(k: u32) -> bool {
    static CACHE: RwLock<Vec<bool>> = RwLock::new(Vec::new());
    let k = k as usize;
    if let Some(&known) = CACHE.read().expect("cache lock").get(k) {
        return known;
    }
    let mut cache = CACHE.write().expect("cache lock");
    let mut power = BigUint::from(3u32).pow(cache.len() as u32);
    while cache.len() <= k {
        let digits = power.to_str_radix(10);
        cache.push(digits.as_bytes().first() == digits.as_bytes().last());
        power *= 3u32;
    }
    cache[k]
}

// The canonical text: `key=value` pairs in slot order, lists joined by '+',
// an empty list written `none`. A value is its variant's name in snake_case
// (strum derives Display, FromStr and the list of names on each enum).

const KEYS: [&str; 9] = [
    "zero", "sides", "reroll", "pig_out", "bonus", "points", "after", "limit", "special",
];

fn list_text<T: fmt::Display>(items: &[T]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.iter().map(T::to_string).collect::<Vec<_>>().join("+")
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "zero={},sides={},reroll={},pig_out={},bonus={},points={},after={},limit={},special={}",
            self.zero,
            self.sides,
            self.reroll,
            self.pig_out,
            self.bonus,
            list_text(&self.points),
            list_text(&self.after),
            self.limit,
            self.special,
        )
    }
}

impl FromStr for Rules {
    type Err = Error;

    fn from_str(text: &str) -> Result<Rules> {
        let bad = |reason: String| Error::BadRulesText {
            text: text.to_string(),
            reason,
        };
        let mut values: [Option<&str>; 9] = [None; 9];
        for pair in text.split(',') {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| bad(format!("'{pair}' is not key=value")))?;
            let slot = KEYS
                .iter()
                .position(|k| *k == key)
                .ok_or_else(|| bad(format!("unknown key '{key}' (keys: {})", KEYS.join(", "))))?;
            if values[slot].replace(value).is_some() {
                return Err(bad(format!("key '{key}' given twice")));
            }
        }
        let value = |slot: usize| -> Result<&str> {
            values[slot].ok_or_else(|| bad(format!("key '{}' is missing", KEYS[slot])))
        };
        fn one<T: FromStr + VariantNames>(
            key: &str,
            value: &str,
        ) -> std::result::Result<T, String> {
            value
                .parse()
                .map_err(|_| format!("{key}={value}: expected one of {}", T::VARIANTS.join(", ")))
        }
        fn list<T: FromStr + VariantNames + PartialEq + fmt::Display>(
            key: &str,
            value: &str,
        ) -> std::result::Result<Vec<T>, String> {
            if value == "none" {
                return Ok(vec![]);
            }
            let items: Vec<T> = value
                .split('+')
                .map(|v| one(key, v))
                .collect::<std::result::Result<_, _>>()?;
            // Each rule applies once (docs/rules.md: Sus Fuss "applies once").
            match items
                .iter()
                .enumerate()
                .find(|(i, item)| items[..*i].contains(item))
            {
                Some((_, twice)) => Err(format!("{key}={value}: {twice} is listed twice")),
                None => Ok(items),
            }
        }
        Ok(Rules {
            zero: one(KEYS[0], value(0)?).map_err(bad)?,
            sides: one(KEYS[1], value(1)?).map_err(bad)?,
            reroll: one(KEYS[2], value(2)?).map_err(bad)?,
            pig_out: one(KEYS[3], value(3)?).map_err(bad)?,
            bonus: one(KEYS[4], value(4)?).map_err(bad)?,
            points: list(KEYS[5], value(5)?).map_err(bad)?,
            after: list(KEYS[6], value(6)?).map_err(bad)?,
            limit: one(KEYS[7], value(7)?).map_err(bad)?,
            special: one(KEYS[8], value(8)?).map_err(bad)?,
        })
    }
}

/// The rules in plain words, one line per slot.
pub fn describe(rules: &Rules) -> Vec<String> {
    let mut lines = vec![];
    if rules.special == Special::PorkChop {
        lines.push("-1 (Pork Chop): 1 point; from the next turn on every die has the other number of sides (6 <-> 4)".into());
    }
    lines.push(format!(
        "0 dice: {}",
        match rules.zero {
            ZeroDice::FreeBaconLargestDigit => "Free Bacon, 1 + the largest digit of the opponent's score",
            ZeroDice::FreeBaconTensDigit => "Free Bacon, 1 + the tens digit of the opponent's score",
            ZeroDice::BoarBrawl => "Boar Brawl, max(1, 3 * |tens(opponent) - ones(mover)|)",
            ZeroDice::PickyPiggy => "Picky Piggy, digit n of 1/21 = 0.047619... for opponent score n (1 for n = 0); can score 0",
        }
    ));
    lines.push(format!(
        "dice: {}{}",
        match rules.sides {
            Sides::Six => "six-sided",
            Sides::FourOnSevens => "four-sided when score + opponent_score is a multiple of 7, else six-sided",
        },
        match rules.reroll {
            Reroll::Never => "",
            Reroll::OnSevens => "; re-rolling (an odd face is rolled once more) when score + opponent_score is a multiple of 7",
        }
    ));
    lines.push(format!(
        "a roll with a 1: {}{}",
        match rules.pig_out {
            PigOut::OnePoint => "scores 1",
            PigOut::CountOnes => "scores the number of 1s",
            PigOut::OnePointExcept49 =>
                "scores 1, unless the mover's score is exactly 49 (49ers: the plain sum)",
        },
        match rules.bonus {
            RollBonus::None => "",
            RollBonus::FeralHogs =>
                "; Feral Hogs: +1 for every die with the parity of the mover's score",
        }
    ));
    for modifier in &rules.points {
        lines.push(
            match modifier {
                PointModifier::HogtimusPrime => {
                    "Hogtimus Prime: prime points become the next larger prime"
                }
                PointModifier::WhenPigsFly => "When Pigs Fly: points = min(points, 25 - num_rolls)",
                PointModifier::Touchdown => {
                    "Touchdown: points that are a multiple of 6 gain points / 6"
                }
            }
            .into(),
        );
    }
    for rule in &rules.after {
        lines.push(
            match rule {
                AfterTurn::SwineSwapDouble => "Swine Swap: if one score is exactly double the other, the scores swap",
                AfterTurn::SwineSwapPowerOfThree => "Swine Swap: if 3^(score0 + score1) has equal first and last digits, the scores swap",
                AfterTurn::SusFuss => "Sus Fuss: a mover's new score with 3 or 4 divisors becomes the next prime",
            }
            .into(),
        );
    }
    if rules.limit == ActionLimit::HogTied {
        lines.push("Hog Tied: when score + opponent_score ends in 7, at most one die".into());
    }
    lines
}
