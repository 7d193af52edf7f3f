//! The one writer, end to end: every file hog writes (`-o`, `--cache`,
//! `--pages`) replaces only a file hog wrote, as the whole file shows; never
//! writes through a symlink; and writes the format its name says.

use std::path::Path;

use crate::cli_harden::{fails_in, ok_in};

const MODULE: &str = "def final_strategy(score, opponent_score):\n    return 4\n";

fn game() -> [&'static str; 4] {
    ["--rules", "fa13", "--goal", "20"]
}

fn with_game<'a>(args: &[&'a str]) -> Vec<&'a str> {
    [args, &game()[..]].concat()
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
