//! Solves and grades, computed by the library as `hog solve` and `hog
//! grade` compute them, with the GIL released and Ctrl-C honoured between
//! layers ([`crate::interrupt`]).
//!
//! Arrays: a policy or values array has axes (score, opponent_score) where
//! the rules hide nothing, and (hidden, score, opponent_score) where they do
//! (fa16: hidden 0 is six-sided dice, 1 four-sided), as the library's tables.

use std::path::PathBuf;

use hog::cmd::solve::{solve as cli_solve, Solved};
use hog::files::{check_writable, open_input, write_atomically};
use hog_solver::evaluate::Grade as Figures;
use hog_solver::exact::Exact;
use hog_solver::solve::{Driver, Engine, Probability};
use hog_solver::strategy::Policy;
use hog_solver::table::PolicyTable;
use hog_solver::{Model, Preset, Rules, State};
use ndarray::{Array3, ArrayD, Axis};
use numpy::{IntoPyArray, PyArrayDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::game::{game_of, PyRules};
use crate::interrupt::interruptible;
use crate::strategy::policy;
use crate::value_error;

/// A policy table: the self-play optimum or a best response, solved or
/// loaded from a `.hogtable`.
#[pyclass(module = "hog", frozen)]
pub struct Solution {
    table: PolicyTable,
    /// For a solved best response: its win rate and its two seatings.
    response: Option<[f64; 3]>,
    /// For an exact solve: its figures as fractions.
    exact: Option<ExactFigures>,
}

/// An array of the library's axes, without the hidden axis where the rules
/// have one hidden value.
pub(crate) fn py_array<'py, T: numpy::Element + Clone>(
    py: Python<'py>,
    cells: &Array3<T>,
) -> Bound<'py, PyArrayDyn<T>> {
    let cells: ArrayD<T> = if cells.len_of(Axis(0)) == 1 {
        cells.index_axis(Axis(0), 0).to_owned().into_dyn()
    } else {
        cells.clone().into_dyn()
    };
    cells.into_pyarray(py)
}

/// Refuses a result made for another game than the one asked.
pub(crate) fn check_game(name: &str, made: (&Rules, u32), asked: (&Rules, u32)) -> PyResult<()> {
    if made == asked {
        return Ok(());
    }
    Err(PyValueError::new_err(format!(
        "{name} was made for {}, goal {}, not {}, goal {}",
        made.0.name(),
        made.1,
        asked.0.name(),
        asked.1
    )))
}

impl Solution {
    /// A solve's table, its values in f64 (an exact solve's rounded).
    fn from_solved<V: Probability>(
        model: &Model,
        solved: Solved<V>,
        exact: Option<ExactFigures>,
    ) -> Solution {
        Solution {
            table: PolicyTable {
                rules: model.rules().clone(),
                goal: model.goal(),
                objective: solved.objective,
                policy: solved.policy.to_policy(model),
                values: solved.values.cells().map(Probability::to_f64),
                exact: None,
            },
            response: solved.response.map(|r| r.map(|v| v.to_f64())),
            exact,
        }
    }

    /// Writes the table as `hog solve -o` does: checked, atomically.
    pub fn write(&self, py: Python<'_>, path: &std::path::Path) -> PyResult<()> {
        py.detach(|| {
            check_writable(path)?;
            write_atomically(path, |w| Ok(self.table.write(w).map(|_| ())?))
        })
        .map_err(value_error)
    }

    pub fn name(&self) -> String {
        self.table.objective.to_string()
    }

    pub fn game(&self) -> (Rules, u32) {
        (self.table.rules.clone(), self.table.goal)
    }

    pub fn policy_for(&self, rules: &Rules, goal: u32) -> PyResult<Policy> {
        check_game(
            &self.name(),
            (&self.table.rules, self.table.goal),
            (rules, goal),
        )?;
        Ok(self.table.policy.clone())
    }
}

