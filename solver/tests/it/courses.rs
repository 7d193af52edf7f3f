//! Every preset replays its own course's `ok` test cases.
//!
//! The cases were transcribed from each semester's `ok` tests (and staff
//! doctests) into `tests/data/courses/<semester>.json`; read a file's
//! `notes` for what its fields mean. Every expected value comes from those
//! files, none from hog. Each case is replayed against the preset of its
//! semester's preset through the library call that means the same thing as
//! the course's function:
//!
//! | kind | course function | hog |
//! |---|---|---|
//! | `zero_dice` | free_bacon, picky_piggy, tail_points, hefty_hogs, ... | `Rules::zero_dice_points` |
//! | `roll` | roll_dice(n, dice) | `Rules::roll_points` (at the case's `score`, 0 unless given: sp13's 49ers) |
//! | `turn` | take_turn(n, [score,] opp, dice) | `fixed_points` for 0 dice, else `roll_points` + `modify_points` (no Hog Tied: take_turn is given num_rolls) |
//! | `swap` | is_swap / swine_swap | the after-turn rules on (score, opponent_score) swap them |
//! | `after` | hog_pile, pigs_on_prime, fuzzy_points | the after-turn rules (the turn's points taken as 0: none of these reads them) |
//! | `after` with `num_rolls` | simple_update / fuzzy_update | `Rules::play_turn` (simple: without the after-turn rules) |
//! | `extra_turn` | swine_align, pig_pass, more_boar | the preset's extra-turn rule of that name |
//! | `dice_sides`, helper `select_dice` | select_dice | `Rules::dice(state).sides` |
//! | `perfect_piggy` | is_perfect_piggy(points) | whether the dice sides flip after a turn of those points |
//! | helper `max_dice` | max_dice (Hog Tied) | `Rules::effective_rolls(state, 10)` |
//! | helper `is_prime` | is_prime | `hog_solver::rules::is_prime` |
//! | helper `perfect_square`, `next_perfect_square` | (Square Swine's helpers) | whether / where the after-turn rules move a mover's score of n |
//! | `strategy` | the course strategy | `semester_strategy`: the semester's own definition, under its rules |
//! | `play` | play(...) with test dice | `simulate::play_game` with the same dice; final scores and the printed trace (`update: simple_update` plays without the after-turn rules, `feral_hogs: false` without Feral Hogs) |
//!
//! **Skipped, never passed**: a `swap` case with equal scores (a swap of
//! equal scores changes nothing hog can show); the helpers with no hog
//! counterpart (su23's hog_gcd). fa14's `bid_for_start` replays against
//! the bids of its contest, `fa14-contest`.
//! Every `strategy` case replays: hog has every semester's course
//! strategies (`hog_solver::strategy::COURSE_STRATEGIES`), those of the
//! semesters without a preset too, played under their rules texts. The
//! output counts the skips by semester and kind.
//!
//! A semester without a preset fails as "no preset <semester>". Set
//! `HOG_COURSES=fa18,sp19` to replay some semesters only.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use hog_solver::rules::{is_prime, Rules};
use hog_solver::strategy::{semester_strategy, StrategySpec};
use serde_json::Value;

pub(crate) mod compat;
mod play;
pub(crate) mod python;

/// The course data: one JSON file per semester, and `evaluators.json`.
pub const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/courses");

/// What replaying one case gave.
pub enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

/// A JSON pair of scores.
pub fn pair(value: &Value) -> Option<(u32, u32)> {
    match value.as_array()?.as_slice() {
        [a, b] => Some((a.as_u64()? as u32, b.as_u64()? as u32)),
        _ => None,
    }
}

/// Whether `HOG_COURSES` (a comma-separated list of semesters) selects a
/// semester; every semester when it is unset or empty.
pub fn selected(semester: &str) -> bool {
    match std::env::var("HOG_COURSES") {
        Ok(list) if !list.trim().is_empty() => list.split(',').any(|s| s.trim() == semester),
        _ => true,
    }
}

/// Every selected semester's file: (semester, its cases).
fn load() -> Vec<(String, Vec<Value>)> {
    let mut files: Vec<_> = std::fs::read_dir(DATA)
        .expect("tests/data/courses")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .filter(|path| path.file_stem().is_some_and(|s| s != "evaluators"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).expect("a readable data file");
            let data: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let semester = data["semester"]
                .as_str()
                .unwrap_or_else(|| panic!("{}: no semester", path.display()))
                .to_string();
            let cases = data["cases"].as_array().cloned().unwrap_or_default();
            selected(&semester).then_some((semester, cases))
        })
        .collect()
}

