//! The one writer, end to end on the built binary: every file hog writes
//! (`-o`, `--cache`, `--pages`, `hog tables`' folder) replaces only a file
//! hog wrote, as the whole file shows, or anything with `--force`; never
//! writes through a symbolic link; writes the format its name says; keeps
//! a private file private; and is checked before any work, so a bad output
//! or cache fails before an entry runs. A `hog tables` run stopped by a
//! signal leaves the old set whole and no temporary file; a contest whose
//! outputs were taken away while it ran still shows its results; and the
//! outputs say what they hold.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use hog_solver::table::PolicyTable;

use crate::common::{
    contest_run_without_landlock, fails_in, folder, hog_without_landlock, mkfifo, module, ok_in,
    one_error_line, run, run_ok, write, write_all, SP26_HOG_PY,
};

const MODULE: &str = "def final_strategy(score, opponent_score):\n    return 4\n";

fn game() -> [&'static str; 4] {
    ["--rules", "fa13", "--goal", "20"]
}

fn with_game<'a>(args: &[&'a str]) -> Vec<&'a str> {
    [args, &game()[..]].concat()
}

/// A Python strategy that leaves a file behind when it is run.
fn marker_module(dir: &Path) -> std::path::PathBuf {
    let marker = dir.join("ran");
    write(
        dir,
        "marker.py",
        &format!(
            "open({:?}, 'w').close()\n\ndef final_strategy(score, opponent_score):\n    return 4\n",
            marker.to_str().unwrap()
        ),
    );
    marker
}

/// The goal of every table in a `hog tables` folder and the goal its
/// MANIFEST names: one consistent set has a single goal.
fn goals_in(dir: &Path) -> (Vec<u32>, String) {
    let mut goals = vec![];
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "hogtable") {
            let bytes = std::fs::read(&path).unwrap();
            goals.push(PolicyTable::read(&bytes[..]).unwrap().goal);
        }
    }
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.md")).unwrap();
    (goals, manifest)
}

/// Every file and folder under `dir`.
fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut all = vec![];
    let Ok(entries) = std::fs::read_dir(dir) else {
        return all;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            all.extend(walk(&path));
        }
        all.push(path);
    }
    all
}

#[test]
fn no_output_replaces_a_file_hog_did_not_write() {
    let dir = folder(&[
        ("hog.py", SP26_HOG_PY),
        ("notes.csv", "my,own,data\n"),
        ("notes.hogtable", "my own table\n"),
        ("picture.png", "\u{89}PNG my photo"),
        ("page.html", "<!DOCTYPE html><p>mine</p>"),
    ]);
    let kept = |name: &str| std::fs::read(dir.path().join(name)).unwrap();
    let before: Vec<Vec<u8>> = [
        "hog.py",
        "notes.csv",
        "notes.hogtable",
        "picture.png",
        "page.html",
    ]
    .iter()
    .map(|n| kept(n))
    .collect();
    for (args, file) in [
        (&["final", "--goal", "20", "-o", "hog.py"][..], "hog.py"),
        (
            &["export", "optimal", "--goal", "20", "-o", "hog.py"],
            "hog.py",
        ),
        (
            &["solve", "--goal", "20", "-o", "notes.hogtable"],
            "notes.hogtable",
        ),
        (
            &["heatmap", "optimal", "--goal", "20", "-o", "picture.png"],
            "picture.png",
        ),
        (
            &["heatmap", "optimal", "--goal", "20", "-o", "page.html"],
            "page.html",
        ),
        (
            &[
                "contest",
                "always_roll(3)",
                "always_roll(4)",
                "--goal",
                "20",
                "--no-cache",
                "-o",
                "notes.csv",
            ],
            "notes.csv",
        ),
    ] {
        let (status, stdout, stderr) = run(dir.path(), args);
        assert_eq!(status, 2, "{args:?}: {stdout}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!("error: {file} exists")),
            "{stderr}"
        );
        assert!(
            stderr.contains("--force") && stderr.contains("new name"),
            "{stderr}"
        );
    }
    let (_, _, stderr) = run(dir.path(), &["final", "--goal", "20", "-o", "hog.py"]);
    assert!(stderr.contains("your project's module"), "{stderr}");
    let after: Vec<Vec<u8>> = [
        "hog.py",
        "notes.csv",
        "notes.hogtable",
        "picture.png",
        "page.html",
    ]
    .iter()
    .map(|n| kept(n))
    .collect();
    assert_eq!(before, after);
    // hog's own files it replaces, each kind; --force replaces anything.
    for args in [
        &["final", "--goal", "20", "-o", "final.py"][..],
        &["export", "optimal", "--goal", "20", "-o", "t.csv"],
        &["export", "optimal", "--goal", "20", "-o", "t.json"],
        &["solve", "--goal", "20", "-o", "t.hogtable"],
        &["heatmap", "optimal", "--goal", "20", "-o", "m.png"],
        &["heatmap", "optimal", "--goal", "20", "-o", "m.svg"],
        &["heatmap", "optimal", "--goal", "20", "-o", "m.html"],
        &[
            "contest",
            "always_roll(3)",
            "always_roll(4)",
            "--goal",
            "20",
            "--no-cache",
            "-o",
            "c.csv",
        ],
        &[
            "contest",
            "always_roll(3)",
            "always_roll(4)",
            "--goal",
            "20",
            "--no-cache",
            "-o",
            "c.json",
        ],
        &[
            "contest",
            "always_roll(3)",
            "always_roll(4)",
            "--goal",
            "20",
            "--no-cache",
            "-o",
            "c.html",
        ],
        &[
            "contest",
            "always_roll(3)",
            "always_roll(4)",
            "--goal",
            "20",
            "--no-cache",
            "-o",
            "c.png",
        ],
    ] {
        for time in ["first", "again"] {
            let (status, _, stderr) = run(dir.path(), args);
            assert_eq!(status, 0, "{args:?} {time}: {stderr}");
        }
    }
    let (status, _, stderr) = run(
        dir.path(),
        &["solve", "--goal", "20", "-o", "notes.hogtable", "--force"],
    );
    assert_eq!(status, 0, "{stderr}");
    assert_ne!(kept("notes.hogtable"), b"my own table\n");
}

