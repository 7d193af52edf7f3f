//! The hot paths: compiling a preset's turn distributions, the self-play
//! solve, the best response, the exact evaluation of two strategies, a
//! contest's batch of pairs, the blind best response of `hog final`,
//! exact-fraction solves, and a whole solve from the rules to a policy.
//! Run with `cargo bench --features bench`; `benches/report` prints docs/performance.md's
//! tables from them.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hog_solver::exact::Exact;
use hog_solver::round_robin::grade_pairs;
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Rules, PRESETS};

fn baseline(rules: &Rules, goal: u32, text: &str) -> Policy {
    let n: i64 = text
        .trim_start_matches("always_roll(")
        .trim_end_matches(')')
        .parse()
        .expect("baselines are always_roll(n)");
    let strategy = course_strategy(rules, "always_roll", &[n]).expect("a course strategy");
    Policy::from_strategy(&strategy, rules, goal, text).expect("a valid baseline")
}

fn distributions(c: &mut Criterion) {
    let mut group = c.benchmark_group("distributions");
    for preset in PRESETS {
        let rules = preset.rules();
        group.bench_function(preset.name, |b| b.iter(|| Model::new(&rules, 100).unwrap()));
    }
    group.finish();
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_goal_100");
    for preset in PRESETS {
        let rules = preset.rules();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        group.bench_function(preset.name, |b| b.iter(|| engine.optimal()));
    }
    group.finish();
}

fn best_response(c: &mut Criterion) {
    let mut group = c.benchmark_group("best_response_goal_100");
    for preset in PRESETS {
        let rules = preset.rules();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let b_policy = baseline(&rules, 100, preset.baseline);
        group.bench_function(preset.name, |b| b.iter(|| engine.best_response(&b_policy)));
    }
    group.finish();
}

/// The exact pair: always_roll(5) against always_roll(4).
fn evaluate(c: &mut Criterion) {
    let mut group = c.benchmark_group("grade_goal_100");
    for preset in PRESETS {
        let rules = preset.rules();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let a = baseline(&rules, 100, "always_roll(5)");
        let b_policy = baseline(&rules, 100, "always_roll(4)");
        group.bench_function(preset.name, |b| b.iter(|| engine.grade(&a, &b_policy)));
    }
    group.finish();
}

/// `hog final`'s search: the blind best response to the course baseline
/// (fa16: sides hidden from the strategy; the others: the best response).
fn blind_response(c: &mut Criterion) {
    let mut group = c.benchmark_group("blind_response_goal_100");
    group.sample_size(10);
    for name in ["fa16", "fa13"] {
        let preset = PRESETS.iter().find(|p| p.name == name).unwrap();
        let rules = preset.rules();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let b_policy = baseline(&rules, 100, preset.baseline);
        group.bench_function(name, |b| {
            b.iter(|| engine.blind_response(&b_policy).unwrap())
        });
    }
    group.finish();
}

/// The presets with hidden memories (fa19, sp20, su20: 121 or 196
/// times the states) and extra turns (fa20) at goal 100, on one thread:
/// the self-play solve, and `hog final`'s blind best response to the
/// course baseline.
fn memories(c: &mut Criterion) {
    let mut group = c.benchmark_group("memories_goal_100");
    group.sample_size(10);
    for name in ["sp20", "su20", "fa19", "fa20"] {
        let preset = PRESETS.iter().find(|p| p.name == name).unwrap();
        let rules = preset.rules();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        group.bench_function(format!("{name}_solve"), |b| b.iter(|| engine.optimal()));
        if name == "sp20" {
            let b_policy = baseline(&rules, 100, preset.baseline);
            group.bench_function(format!("{name}_blind_response"), |b| {
                b.iter(|| engine.blind_response(&b_policy).unwrap())
            });
        }
    }
    group.finish();
}

