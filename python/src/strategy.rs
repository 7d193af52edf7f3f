//! A strategy as Python hands it over, as a policy for the rules and goal:
//!
//! * a strategy expression or file name (`str`): read as the CLI reads its
//!   arguments (`hog_solver`'s strategy names, `.hogtable`, `.csv`, `.json`,
//!   `.py[:NAME]` files run in the CLI's sandbox), by the CLI's own code;
//! * a path (`os.PathLike`): the file, however it is named;
//! * a numpy array of num_rolls, axes (score, opponent_score), or (hidden,
//!   score, opponent_score) as `Solution.policy` gives them;
//! * a `Solution` or `Final`: its policy;
//! * a callable `f(score, opponent_score) -> int`, asked once per pair of
//!   scores below the goal, in this interpreter. An answer that is no int
//!   (bool counts, as under the course's `isinstance` check) or no action of
//!   the rules is the CLI's error naming the state; an exception becomes a
//!   `ValueError` naming the state, with the exception as its cause.

use std::time::Duration;

use hog::sources::Sources;
use hog_solver::strategy::Policy;
use hog_solver::{Error, Rules};
use ndarray::Array3;
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::final_strategy::Final;
use crate::interrupt::interruptible_with_stop;
use crate::results::Solution;
use crate::value_error;

/// The CLI's strategy sources, with its default time limit for Python files.
pub fn sources() -> Sources {
    Sources::new(Duration::from_secs(hog::cli::PYTHON_TIMEOUT))
}

/// A strategy object and how to name it in messages and records.
pub fn policy(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    rules: &Rules,
    goal: u32,
) -> PyResult<(Policy, String)> {
    if let Some(text) = strategy_text(strategy)? {
        let policy = interruptible_with_stop(py, |_, stop| {
            sources().with_stop(stop).policy(&text, rules, goal)
        })?
        .map_err(value_error)?;
        return Ok((policy, text));
    }
    if let Ok(solution) = strategy.extract::<PyRef<Solution>>() {
        return Ok((solution.policy_for(rules, goal)?, solution.name()));
    }
    if let Ok(found) = strategy.extract::<PyRef<Final>>() {
        return Ok((found.policy_for(rules, goal)?, found.name()));
    }
    if strategy.hasattr("__array__")? && !strategy.is_callable() {
        let np = py.import("numpy")?;
        let array = np.call_method1("asarray", (strategy,))?;
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        if !matches!(kind.as_str(), "i" | "u" | "b") {
            return Err(PyTypeError::new_err(format!(
                "a strategy array holds whole numbers of dice, not dtype {}",
                array.getattr("dtype")?.str()?
            )));
        }
        let array = array.call_method1("astype", ("int64",))?;
        let array = array.cast::<PyArrayDyn<i64>>()?;
        return Ok((from_array(array, rules, goal)?, "the array".to_string()));
    }
    if strategy.is_callable() {
        let name = callable_name(strategy);
        return Ok((from_callable(strategy, &name, rules, goal)?, name));
    }
    Err(PyTypeError::new_err(format!(
        "a strategy is a callable final_strategy(score, opponent_score), a numpy array, \
         a strategy expression or file name (str), a path, or a hog result, not {}",
        strategy.get_type().name()?
    )))
}

/// A strategy given as text: a `str` as it is, an `os.PathLike` as a file
/// however it is named (a name with no folder gets one: `./NAME`).
pub fn strategy_text(strategy: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(text) = strategy.extract::<String>() {
        return Ok(Some(text));
    }
    let os = strategy.py().import("os")?;
    if !strategy.is_instance(&os.getattr("PathLike")?)? {
        return Ok(None);
    }
    let path: String = os.call_method1("fspath", (strategy,))?.extract()?;
    Ok(Some(if path.contains(std::path::is_separator) {
        path
    } else {
        format!("./{path}")
    }))
}

