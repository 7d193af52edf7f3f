//! The blind best response: the best strategy of the two scores alone
//! against a fixed strategy B, when the game carries state that a course
//! strategy cannot see (fa16's dice sides, which Pork Chop flips).
//!
//! # The problem
//!
//! A blind strategy π(s, o) gives the same answer in every state (s, o, d),
//! whatever the hidden sides d. With W(x) and L(x) as in [`crate::solve`]
//! (our chance to win when we move in x, and when B moves in x), its course
//! win rate is
//!
//! ```text
//!   R(π) = ½ W(0, 0, 6) + ½ L(0, 0, 6)
//! ```
//!
//! The best answer in a cell (s, o) depends on how likely each hidden d is
//! there, and that depends on π at lower scores, so backward induction alone
//! does not find it (the policy space is a hard combinatorial one). What it
//! can do is improve a policy, one layer at a time, with a guarantee.
//!
//! # Layer-wise coordinate ascent
//!
//! Under rules with hidden state no turn scores 0 (checked), so every turn
//! raises s + o and a game visits each layer of equal sum at most once. Let
//! μ(x) be the chance that a game reaches x with us to move and ν(x) with B
//! to move, both seatings weighted ½. For any layer k:
//!
//! ```text
//!   R(π) = Σ_{x in k} μ(x) W(x) + Σ_{x in k} ν(x) L(x) + (games that jump over k)
//! ```
//!
//! μ and ν on layer k depend only on π below k; L on layer k (B moves, into
//! higher layers) and the games that jump over k depend only on π below and
//! above k. So with every other layer fixed, changing π on layer k changes
//! the win rate by exactly
//!
//! ```text
//!   Σ_{(s,o) in k} Σ_d μ(s, o, d) · (Q(s, o, d, π'(s, o)) − Q(s, o, d, π(s, o)))
//! ```
//!
//! with Q(x, a) = Σ_p P(p | x, a) · {1 win, 0 loss, L(y) otherwise}, read from
//! the layers above. A *sweep* computes μ for the current policy (lowest
//! layer first), then goes down from the highest layer, and in every cell
//! takes the action that maximises Σ_d μ(s, o, d) Q(s, o, d, a), with Q read
//! from the layers above as this sweep has already updated them. The reach
//! of a layer depends only on the layers below, which the sweep has not
//! touched yet, so each cell's change is an exact improvement: a sweep never
//! lowers the win rate. Sweeps repeat until no reached cell changes. A cell
//! keeps its action unless another is better by more than the tie
//! tolerance, so the ascent ends; otherwise it takes the lowest num_rolls
//! among the best. The tolerance (1e-12 for f64) applies to the
//! reach-weighted sum, that is to the change of the win rate itself, so a
//! cell reached with a chance below about 1e-12 keeps its start's action.
//!
//! A cell that no game reaches (μ = 0 for every d) takes the action that is
//! best with the first dice sides (six: every game's dice until somebody
//! plays Pork Chop), with the same rule for ties.
//!
//! # Starts and kicks
//!
//! The ascent stops at a local optimum, and which one depends on the start.
//! The starts are: the best response that sees the sides (its first sweep
//! weighs each cell by that policy's own reach), its slice for the first
//! sides (six), the reach-weighted start (in each cell, the answer of the
//! sighted best response with the most reach under it, summed over the
//! hidden values where it gives that answer), and for each other sides
//! value "flip first": the flipping action (Pork Chop) whenever our score
//! is 0, then that slice. Every start is climbed, and the search keeps the
//! best. Under rules that hide many values (Time Trot, Pig Fest: see
//! [`many_hidden`]) a sweep costs about a second, so there the starts leave
//! out "flip first" and each ascent stops after at most [`FEW_SWEEPS`]
//! sweeps.
//!
//! Then an iterated local search: a *kick* makes one to [`KICK_CELLS`]
//! *moves* in the best policy so far, and an ascent from the kicked policy,
//! whose first sweep keeps the kicked cells' new actions (so that the cells
//! above them adapt to the new reach before the kicked cells are weighed
//! again), ends at another local optimum, kept if it is better. A move is
//! another action a in a reached cell, and its *loss* is what the last
//! sweep of the best policy's ascent computed for it:
//!
//! ```text
//!   loss(s, o, a) = Σ_(B, d) μ(s, o, d) · (Q(s, o, d, π(s, o)) − Q(s, o, d, a))  >= 0
//! ```
//!
//! the exact fall of the win rate if that cell alone took a (at a policy no
//! sweep changes: after an ascent cut off at [`MAX_SWEEPS`], the loss is
//! measured from the sweep's own choice). Each move of a
//! kick is the cheapest whose loss exceeds a level drawn from the
//! exponential law of mean [`KICK_LOSS`]: near-ties, where another local
//! optimum is likely close, rather than an action drawn uniformly, which
//! mostly costs so much that the ascent climbs back to the policy it left
//! (measured against fa16's `always_roll(4)`: 256 uniform kicks end at
//! 0.9225800, these at 0.9225835775, which the first 92 reach).
//!
//! Kicks come from a seeded ChaCha8 stream, drawn in order. Kick j starts
//! from the best after the ascents of kicks 0 to j − [`KICK_LAG`] (taken in
//! order, whenever they end), so the result depends only on the rules,
//! goal, B and the number of kicks, not on the number of threads, and a
//! thread that ends its kick starts the next at once unless an earlier kick
//! is still climbing. An ascent that makes a policy an ascent before it
//! made stops there (see [`Known`]): it would end where that one did, no
//! higher than the best (unless that one was cut off at [`MAX_SWEEPS`]).
//! Against fa16's `always_roll(4)` the starts end at 0.9215 to 0.9225750,
//! and the default [`KICKS`] raise that to 0.9225835775 (docs/guide.md).
//!
//! # The bound
//!
//! The best response that sees the hidden state maximises over a larger set
//! of policies, so its win rate bounds every blind strategy's from above.

