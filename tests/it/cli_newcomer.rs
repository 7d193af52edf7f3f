//! The command line as a newcomer meets it: a bare `hog` lists the
//! commands, the student's commands come first, the opponent is `--against`
//! in every command (`--baseline` too), options mean one thing, and errors
//! speak the student's words: ranges as "0 to 10", each file named once, no
//! frames of Python's import machinery, and a near name for a misspelt file
//! or function.

use crate::cli_harden::fails_in;
use crate::common::{hog, json_in};

fn stdout(args: &[&str]) -> String {
    let output = hog().args(args).output().unwrap();
    assert!(output.status.success(), "hog {args:?} failed");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_bare_hog_lists_the_commands_as_help_does() {
    let output = hog().output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        stdout(&["--help"])
    );
}

#[test]
fn help_lists_the_students_commands_first() {
    let help = stdout(&["--help"]);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(commands[..2], ["final", "grade"], "{help}");
}

#[test]
fn final_effort_is_explained_in_the_users_words() {
    let help = stdout(&["final", "--help"]);
    let effort: String = help
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("--effort"))
        .take_while(|l| !l.trim_start().starts_with("--prove-bound"))
        .collect();
    assert!(effort.contains("--effort"), "{help}");
    for jargon in ["kick", "ascent", "fast path"] {
        assert!(!effort.contains(jargon), "{jargon} in {effort}");
    }
}

#[test]
fn every_command_measures_against_with_baseline_as_an_alias() {
    for command in ["grade", "final", "solve", "explain", "heatmap", "contest"] {
        let help = stdout(&[command, "--help"]);
        let lines: Vec<&str> = help.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim_start().starts_with("--against <STRATEGY>"))
            .unwrap_or_else(|| panic!("{command}: no --against in {help}"));
        // The option's help: its line and those below it, up to the next option.
        let option: Vec<&str> = lines[at..]
            .iter()
            .take_while(|l| *l == &lines[at] || !l.trim_start().starts_with('-'))
            .copied()
            .collect();
        assert!(
            option.join(" ").contains("[alias: --baseline]"),
            "{command}: {option:?}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let grade = ["grade", "always_roll(5)", "--rules", "fa13", "--goal", "20"];
    let against = json_in(
        dir.path(),
        &[&grade[..], &["--against", "always_roll(6)"]].concat(),
    );
    let baseline = json_in(
        dir.path(),
        &[&grade[..], &["--baseline", "always_roll(6)"]].concat(),
    );
    assert_eq!(against, baseline);
    assert_eq!(against["baseline"], "always_roll(6)");
    let graded = against;
    let contest = [
        "contest",
        "always_roll(4)",
        "always_roll(5)",
        "--rules",
        "fa13",
        "--goal",
        "20",
        "--no-cache",
    ];
    let against = json_in(
        dir.path(),
        &[&contest[..], &["--against", "always_roll(6)"]].concat(),
    );
    let baseline = json_in(
        dir.path(),
        &[&contest[..], &["--baseline", "always_roll(6)"]].concat(),
    );
    assert_eq!(against, baseline);
    // The board's always_roll(5) row is what grade says of it.
    let row = &against["entries"][0];
    assert_eq!(row["name"], "always_roll(5)", "{against}");
    assert_eq!(row["win_rate_vs_baseline"], graded["win_rate"], "{against}");
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

fn python_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write(
        "hog.py",
        "def final_strategy(score, opponent_score):\n    return 4\n\n\
         def broken(score, opponent_score):\n    return 1 // 0\n",
    );
    write(
        "eleven.py",
        "def final_strategy(score, opponent_score):\n    return 11\n",
    );
    write("missing_import.py", "import no_such_module_here\n");
    write(
        "syntax.py",
        "def final_strategy(score, opponent_score)\n    return 4\n",
    );
    dir
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
