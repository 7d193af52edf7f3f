//! End-to-end tests of what users trip on: the contest's
//! game taken from its entries' files, entries a course could not accept,
//! ties with the baseline, `explain --exact` and `--strategy`, outputs
//! checked before any work, `hog final`'s progress, `cargo install
//! --locked`, the contest's picture, and the smaller items.

use std::path::Path;

use serde_json::Value;

use crate::common::{hog, json_in, number, stdout_in};

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Runs hog in `dir`, which must fail with status 2; returns its stderr.
fn fails_in(dir: &Path, args: &[&str]) -> String {
    let output = hog().current_dir(dir).args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "hog {args:?}: {output:?}");
    String::from_utf8(output.stderr).unwrap()
}

/// Runs hog in `dir`, which must succeed; returns its stdout as text.
fn text_in(dir: &Path, args: &[&str]) -> String {
    String::from_utf8(stdout_in(dir, args)).unwrap()
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
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

/// Runs hog with its stderr on a pseudo-terminal; returns what it drew there.
fn drawn_on_a_terminal(args: &[&str]) -> String {
    let output = std::process::Command::new("python3")
        .args([
            "-c",
            crate::cli_frontdoor::ON_A_TERMINAL,
            env!("CARGO_BIN_EXE_hog"),
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let run: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(run["code"], 0, "{run}");
    run["drawn"].as_str().unwrap().to_string()
}

#[test]
fn the_readme_installs_with_the_lock_file() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let installs: Vec<&str> = readme
        .lines()
        .filter(|l| l.contains("cargo install"))
        .collect();
    assert!(!installs.is_empty());
    for line in installs {
        assert!(line.contains("--locked"), "{line}");
    }
}

#[test]
fn smaller_trips() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // hog final under custom rules names its own option.
    let custom = "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none";
    let stderr = fails_in(d, &["final", "--rules", custom]);
    assert!(stderr.contains("give one with --against"), "{stderr}");

    // Upper-case extensions are read as their kind.
    std::fs::copy(repo().join("samples/hog.py"), d.join("HOG.PY")).unwrap();
    let upper = json_in(d, &["grade", "HOG.PY", "--rules", "fa13"]);
    let lower = json_in(
        d,
        &[
            "grade",
            &repo().join("samples/hog.py").to_string_lossy(),
            "--rules",
            "fa13",
        ],
    );
    assert_eq!(upper["win_rate"], lower["win_rate"]);
    write(d, "T.CSV", &"4,4\n".repeat(2));
    let table = json_in(
        d,
        &[
            "grade",
            "T.CSV",
            "--rules",
            "fa13",
            "--goal",
            "2",
            "--baseline",
            "always_roll(4)",
        ],
    );
    assert_eq!(number(&table, "win_rate"), 0.5);

    // Entries given twice, and byte-identical files.
    write(d, "a.csv", &"4,4\n".repeat(2));
    write(d, "b.csv", &"4,4\n".repeat(2));
    let report = json_in(
        d,
        &[
            "contest",
            "a.csv",
            "a.csv",
            "b.csv",
            "--rules",
            "fa13",
            "--goal",
            "2",
            "--no-cache",
        ],
    );
    let entries = report["entries"].as_array().unwrap();
    let twice = entries.iter().find(|e| e["status"] == "excluded").unwrap();
    assert_eq!(
        twice["reason"], "the same entry as a.csv, given twice",
        "{report}"
    );
    let b = entries.iter().find(|e| e["name"] == "b").unwrap();
    assert_eq!(b["note"], "byte-identical to a (a.csv)", "{report}");

    // dist and turn take no strategy file.
    for command in ["dist", "turn"] {
        let help = text_in(d, &[command, "--help"]);
        assert!(!help.contains("strategy file"), "{help}");
    }

    // Did you mean.
    let stderr = fails_in(d, &["grade", "always_roll(4)", "--rules", "fa61"]);
    assert!(stderr.contains("did you mean 'fa16'?"), "{stderr}");
    let stderr = fails_in(d, &["grade", "optimel"]);
    assert!(stderr.contains("did you mean 'optimal'?"), "{stderr}");

    // A traceback names the module where it is, so contests read alike.
    write(d, "broken/hog.py", "raise ValueError('no')\n");
    let args = [
        "contest",
        "broken/hog.py",
        "always_roll(4)",
        "--no-cache",
        "-o",
    ];
    stdout_in(d, &[&args[..], &["one.csv"]].concat());
    stdout_in(d, &[&args[..], &["two.csv"]].concat());
    let one = std::fs::read_to_string(d.join("one.csv")).unwrap();
    assert_eq!(one, std::fs::read_to_string(d.join("two.csv")).unwrap());
    assert!(one.contains("File \"\"broken/hog.py\"\", line 1"), "{one}");
    assert!(!one.contains("hog-python-"), "{one}");
}
