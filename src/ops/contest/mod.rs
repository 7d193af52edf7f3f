//! A round robin of many strategies, graded exactly, as the course's
//! contests did it (`hog contest`, Python's `contest`).
//!
//! Every entry is resolved once into a policy (a Python file is run once,
//! sandboxed, with the course's checks); an entry that fails is excluded
//! with its reason and the others go on. Every pair of the remaining entries
//! is graded exactly, both seatings averaged (the course's win rate):
//! w[i][j] is entry i's win rate against entry j, and
//! w[i][j] + w[j][i] + draw = 1. Entry i earns a match point against j when
//! w[i][j] > 0.5 + margin (so a tie is a loss for both), and entries are
//! ranked by points (equal points, equal rank).
//!
//! Grades are cached by the content of the two policies, the rules and the
//! goal (an entry's key is SHA-256 of them), so re-running after adding an
//! entry grades only its pairs, and an edited file gets a new key.

mod bids;
pub mod cache;
pub mod class;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use hog_solver::bids::grade_bid_pairs;
use hog_solver::round_robin::{grade_pairs_stopping, Match};
use hog_solver::rules::Bids;
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules};
use indicatif::{ProgressBar, ProgressStyle};
use sha2::{Digest, Sha256};

use hog_solver::strategy::StrategySpec;
use serde::Serialize;

use super::baseline_or_course;
use crate::game::recorded_game;
use crate::sandbox::python::Module;
use crate::strategies::{extension, FileKind, Sources, Strategy};
use cache::{key, key_with_bid, Cache, Key};

/// The strategy files a folder's entries are read from.
const STRATEGY_EXTENSIONS: [&str; 4] = ["py", "csv", "json", "hogtable"];

/// One entry as given: its name on the leaderboard and its strategy.
pub struct Entry {
    pub name: String,
    pub source: Strategy,
}

/// An entry's policy and its cache key, or why it was excluded.
type Resolved = std::result::Result<(Policy, Key), String>;

/// The game a contest plays, and the project folders it excludes, each
/// with its reason.
pub struct Game {
    pub rules: Rules,
    pub goal: u32,
    pub excluded: Vec<(PathBuf, String)>,
}

/// A contest to play: its game (and the project folders it excludes, each
/// with its reason), its entries, the baseline each entry is measured
/// against (the course baseline by default), the margin above one half a
/// win rate needs for a match point, and the cache of graded pairs (none:
/// every pair graded) with `force`: a file there that hog did not write is
/// replaced.
pub struct ContestInput {
    pub game: Game,
    pub entries: Vec<Entry>,
    pub against: Option<Strategy>,
    pub margin: f64,
    pub cache: Option<PathBuf>,
    pub force: bool,
}

/// The contest's results: the leaderboard and the matrix, the draws, the
/// settings and the cache's work, and the policy of each leaderboard row
/// (None: excluded) and of the baseline, for the pages of the entries.
pub struct Board {
    pub report: Report,
    /// draw[i][j]: the mean draw probability of i against j (None as in
    /// the matrix's win rates).
    pub draws: Vec<Vec<Option<f64>>>,
    pub summary: Summary,
    pub policies: Vec<Option<Policy>>,
    pub baseline: Policy,
    /// How many entries were graded (0: every one was excluded).
    pub graded: usize,
}

/// The leaderboard, in rank order (the excluded entries last, as given),
/// and the matrix of win rates in the same order.
#[derive(Serialize)]
pub struct Report {
    pub rules: String,
    pub goal: u32,
    pub entries: Vec<EntryReport>,
    pub matrix: MatrixReport,
}

