//! End-to-end tests of `hog solve`, `hog grade` and `hog table info` on the
//! built binary. Expected values come from the course's published figure,
//! from symmetry, from agreement between independent routes (a written table
//! graded back, a Monte Carlo simulation), or from the rules.

use std::path::Path;

use predicates::str::contains;
use serde_json::Value;

use hog_solver::exact::Exact;
use hog_solver::solve::{Driver, Engine, Probability};
use hog_solver::strategy::Policy;
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Rules};

use crate::common::{hog, number};

/// Runs hog with --json and parses its output; the command must succeed.
fn json(args: &[&str]) -> Value {
    let output = hog().args(args).arg("--json").output().unwrap();
    assert!(
        output.status.success(),
        "hog {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The command fails with status 2 and an error that contains every piece.
fn fails(args: &[&str], pieces: &[&str]) {
    let mut assert = hog().args(args).assert().code(2);
    for piece in pieces {
        assert = assert.stderr(contains(*piece));
    }
}

/// |exact - simulated| <= 5 standard errors of a share of n games, with the
/// standard error at most 1/(2 sqrt(n)): a false alarm has odds below 1e-6.
fn assert_agrees(exact: f64, count: u64, games: u64, what: &str) {
    let bound = 5.0 * 0.5 / (games as f64).sqrt();
    let simulated = count as f64 / games as f64;
    assert!(
        (exact - simulated).abs() <= bound,
        "{what}: exact {exact}, simulated {simulated} over {games} games (bound {bound})"
    );
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn rows(goal: usize, cell: impl Fn(usize, usize) -> String) -> String {
    (0..goal)
        .map(|s| (0..goal).map(|o| cell(s, o)).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn csv_and_json_strategies_grade_like_the_course_strategy_they_spell() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write(dir.path(), "four.csv", &rows(20, |_, _| "4".into()));
    let json_rows = format!(
        "[{}]",
        (0..20)
            .map(|_| format!("[{}]", vec!["4"; 20].join(",")))
            .collect::<Vec<_>>()
            .join(",")
    );
    let json_file = write(dir.path(), "four.json", &json_rows);
    let course = json(&["grade", "always_roll(4)", "--rules", "fa13", "--goal", "20"]);
    for file in [&csv, &json_file] {
        let graded = json(&["grade", file, "--rules", "fa13", "--goal", "20"]);
        assert_eq!(
            number(&graded, "win_rate"),
            number(&course, "win_rate"),
            "{file}"
        );
    }
}

#[test]
fn bad_csv_and_json_strategies_name_the_position_and_value() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let short = write(d, "short.csv", "4,4,4,4,4\n4,4,4,4,4\n4,4,4,4,4\n");
    fails(
        &["grade", &short, "--goal", "5", "--rules", "fa13"],
        &["short.csv:", "expected 5 rows", "found 3"],
    );
    let wide = write(d, "wide.csv", &rows(3, |_, _| "4".into()));
    fails(
        &["grade", &wide, "--goal", "5", "--rules", "fa13"],
        &["wide.csv:1:1:", "has 3 values, expected 5"],
    );
    let narrow = write(
        d,
        "narrow.csv",
        &rows(5, |s, o| {
            if s == 2 && o == 4 {
                String::new()
            } else {
                "4".into()
            }
        }),
    );
    fails(
        &["grade", &narrow, "--goal", "5", "--rules", "fa13"],
        &["narrow.csv:3:", "score 2", "not an integer"],
    );
    let word = write(
        d,
        "word.csv",
        &rows(5, |s, o| {
            if (s, o) == (1, 3) {
                "four".into()
            } else {
                "4".into()
            }
        }),
    );
    fails(
        &["grade", &word, "--goal", "5", "--rules", "fa13"],
        &["word.csv:2:4:", "'four'", "not an integer"],
    );
    let eleven = write(
        d,
        "eleven.csv",
        &rows(5, |s, o| {
            if (s, o) == (4, 0) {
                "11".into()
            } else {
                "4".into()
            }
        }),
    );
    fails(
        &["grade", &eleven, "--goal", "5", "--rules", "fa13"],
        &[
            "eleven.csv:5:1:",
            "score 4, opponent_score 0",
            "num_rolls 11",
        ],
    );
    let pork = write(d, "pork.csv", &rows(5, |_, _| "-1".into()));
    fails(
        &["grade", &pork, "--goal", "5", "--rules", "fa13"],
        &["pork.csv:1:1:", "num_rolls -1"],
    );
    let json_shape = write(d, "shape.json", "[[1,2,3],[1,2,3]]");
    fails(
        &["grade", &json_shape, "--goal", "3", "--rules", "fa13"],
        &["expected 3 rows", "found 2"],
    );
    let json_value = write(d, "value.json", "[[1,2,3],[1,2.5,3],[1,2,3]]");
    fails(
        &["grade", &json_value, "--goal", "3", "--rules", "fa13"],
        &["2.5", "score 1, opponent_score 1"],
    );
    let json_syntax = write(d, "syntax.json", "[[1,2,3],\n[1,2,");
    fails(
        &["grade", &json_syntax, "--goal", "3", "--rules", "fa13"],
        &["syntax.json:2:"],
    );
    fails(
        &["grade", "missing.csv", "--rules", "fa13"],
        &["missing.csv: no such file"],
    );
}

#[test]
fn bad_python_strategies_report_the_modules_own_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("dice.py"), "six_sided = 6\n").unwrap();
    let hog_py = write(
        d,
        "hog.py",
        "from dice import six_sided\n\
         print('students print things')\n\
         def final_strategy(score, opponent_score):\n    return 4\n\
         def broken(score, opponent_score):\n    return [][score]\n\
         def floaty(score, opponent_score):\n    return 4.0\n\
         def divided(score, opponent_score):\n    return 11 / 3\n\
         def eleven(score, opponent_score):\n    return 11 if opponent_score == 3 else 4\n\
         def endless(score, opponent_score):\n    while True:\n        pass\n",
    );
    // A working module grades exactly like the course strategy it plays.
    let graded = json(&["grade", &hog_py, "--rules", "fa13", "--goal", "30"]);
    let course = json(&["grade", "always_roll(4)", "--rules", "fa13", "--goal", "30"]);
    assert_eq!(number(&graded, "win_rate"), number(&course, "win_rate"));
    // A path relative to the working folder, in another folder than the module's.
    let relative = hog()
        .current_dir(d.parent().unwrap())
        .args([
            "grade",
            &format!("{}/hog.py", d.file_name().unwrap().to_str().unwrap()),
        ])
        .args(["--rules", "fa13", "--goal", "30", "--json"])
        .output()
        .unwrap();
    assert!(
        relative.status.success(),
        "{}",
        String::from_utf8_lossy(&relative.stderr)
    );
    let relative: Value = serde_json::from_slice(&relative.stdout).unwrap();
    assert_eq!(number(&relative, "win_rate"), number(&course, "win_rate"));
    let with = |name: &str| format!("{hog_py}:{name}");
    fails(
        &["grade", &with("broken"), "--rules", "fa13", "--goal", "30"],
        &["broken(0, 0) raised", "IndexError"],
    );
    fails(
        &["grade", &with("floaty"), "--rules", "fa13", "--goal", "30"],
        &[
            "answered 4.0 at score 0, opponent_score 0",
            "num_rolls must be an int (a float is not: return int(...), or divide with //)",
        ],
    );
    fails(
        &["grade", &with("divided"), "--rules", "fa13", "--goal", "30"],
        &["answered 3.6666666666666665", "a float is not"],
    );
    fails(
        &["grade", &with("eleven"), "--rules", "fa13", "--goal", "30"],
        &["11", "opponent_score 3"],
    );
    fails(
        &["grade", &with("missing"), "--rules", "fa13", "--goal", "30"],
        &["no function named missing"],
    );
    fails(
        &[
            "grade",
            &with("endless"),
            "--rules",
            "fa13",
            "--goal",
            "30",
            "--python-timeout",
            "1",
        ],
        &["within 1 s", "--python-timeout"],
    );
    let huge = write(
        d,
        "huge.py",
        "def final_strategy(score, opponent_score):\n    return 10**30\n",
    );
    fails(
        &["grade", &huge, "--rules", "fa13", "--goal", "30"],
        &[
            "1000000000000000000000000000000",
            "score 0, opponent_score 0",
        ],
    );
    // Grading never writes beside the module (no __pycache__), even where
    // Python would by default.
    hog()
        .env_remove("PYTHONDONTWRITEBYTECODE")
        .args(["grade", &hog_py, "--rules", "fa13", "--goal", "30"])
        .assert()
        .success();
    assert!(!d.join("__pycache__").exists(), "grading wrote __pycache__");
    let syntax = write(
        d,
        "bad.py",
        "def final_strategy(score, opponent_score)\n    return 4\n",
    );
    fails(
        &["grade", &syntax, "--rules", "fa13"],
        &["import failed", "SyntaxError"],
    );
    fails(
        &["grade", "nowhere/hog.py", "--rules", "fa13"],
        &["nowhere/hog.py: no such file"],
    );
}

/// fa13 with fa16's Pig Out: no preset, so no course baseline.
const CUSTOM_RULES: &str = "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,\
pig_out=count_ones,bonus=none,points=none,after=swine_swap_double,limit=none,special=none";
