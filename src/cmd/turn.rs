//! `hog turn`: one turn with given die faces, taken as the course's test
//! dice take them.

use std::io::Write;

use anyhow::Result;
use hog_solver::{Error, Rules, State};

use super::{check_score, faces, state_with_hidden, state_words, turn_header, write_json};
use crate::cli::TurnArgs;

pub fn run(args: &TurnArgs, rules: &Rules, goal: u32, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let rules = rules.clone();
    let num_rolls = rules.check_action(args.turn.rolls)?;
    let score = check_score("score", args.score, goal)?;
    let opponent_score = check_score("opponent_score", args.opp, goal)?;
    let state = state_with_hidden(
        &rules,
        goal,
        score,
        opponent_score,
        args.turn.sides,
        args.turn.hidden.as_deref(),
    )?;
    let faces = match &args.dice {
        Some(text) => faces("--dice", text)?,
        None => vec![],
    };
    let given = faces.len();
    let mut unused = faces.iter();
    let result = rules.play_turn(state, num_rolls, |_| {
        unused.next().copied().ok_or(Error::TooFewFaces { given })
    })?;
    let used = given - unused.as_slice().len();
    if used < given {
        return Err(Error::TooManyFaces { used, given }.into());
    }
    if json {
        return write_json(out, &result);
    }
    writeln!(out, "{}", turn_header(&rules, goal, state, num_rolls))?;
    if !faces.is_empty() {
        let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
        writeln!(out, "faces: {}", faces.join(","))?;
    }
    writeln!(out, "points: {}", result.points)?;
    let after = State {
        score: result.score,
        opponent_score: result.opponent_score,
        sides: result.sides,
        memory: result.memory,
        ..State::START
    };
    writeln!(
        out,
        "after the turn: score {}, opponent_score {}, {}",
        result.score,
        result.opponent_score,
        state_words(&rules, after)
    )?;
    if result.score >= goal {
        writeln!(out, "the mover wins")?;
    } else if result.opponent_score >= goal {
        writeln!(out, "the opponent wins")?;
    }
    Ok(())
}
