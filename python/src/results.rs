//! Solves and grades, computed by the commands' library as `hog solve`
//! and `hog grade` compute them, with the GIL released and Ctrl-C honoured
//! between layers ([`crate::interrupt`]).

use std::path::PathBuf;

use hog::files::open_input;
use hog::ops::grade::{grade as grade_with, GradeInput};
use hog::ops::solve::solve as cli_solve;
use hog_solver::evaluate::Grade as Figures;
use hog_solver::exact::Exact;
use hog_solver::memory::Job;
use hog_solver::table::PolicyTable;
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;

use crate::error::{command_error, value_error};
use crate::game::compile;
use crate::interrupt::{interruptible, interruptible_with_stop};
use crate::played::game_of;
use crate::solution::{fraction, ExactFigures, Solution};
use crate::sources::sources;
use pyo3::types::IntoPyDict;

/// The self-play optimum, or with `against` the best response to it; with
/// `exact`, solved in exact fractions as `hog solve --exact` (the arrays
/// are then the exact solve's, its values rounded to the nearest doubles).
#[pyfunction]
#[pyo3(signature = (rules, goal, against, exact, timeout))]
pub fn solve(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    against: Option<&Bound<'_, PyAny>>,
    exact: bool,
    timeout: u64,
) -> PyResult<Solution> {
    let played = game_of(py, rules, goal, &[against])?;
    let against = against.map(|s| played.policy(py, s, timeout)).transpose()?;
    let (rules, goal) = (played.rules, played.goal);
    let against = against.as_ref().map(|(policy, name)| (name, policy));
    let model = compile(py, &rules, goal)?;
    // As `hog solve` checks it, with the Solution's own copies: a goal too
    // large for the memory the process may have is an error that names the
    // need, not an abort.
    let job = match against {
        Some(_) => Job::BestResponse,
        None => Job::Solve,
    };
    hog_solver::memory::check_beside(&model, job, Solution::COPIED).map_err(command_error)?;
    if !exact {
        let solved = interruptible(py, "solving", |progress| {
            cli_solve::<f64>(&model, against, progress)
        })?;
        return Solution::from_solved(&model, solved, None);
    }
    let solved = interruptible(py, "solving exactly", |progress| {
        cli_solve::<Exact>(&model, against, progress)
    })?;
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
    let fractions = solved.values.cells().to_owned();
    Solution::from_solved(&model, solved, Some((figures, fractions)))
}

/// A `.hogtable` written by `hog solve -o` or `Solution.save`, checked whole.
#[pyfunction]
pub fn load(py: Python<'_>, path: PathBuf) -> PyResult<Solution> {
    py.detach(|| -> anyhow::Result<Solution> {
        let table = PolicyTable::read(open_input(&path)?)
            .map_err(|e| anyhow::anyhow!(e).context(path.display().to_string()))?;
        Ok(Solution::loaded(table))
    })
    .map_err(value_error)
}

/// A strategy's exact grade against a baseline, as `hog grade --json`.
#[pyclass(module = "hogsolver", frozen, get_all)]
pub struct Grade {
    strategy: String,
    /// The opponent it was graded against (`against`).
    against: String,
    /// The rules and goal of the game.
    rules: String,
    goal: u32,
    /// The mean of the wins moving first and moving second.
    win_rate: f64,
    /// Wins when moving first.
    first: f64,
    /// Wins when moving second.
    second: f64,
    /// The mean probability of an endless game (0 but under nju21 and sp22).
    draw: f64,
    /// Whether the strategy answers differently by hidden state (fa16's
    /// dice sides), which a course strategy cannot see.
    sees_hidden_state: bool,
    /// The win rate the course asked for against its baseline, where it set
    /// one and this grade is against that baseline ("0.80").
    course_target: Option<String>,
    /// Whether the win rate reaches the course's target.
    meets_target: Option<bool>,
    /// A word when the strategy ties or loses to its opponent.
    warning: Option<String>,
    /// With exact=True: the four figures as `fractions.Fraction`s.
    win_rate_exact: Option<Py<PyAny>>,
    first_exact: Option<Py<PyAny>>,
    second_exact: Option<Py<PyAny>>,
    draw_exact: Option<Py<PyAny>>,
    /// The decisions that cost the strategy most, highest gain first, as
    /// `hog grade --json` lists them: dicts of score, opponent_score,
    /// num_rolls, best and gain (and hidden, for a strategy that answers by
    /// what the rules hide).
    costliest: Py<PyAny>,
}

