//! The few library calls whose signatures differ between the branches the
//! course replay runs on, in one place. This version is for the rules API
//! of `components` (no extra turns, no memories, no Perfect Piggy;
//! `after_turn` takes the turn's points). On the `engine` API
//! (`after_turn` takes [`TurnFacts`], `Rules::extra`, `next_sides` with the
//! points) only the bodies below change; the harness calls nothing else
//! that differs.

use hog_solver::rules::{Rules, State};

/// The state (score, opponent_score) with six-sided dice and nothing hidden.
pub fn state(score: u32, opponent_score: u32) -> State {
    State {
        score,
        opponent_score,
        ..State::START
    }
}

/// The after-turn rules in order on (mover, opponent) after a turn that
/// rolled `num_rolls` dice and scored `points`.
pub fn after_turn(
    rules: &Rules,
    mover: u32,
    opponent: u32,
    _num_rolls: i32,
    points: u32,
) -> (u32, u32) {
    rules.after_turn(mover, opponent, points)
}

/// Whether the course's extra-turn predicate `function` (`swine_align`,
/// `pig_pass`, `more_boar`) holds for the mover at `score` against
/// `opponent_score`, by the preset's rule of that name alone.
pub fn extra_turn(
    _rules: &Rules,
    function: &str,
    _score: u32,
    _opponent_score: u32,
) -> Result<bool, String> {
    Err(format!(
        "this rules API has no extra-turn rules ({function})"
    ))
}

/// Whether a turn that scored `points` flips the dice (Perfect Piggy).
pub fn flips_dice(_rules: &Rules, points: u32) -> Result<bool, String> {
    Err(format!(
        "this rules API has no Perfect Piggy (points {points})"
    ))
}

/// The rules without their Feral Hogs (a course's `feral_hogs=False`).
pub fn without_feral_hogs(rules: &Rules) -> Rules {
    let mut rules = rules.clone();
    rules
        .after
        .retain(|rule| !rule.to_string().starts_with("feral_hogs"));
    if rules.bonus.to_string().starts_with("feral_hogs") {
        rules.bonus = hog_solver::rules::RollBonus::None;
    }
    rules
}