#[derive(Serialize)]
pub struct EntryReport {
    pub name: String,
    pub source: String,
    pub status: &'static str,
    pub reason: Option<String>,
    pub points: Option<u32>,
    pub rank: Option<usize>,
    pub win_rate_vs_baseline: Option<f64>,
    /// What a reader should know about a graded entry: that its file is
    /// byte-identical to another entry's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Serialize)]
pub struct MatrixReport {
    pub names: Vec<String>,
    pub win_rate: Vec<Vec<Option<f64>>>,
}

/// What the report leaves out: the contest's settings and the cache's work.
#[derive(Serialize)]
pub struct Summary {
    pub baseline: String,
    pub margin: f64,
    /// Pairs of entries.
    pub pairs: usize,
    /// Of them, how many came from the cache.
    pub reused: usize,
    pub cache: Option<PathBuf>,
}

/// Checks a margin: at least 0 and below one half.
pub fn check_margin(margin: f64) -> Result<()> {
    if !(0.0..0.5).contains(&margin) {
        bail!("--margin {margin}: a margin is at least 0 and below 0.5");
    }
    Ok(())
}

/// Plays the contest; the entries of the game's excluded folders are
/// excluded with their folder's reason.
pub fn contest(input: ContestInput, sources: &Sources) -> Result<Board> {
    let ContestInput {
        game: Game {
            rules,
            goal,
            excluded,
        },
        entries,
        ..
    } = &input;
    let (rules, goal) = (rules.clone(), *goal);
    check_margin(input.margin)?;
    // Before any entry (or a baseline in Python) runs: every entry's files
    // and the cache as it is now (an entry could write them).
    let identities: Vec<Identity> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| Identity::of(&e.source, i))
        .collect();
    // Whose files change while the baseline, then each entry, runs.
    let mut changes = Changes::new(&identities);
    let cache = Cache::open(input.cache.clone(), input.force)?;
    let baseline_strategy = match &input.against {
        Some(against) => against.clone(),
        None => Strategy::Text(baseline_or_course(None, &rules, "--against")?),
    };
    let baseline_text = baseline_strategy.name().to_string();
    let baseline = sources
        .play(&baseline_strategy, &rules, goal)
        .context("the baseline")?;
    let model = Model::new(&rules, goal)?;
    crate::alloc::check_memory(&model, hog_solver::memory::Job::Evaluate)?;

