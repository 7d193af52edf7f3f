//! `--tokens FILE`: the tokens the server accepts, one a line. The server
//! keeps their SHA-256 digests only, and looks a request's token up by its
//! digest, so that the time a refusal takes says nothing about how much of
//! a token was right.

use std::collections::HashSet;
use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

pub struct Tokens {
    digests: HashSet<[u8; 32]>,
}

impl Tokens {
    /// The tokens of `path`: each line's text without the spaces around
    /// it; blank lines are skipped.
    pub fn read(path: &Path) -> Result<Tokens> {
        let mut text = String::new();
        crate::files::open_input(path)?
            .read_to_string(&mut text)
            .with_context(|| format!("{}: cannot read it as UTF-8 text", path.display()))?;
        let digests: HashSet<[u8; 32]> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .map(digest)
            .collect();
        if digests.is_empty() {
            bail!(
                "{}: no tokens in it (one a line): the server would refuse every request",
                path.display()
            );
        }
        Ok(Tokens { digests })
    }

    /// How many tokens there are.
    pub fn len(&self) -> usize {
        self.digests.len()
    }

    pub fn is_empty(&self) -> bool {
        self.digests.is_empty()
    }

    pub fn accepts(&self, token: &str) -> bool {
        self.digests.contains(&digest(token))
    }
}

fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}
