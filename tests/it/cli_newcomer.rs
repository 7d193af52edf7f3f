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
