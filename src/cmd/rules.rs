//! `hog rules`: the presets, and one rule set in plain words.

use std::io::Write;

use anyhow::Result;
use hog_solver::rules::describe;
use hog_solver::{Preset, Rules, PRESETS};
use serde::Serialize;

use super::write_json;
use crate::cli::{RulesArgs, RulesCommand};

pub fn run(args: &RulesArgs, out: &mut dyn Write) -> Result<()> {
    match &args.show {
        None => list(args.json.json, out),
        // `hog rules show fa16 --json` and `hog rules --json show fa16` alike.
        Some(RulesCommand::Show { rules, json }) => show(rules, args.json.json || json.json, out),
    }
}

fn list(json: bool, out: &mut dyn Write) -> Result<()> {
    if json {
        #[derive(Serialize)]
        struct Listing {
            presets: Vec<PresetInfo>,
        }
        #[derive(Serialize)]
        struct PresetInfo {
            name: &'static str,
            course: &'static str,
            summary: &'static str,
            baseline: &'static str,
            rules: String,
        }
        let presets = PRESETS
            .iter()
            .map(|p| PresetInfo {
                name: p.name,
                course: p.course,
                summary: p.summary,
                baseline: p.baseline,
                rules: p.rules().to_string(),
            })
            .collect();
        return write_json(out, &Listing { presets });
    }
    for preset in PRESETS {
        writeln!(
            out,
            "{:<12} {}: {}",
            preset.name, preset.course, preset.summary
        )?;
    }
    Ok(())
}

fn show(text: &str, json: bool, out: &mut dyn Write) -> Result<()> {
    let rules = Rules::parse(text)?;
    let name = rules.name();
    let preset = Preset::find(&name);
    let lines = describe(&rules);
    let (min, max) = (rules.min_action(), *rules.actions().end());
    if json {
        #[derive(Serialize)]
        struct Shown {
            name: String,
            course: Option<&'static str>,
            baseline: Option<&'static str>,
            rules: String,
            actions: [i32; 2],
            description: Vec<String>,
        }
        return write_json(
            out,
            &Shown {
                name,
                course: preset.map(|p| p.course),
                baseline: preset.map(|p| p.baseline),
                rules: rules.to_string(),
                actions: [min, max],
                description: lines,
            },
        );
    }
    match preset {
        Some(p) => writeln!(out, "{name}: {}, baseline {}", p.course, p.baseline)?,
        None => writeln!(out, "custom rules")?,
    }
    writeln!(out, "{rules}")?;
    writeln!(out, "actions: {min} to {max} dice")?;
    for line in lines {
        writeln!(out, "* {line}")?;
    }
    Ok(())
}
