//! A contest's entries: read before anything of any entry runs, and
//! watched while each one's code runs.
//!
//! Every entry's files are read once, at the start ([`expand_entries`]):
//! a Python entry's module and the files beside it through the sandbox's
//! door, a table's bytes, decoded. Semester detection reads its evidence
//! from the same bytes, and every entry is graded from them, so nothing an
//! entry's code writes (into a classmate's folder, say) changes what
//! another entry is or plays. What such code changed is still seen, and
//! named ([`Watch`]): each entry's files are stamped at the start, and
//! again after each probe of a folder and each entry's run.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::strategies::{extension, Content, Strategy};

/// The strategy files a folder's entries are read from.
const STRATEGY_EXTENSIONS: [&str; 4] = ["py", "csv", "json", "hogtable"];

/// One entry: its name on the leaderboard, its strategy as given, and the
/// strategy as read before anything of any entry ran, or why it cannot be
/// read.
pub struct Entry {
    pub name: String,
    /// The strategy as given: its text, or the name of a policy made
    /// already.
    pub source: String,
    pub strategy: std::result::Result<Strategy, String>,
}

impl Entry {
    /// An entry given as text, read now: why it cannot be read is its
    /// reason to be excluded, without the source the entry already names.
    pub fn read(name: String, text: String) -> Entry {
        let strategy = Strategy::read(&text).map_err(|e| {
            let reason = format!("{e:#}");
            match reason.strip_prefix(&format!("{text}: ")) {
                Some(rest) => rest.to_string(),
                None => reason,
            }
        });
        Entry {
            name,
            source: text,
            strategy,
        }
    }

    /// An entry whose strategy was made already (Python's callables,
    /// arrays and results), named as records name it.
    pub fn made(name: String, strategy: Strategy) -> Entry {
        Entry {
            name,
            source: strategy.name().to_string(),
            strategy: Ok(strategy),
        }
    }

    /// The folder of the entry's Python module, where it is one.
    pub fn folder(&self) -> Option<&Path> {
        let (module, _) = self.strategy.as_ref().ok()?.module()?;
        Some(module.path.parent().unwrap_or(Path::new("")))
    }
}

/// The entries named, read: folders expanded, sorted by name.
pub fn expand_entries(given: &[String]) -> Result<Vec<Entry>> {
    let mut entries = vec![];
    for text in given {
        let path = Path::new(text);
        if !path.is_dir() {
            entries.push(Entry::read(entry_name(text), text.clone()));
            continue;
        }
        let mut found = vec![];
        for item in std::fs::read_dir(path).with_context(|| format!("cannot read {text}"))? {
            let item = item.with_context(|| format!("cannot read {text}"))?;
            let file_name = item.file_name().to_string_lossy().into_owned();
            let inside = item.path();
            if file_name.starts_with('.') {
                continue;
            }
            if inside.is_dir() {
                if inside.join("hog.py").is_file() {
                    let source = inside.join("hog.py").to_string_lossy().into_owned();
                    found.push((file_name, source));
                }
            } else if STRATEGY_EXTENSIONS.contains(&extension(&inside).as_str()) {
                let source = inside.to_string_lossy().into_owned();
                found.push((entry_name(&source), source));
            }
        }
        if found.is_empty() {
            bail!("{text}: a folder with no strategy files (.py, .csv, .json, .hogtable) and no subfolder holding a hog.py");
        }
        found.sort_by(|a, b| a.1.cmp(&b.1));
        entries.extend(
            found
                .into_iter()
                .map(|(name, source)| Entry::read(name, source)),
        );
    }
    Ok(entries)
}

