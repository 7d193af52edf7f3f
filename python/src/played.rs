//! The game a call plays, as the CLI decides it from `--rules`, `--goal`
//! and its strategies: the rules and goal given, else those a strategy
//! records (a `Solution` or `Final`, a table or exported file), else the
//! semester the project folder names (`hog::game::semester`), else fa16 to 100,
//! said in a warning.

use hog_solver::Rules;
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;

use crate::error::value_error;
use crate::final_strategy::Final;
use crate::game::{parse, PyRules};
use crate::solution::Solution;
use crate::strategy::strategy_text;

/// The game of the rules, goal and strategies given (the strategies may
/// hold lists of strategies, a field).
pub fn game_of(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    strategies: &[Option<&Bound<'_, PyAny>>],
) -> PyResult<(Rules, u32)> {
    let mut rules = rules.map(parse).transpose()?.map(|r| r.to_string());
    let mut goal = goal;
    let mut texts = vec![];
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
                texts.push(text);
            }
        }
    }
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    // The project folder: the first Python strategy file's, else the working folder.
    let folder = texts
        .iter()
        .find_map(|text| match hog::strategies::FileKind::of(text) {
            hog::strategies::FileKind::Python { path, .. } if path.is_file() => path.parent(),
            _ => None,
        })
        .unwrap_or(std::path::Path::new(""));
    let game = hog::game::find(rules.as_deref(), goal, &texts, &[folder]).map_err(value_error)?;
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
    Ok((game.rules, game.goal))
}

/// Whether a strategy argument is a list or tuple of strategies (a field).
pub fn is_field(strategy: &Bound<'_, PyAny>) -> bool {
    strategy.is_instance_of::<pyo3::types::PyList>()
        || strategy.is_instance_of::<pyo3::types::PyTuple>()
}

/// The game a hogsolver result was made for.
fn made_for(strategy: &Bound<'_, PyAny>) -> Option<(Rules, u32)> {
    if let Ok(solution) = strategy.extract::<PyRef<Solution>>() {
        return Some(solution.game());
    }
    strategy
        .extract::<PyRef<Final>>()
        .ok()
        .map(|found| found.game())
}

/// The game of a call as `(rules, goal)`: what `game_of` decides, for the
/// package's functions that call the commands' library.
#[pyfunction]
#[pyo3(signature = (rules, goal, strategies))]
pub fn game(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    strategies: Vec<Bound<'_, PyAny>>,
) -> PyResult<(PyRules, u32)> {
    let strategies: Vec<Option<&Bound<'_, PyAny>>> = strategies.iter().map(Some).collect();
    let (rules, goal) = game_of(py, rules, goal, &strategies)?;
    Ok((PyRules { rules }, goal))
}
