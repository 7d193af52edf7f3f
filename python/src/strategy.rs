//! A strategy as Python hands it over, as a policy for the rules and goal:
//!
//! * a strategy expression or file name (`str`): read as the CLI reads its
//!   arguments (`hog_solver`'s strategy names, `.hogtable`, `.csv`, `.json`,
//!   `.py[:NAME]` files run in the CLI's sandbox), by the CLI's own code;
//! * a path (`os.PathLike`): the file, however it is named;
//! * a numpy array of num_rolls, axes (score, opponent_score), or (hidden,
//!   score, opponent_score) as `Solution.policy` gives them, of any integer
//!   dtype and memory layout;
//! * a `Solution` or `Final`: its policy;
//! * a callable `f(score, opponent_score) -> int`, asked once per pair of
//!   scores below the goal, in this interpreter, within the time limit. An
//!   answer that is no int (bool counts, as under the course's `isinstance`
//!   check) or no action of the rules is the CLI's error naming the state;
//!   an exception becomes a `HogError` naming the state, with the exception
//!   as its cause.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use hog::strategies::Strategy;
use hog_solver::strategy::Policy;
use hog_solver::{Error, Rules};
use ndarray::Array3;
use numpy::{PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyException, PyTimeoutError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt};

use crate::error::{command_error, hog_error, value_error};
use crate::final_strategy::Final;
use crate::interrupt::interruptible_with_stop;
use crate::solution::Solution;
use crate::sources::sources;

/// A strategy object given as no text (a result, an array, a callable) as
/// a policy for the rules and goal, and how to name it in messages and
/// records; a callable has `timeout` seconds. (A text is read as the CLI
/// reads its arguments: [`crate::played::Played::strategy`].)
pub fn policy(
    strategy: &Bound<'_, PyAny>,
    rules: &Rules,
    goal: u32,
    timeout: u64,
) -> PyResult<(Policy, String)> {
    if let Ok(solution) = strategy.extract::<PyRef<Solution>>() {
        return Ok((solution.policy_for(rules, goal)?, solution.name()));
    }
    if let Ok(found) = strategy.extract::<PyRef<Final>>() {
        return Ok((found.policy_for(rules, goal)?, found.name()));
    }
    if strategy.hasattr("__array__")? && !strategy.is_callable() {
        return Ok((from_array(strategy, rules, goal)?, "the array".to_string()));
    }
    if strategy.is_callable() {
        let name = callable_name(strategy);
        let policy = from_callable(strategy, &name, rules, goal, timeout)?;
        return Ok((policy, name));
    }
    Err(PyTypeError::new_err(format!(
        "a strategy is a callable final_strategy(score, opponent_score), a numpy array, \
         a strategy expression or file name (str), a path, or a hogsolver result, not {}",
        strategy.get_type().name()?
    )))
}

