//! The `hog` command-line tool as a library: the command line (`cli`), its
//! commands (`cmd`), and what they share (strategy sources, files, plots,
//! the Python sandbox). The binary (`main.rs`) parses and reports errors;
//! the Python package (`python/`) calls the same code in-process, so both
//! faces give the same numbers.

pub mod alloc;
pub mod cli;
pub mod cmd;
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
