//! Which game is this? Every command run in a project folder plays the
//! folder's semester and says why, on one line: from the course's `ok`
//! config (its endpoint names the semester), from the course's test files,
//! or from the student's own rule functions in `hog.py`; evidence that fits
//! several presets, or contradicts itself, is one line and exit status 2; a
//! semester hog has no preset for, or a config it cannot read, is an error
//! naming the file; `--rules` wins, with a word where it differs from the
//! folder; a file hog made records its game and is played under it, and
//! refused under another; outside any project the default says it was not
//! given; and a class of folders plays the semester most of them name.
//! Every detection input is untrusted (ok configs that are symlinks, FIFOs,
//! devices, huge, with a byte-order mark, a non-ASCII or multi-line
//! endpoint). Expected presets come from the courses' own dating
//! (docs/rules.md).
//!
//! Command lines written as one string are split at spaces.

use std::path::Path;

use crate::common::line::{fails, hog, json, stdout};
use crate::common::{
    self, fa17_to_su19, folder, json_in, module, number, project, run, write_all, SP26_HOG_PY,
};

/// The win rate `hog grade ARGS --json` prints in `dir`.
fn win_rate(dir: &Path, args: &[&str]) -> f64 {
    number(&json_in(dir, args), "win_rate")
}

/// Fall 2026's pytest-grader test files (the course's, in
/// tests/data/projects/fa26-pytest-grader.json), with Sus Fuss's calls on
/// the `...` lines of loops, as a course writes them.
const FA26_TESTS: [(&str, &str); 3] = [
    (
        "boar_brawl.py",
        "from pytest_grader import points\n\n\n@points(1)\ndef test_boar_brawl():\n    \"\"\"\n    \
         >>> from hog import *\n    >>> boar_brawl(82, 115)\n    3\n    >>> boar_brawl(6, 10)\n    \
         LOCKED: 0123456789abcdef\n    \"\"\"\n",
    ),
    (
        "take_turn.py",
        "from pytest_grader import points\n\n\n@points(1)\ndef test_take_turn():\n    \"\"\"\n    \
         >>> from hog import *\n    >>> take_turn(0, 37, 15)\n    18\n    \
         >>> take_turn(2, 15, 25, make_test_dice(6))\n    LOCKED: 0123456789abcdef\n    \"\"\"\n",
    ),
    (
        "sus_fuss.py",
        "from pytest_grader import points\n\n\n@points(1)\ndef test_sus_fuss():\n    \"\"\"\n    \
         >>> from hog import *\n    >>> for score in [1, 21, 25]:\n    \
         ...     print(sus_points(score))\n    LOCKED: 0123456789abcdef\n    \
         >>> for start in [15, 41]:\n    ...     sus_update(0, start, 37)\n    \
         LOCKED: 0123456789abcdef\n    \"\"\"\n",
    ),
];

/// The skeleton fa17 to su19 share, its rule functions not written: it
/// fits all six.
fn unwritten_fa17_to_su19() -> String {
    module(&fa17_to_su19("return 0"))
}

