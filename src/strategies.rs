//! Where strategies come from. Every command that takes a strategy, from
//! either face, resolves it here into a policy for the rules and goal in
//! use (a [`Strategy`] the caller made already, Python's callables and
//! arrays, is played as it is); a text is:
//!
//! * a course strategy by name: `always_roll(4)`, `swap_strategy(8, 4)`, ...
//! * `optimal`: the self-play optimum, solved on the spot;
//! * `best_response(S)`: the best response to S, solved on the spot;
//! * `blind_best_response(S)`: the best response among strategies of the two
//!   scores alone (they cannot see fa16's dice sides), solved on the spot;
//! * `FILE.hogtable` (or any path that is not .csv, .json or .py): a policy
//!   table written by `hog solve -o`, checked against the rules and goal;
//! * `FILE.csv`, `FILE.json`: a course strategy as a table of integers;
//! * `FILE.py` or `FILE.py:NAME`: a student's Python function
//!   (`final_strategy` by default), asked for every state by python3.
//!
//! A strategy expression is never a file, so no file in the working folder
//! can change what a text means. A file is named as a path: with a `/`, or
//! by a known extension (.hogtable, .csv, .json, .py). A text that reads as
//! an expression while a file of that exact name exists (`always_roll(4)`,
//! `optimal`, `mytable`) is an error that says so, and so is a text that is
//! neither an expression nor named as a path. Only regular files are read: a
//! FIFO or a device (which could block or never end) is refused.

use std::io::Read;
use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use hog_solver::error::did_you_mean;
use hog_solver::policy_file::{policy_from_csv, policy_from_json};
use hog_solver::solve::{Driver, Engine};
use hog_solver::stop::Stop;
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::table::PolicyTable;
use hog_solver::{Error, Model, Rules};

use crate::files::open_input;
use crate::progress::{SolveBar, Spinner};
use crate::sandbox::python::{python_policy, Module};

