//! `hog explain`: why a cell of a table says what it says. At one state,
//! every legal action's exact chance to win, the best action, its margin to
//! the runner-up, and the point distribution of the best action's turn.
//!
//! The chance to win of action a in state x is the engine's recurrence (see
//! `solver/src/solve.rs`) read once more at x, over the solved grid:
//!
//! ```text
//!   Q(x, a) = Σ_p P(p | x, a) · { 1 if the mover wins, 0 if they lose, C(y) otherwise }
//! ```
//!
//! where y is the state the opponent sees after the turn, and C(y) is the
//! mover's chance from there: 1 − V(y) under self-play (V: the self-play
//! value, a draw counting 1/2), or L(y) against a fixed strategy (L: our
//! chance when that strategy moves in y, a draw counting 0). The best action
//! is the solved policy's (ties go to the lowest num_rolls) and its Q is the
//! solved value of x. A zero-point turn of nju21 that comes back to the same
//! scores is valued the same way: play it once, then play on as solved.

use std::io::Write;

use anyhow::{Context, Result};
use hog_solver::solve::{Driver, Engine, Grid, TIE_TOLERANCE};
use hog_solver::{Model, Rules, State, TurnResult};
use num_integer::Integer;
use serde::Serialize;

use super::{check_score, roll_words, state, write_json};
use crate::cli::ExplainArgs;
use crate::progress::SolveBar;
use crate::sources::Sources;

/// One legal action and its exact chance to win.
#[derive(Serialize)]
struct Action {
    num_rolls: i32,
    win: f64,
}

/// Where one outcome of the best action's turn leads.
#[derive(Serialize)]
struct Outcome {
    #[serde(flatten)]
    result: TurnResult,
    probability: f64,
    fraction: String,
    /// "win", "loss", or "play on".
    then: &'static str,
}

#[derive(Serialize)]
struct Explanation {
    rules: String,
    goal: u32,
    score: u32,
    opponent_score: u32,
    sides: u32,
    against: Option<String>,
    actions: Vec<Action>,
    best: i32,
    win: f64,
    /// The best action's chance minus the best other action's (0 on a tie).
    margin: Option<f64>,
    runner_up: Option<i32>,
    outcomes: Vec<Outcome>,
}