mod bound;
mod work;

pub use bound::ProvenBound;
use work::{Against, Work};

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Mutex, PoisonError, RwLock};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::evaluate::Grade;
use crate::model::Landing;
use crate::rules::State;
use crate::solve::{Driver, Engine, Grid, Probability};
use crate::strategy::Policy;
use crate::Model;

/// The kicks of a search at goal 100 and below by default (`hog final
/// --effort`) where every roll lands on the grid's fast paths
/// ([`Landing`]) and only an action flips the dice sides (fa16's Pork
/// Chop); [`KICKS_FLIPS`] or [`KICKS_GENERAL`] where a kick costs more.
pub const KICKS: usize = 256;
/// The default kicks where the points rolled flip the dice sides (su17's
/// Perfect Piggy): both sides' games spread over the grid, so a kick costs
/// about four times an fa16 kick, and 128 keep su17's `hog final` under
/// 10 s on an idle 2-core machine.
pub const KICKS_FLIPS: usize = 128;
/// The default kicks where rolls take the general next() (rules texts
/// with hidden state and extra turns, say): a kick there costs about eight
/// times an fa16 kick.
pub const KICKS_GENERAL: usize = 56;

/// The kicks of a search by default against `opponents` opponents: none
/// under Feral Hogs or [`many_hidden`] rules, else [`KICKS`] (or
/// [`KICKS_FLIPS`], [`KICKS_GENERAL`]), or above goal 100 those scaled
/// down by (100 / goal)², a sweep's cost, and against a field of K
/// opponents by 1 / K, since a sweep weighs K games in every cell; at
/// least one. An ascent's sweeps grow with the goal too, so the kicks there
/// take longer than those at goal 100 (docs/performance.md).
pub fn default_kicks(model: &Model, opponents: usize) -> usize {
    // A kick under Feral Hogs' memories, or many hidden values, costs most
    // of a second: the starts' ascents alone keep `hog final` within
    // seconds there, and `--effort` asks for kicks.
    if many_hidden(model) || model.feral().is_some() {
        return 0;
    }
    let kicks = match model.landing() {
        Landing::General => KICKS_GENERAL,
        _ if model.rules().flips_sides_by_points() => KICKS_FLIPS,
        _ => KICKS,
    };
    let goal = u64::from(model.goal().max(100));
    let cost = goal * goal * opponents.max(1) as u64;
    (kicks as u64 * 100 * 100 / cost).max(1) as usize
}

/// A safety stop for one ascent; sweeps end far sooner in practice.
const MAX_SWEEPS: usize = 200;
/// The most hidden values a search from several starts takes on where no
/// Feral Hogs classes share the sweeps' work: Time Trot's 10 or 16 values
/// and Pig Fest's 32 make a sweep cost about a second at goal 100.
const MANY_HIDDEN: usize = 8;
/// The most sweeps of an ascent from a start under [`many_hidden`] rules,
/// where a sweep costs about a second: under fa18-, su18-, sp19- and
/// su19-contest the best start's ascent gains at most 5e-5 of win rate
/// after its eighth sweep.
const FEW_SWEEPS: usize = 8;

