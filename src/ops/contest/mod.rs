//! A round robin of many strategies, graded exactly, as the course's
//! contests did it (`hog contest`, Python's `contest`).
//!
//! Every entry is read before anything of any entry runs
//! ([`entries`]), and resolved once into a policy from what was read (a
//! Python file is run once, sandboxed, with the course's checks); an entry
//! that fails is excluded with its reason and the others go on. Every pair of the remaining entries
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
mod class;
mod entries;
mod leaderboard;

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use hog_solver::bids::grade_bid_pairs;
use hog_solver::round_robin::{grade_pairs_stopping, Match};
use hog_solver::rules::Bids;
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules};
use serde::Serialize;

use super::against_or_course;
use crate::game::recorded_game;
use crate::progress::CountBar;
use crate::strategies::{Content, Sources, Strategy};
use cache::{key, key_with_bid, Cache, Key};
pub use class::contest_game;
use entries::Identity;
pub use entries::{expand_entries, Entry, Watch};

/// An entry's policy and its cache key, or why it was excluded.
type Resolved = std::result::Result<(Policy, Key), String>;

/// The game a contest plays, and the project folders it excludes, each
/// with its reason.
pub struct Game {
    pub rules: Rules,
    pub goal: u32,
    /// The semester the user knows, where its preset has another name.
    pub semester: Option<String>,
    pub excluded: Vec<(PathBuf, String)>,
}

/// A contest to play: its game (and the project folders it excludes, each
/// with its reason), its entries (read, and watched since), the baseline
/// each entry is measured against (the course baseline by default), the
/// margin above one half a win rate needs for a match point, and the cache
/// of graded pairs (none: every pair graded) with `force`: a file there
/// that hog did not write is replaced.
pub struct ContestInput {
    pub game: Game,
    pub entries: Vec<Entry>,
    pub watch: Watch,
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
    /// The semester the user knows, where its preset has another name.
    pub semester: Option<String>,
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
        game,
        entries,
        mut watch,
        against,
        margin,
        cache,
        force,
    } = input;
    check_margin(margin)?;
    let (rules, goal) = (&game.rules, game.goal);
    // The cache as it is now, before any entry (or a baseline in Python)
    // is graded: an entry could write it. (Detection's probe runs before
    // this, in the sandbox: the wall keeps any cache out of its reach;
    // behind the weaker wall, a cache it writes fails the key's signature,
    // which the cover over hog's folder keeps from it.)
    let cache = Cache::open(cache, force)?;
    let baseline_strategy = against_or_course(against.as_ref(), rules)?;
    let baseline = sources
        .play(&baseline_strategy, rules, goal)
        .context("the baseline")?;
    let baseline_changed = watch.after(&[]);
    let model = Model::new(rules, goal)?;
    crate::alloc::check_memory(&model, hog_solver::memory::Job::Evaluate)?;
    let mut resolved = resolve_all(&entries, &game, &mut watch, sources);
    let bids = if rules.bids == Bids::None {
        None
    } else {
        Some(final_bids(&entries, &mut resolved))
    };
    let notes = notes(&entries, &resolved, &watch, &baseline_changed);

    // The graded entries, then the baseline, as one list of policies.
    let ok: Vec<usize> = (0..entries.len())
        .filter(|&i| resolved[i].is_ok())
        .collect();
    let mut policies: Vec<&Policy> = ok
        .iter()
        .map(|&i| &resolved[i].as_ref().expect("ok").0)
        .collect();
    let mut keys: Vec<Key> = ok
        .iter()
        .map(|&i| resolved[i].as_ref().expect("ok").1)
        .collect();
    policies.push(&baseline);
    keys.push(key(rules, goal, &baseline));
    let bids: Option<Vec<u32>> = bids.map(|bids| ok.iter().map(|&i| bids[i]).chain([0]).collect());
    let n = ok.len();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..=n).map(move |b| (a, b)))
        .collect();
    let (matrix, reused) = grade_all(
        &model,
        &policies,
        &keys,
        bids.as_deref(),
        &pairs,
        cache.as_ref(),
        sources,
    )?;
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
    let (report, draws, places) = leaderboard::rank(
        (rules, game.semester.as_deref()),
        goal,
        &entries,
        &resolved,
        &ok,
        &notes,
        &matrix,
        margin,
    );
    let summary = Summary {
        baseline: baseline_strategy.name().to_string(),
        margin,
        pairs: pairs.len() - n,
        reused: reused.iter().filter(|&&(_, b)| b != n).count(),
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

/// Every entry's policy and key, or why it is excluded: its folder is
/// excluded, it is the same entry as an earlier one, or [`resolve`] says
/// why. What each entry's run changed is noted in `watch`.
fn resolve_all(
    entries: &[Entry],
    game: &Game,
    watch: &mut Watch,
    sources: &Sources,
) -> Vec<Resolved> {
    let identities: Vec<Identity> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| Identity::of(e, i))
        .collect();
    let bar = CountBar::new(entries.len() as u64, "entries resolved");
    let mut resolved: Vec<Resolved> = vec![];
    for (i, entry) in entries.iter().enumerate() {
        // Where the caller stops the work (Ctrl-C in Python), between entries too.
        sources.stop().check();
        let in_excluded = game
            .excluded
            .iter()
            .find(|(excluded, _)| Some(excluded.as_path()) == entry.folder());
        let first = identities[..i]
            .iter()
            .position(|other| other.same == identities[i].same);
        let result = match (in_excluded, first, &entry.strategy) {
            (Some((_, why)), ..) => Err(why.clone()),
            (None, Some(first), _) => Err(format!(
                "the same entry as {}, given twice",
                entries[first].source
            )),
            (None, None, Err(why)) => Err(why.clone()),
            (None, None, Ok(strategy)) => resolve(strategy, &game.rules, game.goal, sources),
        };
        watch.after(&[i]);
        resolved.push(result);
        bar.inc(1);
    }
    resolved
}

