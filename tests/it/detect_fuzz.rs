//! Fuzz targets for semester detection's inputs, as property tests
//! (proptest, in the style of `solver/tests/it/fuzz.rs`): an ok config, a
//! course test file and a `hog.py`, each valid and mutated (changed,
//! inserted and deleted characters, truncation), with non-ASCII text,
//! control characters and arbitrary text, in a folder that detection reads.
//! It must never panic, and what it answers must name presets hog has.
//! The targets read the files without asking the student's functions (no
//! python3 per input); `a_hostile_hog_py_answers_nothing_it_should_not`
//! asks them. `cargo test` runs a short smoke run; `HOG_FUZZ_CASES=100000
//! cargo test --release --test it detect_fuzz` a long one.

use std::path::Path;

use hog::game::semester::{detect, folder_semester, Evidence, Verdict};
use proptest::prelude::*;
use proptest::test_runner::Config;

fn config(smoke: u32) -> Config {
    let cases = std::env::var("HOG_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(smoke);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

const OK_CONFIG: &str =
    r#"{"name": "Project 1: Hog", "endpoint": "cal/cs61a/fa18/proj01", "src": ["hog.py"]}"#;

const OK_TEST: &str = "test = {\n  'suites': [{'cases': [{'code': r\"\"\"\n  >>> take_turn(2, 0, make_test_dice(4, 5, 1))\n  9\n  >>> dice = make_test_dice(6)\n  >>> take_turn(1, 0, dice)\n  6\n  >>> free_bacon(35)\n  1\n  \"\"\"}], 'type': 'doctest'}]\n}\n";

const HOG_PY: &str = "def free_bacon(score):\n    \"\"\"\n    >>> free_bacon(35)\n    1\n    \"\"\"\n    return max(2 * (score // 10 % 10) - score % 10, 1)\n\n\
def take_turn(num_rolls, opponent_score, dice=six_sided):\n    assert take_turn(0, 35) == 1, 'Free Bacon'\n    return 0\n\n\
def is_swap(player_score, opponent_score):\n    return False\n\n\
def silence(score0, score1):\n    return silence\n\n\
def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided, goal=100, say=silence):\n    return 0, 0\n";

/// A text edit: at a character position (taken modulo the length), delete
/// up to `cut` characters and insert `text`.
#[derive(Clone, Debug)]
struct Edit {
    at: usize,
    cut: usize,
    text: String,
}

fn edit() -> impl Strategy<Value = Edit> {
    let text = prop_oneof![
        // Non-ASCII, control characters, the rules' own words.
        "[é€𝄞\u{0}\u{1b}\u{7f}\u{feff}\u{202e}\n\r\t ]{0,4}",
        "(>>> |assert |def |==|\\(|\\)|,|make_test_dice\\(|free_bacon|is_swap|[0-9]{1,25}|-)",
        ".{0,8}",
    ];
    (any::<usize>(), 0..4usize, text).prop_map(|(at, cut, text)| Edit { at, cut, text })
}

fn mutate(base: &str, edits: &[Edit], cut_at: Option<usize>) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for e in edits {
        let at = if chars.is_empty() {
            0
        } else {
            e.at % (chars.len() + 1)
        };
        let end = (at + e.cut).min(chars.len());
        chars.splice(at..end, e.text.chars());
    }
    if let Some(cut) = cut_at {
        chars.truncate(cut % (chars.len() + 1));
    }
    chars.into_iter().collect()
}

/// Detection over a folder holding `files`.
fn detect_in(files: &[(&str, &str)]) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    check(dir.path());
}

fn check(folder: &Path) {
    // An error (a semester with no preset) is an answer too.
    match Evidence::read(folder, None).and_then(|evidence| detect(&evidence, false)) {
        Ok(Verdict::Found(found)) => assert!(!found.describe().is_empty()),
        Ok(Verdict::Ambiguous { why, .. }) => assert!(!why.is_empty()),
        Ok(Verdict::Nothing { .. }) | Err(_) => {}
    }
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn ok_configs(edits in prop::collection::vec(edit(), 0..6), cut in prop::option::of(any::<usize>())) {
        detect_in(&[("proj01.ok", &mutate(OK_CONFIG, &edits, cut))]);
    }

    #[test]
    fn ok_endpoints(endpoint in "\\PC{0,40}|[a-zé/0-9\u{0}-\u{1f}]{0,20}") {
        let config = serde_json::json!({ "endpoint": endpoint }).to_string();
        detect_in(&[("hog.ok", &config), ("hog.py", HOG_PY)]);
    }

    #[test]
    fn ok_endpoint_terms(school in "cal|ucb|nju[é-]?|é", term in "[a-zé€𝄞0-9]{1,4}", year in "(20)?[0-9é]{0,3}") {
        for endpoint in [format!("{school}/cs61a/{term}/proj01"), format!("{school}/{year}/{term}")] {
            let config = serde_json::json!({ "endpoint": endpoint }).to_string();
            detect_in(&[("proj01.ok", &config)]);
        }
    }

    #[test]
    fn course_tests(edits in prop::collection::vec(edit(), 0..6), cut in prop::option::of(any::<usize>())) {
        detect_in(&[("tests/01.py", &mutate(OK_TEST, &edits, cut))]);
    }

    #[test]
    fn hog_py(edits in prop::collection::vec(edit(), 0..6), cut in prop::option::of(any::<usize>())) {
        detect_in(&[("hog.py", &mutate(HOG_PY, &edits, cut))]);
    }

    #[test]
    fn arbitrary_text(text in "\\PC{0,300}", which in 0..3usize) {
        let name = ["hog.ok", "tests/q01.py", "hog.py"][which];
        detect_in(&[(name, &text)]);
    }
}

#[test]
fn inputs_past_their_caps_are_skipped_not_read() {
    // A 2 MiB hog.py of one skeleton's functions, repeated: past the cap,
    // so no evidence; the folder says nothing.
    let big = HOG_PY.repeat((2 << 20) / HOG_PY.len() + 1);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hog.py"), big).unwrap();
    let found = folder_semester(dir.path()).unwrap();
    assert_eq!(found.preset, None);
    assert!(
        found.reason.contains("larger than 1 MiB"),
        "{}",
        found.reason
    );
    // One very long line of calls in a test file.
    let line = format!(">>> free_bacon({})\n1\n", "9".repeat(100_000));
    detect_in(&[("tests/01.py", &line)]);
}

#[test]
fn a_hostile_hog_py_answers_nothing_it_should_not() {
    // The shared skeleton of fa17 to su19, whose functions print on stdout,
    // return what is no int, loop for ever, or exit: hog asks them in the
    // sandbox, takes no answer from any, and says the files fit six presets.
    let hog_py = "import sys\nprint('[1, 2, 3]')\n\
        def free_bacon(score):\n    sys.stdout.write('[true]\\n')\n    while score == 0: pass\n    return 2 ** 80 if score % 2 else '6'\n\
        def take_turn(num_rolls, opponent_score, dice):\n    return 0\n\
        def is_swap(player_score, opponent_score):\n    import os\n    os._exit(0)\n\
        def silence(score0, score1):\n    return silence\n\
        def play(strategy0, strategy1, score0, score1, dice, goal, say):\n    return 0, 0\n";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hog.py"), hog_py).unwrap();
    let started = std::time::Instant::now();
    let found = folder_semester(dir.path()).unwrap();
    assert_eq!(found.preset, None, "{}", found.reason);
    assert_eq!(
        found.candidates,
        ["fa17", "sp18", "su18", "fa18", "sp19", "su19"]
    );
    assert!(started.elapsed().as_secs() < 30);
}