/// The most cells a kick changes.
const KICK_CELLS: usize = 5;
/// The mean of the loss level of a kick's move (see the module docs).
const KICK_LOSS: f64 = 3e-4;
/// Kick j starts from the best after kicks 0 to j − KICK_LAG: this many
/// kicks climb side by side at most.
const KICK_LAG: usize = 2;
/// The seed of the kicks.
const SEED: u64 = 0x6f67;

/// Whether the rules hide more than [`MANY_HIDDEN`] values without Feral
/// Hogs (the contests' Time Trot and Pig Fest): there the ascents from the
/// starts (no "flip first") make at most [`FEW_SWEEPS`] sweeps, and kicks
/// come only where asked for (`--effort`).
fn many_hidden(model: &Model) -> bool {
    model.hidden().len() > MANY_HIDDEN && model.feral().is_none()
}

/// The best strategy of the two scores alone against a field of fixed
/// strategies.
pub struct FieldResponse<V> {
    /// The answers, the same in every hidden state.
    pub policy: Policy,
    /// Its exact course grade against each opponent, in the field's order.
    pub grades: Vec<Grade<V>>,
    /// The mean of the grades' win rates.
    pub win_rate: V,
    /// The mean of the win rates of each opponent's best response that
    /// sees the whole state: no strategy of the two scores does better
    /// against the field.
    pub bound: V,
}

/// The best strategy of the two scores alone against a fixed strategy.
pub struct BlindResponse<V> {
    /// The answers, the same with every dice sides.
    pub policy: Policy,
    /// Its exact course grade against B, by the evaluator.
    pub grade: Grade<V>,
    /// Our chance to win when we move in each state, playing the policy.
    pub values: Grid<V>,
    /// The win rate of the best response that sees the hidden state: no
    /// strategy of the two scores does better.
    pub bound: V,
    /// Whether the rules hide state from a course strategy. If not, the
    /// policy is the ordinary best response and the bound is its win rate.
    pub hidden: bool,
}

