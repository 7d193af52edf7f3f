//! The game a contest plays: `--rules` and `--goal`, else the game that the
//! entries' files record (one game for all: files made for two games are
//! an error), else the semester that the project folders of the Python
//! entries name, else fa16 to 100 (see [`crate::game`]).
//!
//! Among several folders, the class's game is the semester most of them
//! name ([`class`]): each folder is asked alone; a folder that names
//! another semester, or fits several, or cannot be read, is excluded with
//! its reason, and the others play. A broken ok config is named in a note
//! and says nothing. Where no folder names a semester, the default game is
//! played, and the folders that fit several are excluded with their
//! reasons. With `--rules` none of this applies: the given rules decide
//! for every folder.
//!
//! Every folder's evidence is read, from the entries' bytes as they were
//! read, before any folder's rule functions are asked; what each folder's
//! probe changed is said of its entries ([`Watch`]).

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Result};
use hog_solver::Rules;

use super::entries::{Entry, Watch};
use super::Game;
use crate::game::semester::{self, Evidence, Found, Verdict};
use crate::game::{self, module_files, recorded_game, DEFAULT_RULES};
use crate::strategies::Strategy;

/// The game a contest of `entries` plays, with the folders it excludes,
/// and the line its output leads with (see [`crate::game::Game::line`]).
pub fn contest_game(
    rules: Option<&str>,
    goal: Option<i64>,
    entries: &[Entry],
    watch: &mut Watch,
) -> Result<(Game, Option<String>)> {
    let given_rules = rules.map(Rules::parse).transpose()?;
    let fits = |(rules, made_goal): &(Rules, u32)| {
        given_rules.as_ref().is_none_or(|r| r == rules)
            && goal.is_none_or(|g| g == *made_goal as i64)
    };
    let read: Vec<&Strategy> = entries
        .iter()
        .filter_map(|e| e.strategy.as_ref().ok())
        .collect();
    let recording: Vec<&Strategy> = read
        .iter()
        .copied()
        .filter(|s| recorded_game(s).is_ok_and(|game| game.as_ref().is_some_and(fits)))
        .collect();
    // Each Python entry's project folder; the working folder where none is.
    let mut folders: Vec<&Path> = vec![];
    for folder in entries.iter().filter_map(Entry::folder) {
        if !folders.contains(&folder) {
            folders.push(folder);
        }
    }
    if folders.is_empty() {
        folders.push(Path::new(""));
    }
    // Every folder's evidence before any folder's probe.
    let evidence: Vec<Result<Evidence>> = folders
        .iter()
        .map(|folder| Evidence::read(folder, module_files(&read, folder)))
        .collect();
    let mut verdicts = vec![];
    for (folder, evidence) in folders.iter().zip(evidence) {
        let verdict = evidence.and_then(|evidence| semester::detect(&evidence, rules.is_none()));
        let probed: Vec<usize> = (0..entries.len())
            .filter(|&i| entries[i].folder() == Some(*folder))
            .collect();
        watch.after(&probed);
        verdicts.push((*folder, verdict));
    }
    if given_rules.is_none() && recording.is_empty() && folders.len() > 1 {
        return class(&verdicts, goal);
    }
    let found = game::decide(rules, goal, &recording, &verdicts)?;
    let game = Game {
        rules: found.rules,
        goal: found.goal,
        excluded: vec![],
    };
    Ok((game, found.line))
}

