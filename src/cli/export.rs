//! `hog export`: any strategy source as a file a course accepts (see
//! [`crate::ops::export`]), written to `-o` or to stdout.

use std::io::Write;
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use hog_solver::{Rules, State};
use serde::Serialize;

use super::{write_json, StrategyContext};
use crate::cli::args::ExportArgs;
use crate::files;
use crate::ops::export::{
    differing_pairs, grade, losing_warning, objective, render, shell_word, slice_note, slice_sides,
    ExportInfo, Format, Slice,
};
use crate::printable::printable;
use crate::strategies::{extension, Sources};

/// The format `--format` names, else the one the output file's extension names.
fn format_of(given: Option<Format>, output: Option<&Path>) -> Result<Format> {
    if let Some(format) = given {
        return Ok(format);
    }
    // `-o -` is stdout, as no -o.
    let Some(path) = output.filter(|p| p.as_os_str() != "-") else {
        bail!("writing to stdout needs --format python, csv or json");
    };
    let extension = extension(path);
    [Format::Python, Format::Csv, Format::Json]
            .into_iter()
            .find(|f| f.extension() == extension)
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

pub fn run(
    args: &ExportArgs,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    run_recorded(args, &args.source, rules, goal, sources, json, out)
}

/// As [`run`], with the source named `recorded` in the export's record
/// (`hog tables` reads from its temporary folder what will be `recorded`).
pub fn run_recorded(
    args: &ExportArgs,
    recorded: &str,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let format = format_of(args.format, args.output.as_deref())?;
    let rules = rules.clone();
    if let Some(sides) = args.sides {
        let sides =
            u32::try_from(sides).map_err(|_| anyhow!("--sides {sides}: dice have 6 or 4 sides"))?;
        rules
            .check_state(
                goal,
                State {
                    sides,
                    ..State::START
                },
            )
            .context("--sides")?;
    }
    let source = &args.source;
    let full = sources
        .policy(source, &rules, goal)
        .strategy_context(&format!("the strategy to export ({source})"))?;
    let objective = objective(source);
    let hidden = rules.hidden();
    let what = hidden.what().unwrap_or_else(|| "hidden state".into());
    // The slice asked for: its position on the hidden axis, and the option.
    let asked = match (args.sides, &args.hidden) {
        (Some(sides), _) => Some((
            hidden.index(State {
                sides: sides as u32,
                ..State::START
            }),
            format!("--sides {sides}"),
        )),
        (None, Some(text)) => Some((
            super::hidden_index(&hidden, text)?,
            format!("--hidden {}", shell_word(text)),
        )),
        (None, None) => None,
    };
    let policy = match &asked {
        None if full.sees_hidden() => {
            let differ = differing_pairs(&full);
            let last = super::hidden_words(&hidden, hidden.len() - 1);
            bail!(
                "{source} depends on {what} under {}: its answer changes with the hidden \
                 value in {differ} of the {} (score, opponent_score) pairs, and a course \
                 strategy, final_strategy(score, opponent_score), cannot see it. The best \
                 strategy that can: hog final --rules {} (or export blind_best_response(S)). \
                 To export one slice anyway, give --hidden with one of the {} hidden values \
                 (such as --hidden {}, or its position 0 to {}; --sides S is the one with S \
                 sides and the rest as at the start): the answers it gives there, played \
                 whatever is hidden; hog then reports that slice's own exact win rate",
                rules.name(),
                goal as u64 * goal as u64,
                shell_word(&rules.name()),
                hidden.len(),
                shell_word(&last),
                hidden.len() - 1
            )
        }
        None => full.clone(),
        Some((index, _)) => full
            .slice_at(*index)
            .expect("the slice was checked against the rules"),
    };
    let mut info = ExportInfo::new(&rules, goal, objective, &policy, sources)?;
    let mut note = vec![];
    match asked {
        Some((index, option)) if full.sees_hidden() => {
            info.slice = Some(Slice {
                index,
                words: super::hidden_words(&hidden, index),
                option,
                full_win_rate: grade(&rules, goal, &full, sources)?.map(|g| g.win_rate),
            });
            note = slice_note(&info);
        }
        Some((_, option)) => note.push(format!(
            "{source} does not depend on {what}, so {option} changes nothing."
        )),
        None => {}
    }
    info.made_by = Some(made_by(args, recorded, &rules, goal, format));
    let text = render(format, &info, &policy)?;
    // `-o -` is stdout, as no -o.
    let Some(path) = args.output.as_ref().filter(|p| p.as_os_str() != "-") else {
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
    if json {
        return write_json(
            out,
            &Summary {
                file: path.display().to_string(),
                format: format.name(),
                rules: rules.name(),
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
    writeln!(out, "rules        {}, goal {goal}", rules.name())?;
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

/// The command line that makes this export, for the record.
fn made_by(args: &ExportArgs, source: &str, rules: &Rules, goal: u32, format: Format) -> String {
    let mut words = vec![
        "hog export".to_string(),
        shell_word(source),
        format!("--rules {}", shell_word(&rules.name())),
        format!("--goal {goal}"),
        format!("--format {}", format.name()),
    ];
    if let Some(sides) = args.sides {
        words.push(format!("--sides {sides}"));
    }
    if let Some(hidden) = &args.hidden {
        words.push(format!("--hidden {}", shell_word(hidden)));
    }
    words.join(" ")
}