/// `--exact`: the sp26 self-play solve and the exact grade of
/// always_roll(5) against the course baseline, in exact fractions.
fn exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact_goal_100");
    group.sample_size(10);
    let rules = Rules::sp26();
    let model = Model::new(&rules, 100).unwrap();
    let engine = Engine::<Exact>::new(&model, Driver::Parallel);
    group.bench_function("sp26_solve", |b| b.iter(|| engine.optimal()));
    let a = baseline(&rules, 100, "always_roll(5)");
    let b_policy = baseline(&rules, 100, "always_roll(6)");
    group.bench_function("sp26_grade", |b| b.iter(|| engine.grade(&a, &b_policy)));
    group.finish();
}

/// The whole of a solve as a caller sees it, from the rules to a checked
/// policy table: what `hog.solve` (python/) does around the library, whose
/// time `python/bench/speed.py` sets beside this one.
fn whole_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("whole_solve_fa16");
    group.sample_size(10);
    let rules = Rules::fa16();
    for goal in [100, 1000] {
        group.bench_with_input(BenchmarkId::from_parameter(goal), &goal, |b, &goal| {
            b.iter(|| {
                let model = Model::new(&rules, goal).unwrap();
                let solution = Engine::<f64>::new(&model, Driver::Parallel).optimal();
                (solution.policy.to_policy(&model), solution.values)
            })
        });
    }
    group.finish();
}

fn growth(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_fa16_by_goal");
    group.sample_size(10);
    let rules = Rules::fa16();
    for goal in [100, 200, 400, 1000] {
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        group.bench_with_input(BenchmarkId::from_parameter(goal), &goal, |b, _| {
            b.iter(|| engine.optimal())
        });
    }
    group.finish();
}

/// The slowest presets beside fa13: what `hog solve` does for them (the
/// model's tables, then the self-play solve), at goal 100 and 1000: rules
/// that fire at many points (sp15's Hogtimus Prime, sp19's and fa18's
/// swaps, sp22's Hog Pile and draws) and fa21 (Hog Pile).
fn new_presets(c: &mut Criterion) {
    let mut group = c.benchmark_group("new_presets_model_and_solve");
    group.sample_size(10);
    for goal in [100, 1000] {
        for name in ["fa13", "sp15", "sp19", "fa18", "sp22", "fa21"] {
            let rules = Rules::parse(name).unwrap();
            group.bench_function(format!("{name}/{goal}"), |b| {
                b.iter(|| {
                    let model = Model::new(&rules, goal).unwrap();
                    Engine::<f64>::new(&model, Driver::Parallel).optimal()
                })
            });
        }
    }
    group.finish();
}

/// A round robin of 10 arbitrary fa16 tables at goal 100 (45 pairs),
/// parallel over the pairs: what `hog contest` spends per pair.
fn round_robin(c: &mut Criterion) {
    let rules = Rules::fa16();
    let goal = 100;
    let model = Model::new(&rules, goal).unwrap();
    // Pseudo-random actions -1..=10 from a fixed LCG (reproducible).
    let mut x: u64 = 1;
    let policies: Vec<Policy> = (0..10)
        .map(|_| {
            let mut table = vec![0i64; (goal * goal) as usize];
            for cell in &mut table {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *cell = (x >> 33) as i64 % 12 - 1;
            }
            let strategy = |s: u32, o: u32| table[(s * goal + o) as usize];
            Policy::from_strategy(&strategy, &rules, goal, "random").unwrap()
        })
        .collect();
    let refs: Vec<&Policy> = policies.iter().collect();
    let pairs: Vec<(usize, usize)> = (0..10)
        .flat_map(|a| (a + 1..10).map(move |b| (a, b)))
        .collect();
    let mut group = c.benchmark_group("round_robin_fa16_goal_100");
    group.sample_size(10);
    group.bench_function("45_pairs", |b| {
        b.iter(|| grade_pairs(&model, &refs, &pairs, |_, m| assert!(m.a_wins >= 0.0)))
    });
    group.finish();
}

criterion_group!(
    benches,
    distributions,
    solve,
    best_response,
    evaluate,
    blind_response,
    memories,
    exact,
    growth,
    whole_solve,
    new_presets,
    round_robin
);
criterion_main!(benches);
