//! Errors in the student's words, end to end on the built binary: ranges
//! as "0 to 10"; a strategy, a file or a rules name given once, as given,
//! with a near name for a misspelt one ("did you mean"); a folder called a
//! folder; a Python traceback that shows the student's frames only; the
//! rules named once; and control characters from files and entries escaped
//! on the terminal. And the smaller things users trip on: upper-case
//! extensions, an entry given twice, byte-identical entries.

use crate::common::{
    contest_run, exported, fails, fails_in, folder, hog, in_empty, json_in, number, ok_in, repo,
    stdout_in, text_in, write, write_all,
};

/// A folder of Python strategies: `hog.py` (which plays always_roll(4),
/// and whose `broken` divides by zero), one that answers 11, one that
/// imports a missing module, and one that is no Python.
fn python_folder() -> tempfile::TempDir {
    folder(&[
        (
            "hog.py",
            "def final_strategy(score, opponent_score):\n    return 4\n\n\
             def broken(score, opponent_score):\n    return 1 // 0\n",
        ),
        (
            "eleven.py",
            "def final_strategy(score, opponent_score):\n    return 11\n",
        ),
        ("missing_import.py", "import no_such_module_here\n"),
        (
            "syntax.py",
            "def final_strategy(score, opponent_score)\n    return 4\n",
        ),
    ])
}

#[test]
fn ranges_are_written_in_words() {
    let dir = tempfile::tempdir().unwrap();
    for (args, words) in [
        (
            &["dist", "--rules", "fa13", "--rolls", "11"][..],
            "the actions are 0 to 10",
        ),
        (&["final", "--effort", "2000000"][..], "0 to 1000000"),
    ] {
        let error = fails_in(dir.path(), args);
        assert!(error.contains(words), "{error}");
        assert!(!error.contains("..="), "{error}");
    }
}

#[test]
fn a_wrong_answer_names_the_strategy_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("float.py");
    std::fs::write(
        &file,
        "def final_strategy(score, opponent_score):\n    return 2.5\n",
    )
    .unwrap();
    let stderr = fails(&["grade", file.to_str().unwrap(), "--rules", "fa16"]);
    assert!(stderr.contains("answered 2.5"), "{stderr}");
    assert!(stderr.starts_with("error: strategy "), "{stderr}");
    assert!(!stderr.contains("strategy: strategy"), "{stderr}");
}

#[test]
fn a_bad_answer_names_its_file_once() {
    let dir = python_folder();
    let error = fails_in(
        dir.path(),
        &["grade", "eleven.py", "--rules", "fa13", "--goal", "10"],
    );
    assert!(
        error.contains("eleven.py:final_strategy answered 11"),
        "{error}"
    );
    assert_eq!(error.matches("eleven.py").count(), 1, "{error}");
    assert!(error.contains("the actions are 0 to 10"), "{error}");
}

#[test]
fn a_bare_course_strategy_is_echoed_as_given() {
    let stderr = fails(&["grade", "always_roll", "--rules", "fa16"]);
    assert!(stderr.contains("'always_roll'"), "{stderr}");
    assert!(!stderr.contains("always_roll()"), "{stderr}");
}

