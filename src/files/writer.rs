//! The one writer: every file hog writes, from the command line or from
//! Python, goes through [`write`] (and is checked first by [`check`]).
//!
//! * The name says the format: `.py` a Python module, `.csv`, `.json`,
//!   `.html`, `.svg`, `.png`, `.hogtable`, `.md`, `.cache` a contest cache;
//!   content of another format is refused under it.
//! * A file at the destination is replaced only if hog wrote it, as the
//!   whole file shows ([`super::seal`]), or with --force (`force=True`). The
//!   check is made before the work and again at the moment of the rename:
//!   where the destination was absent, the finished file is linked in with
//!   no-replace semantics (renameat2's RENAME_NOREPLACE), so a file that
//!   appears while hog works is never replaced unchecked.
//! * A symlink at the destination is refused, never followed; a folder too.
//! * A device or a FIFO (`/dev/null`) is written as the shell's `>` writes
//!   it, never replaced; but opening never blocks: it is opened without
//!   blocking and never through a link, so a FIFO that no process reads
//!   (one an entry made where an output goes) is refused at once, and
//!   what was opened is checked again; `-` is stdout.
//! * The destination's folder is opened once, and the file is looked at,
//!   made and renamed relative to it ([`super::folder`]): a link swapped in
//!   for the folder meanwhile redirects nothing.
//! * Everything else is written atomically: into a temporary file beside
//!   the destination (`.NAME.hog-tmp-XXXXXX`), synced, then renamed into
//!   place, so a crash never leaves half a file. A new file gets the
//!   ordinary mode rw-r--r--; a replaced one keeps its mode.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use anyhow::{bail, Context, Result};
use rustix::fs::OFlags;

use super::folder::{parent, Folder};
use super::kind::Kind;
use super::seal::{is_hogs, seal};

/// Reads at most this much of an existing file to verify it: hog's largest
/// outputs (a class's leaderboard page) are well under it.
const MAX_VERIFIED: u64 = 256 << 20;

/// Where an output goes: a path (`-` is stdout), or a name in a folder
/// opened once (a contest's pages).
#[derive(Clone, Copy)]
pub enum Place<'a> {
    Path(&'a Path),
    In(&'a Folder, &'a OsStr),
}

impl Place<'_> {
    /// The place as a path, for messages.
    pub fn shown(&self) -> String {
        match self {
            Place::Path(path) => path.display().to_string(),
            Place::In(folder, name) => folder.join(name).display().to_string(),
        }
    }
}

/// What is at the destination now.
enum Destination {
    Absent,
    /// A regular file hog wrote (or one --force replaces); its mode.
    Replaceable(u32),
    /// A device or a FIFO: written into, never replaced.
    Special,
}

/// Checks, before the work, that `path` can take `kind` as [`write`]
/// writes it: the name says that format, no symlink or folder is there, a
/// file there is hog's (or `force`), and a temporary file can be made
/// beside it.
pub fn check(path: &Path, kind: Kind, force: bool) -> Result<()> {
    if path == Path::new("-") {
        return Ok(());
    }
    let (folder, name) = opened(path, kind)?;
    if let Destination::Absent | Destination::Replaceable(_) =
        destination(&folder, name, kind, force)?
    {
        folder.temporary(name, 0o600).with_context(|| {
            format!(
                "cannot write {}: cannot write into {}",
                path.display(),
                parent(path).display()
            )
        })?;
    }
    Ok(())
}

/// Checks, before the work, a destination whose name says no format hog
/// writes (the command refuses such a name, or the writer does): no
/// symlink or folder is there.
pub fn check_place(path: &Path) -> Result<()> {
    if path == Path::new("-") {
        return Ok(());
    }
    match std::fs::symlink_metadata(path) {
        Ok(m) => refuse_link_or_folder(path, &m),
        _ => Ok(()),
    }
}

