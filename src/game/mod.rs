//! The game (rules and goal) a command plays, from its `--rules` and
//! `--goal`, from what its strategy files record, and from the project
//! folder it runs in.
//!
//! A policy table (`hog solve -o`), a JSON table and a Python module that
//! `hog export` wrote each record the rules and goal they were made for. A
//! command that is not told `--rules` or `--goal` plays the files' game;
//! told something else, it refuses, since a table answers one game only.
//! Without those, the rules are the semester's that the project folder's
//! files name (see [`crate::game::semester`]); with none of these, the game is
//! fa16 to 100, and the command says the rules were not given. A file made
//! for another game than the folder's is refused, and `--rules` that
//! differ from the folder's semester are played with a word about it.

pub mod semester;

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};
use hog_solver::rules::check_goal;
use hog_solver::strategy::StrategySpec;
use hog_solver::table::PolicyTable;
use hog_solver::Rules;

use crate::strategies::FileKind;
use semester::{Found, Verdict};

/// The rules when neither `--rules` nor a strategy file says.
pub const DEFAULT_RULES: &str = "fa16";
/// The goal when neither `--goal` nor a strategy file says.
pub const DEFAULT_GOAL: i64 = 100;

/// A command's game, and what its first line says of the rules.
pub struct Game {
    pub rules: Rules,
    pub goal: u32,
    /// The first line after "rules": where the rules came from; `None`
    /// where the user said (`--rules`, or a file that records its game,
    /// and the folder agrees or says nothing).
    pub line: Option<String>,
    /// Whether the rules are the default, for want of any word on them.
    pub defaulted: bool,
}

/// The rules and goal a strategy file was made for.
struct Record {
    /// The file as the user wrote it.
    file: String,
    rules: Rules,
    goal: u32,
}

/// The game to play: `--rules` and `--goal` as given, else what the
/// strategy files among `strategies` record, else (the rules) the semester
/// that the project `folders` name, else fa16 to 100. A file made for
/// another game than the options ask for, two files made for different
/// games, folders whose files fit several presets (or name different ones),
/// and a file made for another game than the folders' are errors.
pub fn find(
    rules: Option<&str>,
    goal: Option<i64>,
    strategies: &[&str],
    folders: &[&Path],
) -> Result<Game> {
    let mut records = vec![];
    for text in strategies {
        for file in strategy_files(text) {
            if let Some(record) = record(&file)? {
                records.push(record);
            }
        }
    }
    let given_rules = rules.map(Rules::parse).transpose()?;
    let given_goal = goal.map(check_goal).transpose()?;
    for record in &records {
        if let Some(given) = given_rules.as_ref().filter(|r| **r != record.rules) {
            bail!(
                "{} was made for rules {}, but --rules is {}: leave out --rules to play the file's rules",
                record.file,
                record.rules.name(),
                given.name()
            );
        }
        if let Some(given) = given_goal.filter(|g| *g != record.goal) {
            bail!(
                "{} was made for goal {}, but --goal is {given}: leave out --goal to play the file's goal",
                record.file,
                record.goal
            );
        }
    }
    if let [first, rest @ ..] = &records[..] {
        if let Some(other) = rest
            .iter()
            .find(|r| r.rules != first.rules || r.goal != first.goal)
        {
            bail!(
                "{} was made for rules {} at goal {}, but {} for rules {} at goal {}: one command plays one game",
                first.file,
                first.rules.name(),
                first.goal,
                other.file,
                other.rules.name(),
                other.goal
            );
        }
    }
    let first = records.first();
    // The folders' word: with --rules only what their files say at once
    // (no probe), and only for a note.
    let folder = match folders_semester(folders, given_rules.is_none()) {
        // --rules decides even where the folder cannot be read.
        Err(_) if given_rules.is_some() => None,
        folder => folder?,
    };
    let goal = match (given_goal, first) {
        (Some(goal), _) => goal,
        (None, Some(record)) => record.goal,
        (None, None) => check_goal(DEFAULT_GOAL)?,
    };
    let differs = |rules: &Rules| {
        folder
            .as_ref()
            .and_then(|f| f.as_ref().ok())
            .filter(|found| found.preset.rules() != *rules)
    };
    let defaulted = given_rules.is_none() && first.is_none() && folder.is_none();
    let (rules, line) = match (given_rules, first) {
        (Some(rules), _) => {
            let line = differs(&rules).map(|found| {
                format!(
                    "{} (--rules), though this project is {}",
                    rules.name(),
                    found.describe()
                )
            });
            (rules, line)
        }
        (None, Some(record)) => {
            if let Some(found) = differs(&record.rules) {
                bail!(
                    "{} was made for rules {}, but this project is {}: give --rules {} to play \
                     the file's game anyway, or make a file for {} (hog final -o FILE)",
                    record.file,
                    record.rules.name(),
                    found.describe(),
                    record.rules.name(),
                    found.preset.name
                );
            }
            (record.rules.clone(), None)
        }
        (None, None) => match folder {
            Some(Ok(found)) => {
                let line = found.describe();
                (found.preset.rules(), Some(line))
            }
            Some(Err(ambiguous)) => bail!("{ambiguous}"),
            None => (
                Rules::parse(DEFAULT_RULES)?,
                Some(format!(
                    "{DEFAULT_RULES}, the default: not given (no --rules, and nothing in {} \
                     names a semester: no ok config, no course tests, no hog.py of a course's \
                     skeleton): give --rules SEMESTER (hog rules list)",
                    places(folders)
                )),
            ),
        },
    };
    Ok(Game {
        rules,
        goal,
        line,
        defaulted,
    })
}