#[pymethods]
impl Grade {
    /// The opponent, under the name `hog grade --json` gives it.
    #[getter]
    fn baseline(&self) -> String {
        self.against.clone()
    }

    /// The costliest decisions as a `pandas.DataFrame`, one row each.
    /// Needs pandas.
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let costliest = self.costliest.bind(py);
        let hidden = costliest
            .try_iter()?
            .any(|cell| cell.is_ok_and(|cell| cell.contains("hidden").unwrap_or(false)));
        let mut columns = vec!["score", "opponent_score"];
        if hidden {
            columns.push("hidden");
        }
        columns.extend(["num_rolls", "best", "gain"]);
        let pandas = py.import("hogsolver")?.call_method0("_pandas")?;
        let kwargs = [("columns", columns)].into_py_dict(py)?;
        pandas.call_method("DataFrame", (costliest,), Some(&kwargs))
    }

    /// The figures, and what `hog grade` says beside them: that the
    /// strategy loses to its opponent or ties it, and that it misses the
    /// course's target.
    fn __repr__(&self) -> String {
        let mut verdict = String::new();
        if let Some(warning) = &self.warning {
            let word = if warning.contains(" TIES ") {
                format!("TIES {}", self.against)
            } else {
                format!("LOSES to {}", self.against)
            };
            verdict.push_str(&format!("; {word}"));
        }
        if let (Some(target), Some(false)) = (&self.course_target, self.meets_target) {
            verdict.push_str(&format!("; below the course's target {target}"));
        }
        format!(
            "<hogsolver.Grade {} against {} ({}, goal {}): win rate {:.12} (first {:.12}, second {:.12}){verdict}>",
            self.strategy, self.against, self.rules, self.goal, self.win_rate, self.first, self.second
        )
    }
}

/// The exact win rate of `strategy` against `against` (the course baseline
/// by default), the course's `average_win_rate`, and its `costliest`
/// decisions.
#[pyfunction]
#[pyo3(signature = (strategy, against, rules, goal, exact, timeout, costliest))]
#[allow(clippy::too_many_arguments)]
pub fn grade(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    against: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    exact: bool,
    timeout: u64,
    costliest: usize,
) -> PyResult<Grade> {
    let played = game_of(py, rules, goal, &[Some(strategy), against])?;
    let input = GradeInput {
        strategy: played.strategy(strategy, timeout)?,
        against: against.map(|a| played.strategy(a, timeout)).transpose()?,
        rules: played.rules.clone(),
        goal: played.goal,
        exact,
        costliest,
    };
    let (rules, goal) = (played.rules, played.goal);
    let graded = interruptible_with_stop(py, "grading", |progress, stop| {
        grade_with(&input, &sources(timeout).with_stop(stop), progress)
    })?
    .map_err(command_error)?;
    // A table pasted from a file made for another game: said as `hog grade`
    // says it, as a warning.
    if let Some(warning) = &graded.made_for_another_game {
        let message = std::ffi::CString::new(warning.as_str()).expect("no NUL in the message");
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 2)?;
    }
    let pick = |f: fn(&Figures<Exact>) -> &Exact| -> PyResult<Option<Py<PyAny>>> {
        graded
            .exact
            .as_ref()
            .map(|e| fraction(py, f(e)))
            .transpose()
    };
    let floats = &graded.figures;
    Ok(Grade {
        course_target: graded.course_target.map(str::to_string),
        meets_target: graded.meets_target,
        warning: graded.warning.clone(),
        strategy: graded.strategy.clone(),
        against: graded.against.clone(),
        rules: rules.name(),
        goal,
        win_rate: floats.win_rate,
        first: floats.first.a_wins,
        second: floats.second.a_wins,
        draw: floats.draw,
        sees_hidden_state: graded.sees_hidden_state,
        win_rate_exact: pick(|e| &e.win_rate)?,
        first_exact: pick(|e| &e.first.a_wins)?,
        second_exact: pick(|e| &e.second.a_wins)?,
        draw_exact: pick(|e| &e.draw)?,
        costliest: pythonize::pythonize(py, &graded.costliest.cells)
            .map_err(|e| value_error(anyhow::anyhow!("{e}")))?
            .unbind(),
    })
}