/// Refuses a symlink or a folder at `path`.
fn refuse_link_or_folder(path: &Path, metadata: &std::fs::Metadata) -> Result<()> {
    if metadata.file_type().is_symlink() {
        bail!(
            "{} is a symbolic link: hog never writes through a link; write to a new name",
            path.display()
        );
    }
    if metadata.is_dir() {
        bail!("cannot write {}: it is a folder", path.display());
    }
    Ok(())
}

/// Writes `kind` to `path` (see the module's head): `write` makes the
/// content, which is sealed (see [`super::seal`]) and put in place.
/// Returns the length of what was written, the seal included.
pub fn write(
    path: &Path,
    kind: Kind,
    force: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<usize> {
    write_to(Place::Path(path), kind, force, write)
}

/// [`write`] to a [`Place`].
pub fn write_to(
    place: Place,
    kind: Kind,
    force: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<usize> {
    let mut content = vec![];
    write(&mut content)?;
    let content = seal(kind, content);
    let opened_folder: (Folder, &OsStr);
    let (folder, name) = match place {
        Place::Path(path) if path == Path::new("-") => {
            let mut out = io::stdout().lock();
            out.write_all(&content)
                .and_then(|()| out.flush())
                .context("cannot write to stdout")?;
            return Ok(content.len());
        }
        Place::Path(path) => {
            opened_folder = opened(path, kind)?;
            (&opened_folder.0, opened_folder.1)
        }
        Place::In(folder, name) => (folder, name),
    };
    match destination(folder, name, kind, force)? {
        Destination::Special => write_special(folder, name, &content)?,
        Destination::Absent => put_in_place(folder, name, kind, force, &content, None)?,
        Destination::Replaceable(mode) => {
            put_in_place(folder, name, kind, force, &content, Some(mode))?
        }
    }
    Ok(content.len())
}

/// The folder of `path`, opened, and the name in it; a missing folder is
/// an error that says so (after the name's format is checked).
fn opened(path: &Path, kind: Kind) -> Result<(Folder, &OsStr)> {
    let name = path.display();
    let Some(file) = path.file_name() else {
        bail!("cannot write {name}: it is a folder");
    };
    match Folder::open(path.parent().unwrap_or(Path::new(""))) {
        Ok(opened) => Ok((opened, file)),
        Err(e)
            if e.kind() == io::ErrorKind::NotFound || e.raw_os_error() == Some(libc::ENOTDIR) =>
        {
            check_name(path, kind)?;
            bail!(
                "cannot write {name}: there is no folder {} to write it in",
                parent(path).display()
            )
        }
        Err(e) => Err(e).with_context(|| format!("cannot write {name}")),
    }
}

/// What is at `name` in `folder`, refusing what hog must not replace or
/// write into.
fn destination(folder: &Folder, name: &OsStr, kind: Kind, force: bool) -> Result<Destination> {
    let path = folder.join(name);
    let shown = path.display();
    let Some(metadata) = folder
        .look(name)
        .with_context(|| format!("cannot write {shown}"))?
    else {
        check_name(&path, kind)?;
        return Ok(Destination::Absent);
    };
    refuse_link_or_folder(&path, &metadata)?;
    if !metadata.is_file() {
        return Ok(Destination::Special);
    }
    check_name(&path, kind)?;
    if !force {
        check_hogs(folder, name, kind)?;
    }
    Ok(Destination::Replaceable(metadata.permissions().mode()))
}

/// Writes `content` into the device or FIFO `name`, as the shell's `>`
/// does, but never waiting to open it: opened without blocking and never
/// through a link (a FIFO that no process reads fails at once), checked
/// once open (it may have changed since it was looked at), then written.
fn write_special(folder: &Folder, name: &OsStr, content: &[u8]) -> Result<()> {
    let shown = folder.join(name);
    let shown = shown.display();
    let mut file = match folder.open_at(name, OFlags::WRONLY) {
        Ok(file) => file,
        Err(e) if e.raw_os_error() == Some(libc::ENXIO) => bail!(
            "cannot write {shown}: it is a FIFO that no process reads (hog never waits for a \
             reader), or a socket"
        ),
        Err(e) => return Err(e).with_context(|| format!("cannot write {shown}")),
    };
    let metadata = file.metadata()?;
    if metadata.is_file() || metadata.is_dir() {
        bail!("cannot write {shown}: it changed while hog wrote it");
    }
    // Written as under `>`: a reader, or a terminal, takes the bytes as it
    // can.
    let flags = rustix::fs::fcntl_getfl(&file)?;
    rustix::fs::fcntl_setfl(&file, flags - OFlags::NONBLOCK)?;
    file.write_all(content)
        .with_context(|| format!("cannot write {shown}"))
}

/// Whether the file at `path` is a regular file (not a link) that hog
/// wrote: its name says a format hog writes, and the whole file verifies.
pub fn hog_wrote(path: &Path) -> bool {
    let (Some(kind), Some(name)) = (Kind::of_name(path), path.file_name()) else {
        return false;
    };
    let regular = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file());
    regular
        && Folder::open(parent(path))
            .is_ok_and(|folder| verified(&folder, name, kind).unwrap_or(false))
}

/// Refuses a name that says another format than the content's.
fn check_name(path: &Path, kind: Kind) -> Result<()> {
    if Kind::of_name(path) == Some(kind) {
        return Ok(());
    }
    let says = match (Kind::of_name(path), path.extension()) {
        (Some(other), _) => format!("the name says {}", other.words()),
        (None, Some(extension)) => format!(
            "a .{} name says no format hog writes",
            extension.to_string_lossy()
        ),
        (None, None) => "a name with no extension says no format".into(),
    };
    bail!(
        "{}: {says}, and this is {}: name it .{}",
        path.display(),
        kind.words(),
        kind.extension()
    )
}

/// Refuses to replace the regular file `name` unless hog wrote it.
fn check_hogs(folder: &Folder, name: &OsStr, kind: Kind) -> Result<()> {
    let path = folder.join(name);
    let shown = path.display();
    if verified(folder, name, kind)? {
        return Ok(());
    }
    if name == "hog.py" {
        bail!(
            "{shown} exists and is your project's module, not a file hog wrote: write to a new \
             name (-o final.py), or give --force to replace it"
        );
    }
    bail!(
        "{shown} exists and hog did not write it (or it was edited since): write to a new name, \
         or give --force to replace it"
    )
}

/// Whether the regular file `name` (never through a link) is empty or
/// verifies as one hog wrote.
fn verified(folder: &Folder, name: &OsStr, kind: Kind) -> Result<bool> {
    let path = folder.join(name);
    let shown = path.display();
    let file = folder
        .open_at(name, OFlags::RDONLY)
        .with_context(|| format!("cannot read {shown} to see whether hog wrote it"))?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        bail!("cannot write {shown}: it is {}", super::kind(&metadata));
    }
    if metadata.len() == 0 {
        return Ok(true);
    }
    if metadata.len() > MAX_VERIFIED {
        return Ok(false);
    }
    let mut bytes = Vec::new();
    File::take(file, MAX_VERIFIED)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {shown}"))?;
    Ok(is_hogs(kind, &bytes))
}

