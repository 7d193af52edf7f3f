//! The commands' library: what every command computes, with typed inputs
//! and typed results, below both faces. The command line (`cli`) parses
//! arguments, calls these functions and formats their
//! results as text or `--json`; Python (`python/src`) calls the same
//! functions and hands their results to Python as objects. Nothing here
//! parses a command line or prints a result (only progress bars and notes,
//! on stderr): long work takes a [`Stop`] through [`Sources`] and reports
//! to a [`Progress`] sink, and files are written only through
//! [`crate::files::write`].
//!
//! [`Stop`]: hog_solver::stop::Stop
//! [`Sources`]: crate::strategies::Sources

pub mod contest;
pub mod costliest;
pub mod dist;
pub mod explain;
pub mod export;
pub mod final_field;
pub mod final_strategy;
pub mod grade;
pub mod heatmap;
pub mod page;
pub mod play;
pub mod presets;
pub mod solve;
pub mod turn;

use anyhow::{anyhow, bail, Result};
use hog_solver::exact::Exact;
use hog_solver::rules::Hidden;
use hog_solver::{Error, Rules, State};

use crate::strategies::Strategy;

/// Where long work reports how far it is: (states done, states in all),
/// at each layer of its solves and evaluations. The command line draws a
/// bar on a terminal; Python draws one in a notebook, and ends the work
/// there on Ctrl-C (the call unwinds, see [`hog_solver::stop`]).
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// How long, in seconds, a Python strategy may take to import and to
/// answer every state in each of two rounds, unless the command is told
/// otherwise (`--python-timeout`, Python's `timeout=`): room for a slow
/// machine; a strategy stuck in a loop is stopped then.
pub const PYTHON_TIMEOUT: u64 = 120;

/// The largest die face a turn accepts (test dice may exceed the sides).
pub const MAX_FACE: i64 = 100;

/// A state as a command is given it: the two scores, the dice's sides, or
/// the hidden value in hog's words ([`hidden_index`]), which decides the
/// sides where it is given.
pub struct Cell {
    pub score: i64,
    pub opponent_score: i64,
    pub sides: i64,
    pub hidden: Option<String>,
}

impl Cell {
    /// The state the mover sees, checked against the rules and the goal.
    pub fn state(&self, rules: &Rules, goal: u32) -> Result<State> {
        let score = check_score("score", self.score, goal)?;
        let opponent_score = check_score("opponent_score", self.opponent_score, goal)?;
        match &self.hidden {
            None => state(rules, goal, score, opponent_score, self.sides),
            Some(text) => {
                let h = hidden_index(&rules.hidden(), text)?;
                let x = rules.hidden().state(h, score, opponent_score);
                rules.check_state(goal, x)?;
                Ok(x)
            }
        }
    }
}

/// A score below the goal.
pub fn check_score(which: &'static str, value: i64, goal: u32) -> Result<u32, Error> {
    if value < 0 {
        Err(Error::BadScore { which, value })
    } else if value >= goal as i64 {
        Err(Error::ScoreNotBelowGoal { which, value, goal })
    } else {
        Ok(value as u32)
    }
}

/// The state seen by the mover, checked against the rules and the goal.
pub fn state(
    rules: &Rules,
    goal: u32,
    score: u32,
    opponent_score: u32,
    sides: i64,
) -> Result<State> {
    let state = State {
        score,
        opponent_score,
        sides: u32::try_from(sides)
            .map_err(|_| anyhow!("sides {sides} is not allowed: dice have 6 or 4 sides"))?,
        ..State::START
    };
    rules.check_state(goal, state)?;
    Ok(state)
}

/// The hidden value at position `h` in hog's words ("sides 4", "memories 3
/// (mover) and 5 (opponent)"), or "" where the rules hide nothing.
pub fn hidden_words(hidden: &Hidden, h: usize) -> String {
    hidden.words(h).trim_end_matches(", ").to_string()
}

/// The position on the hidden axis that `text` names: the words hog prints
/// for it ([`hidden_words`]), compared by their letters and numbers alone
/// ("memories 3 mover and 5 opponent" will do), or the position itself.
pub fn hidden_index(hidden: &Hidden, text: &str) -> Result<usize> {
    let tokens = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let asked = tokens(text);
    if let Ok(h) = text.trim().parse::<usize>() {
        if h < hidden.len() {
            return Ok(h);
        }
    }
    (0..hidden.len())
        .find(|&h| tokens(&hidden.words(h)) == asked)
        .ok_or_else(|| match hidden.what() {
            None => anyhow!("--hidden '{text}': these rules hide nothing"),
            Some(what) => anyhow!(
                "--hidden '{text}': the rules hide {what}, whose {} values read like '{}' \
                 (or give the position, 0 to {})",
                hidden.len(),
                hidden_words(hidden, hidden.len() - 1),
                hidden.len() - 1
            ),
        })
}

/// The opponent given, else the course baseline of the rules' preset.
pub fn against_or_course(given: Option<&Strategy>, rules: &Rules) -> Result<Strategy> {
    match given {
        Some(against) => Ok(against.clone()),
        None => course_baseline(rules),
    }
}

