//! The presets, and one rule set in plain words.

use anyhow::Result;
use hog_solver::rules::describe;
use hog_solver::{Preset, Rules, PRESETS};
use serde::Serialize;

/// Every preset, in the order `hog rules list` lists them.
#[derive(Serialize)]
pub struct Listing {
    pub presets: Vec<PresetRecord>,
}

/// One preset: its names, its course, its baseline and target, what its
/// rules hide from `final_strategy`, and its canonical rules text.
#[derive(Serialize)]
pub struct PresetRecord {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// The semesters that played it, in words: `fa23 to fa26`.
    pub semesters: String,
    pub course: &'static str,
    pub summary: &'static str,
    pub baseline: &'static str,
    pub target: Option<&'static str>,
    pub final_strategy_sees_all_state: bool,
    pub hidden_state: Option<String>,
    /// Where the course grades another preset's game (the `-simple`
    /// twins are steps of the project): that preset.
    pub graded_as: Option<&'static str>,
    pub rules: String,
}

pub fn presets() -> Listing {
    let presets = PRESETS
        .iter()
        .map(|p| {
            let rules = p.rules();
            PresetRecord {
                name: p.name,
                aliases: p.aliases,
                semesters: crate::game::semester::semesters(p),
                course: p.course,
                summary: p.summary,
                baseline: p.baseline,
                target: p.target,
                final_strategy_sees_all_state: rules.hidden().what().is_none(),
                hidden_state: rules.hidden().what(),
                graded_as: p.graded_as,
                rules: rules.to_string(),
            }
        })
        .collect();
    Listing { presets }
}

/// A rule set in plain words: its name, its course and baseline where it
/// is a preset, its canonical text, the actions it allows, and one line
/// per rule.
#[derive(Serialize)]
pub struct RuleSet {
    pub name: String,
    pub course: Option<&'static str>,
    pub baseline: Option<&'static str>,
    pub rules: String,
    pub actions: [i32; 2],
    pub description: Vec<String>,
}

/// The rule set a preset's name, a semester or a canonical text names.
pub fn rule_set(text: &str) -> Result<RuleSet> {
    let rules = Rules::parse(text)?;
    let name = rules.name();
    let preset = Preset::find(&name);
    Ok(RuleSet {
        course: preset.map(|p| p.course),
        baseline: preset.map(|p| p.baseline),
        rules: rules.to_string(),
        actions: [rules.min_action(), *rules.actions().end()],
        // Each rule by the name its course gave it.
        description: describe(&rules)
            .into_iter()
            .map(|line| {
                let renames = preset.map_or(&[][..], |p| p.renames);
                renames
                    .iter()
                    .fold(line, |line, (ours, theirs)| line.replace(ours, theirs))
            })
            .collect(),
        name,
    })
}
