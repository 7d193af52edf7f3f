//! `hog tables`: regenerates the committed tables of every preset, their
//! exports and heatmaps, and their MANIFEST, in one command.
//!
//! For every preset, at the goal in use (100 for the committed tables):
//! `<preset>-optimal.hogtable`, the self-play optimum,
//! `<preset>-best-response.hogtable`, the best response to the course
//! baseline, and `<preset>-final.hogtable`, what `hog final` hands a student:
//! the best response among strategies of the two scores alone (the same as
//! the best response where the rules hide nothing). Each table gets its
//! heatmap (`.png`, `hog heatmap --show both`) and, when a course strategy
//! can play it, its exports (`.py`, `.csv`, `.json`, written by `hog
//! export`). In fa16 the optimum and the best response see the dice sides,
//! which a course strategy cannot: they get no exports, and the MANIFEST
//! says so and points to the final file. MANIFEST.md lists each table with
//! its rules, objective, headline figures, checksum and files.
//!
//! Full sets are kept for [`FULL_SETS`], the presets hog began with: the
//! examples of the README and docs/ and the tests of the engine use them. Every other
//! preset gets only the file to hand in, `<preset>-final.py`, written as
//! `hog final --rules PRESET -o FILE` writes it (tens of kilobytes, where a
//! full set is about a megabyte), and listed in a second MANIFEST table.
//!
//! The set is built in a temporary folder beside the destination and then
//! swapped in (see [`replace_folder`]): an interrupted run leaves the old set
//! whole, never a mix of two goals with a stale MANIFEST, and a file saved
//! into the folder while the set was built stops the swap.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use hog_solver::evaluate::grade;
use hog_solver::rules::check_goal;
use hog_solver::solve::{Driver, Engine};
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Rules, State, PRESETS};

use super::sources;
use crate::cli::args::TablesArgs;
use crate::files::{self, replace_folder, Kind};
use crate::ops::export::{self, export, ExportInput, Exported, Format};
use crate::ops::final_strategy::{self, find, FinalInput, Output};
use crate::ops::heatmap::{self, heatmap, HeatmapInput, Show};
use crate::progress::CountBar;
use crate::strategies::{Sources, Strategy};

/// The presets with a full set of tables, exports and heatmaps; every
/// other preset gets its `-final.py` only.
const FULL_SETS: [&str; 6] = ["fa16", "fa13", "sp26", "sp26-simple", "nju21", "sp13"];

/// The file to hand in of a preset without a full set, and its figures.
struct FinalOnly {
    file: String,
    rules: String,
    headline: String,
}

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

pub fn run(args: &TablesArgs, out: &mut dyn Write) -> Result<()> {
    let goal = check_goal(args.goal)?;
    let sources = &sources(&args.python);
    check_replaceable(&args.dir)?;
    let mut entries = vec![];
    let mut finals = vec![];
    replace_folder(&args.dir, check_replaceable, |staging| {
        let dirs = Dirs {
            staging,
            recorded: &args.dir,
        };
        build(&dirs, goal, sources, &mut entries, &mut finals)
    })?;
    for entry in &entries {
        writeln!(
            out,
            "{:<40} {:08x}  {}",
            entry.file, entry.checksum, entry.headline
        )?;
    }
    for entry in &finals {
        writeln!(out, "{:<40} {:8}  {}", entry.file, "", entry.headline)?;
    }
    writeln!(out, "{}", args.dir.join("MANIFEST.md").display())?;
    Ok(())
}

/// The whole folder is replaced, so it must be new, empty, or an earlier
/// set: files hog wrote only (see [`files::hog_wrote`]), with a
/// MANIFEST.md (no one's home folder by a typo, no file edited by hand).
/// Asked before the work and again at the swap ([`replace_folder`]).
fn check_replaceable(dir: &Path) -> Result<()> {
    let name = dir.display();
    if !dir.exists() {
        return Ok(());
    }
    if !dir.is_dir() {
        bail!("{name} is not a folder");
    }
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {name}"))?
        .collect::<std::io::Result<Vec<_>>>()
        .with_context(|| format!("cannot read {name}"))?;
    if entries.is_empty() {
        return Ok(());
    }
    if !dir.join("MANIFEST.md").is_file() {
        bail!(
            "{name} is not a folder of tables (no MANIFEST.md): hog tables replaces the whole \
             folder, so give it a new or empty one"
        );
    }
    if let Some(other) = entries.iter().find(|e| !files::hog_wrote(&e.path())) {
        bail!(
            "{name} holds {}, which hog did not write (or which was edited since): hog tables \
             replaces the whole folder, so give it a new or empty one",
            other.path().display()
        );
    }
    Ok(())
}

