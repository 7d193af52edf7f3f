//! STRATEGY arguments. Every command that takes a strategy, from either
//! face, reads it here once ([`Strategy::read`]): the text is classified
//! once into what it names, and every file it names is read once, under one
//! cap; the game a command plays is found from what was read
//! ([`crate::game`]), and [`Sources::play`] turns the strategy into a
//! policy for that game without reading anything again. A strategy a caller
//! made already (Python's callables, arrays and results) is played as it is
//! ([`Strategy::made`]). A text is:
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
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use hog_solver::error::did_you_mean;
use hog_solver::policy_file::{policy_from_csv, policy_from_json};
use hog_solver::solve::{Driver, Engine};
use hog_solver::stop::Stop;
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::table::{PolicyTable, TablePolicy};
use hog_solver::{Error, Model, Rules};
use sha2::{Digest, Sha256};

use crate::files::open_input;
use crate::progress::{SolveBar, Spinner};
use crate::sandbox::python::{python_policy, Module};

/// A strategy a command plays: as the user wrote it (a name, an
/// expression, a file), with the files it names read once, or a policy
/// made already with the name that records give it.
#[derive(Clone)]
pub struct Strategy {
    name: String,
    source: Source,
}

#[derive(Clone)]
enum Source {
    Named(Named),
    Made(Policy),
}

/// What a strategy text names.
#[derive(Clone)]
enum Named {
    Course { name: String, args: Vec<i64> },
    Optimal,
    BestResponse(Box<Named>),
    BlindBestResponse(Box<Named>),
    File(Arc<StrategyFile>),
}

/// A strategy file, read once: its name as the user wrote it, and what it
/// holds.
pub struct StrategyFile {
    /// The file as the user named it (`hog.py:my_strategy`, `t.csv`).
    pub text: String,
    /// The file's path.
    pub path: PathBuf,
    pub content: Content,
    /// The SHA-256 of the file's bytes (a module's own), as read.
    pub digest: [u8; 32],
}

/// What a strategy file holds, as read.
pub enum Content {
    /// A Python module, with the files beside it that its sandbox holds,
    /// and the function to ask.
    Python { module: Module, function: String },
    /// A course strategy as a CSV table of integers (its bytes).
    Csv(Vec<u8>),
    /// A course strategy as a JSON table (its text, as written).
    Json(String),
    /// A policy table, decoded.
    Table(Box<TablePolicy>),
}

impl Strategy {
    /// Reads a strategy as the user wrote it: classifies the text and reads
    /// every file it names (see the module's docs for what a text may be).
    pub fn read(text: &str) -> Result<Strategy> {
        Ok(Strategy {
            name: text.to_string(),
            source: Source::Named(named(text)?),
        })
    }

    /// A policy made already, named `name` in records and titles.
    pub fn made(name: String, policy: Policy) -> Strategy {
        Strategy {
            name,
            source: Source::Made(policy),
        }
    }

    /// The strategy as records and titles name it: the text as written,
    /// or the name a made policy was given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether it is a policy made already ([`Strategy::made`]).
    pub fn is_made(&self) -> bool {
        matches!(self.source, Source::Made(_))
    }

    /// Whether it is the self-play optimum (`optimal`).
    pub fn is_optimal(&self) -> bool {
        matches!(self.source, Source::Named(Named::Optimal))
    }

    /// The files the strategy names, outermost first (`best_response(FILE)`
    /// names FILE).
    pub fn files(&self) -> Vec<&StrategyFile> {
        let mut named = match &self.source {
            Source::Named(named) => named,
            Source::Made(_) => return vec![],
        };
        loop {
            match named {
                Named::File(file) => return vec![file],
                Named::BestResponse(inner) | Named::BlindBestResponse(inner) => named = inner,
                Named::Course { .. } | Named::Optimal => return vec![],
            }
        }
    }

    /// The file the strategy is, where it is one file (not an expression
    /// around one).
    pub fn file(&self) -> Option<&StrategyFile> {
        match &self.source {
            Source::Named(Named::File(file)) => Some(file),
            _ => None,
        }
    }