/// What kind of file a strategy text names.
pub enum FileKind<'a> {
    /// A Python file and the function to ask.
    Python {
        path: &'a Path,
        function: &'a str,
    },
    Csv(&'a Path),
    Json(&'a Path),
    /// A policy table: any other file named as a path.
    Table(&'a Path),
}

impl FileKind<'_> {
    /// `hog.py`, `hog.py:NAME`, `x.csv`, `x.json` (in any case: `X.CSV`), or
    /// anything else: a table.
    pub fn of(text: &str) -> FileKind<'_> {
        if let Some((path, function)) = text.rsplit_once(':').filter(|(path, function)| {
            extension(Path::new(path)) == "py"
                && !function.is_empty()
                && !function.contains(['/', '\\'])
        }) {
            return FileKind::Python {
                path: Path::new(path),
                function,
            };
        }
        let path = Path::new(text);
        match extension(path).as_str() {
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

impl<'a> FileKind<'a> {
    /// The file.
    pub fn path(&self) -> &'a Path {
        match *self {
            FileKind::Python { path, .. }
            | FileKind::Csv(path)
            | FileKind::Json(path)
            | FileKind::Table(path) => path,
        }
    }
}

/// ` (did you mean 'FOLDER/NAME'?)` for the file of the missing `path`'s
/// folder whose name is nearest its name, or nothing.
fn near_file(path: &Path) -> String {
    let folder = path.parent().unwrap_or(Path::new(""));
    let Ok(entries) = std::fs::read_dir(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    }) else {
        return String::new();
    };
    let names: Vec<String> = entries
        .filter_map(|entry| Some(folder.join(entry.ok()?.file_name()).to_str()?.to_string()))
        .collect();
    let text = path.to_string_lossy();
    did_you_mean(&text, names.iter().map(String::as_str))
}

/// A strategy a command plays: as the user wrote it (a name, an
/// expression, a file), or a policy made already (Python's callables,
/// arrays and results) with the name that records give it.
#[derive(Clone)]
pub enum Strategy {
    Text(String),
    Made { name: String, policy: Policy },
}

impl Strategy {
    /// The strategy as records and titles name it.
    pub fn name(&self) -> &str {
        match self {
            Strategy::Text(text) => text,
            Strategy::Made { name, .. } => name,
        }
    }

    /// Whether it is the word `final`: the file to hand in against the
    /// opponent, which only a command that knows the opponent resolves.
    pub fn is_final(&self) -> bool {
        matches!(self, Strategy::Text(text) if text.trim() == "final")
    }
}

pub struct Sources {
    python_timeout: Duration,
    /// Ends the work of resolving a strategy: solves, searches, python3.
    stop: Stop,
}

impl Sources {
    pub fn new(python_timeout: Duration) -> Sources {
        Sources {
            python_timeout,
            stop: Stop::new(),
        }
    }

    /// The same sources, whose work ends when `stop` is requested (it
    /// unwinds, see [`hog_solver::stop`]).
    pub fn with_stop(self, stop: &Stop) -> Sources {
        Sources {
            stop: stop.clone(),
            ..self
        }
    }

    /// What ends the sources' work, for the work around it (a contest's
    /// grades) to end with it (see [`hog_solver::stop`]).
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// A strategy as a policy for these rules and this goal.
    pub fn play(&self, strategy: &Strategy, rules: &Rules, goal: u32) -> Result<Policy> {
        match strategy {
            Strategy::Text(text) => self.policy(text, rules, goal),
            Strategy::Made { policy, .. } => Ok(policy.clone()),
        }
    }

    /// The best strategy of the two scores against `against` (see
    /// [`Engine::blind_response`]), named `name` while it is searched.
    pub fn blind_response(
        &self,
        against: &Policy,
        name: &str,
        rules: &Rules,
        goal: u32,
    ) -> Result<Policy> {
        let model = Model::new(rules, goal)?;
        let _spinner = Spinner::new(&format!("searching {name}"));
        let response = Engine::<f64>::new(&model, Driver::Parallel)
            .with_stop(&self.stop)
            .blind_response(against)?;
        Ok(response.policy)
    }

    /// A strategy as the user wrote it, as a policy for these rules and this goal.
    pub fn policy(&self, text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
        let trimmed = text.trim();
        // Any entry but a folder (a dangling symlink too) could be meant as a file.
        let exists = Path::new(trimmed).symlink_metadata().is_ok() && !Path::new(trimmed).is_dir();
        let spec = match StrategySpec::parse(text) {
            Ok(StrategySpec::File(path)) => StrategySpec::File(path),
            Ok(_) if exists => bail!(
                "'{trimmed}' reads as a strategy, and a file of that name exists: a strategy \
                 is never read from a file named like one; to read the file, name it as a \
                 path (./{trimmed})"
            ),
            Ok(spec) => spec,
            Err(e) if exists => bail!("{e}; to read the file '{trimmed}', name it ./{trimmed}"),
            Err(e) if !trimmed.is_empty() && !trimmed.contains('(') => {
                bail!("{e} (a file is named ./{trimmed})")
            }
            Err(e) => return Err(e.into()),
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
                let engine = Engine::<f64>::new(&model, Driver::Parallel)
                    .with_progress(&report)
                    .with_stop(&self.stop);
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
                let engine = Engine::<f64>::new(&model, Driver::Parallel)
                    .with_progress(&report)
                    .with_stop(&self.stop);
                let response = engine.best_response(&against);
                Ok(response.policy.to_policy(&model))
            }
            StrategySpec::BlindBestResponse(inner) => {
                let against = self
                    .resolve(inner, text, rules, goal)
                    .with_context(|| format!("in {text}"))?;
                self.blind_response(&against, text, rules, goal)
            }
            StrategySpec::File(path) if Path::new(path).is_dir() => bail!(
                "'{path}' is a folder: name the strategy's file in it, such as {}",
                Path::new(path).join("hog.py").display()
            ),
            StrategySpec::File(path) if !named_as_file(path) => bail!(
                "'{path}' is neither a strategy nor a file name: name a file as a path \
                 (./{path}) or by its extension (.hogtable, .csv, .json, .py)"
            ),
            StrategySpec::File(path) => self.file(path, rules, goal),
        }
    }

    /// The strategy `function` of a Python module read before, as a policy.
    pub fn python(
        &self,
        module: &Module,
        function: &str,
        rules: &Rules,
        goal: u32,
    ) -> Result<Policy> {
        python_policy(
            module,
            function,
            rules,
            goal,
            self.python_timeout,
            &self.stop,
        )
    }

    fn file(&self, text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
        let at_position = |error: Error| match error {
            Error::BadStrategyFile {
                line,
                column,
                reason,
            } => anyhow!("{text}:{line}:{column}: {reason}"),
            other => anyhow!(other).context(text.to_string()),
        };
        let kind = FileKind::of(text);
        if !kind.path().exists() {
            bail!(
                "{}: no such file{}",
                kind.path().display(),
                near_file(kind.path())
            );
        }
        match kind {
            FileKind::Python { path, function } => {
                // A FIFO is refused here.
                open_input(path)?;
                self.python(&Module::read(path)?, function, rules, goal)
            }
            FileKind::Csv(path) => {
                policy_from_csv(open_input(path)?, rules, goal).map_err(at_position)
            }
            FileKind::Json(path) => {
                let mut json = String::new();
                open_input(path)?
                    .read_to_string(&mut json)
                    .with_context(|| format!("{text}: cannot read it as UTF-8 text"))?;
                policy_from_json(&json, rules, goal).map_err(at_position)
            }
            FileKind::Table(path) => {
                let table = PolicyTable::read_policy(open_input(path)?)
                    .with_context(|| text.to_string())?;
                table
                    .check_for(rules, goal)
                    .with_context(|| text.to_string())?;
                Ok(table.policy)
            }
        }
    }
}

/// A file name's extension in lower case ("" if none): files named
/// `HOG.PY` or `TABLE.CSV` are read as their kind.
pub fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// A text names a file when it has a path separator or a known extension
/// (`hog.py:NAME` included).
fn named_as_file(text: &str) -> bool {
    text.contains(std::path::is_separator)
        || match FileKind::of(text) {
            FileKind::Table(path) => extension(path) == "hogtable",
            FileKind::Python { .. } | FileKind::Csv(_) | FileKind::Json(_) => true,
        }
}
