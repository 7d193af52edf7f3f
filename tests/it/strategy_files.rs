//! Strategy files, end to end on the built binary: CSV and JSON tables
//! grade exactly like the course strategy they spell, and a bad one is
//! named by file, position and value; a byte-order mark is read past, and
//! keeps a recorded goal, which is range-checked; a file named like a
//! strategy text never takes its place; and a Python module's own error (a
//! traceback, an answer that is no action, a time limit) is reported,
//! without a file written beside the module.

use serde_json::Value;

use crate::common::line::json;
use crate::common::{exported, fails_in, fails_saying as fails, hog, number, ok_in, write};

fn rows(goal: usize, cell: impl Fn(usize, usize) -> String) -> String {
    (0..goal)
        .map(|s| (0..goal).map(|o| cell(s, o)).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The win rate of `hog grade ... --json`'s output.
fn win_rate(json: &[u8]) -> f64 {
    let value: serde_json::Value = serde_json::from_slice(json).unwrap();
    value["win_rate"].as_f64().unwrap()
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
fn file_messages_name_the_real_problem() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("typo.csv"), "1x,2\n3,4\n").unwrap();
    let e = fails_in(d, &["grade", "typo.csv", "--rules", "fa13", "--goal", "2"]);
    assert_eq!(
        e,
        "error: the strategy: typo.csv:1:1: '1x' at score 0, opponent_score 0 is not an integer\n"
    );
    std::fs::write(d.join("plain.json"), "[[1,2],[3,4]]").unwrap();
    std::fs::write(d.join("bom.json"), "\u{feff}[[1,2],[3,4]]").unwrap();
    std::fs::write(d.join("bom.csv"), "\u{feff}1,2\n3,4\n").unwrap();
    let grade = |file: &str| {
        win_rate(&ok_in(
            d,
            &["grade", file, "--rules", "fa13", "--goal", "2", "--json"],
        ))
    };
    assert_eq!(grade("bom.json"), grade("plain.json"));
    assert_eq!(grade("bom.csv"), grade("plain.json"));
}

#[test]
fn recorded_goals_are_range_checked_and_a_byte_order_mark_keeps_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let json = exported(d, "json", "a.json");
    let python = exported(d, "python", "a.py");
    for goal in ["4294967295", "100000", "-1", "18446744073709551615"] {
        std::fs::write(
            d.join("big.json"),
            json.replace("\"goal\": 3,", &format!("\"goal\": {goal},")),
        )
        .unwrap();
        let e = fails_in(d, &["grade", "big.json"]);
        assert!(e.contains("big.json: the recorded goal"), "{goal}: {e}");
        let module = python.replace("Goal:      3\n", &format!("Goal:      {goal}\n"));
        assert_ne!(module, python);
        std::fs::write(d.join("big.py"), module).unwrap();
        let e = fails_in(d, &["grade", "big.py"]);
        assert!(e.contains("big.py: the recorded goal"), "{goal}: {e}");
    }
    // A byte-order mark does not hide the recorded game.
    std::fs::write(d.join("bom.json"), format!("\u{feff}{json}")).unwrap();
    let e = fails_in(d, &["grade", "bom.json", "--goal", "4"]);
    assert!(e.contains("bom.json was made for goal 3"), "{e}");
}

#[test]
fn a_file_named_like_a_strategy_never_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let grade = ["grade", "always_roll(6)", "--goal", "30", "--json"];
    let expected = win_rate(&ok_in(d, &grade));
    // A table of another strategy under the name of the fa16 course baseline.
    ok_in(d, &["solve", "--goal", "30", "-o", "t.hogtable"]);
    std::fs::rename(d.join("t.hogtable"), d.join("always_roll(4)")).unwrap();
    let e = fails_in(d, &grade);
    assert!(
        e.contains("'always_roll(4)' reads as a strategy, and a file of that name exists")
            && e.contains("./always_roll(4)"),
        "{e}"
    );
    let e = fails_in(d, &["grade", "always_roll(4)", "--goal", "30"]);
    assert!(e.contains("name it as a path (./always_roll(4))"), "{e}");
    // Named as a path, the file is the file; elsewhere the strategy is the strategy.
    let against_file = win_rate(&ok_in(
        d,
        &[
            "grade",
            "always_roll(6)",
            "--goal",
            "30",
            "--baseline",
            "./always_roll(4)",
            "--json",
        ],
    ));
    assert!(against_file < expected, "the optimum is harder to beat");
    std::fs::rename(d.join("always_roll(4)"), d.join("mytable")).unwrap();
    assert_eq!(win_rate(&ok_in(d, &grade)), expected);
    let e = fails_in(d, &["grade", "mytable", "--goal", "30"]);
    assert!(e.contains("./mytable"), "{e}");
    ok_in(d, &["grade", "./mytable", "--goal", "30"]);
    let e = fails_in(d, &["grade", "mytable.bin", "--goal", "30"]);
    assert!(
        e.contains("neither a strategy nor a file name") && e.contains("./mytable.bin"),
        "{e}"
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
