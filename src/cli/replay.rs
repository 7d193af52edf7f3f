//! `hog replay`: a whole game with the course's cycling test dice.

use std::io::Write;

use anyhow::{anyhow, bail, Result};
use hog_solver::simulate::{play_game, End};
use hog_solver::State;
use serde::Serialize;

use super::turn::faces;
use super::{players, policies, sources, write_json};
use crate::cli::args::ReplayArgs;
use crate::ops::{check_score, state};

/// A sequence of faces that cycles, as the course's `make_test_dice`.
struct Cycle {
    faces: Vec<u32>,
    next: usize,
}

impl Cycle {
    fn new(flag: &str, text: &str) -> Result<Cycle> {
        Ok(Cycle {
            faces: faces(flag, text)?.into_iter().map(|f| f as u32).collect(),
            next: 0,
        })
    }

    fn roll(&mut self) -> u32 {
        let face = self.faces[self.next];
        self.next = (self.next + 1) % self.faces.len();
        face
    }
}

/// The test dice of a replay: one sequence for every die (`--dice`), or one
/// for six-sided and one for four-sided dice (`--six`, `--four`).
enum TestDice {
    Every(Cycle),
    BySides {
        six: Option<Cycle>,
        four: Option<Cycle>,
    },
}

impl TestDice {
    fn new(args: &ReplayArgs) -> Result<TestDice> {
        let cycle = |flag, text: &Option<String>| text.as_deref().map(|t| Cycle::new(flag, t));
        Ok(match cycle("--dice", &args.dice) {
            Some(every) => TestDice::Every(every?),
            None => TestDice::BySides {
                six: cycle("--six", &args.six).transpose()?,
                four: cycle("--four", &args.four).transpose()?,
            },
        })
    }

    fn roll(&mut self, sides: u32) -> Result<u32> {
        let (cycle, flag) = match self {
            TestDice::Every(cycle) => return Ok(cycle.roll()),
            TestDice::BySides { six, .. } if sides == 6 => (six, "--six"),
            TestDice::BySides { four, .. } => (four, "--four"),
        };
        cycle.as_mut().map(Cycle::roll).ok_or_else(|| {
            anyhow!("the game rolled a {sides}-sided die, but no {flag} sequence was given")
        })
    }
}

#[derive(Serialize)]
struct ReplayJson<'a> {
    score0: u32,
    score1: u32,
    winner: Option<usize>,
    /// "goal", "repeat" (an endless game) or "max_turns".
    end: &'static str,
    turns: Vec<TurnJson<'a>>,
}

/// One turn: the mover's answer, the faces it took, and the state after it.
#[derive(Serialize)]
struct TurnJson<'a> {
    player: usize,
    num_rolls: i32,
    faces: &'a [u32],
    points: u32,
    score0: u32,
    score1: u32,
    sides: u32,
}

pub fn run(args: &ReplayArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.players.json.json;
    if args.score.is_some() || args.opp.is_some() {
        bail!(
            "replay names the players by number: --score0 (player 0, who moves first) and \
             --score1; --score and --opp are the mover's and the opponent's in dist, turn and explain"
        );
    }
    let (players, played) = players(&args.players)?;
    let (rules, goal) = (&played.rules, played.goal);
    let score0 = check_score("player 0's score", args.score0, goal)?;
    let score1 = check_score("player 1's score", args.score1, goal)?;
    let start: State = state(rules, goal, score0, score1, args.sides)?;
    let [p0, p1] = policies(&players, &played, &sources(&args.players.python))?;
    let mut dice = TestDice::new(args)?;
    let game = play_game(rules, goal, [&p0, &p1], start, args.max_turns, |sides| {
        dice.roll(sides)
    })?;
    played.lead.before(out)?;
    let end = match game.end {
        End::Goal => "goal",
        End::Repeat => "repeat",
        End::TurnLimit => "max_turns",
    };
    if json {
        let turns = game
            .turns
            .iter()
            .map(|turn| {
                let [score0, score1] = turn.scores();
                TurnJson {
                    player: turn.player,
                    num_rolls: turn.num_rolls,
                    faces: &turn.faces,
                    points: turn.result.points,
                    score0,
                    score1,
                    sides: turn.result.sides,
                }
            })
            .collect();
        let replay = ReplayJson {
            score0: game.scores[0],
            score1: game.scores[1],
            winner: game.winner,
            end,
            turns,
        };
        return write_json(out, &replay);
    }
    writeln!(
        out,
        "{}, goal {goal}: player 0 {} vs player 1 {}, from {score0}-{score1}, sides {}",
        rules.name(),
        args.players.p0,
        args.players.p1,
        start.sides
    )?;
    writeln!(
        out,
        "{:>5}  {:>6}  {:>9}  {:>6}  {:>6}  {:>6}  {:>5}  faces",
        "turn", "player", "num_rolls", "points", "score0", "score1", "sides"
    )?;
    for (i, turn) in game.turns.iter().enumerate() {
        let [score0, score1] = turn.scores();
        let faces = match turn.faces.as_slice() {
            [] => "-".to_string(),
            faces => faces
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(","),
        };
        writeln!(
            out,
            "{:>5}  {:>6}  {:>9}  {:>6}  {score0:>6}  {score1:>6}  {:>5}  {}",
            i + 1,
            turn.player,
            turn.num_rolls,
            turn.result.points,
            turn.result.sides,
            faces
        )?;
    }
    let [score0, score1] = game.scores;
    let verdict = match (game.winner, game.end) {
        (Some(winner), _) => format!("player {winner} wins"),
        (None, End::Repeat) => {
            "a draw: the position repeated after zero-point turns, so the game never ends".into()
        }
        (None, _) => format!(
            "a draw: the game was still running after {} turns",
            args.max_turns
        ),
    };
    writeln!(out, "final scores {score0}-{score1}: {verdict}")?;
    Ok(())
}
