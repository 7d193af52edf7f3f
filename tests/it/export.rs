//! End-to-end tests of `hog export` on the built binary.
//!
//! For every preset, the exported Python module is run by python3 and its
//! answer for every (score, opponent_score) pair is compared with the policy
//! computed here through the library (never with the module's own output);
//! the CSV and JSON exports are read back through the library's readers; and
//! `hog grade FILE` must give exactly (the same f64) the win rate of
//! `hog grade SOURCE`, or, for a sides slice, the win rate the export reports.
//! The format is `--format`'s, or the one the file's name says.

use std::path::Path;
use std::process::Command as Process;

use hog_solver::evaluate::evaluate;
use hog_solver::policy_file::{policy_from_csv, policy_from_json};
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::{Model, Rules, State};
use serde_json::Value;

use crate::common::line::{fails, hog, json, stdout};

const GOAL: u32 = 100;
const FORMATS: [&str; 3] = ["python", "csv", "json"];

/// The exact win rate `hog grade` reports for a strategy against the course baseline.
fn graded(strategy: &str, rules: &str) -> f64 {
    json(&["grade", strategy, "--rules", rules])["win_rate"]
        .as_f64()
        .unwrap()
}

/// The strategy a source names, computed through the library alone.
fn library_policy(rules: &Rules, text: &str) -> Policy {
    let model = Model::new(rules, GOAL).unwrap();
    let engine = Engine::<f64>::new(&model, Driver::Parallel);
    fn resolve(spec: &StrategySpec, rules: &Rules, engine: &Engine<f64>, model: &Model) -> Policy {
        match spec {
            StrategySpec::Optimal => engine.optimal().policy.to_policy(model),
            StrategySpec::BestResponse(inner) => {
                let against = resolve(inner, rules, engine, model);
                engine.best_response(&against).policy.to_policy(model)
            }
            StrategySpec::Course { name, args } => {
                let strategy = course_strategy(rules, name, args).unwrap();
                Policy::from_strategy(&strategy, rules, GOAL, name).unwrap()
            }
            StrategySpec::BlindBestResponse(inner) => {
                let against = resolve(inner, rules, engine, model);
                engine.blind_response(&against).unwrap().policy
            }
            StrategySpec::File(path) => panic!("no files here: {path}"),
        }
    }
    resolve(&StrategySpec::parse(text).unwrap(), rules, &engine, &model)
}

/// `policy`'s answer in every (score, opponent_score) pair for `sides`-sided dice.
fn answers(policy: &Policy, sides: u32) -> Vec<Vec<i64>> {
    (0..GOAL)
        .map(|score| {
            (0..GOAL)
                .map(|opponent_score| {
                    let state = State {
                        score,
                        opponent_score,
                        sides,
                        memory: Default::default(),
                        turn: 0,
                        extra: false,
                    };
                    policy.get(state) as i64
                })
                .collect()
        })
        .collect()
}

