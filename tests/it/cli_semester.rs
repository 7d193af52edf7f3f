//! A student's project folder names its semester in the course's `ok`
//! config; without `--rules`, hog plays that semester's preset and says so,
//! refuses a config it cannot read or a semester it has no preset for, and
//! says plainly when nothing gave the rules.

use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::common::{hog, number};

/// A project folder with the sample student's `hog.py` and, if given, an ok
/// config `name` holding `config`.
fn project(config: Option<(&str, &str)>) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/hog.py");
    std::fs::copy(sample, dir.path().join("hog.py")).unwrap();
    if let Some((name, text)) = config {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let hog_py = dir.path().join("hog.py");
    (dir, hog_py)
}

/// `hog ARGS` in `dir`: its exit status, stdout and stderr.
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = hog().current_dir(dir).args(args).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The win rate `hog grade ARGS --json` prints in `dir`.
fn win_rate(dir: &Path, args: &[&str]) -> f64 {
    number(&crate::common::json_in(dir, args), "win_rate")
}

/// A semester's place in time: (year, term), spring before summer before
/// fall and NJU's autumn; `None` for a name that is no semester.
fn when(name: &str) -> Option<(u32, u32)> {
    let (term, year) = name.split_at(name.len().checked_sub(2)?);
    let term = ["sp", "su", "fa", "nju"].iter().position(|t| *t == term)?;
    Some((year.parse().ok()?, term as u32))
}

/// The table of docs/rules.md that finds a semester's preset, as the
/// presets say it must read: one row per semester (a preset's name or
/// alias) in time order, then the presets named for no semester.
fn semester_table() -> String {
    let mut rows: Vec<(Option<(u32, u32)>, String)> = vec![];
    for preset in hog_solver::PRESETS {
        for name in std::iter::once(&preset.name).chain(preset.aliases) {
            let row = format!(
                "| {name} | `{}` | {} | `{}` | {} |",
                preset.name,
                preset.course,
                preset.baseline,
                preset.target.unwrap_or("-")
            );
            rows.push((when(name), row));
        }
    }
    // Semesters first, by time; the others after, in the presets' order.
    rows.sort_by_key(|(when, _)| (when.is_none(), *when));
    let mut table =
        "| semester | `--rules` | course | baseline | target |\n|---|---|---|---|---|\n"
            .to_string();
    for (_, row) in rows {
        table.push_str(&row);
        table.push('\n');
    }
    table
}

#[test]
fn docs_rules_md_finds_every_presets_semester() {
    let docs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md"))
        .unwrap();
    let section = docs
        .split("\n## Which preset is my semester?\n")
        .nth(1)
        .expect("docs/rules.md has a section 'Which preset is my semester?'");
    let table = semester_table();
    assert!(
        section.contains(&table),
        "docs/rules.md's semester table is not the presets' (a preset or alias added?); it should read:\n{table}"
    );
    // And every semester named there resolves to its preset.
    for line in table.lines().skip(2) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let semester = cells[0].trim_start_matches("| ");
        let preset = cells[1].trim_matches('`');
        assert_eq!(
            hog_solver::Rules::parse(semester).unwrap(),
            hog_solver::Rules::parse(preset).unwrap()
        );
    }
}
