//! The semester of a student's project folder, read from the course's `ok`
//! config.
//!
//! Every CS 61A Hog project ships a config for the course's `ok` autograder
//! (`hog.ok`, `proj01.ok`, `proj1.ok`: JSON) whose `"endpoint"` names the
//! semester: `cal/cs61a/fa18/proj01`, `ucb/cs61a/sp24/proj01`,
//! `cal/CS61A/sp15/proj1`, `cal/cs61a/sp25/hog`. The semester is the third
//! part, `fa`, `sp` or `su` and two digits; presets are named by semester
//! (or list it among their aliases), so it is looked up as a preset name.
//! Nanjing's SICP course runs a fork of `ok`: an endpoint whose first part
//! starts with `nju` and one of whose parts is a year (`2023`, `23`,
//! `fa23`) names the semester `njuYY` (`nju23`), as the NJU presets are
//! named.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use hog_solver::{Preset, Rules};

/// An ok config and the semester its endpoint names.
pub struct OkConfig {
    /// The config file, as found (the folder as the user gave it, joined
    /// with the file's name).
    pub file: PathBuf,
    pub endpoint: String,
    /// The semester the endpoint names: `fa18`, `sp24`, `nju21`.
    pub semester: String,
}

impl OkConfig {
    /// The ok configs in `folder`: its regular files named `*.ok`, in
    /// name order. A config that is not JSON with a string `"endpoint"`, and
    /// an endpoint that names no semester, are errors naming the file.
    pub fn in_folder(folder: &Path) -> Result<Vec<OkConfig>> {
        // A file in the working folder has the parent "".
        let readable = if folder.as_os_str().is_empty() {
            Path::new(".")
        } else {
            folder
        };
        let Ok(entries) = std::fs::read_dir(readable) else {
            return Ok(vec![]);
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok())
            .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
            .map(|entry| folder.join(entry.file_name()))
            .filter(|path| path.extension().is_some_and(|e| e == "ok"))
            .collect();
        files.sort();
        files.iter().map(|file| OkConfig::read(file)).collect()
    }

    /// The one semester that `configs` name, if any; configs that name
    /// different semesters are an error naming two of them.
    pub fn agreed(configs: Vec<OkConfig>) -> Result<Option<OkConfig>> {
        let mut configs = configs.into_iter();
        let Some(first) = configs.next() else {
            return Ok(None);
        };
        if let Some(other) = configs.find(|c| c.semester != first.semester) {
            bail!(
                "{} names semester {} but {} names {}: one command plays one game; give --rules",
                first.file.display(),
                first.semester,
                other.file.display(),
                other.semester
            );
        }
        Ok(Some(first))
    }

    /// One ok config file.
    fn read(file: &Path) -> Result<OkConfig> {
        let name = file.display();
        let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {name}"))?;
        let json: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| anyhow!("{name}: not an ok config (not JSON: {e})"))?;
        let endpoint = json
            .get("endpoint")
            .and_then(|e| e.as_str())
            .ok_or_else(|| anyhow!("{name}: not an ok config (no \"endpoint\" string)"))?;
        let semester = semester(endpoint).ok_or_else(|| {
            anyhow!(
                "{name}: endpoint '{endpoint}' names no semester of the course \
                 (like cal/cs61a/fa18/proj01): give --rules"
            )
        })?;
        Ok(OkConfig {
            file: file.to_path_buf(),
            endpoint: endpoint.to_string(),
            semester,
        })
    }

    /// The semester's rules: its preset. A semester hog has no preset for
    /// is an error naming the endpoint and the file.
    pub fn rules(&self) -> Result<Rules> {
        match Preset::find(&self.semester) {
            Some(preset) => Ok(preset.rules()),
            None => bail!(
                "{}: endpoint {} is semester {}, and hog has no preset for semester {} yet \
                 (hog rules list shows those it has): give --rules",
                self.file.display(),
                self.endpoint,
                self.semester,
                self.semester
            ),
        }
    }
}

/// The semester an ok endpoint names, lower-cased; `None` for an endpoint
/// of no form above.
pub fn semester(endpoint: &str) -> Option<String> {
    let endpoint = endpoint.to_ascii_lowercase();
    let parts: Vec<&str> = endpoint.split('/').collect();
    let term = |part: &str| {
        part.len() == 4
            && ["fa", "sp", "su"].contains(&&part[..2])
            && part[2..].bytes().all(|b| b.is_ascii_digit())
    };
    match parts[..] {
        [school, "cs61a", term_part, ..] if ["cal", "ucb"].contains(&school) && term(term_part) => {
            Some(term_part.to_string())
        }
        [school, ..] if school.starts_with("nju") => parts.iter().find_map(|part| {
            let digits = part.trim_start_matches(|c: char| c.is_ascii_alphabetic());
            let year = match (digits.len(), part.len() - digits.len()) {
                (4, 0) if digits.starts_with("20") => &digits[2..],
                (2, 0) => digits,
                (2, 2) if term(part) => digits,
                _ => return None,
            };
            year.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| format!("nju{year}"))
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::semester;

    #[test]
    fn endpoints_name_their_semester() {
        for (endpoint, expected) in [
            ("cal/cs61a/fa18/proj01", Some("fa18")),
            ("ucb/cs61a/sp24/proj01", Some("sp24")),
            ("cal/CS61A/sp15/proj1", Some("sp15")),
            ("cal/cs61a/sp25/hog", Some("sp25")),
            ("nju-sicp/2023/proj01", Some("nju23")),
            ("nju/sicp/fa21/hog", Some("nju21")),
            ("cal/cs61a/proj01", None),
            ("cal/cs61a/fall18/proj01", None),
            ("cal/cs61b/fa18/proj01", None),
            ("mit/cs61a/fa18/proj01", None),
            ("nju-sicp/proj01", None),
            ("", None),
        ] {
            assert_eq!(semester(endpoint).as_deref(), expected, "{endpoint}");
        }
    }
}
