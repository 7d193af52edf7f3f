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
mod replay;
mod rules;
mod simulate;
mod solve;
mod table;
mod tables;
mod turn;

use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use hog_solver::rules::check_goal;
use hog_solver::strategy::Policy;
use hog_solver::{Rules, State};
use serde::Serialize;

use crate::cli::args::{Cli, Command, GameArgs, PlayersArgs, PythonArgs, TurnRulesArgs};
use crate::files::{self, Kind};
use crate::ops::turn::check_face;
use crate::ops::{
    check_score, exact_fraction_text, exact_json, hidden_index, hidden_words, state, Cell,
    StrategyContext,
};
use crate::strategies::{FileKind, Sources, Strategy};
use crate::{game, printable};

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

fn dispatch(cli: &Cli, out: &mut dyn Write) -> Result<()> {
    let out = &mut Led {
        pending: None,
        first: Vec::new(),
        out,
    };
    let result = command(cli, out);
    // A command that printed nothing still says where its rules came from;
    // one that failed says it only after output of its own.
    if result.is_ok() || !out.first.is_empty() {
        out.lead()?;
    }
    result
}

/// A command's output, led by the line that says where its rules came
/// from: written just before the command's first output (on stderr where
/// stdout carries JSON or a file), so that an error met before any output
/// stands alone, one line. On stdout it stands in for the command's own
/// first line where that line names the same rules (`rules      fa16`),
/// and what such a line says besides follows on a line of its own
/// (`rules        fa16, goal 100` leaves `goal         100`): the output
/// names its rules once.
pub(super) struct Led<'a> {
    pending: Option<(String, bool)>,
    /// The command's output up to its first newline, held while a line
    /// for stdout is pending.
    first: Vec<u8>,
    out: &'a mut dyn Write,
}

impl Led<'_> {
    /// Writes the pending line, if any, and the command's first line
    /// unless it is a `rules` line.
    fn lead(&mut self) -> std::io::Result<()> {
        match self.pending.take() {
            // A line that cannot be printed on stderr changes nothing.
            Some((line, true)) => {
                let _ = writeln!(std::io::stderr(), "rules        {line}");
                Ok(())
            }
            Some((line, false)) => {
                writeln!(self.out, "rules        {line}")?;
                let first = std::mem::take(&mut self.first);
                match std::str::from_utf8(&first)
                    .ok()
                    .and_then(|l| besides(l, &line))
                {
                    Some(None) => Ok(()),
                    Some(Some(rest)) => self.out.write_all(rest.as_bytes()),
                    None => self.out.write_all(&first),
                }
            }
            None => Ok(()),
        }
    }
}

/// What a command's first line `first` says besides its rules, where it is
/// a `rules` line naming the rules that the led `line` names: `Some(None)`
/// where it says nothing more, else the rest as a line of the same columns
/// (`goal         100` for `rules        fa16, goal 100`); `None` where
/// it is another line.
fn besides(first: &str, line: &str) -> Option<Option<String>> {
    let named = first.strip_prefix("rules").filter(|n| n.starts_with(' '))?;
    let column = first.len() - named.trim_start().len();
    let named = named.trim();
    let (name, rest) = match named.split_once(", ") {
        Some((name, rest)) => (name, Some(rest)),
        None => (named, None),
    };
    let led = line.strip_prefix(name)?;
    if name.is_empty() || !(led.is_empty() || led.starts_with([',', ' '])) {
        return None;
    }
    Some(rest.map(|rest| match rest.split_once(' ') {
        Some((key, value)) => format!("{key:<0$}{value}\n", column),
        None => format!("{rest}\n"),
    }))
}

impl Write for Led<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if matches!(self.pending, Some((_, false))) {
            // Held until the first line is whole, then led.
            match bytes.iter().position(|&b| b == b'\n') {
                None => {
                    self.first.extend_from_slice(bytes);
                    return Ok(bytes.len());
                }
                Some(end) => {
                    self.first.extend_from_slice(&bytes[..=end]);
                    self.lead()?;
                    self.out.write_all(&bytes[end + 1..])?;
                    return Ok(bytes.len());
                }
            }
        }
        self.lead()?;
        self.out.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

