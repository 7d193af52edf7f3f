//! A round robin: the course's grade of many pairs of strategies, in
//! parallel over the pairs.
//!
//! Each pair is graded by [`Engine::grade`] on one thread (the sequential
//! driver: the values are bit for bit those of the parallel driver), and
//! rayon spreads the pairs over the cores. Nothing is kept per pair: each
//! grade is handed to a callback as soon as it is done, so memory stays at
//! one pair's grids per thread however many pairs there are.

use rayon::prelude::*;

use crate::evaluate::Grade;
use crate::model::Model;
use crate::solve::{Driver, Engine};
use crate::strategy::Policy;

/// One graded pair: the course's win rates of both strategies against each
/// other (each the mean of its two seatings) and the mean draw probability;
/// `a_wins + b_wins + draw = 1` up to rounding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Match {
    pub a_wins: f64,
    pub b_wins: f64,
    pub draw: f64,
}

impl From<Grade<f64>> for Match {
    fn from(grade: Grade<f64>) -> Match {
        Match {
            a_wins: grade.win_rate,
            b_wins: (grade.first.b_wins + grade.second.b_wins) * 0.5,
            draw: grade.draw,
        }
    }
}

/// Grades `policies[a]` against `policies[b]` for every `(a, b)` in `pairs`,
/// in parallel over the pairs, calling `graded(k, result)` for pair `k` as
/// soon as it is done (from any thread, in any order).
pub fn grade_pairs(
    model: &Model,
    policies: &[&Policy],
    pairs: &[(usize, usize)],
    graded: impl Fn(usize, Match) + Sync,
) {
    let engine = Engine::<f64>::new(model, Driver::Sequential);
    pairs.par_iter().enumerate().for_each(|(k, &(a, b))| {
        graded(k, engine.grade(policies[a], policies[b]).into());
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::grade;
    use crate::strategy::course_strategy;
    use crate::Rules;
    use std::sync::Mutex;

    fn always(rules: &Rules, goal: u32, n: i64) -> Policy {
        let strategy = course_strategy(rules, "always_roll", &[n]).unwrap();
        Policy::from_strategy(&strategy, rules, goal, "always_roll").unwrap()
    }

    #[test]
    fn every_pair_is_the_single_grade_and_both_sides_add_up() {
        // fa16 with a Pork Chop player (the four-sided states are reached)
        // and nju21 (endless games: draws).
        for (rules, actions) in [
            (Rules::fa16(), vec![-1, 0, 3, 10]),
            (Rules::nju21(), vec![0, 2, 6]),
        ] {
            let goal = 30;
            let model = Model::new(&rules, goal).unwrap();
            let policies: Vec<Policy> = actions.iter().map(|&n| always(&rules, goal, n)).collect();
            let refs: Vec<&Policy> = policies.iter().collect();
            let pairs: Vec<(usize, usize)> = (0..refs.len())
                .flat_map(|a| (0..refs.len()).map(move |b| (a, b)))
                .filter(|(a, b)| a != b)
                .collect();
            let results = Mutex::new(vec![None; pairs.len()]);
            grade_pairs(&model, &refs, &pairs, |k, m| {
                results.lock().unwrap()[k] = Some(m)
            });
            let results = results.into_inner().unwrap();
            for (k, &(a, b)) in pairs.iter().enumerate() {
                let got = results[k].expect("every pair is graded");
                // The independent call: the parallel single-pair grade.
                let single = grade(&model, refs[a], refs[b]);
                let reverse = grade(&model, refs[b], refs[a]);
                assert_eq!(got.a_wins, single.win_rate);
                assert_eq!(got.draw, single.draw);
                assert!((got.b_wins - reverse.win_rate).abs() < 1e-12);
                assert!((got.a_wins + got.b_wins + got.draw - 1.0).abs() < 1e-12);
            }
        }
    }
}
