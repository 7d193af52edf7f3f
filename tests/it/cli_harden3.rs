//! Hardening, third round, end to end on the built binary: a killed hog
//! leaves nothing running, a module cannot forge the contest cache, course
//! tables play under every preset,
//! rules the engine cannot compute are refused in one line, memories are
//! named as memories, and the outputs say what they hold.

use std::path::Path;
use std::process::Stdio;

use crate::cli_harden2::{contest, entry, module, wait_for, write_all};
use crate::common::{dead, dies, hog, hog_process_without_landlock, hog_without_landlock};

/// hog in `dir` with hog's own folder (the secret key, the default cache)
/// in `dir/home`.
fn hog_in(dir: &Path) -> assert_cmd::Command {
    in_dir(hog(), dir)
}

/// `hog` (or another command) set up as [`hog_in`] sets it up.
fn in_dir(mut command: assert_cmd::Command, dir: &Path) -> assert_cmd::Command {
    command
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("home"))
        .timeout(std::time::Duration::from_secs(120));
    command
}

/// `hog ARGS` in `dir` (see [`hog_in`]), which must succeed; its stdout.
fn run_ok(dir: &Path, args: &[&str]) -> String {
    ok(hog_in(dir), args)
}

/// [`run_ok`] behind the weaker wall ([`hog_without_landlock`]), where a
/// module can write outside its folder.
fn run_ok_without_landlock(dir: &Path, args: &[&str]) -> String {
    ok(in_dir(hog_without_landlock(), dir), args)
}

fn ok(mut hog: assert_cmd::Command, args: &[&str]) -> String {
    let output = hog.args(args).output().unwrap();
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
    // Behind the weaker wall, where the module can write its pid.
    let mut child = hog_process_without_landlock()
        .current_dir(d)
        .env("TMPDIR", &temporary)
        .args([
            "grade",
            "./endless.py",
            "--goal",
            "5",
            "--python-timeout",
            "600",
        ])
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
    // Behind the weaker wall, where it can reach the cache.
    run_ok_without_landlock(d, &["grade", "./planter.py", "--goal", "5"]);
    let args = [&["contest"], &entries[..], &["--goal", "5", "--json"]].concat();
    assert_eq!(run_ok(d, &args), honest);
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
fn a_table_of_the_two_scores_plays_under_every_preset() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for rules in ["sp20", "fa19", "su20", "fa16"] {
        let table = format!("{rules}.json");
        run_ok(
            d,
            &["final", "--rules", rules, "--goal", "12", "-o", &table],
        );
        let csv = format!("{rules}.csv");
        run_ok(
            d,
            &[
                "export",
                "always_roll(4)",
                "--rules",
                rules,
                "--goal",
                "12",
                "-o",
                &csv,
            ],
        );
        for file in [&table, &csv] {
            let path = format!("./{file}");
            run_ok(d, &["grade", &path, "--rules", rules, "--goal", "12"]);
            run_ok(
                d,
                &[
                    "explain",
                    "--score",
                    "3",
                    "--opp",
                    "4",
                    "--strategy",
                    &path,
                    "--rules",
                    rules,
                    "--goal",
                    "12",
                ],
            );
            run_ok(
                d,
                &[
                    "heatmap", &path, "--rules", rules, "--goal", "12", "-o", "map.png",
                ],
            );
        }
        let report = contest(
            d,
            &[
                &format!("./{table}"),
                &format!("./{csv}"),
                "--rules",
                rules,
                "--goal",
                "12",
            ],
        );
        assert_eq!(entry(&report, rules).0, "ok", "{report}");
    }
}

/// The error line of `hog ARGS`, which must fail with status 2 and one line.
fn one_error_line(dir: &Path, args: &[&str]) -> String {
    let output = hog_in(dir).args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "hog {args:?}: {output:?}");
    let e = String::from_utf8(output.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("error: "), "{e}");
    e
}

#[test]
fn rules_the_engine_cannot_compute_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = |zero: &str, pig_out: &str, bonus: &str, after: &str, extra: &str| {
        format!(
            "zero={zero},sides=six,reroll=never,pig_out={pig_out},bonus={bonus},points=none,\
             after={after},limit=none,special=none{extra}"
        )
    };
    let cases = [
        (
            text(
                "pig_tail",
                "one_point",
                "none",
                "feral_hogs_rolls+feral_hogs_points",
                "",
            ),
            "keeps two memories",
        ),
        (
            text("pig_tail", "zero_piggy_back", "feral_hogs", "none", ""),
            "pig_out=zero_piggy_back cannot be combined with bonus=feral_hogs",
        ),
        (
            text(
                "picky_piggy",
                "one_point",
                "none",
                "none",
                ",extra=pig_pass",
            ),
            "extra turns (extra=pig_pass) cannot be combined with zero=picky_piggy",
        ),
        (
            text("hefty_hogs", "one_point", "none", "feral_hogs_points", ""),
            "a memory of the previous turn (after=feral_hogs_points) cannot be combined",
        ),
    ];
    for (rules, message) in &cases {
        let players = ["--p0", "always_roll(3)", "--p1", "always_roll(4)"];
        for args in [
            vec!["rules", "show", rules.as_str()],
            vec![
                "turn", "--rules", rules, "--rolls", "2", "--dice", "1,3", "--score", "0", "--opp",
                "0",
            ],
            [
                &[
                    "simulate", "--rules", rules, "--games", "10", "--goal", "10",
                ],
                &players[..],
            ]
            .concat(),
            [
                &["replay", "--rules", rules, "--dice", "1,3", "--goal", "10"],
                &players[..],
            ]
            .concat(),
            vec![
                "export",
                "always_roll(3)",
                "--rules",
                rules,
                "--goal",
                "10",
                "--format",
                "csv",
            ],
        ] {
            let e = one_error_line(d, &args);
            assert!(e.contains(message), "{args:?}: {e}");
        }
    }
    // A newline in a rules text stays inside the one line.
    let e = one_error_line(d, &["rules", "show", "zero=boar_brawl\nsides=six"]);
    assert!(e.contains("zero=boar_brawl\\u{a}sides=six"), "{e}");
}