/// A file that only starts as hog's module does is the user's: hog's mark
/// is the whole file, not a prefix.
#[test]
fn a_file_that_starts_like_hogs_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let export = with_game(&["export", "always_roll(4)", "-o", "final.py"]);
    ok_in(d, &export);
    let hogs = std::fs::read_to_string(d.join("final.py")).unwrap();
    // Replaced while it is as hog wrote it.
    ok_in(d, &export);
    // The same start, then the student's own code.
    let first = hogs.lines().next().unwrap();
    let mine = format!("{first}\n\"\"\"\n{MODULE}");
    std::fs::write(d.join("final.py"), &mine).unwrap();
    let error = fails_in(d, &export);
    assert!(error.contains("hog did not write it"), "{error}");
    // hog's file with one line added is the user's work too.
    let edited = format!("{hogs}# my note\n");
    std::fs::write(d.join("final.py"), &edited).unwrap();
    fails_in(d, &export);
    assert_eq!(std::fs::read_to_string(d.join("final.py")).unwrap(), edited);
    // --force replaces it.
    ok_in(d, &[&export[..], &["--force"]].concat());
    assert_eq!(std::fs::read_to_string(d.join("final.py")).unwrap(), hogs);
}

/// What `hog export` prints is sealed as its file is: redirected into a
/// file, it is a file hog may replace.
#[test]
fn an_export_redirected_from_stdout_is_hogs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let printed = ok_in(
        d,
        &with_game(&["export", "always_roll(4)", "--format", "python"]),
    );
    std::fs::write(d.join("final.py"), &printed).unwrap();
    ok_in(
        d,
        &with_game(&["export", "always_roll(5)", "-o", "final.py"]),
    );
    assert_ne!(std::fs::read(d.join("final.py")).unwrap(), printed);
}

#[test]
fn a_cache_named_like_the_module_is_refused_and_the_module_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("hog.py"), MODULE).unwrap();
    let args = with_game(&[
        "contest",
        "always_roll(4)",
        "always_roll(5)",
        "--cache",
        "hog.py",
    ]);
    let error = fails_in(d, &args);
    assert!(error.contains("hog.py"), "{error}");
    assert!(!error.contains("ignored"), "{error}");
    assert_eq!(std::fs::read_to_string(d.join("hog.py")).unwrap(), MODULE);
    // A cache of its own name is written, and replaced on the next run.
    let args = with_game(&[
        "contest",
        "always_roll(4)",
        "always_roll(5)",
        "--cache",
        "c.cache",
    ]);
    ok_in(d, &args);
    let first = std::fs::read(d.join("c.cache")).unwrap();
    assert!(first.starts_with(b"hog contest cache"));
    ok_in(d, &args);
}

