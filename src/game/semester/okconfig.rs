//! The semester a project folder's `ok` config names.
//!
//! Every CS 61A Hog project from 2014 to Summer 2026 ships a config for the
//! course's `ok` autograder (`hog.ok`, `proj01.ok`, `proj1.ok`: JSON) whose
//! `"endpoint"` names the semester: `cal/cs61a/fa18/proj01`,
//! `ucb/cs61a/sp24/proj01`, `cal/CS61A/sp15/proj1`, `cal/cs61a/sp25/hog`.
//! The semester is the third part, `fa`, `sp` or `su` and two digits;
//! presets are named by semester (or list it among their aliases), so it is
//! looked up as a preset name. Nanjing's SICP course runs a fork of `ok`: an
//! endpoint whose first part starts with `nju` and one of whose parts is a
//! year (`2023`, `23`, `fa23`) names the semester `njuYY` (`nju23`), as the
//! NJU presets are named; NJU 2021's endpoint is `proj01` alone, which
//! names none.
//!
//! A config is untrusted input: it is read only if it is (or links to) a
//! regular file of at most [`MAX_CONFIG`] bytes, a byte-order mark is
//! allowed, and a config that cannot be read, is no JSON object with a
//! string `"endpoint"`, or whose endpoint names no semester is no evidence:
//! detection says which file it skipped and why.

use std::path::Path;

use anyhow::{bail, Result};
use hog_solver::Preset;

use super::input::{self, Input};

/// The largest ok config read: the courses' are about 1 KiB.
pub const MAX_CONFIG: u64 = 64 << 10;
/// The most ok configs read in one folder.
const MAX_CONFIGS: usize = 20;
/// The longest endpoint shown in a message, in characters.
const SHOWN: usize = 80;

/// An ok config and the preset of the semester its endpoint names.
pub struct OkConfig {
    /// The config file as found (the folder as the user gave it, joined
    /// with the file's name).
    pub file: String,
    pub endpoint: String,
    /// The semester the endpoint names: `fa18`, `sp24`, `nju21`.
    pub semester: String,
    pub preset: &'static Preset,
}

/// What a folder's ok configs say.
#[derive(Default)]
pub struct OkConfigs {
    /// The configs whose endpoint names a semester hog has a preset for.
    pub configs: Vec<OkConfig>,
    /// Sentences about the `*.ok` files that are no evidence, naming each.
    pub skipped: Vec<String>,
}

impl OkConfigs {
    /// The ok configs in `folder`: its entries named `*.ok`, in name order.
    /// An endpoint that names a semester hog has no preset for is an error
    /// naming the file and the endpoint.
    pub fn in_folder(folder: &Path) -> Result<OkConfigs> {
        let mut found = OkConfigs::default();
        let files = input::entries(folder, |name| name.ends_with(".ok"), MAX_CONFIGS);
        for (path, name) in files {
            let text = match input::read(&path, &name, MAX_CONFIG) {
                Input::Text(text) => text,
                Input::Skipped(why) => {
                    found.skipped.push(why);
                    continue;
                }
            };
            match read(&name, &text) {
                Read::Config(config) => found.configs.push(config),
                Read::NoEvidence(why) => found.skipped.push(why),
                Read::NoPreset(error) => return Err(error),
            }
        }
        Ok(found)
    }
}

/// What one config's text says.
enum Read {
    Config(OkConfig),
    /// Why the file is no evidence.
    NoEvidence(String),
    /// The endpoint names a semester hog has no preset for.
    NoPreset(anyhow::Error),
}

fn read(name: &str, text: &str) -> Read {
    let json: serde_json::Value = match serde_json::from_str(text) {
        Ok(json) => json,
        Err(e) => return Read::NoEvidence(format!("{name} is not an ok config (not JSON: {e})")),
    };
    let Some(endpoint) = json.get("endpoint").and_then(|e| e.as_str()) else {
        return Read::NoEvidence(format!(
            "{name} is not an ok config (no \"endpoint\" string)"
        ));
    };
    let Some(semester) = semester(endpoint) else {
        return Read::NoEvidence(format!(
            "{name}'s endpoint '{}' names no semester of the course (like cal/cs61a/fa18/proj01)",
            shown(endpoint)
        ));
    };
    match Preset::find(&semester) {
        Some(preset) => Read::Config(OkConfig {
            file: name.to_string(),
            endpoint: endpoint.to_string(),
            semester,
            preset,
        }),
        None => Read::NoPreset(anyhow::anyhow!(
            "{name}: endpoint {} is semester {semester}, and hog has no preset for semester \
             {semester} yet (hog rules list shows those it has): give --rules",
            shown(endpoint)
        )),
    }
}

/// An endpoint as a message shows it: on one line, every control character
/// escaped, cut to [`SHOWN`] characters.
pub fn shown(endpoint: &str) -> String {
    let line = crate::printable::printable_line(endpoint);
    match line.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.into_owned(),
    }
}

/// The semester an ok endpoint names, lower-cased; `None` for an endpoint
/// of no form above. Endpoints are untrusted: any text is answered.
pub fn semester(endpoint: &str) -> Option<String> {
    let endpoint = endpoint.to_ascii_lowercase();
    let parts: Vec<&str> = endpoint.split('/').collect();
    // fa18: a term of two letters and two digits, in ASCII.
    let term = |part: &str| {
        part.len() == 4
            && part.is_ascii()
            && ["fa", "sp", "su"].contains(&&part[..2])
            && part[2..].bytes().all(|b| b.is_ascii_digit())
    };
    match parts[..] {
        [school, "cs61a", term_part, ..] if ["cal", "ucb"].contains(&school) && term(term_part) => {
            Some(term_part.to_string())
        }
        [school, ..] if school.starts_with("nju") => parts.iter().find_map(|part| {
            if !part.is_ascii() {
                return None;
            }
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

/// The one preset the configs name, if any: configs whose semesters map to
/// one preset (sp14 and fa13) are one game; configs that name different
/// presets are an error naming two of them.
pub fn agreed(configs: &[OkConfig]) -> Result<Option<&OkConfig>> {
    let Some(first) = configs.first() else {
        return Ok(None);
    };
    if let Some(other) = configs.iter().find(|c| c.preset.name != first.preset.name) {
        bail!(
            "{} names semester {} ({}) but {} names {} ({}): one command plays one game; give --rules",
            first.file,
            first.semester,
            first.preset.name,
            other.file,
            other.semester,
            other.preset.name
        );
    }
    Ok(Some(first))
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
            ("proj01", None),
            ("", None),
            // Non-ASCII where a term would be: no panic, no semester.
            ("cal/cs61a/aé1/proj01", None),
            ("cal/cs61a/é1/proj01", None),
            ("nju/é1/x", None),
            ("nju/fé1/x", None),
        ] {
            assert_eq!(semester(endpoint).as_deref(), expected, "{endpoint}");
        }
    }
}