    let bar = progress(
        entries.len() as u64,
        "{bar:40} {pos}/{len} entries resolved",
    )?;
    let baseline_changed = changes.made_by(None);
    let mut changed: Vec<Vec<usize>> = vec![];
    let mut resolved: Vec<Resolved> = vec![];
    for (i, entry) in entries.iter().enumerate() {
        // Where the caller stops the work (Ctrl-C in Python), between entries too.
        sources.stop().check();
        let id = &identities[i];
        let folder = match &entry.source {
            Strategy::Text(text) => match FileKind::of(text) {
                FileKind::Python { path, .. } => path.parent(),
                _ => None,
            },
            Strategy::Made { .. } => None,
        };
        let in_excluded = excluded
            .iter()
            .find(|(excluded, _)| Some(excluded.as_path()) == folder);
        let first = identities[..i]
            .iter()
            .position(|other| other.same == id.same);
        let result = match (in_excluded, first) {
            (Some((_, why)), _) => Err(why.clone()),
            (None, Some(first)) => Err(format!(
                "the same entry as {}, given twice",
                entries[first].source.name()
            )),
            (None, None) => {
                resolve(entry, id.module.as_ref(), &rules, goal, sources).and_then(|resolved| {
                    // An entry graded from its kept bytes is what it was; any
                    // other is checked against its files as they were.
                    if id.module.is_some() || contents(&id.files) == id.contents {
                        Ok(resolved)
                    } else {
                        Err(
                            "its files changed after the contest began, before hog read \
                             them (another entry may have written them): not graded"
                                .to_string(),
                        )
                    }
                })
            }
        };
        changed.push(changes.made_by(Some(i)));
        resolved.push(result);
        bar.inc(1);
    }
    bar.finish_and_clear();
    // Under bids, each entry's final_bid, part of its key: an entry
    // without one is excluded.
    let mut bid_of = vec![0; entries.len()];
    if rules.bids != Bids::None {
        for (i, entry) in entries.iter().enumerate() {
            if let Ok((_, key)) = &mut resolved[i] {
                let bid = match &entry.source {
                    Strategy::Text(text) => bids::final_bid(text, identities[i].module.as_ref()),
                    Strategy::Made { .. } => Err("under bids an entry is a Python file that \
                                                  sets final_bid; a function or a table carries none"
                        .to_string()),
                };
                match bid {
                    Ok(bid) => {
                        *key = key_with_bid(*key, bid);
                        bid_of[i] = bid;
                    }
                    Err(reason) => resolved[i] = Err(reason),
                }
            }
        }
    }
    // A note on each graded entry whose file has the bytes of an earlier
    // one, and on each entry whose run changed another's files (said on
    // stderr too, as it happens to the classmate's folder).
    let changed_names = |changed: &[usize]| {
        changed
            .iter()
            .map(|&j| format!("{} ({})", entries[j].name, entries[j].source.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !baseline_changed.is_empty() {
        warn(&format!(
            "while the baseline ran, the files of {} changed; every entry is graded from \
             its files as they were before anything ran",
            changed_names(&baseline_changed)
        ));
    }
    let notes: Vec<Option<String>> = (0..entries.len())
        .map(|i| {
            let identical = identities[i].bytes.and_then(|bytes| {
                let first = (0..i).find(|&j| identities[j].bytes == Some(bytes))?;
                resolved[i].is_ok().then(|| {
                    format!(
                        "byte-identical to {} ({})",
                        entries[first].name,
                        entries[first].source.name()
                    )
                })
            });
            let wrote = (!changed[i].is_empty()).then(|| {
                let note = format!(
                    "while it ran, the files of {} changed (each entry is graded from its \
                     files as they were before any entry ran)",
                    changed_names(&changed[i])
                );
                warn(&format!(
                    "entry {} ({}): {note}",
                    entries[i].name,
                    entries[i].source.name()
                ));
                note
            });
            match (identical, wrote) {
                (Some(a), Some(b)) => Some(format!("{a}; {b}")),
                (a, b) => a.or(b),
            }
        })
        .collect();

    // The graded entries, then the baseline, as one list of policies.
    let ok: Vec<usize> = (0..entries.len())
        .filter(|&i| resolved[i].is_ok())
        .collect();
    let baseline_key = key(&rules, goal, &baseline);
    let mut policies: Vec<&Policy> = ok
        .iter()
        .map(|&i| &resolved[i].as_ref().expect("ok").0)
        .collect();
    let mut keys: Vec<Key> = ok
        .iter()
        .map(|&i| resolved[i].as_ref().expect("ok").1)
        .collect();
    policies.push(&baseline);
    keys.push(baseline_key);
    let n = ok.len();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..=n).map(move |b| (a, b)))
        .collect();

    let cached = |(a, b): (usize, usize)| cache.as_ref()?.get(keys[a], keys[b]);
    let (reused, to_grade): (Vec<usize>, Vec<usize>) =
        (0..pairs.len()).partition(|&k| cached(pairs[k]).is_some());

    // w[a][b] over the graded entries and the baseline (index n); NaN: not graded.
    let size = n + 1;
    let mut matrix = Matrix {
        size,
        win_rate: vec![f64::NAN; size * size],
        draw: vec![f64::NAN; size * size],
    };
    for &k in &reused {
        matrix.record(pairs[k], cached(pairs[k]).expect("cached"));
    }
    let bar = progress(
        to_grade.len() as u64,
        "{bar:40} {pos}/{len} pairs, {eta} left",
    )?;
    let new_pairs: Vec<(usize, usize)> = to_grade.iter().map(|&k| pairs[k]).collect();
    let graded = Mutex::new(matrix);
    let record = |pair, m| {
        graded
            .lock()
            .expect("no panics while holding the lock")
            .record(pair, m);
        bar.inc(1);
    };
    if rules.bids == Bids::None {
        grade_pairs_stopping(&model, &policies, &new_pairs, sources.stop(), |k, m| {
            record(new_pairs[k], m)
        });
    } else {
        // Two entries play from the start their bids give; the baseline,
        // which bids nothing, from 0-0 in both seats, as without bids.
        let (with_baseline, between): (Vec<_>, Vec<_>) =
            new_pairs.iter().partition(|&&(_, b)| b == n);
        grade_pairs_stopping(&model, &policies, &with_baseline, sources.stop(), |k, m| {
            record(with_baseline[k], m)
        });
        let bids: Vec<u32> = ok.iter().map(|&i| bid_of[i]).chain([0]).collect();
        grade_bid_pairs(
            &model,
            &policies,
            &bids,
            &between,
            sources.stop(),
            |k, m| record(between[k], m),
        )?;
    }
    bar.finish_and_clear();
    let matrix = graded
        .into_inner()
        .expect("no panics while holding the lock");
    if let Some(cache) = &cache {
        // The path was checked before the entries ran, but an entry (or
        // anything else) may have changed it since: a cache that cannot be
        // written loses the next run's time, never this run's results.
        cache.keep(
            pairs
                .iter()
                .map(|&(a, b)| (keys[a], keys[b], matrix.get((a, b)))),
        );
    }
    let (win_rate, draw) = (matrix.win_rate, matrix.draw);

    let at = |a: usize, b: usize| win_rate[a * size + b];
    let points: Vec<u32> = (0..n)
        .map(|a| {
            (0..n)
                .filter(|&b| b != a && at(a, b) > 0.5 + input.margin)
                .count() as u32
        })
        .collect();
    // The leaderboard order: points, then the win rate against the
    // baseline, then the name; excluded entries last, as given.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        points[b]
            .cmp(&points[a])
            .then(at(b, n).total_cmp(&at(a, n)))
            .then_with(|| entries[ok[a]].name.cmp(&entries[ok[b]].name))
    });
    let mut report = Report {
        rules: rules.name(),
        goal,
        entries: vec![],
        matrix: MatrixReport {
            names: vec![],
            win_rate: vec![],
        },
    };
    let mut draws = vec![];
    // Graded row index of each leaderboard row (None: excluded).
    let rows: Vec<Option<usize>> = order
        .iter()
        .map(|&a| Some(a))
        .chain(
            (0..entries.len())
                .filter(|i| resolved[*i].is_err())
                .map(|_| None),
        )
        .collect();
    let mut excluded = (0..entries.len()).filter(|i| resolved[*i].is_err());
    // The entry of each leaderboard row.
    let mut places = Vec::new();
    for row in &rows {
        let (index, rank, pts, vs) = match *row {
            Some(a) => {
                let rank = 1 + points.iter().filter(|&&p| p > points[a]).count();
                (ok[a], Some(rank), Some(points[a]), Some(at(a, n)))
            }
            None => (
                excluded.next().expect("an excluded entry"),
                None,
                None,
                None,
            ),
        };
        let entry = &entries[index];
        places.push(index);
        report.entries.push(EntryReport {
            name: entry.name.clone(),
            source: entry.source.name().to_string(),
            status: if row.is_some() { "ok" } else { "excluded" },
            reason: resolved[index].as_ref().err().cloned(),
            points: pts,
            rank,
            win_rate_vs_baseline: vs,
            note: notes[index].clone(),
        });
        report.matrix.names.push(entry.name.clone());
        let cell = |values: &[f64], b: &Option<usize>| match (row, b) {
            (Some(a), Some(b)) if a != b => Some(values[a * size + b]),
            _ => None,
        };
        report
            .matrix
            .win_rate
            .push(rows.iter().map(|b| cell(&win_rate, b)).collect());
        draws.push(rows.iter().map(|b| cell(&draw, b)).collect::<Vec<_>>());
    }

    let summary = Summary {
        baseline: baseline_text,
        margin: input.margin,
        pairs: pairs.len() - n,
        reused: reused.iter().filter(|&&k| pairs[k].1 != n).count(),
        cache: cache.map(|cache| cache.path),
    };
    // Each leaderboard row's policy, taken out of the resolved entries.
    let mut resolved: Vec<Option<Policy>> = resolved
        .into_iter()
        .map(|r| r.ok().map(|(policy, _)| policy))
        .collect();
    let policies = places.iter().map(|&i| resolved[i].take()).collect();
    Ok(Board {
        report,
        draws,
        summary,
        policies,
        baseline,
        graded: n,
    })
}

