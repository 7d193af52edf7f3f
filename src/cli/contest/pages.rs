//! `hog contest ... -o board.html --pages DIR`: each graded entry's policy
//! page (as `hog heatmap ENTRY -o page.html` writes it, against the
//! contest's baseline) in DIR, linked from its row of the leaderboard.

use std::ffi::{OsStr, OsString};
use std::path::{Component, Path, PathBuf};

use anyhow::{bail, Context, Result};
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules};

use super::output::Output;
use crate::cli::args::ContestArgs;
use crate::files::{self, Folder};
use crate::ops::contest::Report;
use crate::ops::page::{self, Subject};

/// The pages' folder as [`check`] found it, before any entry ran: the
/// folder above it, opened then, and its name there (None: `--pages .`,
/// the folder itself). The pages' own folder is made (where missing) and
/// opened when they are written, never through a link, and every page is
/// written relative to it: an entry that swapped the folder, or one above
/// it, for a link while it ran has no page written through that link.
pub(super) struct Pages {
    dir: PathBuf,
    above: Folder,
    name: Option<OsString>,
}

impl Pages {
    /// The pages' folder, opened once.
    fn open(&self) -> Result<Folder> {
        let dir = &self.dir;
        let Some(name) = &self.name else {
            return Folder::open(dir).with_context(|| format!("--pages {}", dir.display()));
        };
        self.above.child(name).map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP | libc::ENOTDIR) => anyhow::anyhow!(
                "--pages {} is no longer a folder (it became a symbolic link or a file while \
                 the entries ran): hog never writes a page through a link",
                dir.display()
            ),
            _ => anyhow::Error::new(e).context(format!("--pages {}", dir.display())),
        })
    }
}

/// Refuses, before any entry runs, pages without an HTML leaderboard to
/// link them from, and pages of a game no page can carry; opens the folder
/// above the pages' folder (see [`Pages`]).
pub(super) fn check(
    args: &ContestArgs,
    output: Option<Output>,
    rules: &Rules,
    goal: u32,
) -> Result<Option<Pages>> {
    let Some(dir) = &args.pages else {
        return Ok(None);
    };
    if !matches!(output, Some(Output::Html)) {
        bail!(
            "--pages {}: the pages are linked from the HTML leaderboard: give -o FILE.html too",
            dir.display()
        );
    }
    page::check(dir, rules, goal)?;
    check_folder(dir, args.force)?;
    let name = dir.file_name().map(OsStr::to_os_string);
    let above = match name {
        Some(_) => files::folder_of(dir),
        None => dir.as_path(),
    };
    let above = Folder::open(above).with_context(|| {
        format!(
            "--pages {}: there is no folder {} to make it in",
            dir.display(),
            above.display()
        )
    })?;
    Ok(Some(Pages {
        dir: dir.clone(),
        above,
        name,
    }))
}

/// Refuses, before any entry runs, a pages folder that is a link, or that
/// holds a link or a page hog did not write (its names come from entries
/// that students name), unless --force; with --force a link is still
/// refused, since no page is ever written through one.
fn check_folder(dir: &Path, force: bool) -> Result<()> {
    let name = dir.display();
    match std::fs::symlink_metadata(dir) {
        Err(_) => return Ok(()),
        Ok(m) if m.file_type().is_symlink() => {
            bail!("--pages {name} is a symbolic link: hog never writes through a link")
        }
        Ok(m) if !m.is_dir() => bail!("--pages {name} is not a folder"),
        Ok(_) => {}
    }
    for entry in std::fs::read_dir(dir).with_context(|| format!("--pages {name}"))? {
        let path = entry.with_context(|| format!("--pages {name}"))?.path();
        let is_link = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
        let is_page = path.extension().is_some_and(|e| e == "html");
        if is_link && is_page {
            bail!(
                "--pages {name}: {} is a symbolic link, and hog never writes a page through a \
                 link: remove it, or give another folder",
                path.display()
            );
        }
        if is_page && !force && !files::hog_wrote(&path) {
            bail!(
                "--pages {name}: {} is a page hog did not write (or one edited since): give an \
                 empty folder, or --force to replace such pages",
                path.display()
            );
        }
    }
    Ok(())
}

/// Writes the page of every entry with a policy (`policies[i]` is that of
/// `report.entries[i]`, None for an excluded one) into `dir`, named by its
/// rank on the leaderboard (tied entries share it) and its name, each
/// linking back to the leaderboard; returns each entry's link, as the
/// leaderboard at `board` reaches it.
pub(super) fn write(
    pages: &Pages,
    board: &Path,
    model: &Model,
    report: &Report,
    policies: &[Option<&Policy>],
    against: (&str, &Policy),
    force: bool,
) -> Result<Vec<Option<String>>> {
    let folder = pages.open()?;
    let dir = &pages.dir;
    let board_folder = folder_of(board);
    let base = link_to(board_folder, dir)?;
    let board_name = board.file_name().context("-o names a file")?;
    let back = format!(
        "{}{}",
        link_to(dir, board_folder)?,
        escape(&board_name.to_string_lossy())
    );
    let mut files = std::collections::HashSet::new();
    let engine = Engine::<f64>::new(model, Driver::Parallel);
    let best = page::best(&engine, against.1);
    let mut links = Vec::new();
    for (entry, policy) in report.entries.iter().zip(policies) {
        let (Some(policy), Some(rank)) = (policy, entry.rank) else {
            links.push(None);
            continue;
        };
        // Two names of one slug at one rank: the second page numbered.
        let stem = format!("{rank}-{}", slug(&entry.name));
        let file = (1..)
            .map(|n| match n {
                1 => format!("{stem}.html"),
                n => format!("{stem}-{n}.html"),
            })
            .find(|file| files.insert(file.clone()))
            .expect("a free name");
        let name = if entry.name == entry.source {
            entry.name.clone()
        } else {
            format!("{} ({})", entry.name, entry.source)
        };
        let subject = Subject {
            strategy: (&name, policy),
            against,
            other: None,
            semester: report.semester.as_deref(),
            board: Some(&back),
        };
        let place = files::Place::In(&folder, OsStr::new(&file));
        page::write(place, model, &engine, &subject, best, force)?;
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

/// The folder of the file at `path`.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The link prefix (ending in '/', or empty) from the folder `from` to the
/// folder `to`: relative where one is inside the other, else a file:// URL.
fn link_to(from: &Path, to: &Path) -> Result<String> {
    let canonical = |p: &Path| p.canonicalize().with_context(|| p.display().to_string());
    let (to, from) = (canonical(to)?, canonical(from)?);
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
    Ok(match (to.strip_prefix(&from), from.strip_prefix(&to)) {
        (Ok(inside), _) => encode(inside),
        (_, Ok(inside)) => "../".repeat(inside.components().count()),
        _ => format!("file:///{}", encode(&to)),
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