    /// The Python module the strategy is, and the function asked.
    pub fn module(&self) -> Option<(&Module, &str)> {
        match &self.file()?.content {
            Content::Python { module, function } => Some((module, function)),
            _ => None,
        }
    }
}

impl StrategyFile {
    /// The folder the file is in (`.` for a bare name).
    pub fn folder(&self) -> &Path {
        folder_of(&self.path)
    }
}

/// The folder a path is in: its parent, `.` for a bare name.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// What a strategy text names, its files read. A text that reads as an
/// expression while a file of that name exists, or as neither an
/// expression nor a file name, is an error that says how to name the file.
fn named(text: &str) -> Result<Named> {
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
        Err(_) if Path::new(trimmed).is_dir() => bail!(
            "'{trimmed}' is a folder: name the strategy's file in it, such as {}",
            Path::new(trimmed).join("hog.py").display()
        ),
        Err(e) if !trimmed.is_empty() && !trimmed.contains('(') => {
            bail!("{e} (a file is named ./{trimmed})")
        }
        Err(e) => return Err(e.into()),
    };
    from_spec(spec, text)
}

/// The parsed `spec` of `text`, its files read.
fn from_spec(spec: StrategySpec, text: &str) -> Result<Named> {
    let inner = |spec: Box<StrategySpec>| {
        from_spec(*spec, text)
            .map(Box::new)
            .with_context(|| format!("in {text}"))
    };
    Ok(match spec {
        StrategySpec::Course { name, args } => Named::Course { name, args },
        StrategySpec::Optimal => Named::Optimal,
        StrategySpec::BestResponse(spec) => Named::BestResponse(inner(spec)?),
        StrategySpec::BlindBestResponse(spec) => Named::BlindBestResponse(inner(spec)?),
        StrategySpec::File(path) if Path::new(&path).is_dir() => bail!(
            "'{path}' is a folder: name the strategy's file in it, such as {}",
            Path::new(&path).join("hog.py").display()
        ),
        StrategySpec::File(path) if !named_as_file(&path) => bail!(
            "'{path}' is neither a strategy nor a file name: name a file as a path \
             (./{path}) or by its extension (.hogtable, .csv, .json, .py)"
        ),
        StrategySpec::File(path) => Named::File(Arc::new(read_file(&path)?)),
    })
}

/// What kind of file a strategy text names: `hog.py`, `hog.py:NAME`,
/// `x.csv`, `x.json` (in any case: `X.CSV`), or anything else, a table.
enum FileKind<'a> {
    Python { path: &'a Path, function: &'a str },
    Csv(&'a Path),
    Json(&'a Path),
    Table(&'a Path),
}

impl FileKind<'_> {
    fn of(text: &str) -> FileKind<'_> {
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

    fn path(&self) -> &Path {
        match *self {
            FileKind::Python { path, .. }
            | FileKind::Csv(path)
            | FileKind::Json(path)
            | FileKind::Table(path) => path,
        }
    }
}

/// The strategy file `text` names, read: a Python module and its folder
/// through the sandbox's door ([`Module::read`]), a table decoded, a CSV's
/// bytes, a JSON file's text.
fn read_file(text: &str) -> Result<StrategyFile> {
    let kind = FileKind::of(text);
    let path = kind.path();
    if !path.exists() {
        bail!("{}: no such file{}", path.display(), near_file(path));
    }
    let (content, digest) = match kind {
        FileKind::Python { path, function } => {
            // Through the sandbox's door, which takes regular files only.
            let module = Module::read(path)?;
            let digest = Sha256::digest(module.bytes()).into();
            let function = function.to_string();
            (Content::Python { module, function }, digest)
        }
        FileKind::Csv(path) => {
            let mut bytes = vec![];
            open_input(path)?
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let digest = Sha256::digest(&bytes).into();
            (Content::Csv(bytes), digest)
        }
        FileKind::Json(path) => {
            let mut json = String::new();
            open_input(path)?
                .read_to_string(&mut json)
                .with_context(|| format!("{text}: cannot read it as UTF-8 text"))?;
            let digest = Sha256::digest(&json).into();
            (Content::Json(json), digest)
        }
        FileKind::Table(path) => {
            let mut file = Hashing {
                file: open_input(path)?,
                hash: Sha256::new(),
            };
            let table = PolicyTable::read_policy(&mut file).with_context(|| text.to_string())?;
            // The digest is of the whole file, whatever the decoder left.
            std::io::copy(&mut file, &mut std::io::sink())
                .with_context(|| format!("cannot read {}", path.display()))?;
            (Content::Table(Box::new(table)), file.hash.finalize().into())
        }
    };
    Ok(StrategyFile {
        text: text.to_string(),
        path: path.to_path_buf(),
        content,
        digest,
    })
}

/// A file that hashes what is read of it.
struct Hashing<R> {
    file: R,
    hash: Sha256,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let n = self.file.read(buffer)?;
        self.hash.update(&buffer[..n]);
        Ok(n)
    }
}

