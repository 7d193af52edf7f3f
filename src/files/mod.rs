//! Files in and out.
//!
//! Inputs (strategy files, policy tables) are read only from regular files:
//! a FIFO, a device or a folder is refused before it is opened, so no input
//! can block hog or feed it without end.
//!
//! Outputs go through the one writer ([`writer`]), which replaces only the
//! files hog wrote ([`seal`]) and writes atomically.
//! SIGINT, SIGTERM and SIGHUP end the sandboxed python3 process groups and
//! remove the temporary files and folders alive at that moment, then end hog
//! as the signal would have.

mod kind;
mod seal;
mod writer;

pub use kind::Kind;
pub use seal::seal as sealed;
pub use writer::{check, check_place, hog_wrote, write};

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
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
/// sandboxed process groups, removes the temporary files and folders, says
/// so in one line on stderr, and exits with status 128 + the signal's
/// number (130 for SIGINT, Ctrl-C), as a shell reports a command it ended.
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
            let name = match signal {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            // Nothing is left to tell if stderr fails.
            let _ = writeln!(
                io::stderr(),
                "\nstopped by {name}: no file was left half-written"
            );
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// What hog puts in the files it writes, beside their seal ([`seal`]): a
/// module's first line, a table's header, a picture's comment, a page's
/// generator tag, a PNG's text chunk, a contest cache's magic line.
pub mod marks {
    /// The first line of a module `hog export` writes.
    pub const PYTHON: &str = "\"\"\"final_strategy for Hog, exported by the hog solver.";
    /// The header of a CSV table `hog export` writes.
    pub const CSV_TABLE: &str = "score\\opponent,";
    /// The header of `hog contest -o FILE.csv`.
    pub const CONTEST_CSV_HEADER: [&str; 8] = [
        "rank",
        "points",
        "win_rate_vs_baseline",
        "name",
        "source",
        "status",
        "reason",
        "note",
    ];
    /// The first line of an SVG picture.
    pub const SVG: &str = "<!-- drawn by hog -->";
    /// In the head of every page.
    pub const HTML: &str = "<meta name=\"generator\" content=\"hog\">";
    /// A PNG's text chunk: keyword and text.
    pub const PNG: (&str, &str) = ("Software", "hog");
    /// A contest cache: its first line, the size of a record (two 16-byte
    /// keys and three f64), and of its closing HMAC-SHA256.
    pub const CONTEST_CACHE: &[u8] = b"hog contest cache 3\n";
    pub const CONTEST_CACHE_RECORD: usize = 16 + 16 + 3 * 8;
    pub const CONTEST_CACHE_SIGNATURE: usize = 32;
}

/// Opens `path` to read, never through a symbolic link (`O_NOFOLLOW`: a
/// link fails with ELOOP) and without blocking (a FIFO cannot hang hog):
/// the caller checks what the opened file is.
pub fn open_unfollowed(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
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

/// Builds a folder's whole contents in a temporary folder beside it
/// (`.NAME.hog-tmp-XXXXXX`), then swaps it in: the old folder is renamed
/// aside, the new one into place, and the old one removed. The folder is
/// never a mix of the two; a signal waits until the swap is done.
pub fn replace_folder(dir: &Path, build: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    let name = dir.display();
    if std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
        bail!("{name} is a symbolic link: hog never writes through a link");
    }
    let target = dir;
    let parent = folder_of(target);
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let prefix = temporary_prefix(target);
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
        std::fs::rename(target, old.path()).with_context(|| format!("cannot replace {name}"))?;
        std::fs::rename(staging.path(), target)
            .with_context(|| format!("cannot replace {name}"))?;
        old.close()
            .with_context(|| format!("cannot remove the old {name}"))?;
    } else {
        std::fs::rename(staging.path(), target).with_context(|| format!("cannot write {name}"))?;
    }
    // Already moved: nothing is left to delete.
    let _ = staging.keep();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in a folder, sorted.
    pub(super) fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
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
