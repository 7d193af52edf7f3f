//! The compiled roll tables: exact integer counts for every reachable kind of
//! dice, checked by first principles and against seeded Monte Carlo play.

use std::convert::Infallible;

use hog_solver::model::PointDistribution;
use hog_solver::rules::{Rules, State};
use hog_solver::Model;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GOAL: u32 = 100;

const fn state(score: u32, opponent_score: u32, sides: u32) -> State {
    State {
        sides,
        ..State::new(score, opponent_score)
    }
}

fn model(preset: &str) -> Model {
    Model::new(&Rules::parse(preset).unwrap(), GOAL).unwrap()
}

/// For each preset, a state selecting each kind of roll the preset can make,
/// with W, the equally likely outcomes of one die: its sides for plain dice,
/// sides² for re-rolling dice (a first face and a possible second one).
const KINDS: &[(&str, State, u64)] = &[
    // fa16: six or four sides (Pork Chop), re-rolling when the sum is a multiple of 7.
    ("fa16", state(1, 0, 6), 6),
    ("fa16", state(0, 0, 6), 36),
    ("fa16", state(3, 4, 6), 36),
    ("fa16", state(1, 0, 4), 4),
    ("fa16", state(10, 4, 4), 16),
    // fa13 and sp13: four sides when the sum is a multiple of 7 (0 included).
    ("fa13", state(1, 0, 6), 6),
    ("fa13", state(0, 0, 6), 4),
    ("fa13", state(20, 15, 6), 4),
    ("sp13", state(1, 0, 6), 6),
    ("sp13", state(0, 0, 6), 4),
    ("sp13", state(30, 40, 6), 4),
    // sp13 49ers, on six-sided (49 + 1 = 50) and four-sided (49 + 0, 49 + 7) dice.
    ("sp13", state(49, 1, 6), 6),
    ("sp13", state(49, 0, 6), 4),
    ("sp13", state(49, 7, 6), 4),
    // sp26: six sides always.
    ("sp26", state(1, 0, 6), 6),
    ("sp26", state(0, 0, 6), 6),
    ("sp26-simple", state(0, 0, 6), 6),
    // nju21: six sides; Feral Hogs depend on the mover's parity.
    ("nju21", state(0, 0, 6), 6),
    ("nju21", state(40, 3, 6), 6),
    ("nju21", state(21, 10, 6), 6),
];

#[test]
fn every_roll_table_counts_exactly_w_to_the_n_outcomes() {
    for &(preset, state, w) in KINDS {
        let model = model(preset);
        for n in 1..=10 {
            let dist = model.roll(state, n);
            let context = format!("{preset} {state:?} n={n}");
            assert_eq!(dist.total, w.pow(n as u32), "{context}");
            assert_eq!(
                dist.counts.iter().map(|&(_, c)| c).sum::<u64>(),
                dist.total,
                "{context}"
            );
            assert!(dist.counts.iter().all(|&(_, c)| c > 0), "{context}");
            assert!(
                dist.counts.windows(2).all(|w| w[0].0 < w[1].0),
                "{context}: points ascend"
            );
        }
    }
}

#[test]
fn fa16_one_rerolling_die_by_first_principles() {
    // Out of 36: an even final face comes first (6 ways) or after any odd
    // first face (3 ways): 9; an odd final face only after an odd first: 3.
    // Points: 1 (one 1, not prime), 2 -> 3, 3 -> 5, 4, 5 -> 7, 6.
    let dist = model("fa16").roll(state(0, 0, 6), 1).clone();
    let expected = vec![(1, 3), (3, 9), (4, 9), (5, 3), (6, 9), (7, 3)];
    assert_eq!(
        dist,
        PointDistribution {
            counts: expected,
            total: 36
        }
    );
}

#[test]
fn fa16_tables_obey_when_pigs_fly() {
    // Every table's points are at most 25 - n.
    let fa16 = model("fa16");
    for &(_, state, _) in KINDS.iter().filter(|k| k.0 == "fa16") {
        for n in 1..=10 {
            let most = fa16.roll(state, n).counts.last().unwrap().0;
            assert!(most <= (25 - n) as u32, "{state:?} n={n}: {most}");
        }
    }
}