/// A file's name without its extension (`hog.py`: its folder's name); an
/// expression as written.
fn entry_name(text: &str) -> String {
    let path = Path::new(text);
    if !path.is_file() {
        return text.to_string();
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let folder = path
        .parent()
        .and_then(|p| p.file_name())
        .map(|s| s.to_string_lossy().into_owned());
    match (stem.as_deref(), folder) {
        (Some("hog"), Some(folder)) if extension(path) == "py" => folder,
        (Some(stem), _) => stem.to_string(),
        _ => text.to_string(),
    }
}

/// What makes two entries the same: the same file (after links) and
/// function, or the same text (a policy made already is the same as no
/// other entry); and the SHA-256 of a file entry's bytes, as read.
pub(super) struct Identity {
    pub same: String,
    pub digest: Option<[u8; 32]>,
}

impl Identity {
    /// The identity of entry `i`.
    pub fn of(entry: &Entry, i: usize) -> Identity {
        let strategy = entry.strategy.as_ref().ok();
        let file = strategy.and_then(Strategy::file);
        let same = match (strategy, file) {
            (Some(strategy), _) if strategy.is_made() => format!("\0entry {i}"),
            (_, Some(file)) => {
                // A Python entry's function is part of what it is.
                let function = match &file.content {
                    Content::Python { function, .. } => function.as_str(),
                    _ => "",
                };
                match file.path.canonicalize() {
                    Ok(path) => format!("{}:{function}", path.display()),
                    Err(_) => entry.source.trim().to_string(),
                }
            }
            _ => entry.source.trim().to_string(),
        };
        Identity {
            same,
            digest: file.map(|file| file.digest),
        }
    }
}

/// The files of every entry as they were last seen (each file's device,
/// inode, size, and change and modification times: a write changes the
/// change time, which no program sets), to find whose code changed them:
/// a Python entry's folder and the files of it that were read, or a
/// table's file.
pub struct Watch {
    files: Vec<Vec<PathBuf>>,
    seen: Vec<Vec<Option<[i64; 7]>>>,
    /// For each entry, the entries whose files changed while its code ran.
    wrote: Vec<Vec<usize>>,
}

impl Watch {
    /// Stamps the files of `entries`, as read.
    pub fn new(entries: &[Entry]) -> Watch {
        let files: Vec<Vec<PathBuf>> = entries.iter().map(files_of).collect();
        let seen = files.iter().map(|files| stamps(files)).collect();
        Watch {
            wrote: vec![vec![]; files.len()],
            files,
            seen,
        }
    }

    /// After the code of the entries `ran` ran (a probe of their folder,
    /// or an entry's run; none: the baseline's): the other entries whose
    /// files changed since last seen, which each of `ran` is said to have
    /// changed.
    pub fn after(&mut self, ran: &[usize]) -> Vec<usize> {
        let mut changed = vec![];
        for (j, files) in self.files.iter().enumerate() {
            let now = stamps(files);
            if now != self.seen[j] {
                if !ran.contains(&j) {
                    changed.push(j);
                }
                self.seen[j] = now;
            }
        }
        for &i in ran {
            for &j in &changed {
                if !self.wrote[i].contains(&j) {
                    self.wrote[i].push(j);
                }
            }
        }
        changed
    }

    /// The entries whose files changed while the code of entry `i` ran.
    pub fn wrote(&self, i: usize) -> &[usize] {
        &self.wrote[i]
    }
}

/// The files of an entry that its stamps cover.
fn files_of(entry: &Entry) -> Vec<PathBuf> {
    let Some(file) = entry.strategy.as_ref().ok().and_then(Strategy::file) else {
        return vec![];
    };
    match &file.content {
        // The folder too: a file added to it shows in its times.
        Content::Python { module, .. } => {
            let folder = match file.path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            };
            let kept = module.files.iter().map(|(name, _)| folder.join(name));
            std::iter::once(folder.to_path_buf()).chain(kept).collect()
        }
        _ => vec![file.path.clone()],
    }
}

/// Each file's device, inode, size, and change and modification times
/// (seconds and nanoseconds); `None` for a file that cannot be seen.
fn stamps(files: &[PathBuf]) -> Vec<Option<[i64; 7]>> {
    use std::os::unix::fs::MetadataExt;
    files
        .iter()
        .map(|file| {
            let m = file.symlink_metadata().ok()?;
            Some([
                m.dev() as i64,
                m.ino() as i64,
                m.size() as i64,
                m.ctime(),
                m.ctime_nsec(),
                m.mtime(),
                m.mtime_nsec(),
            ])
        })
        .collect()
}