#[test]
fn a_folder_given_as_the_strategy_is_called_a_folder() {
    let (status, _, stderr) = in_empty(&["grade", ".", "--rules", "fa16"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(!stderr.contains("(./.)"), "{stderr}");
    assert!(stderr.contains("is a folder"), "{stderr}");
    assert!(stderr.contains("./hog.py"), "{stderr}");
}

#[test]
fn a_misspelt_file_or_function_gets_a_near_name() {
    let dir = python_folder();
    let error = fails_in(
        dir.path(),
        &["grade", "hgo.py", "--rules", "fa13", "--goal", "10"],
    );
    assert!(
        error.contains("hgo.py: no such file (did you mean 'hog.py'?)"),
        "{error}"
    );
    let error = fails_in(
        dir.path(),
        &[
            "grade",
            "hog.py:final_strat",
            "--rules",
            "fa13",
            "--goal",
            "10",
        ],
    );
    assert!(
        error.contains("no function named final_strat (did you mean 'final_strategy'?)"),
        "{error}"
    );
}

#[test]
fn a_semester_written_out_is_suggested_in_short() {
    // Fall 2024 played sp26's rules; fa24 is one of its names.
    for written in ["fa2024", "Fall 2024", "fall_24"] {
        let stderr = fails(&["grade", "always_roll(6)", "--rules", written]);
        assert!(
            stderr.contains("(did you mean 'fa24'?)"),
            "{written}: {stderr}"
        );
    }
}

#[test]
fn a_misspelt_opponent_gets_a_short_line() {
    let stderr = fails(&["grade", "always_roll(6)", "--against", "alwys_roll(4)"]);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.len() < 400, "{} chars: {stderr}", stderr.len());
    assert!(stderr.contains("(did you mean 'always_roll'?)"), "{stderr}");
}

#[test]
fn tracebacks_show_the_students_frames_only() {
    let dir = python_folder();
    for (file, last) in [
        ("missing_import.py", "ModuleNotFoundError"),
        ("syntax.py", "SyntaxError"),
        ("hog.py:broken", "ZeroDivisionError"),
    ] {
        let error = fails_in(
            dir.path(),
            &["grade", file, "--rules", "fa13", "--goal", "10"],
        );
        assert!(error.contains(last), "{error}");
        assert!(!error.contains("<frozen"), "{error}");
        assert!(!error.contains("File \"<string>\""), "{error}");
    }
    let board = json_in(
        dir.path(),
        &[
            "contest",
            "hog.py",
            "missing_import.py",
            "--rules",
            "fa13",
            "--goal",
            "10",
            "--no-cache",
        ],
    );
    let text = board.to_string();
    assert!(text.contains("ModuleNotFoundError"), "{text}");
    assert!(!text.contains("<frozen"), "{text}");
}

#[test]
fn a_heatmap_names_its_rules_once() {
    let dir = python_folder();
    let output = hog()
        .current_dir(dir.path())
        .args(["heatmap", "hog.py", "--goal", "20", "-o", "map.png"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rules: Vec<&str> = stdout.lines().filter(|l| l.starts_with("rules")).collect();
    assert_eq!(rules.len(), 1, "{stdout}");
    // The line that stays says where the rules came from.
    assert!(rules[0].contains("fa16, the default"), "{stdout}");
}

#[test]
fn control_characters_from_files_and_entries_are_escaped_on_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A name that clears the screen, and output that retitles the terminal.
    write_all(
        d,
        &[(
            "subs/clear\x1b[2J.py",
            "import sys\nsys.stderr.write('\\x1b]0;pwned\\x07')\nsys.stderr.flush()\nimport os\nos._exit(5)\n".to_string(),
        )],
    );
    let (status, table, _) =
        contest_run(d, &["subs", "always_roll(4)", "--goal", "5", "--no-cache"]);
    assert_eq!(status, Some(0));
    assert!(
        !table.contains('\x1b') && !table.contains('\x07'),
        "{table:?}"
    );
    assert!(
        table.contains("clear\\u{1b}[2J") && table.contains("\\u{1b}]0;pwned\\u{7}"),
        "{table}"
    );
    let e = fails_in(d, &["grade", "subs/clear\x1b[2J.py", "--goal", "5"]);
    assert!(
        !e.contains('\x1b') && e.contains("\\u{1b}]0;pwned"),
        "{e:?}"
    );
    // Every command's text on stdout: here grade's line naming its file.
    exported(d, "json", "title\x1b]0;pwned\x07.json");
    let graded = ok_in(d, &["grade", "./title\x1b]0;pwned\x07.json", "--goal", "3"]);
    let graded = String::from_utf8(graded).unwrap();
    assert!(
        !graded.contains('\x1b') && graded.contains("./title\\u{1b}]0;pwned\\u{7}.json against"),
        "{graded:?}"
    );
}

#[test]
fn smaller_trips() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // hog final under custom rules names its own option.
    let custom = "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none";
    let stderr = fails_in(d, &["final", "--rules", custom]);
    assert!(stderr.contains("give one with --against"), "{stderr}");

    // Upper-case extensions are read as their kind.
    std::fs::copy(repo().join("samples/hog.py"), d.join("HOG.PY")).unwrap();
    let upper = json_in(d, &["grade", "HOG.PY", "--rules", "fa13"]);
    let lower = json_in(
        d,
        &[
            "grade",
            &repo().join("samples/hog.py").to_string_lossy(),
            "--rules",
            "fa13",
        ],
    );
    assert_eq!(upper["win_rate"], lower["win_rate"]);
    write(d, "T.CSV", &"4,4\n".repeat(2));
    let table = json_in(
        d,
        &[
            "grade",
            "T.CSV",
            "--rules",
            "fa13",
            "--goal",
            "2",
            "--baseline",
            "always_roll(4)",
        ],
    );
    assert_eq!(number(&table, "win_rate"), 0.5);

    // Entries given twice, and byte-identical files.
    write(d, "a.csv", &"4,4\n".repeat(2));
    write(d, "b.csv", &"4,4\n".repeat(2));
    let report = json_in(
        d,
        &[
            "contest",
            "a.csv",
            "a.csv",
            "b.csv",
            "--rules",
            "fa13",
            "--goal",
            "2",
            "--no-cache",
        ],
    );
    let entries = report["entries"].as_array().unwrap();
    let twice = entries.iter().find(|e| e["status"] == "excluded").unwrap();
    assert_eq!(
        twice["reason"], "the same entry as a.csv, given twice",
        "{report}"
    );
    let b = entries.iter().find(|e| e["name"] == "b").unwrap();
    assert_eq!(b["note"], "byte-identical to a (a.csv)", "{report}");

    // dist and turn take no strategy file.
    for command in ["dist", "turn"] {
        let help = text_in(d, &[command, "--help"]);
        assert!(!help.contains("strategy file"), "{help}");
    }

    // Did you mean.
    let stderr = fails_in(d, &["grade", "always_roll(4)", "--rules", "fa61"]);
    assert!(stderr.contains("did you mean 'fa16'?"), "{stderr}");
    let stderr = fails_in(d, &["grade", "optimel"]);
    assert!(stderr.contains("did you mean 'optimal'?"), "{stderr}");

    // A traceback names the module where it is, so contests read alike.
    write(d, "broken/hog.py", "raise ValueError('no')\n");
    let args = [
        "contest",
        "broken/hog.py",
        "always_roll(4)",
        "--no-cache",
        "-o",
    ];
    stdout_in(d, &[&args[..], &["one.csv"]].concat());
    stdout_in(d, &[&args[..], &["two.csv"]].concat());
    let one = std::fs::read_to_string(d.join("one.csv")).unwrap();
    assert_eq!(one, std::fs::read_to_string(d.join("two.csv")).unwrap());
    assert!(one.contains("File \"\"broken/hog.py\"\", line 1"), "{one}");
    assert!(!one.contains("hog-python-"), "{one}");
}
