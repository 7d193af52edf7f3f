//! Rules compiled once into dense tables for a goal.
//!
//! A turn from state (s, o, d) with action a scores points p with an exact
//! probability; the points then go through the after-turn rules and the goal
//! check. The model keeps:
//!
//! * for every kind of roll reachable under the rules (dice sides, re-rolling
//!   or not, the mover-score class that Feral Hogs and 49ers look at) and
//!   every n in 1..=10, the distribution of the points after the point
//!   modifiers, as integer counts over W^n;
//! * lookup tables for the after-turn rules (Swine Swap on 3^sum, a lone rule
//!   on the mover's score such as Sus Fuss),
//!   which are too slow to evaluate in the solver's inner loop.
//!
//! The engine sees only this: the actions, each action's point outcomes and
//! where each outcome leads ([`Next`]).

use crate::dice::roll_distribution;
use crate::error::{Error, Result};
use crate::rules::after_turn::{leader_bonus, FERAL_BONUS};
use crate::rules::{
    is_prime, power_of_three_digits_match, ActionLimit, AfterTurn, Dice, Hidden, Memory, PigOut,
    Recall, Reroll, RollBonus, Rules, Sides, Special, State, TurnFacts, TurnResult, MAX_DICE,
};

/// Points after the point modifiers, with integer counts out of `total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointDistribution {
    pub counts: Vec<(u32, u64)>,
    pub total: u64,
}

/// Where a turn's outcome leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The mover reached the goal.
    Win,
    /// The opponent reached the goal (a swap handed it over).
    Loss,
    /// The game goes on: the state seen by the opponent, who moves next.
    Continue(State),
    /// The mover moves again (an extra turn) from this state, seen by the mover.
    Again(State),
}

pub struct Model {
    rules: Rules,
    goal: u32,
    /// What each player remembers of their previous turn.
    recall: Recall,
    /// Whether a state says if its turn is an extra turn (a rule reads it).
    tracks_extra: bool,
    /// Time Trot's modulus, where the rules count turns.
    time_trot: Option<u8>,
    /// [`Model::outcomes_depend_on_rolls`], found once.
    per_action: bool,
    /// Which mover scores need their own roll table (Feral Hogs: parity; 49ers: 49).
    roll_classes: Vec<u32>,
    /// `rolls[kind * 10 + n - 1]`, kind = dice index * classes + class;
    /// empty for kinds of dice the rules never roll.
    rolls: Vec<PointDistribution>,
    /// The first rule that tests the sum of the scores alone (Swine Swap on
    /// 3^sum, sp15's Hogtimus Prime on a prime sum: slow tests), and its
    /// test for every sum a turn can produce.
    sum_rule: Option<(AfterTurn, Vec<bool>)>,
    /// Feral Hogs' fast path ([`Model::feral`]), found once.
    feral: Option<(Recall, Option<AfterTurn>)>,
    /// Where the lone rule of [`Landing::Fires`] (but Swine Swap on doubles,
    /// whose two points are quicker computed), the swap after Feral Hogs,
    /// or the one swap among other rules of [`Landing::General`] may change
    /// the scores: bit m of row o (words `o * fires_row ..`) is set if the
    /// rule may change (m, o) after a turn that scored points, for m up to
    /// `fires_max` (the goal - 1 plus the most points, or more where other
    /// rules come first); each row ends in two spare words for the windows
    /// of [`Model::fire_points`].
    fires: Vec<u64>,
    /// The words of one row of `fires`.
    fires_row: usize,
    /// The highest m of `fires`' rows.
    fires_max: u32,
    /// The points at which a turn flips the dice sides (Perfect Piggy), as
    /// the bits of a mask: 0 where only an action does (Pork Chop) or
    /// nothing does, and where a turn may score 128 points or more.
    flips: u128,
    /// The most points a turn can score.
    max_points: u32,
    /// A lone rule on the mover's score alone (Sus Fuss, Pigs on Prime,
    /// Square Swine, Fuzzy Factors): the mover's score after it, for every
    /// score a turn can produce.
    moved: Vec<u32>,
    /// The points of rolling no dice (after the point modifiers) against
    /// every opponent score below the goal, where they do not read the
    /// mover's score ([`crate::rules::ZeroDice::reads_mover_score`]); else
    /// empty.
    zero_points: Vec<u32>,
}