fn uint(case: &Value, key: &str) -> Option<u32> {
    case[key].as_u64().map(|v| v as u32)
}

/// The faces of the first `n` dice of a cycling face list.
fn cycled(case: &Value, n: u32) -> Option<Vec<u32>> {
    let list: Vec<u32> = case["dice"]
        .as_array()?
        .iter()
        .map(|f| f.as_u64().map(|f| f as u32))
        .collect::<Option<_>>()?;
    (!list.is_empty()).then(|| (0..n as usize).map(|i| list[i % list.len()]).collect())
}

/// Pass when equal, else a failure showing both values.
fn compare<T: PartialEq + std::fmt::Debug>(course: T, hog: T) -> Outcome {
    if course == hog {
        Outcome::Pass
    } else {
        Outcome::Fail(format!("course {course:?}, hog {hog:?}"))
    }
}

/// Replays one case other than `play`. `None` where the case lacks a field
/// its kind needs (reported as malformed).
fn replay(semester: &str, rules: &Rules, case: &Value) -> Option<Outcome> {
    let score = uint(case, "score").unwrap_or(0);
    let opponent = uint(case, "opponent_score").unwrap_or(0);
    let function = case["function"].as_str().unwrap_or_default();
    let state = compat::state(score, opponent);
    Some(match case["kind"].as_str()? {
        "zero_dice" => compare(
            uint(case, "points")?,
            rules.zero_dice_points(score, uint(case, "opponent_score")?),
        ),
        "roll" => {
            let faces = cycled(case, uint(case, "num_rolls")?)?;
            compare(uint(case, "points")?, rules.roll_points(score, &faces))
        }
        "turn" => {
            let n = case["num_rolls"].as_i64()? as i32;
            let points = if n <= 0 {
                rules.fixed_points(state, n)
            } else {
                rules.modify_points(rules.roll_points(score, &cycled(case, n as u32)?), n)
            };
            compare(uint(case, "points")?, points)
        }
        "swap" => {
            let expected = case["swap"].as_bool()?;
            if score == opponent {
                return Some(Outcome::Skip(
                    "swap of equal scores: nothing for hog to show".into(),
                ));
            }
            match compat::after_turn(rules, score, opponent, 0, 0) {
                (m, o) if (m, o) == (opponent, score) => compare(expected, true),
                (m, o) if (m, o) == (score, opponent) => compare(expected, false),
                other => Outcome::Fail(format!(
                    "course swap {expected}, hog's after-turn rules give {other:?}"
                )),
            }
        }
        "after" if case.get("num_rolls").is_some() => {
            let n = case["num_rolls"].as_i64()? as i32;
            let mut rules = rules.clone();
            if function == "simple_update" {
                rules.after.clear();
            }
            let faces = cycled(case, n.max(0) as u32).unwrap_or_default();
            let mut next = faces.into_iter();
            let result = rules
                .play_turn(state, n, |_| {
                    next.next().ok_or("more dice than the case has")
                })
                .ok()?;
            compare(
                pair(&case["result"])?,
                (result.score, result.opponent_score),
            )
        }
        "after" => {
            let (m, o) = compat::after_turn(rules, score, opponent, 0, 0);
            match (
                pair(&case["result"]),
                case.get("returned").or(case.get("returns")),
            ) {
                (Some(result), _) => compare(result, (m, o)),
                (None, Some(returned)) => compare(returned.as_u64()?, (m - score) as u64),
                _ => return None,
            }
        }
        "extra_turn" => match compat::extra_turn(rules, function, score, opponent) {
            Ok(extra) => compare(case["extra"].as_bool()?, extra),
            Err(e) => Outcome::Fail(e),
        },
        "dice_sides" => {
            let mut state = state;
            if let Some(swapped) = case.get("dice_swapped") {
                // select_dice(dice_swapped) reads no score; 0-1 is no
                // multiple of 7, so no Hog Wild either.
                state = compat::state(0, 1);
                state.sides = if swapped.as_bool()? { 4 } else { 6 };
            }
            compare(uint(case, "sides")?, rules.dice(state).sides)
        }
        "perfect_piggy" => match compat::flips_dice(rules, uint(case, "points")?) {
            Ok(flip) => compare(case["flip"].as_bool()?, flip),
            Err(e) => Outcome::Fail(e),
        },
        "helper" => helper(rules, function, case)?,
        "strategy" => strategy(semester, rules, case)?,
        other => Outcome::Fail(format!("unknown kind {other}")),
    })
}

