//! hog against the minimal scalar kernel (benches/kernel/fa13.rs), side by
//! side on one thread: the fa13 self-play solve and the exact grade of
//! always_roll(5) against always_roll(4), at goals 100, 500 and 2000
//! (criterion group `kernel_vs_engine`; the README records the ratios).
//!
//! `--count OPERATION GOAL TIMES` runs one operation (`kernel_solve`,
//! `hog_solve`, `kernel_grade` or `hog_grade`) TIMES times and nothing
//! else, for instruction counts: under `valgrind --tool=callgrind`, the
//! difference between TIMES = 2 and TIMES = 1 is one operation's count,
//! without start-up and the tables' set-up.

use criterion::{criterion_group, BenchmarkId, Criterion};
use hog_solver::evaluate::Grade;
use hog_solver::solve::{Driver, Engine, Solution};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Rules};

#[path = "kernel/fa13.rs"]
mod fa13;

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

criterion_group!(benches, kernel_vs_engine);

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
