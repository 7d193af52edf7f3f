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

impl Objective {
    /// What `hog final`'s search answered: the blind best response to
    /// `against` where the rules hide state, else the ordinary best response.
    pub fn final_response(against: String, hidden: bool) -> Objective {
        if hidden {
            Objective::BlindBestResponse { against }
        } else {
            Objective::BestResponse { against }
        }
    }
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
mod tests;

#[cfg(test)]
mod exact_tests;