/// Where the set is built, and the folder it will be (which the exports record).
struct Dirs<'a> {
    staging: &'a Path,
    recorded: &'a Path,
}

/// Writes every table, export and heatmap, and the MANIFEST, into the staging folder.
fn build(
    dirs: &Dirs,
    goal: u32,
    sources: &Sources,
    entries: &mut Vec<Entry>,
    finals: &mut Vec<FinalOnly>,
) -> Result<()> {
    // Three tables per full set, each with its exports and heatmap; one
    // file for every other preset.
    let bar = CountBar::new(3 * PRESETS.len() as u64, "tables {msg}");
    for preset in PRESETS {
        bar.say(preset.name);
        if !FULL_SETS.contains(&preset.name) {
            finals.push(write_final(dirs.staging, preset.name, goal, sources)?);
            bar.inc(3);
            continue;
        }
        let rules = preset.rules();
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
            exact: None,
        };
        let headline = format!(
            "first mover wins {:.6} (opening: {} dice); win rate {:.6} against {}",
            optimal.values.get(State::START),
            optimal.policy.get(State::START),
            grade.win_rate,
            preset.baseline
        );
        entries.push(write_table(
            dirs,
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
            exact: None,
        };
        let headline = format!(
            "win rate {:.6} against {} (first {:.6}, second {:.6})",
            response.win_rate(),
            preset.baseline,
            response.first(),
            response.second()
        );
        entries.push(write_table(
            dirs,
            preset.name,
            "best-response",
            &table,
            headline,
            sources,
        )?);
        bar.inc(1);

        let blind = engine.blind_response(&baseline)?;
        let against = preset.baseline.to_string();
        let table = PolicyTable {
            rules: rules.clone(),
            goal,
            objective: Objective::final_response(against, blind.hidden),
            policy: blind.policy,
            values: blind.values.cells().to_owned(),
            exact: None,
        };
        let bound = if blind.hidden {
            format!(
                "; no strategy of the two scores wins more than {:.6} (the best response \
                 that sees the dice sides)",
                blind.bound
            )
        } else {
            String::new()
        };
        let what =
            crate::ops::final_strategy::graded_elsewhere(&rules, &table.policy, goal, sources)?
                .map_or("the file to hand in".to_string(), |note| {
                    format!("{note}; as played here")
                });
        let headline = format!(
            "{what}: win rate {:.6} against {} (first {:.6}, second {:.6}){bound}",
            blind.grade.win_rate,
            preset.baseline,
            blind.grade.first.a_wins,
            blind.grade.second.a_wins
        );
        entries.push(write_table(
            dirs,
            preset.name,
            "final",
            &table,
            headline,
            sources,
        )?);
        bar.inc(1);
    }
    drop(bar);
    let manifest = manifest(goal, entries, finals);
    files::write(
        &dirs.staging.join("MANIFEST.md"),
        Kind::Markdown,
        false,
        |w| Ok(w.write_all(manifest.as_bytes())?),
    )
    .map(drop)
}

