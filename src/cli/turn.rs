//! `hog turn`: one turn with given die faces (see [`crate::ops::turn`]).

use std::io::Write;

use anyhow::Result;
use hog_solver::{Rules, State};

use super::{cell, faces, state_words, turn_header, write_json};
use crate::cli::args::TurnArgs;
use crate::ops::turn::{turn, TurnInput};

pub fn run(args: &TurnArgs, rules: &Rules, goal: u32, out: &mut dyn Write) -> Result<()> {
    let faces = match &args.dice {
        Some(text) => faces("--dice", text)?,
        None => vec![],
    };
    let played = turn(&TurnInput {
        rules: rules.clone(),
        goal,
        cell: cell(args.score, args.opp, &args.turn),
        num_rolls: args.turn.rolls,
        faces,
    })?;
    let result = &played.result;
    if args.json.json {
        return write_json(out, result);
    }
    writeln!(
        out,
        "{}",
        turn_header(rules, goal, played.state, played.num_rolls)
    )?;
    if !played.faces.is_empty() {
        let faces: Vec<String> = played.faces.iter().map(u32::to_string).collect();
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
        state_words(rules, after)
    )?;
    if result.score >= goal {
        writeln!(out, "the mover wins")?;
    } else if result.opponent_score >= goal {
        writeln!(out, "the opponent wins")?;
    }
    Ok(())
}
