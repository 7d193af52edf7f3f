//! The contest presets against the public contest engines: exact win rates
//! of fixed strategies that sxyu/bacon and sxyu/bacon2 computed under Time
//! Trot (`tests/data/contest/engines.json`, written by
//! `tests/data/contest/engines/figures.py`, which builds each engine at
//! its commit with g++), and hog's grade of the same pairs under the
//! preset of the engine's rules, which must equal them to 1e-9.

use hog_solver::evaluate::grade;
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Rules};
use serde_json::Value;

/// The figures file.
const FIGURES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/contest/engines.json"
);

/// A strategy of the figures: `always_roll(k)`, or `random(seed)`, the
/// table of answers (x >> 33) % 11 in row-major (score, opponent_score)
/// order after x = x · 6364136223846793005 + 1442695040888963407, x from
/// the seed (the drivers' generator), the same with every hidden value.
fn strategy(rules: &Rules, goal: u32, name: &str) -> Policy {
    let argument = |prefix: &str| {
        name.strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(')'))
            .and_then(|n| n.parse::<u64>().ok())
    };
    if let Some(k) = argument("always_roll(") {
        let always = course_strategy(rules, "always_roll", &[k as i64]).unwrap();
        return Policy::from_strategy(&always, rules, goal, name).unwrap();
    }
    let mut x = argument("random(").unwrap_or_else(|| panic!("{name}: no such strategy"));
    let g = goal as usize;
    let mut table = vec![0i8; g * g];
    for cell in &mut table {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        *cell = ((x >> 33) % 11) as i8;
    }
    let hidden = rules.hidden().len();
    let actions = ndarray::Array3::from_shape_fn((hidden, g, g), |(_, s, o)| table[s * g + o]);
    Policy::from_actions(rules, goal, actions).unwrap()
}

#[test]
fn time_trot_presets_match_the_contest_engines() {
    let data: Value = serde_json::from_str(&std::fs::read_to_string(FIGURES).unwrap()).unwrap();
    let mut checked = 0;
    for engine in data["engines"].as_array().unwrap() {
        let preset = engine["preset"].as_str().unwrap();
        let who = format!("{} @{}", engine["engine"], engine["commit"]);
        let rules = Rules::parse(preset).unwrap();
        let model = Model::new(&rules, 100).unwrap();
        for figure in engine["figures"].as_array().unwrap() {
            let (a, b) = (figure["a"].as_str().unwrap(), figure["b"].as_str().unwrap());
            let ours = grade(&model, &strategy(&rules, 100, a), &strategy(&rules, 100, b));
            for (what, hog, theirs) in [
                ("win rate", ours.win_rate, &figure["win_rate"]),
                ("first", ours.first.a_wins, &figure["first"]),
                ("second", ours.second.a_wins, &figure["second"]),
            ] {
                let theirs = theirs.as_f64().unwrap();
                assert!(
                    (hog - theirs).abs() <= 1e-9,
                    "{preset}, {a} against {b}, {what}: hog {hog}, {who} {theirs}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 4 * 23 * 3, "every figure of the four engines");
}