/// The course helpers the tests check directly.
fn helper(rules: &Rules, function: &str, case: &Value) -> Option<Outcome> {
    let args: Vec<u32> = case["args"]
        .as_array()?
        .iter()
        .map(|a| a.as_u64().map(|a| a as u32))
        .collect::<Option<_>>()
        .unwrap_or_default();
    let result = &case["result"];
    let arg = |i: usize| args.get(i).copied();
    Some(match function {
        "select_dice" => {
            let sides = match result.as_str()? {
                "four_sided" => 4,
                "six_sided" => 6,
                _ => return None,
            };
            let state = compat::state(arg(0)?, arg(1)?);
            compare(sides, rules.dice(state).sides)
        }
        "max_dice" => compare(
            result.as_i64()?,
            rules.effective_rolls(compat::state(arg(0)?, arg(1)?), 10) as i64,
        ),
        "is_prime" => compare(result.as_bool()?, is_prime(arg(0)?)),
        // Square Swine's helpers: a perfect square n is what the rule moves,
        // and the next perfect square is where it moves it.
        "perfect_square" => {
            let n = arg(0)?;
            let moved = compat::after_turn(rules, n, 0, 0, 0) != (n, 0);
            compare(result.as_bool()?, moved)
        }
        "next_perfect_square" => {
            let n = arg(0)?;
            let root = (n as f64).sqrt().round() as u32;
            if root * root != n {
                return Some(Outcome::Skip(
                    "next_perfect_square of a non-square: no rule of hog's computes it".into(),
                ));
            }
            compare(
                result.as_u64()? as u32,
                compat::after_turn(rules, n, 0, 0, 0).0,
            )
        }
        // The project's bid_for_start(bid0, bid1, goal), (score0, score1,
        // start): the start its contest plays (fa14-contest's bids; the
        // project's rule is the contest's); start unchecked where null.
        "bid_for_start" => {
            let contest = Rules::parse("fa14-contest").expect("a preset");
            let start = contest.bids.start(arg(0)?, arg(1)?, arg(2)?)?;
            let expected = result.as_array()?;
            let first = expected[2].as_u64().map(|first| first as u8);
            compare(
                (expected[0].as_u64()?, expected[1].as_u64()?, first),
                (
                    start.scores.0.into(),
                    start.scores.1.into(),
                    first.map(|_| start.first),
                ),
            )
        }
        other => Outcome::Skip(format!("course helper {other}: no hog counterpart")),
    })
}