/// How the after-turn rules move the scores after a roll, for the engine's
/// fast paths (see [`crate::solve`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// No after-turn rule: the mover's score is s + p.
    Plain,
    /// One rule that changes the scores at some points only (a Swine Swap,
    /// Hog Pile, sp15's Hogtimus Prime), or Perfect Piggy's flip of the
    /// dice sides at some points, or both: s + p with the same sides,
    /// except at the points where one may fire ([`Model::fire_points`]);
    /// no turn scores 128 points or more, so they fit in one u128.
    Fires,
    /// One rule on the mover's score alone (Sus Fuss, Pigs on Prime, Square
    /// Swine, Fuzzy Factors): the mover's score is [`Model::moved`] of s + p.
    Mover,
    /// Any other list of rules: only [`Model::next`] knows.
    General,
}

/// The six kinds of dice: (6, 4 or 8 sides) x (plain or re-rolling).
const DICE: [Dice; 6] = [
    Dice {
        sides: 6,
        reroll: false,
    },
    Dice {
        sides: 6,
        reroll: true,
    },
    Dice {
        sides: 4,
        reroll: false,
    },
    Dice {
        sides: 4,
        reroll: true,
    },
    Dice {
        sides: 8,
        reroll: false,
    },
    Dice {
        sides: 8,
        reroll: true,
    },
];

#[inline]
fn dice_index(dice: Dice) -> usize {
    usize::from(dice.sides == 4) * 2 + usize::from(dice.sides == 8) * 4 + usize::from(dice.reroll)
}

