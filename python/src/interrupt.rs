//! Long work with the GIL released, stopped by Ctrl-C.
//!
//! The engine tells its progress callback as each layer of equal score sum
//! starts (a few hundred times a solve at goal 100). There the callback takes
//! the GIL for a moment and runs Python's signal handlers; if one raises
//! (Ctrl-C: `KeyboardInterrupt`), the callback unwinds out of the engine
//! with [`std::panic::resume_unwind`] (which runs no panic hook, so nothing
//! is printed), the unwinding is caught here, and the Python exception is
//! raised in its place. The engine holds no state outside its own frames, so
//! nothing is left half-done. Work without progress callbacks (the blind
//! search's sweeps of `hog.final`) is stopped only at its next callback.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;

use pyo3::prelude::*;

/// The progress callback the engine takes: (states done, states in all).
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// The payload of the unwinding that stops the work.
struct Interrupted;

/// Runs `work` with the GIL released, handing it a progress callback that
/// stops it when a Python signal handler raises.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Progress) -> T + Send,
) -> PyResult<T> {
    let raised: Mutex<Option<PyErr>> = Mutex::new(None);
    let check = |_done: u64, _all: u64| {
        if let Err(error) = Python::attach(|py| py.check_signals()) {
            *raised.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
            panic::resume_unwind(Box::new(Interrupted));
        }
    };
    let result = py.detach(|| panic::catch_unwind(AssertUnwindSafe(|| work(&check))));
    match result {
        Ok(value) => Ok(value),
        Err(payload) => match raised.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(error) => Err(error),
            // A real panic: let it go on.
            None => panic::resume_unwind(payload),
        },
    }
}
