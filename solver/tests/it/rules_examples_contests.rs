//! The worked examples of docs/rules.md's contest presets, played turn by
//! turn with test dice through [`Rules::play_turn`], each turn's next state
//! by [`hog_solver::TurnResult::next_state`], one table per example.
//!
//! Expected values come from the course's pages (the fa13 contest's sample
//! game, the su15 contest's Pig Fest example) or are worked by hand from
//! the rules in a comment; none was obtained by running this code.

use hog_solver::rules::{Memory, Rules, State};

/// One turn of a scripted game: what the mover sees, what they answer, the
/// faces of their dice, and what the turn leaves.
struct Step {
    /// Which player moves (0 or 1), their score and the opponent's.
    mover: usize,
    seen: (u32, u32),
    /// The dice sides every die of the turn has (none asked without dice).
    dice: Option<u32>,
    num_rolls: i32,
    faces: &'static [u32],
    /// The turn's points, and whether the mover moves again.
    points: u32,
    again: bool,
}

/// Plays the steps from `start` (player 0 to move), checking each, and
/// returns the state after the last one.
fn play(rules: &Rules, start: State, steps: &[Step]) -> State {
    let (mut x, mut mover) = (start, 0);
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(
            (mover, (x.score, x.opponent_score)),
            (step.mover, step.seen),
            "step {i}"
        );
        let mut faces = step.faces.iter();
        let mut asked = vec![];
        let result = rules
            .play_turn(x, step.num_rolls, |sides| {
                asked.push(sides);
                faces.next().copied().ok_or("too few faces")
            })
            .unwrap();
        assert!(faces.next().is_none(), "step {i}: faces left over");
        if let Some(sides) = step.dice {
            assert!(
                asked.iter().all(|&s| s == sides),
                "step {i}: dice {asked:?}"
            );
        }
        assert_eq!(
            (result.points, result.extra_turn),
            (step.points, step.again),
            "step {i}"
        );
        if !result.extra_turn {
            mover = 1 - mover;
        }
        x = result.next_state(rules);
    }
    x
}

fn step(
    mover: usize,
    seen: (u32, u32),
    dice: Option<u32>,
    num_rolls: i32,
    faces: &'static [u32],
    points: u32,
    again: bool,
) -> Step {
    Step {
        mover,
        seen,
        dice,
        num_rolls,
        faces,
        points,
        again,
    }
}

/// fa13-contest, Ham Hijinks: the fa13 contest page's sample game. Player 0
/// exchanges the dice (1 to 0); player 1 rolls two four-sided dice for 6
/// (1 to 6); player 0, at a sum of 7, rolls four six-sided dice for 13 (14
/// to 6); player 1 exchanges again, 7 to 14 swapped to 14 to 7 from player
/// 1's side; player 0 would roll four-sided dice at the sum 21.
#[test]
fn ham_hijinks_plays_the_contest_pages_sample_game() {
    let rules = Rules::parse("fa13-contest").unwrap();
    let end = play(
        &rules,
        State::START,
        &[
            step(0, (0, 0), None, -1, &[], 1, false),
            step(1, (0, 1), Some(4), 2, &[2, 4], 6, false),
            step(0, (1, 6), Some(6), 4, &[6, 3, 2, 2], 13, false),
            step(1, (6, 14), None, -1, &[], 1, false),
        ],
    );
    assert_eq!((end.score, end.opponent_score, end.sides), (7, 14, 6));
    assert_eq!(rules.dice(end).sides, 4);
    // Pork Chop leaves Hog Wild's dice four-sided whatever the exchanges.
    let pork_chop = Rules::parse(&rules.to_string().replace("ham_hijinks", "pork_chop")).unwrap();
    let exchanged = State {
        sides: 4,
        ..State::new(1, 6)
    };
    assert_eq!(pork_chop.dice(exchanged).sides, 4);
    assert_eq!(rules.dice(exchanged).sides, 6);
}

