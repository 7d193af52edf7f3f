//! The game: rules by preset name or canonical text, and the goal, checked
//! as the CLI checks `--rules` and `--goal`.

use hog_solver::rules::check_goal;
use hog_solver::{Model, Preset, Rules};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::error::{hog_error, value_error};

/// A rule set: a preset or any canonical rules text (`hog rules show`).
#[pyclass(name = "Rules", module = "hogsolver", frozen, eq)]
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

    /// The canonical rules text, which `hogsolver.rules` reads back.
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

    /// What the hidden axis holds, in the game's words ("dice sides", "the
    /// previous turns' points"); None where nothing is hidden.
    #[getter]
    fn hidden_name(&self) -> Option<String> {
        let hidden = self.rules.hidden();
        (hidden.len() > 1).then(|| hidden.what().unwrap_or_else(|| "hidden state".into()))
    }

    /// The positions of the hidden axis in hog's words, in order ("sides
    /// 6", "sides 4"); empty where nothing is hidden.
    #[getter]
    fn hidden_labels(&self) -> Vec<String> {
        let hidden = self.rules.hidden();
        if hidden.len() == 1 {
            return vec![];
        }
        (0..hidden.len())
            .map(|h| hog::ops::hidden_words(&hidden, h))
            .collect()
    }

    fn __str__(&self) -> String {
        self.rules.name()
    }

    fn __repr__(&self) -> String {
        format!("hogsolver.rules({:?})", self.rules.name())
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
        PyTypeError::new_err("rules are a preset name or rules text (str), or a hogsolver.Rules")
    })?;
    Rules::parse(&text).map_err(value_error)
}

/// The rules and the goal of a game, checked as the CLI checks them.
pub fn game(rules: &Bound<'_, PyAny>, goal: i64) -> PyResult<(Rules, u32)> {
    let rules = parse(rules)?;
    let goal = check_goal(goal).map_err(value_error)?;
    Ok((rules, goal))
}

/// Refuses a result made for another game than the one asked.
pub fn check_game(name: &str, made: (&Rules, u32), asked: (&Rules, u32)) -> PyResult<()> {
    if made == asked {
        return Ok(());
    }
    Err(hog_error(format!(
        "{name} was made for {}, goal {}, not {}, goal {}",
        made.0.name(),
        made.1,
        asked.0.name(),
        asked.1
    )))
}

/// The rules compiled for the goal, with the GIL released (at large goals
/// this takes seconds).
pub fn compile(py: Python<'_>, rules: &Rules, goal: u32) -> PyResult<Model> {
    py.detach(|| Model::new(rules, goal)).map_err(value_error)
}
