//! The command-line face, for the `hog` binary and for the Python package's
//! `hog` command (`python -m hogsolver`): [`run`] parses the command line
//! (clap, [`args`]), runs the command, and on an error prints `error: ` and
//! the whole error chain on one line to stderr and exits with status 2. A
//! usage error (an unknown, missing or malformed argument) is one `error:`
//! line and one hint line, the command's usage, also with status 2. Control
//! characters in what either stream carries (a file name, a module's
//! output) are escaped ([`printable`]). A closed stdout (`hog ... | head`)
//! is not an error, and a stderr that cannot be written changes only what
//! is printed, never the exit status.
//!
//! Each command has a file here: it turns its arguments into the input of
//! its function in [`crate::ops`] (or of the engine's, for the commands
//! that only the command line has), and the result into text or `--json`
//! on `out`. Errors are returned; [`run`] prints them.

mod args;
mod contest;
mod dist;
mod explain;
mod export;
mod final_field;
mod final_strategy;
mod grade;
mod heatmap;
mod page;
mod play;
mod replay;
mod rules;
mod serve;
mod simulate;
mod solve;
mod table;
mod tables;
mod turn;

use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::FromArgMatches;
use hog_solver::strategy::Policy;
use hog_solver::Rules;
use serde::Serialize;

use crate::cli::args::{Cli, Command, GameArgs, PlayersArgs, PythonArgs};
use crate::files::{self, Kind};
use crate::ops::StrategyContext;
use crate::strategies::{Sources, Strategy};
use crate::{game, printable};

