//! `hog rules`: the presets, and one rule set in plain words.

use std::io::Write;

use anyhow::Result;
use hog_solver::rules::describe;
use hog_solver::{Preset, Rules, PRESETS};
use serde::Serialize;

use super::write_json;
use crate::cli::{RulesArgs, RulesCommand};

pub fn run(args: &RulesArgs, out: &mut dyn Write) -> Result<()> {
    // `hog rules show fa16 --json` and `hog rules --json show fa16` alike.
    match &args.show {
        None => list(args.json.json, out),
        Some(RulesCommand::List { json }) => list(args.json.json || json.json, out),
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
            aliases: &'static [&'static str],
            course: &'static str,
            summary: &'static str,
            baseline: &'static str,
            target: Option<&'static str>,
            final_strategy_sees_all_state: bool,
            hidden_state: Option<String>,
            /// Where the course grades another preset's game (the `-simple`
            /// twins are steps of the project): that preset.
            graded_as: Option<&'static str>,
            rules: String,
        }
        let presets = PRESETS
            .iter()
            .map(|p| {
                let rules = p.rules();
                PresetInfo {
                    name: p.name,
                    aliases: p.aliases,
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
        return write_json(out, &Listing { presets });
    }
    let rows: Vec<[String; 6]> = std::iter::once(
        [
            "preset",
            "also (semesters)",
            "baseline",
            "target",
            "hidden from final_strategy",
            "course",
        ]
        .map(str::to_string),
    )
    .chain(PRESETS.iter().map(|p| {
        [
            p.name.to_string(),
            if p.aliases.is_empty() {
                "-".to_string()
            } else {
                p.aliases.join(" ")
            },
            p.baseline.to_string(),
            p.target.unwrap_or("-").to_string(),
            p.rules()
                .hidden()
                .what()
                .unwrap_or_else(|| "nothing".into()),
            match p.graded_as {
                Some(graded) => format!(
                    "{} (a step of the project, not graded: hand in {graded}'s file)",
                    p.course
                ),
                None => p.course.to_string(),
            },
        ]
    }))
    .collect();
    let width = |column: usize| rows.iter().map(|r| r[column].len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..5).map(width).collect();
    for row in &rows {
        for (cell, width) in row.iter().zip(&widths) {
            write!(out, "{cell:<width$}  ")?;
        }
        writeln!(out, "{}", row[5])?;
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
