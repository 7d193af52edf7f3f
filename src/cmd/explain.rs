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
use hog_solver::exact::Exact;
use hog_solver::rules::Memory;
use hog_solver::solve::{Driver, Engine, Grid, Probability};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules, State, TurnResult};
use num_integer::Integer;
use serde::Serialize;

use super::{check_score, exact_json, roll_words, state, write_json};
use crate::cli::ExplainArgs;
use crate::progress::SolveBar;
use crate::sources::Sources;

/// One legal action and its exact chance to win.
#[derive(Serialize)]
struct Action {
    num_rolls: i32,
    win: f64,
    /// With --exact: the chance as a reduced fraction "p/q".
    #[serde(skip_serializing_if = "Option::is_none")]
    win_exact: Option<String>,
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
    /// With --exact: the margin as a reduced fraction "p/q".
    #[serde(skip_serializing_if = "Option::is_none")]
    margin_exact: Option<String>,
    /// Whether the runner-up ties the best (exactly with --exact, else within
    /// the f64 tie tolerance); ties go to the lowest num_rolls.
    tie: bool,
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
    let b = match &args.against {
        Some(against) => Some(sources.policy(against, rules, goal).context("--against")?),
        None => None,
    };
    let bar = SolveBar::new("solving");
    let report = |done, all| bar.report(done, all);
    let Chances {
        actions,
        best,
        runner_up,
        tie,
    } = if args.exact.exact {
        chances::<Exact>(&model, x, b.as_ref(), &report, |v| Some(exact_json(v)))
    } else {
        chances::<f64>(&model, x, b.as_ref(), &report, |_| None)
    };
    let win = actions
        .iter()
        .find(|a| a.num_rolls == best)
        .expect("the solved action is legal")
        .win;
    let margin = runner_up.as_ref().map(|(_, margin, _)| *margin);
    let margin_exact = runner_up.as_ref().and_then(|(_, _, exact)| exact.clone());
    let runner_up = runner_up.map(|(a, _, _)| a);
    // Where each outcome of the best action leads (the values are in `actions`).
    let then = |result: &TurnResult| -> &'static str {
        if result.score >= goal {
            "win"
        } else if result.opponent_score >= goal {
            "loss"
        } else {
            "play on"
        }
    };
    let (mut outcomes, total) = model.turn_distribution(x, best);
    outcomes.sort_by_key(|(r, _)| (r.points, r.score, r.opponent_score));
    let outcomes: Vec<Outcome> = outcomes
        .into_iter()
        .map(|(result, count)| {
            let gcd = count.gcd(&total);
            Outcome {
                then: then(&result),
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
        margin,
        margin_exact,
        tie,
        runner_up,
        actions,
        outcomes,
    };
    if args.json.json {
        return write_json(out, &explanation);
    }
    write_text(&explanation, rules, x, out)
}

/// Every legal action's chance to win at x, the solved action, the runner-up
/// (its num_rolls, the margin, and the margin as a fraction if exact), and
/// whether the runner-up ties the best.
struct Chances {
    actions: Vec<Action>,
    best: i32,
    runner_up: Option<(i32, f64, Option<String>)>,
    tie: bool,
}

/// [`Chances`] in the number type V; `fraction` writes a V as "p/q" (None
/// for f64).
fn chances<V: Probability>(
    model: &Model,
    x: State,
    b: Option<&Policy>,
    progress: &(dyn Fn(u64, u64) + Sync),
    fraction: impl Fn(&V) -> Option<String>,
) -> Chances {
    let engine = Engine::<V>::new(model, Driver::Parallel).with_progress(progress);
    // The solved grids behind C(y): the opponent's move (C(y) = 1 - grid(y)
    // in self-play, grid(y) against B), our own move after an extra turn
    // (own(y)), and the solved action at x.
    let (grid, own, self_play, best): (Grid<V>, Option<Grid<V>>, bool, i32) = match b {
        None => {
            let solution = engine.optimal();
            let best = *solution.policy.get(x) as i32;
            (solution.values, None, true, best)
        }
        Some(b) => {
            let response = engine.best_response(b);
            let best = *response.policy.get(x) as i32;
            (response.them, Some(response.us), false, best)
        }
    };
    let own = own.as_ref().unwrap_or(&grid);
    let goal = model.goal();
    let value = |result: &TurnResult| -> V {
        if result.score >= goal {
            V::one()
        } else if result.opponent_score >= goal {
            V::zero()
        } else if result.extra_turn {
            own.get(State {
                score: result.score,
                opponent_score: result.opponent_score,
                sides: result.sides,
                memory: result.memory,
            })
            .clone()
        } else {
            let y = State {
                score: result.opponent_score,
                opponent_score: result.score,
                sides: result.sides,
                memory: Memory {
                    mover: result.memory.opponent,
                    opponent: result.memory.mover,
                },
            };
            if self_play {
                V::one() - grid.get(y).clone()
            } else {
                grid.get(y).clone()
            }
        }
    };
    let wins: Vec<(i32, V)> = model
        .rules()
        .actions()
        .map(|a| {
            let (outcomes, total) = model.turn_distribution(x, a);
            let win = outcomes.iter().fold(V::zero(), |sum, (result, count)| {
                sum + V::from_counts(*count, total) * value(result)
            });
            (a, win)
        })
        .collect();
    let best_win = &wins
        .iter()
        .find(|(a, _)| *a == best)
        .expect("the solved action is legal")
        .1;
    // The best other action: the lowest num_rolls among those that tie the
    // highest other chance (within the f64 tie tolerance, or exactly).
    let others = || wins.iter().filter(|(a, _)| *a != best);
    let highest = others()
        .map(|(_, w)| w.clone())
        .reduce(|a, b| if b > a { b } else { a });
    let runner_up = highest.and_then(|h| others().find(|(_, w)| V::ties(w, &h)));
    let tie = runner_up.is_some_and(|(_, w)| V::ties(w, best_win));
    let runner_up = runner_up.map(|(a, w)| {
        let margin = best_win.clone() - w.clone();
        (*a, margin.to_f64(), fraction(&margin))
    });
    let actions = wins
        .iter()
        .map(|(a, win)| Action {
            num_rolls: *a,
            // Rounding (1 - V with V a hair above 1) can leave 1e-16 outside [0, 1].
            win: win.to_f64().clamp(0.0, 1.0),
            win_exact: fraction(win),
        })
        .collect();
    Chances {
        actions,
        best,
        runner_up,
        tie,
    }
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
        (Some(runner_up), Some(_)) if e.tie => writeln!(
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
