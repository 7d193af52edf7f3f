//! The user's secret key, which signs the files hog keeps for itself (the
//! contest cache) so that a student's module cannot forge them.
//!
//! A sandboxed module runs as the user, so it can write any file the user
//! can; what it cannot do is read this key: the key lives in hog's own
//! folder (`$XDG_CACHE_HOME/hog`, else `~/.cache/hog`), and the sandbox
//! mounts an empty read-only folder over that folder for the module
//! ([`crate::sandbox`]) where the system allows mount namespaces. A file
//! signed with the key (HMAC-SHA256) is then one that hog wrote.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::PathBuf;

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
    match (std::env::var_os("XDG_CACHE_HOME"), std::env::var_os("HOME")) {
        (Some(cache), _) if !cache.is_empty() => Some(PathBuf::from(cache).join("hog")),
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

/// The key: read from `key` in hog's folder, or made there (32 random
/// bytes, readable by the user alone) when it is missing or is no key.
pub fn key() -> Result<[u8; KEY]> {
    let path = made_folder()?.join("key");
    let name = path.display();
    for _ in 0..2 {
        let mut key = [0; KEY];
        if let Ok(mut file) = File::open(&path) {
            let mut bytes = vec![];
            file.read_to_end(&mut bytes)
                .with_context(|| format!("cannot read the key {name}"))?;
            if bytes.len() == KEY {
                key.copy_from_slice(&bytes);
                return Ok(key);
            }
            std::fs::remove_file(&path).with_context(|| format!("cannot replace {name}"))?;
        }
        File::open("/dev/urandom")
            .and_then(|mut random| random.read_exact(&mut key))
            .context("cannot read /dev/urandom for a new key")?;
        // A new file only: where another hog made one meanwhile, that one
        // is read on the next round.
        let made = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path);
        if let Ok(mut file) = made {
            file.write_all(&key)
                .and_then(|()| file.sync_all())
                .with_context(|| format!("cannot write the key {name}"))?;
            return Ok(key);
        }
    }
    bail!("cannot make the key {name}: another process keeps replacing it")
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
