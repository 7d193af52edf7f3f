//! Fuzz targets, as property tests with generated inputs (proptest): the
//! table decoder, the CSV and JSON strategy readers, the rules-text parser
//! and the strategy-expression parser. Each gets valid inputs mutated
//! (flipped bits, changed, inserted and deleted bytes, truncation) and
//! arbitrary text, and must never panic; what each may accept is checked
//! below. `cargo test` runs a short smoke run of each; a long run sets the
//! number of inputs of every target:
//!
//! ```text
//! HOG_FUZZ_CASES=1000000 cargo test --release -p hog-solver --test it fuzz::decoder
//! ```
//!
//! (libFuzzer through cargo-fuzz needs a nightly toolchain, which this
//! project's CI does not have; these targets run on stable.)

use hog_solver::policy_file::{policy_from_csv, policy_from_json};
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Rules, PRESETS};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// The number of inputs of each target: `HOG_FUZZ_CASES`, else `smoke`.
fn config(smoke: u32) -> Config {
    let cases = std::env::var("HOG_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(smoke);
    Config {
        cases,
        // Inputs are cheap; a failure is reported as found.
        failure_persistence: None,
        ..Config::default()
    }
}

#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(usize),
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => any::<usize>().prop_map(Mutation::FlipBit),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        1 => any::<usize>().prop_map(Mutation::Delete),
        1 => any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, mutations: &[Mutation]) {
    for m in mutations {
        let n = bytes.len();
        match *m {
            Mutation::FlipBit(i) if n > 0 => bytes[(i / 8) % n] ^= 1 << (i % 8),
            Mutation::Set(i, b) if n > 0 => bytes[i % n] = b,
            Mutation::Insert(i, b) => bytes.insert(i % (n + 1), b),
            Mutation::Delete(i) if n > 0 => {
                bytes.remove(i % n);
            }
            Mutation::Truncate(i) => bytes.truncate(i % (n + 1)),
            _ => {}
        }
    }
}

fn always_roll(rules: &Rules, goal: u32, k: i64) -> Policy {
    let strategy = course_strategy(rules, "always_roll", &[k]).unwrap();
    Policy::from_strategy(&strategy, rules, goal, "always_roll").unwrap()
}

/// Small real tables: the optimum of every preset at goal 3, and the best
/// response to always_roll(5) of fa13 at goal 4.
fn tables() -> Vec<Vec<u8>> {
    let mut files = vec![];
    for preset in PRESETS {
        let rules = preset.rules();
        let model = Model::new(&rules, 3).unwrap();
        let engine =
            hog_solver::solve::Engine::<f64>::new(&model, hog_solver::solve::Driver::Sequential);
        let optimal = engine.optimal();
        let table = PolicyTable {
            rules: rules.clone(),
            goal: 3,
            objective: Objective::Optimal,
            policy: optimal.policy.to_policy(&model),
            values: optimal.values.cells().to_owned(),
            exact: None,
        };
        let mut file = vec![];
        table.write(&mut file).unwrap();
        files.push(file);
    }
    let rules = Rules::fa13();
    let model = Model::new(&rules, 4).unwrap();
    let engine =
        hog_solver::solve::Engine::<f64>::new(&model, hog_solver::solve::Driver::Sequential);
    let response = engine.best_response(&always_roll(&rules, 4, 5));
    let table = PolicyTable {
        rules,
        goal: 4,
        objective: Objective::BestResponse {
            against: "always_roll(5)".into(),
        },
        policy: response.policy.to_policy(&model),
        values: response.us.cells().to_owned(),
        exact: None,
    };
    let mut file = vec![];
    table.write(&mut file).unwrap();
    files.push(file);
    files
}

thread_local! {
    static TABLES: Vec<Vec<u8>> = tables();
}

