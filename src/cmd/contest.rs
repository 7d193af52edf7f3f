//! `hog contest`: a round robin of many strategies, graded exactly, as the
//! course's contests did it.
//!
//! Every entry is resolved once into a policy (a Python file is run once,
//! sandboxed, with the course's checks); an entry that fails is excluded
//! with its reason and the others go on. Every pair of the remaining entries
//! is graded exactly, both seatings averaged (the course's win rate):
//! w[i][j] is entry i's win rate against entry j, and
//! w[i][j] + w[j][i] + draw = 1. Entry i earns a match point against j when
//! w[i][j] > 0.5 + margin (so a tie is a loss for both), and entries are
//! ranked by points (equal points, equal rank).
//!
//! Grades are cached by the content of the two policies, the rules and the
//! goal (see [`super::contest_cache`]), so re-running after adding an entry
//! grades only its pairs, and an edited file gets a new key.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use hog_solver::round_robin::{grade_pairs, Match};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::contest_cache::{key, Cache, Key};
use super::{baseline_or_course, write_json};
use crate::cli::ContestArgs;
use crate::files::{check_writable, write_atomically};
use crate::printable::{printable, printable_line};
use crate::sources::Sources;

/// The strategy files a folder's entries are read from.
const STRATEGY_EXTENSIONS: [&str; 4] = ["py", "csv", "json", "hogtable"];

/// One entry as given: its name on the leaderboard and its source text.
struct Entry {
    name: String,
    source: String,
}

/// An entry's policy and its cache key, or why it was excluded.
type Resolved = std::result::Result<(Policy, Key), String>;