#[test]
fn nju21_feral_hogs_follow_the_movers_parity() {
    // One die. Even mover: faces 1..6 score 1, 2+1, 3, 4+1, 5, 6+1.
    // Odd mover: 1+1 (Pig Out, then an odd face), 2, 3+1, 4, 5+1, 6.
    let nju21 = model("nju21");
    let even = nju21.roll(state(40, 3, 6), 1);
    assert_eq!(even.counts, [(1, 1), (3, 2), (5, 2), (7, 1)]);
    let odd = nju21.roll(state(21, 10, 6), 1);
    assert_eq!(odd.counts, [(2, 2), (4, 2), (6, 2)]);
}

#[test]
fn sp13_forty_niners_never_pig_out() {
    // Two six-sided dice show a 1 in 36 - 5 * 5 = 11 rolls; two four-sided
    // dice in 16 - 3 * 3 = 7. Elsewhere each of them scores 1 point; at 49
    // none does, since the least sum is 1 + 1 = 2.
    let sp13 = model("sp13");
    let one_point = |state: State| {
        let dist = sp13.roll(state, 2);
        dist.counts
            .iter()
            .find(|&&(p, _)| p == 1)
            .map_or(0, |&(_, c)| c)
    };
    // 49 + 1 = 50 and 48 + 2 = 50: six-sided; 49 + 0 = 49 and 48 + 1 = 49: four-sided.
    assert_eq!(one_point(state(49, 1, 6)), 0);
    assert_eq!(one_point(state(48, 2, 6)), 11);
    assert_eq!(one_point(state(49, 0, 6)), 0);
    assert_eq!(one_point(state(48, 1, 6)), 7);
}

/// The exact mean and standard deviation of the points.
fn mean_and_sd(dist: &PointDistribution) -> (f64, f64) {
    let total = dist.total as f64;
    let moment = |k: i32| -> f64 {
        dist.counts
            .iter()
            .map(|&(p, c)| (p as f64).powi(k) * c as f64)
            .sum::<f64>()
            / total
    };
    let mean = moment(1);
    (mean, (moment(2) - mean * mean).sqrt())
}

/// The mean points of `samples` turns played with real random faces.
fn monte_carlo_mean(rules: &Rules, state: State, n: i32, samples: u32, seed: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let total: u64 = (0..samples)
        .map(|_| {
            let result = rules
                .play_turn(state, n, |sides| {
                    Ok::<_, Infallible>(rng.gen_range(1..=sides))
                })
                .unwrap();
            result.points as u64
        })
        .sum();
    total as f64 / samples as f64
}

#[test]
fn exact_means_agree_with_seeded_monte_carlo() {
    // The sample mean of N turns has standard error sd / sqrt(N), with sd the
    // exact standard deviation of one turn's points. A deviation of more than
    // 5 standard errors has probability below 1e-6 under a correct table.
    const SAMPLES: u32 = 200_000;
    let cases = [
        ("fa16", state(0, 0, 6), 4),    // six-sided re-rolling dice
        ("fa16", state(3, 4, 4), 3),    // four-sided re-rolling dice
        ("fa16", state(1, 0, 6), 6),    // plain dice, When Pigs Fly
        ("fa13", state(0, 0, 6), 5),    // four-sided dice
        ("sp26", state(5, 9, 6), 6),    // Sow Sad
        ("nju21", state(21, 10, 6), 5), // Feral Hogs, odd mover
        ("nju21", state(40, 3, 6), 3),  // Feral Hogs, even mover
        ("sp13", state(49, 1, 6), 4),   // 49ers, six-sided
        ("sp13", state(49, 0, 6), 3),   // 49ers, four-sided
        ("sp13", state(10, 2, 6), 6),   // Touchdown
    ];
    for (seed, (preset, state, n)) in cases.into_iter().enumerate() {
        let rules = Rules::parse(preset).unwrap();
        let model = Model::new(&rules, GOAL).unwrap();
        let (mean, sd) = mean_and_sd(model.roll(state, n));
        let estimate = monte_carlo_mean(&rules, state, n, SAMPLES, seed as u64);
        let bound = 5.0 * sd / (SAMPLES as f64).sqrt();
        assert!(
            (estimate - mean).abs() <= bound,
            "{preset} {state:?} n={n}: exact {mean}, sampled {estimate}, bound {bound}"
        );
    }
}