/// ` (did you mean 'FOLDER/NAME'?)` for the file of the missing `path`'s
/// folder whose name is nearest its name, or nothing.
fn near_file(path: &Path) -> String {
    let folder = path.parent().unwrap_or(Path::new(""));
    let Ok(entries) = std::fs::read_dir(folder_of(path)) else {
        return String::new();
    };
    let names: Vec<String> = entries
        .filter_map(|entry| Some(folder.join(entry.ok()?.file_name()).to_str()?.to_string()))
        .collect();
    let text = path.to_string_lossy();
    did_you_mean(&text, names.iter().map(String::as_str))
}

/// What turns strategies into policies: python3 for a student's module,
/// with its time limit, and the engine for the strategies solved on the
/// spot; both end when the stop is requested.
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
        match &strategy.source {
            Source::Named(named) => self.resolve(named, &strategy.name, rules, goal),
            Source::Made(policy) => Ok(policy.clone()),
        }
    }

    /// A strategy text (a course baseline, an option's value) read and
    /// played at once.
    pub fn policy(&self, text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
        self.play(&Strategy::read(text)?, rules, goal)
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

    fn resolve(&self, named: &Named, text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
        match named {
            Named::Course { name, args } => {
                let strategy = course_strategy(rules, name, args)?;
                Ok(Policy::from_strategy(&strategy, rules, goal, text)?)
            }
            Named::Optimal => {
                let model = Model::new(rules, goal)?;
                let bar = SolveBar::new("solving");
                let report = |done, all| bar.report(done, all);
                let engine = Engine::<f64>::new(&model, Driver::Parallel)
                    .with_progress(&report)
                    .with_stop(&self.stop);
                let solution = engine.optimal();
                Ok(solution.policy.to_policy(&model))
            }
            Named::BestResponse(inner) => {
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
            Named::BlindBestResponse(inner) => {
                let against = self
                    .resolve(inner, text, rules, goal)
                    .with_context(|| format!("in {text}"))?;
                self.blind_response(&against, text, rules, goal)
            }
            Named::File(file) => self.file(file, rules, goal),
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

    /// A file's policy for these rules and this goal, from what was read.
    fn file(&self, file: &StrategyFile, rules: &Rules, goal: u32) -> Result<Policy> {
        let text = &file.text;
        let at_position = |error: Error| match error {
            Error::BadStrategyFile {
                line,
                column,
                reason,
            } => anyhow!("{text}:{line}:{column}: {reason}"),
            other => anyhow!(other).context(text.to_string()),
        };
        match &file.content {
            Content::Python { module, function } => self.python(module, function, rules, goal),
            Content::Csv(bytes) => {
                policy_from_csv(bytes.as_slice(), rules, goal).map_err(at_position)
            }
            Content::Json(json) => policy_from_json(json, rules, goal).map_err(at_position),
            Content::Table(table) => {
                table
                    .check_for(rules, goal)
                    .with_context(|| text.to_string())?;
                Ok(table.policy.clone())
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