fn command(cli: &Cli, out: &mut Led) -> Result<()> {
    let sources = |python: &PythonArgs| Sources::new(Duration::from_secs(python.python_timeout));
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
        Command::Dist(args) => {
            let (rules, goal) = game(&args.turn.game.game(), &[], args.json.json, out)?;
            dist::run(args, &rules, goal, out)
        }
        Command::Turn(args) => {
            let (rules, goal) = game(&args.turn.game.game(), &[], args.json.json, out)?;
            turn::run(args, &rules, goal, out)
        }
        Command::Replay(args) => {
            let p = &args.players;
            let (rules, goal) = game(&p.game, &[Some(&p.p0), Some(&p.p1)], p.json.json, out)?;
            replay::run(args, &rules, goal, &sources(&p.python), p.json.json, out)
        }
        Command::Simulate(args) => {
            let p = &args.players;
            let (rules, goal) = game(&p.game, &[Some(&p.p0), Some(&p.p1)], p.json.json, out)?;
            simulate::run(args, &rules, goal, &sources(&p.python), p.json.json, out)
        }
        Command::Solve(args) => {
            // A table written to stdout (-o -) leaves the rules line to stderr.
            let to_stdout = args.output.as_deref() == Some(Path::new("-"));
            let (rules, goal) = game(
                &args.game,
                &[args.against.as_ref()],
                args.json.json || to_stdout,
                out,
            )?;
            solve::run(
                args,
                &rules,
                goal,
                &sources(&args.python),
                args.json.json,
                out,
            )
        }
        Command::Grade(args) => {
            let strategies = [Some(&args.strategy), args.against.as_ref()];
            let (rules, goal) = game(&args.game, &strategies, args.json.json, out)?;
            grade::run(
                args,
                &rules,
                goal,
                &sources(&args.python),
                args.json.json,
                out,
            )
        }
        Command::Heatmap(args) => {
            let strategies = [
                Some(&args.source),
                args.diff.as_ref(),
                args.against.as_ref(),
            ];
            let (rules, goal) = game(&args.game, &strategies, args.json.json, out)?;
            heatmap::run(
                args,
                &rules,
                goal,
                &sources(&args.python),
                args.json.json,
                out,
            )
        }
        Command::Export(args) => {
            // An export to stdout prints the file there: the note goes to stderr.
            let to_stdout = args.output.as_ref().is_none_or(|o| o.as_os_str() == "-");
            let (rules, goal) = game(
                &args.game,
                &[Some(&args.source)],
                args.json.json || to_stdout,
                out,
            )?;
            export::run(
                args,
                &rules,
                goal,
                &sources(&args.python),
                args.json.json,
                out,
            )
        }
        Command::Final(args) => {
            let against: Vec<_> = args.against.iter().map(Some).collect();
            let (rules, goal) = game(&args.game, &against, args.json.json, out)?;
            if args.against.len() > 1 {
                return final_field::run(
                    args,
                    &rules,
                    goal,
                    &sources(&args.python),
                    args.json.json,
                    out,
                );
            }
            final_strategy::run(
                args,
                &rules,
                goal,
                &sources(&args.python),
                args.json.json,
                out,
            )
        }
        Command::Contest(args) => {
            let entries = crate::ops::contest::expand_entries(&args.entries)?;
            let against = args.against.clone().map(Strategy::Text);
            crate::ops::contest::refuse_weaker_wall(
                &entries,
                against.as_ref(),
                args.weaker_sandbox,
            )?;
            let game = contest::game(args, &entries, args.json.json, out)?;
            let sources = Sources::new(Duration::from_secs(args.python_timeout));
            contest::run(args, entries, game, &sources, args.json.json, out)
        }
        Command::Explain(args) => {
            // `--strategy final` names no file.
            let strategy = args.strategy.as_ref().filter(|s| s.trim() != "final");
            let strategies = [args.against.as_ref(), strategy];
            let (rules, goal) = game(&args.game, &strategies, args.json.json, out)?;
            explain::run(args, &rules, goal, &sources(&args.python), out)
        }
        Command::Table(args) => table::run(args, out),
        Command::Completions(args) => {
            clap_complete::generate(args.shell, &mut Cli::command(), "hog", out);
            Ok(())
        }
        Command::Tables(args) => {
            let goal = check_goal(args.goal)?;
            tables::run(args, goal, &sources(&args.python), out)
        }
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

/// The game from --rules, --goal, the strategy files and the project
/// folder: the folder of the first Python file among the strategies, else
/// the working folder (see [`game_of`]).
fn game(
    game: &GameArgs,
    strategies: &[Option<&String>],
    stderr: bool,
    out: &mut Led,
) -> Result<(Rules, u32)> {
    let folder = strategies
        .iter()
        .flatten()
        .find_map(|text| match FileKind::of(text) {
            FileKind::Python { path, .. } if path.is_file() => path.parent(),
            _ => None,
        })
        .unwrap_or(Path::new(""));
    game_of(game, strategies, &[folder], stderr, out)
}

/// The game from --rules, --goal, the strategy files and the project
/// `folders` (see [`crate::game`]). Where the rules came from the folders'
/// files, or from nothing, or differ from what the folders name, the
/// output's first line says so (on stderr when stdout carries JSON or a
/// file; see [`Led`]).
fn game_of(
    game: &GameArgs,
    strategies: &[Option<&String>],
    folders: &[&Path],
    stderr: bool,
    out: &mut Led,
) -> Result<(Rules, u32)> {
    let strategies: Vec<&str> = strategies.iter().flatten().map(|s| s.as_str()).collect();
    let found = game::find(game.rules.as_deref(), game.goal, &strategies, folders)?;
    out.pending = found
        .line
        .map(|line| (crate::printable::printable_line(&line).into_owned(), stderr));
    Ok((found.rules, found.goal))
}

/// Die faces written `a,b,c`: whole numbers from 1 to [`MAX_FACE`].
fn faces(flag: &str, text: &str) -> Result<Vec<i64>> {
    text.split(',')
        .map(|face| {
            let face = face.trim();
            let value: i64 = face.parse().map_err(|_| {
                anyhow!("{flag} '{text}': '{face}' is not a die face (a whole number from 1)")
            })?;
            check_face(value).with_context(|| format!("{flag} '{text}'"))?;
            Ok(value)
        })
        .collect()
}

/// The state `dist` and `turn` are given.
fn cell(score: i64, opp: i64, turn: &TurnRulesArgs) -> Cell {
    Cell {
        score,
        opponent_score: opp,
        sides: turn.sides,
        hidden: turn.hidden.clone(),
    }
}

/// Both players' strategies as policies.
fn players(args: &PlayersArgs, rules: &Rules, goal: u32, sources: &Sources) -> Result<[Policy; 2]> {
    Ok([
        sources
            .policy(&args.p0, rules, goal)
            .context("player 0 (--p0)")?,
        sources
            .policy(&args.p1, rules, goal)
            .context("player 1 (--p1)")?,
    ])
}

/// The first line of `dist` and `turn`: the rules, the state and the action.
fn turn_header(rules: &Rules, goal: u32, state: State, num_rolls: i32) -> String {
    format!(
        "{}, goal {goal}: score {}, opponent_score {}, {}, num_rolls {num_rolls} ({})",
        rules.name(),
        state.score,
        state.opponent_score,
        state_words(rules, state),
        roll_words(rules, state, num_rolls)
    )
}

/// What a state holds besides the two scores, in words: its hidden value
/// ([`hidden_words`]: "memories 3 (mover) and 5 (opponent)"), or "sides 6"
/// where the rules hide nothing.
fn state_words(rules: &Rules, state: State) -> String {
    let hidden = rules.hidden();
    if hidden.is_empty() {
        format!("sides {}", state.sides)
    } else {
        hidden_words(&hidden, hidden.index(state))
    }
}

/// What a turn with this action rolls, in words: "3 six-sided dice".
fn roll_words(rules: &Rules, state: State, num_rolls: i32) -> String {
    let rolled = rules.effective_rolls(state, num_rolls);
    let words = match rolled {
        -1 => "Pork Chop".to_string(),
        0 => "no dice".to_string(),
        n => {
            let dice = rules.dice(state);
            format!(
                "{n} {}-sided {}{}",
                if dice.sides == 4 { "four" } else { "six" },
                if dice.reroll { "re-rolling " } else { "" },
                if n == 1 { "die" } else { "dice" }
            )
        }
    };
    if rolled == num_rolls {
        words
    } else {
        format!("Hog Tied: {words}")
    }
}

/// One line of JSON.
fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<()> {
    writeln!(out, "{}", serde_json::to_string(value)?)?;
    Ok(())
}
