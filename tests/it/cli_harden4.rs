//! Hardening, fourth round, end to end on the built binary: nothing enters
//! a sandbox but regular files of the module's folder (no link to hog's
//! key or to /proc), the sandbox sees none of hog's environment, a contest
//! grades the bytes it read before any entry ran and names the entry whose
//! run changed another's files, and hog's key is used only from a private
//! regular file of the user's own.

use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::Path;

use crate::cli_harden2::{module, write_all};
use crate::common::{hog, hog_without_landlock};

/// A variable set in hog's environment that no sandboxed module may see.
const MARKER: &str = "HOG_WALL_MARKER";
const MARKED: &str = "marked-8f3e1c";

/// `hog ARGS` in `dir`, hog's own folder (the key) in `dir/home`, with
/// [`MARKER`] set: (status, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    run_with(hog(), dir, args)
}

/// [`run`] behind the weaker wall ([`hog_without_landlock`]; a contest
/// with `--weaker-sandbox`), where a module can write outside its folder:
/// what hog keeps out of the sandbox, and what it does about an entry that
/// rewrites a classmate's files, are seen there.
fn run_without_landlock(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut args = args.to_vec();
    if args[0] == "contest" {
        args.push("--weaker-sandbox");
    }
    run_with(hog_without_landlock(), dir, &args)
}

fn run_with(mut hog: assert_cmd::Command, dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = hog
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

#[test]
fn links_in_a_students_folder_and_hogs_environment_stay_out_of_the_sandbox() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let key = made_key(d);
    let seen = d.join("seen");
    let code = format!(
        "{}look()\n",
        spy(&seen, &["notes.txt", "env.txt", "kept.txt"])
    );
    write_all(
        d,
        &[("s/hog.py", module(&code)), ("s/kept.txt", "plain".into())],
    );
    symlink(d.join("home/hog/key"), d.join("s/notes.txt")).unwrap();
    symlink("/proc/self/environ", d.join("s/env.txt")).unwrap();
    let (status, _, stderr) = run_without_landlock(d, &["grade", "s/hog.py", "--goal", "5"]);
    assert_eq!(status, 0, "{stderr}");
    let seen = std::fs::read_to_string(&seen).unwrap();
    assert!(seen.contains("notes.txt:absent\n"), "{seen}");
    assert!(seen.contains("env.txt:absent\n"), "{seen}");
    // A regular file beside the module enters, as the course's dice.py does.
    assert!(
        seen.contains(&format!("kept.txt:{}\n", hex(b"plain"))),
        "{seen}"
    );
    assert!(!seen.contains(&hex(&key)), "{seen}");
    assert!(!seen.contains(MARKED) && !seen.contains(&hex(MARKED.as_bytes())));
    assert!(!seen.contains("XDG_CACHE_HOME"), "{seen}");
    // A module that is a link is refused, in one line naming its target.
    symlink("hog.py", d.join("s/link.py")).unwrap();
    let (status, _, stderr) = run(d, &["grade", "s/link.py", "--goal", "5"]);
    assert_eq!(status, 2, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("s/link.py is a symbolic link")
            && stderr.contains("name the file it points at (hog.py)"),
        "{stderr}"
    );
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

#[test]
fn detections_probe_gets_no_linked_dice_py_and_none_of_hogs_environment() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    made_key(d);
    let seen = d.join("seen");
    std::fs::write(d.join("hog.py"), probed_hog_py(&spy(&seen, &["dice.py"]))).unwrap();
    for target in [Path::new("/proc/self/environ"), &d.join("home/hog/key")] {
        std::fs::remove_file(d.join("dice.py")).ok();
        symlink(target, d.join("dice.py")).unwrap();
        std::fs::remove_file(&seen).ok();
        let args = ["turn", "--score", "37", "--opp", "15", "--rolls", "0"];
        let (status, stdout, stderr) = run_without_landlock(d, &args);
        assert_eq!(status, 0, "{stderr}");
        // The probe ran: its answer named fa17.
        assert!(stdout.starts_with("rules        fa17"), "{stdout}");
        let seen = std::fs::read_to_string(&seen).unwrap();
        assert!(seen.starts_with("dice.py:absent\n"), "{target:?}: {seen}");
        assert!(!seen.contains(MARKED), "{seen}");
    }
}

