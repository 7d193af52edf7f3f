//! The files semester detection reads: untrusted, so read with care.
//!
//! A name is followed through symlinks to what it points at; only a regular
//! file is read, opened without blocking (a FIFO put in its place after the
//! check cannot hang hog), and at most a cap of bytes: an input larger than
//! its cap is skipped, never read whole. The bytes become text lossily
//! (invalid UTF-8 becomes U+FFFD), without a leading byte-order mark. What
//! is skipped, and why, is said in a sentence naming the file.

use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use crate::files::size_words;

/// A file read as text, or why it was not.
pub enum Input {
    Text(String),
    /// Not read: a sentence naming the file and why ("hog.ok is a FIFO,
    /// not a regular file").
    Skipped(String),
}

/// The text of the file `path` (`name` as the user sees it), of at most
/// `cap` bytes.
pub fn read(path: &Path, name: &str, cap: u64) -> Input {
    let skipped = |why: String| Input::Skipped(format!("{name} {why}"));
    let metadata = match std::fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(e) => return skipped(format!("cannot be read ({e})")),
    };
    if !metadata.is_file() {
        return skipped(format!(
            "is {}, not a regular file",
            crate::files::kind(&metadata)
        ));
    }
    if metadata.len() > cap {
        return skipped(format!("is larger than {}", size_words(cap)));
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path);
    let file = match file {
        // Checked again once open: the name may now point elsewhere.
        Ok(file) if file.metadata().is_ok_and(|m| m.is_file()) => file,
        Ok(_) => return skipped("is not a regular file".to_string()),
        Err(e) => return skipped(format!("cannot be read ({e})")),
    };
    let mut bytes = Vec::new();
    if let Err(e) = file.take(cap + 1).read_to_end(&mut bytes) {
        return skipped(format!("cannot be read ({e})"));
    }
    if bytes.len() as u64 > cap {
        return skipped(format!("is larger than {}", size_words(cap)));
    }
    Input::Text(text(&bytes))
}

/// Bytes as text: lossily (invalid UTF-8 becomes U+FFFD), without a leading
/// byte-order mark.
pub fn text(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_prefix('\u{feff}').unwrap_or(&text).to_string()
}

/// The entries of `folder` whose names pass `wanted`, as (path, name)
/// pairs in name order, at most `limit` of them; a folder that cannot be
/// read has none. The name is the folder as the user gave it joined with
/// the entry's name.
pub fn entries(
    folder: &Path,
    wanted: impl Fn(&str) -> bool,
    limit: usize,
) -> Vec<(std::path::PathBuf, String)> {
    // A file in the working folder has the parent "".
    let readable = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let Ok(list) = std::fs::read_dir(readable) else {
        return vec![];
    };
    let mut names: Vec<String> = list
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| entry.file_name().to_str().map(str::to_string))
        .filter(|name| wanted(name))
        .collect();
    names.sort();
    names.truncate(limit);
    names
        .into_iter()
        .map(|name| {
            let path = folder.join(&name);
            let shown = path.display().to_string();
            (path, shown)
        })
        .collect()
}
