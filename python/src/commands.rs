//! The commands of the library's layer (`hog::ops`: `turn`, `dist`,
//! the presets, `explain`, `contest`, `heatmap`), called as the CLI calls
//! them, with the GIL released and Ctrl-C stopping them. Their typed
//! results go to Python as dicts and lists of the same fields that the
//! CLI's `--json` prints (by their serde fields, through `pythonize`, never
//! through JSON text), which `hogsolver/__init__.py` wraps in its records.

use std::path::PathBuf;

use anyhow::Result;
use hog::files::{self, Kind};
use hog::ops::contest::{contest_game, expand_entries, ContestInput, Entry, Watch};
use hog::ops::dist::DistInput;
use hog::ops::explain::{ExplainInput, Explained};
use hog::ops::heatmap::{Format, HeatmapInput, Show};
use hog::ops::turn::TurnInput;
use hog::ops::{self as library, Cell, Progress};
use hog::strategies::Strategy;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde::Serialize;

use crate::error::{command_error, hog_error, python_words, value_error};
use crate::game::{game, parse};
use crate::interrupt::interruptible_with_stop;
use crate::played::game_of;
use crate::sources::sources;
use crate::strategy::{policy, strategy_text};

/// Every preset, as `hog rules list --json` lists them.
#[pyfunction]
pub fn presets(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &library::presets::presets())
}

/// One turn with the given die faces: its result.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn turn<'py>(
    py: Python<'py>,
    rules: &Bound<'_, PyAny>,
    goal: i64,
    score: i64,
    opponent_score: i64,
    num_rolls: i64,
    sides: i64,
    faces: Vec<i64>,
) -> PyResult<Bound<'py, PyAny>> {
    let (rules, goal) = game(rules, goal)?;
    let played = library::turn::turn(&TurnInput {
        rules,
        goal,
        cell: cell(score, opponent_score, sides),
        num_rolls,
        faces,
    })
    .map_err(command_error)?;
    to_python(py, &played.result)
}

/// The exact distribution of one turn's outcomes.
#[pyfunction]
pub fn dist<'py>(
    py: Python<'py>,
    rules: &Bound<'_, PyAny>,
    goal: i64,
    score: i64,
    opponent_score: i64,
    num_rolls: i64,
    sides: i64,
) -> PyResult<Bound<'py, PyAny>> {
    let (rules, goal) = game(rules, goal)?;
    let input = DistInput {
        rules,
        goal,
        cell: cell(score, opponent_score, sides),
        num_rolls,
    };
    let distribution = py
        .detach(|| library::dist::dist(&input))
        .map_err(command_error)?;
    to_python(py, &distribution)
}

/// Why the best action is best in one state.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn explain<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    score: i64,
    opponent_score: i64,
    sides: i64,
    against: Option<&Bound<'_, PyAny>>,
    strategy: Option<&Bound<'_, PyAny>>,
    exact: bool,
    timeout: u64,
) -> PyResult<Bound<'py, PyAny>> {
    // `final` names the file hog final makes, no strategy to read.
    let is_final = |s: &Bound<'_, PyAny>| s.extract::<String>().is_ok_and(|t| t.trim() == "final");
    let given = strategy.filter(|s| !is_final(s));
    let played = game_of(py, rules, goal, &[against, given])?;
    let input = ExplainInput {
        cell: cell(score, opponent_score, sides),
        against: against.map(|s| played.strategy(s, timeout)).transpose()?,
        strategy: match (strategy, given) {
            (_, Some(s)) => Some(Explained::Given(played.strategy(s, timeout)?)),
            (Some(_), None) => Some(Explained::Final),
            (None, None) => None,
        },
        exact,
        rules: played.rules,
        goal: played.goal,
    };
    let explanation = run(py, "explaining", timeout, |sources, progress| {
        library::explain::explain(&input, sources, progress)
    })?;
    to_python(py, &explanation)
}

