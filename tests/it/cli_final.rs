//! End-to-end tests of `hog final` and of the warnings that keep a
//! strategy a course cannot accept, or one that loses, from being handed out
//! silently. Expected values come from independent routes: the written file
//! graded back by `hog grade`, a seeded Monte Carlo simulation of the file,
//! the best response where the rules hide nothing, and the course's
//! validator run on the exported module by python3.

use predicates::prelude::*;
use predicates::str::contains;
use serde_json::Value;
use tempfile::TempDir;

use crate::common::{hog, json_in, number};

fn json(dir: &TempDir, args: &[&str]) -> Value {
    json_in(dir.path(), args)
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
