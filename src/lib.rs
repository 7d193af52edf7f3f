//! The `hog` crate: the commands' library (`commands`, and what the
//! commands share: strategy sources, files, plots, the Python sandbox),
//! and over it the command line (`cli`, `cmd`, private to the crate; its
//! entry, `entry`). The binary (`main.rs`) runs the command line; the
//! Python package (`python/`) calls the same library in-process, so both
//! faces give the same numbers (docs/architecture.md draws the layers).

pub mod alloc;
mod cli;
mod cmd;
pub mod commands;
pub mod entry;
pub mod files;
mod plot;
pub mod printable;
pub mod progress;
mod python;
pub mod recorded;
mod sandbox;
pub mod secret;
pub mod semester;
pub mod sources;
