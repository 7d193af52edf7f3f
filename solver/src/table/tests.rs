//! The table format's round trips and every damage a reader refuses.

use super::*;
use crate::strategy::course_strategy;

fn table() -> PolicyTable {
    let rules = Rules::fa16();
    let strategy = course_strategy(&rules, "bacon_strategy", &[]).unwrap();
    let policy = Policy::from_strategy(&strategy, &rules, 12, "bacon_strategy").unwrap();
    let values = Array3::from_shape_fn((2, 12, 12), |(d, s, o)| {
        (d * 144 + s * 12 + o) as f64 / 288.0
    });
    PolicyTable {
        rules,
        goal: 12,
        objective: Objective::BestResponse {
            against: "always_roll(5)".into(),
        },
        policy,
        values,
        exact: None,
    }
}

fn bytes(table: &PolicyTable) -> Vec<u8> {
    let mut out = vec![];
    table.write(&mut out).unwrap();
    out
}

/// A file from a header's bytes and a body's bytes, with the lengths and
/// the checksum a writer would give them: only the decoder's checks of
/// the contents can refuse it.
fn assemble(version: u32, header: &[u8], body: &[u8]) -> Vec<u8> {
    let mut file = MAGIC.to_vec();
    file.extend(version.to_le_bytes());
    file.extend((header.len() as u32).to_le_bytes());
    file.extend(header);
    file.extend((body.len() as u64).to_le_bytes());
    file.extend(body);
    file.extend(crc32fast::hash(&file).to_le_bytes());
    file
}

fn header_bytes(table: &PolicyTable) -> Vec<u8> {
    let header = Header {
        rules: table.rules.to_string(),
        goal: table.goal,
        objective: table.objective.clone(),
        sides: table.policy.sides().to_vec(),
        answers: ANSWERS.to_string(),
    };
    bincode::serde::encode_to_vec(&header, config()).unwrap()
}

fn body_bytes(actions: &[i8], values: &[f64]) -> Vec<u8> {
    let mut body: Vec<u8> = actions.iter().map(|&a| a as u8).collect();
    body.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    body
}

#[test]
fn round_trips() {
    let t = table();
    let read = PolicyTable::read(&bytes(&t)[..]).unwrap();
    assert_eq!(read, t);
    let file = PolicyTable::read_policy(&bytes(&t)[..]).unwrap();
    assert_eq!(file.header.goal, 12);
    assert_eq!(file.header.rules, Rules::fa16().to_string());
    assert_eq!(file.header.sides, vec![6, 4]);
    assert_eq!(file.policy, t.policy);
    assert_eq!(t.write(std::io::sink()).unwrap(), file.checksum);
}

#[test]
fn layout_is_the_documented_one() {
    let t = table();
    let b = bytes(&t);
    assert_eq!(&b[..8], b"HOGTABLE");
    assert_eq!(u32::from_le_bytes(b[8..12].try_into().unwrap()), 2);
    let actions: Vec<i8> = t.policy.actions().iter().copied().collect();
    let values: Vec<f64> = t.values.iter().copied().collect();
    // The checksum is the CRC-32 of everything before it, header included.
    assert_eq!(
        b,
        assemble(2, &header_bytes(&t), &body_bytes(&actions, &values))
    );
}

fn read_error(bytes: &[u8]) -> String {
    PolicyTable::read(bytes).unwrap_err().to_string()
}

#[test]
fn rejects_damaged_files() {
    let good = bytes(&table());
    assert!(read_error(b"a,b,c\n1,2,3\n").contains("magic"));
    assert!(read_error(&good[..good.len() - 10]).contains("truncated"));
    assert!(read_error(&good[..5]).contains("truncated"));
    assert!(read_error(b"hello").contains("magic"));
    assert!(read_error(b"").contains("magic"));
    let mut flipped = good.clone();
    let last = flipped.len() - 7;
    flipped[last] ^= 0x01;
    assert!(read_error(&flipped).contains("checksum"));
    let mut version = good.clone();
    version[8] = 9;
    assert!(read_error(&version).contains("format version 9"));
    let mut longer = good;
    longer.push(0);
    assert!(read_error(&longer).contains("follow the checksum"));
}