impl<V: Probability> Engine<'_, V> {
    /// The blind best response to `b` (see the module docs), with the
    /// [`default_kicks`].
    pub fn blind_response(&self, b: &Policy) -> Result<BlindResponse<V>> {
        self.blind_response_kicked(b, default_kicks(self.model(), 1))
    }

    /// The blind best response to `b`, with `kicks` kicks after the
    /// starts' ascents.
    pub fn blind_response_kicked(&self, b: &Policy, kicks: usize) -> Result<BlindResponse<V>> {
        let model = self.model();
        let response = self.best_response(b);
        let bound = response.win_rate();
        let seen = response.policy.to_policy(model);
        if !model.rules().hides_state() {
            return Ok(BlindResponse {
                grade: self.grade(&seen, b),
                values: response.us,
                policy: seen,
                bound,
                hidden: false,
            });
        }
        if model.rules().can_score_zero() {
            return Err(Error::Unsupported(format!(
                "the blind best response under {}: rules with hidden state where a turn can \
                 score 0 points",
                model.rules().name()
            )));
        }
        let field = [Against::new(self, b)];
        let starts = self.starts(&field, &seen);
        let best = self.climb_starts(&field, &starts);
        let best = self.kick_search(&field, best, kicks);
        Ok(BlindResponse {
            grade: self.grade(&best.policy, b),
            values: best.us,
            policy: best.policy,
            bound,
            hidden: true,
        })
    }

    /// The best strategy of the two scores alone against a field of
    /// opponents, each met with the same chance: the highest mean exact win
    /// rate over the field (see [`Work`]: which opponent we face is hidden
    /// state too). The starts are each opponent's sighted best response
    /// (with the other starts of [`Engine::blind_response`] for each where
    /// the rules hide state), each climbed, then
    /// `kicks` kicks from the best so far, as there. The bound is the mean
    /// of the opponents' sighted best responses' win rates.
    pub fn field_response(&self, field: &[&Policy], kicks: usize) -> Result<FieldResponse<V>> {
        let model = self.model();
        assert!(!field.is_empty(), "a field of at least one opponent");
        if model.rules().can_score_zero() && (field.len() > 1 || model.rules().hides_state()) {
            return Err(Error::Unsupported(format!(
                "the best response to a field under {}: rules where a turn can score 0 points",
                model.rules().name()
            )));
        }
        let seen: Vec<(V, Policy)> = field
            .iter()
            .map(|b| {
                let response = self.best_response(b);
                (response.win_rate(), response.policy.to_policy(model))
            })
            .collect();
        let bound = seen
            .iter()
            .fold(V::zero(), |sum, (rate, _)| sum + rate.clone())
            * V::from_counts(1, field.len() as u64);
        let against: Vec<Against> = field.iter().map(|b| Against::new(self, b)).collect();
        let starts: Vec<Policy> = seen
            .iter()
            .flat_map(|(_, policy)| {
                if model.rules().hides_state() {
                    self.starts(&against, policy)
                } else {
                    vec![policy.clone()]
                }
            })
            .collect();
        let best = self.climb_starts(&against, &starts);
        let best = self.kick_search(&against, best, kicks);
        let grades: Vec<Grade<V>> = field.iter().map(|b| self.grade(&best.policy, b)).collect();
        let win_rate = grades
            .iter()
            .fold(V::zero(), |sum, grade| sum + grade.win_rate.clone())
            * V::from_counts(1, field.len() as u64);
        Ok(FieldResponse {
            policy: best.policy,
            grades,
            win_rate,
            bound,
        })
    }

    /// The best of the ascents from `starts`, the first on a tie.
    fn climb_starts(&self, field: &[Against], starts: &[Policy]) -> Ascent<V> {
        let sweeps = if many_hidden(self.model()) {
            FEW_SWEEPS
        } else {
            MAX_SWEEPS
        };
        self.each(starts, |start| self.ascend(field, start, sweeps, &[], None))
            .into_iter()
            .reduce(better)
            .expect("there is at least one start")
    }

    /// `f` on every item, in parallel under the parallel driver; the
    /// results stay in item order.
    fn each<T: Sync, R: Send>(&self, items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
        match self.driver() {
            Driver::Sequential => items.iter().map(f).collect(),
            Driver::Parallel => self.in_pool(|| items.par_iter().map(f).collect()),
        }
    }

    /// The policies the ascent starts from (see the module docs).
    fn starts(&self, field: &[Against], seen: &Policy) -> Vec<Policy> {
        let model = self.model();
        let at_start = model.hidden().index(State::START);
        let slice = seen.slice_at(at_start).expect("the start's");
        let mut work = Work::new(self, field);
        work.reach(seen);
        let most_reached = work.most_reached(seen, &slice);
        let mut starts = vec![seen.clone(), slice, most_reached];
        if !model.rules().flips_sides_by_action() || many_hidden(model) {
            return starts;
        }
        for &d in &model.sides()[1..] {
            let slice = seen.slice(d).expect("d is one of the rules' sides");
            // The lowest action (Pork Chop, Ham Hijinks) is the only one that changes the sides.
            let mut actions = slice.actions().clone();
            actions
                .index_axis_mut(ndarray::Axis(1), 0)
                .fill(self.model().rules().min_action() as i8);
            let flip_first =
                Policy::from_actions(self.model().rules(), self.model().goal(), actions)
                    .expect("the flipping action is legal");
            starts.push(flip_first);
        }
        starts
    }

    /// Kicks from the best ascent (see the module docs): kick j starts
    /// from the best after kicks 0 to j − [`KICK_LAG`], so the result does
    /// not depend on the number of threads. Each ascent that ends is taken
    /// in order ([`Kicking::take`]), and the kicks that this makes ready
    /// climb next: on this thread one after another, or under the parallel
    /// driver each as soon as a thread is free.
    fn kick_search(&self, field: &[Against], best: Ascent<V>, kicks: usize) -> Ascent<V> {
        if kicks == 0 {
            return best;
        }
        let known = RwLock::new(Known::from([(answers(&best.policy), 0)]));
        let mut kicking = Kicking::new(self, field, best, kicks);
        let first: Vec<Kick> = (0..KICK_LAG.min(kicks)).map(|j| kicking.kick(j)).collect();
        let kicking = Mutex::new(kicking);
        let climb = |kick: Kick| -> Vec<Kick> {
            let seen = Seen {
                known: &known,
                upto: kick.sees,
            };
            let ascent = self.ascend(field, &kick.policy, MAX_SWEEPS, &kick.cells, Some(seen));
            // A lock is poisoned only by a stop's unwinding, whose result
            // nobody reads.
            let mut kicking = kicking.lock().unwrap_or_else(PoisonError::into_inner);
            kicking.take(self, field, (kick.index, ascent), &known)
        };
        match self.driver() {
            Driver::Sequential => {
                let mut ready = VecDeque::from(first);
                while let Some(kick) = ready.pop_front() {
                    ready.extend(climb(kick));
                }
            }
            Driver::Parallel => self.in_pool(|| {
                rayon::scope(|scope| {
                    for kick in first {
                        climb_on(scope, &climb, kick);
                    }
                })
            }),
        }
        kicking
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .best
    }

    /// Sweeps from `start` until no reached cell changes, at most `sweeps`;
    /// the first sweep keeps the `frozen` cells' actions. Given `known`
    /// policies, it records the answers of each policy a sweep makes, and
    /// stops early, marked `known`, when one of them is known.
    fn ascend(
        &self,
        field: &[Against],
        start: &Policy,
        sweeps: usize,
        frozen: &[(usize, usize)],
        known: Option<Seen>,
    ) -> Ascent<V> {
        let mut work = Work::new(self, field);
        let mut policy = start.clone();
        let mut visited = vec![];
        let mut seen = false;
        for sweep in 0..sweeps {
            work.reach(&policy);
            let frozen = if sweep == 0 { frozen } else { &[] };
            let (next, changed) = work.sweep(&policy, frozen);
            policy = next;
            if let Some(known) = &known {
                let answers = answers(&policy);
                seen = known.contains(&answers);
                visited.push(answers);
            }
            if seen || (!changed && frozen.is_empty()) {
                break;
            }
        }
        Ascent {
            win_rate: work.win_rate(),
            us: work.field.swap_remove(0).us,
            policy,
            visited,
            known: seen,
        }
    }

    /// The moves of a policy at the end of an ascent (a sweep from it
    /// changes no reached cell), the smallest loss first.
    fn moves(&self, field: &[Against], policy: &Policy) -> Vec<Move> {
        let mut work = Work::new(self, field);
        work.record_moves = true;
        work.reach(policy);
        work.sweep(policy, &[]);
        let mut moves = work.moves;
        moves.sort_by(|a, b| a.loss.total_cmp(&b.loss));
        moves
    }
}

