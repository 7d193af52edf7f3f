//! The engine's results do not depend on the number of threads: every
//! solve, best response, evaluation, grade and round robin gives the same
//! bits on one thread (the sequential driver) as in rayon pools of 1, 2, 3
//! and 5 threads (the parallel driver, whose self-play solve runs on a team
//! of the pool's size where it can, [`hog_solver::solve`]), on a preset of
//! every kind: plain, fa16's dice sides, memories (Feral Hogs), extra
//! turns, and nju21's endless games. The goals make the largest layers
//! split over the threads (512 states and more).

use hog_solver::evaluate::Outcome;
use hog_solver::round_robin::{grade_pairs, Match};
use hog_solver::rules::Component;
use hog_solver::solve::{Driver, Engine, Grid};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Rules, PRESETS};
use std::sync::Mutex;

const THREADS: [usize; 4] = [1, 2, 3, 5];

/// The first preset of each kind, and a goal whose largest layer splits.
fn one_of_each_kind() -> Vec<(&'static str, Rules, u32)> {
    type Kind = (&'static str, fn(&Rules) -> bool);
    let kinds: [Kind; 5] = [
        ("plain", |r| {
            r.hidden().is_empty() && r.extra.is_empty() && !r.can_score_zero()
        }),
        ("dice sides", |r| {
            r.hidden().sides().len() > 1 && r.hidden().values(Component::MoverMemory) == 1
        }),
        ("memories", |r| {
            r.hidden().values(Component::MoverMemory) > 1
        }),
        ("extra turns", |r| !r.extra.is_empty()),
        ("endless games", Rules::can_score_zero),
    ];
    kinds
        .iter()
        .map(|(kind, is)| {
            let goal = |rules: &Rules| {
                if rules.hidden().values(Component::MoverMemory) > 1 {
                    30
                } else {
                    600
                }
            };
            // Some presets stop short of such goals (fa20 at 101).
            let preset = PRESETS
                .iter()
                .find(|p| is(&p.rules()) && Model::new(&p.rules(), goal(&p.rules())).is_ok())
                .unwrap_or_else(|| panic!("a preset of kind {kind}"));
            let rules = preset.rules();
            (preset.name, rules.clone(), goal(&rules))
        })
        .collect()
}

fn always_roll(rules: &Rules, goal: u32, n: i64) -> Policy {
    let strategy = course_strategy(rules, "always_roll", &[n]).unwrap();
    Policy::from_strategy(&strategy, rules, goal, "always_roll").unwrap()
}

fn bits(grid: &Grid<f64>) -> Vec<u64> {
    grid.cells().iter().map(|v| v.to_bits()).collect()
}

fn outcome_bits(grid: &Grid<Outcome<f64>>) -> Vec<[u64; 3]> {
    let each = |o: &Outcome<f64>| [o.a_wins, o.b_wins, o.draw].map(f64::to_bits);
    grid.cells().iter().map(each).collect()
}

fn match_bits(matches: &[Option<Match>]) -> Vec<[u64; 3]> {
    let each = |m: &Option<Match>| {
        let m = m.expect("every pair graded");
        [m.a_wins, m.b_wins, m.draw].map(f64::to_bits)
    };
    matches.iter().map(each).collect()
}

/// Everything the engine computes for a game, as bits.
#[derive(Debug, PartialEq)]
struct Results {
    optimal: (Vec<u64>, Vec<i8>),
    response: (Vec<u64>, Vec<u64>, Vec<i8>),
    evaluation: (Vec<[u64; 3]>, Vec<[u64; 3]>),
    grade: [u64; 4],
    round_robin: Vec<[u64; 3]>,
}

fn results(model: &Model, driver: Driver, policies: &[Policy]) -> Results {
    let engine = Engine::<f64>::new(model, driver);
    let optimal = engine.optimal();
    let (a, b) = (&policies[0], &policies[1]);
    let response = engine.best_response(b);
    let evaluation = engine.evaluate(a, b);
    let grade = engine.grade(a, b);
    let refs: Vec<&Policy> = policies.iter().collect();
    let pairs = [(0, 1), (1, 2), (2, 0)];
    let matches = Mutex::new(vec![None; pairs.len()]);
    grade_pairs(model, &refs, &pairs, |k, m| {
        matches.lock().unwrap()[k] = Some(m)
    });
    Results {
        optimal: (
            bits(&optimal.values),
            optimal.policy.cells().iter().copied().collect(),
        ),
        response: (
            bits(&response.us),
            bits(&response.them),
            response.policy.cells().iter().copied().collect(),
        ),
        evaluation: (
            outcome_bits(&evaluation.a_moves),
            outcome_bits(&evaluation.b_moves),
        ),
        grade: [
            grade.win_rate,
            grade.draw,
            grade.first.a_wins,
            grade.second.a_wins,
        ]
        .map(f64::to_bits),
        round_robin: match_bits(&matches.into_inner().unwrap()),
    }
}

#[test]
fn results_are_bit_identical_on_any_number_of_threads() {
    for (name, rules, goal) in one_of_each_kind() {
        let model = Model::new(&rules, goal).unwrap();
        let policies = [5, 2, 0].map(|n| always_roll(&rules, goal, n));
        let alone = results(&model, Driver::Sequential, &policies);
        for threads in THREADS {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let pooled = pool.install(|| results(&model, Driver::Parallel, &policies));
            assert!(
                pooled == alone,
                "{name} at goal {goal}: {threads} threads differ from one"
            );
        }
    }
}
