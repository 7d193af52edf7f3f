//! What `GET /SEMESTER/final.py` and `GET /SEMESTER/final.html` serve:
//! each preset's file to hand in, byte for byte as `hog final --rules
//! PRESET -o final.py` writes it, and the policy page of that file, byte
//! for byte as `hog heatmap final.py -o page.html` writes it.
//!
//! The files are the committed `tables/PRESET-final.py`, built into hog.
//! Most record that `hog final --rules PRESET --goal 100` made them, and
//! they are what it writes: `tests/it/all_presets.rs` holds every committed
//! file to a fresh `hog final` in every line but that one, and the last
//! line, the seal, is a digest of the lines above it. The presets with a
//! full set of tables record the `hog export` of their table instead; for
//! them the file served is the committed one with its `Made by:` lines
//! saying what `hog final` says and sealed again: what `hog final` writes.
//!
//! A page shows the policy the file answers, read from its rows (the
//! module is never run), against the course baseline; it is made on its
//! first request and kept.

use std::collections::HashMap;
use std::sync::Mutex;

use anyhow::{anyhow, bail, Result};
use hog_solver::rules::Recall;
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::{Preset, Rules};
use hyper::body::Bytes;

use super::games::{Game, GOAL};
use crate::files::{self, Kind};
use crate::ops::final_strategy::made_by;
use crate::ops::page::{self, Subject};

/// The committed file to hand in of every preset, by name.
macro_rules! committed {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../tables/", $name, "-final.py")))),*]
    };
}

const COMMITTED: &[(&str, &str)] = committed!(
    "fa16",
    "fa13",
    "sp26",
    "sp26-simple",
    "nju21",
    "sp13",
    "fa12",
    "fa14",
    "sp15",
    "su15",
    "fa15",
    "su16",
    "sp17",
    "su17",
    "fa17",
    "sp18",
    "su18",
    "fa18",
    "sp19",
    "su19",
    "fa19",
    "sp20",
    "su20",
    "fa20",
    "sp21",
    "su21",
    "fa21",
    "sp22",
    "su22",
    "fa22",
    "fa22-simple",
    "su23",
    "nju23",
    "fa13-contest",
    "fa14-contest",
    "su15-contest",
    "sp17-contest",
    "fa17-contest",
    "sp18-contest",
    "su18-contest",
    "fa18-contest",
    "sp19-contest",
    "su19-contest",
    "sp21-contest",
);

/// The name `hog heatmap final.py` gives the strategy on its page.
const FILE_NAME: &str = "final.py";

/// Every preset's file to hand in, and the pages made so far.
pub struct Finals {
    files: HashMap<&'static str, Bytes>,
    /// Each preset's page, by the semester it names where that is not the
    /// preset's own name.
    pages: Mutex<HashMap<(&'static str, Option<&'static str>), Bytes>>,
}

impl Finals {
    pub fn new() -> Finals {
        let files = COMMITTED
            .iter()
            .map(|&(name, text)| (name, Bytes::from(as_hog_final_writes_it(name, None, text))))
            .collect();
        Finals {
            files,
            pages: Mutex::default(),
        }
    }

    /// The file to hand in of `preset`, asked for as `semester` where a
    /// semester of another name played it.
    pub fn file(&self, preset: &Preset, semester: Option<&str>) -> Result<Bytes> {
        let file = self
            .files
            .get(preset.name)
            .ok_or_else(|| anyhow!("{}: no file to hand in is built into hog", preset.name))?;
        Ok(match semester {
            None => file.clone(),
            Some(_) => {
                let text = std::str::from_utf8(file)?;
                Bytes::from(as_hog_final_writes_it(preset.name, semester, text))
            }
        })
    }

    /// Whether `preset` has a policy page: a page cannot carry Feral
    /// Hogs' memories.
    pub fn has_page(rules: &Rules) -> bool {
        rules.recall() == Recall::None
    }

    /// The policy page of `preset`'s file to hand in against the course
    /// baseline, made on the first call (about a second).
    pub fn page(
        &self,
        preset: &'static Preset,
        semester: Option<&'static str>,
        game: &Game,
    ) -> Result<Bytes> {
        let key = (preset.name, semester);
        if let Some(page) = self.pages.lock().expect("pages").get(&key) {
            return Ok(page.clone());
        }
        if !Finals::has_page(&game.rules) {
            bail!(
                "{}'s file has no policy page: a page shows the dice sides but not Feral Hogs' \
                 memories, which {} keeps for each player",
                preset.name,
                preset.name
            );
        }
        let file = self.file(preset, semester)?;
        let text = std::str::from_utf8(&file)?;
        let policy = module_policy(text, &game.rules)?;
        let (baseline, against) = game.baseline()?;
        let engine = Engine::<f64>::new(&game.model, Driver::Sequential);
        let subject = Subject {
            strategy: (FILE_NAME, &policy),
            against: (baseline, against),
            other: None,
            semester,
            board: None,
        };
        let best = page::best(&engine, against);
        let (bytes, _) = page::render(&game.model, &engine, &subject, best)?;
        let page = Bytes::from(bytes);
        self.pages.lock().expect("pages").insert(key, page.clone());
        Ok(page)
    }
}

