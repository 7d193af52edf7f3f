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
//!
//! Progress: the work's callback records how far it is; once the work has
//! run for [`SHOW_AFTER`], the waiting thread hands the figures to
//! `hogsolver._progress` (a bar in a notebook's output, or on a terminal's
//! stderr) at each poll, and closes the bar when the work ends.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use hog_solver::stop::{stoppable, Stop};
use pyo3::exceptions::{PyException, PyRuntimeError};
use pyo3::prelude::*;

/// The progress callback the engine and the commands take: (states done,
/// states in all).
pub use hog::ops::Progress;

/// How often the waiting thread runs Python's signal handlers.
const POLL: Duration = Duration::from_millis(20);

/// Work shorter than this shows no progress.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// How often a shown bar is redrawn.
const REDRAW: Duration = Duration::from_millis(200);

/// Runs `work` with the GIL released, handing it a progress callback that
/// ends it when a Python signal handler raises.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    what: &str,
    work: impl FnOnce(Progress) -> T + Send,
) -> PyResult<T> {
    interruptible_with_stop(py, what, |progress, _| work(progress))
}

/// [`interruptible`], handing the work its [`Stop`] too, for work that
/// reports no progress between its long steps (an engine's
/// [`hog_solver::solve::Engine::with_stop`], a strategy's sources).
pub fn interruptible_with_stop<T: Send>(
    py: Python<'_>,
    what: &str,
    work: impl FnOnce(Progress, &Stop) -> T + Send,
) -> PyResult<T> {
    let stop = Stop::new();
    let (done, all) = (AtomicU64::new(0), AtomicU64::new(0));
    let check = |d: u64, a: u64| {
        done.store(d, Ordering::Relaxed);
        all.store(a, Ordering::Relaxed);
        stop.check()
    };
    let mut bar = Bar::new(what);
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
                    raised = Python::attach(|py| {
                        py.check_signals()?;
                        let (d, a) = (done.load(Ordering::Relaxed), all.load(Ordering::Relaxed));
                        bar.show(py, d, a)
                    })
                    .err();
                    if raised.is_some() {
                        stop.request();
                    }
                }
            }
            (worker.join(), raised)
        })
    });
    bar.close(py);
    match (result, raised) {
        // Raised while the work ended anyway: the exception all the same.
        (_, Some(error)) => Err(error),
        (Ok(Ok(value)), None) => Ok(value),
        (Ok(Err(_stopped)), None) => Err(PyRuntimeError::new_err("the work was stopped")),
        // A real panic: let it go on.
        (Err(payload), None) => std::panic::resume_unwind(payload),
    }
}

/// The progress bar of one piece of work, drawn by `hogsolver._progress`.
struct Bar {
    what: String,
    started: Instant,
    drawn: Option<Instant>,
    /// The display object, once shown; None when nothing is shown or the
    /// display failed (progress is never worth an error).
    display: Option<Py<PyAny>>,
}

impl Bar {
    fn new(what: &str) -> Bar {
        Bar {
            what: what.to_string(),
            started: Instant::now(),
            drawn: None,
            display: None,
        }
    }

    /// Shows (done, all) once the work has run long enough, at most every
    /// [`REDRAW`]. A display that fails is dropped; what is no `Exception`
    /// (a `KeyboardInterrupt` its Python code ran into) goes on.
    fn show(&mut self, py: Python<'_>, done: u64, all: u64) -> PyResult<()> {
        let now = Instant::now();
        if all == 0 || now - self.started < SHOW_AFTER {
            return Ok(());
        }
        if self.drawn.is_some_and(|at| now - at < REDRAW) {
            return Ok(());
        }
        let first = self.drawn.is_none();
        self.drawn = Some(now);
        let drawn = if first {
            py.import("hogsolver._progress")
                .and_then(|m| m.call_method1("start", (&self.what,)))
                .map(|display| self.display = Some(display.unbind()))
        } else {
            Ok(())
        };
        let drawn = drawn.and_then(|()| match &self.display {
            Some(display) => display.call_method1(py, "update", (done, all)).map(drop),
            None => Ok(()),
        });
        match drawn {
            Err(error) if !error.is_instance_of::<PyException>(py) => Err(error),
            Err(_) => {
                self.display = None;
                Ok(())
            }
            Ok(()) => Ok(()),
        }
    }

    fn close(&mut self, py: Python<'_>) {
        if let Some(display) = self.display.take() {
            display.call_method0(py, "close").ok();
        }
    }
}
