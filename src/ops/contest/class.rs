//! The game of a class: the semester that most of the students' project
//! folders name. Each folder is asked alone ([`semester::detect`]); a
//! folder that names another semester, or fits several, or cannot be read,
//! is excluded with its reason, and the others play. A broken ok config is
//! named in a note and says nothing. With `--rules` none of this applies:
//! the given rules decide for every folder.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Result};

use super::Game;
use crate::game;
use crate::game::semester::{self, Found, Verdict};

/// The game that most `folders` name (`goal` as given, else the default),
/// with the folders it excludes and the first line that says where it came
/// from; `None` where no folder names one (the command's own default and
/// errors then decide). Folders that name different semesters, as many
/// for each, are an error that asks for `--rules`.
pub fn game(folders: &[&Path], goal: Option<i64>) -> Result<Option<(Game, String)>> {
    let mut named: Vec<(&Path, Found)> = vec![];
    let mut unsure: Vec<(&Path, String)> = vec![];
    let mut nothing = 0;
    for &folder in folders {
        match semester::detect(folder, true) {
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
    let (chosen, by) = match &presets[..] {
        [] => return Ok(None),
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
    let first = &named
        .iter()
        .find(|(_, found)| found.preset.name == chosen)
        .expect("a folder names the chosen preset")
        .1;
    let mut line = format!(
        "{}; named by {} of the {} folders ({}); {nothing} named nothing",
        first.describe(),
        by.len(),
        folders.len(),
        places(by),
    );
    if !excluded.is_empty() {
        line += &format!(
            "; {} excluded (each with its reason): they name another semester or fit several",
            excluded.len()
        );
    }
    let game = game::find(Some(chosen), goal, &[], &[])?;
    let excluded = excluded
        .into_iter()
        .map(|(folder, why)| (folder.to_path_buf(), why))
        .collect();
    let game = Game {
        rules: game.rules,
        goal: game.goal,
        excluded,
    };
    Ok(Some((game, line)))
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
