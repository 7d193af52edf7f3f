//! The on-disk policy table: every bincode call of the project lives here.
//!
//! # Format, version 2
//!
//! ```text
//! offset      size  field
//! 0           8     magic: the bytes "HOGTABLE"
//! 8           4     format version, u32 little-endian: 2
//! 12          4     header length H, u32 little-endian (at most 1 MiB)
//! 16          H     header: bincode 2 (standard config, serde) of `Header`
//! 16+H        8     body length B, u64 little-endian: 9 x the number of states
//! 24+H        N     actions: num_rolls as i8, one byte per state
//! 24+H+N      8N    values: the mover's winning chance, f64 little-endian
//! 24+H+B      4     CRC-32 (IEEE) of every byte before it, u32 little-endian
//! ```
//!
//! A table solved in exact fractions (`hog solve --exact`) says so in its
//! header's `answers` and carries its exact values between the f64 values
//! and the checksum:
//!
//! ```text
//! size  field
//! 8     exact section length E, u64 little-endian
//! E     per state, in axis order: a, b (u32 little-endian each), L (u32),
//!       then L bytes: the numerator n, unsigned little-endian; the value
//!       is n / (2^a · 3^b)
//! ```
//!
//! Each exact value must be a probability (0 to 1, exactly) whose nearest
//! f64 is the state's f64 value, and the entries must fill E exactly.
//!
//! N = hidden x goal x goal states (hidden = the rules' [`crate::rules::Hidden`] values: the dice sides times each player's memory), in axis order (hidden index, score,
//! opponent_score). The header names what the table answers: the canonical
//! rules text, the goal, the objective (self-play optimum, best response to
//! a named strategy, or blind best response to one), the dice sides of its
//! first axis, and the body's layout in words. A value is the mover's
//! winning chance under the objective (a draw counts 1/2 in the self-play
//! optimum and 0 in a best response).
//!
//! The checksum covers the whole file, header included, so no flipped bit
//! anywhere goes unnoticed: CRC-32 detects every error burst of at most 32
//! bits. A reader decodes while it reads, computing the checksum on the fly,
//! and never reads past a declared length. It checks the magic, the version,
//! the lengths, the header (every byte of it used, the rules text canonical,
//! a goal the solver allows, the dice sides of those rules), every action (an
//! action of the rules) and every value (a probability: finite, in [0, 1] up
//! to rounding),
//! the checksum, and that nothing follows it; then [`PolicyTable::check_for`]
//! checks the rules and goal in use. Version 1 tables, whose checksum covered
//! only the body, are refused with the commands that regenerate them.
//! Nothing here touches a file: the caller passes `impl Read`/`impl Write`
//! and writes atomically.

use std::io::{BufReader, BufWriter, Read, Write};

use ndarray::{Array3, ArrayView3};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use num_bigint::BigUint;

use crate::exact::Exact;
use crate::rules::Rules;
use crate::solve::Probability;
use crate::strategy::Policy;

pub const MAGIC: &[u8; 8] = b"HOGTABLE";
pub const FORMAT_VERSION: u32 = 2;
/// No table's header is longer than this; a longer length is corruption.
const MAX_HEADER: u32 = 1 << 20;
/// Bytes per state in the body: an i8 action and an f64 value.
const BYTES_PER_STATE: u64 = 9;
/// How far rounding may carry a value past 0 or 1: a value is a sum of
/// products of probabilities in f64, each step off by at most half an ulp
/// (1.1e-16), so the solver's values stray by a few ulps (measured: at most
/// 4.4e-16 past 1 in the committed tables, none in the fa16 optimum at goal
/// 5000). 1e-9 leaves room for that, and for nothing a corruption could use.
const ROUNDING: f64 = 1e-9;

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
    /// The same values as exact fractions, for a table solved with them.
    pub exact: Option<Array3<Exact>>,
}