/// An entry's policy and key, or why it is excluded: it was made for
/// another game than the contest's, it cannot be run, or it sees state that
/// `final_strategy(score, opponent_score)` cannot (fa16's dice sides:
/// `optimal`, `best_response(S)`), so a course could not accept it. A
/// Python entry runs from its files as read before any entry ran.
fn resolve(strategy: &Strategy, rules: &Rules, goal: u32, sources: &Sources) -> Resolved {
    match recorded_game(strategy) {
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
    let text = strategy.name();
    let policy = sources.play(strategy, rules, goal).map_err(|e| {
        // The reason, without the source the entry already names.
        let reason = format!("{e:#}");
        match reason.strip_prefix(&format!("{text}: ")) {
            Some(rest) => rest.to_string(),
            None => reason,
        }
    })?;
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

/// Under bids, each graded entry's `final_bid`, part of its key; an entry
/// without one is excluded.
fn final_bids(entries: &[Entry], resolved: &mut [Resolved]) -> Vec<u32> {
    let mut bid_of = vec![0; entries.len()];
    for (i, entry) in entries.iter().enumerate() {
        let (Ok((_, key)), Ok(strategy)) = (&mut resolved[i], &entry.strategy) else {
            continue;
        };
        match bids::final_bid(strategy) {
            Ok(bid) => {
                *key = key_with_bid(*key, bid);
                bid_of[i] = bid;
            }
            Err(reason) => resolved[i] = Err(reason),
        }
    }
    bid_of
}

/// A note on each graded entry whose file has the bytes of an earlier one,
/// and on each entry whose code (its folder's probe, or its run) changed
/// another's files, said on stderr too, as it happens to the classmate's
/// folder.
fn notes(
    entries: &[Entry],
    resolved: &[Resolved],
    watch: &Watch,
    baseline_changed: &[usize],
) -> Vec<Option<String>> {
    let named = |changed: &[usize]| {
        changed
            .iter()
            .map(|&j| format!("{} ({})", entries[j].name, entries[j].source))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !baseline_changed.is_empty() {
        warn(&format!(
            "while the baseline ran, the files of {} changed; every entry is graded from \
             its files as they were read before anything ran",
            named(baseline_changed)
        ));
    }
    let digests: Vec<Option<[u8; 32]>> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| Identity::of(e, i).digest)
        .collect();
    (0..entries.len())
        .map(|i| {
            let identical = digests[i].and_then(|digest| {
                let first = (0..i).find(|&j| digests[j] == Some(digest))?;
                resolved[i].is_ok().then(|| {
                    format!(
                        "byte-identical to {} ({})",
                        entries[first].name, entries[first].source
                    )
                })
            });
            let changed = watch.wrote(i);
            let wrote = (!changed.is_empty()).then(|| {
                let note = format!(
                    "while its code ran, the files of {} changed (each entry is graded from \
                     its files as they were read before any entry's code ran)",
                    named(changed)
                );
                warn(&format!(
                    "entry {} ({}): {note}",
                    entries[i].name, entries[i].source
                ));
                note
            });
            match (identical, wrote) {
                (Some(a), Some(b)) => Some(format!("{a}; {b}")),
                (a, b) => a.or(b),
            }
        })
        .collect()
}

/// Two entries by their places in the list of policies.
type Pair = (usize, usize);

/// Grades every pair of `policies` that the cache does not hold (under
/// bids, two entries play from the start their `bids` give; the baseline,
/// last, bids nothing); the matrix, and the pairs reused from the cache.
fn grade_all(
    model: &Model,
    policies: &[&Policy],
    keys: &[Key],
    bids: Option<&[u32]>,
    pairs: &[(usize, usize)],
    cache: Option<&Cache>,
    sources: &Sources,
) -> Result<(Matrix, Vec<(usize, usize)>)> {
    let cached = |(a, b): (usize, usize)| cache?.get(keys[a], keys[b]);
    let (reused, to_grade): (Vec<Pair>, Vec<Pair>) =
        pairs.iter().partition(|&&pair| cached(pair).is_some());
    // w[a][b] over the graded entries and the baseline; NaN: not graded.
    let size = policies.len();
    let mut matrix = Matrix {
        size,
        win_rate: vec![f64::NAN; size * size],
        draw: vec![f64::NAN; size * size],
    };
    for &pair in &reused {
        matrix.record(pair, cached(pair).expect("cached"));
    }
    let bar = CountBar::new(to_grade.len() as u64, "pairs, {eta} left");
    let graded = Mutex::new(matrix);
    let record = |pair, m| {
        graded
            .lock()
            .expect("no panics while holding the lock")
            .record(pair, m);
        bar.inc(1);
    };
    match bids {
        None => grade_pairs_stopping(model, policies, &to_grade, sources.stop(), |k, m| {
            record(to_grade[k], m)
        }),
        Some(bids) => {
            let baseline = size - 1;
            let (with_baseline, between): (Vec<_>, Vec<_>) =
                to_grade.iter().partition(|&&(_, b)| b == baseline);
            grade_pairs_stopping(model, policies, &with_baseline, sources.stop(), |k, m| {
                record(with_baseline[k], m)
            });
            grade_bid_pairs(model, policies, bids, &between, sources.stop(), |k, m| {
                record(between[k], m)
            })?;
        }
    }
    drop(bar);
    let matrix = graded
        .into_inner()
        .expect("no panics while holding the lock");
    Ok((matrix, reused))
}

/// A line on stderr.
fn warn(line: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "warning: {}",
        crate::printable::printable(line)
    );
}

/// Refuses, before anything of theirs runs, a contest where a Python module
/// is among the entries or is the baseline (or inside one's expression:
/// `best_response(x.py)`) and the kernel offers only the sandbox's weaker
/// wall, unless the user `accepted` it ([`crate::sandbox::refuse_weaker`]).
/// A class's folders are such entries, so this comes before detection's
/// probe too.
pub fn refuse_weaker_wall(
    entries: &[Entry],
    against: Option<&Strategy>,
    accepted: bool,
) -> Result<()> {
    let runs_python = entries
        .iter()
        .filter_map(|entry| entry.strategy.as_ref().ok())
        .chain(against)
        .flat_map(Strategy::files)
        .any(|file| matches!(file.content, Content::Python { .. }));
    match runs_python {
        true => crate::sandbox::refuse_weaker(accepted),
        false => Ok(()),
    }
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

    /// w[a][b], entry a's win rate against b.
    fn at(&self, a: usize, b: usize) -> f64 {
        self.win_rate[a * self.size + b]
    }
}
