//! What the rules hide from a course strategy, which answers from the two
//! scores alone: the engine's one path for every kind of hidden state.
//!
//! A state is (score, opponent_score, hidden). The hidden value is a tuple
//! of components, each one kind of hidden state with its number of values,
//! 1 where the rules keep none of it ([`Component`]):
//!
//! | component | what it holds | values | kept by |
//! |---|---|---|---|
//! | sides | the dice sides, 6 or 4 | 2 | Pork Chop, Ham Hijinks, Perfect Piggy |
//! | mover memory | the mover's memory of their own previous turns | M | Feral Hogs, Pig Fest |
//! | opponent memory | the opponent's | M | Feral Hogs, Pig Fest |
//! | turn | the turn number mod T | T | Time Trot |
//! | extra turn | whether this turn is an extra turn | 2 | Time Trot, dice of extra turns |
//!
//! The engine lays the hidden values out along the first axis of its grids
//! and tables by one mixed-radix index, the components in that order, the
//! first the most significant:
//!
//! ```text
//!   index = (((side · M + mover) · M + opponent) · T + turn) · E + extra
//! ```
//!
//! with side 0 for six sides and 1 for four, and E = 2 where the rules read
//! whether a turn is an extra turn. Where the rules keep nothing more than
//! the sides (and memories), this is the index those rules always had, so
//! their tables read as before. Six-sided dice come first: the states a
//! game reaches before anybody flips the sides are the first half.
//!
//! The solver, grader, blind best response, exports and messages ask a
//! [`Hidden`] for the size of the axis, a state's position on it, the state
//! at a position, and the words that name it; none of them knows the kinds.

use serde::{Deserialize, Serialize};
use strum::{Display, EnumString, VariantNames};

use super::{AfterTurn, ExtraTurn, Rules, State};

/// An action besides rolling 0 to 10 dice, or a rule on the dice sides.
#[derive(Display, EnumString, VariantNames)]
#[strum(serialize_all = "snake_case")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Special {
    None,
    /// Pork Chop (fa16): action -1 scores 1 point and flips every die's
    /// sides (6 <-> 4) from the next turn on. Hog Wild's four-sided dice
    /// (`sides=four_on_sevens`) stay four-sided whatever the flips.
    PorkChop,
    /// Perfect Piggy (su17): a turn whose points (after the point modifiers)
    /// are a perfect square or cube other than 1 flips every die's sides
    /// (6 <-> 4) from the next turn on, for both players.
    PerfectPiggy,
    /// Ham Hijinks (fa13, sp14 and su15 contests): action -1 scores 1 point
    /// and exchanges the dice; after an odd number of exchanges every die
    /// has the other number of sides than the rules would give it, so under
    /// Hog Wild's four-sided dice the dice are six-sided.
    HamHijinks,
}

/// What each player remembers of their own previous turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recall {
    /// Nothing is remembered.
    None,
    /// Feral Hogs (fa19): the number of dice rolled, 0 to 10, and 0 before
    /// the first turn.
    Rolls,
    /// Feral Hogs (sp20, su20): the points scored, before the Feral Hogs
    /// bonus and any swap, and 0 before the first turn. The bonus reads
    /// only whether |num_rolls - points| = 2 with num_rolls <= 10, so points
    /// of 13 or more all act alike: they are kept as 13, "13 or more".
    Points,
    /// Pig Fest (su15 contest): the Pig Outs in a row, 0 to 3. The
    /// multiplier max(1, Pig Outs) is capped at 3, so runs of 3 or more
    /// act alike: they are kept as 3.
    PigOuts,
}

impl Recall {
    /// How many values a memory takes (M above).
    pub fn values(self) -> u32 {
        match self {
            Recall::None => 1,
            Recall::Rolls => 11,
            Recall::Points => 14,
            Recall::PigOuts => 4,
        }
    }

    /// The mover's memory after a turn that rolled `num_rolls` dice (the
    /// effective number) and scored `points`, where it was `before`.
    #[inline]
    pub fn remember(self, before: u8, num_rolls: i32, points: u32) -> u8 {
        match self {
            Recall::PigOuts => pig_outs_after(before, num_rolls, points),
            turn => turn.remember_turn(num_rolls, points),
        }
    }

    /// What Feral Hogs remembers of a turn, which reads nothing of the
    /// memory before it (0 for the other memories): the engine's Feral Hogs
    /// path asks it for every outcome.
    #[inline]
    pub fn remember_turn(self, num_rolls: i32, points: u32) -> u8 {
        match self {
            Recall::Rolls => num_rolls.max(0) as u8,
            Recall::Points => points.min(13) as u8,
            Recall::None | Recall::PigOuts => 0,
        }
    }

