//! The README's examples are real: every `$ ` line of a console block runs,
//! in order, in one scratch folder (with `hog` on the PATH and the repo's
//! `samples/` and `tables/` beside it), and prints exactly the lines that
//! follow it in the README, stdout and stderr together.
//!
//! A runner of our own, not trycmd (which runs `console` blocks of Markdown):
//! trycmd runs each command itself, its arguments split by shlex, with no
//! shell, and the README's examples use one (`> /dev/null`, `| tail -2`, `| cut`,
//! `; echo "exit status $?"`, `cat`, `head`, `python3 -c`); it expects a
//! `? 2` line in the README under every example that exits non-zero, which
//! readers would see; and it runs a file's examples in one scratch folder
//! only with `README.in/` and `README.out/` folders beside README.md, where
//! this runner links the repo's `samples/` and `tables/`. Rewriting the
//! README for trycmd would make the examples worse for readers and save only
//! this small parser and loop.

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

#[test]
fn every_readme_example_prints_what_the_readme_shows() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 20, "the README shows its commands");

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
                "README.md:{}: $ {}\n--- the README shows:\n{}\n--- the command prints:\n{}",
                example.line,
                example.command,
                example.output.join("\n"),
                actual.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
