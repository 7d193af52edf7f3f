//! `hog contest ... -o board.html --pages DIR`: each graded entry's policy
//! page (as `hog heatmap ENTRY -o page.html` writes it, against the
//! contest's baseline) in DIR, linked from its row of the leaderboard.

use std::path::{Component, Path};

use anyhow::{bail, Context, Result};
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules};

use super::output::{Output, Report};
use crate::cli::ContestArgs;
use crate::cmd::page::{self, Subject};

/// Refuses, before any entry runs, pages without an HTML leaderboard to
/// link them from, and pages of a game no page can carry.
pub(super) fn check(
    args: &ContestArgs,
    output: Option<Output>,
    rules: &Rules,
    goal: u32,
) -> Result<()> {
    let Some(dir) = &args.pages else {
        return Ok(());
    };
    if !matches!(output, Some(Output::Html)) {
        bail!(
            "--pages {}: the pages are linked from the HTML leaderboard: give -o FILE.html too",
            dir.display()
        );
    }
    page::check(dir, rules, goal)
}

/// Writes the page of every entry with a policy (`policies[i]` is that of
/// `report.entries[i]`, None for an excluded one) into `dir`, named by its
/// place on the leaderboard and its name; returns each entry's link, as
/// the leaderboard at `board` reaches it.
pub(super) fn write(
    dir: &Path,
    board: &Path,
    model: &Model,
    report: &Report,
    policies: &[Option<&Policy>],
    against: (&str, &Policy),
) -> Result<Vec<Option<String>>> {
    std::fs::create_dir_all(dir).with_context(|| format!("--pages {}", dir.display()))?;
    let base = link_to(dir, board)?;
    let engine = Engine::<f64>::new(model, Driver::Parallel);
    let bound = page::bound(&engine, against.1);
    let mut links = Vec::new();
    for (place, (entry, policy)) in report.entries.iter().zip(policies).enumerate() {
        let Some(policy) = policy else {
            links.push(None);
            continue;
        };
        let file = format!("{}-{}.html", place + 1, slug(&entry.name));
        let name = if entry.name == entry.source {
            entry.name.clone()
        } else {
            format!("{} ({})", entry.name, entry.source)
        };
        let subject = Subject {
            strategy: (&name, policy),
            against,
            other: None,
        };
        page::write(&dir.join(&file), model, &engine, &subject, bound)?;
        links.push(Some(format!("{base}{file}")));
    }
    Ok(links)
}

/// A name as part of a file name: letters, digits, '-' and '_' kept, any
/// other character '_', at most 40 of them.
fn slug(name: &str) -> String {
    name.chars()
        .take(40)
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '_' => c,
            _ => '_',
        })
        .collect()
}

/// The link prefix (ending in '/') from the folder of the page at `board` to
/// `dir`: relative where `dir` is inside that folder, else a file:// URL.
fn link_to(dir: &Path, board: &Path) -> Result<String> {
    let folder = match board.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let canonical = |p: &Path| p.canonicalize().with_context(|| p.display().to_string());
    let (dir, folder) = (canonical(dir)?, canonical(folder)?);
    let encode = |path: &Path| -> String {
        let parts: Vec<String> = path
            .components()
            .filter_map(|c| match c {
                Component::Normal(part) => Some(escape(&part.to_string_lossy())),
                _ => None,
            })
            .collect();
        parts.iter().map(|p| format!("{p}/")).collect()
    };
    Ok(match dir.strip_prefix(&folder) {
        Ok(inside) => encode(inside),
        Err(_) => format!("file:///{}", encode(&dir)),
    })
}

/// A path segment for a URL: the characters a URL reads specially, escaped.
fn escape(part: &str) -> String {
    part.chars()
        .map(|c| match c {
            '%' | ' ' | '#' | '?' | '"' | '<' | '>' | '\\' | '&' | '\'' => {
                let mut bytes = [0; 4];
                c.encode_utf8(&mut bytes)
                    .bytes()
                    .map(|b| format!("%{b:02X}"))
                    .collect()
            }
            c => c.to_string(),
        })
        .collect()
}
