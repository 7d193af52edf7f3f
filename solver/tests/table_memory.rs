//! The table decoder's peak heap, counted by a global allocator: it decodes
//! while it reads, so it holds one copy of what it keeps and never the
//! whole file. With N states a table file has 9N bytes (an i8 action and
//! an f64 value each): keeping everything takes 9N, the policy alone N; a
//! decoder that first read the file whole would need 9N more than that.
//! One test in this binary, so no other thread allocates while it counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Rules};
use ndarray::Array3;

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(now, Ordering::SeqCst);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Ordering::SeqCst);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak heap above what was allocated before, while `f` runs.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = NOW.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let result = f();
    (result, PEAK.load(Ordering::SeqCst) - before)
}

#[test]
fn decoding_holds_one_copy_of_what_it_keeps() {
    let rules = Rules::fa16();
    let goal = 600;
    let model = Model::new(&rules, goal).unwrap();
    let policy =
        hog_solver::strategy::Policy::from_strategy(&|_, _| 4, &rules, goal, "always_roll(4)")
            .unwrap();
    drop(model);
    let states = 2 * 600 * 600;
    let values = Array3::from_elem((2, 600, 600), 0.5);
    let table = PolicyTable {
        rules,
        goal,
        objective: Objective::Optimal,
        policy,
        values,
        exact: None,
    };
    let mut file = vec![];
    table.write(&mut file).unwrap();
    drop(table);
    assert!(file.len() > 9 * states);
    // Slack for the reader's buffers and the header: 1 MiB.
    let slack = 1 << 20;
    let (read, peak) = peak_during(|| PolicyTable::read(&file[..]).unwrap());
    assert!(peak <= 9 * states + slack, "read: {peak} bytes");
    drop(read);
    let (read, peak) = peak_during(|| PolicyTable::read_policy(&file[..]).unwrap());
    assert!(peak <= states + slack, "read_policy: {peak} bytes");
    drop(read);
}
