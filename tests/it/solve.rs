//! End-to-end tests of `hog solve` and the policy tables it writes: the
//! default solve is fa16's self-play optimum, a solved best response grades
//! back to its own win rate, `hog table info` reads a table's header, a
//! written table is byte for byte the engine's solve copied into a policy
//! table, goals run up to 10,000 (and one too large for the memory allowed
//! is one error line), and a table made for other rules, cut short, or
//! with any bit flipped (even under a valid checksum) is refused. Expected
//! values come from symmetry, from the library's own solve, and from
//! agreement between independent routes (a written table graded back).

use std::path::Path;

use predicates::str::contains;

use hog_solver::exact::Exact;
use hog_solver::solve::{Driver, Engine, Probability};
use hog_solver::strategy::Policy;
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Rules};

use crate::common::line::json;
use crate::common::{fails_in, fails_saying as fails, hog, number, ok_in, write};

/// A table as `hog solve` writes it: fa13, goal 1 (one state), the best
/// response to always_roll(5).
fn small_table(dir: &Path) -> Vec<u8> {
    ok_in(
        dir,
        &[
            "solve",
            "--rules",
            "fa13",
            "--goal",
            "1",
            "--against",
            "always_roll(5)",
            "-o",
            "t.hogtable",
        ],
    );
    std::fs::read(dir.join("t.hogtable")).unwrap()
}

#[test]
fn solve_defaults_to_the_fa16_self_play_optimum() {
    let solved = json(&["solve"]);
    assert_eq!(solved["rules"], "fa16");
    assert_eq!(solved["goal"], 100);
    assert_eq!(solved["objective"], "optimal");
    assert!(solved["against"].is_null() && solved["win_rate"].is_null());
    // A zero-sum game without draws: the first mover's value against the
    // optimum equals the optimum's first-seat win rate against itself.
    let self_play = json(&[
        "grade",
        "optimal",
        "--rules",
        "fa16",
        "--baseline",
        "optimal",
    ]);
    assert!((number(&solved, "first_mover_win") - number(&self_play, "first")).abs() < 1e-12);
}

#[test]
fn a_solved_best_response_grades_back_to_its_own_win_rate() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fa13.hogtable");
    let file = file.to_str().unwrap();
    let solved = json(&[
        "solve",
        "--rules",
        "fa13",
        "--against",
        "always_roll(5)",
        "-o",
        file,
    ]);
    assert_eq!(solved["objective"], "best_response");
    assert_eq!(solved["against"], "always_roll(5)");
    let win_rate = number(&solved, "win_rate");
    assert!(
        (win_rate - (number(&solved, "first") + number(&solved, "second")) / 2.0).abs() < 1e-15
    );
    // The written table, graded as a strategy file, and the best_response()
    // strategy text give the same exact number.
    let from_file = json(&["grade", file, "--rules", "fa13"]);
    assert_eq!(number(&from_file, "win_rate"), win_rate);
    let from_text = json(&["grade", "best_response(always_roll(5))", "--rules", "fa13"]);
    assert_eq!(number(&from_text, "win_rate"), win_rate);
    // The best response beats the baseline and the self-play optimum does no better against it.
    let optimal = json(&["grade", "optimal", "--rules", "fa13"]);
    assert!(win_rate > 0.5 && win_rate >= number(&optimal, "win_rate"));
    // Nothing but the table is left in the folder (atomic write, no temporary file).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn table_info_reads_the_header_of_a_written_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nju21.hogtable");
    let file = file.to_str().unwrap();
    let solved = json(&["solve", "--rules", "nju21", "--goal", "40", "-o", file]);
    let info = json(&["table", "info", file]);
    assert_eq!(info["rules"], "nju21");
    assert_eq!(info["goal"], 40);
    assert_eq!(info["objective"], "optimal");
    assert_eq!(info["format_version"], 2);
    assert_eq!(info["checksum"].as_str().unwrap().len(), 8);
    assert_eq!(
        number(&info, "first_mover_win"),
        number(&solved, "first_mover_win")
    );
    hog()
        .args(["table", "info", file])
        .assert()
        .success()
        .stdout(contains("HOGTABLE version 2"));
}

