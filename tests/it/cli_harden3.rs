//! Hardening, third round, end to end on the built binary: a killed hog
//! leaves nothing running, a module can neither forge the contest cache nor
//! rewrite another entry unseen, course tables play under every preset,
//! rules the engine cannot compute are refused in one line, memories are
//! named as memories, and the outputs say what they hold.

use std::path::Path;
use std::process::Stdio;

use crate::cli_harden2::{contest, entry, module, wait_for, write_all};
use crate::common::{dead, dies, hog};

/// hog in `dir` with hog's own folder (the secret key, the default cache)
/// in `dir/home`.
fn hog_in(dir: &Path) -> assert_cmd::Command {
    let mut command = hog();
    command
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("home"))
        .timeout(std::time::Duration::from_secs(120));
    command
}

/// `hog ARGS` in `dir` (see [`hog_in`]), which must succeed; its stdout.
fn run_ok(dir: &Path, args: &[&str]) -> String {
    let output = hog_in(dir).args(args).output().unwrap();
    assert!(output.status.success(), "hog {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_killed_hog_leaves_no_python3_and_its_folder_goes_with_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let temporary = d.join("tmp");
    std::fs::create_dir(&temporary).unwrap();
    let pid_file = d.join("endless.pid");
    let endless = format!(
        "import os\nopen({pid_file:?}, 'w').write(os.readlink('/proc/self'))\nwhile True:\n    pass\n"
    );
    write_all(d, &[("endless.py", endless), ("quick.py", module(""))]);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
        .current_dir(d)
        .env("TMPDIR", &temporary)
        .args(["grade", "./endless.py", "--goal", "5", "--python-timeout", "600"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let python = wait_for(&pid_file);
    assert!(!dead(&python));
    child.kill().unwrap();
    child.wait().unwrap();
    let gone = dies(&python);
    if !gone {
        // Not left running after the test either.
        let _ = std::process::Command::new("kill")
            .args(["-KILL", &python])
            .status();
    }
    assert!(gone, "python3 {python} outlived a SIGKILLed hog");
    // The killed hog could not remove its folder; the next one does.
    let mut next = hog_in(d);
    next.env("TMPDIR", &temporary)
        .args(["grade", "./quick.py", "--goal", "5"]);
    assert!(next.output().unwrap().status.success());
    let left: Vec<_> = std::fs::read_dir(&temporary).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// Whether this system lets hog's sandbox make a mount namespace (inside a
/// user namespace, or directly as root).
fn mount_namespaces_allowed() -> bool {
    use rustix::thread::UnshareFlags;
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new("true");
    // SAFETY: only system calls between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let unshare = |flags| rustix::thread::unshare_unsafe(flags);
            unshare(UnshareFlags::NEWUSER | UnshareFlags::NEWNS)
                .or_else(|_| unshare(UnshareFlags::NEWNS))?;
            Ok(())
        });
    }
    command.status().is_ok_and(|s| s.success())
}

/// The contest cache hog writes for `entries` at goal 5 in `dir`'s own
/// folder, and the report it shows.
fn honest_contest(dir: &Path, entries: &[&str]) -> (String, Vec<u8>) {
    let args = [&["contest"], entries, &["--goal", "5", "--json"]].concat();
    let report = run_ok(dir, &args);
    let cache = std::fs::read(dir.join("home/hog/contest.cache")).unwrap();
    (report, cache)
}

#[test]
fn a_module_cannot_plant_a_cache_that_the_next_contest_believes() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let entries = ["always_roll(1)", "always_roll(6)"];
    let (honest, cache) = honest_contest(d, &entries);
    // What a module can write without the key: every record says the
    // first policy of the pair always wins, under a checksum of the rest.
    let mut forged = cache[..cache.len() - 32].to_vec();
    for record in forged[20..].chunks_exact_mut(56) {
        for (i, value) in [1.0f64, 0.0, 0.0].iter().enumerate() {
            record[32 + 8 * i..40 + 8 * i].copy_from_slice(&value.to_le_bytes());
        }
    }
    let checksum = Sha256::digest(&forged);
    forged.extend(checksum);
    std::fs::write(d.join("forged.cache"), &forged).unwrap();
    std::fs::remove_file(d.join("home/hog/contest.cache")).unwrap();
    // One grade of a module that puts it in place as it is imported.
    let planter = format!(
        "import shutil\ntry:\n    shutil.copy({:?}, {:?})\nexcept OSError:\n    pass\n",
        d.join("forged.cache"),
        d.join("home/hog/contest.cache")
    );
    write_all(d, &[("planter.py", module(&planter))]);
    run_ok(d, &["grade", "./planter.py", "--goal", "5"]);
    let args = [&["contest"], &entries[..], &["--goal", "5", "--json"]].concat();
    assert_eq!(run_ok(d, &args), honest);
}

#[test]
fn a_sandboxed_module_cannot_read_the_key() {
    if !mount_namespaces_allowed() {
        // docs/pending-harden.md says what is then not contained.
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
    // A contest makes the key; then a grade runs the thief.
    run_ok(d, &["contest", "always_roll(6)", "--goal", "5"]);
    run_ok(d, &["grade", "./thief.py", "--goal", "5"]);
    let key = std::fs::read(d.join("home/hog/key")).unwrap();
    assert_eq!(key.len(), 32);
    let seen = std::fs::read_to_string(&stolen).unwrap();
    assert_eq!(seen, "none");
}

#[test]
fn an_entry_whose_files_another_entry_rewrote_is_excluded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let victim = d.join("b_victim/hog.py");
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
    let report = contest(d, &[".", "--goal", "5"]);
    let (status, reason) = entry(&report, "b_victim");
    assert_eq!(status, "excluded", "{report}");
    assert!(reason.contains("its files changed"), "{reason}");
    assert_eq!(entry(&report, "a_rewriter").0, "ok");
    assert_eq!(entry(&report, "c_other").0, "ok");
}