proptest! {
    #![proptest_config(config(3000))]

    /// A damaged table is refused: whatever the decoder accepts is exactly
    /// a table that was written. With its checksum recomputed (so only the
    /// checks of the contents stand), what it accepts is a well-formed table.
    #[test]
    fn decoder(which in 0..PRESETS.len() + 1, mutations in prop::collection::vec(mutation(), 1..5), fix_checksum: bool) {
        let good = TABLES.with(|t| t[which].clone());
        let mut bad = good.clone();
        apply(&mut bad, &mutations);
        if fix_checksum && bad.len() >= 4 {
            let n = bad.len() - 4;
            let checksum = crc32fast::hash(&bad[..n]);
            bad[n..].copy_from_slice(&checksum.to_le_bytes());
        }
        let read = PolicyTable::read(&bad[..]);
        prop_assert_eq!(read.is_ok(), PolicyTable::read_policy(&bad[..]).is_ok());
        if let Ok(table) = read {
            if !fix_checksum {
                prop_assert!(bad == good, "a damaged table was accepted");
            }
            prop_assert!(table.values.iter().all(|v| (-1e-9..=1.0 + 1e-9).contains(v)));
            let mut again = vec![];
            table.write(&mut again).unwrap();
            prop_assert_eq!(PolicyTable::read(&again[..]).unwrap(), table);
        }
    }

    /// Arbitrary bytes behind the magic and the version: never a panic.
    #[test]
    fn decoder_on_arbitrary_bytes(tail in prop::collection::vec(any::<u8>(), 0..400)) {
        let mut bytes = b"HOGTABLE".to_vec();
        bytes.extend(2u32.to_le_bytes());
        bytes.extend(tail);
        let _ = PolicyTable::read(&bytes[..]);
    }
}

/// fa13 (actions 0..=10) at goal 3: a valid CSV and JSON table.
const CSV: &str = "score\\opponent,0,1,2\n0,1,2,3\n1,4,5,6\n2,7,8,9\n";
const JSON: &str = r#"{"rules": "fa13", "goal": 3, "table": [[1,2,3],[4,5,6],[7,8,9]]}"#;

fn legal(policy: &Policy, rules: &Rules) -> bool {
    policy
        .actions()
        .iter()
        .all(|&a| rules.check_action(a.into()).is_ok())
}

proptest! {
    #![proptest_config(config(1000))]

    /// CSV: mutated and arbitrary text; whatever is accepted is a legal
    /// policy for the goal.
    #[test]
    fn csv_reader(mutations in prop::collection::vec(mutation(), 0..4), text in "[0-9a-z,\\\\ \"\n\r\u{feff}-]{0,40}", arbitrary: bool) {
        let rules = Rules::fa13();
        let mut bytes = if arbitrary { text.into_bytes() } else { CSV.as_bytes().to_vec() };
        apply(&mut bytes, &mutations);
        if let Ok(policy) = policy_from_csv(&bytes[..], &rules, 3) {
            prop_assert_eq!(policy.goal(), 3);
            prop_assert!(legal(&policy, &rules));
        }
        if mutations.is_empty() && !arbitrary {
            prop_assert!(policy_from_csv(&bytes[..], &rules, 3).is_ok());
        }
    }

    /// JSON: the same.
    #[test]
    fn json_reader(mutations in prop::collection::vec(mutation(), 0..4), text in "[\\[\\]{}0-9a-z,:. \"\u{feff}-]{0,40}", arbitrary: bool) {
        let rules = Rules::fa13();
        let mut bytes = if arbitrary { text.into_bytes() } else { JSON.as_bytes().to_vec() };
        apply(&mut bytes, &mutations);
        let Ok(text) = String::from_utf8(bytes) else { return Ok(()) };
        if let Ok(policy) = policy_from_json(&text, &rules, 3) {
            prop_assert_eq!(policy.goal(), 3);
            prop_assert!(legal(&policy, &rules));
        }
    }

    /// Rules texts: whatever parses prints as a canonical text that parses
    /// back to the same rules.
    #[test]
    fn rules_parser(which in 0..PRESETS.len(), mutations in prop::collection::vec(mutation(), 0..4), text in "[a-z_=,0-9]{0,60}", arbitrary: bool) {
        let mut bytes = if arbitrary {
            text.into_bytes()
        } else {
            PRESETS[which].rules().to_string().into_bytes()
        };
        apply(&mut bytes, &mutations);
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(rules) = Rules::parse(&text) {
            let canonical = rules.to_string();
            prop_assert_eq!(Rules::parse(&canonical).unwrap(), rules.clone());
            prop_assert_eq!(canonical.parse::<Rules>().unwrap().to_string(), canonical);
        }
    }

    /// Strategy expressions: never a panic, and the same text parses the same.
    #[test]
    fn strategy_parser(mutations in prop::collection::vec(mutation(), 0..4), text in "[a-z_(), 0-9./:=-]{0,40}", arbitrary: bool) {
        let mut bytes = if arbitrary {
            text.into_bytes()
        } else {
            b"best_response(swap_strategy(8, 4))".to_vec()
        };
        apply(&mut bytes, &mutations);
        let text = String::from_utf8_lossy(&bytes);
        let first = StrategySpec::parse(&text);
        prop_assert_eq!(first.is_ok(), StrategySpec::parse(&text).is_ok());
        if let Ok(spec) = first {
            prop_assert!(StrategySpec::parse(&text).unwrap() == spec);
        }
    }
}
