//! `hogsolver.Final`: the best `final_strategy(score, opponent_score)`
//! for a course, as `hog final` finds it (`crate::search`), callable as the
//! course calls `final_strategy`.

use hog::ops::export::{self, ExportInfo, Format};
use hog_solver::strategy::Policy;
use hog_solver::Rules;
use ndarray::Axis;
use numpy::{IntoPyArray, PyArrayDyn};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error::value_error;
use crate::game::{check_game, PyRules};
use crate::sources::sources;

/// The best `final_strategy` for a course: call it as the course calls
/// `final_strategy`.
#[pyclass(module = "hogsolver", frozen)]
pub struct Final {
    pub rules: Rules,
    pub goal: u32,
    /// The opponent it answers, as named; for a field, their names joined by ", ".
    #[pyo3(get)]
    pub against: String,
    /// The exact win rate against `against`: the mean of the two seatings
    /// (for a field, the mean over the field).
    #[pyo3(get)]
    pub win_rate: f64,
    /// Wins when moving first (for a field, the mean over the field).
    #[pyo3(get)]
    pub first: f64,
    /// Wins when moving second (for a field, the mean over the field).
    #[pyo3(get)]
    pub second: f64,
    /// Where the rules hide state from a course strategy: the win rate of
    /// the best response that sees it, which no final_strategy passes (for a
    /// field, the mean of each opponent's). None where nothing is hidden.
    #[pyo3(get)]
    pub bound: Option<f64>,
    pub policy: Policy,
    pub objective: String,
    /// For a field: each opponent's name and exact figures, in order.
    pub field: Option<Vec<Opponent>>,
}

/// One opponent of a field, as `hog final --json` lists it.
pub struct Opponent {
    pub against: String,
    pub win_rate: f64,
    pub first: f64,
    pub second: f64,
}

impl Final {
    pub fn name(&self) -> String {
        self.objective.clone()
    }

    pub fn game(&self) -> (Rules, u32) {
        (self.rules.clone(), self.goal)
    }

    pub fn policy_for(&self, rules: &Rules, goal: u32) -> PyResult<Policy> {
        check_game(&self.name(), (&self.rules, self.goal), (rules, goal))?;
        Ok(self.policy.clone())
    }
}

#[pymethods]
impl Final {
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.rules.clone(),
        }
    }

    #[getter]
    fn goal(&self) -> u32 {
        self.goal
    }

    /// `blind_best_response(S)`, `best_response(S)` where the rules hide
    /// nothing, or `best response to the field A, B, ...`.
    #[getter]
    fn objective(&self) -> String {
        self.name()
    }

    /// For a field: one record per opponent (against, win_rate, first,
    /// second), as `hog final --json` lists them; None for one opponent.
    #[getter]
    fn field<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyDict>>>> {
        let Some(field) = &self.field else {
            return Ok(None);
        };
        let records = field.iter().map(|opponent| {
            let record = PyDict::new(py);
            record.set_item("against", &opponent.against)?;
            record.set_item("win_rate", opponent.win_rate)?;
            record.set_item("first", opponent.first)?;
            record.set_item("second", opponent.second)?;
            Ok(record)
        });
        records.collect::<PyResult<_>>().map(Some)
    }

    /// The answer in every pair of scores: int8, axes (score, opponent_score).
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<i8>> {
        let slice = self.policy.actions().index_axis(Axis(0), 0).to_owned();
        slice.into_dyn().into_pyarray(py)
    }

    /// The names of `table`'s axes: `("score", "opponent_score")`.
    #[getter]
    fn axes(&self) -> (&'static str, &'static str) {
        ("score", "opponent_score")
    }

    /// One row per pair of scores: `num_rolls`, indexed by (score,
    /// opponent_score). Needs pandas.
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let columns = PyDict::new(py);
        columns.set_item("num_rolls", self.table(py))?;
        py.import("hogsolver._frames")?
            .call_method1("frame", (columns, self.axes(), Vec::<String>::new()))
    }

    /// The num_rolls to roll: `final_strategy(score, opponent_score)`.
    fn __call__(
        &self,
        score: &Bound<'_, PyAny>,
        opponent_score: &Bound<'_, PyAny>,
    ) -> PyResult<i32> {
        let score = checked_score("score", score, self.goal)?;
        let opponent_score = checked_score("opponent_score", opponent_score, self.goal)?;
        let state = self.policy.hidden().state(0, score, opponent_score);
        Ok(self.policy.get(state))
    }

    /// The module `hog final -o final.py` writes: a `final_strategy` to
    /// paste into the course's hog.py.
    fn to_python(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| {
            let mut info = ExportInfo::new(
                &self.rules,
                self.goal,
                self.name(),
                &self.policy,
                &sources(crate::sources::PYTHON_TIMEOUT),
            )?;
            info.made_by = Some(format!(
                "hogsolver.final({:?}, goal={}, against={:?}) (Python)",
                self.rules.name(),
                self.goal,
                self.against
            ));
            let text = export::render(Format::Python, &info, &self.policy)?;
            // Sealed as the file is, so that writing it out makes a file
            // hog may replace.
            let sealed = hog::files::sealed(hog::files::Kind::Python, text.into_bytes());
            Ok(String::from_utf8(sealed).expect("a seal is text"))
        })
        .map_err(|e: anyhow::Error| value_error(e))
    }

    fn __repr__(&self) -> String {
        format!(
            "<hogsolver.Final {} for {}, goal {}: win rate {:.12}>",
            self.name(),
            self.rules.name(),
            self.goal,
            self.win_rate
        )
    }
}

/// A score as Python gives it, checked against the goal: an int of any
/// size, one beyond i64 being as far out of range as i64's ends (and named
/// in the error as Python wrote it).
fn checked_score(which: &'static str, value: &Bound<'_, PyAny>, goal: u32) -> PyResult<u32> {
    let (number, written) = match value.extract::<i64>() {
        Ok(number) => (number, None),
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
            let end = if value.lt(0)? { i64::MIN } else { i64::MAX };
            (end, Some(value.str()?.to_string()))
        }
        Err(error) => return Err(error),
    };
    hog::ops::check_score(which, number, goal).map_err(|error| {
        let text = error.to_string();
        let text = match written {
            Some(written) => text.replace(&number.to_string(), &written),
            None => text,
        };
        crate::error::hog_error(text)
    })
}
