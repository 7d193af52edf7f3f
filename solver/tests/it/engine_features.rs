//! The engine features of part 2 of the semesters: extra turns (fa20,
//! sp21, su21), each player's memory (Feral Hogs: fa19, sp20, su20),
//! Perfect Piggy's hidden dice (su17), Piggy Back's points for the opponent
//! (fa15) and Hefty Hogs' zero-point turns (sp22).
//!
//! Expected values come from the course's doctests and from hand-worked
//! turns (the working is in the comments), and the exact grades are checked
//! against seeded Monte Carlo play, which plays every rule turn by turn
//! (`Rules::play_turn`), with none of the engine's layers, grids or tables.

use hog_solver::rules::{ExtraTurn, Memory, Rules, State};
use hog_solver::simulate::simulate;
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Next};

fn rules(name: &str) -> Rules {
    Rules::parse(name).expect("a semester's preset")
}

/// One turn with test dice that must be used up exactly.
fn turn(rules: &Rules, state: State, num_rolls: i32, faces: &[u32]) -> hog_solver::TurnResult {
    let mut next = faces.iter().copied();
    let result = rules
        .play_turn(state, num_rolls, |_| next.next().ok_or("too few faces"))
        .unwrap();
    assert_eq!(next.next(), None, "every face is used");
    result
}

#[test]
fn extra_turn_predicates_follow_the_course_doctests() {
    // sp21 More Boar: (21, 43) and (22, 43) yes, (7, 8) no (07 vs 08).
    assert!(ExtraTurn::MoreBoar.holds(21, 43));
    assert!(ExtraTurn::MoreBoar.holds(22, 43));
    assert!(!ExtraTurn::MoreBoar.holds(7, 8));
    // su21 More Boar: (38, 44) and (28, 5) yes, (22, 43) no.
    assert!(ExtraTurn::MoreBoarMinMax.holds(38, 44));
    assert!(ExtraTurn::MoreBoarMinMax.holds(28, 5));
    assert!(!ExtraTurn::MoreBoarMinMax.holds(22, 43));
    // fa20 Swine Align: gcd(30, 45) = 15 >= 10; gcd(20, 0): both must be > 0.
    assert!(ExtraTurn::SwineAlign.holds(30, 45));
    assert!(!ExtraTurn::SwineAlign.holds(20, 0));
    assert!(!ExtraTurn::SwineAlign.holds(14, 21)); // gcd 7
                                                   // fa20 Pig Pass: trailing by 1 or 2, not by 3, not ahead.
    assert!(ExtraTurn::PigPass.holds(10, 12));
    assert!(!ExtraTurn::PigPass.holds(9, 12));
    assert!(!ExtraTurn::PigPass.holds(12, 10));
}

#[test]
fn an_extra_turn_keeps_the_mover() {
    let fa20 = rules("fa20");
    // 28 vs 45 rolls 2 dice: 1 and 3 score 1 (Pig Out) -> 29 vs 45, no
    // extra turn; 4 and 3 score 7 -> 35 vs 45, gcd 5: none; 6 and 6 score
    // 12 -> 40 vs 45, gcd 5; 5 and 6 -> 39 vs 45: none. 43 vs 45 trails by 2.
    let x = State::new(28, 45);
    assert!(!turn(&fa20, x, 2, &[1, 3]).extra_turn);
    let result = turn(&fa20, State::new(38, 45), 2, &[2, 3]); // 43 vs 45
    assert!(result.extra_turn);
    // The engine: the mover moves again from (43, 45) as the mover.
    let model = Model::new(&fa20, 100).unwrap();
    assert_eq!(
        model.next(State::new(38, 45), 2, 5),
        Next::Again(State::new(43, 45))
    );
    // Reaching the goal ends the game: no extra turn past it.
    assert_eq!(model.next(State::new(95, 99), 2, 5), Next::Win);
}

#[test]
fn feral_hogs_remember_each_players_previous_turn() {
    // fa19: +3 when |num_rolls - the mover's previous num_rolls| = 2. Before
    // the first turn the memory is 0, so rolling 2 dice gains 3: 4 + 5 = 9
    // points, 0 + 9 + 3 = 12 (leftmost x ones: 1 x 2 = 2 vs 0 x 0: no swap).
    let fa19 = rules("fa19");
    let result = turn(&fa19, State::new(0, 0), 2, &[4, 5]);
    assert_eq!((result.points, result.score), (9, 12));
    assert_eq!(
        result.memory,
        Memory {
            mover: 2,
            opponent: 0
        }
    );
    // Rolling 3 dice after 2: no bonus. 2 + 2 + 2 = 6 -> 12 + 6 = 18 vs 30
    // (1 x 8 = 8 vs 3 x 0 = 0: no swap).
    let x = State {
        memory: Memory {
            mover: 2,
            opponent: 0,
        },
        ..State::new(12, 30)
    };
    assert_eq!(turn(&fa19, x, 3, &[2, 2, 2]).score, 18);
    // sp20: the memory is the previous turn's points. Having scored 7,
    // rolling 5 dice (|5 - 7| = 2) gains 3: 2 + 2 + 2 + 2 + 3 = 11 points,
    // 20 + 11 + 3 = 34 vs 40. 3^74 ends in 9 (the last digits of 3^k cycle
    // 3, 9, 7, 1 and 74 = 4 * 18 + 2) and starts with 2 (74 log10 3 =
    // 35.306, 10^0.306 = 2.02), so no swap: 34 vs 40, and the memory becomes 11.
    let sp20 = rules("sp20");
    let x = State {
        memory: Memory {
            mover: 7,
            opponent: 13,
        },
        ..State::new(20, 40)
    };
    let result = turn(&sp20, x, 5, &[2, 2, 2, 2, 3]);
    assert_eq!(
        (result.points, result.score, result.opponent_score),
        (11, 34, 40)
    );
    assert_eq!(
        result.memory,
        Memory {
            mover: 11,
            opponent: 13
        }
    );
    // Points of 13 or more are kept as 13: they never make |n - points| = 2.
    let result = turn(&sp20, State::new(0, 0), 3, &[6, 6, 5]);
    assert_eq!(result.memory.mover, 13);
}

