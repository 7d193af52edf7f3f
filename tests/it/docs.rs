//! The documentation agrees with hog: docs/rules.md describes every preset
//! as `hog rules` shows it (its course, baseline, canonical rules text and
//! the rules it names), counts the presets, finds every preset's semester,
//! and names the presets whose games can draw; the README installs with
//! the lock file; and nothing in the project points to a rules file outside
//! it. Expected values come from hog itself (`hog rules`, `PRESETS`); the
//! docs' `$` examples are run by [`super::readme`].

use std::path::Path;

use crate::common::line::json;
use crate::common::{hog, repo};

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(repo().join(path)).unwrap()
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

/// A semester's place in time: (year, term), spring before summer before
/// fall and NJU's autumn; `None` for a name that is no semester.
fn when(name: &str) -> Option<(u32, u32)> {
    let (term, year) = name.split_at(name.len().checked_sub(2)?);
    let term = ["sp", "su", "fa", "nju"].iter().position(|t| *t == term)?;
    Some((year.parse().ok()?, term as u32))
}

/// The table of docs/rules.md that finds a semester's preset, as the
/// presets say it must read: one row per semester (a preset's name or
/// alias) in time order, then the presets named for no semester.
fn semester_table() -> String {
    let mut rows: Vec<(Option<(u32, u32)>, String)> = vec![];
    for preset in hog_solver::PRESETS {
        for name in std::iter::once(&preset.name).chain(preset.aliases) {
            let row = format!(
                "| {name} | `{}` | {} | `{}` | {} |",
                preset.name,
                preset.course,
                preset.baseline,
                preset.target.unwrap_or("-")
            );
            rows.push((when(name), row));
        }
    }
    // Semesters first, by time; the others after, in the presets' order.
    rows.sort_by_key(|(when, _)| (when.is_none(), *when));
    let mut table =
        "| semester | `--rules` | course | baseline | target |\n|---|---|---|---|---|\n"
            .to_string();
    for (_, row) in rows {
        table.push_str(&row);
        table.push('\n');
    }
    table
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
fn docs_rules_md_finds_every_presets_semester() {
    let docs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md"))
        .unwrap();
    let section = docs
        .split("\n## Which preset is my semester?\n")
        .nth(1)
        .expect("docs/rules.md has a section 'Which preset is my semester?'");
    let table = semester_table();
    assert!(
        section.contains(&table),
        "docs/rules.md's semester table is not the presets' (a preset or alias added?); it should read:\n{table}"
    );
    // And every semester named there resolves to its preset.
    for line in table.lines().skip(2) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let semester = cells[0].trim_start_matches("| ");
        let preset = cells[1].trim_matches('`');
        assert_eq!(
            hog_solver::Rules::parse(semester).unwrap(),
            hog_solver::Rules::parse(preset).unwrap()
        );
    }
}

#[test]
fn the_docs_count_of_presets_is_hogs() {
    // docs/rules.md says "hog knows N rule sets"; hog rules list has one
    // line per preset under its header.
    let list = hog().args(["rules", "list"]).output().unwrap().stdout;
    let presets = String::from_utf8_lossy(&list).lines().count() - 1;
    assert_eq!(presets, hog_solver::PRESETS.len());
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md"),
    )
    .unwrap();
    assert!(
        docs.contains(&format!("{presets} rule sets")),
        "docs/rules.md does not count {presets} rule sets"
    );
}

#[test]
fn the_docs_name_the_presets_whose_games_can_draw() {
    // A game can be endless, a draw, where a turn can score 0 points: the
    // rules under which grade prints its draw row.
    let can_draw: Vec<&str> = hog_solver::PRESETS
        .iter()
        .filter(|p| p.rules().can_score_zero())
        .map(|p| p.name)
        .collect();
    let (list, and) = (can_draw.join(", "), can_draw.join(" and "));
    for (file, claims) in [
        (
            "docs/guide.md",
            vec![
                format!("whose 0 dice can score 0 points ({list}), the only ones"),
                format!("(in {and} a draw counts 1/2 in it)"),
            ],
        ),
        ("docs/rules.md", vec![format!("**Draws ({list}).**")]),
        (
            "docs/architecture.md",
            vec![format!("**Draws** (the endless games of {and})")],
        ),
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(path).unwrap();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for claim in claims {
            assert!(text.contains(&claim), "{file} should say {claim}");
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
