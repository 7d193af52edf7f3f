//! Where the CLI's strategies come from. Every command that takes a strategy
//! resolves it here into a policy for the rules and goal in use:
//!
//! * a course strategy by name: `always_roll(4)`, `swap_strategy(8, 4)`, ...
//! * `optimal`: the self-play optimum, solved on the spot;
//! * `best_response(S)`: the best response to S, solved on the spot;
//! * `FILE.hogtable` (any file that is not .csv, .json or .py): a policy table
//!   written by `hog solve -o`, checked against the rules and goal;
//! * `FILE.csv`, `FILE.json`: a course strategy as a table of integers;
//! * `FILE.py` or `FILE.py:NAME`: a student's Python function
//!   (`final_strategy` by default), asked for every state by python3.

use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use hog_solver::policy_file::{policy_from_csv, policy_from_json};
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::table::PolicyTable;
use hog_solver::{Error, Model, Rules};

use crate::progress::SolveBar;
use crate::python::python_policy;

/// What kind of file a strategy text names.
pub enum FileKind<'a> {
    /// A Python file and the function to ask.
    Python {
        path: &'a Path,
        function: &'a str,
    },
    Csv(&'a Path),
    Json(&'a Path),
    /// A policy table: any other file.
    Table(&'a Path),
}

impl FileKind<'_> {
    /// `hog.py`, `hog.py:NAME`, `x.csv`, `x.json`, or anything else: a table.
    pub fn of(text: &str) -> FileKind<'_> {
        if let Some((path, function)) = text.rsplit_once(':').filter(|(path, function)| {
            path.ends_with(".py") && !function.is_empty() && !function.contains(['/', '\\'])
        }) {
            return FileKind::Python {
                path: Path::new(path),
                function,
            };
        }
        let path = Path::new(text);
        match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
            "py" => FileKind::Python {
                path,
                function: "final_strategy",
            },
            "csv" => FileKind::Csv(path),
            "json" => FileKind::Json(path),
            _ => FileKind::Table(path),
        }
    }
}

pub struct Sources {
    python_timeout: Duration,
}

impl Sources {
    pub fn new(python_timeout: Duration) -> Sources {
        Sources { python_timeout }
    }

    /// A strategy as the user wrote it, as a policy for these rules and this goal.
    pub fn policy(&self, text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
        // A file whose name reads like a strategy name (`mytable`) is a file.
        let spec = match StrategySpec::parse(text) {
            Ok(StrategySpec::Course { .. }) | Err(_) if Path::new(text).is_file() => {
                StrategySpec::File(text.to_string())
            }
            spec => spec?,
        };
        self.resolve(&spec, text, rules, goal)
    }

    fn resolve(&self, spec: &StrategySpec, text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
        match spec {
            StrategySpec::Course { name, args } => {
                let strategy = course_strategy(rules, name, args)?;
                Ok(Policy::from_strategy(&strategy, rules, goal, text)?)
            }
            StrategySpec::Optimal => {
                let model = Model::new(rules, goal)?;
                let bar = SolveBar::new("solving");
                let report = |done, all| bar.report(done, all);
                let engine = Engine::<f64>::new(&model, Driver::Parallel).with_progress(&report);
                let solution = engine.optimal();
                Ok(solution.policy.to_policy(&model))
            }
            StrategySpec::BestResponse(inner) => {
                let against = self
                    .resolve(inner, text, rules, goal)
                    .with_context(|| format!("in {text}"))?;
                let model = Model::new(rules, goal)?;
                let bar = SolveBar::new("solving");
                let report = |done, all| bar.report(done, all);
                let engine = Engine::<f64>::new(&model, Driver::Parallel).with_progress(&report);
                let response = engine.best_response(&against);
                Ok(response.policy.to_policy(&model))
            }
            StrategySpec::File(path) => self.file(path, rules, goal),
        }
    }

    fn file(&self, text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
        let read = |path: &Path| std::fs::read(path).with_context(|| format!("cannot read {text}"));
        let at_position = |error: Error| match error {
            Error::BadStrategyFile {
                line,
                column,
                reason,
            } => anyhow!("{text}:{line}:{column}: {reason}"),
            other => anyhow!(other).context(text.to_string()),
        };
        match FileKind::of(text) {
            FileKind::Python { path, function } => {
                python_policy(path, function, rules, goal, self.python_timeout)
            }
            FileKind::Csv(path) => {
                policy_from_csv(&read(path)?[..], rules, goal).map_err(at_position)
            }
            FileKind::Json(path) => {
                let json = String::from_utf8(read(path)?)
                    .with_context(|| format!("{text}: not UTF-8 text"))?;
                policy_from_json(&json, rules, goal).map_err(at_position)
            }
            FileKind::Table(path) => {
                let table =
                    PolicyTable::read(&read(path)?[..]).with_context(|| text.to_string())?;
                table
                    .check_for(rules, goal)
                    .with_context(|| text.to_string())?;
                Ok(table.policy)
            }
        }
    }
}
