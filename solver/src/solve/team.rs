//! The self-play solve on a team of threads that wait for the cells they
//! read, not for whole layers.
//!
//! The parallel driver splits each layer over rayon's pool twice, to
//! compute the states' values and then to write them into the grid (the grid
//! cannot be written while the layer reads it), and each split ends in a
//! join. A team instead keeps its threads for the whole solve. Every thread
//! goes through the layers in order: it takes the layer's next [`CHUNK`]
//! states (an atomic count), computes them ([`Engine::choose_exit`], the
//! sums of the one-thread solve in the same order, so the same bits),
//! writes each value into the grid at once, and takes more until none are
//! left; then it goes on to the next layer at once. The chunks are taken,
//! not dealt: a thread that another program holds off its core delays only
//! its own chunk, where fixed shares would have the others wait for its
//! whole share.
//!
//! A layer needs no wait of its own. A state reads only higher layers (a
//! turn scores at least a point, [`super`], "Layers"), so each cell starts
//! [`PENDING`] and a thread that reads a cell still pending waits for that
//! cell alone (a *wavefront*): the threads flow from layer to layer, and a
//! layer's first chunks run while the last chunks of the layers above are
//! still being computed, where a wait for the whole layer (a barrier) would
//! idle every thread but the last. It cannot deadlock: a thread takes a
//! chunk only once every chunk of the layers above is taken, so the pending
//! chunk highest in the solve's order reads only finished cells, and its
//! thread goes on.
//!
//! For the layers to overlap, a layer's first chunks must not read the
//! chunks still being computed above it. A state (s, o) reads (o, s + p),
//! the mirror of its own place in the next layer (scores in a layer run
//! one way, opponent scores the other), so every other layer is taken from
//! its end: the first chunks of each layer then read the first chunks of
//! the layer above, taken a layer's worth of chunks earlier. A layer is
//! cut into chunks of up to [`CHUNK`] states, smaller where it holds few,
//! so that a small layer still gives every thread a few.
//!
//! For the threads to write the grid they read, its cells are shared as
//! atomics (the solver forbids `unsafe`), stored and loaded `Relaxed`: a
//! cell carries its own value and nothing else, so a load that sees a value
//! sees the one stored. The cells are made by rayon's threads, a share each,
//! so that their pages are first touched, and placed in memory, by many
//! cores rather than one (one thread's pages can sit on one memory node).
//!
//! The team runs where the layer loop chooses in each state's own loop (no
//! pass, no Feral Hogs: [`Engine::choose_exit`]) with values in f64 (exact
//! values are not atomic); elsewhere the rayon driver does.

use std::any::Any;
use std::hint::spin_loop;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::grid::{cell_index, Cells};
use super::{Driver, Engine, Grid, Solution};
use crate::rules::{Hidden, State};

/// A cell not computed yet: a NaN, which no solve writes (values are
/// winning chances, from 0 up).
const PENDING: u64 = u64::MAX;

/// A grid's cells shared by the team: f64 values as their bits.
struct Shared {
    goal: usize,
    hidden: Hidden,
    cells: Vec<AtomicU64>,
    /// Set by a member that unwinds (a panic, or a requested stop), so that
    /// the others stop instead of waiting for its cells.
    abandoned: AtomicBool,
}

impl Shared {
    /// The value of a cell, once it is computed.
    #[inline]
    fn value(&self, cell: &AtomicU64) -> f64 {
        let bits = cell.load(Ordering::Relaxed);
        if bits == PENDING {
            return self.wait(cell);
        }
        f64::from_bits(bits)
    }

