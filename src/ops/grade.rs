//! A strategy's exact win rate against an opponent, the course's
//! `average_win_rate` (`hog grade`, Python's `grade`), with what the course
//! says beside it: its target, and a word when the strategy does not beat
//! the opponent.

use anyhow::{Context, Result};
use hog_solver::evaluate::Grade;
use hog_solver::exact::Exact;
use hog_solver::solve::{Driver, Engine};
use hog_solver::{Model, Rules};

use super::costliest::{costliest, Costliest};
use super::{
    against_or_course, course_target, losing, pasted_for_another_game, Progress, StrategyContext,
};
use crate::strategies::{Sources, Strategy};

/// A grade to compute: the game, the strategy, its opponent (the course
/// baseline by default), whether in exact fractions, and how many of the
/// costliest decisions to find.
pub struct GradeInput {
    pub rules: Rules,
    pub goal: u32,
    pub strategy: Strategy,
    pub against: Option<Strategy>,
    pub exact: bool,
    pub costliest: usize,
}

/// The grade: the figures (with `exact`, the exact figures' nearest
/// doubles) and, with `exact`, the exact figures themselves.
pub struct Graded {
    pub strategy: String,
    pub against: String,
    pub figures: Grade<f64>,
    pub exact: Option<Grade<Exact>>,
    /// Whether the strategy answers by state that `final_strategy(score,
    /// opponent_score)` cannot see (fa16's dice sides): then it cannot be
    /// handed in.
    pub sees_hidden_state: bool,
    /// The win rate the course asked for against its baseline, where it
    /// set one and the opponent is that baseline ("0.80"), and whether the
    /// strategy reaches it.
    pub course_target: Option<&'static str>,
    pub meets_target: Option<bool>,
    /// A word when the strategy ties or loses to its opponent.
    pub warning: Option<String>,
    /// A word when the strategy is a module holding a table made for
    /// another game (see [`super::pasted_for_another_game`]).
    pub made_for_another_game: Option<String>,
    /// The decisions whose change alone would win most (in f64, also
    /// with `exact`).
    pub costliest: Costliest,
}

pub fn grade(input: &GradeInput, sources: &Sources, progress: Progress) -> Result<Graded> {
    let GradeInput { rules, goal, .. } = input;
    let against = against_or_course(input.against.as_ref(), rules)?;
    let a = sources
        .play(&input.strategy, rules, *goal)
        .strategy_context("the strategy")?;
    let b = sources
        .play(&against, rules, *goal)
        .context("the opponent (--against)")?;
    let model = Model::new(rules, *goal)?;
    let job = match input.costliest {
        0 => hog_solver::memory::Job::Evaluate,
        _ => hog_solver::memory::Job::Costliest,
    };
    crate::alloc::check_memory(&model, job)?;
    let engine = Engine::<f64>::new(&model, Driver::Parallel).with_progress(progress);
    let (figures, exact) = if input.exact {
        let exact = Engine::<Exact>::new(&model, Driver::Parallel)
            .with_progress(progress)
            .grade(&a, &b);
        (exact.to_f64(), Some(exact))
    } else {
        (engine.grade(&a, &b), None)
    };
    // The costliest decisions are graded again in f64, against A's own f64 grade.
    let win_rate = match exact {
        Some(_) if input.costliest > 0 => engine.grade(&a, &b).win_rate,
        _ => figures.win_rate,
    };
    let costliest = costliest(&model, &engine, &a, &b, win_rate, input.costliest);
    let (strategy, against) = (input.strategy.name(), against.name());
    let target = course_target(rules, against, figures.win_rate);
    Ok(Graded {
        course_target: target.map(|(target, _)| target),
        meets_target: target.map(|(_, meets)| meets),
        warning: losing(strategy, against, figures.win_rate),
        made_for_another_game: pasted_for_another_game(&input.strategy, rules, *goal),
        sees_hidden_state: a.sees_hidden(),
        strategy: strategy.to_string(),
        against: against.to_string(),
        figures,
        exact,
        costliest,
    })
}