#[test]
fn a_goal_too_large_for_the_memory_allowed_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1500000 && exec {} solve --rules fa16 --goal 10000",
            assert_cmd::cargo::cargo_bin("hog").display()
        ))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let e = String::from_utf8(output.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.starts_with("error: out of memory: the solve of fa16 at goal 10000 needs about 2.3 GB"),
        "{e}"
    );
}

#[test]
fn memories_are_named_as_memories() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let solve = run_ok(d, &["solve", "--rules", "sp20", "--goal", "3"]);
    assert!(
        solve.contains(
            "states       1764 (196 values of each player's previous turn x 3 x 3 scores)"
        ),
        "{solve}"
    );
    assert!(!solve.contains("sides"), "{solve}");
    let e = one_error_line(
        d,
        &[
            "export", "optimal", "--rules", "sp20", "--goal", "12", "--format", "csv",
        ],
    );
    assert!(
        e.contains("depends on each player's previous turn") && !e.contains("Pork Chop"),
        "{e}"
    );
    // One slice, named by its words.
    let csv = run_ok(
        d,
        &[
            "export",
            "optimal",
            "--rules",
            "sp20",
            "--goal",
            "12",
            "--format",
            "json",
            "--hidden",
            "memories 2 (mover) and 3 (opponent)",
        ],
    );
    assert!(
        csv.contains("\"hidden_slice\": \"memories 2 (mover) and 3 (opponent)\""),
        "{csv}"
    );
    // explain and dist say which memories they assume, and take others.
    let explain = run_ok(
        d,
        &[
            "explain", "--score", "3", "--opp", "4", "--rules", "sp20", "--goal", "12",
        ],
    );
    assert!(
        explain
            .lines()
            .next()
            .unwrap()
            .contains("memories 0 (mover) and 0 (opponent)"),
        "{explain}"
    );
    let dist = run_ok(
        d,
        &[
            "dist",
            "--score",
            "3",
            "--opp",
            "4",
            "--rolls",
            "2",
            "--rules",
            "sp20",
            "--hidden",
            "memories 4 mover and 0 opponent",
        ],
    );
    assert!(
        dist.lines()
            .next()
            .unwrap()
            .contains("memories 4 (mover) and 0 (opponent)"),
        "{dist}"
    );
    // A strategy's mix over 196 values stays a short line.
    let final_line = run_ok(
        d,
        &[
            "explain",
            "--score",
            "0",
            "--opp",
            "0",
            "--rules",
            "sp20",
            "--goal",
            "12",
            "--strategy",
            "final",
        ],
    );
    assert!(final_line.lines().all(|l| l.len() < 1000), "{final_line}");
    // su17's dice sides are flipped by Perfect Piggy, not by a Pork Chop.
    let e = one_error_line(
        d,
        &[
            "export", "optimal", "--rules", "su17", "--goal", "30", "--format", "csv",
        ],
    );
    assert!(
        e.contains("the dice sides") && !e.contains("Pork Chop"),
        "{e}"
    );
    // A heatmap of one slice names it.
    run_ok(
        d,
        &[
            "heatmap", "optimal", "--rules", "sp20", "--goal", "12", "-o", "m.svg",
        ],
    );
    let svg = std::fs::read_to_string(d.join("m.svg")).unwrap();
    assert!(
        svg.contains("at memories 0 (mover) and 0 (opponent), one of the 196 values"),
        "{svg:.300}"
    );
}

#[test]
fn outputs_say_what_they_hold() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Values are probabilities, never an ulp above 1.
    let json = run_ok(d, &["solve", "--rules", "sp26", "--goal", "1", "--json"]);
    assert!(json.contains("\"first_mover_win\":1.0,"), "{json}");
    // A binary table is never written under a strategy file's name.
    let e = one_error_line(d, &["solve", "--goal", "10", "-o", "x.csv"]);
    assert!(e.contains("hog export optimal"), "{e}");
    assert!(!d.join("x.csv").exists());
    // A name with a bidi override is escaped in the HTML board, as on the terminal.
    let name = "a\u{202e}b";
    write_all(d, &[(&format!("{name}.py"), module(""))]);
    run_ok(
        d,
        &[
            "contest",
            &format!("./{name}.py"),
            "--goal",
            "5",
            "--no-cache",
            "-o",
            "board.html",
        ],
    );
    let board = std::fs::read_to_string(d.join("board.html")).unwrap();
    assert!(
        !board.contains('\u{202e}') && board.contains("a\\u{202e}b"),
        "{board}"
    );
}