/// Imports the module with python3, asks final_strategy for every pair
/// (each answer must be an int), and checks that bad arguments raise
/// ValueError. Returns the answers and the module's and function's docstrings.
fn run_python(path: &Path) -> (Vec<Vec<i64>>, String, String) {
    const DRIVER: &str = r#"
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("exported", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
goal = int(sys.argv[2])
f = module.final_strategy
rows = []
for s in range(goal):
    row = []
    for o in range(goal):
        a = f(s, o)
        assert type(a) is int, (s, o, a)
        row.append(a)
    rows.append(row)
# Whole numbers outside the table answer the nearest cell's num_rolls.
for (s, o), (t, p) in [((goal, 0), (goal - 1, 0)), ((0, goal + 200), (0, goal - 1)),
                       ((-1, 0), (0, 0)), ((0, -1), (0, 0))]:
    assert f(s, o) == rows[t][p], (s, o)
bad = [(1.5, 0), ("3", 0), (0, None)]
errors = []
for s, o in bad:
    try:
        f(s, o)
    except ValueError as e:
        errors.append(str(e))
    else:
        raise SystemExit("final_strategy(%r, %r) raised nothing" % (s, o))
json.dump({"rows": rows, "errors": errors, "doc": module.__doc__, "fdoc": f.__doc__}, sys.stdout)
"#;
    let output = Process::new("python3")
        .arg("-c")
        .arg(DRIVER)
        .arg(path)
        .arg(GOAL.to_string())
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    let errors: Vec<&str> = value["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].contains("whole number, not 1.5"), "{errors:?}");
    assert!(errors[1].contains("whole number, not '3'"), "{errors:?}");
    assert!(
        errors[2].contains("opponent_score must be a whole number"),
        "{errors:?}"
    );
    let rows = serde_json::from_value(value["rows"].clone()).unwrap();
    let doc = |key: &str| value[key].as_str().unwrap().to_string();
    (rows, doc("doc"), doc("fdoc"))
}

/// One strategy exported in every format and checked. `sides` takes a
/// slice of a sides-dependent policy (fa16).
fn check_exports(preset: &str, source: &str, sides: Option<u32>, dir: &Path) {
    let rules = Rules::parse(preset).unwrap();
    let full = library_policy(&rules, source);
    let expected = answers(&full, sides.unwrap_or(6));
    let objective = source;
    // The source's own win rate; a slice has its own (checked below).
    let win_rate = sides.is_none().then(|| graded(source, preset));
    let mut reported = None;
    for format in FORMATS {
        let extension = if format == "python" { "py" } else { format };
        let stem = source.replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        let file = dir.join(format!(
            "{preset}_{stem}_{}.{extension}",
            sides.unwrap_or(0)
        ));
        let file_name = file.to_str().unwrap();
        let mut args = vec!["export", source, "--rules", preset, "--format", format];
        let sides_text = sides.map(|s| s.to_string());
        if let Some(s) = &sides_text {
            args.extend(["--sides", s]);
        }
        args.extend(["-o", file_name]);
        let summary = json(&args);
        let context = format!("{preset} {source} {format} {sides:?}");
        assert_eq!(summary["rules"], preset, "{context}");
        assert_eq!(summary["objective"], objective, "{context}");
        let exported_rate = summary["win_rate"].as_f64().unwrap();
        match sides {
            None => assert_eq!(Some(exported_rate), win_rate, "{context}"),
            Some(s) => {
                // The slice's own win rate, computed through the library, and
                // the full policy's, as `hog grade SOURCE` gives it.
                let model = Model::new(&rules, GOAL).unwrap();
                let baseline = library_policy(&rules, "always_roll(4)");
                let slice = full.slice(s).unwrap();
                assert_eq!(
                    exported_rate,
                    evaluate(&model, &slice, &baseline).win_rate(),
                    "{context}"
                );
                assert_eq!(summary["sides_slice"], s, "{context}");
                assert_eq!(
                    summary["full_win_rate"].as_f64().unwrap(),
                    graded(source, preset),
                    "{context}"
                );
                reported = Some(exported_rate);
            }
        }
        // Grading the file gives exactly the recorded win rate.
        assert_eq!(graded(file_name, preset), exported_rate, "{context}");
        let text = std::fs::read_to_string(&file).unwrap();
        match format {
            "python" => {
                let (rows, doc, fdoc) = run_python(&file);
                assert!(rows == expected, "{context}: the module's answers differ");
                for doc in [&doc, &fdoc] {
                    assert!(doc.contains(&format!("Rules:     {preset} (")), "{doc}");
                    assert!(doc.contains(&rules.to_string()), "{doc}");
                    assert!(doc.contains("Goal:      100"), "{doc}");
                    assert!(doc.contains(&format!("Objective: {objective}")), "{doc}");
                    let line = format!("Win rate:  {exported_rate} against always_roll(");
                    assert!(doc.contains(&line), "{doc}");
                    let words = doc.split_whitespace().collect::<Vec<_>>().join(" ");
                    if let Some(s) = sides {
                        let slice = format!("slice at sides {s} (--sides {s})");
                        assert!(words.contains(&slice), "{doc}");
                        let rate = format!("this slice wins exactly {exported_rate}");
                        assert!(words.contains(&rate), "{doc}");
                    } else {
                        assert!(!words.contains("slice"), "{doc}");
                    }
                }
                // Compact: one line per score, not one per pair.
                assert!(text.lines().count() < 200, "{context}");
            }
            "csv" => {
                assert!(text.starts_with("score\\opponent,0,1,2,"), "{context}");
                let policy = policy_from_csv(text.as_bytes(), &rules, GOAL).unwrap();
                assert_eq!(answers(&policy, 6), expected, "{context}");
            }
            _ => {
                let value: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(value["rules"], preset);
                assert_eq!(value["rules_text"], rules.to_string());
                assert_eq!(value["goal"], GOAL);
                assert_eq!(value["objective"], objective);
                assert_eq!(value["win_rate"].as_f64(), Some(exported_rate));
                let table: Vec<Vec<i64>> = serde_json::from_value(value["table"].clone()).unwrap();
                assert_eq!(table, expected, "{context}");
                let policy = policy_from_json(&text, &rules, GOAL).unwrap();
                assert_eq!(answers(&policy, 6), expected, "{context}");
            }
        }
    }
    if let Some(rate) = reported {
        // Without -o the module goes to stdout and the slice's win rate to stderr.
        let s = sides.unwrap().to_string();
        let output = hog(&[
            "export", source, "--rules", preset, "--format", "python", "--sides", &s,
        ])
        .assert()
        .success()
        .get_output()
        .clone();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stdout.starts_with("\"\"\"final_strategy"), "{stdout}");
        assert!(
            stderr.contains(&format!("wins exactly {rate} against always_roll(4)")),
            "{stderr}"
        );
        assert!(stderr.contains("depends on the dice sides"), "{stderr}");
    }
}

fn check_preset(preset: &str, course: &str) {
    let dir = tempfile::tempdir().unwrap();
    for source in ["optimal", &format!("best_response({course})"), course] {
        check_exports(preset, source, None, dir.path());
    }
}

#[test]
fn fa13_exports_round_trip() {
    check_preset("fa13", "swap_strategy");
}

#[test]
fn sp26_exports_round_trip() {
    check_preset("sp26", "sus_strategy(11, 6)");
}

#[test]
fn nju21_exports_round_trip() {
    check_preset("nju21", "swine_swap_strategy");
}

#[test]
fn sp13_exports_round_trip() {
    check_preset("sp13", "make_mean_strategy(5)");
}

#[test]
fn fa16_exports_one_sides_slice() {
    let dir = tempfile::tempdir().unwrap();
    for source in ["optimal", "best_response(always_roll(4))"] {
        check_exports("fa16", source, Some(6), dir.path());
    }
    check_exports("fa16", "optimal", Some(4), dir.path());
    // A course strategy never sees the sides: no slice is needed.
    check_exports("fa16", "swap_strategy", None, dir.path());
}

#[test]
fn stdout_and_file_exports_are_the_same() {
    let dir = tempfile::tempdir().unwrap();
    for (format, extension) in FORMATS.into_iter().zip(["py", "csv", "json"]) {
        let file = dir.path().join(format!("out.{extension}"));
        let args = ["export", "optimal", "--rules", "sp26", "--format", format];
        hog(&args)
            .args(["-o", file.to_str().unwrap()])
            .assert()
            .success();
        let stdout = hog(&args).assert().success().get_output().stdout.clone();
        assert_eq!(stdout, std::fs::read(&file).unwrap(), "{format}");
    }
}

#[test]
fn a_pasted_module_works_inside_a_hog_py() {
    let dir = tempfile::tempdir().unwrap();
    let module = hog(&["export", "optimal", "--rules", "fa13", "--format", "python"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let module = String::from_utf8(module).unwrap();
    let table = &module[module.find("# The strategy as a table").unwrap()..];
    let hog_py = dir.path().join("hog.py");
    let text = format!(
        "\"\"\"The Game of Hog.\"\"\"\n\nGOAL_SCORE = 100\n\n\ndef always_roll(n):\n    \
         return lambda score, opponent_score: n\n\n\n{table}\n\ndef run_experiments():\n    \
         print(final_strategy(0, 0))\n"
    );
    std::fs::write(&hog_py, text).unwrap();
    let path = hog_py.to_str().unwrap();
    assert_eq!(graded(path, "fa13"), graded("optimal", "fa13"));
}

#[test]
fn custom_rules_have_no_baseline_to_grade_against() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::fa13()
        .to_string()
        .replace("limit=none", "limit=hog_tied");
    let file = dir.path().join("custom.json");
    let args = [
        "export", "optimal", "--rules", &rules, "--format", "json", "-o",
    ];
    let summary = json(&[&args[..], &[file.to_str().unwrap()]].concat());
    assert!(summary["win_rate"].is_null());
    let value: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert!(value["win_rate"].is_null());
    assert_eq!(value["rules_text"], rules);
    // With a baseline given by hand, the file grades exactly as its source.
    let by_hand = |strategy: &str| {
        let args = [
            "grade",
            strategy,
            "--rules",
            &rules,
            "--baseline",
            "always_roll(5)",
        ];
        json(&args)["win_rate"].as_f64().unwrap()
    };
    assert_eq!(by_hand(file.to_str().unwrap()), by_hand("optimal"));
    let module = hog(&["export", "optimal", "--rules", &rules, "--format", "python"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let module = String::from_utf8(module).unwrap();
    assert!(
        module.contains("custom rules (no course preset)"),
        "{module}"
    );
    assert!(
        module.contains("no course preset, so no baseline"),
        "{module}"
    );
}

#[test]
fn sides_dependent_policies_are_refused_without_sides() {
    let dir = tempfile::tempdir().unwrap();
    for format in FORMATS {
        let file = dir.path().join(format!("refused.{format}"));
        fails(
            &[
                "export",
                "optimal",
                "--format",
                format,
                "-o",
                file.to_str().unwrap(),
            ],
            &["depends on the dice sides", "cannot see it", "--hidden"],
        );
        assert!(!file.exists(), "{format}: nothing is written");
    }
    fails(
        &[
            "export",
            "best_response(always_roll(4))",
            "--rules",
            "fa16",
            "--format",
            "csv",
        ],
        &["depends on the dice sides"],
    );
}

#[test]
fn bad_sources_and_options_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.csv");
    let missing = missing.to_str().unwrap();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["export", "nosuch", "--format", "csv"],
            &["unknown strategy 'nosuch'"],
        ),
        (
            &[
                "export",
                "always_roll(11)",
                "--rules",
                "fa13",
                "--format",
                "python",
            ],
            &["num_rolls 11"],
        ),
        (
            &["export", "best_response()", "--format", "json"],
            &["best_response needs a strategy"],
        ),
        (
            &[
                "export",
                "bacon_strategy",
                "--rules",
                "sp26",
                "--format",
                "csv",
            ],
            &["bacon_strategy belongs to"],
        ),
        (
            &["export", missing, "--rules", "fa13", "--format", "csv"],
            &["missing.csv: no such file"],
        ),
        (
            &["export", "optimal", "--rules", "fa99", "--format", "csv"],
            &["unknown rules 'fa99'"],
        ),
        (
            &["export", "optimal", "--format", "csv", "--sides", "5"],
            &["sides 5"],
        ),
        (
            &[
                "export", "optimal", "--rules", "fa13", "--format", "csv", "--sides", "4",
            ],
            &["sides 4", "fa13"],
        ),
    ];
    for (args, words) in cases {
        fails(args, words);
    }
    hog(&["export", "optimal", "--format", "xml"])
        .assert()
        .code(2);
    hog(&["export", "optimal"]).assert().code(2);
}

#[test]
fn json_exports_refuse_other_rules_or_goals() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fa13.json");
    let path = file.to_str().unwrap();
    hog(&[
        "export", "optimal", "--rules", "fa13", "--format", "json", "-o", path,
    ])
    .assert()
    .success();
    fails(
        &["grade", path, "--rules", "sp13"],
        &["made for rules fa13", "--rules is sp13"],
    );
    fails(
        &["grade", path, "--rules", "fa13", "--goal", "50"],
        &["made for goal 100", "--goal is 50"],
    );
    // A table exported from a policy table keeps the table's objective.
    let table = dir.path().join("br.hogtable");
    hog(&[
        "solve",
        "--rules",
        "fa13",
        "--against",
        "always_roll(5)",
        "-o",
        table.to_str().unwrap(),
    ])
    .assert()
    .success();
    let summary = json(&[
        "export",
        table.to_str().unwrap(),
        "--rules",
        "fa13",
        "--format",
        "json",
        "-o",
        path,
    ]);
    assert_eq!(summary["objective"], "best_response(always_roll(5))");
    assert_eq!(
        summary["win_rate"].as_f64().unwrap(),
        graded("best_response(always_roll(5))", "fa13")
    );
    // And a JSON export exported again keeps its objective too.
    let again = dir.path().join("again.csv");
    let summary = json(&[
        "export",
        path,
        "--rules",
        "fa13",
        "--format",
        "csv",
        "-o",
        again.to_str().unwrap(),
    ]);
    assert_eq!(summary["objective"], "best_response(always_roll(5))");
}

#[test]
fn export_takes_its_format_from_the_file_name() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).display().to_string();
    for (name, format, start) in [
        ("t.csv", "csv", "score\\opponent,0,1,"),
        ("t.json", "json", "{"),
        ("t.py", "python", "\"\"\"final_strategy for Hog"),
    ] {
        let summary = json(&format!(
            "export always_roll(5) --rules fa13 -o {}",
            at(name)
        ));
        assert_eq!(summary["format"], format);
        let written = std::fs::read_to_string(at(name)).unwrap();
        assert!(written.starts_with(start), "{name}: {written}");
    }
    // --format decides for stdout; a file's name must say the same format.
    fails(
        &format!(
            "export always_roll(5) --rules fa13 --format csv -o {}",
            at("table.txt")
        ),
        &[
            "table.txt: a .txt name says no format hog writes",
            "name it .csv",
        ],
    );
    fails(
        &format!("export always_roll(5) -o {}", at("t.txt")),
        &["t.txt", ".py, .csv or .json"],
    );
    fails("export always_roll(5)", &["--format"]);
    assert!(stdout("export always_roll(5) --format csv").starts_with("score\\opponent"));
}
