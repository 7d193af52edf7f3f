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
use crate::rules::{
    power_of_three_digits_match, ActionLimit, AfterTurn, Dice, Hidden, Memory, PigOut, Recall,
    Reroll, RollBonus, Rules, Sides, Special, State, TurnFacts, TurnResult, MAX_DICE,
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
    /// Which mover scores need their own roll table (Feral Hogs: parity; 49ers: 49).
    roll_classes: Vec<u32>,
    /// `rolls[kind * 10 + n - 1]`, kind = dice index * classes + class;
    /// empty for kinds of dice the rules never roll.
    rolls: Vec<PointDistribution>,
    /// Swine Swap on 3^sum, for every sum a turn can produce.
    swap_on_sum: Vec<bool>,
    /// Swine Swap on 3^sum from every sum s + o of a state: bit p set if a
    /// turn of p points swaps (p < 128: see [`Model::landing`]).
    swaps_from_sum: Vec<u128>,
    /// The most points a turn can score.
    max_points: u32,
    /// A lone rule on the mover's score alone (Sus Fuss, Pigs on Prime,
    /// Square Swine, Fuzzy Factors): the mover's score after it, for every
    /// score a turn can produce.
    moved: Vec<u32>,
}

/// How the after-turn rules move the scores after a roll, for the engine's
/// fast paths (see [`crate::solve`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// No after-turn rule: the mover's score is s + p.
    Plain,
    /// One swap rule (a Swine Swap): s + p, except at the points where the
    /// swap fires ([`Model::swap_points`]); no turn
    /// scores 128 points or more, so they fit in one u128.
    Swaps,
    /// One rule on the mover's score alone (Sus Fuss, Pigs on Prime, Square
    /// Swine, Fuzzy Factors): the mover's score is [`Model::moved`] of s + p.
    Mover,
    /// Any other list of rules: only [`Model::next`] knows.
    General,
}

/// The four kinds of dice: (6 or 4 sides) x (plain or re-rolling).
const DICE: [Dice; 4] = [
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
];

fn dice_index(dice: Dice) -> usize {
    usize::from(dice.sides == 4) * 2 + usize::from(dice.reroll)
}

