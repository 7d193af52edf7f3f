//! `hog`: the command-line tool. It parses the command line, runs the
//! command, and on an error prints `error: ` and the whole error chain on
//! one line to stderr and exits with status 2. A usage error (an unknown,
//! missing or malformed argument) is one `error:` line and one hint line,
//! the command's usage, also with status 2. Control characters in what
//! either stream carries (a file name, a module's output) are escaped
//! ([`printable`]). A closed stdout
//! (`hog ... | head`) is not an error, and a stderr that cannot be written
//! changes only what is printed, never the exit status.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

use hog::cli::Cli;
use hog::{cmd, files, printable};

/// Where memory runs out: one `error:` line and exit status 2.
#[global_allocator]
static ALLOCATOR: hog::alloc::Allocator = hog::alloc::Allocator;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    // Stdout itself, not its lock held for the whole run: a `println!` from
    // a worker thread (a debugging line) then waits its turn instead of
    // waiting forever for main to let go.
    let mut out = printable::Printable(io::stdout());
    let run = files::remove_temporaries_on_signals()
        .and_then(|()| cmd::run(&cli, &mut out))
        .and_then(|()| Ok(out.flush()?));
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            // Nothing is left to tell if stderr fails too.
            let message = format!("{error:#}");
            let _ = writeln!(io::stderr(), "error: {}", printable::printable(&message));
            ExitCode::from(2)
        }
    }
}

/// clap's help and version as clap prints them; any other clap error as one
/// `error:` line (clap's message, its indented details joined on) and the
/// usage line clap gives (or its pointer to `--help`).
fn usage_error(error: &clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    let text = error.render().to_string();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let message = match error.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "error: a subcommand is required".to_string()
        }
        _ => {
            let start = lines
                .iter()
                .position(|l| l.starts_with("error:"))
                .unwrap_or(0);
            lines[start..]
                .iter()
                .take_while(|l| !l.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    let hint = lines
        .iter()
        .find(|l| l.starts_with("Usage:"))
        .or_else(|| lines.iter().rev().find(|l| !l.is_empty()))
        .copied()
        .unwrap_or_default();
    let message = printable::printable_line(&message);
    let hint = printable::printable_line(hint);
    let _ = writeln!(io::stderr(), "{message}\n{hint}");
    ExitCode::from(2)
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
