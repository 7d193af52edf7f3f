//! The contest's cache of graded pairs: each pair's grade kept under the
//! content hashes of its two policies (with the rules and goal), so that a
//! re-run grades only the pairs it has not seen.
//!
//! The file is read once, before any entry runs (an entry runs as the same
//! user and could write it), and replaced after the contest. It ends with
//! the HMAC-SHA256 of every byte before it under the user's secret key
//! ([`crate::secret`]), which a sandboxed module cannot read. Its name ends
//! in `.cache`, and a file there that is no contest cache is refused before
//! any work, as the one writer refuses any file hog did not write
//! ([`crate::files`]); a cache damaged anywhere, or signed by anything but
//! this user's hog, is ignored whole with a note. Every record is checked too (three finite
//! probabilities that sum to 1); a bad one is ignored with a note, and its
//! pair graded again.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use hog_solver::round_robin::Match;
use hog_solver::strategy::Policy;
use hog_solver::Rules;
use sha2::{Digest, Sha256};

use crate::files::{self, kind, marks, open_input, Kind};
use crate::secret;

/// A policy's content hash under the rules and goal in use.
pub type Key = [u8; 16];

/// SHA-256 (its first 16 bytes) of the rules' canonical text, the goal and
/// the policy's table.
pub fn key(rules: &Rules, goal: u32, policy: &Policy) -> Key {
    let mut hash = Sha256::new();
    hash.update(rules.to_string().as_bytes());
    hash.update(b"\n");
    hash.update(goal.to_le_bytes());
    for &sides in policy.sides() {
        hash.update(sides.to_le_bytes());
    }
    for &action in policy.actions().iter() {
        hash.update([action as u8]);
    }
    let digest = hash.finalize();
    digest[..16].try_into().expect("16 of 32 bytes")
}

/// An entry's key under rules with bids: its policy's key and its bid, so
/// that an entry that changes its bid alone is graded again.
pub fn key_with_bid(key: Key, bid: u32) -> Key {
    let mut hash = Sha256::new();
    hash.update(key);
    hash.update(b"final_bid");
    hash.update(bid.to_le_bytes());
    let digest = hash.finalize();
    digest[..16].try_into().expect("16 of 32 bytes")
}

// The file: MAGIC, then one record per pair: the two keys (16 bytes each)
// and a_wins, b_wins, draw as little-endian f64; then the HMAC-SHA256 of
// all that under the user's secret key.
const MAGIC: &[u8] = marks::CONTEST_CACHE;
const RECORD: usize = marks::CONTEST_CACHE_RECORD;
const SIGNATURE: usize = marks::CONTEST_CACHE_SIGNATURE;
/// The largest cache file read (1.3 million pairs, 1600 entries); a larger
/// one is ignored with a note.
const MAX_FILE: u64 = 128 << 20;
/// How far a record's three outcomes may sum from 1 (they are sums of
/// f64 probabilities).
const SUM_TOLERANCE: f64 = 1e-9;

/// The cache as read before the contest, and where it is written after.
pub struct Cache {
    pub path: PathBuf,
    records: HashMap<(Key, Key), Match>,
    /// The user's secret key, which signs the file.
    secret: [u8; 32],
    /// --force: a file there that hog did not write is replaced.
    force: bool,
}