/// su15-contest, Pig Fest: (the mover's Pig Outs in a row before the turn,
/// the opponent's score, num_rolls, faces, points scored, the mover's new
/// score from 20, the run after). The page: "if a player's score multiplier
/// is 3, and they score 12 on their next turn, their final turn score is
/// 12 * 3 = 36". By hand: a run of 1 multiplies by max(1, 1) = 1; a run of
/// 2 makes Free Bacon's 1 + 4 = 5 against 34 into 10 and -1's 1 into 2; a
/// Pig Out scores 1 and lengthens the run, capped at 3; every other turn
/// restarts it.
#[test]
fn pig_fest_multiplies_the_turn_after_pig_outs() {
    let rules = Rules::parse("su15-contest").unwrap();
    // (the run before, the opponent's score, num_rolls, faces, points, the
    // mover's score after the turn from 20, the run after)
    type Case<'a> = (u8, u32, i32, &'a [u32], u32, u32, u8);
    let cases: [Case; 7] = [
        (3, 30, 2, &[6, 6], 12, 56, 0),
        (1, 30, 2, &[6, 6], 12, 32, 0),
        (0, 30, 2, &[6, 6], 12, 32, 0),
        (2, 34, 0, &[], 5, 30, 0),
        (2, 30, -1, &[], 1, 22, 0),
        (2, 30, 3, &[1, 6, 6], 1, 21, 3),
        (3, 30, 1, &[1], 1, 21, 3),
    ];
    for (run, opponent, num_rolls, faces, points, score, after) in cases {
        let x = State {
            memory: Memory {
                mover: run,
                opponent: 2,
            },
            ..State::new(20, opponent)
        };
        let mut faces = faces.iter();
        let result = rules
            .play_turn(x, num_rolls, |_| faces.next().copied().ok_or(()))
            .unwrap();
        let case = format!("run {run}, {num_rolls} dice");
        assert_eq!(result.points, points, "{case}");
        assert_eq!(
            (result.score, result.opponent_score),
            (score, opponent),
            "{case}"
        );
        assert_eq!(
            result.memory,
            Memory {
                mover: after,
                opponent: 2
            },
            "{case}"
        );
    }
}

/// fa17-contest, Time Trot mod 8: player 0 rolls 0 dice on turn 0 (Free
/// Bacon: 1 point) and moves again on turn 1, an extra turn, where 1 die
/// gives no other (turn 1 is itself an extra turn); player 1 rolls 2 dice
/// on turn 2 and moves again on turn 3, where 3 dice give nothing either.
#[test]
fn time_trot_gives_an_extra_turn_never_twice_in_a_row() {
    let rules = Rules::parse("fa17-contest").unwrap();
    let end = play(
        &rules,
        State::START,
        &[
            step(0, (0, 0), None, 0, &[], 1, true),
            step(0, (1, 0), Some(6), 1, &[5], 5, false),
            step(1, (0, 6), Some(6), 2, &[3, 4], 7, true),
            step(1, (7, 6), Some(6), 3, &[2, 2, 2], 6, false),
        ],
    );
    assert_eq!((end.turn, end.extra), (4, false));
    // Mod 5 (fa18): turn 7 is 2 mod 5, and 2 dice there trot; 7 dice never.
    let fa18 = Rules::parse("fa18-contest").unwrap();
    let seventh = State {
        turn: 2,
        ..State::new(30, 20)
    };
    let trots = |n: i32| {
        let faces = [3u32; 7];
        let mut faces = faces.iter();
        let result = fa18
            .play_turn(seventh, n, |_| faces.next().copied().ok_or(()))
            .unwrap();
        (result.extra_turn, result.turn)
    };
    assert_eq!(trots(2), (true, 3));
    assert_eq!(trots(3), (false, 3));
}

/// sp21-contest: Piggy Points of 3 on turn 0 trot (0 mod 8 = 0 dice), and
/// the extra turn rolls eight-sided dice: an 8 makes 11 to 0, no More Boar
/// (1 is not below 0), no Time Trot on an extra turn; player 1 then rolls
/// six-sided dice on turn 2. A More Boar extra turn rolls eight-sided dice
/// too, and Time Trot gives none on it: at 21 vs 43 More Boar holds, and on
/// that extra turn 3 dice on turn 3 give no second one from Time Trot.
#[test]
fn sp21_extra_turns_roll_eight_sided_dice_and_never_trot() {
    let rules = Rules::parse("sp21-contest").unwrap();
    let end = play(
        &rules,
        State::START,
        &[
            step(0, (0, 0), None, 0, &[], 3, true),
            step(0, (3, 0), Some(8), 1, &[8], 8, false),
            step(1, (0, 11), Some(6), 1, &[5], 5, false),
        ],
    );
    assert_eq!((end.turn, end.extra), (3, false));
    // (15, 43) + 6 = (21, 43): More Boar, on turn 3; the extra turn is turn 4.
    let more_boar = play(
        &rules,
        State {
            turn: 3,
            ..State::new(15, 43)
        },
        &[step(0, (15, 43), Some(6), 2, &[3, 3], 6, true)],
    );
    assert_eq!((more_boar.turn, more_boar.extra), (4, true));
    assert_eq!(rules.dice(more_boar).sides, 8);
    // 4 dice on turn 4 match 4 mod 8, but the turn is an extra turn.
    let faces = [2u32; 4];
    let mut faces = faces.iter();
    let result = rules
        .play_turn(more_boar, 4, |_| faces.next().copied().ok_or(()))
        .unwrap();
    assert!(!result.extra_turn, "(29, 43): no More Boar, no Time Trot");
}
