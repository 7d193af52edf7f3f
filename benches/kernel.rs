//! hog against the minimal scalar kernel (benches/kernel/fa13.rs), side by
//! side on one thread: the fa13 self-play solve and the exact grade of
//! always_roll(5) against always_roll(4), at goals 100, 500 and 2000
//! (criterion group `kernel_vs_engine`; `benches/report` prints the ratios);
//! and a contest of 100 fa13 tables at goal 100 (`hog contest`'s
//! `round_robin::grade_pairs`, both threads) beside the kernel grading the
//! same 4,950 pairs split over two threads (group `contest_vs_kernel_pairs`);
//! and the solve on one thread and on two, hog's team of threads
//! (solver/src/solve/team.rs) beside the kernel's (benches/kernel/team.rs),
//! at goals 2000 and 5000 (group `two_threads`).
//!
//! `--count OPERATION GOAL TIMES` runs one operation (`kernel_solve`,
//! `hog_solve`, `kernel_grade` or `hog_grade`) TIMES times and nothing
//! else, for instruction counts: under `valgrind --tool=callgrind`, the
//! difference between TIMES = 2 and TIMES = 1 is one operation's count,
//! without start-up and the tables' set-up.

use criterion::{criterion_group, BenchmarkId, Criterion};
use hog_solver::evaluate::Grade;
use hog_solver::round_robin::grade_pairs;
use hog_solver::solve::{Driver, Engine, Solution};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Rules};

#[path = "kernel/fa13.rs"]
mod fa13;
#[path = "kernel/team.rs"]
mod team;

const GOALS: [u32; 3] = [100, 500, 2000];

fn always_roll(rules: &Rules, goal: u32, n: i64) -> Policy {
    let strategy = course_strategy(rules, "always_roll", &[n]).expect("a course strategy");
    Policy::from_strategy(&strategy, rules, goal, "always_roll").expect("a legal strategy")
}

/// Both sides of one goal, set up: the model and policies, the kernel's tables.
struct Pair {
    model: Model,
    a: Policy,
    b: Policy,
    kernel: fa13::Kernel,
    a_dice: Vec<i8>,
    b_dice: Vec<i8>,
}

impl Pair {
    fn new(goal: u32) -> Pair {
        let rules = Rules::fa13();
        let cells = (goal * goal) as usize;
        Pair {
            model: Model::new(&rules, goal).expect("a valid goal"),
            a: always_roll(&rules, goal, 5),
            b: always_roll(&rules, goal, 4),
            kernel: fa13::Kernel::new(goal as usize),
            a_dice: vec![5; cells],
            b_dice: vec![4; cells],
        }
    }

    fn engine(&self) -> Engine<'_, f64> {
        Engine::new(&self.model, Driver::Sequential)
    }

    fn hog_solve(&self) -> Solution<f64> {
        self.engine().optimal()
    }

    fn hog_grade(&self) -> Grade<f64> {
        self.engine().grade(&self.a, &self.b)
    }

    fn kernel_solve(&self) -> fa13::Solution {
        self.kernel.solve()
    }

    fn kernel_grade(&self) -> fa13::Grade {
        self.kernel.grade(&self.a_dice, &self.b_dice)
    }

    /// Panics unless both compute the same bits (as solver/tests/it/kernel.rs
    /// tests at small goals): what is timed is the same work.
    fn check(&self) {
        let (hog, kernel) = (self.hog_solve(), self.kernel_solve());
        let same_values = hog
            .values
            .cells()
            .iter()
            .map(|v| v.to_bits())
            .eq(kernel.values.iter().map(|v| v.to_bits()));
        assert!(
            same_values && hog.policy.cells().iter().eq(&kernel.actions),
            "the solves differ"
        );
        let (hog, kernel) = (self.hog_grade(), self.kernel_grade());
        assert_eq!(
            hog.win_rate.to_bits(),
            kernel.win_rate.to_bits(),
            "the grades differ"
        );
    }
}

fn kernel_vs_engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("kernel_vs_engine");
    group.sample_size(10);
    for goal in GOALS {
        let pair = Pair::new(goal);
        pair.check();
        let id = |name| BenchmarkId::new(name, goal);
        group.bench_function(id("kernel_solve"), |b| b.iter(|| pair.kernel_solve()));
        group.bench_function(id("hog_solve"), |b| b.iter(|| pair.hog_solve()));
        group.bench_function(id("kernel_grade"), |b| b.iter(|| pair.kernel_grade()));
        group.bench_function(id("hog_grade"), |b| b.iter(|| pair.hog_grade()));
    }
    group.finish();
}

/// Each solve on one thread and on two: the kernel alone and on a team of
/// two (checked equal to the bit first), hog with `Driver::Sequential` and
/// with `Driver::Parallel`, which solves on a team of rayon's number of
/// threads (two on the 2-core VM, or `RAYON_NUM_THREADS`).
fn two_threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("two_threads");
    group.sample_size(10);
    for goal in [2000, 5000] {
        let pair = Pair::new(goal);
        pair.check();
        let (alone, team) = (pair.kernel_solve(), team::solve(&pair.kernel, 2));
        assert!(
            alone
                .values
                .iter()
                .map(|v| v.to_bits())
                .eq(team.values.iter().map(|v| v.to_bits()))
                && alone.actions == team.actions,
            "the team solves as the kernel alone"
        );
        let id = |name| BenchmarkId::new(name, goal);
        group.bench_function(id("kernel_one_thread"), |b| b.iter(|| pair.kernel_solve()));
        group.bench_function(id("kernel_team_of_two"), |b| {
            b.iter(|| team::solve(&pair.kernel, 2))
        });
        group.bench_function(id("hog_one_thread"), |b| b.iter(|| pair.hog_solve()));
        let parallel = Engine::<f64>::new(&pair.model, Driver::Parallel);
        group.bench_function(id("hog_team_of_two"), |b| b.iter(|| parallel.optimal()));
    }
    group.finish();
}

