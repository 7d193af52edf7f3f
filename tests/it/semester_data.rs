//! Real students' project folders, every semester: each is identified as
//! its own semester from its ok config, from its course tests, from its
//! `hog.py` alone, and from all of them together.
//!
//! `tests/data/projects/*.json` hold, for public copies of the courses'
//! project folders (each names its source: owner/repo: folder @commit), the
//! facts semester detection reads, never the copies' code: the ok config's
//! endpoint; each test file's examples (a call and the value the course
//! pins) and the rule functions it calls; `hog.py`'s top-level functions
//! with their parameters, the examples its docstrings and staff tests pin,
//! and what its own rule functions returned on the course's inputs (run
//! once, when the data was collected). This test writes each folder back
//! from those facts: an ok config with the endpoint, test files in the
//! course's format (ok's or pytest-grader's) holding the examples, and a
//! `hog.py` whose functions have the recorded parameters and return the
//! recorded answers. The expected preset is the semester's, from the
//! courses' own dating (docs/rules.md); no expected value comes from hog.

use std::collections::BTreeMap;
use std::path::Path;

use hog::game::semester::{folder_semester, FolderSemester};
use serde_json::Value;

/// The facts of one copy.
struct Copy {
    name: String,
    semester: String,
    preset: String,
    facts: Value,
}

fn copies() -> Vec<Copy> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/projects");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let facts: Value = serde_json::from_slice(&std::fs::read(&path).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Copy {
                name: path.file_stem().unwrap().to_string_lossy().into_owned(),
                semester: facts["semester"].as_str().unwrap().to_string(),
                preset: facts["preset"].as_str().unwrap().to_string(),
                facts,
            }
        })
        .collect()
}

/// Writes the ok config back.
fn write_ok(copy: &Copy, dir: &Path) -> bool {
    let ok = &copy.facts["ok"];
    let (Some(file), Some(endpoint)) = (ok["file"].as_str(), ok["endpoint"].as_str()) else {
        return false;
    };
    let config =
        serde_json::json!({"name": "Project 1: Hog", "endpoint": endpoint, "src": ["hog.py"]});
    std::fs::write(dir.join(file), config.to_string()).unwrap();
    true
}

/// Writes the test files back in their course's format: an ok test (a
/// dict of suites of cases) or a pytest-grader file (doctests in a
/// `@points` function), each example a `>>>` line and its value, each
/// function the tests call a locked case.
fn write_tests(copy: &Copy, dir: &Path) -> bool {
    let tests = &copy.facts["tests"];
    let Some(files) = tests["files"].as_object() else {
        return false;
    };
    let pytest = tests["format"] == "pytest_grader";
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    for (file, content) in files {
        let mut cases = vec![];
        for example in content["examples"].as_array().unwrap() {
            let (call, value) = (example[0].as_str().unwrap(), example[1].as_str().unwrap());
            cases.push(format!(">>> {call}\n{value}"));
        }
        for function in content["calls"].as_array().unwrap() {
            let locked = if pytest {
                "LOCKED: 0123456789abcdef"
            } else {
                "0123456789abcdef0123456789abcdef\n# locked"
            };
            cases.push(format!(">>> {}(0)\n{locked}", function.as_str().unwrap()));
        }
        let text = if pytest {
            let body: Vec<String> = cases
                .iter()
                .map(|case| case.lines().map(|l| format!("    {l}\n")).collect())
                .collect();
            format!(
                "from pytest_grader import points\n\n\n@points(1)\ndef examples():\n    \"\"\"\n    >>> from hog import *\n{}    \"\"\"\n",
                body.concat()
            )
        } else {
            let body: Vec<String> = cases
                .iter()
                .map(|case| format!("        {{\n          'code': r\"\"\"\n          {}\n          \"\"\",\n          'hidden': False\n        }},\n", case.replace('\n', "\n          ")))
                .collect();
            format!(
                "test = {{\n  'name': '{file}',\n  'suites': [\n    {{\n      'cases': [\n{}      ],\n      'setup': r\"\"\"\n      >>> from hog import *\n      \"\"\",\n      'type': 'doctest'\n    }}\n  ]\n}}\n",
                body.concat()
            )
        };
        std::fs::write(dir.join("tests").join(file), text).unwrap();
    }
    true
}