pub fn run(
    args: &ContestArgs,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let rules = rules.clone();
    if !(0.0..0.5).contains(&args.margin) {
        bail!(
            "--margin {}: a margin is at least 0 and below 0.5",
            args.margin
        );
    }
    // Before any entry runs: where the results go, and the cache as it is
    // now (an entry could write it).
    if let Some(path) = &args.output {
        output_kind(path)?;
        check_writable(path)?;
    }
    let cache = Cache::open(args)?;
    let baseline_text = baseline_or_course(args.baseline.as_ref(), &rules)?;
    let baseline = sources
        .policy(&baseline_text, &rules, goal)
        .context("the baseline")?;
    let entries = expand_entries(&args.entries)?;
    let model = Model::new(&rules, goal)?;

    let bar = progress(
        entries.len() as u64,
        "{bar:40} {pos}/{len} entries resolved",
    )?;
    let resolved: Vec<Resolved> = entries
        .iter()
        .map(|entry| {
            let result = sources
                .policy(&entry.source, &rules, goal)
                .map(|policy| {
                    let key = key(&rules, goal, &policy);
                    (policy, key)
                })
                .map_err(|e| {
                    // The reason, without the source the entry already names.
                    let reason = format!("{e:#}");
                    match reason.strip_prefix(&format!("{}: ", entry.source)) {
                        Some(rest) => rest.to_string(),
                        None => reason,
                    }
                });
            bar.inc(1);
            result
        })
        .collect();
    bar.finish_and_clear();

    // The graded entries, then the baseline, as one list of policies.
    let ok: Vec<usize> = (0..entries.len())
        .filter(|&i| resolved[i].is_ok())
        .collect();
    let baseline_key = key(&rules, goal, &baseline);
    let mut policies: Vec<&Policy> = ok
        .iter()
        .map(|&i| &resolved[i].as_ref().expect("ok").0)
        .collect();
    let mut keys: Vec<Key> = ok
        .iter()
        .map(|&i| resolved[i].as_ref().expect("ok").1)
        .collect();
    policies.push(&baseline);
    keys.push(baseline_key);
    let n = ok.len();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..=n).map(move |b| (a, b)))
        .collect();

    let cached = |(a, b): (usize, usize)| cache.as_ref()?.get(keys[a], keys[b]);
    let (reused, to_grade): (Vec<usize>, Vec<usize>) =
        (0..pairs.len()).partition(|&k| cached(pairs[k]).is_some());

    // w[a][b] over the graded entries and the baseline (index n); NaN: not graded.
    let size = n + 1;
    let mut matrix = Matrix {
        size,
        win_rate: vec![f64::NAN; size * size],
        draw: vec![f64::NAN; size * size],
    };
    for &k in &reused {
        matrix.record(pairs[k], cached(pairs[k]).expect("cached"));
    }
    let bar = progress(
        to_grade.len() as u64,
        "{bar:40} {pos}/{len} pairs, {eta} left",
    )?;
    let new_pairs: Vec<(usize, usize)> = to_grade.iter().map(|&k| pairs[k]).collect();
    let graded = Mutex::new(matrix);
    grade_pairs(&model, &policies, &new_pairs, |k, m| {
        graded
            .lock()
            .expect("no panics while holding the lock")
            .record(new_pairs[k], m);
        bar.inc(1);
    });
    bar.finish_and_clear();
    let matrix = graded
        .into_inner()
        .expect("no panics while holding the lock");
    if let Some(cache) = &cache {
        cache.write(
            pairs
                .iter()
                .map(|&(a, b)| (keys[a], keys[b], matrix.get((a, b)))),
        )?;
    }
    let (win_rate, draw) = (matrix.win_rate, matrix.draw);

    let at = |a: usize, b: usize| win_rate[a * size + b];
    let points: Vec<u32> = (0..n)
        .map(|a| {
            (0..n)
                .filter(|&b| b != a && at(a, b) > 0.5 + args.margin)
                .count() as u32
        })
        .collect();
    // The leaderboard order: points, then the win rate against the
    // baseline, then the name; excluded entries last, as given.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        points[b]
            .cmp(&points[a])
            .then(at(b, n).total_cmp(&at(a, n)))
            .then_with(|| entries[ok[a]].name.cmp(&entries[ok[b]].name))
    });
    let mut report = Report {
        rules: rules.name(),
        goal,
        entries: vec![],
        matrix: MatrixReport {
            names: vec![],
            win_rate: vec![],
        },
    };
    let mut draws = vec![];
    // Graded row index of each leaderboard row (None: excluded).
    let rows: Vec<Option<usize>> = order
        .iter()
        .map(|&a| Some(a))
        .chain(
            (0..entries.len())
                .filter(|i| resolved[*i].is_err())
                .map(|_| None),
        )
        .collect();
    let mut excluded = (0..entries.len()).filter(|i| resolved[*i].is_err());
    for row in &rows {
        let (index, rank, pts, vs) = match *row {
            Some(a) => {
                let rank = 1 + points.iter().filter(|&&p| p > points[a]).count();
                (ok[a], Some(rank), Some(points[a]), Some(at(a, n)))
            }
            None => (
                excluded.next().expect("an excluded entry"),
                None,
                None,
                None,
            ),
        };
        let entry = &entries[index];
        report.entries.push(EntryReport {
            name: entry.name.clone(),
            source: entry.source.clone(),
            status: if row.is_some() { "ok" } else { "excluded" },
            reason: resolved[index].as_ref().err().cloned(),
            points: pts,
            rank,
            win_rate_vs_baseline: vs,
        });
        report.matrix.names.push(entry.name.clone());
        let cell = |values: &[f64], b: &Option<usize>| match (row, b) {
            (Some(a), Some(b)) if a != b => Some(values[a * size + b]),
            _ => None,
        };
        report
            .matrix
            .win_rate
            .push(rows.iter().map(|b| cell(&win_rate, b)).collect());
        draws.push(rows.iter().map(|b| cell(&draw, b)).collect::<Vec<_>>());
    }

    let summary = Summary {
        baseline: baseline_text,
        margin: args.margin,
        pairs: pairs.len() - n,
        reused: reused.iter().filter(|&&k| pairs[k].1 != n).count(),
        cache: cache.map(|cache| cache.path),
    };
    if let Some(path) = &args.output {
        write_output(path, &report, &draws, &summary)?;
    }
    if json {
        return write_json(out, &report);
    }
    write_table(out, &report, &summary)
}

