//! What a newcomer trips on: bids past the goal, test files that name a
//! semester, and the wording of hog's messages.

use super::common::hog;

/// Runs hog, which must fail with exit status 2; returns its stderr.
fn fails(args: &[&str]) -> String {
    let output = hog().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "hog {args:?}: {stderr}");
    stderr
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

/// Runs hog in a fresh empty folder; returns (status, stdout, stderr).
fn in_empty(args: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let output = hog().current_dir(dir.path()).args(args).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The `NAME  VALUE` lines of `hog grade` (9 columns) or a page's summary
/// (11), by name.
fn figure(text: &str, name: &str) -> Option<String> {
    text.lines()
        .find(|line| line.split_whitespace().next() == Some(name))
        .map(|line| {
            line[name.len()..]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
}

#[test]
fn the_docs_count_of_presets_is_hogs() {
    // docs/rules.md says "hog knows N rule sets"; hog rules list has one
    // line per preset under its header.
    let list = hog().args(["rules", "list"]).output().unwrap().stdout;
    let presets = String::from_utf8_lossy(&list).lines().count() - 1;
    assert_eq!(presets, hog_solver::PRESETS.len());
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md"),
    )
    .unwrap();
    assert!(
        docs.contains(&format!("{presets} rule sets")),
        "docs/rules.md does not count {presets} rule sets"
    );
}

#[test]
fn the_docs_name_the_presets_whose_games_can_draw() {
    // A game can be endless, a draw, where a turn can score 0 points: the
    // rules under which grade prints its draw row.
    let can_draw: Vec<&str> = hog_solver::PRESETS
        .iter()
        .filter(|p| p.rules().can_score_zero())
        .map(|p| p.name)
        .collect();
    let (list, and) = (can_draw.join(", "), can_draw.join(" and "));
    for (file, claims) in [
        (
            "docs/guide.md",
            vec![
                format!("whose 0 dice can score 0 points ({list}), the only ones"),
                format!("(in {and} a draw counts 1/2 in it)"),
            ],
        ),
        ("docs/rules.md", vec![format!("**Draws ({list}).**")]),
        (
            "docs/architecture.md",
            vec![format!("**Draws** (the endless games of {and})")],
        ),
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(path).unwrap();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for claim in claims {
            assert!(text.contains(&claim), "{file} should say {claim}");
        }
    }
}
