//! Rules as data.
//!
//! A rule set is a plain struct with one slot per kind of rule; every slot is
//! a small closed enum (or an ordered list of them). The course presets are
//! rows of a table ([`presets`]). The canonical text form, one `key=value`
//! pair per slot in a fixed order, round-trips through `Display` and
//! `FromStr` ([`text`]):
//!
//! ```text
//! zero=free_bacon_largest_digit,sides=six,reroll=on_sevens,pig_out=count_ones,
//! bonus=none,points=hogtimus_prime+when_pigs_fly,after=swine_swap_double,
//! limit=none,special=pork_chop
//! ```
//!
//! (one line, no spaces). The components are grouped by kind, one file
//! each, every variant's formula above its code: [`zero_dice`] (Free Bacon
//! and its relatives), [`points`] (the dice, Pig Out, roll bonuses, point
//! modifiers, limits), [`after_turn`] (swaps and the like), [`hidden`] (what
//! a course strategy cannot see), with the number helpers in [`digits`].
//! This module holds the state and the whole turn, each step a direct
//! transcription of a sentence of `docs/rules.md`; the compiled
//! [`crate::model::Model`] and the test-dice replay are both built on it.

use serde::{Deserialize, Serialize};

use crate::error::{did_you_mean, Error, Result};

pub mod after_turn;
pub mod bids;
pub mod digits;
pub mod extra_turn;
pub mod hidden;
pub mod points;
pub mod presets;
pub mod text;
pub mod zero_dice;

pub use after_turn::{sus_fuss, AfterTurn, TurnFacts};
pub use bids::{BidStart, Bids};
pub use digits::{
    divisor_count, is_prime, largest_digit, next_prime, power_of_three_digits_match, tens,
};
pub use extra_turn::{ExtraDice, ExtraTurn};
pub use hidden::{Component, Hidden, Memory, Recall, Special};
pub use points::{ActionLimit, PigOut, PointModifier, Reroll, RollBonus, Sides};
pub use presets::{preset_names, Preset, PRESETS};
pub use text::describe;
pub use zero_dice::ZeroDice;

/// The most dice a turn may roll.
pub const MAX_DICE: i32 = 10;
/// The largest goal the tool accepts. The state space grows as goal²: at
/// 10,000 fa16 has 2 x 10,000² = 200 million states, and a self-play solve
/// holds 9 bytes for each (an f64 value and an i8 action), 1.8 GB.
pub const MAX_GOAL: u32 = 10_000;

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
    /// The rules that give the mover another turn (any one suffices).
    pub extra: Vec<ExtraTurn>,
    /// The dice of extra turns.
    pub extra_dice: ExtraDice,
    /// How a contest's bids set the start of a game (fa14 contest).
    pub bids: Bids,
}

/// A state, seen by the player to move: their score, the opponent's score,
/// and what a course strategy cannot see, one field per kind of hidden
/// state (see [`hidden`]), each at its start value where the rules keep none
/// of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    pub score: u32,
    pub opponent_score: u32,
    pub sides: u32,
    /// Both 0 where the rules keep no memory; left out of JSON then.
    #[serde(default, skip_serializing_if = "Memory::is_none")]
    pub memory: Memory,
    /// Time Trot's turn number mod its modulus (0 where the rules count no
    /// turns); left out of JSON when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turn: u8,
    /// Whether this turn is an extra turn (false where no rule reads it);
    /// left out of JSON when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra: bool,
}

fn is_zero(turn: &u8) -> bool {
    *turn == 0
}

impl State {
    /// The opening state: 0-0 with six-sided dice, nothing remembered, turn 0.
    pub const START: State = State::new(0, 0);