/// A verified table file without its values: each value was checked and
/// checksummed, then dropped, since a grade or an export needs only the policy.
#[derive(Clone, Debug, PartialEq)]
pub struct TablePolicy {
    pub header: Header,
    /// The CRC-32 stored at the end of the file (and verified).
    pub checksum: u32,
    pub rules: Rules,
    pub policy: Policy,
}

/// A table to write, borrowed: a [`PolicyTable`]'s fields, or a solve's
/// grids as the engine left them, so that writing copies nothing whole.
pub struct TableView<'a> {
    pub rules: &'a Rules,
    pub goal: u32,
    pub objective: &'a Objective,
    /// num_rolls in every state, axes (sides index, score, opponent_score)
    /// with the sides of [`Rules::state_sides`].
    pub actions: ArrayView3<'a, i8>,
    /// The mover's winning chance under the objective, axes as the actions'.
    pub values: ArrayView3<'a, f64>,
    /// The same values as exact fractions, for a table solved with them.
    pub exact: Option<ArrayView3<'a, Exact>>,
}

impl TableView<'_> {
    /// Writes the table; returns its checksum, the CRC-32 of every byte
    /// before the last four. The body goes out through a 64 KiB buffer;
    /// only an exact section (small goals) is assembled before it is written.
    pub fn write(&self, out: impl Write) -> std::io::Result<u32> {
        let g = self.goal as usize;
        let sides = self.rules.state_sides();
        // One slice per hidden value: the dice sides, times each player's memory.
        let shape = (self.rules.hidden().len(), g, g);
        let shapes = [self.actions.dim(), self.values.dim()]
            .into_iter()
            .chain(self.exact.map(|exact| exact.dim()));
        for dim in shapes {
            if dim != shape {
                return Err(std::io::Error::other(format!(
                    "an array of shape {dim:?} in a table of shape {shape:?}"
                )));
            }
        }
        let header = Header {
            rules: self.rules.to_string(),
            goal: self.goal,
            objective: self.objective.clone(),
            sides: sides.to_vec(),
            answers: if self.exact.is_some() {
                ANSWERS_EXACT
            } else {
                ANSWERS
            }
            .to_string(),
        };
        let header =
            bincode::serde::encode_to_vec(&header, config()).map_err(std::io::Error::other)?;
        let states = self.values.len() as u64;
        let mut out = Checksummed::new(out);
        out.write_all(MAGIC)?;
        out.write_all(&FORMAT_VERSION.to_le_bytes())?;
        out.write_all(&(header.len() as u32).to_le_bytes())?;
        out.write_all(&header)?;
        out.write_all(&(BYTES_PER_STATE * states).to_le_bytes())?;
        let mut body = BufWriter::with_capacity(1 << 16, &mut out);
        for &a in &self.actions {
            body.write_all(&[a as u8])?;
        }
        for v in &self.values {
            body.write_all(&v.to_le_bytes())?;
        }
        body.into_inner().map_err(|e| e.into_error())?;
        if let Some(exact) = &self.exact {
            let mut section = Vec::new();
            for value in exact {
                let (numerator, twos, threes) = value
                    .parts()
                    .ok_or_else(|| std::io::Error::other("a negative exact value"))?;
                let bytes = numerator.to_bytes_le();
                for field in [twos, threes, bytes.len() as u32] {
                    section.extend_from_slice(&field.to_le_bytes());
                }
                section.extend_from_slice(&bytes);
            }
            out.write_all(&(section.len() as u64).to_le_bytes())?;
            out.write_all(&section)?;
        }
        let checksum = out.hasher.finalize();
        out.inner.write_all(&checksum.to_le_bytes())?;
        Ok(checksum)
    }
}

const ANSWERS: &str =
    "num_rolls (i8), then the mover's winning chance (f64), for every (sides, score, opponent_score)";
const ANSWERS_EXACT: &str = "num_rolls (i8), then the mover's winning chance (f64), then the \
     same chance as an exact fraction, for every (sides, score, opponent_score)";
