//! The kernel's solve (benches/kernel/fa13.rs) on a persistent team of
//! threads: the many-core design that the README's "Two threads" paragraph
//! describes for hog, built small so that it can be measured beside hog's
//! rayon driver on the same machine.
//!
//! Every thread owns a fixed share of every layer (equal counts of its
//! states, in layer order) and the whole team meets at one barrier per layer:
//! a layer reads only the layers above it, which the barrier has closed. The
//! grid is shared as atomic cells (loads and stores `Relaxed`, the barrier's
//! release and acquire ordering every store of a layer before every load of
//! it), so the threads write their values into the grid in place: no
//! values collected per layer, no second pass to write them back, and no
//! join. The values are the one-thread kernel's bit for bit (each state is
//! the same sums in the same order; solver/tests/it/kernel.rs checks).

use std::hint::spin_loop;
use std::sync::atomic::{AtomicI8, AtomicU64, AtomicUsize, Ordering};

use super::fa13::{Cells, Kernel, Solution, MAX_DICE};

impl Cells for [AtomicU64] {
    #[inline(always)]
    fn cell(&self, i: usize) -> f64 {
        f64::from_bits(self[i].load(Ordering::Relaxed))
    }

    #[inline(always)]
    fn stretch(&self, i: usize, n: usize) -> impl Iterator<Item = f64> {
        self[i..][..n]
            .iter()
            .map(|c| f64::from_bits(c.load(Ordering::Relaxed)))
    }
}

/// The kernel's self-play solve by `threads` threads (at least one).
pub fn solve(kernel: &Kernel, threads: usize) -> Solution {
    let g = kernel.goal();
    let values: Vec<AtomicU64> = (0..g * g).map(|_| AtomicU64::new(0)).collect();
    let actions: Vec<AtomicI8> = (0..g * g).map(|_| AtomicI8::new(0)).collect();
    let barrier = Barrier::new(threads);
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (values, actions, barrier) = (&values, &actions, &barrier);
            scope.spawn(move || {
                let mut after_roll = [0.0; 6 * MAX_DICE];
                for sum in (0..=2 * (g - 1)).rev() {
                    let states: Vec<(usize, usize)> = kernel.layer(sum).collect();
                    let share = states.len() * t / threads..states.len() * (t + 1) / threads;
                    for &(s, o) in &states[share] {
                        let (value, action) = kernel.best(s, o, &mut after_roll, values.as_slice());
                        values[s * g + o].store(value.to_bits(), Ordering::Relaxed);
                        actions[s * g + o].store(action, Ordering::Relaxed);
                    }
                    barrier.wait();
                }
            });
        }
    });
    Solution {
        values: values
            .into_iter()
            .map(|v| f64::from_bits(v.into_inner()))
            .collect(),
        actions: actions.into_iter().map(AtomicI8::into_inner).collect(),
    }
}

/// A reusable barrier for a fixed team: the last thread to arrive opens the
/// next round (`round` + 1, a release store); the others spin on it (an
/// acquire load), yielding the core after a while in case it is shared.
/// std's `Barrier` parks every waiter on a mutex and condition variable,
/// a wake-up of several microseconds, once per layer.
struct Barrier {
    threads: usize,
    arrived: AtomicUsize,
    round: AtomicUsize,
}

/// Spins before each yield of a waiting thread.
const SPINS: u32 = 1 << 10;

impl Barrier {
    fn new(threads: usize) -> Barrier {
        Barrier {
            threads,
            arrived: AtomicUsize::new(0),
            round: AtomicUsize::new(0),
        }
    }

    fn wait(&self) {
        let round = self.round.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == self.threads {
            self.arrived.store(0, Ordering::Relaxed);
            self.round.store(round + 1, Ordering::Release);
            return;
        }
        let mut spins = 0;
        while self.round.load(Ordering::Acquire) == round {
            spins += 1;
            if spins % SPINS == 0 {
                std::thread::yield_now();
            } else {
                spin_loop();
            }
        }
    }
}