impl Model {
    pub fn new(rules: &Rules, goal: u32) -> Result<Model> {
        rules
            .check_combination()
            .map_err(|reason| Error::BadRulesText {
                text: rules.to_string(),
                reason,
            })?;
        let goal = rules.check_goal(goal)?;
        rules.check_supported()?;
        let roll_classes = roll_classes(rules);
        let reachable = |dice: Dice| {
            let sides_ok = match dice.sides {
                4 => rules.state_sides().contains(&4) || rules.sides == Sides::FourOnSevens,
                8 => rules.extra_dice.sides() == Some(8),
                _ => true,
            };
            let reroll_ok = !dice.reroll || rules.reroll == Reroll::OnSevens;
            sides_ok && reroll_ok
        };
        let mut rolls = Vec::with_capacity(DICE.len() * roll_classes.len() * MAX_DICE as usize);
        for dice in DICE {
            for &score in &roll_classes {
                for n in 1..=MAX_DICE {
                    rolls.push(if reachable(dice) {
                        point_distribution(rules, dice, n, score)
                    } else {
                        PointDistribution {
                            counts: vec![],
                            total: 1,
                        }
                    });
                }
            }
        }
        // The highest score a turn can leave: the goal - 1 plus the most points.
        let max_points = rolls
            .iter()
            .flat_map(|d| d.counts.iter().map(|&(p, _)| p))
            .chain((0..=rules.zero.max_points(goal)).map(|p| rules.modify_points(p, 0)))
            .max()
            .unwrap_or(0)
            .max(1);
        let max_score = goal + max_points;
        let flips = match max_points < u128::BITS {
            true => (0..=max_points)
                .filter(|&p| rules.next_sides(6, 1, p) != 6)
                .fold(0, |mask, p| mask | 1 << p),
            false => 0,
        };
        let sum_rule = rules.after.iter().find_map(|&rule| {
            let test: fn(u32) -> bool = match rule {
                AfterTurn::SwineSwapPowerOfThree => power_of_three_digits_match,
                AfterTurn::PrimeSumLeaderBonus => is_prime,
                _ => return None,
            };
            Some((rule, (0..=2 * max_score).map(test).collect()))
        });
        let moved = match rules.after.as_slice() {
            [rule] if rule.moves_mover_alone() => (0..=max_score)
                .map(|m| rule.apply((m, 0), TurnFacts::default()).0)
                .collect(),
            _ => vec![],
        };
        let zero_points = if rules.zero.reads_mover_score() {
            vec![]
        } else {
            (0..goal)
                .map(|o| {
                    let against = State {
                        opponent_score: o,
                        ..State::START
                    };
                    rules.fixed_points(against, 0)
                })
                .collect()
        };
        let mut model = Model {
            rules: rules.clone(),
            goal,
            recall: rules.recall(),
            tracks_extra: rules.reads_extra_turns(),
            time_trot: rules.time_trot(),
            // Pig Fest reads the dice only as "some were rolled": for one
            // die or more, a roll of p points leads where one die's does.
            per_action: rules.pig_out == PigOut::ZeroPiggyBack
                || matches!(rules.recall(), Recall::Rolls | Recall::Points)
                || rules.time_trot().is_some(),
            roll_classes,
            rolls,
            sum_rule,
            feral: None,
            fires: vec![],
            fires_row: 0,
            fires_max: 0,
            flips,
            max_points,
            moved,
            zero_points,
        };
        model.feral = model.find_feral();
        if let (Landing::Fires, [rule]) = (model.landing(), rules.after.as_slice()) {
            if *rule != AfterTurn::SwineSwapDouble {
                model.fire_rows(*rule, max_score);
            }
        }
        if let Some((_, Some(swap))) = model.feral {
            // Feral Hogs' bonus of 3 may come on top of a turn's points.
            model.fire_rows(swap, max_score + FERAL_BONUS);
        } else if let (Landing::General, [_, _, ..]) = (model.landing(), rules.after.as_slice()) {
            // A swap among other rules: Pig Fest's triple points reach
            // max_score + 2 · max_points; past it the swap is tested itself.
            if let [swap] = rules
                .after
                .iter()
                .filter(|r| r.is_swap())
                .collect::<Vec<_>>()[..]
            {
                model.fire_rows(*swap, max_score + 2 * max_points);
            }
        }
        Ok(model)
    }

    /// Fills [`Model::fires`]: the rule on every (m, o), o below the
    /// goal and m up to `max_score`, after a turn of 1 point (a rule that
    /// reads the points changes nothing on 0 points, so a point where it
    /// fires on 1 is one where it may fire; an extra point costs a
    /// [`Model::next_on_fire`]).
    fn fire_rows(&mut self, rule: AfterTurn, max_score: u32) {
        let turn = TurnFacts {
            points: 1,
            ..TurnFacts::default()
        };
        self.fires_row = max_score as usize / 64 + 3;
        self.fires_max = max_score;
        let mut fires = vec![0; self.goal as usize * self.fires_row];
        for (o, row) in (0..self.goal).zip(fires.chunks_mut(self.fires_row)) {
            for m in 0..=max_score {
                if self.apply(rule, (m, o), turn) != (m, o) {
                    row[m as usize / 64] |= 1 << (m % 64);
                }
            }
        }
        self.fires = fires;
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The sides a state can carry, in axis order (6 first).
    pub fn sides(&self) -> &'static [u32] {
        self.rules.state_sides()
    }

    /// The hidden values of the states, in axis order.
    pub fn hidden(&self) -> Hidden {
        self.rules.hidden()
    }

    /// The point outcomes of rolling the dice of `state` with `n` >= 1 dice.
    pub fn roll(&self, state: State, n: i32) -> &PointDistribution {
        &self.rolls[self.roll_index(state, n)]
    }

    /// Where [`Model::roll`] finds its table in [`Model::roll_tables`]; the
    /// tables of 1 to 10 dice from one state stand side by side:
    /// [`Model::dice_tables`] + [`Model::class_tables`] + n - 1.
    #[inline]
    pub fn roll_index(&self, state: State, n: i32) -> usize {
        self.dice_tables(state) + self.class_tables(state.score) + n as usize - 1
    }

