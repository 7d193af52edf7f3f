//! Playing whole games: a replay with given dice, and seeded Monte Carlo play.
//!
//! Player 0 moves first. Every turn goes through [`Rules::play_turn`]; the
//! game ends when either score is at or past the goal after a turn, and the
//! player holding that score wins.
//!
//! **Endless games are draws.** A turn that scores 0 points (nju21's Picky
//! Piggy, sp22's Hefty Hogs) rolls no dice, so it is fully decided by the position: both
//! scores, the hidden state and who moves, since strategies are fixed tables.
//! Every other turn raises the sum of the scores, so a position can only come
//! back after a run of zero-point turns, and from then on the same run
//! repeats for ever. A game whose position repeats after turns that scored 0
//! points therefore ends at once as a draw ([`End::Repeat`]); this is why
//! every simulated game ends.
//!
//! **Reproducible Monte Carlo.** Games are played in chunks of [`CHUNK`];
//! chunk `i` draws its dice from `ChaCha8Rng::seed_from_u64(seed)` on stream
//! `i` ([`RandomDice`]). The chunks run in parallel, and the totals are the
//! same for any number of threads. A game played by hand (`hog play --seed
//! N`) draws its dice as chunk 0 does.

use std::convert::Infallible;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::rules::{Rules, State, TurnResult};
use crate::strategy::Policy;

/// Games per chunk of a simulation; each chunk has its own random stream.
pub const CHUNK: u64 = 1000;

/// Seeded random dice: `ChaCha8Rng::seed_from_u64(seed)` on one stream,
/// each face uniform from 1 to the die's sides.
pub struct RandomDice(ChaCha8Rng);

impl RandomDice {
    pub fn new(seed: u64, stream: u64) -> RandomDice {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        RandomDice(rng)
    }

    /// One face of a die of `sides` sides.
    pub fn roll(&mut self, sides: u32) -> u32 {
        self.0.gen_range(1..=sides)
    }
}

/// One turn as it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who moved: 0 or 1.
    pub player: usize,
    /// The state the mover saw.
    pub state: State,
    /// The mover's answer (before Hog Tied clamps it).
    pub num_rolls: i32,
    /// Every face the turn took, in order, a re-rolling die's two faces included.
    pub faces: Vec<u32>,
    /// The outcome, seen by the mover.
    pub result: TurnResult,
}

impl Turn {
    /// Both scores after the turn, in player order.
    pub fn scores(&self) -> [u32; 2] {
        let (mover, opponent) = (self.result.score, self.result.opponent_score);
        if self.player == 0 {
            [mover, opponent]
        } else {
            [opponent, mover]
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A score reached the goal.
    Goal,
    /// A position came back after zero-point turns: a draw.
    Repeat,
    /// The turn limit ran out: a draw.
    TurnLimit,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The final scores, in player order.
    pub scores: [u32; 2],
    /// The winning player, or None for a draw.
    pub winner: Option<usize>,
    pub end: End,
    pub turns: Vec<Turn>,
}

/// The totals of a simulation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SimulationResult {
    pub games: u64,
    pub wins0: u64,
    pub wins1: u64,
    pub draws: u64,
}

impl std::ops::Add for SimulationResult {
    type Output = SimulationResult;