/// A course strategy's answer, as the semester's course defines it.
fn strategy(semester: &str, rules: &Rules, case: &Value) -> Option<Outcome> {
    let name = case["name"].as_str()?;
    let given: Vec<i64> = case["args"]
        .as_array()?
        .iter()
        .map(Value::as_i64)
        .collect::<Option<_>>()?;
    // The course's parameter names, where the case gives them, place the
    // arguments as keywords (fa15's swap_strategy(num_rolls=5)).
    let names: Vec<&str> = case["arg_names"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let call: Vec<String> = given
        .iter()
        .enumerate()
        .map(|(i, value)| match names.get(i) {
            Some(key) => format!("{key}={value}"),
            None => value.to_string(),
        })
        .collect();
    let args = match StrategySpec::parse(&format!("{name}({})", call.join(", "))) {
        Ok(StrategySpec::Course { args, .. }) => args,
        other => return Some(Outcome::Fail(format!("hog reads the call as {other:?}"))),
    };
    let play = match semester_strategy(semester, rules, name, &args) {
        Ok(play) => play,
        Err(e) => return Some(Outcome::Fail(e.to_string())),
    };
    Some(compare(
        case["num_rolls"].as_i64()?,
        play(uint(case, "score")?, uint(case, "opponent_score")?),
    ))
}

/// Cases by kind: (passed, failed, skipped, not replayed).
type Tally = BTreeMap<String, [usize; 4]>;

#[test]
fn every_preset_replays_its_course_ok_cases() {
    let files = load();
    let presets: Vec<Option<Rules>> = files.iter().map(|(s, _)| Rules::parse(s).ok()).collect();
    // One python3 run tabulates every lambda while the other kinds replay.
    let pending = python::start(
        files
            .iter()
            .zip(&presets)
            .filter(|(_, rules)| rules.is_some())
            .flat_map(|((_, cases), _)| python::play_jobs(cases)),
    );
    let is_play = |case: &Value| case["kind"] == "play";
    let mut outcomes: Vec<Vec<Option<Outcome>>> = files
        .iter()
        .zip(&presets)
        .map(|((semester, cases), rules)| {
            cases
                .iter()
                .map(|case| match rules {
                    Some(rules) if !is_play(case) => Some(catch(|| replay(semester, rules, case))),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let tables = pending.finish();
    for (((_, cases), rules), outcomes) in files.iter().zip(&presets).zip(&mut outcomes) {
        let Some(rules) = rules else { continue };
        for (case, outcome) in cases.iter().zip(outcomes).filter(|(c, _)| is_play(c)) {
            *outcome = Some(match &tables {
                Ok(tables) => catch(|| Some(play::replay(rules, case, tables))),
                Err(e) => Outcome::Fail(e.clone()),
            });
        }
    }
    let mut failures = vec![];
    let mut skips: BTreeMap<String, usize> = BTreeMap::new();
    println!("course cases by semester and kind: passed/cases (failed, skipped, not replayed)");
    for (((semester, cases), rules), outcomes) in files.iter().zip(&presets).zip(outcomes) {
        if rules.is_none() {
            failures.push(format!(
                "no preset {semester} ({} cases not replayed)",
                cases.len()
            ));
        }
        let mut tally = Tally::new();
        for (index, (case, outcome)) in cases.iter().zip(outcomes).enumerate() {
            let counts = tally
                .entry(case["kind"].as_str().unwrap_or("?").to_string())
                .or_default();
            match outcome {
                Some(Outcome::Pass) => counts[0] += 1,
                Some(Outcome::Fail(why)) => {
                    counts[1] += 1;
                    failures.push(format!("{} {why}", name(semester, index, case)));
                }
                Some(Outcome::Skip(why)) => {
                    counts[2] += 1;
                    *skips.entry(format!("{semester}: {why}")).or_default() += 1;
                }
                None => counts[3] += 1,
            }
        }
        println!("  {}", line(semester, &tally));
    }
    println!("skipped:");
    for (why, count) in &skips {
        println!("  {why}: {count}");
    }
    assert!(
        failures.is_empty(),
        "{} mismatches with the courses' cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Runs a replay, turning a panic of the library into a failure and a
/// malformed case (None) into one too.
fn catch(replay: impl FnOnce() -> Option<Outcome>) -> Outcome {
    match catch_unwind(AssertUnwindSafe(replay)) {
        Ok(Some(outcome)) => outcome,
        Ok(None) => Outcome::Fail("malformed case (a field its kind needs is missing)".into()),
        Err(panic) => Outcome::Fail(format!(
            "hog panicked: {}",
            panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or(panic.downcast_ref::<&str>().copied())
                .unwrap_or("?")
        )),
    }
}

/// A case's name in a report: semester, index, source, kind and function.
fn name(semester: &str, index: usize, case: &Value) -> String {
    let mut name = format!(
        "{semester} #{index} (source {}) {}",
        case["source"].as_str().unwrap_or("?"),
        case["kind"].as_str().unwrap_or("?")
    );
    if let Some(f) = case["function"].as_str().or(case["name"].as_str()) {
        name += &format!(" {f}");
    }
    if let Some(comment) = case["comment"].as_str().filter(|c| c.starts_with("tests/")) {
        name += &format!(" [{comment}]");
    }
    name + ":"
}

fn line(semester: &str, tally: &Tally) -> String {
    let kinds: Vec<String> = tally
        .iter()
        .map(|(kind, [pass, fail, skip, blocked])| {
            let cases = pass + fail + skip + blocked;
            let mut text = format!("{kind} {pass}/{cases}");
            let extra: Vec<String> = [
                (fail, "failed"),
                (skip, "skipped"),
                (blocked, "not replayed"),
            ]
            .iter()
            .filter(|(n, _)| **n > 0)
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
            if !extra.is_empty() {
                text += &format!(" ({})", extra.join(", "));
            }
            text
        })
        .collect();
    format!("{semester}: {}", kinds.join(", "))
}
