//! The subcommands, and the checks of command-line values they share. Every
//! command writes to `out` and returns its errors; `main` prints them.

mod contest;
mod contest_cache;
mod dist;
mod explain;
pub mod export;
mod final_field;
mod final_strategy;
mod grade;
mod heatmap;
mod page;
mod replay;
mod rules;
mod simulate;
pub mod solve;
mod table;
mod tables;
mod turn;

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::CommandFactory;
use hog_solver::exact::Exact;
use hog_solver::rules::check_goal;
use hog_solver::strategy::Policy;
use hog_solver::{Error, Rules, State};
use serde::Serialize;

use crate::cli::{Cli, Command, GameArgs, PlayersArgs, PythonArgs};
use crate::files::check_writable;
use crate::recorded::{self, Origin};
use crate::sources::Sources;

/// The largest die face the tool accepts (test dice may exceed the sides).
const MAX_FACE: i64 = 100;

pub fn run(cli: &Cli, out: &mut dyn Write) -> Result<()> {
    let sources = |python: &PythonArgs| Sources::new(Duration::from_secs(python.python_timeout));
    if let Some(path) = output(&cli.command) {
        check_writable(path)?;
    }
    match &cli.command {
        Command::Rules(args) => rules::run(args, out),
        Command::Dist(args) => {
            let (rules, goal) = game(&args.turn.game.game(), &[], false, out)?;
            dist::run(args, &rules, goal, out)
        }
        Command::Turn(args) => {
            let (rules, goal) = game(&args.turn.game.game(), &[], false, out)?;
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
            let (rules, goal) = game(&args.game, &[args.against.as_ref()], args.json.json, out)?;
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
            let strategies = [Some(&args.strategy), args.baseline.as_ref()];
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
                args.baseline.as_ref(),
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
            let entries = contest::expand_entries(&args.entries)?;
            let (rules, goal) = contest::game(args, &entries, args.json.json, out)?;
            let sources = Sources::new(Duration::from_secs(args.python_timeout));
            contest::run(args, &entries, &rules, goal, &sources, args.json.json, out)
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

/// The file a command writes (its `-o`), checked before any work.
fn output(command: &Command) -> Option<&Path> {
    match command {
        Command::Solve(args) => args.output.as_deref(),
        Command::Final(args) => args.output.as_deref(),
        Command::Export(args) => args.output.as_deref(),
        Command::Contest(args) => args.output.as_deref(),
        Command::Heatmap(args) => Some(&args.output),
        _ => None,
    }
}

/// The game from --rules, --goal and the strategy files, as [`game_of`].
fn game(
    game: &GameArgs,
    strategies: &[Option<&String>],
    stderr: bool,
    out: &mut dyn Write,
) -> Result<(Rules, u32)> {
    game_of(game, strategies, &[], stderr, out)
}

/// The game from --rules, --goal, the strategy files and the ok configs
/// beside the Python files and in the folders given (see `recorded`). Where
/// the rules came from an ok config, or from nothing where a Python file or
/// folder was given, the first line says so (on stderr when stdout carries
/// JSON or a file).
fn game_of(
    game: &GameArgs,
    strategies: &[Option<&String>],
    entries: &[String],
    stderr: bool,
    out: &mut dyn Write,
) -> Result<(Rules, u32)> {
    let strategies: Vec<&str> = strategies.iter().flatten().map(|s| s.as_str()).collect();
    let entries: Vec<&str> = entries.iter().map(|s| s.as_str()).collect();
    let (rules, goal, origin) =
        recorded::game(game.rules.as_deref(), game.goal, &strategies, &entries)?;
    let name = rules.name();
    let line = match origin {
        Origin::Given => return Ok((rules, goal)),
        Origin::Default { looked } if looked.is_empty() => return Ok((rules, goal)),
        Origin::Default { looked } => format!(
            "rules        {name}, the default: not given (no --rules, and no ok config \
             beside {}): give --rules SEMESTER (hog rules list)",
            some_of(&looked)
        ),
        Origin::OkConfig(config) => {
            let semester = if config.semester == name {
                String::new()
            } else {
                format!("semester {}, ", config.semester)
            };
            format!(
                "rules        {name} ({semester}from {}: endpoint {})",
                config.file.display(),
                config.endpoint
            )
        }
    };
    let line = crate::printable::printable_line(&line);
    if stderr {
        // A line that cannot be printed changes nothing.
        let _ = writeln!(std::io::stderr(), "{line}");
    } else {
        writeln!(out, "{line}")?;
    }
    Ok((rules, goal))
}

/// The first three names, and how many more there are.
fn some_of(names: &[String]) -> String {
    if names.len() <= 3 {
        names.join(", ")
    } else {
        format!("{} and {} more", names[..3].join(", "), names.len() - 3)
    }
}

/// A score below the goal.
pub fn check_score(which: &'static str, value: i64, goal: u32) -> Result<u32, Error> {
    if value < 0 {
        Err(Error::BadScore { which, value })
    } else if value >= goal as i64 {
        Err(Error::ScoreNotBelowGoal { which, value, goal })
    } else {
        Ok(value as u32)
    }
}

/// The state seen by the mover, checked against the rules and the goal.
fn state(rules: &Rules, goal: u32, score: u32, opponent_score: u32, sides: i64) -> Result<State> {
    let state = State {
        score,
        opponent_score,
        sides: u32::try_from(sides)
            .map_err(|_| anyhow!("sides {sides} is not allowed: dice have 6 or 4 sides"))?,
        ..State::START
    };
    rules.check_state(goal, state)?;
    Ok(state)
}

/// Die faces written `a,b,c`: whole numbers from 1 to [`MAX_FACE`].
fn faces(flag: &str, text: &str) -> Result<Vec<u32>> {
    text.split(',')
        .map(|face| {
            let face = face.trim();
            let value: i64 = face.parse().map_err(|_| {
                anyhow!("{flag} '{text}': '{face}' is not a die face (a whole number from 1)")
            })?;
            if value < 1 {
                return Err(Error::BadFace(value)).with_context(|| format!("{flag} '{text}'"));
            }
            if value > MAX_FACE {
                bail!("{flag} '{text}': die face {value} is too large (at most {MAX_FACE})");
            }
            Ok(value as u32)
        })
        .collect()
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

/// Says that an error is about the command's main strategy (its argument),
/// unless the error names it already (`bad strategy 'X': ...`), so that no
/// message reads "the strategy: bad strategy 'X'". Strategies given by an
/// option are named by the option instead.
trait StrategyContext<T> {
    fn strategy_context(self, role: &str) -> Result<T>;
}

impl<T> StrategyContext<T> for Result<T> {
    fn strategy_context(self, role: &str) -> Result<T> {
        self.map_err(|error| match error.downcast_ref::<Error>() {
            Some(Error::BadStrategy { .. }) => error,
            _ => error.context(role.to_string()),
        })
    }
}

/// The baseline to grade against: the one given (by the option `flag`),
/// else the course baseline of the rules' preset.
fn baseline_or_course(given: Option<&String>, rules: &Rules, flag: &str) -> Result<String> {
    match given {
        Some(baseline) => Ok(baseline.clone()),
        None => hog_solver::Preset::find(&rules.name())
            .map(|preset| preset.baseline.to_string())
            .ok_or_else(|| anyhow!("these rules have no course baseline: give one with {flag}")),
    }
}

/// The first line of `dist` and `turn`: the rules, the state and the action.
fn turn_header(rules: &Rules, goal: u32, state: State, num_rolls: i32) -> String {
    format!(
        "{}, goal {goal}: score {}, opponent_score {}, sides {}, num_rolls {num_rolls} ({})",
        rules.name(),
        state.score,
        state.opponent_score,
        state.sides,
        roll_words(rules, state, num_rolls)
    )
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

/// Text for HTML: the five characters that mean something there, escaped.
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// One line of JSON.
fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<()> {
    writeln!(out, "{}", serde_json::to_string(value)?)?;
    Ok(())
}

/// An exact value as JSON writes it: the reduced fraction "p/q" in full.
fn exact_json(x: &Exact) -> String {
    let fraction = x.to_fraction();
    format!("{}/{}", fraction.numer(), fraction.denom())
}

/// An exact value for the terminal: `= p/q` with the denominator written
/// 2^a·3^b, and a numerator of more than [`SHORT_NUMERATOR`] digits
/// shortened to its ends and its digit count.
fn exact_fraction_text(x: &Exact) -> String {
    let (numerator, twos, threes) = x.reduced();
    let digits = numerator.to_string();
    let numerator = if digits.len() > SHORT_NUMERATOR {
        format!(
            "{}…{} ({} digits)",
            &digits[..8],
            &digits[digits.len() - 8..],
            digits.len()
        )
    } else {
        digits
    };
    let denominator = match (twos, threes) {
        (0, 0) => "1".to_string(),
        (a, 0) => format!("2^{a}"),
        (0, b) => format!("3^{b}"),
        (a, b) => format!("(2^{a}·3^{b})"),
    };
    format!("= {numerator} / {denominator}")
}

/// Numerators longer than this many digits are shortened on the terminal.
const SHORT_NUMERATOR: usize = 24;
