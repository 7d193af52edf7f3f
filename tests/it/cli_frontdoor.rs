//! End-to-end tests of the front door: the rules reference in `docs/`
//! agreeing with `hog rules`, and nothing in the project pointing outside it.
//!
//! Command lines are written as one string and split at spaces.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn hog(args: &str) -> Command {
    let mut command = Command::cargo_bin("hog").unwrap();
    command.args(args.split_whitespace());
    command
}

/// Runs `hog ARGS --json`, which must succeed, and parses its output.
fn json(args: &str) -> Value {
    let output = hog(args).arg("--json").assert().success();
    serde_json::from_slice(&output.get_output().stdout).expect("JSON on stdout")
}

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// docs/rules.md, cut into its preset sections: (heading, body).
fn preset_sections(docs: &str) -> Vec<(String, String)> {
    let presets = docs
        .split("\n## The presets\n")
        .nth(1)
        .expect("docs/rules.md has a section 'The presets'");
    let presets = presets.split("\n## ").next().unwrap();
    presets
        .split("\n### ")
        .skip(1)
        .map(|section| {
            let (heading, body) = section.split_once('\n').unwrap();
            (heading.to_string(), body.to_string())
        })
        .collect()
}

/// The rules `hog rules show` names.
const RULE_NAMES: [&str; 12] = [
    "Pork Chop",
    "Free Bacon",
    "Boar Brawl",
    "Picky Piggy",
    "Hogtimus Prime",
    "When Pigs Fly",
    "Touchdown",
    "Swine Swap",
    "Sus Fuss",
    "Hog Tied",
    "Feral Hogs",
    "49ers",
];

