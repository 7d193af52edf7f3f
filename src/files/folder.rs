//! A folder hog writes into, opened once: every output in it is looked at,
//! made and renamed into place by name relative to the open folder (the
//! `*at` system calls), so that a link swapped in later for the folder, or
//! for a folder above it, redirects nothing.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use rustix::fs::{AtFlags, Mode, OFlags, RenameFlags};
use rustix::io::Errno;

use super::temporaries::{Registered, Temporary};

/// An open folder, and the path it was opened by (for messages: empty for
/// the working folder of a bare name, which then shows as given).
pub struct Folder {
    fd: OwnedFd,
    path: PathBuf,
}

impl Folder {
    /// The folder at `path` (links on the way followed, as the user named
    /// it; an empty path is the working folder).
    pub fn open(path: &Path) -> io::Result<Folder> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let opened = if path.as_os_str().is_empty() {
            Path::new(".")
        } else {
            path
        };
        Ok(Folder {
            fd: rustix::fs::open(opened, flags, Mode::empty())?,
            path: path.to_path_buf(),
        })
    }

    /// The folder `name` in this one, made where it is missing, and never
    /// through a link: a link there fails (ELOOP, or ENOTDIR).
    pub fn child(&self, name: &OsStr) -> io::Result<Folder> {
        match rustix::fs::mkdirat(&self.fd, name, Mode::from_raw_mode(0o777)) {
            Ok(()) | Err(Errno::EXIST) => {}
            Err(e) => return Err(e.into()),
        }
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        Ok(Folder {
            fd: rustix::fs::openat(&self.fd, name, flags, Mode::empty())?,
            path: self.path.join(name),
        })
    }

    /// The path of `name` in this folder, for messages.
    pub fn join(&self, name: &OsStr) -> PathBuf {
        self.path.join(name)
    }

    /// What is at `name` now (a link is a link), or None.
    pub(super) fn look(&self, name: &OsStr) -> io::Result<Option<std::fs::Metadata>> {
        let flags = OFlags::PATH | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        match rustix::fs::openat(&self.fd, name, flags, Mode::empty()) {
            Ok(fd) => File::from(fd).metadata().map(Some),
            Err(Errno::NOENT) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// `name` opened with `flags`, never through a link and without
    /// blocking (a FIFO cannot hang hog): the caller checks what it is.
    pub(super) fn open_at(&self, name: &OsStr, flags: OFlags) -> io::Result<File> {
        let flags = flags | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
        Ok(rustix::fs::openat(&self.fd, name, flags, Mode::empty())?.into())
    }

    /// A new file `.NAME.hog-tmp-XXXXXX` beside `name` (six random
    /// letters and digits), made with `mode` (less the umask) and listed for
    /// a signal to remove; removed when dropped unless put in place.
    pub(super) fn temporary(&self, name: &OsStr, mode: u32) -> io::Result<TemporaryFile<'_>> {
        let prefix = [b".", name.as_bytes(), b".hog-tmp-"].concat();
        let flags =
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        for _ in 0..100 {
            let temporary =
                OsStr::from_bytes(&[&prefix[..], &random_letters()?].concat()).to_owned();
            let made = Registered::create(
                || {
                    Ok(rustix::fs::openat(
                        &self.fd,
                        &temporary,
                        flags,
                        Mode::from_raw_mode(mode),
                    )?)
                },
                |_| Temporary::Path(self.join(&temporary)),
            );
            match made {
                Ok((fd, registered)) => {
                    return Ok(TemporaryFile {
                        folder: self,
                        name: temporary,
                        file: fd.into(),
                        placed: false,
                        _registered: registered,
                    })
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::other("no free temporary name"))
    }
}

/// Six random letters and digits.
fn random_letters() -> io::Result<[u8; 6]> {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut bytes = [0u8; 6];
    getrandom::getrandom(&mut bytes).map_err(|e| io::Error::other(e.to_string()))?;
    Ok(bytes.map(|b| LETTERS[usize::from(b) % LETTERS.len()]))
}

/// A temporary file in a [`Folder`], removed when dropped unless placed.
pub(super) struct TemporaryFile<'a> {
    folder: &'a Folder,
    name: OsString,
    pub file: File,
    placed: bool,
    _registered: Registered,
}

impl TemporaryFile<'_> {
    /// Renames the file to `to` in its folder: unless something is there
    /// (renameat2's RENAME_NOREPLACE; where the file system lacks it, a hard
    /// link and an unlink, which fail on an existing `to` too), or over
    /// whatever is there.
    pub fn place(&mut self, to: &OsStr, replace: bool) -> io::Result<()> {
        let fd = &self.folder.fd;
        if replace {
            rustix::fs::renameat(fd, &self.name, fd, to)?;
        } else {
            match rustix::fs::renameat_with(fd, &self.name, fd, to, RenameFlags::NOREPLACE) {
                Ok(()) => {}
                Err(Errno::INVAL | Errno::NOSYS) => {
                    rustix::fs::linkat(fd, &self.name, fd, to, AtFlags::empty())?;
                    rustix::fs::unlinkat(fd, &self.name, AtFlags::empty())?;
                }
                Err(e) => return Err(e.into()),
            }
        }
        self.placed = true;
        Ok(())
    }
}

impl Drop for TemporaryFile<'_> {
    fn drop(&mut self) {
        if !self.placed {
            let _ = rustix::fs::unlinkat(&self.folder.fd, &self.name, AtFlags::empty());
        }
    }
}

/// The folder of `path` as it is opened: `.` for a bare name.
pub fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}