#[test]
fn every_flipped_bit_is_refused() {
    // CRC-32 over the whole file: the objective, the rules, the lengths,
    // the values and the checksum itself are all covered.
    let good = bytes(&table());
    for bit in 0..good.len() * 8 {
        let mut bad = good.clone();
        bad[bit / 8] ^= 1 << (bit % 8);
        assert!(
            PolicyTable::read(&bad[..]).is_err(),
            "a flip of bit {bit} was accepted"
        );
        assert!(PolicyTable::read_policy(&bad[..]).is_err(), "bit {bit}");
    }
}

#[test]
fn version_1_tables_are_refused_with_how_to_regenerate() {
    let mut old = bytes(&table());
    old[8] = 1;
    let e = read_error(&old);
    assert!(
        e.contains("format version 1") && e.contains("hog solve"),
        "{e}"
    );
}

#[test]
fn values_that_are_no_probability_are_refused_under_a_valid_checksum() {
    let t = table();
    let actions: Vec<i8> = t.policy.actions().iter().copied().collect();
    let header = header_bytes(&t);
    for bad in [f64::NAN, -1e-6, 1.000001, f64::INFINITY] {
        let mut values: Vec<f64> = t.values.iter().copied().collect();
        values[150] = bad;
        let e = read_error(&assemble(2, &header, &body_bytes(&actions, &values)));
        // State 150 of 2 x 12 x 12: sides index 1, score 0, opponent_score 6.
        assert!(
            e.contains("sides index 1, score 0, opponent_score 6 is not a probability"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn illegal_actions_and_junk_are_refused_under_a_valid_checksum() {
    let t = table();
    let mut actions: Vec<i8> = t.policy.actions().iter().copied().collect();
    let values: Vec<f64> = t.values.iter().copied().collect();
    let header = header_bytes(&t);
    let mut junk_header = header.clone();
    junk_header.push(0);
    assert!(
        read_error(&assemble(2, &junk_header, &body_bytes(&actions, &values)))
            .contains("1 bytes follow the header's fields")
    );
    let mut long_body = body_bytes(&actions, &values);
    long_body.push(0);
    assert!(read_error(&assemble(2, &header, &long_body)).contains("the body claims"));
    actions[13] = 11;
    let e = read_error(&assemble(2, &header, &body_bytes(&actions, &values)));
    assert!(e.contains("num_rolls 11"), "{e}");
}

#[test]
fn a_header_with_an_impossible_goal_is_refused() {
    // Crafted headers with no body and a checksum that matches: goals
    // past the limit are refused as such; goal 10,000 is allowed, and
    // the empty body is refused for its length.
    let file = |goal| {
        let header = Header {
            rules: Rules::fa13().to_string(),
            goal,
            objective: Objective::Optimal,
            sides: vec![6],
            answers: ANSWERS.to_string(),
        };
        let header = bincode::serde::encode_to_vec(&header, config()).unwrap();
        assemble(2, &header, &[])
    };
    for goal in [0, 10_001, u32::MAX] {
        let e = read_error(&file(goal));
        assert!(e.contains(&format!("goal {goal} is not allowed")), "{e}");
    }
    let e = read_error(&file(10_000));
    assert!(
        e.contains("the body claims 0 bytes; 100000000 states take 900000000"),
        "{e}"
    );
}

#[test]
fn refuses_other_rules_or_goal() {
    let t = table();
    assert!(t.check_for(&Rules::fa16(), 12).is_ok());
    let e = t.check_for(&Rules::fa13(), 12).unwrap_err().to_string();
    assert!(e.contains("fa16") && e.contains("fa13"), "{e}");
    assert!(t
        .check_for(&Rules::fa16(), 100)
        .unwrap_err()
        .to_string()
        .contains("goal 100"));
}
