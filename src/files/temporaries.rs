//! What a signal cleans up, alive now: the temporary files and folders hog
//! made and the process groups of sandboxed programs it started. Each is
//! listed while a [`Registered`] lives; [`super::signals`] ends the groups
//! and removes the paths listed when a signal comes.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// What a signal cleans up: a temporary file or folder, or the process
/// group of a sandboxed python3.
#[derive(Clone, PartialEq)]
pub(super) enum Temporary {
    Path(PathBuf),
    Group(rustix::process::Pid),
}

/// The temporary files, folders and process groups alive now: a signal ends
/// the groups, then removes the files and folders.
static TEMPORARY: Mutex<Vec<Temporary>> = Mutex::new(Vec::new());

pub(super) fn temporary() -> MutexGuard<'static, Vec<Temporary>> {
    TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A path or a process group in [`TEMPORARY`] for as long as this lives.
pub struct Registered(Temporary);

impl Registered {
    /// Registers what `create` made under the lock the signal handler
    /// takes, so no signal falls between making it and registering it.
    pub(super) fn create<T>(
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

    /// Leaves the folder where it is (it was moved into place): nothing is
    /// removed when this is dropped.
    pub fn keep(self) {
        let _ = self.folder.keep();
    }
}

/// A new [`TemporaryFolder`] in the system's temporary folder (see
/// [`temporary_folder_in`]).
pub fn temporary_folder(prefix: &str) -> io::Result<TemporaryFolder> {
    temporary_folder_in(&std::env::temp_dir(), prefix)
}

/// A new [`TemporaryFolder`] in `parent`, named `PREFIX` and six random
/// characters, after removing the folders of that prefix there that no
/// process holds (their hog was killed), of this user's only.
pub fn temporary_folder_in(parent: &Path, prefix: &str) -> io::Result<TemporaryFolder> {
    remove_abandoned(parent, prefix);
    // A folder another hog removed between its making and its locking (as
    // abandoned) is given up for a new one.
    for _ in 0..100 {
        let (folder, registered) = Registered::create(
            || tempfile::Builder::new().prefix(prefix).tempdir_in(parent),
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

/// Removes the folders `PREFIX...` in `parent` that belong to this user
/// and that no process holds locked.
fn remove_abandoned(parent: &Path, prefix: &str) {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(parent) else {
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
