//! `hog export`: any strategy source as a file a course accepts (see
//! [`crate::ops::export`]), written to `-o` or to stdout.

use std::io::Write;
use std::path::Path;

use anyhow::{anyhow, bail, Result};
use serde::Serialize;

use super::{game_played, read, sources, write_json, Played};
use crate::cli::args::ExportArgs;
use crate::files::{self, Kind};
use crate::ops::export::{
    export, losing_warning, made_by, render, slice_sides, ExportInput, Exported, Format,
};
use crate::printable::printable;

/// The format `--format` names, else the one the output file's extension names.
fn format_of(given: Option<Format>, output: Option<&Path>) -> Result<Format> {
    if let Some(format) = given {
        return Ok(format);
    }
    // `-o -` is stdout, as no -o.
    let Some(path) = output.filter(|p| p.as_os_str() != "-") else {
        bail!("writing to stdout needs --format python, csv or json");
    };
    Kind::of_name(path)
        .and_then(Format::of_kind)
        .ok_or_else(|| {
            anyhow!(
                "{}: cannot tell the format from the file name: name it .py, .csv or .json, or give --format python, csv or json",
                path.display()
            )
        })
}

#[derive(Serialize)]
struct Summary {
    file: String,
    format: &'static str,
    rules: String,
    /// The semester the user knows, where its preset has another name.
    semester: Option<String>,
    goal: u32,
    objective: String,
    baseline: Option<String>,
    win_rate: Option<f64>,
    sides_slice: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hidden_slice: Option<String>,
    full_win_rate: Option<f64>,
    /// Set when the export loses to the course baseline.
    warning: Option<String>,
}

pub fn run(args: &ExportArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let source = read(
        &args.source,
        &format!("the strategy to export ({})", args.source),
    )?;
    // An export to stdout prints the file there: the lead line goes to stderr.
    let to_stdout = args.output.as_ref().is_none_or(|o| o.as_os_str() == "-");
    let played = game_played(&args.game, &[&source], json || to_stdout)?;
    let name = played.name();
    let Played {
        rules,
        goal,
        lead,
        semester,
    } = played;
    let format = format_of(args.format, args.output.as_deref())?;
    let Exported {
        mut info,
        policy,
        note,
    } = export(
        &ExportInput {
            rules: rules.clone(),
            goal,
            source: &source,
            sides: args.sides,
            hidden: args.hidden.clone(),
            format,
        },
        &sources(&args.python),
    )?;
    info.made_by = Some(made_by(
        &args.source,
        semester.as_deref().unwrap_or(&rules.name()),
        goal,
        format,
        args.sides,
        args.hidden.as_deref(),
    ));
    info.semester = semester.clone();
    let text = render(format, &info, &policy)?;
    // `-o -` is stdout, as no -o.
    let Some(path) = args.output.as_ref().filter(|p| p.as_os_str() != "-") else {
        lead.before(out)?;
        // Sealed as the file would be, so that `> final.py` is hog's too.
        out.write_all(&files::sealed(format.kind(), text.into_bytes()))?;
        if !note.is_empty() {
            // A note that cannot be printed changes nothing.
            let note = note.join(" ");
            let _ = writeln!(std::io::stderr(), "note: {}", printable(&note));
        }
        if let Some(warning) = info.grade.as_ref().and_then(losing_warning) {
            let _ = writeln!(std::io::stderr(), "warning: {}", printable(&warning));
        }
        return Ok(());
    };
    files::write(path, format.kind(), args.force, |w| {
        Ok(w.write_all(text.as_bytes())?)
    })?;
    lead.before(out)?;
    if json {
        return write_json(
            out,
            &Summary {
                file: path.display().to_string(),
                format: format.name(),
                rules: rules.name(),
                semester,
                goal,
                objective: info.objective.clone(),
                baseline: info.grade.as_ref().map(|g| g.baseline.clone()),
                win_rate: info.grade.as_ref().map(|g| g.win_rate),
                sides_slice: info.slice.as_ref().map(|s| slice_sides(&info, s)),
                hidden_slice: info.slice.as_ref().map(|s| s.words.clone()),
                full_win_rate: info.slice.as_ref().and_then(|s| s.full_win_rate),
                warning: info.grade.as_ref().and_then(losing_warning),
            },
        );
    }
    writeln!(out, "written      {} ({})", path.display(), format.name())?;
    writeln!(out, "rules        {name}, goal {goal}")?;
    writeln!(out, "objective    {}", info.objective)?;
    match &info.grade {
        Some(g) => writeln!(
            out,
            "win rate     {} against {} (exact)",
            g.win_rate, g.baseline
        )?,
        None => writeln!(
            out,
            "win rate     not computed: no course baseline for these rules"
        )?,
    }
    if !note.is_empty() {
        writeln!(out, "note         {}", note.join(" "))?;
    }
    if let Some(warning) = info.grade.as_ref().and_then(losing_warning) {
        writeln!(out, "warning      {warning}")?;
    }
    Ok(())
}
