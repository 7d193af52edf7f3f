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

#[test]
fn an_opponent_bid_past_the_goal_fails_fast_naming_the_bid() {
    // Against a bid past the goal, bidding 0 starts with that bid's points
    // (bid_for_start gives each player the other's bid): nothing to solve.
    let started = std::time::Instant::now();
    let stderr = fails(&[
        "final",
        "--rules",
        "fa14-contest",
        "--goal",
        "30",
        "--opponent-bid",
        "4294967290",
    ]);
    assert!(stderr.contains("--opponent-bid"), "{stderr}");
    assert!(stderr.contains("4294967290"), "{stderr}");
    assert!(stderr.contains("0 to 30"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    // Not a timing: a run that allocates every bid takes minutes and
    // gigabytes; one that checks first ends at once.
    assert!(started.elapsed().as_secs() < 60);
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
        let output = hog()
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
