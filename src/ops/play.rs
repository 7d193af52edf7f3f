//! A game of Hog played by hand against a strategy (`hog play`): before
//! each of your moves, every legal action's exact chance to win if you take
//! it and play best afterwards against the strategy, and after it what the
//! move cost.
//!
//! The chances are those of `hog explain --against STRATEGY` at the state
//! you face ([`SightedChances`]): the best response to the strategy is
//! solved once for the game, and each action's chance is the recurrence read
//! once more at your state. A move's cost is the best chance minus the
//! chance of the action taken (0 for a best one).
//!
//! The game plays the true rules, turn by turn ([`Rules::play_turn`]), with
//! every piece of state they keep, fa16's dice sides and Feral Hogs'
//! memories included, which you see as a player of the real game does; the
//! strategy answers as it was built to (a `final_strategy` of the two
//! scores alone answers a pair of scores alike whatever they hide). The
//! dice are seeded ([`RandomDice`], the first stream of `hog simulate`'s
//! seed): the same seed and the same moves play the same game. As in `hog
//! simulate`, a position (both scores, what the rules hide, who moves) that
//! comes back after turns that scored 0 points ends the game as a draw,
//! which the chances count as a loss (a win rate counts wins only).

use std::convert::Infallible;

use anyhow::{Context, Result};
use hog_solver::simulate::RandomDice;
use hog_solver::solve::{Driver, Engine, TIE_TOLERANCE};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules, State, TurnResult};
use serde::Serialize;

use super::explain::{Chances, SightedChances};
use super::{course_baseline, Progress};
use crate::strategies::{Sources, Strategy};

/// The strategy played against: one given, or the file `hog final` makes
/// (the blind best response to the course baseline).
pub enum Opponent {
    Final,
    Given(Strategy),
}

/// A game to play: the rules, the goal, the opponent, the dice's seed, and
/// whether the opponent moves first.
pub struct PlayInput {
    pub rules: Rules,
    pub goal: u32,
    pub opponent: Opponent,
    pub seed: u64,
    pub second: bool,
}

/// Who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    You,
    Opponent,
}