    /// Where the roll tables of the dice rolled from `state` start (roll
    /// class 0): kind · 10 for kind = dice index · classes + class. The
    /// dice depend on the sides and the sum of the scores alone, so this is
    /// the same for every state of a layer with one hidden value.
    #[inline]
    pub fn dice_tables(&self, state: State) -> usize {
        dice_index(self.rules.dice(state)) * self.roll_classes.len() * MAX_DICE as usize
    }

    /// How far the roll class of the mover's `score` moves its roll tables
    /// past [`Model::dice_tables`]: 0 where the rules have one class.
    #[inline]
    pub fn class_tables(&self, score: u32) -> usize {
        self.roll_class(score) * MAX_DICE as usize
    }

    /// Every roll table, for an engine that converts them once to its number type.
    pub fn roll_tables(&self) -> &[PointDistribution] {
        &self.rolls
    }

    #[inline]
    fn roll_class(&self, score: u32) -> usize {
        // Most rules have one class: no search.
        if self.roll_classes.len() == 1 {
            return 0;
        }
        let representative = match (self.rules.bonus, self.rules.pig_out) {
            (_, PigOut::OnePointExcept49) if score == 49 => 49,
            (RollBonus::FeralHogs, _) => score % 2,
            _ => 0,
        };
        self.roll_classes
            .iter()
            .position(|&r| r == representative)
            .expect("every score has a class")
    }

    /// The points of an action that rolls no dice (0, or -1 for Pork Chop),
    /// after the point modifiers.
    #[inline]
    pub fn fixed_points(&self, state: State, num_rolls: i32) -> u32 {
        match self.zero_points.get(state.opponent_score as usize) {
            Some(&points) if num_rolls == 0 => points,
            _ => self.rules.fixed_points(state, num_rolls),
        }
    }

    /// Hog Tied's clamp of the chosen action.
    #[inline]
    pub fn effective_rolls(&self, state: State, num_rolls: i32) -> i32 {
        self.rules.effective_rolls(state, num_rolls)
    }

    /// Where a turn with `num_rolls` (after any limit) that scored `points`
    /// leads: [`Rules::turn_result`] with the slow after-turn rules looked
    /// up, and Feral Hogs' rules written out ([`Model::feral_next`], equal
    /// to [`Model::next_general`]: tested).
    #[inline]
    pub fn next(&self, state: State, num_rolls: i32, points: u32) -> Next {
        match self.feral {
            Some(feral) => self.feral_next(feral, state, num_rolls, points),
            None => self.next_general(state, num_rolls, points),
        }
    }

    /// [`Model::next`] for any rules.
    #[inline]
    pub(crate) fn next_general(&self, state: State, num_rolls: i32, points: u32) -> Next {
        let (mover, opponent) = match self.rules.pig_out {
            PigOut::ZeroPiggyBack if num_rolls >= 1 && points == 0 => {
                (state.score, state.opponent_score + num_rolls as u32)
            }
            _ => (state.score + points, state.opponent_score),
        };
        let facts = TurnFacts {
            num_rolls,
            points,
            memory: state.memory.mover.into(),
        };
        let (mover, opponent) = self.after_turn(mover, opponent, facts);
        if mover >= self.goal {
            return Next::Win;
        } else if opponent >= self.goal {
            return Next::Loss;
        }
        let sides = self.rules.next_sides(state.sides, num_rolls, points);
        let remembered = self.recall.remember(state.memory.mover, num_rolls, points);
        let turn = self
            .time_trot
            .map_or(0, |modulus| (state.turn + 1) % modulus);
        if self.rules.extra_turn(state, num_rolls, mover, opponent) {
            Next::Again(State {
                score: mover,
                opponent_score: opponent,
                sides,
                memory: Memory {
                    mover: remembered,
                    opponent: state.memory.opponent,
                },
                turn,
                // Only where a rule reads it (Hidden: the state keeps it).
                extra: self.tracks_extra,
            })
        } else {
            Next::Continue(State {
                score: opponent,
                opponent_score: mover,
                sides,
                memory: Memory {
                    mover: state.memory.opponent,
                    opponent: remembered,
                },
                turn,
                extra: false,
            })
        }
    }

