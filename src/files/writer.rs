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
//!   it, never replaced; `-` is stdout.
//! * Everything else is written atomically: into a temporary file beside
//!   the destination (`.NAME.hog-tmp-XXXXXX`), synced, then renamed into
//!   place, so a crash never leaves half a file. A new file gets the
//!   ordinary mode rw-r--r--; a replaced one keeps its mode.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

use anyhow::{bail, Context, Result};

use super::kind::Kind;
use super::seal::{is_hogs, seal};
use super::temporaries::{temporary, Registered, Temporary};

/// Reads at most this much of an existing file to verify it: hog's largest
/// outputs (a class's leaderboard page) are well under it.
const MAX_VERIFIED: u64 = 256 << 20;

/// What is at the destination now.
enum Destination {
    Stdout,
    Absent,
    /// A regular file hog wrote (or one --force replaces); its mode.
    Replaceable(std::fs::Permissions),
    /// A device or a FIFO: written into, never replaced.
    Special,
}

/// Checks, before the work, that `path` can take `kind` as [`write`]
/// writes it: the name says that format, no symlink or folder is there, a
/// file there is hog's (or `force`), and a temporary file can be made
/// beside it.
pub fn check(path: &Path, kind: Kind, force: bool) -> Result<()> {
    if let Destination::Absent | Destination::Replaceable(_) = destination(path, kind, force)? {
        let folder = folder_of(path);
        tempfile::Builder::new()
            .prefix(&temporary_prefix(path))
            .tempfile_in(folder)
            .with_context(|| {
                format!(
                    "cannot write {}: cannot write into {}",
                    path.display(),
                    folder.display()
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
        Ok(m) if m.file_type().is_symlink() => bail!(
            "{} is a symbolic link: hog never writes through a link; write to a new name",
            path.display()
        ),
        Ok(m) if m.is_dir() => bail!("cannot write {}: it is a folder", path.display()),
        _ => Ok(()),
    }
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
    let name = path.display();
    let mut content = vec![];
    write(&mut content)?;
    let content = seal(kind, content);
    let written = match destination(path, kind, force)? {
        Destination::Stdout => {
            let mut out = io::stdout().lock();
            out.write_all(&content)
                .and_then(|()| out.flush())
                .context("cannot write to stdout")
        }
        Destination::Special => {
            let mut file = OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NOFOLLOW)
                .open(path)
                .with_context(|| format!("cannot write {name}"))?;
            file.write_all(&content)
                .with_context(|| format!("cannot write {name}"))
        }
        Destination::Absent => put_in_place(path, kind, force, &content, None),
        Destination::Replaceable(mode) => put_in_place(path, kind, force, &content, Some(mode)),
    };
    written.map(|()| content.len())
}

/// What is at `path`, refusing what hog must not replace.
fn destination(path: &Path, kind: Kind, force: bool) -> Result<Destination> {
    if path == Path::new("-") {
        return Ok(Destination::Stdout);
    }
    let name = path.display();
    let metadata = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            check_name(path, kind)?;
            let folder = folder_of(path);
            if !folder.is_dir() {
                bail!(
                    "cannot write {name}: there is no folder {} to write it in",
                    folder.display()
                );
            }
            return Ok(Destination::Absent);
        }
        Err(e) => return Err(e).with_context(|| format!("cannot write {name}")),
        Ok(metadata) => metadata,
    };
    check_place(path)?;
    if !metadata.is_file() {
        return Ok(Destination::Special);
    }
    check_name(path, kind)?;
    if !force {
        check_hogs(path, kind)?;
    }
    Ok(Destination::Replaceable(metadata.permissions()))
}

/// Whether the file at `path` is a regular file (not a link) that hog
/// wrote: its name says a format hog writes, and the whole file verifies.
pub fn hog_wrote(path: &Path) -> bool {
    let regular = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file());
    regular && Kind::of_name(path).is_some_and(|kind| verified(path, kind).unwrap_or(false))
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

/// Refuses to replace the regular file at `path` unless hog wrote it.
fn check_hogs(path: &Path, kind: Kind) -> Result<()> {
    let name = path.display();
    if verified(path, kind)? {
        return Ok(());
    }
    if path.file_name().is_some_and(|n| n == "hog.py") {
        bail!(
            "{name} exists and is your project's module, not a file hog wrote: write to a new \
             name (-o final.py), or give --force to replace it"
        );
    }
    bail!(
        "{name} exists and hog did not write it (or it was edited since): write to a new name, \
         or give --force to replace it"
    )
}

/// Whether the regular file at `path` (never through a link) is empty or
/// verifies as one hog wrote.
fn verified(path: &Path, kind: Kind) -> Result<bool> {
    let name = path.display();
    let file = super::open_unfollowed(path)
        .with_context(|| format!("cannot read {name} to see whether hog wrote it"))?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        bail!("cannot write {name}: it is {}", super::kind(&metadata));
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
        .with_context(|| format!("cannot read {name}"))?;
    Ok(is_hogs(kind, &bytes))
}

/// Writes `content` into a temporary file beside `path`, syncs it, and
/// renames it into place: with no-replace semantics where nothing was
/// there (`mode` None), after checking again what is there where hog's
/// file was.
fn put_in_place(
    path: &Path,
    kind: Kind,
    force: bool,
    content: &[u8],
    mode: Option<std::fs::Permissions>,
) -> Result<()> {
    let name = path.display();
    let folder = folder_of(path);
    let prefix = temporary_prefix(path);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    // A temporary file is private (0600) until it is the output.
    builder.permissions(
        mode.clone()
            .unwrap_or_else(|| std::fs::Permissions::from_mode(0o644)),
    );
    let (mut temporary, _registered) = Registered::create(
        || builder.tempfile_in(folder),
        |t| Temporary::Path(t.path().to_path_buf()),
    )
    .with_context(|| format!("cannot write into {}", folder.display()))?;
    temporary
        .write_all(content)
        .and_then(|()| temporary.as_file().sync_all())
        .with_context(|| format!("cannot write {name}"))?;
    if mode.is_none() {
        match rename_no_replace(temporary.path(), path) {
            Ok(()) => {
                // Moved: nothing is left to delete.
                let _ = temporary.into_temp_path().keep();
                return Ok(());
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                // Something appeared while hog worked: checked as any
                // existing file is, then replaced below.
                if let Destination::Stdout | Destination::Special | Destination::Absent =
                    destination(path, kind, force)?
                {
                    bail!("cannot write {name}: it changed while hog wrote it");
                }
            }
            Err(e) => return Err(e).with_context(|| format!("cannot write {name}")),
        }
    } else {
        // The moment of the rename: what is there now is checked again.
        destination(path, kind, force)?;
    }
    temporary
        .persist(path)
        .with_context(|| format!("cannot write {name}"))?;
    Ok(())
}

/// Renames `from` to `to` unless `to` exists (renameat2's
/// RENAME_NOREPLACE; where the file system lacks it, a hard link and an
/// unlink, which also fail on an existing `to`).
fn rename_no_replace(from: &Path, to: &Path) -> io::Result<()> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    match renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE) {
        Ok(()) => Ok(()),
        Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS) => {
            std::fs::hard_link(from, to)?;
            std::fs::remove_file(from)
        }
        Err(e) => Err(e.into()),
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

    /// The names in a folder, sorted.
    fn names(dir: &Path) -> Vec<String> {
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