/// `hog solve -o` writes its table straight from the engine's grids: byte
/// for byte the table built from a `PolicyTable` holding copies of
/// the engine's policy and values, for the optimum, a best response and an
/// exact solve; and the summary is the same with -o as without it.
#[test]
fn a_written_table_is_the_engines_solve_copied_into_a_policy_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solved.hogtable");
    let file = file.to_str().unwrap();
    let always_roll = |rules: &Rules, goal, n| {
        Policy::from_strategy(&move |_, _| n, rules, goal, "always_roll").unwrap()
    };
    let optimal = |rules: &Rules, goal| {
        let model = Model::new(rules, goal).unwrap();
        let solution = Engine::<f64>::new(&model, Driver::Sequential).optimal();
        PolicyTable {
            rules: rules.clone(),
            goal,
            objective: Objective::Optimal,
            policy: solution.policy.to_policy(&model),
            values: solution.values.cells().to_owned(),
            exact: None,
        }
    };
    let best_response = |rules: &Rules, goal, n| {
        let model = Model::new(rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let response = engine.best_response(&always_roll(rules, goal, n));
        PolicyTable {
            rules: rules.clone(),
            goal,
            objective: Objective::BestResponse {
                against: format!("always_roll({n})"),
            },
            policy: response.policy.to_policy(&model),
            values: response.us.cells().to_owned(),
            exact: None,
        }
    };
    let exact = |rules: &Rules, goal| {
        let model = Model::new(rules, goal).unwrap();
        let solution = Engine::<Exact>::new(&model, Driver::Sequential).optimal();
        PolicyTable {
            rules: rules.clone(),
            goal,
            objective: Objective::Optimal,
            policy: solution.policy.to_policy(&model),
            values: solution.values.cells().map(Probability::to_f64),
            exact: Some(solution.values.cells().to_owned()),
        }
    };
    let cases = [
        ("solve --rules fa16 --goal 40", optimal(&Rules::fa16(), 40)),
        (
            "solve --rules nju21 --goal 30",
            optimal(&Rules::nju21(), 30),
        ),
        (
            "solve --rules sp26 --goal 30 --against always_roll(5)",
            best_response(&Rules::sp26(), 30, 5),
        ),
        (
            "solve --rules fa13 --goal 8 --exact",
            exact(&Rules::fa13(), 8),
        ),
    ];
    for (command, old_way) in cases {
        let args: Vec<&str> = command.split(' ').collect();
        let without = json(&args);
        let with = json(&[&args[..], &["-o", file]].concat());
        assert_eq!(with, without, "{command}");
        let mut expected = vec![];
        old_way.write(&mut expected).unwrap();
        assert!(
            std::fs::read(file).unwrap() == expected,
            "{command}: the written table differs"
        );
    }
}

/// The largest goal is 10,000: a state just below it is played (a turn
/// needs no solve), and a goal of 10,001 is refused before any work.
#[test]
fn goals_up_to_10000_are_allowed() {
    let turn = ["turn", "--rolls", "0", "--score", "9999", "--opp", "0"];
    hog()
        .args(turn)
        .args(["--goal", "10000"])
        .assert()
        .success();
    fails(&[&turn[..], &["--goal", "9999"]].concat(), &["score 9999"]);
    for command in [&["solve"][..], &turn[..]] {
        fails(
            &[command, &["--goal", "10001"]].concat(),
            &["goal 10001 is not allowed: the goal must be between 1 and 10000"],
        );
    }
}

#[test]
fn a_goal_too_large_for_the_memory_allowed_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1500000 && exec {} solve --rules fa16 --goal 10000",
            assert_cmd::cargo::cargo_bin("hog").display()
        ))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let e = String::from_utf8(output.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.starts_with("error: out of memory: the solve of fa16 at goal 10000 needs about 2.3 GB"),
        "{e}"
    );
}