#[test]
fn piggy_back_gives_the_opponent_num_rolls() {
    // fa15: a roll with a 1 scores 0 for the mover and gives the opponent
    // num_rolls: 30 vs 40 rolling 3 dice with a 1 -> 30 vs 43 (43 % 100 =
    // 43, reversed 34: not 30, no swap).
    let fa15 = rules("fa15");
    let result = turn(&fa15, State::new(30, 40), 3, &[1, 5, 6]);
    assert_eq!(
        (result.points, result.score, result.opponent_score),
        (0, 30, 43)
    );
    // The opponent can reach the goal on the mover's turn: a loss.
    let model = Model::new(&fa15, 100).unwrap();
    assert_eq!(model.next(State::new(30, 95), 5, 0), Next::Loss);
}

#[test]
fn perfect_piggy_flips_the_dice_for_both_players() {
    // su17: a turn of 4, 8, 9, 16, 25, 27, 36, ... points flips 6 <-> 4.
    // Two dice 2 + 2 = 4 (not prime, no Hogtimus): the dice flip.
    let su17 = rules("su17");
    let result = turn(&su17, State::new(10, 20), 2, &[2, 2]);
    assert_eq!((result.points, result.sides), (4, 4));
    // 2 + 3 = 5 is prime -> 7: not a square or cube, the dice stay.
    assert_eq!(turn(&su17, State::new(10, 20), 2, &[2, 3]).sides, 6);
    // With four-sided dice, 4 + 4 = 8 = 2^3 flips them back.
    let x = State {
        sides: 4,
        ..State::new(10, 20)
    };
    assert_eq!(turn(&su17, x, 2, &[4, 4]).sides, 6);
    assert!(su17.hides_state());
}

/// always_roll(n).
fn always(rules: &Rules, goal: u32, n: i64) -> Policy {
    let strategy = course_strategy(rules, "always_roll", &[n]).unwrap();
    Policy::from_strategy(&strategy, rules, goal, "always_roll").unwrap()
}

/// A strategy of the two scores: 6 dice when behind, else 3; where -1 is
/// an action (Pork Chop, Ham Hijinks), -1 instead when behind at a sum of
/// scores that is a multiple of 5, so that the dice get exchanged.
fn behind_six(rules: &Rules) -> Policy {
    let exchanges = rules.min_action() == -1;
    let strategy = move |s: u32, o: u32| match (s < o, (s + o) % 5) {
        (true, 0) if exchanges => -1,
        (true, _) => 6,
        (false, _) => 3,
    };
    Policy::from_strategy(&strategy, rules, 100, "behind_six").unwrap()
}

/// The exact chance that A, moving first, wins against B, checked against
/// 100,000 seeded games: |simulated - exact| < 5 standard errors, where the
/// standard error of a mean of N wins is sqrt(p (1 - p) / N). The same for
/// draws where the rules have them (sp22).
#[test]
fn exact_grades_agree_with_seeded_monte_carlo_play() {
    const GAMES: u64 = 100_000;
    for name in [
        "fa15",
        "su17",
        "fa19",
        "sp20",
        "su20",
        "fa20",
        "sp21",
        "su21",
        "sp22",
        "fa13-contest",
        "su15-contest",
        "sp17-contest",
        "fa17-contest",
        "fa18-contest",
        "sp21-contest",
    ] {
        let rules = rules(name);
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let (a, b) = (behind_six(&rules), always(&rules, 100, 4));
        let exact = engine.grade(&a, &b).first;
        let played = simulate(&rules, 100, &a, &b, GAMES, 61, |_| {}).unwrap();
        let n = GAMES as f64;
        for (what, exact, seen) in [
            ("A wins", exact.a_wins, played.wins0 as f64 / n),
            ("draws", exact.draw, played.draws as f64 / n),
        ] {
            let error = (exact * (1.0 - exact) / n).sqrt();
            assert!(
                (seen - exact).abs() <= 5.0 * error + 1e-12,
                "{name} {what}: exact {exact}, {seen} in {GAMES} games (5 standard errors {})",
                5.0 * error
            );
        }
    }
}

/// A best response that sees the hidden state (the memories, the sides)
/// wins at least as much as any strategy of the two scores, and its win
/// rate is the grade of its own policy (the recursions agree). Feral Hogs'
/// memories make 121 or 196 times the states: those presets play to 30.
#[test]
fn best_responses_bound_every_strategy_and_grade_as_they_value() {
    for (name, goal) in [
        ("su17", 100),
        ("fa19", 30),
        ("sp20", 30),
        ("fa20", 100),
        ("sp21", 100),
        ("fa15", 100),
    ] {
        let rules = rules(name);
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let b = always(&rules, goal, 4);
        let response = engine.best_response(&b);
        let policy = response.policy.to_policy(&model);
        let graded = engine.grade(&policy, &b).win_rate;
        assert!(
            (graded - response.win_rate()).abs() < 1e-12,
            "{name}: best response {} graded {graded}",
            response.win_rate()
        );
        for n in 0..=10 {
            let other = engine.grade(&always(&rules, goal, n), &b).win_rate;
            assert!(
                other <= graded + 1e-12,
                "{name}: always_roll({n}) {other} > {graded}"
            );
        }
    }
}
