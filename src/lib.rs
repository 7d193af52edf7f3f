//! The `hog` crate: the commands' library (`ops`, and what the commands
//! share: the game a command plays, strategy arguments, files, plots, the
//! sandbox that runs a student's Python), and over it the command line
//! (`cli`; its one public item is [`cli::run`]). The binary (`main.rs`)
//! runs the command line; the Python package (`python/`) calls the same
//! library in-process, so both faces give the same numbers
//! (docs/architecture.md draws the layers).

pub mod alloc;
pub mod cli;
pub mod files;
pub mod game;
pub mod ops;
mod plot;
pub mod printable;
pub mod progress;
mod sandbox;
pub mod secret;
pub mod serve;
pub mod strategies;
