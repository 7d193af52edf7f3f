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