/// The entries the command line names: folders expanded, sorted by name.
fn expand_entries(given: &[String]) -> Result<Vec<Entry>> {
    let mut entries = vec![];
    for text in given {
        let path = Path::new(text);
        if !path.is_dir() {
            entries.push(Entry {
                name: entry_name(text),
                source: text.clone(),
            });
            continue;
        }
        let mut found = vec![];
        for item in std::fs::read_dir(path).with_context(|| format!("cannot read {text}"))? {
            let item = item.with_context(|| format!("cannot read {text}"))?;
            let file_name = item.file_name().to_string_lossy().into_owned();
            let inside = item.path();
            if file_name.starts_with('.') {
                continue;
            }
            if inside.is_dir() {
                if inside.join("hog.py").is_file() {
                    found.push(Entry {
                        name: file_name,
                        source: inside.join("hog.py").to_string_lossy().into_owned(),
                    });
                }
            } else if inside
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| STRATEGY_EXTENSIONS.contains(&e))
            {
                let source = inside.to_string_lossy().into_owned();
                found.push(Entry {
                    name: entry_name(&source),
                    source,
                });
            }
        }
        if found.is_empty() {
            bail!("{text}: a folder with no strategy files (.py, .csv, .json, .hogtable) and no subfolder holding a hog.py");
        }
        found.sort_by(|a, b| a.source.cmp(&b.source));
        entries.extend(found);
    }
    Ok(entries)
}

/// A file's name without its extension (`hog.py`: its folder's name); an
/// expression as written.
fn entry_name(text: &str) -> String {
    let path = Path::new(text);
    if !path.is_file() {
        return text.to_string();
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let folder = path
        .parent()
        .and_then(|p| p.file_name())
        .map(|s| s.to_string_lossy().into_owned());
    match (stem.as_deref(), folder) {
        (Some("hog"), Some(folder)) if path.extension().is_some_and(|e| e == "py") => folder,
        (Some(stem), _) => stem.to_string(),
        _ => text.to_string(),
    }
}

/// A progress bar on stderr when it is a terminal; otherwise nothing.
fn progress(len: u64, template: &str) -> Result<ProgressBar> {
    Ok(if std::io::stderr().is_terminal() {
        ProgressBar::new(len).with_style(ProgressStyle::with_template(template)?)
    } else {
        ProgressBar::hidden()
    })
}

/// Every graded pair's win rates and draws, both ways round: the entries
/// (and the baseline, last) in a `size` x `size` row-major square.
struct Matrix {
    size: usize,
    win_rate: Vec<f64>,
    draw: Vec<f64>,
}

impl Matrix {
    /// The grade of a graded pair.
    fn get(&self, (a, b): (usize, usize)) -> Match {
        let size = self.size;
        Match {
            a_wins: self.win_rate[a * size + b],
            b_wins: self.win_rate[b * size + a],
            draw: self.draw[a * size + b],
        }
    }

    fn record(&mut self, (a, b): (usize, usize), m: Match) {
        let size = self.size;
        self.win_rate[a * size + b] = m.a_wins;
        self.win_rate[b * size + a] = m.b_wins;
        self.draw[a * size + b] = m.draw;
        self.draw[b * size + a] = m.draw;
    }
}

#[derive(Serialize)]
struct Report {
    rules: String,
    goal: u32,
    entries: Vec<EntryReport>,
    matrix: MatrixReport,
}

#[derive(Serialize)]
struct EntryReport {
    name: String,
    source: String,
    status: &'static str,
    reason: Option<String>,
    points: Option<u32>,
    rank: Option<usize>,
    win_rate_vs_baseline: Option<f64>,
}

#[derive(Serialize)]
struct MatrixReport {
    names: Vec<String>,
    win_rate: Vec<Vec<Option<f64>>>,
}

/// What the report leaves out: the contest's settings and the cache's work.
#[derive(Serialize)]
struct Summary {
    baseline: String,
    margin: f64,
    /// Pairs of entries.
    pairs: usize,
    /// Of them, how many came from the cache.
    reused: usize,
    cache: Option<PathBuf>,
}

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

/// The output types of `-o`, by extension.
const OUTPUT_TYPES: [&str; 4] = ["csv", "json", "html", "png"];

/// The type of an `-o` file, by its extension; an unknown one is an error.
fn output_kind(path: &Path) -> Result<&str> {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        known if OUTPUT_TYPES.contains(&known) => Ok(known),
        other => bail!(
            "{}: unknown output type '{other}' (use .csv, .json, .html or .png)",
            path.display()
        ),
    }
}

