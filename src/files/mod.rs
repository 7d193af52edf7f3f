//! Files in and out.
//!
//! Inputs (strategy files, policy tables) are read only from regular files:
//! a FIFO, a device or a folder is refused before it is opened, so no input
//! can block hog or feed it without end.
//!
//! Outputs go through the one writer ([`writer`]), which replaces only the
//! files hog wrote ([`seal`]) and writes atomically, relative to a folder
//! opened once ([`folder`]); a set of files is replaced whole ([`swap`]). The temporary files,
//! folders and process groups alive at a moment are listed
//! ([`temporaries`]), so that SIGINT, SIGTERM and SIGHUP end the groups and
//! remove the files, then end hog as the signal would have ([`signals`]).

mod folder;
mod kind;
mod seal;
mod signals;
mod swap;
mod temporaries;
mod writer;

pub use folder::{parent as folder_of, Folder};
pub use kind::Kind;
pub use seal::seal as sealed;
pub use signals::remove_temporaries_on_signals;
pub use swap::replace_folder;
pub use temporaries::{spawn_group, temporary_folder, Registered, TemporaryFolder};
pub use writer::{check, check_place, hog_wrote, write, write_to, Place};

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

use anyhow::{bail, Context, Result};

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

/// Opens an input file, refusing anything but a regular file. It is
/// opened without blocking (a FIFO put there hangs nothing; a regular
/// file's reads ignore the flag) and then looked at, so that what is
/// checked is what was opened.
pub fn open_input(path: &Path) -> Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let name = path.display();
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .with_context(|| format!("cannot read {name}"))?;
    let metadata = file
        .metadata()
        .with_context(|| format!("cannot read {name}"))?;
    if !metadata.is_file() {
        bail!(
            "{name} is {}, not a regular file: hog reads strategies and tables only from regular files",
            kind(&metadata)
        );
    }
    Ok(file)
}

/// A size in words, as a cap is named: "64 KiB", "1 MiB".
pub fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
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

/// The names in a folder, sorted (for the tests of the writer).
#[cfg(test)]
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
