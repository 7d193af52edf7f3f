//! Files in and out.
//!
//! Inputs (strategy files, policy tables) are read only from regular files:
//! a FIFO, a device or a folder is refused before it is opened, so no input
//! can block hog or feed it without end.
//!
//! Outputs are written atomically: into a temporary file beside the target,
//! named `.NAME.hog-tmp-XXXXXX`, synced, then renamed over it, so a crash
//! never leaves half a file; a new file gets the ordinary permissions
//! rw-r--r-- on Unix, a replaced one keeps its mode. A symlink is followed,
//! and the temporary file goes beside its target. `-` is stdout, and a destination that is no regular file (a
//! device, a FIFO) is written directly: only a regular file is ever replaced.
//! SIGINT, SIGTERM and SIGHUP end the sandboxed python3 process groups and
//! remove the temporary files and folders alive at that moment, then end hog
//! as the signal would have.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::{Mutex, MutexGuard, PoisonError};

use anyhow::{bail, Context, Result};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// What a signal cleans up: a temporary file or folder, or the process
/// group of a sandboxed python3.
#[derive(Clone, PartialEq)]
enum Temporary {
    Path(PathBuf),
    Group(rustix::process::Pid),
}

/// The temporary files, folders and process groups alive now: a signal ends
/// the groups, then removes the files and folders.
static TEMPORARY: Mutex<Vec<Temporary>> = Mutex::new(Vec::new());

fn temporary() -> MutexGuard<'static, Vec<Temporary>> {
    TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A path or a process group in [`TEMPORARY`] for as long as this lives.
pub struct Registered(Temporary);

impl Registered {
    /// Registers what `create` made under the lock the signal handler
    /// takes, so no signal falls between making it and registering it.
    fn create<T>(
        create: impl FnOnce() -> io::Result<T>,
        item: impl Fn(&T) -> Temporary,
    ) -> io::Result<(T, Registered)> {
        let mut list = temporary();
        let made = create()?;
        let item = item(&made);
        list.push(item.clone());
        Ok((made, Registered(item)))
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        temporary().retain(|p| *p != self.0);
    }
}

/// A folder in the system's temporary folder, removed when dropped and by a
/// signal, and locked (`flock`) for as long as it lives. A hog killed by
/// SIGKILL removes nothing: the lock goes with its last process, so the
/// next [`temporary_folder`] of the same prefix removes the folder then.
pub struct TemporaryFolder {
    folder: tempfile::TempDir,
    _lock: File,
    _registered: Registered,
}

impl TemporaryFolder {
    pub fn path(&self) -> &Path {
        self.folder.path()
    }
}

/// A new [`TemporaryFolder`] named `PREFIX` and six random characters,
/// after removing the folders of that prefix that no process holds (their
/// hog was killed), of this user's only.
pub fn temporary_folder(prefix: &str) -> io::Result<TemporaryFolder> {
    remove_abandoned(prefix);
    // A folder another hog removed between its making and its locking (as
    // abandoned) is given up for a new one.
    for _ in 0..100 {
        let (folder, registered) = Registered::create(
            || tempfile::Builder::new().prefix(prefix).tempdir(),
            |t| Temporary::Path(t.path().to_path_buf()),
        )?;
        let Ok(lock) = open_folder(folder.path()) else {
            continue;
        };
        if try_lock(&lock) && same_file(&lock, folder.path()) {
            return Ok(TemporaryFolder {
                folder,
                _lock: lock,
                _registered: registered,
            });
        }
    }
    Err(io::Error::other(format!(
        "cannot make a folder {prefix}... that stays: another process removes them"
    )))
}

/// Removes the folders `PREFIX...` in the system's temporary folder that
/// belong to this user and that no process holds locked.
fn remove_abandoned(prefix: &str) {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    let user = rustix::process::geteuid().as_raw();
    for entry in entries.flatten() {
        let path = entry.path();
        let ours = entry.file_name().to_string_lossy().starts_with(prefix)
            && path
                .symlink_metadata()
                .is_ok_and(|m| m.is_dir() && m.uid() == user);
        let Some(lock) = ours.then(|| open_folder(&path).ok()).flatten() else {
            continue;
        };
        if try_lock(&lock) && same_file(&lock, &path) {
            let _ = std::fs::remove_dir_all(&path);
        }
    }
}