/// Page names come from entries' names, which students choose: a page of
/// the user's there, or a link planted there, is never written over.
#[test]
fn pages_replace_no_page_of_the_users_and_follow_no_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("proj")).unwrap();
    std::fs::create_dir_all(d.join("pages")).unwrap();
    std::fs::write(d.join("proj/hog.py"), MODULE).unwrap();
    let contest = with_game(&[
        "contest",
        "always_roll(4)",
        "always_roll(6)",
        "--no-cache",
        "-o",
        "board.html",
        "--pages",
        "pages",
    ]);
    // A page of the user's.
    std::fs::write(d.join("pages/2-notes.html"), "<html>mine</html>\n").unwrap();
    let error = fails_in(d, &contest);
    assert!(
        error.contains("2-notes.html") && error.contains("did not write"),
        "{error}"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("pages/2-notes.html")).unwrap(),
        "<html>mine</html>\n"
    );
    std::fs::remove_file(d.join("pages/2-notes.html")).unwrap();
    // A link to a student's module, under the name a page will take: refused
    // with --force too, and the module untouched.
    std::os::unix::fs::symlink("../proj/hog.py", d.join("pages/1-always_roll_4_.html")).unwrap();
    for force in [&[][..], &["--force"][..]] {
        let error = fails_in(d, &[&contest[..], force].concat());
        assert!(error.contains("symbolic link"), "{error}");
    }
    assert_eq!(
        std::fs::read_to_string(d.join("proj/hog.py")).unwrap(),
        MODULE
    );
    assert!(!d.join("board.html").exists());
    // In a folder of its own pages, a second run replaces them.
    std::fs::remove_file(d.join("pages/1-always_roll_4_.html")).unwrap();
    ok_in(d, &contest);
    ok_in(d, &contest);
    assert_eq!(std::fs::read_dir(d.join("pages")).unwrap().count(), 2);
}

/// `hog tables` replaces a folder of files hog wrote, and no folder that
/// holds a file it did not.
#[test]
fn tables_replace_no_file_of_the_users() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let set = d.join("set");
    std::fs::create_dir(&set).unwrap();
    std::fs::write(set.join("MANIFEST.md"), "# mine\n").unwrap();
    std::fs::write(set.join("notes.py"), MODULE).unwrap();
    let error = fails_in(d, &["tables", "--dir", "set", "--goal", "20"]);
    assert!(error.contains("did not write"), "{error}");
    assert!(Path::new(&set.join("notes.py")).is_file());
}

#[test]
fn tables_replaces_only_a_folder_of_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("mine")).unwrap();
    std::fs::write(d.join("mine/notes.txt"), "mine").unwrap();
    let e = fails_in(d, &["tables", "--goal", "3", "--dir", "mine"]);
    assert!(e.contains("mine is not a folder of tables"), "{e}");
    assert_eq!(std::fs::read(d.join("mine/notes.txt")).unwrap(), b"mine");
}

#[test]
fn a_name_that_says_another_format_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (args, extension) in [
        (&["solve", "-o", "table.csv"][..], "hogtable"),
        (
            &[
                "export",
                "always_roll(4)",
                "--format",
                "python",
                "-o",
                "x.html",
            ],
            "py",
        ),
    ] {
        let error = fails_in(d, &with_game(args));
        assert!(error.contains(&format!("name it .{extension}")), "{error}");
    }
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 0);
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

#[test]
fn an_output_written_over_a_private_file_stays_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let table = d.join("t.hogtable");
    // A table hog wrote (hog replaces only its own files), made private.
    ok_in(d, &["solve", "--goal", "6", "-o", "t.hogtable"]);
    let old = std::fs::read(&table).unwrap();
    std::fs::set_permissions(&table, std::fs::Permissions::from_mode(0o600)).unwrap();
    ok_in(d, &["solve", "--goal", "5", "-o", "t.hogtable"]);
    let mode = std::fs::metadata(&table).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_ne!(std::fs::read(&table).unwrap(), old);
}

#[test]
fn outputs_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let marker = marker_module(d);
    for (args, message) in [
        (
            &[
                "contest",
                "marker.py",
                "always_roll(4)",
                "--no-cache",
                "-o",
                "bad.txt",
            ][..],
            "bad.txt: unknown output type 'txt'",
        ),
        (
            &[
                "solve",
                "--against",
                "marker.py",
                "-o",
                "missing/dir/x.hogtable",
            ][..],
            "there is no folder missing/dir",
        ),
        (
            &["final", "--against", "marker.py", "-o", "missing/x.py"][..],
            "there is no folder missing",
        ),
        (
            &["export", "marker.py", "-o", "missing/x.py"][..],
            "there is no folder missing",
        ),
        (
            &["heatmap", "marker.py", "-o", "missing/x.png"][..],
            "there is no folder missing",
        ),
    ] {
        // Behind the weaker wall, where the strategy could leave its mark.
        let mut args = args.to_vec();
        if args[0] == "contest" {
            args.push("--weaker-sandbox");
        }
        let output = hog_without_landlock()
            .current_dir(d)
            .args(&args)
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!marker.exists(), "{args:?} ran the strategy first");
    }
}