/// Writes `content` into a temporary file beside `name`, syncs it, and
/// renames it into place: with no-replace semantics where nothing was
/// there (`mode` None), after checking again what is there where hog's
/// file was.
fn put_in_place(
    folder: &Folder,
    name: &OsStr,
    kind: Kind,
    force: bool,
    content: &[u8],
    mode: Option<u32>,
) -> Result<()> {
    let path = folder.join(name);
    let shown = path.display();
    let mut temporary = folder
        .temporary(name, mode.unwrap_or(0o644))
        .with_context(|| format!("cannot write into {}", parent(&path).display()))?;
    temporary
        .file
        .write_all(content)
        .and_then(|()| temporary.file.sync_all())
        .with_context(|| format!("cannot write {shown}"))?;
    if mode.is_none() {
        match temporary.place(name, false) {
            Ok(()) => return Ok(()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                // Something appeared while hog worked: checked as any
                // existing file is, then replaced below.
                if let Destination::Special | Destination::Absent =
                    destination(folder, name, kind, force)?
                {
                    bail!("cannot write {shown}: it changed while hog wrote it");
                }
            }
            Err(e) => return Err(e).with_context(|| format!("cannot write {shown}")),
        }
    } else {
        // The moment of the rename: what is there now is checked again.
        destination(folder, name, kind, force)?;
    }
    temporary
        .place(name, true)
        .with_context(|| format!("cannot write {shown}"))
}