/// Takes the exclusive lock (`flock`) of an open file, if no one holds it.
fn try_lock(file: &File) -> bool {
    use std::os::fd::AsRawFd;
    // SAFETY: flock(2) on a descriptor that `file` keeps open.
    unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) == 0 }
}

/// A folder opened to be locked, never through a symlink.
fn open_folder(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW)
        .open(path)
}

/// Whether `path` is still the folder `file` has open.
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), path.symlink_metadata()) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Starts a child that leads a process group of its own (its pid is the
/// group's id), which a signal ends (SIGKILL) for as long as the
/// registration lives.
pub fn spawn_group(command: &mut std::process::Command) -> io::Result<(Child, Registered)> {
    Registered::create(
        || command.spawn(),
        |child| Temporary::Group(rustix::process::Pid::from_child(child)),
    )
}

/// Starts the thread that, on SIGINT, SIGTERM or SIGHUP, ends the
/// sandboxed process groups, removes the temporary files and folders, and
/// ends hog as the signal would have.
pub fn remove_temporaries_on_signals() -> Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Held until the end: nothing is created or renamed after this.
            let list = temporary();
            // First the processes, which could write into the folders.
            for item in list.iter() {
                if let Temporary::Group(group) = item {
                    let _ =
                        rustix::process::kill_process_group(*group, rustix::process::Signal::KILL);
                }
            }
            for item in list.iter() {
                let Temporary::Path(path) = item else {
                    continue;
                };
                // The other threads run on meanwhile, and a rename inside a
                // folder can slip between listing and removing its files:
                // try again until the path is gone.
                for _ in 0..100 {
                    let _ = std::fs::remove_file(path).or_else(|_| std::fs::remove_dir_all(path));
                    if path.symlink_metadata().is_err() {
                        break;
                    }
                }
            }
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// How hog marks the files it writes, so that `-o` can tell them from a
/// student's work: each begins with its kind's mark (an SVG with a comment,
/// a policy table with its magic), an HTML page names hog as its generator
/// in its head, and a PNG holds a `Software: hog` text chunk.
pub mod marks {
    /// The first line of a module `hog export` writes.
    pub const PYTHON: &str = "\"\"\"final_strategy for Hog, exported by the hog solver.";
    /// The header of a CSV table `hog export` writes.
    pub const CSV_TABLE: &str = "score\\opponent,";
    /// The start of a JSON table `hog export` writes.
    pub const JSON_TABLE: &str = "{\n  \"rules\": ";
    /// The start of `hog contest -o FILE.json` and `FILE.csv`.
    pub const CONTEST_JSON: &str = "{\"rules\":\"";
    pub const CONTEST_CSV: &str = "rank,points,win_rate_vs_baseline,";
    /// The first line of an SVG picture.
    pub const SVG: &str = "<!-- drawn by hog -->";
    /// In the head of every page.
    pub const HTML: &str = "<meta name=\"generator\" content=\"hog\">";
    /// A PNG's text chunk: keyword and text.
    pub const PNG: (&str, &str) = ("Software", "hog");
}

/// How much of an existing file is read to find hog's mark.
const MARK_BYTES: u64 = 4096;

/// Whether the existing file at `path` (its target, through symlinks) is
/// one hog wrote (see [`marks`]), or empty: a file hog may replace. A file
/// that cannot be read counts as hog's only if it does not exist.
pub fn hog_wrote(path: &Path) -> bool {
    let Ok(metadata) = std::fs::metadata(path) else {
        return true;
    };
    if !metadata.is_file() || metadata.len() == 0 {
        return true;
    }
    let mut head = Vec::new();
    let read = File::open(path).and_then(|file| file.take(MARK_BYTES).read_to_end(&mut head));
    if read.is_err() {
        return false;
    }
    let starts = |mark: &[u8]| head.starts_with(mark);
    let holds = |mark: &[u8]| head.windows(mark.len()).any(|w| w == mark);
    let png_text = [marks::PNG.0.as_bytes(), b"\0", marks::PNG.1.as_bytes()].concat();
    starts(&hog_solver::table::MAGIC[..])
        || [
            marks::PYTHON,
            marks::CSV_TABLE,
            marks::JSON_TABLE,
            marks::CONTEST_JSON,
            marks::CONTEST_CSV,
            marks::SVG,
        ]
        .iter()
        .any(|mark| starts(mark.as_bytes()))
        || (starts(b"<!DOCTYPE html>") && holds(marks::HTML.as_bytes()))
        || (starts(b"\x89PNG") && holds(&png_text))
}

/// Refuses, before any work, to replace an existing file that hog did not
/// write (a student's `hog.py` above all), unless `force`.
pub fn check_replaceable(path: &Path, force: bool) -> Result<()> {
    if force || path == Path::new("-") || hog_wrote(path) {
        return Ok(());
    }
    let name = path.display();
    if path.file_name().is_some_and(|n| n == "hog.py") {
        bail!(
            "{name} exists and is your project's module, not a file hog wrote: write to a new \
             name (-o final.py), or give --force to replace it"
        );
    }
    bail!(
        "{name} exists and hog did not write it (it has none of the marks hog's files carry): \
         write to a new name, or give --force to replace it"
    )
}

/// Opens an input file, refusing anything but a regular file.
pub fn open_input(path: &Path) -> Result<File> {
    let name = path.display();
    let metadata = std::fs::metadata(path).with_context(|| format!("cannot read {name}"))?;
    if !metadata.is_file() {
        bail!(
            "{name} is {}, not a regular file: hog reads strategies and tables only from regular files",
            kind(&metadata)
        );
    }
    File::open(path).with_context(|| format!("cannot read {name}"))
}

/// What kind of file this is, in words.
pub fn kind(metadata: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let file_type = metadata.file_type();
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if metadata.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

/// The path a chain of symlinks ends at (the path itself if it is none).
fn follow_symlinks(path: &Path) -> Result<PathBuf> {
    let mut path = path.to_path_buf();
    // Linux's own limit on a chain of symlinks.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)
                    .with_context(|| format!("cannot follow the symlink {}", path.display()))?;
                path = folder_of(&path).join(target);
            }
            _ => return Ok(path),
        }
    }
    bail!(
        "cannot write {}: too many levels of symlinks",
        path.display()
    )
}