#[test]
fn a_contest_grades_the_bytes_it_read_and_names_the_entry_that_rewrote_a_classmate() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let victim = d.join("b_victim/hog.py");
    // Rewritten, the victim would roll 0 and lose to the baseline.
    let rewrite = format!(
        "open({victim:?}, 'w').write('def final_strategy(score, opponent_score):\\n    return 0\\n')"
    );
    write_all(
        d,
        &[
            ("a_rewriter/hog.py", module(&rewrite)),
            ("b_victim/hog.py", module("")),
            ("c_other/hog.py", module("")),
        ],
    );
    let args = ["contest", ".", "--goal", "5", "--no-cache", "--json"];
    let (status, stdout, stderr) = run_without_landlock(d, &args);
    assert_eq!(status, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let entry = |name: &str| {
        report["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap()
            .clone()
    };
    let (victim_entry, other) = (entry("b_victim"), entry("c_other"));
    assert_eq!(victim_entry["status"], "ok", "{report}");
    // Graded from the bytes read before any entry ran: the same strategy
    // as c_other, whose file had those bytes.
    assert_eq!(
        victim_entry["win_rate_vs_baseline"], other["win_rate_vs_baseline"],
        "{report}"
    );
    let note = entry("a_rewriter")["note"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(note.contains("b_victim"), "{report}");
    let warning = stderr
        .lines()
        .find(|l| l.starts_with("warning: entry a_rewriter"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(warning.contains("b_victim"), "{warning}");
    assert!(!stderr.contains("c_other"), "{stderr}");
}

/// Under bids (fa14's contest) an entry's `final_bid` is read from the
/// bytes kept before any entry ran: a classmate's bid rewritten at import
/// plays no part.
#[test]
fn a_bid_is_read_from_the_bytes_kept_before_any_entry_ran() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let victim = d.join("b_victim/hog.py");
    let bid = |n: u32| module(&format!("final_bid = {n}"));
    // Rewritten, the victim would bid 15 of the 20 points.
    let rewrite = format!("open({victim:?}, 'w').write({:?})", bid(15));
    write_all(
        d,
        &[
            ("a_rewriter/hog.py", module(&rewrite)),
            ("b_victim/hog.py", bid(0)),
            ("c_other/hog.py", bid(0)),
        ],
    );
    let args = [
        "contest",
        ".",
        "--rules",
        "fa14-contest",
        "--goal",
        "20",
        "--no-cache",
        "--json",
    ];
    let (status, stdout, stderr) = run_without_landlock(d, &args);
    assert_eq!(status, 0, "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    // The victim against its twin: the same strategy and the same bid, so
    // each fares against the other as the other against it; with a bid of
    // 15 it would not.
    let matrix = &report["matrix"];
    let at = |name: &str| {
        matrix["names"]
            .as_array()
            .unwrap()
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("{report}"))
    };
    let (rewritten, twin) = (at("b_victim"), at("c_other"));
    let rate = |i: usize, j: usize| {
        matrix["win_rate"][i][j]
            .as_f64()
            .unwrap_or_else(|| panic!("{report}"))
    };
    assert_eq!(rate(rewritten, twin), rate(twin, rewritten), "{report}");
    assert!(std::fs::read_to_string(&victim)
        .unwrap()
        .contains("final_bid = 15"));
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

#[test]
fn the_key_is_used_only_from_a_private_regular_file_of_the_users_own() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let key = d.join("home/hog/key");
    made_key(d);
    assert_eq!(
        std::fs::metadata(&key).unwrap().permissions().mode() & 0o777,
        0o600
    );
    // Readable by others.
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
    refused(d, "has mode 0644");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(with_key(d).0, 0);
    // Another user's (only root can give a file away).
    if rustix::process::geteuid().is_root() {
        std::os::unix::fs::chown(&key, Some(65534), None).unwrap();
        refused(d, "belongs to user 65534");
        std::os::unix::fs::chown(&key, Some(0), None).unwrap();
    }
    // One byte too many: no key of hog's, and not read past.
    let mut long = std::fs::read(&key).unwrap();
    long.push(0);
    std::fs::write(&key, &long).unwrap();
    refused(d, "more than 32 bytes");
    // A FIFO (no hang), a link to /dev/zero (no endless read), a dangling link.
    std::fs::remove_file(&key).unwrap();
    crate::cli_harden::mkfifo(&key);
    refused(d, "is a FIFO");
    std::fs::remove_file(&key).unwrap();
    symlink("/dev/zero", &key).unwrap();
    refused(d, "is a symbolic link");
    std::fs::remove_file(&key).unwrap();
    symlink(d.join("nowhere"), &key).unwrap();
    refused(d, "is a dangling link");
    // Removed, as the messages say: a new key.
    std::fs::remove_file(&key).unwrap();
    assert_eq!(with_key(d).0, 0);
    assert_eq!(std::fs::read(&key).unwrap().len(), 32);
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
