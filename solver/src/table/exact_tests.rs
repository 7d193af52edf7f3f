//! Tables solved in exact fractions: round trips and refusals.

use super::*;
use crate::solve::{Driver, Engine};
use crate::Model;

/// An exact self-play solve of fa13 at goal 5, as a table.
fn exact_table() -> PolicyTable {
    let rules = Rules::fa13();
    let model = Model::new(&rules, 5).unwrap();
    let solution = Engine::<Exact>::new(&model, Driver::Sequential).optimal();
    PolicyTable {
        rules,
        goal: 5,
        objective: Objective::Optimal,
        policy: solution.policy.to_policy(&model),
        values: solution.values.cells().map(Probability::to_f64),
        exact: Some(solution.values.cells().to_owned()),
    }
}

fn bytes(table: &PolicyTable) -> Vec<u8> {
    let mut out = vec![];
    table.write(&mut out).unwrap();
    out
}

#[test]
fn exact_values_round_trip() {
    let t = exact_table();
    let read = PolicyTable::read(&bytes(&t)[..]).unwrap();
    assert_eq!(read, t);
    assert!(read.exact.is_some());
    assert_eq!(
        PolicyTable::read_policy(&bytes(&t)[..]).unwrap().policy,
        t.policy
    );
}

#[test]
fn every_flipped_bit_of_an_exact_table_is_refused() {
    let good = bytes(&exact_table());
    for bit in 0..good.len() * 8 {
        let mut bad = good.clone();
        bad[bit / 8] ^= 1 << (bit % 8);
        assert!(
            PolicyTable::read(&bad[..]).is_err(),
            "bit {bit} was accepted"
        );
    }
}

#[test]
fn an_exact_numerator_longer_than_its_denominator_allows_is_refused_unread() {
    let mut b = bytes(&exact_table());
    let h = u32::from_le_bytes(b[12..16].try_into().unwrap()) as usize;
    let body = u64::from_le_bytes(b[16 + h..24 + h].try_into().unwrap()) as usize;
    // The first exact value: a (u32), b (u32), then the numerator's length.
    let len_at = 24 + h + body + 8 + 8;
    b[len_at..len_at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let crc_at = b.len() - 4;
    let crc = crc32fast::hash(&b[..crc_at]);
    b[crc_at..].copy_from_slice(&crc.to_le_bytes());
    let e = PolicyTable::read(&b[..]).unwrap_err().to_string();
    assert!(e.contains("-byte numerator over"), "{e}");
}

#[test]
fn an_exact_value_that_is_not_the_f64_value_is_refused_under_a_valid_checksum() {
    let mut t = exact_table();
    let mut exact = t.exact.take().unwrap();
    // 1/2 where the f64 value is not 1/2: a fraction of its own, but
    // not the one the table's f64 value rounds from.
    let cell = exact.iter_mut().find(|v| v.to_f64() != 0.5).unwrap();
    *cell = Exact::half();
    t.exact = Some(exact);
    let e = PolicyTable::read(&bytes(&t)[..]).unwrap_err().to_string();
    assert!(e.contains("not the f64 value"), "{e}");
    // A value above 1.
    let mut t = exact_table();
    let mut exact = t.exact.take().unwrap();
    exact[[0, 0, 0]] = Exact::one() + Exact::half();
    t.values[[0, 0, 0]] = 1.5;
    t.exact = Some(exact);
    let e = PolicyTable::read(&bytes(&t)[..]).unwrap_err().to_string();
    assert!(
        e.contains("not a probability") || e.contains("no probability"),
        "{e}"
    );
}