/// A strategy as a policy for the rules and goal, with the GIL released
/// and Ctrl-C stopping it (a Python file has `timeout` seconds).
pub fn play(
    py: Python<'_>,
    strategy: &Strategy,
    rules: &Rules,
    goal: u32,
    timeout: u64,
) -> PyResult<Policy> {
    interruptible_with_stop(py, "reading the strategy", |_, stop| {
        sources(timeout).with_stop(stop).play(strategy, rules, goal)
    })?
    .map_err(command_error)
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
pub fn callable_name(function: &Bound<'_, PyAny>) -> String {
    function
        .getattr("__name__")
        .and_then(|name| name.extract::<String>())
        .or_else(|_| function.repr().map(|r| r.to_string()))
        .unwrap_or_else(|_| "the strategy".to_string())
}

/// Asks `function(score, opponent_score)` once for every pair of scores
/// below the goal; the course strategy answers alike for every hidden value.
/// A call still running at the time limit gets a `TimeoutError` raised in
/// it (an endless loop ends there, as the course's autograder ends it).
fn from_callable(
    function: &Bound<'_, PyAny>,
    name: &str,
    rules: &Rules,
    goal: u32,
    timeout: u64,
) -> PyResult<Policy> {
    let py = function.py();
    let g = goal as usize;
    let mut answers = vec![0i64; g * g];
    let limit = Duration::from_secs(timeout);
    let asked = Watchdog::start(py, limit)?;
    let mut result = Ok(());
    'states: for score in 0..goal {
        for opponent_score in 0..goal {
            let answer = match function.call1((score, opponent_score)) {
                Ok(answer) => answer,
                Err(error) if asked.rang() && error.is_instance_of::<PyTimeoutError>(py) => {
                    result = Err(hog_error(format!(
                        "{name} did not answer every state within {timeout} s, the time limit \
                         (it was answering {name}({score}, {opponent_score}); an endless \
                         loop?); raise it with timeout="
                    )));
                    break 'states;
                }
                // KeyboardInterrupt and SystemExit go on as they are.
                Err(error) if !error.is_instance_of::<PyException>(py) => {
                    result = Err(error);
                    break 'states;
                }
                Err(error) => {
                    let raised = hog_error(format!(
                        "{name}({score}, {opponent_score}) raised {}: {}",
                        error.get_type(py).name()?,
                        error.value(py)
                    ));
                    raised.set_cause(py, Some(error));
                    result = Err(raised);
                    break 'states;
                }
            };
            answers[score as usize * g + opponent_score as usize] = match small_int(&answer) {
                Ok(n) => n,
                Err((value, reason)) => {
                    result = Err(value_error(Error::BadAnswer {
                        strategy: name.to_string(),
                        score,
                        opponent_score,
                        value,
                        reason,
                    }));
                    break 'states;
                }
            };
        }
    }
    asked.stop(py);
    result?;
    let answer =
        |score: u32, opponent_score: u32| answers[score as usize * g + opponent_score as usize];
    Policy::from_strategy(&answer, rules, goal, name).map_err(value_error)
}

/// A thread that raises `TimeoutError` in the calling thread at its time
/// limit, unless stopped first. Both ends act holding the GIL, so a stop
/// either comes before the alarm or clears it.
struct Watchdog {
    stop: mpsc::Sender<()>,
    thread: std::thread::JoinHandle<bool>,
    caller: std::os::raw::c_long,
}

impl Watchdog {
    fn start(py: Python<'_>, limit: Duration) -> PyResult<Watchdog> {
        let ident: u64 = py
            .import("threading")?
            .call_method0("get_ident")?
            .extract()?;
        // CPython's thread ids are C unsigned longs, taken as C longs here.
        let caller = ident as std::os::raw::c_long;
        let (stop, stopped) = mpsc::channel::<()>();
        let deadline = Instant::now() + limit;
        let thread = std::thread::spawn(move || {
            let wait = deadline.saturating_duration_since(Instant::now());
            if stopped.recv_timeout(wait) != Err(mpsc::RecvTimeoutError::Timeout) {
                return false;
            }
            Python::attach(|_| {
                if stopped.try_recv() == Err(mpsc::TryRecvError::Empty) {
                    // SAFETY: the GIL is held, and the exception type is a
                    // static object of the interpreter.
                    unsafe {
                        pyo3::ffi::PyThreadState_SetAsyncExc(caller, pyo3::ffi::PyExc_TimeoutError);
                    }
                    true
                } else {
                    false
                }
            })
        });
        Ok(Watchdog {
            stop,
            thread,
            caller,
        })
    }

    /// Whether the alarm has gone off.
    fn rang(&self) -> bool {
        self.thread.is_finished()
    }

    /// Stops the alarm, and clears it where it rang after the last call.
    fn stop(self, py: Python<'_>) {
        self.stop.send(()).ok();
        let rang = py.detach(|| self.thread.join().unwrap_or(false));
        if rang {
            // SAFETY: the GIL is held; a null exception clears a pending one.
            unsafe {
                pyo3::ffi::PyThreadState_SetAsyncExc(self.caller, std::ptr::null_mut());
            }
        }
    }
}

