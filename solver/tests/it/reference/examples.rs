//! docs/rules.md's worked examples of the part-2 rules (Piggy Back, Perfect
//! Piggy, extra turns, Feral Hogs' memories), played as whole turns of the
//! reference: what the docs say each turn leaves, worked by hand.

use hog_solver::Rules;

use super::{Reference, Situation, Turn};

/// (score, opponent_score) with six-sided dice and nothing remembered.
fn situation(score: u32, opponent_score: u32) -> Situation {
    Situation {
        score,
        opponent_score,
        sides: 6,
        mover_remembers: 0,
        opponent_remembers: 0,
        turn: 0,
        extra: false,
    }
}

fn reference(name: &str) -> Reference {
    Reference::new(&Rules::parse(name).unwrap(), 100)
}

/// The total probability of the outcomes of `action` in `x` that end as `end`.
fn chance(reference: &Reference, x: Situation, action: i32, end: Turn) -> f64 {
    reference
        .turn(x, action)
        .into_iter()
        .filter(|(_, turn)| *turn == end)
        .map(|(p, _)| p)
        .sum()
}

#[test]
fn fa15_piggy_back_hands_the_opponent_num_rolls_before_the_swap() {
    let fa15 = reference("fa15");
    assert_eq!(fa15.game.preset.roll_points(30, &[1, 5, 6]), 0);
    // At 30 vs 41, three dice with a 1 (1 − (5/6)³ = 91/216) make it 30 vs
    // 44; the opponent moves next, at 44 vs 30.
    let piggy_back = chance(
        &fa15,
        situation(30, 41),
        3,
        Turn::Continues(situation(44, 30)),
    );
    assert!((piggy_back - 91.0 / 216.0).abs() < 1e-15, "{piggy_back}");
    // At 50 vs 97 (147 = 7 · 21: four-sided dice), three dice with a 1,
    // 1 − (3/4)³ = 37/64, hand the opponent the goal.
    let loss = chance(&fa15, situation(50, 97), 3, Turn::OpponentWins);
    assert!((loss - 37.0 / 64.0).abs() < 1e-15, "{loss}");
    // At 12 vs 19, two dice with a 1: 12 vs 21, which swaps to 21 vs 12.
    assert_eq!(
        fa15.end_of_turn(situation(12, 19), 2, 0),
        Turn::Continues(situation(12, 21))
    );
    // Free Bacon against 60 scores 7, which Hogtimus Prime makes 11.
    assert_eq!(
        fa15.turn(situation(0, 60), 0),
        [(1.0, Turn::Continues(situation(60, 11)))]
    );
}

#[test]
fn su17_perfect_piggy_flips_the_dice_on_squares_and_cubes() {
    let su17 = reference("su17");
    // Free Bacon against 7 scores 8, a cube: the opponent rolls four-sided dice.
    let four_sided = Situation {
        sides: 4,
        ..situation(7, 8)
    };
    assert_eq!(
        su17.turn(situation(0, 7), 0),
        [(1.0, Turn::Continues(four_sided))]
    );
    assert_eq!(su17.game.preset.dice(four_sided).sides, 4);
    // Dice summing 7 score 11 (a prime raised), which flips nothing.
    assert_eq!(su17.game.preset.modify_points(7, 2), 11);
    assert_eq!(su17.game.preset.next_sides(6, 2, 11), 6);
    // 121 = 11² flips, and flips back; 1 does not.
    assert_eq!(su17.game.preset.next_sides(4, 10, 121), 6);
    assert_eq!(su17.game.preset.next_sides(6, 1, 1), 6);
}

