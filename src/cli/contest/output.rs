//! What `hog contest` reports: the leaderboard on the terminal or as JSON,
//! and `-o FILE` as CSV, JSON, HTML or PNG.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Result};
use serde::Serialize;

use crate::ops::contest::{EntryReport, Report, Summary};

use crate::files::{self, Kind};
use crate::printable::html;
use crate::printable::{printable, printable_line};
use crate::strategies::extension;

/// `-o FILE.json`: the report, the draws and the summary.
#[derive(Serialize)]
struct Everything<'a> {
    #[serde(flatten)]
    report: &'a Report,
    /// draw[i][j]: the mean draw probability of i against j (null as in win_rate).
    draw: &'a [Vec<Option<f64>>],
    #[serde(flatten)]
    summary: &'a Summary,
}

/// What `-o FILE` writes, by the file's extension (in any case), known
/// before any entry is run.
#[derive(Clone, Copy)]
pub(super) enum Output {
    Csv,
    Json,
    Html,
    Png,
}

impl Output {
    pub fn of(path: &Path) -> Result<Output> {
        Ok(match Kind::of_name(path) {
            Some(Kind::Csv) => Output::Csv,
            Some(Kind::Json) => Output::Json,
            Some(Kind::Html) => Output::Html,
            Some(Kind::Png) => Output::Png,
            _ => bail!(
                "{}: unknown output type '{}' (use .csv, .json, .html or .png)",
                path.display(),
                extension(path)
            ),
        })
    }
}

pub(super) fn write_output(
    path: &Path,
    output: Output,
    report: &Report,
    draws: &[Vec<Option<f64>>],
    summary: &Summary,
    links: &[Option<String>],
    force: bool,
) -> Result<()> {
    let written = match output {
        Output::Csv => files::write(path, Kind::Csv, force, |w| write_csv(w, report)),
        Output::Json => files::write(path, Kind::Json, force, |w| {
            serde_json::to_writer(
                &mut *w,
                &Everything {
                    report,
                    draw: draws,
                    summary,
                },
            )?;
            writeln!(w)?;
            Ok(())
        }),
        Output::Html => files::write(path, Kind::Html, force, |w| {
            write_html(w, report, summary, links)
        }),
        Output::Png => {
            let bytes = heatmap(report)?;
            files::write(path, Kind::Png, force, |w| Ok(w.write_all(&bytes)?))
        }
    };
    written.map(drop)
}

/// An entry as the leaderboard names it: its name, and its source if that
/// differs, each on one line with its control characters escaped.
fn label(entry: &EntryReport) -> String {
    let name = printable_line(&entry.name);
    if entry.name == entry.source {
        name.into_owned()
    } else {
        format!("{name} ({})", printable_line(&entry.source))
    }
}

pub(super) fn write_table(out: &mut dyn Write, report: &Report, summary: &Summary) -> Result<()> {
    let excluded = report
        .entries
        .iter()
        .filter(|e| e.status == "excluded")
        .count();
    writeln!(
        out,
        "{}, goal {}: {} entries, {} excluded; {} pairs: {} graded now, {} reused from the cache",
        printable_line(&report.rules),
        report.goal,
        report.entries.len(),
        excluded,
        summary.pairs,
        summary.pairs - summary.reused,
        summary.reused
    )?;
    writeln!(
        out,
        "match point: a win rate above 0.5 + {}; win rate against {}",
        summary.margin,
        printable_line(&summary.baseline)
    )?;
    writeln!(out)?;
    writeln!(out, "rank  points  vs baseline     entry")?;
    for entry in &report.entries {
        let label = label(entry);
        match (entry.rank, entry.points, entry.win_rate_vs_baseline) {
            (Some(rank), Some(points), Some(vs)) => {
                writeln!(out, "{rank:>4}  {points:>6}  {vs:.12}  {label}")?
            }
            _ => {
                let reason =
                    printable(entry.reason.as_deref().unwrap_or("")).replace('\n', "\n    ");
                writeln!(out, "excluded: {label}: {reason}")?
            }
        }
    }
    for entry in &report.entries {
        if let Some(note) = &entry.note {
            let note = printable_line(note);
            writeln!(out, "note: {}: {note}", label(entry))?;
        }
    }
    Ok(())
}

fn write_csv(w: &mut dyn Write, report: &Report) -> Result<()> {
    let mut csv = csv::Writer::from_writer(w);
    csv.write_record(crate::files::marks::CONTEST_CSV_HEADER)?;
    let text = |v: Option<String>| v.unwrap_or_default();
    for e in &report.entries {
        csv.write_record([
            text(e.rank.map(|r| r.to_string())),
            text(e.points.map(|p| p.to_string())),
            text(e.win_rate_vs_baseline.map(|v| v.to_string())),
            e.name.clone(),
            e.source.clone(),
            e.status.to_string(),
            text(e.reason.clone()),
            text(e.note.clone()),
        ])?;
    }
    csv.flush()?;
    Ok(())
}