    /// Whether an outcome's next state depends on the number of dice as well
    /// as on the points (Piggy Back hands the opponent num_rolls; Feral Hogs
    /// compares num_rolls with a memory; Time Trot with the turn number), so
    /// that the dice actions of a state cannot share one table of outcome
    /// values. Pig Fest's run does not: it grows after a roll of 1 point,
    /// which only a Pig Out scores, whatever the number of dice.
    #[inline]
    pub fn outcomes_depend_on_rolls(&self) -> bool {
        self.per_action
    }

    /// The shape of the after-turn rules.
    pub fn landing(&self) -> Landing {
        // Each of these moves a state off the one grid row the fast paths read.
        // A memory (Pig Fest's run) changes the hidden value too.
        let off_the_row = !self.rules.extra.is_empty()
            || self.outcomes_depend_on_rolls()
            || self.recall != Recall::None;
        // Perfect Piggy moves it to the other sides' row at a few points,
        // which the fast path of one rule firing at a few points handles.
        let flips = self.rules.flips_sides_by_points();
        if off_the_row || (flips && self.flips == 0) {
            return Landing::General;
        }
        match self.rules.after.as_slice() {
            [] if !flips => Landing::Plain,
            [rule] if rule.moves_mover_alone() => match flips {
                true => Landing::General,
                false => Landing::Mover,
            },
            [] | [_] if self.max_points < u128::BITS => Landing::Fires,
            _ => Landing::General,
        }
    }

    /// Feral Hogs' fast path ([`crate::solve`], [`Model::next`]): where the
    /// after-turn rules are Feral Hogs and at most one swap after it, and
    /// nothing else moves a state off its grid row, the memory kept and the
    /// swap rule.
    #[inline]
    pub fn feral(&self) -> Option<(Recall, Option<AfterTurn>)> {
        self.feral
    }

    fn find_feral(&self) -> Option<(Recall, Option<AfterTurn>)> {
        let plain = self.rules.extra.is_empty()
            && self.rules.limit == ActionLimit::None
            && self.rules.special == Special::None
            && self.rules.pig_out != PigOut::ZeroPiggyBack;
        match self.rules.after.as_slice() {
            [AfterTurn::FeralHogsRolls | AfterTurn::FeralHogsPoints] if plain => {
                Some((self.recall, None))
            }
            [AfterTurn::FeralHogsRolls | AfterTurn::FeralHogsPoints, swap]
                if plain && swap.is_swap() =>
            {
                Some((self.recall, Some(*swap)))
            }
            _ => None,
        }
    }

    /// The mover's and the opponent's scores after a turn that left the
    /// mover at `mover` (points and Feral Hogs' bonus added) against the
    /// opponent's `opponent`, under [`Model::feral`]'s swap if any.
    /// The swap's bit of (mover, opponent) is read from [`Model::fires`],
    /// whose rows reach every score a turn can leave, bonus included: the
    /// opponent's score is below the goal, since the opponent did not move.
    #[inline(always)]
    pub fn feral_swap(&self, swap: Option<AfterTurn>, mover: u32, opponent: u32) -> (u32, u32) {
        let m = mover as usize;
        let swaps = swap.is_some()
            && self.fires[opponent as usize * self.fires_row + m / 64] >> (m % 64) & 1 == 1;
        if swaps {
            (opponent, mover)
        } else {
            (mover, opponent)
        }
    }

