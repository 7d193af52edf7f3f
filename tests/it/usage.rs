//! The command line as a newcomer meets it, end to end on the built
//! binary: a bare `hog` lists the commands as `--help` does, the student's
//! commands first; help speaks in the game's words, and its defaults are
//! the code's; the opponent is `--against` in every command (`--baseline`
//! too); old spellings of renamed options still work; options are taken
//! only where they act; every usage error is one error line and one hint;
//! and completions are printed for a shell.
//!
//! Command lines written as one string are split at spaces.

use crate::common::line::{hog, json, stdout};
use crate::common::{self, fails_in, json_in};

#[test]
fn a_bare_hog_lists_the_commands_as_help_does() {
    let output = common::hog().output().unwrap();
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
fn help_speaks_in_the_games_words() {
    let help = stdout("--help");
    assert!(
        !help.contains("tables"),
        "maintainers' command listed: {help}"
    );
    assert!(help.contains("completions"));
    hog("tables --help").assert().success();
    let solve = stdout("solve --help");
    for name in ["<RULES>", "<GOAL>", "<STRATEGY>", "<SECONDS>"] {
        assert!(solve.contains(name), "solve --help lacks {name}: {solve}");
    }
    for (command, names) in [
        ("dist", &["--score <SCORE>", "--opp <SCORE>"][..]),
        (
            "turn",
            &["--score <SCORE>", "--opp <SCORE>", "--dice <FACES>"],
        ),
        (
            "replay",
            &["--score0 <SCORE>", "--score1 <SCORE>", "--dice <FACES>"],
        ),
    ] {
        let help = stdout(&format!("{command} --help"));
        for name in names {
            assert!(help.contains(name), "{command} --help lacks {name}");
        }
    }
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
fn the_help_texts_defaults_are_the_codes() {
    let help = common::hog()
        .args(["help", "final"])
        .output()
        .unwrap()
        .stdout;
    let help = String::from_utf8_lossy(&help)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    use hog_solver::blind::{KICKS, KICKS_FLIPS, KICKS_GENERAL};
    for (kicks, under) in [
        (KICKS, "under the rules hog plays fastest (fa16)"),
        (KICKS_FLIPS, "where the points flip the dice sides (su17)"),
        (KICKS_GENERAL, "where rolls take the general path"),
    ] {
        assert!(
            help.contains(&format!("{kicks} {under}")),
            "{kicks} {under}: {help}"
        );
    }
    assert!(help.contains("ok config, tests and hog.py"), "{help}");
}

#[test]
fn every_command_and_python_share_one_python_timeout() {
    let default = format!("[default: {}]", hog::ops::PYTHON_TIMEOUT);
    for command in ["grade", "contest", "final"] {
        let help = common::hog()
            .args([command, "--help"])
            .output()
            .unwrap()
            .stdout;
        let help = String::from_utf8_lossy(&help);
        let option = help
            .split("--python-timeout")
            .nth(1)
            .unwrap_or_else(|| panic!("{command}: {help}"));
        let option = option.split("\n  -").next().unwrap();
        assert!(option.contains(&default), "{command}: {option}");
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
fn old_spellings_of_renamed_options_still_work() {
    let turn = "turn --score 91 --opp 55 --rolls 3";
    assert_eq!(
        json(&format!("{turn} --dice 5,6,6")),
        json(&format!("{turn} --outcomes 5,6,6"))
    );
}

#[test]
fn options_are_taken_only_where_they_act() {
    // --goal, --json and --python-timeout on commands they do nothing for
    // are usage errors (status 2), not silently ignored.
    for args in [
        "rules --goal 50",
        "rules show fa13 --python-timeout 5",
        "table x.hogtable --goal 50",
        "dist --rolls 1 --python-timeout 5",
        "turn --score 0 --opp 0 --rolls 0 --python-timeout 5",
        "tables --json",
        "--goal 50 solve",
    ] {
        hog(args).assert().code(2);
    }
    // They stay where they act.
    json("rules show fa13");
    json("dist --rolls 1 --goal 50");
    hog("grade always_roll(5) --rules fa13 --goal 50 --python-timeout 5 --json")
        .assert()
        .success();
}

#[test]
fn every_usage_error_is_one_error_line_and_one_hint() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        vec!["grade"],
        vec!["grade", "always_roll(4)", "extra"],
        vec!["grade", "always_roll(4)", "--bogus"],
        vec!["grade", "always_roll(4)", "--goal"],
        vec!["grade", "always_roll(4)", "--goal", "ten"],
        vec!["export", "always_roll(4)", "--format", "yaml"],
        vec![
            "simulate",
            "--p0",
            "always_roll(4)",
            "--p1",
            "always_roll(4)",
            "--games",
            "0",
        ],
        // A number of games past the stated bound (a billion).
        vec![
            "simulate",
            "--p0",
            "always_roll(4)",
            "--p1",
            "always_roll(4)",
            "--games",
            "18446744073709551615",
        ],
        vec!["replay", "--p0", "always_roll(4)", "--p1", "always_roll(4)"],
        vec!["rules", "show"],
        vec!["solve", "--rules"],
    ] {
        let e = fails_in(dir.path(), &args);
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {e}");
        assert!(lines[0].starts_with("error: "), "{args:?}: {e}");
        assert!(
            lines[1].starts_with("Usage: ") || lines[1].starts_with("For more information"),
            "{args:?}: {e}"
        );
    }
    // Not a usage error but the same one line: an export to stdout needs a format.
    let e = fails_in(dir.path(), &["export", "always_roll(4)"]);
    assert_eq!(
        e,
        "error: writing to stdout needs --format python, csv or json\n"
    );
    // --goal -1 is the same error under every command that plays a game
    // (the others take no --goal: a usage error, as any unknown option).
    let goal = "error: goal -1 is not allowed: the goal must be between 1 and 10000\n";
    for args in [
        vec!["solve"],
        vec!["grade", "always_roll(4)"],
        vec!["final"],
        vec!["dist", "--rolls", "2"],
        vec!["turn", "--rolls", "0", "--score", "0", "--opp", "0"],
        vec![
            "simulate",
            "--p0",
            "always_roll(4)",
            "--p1",
            "always_roll(4)",
            "--games",
            "1",
        ],
        vec!["export", "always_roll(4)", "--format", "csv"],
        vec!["tables", "--dir", "t"],
    ] {
        let mut args = args.clone();
        args.extend(["--goal", "-1"]);
        assert_eq!(fails_in(dir.path(), &args), goal, "{args:?}");
    }
    for args in [vec!["rules", "show", "fa16"], vec!["table", "x.hogtable"]] {
        let mut args = args.clone();
        args.extend(["--goal", "-1"]);
        let e = fails_in(dir.path(), &args);
        assert!(e.starts_with("error: unexpected argument '--goal'"), "{e}");
    }
}

#[test]
fn completions_are_printed_for_a_shell() {
    let script = stdout("completions bash");
    assert!(script.contains("complete -F _hog"), "{script}");
    assert!(script.contains("--python-timeout"));
    hog("completions tcsh").assert().code(2);
}

/// Every option's help names one default: the ones the code fills in
/// (`--rules`, `--goal`) leave alone an option that names its own.
#[test]
fn every_option_names_at_most_one_default() {
    for command in [
        "final", "grade", "serve", "tables", "turn", "play", "contest",
    ] {
        let help = common::hog()
            .args(["help", command])
            .output()
            .unwrap()
            .stdout;
        let help = String::from_utf8_lossy(&help);
        // An option's entry starts a line with "-" after an indent of up
        // to 6; its help is indented further.
        let mut options: Vec<String> = vec![];
        for line in help.lines() {
            let indent = line.len() - line.trim_start().len();
            match line.trim_start().starts_with('-') && indent <= 6 {
                true => options.push(line.to_string()),
                false => options.last_mut().into_iter().for_each(|o| *o += line),
            }
        }
        assert!(options.len() > 3, "hog help {command}: {help}");
        for option in options {
            assert!(
                option.matches("[default:").count() <= 1,
                "hog help {command}: {option}"
            );
        }
    }
}
