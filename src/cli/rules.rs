//! `hog rules`: the presets, and one rule set in plain words (see
//! [`crate::ops::presets`]).

use std::io::Write;

use anyhow::Result;

use super::write_json;
use crate::cli::args::{RulesArgs, RulesCommand};
use crate::ops::presets::{presets, rule_set};

pub fn run(args: &RulesArgs, out: &mut dyn Write) -> Result<()> {
    // `hog rules show fa16 --json` and `hog rules --json show fa16` alike.
    match &args.show {
        None => list(args.json.json, out),
        Some(RulesCommand::List { json }) => list(args.json.json || json.json, out),
        Some(RulesCommand::Show { rules, json }) => show(rules, args.json.json || json.json, out),
    }
}

/// Every preset, a row each: its name, the semesters that played it, the
/// course baseline and target, and what the rules hide from
/// `final_strategy` (`hog rules show` has each one's course and rules).
fn list(json: bool, out: &mut dyn Write) -> Result<()> {
    let listing = presets();
    if json {
        return write_json(out, &listing);
    }
    let head = [
        "preset",
        "semesters",
        "baseline",
        "target",
        "hidden from final_strategy",
    ];
    let rows: Vec<[String; 5]> = std::iter::once(head.map(str::to_string))
        .chain(listing.presets.iter().map(|p| {
            [
                p.name.to_string(),
                match p.graded_as {
                    // The -simple twins: a step of their project.
                    Some(_) => "a step, not graded".to_string(),
                    None => p.semesters.clone(),
                },
                p.baseline.to_string(),
                p.target.unwrap_or("-").to_string(),
                p.hidden_state.clone().unwrap_or_else(|| "-".into()),
            ]
        }))
        .collect();
    let width = |column: usize| rows.iter().map(|r| r[column].len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..4).map(width).collect();
    for row in &rows {
        for (cell, width) in row.iter().zip(&widths) {
            write!(out, "{cell:<width$}  ")?;
        }
        writeln!(out, "{}", row[4])?;
    }
    Ok(())
}

fn show(text: &str, json: bool, out: &mut dyn Write) -> Result<()> {
    let shown = rule_set(text)?;
    if json {
        return write_json(out, &shown);
    }
    match (shown.course, shown.baseline) {
        (Some(course), Some(baseline)) => {
            writeln!(out, "{}: {course}, baseline {baseline}", shown.name)?
        }
        _ => writeln!(out, "custom rules")?,
    }
    writeln!(out, "{}", shown.rules)?;
    let [min, max] = shown.actions;
    writeln!(out, "actions: {min} to {max} dice")?;
    for line in &shown.description {
        writeln!(out, "* {line}")?;
    }
    Ok(())
}
