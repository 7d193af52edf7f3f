//! hog's exact grades equal the course staff's evaluators' figures.
//!
//! `tests/data/courses/evaluators.json` holds the win rates that each
//! semester's own exact evaluator (the staff's `calc.py` or `tests/utils.py`,
//! run unmodified; see the file's notes) printed for a strategy against the
//! course baseline: the mean win rate, and where given the two seatings
//! (`first`: the strategy moves first). hog's [`Engine::grade`] under the
//! semester's preset must give the same figures within 1e-12. Strategies
//! are `always_roll(n)` or Python lambdas, tabulated by python3 as in the
//! course replay ([`crate::courses::python`]).
//!
//! A stale evaluator is checked against the rules it computes: fa17's
//! `calc.py` is su17's byte for byte (the file's notes; semesters.md §5), so
//! the fa17 figures are su17's, graded under the su17 preset. A semester
//! without a preset fails as "no preset <semester>"; `HOG_COURSES` selects
//! semesters as in the replay.

use std::collections::BTreeMap;

use hog_solver::rules::Rules;
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::Model;
use serde_json::Value;

use crate::courses::python::{self, is_lambda, Tables};
use crate::courses::{selected, DATA};

const TOLERANCE: f64 = 1e-12;

/// Evaluators that compute another semester's rules: (semester, rules).
const COMPUTES: &[(&str, &str)] = &[("fa17", "su17")];

/// A strategy text of the file as a policy.
fn policy(text: &str, rules: &Rules, goal: u32, tables: &Tables) -> Result<Policy, String> {
    if is_lambda(text) {
        let table = tables
            .get(&(text.to_string(), goal))
            .ok_or_else(|| format!("no table for {text}"))?;
        // Every state must have an answer: the evaluator asks in all of them.
        if let Some((s, o)) = (0..goal)
            .flat_map(|s| (0..goal).map(move |o| (s, o)))
            .find(|&(s, o)| table.get(s, o).is_none())
        {
            return Err(format!("{text} raises at ({s}, {o})"));
        }
        let strategy = |s: u32, o: u32| table.get(s, o).unwrap_or(0);
        Policy::from_strategy(&strategy, rules, goal, text).map_err(|e| e.to_string())
    } else {
        let n: i64 = text
            .strip_prefix("always_roll(")
            .and_then(|t| t.strip_suffix(')'))
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| format!("unknown strategy text {text:?}"))?;
        Policy::from_strategy(&|_: u32, _: u32| n, rules, goal, text).map_err(|e| e.to_string())
    }
}

#[test]
fn every_preset_matches_its_course_evaluator() {
    let path = format!("{DATA}/evaluators.json");
    let data: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("evaluators.json"))
            .expect("evaluators.json is JSON");
    let figures: Vec<&Value> = data["figures"]
        .as_array()
        .expect("figures")
        .iter()
        .filter(|f| selected(f["semester"].as_str().unwrap_or_default()))
        .collect();
    let goal_of = |f: &Value| f["goal"].as_u64().unwrap_or(100) as u32;
    let jobs = figures.iter().flat_map(|f| {
        ["strategy", "opponent"]
            .into_iter()
            .filter_map(|key| f[key].as_str().filter(|t| is_lambda(t)))
            .map(|text| (text.to_string(), goal_of(f)))
            .collect::<Vec<_>>()
    });
    let tables = python::start(jobs)
        .finish()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut by_semester: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
    for figure in &figures {
        by_semester
            .entry(figure["semester"].as_str().expect("a semester"))
            .or_default()
            .push(figure);
    }
    let mut failures = vec![];
    println!("evaluator figures matched (win rate, and both seatings where given):");
    for (semester, figures) in by_semester {
        let computes = COMPUTES
            .iter()
            .find(|(s, _)| *s == semester)
            .map_or(semester, |(_, r)| r);
        let Some(rules) = Rules::parse(computes).ok() else {
            failures.push(format!(
                "no preset {computes} ({} evaluator figures of {semester} not checked)",
                figures.len()
            ));
            println!("  {semester}: 0/{} (no preset {computes})", figures.len());
            continue;
        };
        let mut models: BTreeMap<u32, Model> = BTreeMap::new();
        let mut matched = 0;
        for figure in &figures {
            let goal = goal_of(figure);
            let model = models
                .entry(goal)
                .or_insert_with(|| Model::new(&rules, goal).expect("a model"));
            let text = |key: &str| figure[key].as_str().unwrap_or_default().to_string();
            let (a, b) = (text("strategy"), text("opponent"));
            let label = format!("{semester} evaluator ({computes} rules): {a} against {b}");
            let (pa, pb) = match (
                policy(&a, &rules, goal, &tables),
                policy(&b, &rules, goal, &tables),
            ) {
                (Ok(pa), Ok(pb)) => (pa, pb),
                (Err(e), _) | (_, Err(e)) => {
                    failures.push(format!("{label}: {e}"));
                    continue;
                }
            };
            let grade = Engine::<f64>::new(model, Driver::Parallel).grade(&pa, &pb);
            let mut ok = true;
            for (key, hog) in [
                ("win_rate", grade.win_rate),
                ("first", grade.first.a_wins),
                ("second", grade.second.a_wins),
            ] {
                let Some(course) = figure[key].as_f64() else {
                    continue;
                };
                if (course - hog).abs() > TOLERANCE {
                    ok = false;
                    failures.push(format!(
                        "{label}: {key} course {course}, hog {hog} (off by {:.3e})",
                        hog - course
                    ));
                }
            }
            matched += usize::from(ok);
        }
        println!(
            "  {semester}: {matched}/{} ({computes} rules)",
            figures.len()
        );
    }
    assert!(
        failures.is_empty(),
        "{} mismatches with the evaluators:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
