//! The user's secret key, which signs the files hog keeps for itself (the
//! contest cache) so that a student's module cannot forge them.
//!
//! A sandboxed module runs as the user, so it can write any file the user
//! can; what it cannot do is read this key: the key lives in hog's own
//! folder (`$XDG_CACHE_HOME/hog`, else `~/.cache/hog`), and the sandbox
//! mounts an empty read-only folder over that folder for the module
//! ([`crate::sandbox`]) where the system allows mount namespaces, and the
//! sandbox's door never lets the key in under another name. The key is
//! used only from a private regular file of the user's own ([`read`]). A
//! file signed with the key (HMAC-SHA256) is then one that hog wrote.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The key's length in bytes.
const KEY: usize = 32;

/// An HMAC-SHA256 tag.
pub type Tag = [u8; 32];

/// hog's own folder: `$XDG_CACHE_HOME/hog`, else `~/.cache/hog`; `None`
/// when neither variable is set.
pub fn folder() -> Option<PathBuf> {
    folder_of(std::env::var_os("XDG_CACHE_HOME"), std::env::var_os("HOME"))
}

/// hog's folder for these values of `XDG_CACHE_HOME` and `HOME`. The XDG
/// specification says to ignore a relative `XDG_CACHE_HOME` (it would name
/// a different folder from every working folder): it counts as unset.
fn folder_of(cache: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let cache = cache.map(PathBuf::from).filter(|c| c.is_absolute());
    match (cache, home) {
        (Some(cache), _) => Some(cache.join("hog")),
        (_, Some(home)) if !home.is_empty() => Some(PathBuf::from(home).join(".cache").join("hog")),
        _ => None,
    }
}

/// hog's own folder, made (private to the user) if missing.
pub fn made_folder() -> Result<PathBuf> {
    let Some(folder) = folder() else {
        bail!("no folder for hog's secret key: set XDG_CACHE_HOME or HOME");
    };
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&folder)
        .with_context(|| format!("cannot make hog's folder {}", folder.display()))?;
    Ok(folder)
}

/// The key: read from `key` in hog's folder ([`read`]), or made there
/// when it is missing (32 random bytes in a file readable by the user
/// alone, linked in whole under its name, so no hog reads half a key).
pub fn key() -> Result<[u8; KEY]> {
    let folder = made_folder()?;
    let path = folder.join("key");
    let name = path.display();
    for _ in 0..2 {
        if let Some(key) = read(&path)? {
            return Ok(key);
        }
        let mut key = [0; KEY];
        getrandom::getrandom(&mut key)
            .map_err(|e| anyhow::anyhow!("cannot draw random bytes for a new key: {e}"))?;
        let mut made = tempfile::Builder::new()
            .prefix(".key-")
            .permissions(std::fs::Permissions::from_mode(0o600))
            .tempfile_in(&folder)
            .with_context(|| format!("cannot make the key {name}"))?;
        made.write_all(&key)
            .and_then(|()| made.as_file().sync_all())
            .with_context(|| format!("cannot write the key {name}"))?;
        // Where another hog made one meanwhile, that one is read on the
        // next round.
        match made.persist_noclobber(&path) {
            Ok(_) => return Ok(key),
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e.error).with_context(|| format!("cannot make the key {name}")),
        }
    }
    bail!("cannot make the key {name}: another process keeps replacing it")
}

/// The key in the file `path`, `None` where there is none, or an error
/// saying what is wrong with the file and what to do. A key is used only
/// from a regular file (no link followed: opened with `O_NOFOLLOW`, and
/// without blocking, so a FIFO cannot hang hog) that the user owns, that
/// no one else may read or write (no group or other bits in its mode), and
/// that holds exactly [`KEY`] bytes (no more is read).
fn read(path: &Path) -> Result<Option<[u8; KEY]>> {
    let name = path.display();
    let remove =
        "remove it, and hog makes a new key (the contest cache it signed is then graded again)";
    let file = crate::files::open_unfollowed(path);
    let file = match file {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
            let target = std::fs::read_link(path).unwrap_or_default();
            let what = if std::fs::metadata(path).is_err() {
                "a dangling link"
            } else {
                "a symbolic link"
            };
            bail!(
                "hog's key {name} is {what} (to {}), not a regular file: {remove}",
                target.display()
            );
        }
        Err(e) => return Err(e).with_context(|| format!("cannot read hog's key {name}")),
    };
    let metadata = file
        .metadata()
        .with_context(|| format!("cannot read hog's key {name}"))?;
    if !metadata.is_file() {
        bail!(
            "hog's key {name} is {}, not a regular file: {remove}",
            crate::files::kind(&metadata)
        );
    }
    let user = rustix::process::geteuid().as_raw();
    if metadata.uid() != user {
        bail!(
            "hog's key {name} belongs to user {}, not to you (user {user}): hog signs only \
             with a key of your own; {remove}, or set XDG_CACHE_HOME to a folder of your own",
            metadata.uid()
        );
    }
    let mode = metadata.mode() & 0o777;
    if mode & 0o077 != 0 {
        bail!(
            "hog's key {name} has mode {mode:04o}, so others may read or change it: \
             {remove} (chmod 600 keeps a key that no one else has seen)"
        );
    }
    let mut bytes = vec![];
    file.take(KEY as u64 + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read hog's key {name}"))?;
    match <[u8; KEY]>::try_from(bytes.as_slice()) {
        Ok(key) => Ok(Some(key)),
        Err(_) if bytes.len() > KEY => {
            bail!(
                "hog's key {name} holds more than {KEY} bytes, so it is no key of hog's: {remove}"
            )
        }
        Err(_) => bail!(
            "hog's key {name} holds {} bytes, not {KEY}, so it is no key of hog's: {remove}",
            bytes.len()
        ),
    }
}

/// Whether `file` is hog's key (the same device and inode: the key under
/// any name, a hard link included).
pub fn is_key(file: &std::fs::Metadata) -> bool {
    folder()
        .and_then(|folder| folder.join("key").symlink_metadata().ok())
        .is_some_and(|key| key.dev() == file.dev() && key.ino() == file.ino())
}

/// The HMAC-SHA256 of `bytes` under `key`.
pub fn tag(key: &[u8; KEY], bytes: &[u8]) -> Tag {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(bytes);
    mac.finalize().into_bytes().into()
}

/// Whether `tag` is the HMAC-SHA256 of `bytes` under `key` (compared in
/// constant time).
pub fn verify(key: &[u8; KEY], bytes: &[u8], tag: &[u8]) -> bool {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(bytes);
    mac.verify_slice(tag).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_cache_folder_is_ignored_as_the_xdg_specification_says() {
        let folder = |cache: Option<&str>, home: Option<&str>| {
            folder_of(cache.map(Into::into), home.map(Into::into))
        };
        let home = Some(PathBuf::from("/home/ann/.cache/hog"));
        assert_eq!(folder(Some("cache"), Some("/home/ann")), home);
        assert_eq!(folder(Some("./cache"), Some("/home/ann")), home);
        assert_eq!(folder(Some(""), Some("/home/ann")), home);
        assert_eq!(
            folder(Some("/var/cache"), Some("/home/ann")),
            Some(PathBuf::from("/var/cache/hog"))
        );
        assert_eq!(folder(Some("cache"), None), None);
    }
}
