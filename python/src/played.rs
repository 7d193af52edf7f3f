//! The game a call plays, as the CLI decides it from `--rules`, `--goal`
//! and its strategies: the rules and goal given, else those a strategy
//! records (a `Solution` or `Final`, a table or exported file), else the
//! semester the project folder names (`hog::game::semester`), else fa16 to 100,
//! said in a warning.

use hog::strategies::Strategy;
use hog_solver::strategy::Policy;
use hog_solver::Rules;
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;

use crate::error::{command_error, value_error};
use crate::final_strategy::Final;
use crate::game::parse;
use crate::solution::Solution;
use crate::strategy::{policy, strategy_text};

/// The game a call plays, and the strategies it was given as text, read
/// once as the CLI reads its arguments.
pub struct Played {
    pub rules: Rules,
    pub goal: u32,
    read: Vec<(String, Strategy)>,
}

impl Played {
    /// A strategy object as a command of the library plays it: a text or
    /// a path as read (so `optimal`, `final` and file names mean what they
    /// mean on the command line), anything else (a callable, an array, a
    /// result) as its policy for the game, named as records name it.
    pub fn strategy(
        &self,
        py: Python<'_>,
        strategy: &Bound<'_, PyAny>,
        timeout: u64,
    ) -> PyResult<Strategy> {
        if let Some(text) = strategy_text(strategy)? {
            return self.read(&text);
        }
        let (policy, name) = policy(strategy, &self.rules, self.goal, timeout)?;
        Ok(Strategy::made(name, policy))
    }

    /// A text strategy as read for the game (read now if the game was
    /// found without it).
    pub fn read(&self, text: &str) -> PyResult<Strategy> {
        match self.read.iter().find(|(given, _)| given == text) {
            Some((_, strategy)) => Ok(strategy.clone()),
            None => Strategy::read(text).map_err(command_error),
        }
    }

    /// A strategy object as a policy for the game, and its name.
    pub fn policy(
        &self,
        py: Python<'_>,
        strategy: &Bound<'_, PyAny>,
        timeout: u64,
    ) -> PyResult<(Policy, String)> {
        let strategy = self.strategy(py, strategy, timeout)?;
        let name = strategy.name().to_string();
        let policy = crate::strategy::play(py, &strategy, &self.rules, self.goal, timeout)?;
        Ok((policy, name))
    }
}

/// The game of the rules, goal and strategies given (the strategies may
/// hold lists of strategies, a field), with the strategies given as text
/// read once.
pub fn game_of(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    strategies: &[Option<&Bound<'_, PyAny>>],
) -> PyResult<Played> {
    let mut rules = rules.map(parse).transpose()?.map(|r| r.to_string());
    let mut goal = goal;
    let mut read = vec![];
    for strategy in strategies.iter().flatten() {
        let members: Vec<Bound<'_, PyAny>> = if is_field(strategy) {
            strategy.try_iter()?.collect::<PyResult<_>>()?
        } else {
            vec![(*strategy).clone()]
        };
        for member in &members {
            if let Some((made_rules, made_goal)) = made_for(member) {
                rules.get_or_insert(made_rules.to_string());
                goal.get_or_insert(i64::from(made_goal));
            } else if let Some(text) = strategy_text(member)? {
                let strategy = Strategy::read(&text).map_err(command_error)?;
                read.push((text, strategy));
            }
        }
    }
    let strategies: Vec<&Strategy> = read.iter().map(|(_, strategy)| strategy).collect();
    // The project folder: the first Python strategy file's, else the working folder.
    let folder = strategies
        .iter()
        .find_map(|strategy| strategy.module()?.0.path.parent())
        .unwrap_or(std::path::Path::new(""));
    let game =
        hog::game::find(rules.as_deref(), goal, &strategies, &[folder]).map_err(value_error)?;
    if game.defaulted {
        let warning = format!(
            "the rules are {}, the default: no rules were given, and nothing here names a \
             semester (no ok config, no course tests, no hog.py of a course's skeleton); give \
             rules=SEMESTER (hogsolver.presets() lists them)",
            game.rules.name()
        );
        let message = std::ffi::CString::new(warning).expect("no NUL in the message");
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 2)?;
    }
    Ok(Played {
        rules: game.rules,
        goal: game.goal,
        read,
    })
}

/// Whether a strategy argument is a list or tuple of strategies (a field).
pub fn is_field(strategy: &Bound<'_, PyAny>) -> bool {
    strategy.is_instance_of::<pyo3::types::PyList>()
        || strategy.is_instance_of::<pyo3::types::PyTuple>()
}

/// The game a hogsolver result was made for.
pub fn made_for(strategy: &Bound<'_, PyAny>) -> Option<(Rules, u32)> {
    if let Ok(solution) = strategy.extract::<PyRef<Solution>>() {
        return Some(solution.game());
    }
    strategy
        .extract::<PyRef<Final>>()
        .ok()
        .map(|found| found.game())
}