    /// [`Model::next`] under [`Model::feral`]: s + p, plus 3 if |n − m| = 2
    /// for the mover's memory m, then the swap, then the goal; the sides
    /// stay, and the mover's new memory goes to the opponent's side.
    #[inline(always)]
    fn feral_next(
        &self,
        (recall, swap): (Recall, Option<AfterTurn>),
        x: State,
        num_rolls: i32,
        points: u32,
    ) -> Next {
        let bonus = if num_rolls.abs_diff(i32::from(x.memory.mover)) == 2 {
            FERAL_BONUS
        } else {
            0
        };
        let (mover, opponent) = self.feral_swap(swap, x.score + points + bonus, x.opponent_score);
        if mover >= self.goal {
            Next::Win
        } else if opponent >= self.goal {
            Next::Loss
        } else {
            Next::Continue(State {
                score: opponent,
                opponent_score: mover,
                sides: x.sides,
                memory: Memory {
                    mover: x.memory.opponent,
                    opponent: recall.remember_turn(num_rolls, points),
                },
                ..x
            })
        }
    }

    /// One after-turn rule on (mover, opponent), the slow ones looked up.
    #[inline]
    pub fn after_rule(&self, rule: AfterTurn, scores: (u32, u32), turn: TurnFacts) -> (u32, u32) {
        self.apply(rule, scores, turn)
    }

    /// The lone rule on the mover's score ([`Landing::Mover`]), on a score
    /// up to the goal - 1 plus the most points.
    #[inline]
    pub fn moved(&self, score: u32) -> u32 {
        self.moved[score as usize]
    }

    /// The points p in 0..=max_points at which the lone rule may fire from
    /// x, as the bits of a mask: Swine Swap on doubles when s + p = 2o or
    /// 2(s + p) = o (no table needed), any other rule bits s to s +
    /// max_points of row o of [`Model::fires`], read from the three words
    /// that hold them; and the points that flip the dice sides (Perfect
    /// Piggy), wherever the turn starts. (Rules of [`Landing::Fires`] only,
    /// where max_points < 128.)
    #[inline]
    pub fn fire_points(&self, x: State, max_points: u32) -> u128 {
        debug_assert!(
            max_points < u128::BITS,
            "Landing::Fires: fewer than 128 points"
        );
        let up_to_max_points = u128::MAX >> (u128::BITS - 1 - max_points);
        let flips = self.flips & up_to_max_points;
        if self.rules.after.is_empty() {
            return flips;
        }
        if self.fires.is_empty() {
            let (s, o) = (x.score, x.opponent_score);
            let doubles = [Some(2 * o), (o % 2 == 0).then_some(o / 2)];
            return doubles
                .into_iter()
                .flatten()
                .filter(|&m| m >= s && m - s <= max_points)
                .fold(flips, |mask, m| mask | 1 << (m - s));
        }
        let (s, o) = (x.score as usize, x.opponent_score as usize);
        let words = &self.fires[o * self.fires_row + s / 64..][..3];
        let shift = s % 64;
        let low = (words[0] as u128 | (words[1] as u128) << 64) >> shift;
        // The third word's bits land from bit 128 - shift on: none when shift = 0.
        let high = (words[2] as u128)
            .checked_shl(128 - shift as u32)
            .unwrap_or(0);
        (low | high) & up_to_max_points | flips
    }

    /// [`Model::next`] of a roll of `points` with `num_rolls` dice from x
    /// under the rules of [`Landing::Fires`], where nothing else can follow
    /// a roll (no extra turn, no memory, no Piggy Back: see
    /// [`Model::landing`]): the lone rule if any, then the goal, then the
    /// dice sides (which Perfect Piggy may flip).
    #[inline]
    pub fn next_on_fire(&self, x: State, num_rolls: i32, points: u32) -> Next {
        let turn = TurnFacts {
            num_rolls,
            points,
            memory: 0,
        };
        let scored = (x.score + points, x.opponent_score);
        let (m, o) = match self.rules.after.first() {
            Some(&rule) => self.apply(rule, scored, turn),
            None => scored,
        };
        if m >= self.goal {
            Next::Win
        } else if o >= self.goal {
            Next::Loss
        } else {
            Next::Continue(State {
                score: o,
                opponent_score: m,
                sides: self.rules.next_sides(x.sides, num_rolls, points),
                ..x
            })
        }
    }