/// Writes `hog.py` back: its functions with their parameters, the first
/// holding the examples of the copy's docstrings and staff tests, each
/// returning what the copy's own function returned for those arguments.
fn write_hog_py(copy: &Copy, dir: &Path) -> bool {
    let module = &copy.facts["hog_py"];
    let Some(defs) = module["defs"].as_array() else {
        return false;
    };
    let answers: BTreeMap<String, Value> = module["answers"]
        .as_object()
        .map(|a| a.clone().into_iter().collect())
        .unwrap_or_default();
    let mut text = String::from(
        "\"\"\"A project's hog.py, written back from its facts.\"\"\"\n\n_ANSWERS = {\n",
    );
    for (call, answer) in &answers {
        let answer = match answer {
            Value::Bool(true) => "True".to_string(),
            Value::Bool(false) => "False".to_string(),
            other => other.to_string(),
        };
        text.push_str(&format!("    {call:?}: {answer},\n"));
    }
    text.push_str("}\n\n");
    let examples: Vec<String> = module["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "    >>> {}\n    {}\n",
                e[0].as_str().unwrap(),
                e[1].as_str().unwrap()
            )
        })
        .collect();
    for (i, def) in defs.iter().enumerate() {
        let def = def.as_str().unwrap();
        let (name, params) = def.split_once('(').unwrap();
        let params = params.trim_end_matches(')');
        let doc = if i == 0 {
            examples.concat()
        } else {
            String::new()
        };
        let body = if params.is_empty() {
            "return None".to_string()
        } else {
            format!(
                "return _ANSWERS.get(\"{name}(\" + \", \".join(str(a) for a in ({params},)) + \")\")"
            )
        };
        text.push_str(&format!(
            "def {def}:\n    \"\"\"\n{doc}    \"\"\"\n    {body}\n\n\n"
        ));
    }
    std::fs::write(dir.join("hog.py"), text).unwrap();
    true
}

/// What detection says of a folder holding what `write` puts there; `None`
/// when the copy has none of it.
fn detect(copy: &Copy, write: &[fn(&Copy, &Path) -> bool]) -> Option<FolderSemester> {
    let dir = tempfile::tempdir().unwrap();
    let wrote: Vec<bool> = write.iter().map(|w| w(copy, dir.path())).collect();
    if wrote.iter().any(|w| !w) {
        return None;
    }
    Some(folder_semester(dir.path()).unwrap_or_else(|e| panic!("{}: {e}", copy.name)))
}

#[test]
fn every_semesters_real_folders_are_identified_from_each_kind_of_evidence() {
    let copies = copies();
    let mut failures = vec![];
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    for copy in &copies {
        *tally.entry(copy.semester.clone()).or_default() += 1;
        type Writers<'a> = &'a [fn(&Copy, &Path) -> bool];
        let ways: [(&str, Writers); 4] = [
            ("the ok config", &[write_ok]),
            ("hog.py alone", &[write_hog_py]),
            ("the tests with hog.py", &[write_tests, write_hog_py]),
            ("everything", &[write_ok, write_tests, write_hog_py]),
        ];
        // An endpoint that names no semester (NJU 2021's "proj01", a blank
        // one) is no evidence: from it alone, no preset.
        let endpoint = copy.facts["ok"]["endpoint"].as_str().unwrap_or("");
        let named = endpoint
            .to_ascii_lowercase()
            .split('/')
            .any(|part| part == copy.semester);
        for (way, write) in ways {
            let Some(found) = detect(copy, write) else {
                continue;
            };
            if way == "the ok config" && !named {
                if found.preset.is_some() || !found.reason.contains("names no semester") {
                    failures.push(format!(
                        "{} from its ok config (endpoint '{endpoint}'): expected no preset, got {:?} ({})",
                        copy.name, found.preset, found.reason
                    ));
                }
                continue;
            }
            if found.preset.as_deref() != Some(copy.preset.as_str()) {
                failures.push(format!(
                    "{} from {way}: expected {}, got {:?} ({}; candidates {:?})",
                    copy.name, copy.preset, found.preset, found.reason, found.candidates
                ));
            }
        }
        // The tests alone: the semester, or (where they cannot tell it from
        // another, their answers locked) a list holding it; never another.
        if let Some(found) = detect(copy, &[write_tests]) {
            let right = match &found.preset {
                Some(preset) => *preset == copy.preset,
                None => found.candidates.contains(&copy.preset),
            };
            if !right {
                failures.push(format!(
                    "{} from the tests alone: expected {} or a list holding it, got {:?} ({})",
                    copy.name, copy.preset, found.preset, found.reason
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every semester with a preset has its folders: two or more where two
    // public copies were found.
    println!("folders per semester: {tally:?}");
    for (semester, least) in [
        ("fa12", 1),
        ("sp13", 1),
        ("fa13", 3),
        ("sp14", 1),
        ("fa14", 2),
        ("sp15", 2),
        ("su15", 2),
        ("fa15", 1),
        ("su16", 1),
        ("fa16", 3),
        ("sp17", 2),
        ("su17", 1),
        ("fa17", 3),
        ("sp18", 3),
        ("su18", 2),
        ("fa18", 2),
        ("sp19", 2),
        ("su19", 2),
        ("fa19", 2),
        ("sp20", 2),
        ("su20", 2),
        ("fa20", 2),
        ("sp21", 2),
        ("su21", 2),
        ("fa21", 1),
        ("sp22", 2),
        ("su22", 2),
        ("fa22", 3),
        ("sp23", 2),
        ("su23", 2),
        ("fa23", 2),
        ("sp24", 2),
        ("su24", 2),
        ("fa24", 3),
        ("sp25", 2),
        ("su25", 2),
        ("fa25", 2),
        ("sp26", 1),
        ("fa26", 1),
        ("nju20", 1),
        ("nju21", 1),
        ("nju23", 2),
        ("nju24", 1),
        ("nju25", 1),
    ] {
        assert!(
            tally.get(semester).copied().unwrap_or(0) >= least,
            "{semester}: fewer than {least} folders"
        );
    }
}