fn write_table(
    dirs: &Dirs,
    preset: &str,
    kind: &str,
    table: &PolicyTable,
    headline: String,
    sources: &Sources,
) -> Result<Entry> {
    let stem = format!("{preset}-{kind}");
    let file = format!("{stem}.hogtable");
    let mut checksum = 0;
    files::write(&dirs.staging.join(&file), Kind::Table, false, |w| {
        checksum = table.write(w)?;
        Ok(())
    })?;
    let source = dirs.staging.join(&file).display().to_string();
    let recorded = dirs.recorded.join(&file).display().to_string();
    let course_legal = !table.policy.sees_hidden();
    let exports: &[Format] = if course_legal {
        &[Format::Python, Format::Csv, Format::Json]
    } else {
        &[]
    };
    let strategy = Strategy::read(&source)?;
    let mut others = vec![];
    for &format in exports {
        let output = format!("{stem}.{}", format.extension());
        let Exported {
            mut info, policy, ..
        } = export(
            &ExportInput {
                rules: table.rules.clone(),
                goal: table.goal,
                source: &strategy,
                sides: None,
                hidden: None,
                format,
            },
            sources,
        )?;
        info.made_by = Some(export::made_by(
            &recorded,
            &table.rules.name(),
            table.goal,
            format,
            None,
            None,
        ));
        let text = export::render(format, &info, &policy)?;
        files::write(&dirs.staging.join(&output), format.kind(), false, |w| {
            Ok(w.write_all(text.as_bytes())?)
        })?;
        others.push(output);
    }
    let picture = format!("{stem}.png");
    let drawn = heatmap(
        &HeatmapInput {
            rules: table.rules.clone(),
            goal: table.goal,
            source: strategy,
            show: Show::Both,
            diff: None,
            against: None,
            format: heatmap::Format::Png,
        },
        sources,
        &|_, _| {},
    )?;
    files::write(&dirs.staging.join(&picture), Kind::Png, false, |w| {
        Ok(w.write_all(&drawn.picture)?)
    })?;
    others.push(picture);
    let sees_sides = if course_legal {
        String::new()
    } else {
        format!(
            " The policy sees the dice sides, which a course strategy cannot: it has no \
             exports to hand in; {preset}-final.py is the course file."
        )
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

/// A preset's file to hand in, as `hog final --rules PRESET -o FILE` writes
/// it, and the figures `hog final --json` gives.
fn write_final(staging: &Path, preset: &str, goal: u32, sources: &Sources) -> Result<FinalOnly> {
    let file = format!("{preset}-final.py");
    let rules = Rules::parse(preset)?;
    let mut found = find(
        &FinalInput {
            rules: rules.clone(),
            goal,
            against: None,
            effort: None,
            prove_bound: None,
            opponent_bid: None,
            exact: false,
        },
        sources,
        &|_, _| {},
    )?;
    found.info.made_by = Some(final_strategy::made_by(preset, goal, &[]));
    let output = Output::Export(Format::Python);
    final_strategy::write(&found, &staging.join(&file), &output, false)?;
    let grade = &found.response.grade;
    let bound = if found.response.hidden {
        format!(
            "; no strategy of the two scores wins more than {:.6} (the best response \
             that sees the hidden state)",
            found.response.bound
        )
    } else {
        String::new()
    };
    let not_graded = match &found.not_graded {
        Some(note) => format!("{}; as played here, ", capitalised(note)),
        None => String::new(),
    };
    Ok(FinalOnly {
        headline: format!(
            "{not_graded}win rate {:.6} against {} (first {:.6}, second {:.6}){bound}.",
            grade.win_rate, found.against, grade.first.a_wins, grade.second.a_wins
        ),
        file,
        rules: preset.to_string(),
    })
}

/// A sentence's text with its first letter capitalised.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

fn manifest(goal: u32, entries: &[Entry], finals: &[FinalOnly]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Committed policy tables\n\n\
         Generated by `cargo run --release -- tables` (goal {goal}); \
         `cargo test` fails if a file here differs from a fresh solve.\n\
         Each `.hogtable` is a HOGTABLE version 2 policy table (format: `solver/src/table/mod.rs`); \
         the checksum is the CRC-32 of the whole file before it, as `hog table` prints it. \
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
    if !finals.is_empty() {
        let _ = writeln!(
            text,
            "\n## The file to hand in, for every other preset\n\n\
             Full sets are kept for the presets above; every other preset has its \
             `final_strategy` module only, as `hog final --rules PRESET -o FILE` writes it \
             (the best response to the course baseline among strategies of the two scores).\n\n\
             | file | rules | headline figures |\n\
             |---|---|---|"
        );
        for f in finals {
            let _ = writeln!(text, "| {} | {} | {} |", f.file, f.rules, f.headline);
        }
    }
    text
}