/// The folders as a message names them: "this folder", "my-hog".
fn places(folders: &[&Path]) -> String {
    let names: Vec<String> = folders
        .iter()
        .map(|f| match f.as_os_str().to_str() {
            Some("" | ".") => "this folder".to_string(),
            _ => f.display().to_string(),
        })
        .collect();
    match &names[..] {
        [] => "this folder".to_string(),
        [one] => one.clone(),
        [first, rest @ ..] => format!("{first} and {} more", rest.len()),
    }
}

/// What the project folders say: `None` where none names a semester, the
/// preset they agree on, or (as `Err`) the one-line reason they cannot
/// say: files that fit several presets or contradict each other, folders
/// that name different presets, a folder whose only evidence is a file hog
/// had to skip (a broken ok config; among several folders, such a folder
/// says nothing). With `probe`, the student's rule functions may be asked.
fn folders_semester(
    folders: &[&Path],
    probe: bool,
) -> Result<Option<std::result::Result<Found, String>>> {
    let mut found: Option<(Found, &Path)> = None;
    for folder in folders {
        match semester::detect(folder, probe)? {
            Verdict::Found(this) => match &found {
                Some((first, place)) if first.preset.name != this.preset.name => {
                    return Ok(Some(Err(format!(
                        "{} is {} but {} is {}: one command plays one game; give --rules",
                        places(&[place]),
                        first.describe(),
                        places(&[folder]),
                        this.describe()
                    ))))
                }
                Some(_) => {}
                None => found = Some((this, folder)),
            },
            Verdict::Ambiguous { candidates, why } => {
                let names: Vec<&str> = candidates.iter().map(|p| p.name).collect();
                return Ok(Some(Err(format!(
                    "which semester is {}? {why}; candidates: {}; give --rules SEMESTER",
                    places(&[folder]),
                    if names.is_empty() {
                        "none of hog's presets".to_string()
                    } else {
                        names.join(", ")
                    }
                ))));
            }
            // One folder whose only evidence was skipped cannot be played;
            // among a contest's many, it says nothing.
            Verdict::Nothing { skipped } if folders.len() == 1 => {
                if let Some(why) = skipped.first() {
                    return Ok(Some(Err(format!(
                        "{why}, and nothing else in {} names a semester: give --rules \
                         SEMESTER (hog rules list)",
                        places(&[folder])
                    ))));
                }
            }
            Verdict::Nothing { .. } => {}
        }
    }
    Ok(found.map(|(found, _)| Ok(found)))
}

/// The game (rules and goal) that the first file a strategy text names
/// records, if it records one (see [`record`]).
pub fn recorded_game(text: &str) -> Result<Option<(Rules, u32)>> {
    for file in strategy_files(text) {
        if let Some(record) = record(&file)? {
            return Ok(Some((record.rules, record.goal)));
        }
    }
    Ok(None)
}