    /// Waits for a cell: spinning a while, then yielding the core; unwinds
    /// if the team is abandoned.
    #[cold]
    #[inline(never)]
    fn wait(&self, cell: &AtomicU64) -> f64 {
        let mut spins = 0;
        loop {
            let bits = cell.load(Ordering::Relaxed);
            if bits != PENDING {
                return f64::from_bits(bits);
            }
            if self.abandoned.load(Ordering::Relaxed) {
                panic::resume_unwind(Box::new(Abandoned));
            }
            if spins < SPINS {
                spins += 1;
                spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

impl Cells<f64> for Shared {
    #[inline]
    fn index(&self, x: State) -> usize {
        cell_index(&self.hidden, self.goal, x)
    }

    #[inline]
    fn read<R>(&self, i: usize, f: impl FnOnce(&f64) -> R) -> R {
        f(&self.value(&self.cells[i]))
    }

    #[inline]
    fn read_run(&self, i: usize, out: &mut [f64], f: impl Fn(&f64) -> f64) {
        for (slot, cell) in out.iter_mut().zip(&self.cells[i..]) {
            *slot = f(&self.value(cell));
        }
    }
}

impl Engine<'_, f64> {
    /// How many threads a team solve would take: rayon's (its pool's size,
    /// `RAYON_NUM_THREADS`) where that is more than one, the driver is
    /// parallel, no state can pass, no Feral Hogs, and the largest layer is
    /// split by the rayon driver too; else None. The pool's size is asked
    /// last: asking starts rayon's global pool, which a solve that does not
    /// split must not.
    pub(super) fn team(&self) -> Option<usize> {
        let rules = self.model.rules();
        let fits = self.driver == Driver::Parallel
            && self.model.feral().is_none()
            && !rules.can_score_zero()
            && self.splits(self.model.hidden().len() * self.model.goal() as usize);
        fits.then(rayon::current_num_threads)
            .filter(|&threads| threads > 1)
    }

    /// The self-play optimum by a team of `threads` threads: the same values
    /// and actions as [`Engine::optimal`] on one thread.
    pub(super) fn optimal_on_team(&self, threads: usize) -> Solution<f64> {
        let model = self.model;
        let (goal, hidden) = (model.goal() as usize, model.hidden());
        let len = hidden.len();
        let cells = len * goal * goal;
        let values = Shared {
            goal,
            hidden,
            cells: (0..cells)
                .into_par_iter()
                .map(|_| AtomicU64::new(PENDING))
                .collect(),
            abandoned: AtomicBool::new(false),
        };
        let actions: Vec<AtomicI8> = (0..cells)
            .into_par_iter()
            .map(|_| AtomicI8::new(0))
            .collect();
        let shapes: Vec<_> = self.shapes().collect();
        // Per layer, from the highest: chunks taken.
        let taken: Vec<AtomicUsize> = shapes.iter().map(|_| AtomicUsize::new(0)).collect();
        let complement = |v: &f64| 1.0 - v;
        let member = |t: usize| {
            let _guard = Abandon(&values.abandoned);
            let mut buffer = Vec::new();
            let mut done = 0;
            for (k, (shape, taken)) in shapes.iter().zip(&taken).enumerate() {
                let n = len * shape.per_value;
                // One thread reports the progress, as the layers go by.
                if t == 0 {
                    self.starting_layer(done as u64, cells as u64);
                    done += n;
                }
                let chunk = (n / (CHUNKS_PER_THREAD * threads)).clamp(MIN_CHUNK, CHUNK);
                loop {
                    let c = taken.fetch_add(1, Ordering::Relaxed);
                    if c * chunk >= n {
                        break;
                    }
                    if values.abandoned.load(Ordering::Relaxed) {
                        return;
                    }
                    self.check_stop();
                    // Every other layer from its end, so that a layer's first
                    // chunks read the first chunks of the layer above, long
                    // done, not its last ones, still being computed. (A state
                    // (s, o) reads (o, s + p): the mirror of its place.)
                    let positions = if k % 2 == 0 {
                        c * chunk..n.min((c + 1) * chunk)
                    } else {
                        n.saturating_sub((c + 1) * chunk)..n - c * chunk
                    };
                    for x in shape.states(&hidden, positions) {
                        let (value, action) =
                            self.choose_exit(x, &mut buffer, &values, &values, complement);
                        let i = values.index(x);
                        values.cells[i].store(value.to_bits(), Ordering::Relaxed);
                        actions[i].store(action, Ordering::Relaxed);
                    }
                }
            }
        };
        let mut unwound: Option<Box<dyn Any + Send>> = None;
        std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads)
                .map(|t| scope.spawn(move || member(t)))
                .collect();
            let first = panic::catch_unwind(AssertUnwindSafe(|| member(0)));
            for ended in std::iter::once(first).chain(others.into_iter().map(|m| m.join())) {
                if let Err(payload) = ended {
                    // The member that unwound first, not one it stopped.
                    if unwound.as_ref().is_none_or(|kept| kept.is::<Abandoned>()) {
                        unwound = Some(payload);
                    }
                }
            }
        });
        if let Some(payload) = unwound {
            panic::resume_unwind(payload);
        }
        Solution {
            values: Grid::from_cells(
                model,
                (values.cells.into_iter())
                    .map(|v| f64::from_bits(v.into_inner()))
                    .collect(),
            ),
            policy: Grid::from_cells(
                model,
                actions.into_iter().map(AtomicI8::into_inner).collect(),
            ),
        }
    }
}

/// The unwinding of a member that stops because another unwound.
struct Abandoned;

/// Marks the team abandoned when the member holding it unwinds.
struct Abandon<'a>(&'a AtomicBool);

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// The most states a thread takes at a time: about 10 µs of work (0.2 µs a
/// state), so a layer of the largest at goal 2000 makes 30 or more chunks
/// per hidden value to share out, and taking one costs one atomic addition.
const CHUNK: usize = 64;

/// The fewest: smaller layers are cut into chunks of fewer states, so that
/// each thread has [`CHUNKS_PER_THREAD`] of them where it can, down to
/// this many states (about 3 µs of work).
const MIN_CHUNK: usize = 16;

/// Chunks per thread and layer that a layer is cut into, where its states
/// allow: with fewer, the threads that finish first idle until the next
/// layer's chunks can start.
const CHUNKS_PER_THREAD: usize = 4;

/// Checks of a pending cell before a waiting thread starts yielding its
/// core: a few microseconds, about as long as a chunk still runs.
const SPINS: u32 = 256;