impl Player {
    fn other(self) -> Player {
        match self {
            Player::You => Player::Opponent,
            Player::Opponent => Player::You,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A score reached the goal.
    Won(Player),
    /// A position came back after zero-point turns: an endless game.
    Draw,
}

/// What your move was offered, and what it cost.
pub struct Offered {
    pub chances: Chances,
    /// The best chance minus the chance of the action taken.
    pub cost: f64,
}

/// One turn as it was played.
pub struct Move {
    pub mover: Player,
    /// The state the mover faced, their score first.
    pub state: State,
    pub num_rolls: i32,
    /// Every face the turn took, a re-rolled die's two faces included.
    pub faces: Vec<u32>,
    /// The outcome, seen by the mover.
    pub result: TurnResult,
    /// On your turns: the chances you were offered and the move's cost.
    pub offered: Option<Offered>,
}

/// A game in progress.
pub struct Game {
    model: Model,
    /// The opponent's name, and whether it is the default (`hog final`'s file).
    pub opponent: String,
    pub default_opponent: bool,
    policy: Policy,
    chances: SightedChances<f64>,
    dice: RandomDice,
    /// The state the mover sees, and who moves.
    state: State,
    mover: Player,
    /// Your score and the opponent's.
    scores: [u32; 2],
    /// The positions since the last turn that scored points.
    seen: Vec<(State, Player)>,
    ending: Option<Ending>,
}

impl Game {
    /// The opponent's policy, and the best response to it solved once.
    pub fn new(input: &PlayInput, sources: &Sources, progress: Progress) -> Result<Game> {
        let PlayInput { rules, goal, .. } = input;
        let model = Model::new(rules, *goal)?;
        crate::alloc::check_memory(&model, hog_solver::memory::Job::BestResponse)?;
        let (opponent, policy) = match &input.opponent {
            Opponent::Given(strategy) => (
                strategy.name().to_string(),
                sources
                    .play(strategy, rules, *goal)
                    .context("the strategy")?,
            ),
            Opponent::Final => {
                let baseline = course_baseline(rules)?;
                let b = sources.play(&baseline, rules, *goal)?;
                let name = format!("blind_best_response({})", baseline.name());
                let policy = sources.blind_response(&b, &name, rules, *goal)?;
                (name, policy)
            }
        };
        let engine = Engine::<f64>::new(&model, Driver::Parallel)
            .with_progress(progress)
            .with_stop(sources.stop());
        let chances = SightedChances::new(&engine, Some(&policy));
        let mover = if input.second {
            Player::Opponent
        } else {
            Player::You
        };
        Ok(Game {
            opponent,
            default_opponent: matches!(input.opponent, Opponent::Final),
            policy,
            chances,
            dice: RandomDice::new(input.seed, 0),
            state: State::START,
            mover,
            scores: [0, 0],
            seen: vec![],
            ending: None,
            model,
        })
    }

    pub fn rules(&self) -> &Rules {
        self.model.rules()
    }

    pub fn goal(&self) -> u32 {
        self.model.goal()
    }

    /// Whether the opponent answers by state that `final_strategy(score,
    /// opponent_score)` cannot see (fa16's dice sides).
    pub fn opponent_sees_hidden(&self) -> bool {
        self.policy.sees_hidden()
    }

    /// Who moves next; None once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        self.ending.is_none().then_some(self.mover)
    }

    /// The state the mover faces, their score first.
    pub fn state(&self) -> State {
        self.state
    }

    /// Your score and the opponent's.
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Every legal action's exact chance to win from the state you face,
    /// playing best afterwards against the opponent.
    pub fn chances(&self) -> Chances {
        self.chances.at(&self.model, self.state, &|_| None)
    }

    /// An answer read for your move, checked: an action the rules allow.
    pub fn check_move(&self, num_rolls: i64) -> Result<i32> {
        Ok(self.rules().check_action(num_rolls)?)
    }

    /// Your move, an action [`Game::check_move`] passed, with the chances
    /// [`Game::chances`] offered for it.
    pub fn you(&mut self, num_rolls: i32, chances: Chances) -> Move {
        assert_eq!(self.to_move(), Some(Player::You), "not your turn");
        let chance = |a: i32| {
            chances
                .actions
                .iter()
                .find(|c| c.num_rolls == a)
                .expect("every legal action has a chance")
                .win
        };
        // A move within rounding of the best is the best: it costs nothing.
        let cost = match chance(chances.best) - chance(num_rolls) {
            cost if cost > TIE_TOLERANCE => cost,
            _ => 0.0,
        };
        let offered = Offered { chances, cost };
        self.turn(num_rolls, Some(offered))
    }

    /// The opponent's move, as its strategy answers.
    pub fn opponent_moves(&mut self) -> Move {
        assert_eq!(self.to_move(), Some(Player::Opponent), "not its turn");
        self.turn(self.policy.get(self.state), None)
    }

    /// One turn with the seeded dice; then who wins, whether the position
    /// repeats (a draw), and who moves next.
    fn turn(&mut self, num_rolls: i32, offered: Option<Offered>) -> Move {
        let (state, mover) = (self.state, self.mover);
        self.seen.push((state, mover));
        let mut faces = vec![];
        let dice = &mut self.dice;
        let result = match self.model.rules().play_turn(state, num_rolls, |sides| {
            let face = dice.roll(sides);
            faces.push(face);
            Ok::<_, Infallible>(face)
        }) {
            Ok(result) => result,
            Err(never) => match never {},
        };
        let (mine, theirs) = match mover {
            Player::You => (0, 1),
            Player::Opponent => (1, 0),
        };
        self.scores[mine] = result.score;
        self.scores[theirs] = result.opponent_score;
        let goal = self.goal();
        // The mover first, as the engine reads a turn that ends the game.
        if result.score >= goal {
            self.ending = Some(Ending::Won(mover));
        } else if result.opponent_score >= goal {
            self.ending = Some(Ending::Won(mover.other()));
        } else {
            if result.points > 0 {
                self.seen.clear();
            }
            if !result.extra_turn {
                self.mover = mover.other();
            }
            self.state = result.next_state(self.model.rules());
            if self.seen.contains(&(self.state, self.mover)) {
                self.ending = Some(Ending::Draw);
            }
        }
        Move {
            mover,
            state,
            num_rolls,
            faces,
            result,
            offered,
        }
    }
}
