//! What a computation holds in memory, checked before it starts, so that a
//! goal too large for the machine (or for the process's limits, `ulimit
//! -v`) is an error that names the need, not an abort halfway.
//!
//! Every grid holds one cell per state, and a game has H · G² states (H
//! hidden values, goal G). A computation's memory is a fixed part (the
//! model's tables, the program itself) and a part per state:
//!
//! ```text
//!   bytes ≈ BASE + H · G² · per_state(job)
//! ```
//!
//! with per_state measured on the built `hog` (peak resident memory over
//! the states, rounded up): a self-play solve keeps a value (f64) and an
//! action (i8) per state, 9 bytes, measured 9.6 to 10.5; a best response
//! keeps two values and an action beside the opponent's table, 18
//! (measured 18.5); an evaluation keeps two grids of outcomes (three f64
//! where games can be drawn) beside the two tables, 50 (measured 51); a
//! grade's costliest decisions keep the reach of every state beside a
//! whole evaluation of three f64 a grid, 80 (measured 74 to 76).
//! [`check`] asks the allocator for that many bytes at once, and gives them
//! back: an address space too small fails there.

use crate::error::{Error, Result};
use crate::model::Model;

/// The memory any computation holds besides its grids: the program, the
/// model's tables, the threads' stacks.
const BASE: u64 = 64 << 20;

/// What is computed, for its memory per state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The self-play optimum (f64).
    Solve,
    /// A best response to a fixed strategy (f64).
    BestResponse,
    /// An exact evaluation or grade of two fixed strategies (f64).
    Evaluate,
    /// A grade's costliest decisions: the reach and a whole evaluation (f64).
    Costliest,
}

impl Job {
    fn per_state(self) -> u64 {
        match self {
            Job::Solve => 11,
            Job::BestResponse => 20,
            Job::Evaluate => 52,
            Job::Costliest => 80,
        }
    }

    fn words(self) -> &'static str {
        match self {
            Job::Solve => "the solve",
            Job::BestResponse => "the best response",
            Job::Evaluate => "the evaluation",
            Job::Costliest => "the costliest decisions (--costliest 0: none)",
        }
    }
}

/// The bytes `job` holds at most under `model` (see the module's formula).
pub fn needed(model: &Model, job: Job) -> u64 {
    let states = model.hidden().len() as u64 * u64::from(model.goal()).pow(2);
    BASE + states * job.per_state()
}

/// Checks that the process can have the memory `job` needs under `model`,
/// by reserving it once; [`Error::OutOfMemory`] names the need where it
/// cannot.
pub fn check(model: &Model, job: Job) -> Result<()> {
    check_beside(model, job, 0)
}

/// [`check`] with `beside` more bytes a state held at the same time: the
/// Python package copies a solve's values (f64) and policy (i8) out of the
/// engine's grids, 9 bytes a state, before it drops them.
pub fn check_beside(model: &Model, job: Job, beside: u64) -> Result<()> {
    let states = model.hidden().len() as u64 * u64::from(model.goal()).pow(2);
    let bytes = needed(model, job) + states * beside;
    let mut trial: Vec<u8> = vec![];
    match usize::try_from(bytes)
        .ok()
        .filter(|&n| trial.try_reserve_exact(n).is_ok())
    {
        Some(_) => Ok(()),
        None => Err(Error::OutOfMemory {
            what: format!(
                "{} of {} at goal {}",
                job.words(),
                model.rules().name(),
                model.goal()
            ),
            bytes,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    /// fa16 at goal 10,000: 2 x 10,000² states, 11 bytes each and the base.
    #[test]
    fn the_need_grows_with_the_states() {
        let model = Model::new(&Rules::fa16(), 10_000).unwrap();
        assert_eq!(
            needed(&model, Job::Solve),
            (64 << 20) + 2 * 100_000_000 * 11
        );
        let small = Model::new(&Rules::fa13(), 100).unwrap();
        assert!(check(&small, Job::Evaluate).is_ok());
    }
}
