//! `hog.final`: the best `final_strategy(score, opponent_score)` for a
//! course, as `hog final` finds it: the blind best response to one opponent
//! (`hog_solver::blind`), or with a list of opponents the best response to
//! the field, each met as often.

use hog::cmd::export::{self, ExportInfo, Format};
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::table::Objective;
use hog_solver::Rules;
use ndarray::Axis;
use numpy::{IntoPyArray, PyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::game::{game_of, PyRules};
use crate::interrupt::interruptible_with_stop;
use crate::results::{check_game, compile, course_baseline};
use crate::strategy::{policy, sources};
use crate::value_error;

/// The best `final_strategy` for a course: call it as the course calls
/// `final_strategy`.
#[pyclass(module = "hog", frozen)]
pub struct Final {
    rules: Rules,
    goal: u32,
    /// The opponent it answers, as named; for a field, their names joined by ", ".
    #[pyo3(get)]
    against: String,
    /// The exact win rate against `against`: the mean of the two seatings
    /// (for a field, the mean over the field).
    #[pyo3(get)]
    win_rate: f64,
    /// Wins when moving first (for a field, the mean over the field).
    #[pyo3(get)]
    first: f64,
    /// Wins when moving second (for a field, the mean over the field).
    #[pyo3(get)]
    second: f64,
    /// Where the rules hide state from a course strategy: the win rate of
    /// the best response that sees it, which no final_strategy passes (for a
    /// field, the mean of each opponent's). None where nothing is hidden.
    #[pyo3(get)]
    bound: Option<f64>,
    policy: Policy,
    objective: String,
    /// For a field: each opponent's name and exact figures, in order.
    field: Option<Vec<Opponent>>,
}

/// One opponent of a field, as `hog final --json` lists it.
struct Opponent {
    against: String,
    win_rate: f64,
    first: f64,
    second: f64,
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

    /// The num_rolls to roll: `final_strategy(score, opponent_score)`.
    fn __call__(&self, score: i64, opponent_score: i64) -> PyResult<i32> {
        let check = |which: &'static str, value: i64| {
            hog::cmd::check_score(which, value, self.goal).map_err(value_error)
        };
        let score = check("score", score)?;
        let opponent_score = check("opponent_score", opponent_score)?;
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
                &sources(),
            )?;
            info.made_by = Some(format!(
                "hog.final({:?}, goal={}, against={:?}) (Python)",
                self.rules.name(),
                self.goal,
                self.against
            ));
            export::render(Format::Python, &info, &self.policy)
        })
        .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!(
            "<hog.Final {} for {}, goal {}: win rate {}>",
            self.name(),
            self.rules.name(),
            self.goal,
            self.win_rate
        )
    }
}

/// The best `final_strategy` against `against` (the course baseline by
/// default), as `hog final`; with a list or tuple of opponents, the best
/// against the field, each met as often (`hog final --against A --against B`).
#[pyfunction(name = "final")]
#[pyo3(signature = (rules = None, against = None, goal = None))]
pub fn final_strategy(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    against: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
) -> PyResult<Final> {
    let field: Option<Vec<Bound<'_, PyAny>>> = match against {
        Some(list) if list.is_instance_of::<PyList>() || list.is_instance_of::<PyTuple>() => {
            Some(list.try_iter()?.collect::<PyResult<_>>()?)
        }
        _ => None,
    };
    if let Some(field) = field.filter(|field| field.len() > 1) {
        let strategies: Vec<_> = field.iter().map(Some).collect();
        let (rules, goal) = game_of(rules, goal, &strategies)?;
        return against_field(py, rules, goal, &field);
    }
    let (rules, goal) = game_of(rules, goal, &[against])?;
    let (b, against) = match against {
        Some(list) if list.is_instance_of::<PyList>() || list.is_instance_of::<PyTuple>() => {
            let one = list.get_item(0).map_err(|_| {
                pyo3::exceptions::PyValueError::new_err("against=[]: name at least one opponent")
            })?;
            policy(py, &one, &rules, goal)?
        }
        Some(against) => policy(py, against, &rules, goal)?,
        None => {
            let text = course_baseline(&rules, "against=")?;
            policy(py, PyString::new(py, text).as_any(), &rules, goal)?
        }
    };
    let model = compile(py, &rules, goal)?;
    let response = interruptible_with_stop(py, |progress, stop| {
        Engine::<f64>::new(&model, Driver::Parallel)
            .with_progress(progress)
            .with_stop(stop)
            .blind_response(&b)
    })?
    .map_err(value_error)?;
    let objective = Objective::final_response(against.clone(), response.hidden);
    Ok(Final {
        rules,
        goal,
        against,
        win_rate: response.grade.win_rate,
        first: response.grade.first.a_wins,
        second: response.grade.second.a_wins,
        bound: response.hidden.then_some(response.bound),
        policy: response.policy,
        objective: objective.to_string(),
        field: None,
    })
}

/// The best strategy of the two scores against a field of opponents.
fn against_field(
    py: Python<'_>,
    rules: Rules,
    goal: u32,
    field: &[Bound<'_, PyAny>],
) -> PyResult<Final> {
    let opponents: Vec<(Policy, String)> = field
        .iter()
        .map(|b| policy(py, b, &rules, goal))
        .collect::<PyResult<_>>()?;
    let names: Vec<String> = opponents.iter().map(|(_, name)| name.clone()).collect();
    let policies: Vec<&Policy> = opponents.iter().map(|(policy, _)| policy).collect();
    let model = compile(py, &rules, goal)?;
    let response = interruptible_with_stop(py, |progress, stop| {
        Engine::<f64>::new(&model, Driver::Parallel)
            .with_progress(progress)
            .with_stop(stop)
            .field_response(&policies, hog_solver::blind::default_kicks(&model))
    })?
    .map_err(value_error)?;
    let field: Vec<Opponent> = names
        .iter()
        .zip(&response.grades)
        .map(|(against, grade)| Opponent {
            against: against.clone(),
            win_rate: grade.win_rate,
            first: grade.first.a_wins,
            second: grade.second.a_wins,
        })
        .collect();
    // The mean of each seating over the field, each opponent met as often.
    let mean =
        |pick: fn(&Opponent) -> f64| field.iter().map(pick).sum::<f64>() / field.len() as f64;
    Ok(Final {
        against: names.join(", "),
        objective: format!("best response to the field {}", names.join(", ")),
        win_rate: response.win_rate,
        first: mean(|o| o.first),
        second: mean(|o| o.second),
        bound: Some(response.bound),
        policy: response.policy,
        field: Some(field),
        rules,
        goal,
    })
}
