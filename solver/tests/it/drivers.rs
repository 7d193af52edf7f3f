//! The parallel driver splits only layers of at least 512 states (smaller
//! ones run on one thread, see `Probability::MIN_STATES_TO_SPLIT`), so the
//! goal-100 driver check in cross_check.rs runs both drivers on one thread.
//! Here the goal is 600: the layers around s + o = 599 hold 600 states per
//! dice-sides value, so they are split over the pool (fa16's and sp26's
//! self-play solves over a team of threads, nju21's passes over rayon's),
//! and the two drivers must still agree to the last bit.

use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, PRESETS};

const GOAL: u32 = 600;

fn always_roll(rules: &hog_solver::Rules, n: i64) -> Policy {
    let strategy = course_strategy(rules, "always_roll", &[n]).unwrap();
    Policy::from_strategy(&strategy, rules, GOAL, "always_roll").unwrap()
}

#[test]
fn drivers_are_bit_identical_on_split_layers() {
    // fa16: two dice sides; nju21: passes inside a layer; sp26: Sus Fuss.
    for name in ["fa16", "nju21", "sp26"] {
        let preset = PRESETS.iter().find(|p| p.name == name).unwrap();
        let rules = preset.rules();
        let model = Model::new(&rules, GOAL).unwrap();
        let sequential = Engine::<f64>::new(&model, Driver::Sequential);
        let parallel = Engine::<f64>::new(&model, Driver::Parallel);

        let (s, p) = (sequential.optimal(), parallel.optimal());
        assert!(s.values == p.values, "{name}: optimal values differ");
        assert!(s.policy == p.policy, "{name}: optimal policies differ");

        let (a, b) = (always_roll(&rules, 5), always_roll(&rules, 0));
        let (s, p) = (sequential.best_response(&b), parallel.best_response(&b));
        assert!(
            s.us == p.us && s.them == p.them,
            "{name}: best response differs"
        );
        assert!(
            s.policy == p.policy,
            "{name}: best-response policies differ"
        );

        let (s, p) = (sequential.evaluate(&a, &b), parallel.evaluate(&a, &b));
        assert!(
            s.a_moves == p.a_moves,
            "{name}: evaluation (A moves) differs"
        );
        assert!(
            s.b_moves == p.b_moves,
            "{name}: evaluation (B moves) differs"
        );
    }
}
