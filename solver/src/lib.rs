//! hog-solver: rules, exact turn distributions, the DP solver and the exact
//! grader for the dice game Hog. No file I/O and no printing happen here:
//! encoders take `impl Write`, decoders `impl Read`.
#![forbid(unsafe_code)]

pub mod dice;
pub mod error;
pub mod model;
pub mod rules;
pub mod simulate;
pub mod strategy;

pub use error::{Error, Result};
pub use model::{Model, Next};
pub use rules::{Preset, Rules, State, TurnResult, PRESETS};
