//! hog-solver: rules, exact turn distributions, the DP solver and the exact
//! grader for the dice game Hog. No file I/O and no printing happen here:
//! encoders take `impl Write`, decoders `impl Read`.
//!
//! The rules are data ([`Rules`], one [`Preset`] per semester), compiled
//! once for a goal into a [`Model`]; an [`Engine`](solve::Engine) over the
//! model solves the self-play optimum and best responses and grades any
//! strategy against any other exactly. A strategy is anything that answers
//! a state ([`strategy::Strategy`], a closure of the two scores included),
//! written out as a [`Policy`](strategy::Policy) for every state below the
//! goal.
//!
//! # Example
//!
//! Solve Fall 2016's game to 100, grade a student's strategy against the
//! course baseline exactly, and read what the best response to that
//! baseline rolls:
//!
//! ```
//! use hog_solver::solve::{Driver, Engine};
//! use hog_solver::strategy::{course_strategy, Policy};
//! use hog_solver::{Model, Preset, State};
//!
//! let fa16 = Preset::find("fa16").expect("a preset");
//! let rules = fa16.rules();
//! let model = Model::new(&rules, 100)?;
//! let engine = Engine::<f64>::new(&model, Driver::Parallel);
//!
//! // The course baseline, always_roll(4), and a student's final_strategy,
//! // each written out for every state below the goal.
//! let baseline = Policy::from_strategy(
//!     &course_strategy(&rules, "always_roll", &[4])?,
//!     &rules,
//!     100,
//!     fa16.baseline,
//! )?;
//! let mine = |score: u32, opponent_score: u32| if opponent_score >= score + 20 { 7 } else { 5 };
//! let mine = Policy::from_strategy(&mine, &rules, 100, "mine")?;
//!
//! // The exact grade: the mean of moving first and moving second.
//! let grade = engine.grade(&mine, &baseline);
//! let mean = (grade.first.a_wins + grade.second.a_wins) / 2.0;
//! assert!((grade.win_rate - mean).abs() < 1e-15);
//!
//! // No strategy wins more against the baseline than its best response,
//! // which rolls some dice (or chooses Pork Chop) at the start of a game.
//! let best = engine.best_response(&baseline);
//! assert!(best.win_rate() > grade.win_rate);
//! let opening = best.policy.to_policy(&model).get(State::START);
//! assert!(rules.actions().any(|action| action == opening));
//!
//! // A strategy against itself wins one half, draws aside.
//! let even = engine.grade(&baseline, &baseline);
//! assert!((even.win_rate + even.draw / 2.0 - 0.5).abs() < 1e-12);
//! # Ok::<(), hog_solver::Error>(())
//! ```
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