/// How many more bits an exact value's denominator may have than its
/// numerator: a value below 2^-1100, which rounds to 0.0, is no value of a
/// solve (0 is written 0/1).
const MAX_SMALLNESS: u64 = 1100;
/// No exact section is longer than this (numerators of goal-100 tables have
/// a few hundred digits); a longer length is corruption.
const MAX_EXACT: u64 = 1 << 34;

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<{ MAX_HEADER as usize }>()
}

impl PolicyTable {
    /// Writes the table; returns its checksum, the CRC-32 of every byte
    /// before the last four.
    pub fn write(&self, out: impl Write) -> std::io::Result<u32> {
        self.view().write(out)
    }

    /// The table as borrowed arrays.
    pub fn view(&self) -> TableView<'_> {
        TableView {
            rules: &self.rules,
            goal: self.goal,
            objective: &self.objective,
            actions: self.policy.actions().view(),
            values: self.values.view(),
            exact: self.exact.as_ref().map(Array3::view),
        }
    }

    /// Reads and checks a whole table, values included.
    pub fn read(input: impl Read) -> Result<PolicyTable> {
        Ok(Self::read_with_header(input)?.2)
    }

    /// Reads and checks a whole table; also returns its header and checksum.
    pub fn read_with_header(input: impl Read) -> Result<(Header, u32, PolicyTable)> {
        let (file, values) = decode(input, true)?;
        let TablePolicy {
            header,
            checksum,
            rules,
            policy,
        } = file;
        let (values, exact) = values.expect("the values were kept");
        let table = PolicyTable {
            rules,
            goal: header.goal,
            objective: header.objective.clone(),
            policy,
            values,
            exact,
        };
        Ok((header, checksum, table))
    }

    /// Reads and checks a whole table, and keeps all but its values.
    pub fn read_policy(input: impl Read) -> Result<TablePolicy> {
        Ok(decode(input, false)?.0)
    }

    /// Checks that the table answers these rules at this goal.
    pub fn check_for(&self, rules: &Rules, goal: u32) -> Result<()> {
        check_for(&self.rules, self.goal, rules, goal)
    }
}

impl TablePolicy {
    /// Checks that the table answers these rules at this goal.
    pub fn check_for(&self, rules: &Rules, goal: u32) -> Result<()> {
        check_for(&self.rules, self.header.goal, rules, goal)
    }
}

fn check_for(table_rules: &Rules, table_goal: u32, rules: &Rules, goal: u32) -> Result<()> {
    if table_rules != rules || table_goal != goal {
        return Err(Error::TableMismatch(format!(
            "the table was solved for rules {} at goal {}, not for rules {} at goal {}",
            table_rules.name(),
            table_goal,
            rules.name(),
            goal
        )));
    }
    Ok(())
}

/// A reader or writer that computes the CRC-32 of every byte it passes on.
struct Checksummed<T> {
    inner: T,
    hasher: crc32fast::Hasher,
}

impl<T> Checksummed<T> {
    fn new(inner: T) -> Checksummed<T> {
        Checksummed {
            inner,
            hasher: crc32fast::Hasher::new(),
        }
    }
}

impl<R: Read> Read for Checksummed<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

impl<W: Write> Write for Checksummed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn corrupt(what: impl std::fmt::Display) -> Error {
    Error::NotATable(format!("corrupted table: {what}"))
}

/// Decodes a table while reading it (see the module docs for the checks),
/// keeping the values if asked.
/// The values of a table: f64, and exact fractions if it has them.
type Values = (Array3<f64>, Option<Array3<Exact>>);