#[test]
fn extra_turns_keep_the_mover() {
    let fa20 = reference("fa20");
    for (opponent, points) in [(0, 6), (1, 4), (2, 7), (5, 12)] {
        assert_eq!(
            fa20.game.preset.zero_dice_points(situation(0, opponent)),
            points
        );
    }
    // Swine Align: 14 + 6 = 20 vs 20, gcd 20. Pig Pass: 15 + 3 = 18 vs 20.
    // The turn they give is an extra turn.
    let again = |score, opponent| {
        Turn::Again(Situation {
            extra: true,
            ..situation(score, opponent)
        })
    };
    assert_eq!(fa20.end_of_turn(situation(14, 20), 2, 6), again(20, 20));
    assert_eq!(fa20.end_of_turn(situation(15, 20), 2, 3), again(18, 20));
    assert_eq!(
        fa20.end_of_turn(situation(15, 20), 2, 8),
        Turn::Continues(situation(20, 23))
    );

    let sp21 = reference("sp21");
    for (opponent, points) in [(12, 4), (5, 5), (0, 3)] {
        assert_eq!(
            sp21.game.preset.zero_dice_points(situation(0, opponent)),
            points
        );
    }
    for ((m, o), again) in [((21, 43), true), ((22, 43), true), ((7, 8), false)] {
        assert_eq!(sp21.game.preset.extra_turn(m, o), again, "sp21 {m} vs {o}");
    }

    let su21 = reference("su21");
    for (opponent, points) in [(42, 6), (7, 11)] {
        assert_eq!(
            su21.game.preset.zero_dice_points(situation(0, opponent)),
            points
        );
    }
    for ((m, o), again) in [((38, 44), true), ((28, 5), true), ((22, 43), false)] {
        assert_eq!(su21.game.preset.extra_turn(m, o), again, "su21 {m} vs {o}");
    }
}

#[test]
fn feral_hogs_remember_each_players_previous_turn() {
    let fa19 = reference("fa19");
    // At 10 vs 43, having rolled 3 dice (the opponent 7), the mover rolls 5
    // dice for 13 points: 23, and 26 with Feral Hogs (|5 − 3| = 2); 2 · 6 =
    // 12 = 4 · 3 swaps the scores to 43 vs 26. The opponent, at 26 vs 43,
    // remembers their 7 dice, and the mover's 5.
    let x = Situation {
        mover_remembers: 3,
        opponent_remembers: 7,
        ..situation(10, 43)
    };
    assert_eq!(
        fa19.end_of_turn(x, 5, 13),
        Turn::Continues(Situation {
            mover_remembers: 7,
            opponent_remembers: 5,
            ..situation(26, 43)
        })
    );
    // A first turn of 2 dice gains 3 (|2 − 0| = 2): 0 + 4 + 3 = 7 vs 8, no swap (49 ≠ 64).
    assert_eq!(
        fa19.end_of_turn(situation(0, 8), 2, 4),
        Turn::Continues(Situation {
            opponent_remembers: 2,
            ..situation(8, 7)
        })
    );

    let sp20 = reference("sp20");
    assert_eq!(sp20.game.preset.zero_dice_points(situation(0, 45)), 13);
    // After a turn of 2 points, Free Bacon (0 dice) gains 3; after 8
    // points, 6 dice do, and 5 do not. The points are remembered without
    // the bonus.
    let after = |points| Situation {
        mover_remembers: points,
        ..situation(30, 50)
    };
    assert_eq!(sp20.game.preset.after_turn(40, 50, 10, 0, 2), (43, 50));
    assert_eq!(sp20.game.preset.after_turn(40, 50, 10, 6, 8), (43, 50));
    assert_eq!(sp20.game.preset.after_turn(40, 50, 10, 5, 8), (40, 50));
    assert_eq!(
        sp20.end_of_turn(after(8), 6, 10),
        Turn::Continues(Situation {
            opponent_remembers: 10,
            ..situation(50, 43)
        })
    );
    // 23 + 4: 3^27 = 7625597484987 swaps.
    assert_eq!(sp20.game.preset.after_turn(23, 4, 0, 1, 0), (4, 23));

    let su20 = reference("su20");
    for (opponent, points) in [(42, 12), (7, 3), (90, 19)] {
        assert_eq!(
            su20.game.preset.zero_dice_points(situation(0, opponent)),
            points
        );
    }
    assert_eq!(su20.game.preset.after_turn(15, 32, 5, 1, 0), (32, 15));
    assert_eq!(su20.game.preset.after_turn(17, 32, 5, 1, 0), (17, 32));
}