#[test]
fn docs_rules_md_describes_every_preset_as_hog_rules_shows_it() {
    let docs = repo_file("docs/rules.md");
    let sections = preset_sections(&docs);
    let listing = json("rules");
    let presets = listing["presets"].as_array().unwrap();
    assert_eq!(
        sections.len(),
        presets.len(),
        "one section per preset: {:?}",
        sections.iter().map(|s| &s.0).collect::<Vec<_>>()
    );
    for preset in presets {
        let name = preset["name"].as_str().unwrap();
        let (heading, body) = sections
            .iter()
            .find(|(heading, _)| heading.starts_with(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("docs/rules.md has no section '### {name}: ...'"));
        let course = preset["course"].as_str().unwrap();
        // The heading names the course (its first words: the listing may add a note).
        let course_head = course.split(" (").next().unwrap();
        let course_head = course_head.split(',').next().unwrap();
        assert!(
            heading.contains(course_head),
            "{name}: heading '{heading}' should name {course_head}"
        );
        let baseline = preset["baseline"].as_str().unwrap();
        assert!(
            body.contains(&format!("Baseline `{baseline}`")),
            "{name}: the section should give the baseline {baseline}"
        );
        // The canonical rules text, in a text block of its own.
        let shown = json(&format!("rules show {name}"));
        let text = shown["rules"].as_str().unwrap();
        assert!(
            body.contains(&format!("```text\n{text}\n```")),
            "{name}: the section should show the rules text {text}"
        );
        // Every rule `hog rules show` names is explained in the section.
        for line in shown["description"].as_array().unwrap() {
            let line = line.as_str().unwrap();
            if let Some(rule) = RULE_NAMES.iter().find(|rule| line.contains(*rule)) {
                assert!(
                    body.to_lowercase().contains(&rule.to_lowercase()),
                    "{name}: `hog rules show` names {rule}, the docs section does not"
                );
            }
        }
    }
}

#[test]
fn nothing_in_the_project_points_to_a_rules_file_outside_it() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Spelled in pieces so that this file does not name them itself.
    let outside = [["RULES", ".md"].concat(), ["shared", "/"].concat()];
    let mut offenders = vec![];
    let mut folders = vec![repo.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if name.starts_with('.') && name != ".ci" || name == "target" {
                continue;
            }
            if path.is_dir() {
                folders.push(path);
            } else if ["rs", "md", "toml", "py"]
                .iter()
                .any(|ext| name.ends_with(&format!(".{ext}")))
                || name == "run"
            {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if outside.iter().any(|o| text.contains(o.as_str())) {
                    offenders.push(path.display().to_string());
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "files pointing outside: {offenders:?}"
    );
}

/// Runs `hog ARGS` (split at spaces), which must fail with status 2 and a
/// one-line error containing every one of `words`.
fn fails(args: &str, words: &[&str]) -> String {
    let output = hog(args).assert().code(2).get_output().clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: "), "{args}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args}: {stderr}");
    for word in words {
        assert!(stderr.contains(word), "{args} should say {word}: {stderr}");
    }
    stderr
}

fn stdout(args: &str) -> String {
    let output = hog(args).assert().success().get_output().clone();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_file_that_records_its_game_is_played_under_it() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).display().to_string();
    let (py, json_file, table) = (at("final_fa13.py"), at("fa13.json"), at("fa13.hogtable"));
    // The same strategy three ways, all made under fa13 at goal 40.
    let made = json(&format!(
        "export best_response(always_roll(5)) --rules fa13 --goal 40 -o {py}"
    ));
    hog(&format!(
        "export {py} --rules fa13 --goal 40 -o {json_file}"
    ))
    .assert()
    .success();
    hog(&format!(
        "solve --rules fa13 --goal 40 --against always_roll(5) -o {table}"
    ))
    .assert()
    .success();
    // What grading under the right game by hand gives: the same strategy
    // solved afresh, with --rules and --goal spelled out.
    let by_hand = json("grade best_response(always_roll(5)) --rules fa13 --goal 40");
    assert_eq!(made["win_rate"], by_hand["win_rate"]);
    for file in [&py, &json_file, &table] {
        let graded = json(&format!("grade {file}"));
        assert_eq!(graded["win_rate"], by_hand["win_rate"], "{file}");
        assert_eq!(graded["baseline"], "always_roll(5)", "{file}");
        let text = stdout(&format!("grade {file}"));
        assert!(text.starts_with("fa13, goal 40: "), "{file}: {text}");
        // Told other rules or another goal, hog refuses instead of guessing.
        fails(
            &format!("grade {file} --rules fa16"),
            &["made for rules fa13", "--rules is fa16"],
        );
        fails(
            &format!("grade {file} --goal 100"),
            &["made for goal 40", "--goal is 100"],
        );
        hog(&format!("grade {file} --rules fa13 --goal 40"))
            .assert()
            .success();
    }
    // The rules of a file reach through best_response() and the baseline.
    let response = json(&format!("solve --against {table}"));
    assert_eq!(response["rules"], "fa13");
    assert_eq!(response["goal"], 40);
    let mixed = json(&format!("grade always_roll(5) --baseline {py}"));
    assert_eq!(mixed["baseline"], py.as_str());
    // Two files made for different games cannot meet in one command.
    let other = at("sp13.json");
    hog(&format!(
        "export always_roll(5) --rules sp13 --goal 40 -o {other}"
    ))
    .assert()
    .success();
    fails(
        &format!("grade {other} --baseline {py}"),
        &["rules sp13", "rules fa13"],
    );
    // Without a recording file, fa16 to 100 as before.
    let plain = json("solve");
    assert_eq!(plain["rules"], "fa16");
    assert_eq!(plain["goal"], 100);
}

