//! The kernel's solve (benches/kernel/fa13.rs) on a team of threads, the
//! scheme of hog's solve/team.rs written out plainly, so that what a team
//! gives on a machine can be measured without hog's code, beside hog's
//! rayon driver and hog's own team.
//!
//! Every thread goes through every layer, takes the layer's next [`CHUNK`]
//! states (an atomic count), computes them as the one-thread kernel does
//! and writes their values into the grid at once, until none are left; it
//! then waits until the layer's states are all done, since the next layer
//! reads them. The grid is shared as atomic cells (loads and stores
//! `Relaxed`; the count of done states, added with release ordering and read
//! with acquire, orders every store of a layer before every load of it).
//! Each state is the same sums in the same order, so the values are the
//! one-thread kernel's bit for bit (solver/tests/it/kernel.rs checks).

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

/// States taken at a time.
const CHUNK: usize = 64;

/// Checks of a layer's count before a waiting thread yields its core.
const SPINS: u32 = 256;

/// The kernel's self-play solve by `threads` threads (at least one).
pub fn solve(kernel: &Kernel, threads: usize) -> Solution {
    let g = kernel.goal();
    let values: Vec<AtomicU64> = (0..g * g).map(|_| AtomicU64::new(0)).collect();
    let actions: Vec<AtomicI8> = (0..g * g).map(|_| AtomicI8::new(0)).collect();
    // Per layer s + o = sum: chunks taken, states done.
    let taken: Vec<AtomicUsize> = (0..2 * g - 1).map(|_| AtomicUsize::new(0)).collect();
    let done: Vec<AtomicUsize> = (0..2 * g - 1).map(|_| AtomicUsize::new(0)).collect();
    let member = || {
        let mut after_roll = [0.0; 6 * MAX_DICE];
        for sum in (0..=2 * (g - 1)).rev() {
            let states: Vec<(usize, usize)> = kernel.layer(sum).collect();
            loop {
                let first = taken[sum].fetch_add(1, Ordering::Relaxed) * CHUNK;
                if first >= states.len() {
                    break;
                }
                let chunk = &states[first..states.len().min(first + CHUNK)];
                for &(s, o) in chunk {
                    let (value, action) = kernel.best(s, o, &mut after_roll, values.as_slice());
                    values[s * g + o].store(value.to_bits(), Ordering::Relaxed);
                    actions[s * g + o].store(action, Ordering::Relaxed);
                }
                done[sum].fetch_add(chunk.len(), Ordering::Release);
            }
            let mut spins = 0;
            while done[sum].load(Ordering::Acquire) < states.len() {
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
        for _ in 1..threads {
            scope.spawn(member);
        }
        member();
    });
    Solution {
        values: values
            .into_iter()
            .map(|v| f64::from_bits(v.into_inner()))
            .collect(),
        actions: actions.into_iter().map(AtomicI8::into_inner).collect(),
    }
}
