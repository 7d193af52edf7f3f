//! `hog play`: a game against a strategy, your moves read from stdin one a
//! line (see [`crate::ops::play`]), for the terminal or as JSON lines.

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::{anyhow, bail, Result};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::turn::{roll_words, state_words};
use super::{game_played, read_option, sources, write_json, Played};
use crate::cli::args::PlayArgs;
use crate::ops::explain::Chances;
use crate::ops::play::{Ending, Game, Move, Opponent, PlayInput, Player};
use crate::printable::printable_line;
use crate::progress::SolveBar;

pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    // `final`, or no strategy: the file hog final makes.
    let given = match args.strategy.as_deref() {
        Some(text) if text.trim() != "final" => Some(text.to_string()),
        _ => None,
    };
    let strategy = read_option(given.as_ref(), "the strategy")?;
    let played = game_played(&args.game, &strategy.iter().collect::<Vec<_>>(), json)?;
    let name = played.name();
    let Played {
        rules, goal, lead, ..
    } = played;
    let seed = match args.seed {
        Some(seed) => seed,
        None => random_seed()?,
    };
    let bar = SolveBar::new("solving");
    let mut game = Game::new(
        &PlayInput {
            rules,
            goal,
            opponent: strategy.map_or(Opponent::Final, Opponent::Given),
            seed,
            second: args.second,
        },
        &sources(&args.python),
        &|done, all| bar.report(done, all),
    )?;
    drop(bar);
    lead.before(out)?;
    if !json {
        write_start(&game, &name, seed, out)?;
    }
    let stdin = io::stdin();
    let mut input = Input {
        lines: stdin.lock(),
        line: 0,
        terminal: stdin.is_terminal(),
    };
    let mut turn = 0;
    while let Some(mover) = game.to_move() {
        turn += 1;
        let played = match mover {
            Player::You => {
                let chances = game.chances();
                if !json {
                    write_chances(&game, &chances, out)?;
                }
                out.flush()?;
                let num_rolls = input.move_of(&game)?;
                game.you(num_rolls, chances)
            }
            Player::Opponent => game.opponent_moves(),
        };
        match json {
            true => write_json(out, &TurnJson::new(turn, &played))?,
            false => write_move(&game, &played, out)?,
        }
    }
    write_end(&game, turn, seed, json, out)
}

/// A seed for a game that was given none: small enough to type again.
fn random_seed() -> Result<u64> {
    let mut bytes = [0; 8];
    getrandom::getrandom(&mut bytes).map_err(|e| anyhow!("no random seed: {e}"))?;
    Ok(u64::from_le_bytes(bytes) % 1_000_000)
}

/// Your moves, one a line. On a terminal a line that is no move is said
/// and asked again; elsewhere it ends the game with an error naming it.
struct Input<R> {
    lines: R,
    line: u64,
    terminal: bool,
}

impl<R: BufRead> Input<R> {
    /// Reads lines until one is a move the rules allow: its num_rolls.
    fn move_of(&mut self, game: &Game) -> Result<i32> {
        let [you, opponent] = game.scores();
        loop {
            if self.terminal {
                // A prompt that cannot be shown changes nothing.
                let _ = write!(io::stderr(), "your move (num_rolls): ");
            }
            let mut text = String::new();
            self.line += 1;
            if self.lines.read_line(&mut text)? == 0 {
                bail!(
                    "the input ended before the game did: it was left unfinished at you {you}, \
                     opponent {opponent}, your move"
                );
            }
            let text = text.trim();
            let played = match text.parse::<i64>() {
                Ok(num_rolls) => game.check_move(num_rolls),
                Err(_) => Err(anyhow!(
                    "'{}' is not a number of dice: answer one whole number a line",
                    printable_line(text)
                )),
            };
            match played {
                Ok(played) => return Ok(played),
                Err(error) if self.terminal => {
                    let _ = writeln!(io::stderr(), "{error:#}; try again");
                }
                Err(error) => return Err(error.context(format!("line {} of stdin", self.line))),
            }
        }
    }
}

/// The game's first lines: the rules (`name`, as the user knows them:
/// `sp24 (= sp26)`), the opponent (and where it came from), the seed, who
/// moves first, and what the rules hide from a final_strategy.
fn write_start(game: &Game, name: &str, seed: u64, out: &mut dyn Write) -> Result<()> {
    let rules = game.rules();
    let default = if game.default_opponent {
        ", the file hog final makes (the default; name a STRATEGY to play another)"
    } else {
        ""
    };
    let first = match game.to_move() {
        Some(Player::Opponent) => "the opponent moves first",
        _ => "you move first",
    };
    writeln!(
        out,
        "{name}, goal {}: you against {}{default}; seed {seed}, {first}",
        game.goal(),
        game.opponent
    )?;
    writeln!(
        out,
        "each move: its exact chance to win if you take it and play best afterwards against the \
         opponent"
    )?;
    if let Some(what) = rules.hidden().what() {
        let answers = if game.opponent_sees_hidden() {
            "the opponent sees them, so it is no course strategy"
        } else {
            "the opponent answers each pair of scores alike whatever they are"
        };
        writeln!(
            out,
            "hidden: final_strategy(score, opponent_score) cannot see {what}; {answers}; you \
             see them, and your chances are a player's who does"
        )?;
    }
    Ok(())
}