#[test]
fn tables_for_other_rules_or_damaged_tables_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fa13.hogtable");
    let file = file.to_str().unwrap();
    hog()
        .args(["solve", "--rules", "fa13", "--goal", "30", "-o", file])
        .assert()
        .success();
    fails(
        &["grade", file, "--rules", "sp13", "--goal", "30"],
        &["made for rules fa13", "--rules is sp13"],
    );
    fails(
        &["grade", file, "--rules", "fa13", "--goal", "40"],
        &["made for goal 30", "--goal is 40"],
    );
    let bytes = std::fs::read(file).unwrap();
    let truncated = write(dir.path(), "cut.hogtable", "");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    fails(
        &["grade", &truncated, "--rules", "fa13", "--goal", "30"],
        &["truncated"],
    );
    fails(&["table", "info", &truncated], &["truncated"]);
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    let corrupted = write(dir.path(), "flip.hogtable", "");
    std::fs::write(&corrupted, flipped).unwrap();
    fails(&["table", "info", &corrupted], &["checksum mismatch"]);
    // A table file whose name reads like a strategy name is still a file.
    let bare = dir.path().join("mytable");
    std::fs::copy(file, &bare).unwrap();
    let from_bare = json(&[
        "grade",
        bare.to_str().unwrap(),
        "--rules",
        "fa13",
        "--goal",
        "30",
    ]);
    let from_file = json(&["grade", file, "--rules", "fa13", "--goal", "30"]);
    assert_eq!(
        number(&from_bare, "win_rate"),
        number(&from_file, "win_rate")
    );
    let other = write(dir.path(), "notes.txt", "hello");
    fails(
        &["grade", &other, "--rules", "fa13"],
        &["not a hog policy table", "HOGTABLE"],
    );
}

#[test]
fn every_flipped_bit_of_a_table_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = small_table(dir.path());
    // One flip in particular: always_roll(5) becomes always_roll(4) in the objective.
    let five = good
        .windows(14)
        .position(|w| w == b"always_roll(5)")
        .unwrap()
        + 12;
    let mut four = good.clone();
    four[five] ^= 1;
    std::fs::write(dir.path().join("four.hogtable"), &four).unwrap();
    let e = fails_in(dir.path(), &["table", "info", "four.hogtable"]);
    assert!(e.contains("checksum mismatch"), "{e}");
    fails_in(
        dir.path(),
        &[
            "export",
            "four.hogtable",
            "--rules",
            "fa13",
            "--goal",
            "1",
            "--format",
            "python",
        ],
    );
    // Every bit, in two threads of hog processes.
    let bits: Vec<usize> = (0..good.len() * 8).collect();
    std::thread::scope(|scope| {
        for (half, bits) in bits.chunks(bits.len().div_ceil(2)).enumerate() {
            let (good, dir) = (&good, dir.path());
            scope.spawn(move || {
                let name = format!("flip{half}.hogtable");
                for &bit in bits {
                    let mut bad = good.clone();
                    bad[bit / 8] ^= 1 << (bit % 8);
                    std::fs::write(dir.join(&name), &bad).unwrap();
                    let output = hog()
                        .current_dir(dir)
                        .args(["table", "info", &name])
                        .output()
                        .unwrap();
                    assert_eq!(output.status.code(), Some(2), "bit {bit} was accepted");
                }
            });
        }
    });
}

#[test]
fn a_table_with_a_valid_checksum_but_no_probability_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = small_table(dir.path());
    // The one value is the last f64 before the four checksum bytes.
    let n = good.len();
    for bad in [f64::NAN, 1.5, -0.25] {
        let mut crafted = good[..n - 4].to_vec();
        crafted[n - 12..].copy_from_slice(&bad.to_le_bytes());
        let checksum = crc32fast::hash(&crafted);
        crafted.extend(checksum.to_le_bytes());
        std::fs::write(dir.path().join("bad.hogtable"), &crafted).unwrap();
        let e = fails_in(dir.path(), &["table", "info", "bad.hogtable"]);
        assert!(e.contains("is not a probability"), "{bad}: {e}");
    }
    let mut longer = good.clone();
    longer.push(b'\n');
    std::fs::write(dir.path().join("long.hogtable"), &longer).unwrap();
    let e = fails_in(dir.path(), &["table", "info", "long.hogtable"]);
    assert!(e.contains("bytes follow the checksum"), "{e}");
}