/// The course baseline of the rules' preset (`always_roll(4)` in fa16).
pub fn course_baseline(rules: &Rules) -> Result<Strategy> {
    match hog_solver::Preset::find(&rules.name()) {
        Some(preset) => Strategy::read(preset.baseline),
        None => bail!("these rules have no course baseline: give one with --against"),
    }
}

/// Says that an error is about the command's main strategy (its argument),
/// unless the error names it already (`bad strategy 'X': ...`), so that no
/// message reads "the strategy: bad strategy 'X'". Strategies given by an
/// option are named by the option instead.
pub trait StrategyContext<T> {
    fn strategy_context(self, role: &str) -> Result<T>;
}

impl<T> StrategyContext<T> for Result<T> {
    fn strategy_context(self, role: &str) -> Result<T> {
        self.map_err(|error| match error.downcast_ref::<Error>() {
            // These name the strategy already.
            Some(Error::BadStrategy { .. } | Error::BadAnswer { .. }) => error,
            _ => error.context(role.to_string()),
        })
    }
}

/// Where `strategy` is a student's module holding a table pasted from a
/// file `hog export` or `hog final` wrote for another game than the one
/// played (its lines `_HOG_EXPORT_RULES = "R"` and `_HOG_EXPORT_GOAL =
/// G`): a sentence that says so, naming both games. Read as text, without
/// running Python.
pub fn pasted_for_another_game(strategy: &Strategy, rules: &Rules, goal: u32) -> Option<String> {
    let (module, _) = strategy.module()?;
    let text = String::from_utf8_lossy(module.bytes());
    let value = |name: &str| {
        text.lines()
            .rev()
            .find_map(|line| line.strip_prefix(name)?.trim_start().strip_prefix('='))
            .map(|value| value.trim().trim_matches('"').to_string())
    };
    let (made_rules, made_goal) = (value("_HOG_EXPORT_RULES")?, value("_HOG_EXPORT_GOAL")?);
    let same_rules = Rules::parse(&made_rules).is_ok_and(|made| made == *rules);
    if same_rules && made_goal == goal.to_string() {
        return None;
    }
    let name = rules.name();
    Some(format!(
        "{} holds a strategy table made for {made_rules} at goal {made_goal} (its \
         _HOG_EXPORT_RULES and _HOG_EXPORT_GOAL), graded here under {name} at goal {goal}: \
         paste in the file made for this game (hog final --rules {} --goal {goal} -o \
         final.py)",
        module.path.display(),
        export::shell_word(&name)
    ))
}

/// The course's target win rate (as the course wrote it, "0.80"), where
/// the course set one and the grade is against the course's baseline, and
/// whether `win_rate` meets it.
pub fn course_target(rules: &Rules, against: &str, win_rate: f64) -> Option<(&'static str, bool)> {
    let target = hog_solver::Preset::find(&rules.name())
        .filter(|preset| preset.baseline == against)
        .and_then(|preset| preset.target)?;
    Some((target, target.parse::<f64>().is_ok_and(|t| win_rate >= t)))
}

/// A word when the strategy does not beat the baseline: it loses (wins less
/// than half its games) or ties (one half within rounding).
pub fn losing(strategy: &str, baseline: &str, win_rate: f64) -> Option<String> {
    let tolerance = hog_solver::solve::TIE_TOLERANCE;
    if (win_rate - 0.5).abs() <= tolerance {
        Some(format!(
            "{strategy} TIES {baseline}: it wins one half of its games (within {tolerance:e})"
        ))
    } else {
        (win_rate < 0.5).then(|| {
            format!("{strategy} LOSES to {baseline}: it wins {win_rate:.6} of its games, below one half")
        })
    }
}

/// An exact value as JSON writes it: the reduced fraction "p/q" in full.
pub fn exact_json(x: &Exact) -> String {
    let fraction = x.to_fraction();
    format!("{}/{}", fraction.numer(), fraction.denom())
}

/// An exact value for the terminal: `= p/q` with the denominator written
/// 2^a·3^b, and a numerator of more than [`SHORT_NUMERATOR`] digits
/// shortened to its ends and its digit count.
pub fn exact_fraction_text(x: &Exact) -> String {
    let (numerator, twos, threes) = x.reduced();
    let digits = numerator.to_string();
    let numerator = if digits.len() > SHORT_NUMERATOR {
        format!(
            "{}…{} ({} digits)",
            &digits[..8],
            &digits[digits.len() - 8..],
            digits.len()
        )
    } else {
        digits
    };
    let denominator = match (twos, threes) {
        (0, 0) => "1".to_string(),
        (a, 0) => format!("2^{a}"),
        (0, b) => format!("3^{b}"),
        (a, b) => format!("(2^{a}·3^{b})"),
    };
    format!("= {numerator} / {denominator}")
}

/// Numerators longer than this many digits are shortened on the terminal.
const SHORT_NUMERATOR: usize = 24;