    /// What the memories are, in words.
    fn what(self) -> &'static str {
        match self {
            Recall::PigOuts => "each player's Pig Outs in a row",
            _ => "each player's previous turn",
        }
    }
}

/// Pig Fest's run after a turn: one longer after a Pig Out (runs from 3
/// on kept as 3), else 0.
fn pig_outs_after(before: u8, num_rolls: i32, points: u32) -> u8 {
    if pig_out(num_rolls, points) {
        (before + 1).min(3)
    } else {
        0
    }
}

/// Whether a turn was a Pig Out, for Pig Fest: it rolled dice and scored
/// Pig Out's 1 point (Pig Fest is played where Pig Out scores 1 and a roll
/// without a 1 scores at least 2 a die: [`Rules::check_supported`]).
pub fn pig_out(num_rolls: i32, points: u32) -> bool {
    num_rolls >= 1 && points == 1
}

/// Each player's memory of their own previous turns, seen from the mover:
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

/// One kind of hidden state: a component of the hidden value, in axis
/// order (the first the most significant digit of the index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Component {
    /// The dice sides: 6 (digit 0) or 4 (digit 1).
    Sides,
    /// The mover's memory.
    MoverMemory,
    /// The opponent's memory.
    OpponentMemory,
    /// Time Trot's turn number mod its modulus: the turns of both players
    /// counted from 0 at the game's first, extra turns included.
    Turn,
    /// Whether this turn is an extra turn: 0 no, 1 yes.
    ExtraTurn,
}

impl Component {
    /// Every component, in axis order.
    pub const ALL: [Component; 5] = [
        Component::Sides,
        Component::MoverMemory,
        Component::OpponentMemory,
        Component::Turn,
        Component::ExtraTurn,
    ];

    /// The component's digit of a state.
    #[inline]
    fn digit(self, x: &State) -> usize {
        match self {
            Component::Sides => usize::from(x.sides != 6),
            Component::MoverMemory => x.memory.mover.into(),
            Component::OpponentMemory => x.memory.opponent.into(),
            Component::Turn => x.turn.into(),
            Component::ExtraTurn => usize::from(x.extra),
        }
    }

    /// Sets the component of a state to a digit.
    fn set(self, x: &mut State, digit: usize) {
        match self {
            Component::Sides => x.sides = [6, 4][digit],
            Component::MoverMemory => x.memory.mover = digit as u8,
            Component::OpponentMemory => x.memory.opponent = digit as u8,
            Component::Turn => x.turn = digit as u8,
            Component::ExtraTurn => x.extra = digit == 1,
        }
    }
}

/// The hidden values of a rule set's states, in axis order: each
/// component's number of values (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hidden {
    /// Values per component, by [`Component::ALL`]'s order; 1 where not kept.
    values: [u32; 5],
    /// What the memories hold.
    recall: Recall,
    /// The product of the values: the length of the axis.
    len: usize,
    /// Which components vary, for [`Hidden::index`]'s quick paths.
    layout: Layout,
}

/// Which components a rule set keeps, as far as the index's arithmetic
/// goes: the index of the components kept by most rules is written out,
/// without the multiplications by 1 of the general mixed radix (the grids
/// and policies index every state, and Feral Hogs every outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// One value: index 0.
    Nothing,
    /// The dice sides alone: index = side.
    Sides,
    /// The sides and each player's memory: (side · M + mover) · M + opponent.
    SidesAndMemories,
    /// Any other: the general mixed radix.
    Any,
}

impl Hidden {
    /// The hidden values of rules that keep these components: the dice
    /// sides a state can carry (six first), each player's memory, Time
    /// Trot's modulus (1 where no turn is counted), and whether a state
    /// says if its turn is an extra turn.
    pub fn new(sides: &[u32], recall: Recall, turns: u32, extra_turns: bool) -> Hidden {
        let memory = recall.values();
        let values = [
            sides.len() as u32,
            memory,
            memory,
            turns,
            1 + u32::from(extra_turns),
        ];
        let layout = match values {
            [1, 1, 1, 1, 1] => Layout::Nothing,
            [_, 1, 1, 1, 1] => Layout::Sides,
            [_, _, _, 1, 1] => Layout::SidesAndMemories,
            _ => Layout::Any,
        };
        Hidden {
            values,
            recall,
            len: values.iter().product::<u32>() as usize,
            layout,
        }
    }

    /// How many hidden values there are: the length of the first axis.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether a state holds nothing but the two scores.
    pub fn is_empty(&self) -> bool {
        self.len == 1
    }