#[test]
fn a_bad_cache_or_output_fails_before_any_entry_runs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ran = d.join("ran");
    write_all(
        d,
        &[
            (
                "entry.py",
                module(&format!("open({ran:?}, 'w').write('x')")),
            ),
            ("file", String::new()),
        ],
    );
    mkfifo(&d.join("fifo.cache"));
    for (option, path, message) in [
        ("--cache", "fifo.cache", "is a FIFO, not a regular file"),
        ("--cache", "file/c.cache", "cannot make the cache folder"),
        ("--cache", ".", "is a folder"),
        ("-o", "missing/out.csv", "there is no folder missing"),
        ("-o", "out.pdf", "unknown output type 'pdf'"),
        ("-o", ".", "is a folder"),
    ] {
        // Behind the weaker wall, where the entry could leave its mark.
        let args = ["./entry.py", "--goal", "5", option, path];
        let (status, _, e) = contest_run_without_landlock(d, &args);
        assert_eq!(status, Some(2), "{option} {path}: {e}");
        assert!(e.contains(message), "{option} {path}: {e}");
        assert!(!ran.exists(), "{option} {path}: the entry ran");
    }
}

#[test]
fn a_finished_contest_is_shown_when_its_output_and_cache_were_taken_away() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("out");
    std::fs::create_dir(&out).unwrap();
    // While it is asked, after hog checked both paths, the entry puts a
    // file where their folder was.
    let taker = module(&format!(
        "import shutil
shutil.rmtree({out:?})
open({out:?}, 'w').close()"
    ));
    write_all(d, &[("taker.py", taker)]);
    // Behind the weaker wall, where the entry can reach the folder.
    let output = hog_without_landlock()
        .current_dir(d)
        .args(["contest", "./taker.py", "always_roll(6)", "--goal", "20"])
        .arg("--weaker-sandbox")
        .args(["--cache", "out/c.cache", "-o", "out/results.csv"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let (table, e) = (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    );
    assert_eq!(output.status.code(), Some(2), "{table}{e}");
    assert!(
        table.contains("2 entries, 0 excluded") && table.contains("   2       0  "),
        "{table}"
    );
    assert!(
        e.contains("note: the contest cache was not written")
            && e.contains("error: the results are above, but -o was not written"),
        "{e}"
    );
}

#[test]
fn an_interrupted_tables_run_leaves_the_old_set_whole_and_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok_in(d, &["tables", "--goal", "6", "--dir", "set"]);
    let (goals, manifest) = goals_in(&d.join("set"));
    assert!(goals.len() >= 12 && goals.iter().all(|&g| g == 6));
    assert!(manifest.contains("(goal 6)"));
    let before = std::fs::read_dir(d.join("set")).unwrap().count();
    for signal in ["INT", "TERM"] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
            .current_dir(d)
            .args(["tables", "--goal", "7", "--dir", "set"])
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        // Interrupt once some goal-7 file exists, wherever it is written.
        let started = Instant::now();
        let written = || {
            walk(d).iter().any(|path| {
                path.extension().is_some_and(|e| e == "hogtable")
                    && std::fs::read(path)
                        .ok()
                        .and_then(|b| PolicyTable::read(&b[..]).ok())
                        .is_some_and(|t| t.goal == 7)
            })
        };
        while !written() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "nothing written"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        let kill = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let status = child.wait().unwrap();
        assert!(!status.success(), "SIG{signal}: the run finished first");
        let (goals, manifest) = goals_in(&d.join("set"));
        assert!(goals.iter().all(|&g| g == 6), "SIG{signal}: {goals:?}");
        assert!(manifest.contains("(goal 6)"));
        assert_eq!(std::fs::read_dir(d.join("set")).unwrap().count(), before);
        let left: Vec<_> = walk(d)
            .into_iter()
            .filter(|p| {
                let relative = p.strip_prefix(d).unwrap().to_string_lossy().into_owned();
                relative.starts_with('.') || relative.contains("/.")
            })
            .collect();
        assert!(left.is_empty(), "SIG{signal} left {left:?}");
    }
}
