//! The few library calls of the course replay that depend on the shape of
//! the rules API, in one place: the state (its hidden memory), the
//! after-turn rules' facts, the extra-turn rules, the dice sides' flip and
//! Feral Hogs. This version is for the engine's API (`TurnFacts`,
//! `Rules::extra`, `next_sides` with the points, Feral Hogs as after-turn
//! rules); on another shape only these bodies change.

use hog_solver::rules::{Rules, State, TurnFacts};

/// The state (score, opponent_score) with six-sided dice and nothing
/// remembered, as a course's game starts.
pub fn state(score: u32, opponent_score: u32) -> State {
    State {
        score,
        opponent_score,
        ..State::START
    }
}

/// The after-turn rules in order on (mover, opponent) after a turn that
/// rolled `num_rolls` dice and scored `points`, with nothing remembered.
pub fn after_turn(
    rules: &Rules,
    mover: u32,
    opponent: u32,
    num_rolls: i32,
    points: u32,
) -> (u32, u32) {
    let facts = TurnFacts {
        num_rolls,
        points,
        memory: 0,
    };
    rules.after_turn(mover, opponent, facts)
}

/// Whether the course's extra-turn predicate `function` (`swine_align`,
/// `pig_pass`, `more_boar`) holds for the mover at `score` against
/// `opponent_score`, by the preset's extra-turn rule of that name alone
/// (fa20's tests check Swine Align and Pig Pass one at a time).
pub fn extra_turn(
    rules: &Rules,
    function: &str,
    score: u32,
    opponent_score: u32,
) -> Result<bool, String> {
    let mut alone = rules.clone();
    alone
        .extra
        .retain(|rule| rule.to_string().starts_with(function));
    if alone.extra.is_empty() {
        return Err(format!(
            "the preset has no extra-turn rule named {function} (its rules: {:?})",
            rules.extra
        ));
    }
    Ok(alone.scores_give_extra_turn(score, opponent_score))
}

/// Whether a turn that scored `points` flips the dice (Perfect Piggy).
pub fn flips_dice(rules: &Rules, points: u32) -> Result<bool, String> {
    Ok(rules.next_sides(6, 1, points) != 6)
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