#[test]
fn options_are_taken_only_where_they_act() {
    // --goal, --json and --python-timeout on commands they do nothing for
    // are usage errors (status 2), not silently ignored.
    for args in [
        "rules --goal 50",
        "rules show fa13 --python-timeout 5",
        "table info x.hogtable --goal 50",
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
fn old_spellings_of_renamed_options_still_work() {
    let turn = "turn --score 91 --opp 55 --rolls 3";
    assert_eq!(
        json(&format!("{turn} --dice 5,6,6")),
        json(&format!("{turn} --outcomes 5,6,6"))
    );
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

#[test]
fn completions_are_printed_for_a_shell() {
    let script = stdout("completions bash");
    assert!(script.contains("complete -F _hog"), "{script}");
    assert!(script.contains("--python-timeout"));
    hog("completions tcsh").assert().code(2);
}

#[test]
fn a_strategy_nested_thousands_deep_is_one_error_line() {
    // 8,500 levels overflowed the stack (a command line argument holds at
    // most 128 KiB).
    let deep = "best_response(".repeat(8500) + "always_roll(4)" + &")".repeat(8500);
    for command in ["grade", "export --format csv"] {
        let stderr = fails(
            &format!("{command} {deep}"),
            &[
                "bad strategy 'best_response(best_response(",
                "nest at most 32 deep",
            ],
        );
        assert!(stderr.len() < 200, "{stderr}");
    }
}

#[test]
fn errors_name_a_bad_strategy_once() {
    for args in [
        "grade nonsense(3)",
        "grade always_roll(5) --baseline always_roll(11)",
        "solve --against best_response(nonsense)",
        "export nonsense --format csv",
    ] {
        let error = fails(args, &["bad strategy '"]);
        assert!(!error.contains("strategy: bad strategy"), "{args}: {error}");
    }
    // Where the error does not name the strategy, its place does.
    fails(
        "grade missing.csv",
        &["the strategy: missing.csv: no such file"],
    );
}

/// The exact win rate `hog grade ARGS` reports.
fn win_rate(args: &str) -> f64 {
    json(&format!("grade {args}"))["win_rate"].as_f64().unwrap()
}

#[test]
fn strategies_are_written_as_the_course_writes_them() {
    // Keyword arguments name the parameters of docs/rules.md; a strategy
    // written by keyword is the same strategy as written by position.
    // (Command lines here split at spaces; one keeps its spaces.)
    let spaced = Command::cargo_bin("hog")
        .unwrap()
        .args(["grade", "bacon_strategy(margin=8, num_rolls=4)", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let spaced: Value = serde_json::from_slice(&spaced).unwrap();
    assert_eq!(
        spaced["win_rate"].as_f64(),
        Some(win_rate("bacon_strategy(8,4)"))
    );
    for (keywords, positions) in [
        (
            "bacon_strategy(margin=8,num_rolls=4)",
            "bacon_strategy(8,4)",
        ),
        ("bacon_strategy(num_rolls=6)", "bacon_strategy(8,6)"),
        ("swap_strategy(9,num_rolls=3)", "swap_strategy(9,3)"),
        ("always_roll(n=4)", "always_roll(4)"),
    ] {
        assert_eq!(win_rate(keywords), win_rate(positions), "{keywords}");
    }
    for (keywords, positions, rules) in [
        (
            "boar_strategy(threshold=11,num_rolls=6)",
            "boar_strategy(11,6)",
            "sp26",
        ),
        ("sus_strategy(num_rolls=5)", "sus_strategy(11,5)", "sp26"),
        (
            "picky_piggy_strategy(cutoff=7)",
            "picky_piggy_strategy(7,6)",
            "nju21",
        ),
        (
            "make_comeback_strategy(margin=5,num_rolls=4)",
            "make_comeback_strategy(5,4)",
            "sp13",
        ),
    ] {
        assert_eq!(
            win_rate(&format!("{keywords} --rules {rules}")),
            win_rate(&format!("{positions} --rules {rules}")),
            "{keywords}"
        );
    }
    for (text, reason) in [
        ("swap_strategy(mrgin=8)", "no parameter 'mrgin'"),
        ("swap_strategy(margin=8,4)", "follows a keyword argument"),
        ("swap_strategy(8,margin=8)", "margin twice"),
        ("always_roll(n=x)", "'x' is not an integer"),
    ] {
        fails(&format!("grade {text}"), &[reason]);
    }
    fails(
        "grade make_comeback_strategy(num_rolls=4) --rules sp13",
        &["needs its argument margin"],
    );
}

#[test]
fn baseline_is_the_presets_course_baseline() {
    // The baselines of docs/rules.md: a strategy against itself wins exactly
    // one half (the two seatings' wins add up to 1 when no game is drawn).
    for (rules, course_baseline) in [
        ("fa16", "always_roll(4)"),
        ("fa13", "always_roll(5)"),
        ("sp26", "always_roll(6)"),
        ("nju21", "always_roll(6)"),
        ("sp13", "always_roll(5)"),
    ] {
        let graded = json(&format!("grade baseline --rules {rules}"));
        assert_eq!(graded["baseline"], course_baseline);
        let rate = graded["win_rate"].as_f64().unwrap();
        assert!((rate - 0.5).abs() < 1e-15, "{rules}: {rate}");
        assert_eq!(
            win_rate(&format!(
                "baseline --rules {rules} --baseline always_roll(1)"
            )),
            win_rate(&format!(
                "{course_baseline} --rules {rules} --baseline always_roll(1)"
            )),
        );
    }
    assert_eq!(
        win_rate("best_response(baseline) --rules fa13"),
        win_rate("best_response(always_roll(5)) --rules fa13")
    );
    fails("grade baseline(3)", &["takes no arguments"]);
}

#[test]
fn sp24_and_fa24_are_the_rules_of_sp26() {
    for alias in ["sp24", "fa24"] {
        let shown = json(&format!("rules show {alias}"));
        assert_eq!(shown["name"], "sp26");
        assert_eq!(
            json(&format!("grade boar_strategy --rules {alias}")),
            json("grade boar_strategy --rules sp26")
        );
    }
}

#[test]
fn explain_near_the_goal_matches_the_rules_worked_by_hand() {
    // fa13 to 4 at 3 vs 3 (sum 6: six-sided dice). Every turn scores at least
    // 1 and reaches the goal; it loses only if the mover's new score is
    // exactly double 3, i.e. 3 points, and Swine Swap hands 6 to the opponent.
    // 0 dice: Free Bacon 1 + 3 = 4 points, 7 vs 3: a win. 1 die: 3 comes up
    // with probability 1/6: 5/6. Two or more dice score 1 (a 1 shows) or a sum
    // of faces 2..6, at least 4: never 3, a win.
    let e = json("explain --rules fa13 --goal 4 --score 3 --opp 3");
    let wins: Vec<(i64, f64)> = e["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["num_rolls"].as_i64().unwrap(), a["win"].as_f64().unwrap()))
        .collect();
    assert_eq!(wins.len(), 11, "actions 0 to 10");
    for (num_rolls, win) in wins {
        let by_hand = if num_rolls == 1 { 5.0 / 6.0 } else { 1.0 };
        assert!((win - by_hand).abs() < 1e-15, "{num_rolls}: {win}");
    }
    // Ties go to the lowest num_rolls: 0, tied with 2.
    assert_eq!(e["best"], 0);
    assert_eq!(e["runner_up"], 2);
    assert!(e["margin"].as_f64().unwrap().abs() < 1e-15);
    let outcomes = e["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0]["points"], 4);
    assert_eq!(outcomes[0]["score"], 7);
    assert_eq!(outcomes[0]["fraction"], "1/1");
    assert_eq!(outcomes[0]["then"], "win");
    let text = stdout("explain --rules fa13 --goal 4 --score 3 --opp 3");
    assert!(text.contains("a tie with 2"), "{text}");
}

#[test]
fn explain_a_pass_that_comes_back_is_a_draw() {
    // nju21 at 8 vs 19 (docs/rules.md): 0 dice scores 0 and swaps the scores,
    // so the opponent faces 8 vs 19 in turn. If neither player has an exit
    // worth more than a draw, both pass for ever: worth exactly 1/2.
    let e = json("explain --rules nju21 --score 8 --opp 19");
    assert_eq!(e["best"], 0);
    assert_eq!(e["win"].as_f64(), Some(0.5));
    for a in e["actions"].as_array().unwrap() {
        if a["num_rolls"] != 0 {
            assert!(a["win"].as_f64().unwrap() < 0.5, "{a}");
        }
    }
    assert_eq!(e["outcomes"][0]["points"], 0);
    assert_eq!(e["outcomes"][0]["then"], "play on");
}

#[test]
fn explain_agrees_with_the_solved_value_and_action() {
    // At 0-0 the chosen action and its chance are the solve's opening action
    // and first-mover value (summed in another order: within 1e-12).
    for rules in ["fa16", "fa13", "sp26", "nju21", "sp13"] {
        let e = json(&format!("explain --rules {rules} --score 0 --opp 0"));
        let solved = json(&format!("solve --rules {rules}"));
        assert_eq!(e["best"], solved["opening_action"], "{rules}");
        let (win, value) = (
            e["win"].as_f64().unwrap(),
            solved["first_mover_win"].as_f64().unwrap(),
        );
        assert!((win - value).abs() < 1e-12, "{rules}: {win} vs {value}");
        // No other action beats the chosen one.
        for a in e["actions"].as_array().unwrap() {
            assert!(a["win"].as_f64().unwrap() <= win + 1e-12, "{rules}: {a}");
        }
    }
    let e = json("explain --rules fa13 --score 0 --opp 0 --against always_roll(5)");
    let solved = json("solve --rules fa13 --against always_roll(5)");
    assert_eq!(e["best"], solved["opening_action"]);
    let (win, first) = (
        e["win"].as_f64().unwrap(),
        solved["first"].as_f64().unwrap(),
    );
    assert!((win - first).abs() < 1e-12, "{win} vs {first}");
    // The best action's outcomes add up to 1.
    let total: f64 = e["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    fails("explain --score 100 --opp 0", &["score 100"]);
    fails(
        "explain --rules fa13 --score 0 --opp 0 --sides 4",
        &["sides 4"],
    );
}

#[test]
fn a_diff_with_no_losing_state_says_so() {
    // The best response to always_roll(5) is at least as good as any other
    // strategy in every state, against always_roll(5): it loses nowhere.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.png").display().to_string();
    let args = format!(
        "heatmap best_response(always_roll(5)) --rules fa13 --diff swap_strategy -o {file}"
    );
    let summary = json(&args);
    assert!(summary["largest_loss"].is_null(), "{summary}");
    assert!(summary["largest_gain"]["difference"].as_f64().unwrap() > 0.5);
    let text = stdout(&args);
    assert!(
        text.contains("most loss  none: best_response(always_roll(5)) wins less in no state"),
        "{text}"
    );
    assert!(!text.contains("-0.000000"), "{text}");
}

/// Runs a command with its stderr on a pseudo-terminal (python3's pty
/// module) and prints, as JSON, its exit code, its stdout and what it drew
/// on the terminal.
pub(crate) const ON_A_TERMINAL: &str = r#"
import json, os, pty, subprocess, sys
master, slave = pty.openpty()
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
drawn = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the terminal's last writer is gone
        break
    if not chunk:
        break
    drawn += chunk
stdout = child.stdout.read()
print(json.dumps({"code": child.wait(), "stdout": stdout.decode(),
                  "drawn": drawn.decode("utf-8", "replace")}))
"#;

#[test]
fn a_slow_python_strategy_shows_a_bar_on_a_terminal_only() {
    // 10 ms per score row, in each of the two rounds of 100 rows: 2 s, past
    // the second after which the bar shows. It always rolls 4. Its name has
    // a BEL, which the bar's label escapes.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("slow\x07.py"),
        "import time\n\ndef final_strategy(score, opponent_score):\n    \
         if opponent_score == 0:\n        time.sleep(0.01)\n    return 4\n",
    )
    .unwrap();
    let args = "grade slow\x07.py --rules fa13 --json";
    let expected = json("grade always_roll(4) --rules fa13")["win_rate"].clone();

    let output = hog(args).current_dir(&dir).output().unwrap();
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "{:?}", output.stderr);
    let graded: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(graded["win_rate"], expected);

    let output = std::process::Command::new("python3")
        .current_dir(&dir)
        .args(["-c", ON_A_TERMINAL, env!("CARGO_BIN_EXE_hog")])
        .args(args.split_whitespace())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let run: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(run["code"], 0, "{run}");
    let graded: Value = serde_json::from_str(run["stdout"].as_str().unwrap()).unwrap();
    assert_eq!(graded["win_rate"], expected);
    // The bar first clears the cursor's line (another bar's), then draws.
    let drawn = run["drawn"].as_str().unwrap();
    assert!(
        drawn.starts_with("\r\u{1b}[2Kasking slow\\u{7}.py:final_strategy "),
        "{drawn}"
    );
    assert!(drawn.contains("/200 score rows"), "{drawn}");
    // Cleared at the end: the last thing drawn erases the line.
    assert!(drawn.ends_with("\r\u{1b}[2K"), "{drawn:?}");
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // fa13 to 1000: a million states, enough for a bar on a terminal.
    for args in [
        "solve --rules fa13 --goal 1000",
        "grade always_roll(5) --rules fa13 --goal 1000",
    ] {
        let output = hog(args).assert().success().get_output().clone();
        assert!(output.stderr.is_empty(), "{args}: {:?}", output.stderr);
    }
}