/// An entry's policy and key, or why it is excluded: it was made for
/// another game than the contest's, it cannot be read or run, or it sees
/// state that `final_strategy(score, opponent_score)` cannot (fa16's dice
/// sides: `optimal`, `best_response(S)`), so a course could not accept it.
/// A Python entry is run from `module`, its files as read before any entry
/// ran, where it has them.
fn resolve(
    entry: &Entry,
    module: Option<&Module>,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
) -> Resolved {
    let text = match &entry.source {
        Strategy::Text(text) => text,
        Strategy::Made { policy, .. } => return checked(policy.clone(), rules, goal),
    };
    match recorded_game(text) {
        Err(e) => return Err(format!("{e:#}")),
        Ok(Some((made_for, made_goal))) if (&made_for, made_goal) != (rules, goal) => {
            return Err(format!(
                "made for rules {} at goal {made_goal}, but the contest plays {} at goal {goal}",
                made_for.name(),
                rules.name()
            ))
        }
        Ok(_) => {}
    }
    let policy = match (module, FileKind::of(text)) {
        (Some(module), FileKind::Python { function, .. }) => {
            sources.python(module, function, rules, goal)
        }
        _ => sources.policy(text, rules, goal),
    };
    let policy = policy.map_err(|e| {
        // The reason, without the source the entry already names.
        let reason = format!("{e:#}");
        match reason.strip_prefix(&format!("{text}: ")) {
            Some(rest) => rest.to_string(),
            None => reason,
        }
    })?;
    checked(policy, rules, goal)
}