/// The committed file of preset `name` as `hog final --rules SEMESTER -o
/// final.py` writes it (SEMESTER: the preset's own name, or the
/// `semester` of another name that played it): its `Made by:` lines name
/// that command, its `Rules:` lines name the semester beside the preset
/// (each line keeps its indent), and it is sealed again where they said
/// another thing.
fn as_hog_final_writes_it(name: &str, semester: Option<&str>, text: &str) -> Vec<u8> {
    let command = made_by(semester.unwrap_or(name), GOAL, &[]);
    let made_by = format!("Made by:   {command}");
    let rules = Rules::parse(name).expect("a preset");
    let preset_rules = format!("Rules:     {name} (");
    let rules_line = format!("Rules:     {} (", crate::game::named(&rules, semester));
    // Each line as `hog final` writes it (the function's docstring opens
    // on its Rules line).
    let written = |line: &str| {
        let (indent, rest) = line.split_at(line.len() - line.trim_start().len());
        let (indent, rest) = match rest.strip_prefix("\"\"\"") {
            Some(rest) => (&line[..indent.len() + 3], rest),
            None => (indent, rest),
        };
        if rest.starts_with("Made by:") {
            format!("{indent}{made_by}")
        } else if let Some(course) = rest.strip_prefix(&preset_rules) {
            format!("{indent}{rules_line}{course}")
        } else {
            line.to_string()
        }
    };
    if text.lines().all(|line| written(line) == line) {
        return text.as_bytes().to_vec();
    }
    let mut body = String::with_capacity(text.len());
    for line in text.lines().filter(|l| !l.starts_with("# hog seal: ")) {
        body.push_str(&written(line));
        body.push('\n');
    }
    files::sealed(Kind::Python, body.into_bytes())
}

/// The policy an exported module answers (`hog export --format python`):
/// its `_HOG_EXPORT_ROWS`, one string per score with one character per
/// opponent score, "P" for Pork Chop (-1), "0" to "9", and "T" for ten,
/// as the module's own `_HOG_EXPORT_ACTIONS` reads them.
fn module_policy(text: &str, rules: &Rules) -> Result<Policy> {
    use crate::ops::export::CODES;
    let rows: Vec<Vec<i64>> = text
        .lines()
        .skip_while(|line| !line.starts_with("_HOG_EXPORT_ROWS = ("))
        .skip(1)
        .take_while(|line| line.trim() != ")")
        .map(|line| {
            let row = line.split('"').nth(1).unwrap_or_default();
            row.chars()
                .map(|c| match CODES.find(c) {
                    Some(i) => Ok(i as i64 - 1),
                    None => bail!("'{c}' in _HOG_EXPORT_ROWS is not an action"),
                })
                .collect()
        })
        .collect::<Result<_>>()?;
    let g = GOAL as usize;
    if rows.len() != g || rows.iter().any(|row| row.len() != g) {
        bail!("the module's _HOG_EXPORT_ROWS are not {g} rows of {g}");
    }
    let answer = |score: u32, opponent_score: u32| rows[score as usize][opponent_score as usize];
    Ok(Policy::from_strategy(&answer, rules, GOAL, FILE_NAME)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hog_solver::PRESETS;

    #[test]
    fn every_preset_has_its_file_built_in() {
        let built: Vec<&str> = COMMITTED.iter().map(|(name, _)| *name).collect();
        let presets: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
        assert_eq!(built, presets);
    }

    /// A full set's file says `hog final` made it, its seal verifies, and
    /// only its `Made by:` lines and seal differ from the committed file.
    #[test]
    fn a_full_sets_file_names_hog_final_and_is_sealed_again() {
        let (_, text) = COMMITTED.iter().find(|(n, _)| *n == "fa13").unwrap();
        let served = String::from_utf8(as_hog_final_writes_it("fa13", None, text)).unwrap();
        let body = &served[..served.trim_end().rfind('\n').unwrap() + 1];
        assert_eq!(
            files::sealed(Kind::Python, body.as_bytes().to_vec()),
            served.as_bytes()
        );
        let changed: Vec<(&str, &str)> = text
            .lines()
            .zip(served.lines())
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(changed.len(), 3, "{changed:?}");
        for (_, line) in &changed[..2] {
            assert_eq!(
                line.trim_start(),
                "Made by:   hog final --rules fa13 --goal 100"
            );
        }
        assert!(changed[2].1.starts_with("# hog seal: "));
    }

    /// The rows of an export read back as the policy exported: the
    /// committed fa16 file against fa16's table of the same search.
    #[test]
    fn a_modules_rows_are_its_policy() {
        let (_, text) = COMMITTED.iter().find(|(n, _)| *n == "fa16").unwrap();
        let rules = Rules::fa16();
        let policy = module_policy(text, &rules).unwrap();
        let tables = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables");
        let table = std::fs::read(tables.join("fa16-final.hogtable")).unwrap();
        let table = hog_solver::table::PolicyTable::read(&table[..]).unwrap();
        assert!(policy == table.policy);
    }
}