/// The folder a path is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// A temporary name's prefix beside `path`: `.NAME.hog-tmp-`.
fn temporary_prefix(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or("output".into(), |n| n.to_string_lossy());
    format!(".{name}.hog-tmp-")
}

/// Checks, before the work, that `path` can be written as
/// [`write_atomically`] writes it: not a folder, and a temporary file can be
/// made beside its target.
pub fn check_writable(path: &Path) -> Result<()> {
    let name = path.display();
    if path == Path::new("-") {
        return Ok(());
    }
    let target = follow_symlinks(path)?;
    match std::fs::metadata(&target) {
        Ok(metadata) if metadata.is_dir() => bail!("cannot write {name}: it is a folder"),
        Ok(metadata) if !metadata.is_file() => return Ok(()),
        _ => {}
    }
    let folder = folder_of(&target);
    if !folder.is_dir() {
        bail!(
            "cannot write {name}: there is no folder {} to write it in",
            folder.display()
        );
    }
    tempfile::Builder::new()
        .prefix(&temporary_prefix(&target))
        .tempfile_in(folder)
        .with_context(|| {
            format!(
                "cannot write {name}: cannot write into {}",
                folder.display()
            )
        })?;
    Ok(())
}

pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let name = path.display();
    if path == Path::new("-") {
        let mut out = io::stdout().lock();
        write(&mut out).context("cannot write to stdout")?;
        return out.flush().context("cannot write to stdout");
    }
    let target = follow_symlinks(path)?;
    match std::fs::metadata(&target) {
        Ok(metadata) if metadata.is_dir() => bail!("cannot write {name}: it is a folder"),
        Ok(metadata) if !metadata.is_file() => {
            // A device or a FIFO: written as a shell's `>` would, never replaced.
            let file = OpenOptions::new()
                .write(true)
                .open(&target)
                .with_context(|| format!("cannot write {name}"))?;
            let mut out = BufWriter::new(file);
            write(&mut out).with_context(|| format!("cannot write {name}"))?;
            return out.flush().with_context(|| format!("cannot write {name}"));
        }
        _ => {}
    }
    let folder = folder_of(&target);
    let prefix = temporary_prefix(&target);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    // A temporary file is private (0600); the output is an ordinary file,
    // or keeps the mode of the file it replaces.
    #[cfg(unix)]
    builder.permissions(match std::fs::metadata(&target) {
        Ok(metadata) => metadata.permissions(),
        Err(_) => std::os::unix::fs::PermissionsExt::from_mode(0o644),
    });
    let (temporary, _registered) = Registered::create(
        || builder.tempfile_in(folder),
        |t| Temporary::Path(t.path().to_path_buf()),
    )
    .with_context(|| format!("cannot write into {}", folder.display()))?;
    let mut out = BufWriter::new(temporary);
    write(&mut out).with_context(|| format!("cannot write {name}"))?;
    let temporary = out
        .into_inner()
        .map_err(|e| e.into_error())
        .with_context(|| format!("cannot write {name}"))?;
    // On disk before the rename, so the new name never points at lost data.
    temporary
        .as_file()
        .sync_all()
        .with_context(|| format!("cannot write {name}"))?;
    temporary
        .persist(&target)
        .with_context(|| format!("cannot write {name}"))?;
    Ok(())
}