impl Model {
    pub fn new(rules: &Rules, goal: u32) -> Result<Model> {
        let goal = rules.check_goal(goal)?;
        let roll_classes = roll_classes(rules);
        let reachable = |dice: Dice| {
            let sides_ok = dice.sides == 6
                || rules.state_sides().contains(&4)
                || rules.sides == Sides::FourOnSevens;
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
        let swap_on_sum = if rules.after.contains(&AfterTurn::SwineSwapPowerOfThree) {
            (0..=2 * max_score)
                .map(power_of_three_digits_match)
                .collect()
        } else {
            vec![]
        };
        let swaps_from_sum = if swap_on_sum.is_empty() {
            vec![]
        } else {
            (0..=2 * (goal - 1))
                .map(|sum| {
                    (0..=max_points.min(u128::BITS - 1))
                        .filter(|&p| swap_on_sum[(sum + p) as usize])
                        .fold(0, |mask, p| mask | 1 << p)
                })
                .collect()
        };
        let moved = match rules.after.as_slice() {
            [rule] if rule.moves_mover_alone() => (0..=max_score)
                .map(|m| rule.apply((m, 0), TurnFacts::default()).0)
                .collect(),
            _ => vec![],
        };
        if (!rules.extra.is_empty() || rules.recall() != Recall::None) && rules.can_score_zero() {
            return Err(Error::Unsupported(format!(
                "the rules {rules}: extra turns or memories where a turn can score 0 points \
                 (no course has them; a zero-point turn would have to be solved as a cycle \
                 through hidden state)"
            )));
        }
        Ok(Model {
            rules: rules.clone(),
            goal,
            recall: rules.recall(),
            roll_classes,
            rolls,
            swap_on_sum,
            swaps_from_sum,
            max_points,
            moved,
        })
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
    /// tables of 1 to 10 dice from one state stand side by side.
    #[inline]
    pub fn roll_index(&self, state: State, n: i32) -> usize {
        let dice = self.rules.dice(state);
        let kind = dice_index(dice) * self.roll_classes.len() + self.roll_class(state.score);
        kind * MAX_DICE as usize + n as usize - 1
    }

    /// Every roll table, for an engine that converts them once to its number type.
    pub fn roll_tables(&self) -> &[PointDistribution] {
        &self.rolls
    }

    #[inline]
    fn roll_class(&self, score: u32) -> usize {
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
    pub fn fixed_points(&self, state: State, num_rolls: i32) -> u32 {
        self.rules.fixed_points(state, num_rolls)
    }

    /// Hog Tied's clamp of the chosen action.
    pub fn effective_rolls(&self, state: State, num_rolls: i32) -> i32 {
        self.rules.effective_rolls(state, num_rolls)
    }

    /// Where a turn with `num_rolls` (after any limit) that scored `points`
    /// leads: [`Rules::turn_result`] with the slow after-turn rules looked up.
    #[inline]
    pub fn next(&self, state: State, num_rolls: i32, points: u32) -> Next {
        let (mover, opponent) = match self.rules.pig_out {
            PigOut::ZeroPiggyBack if num_rolls >= 1 && points == 0 => {
                (state.score, state.opponent_score + num_rolls as u32)
            }
            _ => (state.score + points, state.opponent_score),
        };
        let facts = TurnFacts {
            num_rolls,
            points,
            memory: state.memory.mover,
        };
        let (mover, opponent) = self.after_turn(mover, opponent, facts);
        if mover >= self.goal {
            return Next::Win;
        } else if opponent >= self.goal {
            return Next::Loss;
        }
        let sides = self.rules.next_sides(state.sides, num_rolls, points);
        let remembered = self.recall.remember(num_rolls, points);
        if self.rules.extra_turn(mover, opponent) {
            Next::Again(State {
                score: mover,
                opponent_score: opponent,
                sides,
                memory: Memory {
                    mover: remembered,
                    opponent: state.memory.opponent,
                },
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
            })
        }
    }

    /// Whether an outcome's next state depends on the number of dice as well
    /// as on the points (Piggy Back hands the opponent num_rolls; Feral Hogs
    /// compares num_rolls with a memory), so that the dice actions of a state
    /// cannot share one table of outcome values.
    pub fn outcomes_depend_on_rolls(&self) -> bool {
        self.rules.pig_out == PigOut::ZeroPiggyBack || self.recall != Recall::None
    }

    /// The shape of the after-turn rules.
    pub fn landing(&self) -> Landing {
        // Each of these moves a state off the one grid row the fast paths read.
        let off_the_row = !self.rules.extra.is_empty()
            || self.rules.special == Special::PerfectPiggy
            || self.outcomes_depend_on_rolls();
        if off_the_row {
            return Landing::General;
        }
        match self.rules.after.as_slice() {
            [] => Landing::Plain,
            [rule] if rule.is_swap() && self.max_points < u128::BITS => Landing::Swaps,
            [rule] if rule.moves_mover_alone() => Landing::Mover,
            _ => Landing::General,
        }
    }

    /// Feral Hogs' fast path ([`crate::solve`]): where the after-turn rules
    /// are Feral Hogs and at most one swap after it, and nothing else moves
    /// a state off its grid row, the memory kept and the swap rule.
    pub fn feral(&self) -> Option<(Recall, Option<AfterTurn>)> {
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

    /// The points p in 0..=max_points at which the swap rule fires from x,
    /// as the bits of a mask: Swine Swap on doubles when s + p = 2o or
    /// 2(s + p) = o, Swine Swap on 3^sum when the table says so for
    /// s + p + o, any other swap when the rule says so for (s + p, o).
    /// (Rules of [`Landing::Swaps`] only, where max_points < 128.)
    #[inline]
    pub fn swap_points(&self, x: State, max_points: u32) -> u128 {
        debug_assert!(
            max_points < u128::BITS,
            "Landing::Swaps: fewer than 128 points"
        );
        let (s, o) = (x.score, x.opponent_score);
        match self.rules.after.as_slice() {
            [AfterTurn::SwineSwapDouble] => {
                let doubles = [Some(2 * o), (o % 2 == 0).then_some(o / 2)];
                doubles
                    .into_iter()
                    .flatten()
                    .filter(|&m| m >= s && m - s <= max_points)
                    .fold(0, |mask, m| mask | 1 << (m - s))
            }
            [AfterTurn::SwineSwapPowerOfThree] => {
                let up_to_max_points = u128::MAX >> (u128::BITS - 1 - max_points);
                self.swaps_from_sum[(s + o) as usize] & up_to_max_points
            }
            [rule] => (0..=max_points)
                .filter(|&p| {
                    let turn = TurnFacts {
                        points: p,
                        ..TurnFacts::default()
                    };
                    rule.apply((s + p, o), turn) != (s + p, o)
                })
                .fold(0, |mask, p| mask | 1 << p),
            _ => 0,
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

    /// One after-turn rule, the slow ones looked up: Swine Swap on 3^sum in
    /// its table of sums, which reaches twice the goal - 1 plus one turn's
    /// points (a rule that raised a score further before it falls back to
    /// the rule itself), and the lone rule on the mover's score in its own.
    #[inline]
    fn apply(&self, rule: AfterTurn, (m, o): (u32, u32), turn: TurnFacts) -> (u32, u32) {
        match rule {
            AfterTurn::SwineSwapPowerOfThree => match self.swap_on_sum.get((m + o) as usize) {
                Some(true) => (o, m),
                Some(false) => (m, o),
                None => rule.apply((m, o), turn),
            },
            _ if !self.moved.is_empty() => (self.moved[m as usize], o),
            _ => rule.apply((m, o), turn),
        }
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