/// An int answer that fits the tables, else its repr and what is wrong, in
/// the words of the CLI's Python driver (with a hint for floats, and for
/// numpy's integers, which the course's `play` refuses too).
fn small_int(answer: &Bound<'_, PyAny>) -> Result<i64, (String, String)> {
    let repr = || {
        answer
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| "?".into())
    };
    if !answer.is_instance_of::<PyInt>() {
        let module = answer
            .get_type()
            .module()
            .map(|m| m.to_string())
            .unwrap_or_default();
        let reason = if module == "numpy" && answer.hasattr("__index__").unwrap_or(false) {
            "num_rolls must be an int (a numpy integer is not: return int(...))"
        } else if answer.is_instance_of::<PyFloat>() {
            "num_rolls must be an int (a float is not: return int(...), or divide with //)"
        } else {
            "num_rolls must be an int"
        };
        return Err((repr(), reason.to_string()));
    }
    match answer.extract::<i64>() {
        Ok(n) if (-128..128).contains(&n) => Ok(n),
        _ => Err((
            answer
                .call_method0("__index__")
                .map(|i| i.to_string())
                .unwrap_or_else(|_| repr()),
            "not a num_rolls the rules allow".to_string(),
        )),
    }
}

/// A table of num_rolls: (score, opponent_score), the same for every hidden
/// value, or (hidden, score, opponent_score). Its values are checked as the
/// numbers they are before they are converted, and any layout is read.
fn from_array(strategy: &Bound<'_, PyAny>, rules: &Rules, goal: u32) -> PyResult<Policy> {
    let py = strategy.py();
    let np = py.import("numpy")?;
    let array = np.call_method1("asarray", (strategy,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u" | "b") {
        return Err(PyTypeError::new_err(format!(
            "a strategy array holds whole numbers of dice, not dtype {}",
            array.getattr("dtype")?.str()?
        )));
    }
    let hidden = rules.hidden().len();
    let g = goal as usize;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    if !(shape == [g, g] || shape == [hidden, g, g]) {
        return Err(value_error(Error::TableMismatch(format!(
            "the array has shape {shape:?}, the rules and goal need ({g}, {g}) or \
             ({hidden}, {g}, {g})"
        ))));
    }
    // A cell out of i8's range, found in the array's own dtype.
    let high = array.call_method1("__gt__", (127,))?;
    let out = if kind == "i" {
        high.call_method1("__or__", (array.call_method1("__lt__", (-128,))?,))?
    } else {
        high
    };
    let found = np.call_method1("argwhere", (out,))?;
    if found.len()? > 0 {
        let at: Vec<usize> = found.get_item(0)?.call_method0("tolist")?.extract()?;
        let value = array
            .get_item(pyo3::types::PyTuple::new(py, &at)?)?
            .call_method0("item")?;
        let (s, o) = (at[at.len() - 2], at[at.len() - 1]);
        return Err(value_error(Error::TableMismatch(format!(
            "num_rolls {value} at score {s}, opponent_score {o} is not an action of {}",
            rules.name()
        ))));
    }
    let array = np.call_method1("ascontiguousarray", (array, "int8"))?;
    let array = array.cast::<PyArrayDyn<i8>>()?;
    let values = array.to_owned_array();
    let actions: Array3<i8> = if shape.len() == 2 {
        let one = values
            .into_shape_with_order((1, g, g))
            .expect("checked shape");
        one.broadcast((hidden, g, g))
            .expect("one slice broadcasts")
            .to_owned()
    } else {
        values
            .into_shape_with_order((hidden, g, g))
            .expect("checked shape")
    };
    Policy::from_actions(rules, goal, actions).map_err(value_error)
}