#[pymethods]
impl Solution {
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.table.rules.clone(),
        }
    }

    #[getter]
    fn goal(&self) -> u32 {
        self.table.goal
    }

    /// `optimal`, `best_response(S)` or `blind_best_response(S)`.
    #[getter]
    fn objective(&self) -> String {
        self.name()
    }

    /// The num_rolls chosen in every state (int8).
    #[getter]
    fn policy<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<i8>> {
        py_array(py, self.table.policy.actions())
    }

    /// The mover's chance to win in every state under the objective (a
    /// self-play draw counts 1/2).
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f64>> {
        py_array(py, &self.table.values)
    }

    /// The value of 0-0 with six-sided dice for the player to move.
    #[getter]
    fn first_mover_win(&self) -> f64 {
        let x = State::START;
        let h = self.table.policy.hidden().index(x);
        self.table.values[[h, 0, 0]]
    }

    /// The num_rolls chosen at 0-0 with six-sided dice.
    #[getter]
    fn opening_action(&self) -> i32 {
        self.table.policy.get(State::START)
    }

    /// A solved best response's exact win rate against its opponent (the
    /// mean of the two seatings); None for the self-play optimum or a
    /// loaded table.
    #[getter]
    fn win_rate(&self) -> Option<f64> {
        self.response.map(|r| r[0])
    }

    #[getter]
    fn first(&self) -> Option<f64> {
        self.response.map(|r| r[1])
    }

    #[getter]
    fn second(&self) -> Option<f64> {
        self.response.map(|r| r[2])
    }

    /// For `exact=True`: the exact figures as `fractions.Fraction`s, keyed as
    /// the `exact` object of `hog solve --exact --json` (`first_mover_win`,
    /// and for a best response `win_rate`, `first`, `second`); else None.
    #[getter]
    fn exact<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(figures) = &self.exact else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("first_mover_win", &figures.first_mover_win)?;
        dict.set_item("win_rate", &figures.win_rate)?;
        dict.set_item("first", &figures.first)?;
        dict.set_item("second", &figures.second)?;
        Ok(Some(dict))
    }

    /// Writes the table as `hog solve -o` does (atomically), for `hog.load`
    /// and every CLI command that takes a strategy.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        self.write(py, &path)
    }

    fn __repr__(&self) -> String {
        format!(
            "<hog.Solution {} for {}, goal {}: first mover wins {}>",
            self.name(),
            self.table.rules.name(),
            self.table.goal,
            self.first_mover_win()
        )
    }
}

/// The self-play optimum, or with `against` the best response to it; with
/// `exact`, solved in exact fractions as `hog solve --exact` (the arrays
/// are then the exact solve's, its values rounded to the nearest doubles).
#[pyfunction]
#[pyo3(signature = (rules = None, goal = None, against = None, exact = false))]
pub fn solve(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    against: Option<&Bound<'_, PyAny>>,
    exact: bool,
) -> PyResult<Solution> {
    let (rules, goal) = game_of(rules, goal, &[against])?;
    let against = against.map(|s| policy(py, s, &rules, goal)).transpose()?;
    let against = against.as_ref().map(|(policy, name)| (name, policy));
    let model = compile(py, &rules, goal)?;
    if !exact {
        let solved = interruptible(py, |progress| cli_solve::<f64>(&model, against, progress))?;
        return Ok(Solution::from_solved(&model, solved, None));
    }
    let solved = interruptible(py, |progress| cli_solve::<Exact>(&model, against, progress))?;
    let [start, win_rate, first, second] = [
        Some(&solved.start),
        solved.response.as_ref().map(|r| &r[0]),
        solved.response.as_ref().map(|r| &r[1]),
        solved.response.as_ref().map(|r| &r[2]),
    ]
    .map(|x| x.map(|x| fraction(py, x)).transpose());
    let figures = ExactFigures {
        first_mover_win: start?.expect("a solve has a start"),
        win_rate: win_rate?,
        first: first?,
        second: second?,
    };
    Ok(Solution::from_solved(&model, solved, Some(figures)))
}

/// The exact figures of an exact solve, as `fractions.Fraction`s.
struct ExactFigures {
    first_mover_win: Py<PyAny>,
    win_rate: Option<Py<PyAny>>,
    first: Option<Py<PyAny>>,
    second: Option<Py<PyAny>>,
}

/// A `.hogtable` written by `hog solve -o` or `Solution.save`, checked whole.
#[pyfunction]
pub fn load(py: Python<'_>, path: PathBuf) -> PyResult<Solution> {
    py.detach(|| -> anyhow::Result<Solution> {
        let table = PolicyTable::read(open_input(&path)?)
            .map_err(|e| anyhow::anyhow!(e).context(path.display().to_string()))?;
        Ok(Solution {
            table,
            response: None,
            exact: None,
        })
    })
    .map_err(value_error)
}

