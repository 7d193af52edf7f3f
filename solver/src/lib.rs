//! hog-solver: rules, exact turn distributions, the DP solver and the exact
//! grader for the dice game Hog. No file I/O and no printing happen here:
//! encoders take `impl Write`, decoders `impl Read`.
#![forbid(unsafe_code)]

pub mod bids;
pub mod blind;
pub mod dice;
pub mod error;
pub mod evaluate;
pub mod exact;
pub mod memory;
pub mod model;
pub mod policy_file;
pub mod reach;
pub mod round_robin;
pub mod rules;
pub mod simulate;
pub mod solve;
pub mod stop;
pub mod strategy;
pub mod table;

pub use error::{Error, Result};
pub use model::{Model, Next};
pub use rules::{Preset, Rules, State, TurnResult, PRESETS};