fn decode(input: impl Read, keep_values: bool) -> Result<(TablePolicy, Option<Values>)> {
    let mut input = Checksummed::new(BufReader::new(input));
    check_magic(&mut input)?;
    match u32::from_le_bytes(read_array(&mut input, "the format version")?) {
        FORMAT_VERSION => {}
        1 => {
            return Err(Error::NotATable(format!(
                "format version 1, whose checksum covers only the body; this hog reads \
                 version {FORMAT_VERSION}: regenerate the table with `hog solve -o FILE` \
                 (the committed tables: `hog tables`)"
            )))
        }
        version => {
            return Err(Error::NotATable(format!(
                "format version {version}; this hog reads version {FORMAT_VERSION}"
            )))
        }
    }
    let header_len = u32::from_le_bytes(read_array(&mut input, "the header length")?);
    if header_len > MAX_HEADER {
        return Err(corrupt(format!(
            "the header claims {header_len} bytes, more than {MAX_HEADER}"
        )));
    }
    let mut header_bytes = Vec::with_capacity(header_len as usize);
    (&mut input)
        .take(header_len.into())
        .read_to_end(&mut header_bytes)
        .map_err(io_error)?;
    if header_bytes.len() != header_len as usize {
        return Err(Error::NotATable(format!(
            "truncated: the header has {} of its {header_len} bytes",
            header_bytes.len()
        )));
    }
    let (header, used): (Header, usize) =
        bincode::serde::decode_from_slice(&header_bytes, config())
            .map_err(|e| corrupt(format!("header: {e}")))?;
    if used != header_bytes.len() {
        return Err(corrupt(format!(
            "{} bytes follow the header's fields",
            header_bytes.len() - used
        )));
    }
    let rules = check_header(&header)?;
    let g = header.goal as usize;
    let shape = (rules.hidden().len(), g, g);
    let states = (shape.0 * g * g) as u64;
    let body_len = u64::from_le_bytes(read_array(&mut input, "the body length")?);
    if body_len != BYTES_PER_STATE * states {
        return Err(corrupt(format!(
            "the body claims {body_len} bytes; {states} states take {}",
            BYTES_PER_STATE * states
        )));
    }
    let mut actions = Vec::with_capacity(states as usize);
    (&mut input)
        .take(states)
        .read_to_end(&mut actions)
        .map_err(io_error)?;
    if actions.len() as u64 != states {
        return Err(Error::NotATable(format!(
            "truncated: {} of the {states} actions",
            actions.len()
        )));
    }
    let actions = actions.into_iter().map(|a| a as i8).collect();
    let actions = Array3::from_shape_vec(shape, actions).expect("one action per state");
    let policy = Policy::from_actions(&rules, header.goal, actions).map_err(corrupt)?;
    let has_exact = header.answers == ANSWERS_EXACT;
    // The exact values are checked against the f64 ones, so those are kept.
    let values = read_values(&mut input, shape, keep_values || has_exact)?;
    let exact = match &values {
        Some(values) if has_exact => Some(read_exact_values(&mut input, values, g)?),
        _ => None,
    };
    let computed = input.hasher.clone().finalize();
    let stored = u32::from_le_bytes(read_array(&mut input.inner, "the checksum")?);
    if stored != computed {
        return Err(Error::NotATable(format!(
            "checksum mismatch: the file says {stored:08x}, its bytes have {computed:08x}; \
             the file is corrupted"
        )));
    }
    if input.inner.read(&mut [0u8; 1]).map_err(io_error)? > 0 {
        return Err(corrupt("bytes follow the checksum"));
    }
    let one_per_state = "one value per state";
    let values = keep_values.then(|| {
        let values = Array3::from_shape_vec(shape, values.expect("kept")).expect(one_per_state);
        let exact = exact.map(|e| Array3::from_shape_vec(shape, e).expect(one_per_state));
        (values, exact)
    });
    let file = TablePolicy {
        header,
        checksum: stored,
        rules,
        policy,
    };
    Ok((file, values))
}

