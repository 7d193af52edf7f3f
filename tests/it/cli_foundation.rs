//! End-to-end tests of `hog rules`, `dist`, `turn`, `replay` and `simulate`
//! on the built binary. Expected values come from the worked examples of
//! docs/rules.md or are worked out by hand from its rules (the working is
//! in the comments).
//!
//! Command lines are written as one string and split at spaces.

use assert_cmd::Command;
use predicates::str::contains;
use serde_json::{json, Value};

fn hog(args: &str) -> Command {
    let mut command = Command::cargo_bin("hog").unwrap();
    command.args(args.split_whitespace());
    command
}

/// Runs `hog ARGS --json`, which must succeed, and parses its output.
fn json(args: &str) -> Value {
    let output = hog(args).arg("--json").assert().success();
    serde_json::from_slice(&output.get_output().stdout).expect("JSON on stdout")
}

/// Runs `hog ARGS`, which must fail with status 2 and a one-line error
/// naming `value`.
fn fails(args: &str, value: &str) {
    let output = hog(args).assert().code(2);
    let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
    assert!(stderr.starts_with("error: "), "{args}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args}: {stderr}");
    assert!(
        stderr.contains(value),
        "{args}: should name {value}: {stderr}"
    );
}

/// `hog dist ARGS --json` as (points, score, opponent_score, sides, fraction)
/// rows, after checking that the probabilities match the fractions and add up to 1.
fn dist(args: &str) -> Vec<(u64, u64, u64, u64, String)> {
    let value = json(&format!("dist {args}"));
    let outcomes = value["outcomes"].as_array().unwrap();
    let probability = |o: &Value| o["probability"].as_f64().unwrap();
    let total: f64 = outcomes.iter().map(probability).sum();
    assert!(
        (total - 1.0).abs() < 1e-12,
        "probabilities add up to {total}"
    );
    outcomes
        .iter()
        .map(|o| {
            let field = |key: &str| o[key].as_u64().unwrap();
            let fraction = o["fraction"].as_str().unwrap().to_string();
            let (a, b) = fraction.split_once('/').unwrap();
            let exact = a.parse::<f64>().unwrap() / b.parse::<f64>().unwrap();
            assert!((exact - probability(o)).abs() < 1e-15);
            let [points, score, opp, sides] =
                ["points", "score", "opponent_score", "sides"].map(field);
            (points, score, opp, sides, fraction)
        })
        .collect()
}

fn row(
    points: u64,
    score: u64,
    opp: u64,
    sides: u64,
    fraction: &str,
) -> (u64, u64, u64, u64, String) {
    (points, score, opp, sides, fraction.to_string())
}

/// `hog turn ARGS --json`.
fn turn(args: &str) -> Value {
    json(&format!("turn {args}"))
}

fn turn_json(points: u32, score: u32, opponent_score: u32, sides: u32) -> Value {
    json!({"points": points, "score": score, "opponent_score": opponent_score, "sides": sides})
}

/// The (score0, score1, winner, number of turns) of a replay or simulation.
fn ending(game: &Value) -> (Value, Value, Value, usize) {
    let turns = game["turns"].as_array().map_or(0, Vec::len);
    (
        game["score0"].clone(),
        game["score1"].clone(),
        game["winner"].clone(),
        turns,
    )
}

#[test]
fn a_closed_stdout_is_not_an_error() {
    // A long replay into a pipe that is closed after the first line: a
    // point a turn to 3000 prints about 130 KB, twice what a pipe holds, so
    // hog writes after the close.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let args = "replay --rules sp26 --goal 3000 --p0 always_roll(1) --p1 always_roll(1) --dice 1";
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
        .args(args.split_whitespace())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("sp26, goal 3000"));
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
}
