//! The `play` cases: a whole game with the course's test dice, replayed by
//! [`play_game`] and compared with the course's final scores and, where the
//! case has one, its printed trace.

use hog_solver::rules::Rules;
use hog_solver::simulate::{play_game, End, Game};
use hog_solver::strategy::Policy;
use serde_json::Value;

use super::compat;
use super::python::{is_lambda, Tables};
use super::{pair, Outcome};

/// The most turns a replayed game may take (the course's games take dozens).
const MAX_TURNS: u64 = 10_000;

/// The harness's own error type for the dice closure.
#[derive(Debug)]
struct Stop(String);

impl From<hog_solver::Error> for Stop {
    fn from(e: hog_solver::Error) -> Stop {
        Stop(e.to_string())
    }
}

/// A test die: a face list that cycles, keeping its position.
struct TestDie {
    faces: Vec<u32>,
    next: usize,
}

impl TestDie {
    fn new(faces: Vec<u32>) -> TestDie {
        TestDie { faces, next: 0 }
    }

    fn roll(&mut self) -> u32 {
        let face = self.faces[self.next % self.faces.len()];
        self.next += 1;
        face
    }
}

fn faces(value: &Value) -> Option<Vec<u32>> {
    let faces: Vec<u32> = value
        .as_array()?
        .iter()
        .map(|f| f.as_u64().map(|f| f as u32))
        .collect::<Option<_>>()?;
    (!faces.is_empty()).then_some(faces)
}

/// A player's strategy: a constant, or a tabulated lambda.
enum Player<'t> {
    Always(i64),
    Lambda(&'t super::python::Table),
}

impl Player<'_> {
    /// The answer in a state, if the course's strategy has one there.
    fn answer(&self, rules: &Rules, score: u32, opponent_score: u32) -> Option<i64> {
        match self {
            Player::Always(n) => Some(*n),
            Player::Lambda(table) => table
                .get(score, opponent_score)
                .filter(|&n| rules.check_action(n).is_ok()),
        }
    }
}

/// The rules a play case plays: the preset, less the after-turn rules for
/// the course's `simple_update`, less Feral Hogs for `feral_hogs=False`.
pub fn case_rules(preset: &Rules, case: &Value) -> Rules {
    let mut rules = preset.clone();
    if case["update"] == "simple_update" {
        rules.after.clear();
    }
    if case["feral_hogs"] == false {
        rules = compat::without_feral_hogs(&rules);
    }
    rules
}

/// Replays one play case.
pub fn replay(preset: &Rules, case: &Value, tables: &Tables) -> Outcome {
    let rules = case_rules(preset, case);
    let (Some(goal), Some(start), Some(end)) = (
        case["goal"].as_u64().map(|g| g as u32),
        pair(&case["start"]),
        pair(&case["end"]),
    ) else {
        return Outcome::Fail("a play case needs goal, start and end".into());
    };
    let mut players = vec![];
    for text in case["strategies"].as_array().into_iter().flatten() {
        let text = text.as_str().unwrap_or_default();
        let player = if is_lambda(text) {
            match tables.get(&(text.to_string(), goal)) {
                Some(table) => Player::Lambda(table),
                None => return Outcome::Fail(format!("no table for {text}")),
            }
        } else if let Some(n) = text
            .strip_prefix("always_roll(")
            .and_then(|t| t.strip_suffix(')'))
            .and_then(|n| n.trim().parse().ok())
        {
            Player::Always(n)
        } else {
            return Outcome::Fail(format!("unknown strategy text {text:?}"));
        };
        players.push(player);
    }
    if players.len() != 2 {
        return Outcome::Fail("a play case needs two strategies".into());
    }
    let mut policies = vec![];
    for (i, player) in players.iter().enumerate() {
        // An undefined answer plays 0 here and is reported below if the game asked for it.
        let strategy = |s: u32, o: u32| player.answer(&rules, s, o).unwrap_or(0);
        match Policy::from_strategy(&strategy, &rules, goal, &format!("strategy {i}")) {
            Ok(policy) => policies.push(policy),
            Err(e) => return Outcome::Fail(format!("hog: {e}")),
        }
    }
    // Hog Wild semesters patch both module dice; the others pass one die.
    let six = ["dice", "six_sided"].iter().find_map(|k| faces(&case[*k]));
    let four = ["four_sided_dice", "four_sided"]
        .iter()
        .find_map(|k| faces(&case[*k]));
    let Some(six) = six else {
        return Outcome::Fail("a play case needs dice".into());
    };
    let (mut six, mut four) = (TestDie::new(six), four.map(TestDie::new));
    let roll = |sides: u32| -> Result<u32, Stop> {
        match (&mut four, sides) {
            (Some(four), 4) => Ok(four.roll()),
            (None, 4) => Err(Stop(
                "hog rolled a four-sided die; the case gives no four-sided test die".into(),
            )),
            _ => Ok(six.roll()),
        }
    };
    let game = match play_game(
        &rules,
        goal,
        [&policies[0], &policies[1]],
        compat::state(start.0, start.1),
        MAX_TURNS,
        roll,
    ) {
        Ok(game) => game,
        Err(Stop(e)) => return Outcome::Fail(format!("hog: {e}")),
    };
    if let Some(turn) = game.turns.iter().find(|t| {
        players[t.player]
            .answer(&rules, t.state.score, t.state.opponent_score)
            .is_none()
    }) {
        return Outcome::Fail(format!(
            "hog's game asks strategy {} at ({}, {}), where the course's strategy has no valid answer (hog's game: {})",
            turn.player,
            turn.state.score,
            turn.state.opponent_score,
            describe(&game)
        ));
    }
    if game.end != End::Goal {
        return Outcome::Fail(format!(
            "hog's game ends without a winner ({:?}) at {:?}",
            game.end, game.scores
        ));
    }
    let scores = (game.scores[0], game.scores[1]);
    if scores != end {
        return Outcome::Fail(format!(
            "end scores: course {end:?}, hog {scores:?} (hog's game: {})",
            describe(&game)
        ));
    }
    for key in ["trace", "turns"] {
        if let Some(trace) = case[key].as_array() {
            if let Err(e) = check_trace(&game, trace) {
                return Outcome::Fail(format!("{key}: {e}"));
            }
        }
    }
    Outcome::Pass
}