    fn add(self, other: SimulationResult) -> SimulationResult {
        SimulationResult {
            games: self.games + other.games,
            wins0: self.wins0 + other.wins0,
            wins1: self.wins1 + other.wins1,
            draws: self.draws + other.draws,
        }
    }
}

/// Plays one game from `start` (the state player 0 sees, player 0 to move)
/// for at most `max_turns` turns. `roll` is asked for one face at a time
/// with the sides of the die, as in [`Rules::play_turn`].
pub fn play_game<E: From<Error>>(
    rules: &Rules,
    goal: u32,
    players: [&Policy; 2],
    start: State,
    max_turns: u64,
    roll: impl FnMut(u32) -> std::result::Result<u32, E>,
) -> std::result::Result<Game, E> {
    check_players(rules, goal, players)?;
    rules.check_state(goal, start)?;
    let mut turns = vec![];
    let (scores, winner, end) = play(
        rules,
        goal,
        players,
        start,
        max_turns,
        roll,
        Some(&mut turns),
    )?;
    Ok(Game {
        scores,
        winner,
        end,
        turns,
    })
}

/// Plays `games` games from 0-0 with random dice; `progress` is told the
/// number of games of every chunk that finishes.
pub fn simulate(
    rules: &Rules,
    goal: u32,
    p0: &Policy,
    p1: &Policy,
    games: u64,
    seed: u64,
    progress: impl Fn(u64) + Sync,
) -> Result<SimulationResult> {
    let players = [p0, p1];
    check_players(rules, goal, players)?;
    rules.check_state(goal, State::START)?;
    let chunks = games.div_ceil(CHUNK);
    let result = (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut random = RandomDice::new(seed, chunk);
            let count = CHUNK.min(games - chunk * CHUNK);
            let mut tally = SimulationResult {
                games: count,
                ..SimulationResult::default()
            };
            for _ in 0..count {
                let dice = |sides: u32| Ok::<_, Infallible>(random.roll(sides));
                let winner = match play(rules, goal, players, State::START, u64::MAX, dice, None) {
                    Ok((_, winner, _)) => winner,
                    Err(never) => match never {},
                };
                match winner {
                    Some(0) => tally.wins0 += 1,
                    Some(_) => tally.wins1 += 1,
                    None => tally.draws += 1,
                }
            }
            progress(count);
            tally
        })
        .reduce(SimulationResult::default, |a, b| a + b);
    Ok(result)
}

/// Both policies must be tables for these rules and this goal.
fn check_players(rules: &Rules, goal: u32, players: [&Policy; 2]) -> Result<()> {
    for (player, policy) in players.iter().enumerate() {
        if policy.goal() != goal || *policy.hidden() != rules.hidden() {
            return Err(Error::TableMismatch(format!(
                "player {player}'s policy is for goal {} and {} hidden value(s), the game has goal {goal} and {}",
                policy.goal(),
                policy.hidden().len(),
                rules.hidden().len()
            )));
        }
    }
    Ok(())
}