    /// [`Rules::after_turn`] with the slow rules looked up.
    #[inline]
    fn after_turn(&self, mover: u32, opponent: u32, turn: TurnFacts) -> (u32, u32) {
        match self.rules.after.as_slice() {
            [] => (mover, opponent),
            [rule] => self.apply(*rule, (mover, opponent), turn),
            rules => rules.iter().fold((mover, opponent), |scores, &rule| {
                self.apply(rule, scores, turn)
            }),
        }
    }

    /// One after-turn rule, the slow ones looked up: a swap in
    /// [`Model::fires`] where its rows reach (exact for a swap: it fires
    /// where the scores change); a rule on the sum in its table of sums,
    /// which reaches twice the goal - 1 plus one turn's points (a rule that
    /// raised a score further before it falls back to the rule itself); the
    /// lone rule on the mover's score in its own.
    #[inline(always)]
    fn apply(&self, rule: AfterTurn, (m, o): (u32, u32), turn: TurnFacts) -> (u32, u32) {
        if !self.moved.is_empty() {
            return (self.moved[m as usize], o);
        }
        if let Some((sum_rule, holds)) = &self.sum_rule {
            if *sum_rule == rule {
                return match holds.get((m + o) as usize) {
                    Some(false) => (m, o),
                    Some(true) if rule.is_swap() => (o, m),
                    Some(true) => leader_bonus((m, o), turn.points),
                    None => rule.apply((m, o), turn),
                };
            }
        }
        if !self.fires.is_empty() && rule.is_swap() && o < self.goal && m <= self.fires_max {
            let bit = m as usize;
            let bits = self.fires[o as usize * self.fires_row + bit / 64];
            return if bits >> (bit % 64) & 1 == 1 {
                (o, m)
            } else {
                (m, o)
            };
        }
        rule.apply((m, o), turn)
    }

    /// Every outcome of an action as (turn result, count out of the total).
    /// Outcomes that end alike are merged; the results keep scores past the goal.
    pub fn turn_distribution(&self, state: State, num_rolls: i32) -> (Vec<(TurnResult, u64)>, u64) {
        let num_rolls = self.effective_rolls(state, num_rolls);
        let (points, total) = if num_rolls < 1 {
            (vec![(self.fixed_points(state, num_rolls), 1)], 1)
        } else {
            let dist = self.roll(state, num_rolls);
            (dist.counts.clone(), dist.total)
        };
        let mut outcomes: Vec<(TurnResult, u64)> = vec![];
        for (p, count) in points {
            let result = self.rules.turn_result(state, num_rolls, p);
            match outcomes.iter_mut().find(|(r, _)| *r == result) {
                Some((_, c)) => *c += count,
                None => outcomes.push((result, count)),
            }
        }
        (outcomes, total)
    }
}

/// Representative mover scores whose roll tables differ.
fn roll_classes(rules: &Rules) -> Vec<u32> {
    let mut classes = vec![0];
    if rules.bonus == RollBonus::FeralHogs {
        classes.push(1);
    }
    if rules.pig_out == PigOut::OnePointExcept49 {
        classes.push(49);
    }
    classes
}

/// The roll's points pushed through the point modifiers; outcomes that land
/// on the same points are merged.
fn point_distribution(rules: &Rules, dice: Dice, n: i32, score: u32) -> PointDistribution {
    let roll = roll_distribution(rules, dice, n as u32, score);
    let mut counts: Vec<(u32, u64)> = vec![];
    for (raw, count) in roll.counts {
        let points = rules.modify_points(raw, n);
        match counts.iter_mut().find(|(p, _)| *p == points) {
            Some((_, c)) => *c += count,
            None => counts.push((points, count)),
        }
    }
    counts.sort_unstable();
    PointDistribution {
        counts,
        total: roll.total,
    }
}
