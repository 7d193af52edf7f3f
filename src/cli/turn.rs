//! `hog turn`: one turn with given die faces (see [`crate::ops::turn`]).

use std::io::Write;

use anyhow::{anyhow, Context, Result};
use hog_solver::{Rules, State};

use super::{game_played, write_json, Played};
use crate::cli::args::{TurnArgs, TurnRulesArgs};
use crate::ops::turn::{check_face, turn, TurnInput};
use crate::ops::{hidden_words, Cell};

pub fn run(args: &TurnArgs, out: &mut dyn Write) -> Result<()> {
    let played = game_played(&args.turn.game.game(), &[], args.json.json)?;
    let name = played.name();
    let Played {
        rules, goal, lead, ..
    } = played;
    let rules = &rules;
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
    lead.before(out)?;
    if args.json.json {
        return write_json(out, result);
    }
    writeln!(
        out,
        "{}",
        turn_header(&name, rules, goal, played.state, played.num_rolls)
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

/// Die faces written `a,b,c`: whole numbers from 1 to [`crate::ops::MAX_FACE`].
pub(super) fn faces(flag: &str, text: &str) -> Result<Vec<i64>> {
    text.split(',')
        .map(|face| {
            let face = face.trim();
            let value: i64 = face.parse().map_err(|_| {
                anyhow!("{flag} '{text}': '{face}' is not a die face (a whole number from 1)")
            })?;
            check_face(value).with_context(|| format!("{flag} '{text}'"))?;
            Ok(value)
        })
        .collect()
}

/// The state `dist` and `turn` are given.
pub(super) fn cell(score: i64, opp: i64, turn: &TurnRulesArgs) -> Cell {
    Cell {
        score,
        opponent_score: opp,
        sides: turn.sides,
        hidden: turn.hidden.clone(),
    }
}

/// The first line of `dist` and `turn`: the rules (as the output `name`s
/// them), the state and the action.
pub(super) fn turn_header(
    name: &str,
    rules: &Rules,
    goal: u32,
    state: State,
    num_rolls: i32,
) -> String {
    format!(
        "{name}, goal {goal}: score {}, opponent_score {}, {}, num_rolls {num_rolls} ({})",
        state.score,
        state.opponent_score,
        state_words(rules, state),
        roll_words(rules, state, num_rolls)
    )
}

/// What a state holds besides the two scores, in words: its hidden value
/// ([`hidden_words`]: "memories 3 (mover) and 5 (opponent)"), or "sides 6"
/// where the rules hide nothing.
pub(super) fn state_words(rules: &Rules, state: State) -> String {
    let hidden = rules.hidden();
    if hidden.is_empty() {
        format!("sides {}", state.sides)
    } else {
        hidden_words(&hidden, hidden.index(state))
    }
}

/// What a turn with this action rolls, in words: "3 six-sided dice".
pub(super) fn roll_words(rules: &Rules, state: State, num_rolls: i32) -> String {
    let rolled = rules.effective_rolls(state, num_rolls);
    let words = match rolled {
        -1 => "Pork Chop".to_string(),
        0 => "no dice".to_string(),
        n => {
            let dice = rules.dice(state);
            format!(
                "{n} {}-sided {}{}",
                if dice.sides == 4 { "four" } else { "six" },
                if dice.reroll { "re-rolling " } else { "" },
                if n == 1 { "die" } else { "dice" }
            )
        }
    };
    if rolled == num_rolls {
        words
    } else {
        format!("Hog Tied: {words}")
    }
}
