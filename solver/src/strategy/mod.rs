//! Strategies: the [`Strategy`] trait, course strategies by name, and
//! [`Policy`], a strategy written out as a table.
//!
//! A course strategy is a function (score, opponent_score) -> num_rolls; it
//! cannot see the dice sides. A policy table has one answer per
//! (sides, score, opponent_score) state, so a table solved with the sides
//! visible keeps them. Every strategy is checked once, when it becomes a
//! policy: an answer outside the rules' actions is an error naming the state.
//!
//! Strategy names follow the course: `always_roll(4)`, `bacon_strategy`,
//! `swap_strategy(8, 4)`, `swap_strategy(margin=8, num_rolls=4)`, ..., plus
//! `baseline` (the preset's course baseline), `optimal`,
//! `best_response(STRATEGY)` and `blind_best_response(STRATEGY)`.
//! Anything that names a file (`.csv`, `.json`, `.py`, `hog.py:NAME`, or a
//! policy table) is [`StrategySpec::File`], read by the caller.

use ndarray::{Array3, ArrayView3};

use crate::error::{Error, Result};
use crate::rules::{Hidden, Rules, State};

mod course;

pub use course::{
    course_strategy, semester_strategy, CourseStrategy, Decide, Definition, COURSE_STRATEGIES,
};

/// Anything that picks a number of dice in a state.
pub trait Strategy: Sync {
    /// The answer for `state`: any integer; [`Policy::from_strategy`] checks it.
    fn num_rolls(&self, state: State) -> i64;
}

/// A course strategy as a closure of (score, opponent_score).
impl<F: Fn(u32, u32) -> i64 + Sync> Strategy for F {
    fn num_rolls(&self, state: State) -> i64 {
        self(state.score, state.opponent_score)
    }
}

/// A strategy written out for every state below the goal.
///
/// Axis order of the table: (hidden index, score, opponent_score), where the
/// hidden index follows [`Hidden::index`] (fa16: 0 six sides, 1 four).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    goal: u32,
    hidden: Hidden,
    /// In standard (row-major) layout, for [`Policy::flat`].
    actions: Array3<i8>,
}

impl Policy {
    /// Asks `strategy` for every state and checks each answer against the rules.
    pub fn from_strategy(
        strategy: &dyn Strategy,
        rules: &Rules,
        goal: u32,
        name: &str,
    ) -> Result<Policy> {
        let hidden = rules.hidden();
        let g = goal as usize;
        let mut actions = Array3::zeros((hidden.len(), g, g));
        for ((h, score, opponent_score), cell) in actions.indexed_iter_mut() {
            let state = hidden.state(h, score as u32, opponent_score as u32);
            let answer = strategy.num_rolls(state);
            *cell = rules.answer(answer).map_err(|e| Error::BadAnswer {
                strategy: name.to_string(),
                score: state.score,
                opponent_score: state.opponent_score,
                value: answer.to_string(),
                reason: e.to_string(),
            })? as i8;
        }
        Ok(Policy {
            goal,
            hidden,
            actions,
        })
    }

    /// A policy from its raw table, checked against the rules and goal.
    pub fn from_actions(rules: &Rules, goal: u32, actions: Array3<i8>) -> Result<Policy> {
        let hidden = rules.hidden();
        let g = goal as usize;
        if actions.dim() != (hidden.len(), g, g) {
            return Err(Error::TableMismatch(format!(
                "the table has shape {:?}, the rules and goal need {:?}",
                actions.dim(),
                (hidden.len(), g, g)
            )));
        }
        if let Some(((h, s, o), &a)) = actions
            .indexed_iter()
            .find(|(_, &a)| rules.check_action(a as i64).is_err())
        {
            return Err(Error::TableMismatch(format!(
                "num_rolls {a} at {}score {s}, opponent_score {o} is not an action of {}",
                hidden.words(h),
                rules.name()
            )));
        }
        Ok(Policy::from_actions_unchecked(goal, hidden, actions))
    }

    /// A policy from a table the engine made from actions of the rules.
    pub(crate) fn from_actions_unchecked(goal: u32, hidden: Hidden, actions: Array3<i8>) -> Policy {
        let actions = if actions.is_standard_layout() {
            actions
        } else {
            actions.as_standard_layout().into_owned()
        };
        Policy {
            goal,
            hidden,
            actions,
        }
    }

    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The dice sides of the hidden values, six first.
    pub fn sides(&self) -> &[u32] {
        self.hidden.sides()
    }

    /// The hidden values of the first axis.
    pub fn hidden(&self) -> &Hidden {
        &self.hidden
    }

    pub fn actions(&self) -> &Array3<i8> {
        &self.actions
    }

    /// The actions flat, in the order of a grid's cells: the action of x
    /// at ((hidden index · G) + score) · G + opponent score, as
    /// [`crate::solve::Grid`] stores its values.
    pub(crate) fn flat(&self) -> &[i8] {
        self.actions
            .as_slice()
            .expect("a policy's actions are kept in standard layout")
    }

