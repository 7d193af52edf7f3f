//! The hot paths: compiling a preset's turn distributions, the self-play
//! solve, the best response, the exact evaluation of two strategies, and
//! the blind best response of `hog final`, and exact-fraction solves.
//! Run with `cargo bench`; the README records the numbers.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hog_solver::exact::Exact;
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
        let rules = (preset.rules)();
        group.bench_function(preset.name, |b| b.iter(|| Model::new(&rules, 100).unwrap()));
    }
    group.finish();
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_goal_100");
    for preset in PRESETS {
        let rules = (preset.rules)();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        group.bench_function(preset.name, |b| b.iter(|| engine.optimal()));
    }
    group.finish();
}

fn best_response(c: &mut Criterion) {
    let mut group = c.benchmark_group("best_response_goal_100");
    for preset in PRESETS {
        let rules = (preset.rules)();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let b_policy = baseline(&rules, 100, preset.baseline);
        group.bench_function(preset.name, |b| b.iter(|| engine.best_response(&b_policy)));
    }
    group.finish();
}

fn evaluate(c: &mut Criterion) {
    let mut group = c.benchmark_group("grade_goal_100");
    for preset in PRESETS {
        let rules = (preset.rules)();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let a = baseline(&rules, 100, "always_roll(5)");
        let b_policy = baseline(&rules, 100, preset.baseline);
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
        let rules = (preset.rules)();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let b_policy = baseline(&rules, 100, preset.baseline);
        group.bench_function(name, |b| {
            b.iter(|| engine.blind_response(&b_policy).unwrap())
        });
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

criterion_group!(
    benches,
    distributions,
    solve,
    best_response,
    evaluate,
    blind_response,
    exact,
    growth
);
criterion_main!(benches);