/// The game loop: the final scores, the winner and why the game ended. The
/// turns are recorded when `record` is given.
fn play<E>(
    rules: &Rules,
    goal: u32,
    players: [&Policy; 2],
    start: State,
    max_turns: u64,
    mut roll: impl FnMut(u32) -> std::result::Result<u32, E>,
    mut record: Option<&mut Vec<Turn>>,
) -> std::result::Result<([u32; 2], Option<usize>, End), E> {
    let mut scores = [start.score, start.opponent_score];
    // The state the mover sees, and who moves.
    let mut state = start;
    let mut mover = 0;
    // The positions since the last turn that scored points.
    let mut seen: Vec<(State, usize)> = vec![];
    let mut faces = vec![];
    for _ in 0..max_turns {
        let position = (state, mover);
        if seen.contains(&position) {
            return Ok((scores, None, End::Repeat));
        }
        seen.push(position);
        let num_rolls = players[mover].get(state);
        faces.clear();
        let result = rules.play_turn(state, num_rolls, |sides| {
            let face = roll(sides)?;
            faces.push(face);
            Ok(face)
        })?;
        scores[mover] = result.score;
        scores[1 - mover] = result.opponent_score;
        if let Some(turns) = record.as_deref_mut() {
            turns.push(Turn {
                player: mover,
                state,
                num_rolls,
                faces: faces.clone(),
                result,
            });
        }
        // The mover first, as the engine ([`crate::model::Model::next`]).
        if let Some(winner) = [mover, 1 - mover].into_iter().find(|&p| scores[p] >= goal) {
            return Ok((scores, Some(winner), End::Goal));
        }
        if result.points > 0 {
            seen.clear();
        }
        if !result.extra_turn {
            mover = 1 - mover;
        }
        state = result.next_state(rules);
    }
    Ok((scores, None, End::TurnLimit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::course_strategy;

    fn policy(rules: &Rules, goal: u32, name: &str, args: &[i64]) -> Policy {
        let strategy = course_strategy(rules, name, args).unwrap();
        Policy::from_strategy(&strategy, rules, goal, name).unwrap()
    }

    /// Test dice: the faces cycle, whatever the sides.
    fn test_dice(faces: &[u32]) -> impl FnMut(u32) -> Result<u32> + '_ {
        let mut next = faces.iter().cycle();
        move |_| Ok(*next.next().unwrap())
    }

    fn start(score: u32, opponent_score: u32) -> State {
        State {
            score,
            opponent_score,
            ..State::START
        }
    }

    #[test]
    fn replay_sp26_boar_brawl_and_sus_fuss() {
        // Worked by hand from docs/rules.md (sp26, goal 30, dice 6, 1, 5 cycling):
        // P0 rolls 2, P1 rolls 0 (Boar Brawl) every turn.
        //  1. P0 (0, 0): 6, 1 -> Sow Sad 1            -> 1-0
        //  2. P1 (0, 1): max(1, 3 * |0 - 0|) = 1      -> 1-1
        //  3. P0 (1, 1): 5, 6 -> 11, 12 has 6 divisors -> 12-1
        //  4. P1 (1, 12): max(1, 3 * |1 - 1|) = 1     -> 12-2
        //  5. P0 (12, 2): 1, 5 -> 1                    -> 13-2
        //  6. P1 (2, 13): 3 * |1 - 2| = 3              -> 13-5
        //  7. P0 (13, 5): 6, 1 -> 1, 14 -> Sus Fuss 17 -> 17-5
        //  8. P1 (5, 17): 3 * |1 - 5| = 12, 17 prime   -> 17-17
        //  9. P0 (17, 17): 5, 6 -> 11, 28 stays        -> 28-17
        // 10. P1 (17, 28): 3 * |2 - 7| = 15, 32 stays  -> 28-32, P1 wins
        let rules = Rules::sp26();
        let p0 = policy(&rules, 30, "always_roll", &[2]);
        let p1 = policy(&rules, 30, "always_roll", &[0]);
        let game = play_game(
            &rules,
            30,
            [&p0, &p1],
            State::START,
            100,
            test_dice(&[6, 1, 5]),
        )
        .unwrap();
        let scores: Vec<[u32; 2]> = game.turns.iter().map(Turn::scores).collect();
        assert_eq!(
            scores,
            [
                [1, 0],
                [1, 1],
                [12, 1],
                [12, 2],
                [13, 2],
                [13, 5],
                [17, 5],
                [17, 17],
                [28, 17],
                [28, 32]
            ]
        );
        assert_eq!(game.scores, [28, 32]);
        assert_eq!(game.winner, Some(1));
        assert_eq!(game.end, End::Goal);
    }

    #[test]
    fn replay_fa16_swap_and_hog_wild() {
        // fa16 from 37-92, dice 3, 3, 3, 4, 5 cycling; P0 rolls 3, P1 rolls 2.
        // 1. P0 (37, 92), sum 129: 3, 3, 3 -> 9; 46 vs 92 swaps -> 92-46
        // 2. P1 (46, 92), sum 138: 4, 5 -> 9                    -> 92-55
        // 3. P0 (92, 55), sum 147 = 7 * 21, Hog Wild: 3 re-rolls to 3,
        //    3 re-rolls to 4, 5 re-rolls to 3 -> 10             -> 102-55
        let rules = Rules::fa16();
        let p0 = policy(&rules, 100, "always_roll", &[3]);
        let p1 = policy(&rules, 100, "always_roll", &[2]);
        let game = play_game(
            &rules,
            100,
            [&p0, &p1],
            start(37, 92),
            100,
            test_dice(&[3, 3, 3, 4, 5]),
        )
        .unwrap();
        let faces: Vec<&[u32]> = game.turns.iter().map(|t| t.faces.as_slice()).collect();
        assert_eq!(faces, [&[3, 3, 3][..], &[4, 5], &[3, 3, 3, 4, 5, 3]]);
        assert_eq!(game.scores, [102, 55]);
        assert_eq!(game.winner, Some(0));
    }

    #[test]
    fn a_repeated_position_after_zero_point_turns_is_a_draw() {
        // nju21 (docs/rules.md): from mover 8 vs 19 rolling 0 scores 0 and 3^27
        // swaps the scores; the other player then faces the same position.
        let rules = Rules::nju21();
        let zero = policy(&rules, 100, "always_roll", &[0]);
        let game = play_game(
            &rules,
            100,
            [&zero, &zero],
            start(8, 19),
            100,
            test_dice(&[1]),
        )
        .unwrap();
        assert_eq!(game.turns.len(), 2);
        assert_eq!(game.scores, [8, 19]);
        assert_eq!(game.winner, None);
        assert_eq!(game.end, End::Repeat);
    }

    #[test]
    fn the_turn_limit_is_a_draw() {
        let rules = Rules::fa13();
        let one = policy(&rules, 100, "always_roll", &[1]);
        let game = play_game(&rules, 100, [&one, &one], State::START, 3, test_dice(&[2])).unwrap();
        assert_eq!(game.turns.len(), 3);
        assert_eq!(game.winner, None);
        assert_eq!(game.end, End::TurnLimit);
    }

    #[test]
    fn a_policy_for_another_goal_is_an_error() {
        let rules = Rules::fa13();
        let one = policy(&rules, 50, "always_roll", &[1]);
        let error = play_game(&rules, 100, [&one, &one], State::START, 3, test_dice(&[2]));
        assert!(matches!(error, Err(Error::TableMismatch(_))));
    }

    #[test]
    fn the_same_seed_gives_the_same_result_on_any_number_of_threads() {
        let rules = Rules::fa16();
        let p0 = policy(&rules, 100, "always_roll", &[8]);
        let p1 = policy(&rules, 100, "always_roll", &[4]);
        let run = |threads: usize, seed: u64| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| simulate(&rules, 100, &p0, &p1, 2500, seed, |_| {}).unwrap())
        };
        let one = run(1, 7);
        assert_eq!(one, run(4, 7));
        assert_eq!(one.games, 2500);
        assert_eq!(one.wins0 + one.wins1 + one.draws, 2500);
        assert_ne!(one, run(1, 8));
    }

    #[test]
    fn progress_counts_every_game() {
        let rules = Rules::sp26();
        let p = policy(&rules, 100, "always_roll", &[6]);
        let done = std::sync::atomic::AtomicU64::new(0);
        simulate(&rules, 100, &p, &p, 2345, 1, |n| {
            done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(done.into_inner(), 2345);
    }

    #[test]
    fn endless_games_end_in_simulation() {
        // Both players roll 0 under nju21: no die is ever rolled, so every
        // simulated game is the one game the replay plays, with the same end.
        let rules = Rules::nju21();
        let zero = policy(&rules, 100, "always_roll", &[0]);
        let result = simulate(&rules, 100, &zero, &zero, 10, 3, |_| {}).unwrap();
        let no_dice = |_: u32| -> Result<u32> { panic!("no die is rolled") };
        let game = play_game(&rules, 100, [&zero, &zero], State::START, 10_000, no_dice).unwrap();
        let expected = match game.winner {
            Some(0) => [10, 0, 0],
            Some(_) => [0, 10, 0],
            None => [0, 0, 10],
        };
        assert_eq!([result.wins0, result.wins1, result.draws], expected);
    }
}