/// A class of six: two folders name fa18, one fa13, one nothing, one fits
/// six presets, one has an ok config that is no JSON.
fn class(dir: &Path) {
    let ok = |endpoint: &str| format!(r#"{{"endpoint": "{endpoint}"}}"#);
    write_all(
        dir,
        &[
            ("class/alice/hog.py", module("")),
            ("class/alice/hog.ok", ok("cal/cs61a/fa18/proj01")),
            ("class/bob/hog.py", module("")),
            ("class/bob/hog.ok", ok("cal/cs61a/fa18/proj01")),
            ("class/carol/hog.py", module("")),
            ("class/carol/hog.ok", ok("cal/cs61a/fa13/proj1")),
            ("class/dave/hog.py", module("")),
            ("class/erin/hog.py", unwritten_fa17_to_su19()),
            ("class/frank/hog.py", module("")),
            ("class/frank/hog.ok", "{ not json".into()),
        ],
    );
}

#[test]
fn a_fall_2026_style_folder_with_no_ok_config_plays_sp26_in_every_command_and_says_why() {
    let dir = folder(&[("hog.py", SP26_HOG_PY), ("dice.py", "six_sided = None\n")]);
    let first = "rules        sp26 (= fa23 to fa26): hog.py defines boar_brawl and sus_update";
    let commands: [&[&str]; 7] = [
        &["grade", "hog.py"],
        &["grade", "always_roll(6)"],
        &["final", "--goal", "30"],
        &["solve", "--goal", "20"],
        &["explain", "--score", "0", "--opp", "0", "--goal", "20"],
        &["turn", "--score", "37", "--opp", "15", "--rolls", "0"],
        &[
            "contest",
            "hog.py",
            "always_roll(6)",
            "--no-cache",
            "--goal",
            "20",
        ],
    ];
    for args in commands {
        let (status, stdout, stderr) = run(dir.path(), args);
        assert_eq!(status, 0, "{args:?}: {stderr}");
        assert_eq!(stdout.lines().next(), Some(first), "{args:?}: {stdout}");
        assert!(stdout.contains("sp26"), "{args:?}: {stdout}");
    }
    // Boar Brawl at 37 vs 15: 3 * |1 - 7| = 18, as sp26's tests pin it;
    // then Sus Fuss: 55 = 5 * 11 has four divisors, and becomes 59.
    let (_, stdout, _) = run(
        dir.path(),
        &["turn", "--score", "37", "--opp", "15", "--rolls", "0"],
    );
    assert!(
        stdout.contains("points: 18\nafter the turn: score 59"),
        "{stdout}"
    );
    // A heatmap too, and JSON output moves the line to stderr.
    let (status, stdout, stderr) = run(dir.path(), &["grade", "hog.py", "--json"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.starts_with('{'), "{stdout}");
    assert_eq!(stderr.lines().next(), Some(first));
    let (status, _, stderr) = run(
        dir.path(),
        &[
            "heatmap", "optimal", "--goal", "20", "-o", "map.svg", "--json",
        ],
    );
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stderr.lines().next(), Some(first));
}

#[test]
fn the_students_own_rule_functions_decide_between_skeletons_that_look_alike() {
    // Free Bacon of fa17 (1 + the largest digit), sp18 (2 + |t - o|) and
    // fa18 (max(2t - o, 1)), each in the skeleton all six share.
    // The first answer that sets a preset aside is named: at 0, fa17's
    // and fa18's Free Bacon score 1 (sp18's 2, su19's 10), sp18's 2.
    for (free_bacon, preset, answer) in [
        (
            "return 1 + max(int(d) for d in str(score))",
            "fa17",
            "free_bacon(0) is 1",
        ),
        (
            "return 2 + abs(score // 10 % 10 - score % 10)",
            "sp18",
            "free_bacon(0) is 2",
        ),
        (
            "return max(2 * (score // 10 % 10) - score % 10, 1)",
            "fa18",
            "free_bacon(0) is 1",
        ),
    ] {
        let dir = folder(&[("hog.py", &fa17_to_su19(free_bacon))]);
        let (status, stdout, stderr) = run(dir.path(), &["grade", "always_roll(4)"]);
        assert_eq!(status, 0, "{preset}: {stderr}");
        let first = stdout.lines().next().unwrap();
        assert!(
            first.starts_with(&format!(
                "rules        {preset}: hog.py defines free_bacon and is_swap; its "
            )),
            "{first}"
        );
        assert!(first.ends_with(answer), "{preset}: {first}");
    }
}

#[test]
fn fall_2026_pytest_grader_files_name_sp26_in_tests_or_beside_hog_py() {
    // Sus Fuss (sus_points, sus_update) is sp26's alone; Boar Brawl and
    // take_turn(0, 37, 15) = 18 are also su23's.
    for sub in ["tests", ""] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        for (name, text) in FA26_TESTS {
            std::fs::write(dir.path().join(sub).join(name), text).unwrap();
        }
        let output = common::hog()
            .current_dir(dir.path())
            .args(["turn", "--score", "37", "--opp", "15", "--rolls", "0"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "in {sub:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            stdout.starts_with("rules        sp26 "),
            "in {sub:?}: {stdout}"
        );
    }
}

#[test]
fn an_ambiguous_or_contradictory_folder_is_one_line_listing_the_candidates_exit_2() {
    // The six presets' shared skeleton with free_bacon unimplemented.
    let dir = folder(&[("hog.py", &fa17_to_su19("\"*** YOUR CODE HERE ***\""))]);
    for args in [
        &["final"][..],
        &["grade", "hog.py"],
        &["solve", "--goal", "20"],
    ] {
        let (status, stdout, stderr) = run(dir.path(), args);
        assert_eq!(status, 2, "{args:?}");
        assert_eq!(stdout, "", "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr
                .contains("candidates: fa17, sp18, su18, fa18, sp19, su19; give --rules SEMESTER"),
            "{stderr}"
        );
    }
    // --rules decides, without a word (the folder names no one preset).
    assert_eq!(
        run(dir.path(), &["solve", "--goal", "20", "--rules", "fa18"]).0,
        0
    );
    // An ok config of fa18 beside an sp26 skeleton: a contradiction.
    let dir = folder(&[
        ("hog.py", SP26_HOG_PY),
        ("proj01.ok", r#"{"endpoint": "cal/cs61a/fa18/proj01"}"#),
    ]);
    let (status, stdout, stderr) = run(dir.path(), &["final"]);
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for needed in [
        "proj01.ok names semester fa18 (fa18)",
        "hog.py defines boar_brawl and sus_update",
        "candidates: fa18, sp26",
    ] {
        assert!(stderr.contains(needed), "{needed} in {stderr}");
    }
}

#[test]
fn rules_given_win_with_a_word_and_a_file_made_for_another_game_is_refused() {
    let dir = folder(&[("hog.py", SP26_HOG_PY)]);
    let (status, stdout, _) = run(dir.path(), &["solve", "--goal", "20", "--rules", "fa18"]);
    assert_eq!(status, 0);
    assert_eq!(
        stdout.lines().next(),
        Some(
            "rules        fa18 (--rules), though this project is sp26 (= fa23 to fa26): hog.py \
             defines boar_brawl and sus_update"
        )
    );
    // --rules naming the folder's own preset by another semester: no word.
    let (_, stdout, _) = run(dir.path(), &["solve", "--goal", "20", "--rules", "fa24"]);
    assert!(stdout.starts_with("rules        sp26\n"), "{stdout}");
    // A module hog exported for fa16, graded in the sp26 folder.
    let (status, _, stderr) = run(
        dir.path(),
        &[
            "export", "optimal", "--rules", "fa16", "--goal", "20", "--sides", "6", "-o", "fa16.py",
        ],
    );
    assert_eq!(status, 0, "{stderr}");
    let (status, stdout, stderr) = run(dir.path(), &["grade", "fa16.py"]);
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(
        stderr.starts_with("error: fa16.py was made for rules fa16, but this project is sp26"),
        "{stderr}"
    );
    assert!(stderr.contains("give --rules fa16"), "{stderr}");
    assert_eq!(
        run(dir.path(), &["grade", "fa16.py", "--rules", "fa16"]).0,
        0
    );
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
fn outside_any_project_folder_the_default_is_said_plainly() {
    let dir = folder(&[("notes.txt", "not a project\n")]);
    let (status, stdout, _) = run(dir.path(), &["solve", "--goal", "10"]);
    assert_eq!(status, 0);
    assert!(
        stdout.starts_with(
            "rules        fa16, the default: not given (no --rules, and nothing in this folder names a semester"
        ),
        "{stdout}"
    );
    // --rules: no word.
    let (_, stdout, _) = run(dir.path(), &["solve", "--goal", "10", "--rules", "fa16"]);
    assert!(stdout.starts_with("rules        fa16\n"), "{stdout}");
}

#[test]
fn without_rules_or_config_the_default_says_it_was_not_given() {
    let (dir, _) = project(None);
    let (status, stdout, _) = run(dir.path(), &["grade", "hog.py"]);
    assert_eq!(status, 0);
    let first = stdout.lines().next().unwrap();
    assert!(
        first.starts_with("rules        fa16, the default: not given"),
        "{first}"
    );
    assert!(
        first.contains("hog.py") && first.contains("--rules"),
        "{first}"
    );
    // A strategy expression names no file: the working folder is the
    // project, and it names no semester either.
    let (_, stdout, _) = run(dir.path(), &["grade", "always_roll(5)"]);
    let mut lines = stdout.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("rules        fa16, the default: not given"),
        "{stdout}"
    );
    assert!(
        lines.next().unwrap().starts_with("fa16, goal 100: "),
        "{stdout}"
    );
}

#[test]
fn an_sp14_config_grades_under_fa13_and_says_so() {
    // Spring 2014 played the Fall 2013 rules, baseline always_roll(5).
    let config =
        r#"{"name": "Project 1: Hog", "endpoint": "cal/cs61a/sp14/proj1", "src": ["hog.py"]}"#;
    let (dir, _) = project(Some(("proj1.ok", config)));
    let (status, stdout, _) = run(dir.path(), &["grade", "hog.py"]);
    assert_eq!(status, 0);
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next().unwrap(),
        "rules        fa13 (semester sp14, from proj1.ok: endpoint cal/cs61a/sp14/proj1)"
    );
    assert_eq!(
        lines.next().unwrap(),
        "fa13, goal 100: hog.py against always_roll(5)"
    );
    // The same figure as grading under fa13 by name.
    assert_eq!(
        win_rate(dir.path(), &["grade", "hog.py"]),
        win_rate(dir.path(), &["grade", "hog.py", "--rules", "fa13"])
    );
}

#[test]
fn an_sp24_config_plays_sp26_in_grade_explain_final_and_contest() {
    let config = r#"{"endpoint": "ucb/cs61a/sp24/proj01"}"#;
    let (dir, hog_py) = project(Some(("proj01.ok", config)));
    let hog_py = hog_py.to_str().unwrap();
    let ok = dir.path().join("proj01.ok");
    let first = format!(
        "rules        sp26 (semester sp24, from {}: endpoint ucb/cs61a/sp24/proj01)",
        ok.display()
    );
    let commands: [&[&str]; 4] = [
        &["grade", hog_py],
        &["explain", "--score", "0", "--opp", "0", "--against", hog_py],
        &["final", "--against", hog_py],
        &["contest", hog_py, "always_roll(6)", "--no-cache"],
    ];
    for args in commands {
        let (status, stdout, stderr) = run(dir.path(), args);
        assert_eq!(status, 0, "{args:?}: {stderr}");
        assert_eq!(stdout.lines().next(), Some(first.as_str()), "{args:?}");
        // sp26 from 0-0 against always_roll(6): the baseline is the course's.
        assert!(stdout.contains("sp26"), "{args:?}: {stdout}");
    }
    assert_eq!(
        win_rate(dir.path(), &["grade", hog_py]),
        win_rate(dir.path(), &["grade", hog_py, "--rules", "sp26"])
    );
    // A folder given to contest is read too.
    let folder = dir.path().to_str().unwrap();
    let (status, stdout, _) = run(dir.path(), &["contest", folder, "--no-cache"]);
    assert_eq!(status, 0);
    assert_eq!(stdout.lines().next(), Some(first.as_str()));
}

#[test]
fn a_project_folder_names_its_rules_on_one_line() {
    let (dir, _) = project(Some((
        "proj01.ok",
        r#"{"endpoint": "cal/cs61a/fa22/proj01"}"#,
    )));
    let first = "rules        fa22 (from proj01.ok: endpoint cal/cs61a/fa22/proj01)";
    let commands: [&[&str]; 5] = [
        &["final", "--goal", "30"],
        &["final", "--goal", "30", "--against", "always_roll(4)"],
        &[
            "final",
            "--goal",
            "30",
            "--against",
            "always_roll(4)",
            "--against",
            "hog.py",
        ],
        &["grade", "hog.py", "--goal", "30"],
        &["solve", "--goal", "30"],
    ];
    for args in commands {
        let (status, stdout, stderr) = run(dir.path(), args);
        assert_eq!(status, 0, "{args:?}: {stderr}");
        let rules: Vec<&str> = stdout.lines().filter(|l| l.starts_with("rules")).collect();
        assert_eq!(rules, [first], "{args:?}: {stdout}");
    }
    // What the command's own rules line says besides the rules follows it.
    let (_, stdout, _) = run(dir.path(), &["final", "--goal", "30"]);
    let lines: Vec<&str> = stdout.lines().take(3).collect();
    assert_eq!(
        lines,
        [first, "goal         30", "against      always_roll(6)"]
    );
}

#[test]
fn a_semester_with_no_preset_is_an_error_naming_endpoint_and_file() {
    // Summer 2014: a real semester of the course whose project was never found.
    let (dir, _) = project(Some(("hog.ok", r#"{"endpoint": "cal/cs61a/su14/proj1"}"#)));
    let (status, stdout, stderr) = run(dir.path(), &["grade", "hog.py"]);
    assert_eq!(status, 2);
    assert_eq!(stdout, "");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for needed in [
        "hog.ok",
        "cal/cs61a/su14/proj1",
        "no preset for semester su14 yet",
    ] {
        assert!(stderr.contains(needed), "{needed} in {stderr}");
    }
    // --rules decides without reading the config.
    assert_eq!(
        run(dir.path(), &["grade", "hog.py", "--rules", "fa13"]).0,
        0
    );
}

#[test]
fn a_malformed_config_or_endpoint_is_an_error_naming_the_file() {
    // The sample hog.py is of no course's skeleton: the config is the only
    // evidence, and it cannot be read.
    for (text, says) in [
        (r#"{"endpoint": "cal/cs61a/sp14"#, "not JSON"),
        (r#"{"name": "Project 1: Hog"}"#, "no \"endpoint\""),
        (r#"{"endpoint": "cal/cs61a/proj01"}"#, "names no semester"),
    ] {
        let (dir, _) = project(Some(("hog.ok", text)));
        let (status, stdout, stderr) = run(dir.path(), &["grade", "hog.py"]);
        assert_eq!(status, 2, "{text}");
        assert_eq!(stdout, "", "{text}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: hog.ok"), "{stderr}");
        assert!(stderr.contains("give --rules"), "{stderr}");
        assert!(stderr.contains(says), "{says} in {stderr}");
        assert!(
            !stderr.contains("yet"),
            "a malformed config is no missing preset: {stderr}"
        );
    }
}

#[test]
fn ok_configs_are_read_with_care() {
    let hog_py = (
        "hog.py",
        "def final_strategy(score, opponent_score):\n    return 5\n",
    );
    // A byte-order mark: read.
    let dir = folder(&[
        hog_py,
        (
            "proj1.ok",
            "\u{feff}{\"endpoint\": \"cal/cs61a/sp14/proj1\"}",
        ),
    ]);
    let (status, stdout, stderr) = run(dir.path(), &["grade", "hog.py"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stdout.starts_with("rules        fa13 (semester sp14"),
        "{stdout}"
    );
    // sp14 beside fa13: the same preset, one game.
    std::fs::write(
        dir.path().join("hog.ok"),
        r#"{"endpoint": "cal/cs61a/fa13/proj1"}"#,
    )
    .unwrap();
    assert_eq!(run(dir.path(), &["grade", "hog.py"]).0, 0);
    // A symlink to a config: followed.
    let linked = folder(&[
        hog_py,
        (
            "elsewhere/real.json",
            r#"{"endpoint": "cal/cs61a/fa18/proj01"}"#,
        ),
    ]);
    std::os::unix::fs::symlink(
        linked.path().join("elsewhere/real.json"),
        linked.path().join("proj01.ok"),
    )
    .unwrap();
    let (status, stdout, stderr) = run(linked.path(), &["grade", "hog.py"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stdout.starts_with("rules        fa18 (from proj01.ok"),
        "{stdout}"
    );
    // A non-ASCII endpoint: no panic, one line naming the file.
    for endpoint in [
        "cal/cs61a/aé1/proj01",
        "cal/cs61a/fa18\nextra/proj01",
        "\u{1b}[2J",
    ] {
        let text = serde_json::json!({ "endpoint": endpoint }).to_string();
        let dir = folder(&[hog_py, ("hog.ok", &text)]);
        let (status, stdout, stderr) = run(dir.path(), &["grade", "hog.py"]);
        assert_eq!((status, stdout.as_str()), (2, ""), "{endpoint:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: hog.ok's endpoint '"), "{stderr}");
        assert!(!stderr.contains('\u{1b}'), "{stderr}");
    }
    // A FIFO, a folder and a link to /dev/zero named hog.ok: named, never read.
    let special = folder(&[hog_py]);
    crate::common::mkfifo(&special.path().join("hog.ok"));
    let (status, _, stderr) = run(special.path(), &["grade", "hog.py"]);
    assert_eq!(status, 2);
    assert!(
        stderr.starts_with("error: hog.ok is a FIFO, not a regular file"),
        "{stderr}"
    );
    std::fs::remove_file(special.path().join("hog.ok")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", special.path().join("hog.ok")).unwrap();
    let (_, _, stderr) = run(special.path(), &["grade", "hog.py"]);
    assert!(
        stderr.starts_with("error: hog.ok is a device, not a regular file"),
        "{stderr}"
    );
    std::fs::remove_file(special.path().join("hog.ok")).unwrap();
    std::fs::create_dir(special.path().join("hog.ok")).unwrap();
    let (_, _, stderr) = run(special.path(), &["grade", "hog.py"]);
    assert!(
        stderr.starts_with("error: hog.ok is a folder, not a regular file"),
        "{stderr}"
    );
    // A 1 GB config (sparse) is not read whole: skipped at once.
    let huge = folder(&[hog_py]);
    std::fs::File::create(huge.path().join("hog.ok"))
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let started = std::time::Instant::now();
    let (status, _, stderr) = run(huge.path(), &["grade", "hog.py"]);
    assert_eq!(status, 2);
    assert!(
        stderr.starts_with("error: hog.ok is larger than 64 KiB"),
        "{stderr}"
    );
    assert!(started.elapsed().as_secs() < 60);
}

#[test]
fn classes_of_semesters_that_share_a_preset_are_one_contest() {
    // fa24 and su24 both played sp26's rules.
    let class = folder(&[
        ("alice/hog.py", SP26_HOG_PY),
        (
            "alice/proj01.ok",
            r#"{"endpoint": "cal/cs61a/fa24/proj01"}"#,
        ),
        ("bob/hog.py", SP26_HOG_PY),
        ("bob/proj01.ok", r#"{"endpoint": "cal/cs61a/su24/proj01"}"#),
    ]);
    let (status, stdout, stderr) = run(
        class.path(),
        &["contest", ".", "--no-cache", "--goal", "20"],
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stdout
            .lines()
            .next()
            .unwrap()
            .starts_with("rules        sp26 (semester fa24"),
        "{stdout}"
    );
    // A class of fa24 and fa18 folders plays two games: refused.
    std::fs::write(
        class.path().join("bob/proj01.ok"),
        r#"{"endpoint": "cal/cs61a/fa18/proj01"}"#,
    )
    .unwrap();
    std::fs::write(
        class.path().join("bob/hog.py"),
        "def final_strategy(score, opponent_score):\n    return 4\n",
    )
    .unwrap();
    let (status, _, stderr) = run(
        class.path(),
        &["contest", ".", "--no-cache", "--goal", "20"],
    );
    assert_eq!(status, 2);
    assert!(stderr.contains("one command plays one game"), "{stderr}");
    // A student's ok config with a non-ASCII endpoint does not stop the class.
    std::fs::write(
        class.path().join("bob/proj01.ok"),
        r#"{"endpoint": "cal/cs61a/aé1/proj01"}"#,
    )
    .unwrap();
    let (status, stdout, stderr) = run(
        class.path(),
        &["contest", ".", "--no-cache", "--goal", "20"],
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("sp26"), "{stdout}");
}

#[test]
fn a_class_plays_the_semester_most_folders_name_and_excludes_the_others_with_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    class(d);
    let args = ["contest", "class", "--goal", "5", "--no-cache", "--json"];
    let (status, stdout, stderr) = run(d, &args);
    assert_eq!(status, 0, "{stderr}");
    let first = stderr.lines().find(|l| l.starts_with("rules")).unwrap();
    assert!(
        first.starts_with("rules        fa18 (from class/alice/hog.ok")
            && first.contains(
                "; named by 2 of the 6 folders (class/alice, class/bob); 2 named nothing; \
                 2 excluded"
            ),
        "{stderr}"
    );
    // The broken ok config is named, and says nothing.
    let note = stderr
        .lines()
        .find(|l| l.starts_with("note: ") && l.contains("class/frank/hog.ok"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(note.contains("ignored"), "{note}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["rules"], "fa18", "{report}");
    let status_of = |name: &str| {
        let entry = report["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap();
        (
            entry["status"].as_str().unwrap().to_string(),
            entry["reason"].as_str().unwrap_or("").to_string(),
        )
    };
    for name in ["alice", "bob", "dave", "frank"] {
        assert_eq!(status_of(name).0, "ok", "{name}: {report}");
    }
    let (carol, why) = status_of("carol");
    assert_eq!(carol, "excluded");
    assert!(why.contains("fa13") && why.contains("fa18"), "{why}");
    let (erin, why) = status_of("erin");
    assert_eq!(erin, "excluded");
    assert!(
        why.contains("candidates: fa17, sp18, su18, fa18, sp19, su19"),
        "{why}"
    );
    // With --rules, every folder plays that game.
    let args = [&args[..], &["--rules", "fa18"]].concat();
    let (status, stdout, stderr) = run(d, &args);
    assert_eq!(status, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let statuses: Vec<&str> = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["ok"; 6], "{report}");
}

#[test]
fn a_class_whose_folders_name_two_semesters_as_often_asks_for_rules() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    class(d);
    std::fs::remove_dir_all(d.join("class/bob")).unwrap();
    let (status, stdout, stderr) = run(d, &["contest", "class", "--goal", "5", "--no-cache"]);
    assert_eq!((status, stdout.as_str()), (2, ""), "{stderr}");
    let error = stderr.lines().last().unwrap();
    assert!(
        error.starts_with("error: the class's folders name different semesters")
            && error.contains("fa18 (class/alice)")
            && error.contains("fa13 (class/carol)")
            && error.ends_with("one command plays one game; give --rules SEMESTER"),
        "{stderr}"
    );
}
