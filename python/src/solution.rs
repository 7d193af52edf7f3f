//! `hogsolver.Solution`: a policy table, the self-play optimum or a best
//! response, solved or loaded from a `.hogtable`.
//!
//! Arrays: a policy or values array has axes (score, opponent_score) where
//! the rules hide nothing, and (hidden, score, opponent_score) where they do
//! (fa16: hidden 0 is six-sided dice, 1 four-sided), as the library's
//! tables; `Rules.hidden_labels` names the hidden positions.

use std::path::{Path, PathBuf};

use hog::files::{self, Kind};
use hog::ops::solve::Solved;
use hog_solver::exact::Exact;
use hog_solver::solve::Probability;
use hog_solver::strategy::Policy;
use hog_solver::table::PolicyTable;
use hog_solver::{Model, Rules, State};
use ndarray::{Array3, ArrayD, ArrayView3, Axis};
use numpy::{IntoPyArray, PyArrayDyn};
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::error::value_error;
use crate::game::{check_game, PyRules};

/// A policy table: the self-play optimum or a best response, solved or
/// loaded from a `.hogtable`.
#[pyclass(module = "hogsolver", frozen)]
pub struct Solution {
    table: PolicyTable,
    /// For a solved best response: its win rate and its two seatings.
    response: Option<[f64; 3]>,
    /// For an exact solve: its figures as fractions.
    exact: Option<ExactFigures>,
}

/// The exact figures of an exact solve, as `fractions.Fraction`s.
pub struct ExactFigures {
    pub first_mover_win: Py<PyAny>,
    pub win_rate: Option<Py<PyAny>>,
    pub first: Option<Py<PyAny>>,
    pub second: Option<Py<PyAny>>,
}

/// An array of the library's axes, without the hidden axis where the rules
/// have one hidden value. Its memory is asked for before the copy, so a
/// machine out of memory raises MemoryError instead of ending Python.
pub fn py_array<'py, T: numpy::Element + Clone>(
    py: Python<'py>,
    cells: &Array3<T>,
) -> PyResult<Bound<'py, PyArrayDyn<T>>> {
    let shape: Vec<usize> = if cells.len_of(Axis(0)) == 1 {
        cells.shape()[1..].to_vec()
    } else {
        cells.shape().to_vec()
    };
    let mut buffer = reserved(cells.len())?;
    buffer.extend(cells.iter().cloned());
    let array = ArrayD::from_shape_vec(shape, buffer).expect("the cells fill the shape");
    Ok(array.into_pyarray(py))
}

/// An empty buffer with room for `cells` values, asked for first: where
/// the memory cannot be had, MemoryError instead of an end of Python.
fn reserved<T>(cells: usize) -> PyResult<Vec<T>> {
    let mut buffer: Vec<T> = Vec::new();
    buffer.try_reserve_exact(cells).map_err(|_| {
        PyMemoryError::new_err(format!(
            "out of memory: the array of {cells} cells ({} MB) does not fit",
            cells * std::mem::size_of::<T>() / 1_000_000
        ))
    })?;
    Ok(buffer)
}

/// A copy of `cells` through `f`, its memory asked for first ([`reserved`]).
fn copied<T, U>(cells: ArrayView3<'_, T>, f: impl Fn(&T) -> U) -> PyResult<Array3<U>> {
    let mut buffer = reserved(cells.len())?;
    buffer.extend(cells.iter().map(f));
    Ok(Array3::from_shape_vec(cells.raw_dim(), buffer).expect("the cells fill the shape"))
}

/// The names of the axes of the rules' arrays.
pub fn axes(rules: &Rules) -> Vec<&'static str> {
    if rules.hidden().len() == 1 {
        vec!["score", "opponent_score"]
    } else {
        vec!["hidden", "score", "opponent_score"]
    }
}