/// The rules compiled for the goal, with the GIL released (at large goals
/// this takes seconds, and Ctrl-C waits for it).
pub(crate) fn compile(py: Python<'_>, rules: &Rules, goal: u32) -> PyResult<Model> {
    py.detach(|| Model::new(rules, goal)).map_err(value_error)
}

/// The course baseline of the rules' preset, in the CLI's words when there
/// is none.
pub(crate) fn course_baseline(rules: &Rules, option: &str) -> PyResult<&'static str> {
    Preset::find(&rules.name())
        .map(|preset| preset.baseline)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "these rules have no course baseline: give one with {option}"
            ))
        })
}

/// A strategy's exact grade against a baseline, as `hog grade --json`.
#[pyclass(module = "hog", frozen, get_all)]
pub struct Grade {
    strategy: String,
    baseline: String,
    /// The mean of the wins moving first and moving second.
    win_rate: f64,
    /// Wins when moving first.
    first: f64,
    /// Wins when moving second.
    second: f64,
    /// The mean probability of an endless game (nju21 only).
    draw: f64,
    /// Whether the strategy answers differently by hidden state (fa16's
    /// dice sides), which a course strategy cannot see.
    sees_hidden_state: bool,
    /// With exact=True: the four figures as `fractions.Fraction`s.
    win_rate_exact: Option<Py<PyAny>>,
    first_exact: Option<Py<PyAny>>,
    second_exact: Option<Py<PyAny>>,
    draw_exact: Option<Py<PyAny>>,
}

#[pymethods]
impl Grade {
    fn __repr__(&self) -> String {
        format!(
            "<hog.Grade {} against {}: win rate {} (first {}, second {})>",
            self.strategy, self.baseline, self.win_rate, self.first, self.second
        )
    }
}

/// An exact value as a `fractions.Fraction`.
fn fraction(py: Python<'_>, x: &Exact) -> PyResult<Py<PyAny>> {
    let x = x.to_fraction();
    let int = py.import("builtins")?.getattr("int")?;
    let numerator = int.call1((x.numer().to_string(),))?;
    let denominator = int.call1((x.denom().to_string(),))?;
    Ok(py
        .import("fractions")?
        .getattr("Fraction")?
        .call1((numerator, denominator))?
        .unbind())
}

/// The exact win rate of `strategy` against `against` (the course baseline
/// by default), the course's `average_win_rate`.
#[pyfunction]
#[pyo3(signature = (strategy, against = None, rules = None, goal = None, exact = false))]
pub fn grade(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    against: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    exact: bool,
) -> PyResult<Grade> {
    let (rules, goal) = game_of(rules, goal, &[Some(strategy), against])?;
    let (a, name) = policy(py, strategy, &rules, goal)?;
    let (b, baseline) = match against {
        Some(against) => policy(py, against, &rules, goal)?,
        None => {
            let text = course_baseline(&rules, "against=")?;
            policy(
                py,
                pyo3::types::PyString::new(py, text).as_any(),
                &rules,
                goal,
            )?
        }
    };
    let model = compile(py, &rules, goal)?;
    // With exact=True the floats are the exact figures' nearest doubles.
    let (floats, exact): (Figures<f64>, Option<Figures<Exact>>) = interruptible(py, |progress| {
        if exact {
            let exact = Engine::<Exact>::new(&model, Driver::Parallel)
                .with_progress(progress)
                .grade(&a, &b);
            (exact.to_f64(), Some(exact))
        } else {
            let floats = Engine::<f64>::new(&model, Driver::Parallel)
                .with_progress(progress)
                .grade(&a, &b);
            (floats, None)
        }
    })?;
    let pick = |f: fn(&Figures<Exact>) -> &Exact| -> PyResult<Option<Py<PyAny>>> {
        exact.as_ref().map(|e| fraction(py, f(e))).transpose()
    };
    Ok(Grade {
        strategy: name,
        baseline,
        win_rate: floats.win_rate,
        first: floats.first.a_wins,
        second: floats.second.a_wins,
        draw: floats.draw,
        sees_hidden_state: a.sees_hidden(),
        win_rate_exact: pick(|e| &e.win_rate)?,
        first_exact: pick(|e| &e.first.a_wins)?,
        second_exact: pick(|e| &e.second.a_wins)?,
        draw_exact: pick(|e| &e.draw)?,
    })
}
