//! End-to-end tests of `hog play`, driven from a pipe with a fixed list of
//! moves: the chances offered at each of your turns are `hog explain
//! --against`'s at the same state, and each move's cost the best chance
//! minus the one taken; every turn of the game is `hog turn` with the same
//! faces (the true rules, fa16's dice sides included), each turn starts
//! where the last left off, and the game ends with the player who reached
//! the goal; the default opponent answers as the file `hog final` writes;
//! the same seed and moves play the same game; bad input is one line and
//! exit status 2 off a terminal, and asked again on one (a pseudo-terminal
//! made by python3's pty module).
//!
//! Command lines written as one string are split at spaces.

use std::time::Duration;

use serde_json::Value;

use crate::common::line::{hog, json};
use crate::common::number;

/// Moves enough for any game of these tests: a mix of every kind of turn.
const MOVES: &str = "5\n-1\n0\n3\n2\n7\n0\n4\n1\n6\n";

/// `hog ARGS` with `input` on stdin: its exit status, stdout and stderr.
fn play(args: &str, input: &str) -> (Option<i32>, String, String) {
    let output = hog(args)
        .write_stdin(input)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The JSON lines of a game played to its end with `moves` repeated.
fn game(args: &str, moves: &str) -> Vec<Value> {
    let (code, stdout, stderr) = play(&format!("{args} --json"), &moves.repeat(20));
    assert_eq!(code, Some(0), "{stderr}");
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn int(value: &Value, key: &str) -> i64 {
    value[key]
        .as_i64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

/// The game flows turn to turn by the rules: each turn is `hog turn` with
/// the same faces; the next mover is the other player, who faces the
/// outcome from their side (or, after an extra turn, the same player); the last line names
/// the player whose score reached the goal.
fn check_flow(rules: &str, goal: i64, turns: &[Value], end: &Value) {
    let mut next: Option<(String, i64, i64, i64)> = None;
    let mut scores = [0, 0];
    for t in turns {
        let mover = t["mover"].as_str().unwrap().to_string();
        let (score, opp, sides) = (int(t, "score"), int(t, "opponent_score"), int(t, "sides"));
        if let Some(expected) = &next {
            assert_eq!(&(mover.clone(), score, opp, sides), expected, "{t}");
        }
        let faces: Vec<String> = t["faces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.to_string())
            .collect();
        let mut turn = format!(
            "turn --rules {rules} --goal {goal} --score {score} --opp {opp} --sides {sides}"
        );
        turn += &format!(" --rolls {}", int(t, "num_rolls"));
        if !faces.is_empty() {
            turn += &format!(" --dice {}", faces.join(","));
        }
        let by_turn = json(&turn);
        let outcome = &t["outcome"];
        for key in ["points", "score", "opponent_score", "sides"] {
            assert_eq!(outcome[key], by_turn[key], "{key}: {t} vs {by_turn}");
        }
        let (after, after_opp) = (int(outcome, "score"), int(outcome, "opponent_score"));
        let me = usize::from(mover == "opponent");
        scores[me] = after;
        scores[1 - me] = after_opp;
        let sides = int(outcome, "sides");
        next = Some(match (outcome["extra_turn"] == true, mover.as_str()) {
            (true, _) => (mover, after, after_opp, sides),
            (false, "you") => ("opponent".to_string(), after_opp, after, sides),
            (false, _) => ("you".to_string(), after_opp, after, sides),
        });
    }
    assert_eq!([int(end, "your_score"), int(end, "opponent_score")], scores);
    let winner = end["winner"].as_str().unwrap();
    let reached: Vec<usize> = (0..2).filter(|&p| scores[p] >= goal).collect();
    assert_eq!(reached.len(), 1, "{end}");
    assert_eq!(winner, ["you", "opponent"][reached[0]], "{end}");
    assert_eq!(int(end, "turns"), turns.len() as i64);
}

/// Whether a game's last line names its winner.
fn has_a_winner(stdout: &str) -> bool {
    let last = stdout.lines().last().unwrap_or_default();
    last.starts_with("you win, ") || last.starts_with("the opponent wins, ")
}

#[test]
fn the_chances_offered_are_explains_and_the_game_plays_the_rules() {
    // fa16 to 40 against always_roll(4): Pork Chop among the moves, so the
    // dice turn four-sided, which the state of each turn carries.
    let (rules, goal, against) = ("fa16", 40, "always_roll(4)");
    let lines = game(
        &format!("play {against} --rules {rules} --goal {goal} --seed 7"),
        MOVES,
    );
    let (end, turns) = lines.split_last().unwrap();
    check_flow(rules, goal, turns, end);
    let yours: Vec<&Value> = turns.iter().filter(|t| t["mover"] == "you").collect();
    assert!(yours.len() >= 3, "{lines:?}");
    assert!(turns.iter().any(|t| t["sides"] == 4), "{lines:?}");
    for t in yours {
        let e = json(&format!(
            "explain --rules {rules} --goal {goal} --against {against} --score {} --opp {} --sides {}",
            t["score"], t["opponent_score"], t["sides"]
        ));
        let chances = t["chances"].as_object().unwrap();
        let actions = e["actions"].as_array().unwrap();
        assert_eq!(chances.len(), actions.len(), "{t}");
        for a in actions {
            let offered = chances[&a["num_rolls"].to_string()].as_f64().unwrap();
            assert_eq!(offered, number(a, "win"), "{t} vs {e}");
        }
        assert_eq!(t["best"], e["best"], "{t}");
        let chance = |n: &Value| chances[&n.to_string()].as_f64().unwrap();
        assert_eq!(
            number(t, "cost"),
            chance(&t["best"]) - chance(&t["num_rolls"])
        );
        assert!(number(t, "cost") >= 0.0, "{t}");
    }
    // The same seed and moves play the same game; another seed another.
    assert_eq!(
        game(
            &format!("play {against} --rules {rules} --goal {goal} --seed 7"),
            MOVES
        ),
        lines
    );
    let other = game(
        &format!("play {against} --rules {rules} --goal {goal} --seed 8"),
        MOVES,
    );
    assert_ne!(other, lines);
}

#[test]
fn the_default_opponent_plays_the_file_hog_final_writes() {
    // sp26 to 30, the opponent moving first: its every answer is the
    // table's of the file hog final writes against the course baseline.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("final.json");
    hog(&[
        "final",
        "--rules",
        "sp26",
        "--goal",
        "30",
        "-o",
        file.to_str().unwrap(),
    ])
    .assert()
    .success();
    let table: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let lines = game("play --rules sp26 --goal 30 --seed 2 --second", "4\n");
    let (end, turns) = lines.split_last().unwrap();
    check_flow("sp26", 30, turns, end);
    assert_eq!(turns[0]["mover"], "opponent");
    assert_eq!(end["opponent"], "blind_best_response(always_roll(6))");
    for t in turns.iter().filter(|t| t["mover"] == "opponent") {
        let (s, o) = (int(t, "score") as usize, int(t, "opponent_score") as usize);
        assert_eq!(t["num_rolls"], table["table"][s][o], "{t}");
    }
    let (code, stdout, _) = play("play --rules sp26 --goal 30 --seed 2", &"4\n".repeat(30));
    assert_eq!(code, Some(0));
    let first = stdout.lines().next().unwrap();
    assert!(
        first.contains("you against blind_best_response(always_roll(6)), the file hog final makes"),
        "{first}"
    );
    assert!(has_a_winner(&stdout), "{stdout}");
}

#[test]
fn what_the_rules_hide_from_final_strategy_is_said() {
    let (code, stdout, _) = play("play always_roll(4) --rules fa16 --goal 20 --seed 1", MOVES);
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains(
            "hidden: final_strategy(score, opponent_score) cannot see the dice sides; the \
             opponent answers each pair of scores alike whatever they are"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("you 0, opponent 0, sides 6: your move"),
        "{stdout}"
    );
}

#[test]
fn bad_input_off_a_terminal_is_one_line_and_exit_status_2() {
    let args = "play always_roll(4) --rules sp26 --goal 30 --seed 1";
    for (input, says) in [
        (
            "4\nfour\n",
            "error: line 2 of stdin: 'four' is not a number of dice",
        ),
        (
            "11\n",
            "error: line 1 of stdin: num_rolls 11 is not allowed under sp26: the actions are 0 to 10",
        ),
        (
            "-1\n",
            "error: line 1 of stdin: num_rolls -1 is not allowed under sp26",
        ),
        (
            "",
            "error: the input ended before the game did: it was left unfinished at you 0, \
             opponent 0, your move",
        ),
    ] {
        let (code, _, stderr) = play(args, input);
        assert_eq!(code, Some(2), "{input:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
        assert!(stderr.starts_with(says), "{input:?}: {stderr}");
    }
}

/// Runs hog with its stdin and stderr on a pseudo-terminal, typing `typed`
/// there; prints, as JSON, its exit code, its stdout and what it drew on the
/// terminal.
const TYPED_ON_A_TERMINAL: &str = r#"
import json, os, pty, subprocess, sys
master, slave = pty.openpty()
child = subprocess.Popen(sys.argv[2:], stdin=slave, stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
os.write(master, sys.argv[1].encode())
drawn = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the terminal's last writer is gone
        break
    if not chunk:
        break
    drawn += chunk
stdout = child.stdout.read()
print(json.dumps({"code": child.wait(), "stdout": stdout.decode(),
                  "drawn": drawn.decode("utf-8", "replace")}))
"#;

#[test]
fn bad_input_on_a_terminal_is_asked_again() {
    let typed = format!("four\n11\n{}", "4\n".repeat(30));
    let output = std::process::Command::new("python3")
        .args(["-c", TYPED_ON_A_TERMINAL, &typed, env!("CARGO_BIN_EXE_hog")])
        .args("play always_roll(4) --rules sp26 --goal 30 --seed 1".split(' '))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let run: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(run["code"], 0, "{run}");
    let drawn = run["drawn"].as_str().unwrap();
    assert!(
        drawn.contains("'four' is not a number of dice: answer one whole number a line; try again"),
        "{drawn}"
    );
    assert!(
        drawn
            .contains("num_rolls 11 is not allowed under sp26: the actions are 0 to 10; try again"),
        "{drawn}"
    );
    assert!(drawn.contains("your move (num_rolls): "), "{drawn}");
    let stdout = run["stdout"].as_str().unwrap();
    assert!(stdout.contains("you roll 4: "), "{stdout}");
    assert!(has_a_winner(stdout), "{stdout}");
}
