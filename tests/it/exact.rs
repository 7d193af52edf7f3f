//! End-to-end tests of `--exact`: the fractions printed by `grade`, `solve`
//! and `final`, read back by Python's `fractions` (an independent reader),
//! are the f64 figures within 1e-15; an exact table keeps its fractions on
//! disk and `hog table info` shows them; `hog explain --exact` gives every
//! action's chance as worked by hand; and a crafted exact table of tiny
//! fractions is refused before any arithmetic on them.

use serde_json::Value;
use tempfile::TempDir;

use crate::common::{fails_in, json_in as json, ok_in};

/// "p/q" read by Python's fractions and rounded to the nearest f64.
fn python_float(fraction: &str) -> f64 {
    let output = std::process::Command::new("python3")
        .args([
            "-c",
            "import sys; from fractions import Fraction; print(repr(float(Fraction(sys.argv[1]))))",
            fraction,
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{fraction}");
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap()
}

fn agrees(value: &Value, float: &str, exact: &str) {
    let float = value[float].as_f64().unwrap();
    let exact = python_float(value[exact].as_str().unwrap());
    assert!((float - exact).abs() <= 1e-15, "{float} vs {exact}");
}

#[test]
fn grade_prints_exact_fractions() {
    let dir = TempDir::new().unwrap();
    let args = [
        "grade",
        "always_roll(8)",
        "--baseline",
        "always_roll(4)",
        "--rules",
        "fa16",
    ];
    let float = json(&dir, &args);
    let exact = json(&dir, &[&args[..], &["--exact"]].concat());
    for key in ["win_rate", "first", "second"] {
        let fraction = exact[format!("{key}_exact")].as_str().unwrap();
        assert!(fraction.contains('/'), "{fraction}");
        let value = python_float(fraction);
        assert!(
            (value - float[key].as_f64().unwrap()).abs() <= 1e-15,
            "{key}"
        );
        // The float fields of an exact grade are the fractions' nearest doubles.
        assert_eq!(exact[key].as_f64().unwrap(), value, "{key}");
    }
    assert_eq!(exact["draw_exact"], "0/1");
    assert!(float.get("win_rate_exact").is_none());
}

#[test]
fn an_exact_table_keeps_its_fractions() {
    let dir = TempDir::new().unwrap();
    let solved = json(
        &dir,
        &[
            "solve",
            "--rules",
            "nju21",
            "--goal",
            "30",
            "--exact",
            "-o",
            "x.hogtable",
        ],
    );
    let exact = &solved["exact"];
    assert_eq!(exact["f64_differing_states"], 0);
    agrees(
        &serde_json::json!({"f": solved["first_mover_win"], "e": exact["first_mover_win"]}),
        "f",
        "e",
    );
    let info = json(&dir, &["table", "info", "x.hogtable"]);
    assert_eq!(info["first_mover_win_exact"], exact["first_mover_win"]);
    // A table solved in f64 has none.
    json(
        &dir,
        &[
            "solve",
            "--rules",
            "nju21",
            "--goal",
            "30",
            "-o",
            "f.hogtable",
        ],
    );
    assert!(json(&dir, &["table", "info", "f.hogtable"])["first_mover_win_exact"].is_null());
}

#[test]
fn final_grades_its_strategy_exactly() {
    let dir = TempDir::new().unwrap();
    let result = json(
        &dir,
        &["final", "--rules", "fa16", "--goal", "40", "--exact"],
    );
    agrees(&result, "win_rate", "win_rate_exact");
    agrees(&result, "first", "first_exact");
    agrees(&result, "bound", "bound_exact");
}

/// fa13 to 4 at 3-3, by hand: one die scores 1, 2, 4, 5 or 6 and wins,
/// but a 3 makes 6, double the opponent's 3, and the swap hands the win
/// over: 5/6. No other action can make 6 (0 dice: 1 + 3 = 4 points; two or
/// more dice: a 1 scores 1, else at least 4), so each wins for sure.
#[test]
fn explain_gives_every_actions_exact_chance() {
    let dir = TempDir::new().unwrap();
    let explanation = json(
        &dir,
        &[
            "explain", "--rules", "fa13", "--goal", "4", "--score", "3", "--opp", "3", "--exact",
        ],
    );
    for action in explanation["actions"].as_array().unwrap() {
        let expected = if action["num_rolls"] == 1 {
            "5/6"
        } else {
            "1/1"
        };
        assert_eq!(action["win_exact"], expected, "{action}");
    }
    assert_eq!(explanation["best"], 0);
    assert_eq!(explanation["tie"], true);
    assert_eq!(explanation["margin_exact"], "0/1");
}

#[test]
fn an_exact_table_of_tiny_fractions_is_refused_unworked() {
    use hog_solver::exact::Exact;
    use hog_solver::solve::Probability;
    use hog_solver::table::PolicyTable;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok_in(
        d,
        &[
            "solve",
            "--rules",
            "fa13",
            "--goal",
            "20",
            "--exact",
            "-o",
            "e.hogtable",
        ],
    );
    let mut table = PolicyTable::read(&std::fs::read(d.join("e.hogtable")).unwrap()[..]).unwrap();
    // 36^-640: within the exponents goal 20 allows, and its nearest f64 is
    // 0, so it passes every check but costs big arithmetic per value.
    let tiny = (0..640).fold(Exact::one(), |x, _| x * Exact::from_counts(1, 36));
    table.values.fill(0.0);
    table.exact.as_mut().unwrap().fill(tiny);
    let mut crafted = vec![];
    table.write(&mut crafted).unwrap();
    std::fs::write(d.join("tiny.hogtable"), crafted).unwrap();
    let e = fails_in(d, &["table", "info", "tiny.hogtable"]);
    assert!(e.contains("is below 2^-1100"), "{e}");
}
