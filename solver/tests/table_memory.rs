//! The peak heap of a solve, of writing its table and of decoding it,
//! counted by a global allocator. With N states the engine's grids hold 9N
//! bytes (an i8 action and an f64 value each), and so does a table file.
//! The writer encodes from the grids as it writes, copying nothing whole.
//! The decoder decodes while it reads, so it holds one copy of what it
//! keeps and never the whole file: keeping everything takes 9N, the policy
//! alone N; a decoder that first read the file whole would need 9N more.
//! A round robin at a goal too large for its turn table grades its pairs
//! in a grade's memory, and the second player's wins: no more than twice a
//! grade's. One test in this binary, so no other thread allocates while it
//! counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use hog_solver::round_robin::grade_pairs;
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::table::{Objective, PolicyTable, TableView};
use hog_solver::{Model, Rules};

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
fn a_table_is_solved_written_and_read_with_one_copy_of_what_is_kept() {
    let rules = Rules::fa16();
    let goal = 600;
    let states = 2 * 600 * 600;
    // Slack for the buffers, a layer's work and the header: 1 MiB.
    let slack = 1 << 20;
    let model = Model::new(&rules, goal).unwrap();
    let engine = Engine::<f64>::new(&model, Driver::Sequential);
    // The solve holds its two grids, an f64 value and an i8 action per
    // state, and one layer's work at a time.
    let (solution, peak) = peak_during(|| engine.optimal());
    assert!(peak <= 9 * states + slack, "solve: {peak} bytes");
    // Written from the grids, as `hog solve -o` writes: nothing whole is copied.
    let table = TableView {
        rules: &rules,
        goal,
        objective: &Objective::Optimal,
        actions: solution.policy.cells(),
        values: solution.values.cells(),
        exact: None,
    };
    let (_, peak) = peak_during(|| table.write(std::io::sink()).unwrap());
    assert!(peak <= slack, "write: {peak} bytes");
    let mut file = vec![];
    table.write(&mut file).unwrap();
    drop(solution);
    assert!(file.len() > 9 * states);
    let (read, peak) = peak_during(|| PolicyTable::read(&file[..]).unwrap());
    assert!(peak <= 9 * states + slack, "read: {peak} bytes");
    drop(read);
    let (read, peak) = peak_during(|| PolicyTable::read_policy(&file[..]).unwrap());
    assert!(peak <= states + slack, "read_policy: {peak} bytes");
    drop(read);
    // A round robin of two course strategies: too many outcomes for the
    // turn table at this goal, so graded as `hog grade` grades, with the
    // second player's wins summed too.
    let goal = 1000;
    let model = Model::new(&rules, goal).unwrap();
    let policy = |n: i64| {
        let strategy = course_strategy(&rules, "always_roll", &[n]).unwrap();
        Policy::from_strategy(&strategy, &rules, goal, "always_roll").unwrap()
    };
    let (a, b) = (policy(6), policy(5));
    let parallel = Engine::<f64>::new(&model, Driver::Parallel);
    let (_, grade) = peak_during(|| parallel.grade(&a, &b));
    let (_, contest) = peak_during(|| grade_pairs(&model, &[&a, &b], &[(0, 1)], |_, _| {}));
    assert!(
        contest <= 2 * grade + slack,
        "a round robin's pair: {contest} bytes, a grade: {grade} bytes"
    );
}