impl Cache {
    /// The cache at `path` (none: no cache), read now: a missing file
    /// holds nothing; a file there that hog did not write is refused (unless
    /// `force`); a damaged cache is ignored with a note on stderr. A path
    /// that is no regular file (a FIFO), or one that cannot be written, is an
    /// error now, before any work.
    pub fn open(path: Option<PathBuf>, force: bool) -> Result<Option<Cache>> {
        let Some(path) = path else {
            return Ok(None);
        };
        let name = path.display();
        let secret = secret::key().context("the contest cache")?;
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .with_context(|| format!("cannot make the cache folder {}", folder.display()))?;
        }
        // Before it is read: a file there must be a cache hog wrote, so a
        // typo (--cache hog.py) is refused, never read or replaced.
        files::check(&path, Kind::ContestCache, force).context("the contest cache")?;
        let records = match std::fs::metadata(&path) {
            Err(_) => HashMap::new(),
            Ok(metadata) if !metadata.is_file() => bail!(
                "the contest cache {name} is {}, not a regular file: give --cache FILE or --no-cache",
                kind(&metadata)
            ),
            Ok(metadata) if metadata.len() > MAX_FILE => {
                note(&format!(
                    "the contest cache {name} is larger than {} MiB: ignored, every pair graded",
                    MAX_FILE >> 20
                ));
                HashMap::new()
            }
            Ok(_) => {
                let mut bytes = vec![];
                open_input(&path)?
                    .read_to_end(&mut bytes)
                    .with_context(|| format!("cannot read the contest cache {name}"))?;
                records(&bytes, &secret).unwrap_or_else(|reason| {
                    note(&format!(
                        "the contest cache {name} {reason}: ignored, every pair graded"
                    ));
                    HashMap::new()
                })
            }
        };
        Ok(Some(Cache {
            path,
            records,
            secret,
            force,
        }))
    }

    /// The grade of the pair of `a` and `b`, either way round.
    pub fn get(&self, a: Key, b: Key) -> Option<Match> {
        if let Some(&m) = self.records.get(&(a, b)) {
            return Some(m);
        }
        self.records.get(&(b, a)).map(|m| Match {
            a_wins: m.b_wins,
            b_wins: m.a_wins,
            draw: m.draw,
        })
    }

    /// Replaces the file with these grades (only these: the cache holds
    /// the last contest run with it), or says on stderr why it could not.
    pub fn keep(&self, grades: impl Iterator<Item = (Key, Key, Match)>) {
        if let Err(error) = self.write(grades) {
            note(&format!(
                "the contest cache was not written, so the next run grades every pair: {error:#}"
            ));
        }
    }

    fn write(&self, grades: impl Iterator<Item = (Key, Key, Match)>) -> Result<()> {
        let mut bytes = MAGIC.to_vec();
        for (a, b, m) in grades {
            bytes.extend(a);
            bytes.extend(b);
            for value in [m.a_wins, m.b_wins, m.draw] {
                bytes.extend(value.to_le_bytes());
            }
        }
        let signature = secret::tag(&self.secret, &bytes);
        bytes.extend(signature);
        files::write(&self.path, Kind::ContestCache, self.force, |w| {
            Ok(w.write_all(&bytes)?)
        })
        .map(drop)
    }
}

/// A note on stderr (one that cannot be printed changes nothing).
fn note(text: &str) {
    let text = crate::printable::printable(text);
    let _ = writeln!(std::io::stderr(), "note: {text}");
}

/// Where the cache is kept unless a command says otherwise: `contest.cache`
/// in the user's cache folder, beside the key.
pub fn default_path() -> Result<PathBuf> {
    match secret::folder() {
        Some(folder) => Ok(folder.join("contest.cache")),
        None => {
            bail!("no cache folder: set XDG_CACHE_HOME or HOME, or give --cache FILE or --no-cache")
        }
    }
}

/// The records of a cache file's bytes, or what is wrong with the file. A
/// record that is no grade is left out, with a note.
fn records(
    bytes: &[u8],
    secret: &[u8; 32],
) -> std::result::Result<HashMap<(Key, Key), Match>, &'static str> {
    let body = bytes
        .strip_prefix(MAGIC)
        .ok_or("is not a hog contest cache (or one of an older format)")?;
    if body.len() < SIGNATURE || !(body.len() - SIGNATURE).is_multiple_of(RECORD) {
        return Err("is cut short or too long");
    }
    let (records, signature) = body.split_at(body.len() - SIGNATURE);
    if !secret::verify(secret, &bytes[..bytes.len() - SIGNATURE], signature) {
        return Err("is damaged or was not written by hog (its signature does not match)");
    }
    let mut cache = HashMap::new();
    let mut bad = 0;
    for record in records.chunks_exact(RECORD) {
        let a: Key = record[..16].try_into().expect("16 bytes");
        let b: Key = record[16..32].try_into().expect("16 bytes");
        let f = |i: usize| {
            f64::from_le_bytes(record[32 + 8 * i..40 + 8 * i].try_into().expect("8 bytes"))
        };
        let m = Match {
            a_wins: f(0),
            b_wins: f(1),
            draw: f(2),
        };
        let values = [m.a_wins, m.b_wins, m.draw];
        if values.iter().all(|v| (0.0..=1.0).contains(v))
            && (values.iter().sum::<f64>() - 1.0).abs() <= SUM_TOLERANCE
        {
            cache.insert((a, b), m);
        } else {
            bad += 1;
        }
    }
    if bad > 0 {
        note(&format!(
            "the contest cache holds {bad} record(s) that are no grade (not three \
             probabilities summing to 1): ignored, their pairs graded again"
        ));
    }
    Ok(cache)
}
