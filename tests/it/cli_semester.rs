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

#[test]
fn an_sp14_config_grades_under_fa13_and_says_so() {
    // Spring 2014 played the Fall 2013 rules, baseline always_roll(5).
    let config =
        r#"{"name": "Project 1: Hog", "endpoint": "cal/cs61a/sp14/proj1", "src": ["hog.py"]}"#;
    let (dir, _) = project(Some(("proj1.ok", config)));
    let (status, stdout, _) = run(dir.path(), &["grade", "hog.py"]);
    assert_eq!(status, 0);
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next().unwrap(),
        "rules        fa13 (semester sp14, from proj1.ok: endpoint cal/cs61a/sp14/proj1)"
    );
    assert_eq!(
        lines.next().unwrap(),
        "fa13, goal 100: hog.py against always_roll(5)"
    );
    // The same figure as grading under fa13 by name.
    assert_eq!(
        win_rate(dir.path(), &["grade", "hog.py"]),
        win_rate(dir.path(), &["grade", "hog.py", "--rules", "fa13"])
    );
}

#[test]
fn an_sp24_config_plays_sp26_in_grade_explain_final_and_contest() {
    let config = r#"{"endpoint": "ucb/cs61a/sp24/proj01"}"#;
    let (dir, hog_py) = project(Some(("proj01.ok", config)));
    let hog_py = hog_py.to_str().unwrap();
    let ok = dir.path().join("proj01.ok");
    let first = format!(
        "rules        sp26 (semester sp24, from {}: endpoint ucb/cs61a/sp24/proj01)",
        ok.display()
    );
    let commands: [&[&str]; 4] = [
        &["grade", hog_py],
        &["explain", "--score", "0", "--opp", "0", "--against", hog_py],
        &["final", "--against", hog_py],
        &["contest", hog_py, "always_roll(6)", "--no-cache"],
    ];
    for args in commands {
        let (status, stdout, stderr) = run(dir.path(), args);
        assert_eq!(status, 0, "{args:?}: {stderr}");
        assert_eq!(stdout.lines().next(), Some(first.as_str()), "{args:?}");
        // sp26 from 0-0 against always_roll(6): the baseline is the course's.
        assert!(stdout.contains("sp26"), "{args:?}: {stdout}");
    }
    assert_eq!(
        win_rate(dir.path(), &["grade", hog_py]),
        win_rate(dir.path(), &["grade", hog_py, "--rules", "sp26"])
    );
    // A folder given to contest is read too.
    let folder = dir.path().to_str().unwrap();
    let (status, stdout, _) = run(dir.path(), &["contest", folder, "--no-cache"]);
    assert_eq!(status, 0);
    assert_eq!(stdout.lines().next(), Some(first.as_str()));
}

#[test]
fn a_project_folder_names_its_rules_on_one_line() {
    let (dir, _) = project(Some((
        "proj01.ok",
        r#"{"endpoint": "cal/cs61a/fa22/proj01"}"#,
    )));
    let first = "rules        fa22 (from proj01.ok: endpoint cal/cs61a/fa22/proj01)";
    let commands: [&[&str]; 5] = [
        &["final", "--goal", "30"],
        &["final", "--goal", "30", "--against", "always_roll(4)"],
        &[
            "final",
            "--goal",
            "30",
            "--against",
            "always_roll(4)",
            "--against",
            "hog.py",
        ],
        &["grade", "hog.py", "--goal", "30"],
        &["solve", "--goal", "30"],
    ];
    for args in commands {
        let (status, stdout, stderr) = run(dir.path(), args);
        assert_eq!(status, 0, "{args:?}: {stderr}");
        let rules: Vec<&str> = stdout.lines().filter(|l| l.starts_with("rules")).collect();
        assert_eq!(rules, [first], "{args:?}: {stdout}");
    }
    // What the command's own rules line says besides the rules follows it.
    let (_, stdout, _) = run(dir.path(), &["final", "--goal", "30"]);
    let lines: Vec<&str> = stdout.lines().take(3).collect();
    assert_eq!(
        lines,
        [first, "goal         30", "against      always_roll(6)"]
    );
}

#[test]
fn a_semester_with_no_preset_is_an_error_naming_endpoint_and_file() {
    // Summer 2014: a real semester of the course whose project was never found.
    let (dir, _) = project(Some(("hog.ok", r#"{"endpoint": "cal/cs61a/su14/proj1"}"#)));
    let (status, stdout, stderr) = run(dir.path(), &["grade", "hog.py"]);
    assert_eq!(status, 2);
    assert_eq!(stdout, "");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for needed in [
        "hog.ok",
        "cal/cs61a/su14/proj1",
        "no preset for semester su14 yet",
    ] {
        assert!(stderr.contains(needed), "{needed} in {stderr}");
    }
    // --rules decides without reading the config.
    assert_eq!(
        run(dir.path(), &["grade", "hog.py", "--rules", "fa13"]).0,
        0
    );
}

#[test]
fn a_malformed_config_or_endpoint_is_an_error_naming_the_file() {
    // The sample hog.py is of no course's skeleton: the config is the only
    // evidence, and it cannot be read.
    for (text, says) in [
        (r#"{"endpoint": "cal/cs61a/sp14"#, "not JSON"),
        (r#"{"name": "Project 1: Hog"}"#, "no \"endpoint\""),
        (r#"{"endpoint": "cal/cs61a/proj01"}"#, "names no semester"),
    ] {
        let (dir, _) = project(Some(("hog.ok", text)));
        let (status, stdout, stderr) = run(dir.path(), &["grade", "hog.py"]);
        assert_eq!(status, 2, "{text}");
        assert_eq!(stdout, "", "{text}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: hog.ok"), "{stderr}");
        assert!(stderr.contains("give --rules"), "{stderr}");
        assert!(stderr.contains(says), "{says} in {stderr}");
        assert!(
            !stderr.contains("yet"),
            "a malformed config is no missing preset: {stderr}"
        );
    }
}

#[test]
fn without_rules_or_config_the_default_says_it_was_not_given() {
    let (dir, _) = project(None);
    let (status, stdout, _) = run(dir.path(), &["grade", "hog.py"]);
    assert_eq!(status, 0);
    let first = stdout.lines().next().unwrap();
    assert!(
        first.starts_with("rules        fa16, the default: not given"),
        "{first}"
    );
    assert!(
        first.contains("hog.py") && first.contains("--rules"),
        "{first}"
    );
    // A strategy expression names no file: the working folder is the
    // project, and it names no semester either.
    let (_, stdout, _) = run(dir.path(), &["grade", "always_roll(5)"]);
    let mut lines = stdout.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("rules        fa16, the default: not given"),
        "{stdout}"
    );
    assert!(
        lines.next().unwrap().starts_with("fa16, goal 100: "),
        "{stdout}"
    );
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
