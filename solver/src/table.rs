//! The on-disk policy table: every bincode call of the project lives here.
//!
//! # Format, version 1
//!
//! ```text
//! offset   size  field
//! 0        8     magic: the bytes "HOGTABLE"
//! 8        4     format version, u32 little-endian: 1
//! 12       4     header length H, u32 little-endian
//! 16       H     header: bincode 2 (standard config, serde) of `Header`
//! 16+H     8     body length B, u64 little-endian
//! 24+H     B     body: bincode 2 of `Body`
//! ```
//!
//! The header names what the table answers: the canonical rules text, the
//! goal, the objective (self-play optimum, best response to a named
//! strategy, or blind best response to one), the dice sides of its first axis, and the CRC-32 (IEEE) of the
//! body bytes. The body holds, for every state in axis order (sides index,
//! score, opponent_score), the chosen num_rolls (i8) and the mover's winning
//! chance under the objective (f64; a draw counts 1/2 in the self-play
//! optimum and 0 in a best response).
//!
//! A reader checks, in order: magic, version, header, body length, checksum,
//! shape; then [`PolicyTable::check_for`] checks the rules and goal in use.
//! Nothing here touches a file: the caller passes `impl Read`/`impl Write`
//! and writes atomically.

use std::io::{Read, Write};

use ndarray::Array3;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::rules::Rules;
use crate::strategy::Policy;

pub const MAGIC: &[u8; 8] = b"HOGTABLE";
pub const FORMAT_VERSION: u32 = 1;
/// No table's header or body is larger than this; a longer length is corruption.
const MAX_SECTION: u64 = 1 << 31;

/// What a table's policy maximises.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Objective {
    /// The self-play optimum: both players maximise their winning chance.
    Optimal,
    /// The best response to a fixed strategy, named as the user named it.
    BestResponse { against: String },
    /// The blind best response ([`crate::blind`]): the best found among
    /// strategies of the two scores alone, which cannot see the dice sides.
    BlindBestResponse { against: String },
}

impl std::fmt::Display for Objective {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Objective::Optimal => write!(f, "optimal"),
            Objective::BestResponse { against } => write!(f, "best_response({against})"),
            Objective::BlindBestResponse { against } => {
                write!(f, "blind_best_response({against})")
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The canonical rules text.
    pub rules: String,
    pub goal: u32,
    pub objective: Objective,
    /// The dice sides of the first axis, in order.
    pub sides: Vec<u32>,
    /// What the body answers, in words.
    pub answers: String,
    /// CRC-32 (IEEE) of the body bytes.
    pub body_checksum: u32,
}

#[derive(Serialize, Deserialize)]
struct Body {
    actions: Vec<i8>,
    values: Vec<f64>,
}

/// A solved policy with its values and what it was solved for.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyTable {
    pub rules: Rules,
    pub goal: u32,
    pub objective: Objective,
    pub policy: Policy,
    /// The mover's winning chance under the objective, axes as the policy's.
    pub values: Array3<f64>,
}

const ANSWERS: &str =
    "num_rolls (i8) and the mover's winning chance (f64) for every (sides, score, opponent_score)";

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<{ MAX_SECTION as usize }>()
}

impl PolicyTable {
    /// Writes the table; returns the header written (with its checksum).
    pub fn write(&self, mut out: impl Write) -> std::io::Result<Header> {
        let body = Body {
            actions: self.policy.actions().iter().copied().collect(),
            values: self.values.iter().copied().collect(),
        };
        let body = bincode::serde::encode_to_vec(&body, config()).map_err(std::io::Error::other)?;
        let header = Header {
            rules: self.rules.to_string(),
            goal: self.goal,
            objective: self.objective.clone(),
            sides: self.policy.sides().to_vec(),
            answers: ANSWERS.to_string(),
            body_checksum: crc32fast::hash(&body),
        };
        let header_bytes =
            bincode::serde::encode_to_vec(&header, config()).map_err(std::io::Error::other)?;
        out.write_all(MAGIC)?;
        out.write_all(&FORMAT_VERSION.to_le_bytes())?;
        out.write_all(&(header_bytes.len() as u32).to_le_bytes())?;
        out.write_all(&header_bytes)?;
        out.write_all(&(body.len() as u64).to_le_bytes())?;
        out.write_all(&body)?;
        Ok(header)
    }

    /// Reads only the header, after checking the magic and the version.
    pub fn read_header(input: impl Read) -> Result<Header> {
        Ok(read_sections(input, false)?.0)
    }