pub fn run(
    args: &ExplainArgs,
    rules: &Rules,
    goal: u32,
    sources: &Sources,
    out: &mut dyn Write,
) -> Result<()> {
    let score = check_score("score", args.score, goal)?;
    let opponent_score = check_score("opponent_score", args.opp, goal)?;
    let x = state(rules, goal, score, opponent_score, args.sides)?;
    let model = Model::new(rules, goal)?;
    let bar = SolveBar::new("solving");
    let report = |done, all| bar.report(done, all);
    let engine = Engine::<f64>::new(&model, Driver::Parallel).with_progress(&report);
    // The solved grid behind C(y), whether C(y) = 1 - grid(y) (self-play) or
    // grid(y), and the solved action at x.
    let (grid, self_play, best): (Grid<f64>, bool, i32) = match &args.against {
        None => {
            let solution = engine.optimal();
            let best = *solution.policy.get(x) as i32;
            (solution.values, true, best)
        }
        Some(against) => {
            let policy = sources.policy(against, rules, goal).context("--against")?;
            let response = engine.best_response(&policy);
            let best = *response.policy.get(x) as i32;
            (response.them, false, best)
        }
    };
    let value = |result: &TurnResult| -> (f64, &'static str) {
        if result.score >= goal {
            (1.0, "win")
        } else if result.opponent_score >= goal {
            (0.0, "loss")
        } else {
            let y = State {
                score: result.opponent_score,
                opponent_score: result.score,
                sides: result.sides,
            };
            let chance = if self_play {
                1.0 - grid.get(y)
            } else {
                *grid.get(y)
            };
            (chance, "play on")
        }
    };
    let actions: Vec<Action> = rules
        .actions()
        .map(|a| {
            let (outcomes, total) = model.turn_distribution(x, a);
            let win: f64 = outcomes
                .iter()
                .map(|(result, count)| *count as f64 / total as f64 * value(result).0)
                .sum();
            // Rounding (1 - V with V a hair above 1) can leave 1e-16 outside [0, 1].
            let win = win.clamp(0.0, 1.0);
            Action { num_rolls: a, win }
        })
        .collect();
    let win = actions
        .iter()
        .find(|a| a.num_rolls == best)
        .expect("the solved action is legal")
        .win;
    // The best other action, the lowest num_rolls among equals.
    let runner_up =
        actions
            .iter()
            .filter(|a| a.num_rolls != best)
            .fold(None, |best: Option<&Action>, a| match best {
                Some(b) if b.win >= a.win => Some(b),
                _ => Some(a),
            });
    let (mut outcomes, total) = model.turn_distribution(x, best);
    outcomes.sort_by_key(|(r, _)| (r.points, r.score, r.opponent_score));
    let outcomes: Vec<Outcome> = outcomes
        .into_iter()
        .map(|(result, count)| {
            let gcd = count.gcd(&total);
            Outcome {
                then: value(&result).1,
                result,
                probability: count as f64 / total as f64,
                fraction: format!("{}/{}", count / gcd, total / gcd),
            }
        })
        .collect();
    let explanation = Explanation {
        rules: rules.name(),
        goal,
        score,
        opponent_score,
        sides: x.sides,
        against: args.against.clone(),
        best,
        win,
        margin: runner_up.map(|r| win - r.win),
        runner_up: runner_up.map(|r| r.num_rolls),
        actions,
        outcomes,
    };
    if args.json.json {
        return write_json(out, &explanation);
    }
    write_text(&explanation, rules, x, out)
}

fn write_text(e: &Explanation, rules: &Rules, x: State, out: &mut dyn Write) -> Result<()> {
    let play = match &e.against {
        None => "both players play the self-play optimum (a draw counts 1/2)".to_string(),
        Some(against) => format!("the opponent plays {against} (a draw counts 0)"),
    };
    writeln!(
        out,
        "{}, goal {}: score {}, opponent_score {}, sides {}; {play}",
        e.rules, e.goal, e.score, e.opponent_score, e.sides
    )?;
    writeln!(out, "num_rolls  chance to win   turn")?;
    for a in &e.actions {
        let mark = if a.num_rolls == e.best {
            "  <- best"
        } else {
            ""
        };
        writeln!(
            out,
            "{:>9}  {:.12}  {}{mark}",
            a.num_rolls,
            a.win,
            roll_words(rules, x, a.num_rolls)
        )?;
    }
    match (e.runner_up, e.margin) {
        (Some(runner_up), Some(margin)) if margin < TIE_TOLERANCE => writeln!(
            out,
            "best: {} wins {:.12}, a tie with {runner_up} (ties go to the lowest num_rolls)",
            e.best, e.win
        )?,
        (Some(runner_up), Some(margin)) => writeln!(
            out,
            "best: {} wins {:.12}, {margin:.12} more than the runner-up, {runner_up}",
            e.best, e.win
        )?,
        _ => writeln!(out, "best: {} wins {:.12}, the only action", e.best, e.win)?,
    }
    writeln!(out, "the turn of {} (mover's score first):", e.best)?;
    writeln!(
        out,
        "{:>6}  {:>6}  {:>14}  {:>5}  {:>11}  {:<9}  then",
        "points", "score", "opponent_score", "sides", "probability", "fraction"
    )?;
    for o in &e.outcomes {
        let r = &o.result;
        writeln!(
            out,
            "{:>6}  {:>6}  {:>14}  {:>5}  {:>11.8}  {:<9}  {}",
            r.points, r.score, r.opponent_score, r.sides, o.probability, o.fraction, o.then
        )?;
    }
    Ok(())
}