    /// The state (score, opponent_score) with six-sided dice, nothing
    /// remembered, turn 0, not an extra turn.
    pub const fn new(score: u32, opponent_score: u32) -> State {
        State {
            score,
            opponent_score,
            sides: 6,
            memory: Memory::NONE,
            turn: 0,
            extra: false,
        }
    }
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
    /// Each player's memory after the turn, seen from the mover.
    #[serde(skip_serializing_if = "Memory::is_none")]
    pub memory: Memory,
    /// The next turn's number mod Time Trot's modulus (0 where the rules
    /// count no turns).
    #[serde(skip_serializing_if = "is_zero")]
    pub turn: u8,
    /// Whether the mover moves again (an extra turn; never once the game is over).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub extra_turn: bool,
}

impl TurnResult {
    /// The state the next turn starts from, seen by its mover: the same
    /// player after an extra turn (marked an extra turn where the rules read
    /// it), else the opponent, who sees the scores and memories the other
    /// way round. (The game may be over: the caller checks the goal.)
    pub fn next_state(&self, rules: &Rules) -> State {
        let next = State {
            score: self.score,
            opponent_score: self.opponent_score,
            sides: self.sides,
            memory: self.memory,
            turn: self.turn,
            extra: self.extra_turn && rules.reads_extra_turns(),
        };
        if self.extra_turn {
            return next;
        }
        State {
            score: self.opponent_score,
            opponent_score: self.score,
            memory: Memory {
                mover: self.memory.opponent,
                opponent: self.memory.mover,
            },
            ..next
        }
    }
}

/// A semester written out, in hog's short form: "Fall 2024", "fa2024"
/// and "fall_24" are "fa24". None for anything else.
fn semester_shorthand(text: &str) -> Option<String> {
    let text: String = text
        .to_ascii_lowercase()
        .chars()
        .filter(|c| !" _-".contains(*c))
        .collect();
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (season, year) = text.split_at(split);
    let season = match season {
        "fa" | "fall" | "autumn" => "fa",
        "sp" | "spring" => "sp",
        "su" | "summer" => "su",
        _ => return None,
    };
    let year = match year.len() {
        4 if year.starts_with("20") => &year[2..],
        2 => year,
        _ => return None,
    };
    year.chars()
        .all(|c| c.is_ascii_digit())
        .then(|| format!("{season}{year}"))
}

impl Rules {
    /// A preset by name (or another name of it), or a canonical rules text.
    pub fn parse(text: &str) -> Result<Rules> {
        match Preset::find(text) {
            Some(preset) => Ok(preset.rules()),
            None if text.contains('=') => text.parse(),
            None => Err(Error::UnknownRules {
                text: text.to_string(),
                hint: match semester_shorthand(text) {
                    Some(name) if Preset::find(&name).is_some() => {
                        format!(" (did you mean '{name}'?)")
                    }
                    _ => did_you_mean(text, preset_names()),
                },
            }),
        }
    }

    /// The preset name of these rules, or their canonical text.
    pub fn name(&self) -> String {
        PRESETS
            .iter()
            .find(|p| p.rules() == *self)
            .map(|p| p.name.to_string())
            .unwrap_or_else(|| self.to_string())
    }

    /// The smallest action: -1 with Pork Chop and Ham Hijinks, else 0.
    pub fn min_action(&self) -> i32 {
        if self.flips_sides_by_action() {
            -1
        } else {
            0
        }
    }

    /// Every action a strategy may answer, lowest first.
    pub fn actions(&self) -> std::ops::RangeInclusive<i32> {
        self.min_action()..=MAX_DICE
    }

    /// A strategy's answer as the course plays it: an allowed action, or
    /// (where the course's `play()` clamps, [`ActionLimit::HogTiedClamped`])
    /// an answer above [`MAX_DICE`] played as `MAX_DICE`; anything else is
    /// an error.
    pub fn answer(&self, num_rolls: i64) -> Result<i32> {
        if self.clamps_answers() && num_rolls > MAX_DICE as i64 {
            return Ok(MAX_DICE);
        }
        self.check_action(num_rolls)
    }