    #[inline]
    pub fn get(&self, state: State) -> i32 {
        let h = self.hidden.index(state);
        self.actions[[h, state.score as usize, state.opponent_score as usize]] as i32
    }

    /// Whether some state's answer depends on hidden state (the dice sides,
    /// a memory), so that no course strategy (which sees only the two
    /// scores) can play it.
    pub fn sees_hidden(&self) -> bool {
        sees_hidden(self.actions.view())
    }

    /// The course strategy that plays the answers of one dice sides value
    /// (with nothing remembered) in every state.
    pub fn slice(&self, sides: u32) -> Option<Policy> {
        if !self.hidden.sides().contains(&sides) {
            return None;
        }
        let mut x = State::START;
        x.sides = sides;
        self.slice_at(self.hidden.index(x))
    }

    /// The course strategy that plays the answers of one hidden value (its
    /// index on the first axis) in every state.
    pub fn slice_at(&self, index: usize) -> Option<Policy> {
        if index >= self.hidden.len() {
            return None;
        }
        let slice = self.actions.index_axis(ndarray::Axis(0), index);
        let mut actions = self.actions.clone();
        for mut out in actions.outer_iter_mut() {
            out.assign(&slice);
        }
        Some(Policy {
            goal: self.goal,
            hidden: self.hidden,
            actions,
        })
    }
}

/// Whether a table of actions, axes (hidden index, score, opponent_score),
/// answers differently for some hidden values in some pair of scores.
pub fn sees_hidden(actions: ArrayView3<i8>) -> bool {
    let first = actions.index_axis(ndarray::Axis(0), 0);
    actions.outer_iter().skip(1).any(|slice| slice != first)
}

impl Strategy for Policy {
    fn num_rolls(&self, state: State) -> i64 {
        self.get(state) as i64
    }
}

/// A strategy as the user names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrategySpec {
    /// A course strategy by name, with its arguments.
    Course { name: String, args: Vec<i64> },
    /// The self-play optimum for the rules and goal in use.
    Optimal,
    /// The best response to another strategy.
    BestResponse(Box<StrategySpec>),
    /// The best response among strategies of the two scores alone, which
    /// cannot see hidden state such as fa16's dice sides ([`crate::blind`]).
    BlindBestResponse(Box<StrategySpec>),
    /// A policy table, CSV, JSON or Python file (`hog.py` or `hog.py:NAME`).
    File(String),
}

/// The most strategies an expression nests inside one another
/// (`best_response(best_response(...))`): each level is a whole solve, so
/// a handful is all any use needs, and the limit keeps every walk over an
/// expression (this parser's, and each that follows it) far from the end
/// of the stack, which a few thousand levels reached.
pub const MAX_DEPTH: usize = 32;

impl StrategySpec {
    pub fn parse(text: &str) -> Result<StrategySpec> {
        StrategySpec::parse_at(text, text, MAX_DEPTH)
    }

    /// [`StrategySpec::parse`] of `text`, a part of `whole`, with `depth`
    /// more strategies allowed inside one another.
    fn parse_at(text: &str, whole: &str, depth: usize) -> Result<StrategySpec> {
        let bad = |reason: &str| Error::BadStrategy {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(bad("empty strategy"));
        }

        for (name, wrap) in [
            ("best_response", StrategySpec::BestResponse as fn(_) -> _),
            ("blind_best_response", StrategySpec::BlindBestResponse),
        ] {
            if let Some(inner) = trimmed
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('('))
                .and_then(|rest| rest.strip_suffix(')'))
            {
                return match inner.trim() {
                    "" => Err(bad(&format!(
                        "{name} needs a strategy: {name}(always_roll(4))"
                    ))),
                    _ if depth == 0 => Err(too_deep(whole)),
                    inner => Ok(wrap(Box::new(StrategySpec::parse_at(
                        inner,
                        whole,
                        depth - 1,
                    )?))),
                };
            }
        }
        let is_name = trimmed
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_(), -=".contains(c));
        if !is_name || !trimmed.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return Ok(StrategySpec::File(trimmed.to_string()));
        }
        let (name, inner) = match trimmed.split_once('(') {
            None => (trimmed, None),
            Some((name, rest)) => {
                let inner = rest
                    .strip_suffix(')')
                    .ok_or_else(|| bad("missing ')' at the end"))?;
                (name.trim(), Some(inner.trim()))
            }
        };
        match name {
            "optimal" if inner.is_none() => Ok(StrategySpec::Optimal),
            "optimal" => Err(bad("optimal takes no arguments")),
            "best_response" | "blind_best_response" => Err(bad(&format!(
                "{name} needs a strategy: {name}(always_roll(4))"
            ))),
            BASELINE if inner.is_none() => Ok(StrategySpec::Course {
                name: BASELINE.to_string(),
                args: vec![],
            }),
            BASELINE => Err(bad("baseline takes no arguments")),
            _ => {
                let course = COURSE_STRATEGIES
                    .iter()
                    .find(|c| c.name == name)
                    .ok_or_else(|| {
                        let names = ["optimal", BASELINE, "best_response", "blind_best_response"]
                            .into_iter()
                            .chain(COURSE_STRATEGIES.iter().map(|c| c.name));
                        // The course's strategies are many: a few, and their count.
                        let course: Vec<&str> =
                            COURSE_STRATEGIES.iter().map(|c| c.name).collect();
                        bad(&format!(
                            "unknown strategy '{name}'{}; known: optimal, {BASELINE}, best_response(S), \
                             blind_best_response(S), the course's {} ({}, ...; the guide's \
                             \"Strategies\" lists them), or a file",
                            crate::error::did_you_mean(name, names),
                            course.len(),
                            course[..3].join(", ")
                        ))
                    })?;
                let args = match inner {
                    None | Some("") => vec![],
                    Some(inner) => course_args(course, inner).map_err(|reason| bad(&reason))?,
                };
                Ok(StrategySpec::Course {
                    name: name.to_string(),
                    args,
                })
            }
        }
    }
}