    /// Reads and checks a whole table.
    pub fn read(input: impl Read) -> Result<PolicyTable> {
        let (header, body) = read_sections(input, true)?;
        let body = body.expect("the body was read");
        if crc32fast::hash(&body) != header.body_checksum {
            return Err(Error::NotATable(format!(
                "checksum mismatch: the header says {:08x}, the body has {:08x}; the file is corrupted",
                header.body_checksum,
                crc32fast::hash(&body)
            )));
        }
        let corrupt = |what: String| Error::NotATable(format!("corrupted table: {what}"));
        let rules: Rules = header.rules.parse().map_err(|e| corrupt(format!("{e}")))?;
        let (body, _): (Body, usize) = bincode::serde::decode_from_slice(&body, config())
            .map_err(|e| corrupt(format!("body: {e}")))?;
        crate::rules::check_goal(header.goal as i64).map_err(|e| corrupt(e.to_string()))?;
        if header.sides != rules.state_sides() {
            return Err(corrupt(format!(
                "dice sides {:?}, the rules have {:?}",
                header.sides,
                rules.state_sides()
            )));
        }
        let g = header.goal as usize;
        let shape = (header.sides.len(), g, g);
        let cells = shape.0 * g * g;
        if body.actions.len() != cells || body.values.len() != cells {
            return Err(corrupt(format!(
                "{} actions and {} values for {cells} states",
                body.actions.len(),
                body.values.len()
            )));
        }
        let actions =
            Array3::from_shape_vec(shape, body.actions).map_err(|e| corrupt(e.to_string()))?;
        let policy = Policy::from_actions(&rules, header.goal, actions)?;
        let values =
            Array3::from_shape_vec(shape, body.values).map_err(|e| corrupt(e.to_string()))?;
        Ok(PolicyTable {
            rules,
            goal: header.goal,
            objective: header.objective,
            policy,
            values,
        })
    }

    /// Checks that the table answers these rules at this goal.
    pub fn check_for(&self, rules: &Rules, goal: u32) -> Result<()> {
        if self.rules != *rules || self.goal != goal {
            return Err(Error::TableMismatch(format!(
                "the table was solved for rules {} at goal {}, not for rules {} at goal {}",
                self.rules.name(),
                self.goal,
                rules.name(),
                goal
            )));
        }
        Ok(())
    }
}

/// The header and, if asked, the body bytes.
fn read_sections(mut input: impl Read, with_body: bool) -> Result<(Header, Option<Vec<u8>>)> {
    let mut magic = Vec::new();
    (&mut input)
        .take(MAGIC.len() as u64)
        .read_to_end(&mut magic)
        .map_err(io_error)?;
    if !MAGIC.starts_with(&magic) || magic.is_empty() {
        return Err(Error::NotATable(
            "the file does not start with the magic bytes HOGTABLE".into(),
        ));
    }
    if magic.len() < MAGIC.len() {
        return Err(Error::NotATable("truncated inside the magic bytes".into()));
    }
    let version = u32::from_le_bytes(read_array(&mut input, "the format version")?);
    if version != FORMAT_VERSION {
        return Err(Error::NotATable(format!(
            "format version {version}; this hog reads version {FORMAT_VERSION}"
        )));
    }
    let header_len = u32::from_le_bytes(read_array(&mut input, "the header length")?) as u64;
    let header_bytes = read_section(&mut input, header_len, "the header")?;
    let (header, _): (Header, usize) =
        bincode::serde::decode_from_slice(&header_bytes, config())
            .map_err(|e| Error::NotATable(format!("corrupted header: {e}")))?;
    if !with_body {
        return Ok((header, None));
    }
    let body_len = u64::from_le_bytes(read_array(&mut input, "the body length")?);
    let body = read_section(&mut input, body_len, "the body")?;
    let mut rest = [0u8; 1];
    if input.read(&mut rest).map_err(io_error)? > 0 {
        return Err(Error::NotATable("bytes follow the body".into()));
    }
    Ok((header, Some(body)))
}

fn read_section(input: &mut impl Read, len: u64, what: &str) -> Result<Vec<u8>> {
    if len > MAX_SECTION {
        return Err(Error::NotATable(format!("{what} claims {len} bytes")));
    }
    let mut bytes = Vec::new();
    input.take(len).read_to_end(&mut bytes).map_err(io_error)?;
    if bytes.len() as u64 != len {
        return Err(Error::NotATable(format!(
            "truncated: {what} has {} of its {len} bytes",
            bytes.len()
        )));
    }
    Ok(bytes)
}

