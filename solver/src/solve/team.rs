//! The self-play solve on a team of threads that meet once a layer, where
//! rayon's joins cost most of what a second core could give
//! (docs/architecture.md).
//!
//! The parallel driver splits each layer over rayon's pool twice, to
//! compute the states' values and then to write them into the grid (the grid
//! cannot be written while the layer reads it), and each split ends in a
//! join. A team instead keeps its threads for the whole solve. Every thread
//! goes through every layer: it takes the layer's next [`CHUNK`] states (an
//! atomic count), computes them ([`Engine::choose_exit`], the sums of the
//! one-thread solve in the same order, so the same bits), writes each value
//! into the grid at once, and takes more until none are left; then it waits
//! until the layer's states are all done, since the next layer reads them.
//! The chunks are taken, not dealt: a thread that another program holds off
//! its core delays the layer by its chunk at most, where fixed shares would
//! have the other thread wait for its whole share (measured: 2.3 times as
//! long as one thread, with the VM's two cores busy with builds).
//!
//! For the threads to write the grid they read, its cells are shared as
//! atomics (the solver forbids `unsafe`), stored and loaded `Relaxed`: each
//! chunk's count of done states is added with release ordering and read with
//! acquire, which orders every store of a layer before every load of it.
//!
//! The team runs where the layer loop chooses in each state's own loop (no
//! pass, no Feral Hogs: [`Engine::choose_exit`]) with values in f64 (exact
//! values are not atomic); elsewhere the rayon driver does.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, AtomicUsize, Ordering};

use super::grid::{cell_index, Cells};
use super::{Driver, Engine, Grid, Layer, Solution};
use crate::rules::{Hidden, State};

/// A grid's cells shared by the team: f64 values as their bits.
struct Shared {
    goal: usize,
    hidden: Hidden,
    cells: Vec<AtomicU64>,
}

impl Cells<f64> for Shared {
    #[inline]
    fn index(&self, x: State) -> usize {
        cell_index(&self.hidden, self.goal, x)
    }

    #[inline]
    fn read<R>(&self, i: usize, f: impl FnOnce(&f64) -> R) -> R {
        f(&f64::from_bits(self.cells[i].load(Ordering::Relaxed)))
    }

    #[inline]
    fn read_run(&self, i: usize, out: &mut [f64], f: impl Fn(&f64) -> f64) {
        for (slot, cell) in out.iter_mut().zip(&self.cells[i..]) {
            *slot = f(&f64::from_bits(cell.load(Ordering::Relaxed)));
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
        let cells = hidden.len() * goal * goal;
        let values = Shared {
            goal,
            hidden: hidden.clone(),
            cells: (0..cells).map(|_| AtomicU64::new(0)).collect(),
        };
        let actions: Vec<AtomicI8> = (0..cells).map(|_| AtomicI8::new(0)).collect();
        // Per layer, from the highest: chunks taken, and states done.
        let layers = 2 * goal - 1;
        let taken: Vec<AtomicUsize> = (0..layers).map(|_| AtomicUsize::new(0)).collect();
        let done: Vec<AtomicUsize> = (0..layers).map(|_| AtomicUsize::new(0)).collect();
        // Set by a member that panics, so that the others stop waiting for
        // its chunk and the scope passes the panic on instead of hanging.
        let abandoned = AtomicBool::new(false);
        let complement = |v: &f64| 1.0 - v;
        let member = |t: usize| {
            let _guard = Abandon(&abandoned);
            let mut buffer = Vec::new();
            // One thread reports the progress, as the layers go by.
            let layers: Box<dyn Iterator<Item = Layer>> = if t == 0 {
                Box::new(self.layers())
            } else {
                Box::new(self.quiet_layers(hidden.len()))
            };
            for (k, layer) in layers.enumerate() {
                let n = layer.states.len();
                loop {
                    let first = taken[k].fetch_add(1, Ordering::Relaxed) * CHUNK;
                    if first >= n {
                        break;
                    }
                    let chunk = &layer.states[first..n.min(first + CHUNK)];
                    for &x in chunk {
                        let (value, action) =
                            self.choose_exit(x, &mut buffer, &values, &values, complement);
                        let i = values.index(x);
                        values.cells[i].store(value.to_bits(), Ordering::Relaxed);
                        actions[i].store(action, Ordering::Relaxed);
                    }
                    done[k].fetch_add(chunk.len(), Ordering::Release);
                }
                let mut spins = 0;
                while done[k].load(Ordering::Acquire) < n {
                    if abandoned.load(Ordering::Relaxed) {
                        return;
                    }
                    if spins < SPINS {
                        spins += 1;
                        spin_loop();
                    } else {
                        std::thread::yield_now();
                    }
                }
            }
        };
        std::thread::scope(|scope| {
            for t in 1..threads {
                scope.spawn(move || member(t));
            }
            member(0);
        });
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

/// Marks the team abandoned when the member holding it unwinds from a panic.
struct Abandon<'a>(&'a AtomicBool);

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// States a thread takes at a time: about 10 µs of work (0.2 µs a state),
/// so a layer of the largest at goal 2000 makes 30 or more chunks per hidden
/// value to share out, and taking one costs one atomic addition.
const CHUNK: usize = 64;

/// Checks of a layer's count before a waiting thread starts yielding its
/// core: a few microseconds, about as long as the other thread's chunk
/// still runs.
const SPINS: u32 = 256;