/// The header's fields, checked; returns its rules.
fn check_header(header: &Header) -> Result<Rules> {
    let rules: Rules = header.rules.parse().map_err(corrupt)?;
    if rules.to_string() != header.rules {
        return Err(corrupt(format!(
            "the rules text '{}' is not canonical",
            header.rules
        )));
    }
    crate::rules::check_goal(header.goal.into()).map_err(corrupt)?;
    if header.sides != rules.state_sides() {
        return Err(corrupt(format!(
            "dice sides {:?}, the rules have {:?}",
            header.sides,
            rules.state_sides()
        )));
    }
    if header.answers != ANSWERS && header.answers != ANSWERS_EXACT {
        return Err(corrupt(format!("the body answers '{}'", header.answers)));
    }
    if let Objective::BestResponse { against } = &header.objective {
        if against.trim().is_empty() || against.chars().any(char::is_control) {
            return Err(corrupt(format!(
                "the objective names no strategy: {against:?}"
            )));
        }
    }
    Ok(rules)
}

/// Reads one f64 per state, each a probability; keeps them if asked.
fn read_values(
    input: &mut impl Read,
    shape: (usize, usize, usize),
    keep: bool,
) -> Result<Option<Vec<f64>>> {
    const CHUNK: usize = 8192;
    let (_, g, _) = shape;
    let states = shape.0 * g * g;
    let mut values = Vec::with_capacity(if keep { states } else { 0 });
    let mut chunk = vec![0u8; 8 * CHUNK];
    let mut index = 0;
    while index < states {
        let n = (states - index).min(CHUNK);
        read_exact(input, &mut chunk[..8 * n], "the end of the values")?;
        for bytes in chunk[..8 * n].chunks_exact(8) {
            let value = f64::from_le_bytes(bytes.try_into().expect("8 bytes"));
            if !(-ROUNDING..=1.0 + ROUNDING).contains(&value) {
                return Err(corrupt(format!(
                    "the value {value} at sides index {}, score {}, opponent_score {} \
                     is not a probability",
                    index / (g * g),
                    index / g % g,
                    index % g
                )));
            }
            if keep {
                values.push(value);
            }
            index += 1;
        }
    }
    Ok(keep.then_some(values))
}

/// Reads the exact section: one fraction per state, each a probability
/// whose nearest f64 is the state's f64 value.
fn read_exact_values(input: &mut impl Read, values: &[f64], g: usize) -> Result<Vec<Exact>> {
    let length = u64::from_le_bytes(read_array(input, "the exact section's length")?);
    if length > MAX_EXACT {
        return Err(corrupt(format!("the exact section claims {length} bytes")));
    }
    let mut left = length;
    let mut exact = Vec::with_capacity(values.len());
    for (index, &value) in values.iter().enumerate() {
        let at = || {
            format!(
                "at sides index {}, score {}, opponent_score {}",
                index / (g * g),
                index / g % g,
                index % g
            )
        };
        let [twos, threes, len] = [0; 3].map(|_| read_array::<4>(input, "an exact value"));
        let (twos, threes, len) = (
            u32::from_le_bytes(twos?),
            u32::from_le_bytes(threes?),
            u32::from_le_bytes(len?),
        );
        // A turn's probabilities have denominators dividing 36^10 = 2^20·3^20,
        // and a game lasts at most 2·goal turns (nju21's passes aside, which
        // add a factor 1/2 for a draw): exponents past 64·goal are corruption,
        // and would make the checks below arbitrarily slow.
        let most = 64 * g as u32;
        if twos > most || threes > most {
            return Err(corrupt(format!(
                "the exact value {} has the denominator 2^{twos}·3^{threes}",
                at()
            )));
        }
        // n <= 2^a·3^b has at most a + b·log2(3) + 1 bits; a longer numerator
        // is corruption, refused before it is read.
        let most_bytes = (u64::from(twos) + u64::from(threes) * 1585 / 1000 + 1) / 8 + 2;
        if u64::from(len) > most_bytes {
            return Err(corrupt(format!(
                "the exact value {} claims a {len}-byte numerator over 2^{twos}·3^{threes}",
                at()
            )));
        }
        let entry = 12 + u64::from(len);
        if entry > left {
            return Err(corrupt(format!(
                "the exact section ends inside a value {}",
                at()
            )));
        }
        left -= entry;
        let mut bytes = Vec::new();
        input
            .take(len.into())
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
        if bytes.len() != len as usize {
            return Err(Error::NotATable("truncated inside an exact value".into()));
        }
        let numerator = BigUint::from_bytes_le(&bytes);
        // The checks below take work that grows with the denominator, and
        // a probability whose nearest f64 is a number (at least 2^-1074, or
        // 0 written 0/1) has a numerator of nearly as many bits: a
        // denominator much longer than the numerator read is corruption,
        // so the work stays bounded by the file's size.
        let denominator_bits = u64::from(twos) + u64::from(threes) * 1585 / 1000;
        if numerator.bits() + MAX_SMALLNESS < denominator_bits {
            return Err(corrupt(format!(
                "the exact value {} over 2^{twos}·3^{threes} is below 2^-{MAX_SMALLNESS}",
                at()
            )));
        }
        let fraction = Exact::from_parts(numerator, twos, threes);
        if fraction > Exact::one() || fraction.to_f64() != value {
            return Err(corrupt(format!(
                "the exact value {} {} is no probability, or not the f64 value {value}",
                fraction.decimal(17),
                at()
            )));
        }
        exact.push(fraction);
    }
    if left > 0 {
        return Err(corrupt(format!("{left} bytes follow the exact values")));
    }
    Ok(exact)
}