/// An entry's policy and key, or why a course could not accept it.
fn checked(policy: Policy, rules: &Rules, goal: u32) -> Resolved {
    if policy.sees_hidden() {
        let hidden = rules
            .hidden()
            .what()
            .unwrap_or_else(|| "hidden state".into());
        return Err(format!(
            "it answers by {hidden}, which final_strategy(score, opponent_score) cannot see, \
             so a course could not accept it (hog final --rules {} makes the best strategy \
             that can)",
            crate::ops::export::shell_word(&rules.name())
        ));
    }
    let key = key(rules, goal, &policy);
    Ok((policy, key))
}

/// What makes two entries the same: the same file (after links), or the same
/// text; the SHA-256 of a file entry's bytes; a Python file entry's module
/// and the files beside it, read through the sandbox's door and kept (it
/// is graded from these); and the files the entry is made of, with the
/// SHA-256 of their bytes, taken before any entry runs.
struct Identity {
    same: String,
    bytes: Option<[u8; 32]>,
    module: Option<Module>,
    files: Vec<PathBuf>,
    contents: [u8; 32],
}

impl Identity {
    /// The identity of entry `i`: a policy made already is no file, and the
    /// same as no other entry.
    fn of(source: &Strategy, i: usize) -> Identity {
        let source = match source {
            Strategy::Text(text) => text,
            Strategy::Made { .. } => {
                return Identity {
                    same: format!("\0entry {i}"),
                    bytes: None,
                    module: None,
                    files: vec![],
                    contents: contents(&[]),
                }
            }
        };
        let kind = FileKind::of(source);
        let path = kind.path();
        let file = path.canonicalize().ok().filter(|p| p.is_file());
        let bytes = file
            .as_ref()
            .and_then(|p| std::fs::read(p).ok())
            .map(|bytes| Sha256::digest(bytes).into());
        // A Python entry's function is part of what it is.
        let function = match kind {
            FileKind::Python { function, .. } => function,
            _ => "",
        };
        let same = match file {
            Some(file) => format!("{}:{function}", file.display()),
            None => source.trim().to_string(),
        };
        // A regular file named as a file: kept. Anything else is left to
        // the sources, which say what is wrong with it.
        let named_file = matches!(StrategySpec::parse(source), Ok(StrategySpec::File(_)))
            && path.symlink_metadata().is_ok_and(|m| m.is_file());
        let module = match kind {
            FileKind::Python { path, .. } if named_file => Module::read(path).ok(),
            _ => None,
        };
        let files = match &module {
            // The folder too: a file added to it shows in its times.
            Some(module) => {
                let folder = match path.parent() {
                    Some(parent) if !parent.as_os_str().is_empty() => parent,
                    _ => Path::new("."),
                };
                let kept = module.files.iter().map(|(name, _)| folder.join(name));
                std::iter::once(folder.to_path_buf()).chain(kept).collect()
            }
            None => vec![path.to_path_buf()],
        };
        Identity {
            same,
            bytes,
            module,
            contents: contents(&files),
            files,
        }
    }
}