/// The error of an expression nested deeper than [`MAX_DEPTH`], named by
/// its start (the whole may be kilobytes long).
fn too_deep(text: &str) -> Error {
    let start: String = text.trim().chars().take(40).collect();
    Error::BadStrategy {
        text: format!("{start}..."),
        reason: format!("strategies nest at most {MAX_DEPTH} deep (each level is a whole solve)"),
    }
}

/// The name of the preset's course baseline as a strategy (`always_roll(4)`
/// in fa16, ...), usable wherever a strategy is: `best_response(baseline)`.
pub const BASELINE: &str = "baseline";

/// The arguments of a course strategy as the course's Python writes them:
/// positional (`swap_strategy(8, 4)`), by keyword (`swap_strategy(margin=8,
/// num_rolls=4)`), or positional then keyword, each parameter under any of
/// the names the courses give it (`margin` or `cutoff`). A parameter left
/// out before one given by keyword takes its default where every semester
/// has the same; the parameters after the last one given are left to
/// [`course_strategy`], whose defaults depend on the preset.
fn course_args(course: &CourseStrategy, inner: &str) -> std::result::Result<Vec<i64>, String> {
    let name = course.name;
    let params = || {
        course
            .params
            .iter()
            .map(|p| p.join("/"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut given: Vec<Option<i64>> = vec![None; course.params.len()];
    let mut by_keyword = false;
    for (position, arg) in inner.split(',').map(str::trim).enumerate() {
        let (slot, value) = match arg.split_once('=') {
            Some((key, value)) => {
                by_keyword = true;
                let key = key.trim();
                let slot = course
                    .params
                    .iter()
                    .position(|p| p.contains(&key))
                    .ok_or_else(|| {
                        format!(
                            "{name} has no parameter '{key}' (its parameters: {})",
                            params()
                        )
                    })?;
                (slot, value.trim())
            }
            None if by_keyword => {
                return Err(format!(
                    "positional argument '{arg}' follows a keyword argument"
                ))
            }
            None => (position, arg),
        };
        if slot >= given.len() {
            return Err(format!(
                "{name} takes at most {} arguments ({})",
                given.len(),
                params()
            ));
        }
        let value = value
            .parse::<i64>()
            .map_err(|_| format!("argument '{value}' is not an integer"))?;
        if given[slot].replace(value).is_some() {
            return Err(format!(
                "{name} got its argument {} twice",
                course.params[slot][0]
            ));
        }
    }
    let last_given = given.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
    given[..last_given]
        .iter()
        .zip(course.params)
        .enumerate()
        .map(|(slot, (value, param))| {
            value.or(course.common_default(slot)).ok_or_else(|| {
                format!(
                    "{name} needs its argument {} (its default differs by semester, if any)",
                    param[0]
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `always_roll(4)` inside `levels` best responses.
    fn nested(levels: usize) -> String {
        "best_response(".repeat(levels) + "always_roll(4)" + &")".repeat(levels)
    }

    #[test]
    fn an_expression_nests_at_most_max_depth_deep() {
        let mut spec = StrategySpec::parse(&nested(MAX_DEPTH)).unwrap();
        let mut levels = 0;
        while let StrategySpec::BestResponse(inner) = spec {
            spec = *inner;
            levels += 1;
        }
        assert_eq!(levels, MAX_DEPTH);
        for levels in [MAX_DEPTH + 1, 5000] {
            let error = StrategySpec::parse(&nested(levels))
                .unwrap_err()
                .to_string();
            assert_eq!(
                error,
                "bad strategy 'best_response(best_response(best_respons...': strategies \
                 nest at most 32 deep (each level is a whole solve)"
            );
        }
    }
}
