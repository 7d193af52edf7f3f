//! Which game is this? Every command run in a project folder plays the
//! folder's semester and says why; evidence that fits several presets, or
//! contradicts itself, is one line and exit status 2; `--rules` wins with a
//! word; a file made for another game is refused; no `-o` replaces a file
//! hog did not write; and every detection input is untrusted (ok configs
//! that are symlinks, FIFOs, devices, huge, with a byte-order mark, a
//! non-ASCII or multi-line endpoint).

use std::path::Path;

use tempfile::TempDir;

use crate::common::hog;

/// `hog ARGS` in `dir`: its exit status, stdout and stderr.
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = hog().current_dir(dir).args(args).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A folder holding `files` (name, text).
fn folder(files: &[(&str, &str)]) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// The rule functions of the Fall 2023 to Fall 2026 skeleton (sp26's),
/// with the staff's signatures, implemented as the course's rules say.
const SP26_HOG_PY: &str = "\
def roll_dice(num_rolls, dice):
    return 1

def boar_brawl(player_score, opponent_score):
    return max(1, 3 * abs(opponent_score // 10 % 10 - player_score % 10))

def take_turn(num_rolls, player_score, opponent_score, dice):
    return boar_brawl(player_score, opponent_score)

def simple_update(num_rolls, player_score, opponent_score, dice):
    return player_score

def sus_points(score):
    return score

def sus_update(num_rolls, player_score, opponent_score, dice):
    return player_score

def final_strategy(score, opponent_score):
    return 0 if boar_brawl(score, opponent_score) >= 10 else 6
";

/// The skeleton shared by fa17 to su19 (free_bacon(score), is_swap of two
/// scores, the commentary's silence, play with seven parameters), with
/// `free_bacon` given as `body`.
fn fa17_to_su19(free_bacon: &str) -> String {
    format!(
        "def free_bacon(score):\n    {free_bacon}\n\n\
         def take_turn(num_rolls, opponent_score, dice):\n    return 0\n\n\
         def is_swap(player_score, opponent_score):\n    return None\n\n\
         def silence(score0, score1):\n    return silence\n\n\
         def play(strategy0, strategy1, score0, score1, dice, goal, say):\n    return 0, 0\n"
    )
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
    crate::cli_harden::mkfifo(&special.path().join("hog.ok"));
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