/// The entries of the contest benchmark.
const ENTRIES: usize = 100;

/// Entry k's answer in cell i: an arbitrary action 0 to 10 (a
/// multiplicative hash of the two), so every number of dice is played.
fn arbitrary_dice(k: usize, i: usize) -> i8 {
    let h = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (k as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
    (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60) as i8 % 11
}

/// A contest: [`ENTRIES`] tables at goal 100, every pair once.
struct Contest {
    model: Model,
    policies: Vec<Policy>,
    tables: Vec<Vec<i8>>,
    pairs: Vec<(usize, usize)>,
    kernel: fa13::Kernel,
}

impl Contest {
    fn new() -> Contest {
        let (rules, goal) = (Rules::fa13(), 100);
        let g = goal as usize;
        let tables: Vec<Vec<i8>> = (0..ENTRIES)
            .map(|k| (0..g * g).map(|i| arbitrary_dice(k, i)).collect())
            .collect();
        let policies = tables
            .iter()
            .map(|table| {
                let answer = |s: u32, o: u32| i64::from(table[s as usize * g + o as usize]);
                Policy::from_strategy(&answer, &rules, goal, "arbitrary").expect("legal answers")
            })
            .collect();
        let pairs = (0..ENTRIES)
            .flat_map(|a| (a + 1..ENTRIES).map(move |b| (a, b)))
            .collect();
        Contest {
            model: Model::new(&rules, goal).expect("a valid goal"),
            policies,
            tables,
            pairs,
            kernel: fa13::Kernel::new(g),
        }
    }

    /// Every pair's win rate for its first entry, by `hog contest`'s grader.
    fn hog(&self) -> Vec<f64> {
        let policies: Vec<&Policy> = self.policies.iter().collect();
        let rates: Vec<std::sync::atomic::AtomicU64> =
            self.pairs.iter().map(|_| Default::default()).collect();
        grade_pairs(&self.model, &policies, &self.pairs, |k, graded| {
            rates[k].store(
                graded.a_wins.to_bits(),
                std::sync::atomic::Ordering::Relaxed,
            )
        });
        rates
            .iter()
            .map(|r| f64::from_bits(r.load(std::sync::atomic::Ordering::Relaxed)))
            .collect()
    }

    /// The same by the kernel, the pairs alternately on two threads.
    fn kernel(&self) -> Vec<f64> {
        let half = |first: usize| {
            (first..self.pairs.len())
                .step_by(2)
                .map(|k| {
                    let (a, b) = self.pairs[k];
                    self.kernel.grade(&self.tables[a], &self.tables[b]).win_rate
                })
                .collect::<Vec<f64>>()
        };
        let (even, odd) = std::thread::scope(|scope| {
            let odd = scope.spawn(|| half(1));
            (half(0), odd.join().expect("the second thread"))
        });
        let mut rates = vec![0.0; self.pairs.len()];
        for (k, rate) in (0..).step_by(2).zip(even).chain((1..).step_by(2).zip(odd)) {
            rates[k] = rate;
        }
        rates
    }
}

fn contest_vs_kernel_pairs(c: &mut Criterion) {
    let contest = Contest::new();
    let (hog, kernel) = (contest.hog(), contest.kernel());
    assert!(
        hog.iter()
            .map(|r| r.to_bits())
            .eq(kernel.iter().map(|r| r.to_bits())),
        "the contest and the kernel grade the pairs alike"
    );
    let mut group = c.benchmark_group("contest_vs_kernel_pairs");
    group.sample_size(10);
    group.bench_function("kernel_4950_pairs", |b| b.iter(|| contest.kernel()));
    group.bench_function("hog_contest_100_entries", |b| b.iter(|| contest.hog()));
    group.finish();
}

criterion_group!(
    benches,
    kernel_vs_engine,
    contest_vs_kernel_pairs,
    two_threads
);

/// `--count OPERATION GOAL TIMES`, if given.
fn count_mode() -> Option<(String, u32, u32)> {
    let args: Vec<String> = std::env::args().collect();
    let at = args.iter().position(|a| a == "--count")?;
    let usage = "--count OPERATION GOAL TIMES";
    let (operation, goal, times) = match &args[at + 1..] {
        [operation, goal, times, ..] => (operation, goal, times),
        _ => panic!("usage: {usage}"),
    };
    let number = |text: &str| text.parse().unwrap_or_else(|_| panic!("usage: {usage}"));
    Some((operation.clone(), number(goal), number(times)))
}

fn main() {
    let Some((operation, goal, times)) = count_mode() else {
        benches();
        Criterion::default().configure_from_args().final_summary();
        return;
    };
    let pair = Pair::new(goal);
    for _ in 0..times {
        match operation.as_str() {
            "kernel_solve" => drop(std::hint::black_box(pair.kernel_solve())),
            "hog_solve" => drop(std::hint::black_box(pair.hog_solve())),
            "kernel_grade" => drop(std::hint::black_box(pair.kernel_grade())),
            "hog_grade" => drop(std::hint::black_box(pair.hog_grade())),
            other => panic!("unknown operation {other}"),
        }
    }
}