/// Your turn: the scores, what else the rules let you see, and every
/// action's chance to win, the best marked.
fn write_chances(game: &Game, chances: &Chances, out: &mut dyn Write) -> Result<()> {
    let (rules, x) = (game.rules(), game.state());
    // What the rules let you see besides the scores, where they keep any.
    let besides = match rules.hidden().is_empty() {
        true => String::new(),
        false => format!(", {}", state_words(rules, x)),
    };
    writeln!(
        out,
        "you {}, opponent {}{besides}: your move",
        x.score, x.opponent_score
    )?;
    writeln!(out, "num_rolls  chance to win   turn")?;
    for action in &chances.actions {
        let best = if action.num_rolls == chances.best {
            "  <- best"
        } else {
            ""
        };
        writeln!(
            out,
            "{:>9}  {:.12}  {}{best}",
            action.num_rolls,
            action.win,
            roll_words(rules, x, action.num_rolls)
        )?;
    }
    Ok(())
}

/// A turn played: the action, the faces, the points and the scores after;
/// on your turns what the move cost.
fn write_move(game: &Game, played: &Move, out: &mut dyn Write) -> Result<()> {
    let rules = game.rules();
    let r = &played.result;
    let faces = match played.faces.as_slice() {
        [] => roll_words(rules, played.state, played.num_rolls),
        faces => faces
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(","),
    };
    let [you, opponent] = game.scores();
    let again = if r.extra_turn { ", an extra turn" } else { "" };
    let verb = match played.mover {
        Player::You => "you roll",
        Player::Opponent => "opponent rolls",
    };
    let points = if r.points == 1 { "point" } else { "points" };
    write!(
        out,
        "{verb} {}: {faces}: {} {points}; you {you}, opponent {opponent}{again}",
        played.num_rolls, r.points
    )?;
    match &played.offered {
        Some(offered) if offered.cost == 0.0 => writeln!(out, "; the best move")?,
        Some(offered) => {
            let win = |a: i32| {
                let action = offered.chances.actions.iter().find(|c| c.num_rolls == a);
                action.map_or(0.0, |c| c.win)
            };
            writeln!(
                out,
                "; cost {:.12} ({} wins {:.12}, {} wins {:.12})",
                offered.cost,
                offered.chances.best,
                win(offered.chances.best),
                played.num_rolls,
                win(played.num_rolls)
            )?
        }
        None => writeln!(out)?,
    }
    Ok(())
}

/// The last line: who won, or the draw, and the scores.
fn write_end(game: &Game, turns: u64, seed: u64, json: bool, out: &mut dyn Write) -> Result<()> {
    let [you, opponent] = game.scores();
    let ending = game.ending().expect("the game is over");
    if json {
        return write_json(
            out,
            &EndJson {
                winner: match ending {
                    Ending::Won(player) => Some(player),
                    Ending::Draw => None,
                },
                end: match ending {
                    Ending::Won(_) => "goal",
                    Ending::Draw => "repeat",
                },
                your_score: you,
                opponent_score: opponent,
                turns,
                opponent: &game.opponent,
                seed,
            },
        );
    }
    match ending {
        Ending::Won(Player::You) => writeln!(out, "you win, {you} to {opponent}")?,
        Ending::Won(Player::Opponent) => writeln!(out, "the opponent wins, {opponent} to {you}")?,
        Ending::Draw => writeln!(
            out,
            "a draw at you {you}, opponent {opponent}: the position repeated after zero-point \
             turns, so the game never ends"
        )?,
    }
    Ok(())
}

/// One turn as a JSON line: the state the mover faced (their score first),
/// the action, the faces and the outcome; on your turns every action's
/// chance, the best and the move's cost.
#[derive(Serialize)]
struct TurnJson<'a> {
    turn: u64,
    mover: Player,
    #[serde(flatten)]
    state: hog_solver::State,
    num_rolls: i32,
    faces: &'a [u32],
    outcome: &'a hog_solver::TurnResult,
    #[serde(skip_serializing_if = "Option::is_none")]
    chances: Option<ChancesJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cost: Option<f64>,
}

impl<'a> TurnJson<'a> {
    fn new(turn: u64, played: &'a Move) -> TurnJson<'a> {
        let offered = played.offered.as_ref();
        TurnJson {
            turn,
            mover: played.mover,
            state: played.state,
            num_rolls: played.num_rolls,
            faces: &played.faces,
            outcome: &played.result,
            chances: offered.map(|o| ChancesJson(&o.chances)),
            best: offered.map(|o| o.chances.best),
            cost: offered.map(|o| o.cost),
        }
    }
}

/// Every action's chance, as an object from num_rolls to the chance, in
/// the order of the actions.
struct ChancesJson<'a>(&'a Chances);

impl Serialize for ChancesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.actions.len()))?;
        for action in &self.0.actions {
            map.serialize_entry(&action.num_rolls.to_string(), &action.win)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct EndJson<'a> {
    winner: Option<Player>,
    /// "goal", or "repeat" (an endless game: a draw).
    end: &'static str,
    your_score: u32,
    opponent_score: u32,
    turns: u64,
    opponent: &'a str,
    seed: u64,
}
