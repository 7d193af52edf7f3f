//! End-to-end tests of the front door: the rules reference in `docs/`
//! agreeing with `hog rules`, and nothing in the project pointing outside it.
//!
//! Command lines are written as one string and split at spaces.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn hog(args: &str) -> Command {
    let mut command = Command::cargo_bin("hog").unwrap();
    command.args(args.split_whitespace());
    command
}

/// Runs `hog ARGS --json`, which must succeed, and parses its output.
fn json(args: &str) -> Value {
    let output = hog(args).arg("--json").assert().success();
    serde_json::from_slice(&output.get_output().stdout).expect("JSON on stdout")
}

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// docs/rules.md, cut into its preset sections: (heading, body).
fn preset_sections(docs: &str) -> Vec<(String, String)> {
    let presets = docs
        .split("\n## The presets\n")
        .nth(1)
        .expect("docs/rules.md has a section 'The presets'");
    let presets = presets.split("\n## ").next().unwrap();
    presets
        .split("\n### ")
        .skip(1)
        .map(|section| {
            let (heading, body) = section.split_once('\n').unwrap();
            (heading.to_string(), body.to_string())
        })
        .collect()
}

/// The rules `hog rules show` names.
const RULE_NAMES: [&str; 12] = [
    "Pork Chop",
    "Free Bacon",
    "Boar Brawl",
    "Picky Piggy",
    "Hogtimus Prime",
    "When Pigs Fly",
    "Touchdown",
    "Swine Swap",
    "Sus Fuss",
    "Hog Tied",
    "Feral Hogs",
    "49ers",
];

#[test]
fn docs_rules_md_describes_every_preset_as_hog_rules_shows_it() {
    let docs = repo_file("docs/rules.md");
    let sections = preset_sections(&docs);
    let listing = json("rules");
    let presets = listing["presets"].as_array().unwrap();
    assert_eq!(
        sections.len(),
        presets.len(),
        "one section per preset: {:?}",
        sections.iter().map(|s| &s.0).collect::<Vec<_>>()
    );
    for preset in presets {
        let name = preset["name"].as_str().unwrap();
        let (heading, body) = sections
            .iter()
            .find(|(heading, _)| heading.starts_with(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("docs/rules.md has no section '### {name}: ...'"));
        let course = preset["course"].as_str().unwrap();
        // The heading names the course (its first words: the listing may add a note).
        let course_head = course.split(" (").next().unwrap();
        let course_head = course_head.split(',').next().unwrap();
        assert!(
            heading.contains(course_head),
            "{name}: heading '{heading}' should name {course_head}"
        );
        let baseline = preset["baseline"].as_str().unwrap();
        assert!(
            body.contains(&format!("Baseline `{baseline}`")),
            "{name}: the section should give the baseline {baseline}"
        );
        // The canonical rules text, in a text block of its own.
        let shown = json(&format!("rules show {name}"));
        let text = shown["rules"].as_str().unwrap();
        assert!(
            body.contains(&format!("```text\n{text}\n```")),
            "{name}: the section should show the rules text {text}"
        );
        // Every rule `hog rules show` names is explained in the section.
        for line in shown["description"].as_array().unwrap() {
            let line = line.as_str().unwrap();
            if let Some(rule) = RULE_NAMES.iter().find(|rule| line.contains(*rule)) {
                assert!(
                    body.to_lowercase().contains(&rule.to_lowercase()),
                    "{name}: `hog rules show` names {rule}, the docs section does not"
                );
            }
        }
    }
}

#[test]
fn nothing_in_the_project_points_to_a_rules_file_outside_it() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Spelled in pieces so that this file does not name them itself.
    let outside = [["RULES", ".md"].concat(), ["shared", "/"].concat()];
    let mut offenders = vec![];
    let mut folders = vec![repo.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if name.starts_with('.') && name != ".ci" || name == "target" {
                continue;
            }
            if path.is_dir() {
                folders.push(path);
            } else if ["rs", "md", "toml", "py"]
                .iter()
                .any(|ext| name.ends_with(&format!(".{ext}")))
                || name == "run"
            {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if outside.iter().any(|o| text.contains(o.as_str())) {
                    offenders.push(path.display().to_string());
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "files pointing outside: {offenders:?}"
    );
}

/// Runs `hog ARGS` (split at spaces), which must fail with status 2 and a
/// one-line error containing every one of `words`.
fn fails(args: &str, words: &[&str]) -> String {
    let output = hog(args).assert().code(2).get_output().clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: "), "{args}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args}: {stderr}");
    for word in words {
        assert!(stderr.contains(word), "{args} should say {word}: {stderr}");
    }
    stderr
}

fn stdout(args: &str) -> String {
    let output = hog(args).assert().success().get_output().clone();
    String::from_utf8(output.stdout).unwrap()
}

/// The exact win rate `hog grade ARGS` reports.
fn win_rate(args: &str) -> f64 {
    json(&format!("grade {args}"))["win_rate"].as_f64().unwrap()
}

/// Runs a command with its stderr on a pseudo-terminal (python3's pty
/// module) and prints, as JSON, its exit code, its stdout and what it drew
/// on the terminal.
pub(crate) const ON_A_TERMINAL: &str = r#"
import json, os, pty, subprocess, sys
master, slave = pty.openpty()
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
drawn = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the terminal's last writer is gone
        break
    if not chunk:
        break
    drawn += chunk
stdout = child.stdout.read()
print(json.dumps({"code": child.wait(), "stdout": stdout.decode(),
                  "drawn": drawn.decode("utf-8", "replace")}))
"#;
