//! Stopping long work from outside: a [`Stop`] that one thread requests and
//! the threads doing the work check between pieces of it.
//!
//! The engine checks its stop ([`crate::solve::Engine::with_stop`]) as each
//! layer starts, and a team of threads between chunks of states, so a
//! solve, a grade or a search ends within about a layer's work of the
//! request. A check that finds the stop requested unwinds out of the work
//! with [`std::panic::resume_unwind`] (no panic message is printed), which
//! drops whatever the work held (grids, threads, a sandboxed process), and
//! [`stoppable`] turns that unwinding into `Err(Stopped)`.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A request to stop, shared by the thread that requests it and the threads
/// that check it (clones share one request).
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

/// The work ended because its stop was requested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl Stop {
    /// A stop not requested yet.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every check of this stop (and of its clones) to end the work.
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Unwinds out of the work if the stop is requested (see the module's
    /// doc); [`stoppable`] catches it.
    #[inline]
    pub fn check(&self) {
        if self.is_requested() {
            panic::resume_unwind(Box::new(Stopped));
        }
    }
}

/// Runs `work`, which checks `stop`: its value, or `Err(Stopped)` if it
/// ended because the stop was requested. Any other panic goes on.
///
/// A panic while the stop is requested counts as the stop: a team of
/// threads passes a member's unwinding on as a panic of its own.
pub fn stoppable<T>(stop: &Stop, work: impl FnOnce() -> T) -> Result<T, Stopped> {
    match panic::catch_unwind(AssertUnwindSafe(work)) {
        Ok(value) => Ok(value),
        Err(payload) if payload.is::<Stopped>() || stop.is_requested() => Err(Stopped),
        Err(payload) => panic::resume_unwind(payload),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_requested_stop_ends_the_work_and_others_go_on() {
        let stop = Stop::new();
        assert_eq!(stoppable(&stop, || 7), Ok(7));
        let clone = stop.clone();
        let ended = stoppable(&stop, || {
            clone.request();
            stop.check();
            unreachable!("the check unwinds");
        });
        assert_eq!(ended, Err::<(), _>(Stopped));
        // Another panic is not a stop.
        let other = panic::catch_unwind(|| stoppable(&Stop::new(), || panic!("a bug")));
        assert!(other.is_err());
    }
}