/// Arrays of the rules' axes as a `pandas.DataFrame` (`hogsolver._frames`).
pub fn frame<'py>(
    py: Python<'py>,
    columns: Bound<'py, PyDict>,
    rules: &Rules,
) -> PyResult<Bound<'py, PyAny>> {
    let hidden = rules.hidden();
    let labels: Vec<String> = (0..hidden.len())
        .map(|h| hog::ops::hidden_words(&hidden, h))
        .collect();
    py.import("hogsolver._frames")?
        .call_method1("frame", (columns, axes(rules), labels))
}

/// An exact value as a `fractions.Fraction`.
pub fn fraction(py: Python<'_>, x: &Exact) -> PyResult<Py<PyAny>> {
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

impl Solution {
    /// The bytes a state of the copies a solve's Solution makes of the
    /// engine's grids while they are held: its values (f64) and its policy
    /// (i8).
    pub const COPIED: u64 = 9;

    /// A solve's table, its values in f64 (an exact solve's rounded, its
    /// fractions kept for `save`), copied with the memory asked for first.
    pub fn from_solved<V: Probability>(
        model: &Model,
        solved: Solved<V>,
        exact: Option<(ExactFigures, Array3<Exact>)>,
    ) -> PyResult<Solution> {
        let (figures, fractions) = exact.unzip();
        let actions = copied(solved.policy.cells(), |&a| a)?;
        let policy = Policy::from_actions(model.rules(), model.goal(), actions)
            .expect("the engine chooses only the rules' actions");
        Ok(Solution {
            table: PolicyTable {
                rules: model.rules().clone(),
                goal: model.goal(),
                objective: solved.objective,
                policy,
                values: copied(solved.values.cells(), Probability::to_f64)?,
                exact: fractions,
            },
            response: solved.response.map(|r| r.map(|v| v.to_f64())),
            exact: figures,
        })
    }

    /// A table read from a file.
    pub fn loaded(table: PolicyTable) -> Solution {
        Solution {
            table,
            response: None,
            exact: None,
        }
    }

    /// Writes the table as `hog solve -o` does, through hog's one writer:
    /// a `.hogtable` name, and a file there replaced only if hog wrote it
    /// (or `force`).
    pub fn write(&self, py: Python<'_>, path: &Path, force: bool) -> PyResult<()> {
        py.detach(|| {
            files::write(path, Kind::Table, force, |w| {
                Ok(self.table.write(w).map(|_| ())?)
            })
        })
        .map(drop)
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
    fn policy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArrayDyn<i8>>> {
        py_array(py, self.table.policy.actions())
    }

    /// The mover's chance to win in every state under the objective (a
    /// self-play draw counts 1/2).
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArrayDyn<f64>>> {
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

    /// Whether the table holds its values as exact fractions too (an
    /// `exact=True` solve, or a table `hog solve --exact` wrote).
    #[getter]
    fn has_fractions(&self) -> bool {
        self.table.exact.is_some()
    }

    /// The names of the arrays' axes: `("score", "opponent_score")`, with
    /// `"hidden"` first where the rules hide state (`Rules.hidden_labels`
    /// names its positions).
    #[getter]
    fn axes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, axes(&self.table.rules))
    }

    /// One row per state: `num_rolls` and `win` (the value), indexed by the
    /// axes (the hidden axis by its labels). Needs pandas.
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let columns = PyDict::new(py);
        columns.set_item("num_rolls", self.policy(py)?)?;
        columns.set_item("win", self.values(py)?)?;
        frame(py, columns, &self.table.rules)
    }

    /// Writes the table as `hog solve -o` does (atomically), for
    /// `hogsolver.load` and every CLI command that takes a strategy. The
    /// name ends in `.hogtable`; a file there is replaced only if hog wrote
    /// it, or with `force=True`.
    #[pyo3(signature = (path, force = false))]
    fn save(&self, py: Python<'_>, path: PathBuf, force: bool) -> PyResult<()> {
        self.write(py, &path, force)
    }

    fn __repr__(&self) -> String {
        format!(
            "<hogsolver.Solution {} for {}, goal {}: first mover wins {:.12}>",
            self.name(),
            self.table.rules.name(),
            self.table.goal,
            self.first_mover_win()
        )
    }
}
