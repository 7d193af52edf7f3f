//! The game: rules by preset name or canonical text, and the goal, checked
//! as the CLI checks `--rules` and `--goal`.

use hog_solver::rules::check_goal;
use hog_solver::{Preset, Rules};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::final_strategy::Final;
use crate::results::Solution;
use crate::strategy::strategy_text;
use crate::value_error;

/// A rule set: a preset or any canonical rules text (`hog rules show`).
#[pyclass(name = "Rules", module = "hog", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyRules {
    pub rules: Rules,
}

#[pymethods]
impl PyRules {
    /// The preset's name, else the canonical text.
    #[getter]
    fn name(&self) -> String {
        self.rules.name()
    }

    /// The canonical rules text, which `hog.rules` reads back.
    #[getter]
    fn text(&self) -> String {
        self.rules.to_string()
    }

    /// Every num_rolls the rules allow, lowest first (-1 is Pork Chop).
    #[getter]
    fn actions(&self) -> Vec<i32> {
        self.rules.actions().collect()
    }

    /// The course baseline of the preset (`always_roll(4)` in fa16); None
    /// for rules that are no preset.
    #[getter]
    fn baseline(&self) -> Option<&'static str> {
        Preset::find(&self.rules.name()).map(|p| p.baseline)
    }

    /// Whether the rules hide state from `final_strategy(score,
    /// opponent_score)` (fa16's dice sides, a player's previous turn).
    #[getter]
    fn hides_state(&self) -> bool {
        self.rules.hides_state()
    }

    /// How many hidden values the state has: the length of the first axis
    /// of a 3-axis policy or values array (1 where nothing is hidden).
    #[getter]
    fn hidden_values(&self) -> usize {
        self.rules.hidden().len()
    }

    fn __str__(&self) -> String {
        self.rules.name()
    }

    fn __repr__(&self) -> String {
        format!("hog.rules({:?})", self.rules.name())
    }
}

/// The rules named by a preset (or semester) name or a canonical rules text,
/// as `--rules` reads them.
#[pyfunction]
pub fn rules(name_or_text: &Bound<'_, PyAny>) -> PyResult<PyRules> {
    Ok(PyRules {
        rules: parse(name_or_text)?,
    })
}

/// Rules from a `Rules` or a text.
pub fn parse(rules: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(given) = rules.extract::<PyRef<PyRules>>() {
        return Ok(given.rules.clone());
    }
    let text: String = rules.extract().map_err(|_| {
        PyTypeError::new_err("rules are a preset name or rules text (str), or a hog.Rules")
    })?;
    Rules::parse(&text).map_err(value_error)
}

/// The rules and the goal of a game, checked as the CLI checks them.
pub fn game(rules: &Bound<'_, PyAny>, goal: i64) -> PyResult<(Rules, u32)> {
    let rules = parse(rules)?;
    let goal = check_goal(goal).map_err(value_error)?;
    Ok((rules, goal))
}

/// The game to play, as the CLI decides it from `--rules`, `--goal` and its
/// strategies: the rules and goal given, else those a strategy records (a
/// `Solution` or `Final`, a table or exported file), else the semester the
/// project folder names (`hog::semester`), else fa16 to 100.
pub fn game_of(
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    strategies: &[Option<&Bound<'_, PyAny>>],
) -> PyResult<(Rules, u32)> {
    let mut rules = rules.map(parse).transpose()?.map(|r| r.to_string());
    let mut goal = goal;
    let mut texts = vec![];
    for strategy in strategies.iter().flatten() {
        if let Some((made_rules, made_goal)) = made_for(strategy) {
            rules.get_or_insert(made_rules.to_string());
            goal.get_or_insert(i64::from(made_goal));
        } else if let Some(text) = strategy_text(strategy)? {
            texts.push(text);
        }
    }
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    // The project folder: the first Python strategy file's, else the working folder.
    let folder = texts
        .iter()
        .find_map(|text| match hog::sources::FileKind::of(text) {
            hog::sources::FileKind::Python { path, .. } if path.is_file() => path.parent(),
            _ => None,
        })
        .unwrap_or(std::path::Path::new(""));
    let game =
        hog::recorded::game(rules.as_deref(), goal, &texts, &[folder]).map_err(value_error)?;
    Ok((game.rules, game.goal))
}

/// The game a hog result was made for.
fn made_for(strategy: &Bound<'_, PyAny>) -> Option<(Rules, u32)> {
    if let Ok(solution) = strategy.extract::<PyRef<Solution>>() {
        return Some(solution.game());
    }
    strategy
        .extract::<PyRef<Final>>()
        .ok()
        .map(|found| found.game())
}