    /// Whether the course's `play()` plays an answer above the allowed
    /// number of dice as that number, rather than refusing it.
    pub fn clamps_answers(&self) -> bool {
        self.limit == ActionLimit::HogTiedClamped
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

    /// Checks a goal and a state against these rules.
    pub fn check_state(&self, goal: u32, state: State) -> Result<()> {
        self.check_goal(goal)?;
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
                    Special::None => {
                        "only Pork Chop (fa16), Ham Hijinks and Perfect Piggy (su17) change the dice from six sides"
                    }
                    _ => "dice have 6 or 4 sides",
                },
            });
        }
        let hidden = self.hidden();
        let memory = hidden.values(Component::MoverMemory);
        for value in [state.memory.mover, state.memory.opponent] {
            if u32::from(value) >= memory {
                return Err(Error::BadMemory {
                    value: value.into(),
                    rules: self.name(),
                    values: memory,
                });
            }
        }
        let turns = hidden.values(Component::Turn);
        if u32::from(state.turn) >= turns {
            return Err(Error::BadTurn {
                turn: state.turn.into(),
                rules: self.name(),
                turns,
            });
        }
        if state.extra && hidden.values(Component::ExtraTurn) == 1 {
            return Err(Error::BadExtraTurn { rules: self.name() });
        }
        Ok(())
    }

    /// Checks that the rules' components go together: at most one rule of
    /// each player's memory (Feral Hogs, Pig Fest: one memory per player)
    /// and one Time Trot, and Pig Fest only where a Pig Out scores 1 and no
    /// bonus comes on top of a roll (it reads a Pig Out from a roll's 1 point).
    pub fn check_supported(&self) -> Result<()> {
        let unsupported = |what: &str| Err(Error::Unsupported(format!("the rules {self}: {what}")));
        let memories = self
            .after
            .iter()
            .filter(|rule| {
                matches!(
                    rule,
                    AfterTurn::FeralHogsRolls | AfterTurn::FeralHogsPoints | AfterTurn::PigFest
                )
            })
            .count();
        if memories > 1 {
            return unsupported("two rules that each keep a memory of every player (Feral Hogs, Pig Fest); a player keeps one");
        }
        let trots = self
            .extra
            .iter()
            .filter(|rule| matches!(rule, ExtraTurn::TimeTrot(_)))
            .count();
        if trots > 1 {
            return unsupported("two Time Trot rules; the turn number has one modulus");
        }
        let pig_fest = self.after.contains(&AfterTurn::PigFest);
        if pig_fest && (self.pig_out != PigOut::OnePoint || self.bonus != RollBonus::None) {
            return unsupported("Pig Fest needs pig_out=one_point and bonus=none (it knows a Pig Out by its 1 point)");
        }
        Ok(())
    }

    /// Checks a goal against [`MAX_GOAL`] and the largest goal these rules
    /// are defined for (Free Bacon on π knows 100 decimals).
    pub fn check_goal(&self, goal: u32) -> Result<u32> {
        let goal = check_goal(goal as i64)?;
        match self.zero.max_goal() {
            Some(max) if goal > max => Err(Error::GoalBeyondRules {
                goal,
                max,
                rules: self.name(),
            }),
            _ => Ok(goal),
        }
    }

    /// Points for rolling zero dice, before the point modifiers.
    pub fn zero_dice_points(&self, score: u32, opponent_score: u32) -> u32 {
        self.zero.points(score, opponent_score)
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
        Ok(self.turn_result(state, num_rolls, points))
    }

    /// Everything a turn from `state` with `num_rolls` (after any limit) that
    /// scored `points` (after the point modifiers) leads to: Piggy Back, the
    /// after-turn rules in order, the dice sides, the memories and whether
    /// the mover goes again.
    pub fn turn_result(&self, state: State, num_rolls: i32, points: u32) -> TurnResult {
        let (mover, opponent) = match self.pig_out {
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
        let (score, opponent_score) = self.after_turn(mover, opponent, facts);
        TurnResult {
            points,
            score,
            opponent_score,
            sides: self.next_sides(state.sides, num_rolls, points),
            memory: Memory {
                mover: self
                    .recall()
                    .remember(state.memory.mover, num_rolls, points),
                opponent: state.memory.opponent,
            },
            turn: self.next_turn(state.turn),
            extra_turn: self.extra_turn(state, num_rolls, score, opponent_score),
        }
    }

    /// The turn number mod Time Trot's modulus after a turn numbered `turn`
    /// (0 where the rules count no turns).
    #[inline]
    pub fn next_turn(&self, turn: u8) -> u8 {
        self.time_trot().map_or(0, |modulus| (turn + 1) % modulus)
    }

    /// Checks that the engine computes these rules as `docs/rules.md`
    /// defines them; the reason in words where it cannot. Every rules text
    /// passes here when it is parsed, and [`crate::model::Model::new`]
    /// checks rules built by hand the same way.
    ///
    /// * Extra turns or a memory with a zero-dice rule that can score 0: a
    ///   zero-point turn would have to be solved as a cycle through an
    ///   extra turn or through hidden state.
    /// * A swap that reads the two scores apart with a zero-dice rule that
    ///   can score 0: the engine solves a zero-point turn's pass and the pass
    ///   back as one pair.
    /// * Two Feral Hogs rules: each player keeps one memory of their turn.
    /// * Piggy Back with a roll bonus: the engine reads Piggy Back from a
    ///   roll's 0 points, and the bonus gives a roll with a 1 points.
    pub fn check_combination(&self) -> std::result::Result<(), String> {
        let zero_scores_0 = || format!("zero={} (a turn that can score 0 points)", self.zero);
        let ferals: Vec<String> = self
            .after
            .iter()
            .filter(|rule| matches!(rule, AfterTurn::FeralHogsRolls | AfterTurn::FeralHogsPoints))
            .map(AfterTurn::to_string)
            .collect();
        if !self.extra.is_empty() && self.can_score_zero() {
            return Err(format!(
                "extra turns (extra={}) cannot be combined with {}: no course has both",
                text::list_text(&self.extra),
                zero_scores_0()
            ));
        }
        if !ferals.is_empty() && self.can_score_zero() {
            return Err(format!(
                "a memory of the previous turn (after={}) cannot be combined with {}: no course has both",
                ferals[0],
                zero_scores_0()
            ));
        }
        // A zero-point turn is a pass: the engine solves the pass from
        // (s, o) and the one back from (o, s) as one pair, which a swap that
        // reads the mover's score apart from the opponent's breaks.
        if let Some(swap) = self
            .after
            .iter()
            .find(|rule| rule.is_swap() && !rule.is_symmetric())
            .filter(|_| self.can_score_zero())
        {
            return Err(format!(
                "after={swap} (a swap that reads the mover's score apart from the \
                 opponent's) cannot be combined with {}: no course has both",
                zero_scores_0()
            ));
        }
        if ferals.len() > 1 {
            return Err(format!(
                "after={} keeps two memories of a turn; each player keeps one: take one Feral Hogs rule",
                ferals.join("+")
            ));
        }
        if self.pig_out == PigOut::ZeroPiggyBack && self.bonus != RollBonus::None {
            return Err(format!(
                "pig_out=zero_piggy_back cannot be combined with bonus={}: Piggy Back scores 0 on a \
                 roll with a 1, and the bonus gives that roll points; no course has both",
                self.bonus
            ));
        }
        Ok(())
    }

    /// Whether some turn can score 0 points, so that a state can repeat.
    /// (Piggy Back's 0 points hand the opponent num_rolls: the scores move.)
    /// The solver trusts it: where it says no, no turn is looked at for a
    /// pass (`Engine::pass`, `choose_exit`), so a new rule or modifier
    /// that can score 0 must say so here.
    pub fn can_score_zero(&self) -> bool {
        self.zero.can_score_zero()
    }
}

pub fn check_goal(goal: i64) -> Result<u32> {
    if (1..=MAX_GOAL as i64).contains(&goal) {
        Ok(goal as u32)
    } else {
        Err(Error::BadGoal {
            goal,
            max: MAX_GOAL,
        })
    }
}