/// The files of every entry as they were last seen (each file's device,
/// inode, size, and change and modification times: a write changes the
/// change time, which no program sets), to find whose run changed them.
struct Changes<'a> {
    identities: &'a [Identity],
    seen: Vec<Vec<Option<[i64; 7]>>>,
}

impl<'a> Changes<'a> {
    fn new(identities: &'a [Identity]) -> Changes<'a> {
        let seen = identities.iter().map(|id| stamps(&id.files)).collect();
        Changes { identities, seen }
    }

    /// The entries (but `ran`) whose files changed since last seen.
    fn made_by(&mut self, ran: Option<usize>) -> Vec<usize> {
        let mut changed = vec![];
        for (j, id) in self.identities.iter().enumerate() {
            let now = stamps(&id.files);
            if now != self.seen[j] {
                if Some(j) != ran {
                    changed.push(j);
                }
                self.seen[j] = now;
            }
        }
        changed
    }
}

/// Each file's device, inode, size, and change and modification times
/// (seconds and nanoseconds); `None` for a file that cannot be seen.
fn stamps(files: &[PathBuf]) -> Vec<Option<[i64; 7]>> {
    use std::os::unix::fs::MetadataExt;
    files
        .iter()
        .map(|file| {
            let m = file.symlink_metadata().ok()?;
            Some([
                m.dev() as i64,
                m.ino() as i64,
                m.size() as i64,
                m.ctime(),
                m.ctime_nsec(),
                m.mtime(),
                m.mtime_nsec(),
            ])
        })
        .collect()
}

/// A line on stderr.
fn warn(line: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "warning: {}",
        crate::printable::printable(line)
    );
}

/// The SHA-256 of the names and bytes of `files`.
fn contents(files: &[PathBuf]) -> [u8; 32] {
    let mut hash = Sha256::new();
    for file in files {
        hash.update(file.as_os_str().as_encoded_bytes());
        match std::fs::read(file) {
            Ok(bytes) => {
                hash.update((bytes.len() as u64).to_le_bytes());
                hash.update(bytes);
            }
            Err(_) => hash.update(b"unreadable"),
        }
    }
    hash.finalize().into()
}

/// Refuses, before anything of theirs runs, a contest whose entries or
/// baseline name a Python file where the kernel offers only the sandbox's
/// weaker wall, unless the user `accepted` it
/// ([`crate::sandbox::refuse_weaker`]).
pub fn refuse_weaker_wall(
    entries: &[Entry],
    against: Option<&Strategy>,
    accepted: bool,
) -> Result<()> {
    match runs_python(entries, against) {
        true => crate::sandbox::refuse_weaker(accepted),
        false => Ok(()),
    }
}