/// Runs `hog ARGS...` (`args` with the program's name first) as the binary
/// does; its exit status (0, or 2 for an error).
pub fn run(args: impl IntoIterator<Item = std::ffi::OsString>) -> u8 {
    let cli = match args::command()
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    // Stdout itself, not its lock held for the whole run: a `println!` from
    // a worker thread (a debugging line) then waits its turn instead of
    // waiting forever for main to let go.
    let mut out = printable::Printable(io::stdout());
    // The server stops on its own signals, finishing the requests in
    // flight; it makes no temporaries.
    let signals = match cli.command {
        Command::Serve(_) => Ok(()),
        _ => files::remove_temporaries_on_signals(),
    };
    let run = signals
        .and_then(|()| dispatch(&cli, &mut out))
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
/// (clap's message, its indented details joined on, ranges in words, and
/// the name clap finds nearest a misspelt command or option) and the usage
/// line clap gives (or its pointer to `--help`).
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
    let mut message = ranges_in_words(&message);
    for kind in [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg] {
        let near = match error.get(kind) {
            Some(ContextValue::String(near)) => Some(near),
            Some(ContextValue::Strings(near)) => near.first(),
            _ => None,
        };
        if let Some(near) = near {
            message += &format!(" (did you mean '{near}'?)");
        }
    }
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

fn dispatch(cli: &Cli, out: &mut dyn Write) -> Result<()> {
    // Before any work: where the output goes (its name's format; a name of
    // no format is refused by the command, or by the writer).
    if let Some((path, force)) = output(&cli.command) {
        match Kind::of_name(path) {
            Some(kind) => files::check(path, kind, force)?,
            None => files::check_place(path)?,
        }
    }
    match &cli.command {
        Command::Rules(args) => rules::run(args, out),
        Command::Dist(args) => dist::run(args, out),
        Command::Turn(args) => turn::run(args, out),
        Command::Replay(args) => replay::run(args, out),
        Command::Simulate(args) => simulate::run(args, out),
        Command::Solve(args) => solve::run(args, out),
        Command::Grade(args) => grade::run(args, out),
        Command::Heatmap(args) => heatmap::run(args, out),
        Command::Export(args) => export::run(args, out),
        Command::Final(args) if args.against.len() > 1 => final_field::run(args, out),
        Command::Final(args) => final_strategy::run(args, out),
        Command::Contest(args) => contest::run(args, out),
        Command::Explain(args) => explain::run(args, out),
        Command::Play(args) => play::run(args, out),
        Command::Table(args) => table::run(args, out),
        Command::Serve(args) => serve::run(args, out),
        Command::Completions(args) => {
            clap_complete::generate(args.shell, &mut args::command(), "hog", out);
            Ok(())
        }
        Command::Tables(args) => tables::run(args, out),
    }
}

/// The file a command writes (its `-o`) and its `--force`, checked before
/// any work.
fn output(command: &Command) -> Option<(&Path, bool)> {
    match command {
        Command::Solve(args) => Some((args.output.as_deref()?, args.force)),
        Command::Final(args) => Some((args.output.as_deref()?, args.force)),
        Command::Export(args) => Some((args.output.as_deref()?, args.force)),
        Command::Contest(args) => Some((args.output.as_deref()?, args.force)),
        Command::Heatmap(args) => Some((&args.output, args.force)),
        _ => None,
    }
}

/// What turns a command's strategies into policies, with its
/// `--python-timeout`.
fn sources(python: &PythonArgs) -> Sources {
    Sources::new(Duration::from_secs(python.python_timeout))
}

/// The command's main strategy (its argument), read once
/// ([`Strategy::read`]); an error that does not name the strategy already
/// says that it is about `role`.
fn read(text: &str, role: &str) -> Result<Strategy> {
    Strategy::read(text).strategy_context(role)
}

/// A strategy given by an option, read once; an error says that it is
/// about `role` (the option).
fn read_option(text: Option<&String>, role: &str) -> Result<Option<Strategy>> {
    text.map(|text| Strategy::read(text).context(role.to_string()))
        .transpose()
}

/// The game a command plays, and the line its output leads with.
struct Played {
    rules: Rules,
    goal: u32,
    lead: Lead,
    /// The semester the user knows, where the preset that plays it has
    /// another name (see [`crate::game::Game::semester`]).
    semester: Option<String>,
}

impl Played {
    /// The rules as the output names them: `sp26 (= sp24)`.
    fn name(&self) -> String {
        game::named(&self.rules, self.semester.as_deref())
    }
}

/// The game from --rules, --goal, the strategies read and the project
/// folder: the folder of the first Python file among the strategies, else
/// the working folder (see [`crate::game`]). `stderr`: the command's
/// stdout carries JSON or a file, so its lead line goes to stderr.
fn game_played(game: &GameArgs, strategies: &[&Strategy], stderr: bool) -> Result<Played> {
    let folder = strategies
        .iter()
        .find_map(|strategy| strategy.module()?.0.path.parent())
        .unwrap_or(Path::new(""));
    game_played_in(game, strategies, &[folder], stderr)
}

/// The game from --rules, --goal, the strategies read and the project
/// `folders` (see [`crate::game`]).
fn game_played_in(
    game: &GameArgs,
    strategies: &[&Strategy],
    folders: &[&Path],
    stderr: bool,
) -> Result<Played> {
    let found = game::find(game.rules.as_deref(), game.goal, strategies, folders)?;
    Ok(Played {
        rules: found.rules,
        goal: found.goal,
        lead: Lead::new(found.line, stderr),
        semester: found.semester,
    })
}

/// The line a command's output leads with where its rules came from the
/// project folder's files or from nothing, or differ from what the folder
/// names (see [`crate::game::Game::line`]): `rules        LINE`. It is
/// written with the command's first output, so that an error met before
/// any output stands alone, one line; on stderr where stdout carries JSON
/// or a file. On stdout it stands in for the command's own rules line
/// (`rules        fa16, goal 100`), and what that line says besides the
/// rules follows on a line of its own (`goal         100`): the output
/// names its rules once.
struct Lead {
    line: Option<String>,
    stderr: bool,
}

impl Lead {
    fn new(line: Option<String>, stderr: bool) -> Lead {
        Lead {
            line: line.map(|line| printable::printable_line(&line).into_owned()),
            stderr,
        }
    }

    /// The lead line, before a command's first output that is no rules
    /// line (or on stderr).
    fn before(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.line {
            None => Ok(()),
            // A line that cannot be printed on stderr changes nothing.
            Some(line) if self.stderr => {
                let _ = writeln!(io::stderr(), "rules        {line}");
                Ok(())
            }
            Some(line) => writeln!(out, "rules        {line}"),
        }
    }

    /// A command's first line, its rules line: `rules`, the rules' `name`
    /// and what it says `besides` (a key and a value: `goal`, `100`), in a
    /// column of `width`; or the lead line in its place, and what it says
    /// besides on a line of its own.
    fn rules(
        &self,
        out: &mut dyn Write,
        width: usize,
        name: &str,
        besides: Option<(&str, &str)>,
    ) -> io::Result<()> {
        if self.line.is_none() || self.stderr {
            self.before(out)?;
            return match besides {
                Some((key, value)) => writeln!(out, "{:<width$}{name}, {key} {value}", "rules"),
                None => writeln!(out, "{:<width$}{name}", "rules"),
            };
        }
        self.before(out)?;
        match besides {
            Some((key, value)) => writeln!(out, "{key:<width$}{value}"),
            None => Ok(()),
        }
    }
}

/// Both players' strategies (`--p0`, `--p1`), read, and the game they play.
fn players(args: &PlayersArgs) -> Result<([Strategy; 2], Played)> {
    let players = [
        Strategy::read(&args.p0).context("player 0 (--p0)")?,
        Strategy::read(&args.p1).context("player 1 (--p1)")?,
    ];
    let played = game_played(&args.game, &[&players[0], &players[1]], args.json.json)?;
    Ok((players, played))
}

/// Both players as policies for the game.
fn policies(players: &[Strategy; 2], played: &Played, sources: &Sources) -> Result<[Policy; 2]> {
    let policy = |p: usize| {
        sources
            .play(&players[p], &played.rules, played.goal)
            .with_context(|| format!("player {p} (--p{p})"))
    };
    Ok([policy(0)?, policy(1)?])
}

/// One line of JSON.
fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<()> {
    writeln!(out, "{}", serde_json::to_string(value)?)?;
    Ok(())
}
