//! The commands whose logic lives in the CLI (`turn`, `dist`, `rules`,
//! `explain`, `contest`, `heatmap`), run in-process by the CLI's own code:
//! the Python package builds their command line (`python/hog/__init__.py`)
//! and reads their `--json` output, so the figures are the CLI's, bit for
//! bit, with no subprocess.

use std::path::PathBuf;

use clap::Parser;
use hog::cli::Cli;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use hog::cmd::export::{self, ExportInfo, Format};

use crate::game::game;
use crate::results::Solution;
use crate::strategy::policy;
use crate::value_error;

/// Runs `hog ARGS...` in-process with the GIL released; its stdout.
#[pyfunction]
pub fn run_json(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
    let cli = parse(&args)?;
    let mut out = Vec::new();
    py.detach(|| hog::cmd::run(&cli, &mut out))
        .map_err(value_error)?;
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

/// The command line, or clap's message on one line as a ValueError.
fn parse(args: &[String]) -> PyResult<Cli> {
    Cli::try_parse_from(std::iter::once("hog").chain(args.iter().map(String::as_str))).map_err(
        |error| {
            let text = error.render().to_string();
            let line = text.lines().next().unwrap_or_default();
            PyValueError::new_err(line.trim_start_matches("error: ").to_string())
        },
    )
}

/// A strategy as a command-line argument: a text as it is, a solved table as
/// a `.hogtable`, anything else (a callable, an array, a `Final`) as the CSV
/// table of a course strategy, written into `folder` as `STEM.csv`.
#[pyfunction]
pub fn strategy_arg(
    py: Python<'_>,
    strategy: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    goal: i64,
    folder: PathBuf,
    stem: &str,
) -> PyResult<String> {
    if let Ok(text) = strategy.extract::<String>() {
        return Ok(text);
    }
    let (rules, goal) = game(rules, goal)?;
    if let Ok(solution) = strategy.extract::<PyRef<Solution>>() {
        let path = folder.join(format!("{stem}.hogtable"));
        solution.policy_for(&rules, goal)?;
        solution.write(py, &path)?;
        return Ok(path.display().to_string());
    }
    let (policy, name) = policy(py, strategy, &rules, goal)?;
    let info = ExportInfo {
        rules: rules.clone(),
        goal,
        objective: name,
        grade: None,
        slice: None,
        made_by: None,
    };
    let text = export::render(Format::Csv, &info, &policy).map_err(value_error)?;
    let path = folder.join(format!("{stem}.csv"));
    std::fs::write(&path, text).map_err(value_error)?;
    Ok(path.display().to_string())
}
