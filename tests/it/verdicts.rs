//! What hog says of a strategy a course would not take, so that none is
//! handed out silently: `hog grade` gives the course's target and says when
//! a strategy falls short of it or loses to the course baseline; one that
//! sees the dice sides cannot be handed in; an export that loses or ties
//! says so in the summary, the module and the JSON; a page carries the
//! grade's verdict; and the simple twins' files are no files to hand in.
//! Expected values come from `hog grade` itself and from the courses'
//! targets and baselines (docs/rules.md).

use std::path::Path;

use predicates::prelude::*;
use predicates::str::contains;
use tempfile::TempDir;

use crate::common::{folder, hog, json_in, json_in as json, number, run, text_in};

/// The `NAME  VALUE` lines of `hog grade` (9 columns) or a page's summary
/// (11), by name.
fn figure(text: &str, name: &str) -> Option<String> {
    text.lines()
        .find(|line| line.split_whitespace().next() == Some(name))
        .map(|line| {
            line[name.len()..]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
}

#[test]
fn a_grade_says_the_courses_target_and_when_a_strategy_loses() {
    let dir = folder(&[]);
    let (_, stdout, _) = run(dir.path(), &["grade", "always_roll(2)", "--rules", "fa13"]);
    assert!(
        stdout.contains("target    0.59  (the course's target against always_roll(5): always_roll(2) falls short of it)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("warning   always_roll(2) LOSES to always_roll(5)"),
        "{stdout}"
    );
    let (_, stdout, _) = run(
        dir.path(),
        &["grade", "best_response(baseline)", "--rules", "fa13"],
    );
    assert!(
        stdout.contains("best_response(baseline) meets it"),
        "{stdout}"
    );
    assert!(!stdout.contains("warning"), "{stdout}");
}

#[test]
fn grading_a_policy_that_sees_the_sides_says_it_cannot_be_handed_in() {
    let dir = TempDir::new().unwrap();
    let sighted = ["grade", "best_response(always_roll(4))", "--rules", "fa16"];
    assert_eq!(json(&dir, &sighted)["sees_hidden_state"], true);
    hog()
        .args(sighted)
        .assert()
        .success()
        .stdout(contains("cannot be handed in"));
    hog()
        .args(["grade", "always_roll(5)", "--rules", "fa16"])
        .assert()
        .success()
        .stdout(contains("cannot be handed in").not());
}

#[test]
fn an_export_that_loses_to_the_course_baseline_says_so() {
    let dir = TempDir::new().unwrap();
    // always_roll(10) wins far less than half its games against always_roll(4).
    let losing = ["export", "always_roll(10)", "--rules", "fa16"];
    let grade = json(&dir, &["grade", "always_roll(10)", "--rules", "fa16"]);
    assert!(number(&grade, "win_rate") < 0.5);
    hog()
        .current_dir(dir.path())
        .args(losing)
        .args(["--format", "python", "-o", "lose.py"])
        .assert()
        .success()
        .stdout(contains("LOSES to the course baseline"));
    let module = std::fs::read_to_string(dir.path().join("lose.py")).unwrap();
    assert!(module.contains("WARNING: this strategy LOSES"), "{module}");
    hog()
        .args(losing)
        .args(["--format", "json"])
        .assert()
        .success()
        .stdout(contains("\"warning\""))
        .stderr(contains("warning: this strategy LOSES"));
    // The summary of an export to a file says so in JSON too.
    let summary = json(&dir, &[&losing[..], &["-o", "lose.csv"]].concat());
    assert!(
        summary["warning"].as_str().unwrap().contains("LOSES"),
        "{summary}"
    );
    // A winning export carries no warning.
    hog()
        .current_dir(dir.path())
        .args(["export", "always_roll(5)", "--rules", "fa16"])
        .args(["--format", "python", "-o", "win.py"])
        .assert()
        .success()
        .stdout(contains("LOSES").not());
}

#[test]
fn a_tie_with_the_course_baseline_is_a_tie() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // always_roll(4) against itself wins exactly 1/2 (its f64 figure is a
    // hair below); always_roll(3) loses to it.
    let text = text_in(d, &["export", "always_roll(4)", "-o", "tie.py"]);
    assert!(!text.contains("LOSES"), "{text}");
    assert!(
        text.contains("warning      this strategy TIES the course baseline"),
        "{text}"
    );
    let module = std::fs::read_to_string(d.join("tie.py")).unwrap();
    assert!(module.contains("TIES the course baseline"), "{module}");
    assert!(number(&json_in(d, &["grade", "always_roll(3)"]), "win_rate") < 0.5 - 1e-6);
    let text = text_in(d, &["export", "always_roll(3)", "-o", "lose.py"]);
    assert!(text.contains("LOSES to the course baseline"), "{text}");
}

#[test]
fn a_losing_strategys_page_carries_the_grades_verdict_target_and_rounding() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let output = hog().current_dir(dir.path()).args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let strategy = "always_roll(8)";
    let grade = run(&["grade", strategy, "--rules", "fa13"]);
    let page = run(&["heatmap", strategy, "--rules", "fa13", "-o", "page.html"]);
    let warning = figure(&grade, "warning").expect("always_roll(8) loses");
    assert!(warning.contains("LOSES to always_roll(5)"), "{grade}");
    assert_eq!(figure(&page, "warning").as_ref(), Some(&warning), "{page}");
    assert_eq!(figure(&page, "target"), figure(&grade, "target"), "{page}");
    assert_eq!(figure(&page, "win"), figure(&grade, "win"), "{page}");
    // The best achievable beside it: the best response wins more.
    let best: f64 = figure(&page, "best")
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(best > 0.5, "{page}");
    let html = std::fs::read_to_string(dir.path().join("page.html")).unwrap();
    assert!(
        html.contains(&format!("\"verdict\":\"{warning}\"")),
        "no verdict in the page"
    );
}

#[test]
fn the_simple_twins_say_they_are_not_files_to_hand_in() {
    let dir = folder(&[]);
    let (_, stdout, _) = run(dir.path(), &["final", "--rules", "sp26-simple"]);
    let note = stdout.lines().nth(1).unwrap();
    assert!(
        note.starts_with("note         not a file to hand in: sp26-simple is a step of the project, and the course grades sp26"),
        "{note}"
    );
    // The figure of sp26-simple's file in the game the course grades.
    assert!(
        note.contains("wins 0.719372 against always_roll(6)"),
        "{note}"
    );
    let (_, stdout, _) = run(dir.path(), &["rules", "list"]);
    for twin in ["sp26-simple", "fa22-simple"] {
        let row = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{twin} ")))
            .unwrap();
        assert!(row.contains("not graded: hand in"), "{row}");
    }
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/MANIFEST.md"))
            .unwrap();
    for twin in ["sp26-simple-final", "fa22-simple-final.py"] {
        let row = manifest
            .lines()
            .find(|l| l.starts_with(&format!("| {twin}")))
            .unwrap();
        assert!(
            row.to_lowercase().contains("not a file to hand in"),
            "{row}"
        );
        assert!(!row.contains("| the file to hand in"), "{row}");
    }
}