/// A leaderboard page with everything inline: the ranking, the exclusions
/// with their reasons, and the win-rate matrix as a grid coloured by viridis.
/// `links[i]`, where there is one, is the page of entry i (`--pages`).
fn write_html(
    w: &mut dyn Write,
    report: &Report,
    summary: &Summary,
    links: &[Option<String>],
) -> Result<()> {
    let title = format!("Hog contest: {}, goal {}", report.rules, report.goal);
    writeln!(
        w,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">{}<title>{}</title>\n<style>\
         body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}\
         td,th{{padding:2px 6px;text-align:right;vertical-align:top}}td.name,th.name{{text-align:left}}\
         .grid td{{width:3.2em;font-size:11px;text-align:center}}\
         pre{{white-space:pre-wrap;margin:0}}</style></head><body>",
        crate::files::marks::HTML,
        html(&title)
    )?;
    writeln!(w, "<h1>{}</h1>", html(&title))?;
    writeln!(
        w,
        "<p>Every pair graded exactly, both seatings averaged. A match point for a win rate above 0.5 + {}; ties count as losses. \
         {} pairs, {} of them from the cache. Win rate against the baseline {}.</p>",
        summary.margin,
        summary.pairs,
        summary.reused,
        html(&summary.baseline)
    )?;
    writeln!(w, "<h2>Leaderboard</h2>\n<table><tr><th>rank</th><th>points</th><th>vs baseline</th><th class=\"name\">entry</th><th class=\"name\">source</th></tr>")?;
    for (i, e) in report.entries.iter().enumerate() {
        if e.status != "ok" {
            continue;
        }
        let name = match links.get(i) {
            Some(Some(link)) => format!("<a href=\"{}\">{}</a>", html(link), html(&e.name)),
            _ => html(&e.name),
        };
        writeln!(
            w,
            "<tr><td>{}</td><td>{}</td><td>{:.12}</td><td class=\"name\">{name}</td><td class=\"name\">{}</td></tr>",
            e.rank.unwrap_or(0),
            e.points.unwrap_or(0),
            e.win_rate_vs_baseline.unwrap_or(f64::NAN),
            html(&e.source)
        )?;
    }
    writeln!(w, "</table>")?;
    let excluded: Vec<_> = report
        .entries
        .iter()
        .filter(|e| e.status == "excluded")
        .collect();
    if !excluded.is_empty() {
        writeln!(
            w,
            "<h2>Excluded</h2>\n<table><tr><th class=\"name\">entry</th><th class=\"name\">source</th><th class=\"name\">reason</th></tr>"
        )?;
        for e in excluded {
            writeln!(
                w,
                "<tr><td class=\"name\">{}</td><td class=\"name\">{}</td><td class=\"name\"><pre>{}</pre></td></tr>",
                html(&e.name),
                html(&e.source),
                html(e.reason.as_deref().unwrap_or(""))
            )?;
        }
        writeln!(w, "</table>")?;
    }
    writeln!(
        w,
        "<h2>Win rates</h2>\n<p>Row entry's win rate against the column entry, each numbered by its rank (tied entries share one; hover for the exact value).</p>\n<table class=\"grid\"><tr><th></th>"
    )?;
    let graded: Vec<usize> = (0..report.entries.len())
        .filter(|&i| report.entries[i].status == "ok")
        .collect();
    // Each entry numbered by its rank, so that "3" is the entry ranked 3.
    let rank = |i: usize| report.entries[i].rank.unwrap_or_default();
    for &j in &graded {
        write!(
            w,
            "<th title=\"{}\">{}</th>",
            html(&report.entries[j].name),
            rank(j)
        )?;
    }
    writeln!(w, "</tr>")?;
    for &i in &graded {
        write!(
            w,
            "<tr><th class=\"name\">{} {}</th>",
            rank(i),
            html(&report.entries[i].name)
        )?;
        for &j in &graded {
            match report.matrix.win_rate[i][j] {
                Some(p) => {
                    let c = crate::plot::probability_colour(p);
                    let ink = if p > 0.55 { "#000" } else { "#fff" };
                    write!(
                        w,
                        "<td style=\"background:#{:02x}{:02x}{:02x};color:{ink}\" title=\"{} vs {}: {p}\">{:.3}</td>",
                        c.0, c.1, c.2,
                        html(&report.entries[i].name),
                        html(&report.entries[j].name),
                        p
                    )?;
                }
                None => write!(w, "<td style=\"background:#bbb\"></td>")?,
            }
        }
        writeln!(w, "</tr>")?;
    }
    writeln!(w, "</table>\n</body></html>")?;
    Ok(())
}

/// The matrix of the graded entries as a PNG heatmap, rows and columns in
/// rank order (the first at the top left), each named by its rank and
/// name: row i, column j is entry i's win rate against entry j, in viridis
/// from 0 (dark purple) to 1 (yellow); the diagonal is grey.
fn heatmap(report: &Report) -> Result<Vec<u8>> {
    let graded: Vec<usize> = (0..report.entries.len())
        .filter(|&i| report.entries[i].status == "ok")
        .collect();
    let cells = crate::plot::Square::from_fn(graded.len() as u32, |s, o| {
        report.matrix.win_rate[graded[s as usize]][graded[o as usize]]
    });
    let names = graded
        .iter()
        .map(|&i| {
            let entry = &report.entries[i];
            format!("{} {}", entry.rank.unwrap_or(0), entry.name)
        })
        .collect();
    let figure = crate::plot::Figure {
        panels: vec![crate::plot::Panel {
            title: vec![
                format!("{}, goal {}: contest win rates", report.rules, report.goal),
                "row entry's win rate against the column entry, by rank".to_string(),
            ],
            cells: crate::plot::Cells::Matrix { cells, names },
        }],
        columns: 1,
    };
    crate::plot::png(&figure)
}
