//! The documentation's examples are real: every `$ ` line of a console
//! block in README.md and in each page of `docs/` runs, in order, in a
//! scratch folder of that file's own (with `hog` on the PATH and the repo's
//! `samples/` and `tables/` beside it), and prints exactly the lines that
//! follow it in the file, stdout and stderr together. A page added to
//! `docs/` is covered without further set-up.
//!
//! A runner of our own, not trycmd (which runs `console` blocks of Markdown):
//! trycmd runs each command itself, its arguments split by shlex, with no
//! shell, and the examples use one (`> /dev/null`, `| tail -2`, `| cut`,
//! `; echo "exit status $?"`, `cat`, `head`, `python3 -c`); it expects a
//! `? 2` line under every example that exits non-zero, which readers would
//! see; and it runs a file's examples in one scratch folder only with
//! `FILE.in/` and `FILE.out/` folders beside each page, where this runner
//! links the repo's `samples/` and `tables/`. Rewriting the pages for
//! trycmd would make the examples worse for readers and save only this
//! small parser and loop.

use std::path::Path;
use std::process::Command;

/// One `$ command` of the README and the output written under it.
struct Example {
    line: usize,
    command: String,
    output: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = vec![];
    let mut in_console = false;
    // Whether the lines that follow are the output of the last example:
    // lines of a console block before its first `$` are not.
    let mut in_output = false;
    // A block inside a list item is indented; its lines lose that indent.
    let mut indent = 0;
    for (index, raw) in readme.lines().enumerate() {
        if raw.trim_start().starts_with("```") {
            in_console = raw.trim_start() == "```console";
            indent = raw.len() - raw.trim_start().len();
            in_output = false;
            continue;
        }
        if !in_console {
            continue;
        }
        let line = raw.get(indent..).unwrap_or("");
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: index + 1,
                command: command.to_string(),
                output: vec![],
            });
            in_output = true;
        } else if in_output {
            let example = examples.last_mut().expect("an example precedes its output");
            example.output.push(line.to_string());
        }
    }
    for example in &mut examples {
        while example.output.last().is_some_and(|l| l.is_empty()) {
            example.output.pop();
        }
    }
    examples
}

fn link(from: &Path, to: &Path) {
    std::os::unix::fs::symlink(from, to).unwrap();
}

/// Runs every example of one Markdown file, in order, in a scratch folder
/// of its own; returns how many there were and a report of each example
/// that printed something else.
fn run_examples(file: &Path) -> (usize, Vec<String>) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(file).unwrap();
    let examples = examples(&text);
    let name = file
        .strip_prefix(repo)
        .unwrap_or(file)
        .display()
        .to_string();

    let scratch = tempfile::tempdir().unwrap();
    let bin = scratch.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    link(Path::new(env!("CARGO_BIN_EXE_hog")), &bin.join("hog"));
    for folder in ["samples", "tables"] {
        link(&repo.join(folder), &scratch.path().join(folder));
    }
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());

    let mut failures = vec![];
    for example in &examples {
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("{{ {}\n}} 2>&1", example.command))
            .current_dir(scratch.path())
            .env("PATH", &path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        let actual: Vec<&str> = text.trim_end().lines().collect();
        if actual != example.output {
            failures.push(format!(
                "{name}:{}: $ {}\n--- the file shows:\n{}\n--- the command prints:\n{}",
                example.line,
                example.command,
                example.output.join("\n"),
                actual.join("\n")
            ));
        }
    }
    (examples.len(), failures)
}

#[test]
fn every_readme_example_prints_what_the_readme_shows() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let (count, failures) = run_examples(&readme);
    assert!(
        count >= 10,
        "the README shows its commands ({count} examples)"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_docs_example_prints_what_the_page_shows() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut pages: Vec<_> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    let mut failures = vec![];
    let mut guide = 0;
    for page in &pages {
        let (count, mut failed) = run_examples(page);
        if page.ends_with("guide.md") {
            guide = count;
        }
        failures.append(&mut failed);
    }
    assert!(
        guide >= 40,
        "the guide shows every command ({guide} examples)"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