/// The game that most folders name (`goal` as given, else the default),
/// with the folders it excludes and the line that says where it came from.
/// Folders that name different semesters, as many for each, are an error
/// that asks for `--rules`; where none names one, the default game.
fn class(
    verdicts: &[(&Path, Result<Verdict>)],
    goal: Option<i64>,
) -> Result<(Game, Option<String>)> {
    let mut named: Vec<(&Path, &Found)> = vec![];
    let mut unsure: Vec<(&Path, String)> = vec![];
    let mut nothing = 0;
    for (folder, verdict) in verdicts {
        match verdict {
            Ok(Verdict::Found(found)) => named.push((folder, found)),
            Ok(Verdict::Ambiguous { candidates, why }) => {
                let names: Vec<&str> = candidates.iter().map(|p| p.name).collect();
                let candidates = match names.is_empty() {
                    true => "none of hog's presets".to_string(),
                    false => names.join(", "),
                };
                unsure.push((
                    folder,
                    format!(
                        "which semester is {}? {why}; candidates: {candidates}; give --rules \
                         to play every entry under one game",
                        place(folder)
                    ),
                ));
            }
            Ok(Verdict::Nothing { skipped }) => {
                nothing += 1;
                for why in skipped {
                    note(&format!(
                        "{why}: ignored, so {} names no semester",
                        place(folder)
                    ));
                }
            }
            Err(e) => unsure.push((folder, format!("{e:#}"))),
        }
    }
    // Each preset named, with the folders that name it, most first.
    let mut presets: Vec<(&str, Vec<&Path>)> = vec![];
    for (folder, found) in &named {
        match presets
            .iter_mut()
            .find(|(name, _)| *name == found.preset.name)
        {
            Some((_, folders)) => folders.push(folder),
            None => presets.push((found.preset.name, vec![folder])),
        }
    }
    presets.sort_by_key(|(_, folders)| std::cmp::Reverse(folders.len()));
    let folders = verdicts.len();
    let excluded_line = |excluded: usize| {
        format!(
            "; {excluded} excluded (each with its reason): they name another semester or fit \
             several"
        )
    };
    let (chosen, by) = match &presets[..] {
        [] => {
            let line = format!(
                "{DEFAULT_RULES}, the default: not given (no --rules, and no folder of the {folders} \
                 names a semester: {nothing} named nothing{}): give --rules SEMESTER (hog rules \
                 list)",
                if unsure.is_empty() {
                    String::new()
                } else {
                    excluded_line(unsure.len())
                }
            );
            return Ok((game_of(DEFAULT_RULES, goal, unsure)?, Some(line)));
        }
        [(first, by), (second, as_many), ..] if by.len() == as_many.len() => bail!(
            "the class's folders name different semesters, as many for each: {first} ({}) and \
             {second} ({}): one command plays one game; give --rules SEMESTER",
            places(by),
            places(as_many)
        ),
        [(chosen, by), ..] => (*chosen, by),
    };
    let mut excluded = unsure;
    for (folder, other) in &named {
        if other.preset.name != chosen {
            excluded.push((
                folder,
                format!(
                    "{} is {}, but the class plays {chosen}, which {} of its folders name: \
                     give --rules to play every entry under one game",
                    place(folder),
                    other.describe(),
                    by.len()
                ),
            ));
        }
    }
    // The evidence of the first folder that names it, then the count.
    let first = named
        .iter()
        .find(|(_, found)| found.preset.name == chosen)
        .expect("a folder names the chosen preset")
        .1;
    let mut line = format!(
        "{}; named by {} of the {folders} folders ({}); {nothing} named nothing",
        first.describe(),
        by.len(),
        places(by),
    );
    if !excluded.is_empty() {
        line += &excluded_line(excluded.len());
    }
    Ok((game_of(chosen, goal, excluded)?, Some(line)))
}

/// The game of the preset `name` at `goal` (as given, else the default),
/// excluding the `excluded` folders with their reasons.
fn game_of(name: &str, goal: Option<i64>, excluded: Vec<(&Path, String)>) -> Result<Game> {
    let game = game::decide(Some(name), goal, &[], &[])?;
    Ok(Game {
        rules: game.rules,
        goal: game.goal,
        excluded: excluded
            .into_iter()
            .map(|(folder, why)| (folder.to_path_buf(), why))
            .collect(),
    })
}

/// A folder as a message names it.
fn place(folder: &Path) -> String {
    match folder.as_os_str().to_str() {
        Some("" | ".") => "this folder".to_string(),
        _ => folder.display().to_string(),
    }
}

/// Folders as a line names them: at most five, then how many more.
fn places(folders: &[&Path]) -> String {
    let mut names: Vec<String> = folders.iter().take(5).map(|f| place(f)).collect();
    if folders.len() > 5 {
        names.push(format!("and {} more", folders.len() - 5));
    }
    names.join(", ")
}

/// A note on stderr (one that cannot be printed changes nothing).
fn note(text: &str) {
    let text = crate::printable::printable(text);
    let _ = writeln!(std::io::stderr(), "note: {text}");
}
