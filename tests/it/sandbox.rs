//! What a student's Python sees and touches, end to end on the built
//! binary: nothing enters its sandbox but regular files of the module's
//! folder (no link to hog's key or to /proc), for a grade and for
//! detection's probe alike; it sees none of hog's environment and cannot
//! read hog's key; a contest grades the bytes (and bids) it read before any
//! entry ran and names the entry whose run rewrote a classmate's files; and
//! hog uses its key only from a private regular file of the user's own.

use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::Path;

use crate::common::{
    fa17_to_su19, hog, hog_without_landlock, module, mount_namespaces_allowed, run_ok,
    run_ok_without_landlock, write_all,
};

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

/// Lower-case hex, as Python's bytes.hex() writes it.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The skeleton that fa17 to su19 share, whose `free_bacon` detection's
/// probe calls: it runs `look()` of [`spy`] first.
fn probed_hog_py(spy: &str) -> String {
    let free_bacon = "look()\n    return 1 + max(int(d) for d in str(score))";
    format!("{spy}\n{}", fa17_to_su19(free_bacon))
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

#[test]
fn a_sandboxed_module_cannot_read_the_key() {
    if !mount_namespaces_allowed() {
        // docs/guide.md ("The sandbox and the contest cache") says what is
        // then not contained.
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let stolen = d.join("stolen");
    let thief = format!(
        "try:\n    data = open({:?}, 'rb').read().hex()\nexcept OSError as e:\n    data = 'none'\n\
         open({stolen:?}, 'w').write(data)\n",
        d.join("home/hog/key")
    );
    write_all(d, &[("thief.py", module(&thief))]);
    // A contest makes the key; then a grade runs the thief, behind the
    // weaker wall, whose cover over hog's folder is what keeps the key
    // there (and where the thief can write what it found).
    run_ok(d, &["contest", "always_roll(6)", "--goal", "5"]);
    run_ok_without_landlock(d, &["grade", "./thief.py", "--goal", "5"]);
    let key = std::fs::read(d.join("home/hog/key")).unwrap();
    assert_eq!(key.len(), 32);
    let seen = std::fs::read_to_string(&stolen).unwrap();
    assert_eq!(seen, "none");
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
    crate::common::mkfifo(&key);
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

/// Detection's probe runs a class's rule functions before the contest
/// knows its game; the class's evidence and every entry's bytes are read
/// before it. A probe that rewrites classmates' ok configs to name another
/// semester and a classmate's `hog.py` changes neither the game nor the
/// classmate's grade, and the contest names the folder whose probe wrote.
/// (Behind the weaker wall, where the probe can write at all.)
#[test]
fn a_probe_that_rewrites_classmates_changes_neither_the_game_nor_their_grades() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fa18 = r#"{"endpoint": "cal/cs61a/fa18/proj01"}"#;
    let fa12 = r#"{"endpoint": "cal/cs61a/fa12/proj1"}"#;
    let zero = "def final_strategy(score, opponent_score):\n    return 0\n";
    let writes = format!(
        "open({:?}, 'w').write({fa12:?})\n    open({:?}, 'w').write({fa12:?})\n    \
         open({:?}, 'w').write({zero:?})\n    return 0",
        d.join("class/b/hog.ok"),
        d.join("class/c/hog.ok"),
        d.join("class/zed/hog.py"),
    );
    write_all(
        d,
        &[
            ("class/a_probed/hog.py", module(&fa17_to_su19(&writes))),
            ("class/b/hog.py", module("")),
            ("class/b/hog.ok", fa18.into()),
            ("class/c/hog.py", module("")),
            ("class/c/hog.ok", fa18.into()),
            ("class/zed/hog.py", module("")),
            ("class/zed/hog.ok", fa18.into()),
        ],
    );
    let args = ["contest", "class", "--goal", "20", "--no-cache", "--json"];
    let (status, stdout, stderr) = run_without_landlock(d, &args);
    assert_eq!(status, 0, "{stderr}");
    // The probe ran: it wrote.
    assert!(std::fs::read_to_string(d.join("class/b/hog.ok"))
        .unwrap()
        .contains("fa12"));
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["rules"], "fa18", "{report}");
    let entry = |name: &str| {
        report["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("{name}: {report}"))
            .clone()
    };
    // zed is graded from the bytes read before the probe: b's strategy.
    assert_eq!(entry("zed")["status"], "ok", "{report}");
    assert_eq!(
        entry("zed")["win_rate_vs_baseline"],
        entry("b")["win_rate_vs_baseline"],
        "{report}"
    );
    assert!(
        stderr.contains("a_probed") && stderr.contains("zed"),
        "the folder whose probe wrote is named: {stderr}"
    );
}

/// A table entry (CSV, JSON, a policy table) is graded from the bytes read
/// before any entry ran, as a Python entry is: one rewritten by a
/// classmate's module during the contest is neither excluded nor changed,
/// and the writer is named.
#[test]
fn a_table_entry_rewritten_during_the_contest_is_graded_from_its_kept_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (format, file) in [("csv", "c_table.csv"), ("json", "d_table.json")] {
        let args = [
            "export",
            "always_roll(4)",
            "--rules",
            "fa13",
            "--goal",
            "20",
        ];
        let (status, _, stderr) = run(d, &[&args[..], &["--format", format, "-o", file]].concat());
        assert_eq!(status, 0, "{stderr}");
    }
    let rewrite = format!(
        "for name in ('c_table.csv', 'd_table.json'):\n    open({:?} + '/' + name, 'w').write('garbage')\n",
        d.display().to_string()
    );
    write_all(d, &[("a_rewriter.py", module(&rewrite))]);
    let args = [
        "contest",
        "./a_rewriter.py",
        "c_table.csv",
        "d_table.json",
        "always_roll(4)",
        "--rules",
        "fa13",
        "--goal",
        "20",
        "--no-cache",
        "--json",
    ];
    let (status, stdout, stderr) = run_without_landlock(d, &args);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(d.join("c_table.csv")).unwrap(),
        "garbage"
    );
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let rate = |name: &str| {
        let entry = report["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("{name}: {report}"));
        assert_eq!(entry["status"], "ok", "{name}: {report}");
        entry["win_rate_vs_baseline"].as_f64().unwrap()
    };
    // Both tables are always_roll(4), as the expression is.
    for name in ["c_table", "d_table"] {
        assert_eq!(rate(name), rate("always_roll(4)"), "{name}: {report}");
    }
    assert!(
        stderr.contains("a_rewriter") && stderr.contains("c_table"),
        "the writer is named: {stderr}"
    );
}