fn read_array<const N: usize>(input: &mut impl Read, what: &str) -> Result<[u8; N]> {
    let mut bytes = [0u8; N];
    read_exact(input, &mut bytes, what)?;
    Ok(bytes)
}

fn read_exact(input: &mut impl Read, bytes: &mut [u8], what: &str) -> Result<()> {
    input.read_exact(bytes).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => Error::NotATable(format!("truncated before {what}")),
        _ => io_error(e),
    })
}

fn io_error(e: std::io::Error) -> Error {
    Error::NotATable(format!("read error: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::course_strategy;

    fn table() -> PolicyTable {
        let rules = Rules::fa16();
        let strategy = course_strategy(&rules, "bacon_strategy", &[]).unwrap();
        let policy = Policy::from_strategy(&strategy, &rules, 12, "bacon_strategy").unwrap();
        let values = Array3::from_shape_fn((2, 12, 12), |(d, s, o)| {
            (d * 144 + s * 12 + o) as f64 / 288.0
        });
        PolicyTable {
            rules,
            goal: 12,
            objective: Objective::BestResponse {
                against: "always_roll(4)".into(),
            },
            policy,
            values,
        }
    }

    fn bytes(table: &PolicyTable) -> Vec<u8> {
        let mut out = vec![];
        table.write(&mut out).unwrap();
        out
    }

    #[test]
    fn round_trips() {
        let t = table();
        let read = PolicyTable::read(&bytes(&t)[..]).unwrap();
        assert_eq!(read, t);
        let header = PolicyTable::read_header(&bytes(&t)[..]).unwrap();
        assert_eq!(header.goal, 12);
        assert_eq!(header.rules, Rules::fa16().to_string());
        assert_eq!(header.sides, vec![6, 4]);
    }

    #[test]
    fn layout_starts_with_magic_and_version() {
        let b = bytes(&table());
        assert_eq!(&b[..8], b"HOGTABLE");
        assert_eq!(u32::from_le_bytes(b[8..12].try_into().unwrap()), 1);
    }

    fn read_error(bytes: &[u8]) -> String {
        PolicyTable::read(bytes).unwrap_err().to_string()
    }

    #[test]
    fn rejects_damaged_files() {
        let good = bytes(&table());
        assert!(read_error(b"a,b,c\n1,2,3\n").contains("magic"));
        assert!(read_error(&good[..good.len() - 10]).contains("truncated"));
        assert!(read_error(&good[..5]).contains("truncated"));
        assert!(read_error(b"hello").contains("magic"));
        assert!(read_error(b"").contains("magic"));
        let mut flipped = good.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 0x40;
        assert!(read_error(&flipped).contains("checksum"));
        let mut version = good.clone();
        version[8] = 9;
        assert!(read_error(&version).contains("format version 9"));
        let mut longer = good;
        longer.push(0);
        assert!(read_error(&longer).contains("follow"));
    }

    #[test]
    fn a_header_with_an_impossible_goal_is_refused() {
        // A crafted header: goal 0, no cells, and a body whose checksum matches.
        let body = bincode::serde::encode_to_vec(
            Body {
                actions: vec![],
                values: vec![],
            },
            config(),
        )
        .unwrap();
        let header = Header {
            rules: Rules::fa13().to_string(),
            goal: 0,
            objective: Objective::Optimal,
            sides: vec![6],
            answers: String::new(),
            body_checksum: crc32fast::hash(&body),
        };
        let header = bincode::serde::encode_to_vec(&header, config()).unwrap();
        let mut bytes = MAGIC.to_vec();
        bytes.extend(FORMAT_VERSION.to_le_bytes());
        bytes.extend((header.len() as u32).to_le_bytes());
        bytes.extend(header);
        bytes.extend((body.len() as u64).to_le_bytes());
        bytes.extend(body);
        assert!(
            read_error(&bytes).contains("goal 0"),
            "{}",
            read_error(&bytes)
        );
    }

    #[test]
    fn refuses_other_rules_or_goal() {
        let t = table();
        assert!(t.check_for(&Rules::fa16(), 12).is_ok());
        let e = t.check_for(&Rules::fa13(), 12).unwrap_err().to_string();
        assert!(e.contains("fa16") && e.contains("fa13"), "{e}");
        assert!(t
            .check_for(&Rules::fa16(), 100)
            .unwrap_err()
            .to_string()
            .contains("goal 100"));
    }
}
