//! The commands whose logic lives in the CLI (`turn`, `dist`, `rules`,
//! `explain`, `contest`, `heatmap`), run in-process by the CLI's own code:
//! the Python package builds their command line (`python/hogsolver/__init__.py`)
//! and reads their `--json` output, so the figures are the CLI's, bit for
//! bit, with no subprocess.

use std::path::PathBuf;

use clap::Parser;
use hog::cli::Cli;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use hog::cmd::export::{self, ExportInfo, Format};
use hog::files::{self, Kind};

use crate::error::{hog_error, value_error};
use crate::game::game;
use crate::interrupt::interruptible_with_stop;
use crate::solution::Solution;
use crate::strategy::{policy, python_words};

/// Runs `hog ARGS...` in-process with the GIL released; its stdout.
/// Ctrl-C ends the command as the next layer of its solves starts.
#[pyfunction]
pub fn run_json(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
    let cli = parse(&args)?;
    let mut out = Vec::new();
    let what = args.first().map_or("working", String::as_str);
    interruptible_with_stop(py, what, |_, stop| {
        hog::progress::with_stop(stop, || hog::cmd::run(&cli, &mut out))
    })?
    .map_err(|error| hog_error(python_words(&format!("{error:#}"))))?;
    String::from_utf8(out).map_err(value_error)
}

/// Runs `hog heatmap ARGS... -o FILE.png` in-process into a throwaway
/// folder: the picture's bytes, and the command's JSON summary.
#[pyfunction]
pub fn heatmap_png<'py>(
    py: Python<'py>,
    args: Vec<String>,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
    let folder = tempfile::tempdir().map_err(value_error)?;
    let file: PathBuf = folder.path().join("heatmap.png");
    let mut argv = vec!["heatmap".to_string()];
    argv.extend(args);
    argv.extend(["--json".into(), "-o".into(), file.display().to_string()]);
    let summary = run_json(py, argv)?;
    let bytes = std::fs::read(&file).map_err(value_error)?;
    Ok((PyBytes::new(py, &bytes), summary))
}

/// The `hog` command itself (`python -m hogsolver`, and the `hog` script
/// that `pip install` puts on the PATH): `args` with the program's name
/// first, run as the binary runs them, with the GIL released; the exit
/// status. SIGINT, SIGTERM and SIGHUP end it as they end the binary.
#[pyfunction]
pub fn main(py: Python<'_>, args: Vec<String>) -> PyResult<u8> {
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    py.detach(|| Ok(hog::entry::run(args)))
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

/// The command line, or clap's message on one line as a HogError.
fn parse(args: &[String]) -> PyResult<Cli> {
    Cli::try_parse_from(std::iter::once("hog").chain(args.iter().map(String::as_str))).map_err(
        |error| {
            // clap's first line, with the lines it introduces (a list of
            // missing arguments after a colon) joined onto it.
            let text = error.render().to_string();
            let mut lines = text.lines();
            let mut line = lines.next().unwrap_or_default().to_string();
            if line.ends_with(':') {
                let listed: Vec<&str> = lines
                    .take_while(|l| !l.trim().is_empty())
                    .map(str::trim)
                    .collect();
                line = format!("{line} {}", listed.join(", "));
            }
            hog_error(line.trim_start_matches("error: ").to_string())
        },
    )
}

/// A strategy as a command-line argument: a text as it is, a solved table as
/// a `.hogtable`, anything else (a callable, an array, a `Final`) as the
/// JSON table of a course strategy, written into `folder` as `STEM.json`
/// (whose recorded objective, the function's name, names it in titles).
#[pyfunction]
pub fn strategy_arg(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    goal: i64,
    folder: PathBuf,
    stem: &str,
    timeout: u64,
) -> PyResult<String> {
    if let Ok(text) = strategy.extract::<String>() {
        return Ok(text);
    }
    let (rules, goal) = game(rules, goal)?;
    if let Ok(solution) = strategy.extract::<PyRef<Solution>>() {
        let path = folder.join(format!("{stem}.hogtable"));
        solution.policy_for(&rules, goal)?;
        solution.write(py, &path, false)?;
        return Ok(path.display().to_string());
    }
    let (policy, name) = policy(py, strategy, &rules, goal, timeout)?;
    let info = ExportInfo {
        rules: rules.clone(),
        goal,
        objective: name,
        grade: None,
        slice: None,
        made_by: None,
    };
    let text = export::render(Format::Json, &info, &policy).map_err(value_error)?;
    let path = folder.join(format!("{stem}.json"));
    files::write(&path, Kind::Json, false, |w| {
        Ok(w.write_all(text.as_bytes())?)
    })
    .map_err(value_error)?;
    Ok(path.display().to_string())
}
