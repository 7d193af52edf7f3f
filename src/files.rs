//! Output files are written atomically: into a temporary file beside the
//! target, then renamed over it, so a crash never leaves half a file. The
//! file gets the ordinary permissions rw-r--r-- on Unix.

use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result};

pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    // A temporary file is private (0600); the output is an ordinary file.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    let temporary = builder
        .tempfile_in(folder)
        .with_context(|| format!("cannot write into {}", folder.display()))?;
    let mut out = BufWriter::new(temporary);
    write(&mut out).with_context(|| format!("cannot write {}", path.display()))?;
    let temporary = out
        .into_inner()
        .map_err(|e| e.into_error())
        .with_context(|| format!("cannot write {}", path.display()))?;
    // On disk before the rename, so the new name never points at lost data.
    temporary
        .as_file()
        .sync_all()
        .with_context(|| format!("cannot write {}", path.display()))?;
    temporary
        .persist(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