/// A round robin of `entries` (each a strategy and the name it has where
/// it is no text: a text names itself, and a folder its files): the
/// report, as `hog contest --json` prints it. The entries given as text
/// are read before anything of any entry runs, and the game is the one
/// `hog contest` plays (see [`hog::ops::contest::contest_game`]); the
/// rest are asked for their policies under that game. Where the kernel
/// offers only the sandbox's weaker wall, a contest with a Python file among
/// the entries or the baseline is refused unless `weaker_sandbox`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn contest<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    entries: Vec<(Bound<'_, PyAny>, String)>,
    against: Option<&Bound<'_, PyAny>>,
    margin: f64,
    timeout: u64,
    weaker_sandbox: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut rules = rules.map(parse).transpose()?.map(|r| r.to_string());
    let mut goal = goal;
    // The entries in order: those given as text read now; a placeholder
    // for each of the rest, asked once the game is known.
    let mut given = vec![];
    let mut made = vec![];
    for (strategy, name) in &entries {
        if let Some(text) = strategy_text(strategy)? {
            given.extend(expand_entries(&[text]).map_err(command_error)?);
            continue;
        }
        if let Some((made_rules, made_goal)) = crate::played::made_for(strategy) {
            rules.get_or_insert(made_rules.to_string());
            goal.get_or_insert(i64::from(made_goal));
        }
        made.push((given.len(), strategy, name));
        given.push(Entry {
            name: name.clone(),
            source: name.clone(),
            strategy: Err(String::new()),
        });
    }
    let against_text = against.map(strategy_text).transpose()?.flatten();
    let against_read = against_text
        .as_deref()
        .map(Strategy::read)
        .transpose()
        .map_err(command_error)?;
    library::contest::refuse_weaker_wall(&given, against_read.as_ref(), weaker_sandbox)
        .map_err(command_error)?;
    let mut watch = Watch::new(&given);
    let (game, _) =
        contest_game(rules.as_deref(), goal, &given, &mut watch).map_err(value_error)?;
    for (i, strategy, name) in made {
        let (policy, _) = policy(strategy, &game.rules, game.goal, timeout)?;
        given[i] = Entry::made(name.clone(), Strategy::made(name.clone(), policy));
    }
    let against = match (against, against_read) {
        (_, Some(read)) => Some(read),
        (Some(s), None) => {
            let (policy, name) = policy(s, &game.rules, game.goal, timeout)?;
            Some(Strategy::made(name, policy))
        }
        (None, None) => None,
    };
    let input = ContestInput {
        game,
        entries: given,
        watch,
        against,
        margin,
        cache: None,
        force: false,
    };
    let board = run(py, "grading the pairs", timeout, |sources, _| {
        library::contest::contest(input, sources)
    })?;
    if board.graded == 0 {
        let reasons: Vec<String> = board
            .report
            .entries
            .iter()
            .map(|e| format!("{}: {}", e.name, e.reason.as_deref().unwrap_or_default()))
            .collect();
        return Err(hog_error(python_words(&format!(
            "nothing graded: every entry was excluded ({})",
            reasons.join("; ")
        ))));
    }
    to_python(py, &board.report)
}

/// A heatmap of `strategy` as a PNG: its bytes, sealed as `hog heatmap -o
/// FILE.png` writes them (so the bytes are the file's), and what it shows
/// (as `hog heatmap --json` says it, with no file).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn heatmap<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    strategy: &Bound<'_, PyAny>,
    show: &str,
    diff: Option<&Bound<'_, PyAny>>,
    against: Option<&Bound<'_, PyAny>>,
    timeout: u64,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyAny>)> {
    let played = game_of(py, rules, goal, &[Some(strategy), diff, against])?;
    let show = match show {
        "action" => Show::Action,
        "win" => Show::Win,
        "both" => Show::Both,
        other => {
            return Err(hog_error(format!(
                "show must be 'action', 'win' or 'both', not '{other}'"
            )))
        }
    };
    let input = HeatmapInput {
        source: played.strategy(strategy, timeout)?,
        diff: diff.map(|s| played.strategy(s, timeout)).transpose()?,
        against: against.map(|s| played.strategy(s, timeout)).transpose()?,
        show,
        format: Format::Png,
        rules: played.rules,
        goal: played.goal,
    };
    let drawn = run(py, "drawing", timeout, |sources, progress| {
        library::heatmap::heatmap(&input, sources, progress)
    })?;
    Ok((
        PyBytes::new(py, &files::sealed(Kind::Png, drawn.picture)),
        to_python(py, &drawn.summary)?,
    ))
}

/// The `hog` command itself (`python -m hogsolver`, and the `hog` script
/// that `pip install` puts on the PATH): `args` with the program's name
/// first, run as the binary runs them, with the GIL released; the exit
/// status. SIGINT, SIGTERM and SIGHUP end it as they end the binary.
#[pyfunction]
pub fn main(py: Python<'_>, args: Vec<String>) -> PyResult<u8> {
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    py.detach(|| Ok(hog::cli::run(args)))
}

/// Writes a heatmap's PNG as `hog heatmap -o FILE.png` does, through hog's
/// one writer: a `.png` name, and a file there replaced only if hog wrote it
/// (or `force`).
#[pyfunction]
#[pyo3(signature = (path, png, force = false))]
pub fn save_png(py: Python<'_>, path: PathBuf, png: &[u8], force: bool) -> PyResult<()> {
    py.detach(|| files::write(&path, Kind::Png, force, |w| Ok(w.write_all(png)?)))
        .map(drop)
        .map_err(value_error)
}

/// The state a command is given: the scores and the dice's sides.
fn cell(score: i64, opponent_score: i64, sides: i64) -> Cell {
    Cell {
        score,
        opponent_score,
        sides,
        hidden: None,
    }
}

/// Runs a command's work with the GIL released, handing it the sources of
/// its strategies and a progress sink, both ended by Ctrl-C (and every
/// progress bar the command makes itself checks the stop too).
fn run<T: Send>(
    py: Python<'_>,
    what: &str,
    timeout: u64,
    work: impl FnOnce(&hog::strategies::Sources, Progress) -> Result<T> + Send,
) -> PyResult<T> {
    interruptible_with_stop(py, what, |progress, stop| {
        hog::progress::with_stop(stop, || work(&sources(timeout).with_stop(stop), progress))
    })?
    .map_err(command_error)
}

/// A command's typed result as Python objects: the fields its serde
/// derivation gives `--json`, as dicts, lists, numbers, strings and None.
fn to_python<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| value_error(anyhow::anyhow!("{e}")))
}
