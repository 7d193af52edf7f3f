//! The minimal scalar kernel of the `kernel_vs_engine` benchmark
//! (benches/kernel/fa13.rs: fa13 written out from the rules, with its own
//! dice tables, no code of hog's) against the engine: the self-play values
//! and actions, and exact grades of fixed strategies, equal bit for bit.
//! Both sum in the same order, so any difference is a bug in one of them,
//! and the benchmark compares two programs that compute the same thing.

use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Rules};
use ndarray::Array3;

#[path = "../../../benches/kernel/fa13.rs"]
mod fa13;
#[path = "../../../benches/kernel/team.rs"]
mod team;

/// Goals with few and with many swaps and four-sided states past the goal's
/// reach of one turn.
const GOALS: [u32; 3] = [50, 101, 200];

fn always_roll(rules: &Rules, goal: u32, n: i64) -> Policy {
    let strategy = course_strategy(rules, "always_roll", &[n]).unwrap();
    Policy::from_strategy(&strategy, rules, goal, "always_roll").unwrap()
}

#[test]
fn the_kernel_solves_fa13_to_the_engines_bits() {
    let rules = Rules::fa13();
    for goal in GOALS {
        let model = Model::new(&rules, goal).unwrap();
        let hog = Engine::<f64>::new(&model, Driver::Sequential).optimal();
        let kernel = fa13::Kernel::new(goal as usize).solve();
        let values = hog.values.cells();
        let actions = hog.policy.cells();
        for ((s, o), (value, action)) in cells(goal).zip(kernel.values.iter().zip(&kernel.actions))
        {
            assert_eq!(
                value.to_bits(),
                values[(0, s, o)].to_bits(),
                "goal {goal}: V({s}, {o}) kernel {value}, hog {}",
                values[(0, s, o)]
            );
            assert_eq!(
                *action,
                actions[(0, s, o)],
                "goal {goal}: action at ({s}, {o})"
            );
        }
    }
}

/// The persistent team (benches/kernel/team.rs) computes each state as the
/// one-thread kernel does, so any thread count gives its bits: a state
/// computed before the layers above were closed, or written to the wrong
/// cell, would not.
#[test]
fn the_kernels_team_solves_to_the_one_thread_bits() {
    for goal in [50, 101] {
        let kernel = fa13::Kernel::new(goal);
        let alone = kernel.solve();
        for threads in [2, 3] {
            let team = team::solve(&kernel, threads);
            assert!(
                team.values
                    .iter()
                    .map(|v| v.to_bits())
                    .eq(alone.values.iter().map(|v| v.to_bits())),
                "goal {goal}, {threads} threads: the values differ"
            );
            assert_eq!(
                team.actions, alone.actions,
                "goal {goal}, {threads} threads"
            );
        }
    }
}

#[test]
fn the_kernel_grades_fa13_to_the_engines_bits() {
    let rules = Rules::fa13();
    for goal in GOALS {
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let kernel = fa13::Kernel::new(goal as usize);
        let optimal = kernel.solve().actions;
        let cells = (goal * goal) as usize;
        let fixed = |n: i8| (vec![n; cells], always_roll(&rules, goal, n.into()));
        let optimal_policy = Policy::from_actions(
            &rules,
            goal,
            Array3::from_shape_vec((1, goal as usize, goal as usize), optimal.clone()).unwrap(),
        )
        .unwrap();
        // Free Bacon everywhere, the course's pair, extremes, and the optimum.
        let pairs = [
            (fixed(5), fixed(4)),
            (fixed(0), fixed(10)),
            (fixed(1), fixed(7)),
            ((optimal, optimal_policy), fixed(5)),
        ];
        for ((a_dice, a), (b_dice, b)) in &pairs {
            let hog = engine.grade(a, b);
            let kernel = kernel.grade(a_dice, b_dice);
            let bits = |x: f64| x.to_bits();
            assert_eq!(
                (
                    bits(kernel.first),
                    bits(kernel.second),
                    bits(kernel.win_rate)
                ),
                (
                    bits(hog.first.a_wins),
                    bits(hog.second.a_wins),
                    bits(hog.win_rate)
                ),
                "goal {goal}, {} against {}: kernel {kernel:?}, hog {hog:?}",
                a_dice[1],
                b_dice[1]
            );
        }
    }
}

/// (s, o) for every cell, in the kernel's order.
fn cells(goal: u32) -> impl Iterator<Item = (usize, usize)> {
    let g = goal as usize;
    (0..g).flat_map(move |s| (0..g).map(move |o| (s, o)))
}
