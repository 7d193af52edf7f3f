//! `hog`: the command-line tool. It parses the command line, runs the
//! command, and on an error prints `error: ` and the whole error chain to
//! stderr and exits with status 2. A closed stdout (`hog ... | head`) is not
//! an error.

mod cli;
mod cmd;
mod files;
mod plot;
mod progress;
mod python;
mod recorded;
mod sources;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = io::stdout().lock();
    match cmd::run(&cli, &mut out).and_then(|()| Ok(out.flush()?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
