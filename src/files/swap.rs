//! A folder replaced whole (`hog tables`' set of files): built beside it,
//! then swapped in, never a mix of the two, and never over a file hog did
//! not write.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::folder::parent;
use super::temporaries::{temporary, temporary_folder_in};
use super::writer::hog_wrote;

/// Builds a folder's whole contents in a staging folder beside it
/// (`.NAME.hog-tmp-XXXXXX`, locked while it is built, so that the next run
/// removes one that a killed run left), then swaps it in: the old folder is
/// renamed aside (`.NAME.hog-old-XXXXXX`), the new one into place, and the
/// old one's files removed. `replaceable` says whether the folder may be
/// replaced: it is asked before the work and again at the swap, with
/// signals held (they wait until the swap is done), so that a file saved
/// into the folder while hog worked stops the swap; a file saved in the
/// moment between that check and the rename is kept where the old folder
/// went, with a note.
pub fn replace_folder(
    dir: &Path,
    replaceable: impl Fn(&Path) -> Result<()>,
    build: impl FnOnce(&Path) -> Result<()>,
) -> Result<()> {
    let name = dir.display();
    if std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
        bail!("{name} is a symbolic link: hog never writes through a link");
    }
    replaceable(dir)?;
    let Some(file) = dir.file_name().map(|f| f.to_string_lossy()) else {
        bail!("cannot replace {name}: name the folder itself");
    };
    let folder = parent(dir);
    std::fs::create_dir_all(folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    let staging = temporary_folder_in(folder, &format!(".{file}.hog-tmp-"))
        .with_context(|| format!("cannot write into {}", folder.display()))?;
    build(staging.path())?;
    let kept = {
        let _signals_wait = temporary();
        replaceable(dir).with_context(|| format!("{name} was not replaced"))?;
        swap(dir, staging.path(), &format!(".{file}.hog-old-"))?
    };
    staging.keep();
    if let Some((old, files)) = kept {
        let _ = writeln!(
            std::io::stderr(),
            "note: {} appeared in {name} while the new set was swapped in; hog did not write \
             them, so they are kept in {}",
            files.join(", "),
            old.display()
        );
    }
    Ok(())
}

/// Renames `dir` aside (a new folder `OLD_PREFIX...` beside it), `staging`
/// into its place, and removes the old folder's files that hog wrote:
/// where others are left, the old folder and their names.
fn swap(dir: &Path, staging: &Path, old_prefix: &str) -> Result<Option<(PathBuf, Vec<String>)>> {
    let name = dir.display();
    if !dir.exists() {
        std::fs::rename(staging, dir).with_context(|| format!("cannot write {name}"))?;
        return Ok(None);
    }
    let old = tempfile::Builder::new()
        .prefix(old_prefix)
        .tempdir_in(parent(dir))
        .with_context(|| format!("cannot write into {}", parent(dir).display()))?
        .keep();
    std::fs::rename(dir, &old).with_context(|| format!("cannot replace {name}"))?;
    std::fs::rename(staging, dir).with_context(|| format!("cannot replace {name}"))?;
    let mut kept = vec![];
    for entry in std::fs::read_dir(&old).with_context(|| format!("cannot remove the old {name}"))? {
        let path = entry
            .with_context(|| format!("cannot remove the old {name}"))?
            .path();
        if hog_wrote(&path) {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove the old {}", path.display()))?;
        } else {
            kept.push(
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    if kept.is_empty() {
        std::fs::remove_dir(&old).with_context(|| format!("cannot remove the old {name}"))?;
        return Ok(None);
    }
    kept.sort();
    Ok(Some((old, kept)))
}

#[cfg(test)]
mod tests {
    use super::super::names;
    use super::*;

    /// A sealed Markdown file hog would write, with `text`.
    fn hogs(path: &Path, text: &str) -> Result<()> {
        super::super::write(path, super::super::Kind::Markdown, false, |w| {
            Ok(w.write_all(text.as_bytes())?)
        })
        .map(drop)
    }

    #[test]
    fn a_folder_is_replaced_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("set");
        let anything = |_: &Path| Ok(());
        let write = |name: &'static str| move |staging: &Path| hogs(&staging.join(name), name);
        replace_folder(&set, anything, write("a.md")).unwrap();
        replace_folder(&set, anything, write("b.md")).unwrap();
        assert_eq!(names(&set), ["b.md"]);
        let failed = replace_folder(&set, anything, |staging| {
            hogs(&staging.join("c.md"), "c")?;
            bail!("stopped")
        });
        assert!(failed.is_err());
        assert_eq!(names(&set), ["b.md"]);
        assert_eq!(names(dir.path()), ["set"]);
    }

    #[test]
    fn a_file_hog_did_not_write_is_kept_where_the_old_folder_went() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("set");
        std::fs::create_dir(&set).unwrap();
        hogs(&set.join("old.md"), "old").unwrap();
        std::fs::write(set.join("notes.txt"), "mine").unwrap();
        let staging = dir.path().join("staging");
        std::fs::create_dir(&staging).unwrap();
        hogs(&staging.join("new.md"), "new").unwrap();
        let (old, kept) = swap(&set, &staging, ".set.hog-old-").unwrap().unwrap();
        assert_eq!(names(&set), ["new.md"]);
        assert_eq!(kept, ["notes.txt"]);
        assert_eq!(names(&old), ["notes.txt"]);
        assert_eq!(std::fs::read(old.join("notes.txt")).unwrap(), b"mine");
    }
}