/// The answers (with the first hidden value: a blind policy gives the same
/// with every one) of the policies that sweeps have made, each with the
/// number of kicks taken when it was recorded (0: the best before the
/// kicks). A sweep with no frozen cells is a function of its policy alone,
/// so an ascent that makes one of them goes on as the ascent that made it
/// did (the MAX_SWEEPS stop aside), to a win rate no higher than the best
/// so far: the kicks stop it there, which changes no result.
type Known = HashMap<Box<[i8]>, usize>;

/// The policies a kick's ascent knows: those recorded by the time it was
/// drawn, whatever was recorded since, so that it climbs alike on any
/// number of threads.
struct Seen<'k> {
    known: &'k RwLock<Known>,
    /// The kicks taken when it was drawn.
    upto: usize,
}

impl Seen<'_> {
    fn contains(&self, answers: &[i8]) -> bool {
        let known = self.known.read().unwrap_or_else(PoisonError::into_inner);
        known.get(answers).is_some_and(|&taken| taken <= self.upto)
    }
}

/// The state of a kick search that kicks are drawn from: the best so far
/// and its moves, the stream, and the ascents that ended before an
/// earlier one.
struct Kicking<V> {
    best: Ascent<V>,
    moves: Vec<Move>,
    rng: ChaCha8Rng,
    /// Kicks 0 to taken − 1 are taken.
    taken: usize,
    /// The ascents that ended before an earlier kick's, by kick.
    ended: BTreeMap<usize, Ascent<V>>,
    kicks: usize,
}

impl<V: Probability> Kicking<V> {
    fn new(engine: &Engine<'_, V>, field: &[Against], best: Ascent<V>, kicks: usize) -> Self {
        Kicking {
            moves: engine.moves(field, &best.policy),
            best,
            rng: ChaCha8Rng::seed_from_u64(SEED),
            taken: 0,
            ended: BTreeMap::new(),
            kicks,
        }
    }

    /// Kick j, from the best so far: drawn once kicks 0 to j − KICK_LAG are
    /// taken, and no later.
    fn kick(&mut self, j: usize) -> Kick {
        let (policy, cells) = kick(&self.best.policy, &self.moves, &mut self.rng);
        Kick {
            index: j,
            policy,
            cells,
            sees: self.taken,
        }
    }

