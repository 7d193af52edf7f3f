//! `hog tables`: regenerates the committed tables of every preset, their
//! exports and heatmaps, and their MANIFEST, in one command.
//!
//! For every preset, at the goal in use (100 for the committed tables):
//! `<preset>-optimal.hogtable`, the self-play optimum, and
//! `<preset>-best-response.hogtable`, the best response to the course
//! baseline. Each table gets its exports (`.py`, `.csv`, `.json`, written by
//! `hog export`) and its heatmap (`.png`, `hog heatmap --show both`).
//! MANIFEST.md lists each table with its rules, objective, headline figures,
//! checksum and files. In fa16 both tables see the dice sides, which a course
//! strategy cannot: the MANIFEST says so, and their exports are the
//! six-sided slice, with that slice's own win rate.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::Result;
use hog_solver::evaluate::grade;
use hog_solver::solve::{Driver, Engine};
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, State, PRESETS};
use indicatif::{ProgressBar, ProgressStyle};

use super::export::{self, Format};
use super::heatmap;
use crate::cli::{ExportArgs, GameArgs, HeatmapArgs, JsonArgs, PythonArgs, Show, TablesArgs};
use crate::files::write_atomically;
use crate::sources::Sources;

/// The sides slice the committed exports of a sides-dependent table take.
const EXPORT_SIDES: u32 = 6;

/// One generated table and the figures the MANIFEST shows for it.
struct Entry {
    file: String,
    rules: String,
    objective: String,
    headline: String,
    checksum: u32,
    /// The exports and the heatmap written beside the table.
    others: Vec<String>,
}

pub fn run(args: &TablesArgs, goal: u32, sources: &Sources, out: &mut dyn Write) -> Result<()> {
    std::fs::create_dir_all(&args.dir)?;
    let mut entries = vec![];
    // Two tables per preset, each with its exports and heatmap.
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(2 * PRESETS.len() as u64).with_style(ProgressStyle::with_template(
            "{bar:40} {pos}/{len} tables {msg}",
        )?)
    } else {
        ProgressBar::hidden()
    };
    for preset in PRESETS {
        bar.set_message(preset.name);
        let rules = (preset.rules)();
        let model = Model::new(&rules, goal)?;
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let baseline = sources.policy(preset.baseline, &rules, goal)?;

        let optimal = engine.optimal();
        let policy = optimal.policy.to_policy(&model);
        let grade = grade(&model, &policy, &baseline);
        let table = PolicyTable {
            rules: rules.clone(),
            goal,
            objective: Objective::Optimal,
            policy,
            values: optimal.values.cells().to_owned(),
        };
        let headline = format!(
            "first mover wins {:.6} (opening: {} dice); win rate {:.6} against {}",
            optimal.values.get(State::START),
            optimal.policy.get(State::START),
            grade.win_rate,
            preset.baseline
        );
        entries.push(write_table(
            &args.dir,
            preset.name,
            "optimal",
            &table,
            headline,
            sources,
        )?);
        bar.inc(1);

        let response = engine.best_response(&baseline);
        let table = PolicyTable {
            rules: rules.clone(),
            goal,
            objective: Objective::BestResponse {
                against: preset.baseline.to_string(),
            },
            policy: response.policy.to_policy(&model),
            values: response.us.cells().to_owned(),
        };
        let headline = format!(
            "win rate {:.6} against {} (first {:.6}, second {:.6})",
            response.win_rate(),
            preset.baseline,
            response.first(),
            response.second()
        );
        entries.push(write_table(
            &args.dir,
            preset.name,
            "best-response",
            &table,
            headline,
            sources,
        )?);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let manifest = manifest(goal, &entries);
    let path = args.dir.join("MANIFEST.md");
    write_atomically(&path, |w| Ok(w.write_all(manifest.as_bytes())?))?;
    for entry in &entries {
        writeln!(
            out,
            "{:<40} {:08x}  {}",
            entry.file, entry.checksum, entry.headline
        )?;
    }
    writeln!(out, "{}", path.display())?;
    Ok(())
}

/// The `--rules` and `--goal` of the export and heatmap of a committed table.
fn game(preset: &str, goal: u32) -> GameArgs {
    GameArgs {
        rules: Some(preset.to_string()),
        goal: Some(goal.into()),
    }
}

/// The exports and heatmaps of committed tables run no Python: their source
/// is the table.
const NO_PYTHON: PythonArgs = PythonArgs { python_timeout: 0 };

fn write_table(
    dir: &Path,
    preset: &str,
    kind: &str,
    table: &PolicyTable,
    headline: String,
    sources: &Sources,
) -> Result<Entry> {
    let stem = format!("{preset}-{kind}");
    let file = format!("{stem}.hogtable");
    let mut checksum = 0;
    write_atomically(&dir.join(&file), |w| {
        checksum = table.write(w)?.body_checksum;
        Ok(())
    })?;
    let source = dir.join(&file).display().to_string();
    let slice = table.policy.sees_sides().then_some(EXPORT_SIDES);
    let mut others = vec![];
    for format in [Format::Python, Format::Csv, Format::Json] {
        let output = format!("{stem}.{}", format.extension());
        let args = ExportArgs {
            source: source.clone(),
            format: Some(format),
            output: Some(dir.join(&output)),
            game: game(preset, table.goal),
            sides: slice.map(i64::from),
            json: JsonArgs { json: false },
            python: NO_PYTHON,
        };
        let sink = &mut std::io::sink();
        export::run(&args, &table.rules, table.goal, sources, false, sink)?;
        others.push(output);
    }
    let picture = format!("{stem}.png");
    let args = HeatmapArgs {
        source,
        game: game(preset, table.goal),
        output: dir.join(&picture),
        show: Show::Both,
        diff: None,
        baseline: None,
        json: JsonArgs { json: false },
        python: NO_PYTHON,
    };
    heatmap::run(
        &args,
        &table.rules,
        table.goal,
        sources,
        false,
        &mut std::io::sink(),
    )?;
    others.push(picture);
    let sees_sides =
        match slice {
            Some(sides) => {
                let policy = table.policy.slice(sides).expect("fa16 has six-sided dice");
                let slice_grade = export::grade(&table.rules, table.goal, &policy, sources)?
                    .map_or(String::new(), |g| {
                        format!(
                            " as a course strategy it wins {:.6} against {}",
                            g.win_rate, g.baseline
                        )
                    });
                format!(
                    " The policy sees the dice sides, which a course strategy cannot; \
                 its exports are the {sides}-sided slice, which{slice_grade}."
                )
            }
            None => String::new(),
        };
    Ok(Entry {
        file,
        rules: preset.to_string(),
        objective: table.objective.to_string(),
        headline: format!("{headline}.{sees_sides}"),
        checksum,
        others,
    })
}

fn manifest(goal: u32, entries: &[Entry]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Committed policy tables\n\n\
         Generated by `cargo run --release -- tables` (goal {goal}); \
         `cargo test` fails if a file here differs from a fresh solve.\n\
         Each `.hogtable` is a HOGTABLE version 1 policy table (format: `solver/src/table.rs`); \
         the checksum is the CRC-32 of its body, as `hog table info` prints it. \
         Beside each table: its `final_strategy` module (`.py`), CSV and JSON exports \
         (`hog export`), and its heatmap (`.png`, `hog heatmap --show both`).\n\n\
         | file | rules | objective | headline figures | checksum | exports and heatmap |\n\
         |---|---|---|---|---|---|"
    );
    for e in entries {
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {:08x} | {} |",
            e.file,
            e.rules,
            e.objective,
            e.headline,
            e.checksum,
            e.others.join(", ")
        );
    }
    text
}