#[cfg(test)]
mod tests {
    use super::super::names;
    use super::super::temporaries::{temporary, Temporary};
    use super::*;

    fn text(bytes: &'static [u8]) -> impl FnOnce(&mut dyn Write) -> Result<()> {
        move |w| Ok(w.write_all(bytes)?)
    }

    #[test]
    fn a_temporary_file_is_named_for_its_target_registered_and_gone_after() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("t.md");
        write(&target, Kind::Markdown, false, |w| {
            Ok(w.write_all(b"table\n")?)
        })
        .unwrap();
        assert_eq!(names(dir.path()), ["t.md"]);
        assert!(std::fs::read(&target).unwrap().starts_with(b"table\n"));
        assert!(!temporary()
            .iter()
            .any(|p| matches!(p, Temporary::Path(p) if p.starts_with(dir.path()))));
    }

    #[test]
    fn a_file_that_appears_during_the_work_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("final.py");
        check(&target, Kind::Python, false).unwrap();
        let result = write(&target, Kind::Python, false, |w| {
            // The user saves their own file while hog works.
            std::fs::write(dir.path().join("final.py"), "mine\n").unwrap();
            Ok(w.write_all(b"hog's\n")?)
        });
        assert!(result.is_err());
        assert_eq!(std::fs::read(&target).unwrap(), b"mine\n");
        assert_eq!(names(dir.path()), ["final.py"]);
    }

    #[test]
    fn hogs_own_file_is_replaced_and_a_sealed_file_edited_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("final.py");
        write(&target, Kind::Python, false, text(b"one\n")).unwrap();
        write(&target, Kind::Python, false, text(b"two\n")).unwrap();
        assert!(std::fs::read(&target).unwrap().starts_with(b"two\n"));
        let mut edited = std::fs::read(&target).unwrap();
        edited.extend(b"# my note\n");
        std::fs::write(&target, &edited).unwrap();
        assert!(write(&target, Kind::Python, false, text(b"three\n")).is_err());
        assert_eq!(std::fs::read(&target).unwrap(), edited);
        write(&target, Kind::Python, true, text(b"three\n")).unwrap();
        assert!(std::fs::read(&target).unwrap().starts_with(b"three\n"));
    }

    #[test]
    fn a_symlink_at_the_destination_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let module = dir.path().join("hog.py");
        std::fs::write(&module, "def final_strategy(s, o): return 4\n").unwrap();
        let link = dir.path().join("page.html");
        std::os::unix::fs::symlink(&module, &link).unwrap();
        for force in [false, true] {
            assert!(check(&link, Kind::Html, force).is_err());
            assert!(write(&link, Kind::Html, force, text(b"<!DOCTYPE html>\n")).is_err());
        }
        assert_eq!(
            std::fs::read(&module).unwrap(),
            b"def final_strategy(s, o): return 4\n"
        );
    }

    #[test]
    fn a_name_of_another_format_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let error = write(&dir.path().join("map.html"), Kind::Png, false, text(b"x"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("name it .png"), "{error}");
        assert!(names(dir.path()).is_empty());
    }

    #[test]
    fn a_new_file_is_readable_by_all() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("final.py");
        write(&target, Kind::Python, false, text(b"x\n")).unwrap();
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o644 & !umask());
    }

    /// The process's umask, as Linux reports it.
    fn umask() -> u32 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
        u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap()
    }
}