/// Builds a folder's whole contents in a temporary folder beside it
/// (`.NAME.hog-tmp-XXXXXX`), then swaps it in: the old folder is renamed
/// aside, the new one into place, and the old one removed. The folder is
/// never a mix of the two; a signal waits until the swap is done.
pub fn replace_folder(dir: &Path, build: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    let name = dir.display();
    let target = follow_symlinks(dir)?;
    let parent = folder_of(&target);
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let prefix = temporary_prefix(&target);
    let (staging, _registered) = Registered::create(
        || tempfile::Builder::new().prefix(&prefix).tempdir_in(parent),
        |t| Temporary::Path(t.path().to_path_buf()),
    )
    .with_context(|| format!("cannot write into {}", parent.display()))?;
    build(staging.path())?;
    let _list = temporary();
    if target.exists() {
        let old = tempfile::Builder::new()
            .prefix(&format!("{prefix}old-"))
            .tempdir_in(parent)
            .with_context(|| format!("cannot write into {}", parent.display()))?;
        std::fs::rename(&target, old.path()).with_context(|| format!("cannot replace {name}"))?;
        std::fs::rename(staging.path(), &target)
            .with_context(|| format!("cannot replace {name}"))?;
        old.close()
            .with_context(|| format!("cannot remove the old {name}"))?;
    } else {
        std::fs::rename(staging.path(), &target).with_context(|| format!("cannot write {name}"))?;
    }
    // Already moved: nothing is left to delete.
    let _ = staging.keep();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_temporary_file_is_named_for_its_target_registered_and_gone_after() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("t.hogtable");
        write_atomically(&target, |w| {
            let during = names(dir.path());
            assert_eq!(during.len(), 1);
            assert!(during[0].starts_with(".t.hogtable.hog-tmp-"), "{during:?}");
            let path = Temporary::Path(dir.path().join(&during[0]));
            assert!(temporary().contains(&path));
            Ok(w.write_all(b"table")?)
        })
        .unwrap();
        assert_eq!(names(dir.path()), ["t.hogtable"]);
        assert_eq!(std::fs::read(&target).unwrap(), b"table");
        assert!(!temporary()
            .iter()
            .any(|p| matches!(p, Temporary::Path(p) if p.starts_with(dir.path()))));
    }

    #[test]
    fn a_folder_is_replaced_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("set");
        let write = |name: &'static str| {
            move |staging: &Path| Ok(std::fs::write(staging.join(name), name)?)
        };
        replace_folder(&set, write("a")).unwrap();
        replace_folder(&set, write("b")).unwrap();
        assert_eq!(names(&set), ["b"]);
        let failed = replace_folder(&set, |staging| {
            std::fs::write(staging.join("c"), "c")?;
            bail!("stopped")
        });
        assert!(failed.is_err());
        assert_eq!(names(&set), ["b"]);
        assert_eq!(names(dir.path()), ["set"]);
    }
}
