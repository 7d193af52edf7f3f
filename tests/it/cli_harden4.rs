//! Hardening, fourth round, end to end on the built binary: nothing enters
//! a sandbox but regular files of the module's folder (no link to hog's
//! key or to /proc), the sandbox sees none of hog's environment, a contest
//! grades the bytes it read before any entry ran and names the entry whose
//! run changed another's files, and hog's key is used only from a private
//! regular file of the user's own.

use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::Path;

use crate::cli_harden2::{module, write_all};
use crate::common::hog;

/// A variable set in hog's environment that no sandboxed module may see.
const MARKER: &str = "HOG_WALL_MARKER";
const MARKED: &str = "marked-8f3e1c";

/// `hog ARGS` in `dir`, hog's own folder (the key) in `dir/home`, with
/// [`MARKER`] set: (status, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = hog()
        .current_dir(dir)
        .env("HOME", dir.join("home"))
        .env("XDG_CACHE_HOME", dir.join("home"))
        .env(MARKER, MARKED)
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Python that writes to `seen` what it finds: each of `names` in its
/// working folder (its bytes in hex, or `absent`), then its environment.
fn spy(seen: &Path, names: &[&str]) -> String {
    format!(
        "import os\n\
         def look():\n    \
             found = []\n    \
             for name in {names:?}:\n        \
                 try:\n            \
                     found.append(name + ':' + open(name, 'rb').read().hex())\n        \
                 except OSError:\n            \
                     found.append(name + ':absent')\n    \
             found.append(repr(dict(os.environ)))\n    \
             open({seen:?}, 'w').write('\\n'.join(found))\n"
    )
}

/// hog's key in `dir/home`, made by a contest.
fn made_key(dir: &Path) -> Vec<u8> {
    let (status, _, stderr) = run(dir, &["contest", "always_roll(6)", "--goal", "5"]);
    assert_eq!(status, 0, "{stderr}");
    std::fs::read(dir.join("home/hog/key")).unwrap()
}

/// Lower-case hex, as Python's bytes.hex() writes it.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The skeleton that fa17 to su19 share, whose `free_bacon` detection's
/// probe calls: it runs `look()` of [`spy`] first.
fn probed_hog_py(spy: &str) -> String {
    format!(
        "{spy}\n\
         def free_bacon(score):\n    look()\n    return 1 + max(int(d) for d in str(score))\n\n\
         def take_turn(num_rolls, opponent_score, dice):\n    return 0\n\n\
         def is_swap(player_score, opponent_score):\n    return None\n\n\
         def silence(score0, score1):\n    return silence\n\n\
         def play(strategy0, strategy1, score0, score1, dice, goal, say):\n    return 0, 0\n"
    )
}

/// `hog contest` with the contest cache, whose key is `dir/home/hog/key`:
/// (status, stderr).
fn with_key(dir: &Path) -> (i32, String) {
    let (status, _, stderr) = run(dir, &["contest", "always_roll(6)", "--goal", "5"]);
    (status, stderr)
}

/// Asserts that hog refuses the key in one line that names it and `says`.
fn refused(dir: &Path, says: &str) {
    let (status, stderr) = with_key(dir);
    let key = dir.join("home/hog/key");
    assert_eq!(status, 2, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(&key.display().to_string()), "{stderr}");
    assert!(stderr.contains(says), "{says}: {stderr}");
    assert!(stderr.contains("remove it"), "{stderr}");
}

/// The skeleton fa17 to su19 share, its rule functions not written: it
/// fits all six.
fn unwritten_fa17_to_su19() -> String {
    module(
        "def free_bacon(score):\n    return 0\n\n\
         def take_turn(num_rolls, opponent_score, dice):\n    return 0\n\n\
         def is_swap(player_score, opponent_score):\n    return None\n\n\
         def silence(score0, score1):\n    return silence\n\n\
         def play(strategy0, strategy1, score0, score1, dice, goal, say):\n    return 0, 0\n",
    )
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
