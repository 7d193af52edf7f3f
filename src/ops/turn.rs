//! One turn with given die faces, taken as the course's test dice take them.

use anyhow::{bail, Result};
use hog_solver::{Error, Rules, State, TurnResult};

use super::{Cell, MAX_FACE};

/// A turn to play: the game, the state before it, the dice rolled and the
/// faces they show, in order.
pub struct TurnInput {
    pub rules: Rules,
    pub goal: u32,
    pub cell: Cell,
    pub num_rolls: i64,
    pub faces: Vec<i64>,
}

/// The turn played: the state before it, the action, the faces read and
/// the result (`points`, then the state after it, as the mover sees it).
pub struct PlayedTurn {
    pub state: State,
    pub num_rolls: i32,
    pub faces: Vec<u32>,
    pub result: TurnResult,
}

/// Plays the turn; every face given must be read, and no more are needed.
pub fn turn(input: &TurnInput) -> Result<PlayedTurn> {
    let TurnInput {
        rules, goal, cell, ..
    } = input;
    let num_rolls = rules.check_action(input.num_rolls)?;
    let state = cell.state(rules, *goal)?;
    let faces = input
        .faces
        .iter()
        .map(|&face| check_face(face))
        .collect::<Result<Vec<u32>>>()?;
    let given = faces.len();
    let mut unused = faces.iter();
    let result = rules.play_turn(state, num_rolls, |_| {
        unused.next().copied().ok_or(Error::TooFewFaces { given })
    })?;
    let used = given - unused.as_slice().len();
    if used < given {
        return Err(Error::TooManyFaces { used, given }.into());
    }
    Ok(PlayedTurn {
        state,
        num_rolls,
        faces,
        result,
    })
}

/// A die face: a whole number from 1 to [`MAX_FACE`].
pub fn check_face(face: i64) -> Result<u32> {
    if face < 1 {
        return Err(Error::BadFace(face).into());
    }
    if face > MAX_FACE {
        bail!("die face {face} is too large (at most {MAX_FACE})");
    }
    Ok(face as u32)
}