fn check_magic(input: &mut impl Read) -> Result<()> {
    let mut magic = Vec::new();
    input
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
    Ok(())
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
                against: "always_roll(5)".into(),
            },
            policy,
            values,
            exact: None,
        }
    }

    fn bytes(table: &PolicyTable) -> Vec<u8> {
        let mut out = vec![];
        table.write(&mut out).unwrap();
        out
    }

    /// A file from a header's bytes and a body's bytes, with the lengths and
    /// the checksum a writer would give them: only the decoder's checks of
    /// the contents can refuse it.
    fn assemble(version: u32, header: &[u8], body: &[u8]) -> Vec<u8> {
        let mut file = MAGIC.to_vec();
        file.extend(version.to_le_bytes());
        file.extend((header.len() as u32).to_le_bytes());
        file.extend(header);
        file.extend((body.len() as u64).to_le_bytes());
        file.extend(body);
        file.extend(crc32fast::hash(&file).to_le_bytes());
        file
    }

    fn header_bytes(table: &PolicyTable) -> Vec<u8> {
        let header = Header {
            rules: table.rules.to_string(),
            goal: table.goal,
            objective: table.objective.clone(),
            sides: table.policy.sides().to_vec(),
            answers: ANSWERS.to_string(),
        };
        bincode::serde::encode_to_vec(&header, config()).unwrap()
    }

    fn body_bytes(actions: &[i8], values: &[f64]) -> Vec<u8> {
        let mut body: Vec<u8> = actions.iter().map(|&a| a as u8).collect();
        body.extend(values.iter().flat_map(|v| v.to_le_bytes()));
        body
    }

    #[test]
    fn round_trips() {
        let t = table();
        let read = PolicyTable::read(&bytes(&t)[..]).unwrap();
        assert_eq!(read, t);
        let file = PolicyTable::read_policy(&bytes(&t)[..]).unwrap();
        assert_eq!(file.header.goal, 12);
        assert_eq!(file.header.rules, Rules::fa16().to_string());
        assert_eq!(file.header.sides, vec![6, 4]);
        assert_eq!(file.policy, t.policy);
        assert_eq!(t.write(std::io::sink()).unwrap(), file.checksum);
    }

    #[test]
    fn layout_is_the_documented_one() {
        let t = table();
        let b = bytes(&t);
        assert_eq!(&b[..8], b"HOGTABLE");
        assert_eq!(u32::from_le_bytes(b[8..12].try_into().unwrap()), 2);
        let actions: Vec<i8> = t.policy.actions().iter().copied().collect();
        let values: Vec<f64> = t.values.iter().copied().collect();
        // The checksum is the CRC-32 of everything before it, header included.
        assert_eq!(
            b,
            assemble(2, &header_bytes(&t), &body_bytes(&actions, &values))
        );
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
        let last = flipped.len() - 7;
        flipped[last] ^= 0x01;
        assert!(read_error(&flipped).contains("checksum"));
        let mut version = good.clone();
        version[8] = 9;
        assert!(read_error(&version).contains("format version 9"));
        let mut longer = good;
        longer.push(0);
        assert!(read_error(&longer).contains("follow the checksum"));
    }

    #[test]
    fn every_flipped_bit_is_refused() {
        // CRC-32 over the whole file: the objective, the rules, the lengths,
        // the values and the checksum itself are all covered.
        let good = bytes(&table());
        for bit in 0..good.len() * 8 {
            let mut bad = good.clone();
            bad[bit / 8] ^= 1 << (bit % 8);
            assert!(
                PolicyTable::read(&bad[..]).is_err(),
                "a flip of bit {bit} was accepted"
            );
            assert!(PolicyTable::read_policy(&bad[..]).is_err(), "bit {bit}");
        }
    }

    #[test]
    fn version_1_tables_are_refused_with_how_to_regenerate() {
        let mut old = bytes(&table());
        old[8] = 1;
        let e = read_error(&old);
        assert!(
            e.contains("format version 1") && e.contains("hog solve"),
            "{e}"
        );
    }

    #[test]
    fn values_that_are_no_probability_are_refused_under_a_valid_checksum() {
        let t = table();
        let actions: Vec<i8> = t.policy.actions().iter().copied().collect();
        let header = header_bytes(&t);
        for bad in [f64::NAN, -1e-6, 1.000001, f64::INFINITY] {
            let mut values: Vec<f64> = t.values.iter().copied().collect();
            values[150] = bad;
            let e = read_error(&assemble(2, &header, &body_bytes(&actions, &values)));
            // State 150 of 2 x 12 x 12: sides index 1, score 0, opponent_score 6.
            assert!(
                e.contains("sides index 1, score 0, opponent_score 6 is not a probability"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn illegal_actions_and_junk_are_refused_under_a_valid_checksum() {
        let t = table();
        let mut actions: Vec<i8> = t.policy.actions().iter().copied().collect();
        let values: Vec<f64> = t.values.iter().copied().collect();
        let header = header_bytes(&t);
        let mut junk_header = header.clone();
        junk_header.push(0);
        assert!(
            read_error(&assemble(2, &junk_header, &body_bytes(&actions, &values)))
                .contains("1 bytes follow the header's fields")
        );
        let mut long_body = body_bytes(&actions, &values);
        long_body.push(0);
        assert!(read_error(&assemble(2, &header, &long_body)).contains("the body claims"));
        actions[13] = 11;
        let e = read_error(&assemble(2, &header, &body_bytes(&actions, &values)));
        assert!(e.contains("num_rolls 11"), "{e}");
    }

    #[test]
    fn a_header_with_an_impossible_goal_is_refused() {
        // Crafted headers with no body and a checksum that matches: goals
        // past the limit are refused as such; goal 10,000 is allowed, and
        // the empty body is refused for its length.
        let file = |goal| {
            let header = Header {
                rules: Rules::fa13().to_string(),
                goal,
                objective: Objective::Optimal,
                sides: vec![6],
                answers: ANSWERS.to_string(),
            };
            let header = bincode::serde::encode_to_vec(&header, config()).unwrap();
            assemble(2, &header, &[])
        };
        for goal in [0, 10_001, u32::MAX] {
            let e = read_error(&file(goal));
            assert!(e.contains(&format!("goal {goal} is not allowed")), "{e}");
        }
        let e = read_error(&file(10_000));
        assert!(
            e.contains("the body claims 0 bytes; 100000000 states take 900000000"),
            "{e}"
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

#[cfg(test)]
mod exact_tests {
    use super::*;
    use crate::solve::{Driver, Engine};
    use crate::Model;

    /// An exact self-play solve of fa13 at goal 5, as a table.
    fn exact_table() -> PolicyTable {
        let rules = Rules::fa13();
        let model = Model::new(&rules, 5).unwrap();
        let solution = Engine::<Exact>::new(&model, Driver::Sequential).optimal();
        PolicyTable {
            rules,
            goal: 5,
            objective: Objective::Optimal,
            policy: solution.policy.to_policy(&model),
            values: solution.values.cells().map(Probability::to_f64),
            exact: Some(solution.values.cells().to_owned()),
        }
    }

    fn bytes(table: &PolicyTable) -> Vec<u8> {
        let mut out = vec![];
        table.write(&mut out).unwrap();
        out
    }

    #[test]
    fn exact_values_round_trip() {
        let t = exact_table();
        let read = PolicyTable::read(&bytes(&t)[..]).unwrap();
        assert_eq!(read, t);
        assert!(read.exact.is_some());
        assert_eq!(
            PolicyTable::read_policy(&bytes(&t)[..]).unwrap().policy,
            t.policy
        );
    }

    #[test]
    fn every_flipped_bit_of_an_exact_table_is_refused() {
        let good = bytes(&exact_table());
        for bit in 0..good.len() * 8 {
            let mut bad = good.clone();
            bad[bit / 8] ^= 1 << (bit % 8);
            assert!(
                PolicyTable::read(&bad[..]).is_err(),
                "bit {bit} was accepted"
            );
        }
    }

    #[test]
    fn an_exact_numerator_longer_than_its_denominator_allows_is_refused_unread() {
        let mut b = bytes(&exact_table());
        let h = u32::from_le_bytes(b[12..16].try_into().unwrap()) as usize;
        let body = u64::from_le_bytes(b[16 + h..24 + h].try_into().unwrap()) as usize;
        // The first exact value: a (u32), b (u32), then the numerator's length.
        let len_at = 24 + h + body + 8 + 8;
        b[len_at..len_at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        let crc_at = b.len() - 4;
        let crc = crc32fast::hash(&b[..crc_at]);
        b[crc_at..].copy_from_slice(&crc.to_le_bytes());
        let e = PolicyTable::read(&b[..]).unwrap_err().to_string();
        assert!(e.contains("-byte numerator over"), "{e}");
    }

    #[test]
    fn an_exact_value_that_is_not_the_f64_value_is_refused_under_a_valid_checksum() {
        let mut t = exact_table();
        let mut exact = t.exact.take().unwrap();
        // 1/2 where the f64 value is not 1/2: a fraction of its own, but
        // not the one the table's f64 value rounds from.
        let cell = exact.iter_mut().find(|v| v.to_f64() != 0.5).unwrap();
        *cell = Exact::half();
        t.exact = Some(exact);
        let e = PolicyTable::read(&bytes(&t)[..]).unwrap_err().to_string();
        assert!(e.contains("not the f64 value"), "{e}");
        // A value above 1.
        let mut t = exact_table();
        let mut exact = t.exact.take().unwrap();
        exact[[0, 0, 0]] = Exact::one() + Exact::half();
        t.values[[0, 0, 0]] = 1.5;
        t.exact = Some(exact);
        let e = PolicyTable::read(&bytes(&t)[..]).unwrap_err().to_string();
        assert!(
            e.contains("not a probability") || e.contains("no probability"),
            "{e}"
        );
    }
}
