//! Long work with the GIL released, stopped by Ctrl-C.
//!
//! The work runs on a thread of its own, while the calling thread waits for
//! it and, every [`POLL`], takes the GIL for a moment and runs Python's
//! signal handlers (CPython runs them on the main thread only, so the work's
//! own threads cannot). If one raises (Ctrl-C: `KeyboardInterrupt`), the
//! work's [`Stop`] is requested: the engine checks it as each layer starts
//! and between a team's chunks of states, a sandboxed Python strategy's
//! wait checks it and ends python3's process group, and the progress
//! callback handed to the work checks it too. The check unwinds out of the
//! work, which holds no state outside its own frames, so nothing is left
//! half-done, and the Python exception is raised in place of the result.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use hog_solver::stop::{stoppable, Stop};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// The progress callback the engine takes: (states done, states in all).
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// How often the waiting thread runs Python's signal handlers.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work` with the GIL released, handing it a progress callback that
/// ends it when a Python signal handler raises.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Progress) -> T + Send,
) -> PyResult<T> {
    interruptible_with_stop(py, |progress, _| work(progress))
}

/// [`interruptible`], handing the work its [`Stop`] too, for work that
/// reports no progress between its long steps (an engine's
/// [`hog_solver::solve::Engine::with_stop`], a strategy's sources).
pub fn interruptible_with_stop<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Progress, &Stop) -> T + Send,
) -> PyResult<T> {
    let stop = Stop::new();
    let check = |_done: u64, _all: u64| stop.check();
    let (result, raised) = py.detach(|| {
        let (ended, end) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let result = stoppable(&stop, || work(&check, &stop));
                // Dropped unsent by a panic, which ends the wait all the same.
                ended.send(()).ok();
                result
            });
            let mut raised = None;
            while let Err(RecvTimeoutError::Timeout) = end.recv_timeout(POLL) {
                if raised.is_none() {
                    raised = Python::attach(|py| py.check_signals()).err();
                    if raised.is_some() {
                        stop.request();
                    }
                }
            }
            (worker.join(), raised)
        })
    });
    match (result, raised) {
        // Raised while the work ended anyway: the exception all the same.
        (_, Some(error)) => Err(error),
        (Ok(Ok(value)), None) => Ok(value),
        (Ok(Err(_stopped)), None) => Err(PyRuntimeError::new_err("the work was stopped")),
        // A real panic: let it go on.
        (Err(payload), None) => std::panic::resume_unwind(payload),
    }
}