    /// How many values a component takes (1: the rules keep none of it).
    pub fn values(&self, component: Component) -> u32 {
        self.values[component as usize]
    }

    /// The dice sides a state can carry, six first.
    pub fn sides(&self) -> &'static [u32] {
        match self.values(Component::Sides) {
            1 => &[6],
            _ => &[6, 4],
        }
    }

    /// What each player's memory holds.
    pub fn recall(&self) -> Recall {
        self.recall
    }

    /// The position of a state's hidden value on the first axis: its
    /// components' digits in their mixed radix.
    #[inline]
    pub fn index(&self, x: State) -> usize {
        // Most rules hide nothing: one value, at 0 (a quicker test than the
        // arithmetic, which the grids and policies do for every state).
        if self.len == 1 {
            return 0;
        }
        self.digits(x)
    }

    /// [`Hidden::index`] where the rules hide something.
    #[inline]
    fn digits(&self, x: State) -> usize {
        let side = || usize::from(x.sides != 6);
        match self.layout {
            Layout::Nothing => 0,
            Layout::Sides => side(),
            Layout::SidesAndMemories => {
                let m = self.values[Component::MoverMemory as usize] as usize;
                (side() * m + usize::from(x.memory.mover)) * m + usize::from(x.memory.opponent)
            }
            Layout::Any => Component::ALL.iter().fold(0, |i, &c| {
                i * self.values[c as usize] as usize + c.digit(&x)
            }),
        }
    }

    /// The state with the scores (s, o) and the hidden value at position `i`.
    #[inline]
    pub fn state(&self, i: usize, score: u32, opponent_score: u32) -> State {
        let mut x = State::new(score, opponent_score);
        match self.layout {
            Layout::Nothing => return x,
            Layout::Sides => {
                Component::Sides.set(&mut x, i);
                return x;
            }
            Layout::SidesAndMemories => {
                let m = self.values[Component::MoverMemory as usize] as usize;
                Component::Sides.set(&mut x, i / (m * m));
                x.memory = Memory {
                    mover: (i / m % m) as u8,
                    opponent: (i % m) as u8,
                };
                return x;
            }
            Layout::Any => {}
        }
        let mut rest = i;
        for &c in Component::ALL.iter().rev() {
            let values = self.values[c as usize] as usize;
            c.set(&mut x, rest % values);
            rest /= values;
        }
        x
    }

    /// What a state holds beyond the two scores, which a course's
    /// `final_strategy(score, opponent_score)` cannot see: `None` when
    /// nothing.
    pub fn what(&self) -> Option<String> {
        let kept = |c| self.values(c) > 1;
        let names: Vec<&str> = [
            kept(Component::Sides).then_some("the dice sides"),
            kept(Component::MoverMemory).then(|| self.recall.what()),
            kept(Component::Turn).then_some("the turn number"),
            kept(Component::ExtraTurn).then_some("whether the turn is an extra turn"),
        ]
        .into_iter()
        .flatten()
        .collect();
        match names.as_slice() {
            [] => None,
            [one] => Some(one.to_string()),
            [first @ .., last] => Some(format!("{} and {last}", first.join(", "))),
        }
    }

    /// The hidden value at position `i` in words, each part followed by
    /// ", " (empty where the state is the two scores): "sides 4, ".
    pub fn words(&self, i: usize) -> String {
        let x = self.state(i, 0, 0);
        let kept = |c| self.values(c) > 1;
        let mut words = String::new();
        if kept(Component::Sides) {
            words += &format!("sides {}, ", x.sides);
        }
        if kept(Component::MoverMemory) {
            let what = match self.recall {
                Recall::PigOuts => "Pig Outs in a row",
                _ => "memories",
            };
            words += &format!(
                "{what} {} (mover) and {} (opponent), ",
                x.memory.mover, x.memory.opponent
            );
        }
        if kept(Component::Turn) {
            words += &format!("turn {} (mod {}), ", x.turn, self.values(Component::Turn));
        }
        if kept(Component::ExtraTurn) {
            words += if x.extra {
                "an extra turn, "
            } else {
                "not an extra turn, "
            };
        }
        words
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
    /// The dice sides a state can carry: only Pork Chop, Ham Hijinks and
    /// Perfect Piggy change them.
    pub fn state_sides(&self) -> &'static [u32] {
        match self.special {
            Special::PorkChop | Special::PerfectPiggy | Special::HamHijinks => &[6, 4],
            Special::None => &[6],
        }
    }

    /// Whether an action (-1: Pork Chop, Ham Hijinks) flips the dice sides,
    /// so that a strategy that never plays it keeps six-sided dice.
    pub fn flips_sides_by_action(&self) -> bool {
        matches!(self.special, Special::PorkChop | Special::HamHijinks)
    }

    /// Whether the points of a turn flip the dice sides (Perfect Piggy).
    pub fn flips_sides_by_points(&self) -> bool {
        self.special == Special::PerfectPiggy
    }

    /// What each player remembers of their previous turns: Feral Hogs and
    /// Pig Fest need it (no rules have both: [`Rules::check_supported`]).
    pub fn recall(&self) -> Recall {
        self.after
            .iter()
            .find_map(|rule| match rule {
                AfterTurn::FeralHogsRolls => Some(Recall::Rolls),
                AfterTurn::FeralHogsPoints => Some(Recall::Points),
                AfterTurn::PigFest => Some(Recall::PigOuts),
                _ => None,
            })
            .unwrap_or(Recall::None)
    }

    /// Time Trot's modulus, if the rules have Time Trot.
    pub fn time_trot(&self) -> Option<u8> {
        self.extra.iter().find_map(|rule| match rule {
            ExtraTurn::TimeTrot(modulus) => Some(*modulus),
            _ => None,
        })
    }

    /// Whether a rule reads if a turn is an extra turn: Time Trot (never
    /// twice in a row) and the dice of extra turns.
    pub fn reads_extra_turns(&self) -> bool {
        self.time_trot().is_some() || self.extra_dice.sides().is_some()
    }

    /// The hidden values of the states.
    pub fn hidden(&self) -> Hidden {
        Hidden::new(
            self.state_sides(),
            self.recall(),
            self.time_trot().map_or(1, u32::from),
            self.reads_extra_turns(),
        )
    }

    /// Whether a state holds more than a course strategy sees (the two scores).
    pub fn hides_state(&self) -> bool {
        !self.hidden().is_empty()
    }

    /// The sides of every die after a turn with this action and these final points.
    pub fn next_sides(&self, sides: u32, num_rolls: i32, points: u32) -> u32 {
        // 6 <-> 4: the two sides add up to 10.
        match self.special {
            Special::PorkChop | Special::HamHijinks if num_rolls == -1 => 10 - sides,
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
        assert_eq!(fa16.what().as_deref(), Some("the dice sides"));
        assert_eq!(fa16.words(0), "sides 6, ");
        assert_eq!(fa16.words(1), "sides 4, ");
        let sp20 = Rules::parse("sp20").unwrap().hidden();
        assert_eq!(sp20.what().as_deref(), Some("each player's previous turn"));
        let last = sp20.len() - 1;
        let m = sp20.values(Component::MoverMemory) - 1;
        assert_eq!(
            sp20.words(last),
            format!("memories {m} (mover) and {m} (opponent), ")
        );
    }

    /// The index is the mixed-radix number of the components' digits, the
    /// sides most significant: every position's state has that position,
    /// for rules of every kind of hidden state together.
    #[test]
    fn index_and_state_are_inverse_and_mixed_radix() {
        let all = Hidden::new(&[6, 4], Recall::PigOuts, 5, true);
        assert_eq!(all.len(), 2 * 4 * 4 * 5 * 2);
        // Every quick path of the index too: nothing, the sides, the sides
        // and memories, memories alone, a turn number alone.
        for hidden in [
            all,
            Hidden::new(&[6], Recall::None, 1, false),
            Hidden::new(&[6, 4], Recall::None, 1, false),
            Hidden::new(&[6, 4], Recall::Rolls, 1, false),
            Hidden::new(&[6], Recall::Points, 1, false),
            Hidden::new(&[6], Recall::None, 8, true),
        ] {
            for i in 0..hidden.len() {
                let x = hidden.state(i, 3, 7);
                assert_eq!((x.score, x.opponent_score), (3, 7));
                assert_eq!(hidden.index(x), i, "{hidden:?}");
            }
        }
        let x = State {
            sides: 4,
            memory: Memory {
                mover: 2,
                opponent: 3,
            },
            turn: 4,
            extra: true,
            ..State::START
        };
        assert_eq!(all.index(x), (((4 + 2) * 4 + 3) * 5 + 4) * 2 + 1);
        assert_eq!(
            all.what().as_deref(),
            Some(
                "the dice sides, each player's Pig Outs in a row, the turn number and \
                 whether the turn is an extra turn"
            )
        );
        assert_eq!(
            all.words(all.index(x)),
            "sides 4, Pig Outs in a row 2 (mover) and 3 (opponent), turn 4 (mod 5), \
             an extra turn, "
        );
    }
}