/// One printed turn: who moved, the scores before, num_rolls, the dice's
/// outcomes, the scores after (scores in player order).
#[derive(Debug, PartialEq)]
struct Record {
    player: usize,
    start: (u32, u32),
    num_rolls: i64,
    outcomes: Vec<u32>,
    end: (u32, u32),
}

impl Record {
    fn from_json(value: &Value) -> Option<Record> {
        let player = value.get("player").or_else(|| value.get("who"))?.as_u64()? as usize;
        Some(Record {
            player,
            start: pair(&value["start"])?,
            num_rolls: value["num_rolls"].as_i64()?,
            outcomes: value["outcomes"]
                .as_array()?
                .iter()
                .map(|f| f.as_u64().map(|f| f as u32))
                .collect::<Option<_>>()?,
            end: pair(&value["end"])?,
        })
    }
}

/// Hog's turns as the course's tracer prints them. The tracer merges
/// consecutive turns while the sum of the scores does not change (sp22's
/// note: after a 0-point Hefty Hogs turn the next turn joins the same
/// record, which keeps the first turn's player and num_rolls); where every
/// turn scores, every record is one turn.
fn records(game: &Game) -> Vec<Record> {
    let mut records: Vec<Record> = vec![];
    let mut open = false;
    for turn in &game.turns {
        let before = if turn.player == 0 {
            (turn.state.score, turn.state.opponent_score)
        } else {
            (turn.state.opponent_score, turn.state.score)
        };
        let after = turn.scores();
        match records.last_mut() {
            Some(record) if open => {
                record.outcomes.extend(&turn.faces);
                record.end = (after[0], after[1]);
            }
            _ => records.push(Record {
                player: turn.player,
                start: before,
                num_rolls: turn.num_rolls as i64,
                outcomes: turn.faces.clone(),
                end: (after[0], after[1]),
            }),
        }
        let record = records.last().expect("a record");
        open = record.start.0 + record.start.1 == record.end.0 + record.end.1;
    }
    records
}

fn check_trace(game: &Game, trace: &[Value]) -> Result<(), String> {
    let hog = records(game);
    for (i, value) in trace.iter().enumerate() {
        let course = Record::from_json(value).ok_or_else(|| format!("record {i} is malformed"))?;
        match hog.get(i) {
            Some(record) if *record == course => {}
            Some(record) => return Err(format!("record {i}: course {course:?}, hog {record:?}")),
            None => return Err(format!("record {i}: course {course:?}, hog's game ended")),
        }
    }
    if hog.len() != trace.len() {
        return Err(format!("course {} records, hog {}", trace.len(), hog.len()));
    }
    Ok(())
}

/// A game in short: each turn's player, scores before, num_rolls, faces
/// and scores after (player order), the first 12 turns.
fn describe(game: &Game) -> String {
    let shown = 12;
    let more = match game.turns.len() {
        n if n > shown => format!("; ... {} turns in all", n),
        _ => String::new(),
    };
    game.turns
        .iter()
        .take(shown)
        .map(|t| {
            let s = t.scores();
            format!(
                "p{} ({},{}) {}{:?} -> ({},{})",
                t.player, t.state.score, t.state.opponent_score, t.num_rolls, t.faces, s[0], s[1]
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
        + &more
}