fn write_output(
    path: &Path,
    report: &Report,
    draws: &[Vec<Option<f64>>],
    summary: &Summary,
) -> Result<()> {
    match output_kind(path)? {
        "csv" => write_atomically(path, |w| write_csv(w, report)),
        "json" => write_atomically(path, |w| {
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
        "html" => write_atomically(path, |w| write_html(w, report, summary)),
        // png
        _ => {
            let bytes = heatmap(report)?;
            write_atomically(path, |w| Ok(w.write_all(&bytes)?))
        }
    }
}

fn write_table(out: &mut dyn Write, report: &Report, summary: &Summary) -> Result<()> {
    let excluded = report
        .entries
        .iter()
        .filter(|e| e.status == "excluded")
        .count();
    writeln!(
        out,
        "{}, goal {}: {} entries, {} excluded; {} pairs: {} graded now, {} reused from the cache",
        report.rules,
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
        summary.margin, summary.baseline
    )?;
    writeln!(out)?;
    writeln!(out, "rank  points  vs baseline     entry")?;
    for entry in &report.entries {
        let label = if entry.name == entry.source {
            printable_line(&entry.name).into_owned()
        } else {
            format!(
                "{} ({})",
                printable_line(&entry.name),
                printable_line(&entry.source)
            )
        };
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
    Ok(())
}

fn write_csv(w: &mut dyn Write, report: &Report) -> Result<()> {
    let mut csv = csv::Writer::from_writer(w);
    csv.write_record([
        "rank",
        "points",
        "win_rate_vs_baseline",
        "name",
        "source",
        "status",
        "reason",
    ])?;
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
        ])?;
    }
    csv.flush()?;
    Ok(())
}

/// Text for HTML: the five characters that mean something there, escaped.
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A leaderboard page with everything inline: the ranking, the exclusions
/// with their reasons, and the win-rate matrix as a grid coloured by viridis.
fn write_html(w: &mut dyn Write, report: &Report, summary: &Summary) -> Result<()> {
    let title = format!("Hog contest: {}, goal {}", report.rules, report.goal);
    writeln!(
        w,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\
         body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}\
         td,th{{padding:2px 6px;text-align:right}}td.name{{text-align:left}}\
         .grid td{{width:3.2em;font-size:11px;text-align:center}}\
         pre{{white-space:pre-wrap;margin:0}}</style></head><body>",
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
    writeln!(w, "<h2>Leaderboard</h2>\n<table><tr><th>rank</th><th>points</th><th>vs baseline</th><th>entry</th><th>source</th></tr>")?;
    for e in report.entries.iter().filter(|e| e.status == "ok") {
        writeln!(
            w,
            "<tr><td>{}</td><td>{}</td><td>{:.12}</td><td class=\"name\">{}</td><td class=\"name\">{}</td></tr>",
            e.rank.unwrap_or(0),
            e.points.unwrap_or(0),
            e.win_rate_vs_baseline.unwrap_or(f64::NAN),
            html(&e.name),
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
            "<h2>Excluded</h2>\n<table><tr><th>entry</th><th>source</th><th>reason</th></tr>"
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
        "<h2>Win rates</h2>\n<p>Row entry's win rate against the column entry (columns by rank; hover for the exact value).</p>\n<table class=\"grid\"><tr><th></th>"
    )?;
    let graded: Vec<usize> = (0..report.entries.len())
        .filter(|&i| report.entries[i].status == "ok")
        .collect();
    for &j in &graded {
        write!(
            w,
            "<th title=\"{}\">{}</th>",
            html(&report.entries[j].name),
            j + 1
        )?;
    }
    writeln!(w, "</tr>")?;
    for &i in &graded {
        write!(
            w,
            "<tr><th class=\"name\">{} {}</th>",
            i + 1,
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
/// rank order: row i, column j is entry i's win rate against entry j, in
/// viridis from 0 (dark purple) to 1 (yellow); the diagonal is grey.
fn heatmap(report: &Report) -> Result<Vec<u8>> {
    let graded: Vec<usize> = (0..report.entries.len())
        .filter(|&i| report.entries[i].status == "ok")
        .collect();
    let cells = crate::plot::Square::from_fn(graded.len() as u32, |s, o| {
        report.matrix.win_rate[graded[s as usize]][graded[o as usize]]
    });
    let figure = crate::plot::Figure {
        panels: vec![crate::plot::Panel {
            title: vec![
                format!("{}, goal {}: contest win rates", report.rules, report.goal),
                "row entry's win rate against the column entry".to_string(),
            ],
            cells: crate::plot::Cells::Matrix(cells),
        }],
        columns: 1,
    };
    crate::plot::png(&figure)
}
