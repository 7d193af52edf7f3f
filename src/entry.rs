//! The command-line face, for the `hog` binary and for the Python package's
//! `hog` command (`python -m hogsolver`): it parses the command line, runs the
//! command, and on an error prints `error: ` and the whole error chain on
//! one line to stderr and exits with status 2. A usage error (an unknown,
//! missing or malformed argument) is one `error:` line and one hint line,
//! the command's usage, also with status 2. Control characters in what
//! either stream carries (a file name, a module's output) are escaped
//! ([`printable`]). A closed stdout
//! (`hog ... | head`) is not an error, and a stderr that cannot be written
//! changes only what is printed, never the exit status.

use std::io::{self, Write};

use clap::error::ErrorKind;
use clap::Parser;

use crate::cli::Cli;
use crate::{cmd, files, printable};

/// Runs `hog ARGS...` (`args` with the program's name first) as the binary
/// does; its exit status (0, or 2 for an error).
pub fn run(args: impl IntoIterator<Item = std::ffi::OsString>) -> u8 {
    let cli = match Cli::try_parse_from(args) {
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
        Ok(()) => 0,
        Err(error) if is_broken_pipe(&error) => 0,
        Err(error) => {
            // Nothing is left to tell if stderr fails too.
            let message = format!("{error:#}");
            let _ = writeln!(io::stderr(), "error: {}", printable::printable(&message));
            2
        }
    }
}

/// clap's help and version as clap prints them, and the same help where a
/// command is left out (a bare `hog` lists the commands, as `hog --help`,
/// on stdout with status 0); any other clap error as one `error:` line
/// (clap's message, its indented details joined on, ranges in words) and
/// the usage line clap gives (or its pointer to `--help`).
fn usage_error(error: &clap::Error) -> u8 {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            return 0;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = write!(io::stdout(), "{}", error.render());
            return 0;
        }
        _ => {}
    }
    let text = error.render().to_string();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("error:"))
        .unwrap_or(0);
    let message = lines[start..]
        .iter()
        .take_while(|l| !l.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let message = ranges_in_words(&message);
    let hint = lines
        .iter()
        .find(|l| l.starts_with("Usage:"))
        .or_else(|| lines.iter().rev().find(|l| !l.is_empty()))
        .copied()
        .unwrap_or_default();
    let message = printable::printable_line(&message);
    let hint = printable::printable_line(hint);
    let _ = writeln!(io::stderr(), "{message}\n{hint}");
    2
}

/// clap's ranges in the words a Python student reads: `is not in 0..=10`
/// becomes `is not in 0 to 10`.
fn ranges_in_words(message: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    for word in message.split(' ') {
        let range = word.split_once("..=").filter(|(low, high)| {
            let number = |s: &str| {
                !s.is_empty()
                    && s.trim_start_matches('-')
                        .bytes()
                        .all(|b| b.is_ascii_digit())
            };
            number(low) && number(high)
        });
        match range {
            Some((low, high)) => words.push(format!("{low} to {high}")),
            None => words.push(word.to_string()),
        }
    }
    words.join(" ")
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