    /// Keeps kick j's ascent until every kick before j is taken, then takes
    /// it, and the kept ascents after it, in order: each records the
    /// policies it made and, unless it stopped at a known one, becomes the
    /// best if it is better; after each, the kick KICK_LAG later is drawn.
    /// Returns the kicks drawn.
    fn take(
        &mut self,
        engine: &Engine<'_, V>,
        field: &[Against],
        (j, ascent): (usize, Ascent<V>),
        known: &RwLock<Known>,
    ) -> Vec<Kick> {
        self.ended.insert(j, ascent);
        let mut drawn = vec![];
        while let Some(mut ascent) = self.ended.remove(&self.taken) {
            self.taken += 1;
            let mut recorded = known.write().unwrap_or_else(PoisonError::into_inner);
            for answers in ascent.visited.drain(..) {
                recorded.entry(answers).or_insert(self.taken);
            }
            drop(recorded);
            if !ascent.known && ascent.win_rate > self.best.win_rate {
                self.best = ascent;
                self.moves = engine.moves(field, &self.best.policy);
            }
            let next = self.taken - 1 + KICK_LAG;
            if next < self.kicks {
                drawn.push(self.kick(next));
            }
        }
        drawn
    }
}

/// Climbs `kick` on the scope's threads, and each kick its ascent makes
/// ready after it.
fn climb_on<'s, F>(scope: &rayon::Scope<'s>, climb: &'s F, kick: Kick)
where
    F: Fn(Kick) -> Vec<Kick> + Sync,
{
    scope.spawn(move |scope| {
        for next in climb(kick) {
            climb_on(scope, climb, next);
        }
    });
}

/// A policy's answers with the first hidden value.
fn answers(policy: &Policy) -> Box<[i8]> {
    policy
        .actions()
        .index_axis(ndarray::Axis(0), 0)
        .iter()
        .copied()
        .collect()
}

/// A policy at the end of an ascent and its exact win rate.
struct Ascent<V> {
    policy: Policy,
    win_rate: V,
    /// W: our chance to win when we move in each state.
    us: Grid<V>,
    /// The answers of the policy each sweep made, if asked.
    visited: Vec<Box<[i8]>>,
    /// Whether the ascent stopped at a known policy (see [`Known`]).
    known: bool,
}

/// The better of two ascents; the first on a tie.
fn better<V: Probability>(a: Ascent<V>, b: Ascent<V>) -> Ascent<V> {
    if b.win_rate > a.win_rate {
        b
    } else {
        a
    }
}

/// Another action in a reached cell, and its loss: the exact fall of the
/// win rate if that cell alone took it (at a policy no sweep changes; after
/// an ascent stopped by [`MAX_SWEEPS`], measured from the sweep's choice).
/// 16 bytes: every reached cell's other answers are kept, millions of
/// them at large goals.
#[derive(Clone, Copy)]
struct Move {
    loss: f64,
    /// (s, o): scores are below the goal limit of 10,000.
    cell: (u16, u16),
    action: i8,
}

const _: () = assert!(crate::rules::MAX_GOAL <= 1 << 16, "a score fits a u16");

/// A kicked policy, and the cells the kick changed.
struct Kick {
    /// The kick's place in the stream.
    index: usize,
    policy: Policy,
    cells: Vec<(usize, usize)>,
    /// The kicks taken when it was drawn ([`Seen`]).
    sees: usize,
}

/// The policy with one to [`KICK_CELLS`] of its moves (`moves`, the
/// smallest loss first) made: for each, a loss level t is drawn from the
/// exponential law of mean [`KICK_LOSS`] (t = −KICK_LOSS · ln(1 − u), u
/// uniform), and the move is the first whose loss exceeds t (the last if
/// none does); and the cells it changed.
fn kick(policy: &Policy, moves: &[Move], rng: &mut ChaCha8Rng) -> (Policy, Vec<(usize, usize)>) {
    let mut table = policy.actions().clone();
    let hidden = table.dim().0;
    let mut cells = vec![];
    for _ in 0..rng.gen_range(1..=KICK_CELLS) {
        let level = -KICK_LOSS * (1.0 - rng.gen::<f64>()).ln();
        let i = moves.partition_point(|m| m.loss <= level);
        let Some(m) = moves.get(i).or(moves.last()) else {
            break;
        };
        let (s, o) = (usize::from(m.cell.0), usize::from(m.cell.1));
        for h in 0..hidden {
            table[[h, s, o]] = m.action;
        }
        cells.push((s, o));
    }
    (
        Policy::from_actions_unchecked(policy.goal(), *policy.hidden(), table),
        cells,
    )
}

#[cfg(test)]
mod tests;