/// Whether an entry, or the baseline, names a Python file (as itself or
/// inside an expression: `best_response(x.py)`), whose code the contest
/// runs in the sandbox.
fn runs_python(entries: &[Entry], against: Option<&Strategy>) -> bool {
    entries
        .iter()
        .map(|e| &e.source)
        .chain(against)
        .any(|strategy| match strategy {
            Strategy::Text(text) => crate::game::strategy_files(text)
                .iter()
                .any(|file| matches!(FileKind::of(file), FileKind::Python { .. })),
            Strategy::Made { .. } => false,
        })
}

/// The entries named: folders expanded, sorted by name.
pub fn expand_entries(given: &[String]) -> Result<Vec<Entry>> {
    let mut entries = vec![];
    for text in given {
        let path = Path::new(text);
        if !path.is_dir() {
            entries.push(Entry {
                name: entry_name(text),
                source: Strategy::Text(text.clone()),
            });
            continue;
        }
        let mut found = vec![];
        for item in std::fs::read_dir(path).with_context(|| format!("cannot read {text}"))? {
            let item = item.with_context(|| format!("cannot read {text}"))?;
            let file_name = item.file_name().to_string_lossy().into_owned();
            let inside = item.path();
            if file_name.starts_with('.') {
                continue;
            }
            if inside.is_dir() {
                if inside.join("hog.py").is_file() {
                    let source = inside.join("hog.py").to_string_lossy().into_owned();
                    found.push((file_name, source));
                }
            } else if STRATEGY_EXTENSIONS.contains(&extension(&inside).as_str()) {
                let source = inside.to_string_lossy().into_owned();
                found.push((entry_name(&source), source));
            }
        }
        if found.is_empty() {
            bail!("{text}: a folder with no strategy files (.py, .csv, .json, .hogtable) and no subfolder holding a hog.py");
        }
        found.sort_by(|a, b| a.1.cmp(&b.1));
        entries.extend(found.into_iter().map(|(name, source)| Entry {
            name,
            source: Strategy::Text(source),
        }));
    }
    Ok(entries)
}

/// A file's name without its extension (`hog.py`: its folder's name); an
/// expression as written.
fn entry_name(text: &str) -> String {
    let path = Path::new(text);
    if !path.is_file() {
        return text.to_string();
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let folder = path
        .parent()
        .and_then(|p| p.file_name())
        .map(|s| s.to_string_lossy().into_owned());
    match (stem.as_deref(), folder) {
        (Some("hog"), Some(folder)) if extension(path) == "py" => folder,
        (Some(stem), _) => stem.to_string(),
        _ => text.to_string(),
    }
}

/// A progress bar on stderr when it is a terminal; otherwise nothing.
fn progress(len: u64, template: &str) -> Result<ProgressBar> {
    Ok(if std::io::stderr().is_terminal() {
        ProgressBar::new(len).with_style(ProgressStyle::with_template(template)?)
    } else {
        ProgressBar::hidden()
    })
}

/// Every graded pair's win rates and draws, both ways round: the entries
/// (and the baseline, last) in a `size` x `size` row-major square.
struct Matrix {
    size: usize,
    win_rate: Vec<f64>,
    draw: Vec<f64>,
}

impl Matrix {
    /// The grade of a graded pair.
    fn get(&self, (a, b): (usize, usize)) -> Match {
        let size = self.size;
        Match {
            a_wins: self.win_rate[a * size + b],
            b_wins: self.win_rate[b * size + a],
            draw: self.draw[a * size + b],
        }
    }

    fn record(&mut self, (a, b): (usize, usize), m: Match) {
        let size = self.size;
        self.win_rate[a * size + b] = m.a_wins;
        self.win_rate[b * size + a] = m.b_wins;
        self.draw[a * size + b] = m.draw;
        self.draw[b * size + a] = m.draw;
    }
}
