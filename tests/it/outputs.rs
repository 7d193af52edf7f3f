//! What hog writes, end to end on the built binary: no output blocks on a
//! FIFO put in its place, an edited CSV or JSON output is the user's, the
//! pages of a contest go into the folder named before any entry ran (never
//! through a link swapped in), and `hog tables` neither drops a file saved
//! into its folder while it runs nor leaves the staging folder of a killed
//! run behind.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::hog;
use crate::common::{contest_run_without_landlock, module, write_all};

#[test]
fn a_fifo_put_where_the_cache_and_the_output_go_ends_hog_in_one_line_each() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // While it is asked, after hog checked both paths, the entry makes a
    // FIFO of each: nothing would ever read them.
    let planter = module(&format!(
        "import os\nfor path in [{:?}, {:?}]:\n    os.mkfifo(path)",
        d.join("c.cache"),
        d.join("results.csv")
    ));
    write_all(d, &[("planter.py", planter)]);
    let args = [
        "./planter.py",
        "always_roll(6)",
        "--goal",
        "20",
        "--cache",
        "c.cache",
        "-o",
        "results.csv",
    ];
    // Behind the weaker wall, where the entry can make them.
    let started = Instant::now();
    let (status, table, stderr) = contest_run_without_landlock(d, &args);
    assert!(started.elapsed() < Duration::from_secs(60));
    assert_eq!(status, Some(2), "{table}{stderr}");
    // The board is shown, and each output is one line naming its FIFO.
    assert!(table.contains("2 entries, 0 excluded"), "{table}");
    let cache = stderr
        .lines()
        .find(|l| l.starts_with("note: the contest cache was not written"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        cache.contains("c.cache") && cache.contains("a FIFO"),
        "{cache}"
    );
    let output = stderr
        .lines()
        .find(|l| l.starts_with("error: the results are above, but -o was not written"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        output.contains("results.csv") && output.contains("a FIFO"),
        "{output}"
    );
}

#[test]
fn an_edited_csv_or_json_output_is_the_users() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| {
        hog()
            .current_dir(d)
            .args(args)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap()
    };
    let export = |format: &str| {
        let output = format!("mine.{format}");
        [
            "export",
            "always_roll(4)",
            "--rules",
            "fa13",
            "--goal",
            "10",
            "--format",
            format,
            "-o",
        ]
        .into_iter()
        .chain([output.as_str()])
        .map(str::to_string)
        .collect::<Vec<_>>()
    };
    let contest = [
        "contest",
        "always_roll(4)",
        "always_roll(6)",
        "--goal",
        "10",
        "--no-cache",
        "-o",
        "board.json",
    ];
    // A student tunes a cell of the exported table; a grader edits a
    // figure of the results: each file keeps the layout hog wrote.
    let edits: [(Vec<String>, &str, &str, &str); 3] = [
        (export("csv"), "mine.csv", "\n3,4,4,4", "\n3,5,4,4"),
        (export("json"), "mine.json", "[4,4,4", "[5,4,4"),
        (
            contest.map(str::to_string).to_vec(),
            "board.json",
            "\"points\":1",
            "\"points\":0",
        ),
    ];
    for (args, file, from, to) in edits {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert!(run(&args).status.success(), "{args:?}");
        // Hog's own file, unedited, is replaced.
        assert!(run(&args).status.success(), "{args:?} again");
        let text = std::fs::read_to_string(d.join(file)).unwrap();
        assert!(text.contains(from), "{file}: {text}");
        let edited = text.replacen(from, to, 1);
        std::fs::write(d.join(file), &edited).unwrap();
        let refused = run(&args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(
            stderr.contains("hog did not write it (or it was edited since)"),
            "{stderr}"
        );
        assert_eq!(std::fs::read_to_string(d.join(file)).unwrap(), edited);
        // hog's own readers still read what it wrote.
        if file.starts_with("mine") {
            let graded = run(&[
                "grade",
                &format!("./{file}"),
                "--rules",
                "fa13",
                "--goal",
                "10",
            ]);
            assert!(graded.status.success(), "{graded:?}");
        }
    }
}

#[test]
fn pages_are_never_written_through_a_folder_swapped_for_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("pages")).unwrap();
    std::fs::create_dir_all(d.join("elsewhere")).unwrap();
    // While it is asked, the entry puts a link where the pages go.
    let swapper = module(&format!(
        "import os\nos.rmdir({pages:?})\nos.symlink({elsewhere:?}, {pages:?})",
        pages = d.join("pages"),
        elsewhere = d.join("elsewhere")
    ));
    write_all(d, &[("swapper.py", swapper)]);
    let args = [
        "./swapper.py",
        "always_roll(6)",
        "--goal",
        "20",
        "--no-cache",
        "-o",
        "board.html",
        "--pages",
        "pages",
    ];
    // Behind the weaker wall, where the entry can reach the folder.
    let (status, table, stderr) = contest_run_without_landlock(d, &args);
    assert_eq!(status, Some(2), "{table}{stderr}");
    assert!(table.contains("2 entries, 0 excluded"), "{table}");
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].contains("--pages was not written") && errors[0].contains("link"),
        "{stderr}"
    );
    let written: Vec<_> = std::fs::read_dir(d.join("elsewhere")).unwrap().collect();
    assert!(written.is_empty(), "written through the link: {written:?}");
}

/// `hog tables --goal 6 --dir set` in `dir`, started.
fn tables(dir: &Path) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
        .current_dir(dir)
        .args(["tables", "--goal", "6", "--dir", "set"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The staging folders of `hog tables --dir set` in `dir`.
fn staging(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(".set.hog-tmp-")
        })
        .collect()
}

/// Waits (up to a minute) until a run of [`tables`] has made its staging
/// folder, after its first check of the folder.
fn staged(dir: &Path) {
    let started = Instant::now();
    while staging(dir).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no staging folder"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn a_file_saved_into_the_tables_folder_while_it_runs_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert!(tables(d).wait().unwrap().success());
    let manifest = std::fs::read(d.join("set/MANIFEST.md")).unwrap();
    let run = tables(d);
    staged(d);
    std::fs::write(d.join("set/notes.txt"), "my notes").unwrap();
    let output = run.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("set/notes.txt, which hog did not write"),
        "{stderr}"
    );
    // The folder is as it was, the notes with it; no staging is left.
    assert_eq!(std::fs::read(d.join("set/notes.txt")).unwrap(), b"my notes");
    assert_eq!(std::fs::read(d.join("set/MANIFEST.md")).unwrap(), manifest);
    assert!(staging(d).is_empty());
}

#[test]
fn the_staging_folder_of_a_killed_tables_run_is_removed_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut killed = tables(d);
    staged(d);
    killed.kill().unwrap();
    killed.wait().unwrap();
    assert_eq!(staging(d).len(), 1);
    assert!(tables(d).wait().unwrap().success());
    assert!(staging(d).is_empty(), "{:?}", staging(d));
    assert!(d.join("set/MANIFEST.md").is_file());
}