/// The files a strategy text names, `best_response(FILE)` included: the
/// texts that parse as a file, and names of existing files (as
/// [`crate::strategies::Sources::policy`] reads them).
pub fn strategy_files(text: &str) -> Vec<String> {
    fn walk(spec: &StrategySpec, files: &mut Vec<String>) {
        match spec {
            StrategySpec::File(path) => files.push(path.clone()),
            StrategySpec::Course { name, args } if args.is_empty() && Path::new(name).is_file() => {
                files.push(name.clone())
            }
            StrategySpec::BestResponse(inner) | StrategySpec::BlindBestResponse(inner) => {
                walk(inner, files)
            }
            _ => {}
        }
    }
    if Path::new(text).is_file() {
        return vec![text.to_string()];
    }
    let mut files = vec![];
    if let Ok(spec) = StrategySpec::parse(text) {
        walk(&spec, &mut files);
    }
    files
}

/// What a strategy file records, if it records anything: a policy table's
/// header, an exported JSON object's `rules_text`/`rules` and `goal`, an
/// exported Python module's docstring. CSV tables and other Python files
/// record nothing. A file that cannot be read (a FIFO or a device is not
/// even opened) is left to the command, which reports it when it reads the
/// strategy. A recorded goal hog does not allow is an error naming it.
fn record(text: &str) -> Result<Option<Record>> {
    let recorded = |rules: &str, goal: i64| -> Result<Option<Record>> {
        Ok(Some(Record {
            file: text.to_string(),
            rules: Rules::parse(rules).with_context(|| format!("{text}: the recorded rules"))?,
            goal: check_goal(goal).with_context(|| format!("{text}: the recorded goal"))?,
        }))
    };
    match FileKind::of(text) {
        FileKind::Csv(_) => Ok(None),
        FileKind::Table(path) => {
            let Ok(file) = crate::files::open_input(path) else {
                return Ok(None);
            };
            match PolicyTable::read_policy(file) {
                Ok(table) => recorded(&table.header.rules, table.header.goal.into()),
                Err(_) => Ok(None),
            }
        }
        FileKind::Json(path) => {
            let Some(object) = read_text(path)
                .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
            else {
                return Ok(None);
            };
            let rules = ["rules_text", "rules"]
                .iter()
                .find_map(|key| object.get(key)?.as_str());
            match (rules, object.get("goal")) {
                (Some(rules), Some(goal)) => match goal.as_i64() {
                    Some(goal) => recorded(rules, goal),
                    None => bail!("{text}: the recorded goal {goal} is not a whole number"),
                },
                _ => Ok(None),
            }
        }
        FileKind::Python { path, .. } => {
            let Some(module) = read_text(path) else {
                return Ok(None);
            };
            match python_record(&module) {
                Some((rules, goal)) => match goal.parse() {
                    Ok(goal) => recorded(&rules, goal),
                    Err(_) => bail!("{text}: the recorded goal '{goal}' is not a whole number"),
                },
                None => Ok(None),
            }
        }
    }
}

/// A regular file's text without a byte-order mark, if it can be read.
fn read_text(path: &Path) -> Option<String> {
    let mut text = String::new();
    crate::files::open_input(path)
        .ok()?
        .read_to_string(&mut text)
        .ok()?;
    Some(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

/// The rules text and goal (as written) in the docstring of a module
/// `hog export` wrote (see `render_python` in `ops/export/mod.rs`): after the
/// docstring's first line, a line `Rules:     NAME (COURSE)` followed by the
/// canonical rules text, and a line `Goal:      G`. Read as text, without
/// running Python.
fn python_record(module: &str) -> Option<(String, String)> {
    let mut lines = module.lines();
    if lines.next()? != crate::files::marks::PYTHON {
        return None;
    }
    let docstring: Vec<&str> = lines.take_while(|l| *l != "\"\"\"").collect();
    let rules_at = docstring.iter().position(|l| l.starts_with("Rules:"))?;
    let rules = docstring.get(rules_at + 1)?.trim().to_string();
    let goal = docstring
        .iter()
        .find_map(|l| l.strip_prefix("Goal:"))?
        .trim()
        .to_string();
    Some((rules, goal))
}