/// A callable's name for messages: its `__name__`, else its repr.
fn callable_name(function: &Bound<'_, PyAny>) -> String {
    function
        .getattr("__name__")
        .and_then(|name| name.extract::<String>())
        .or_else(|_| function.repr().map(|r| r.to_string()))
        .unwrap_or_else(|_| "the strategy".to_string())
}

/// Asks `function(score, opponent_score)` once for every pair of scores
/// below the goal; the course strategy answers alike for every hidden value.
fn from_callable(
    function: &Bound<'_, PyAny>,
    name: &str,
    rules: &Rules,
    goal: u32,
) -> PyResult<Policy> {
    let g = goal as usize;
    let mut answers = vec![0i64; g * g];
    for score in 0..goal {
        for opponent_score in 0..goal {
            let answer = match function.call1((score, opponent_score)) {
                Ok(answer) => answer,
                // KeyboardInterrupt and SystemExit go on as they are.
                Err(error) if !error.is_instance_of::<PyException>(function.py()) => {
                    return Err(error)
                }
                Err(error) => {
                    let raised = PyValueError::new_err(format!(
                        "{name}({score}, {opponent_score}) raised {}: {}",
                        error.get_type(function.py()).name()?,
                        error.value(function.py())
                    ));
                    raised.set_cause(function.py(), Some(error));
                    return Err(raised);
                }
            };
            answers[score as usize * g + opponent_score as usize] =
                small_int(&answer).map_err(|(value, reason)| {
                    value_error(Error::BadAnswer {
                        strategy: name.to_string(),
                        score,
                        opponent_score,
                        value,
                        reason: reason.to_string(),
                    })
                })?;
        }
    }
    let answer =
        |score: u32, opponent_score: u32| answers[score as usize * g + opponent_score as usize];
    Policy::from_strategy(&answer, rules, goal, name).map_err(value_error)
}

/// An int answer that fits the tables, else its repr and what is wrong, in
/// the words of the CLI's Python driver.
fn small_int(answer: &Bound<'_, PyAny>) -> Result<i64, (String, &'static str)> {
    let repr = || {
        answer
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| "?".into())
    };
    if !answer.is_instance_of::<PyInt>() {
        return Err((repr(), "num_rolls must be an int"));
    }
    match answer.extract::<i64>() {
        Ok(n) if (-128..128).contains(&n) => Ok(n),
        _ => Err((
            answer
                .call_method0("__index__")
                .map(|i| i.to_string())
                .unwrap_or_else(|_| repr()),
            "not a num_rolls the rules allow",
        )),
    }
}

/// A table of num_rolls: (score, opponent_score), the same for every hidden
/// value, or (hidden, score, opponent_score).
fn from_array(array: &Bound<'_, PyArrayDyn<i64>>, rules: &Rules, goal: u32) -> PyResult<Policy> {
    let hidden = rules.hidden().len();
    let g = goal as usize;
    let shape = array.shape().to_vec();
    let values = array.to_owned_array();
    let values = match shape.as_slice() {
        [s, o] if (*s, *o) == (g, g) => {
            let flat = values
                .into_shape_with_order((1, g, g))
                .expect("checked shape");
            flat.broadcast((hidden, g, g))
                .expect("one slice broadcasts")
                .to_owned()
        }
        [h, s, o] if (*h, *s, *o) == (hidden, g, g) => values
            .into_shape_with_order((hidden, g, g))
            .expect("checked shape"),
        _ => {
            return Err(value_error(Error::TableMismatch(format!(
                "the array has shape {shape:?}, the rules and goal need ({g}, {g}) or \
                 ({hidden}, {g}, {g})"
            ))))
        }
    };
    let mut actions = Array3::<i8>::zeros((hidden, g, g));
    for ((h, s, o), &value) in values.indexed_iter() {
        actions[[h, s, o]] = i8::try_from(value).map_err(|_| {
            value_error(Error::TableMismatch(format!(
                "num_rolls {value} at score {s}, opponent_score {o} is not an action of {}",
                rules.name()
            )))
        })?;
    }
    Policy::from_actions(rules, goal, actions).map_err(value_error)
}
