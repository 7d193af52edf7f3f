//! Why a cell of a table says what it says. At one state,
//! every legal action's exact chance to win, the best action, its margin to
//! the runner-up, and the point distribution of the best action's turn.
//!
//! The chance to win of action a in state x is the engine's recurrence (see
//! `solver/src/solve/mod.rs`) read once more at x:
//!
//! ```text
//!   Q(x, a) = Σ_p P(p | x, a) · { 1 if the mover wins, 0 if they lose, C(y) otherwise }
//! ```
//!
//! where y is the state the opponent sees after the turn, and C(y) is the
//! mover's chance from there:
//!
//! * by default, 1 − V(y) under self-play (V: the self-play value, a draw
//!   counting 1/2), or L(y) against `--against`'s fixed strategy (L: our
//!   chance when that strategy moves in y, playing its best response, a
//!   draw counting 0). The best action is the solved policy's (ties go to
//!   the lowest num_rolls) and its Q is the solved value of x;
//! * with `--strategy S`, L(y) of S against the opponent (`--against`, by
//!   default the course baseline): our chance when the opponent moves in y
//!   and we play S from then on. The best action is the one with the
//!   highest Q, S's own answer where it ties it.
//!
//! A strategy of the two scores alone (a course strategy) answers a cell
//! (s, o) the same whatever the hidden state (fa16's dice sides). Its
//! answer is then best for the mix of the hidden values, each weighted by
//! μ(s, o, h), the chance that a game of S against the opponent reaches
//! (s, o, h) with S to move ([`hog_solver::solve::Engine::reach`]): the
//! chance shown is Σ_h μ(h) Q((s, o, h), a) / Σ_h μ(h), as `hog final`'s
//! blind search weighs it. A zero-point turn of nju21 that comes back to
//! the same scores is valued the same way: play it once, then play on.

use anyhow::{bail, Context, Result};
use hog_solver::evaluate::Evaluation;
use hog_solver::exact::Exact;
use hog_solver::rules::Memory;
use hog_solver::solve::{Driver, Engine, Grid, Probability};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Rules, State, TurnResult};
use num_integer::Integer;
use serde::Serialize;

use super::{course_baseline, exact_fraction_text, exact_json, Cell, Progress};
use crate::strategies::{Sources, Strategy};

/// One legal action and its exact chance to win.
#[derive(Serialize)]
pub struct Action {
    pub num_rolls: i32,
    /// The chance to win; for a blind strategy's mix, the reach-weighted mean.
    pub win: f64,
    /// With --exact: the chance as a reduced fraction "p/q" (not for a mix).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_exact: Option<String>,
    /// For a blind strategy's mix: the chance with each hidden value, in
    /// the order of `hidden`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_hidden: Option<Vec<f64>>,
    /// With --exact, for the terminal: 17 digits and the short fraction.
    #[serde(skip)]
    pub exact_text: Option<(String, String)>,
}

/// One hidden value of a cell that a blind strategy answers alike.
#[derive(Serialize)]
pub struct Hidden {
    pub sides: u32,
    #[serde(skip_serializing_if = "Memory::is_none")]
    pub memory: Memory,
    /// μ: the chance that a game reaches the state with the strategy to move.
    pub reach: f64,
    /// Its share of the cell's reach: the weight of its chances in the mix.
    pub share: f64,
    /// For the terminal: "sides 4".
    #[serde(skip)]
    pub label: String,
}

/// Where one outcome of the best action's turn leads.
#[derive(Serialize)]
pub struct Outcome {
    #[serde(flatten)]
    pub result: TurnResult,
    pub probability: f64,
    pub fraction: String,
    /// "win", "loss", or "play on".
    pub then: &'static str,
}

/// Why the best action is best in one state: every legal action's chance
/// to win, the best, the runner-up and the margin, and where the best
/// action's turn leads.
#[derive(Serialize)]
pub struct Explanation {
    /// The state explained, as the mover sees it.
    #[serde(skip)]
    pub state: State,
    pub rules: String,
    pub goal: u32,
    pub score: u32,
    pub opponent_score: u32,
    pub sides: u32,
    pub against: Option<String>,
    /// With --strategy: the strategy explained, and its answer here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plays: Option<i32>,
    /// With --strategy, where the rules hide state that the strategy does
    /// not see: the hidden values it mixes here (empty if no game reaches
    /// the cell, whose chances are then those with `sides`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Vec<Hidden>>,
    /// Whether the answer depends on state that final_strategy(score,
    /// opponent_score) cannot see (fa16's dice sides).
    pub sees_hidden_state: bool,
    pub actions: Vec<Action>,
    pub best: i32,
    pub win: f64,
    /// The best action's chance minus the best other action's (0 on a tie).
    pub margin: Option<f64>,
    /// With --exact: the margin as a reduced fraction "p/q".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin_exact: Option<String>,
    #[serde(skip)]
    pub margin_text: Option<(String, String)>,
    /// Whether the runner-up ties the best (exactly with --exact, else within
    /// the f64 tie tolerance); ties go to the lowest num_rolls.
    pub tie: bool,
    pub runner_up: Option<i32>,
    pub outcomes: Vec<Outcome>,
}

/// An exact value for JSON ("p/q") and for the terminal (17 digits, and the
/// fraction shortened).
pub type ExactText = (String, (String, String));

/// Writes a value as [`ExactText`]; nothing for f64.
pub type Fraction<'a, V> = &'a dyn Fn(&V) -> Option<ExactText>;

/// A state to explain: the game, the state, the opponent (the self-play
/// optimum where none is given), the strategy whose choice is explained
/// (`final`: the file to hand in against the opponent; by default the
/// best action) and whether the chances are exact fractions.
pub struct ExplainInput {
    pub rules: Rules,
    pub goal: u32,
    pub cell: Cell,
    pub against: Option<Strategy>,
    pub strategy: Option<Explained>,
    pub exact: bool,
}

/// The strategy whose choice is explained: one given, or `final`, the file
/// `hog final` makes against the opponent (the best strategy of the two
/// scores).
pub enum Explained {
    Final,
    Given(Strategy),
}

pub fn explain(input: &ExplainInput, sources: &Sources, progress: Progress) -> Result<Explanation> {
    let ExplainInput { rules, goal, .. } = input;
    let x = input.cell.state(rules, *goal)?;
    let model = Model::new(rules, *goal)?;
    crate::alloc::check_memory(&model, hog_solver::memory::Job::Evaluate)?;
    // With a strategy, the opponent is the one given or the course baseline.
    let against = match (&input.strategy, &input.against) {
        (Some(_), None) => Some(course_baseline(rules)?),
        (_, against) => against.clone(),
    };
    let b = match &against {
        Some(against) => Some(sources.play(against, rules, *goal).context("--against")?),
        None => None,
    };
    let (strategy, a) = match (&input.strategy, &against, &b) {
        (Some(Explained::Final), Some(against), Some(b)) => {
            let name = format!("blind_best_response({})", against.name());
            let policy = sources.blind_response(b, &name, rules, *goal)?;
            (Some(name), Some(policy))
        }
        (Some(Explained::Final), ..) => unreachable!("final has an opponent"),
        (Some(Explained::Given(s)), _, _) => (
            Some(s.name().to_string()),
            Some(sources.play(s, rules, *goal).context("--strategy")?),
        ),
        (None, _, _) => (None, None),
    };
    let against = against.map(|s| s.name().to_string());
    let exact: Fraction<Exact> =
        &|v| Some((exact_json(v), (v.decimal(17), exact_fraction_text(v))));
    let float: Fraction<f64> = &|_| None;
    let chances = match (&a, input.exact) {
        (None, true) => sighted::<Exact>(&model, x, b.as_ref(), progress, exact),
        (None, false) => sighted::<f64>(&model, x, b.as_ref(), progress, float),
        (Some(a), true) => of_strategy::<Exact>(&model, x, a, b.as_ref(), progress, exact)?,
        (Some(a), false) => of_strategy::<f64>(&model, x, a, b.as_ref(), progress, float)?,
    };
    Ok(explanation(&model, x, against, strategy, &a, chances))
}

/// What [`sighted`] and [`of_strategy`] found: every legal action's chance
/// to win, the best action, the runner-up and the margin.
pub struct Chances {
    pub actions: Vec<Action>,
    pub best: i32,
    /// The runner-up's num_rolls, the margin, and the margin as a fraction.
    pub runner_up: Option<(i32, f64, Option<ExactText>)>,
    pub tie: bool,
    /// With a strategy of the two scores where the rules hide state: the
    /// hidden values it mixes at the cell.
    pub hidden: Option<Vec<Hidden>>,
}

/// The explanation from the chances, with the best action's turn.
fn explanation(
    model: &Model,
    x: State,
    against: Option<String>,
    strategy: Option<String>,
    a: &Option<Policy>,
    chances: Chances,
) -> Explanation {
    let Chances {
        actions,
        best,
        runner_up,
        tie,
        hidden,
    } = chances;
    let goal = model.goal();
    let win = actions
        .iter()
        .find(|a| a.num_rolls == best)
        .expect("the best action is legal")
        .win;
    let (runner_up, margin, margin_exact) = match runner_up {
        Some((action, margin, exact)) => (Some(action), Some(margin), exact),
        None => (None, None, None),
    };
    let (margin_exact, margin_text) = match margin_exact {
        Some((json, text)) => (Some(json), Some(text)),
        None => (None, None),
    };
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
    let hides = !model.hidden().is_empty();
    Explanation {
        state: x,
        rules: model.rules().name(),
        goal,
        score: x.score,
        opponent_score: x.opponent_score,
        sides: x.sides,
        against,
        plays: a.as_ref().map(|a| a.get(x)),
        sees_hidden_state: hides && a.as_ref().is_none_or(|a| a.sees_hidden()),
        strategy,
        hidden,
        actions,
        best,
        win,
        margin,
        margin_exact,
        margin_text,
        tie,
        runner_up,
        outcomes,
    }
}

/// Q(x, a) for every legal action, with `value` the worth of each outcome
/// that does not end the game: `after(y)` when the opponent moves next in
/// y (their view), `again(y)` after an extra turn.
fn action_values<V: Probability>(
    model: &Model,
    x: State,
    after: impl Fn(State) -> V,
    again: impl Fn(State) -> V,
) -> Vec<(i32, V)> {
    let goal = model.goal();
    let value = |result: &TurnResult| -> V {
        if result.score >= goal {
            V::one()
        } else if result.opponent_score >= goal {
            V::zero()
        } else if result.extra_turn {
            again(result.next_state(model.rules()))
        } else {
            after(result.next_state(model.rules()))
        }
    };
    model
        .rules()
        .actions()
        .map(|a| {
            let (outcomes, total) = model.turn_distribution(x, a);
            let win = outcomes.iter().fold(V::zero(), |sum, (result, count)| {
                sum + V::from_counts(*count, total) * value(result)
            });
            (a, win)
        })
        .collect()
}

/// The chances at x of the solved policy: the self-play optimum, or the
/// best response to B.
fn sighted<V: Probability>(
    model: &Model,
    x: State,
    b: Option<&Policy>,
    progress: &(dyn Fn(u64, u64) + Sync),
    fraction: Fraction<V>,
) -> Chances {
    let engine = Engine::<V>::new(model, Driver::Parallel).with_progress(progress);
    SightedChances::new(&engine, b).at(model, x, fraction)
}

/// What [`sighted`] needs at every state, solved once: the self-play
/// optimum, or the best response to B (`hog play` asks it at every turn
/// of a game against B).
pub struct SightedChances<V> {
    /// C(y) read from this grid: 1 − V(y) in self-play, L(y) against B.
    after: Grid<V>,
    /// W(y), the value after an extra turn (against B; V(y) in self-play).
    again: Option<Grid<V>>,
    policy: Grid<i8>,
}

impl<V: Probability> SightedChances<V> {
    pub fn new(engine: &Engine<V>, b: Option<&Policy>) -> Self {
        match b {
            None => {
                let solution = engine.optimal();
                SightedChances {
                    after: solution.values,
                    again: None,
                    policy: solution.policy,
                }
            }
            Some(b) => {
                let response = engine.best_response(b);
                SightedChances {
                    after: response.them,
                    again: Some(response.us),
                    policy: response.policy,
                }
            }
        }
    }

    /// Q(x, a) for every legal action a, playing best after it.
    pub fn wins_at(&self, model: &Model, x: State) -> Vec<(i32, V)> {
        let own = self.again.as_ref().unwrap_or(&self.after);
        action_values(
            model,
            x,
            |y| match self.again {
                None => V::one() - self.after.get(y).clone(),
                Some(_) => self.after.get(y).clone(),
            },
            |y| own.get(y).clone(),
        )
    }

    /// The chances at x, the solved policy's action the best.
    pub fn at(&self, model: &Model, x: State, fraction: Fraction<V>) -> Chances {
        let best = *self.policy.get(x) as i32;
        summarise(&self.wins_at(model, x), best, None, fraction, |w| {
            w.to_f64()
        })
    }
}

/// The chances at x of playing each action now and strategy A from then on
/// against B (the course baseline if none is given), mixed over the hidden
/// values of the cell when the rules hide state that A does not see.
fn of_strategy<V: Probability>(
    model: &Model,
    x: State,
    a: &Policy,
    b: Option<&Policy>,
    progress: &(dyn Fn(u64, u64) + Sync),
    fraction: Fraction<V>,
) -> Result<Chances> {
    let Some(b) = b else {
        bail!("--strategy needs an opponent: give --against");
    };
    let engine = Engine::<V>::new(model, Driver::Parallel).with_progress(progress);
    Ok(StrategyChances::new(model, &engine, a, b).at(x, fraction))
}

/// What [`of_strategy`] needs at every state, computed once: A's exact
/// game against B from every state, and where A answers alike whatever the
/// hidden value, the reach μ of every state with A to move. `hog heatmap
/// -o page.html` asks it for every cell.
pub struct StrategyChances<'m, V> {
    model: &'m Model,
    a: &'m Policy,
    evaluation: Evaluation<V>,
    /// μ, for a strategy of the two scores alone under rules that hide state.
    reach: Option<Grid<V>>,
}

impl<'m, V: Probability> StrategyChances<'m, V> {
    pub fn new(model: &'m Model, engine: &Engine<V>, a: &'m Policy, b: &Policy) -> Self {
        let reach = if model.hidden().is_empty() || a.sees_hidden() {
            None
        } else {
            Some(engine.reach(a, b).0)
        };
        StrategyChances {
            model,
            a,
            evaluation: engine.evaluate(a, b),
            reach,
        }
    }

    /// Q(x, a) for every legal action a, A playing on after it.
    pub fn wins_at(&self, x: State) -> Vec<(i32, V)> {
        action_values(
            self.model,
            x,
            |y| self.evaluation.b_moves.get(y).a_wins.clone(),
            |y| self.evaluation.a_moves.get(y).a_wins.clone(),
        )
    }

    /// The chances at x; for a strategy of the two scores alone, the mix
    /// over the cell's hidden values (x's own where no game reaches it).
    pub fn at(&self, x: State, fraction: Fraction<V>) -> Chances {
        let model = self.model;
        let plays = self.a.get(x);
        let Some(reach) = &self.reach else {
            let wins = self.wins_at(x);
            return summarise(&wins, plays, None, fraction, |w| w.to_f64());
        };
        // A answers the cell alike with every hidden value: the mix, weighted
        // by the reach of each.
        let hidden = model.hidden();
        let states: Vec<State> = (0..hidden.len())
            .map(|h| hidden.state(h, x.score, x.opponent_score))
            .collect();
        let weights: Vec<V> = states.iter().map(|&y| reach.get(y).clone()).collect();
        let total = weights
            .iter()
            .fold(V::zero(), |sum, w| sum + w.clone())
            .to_f64();
        if total == 0.0 {
            // No game reaches the cell: the chances with the sides asked.
            let wins = self.wins_at(x);
            return summarise(&wins, plays, Some(vec![]), fraction, |w| w.to_f64());
        }
        let each: Vec<Vec<(i32, V)>> = states.iter().map(|&y| self.wins_at(y)).collect();
        // Σ_h μ(h) Q(h, a): the exact order of the mix (its scale, 1 / Σ μ, is
        // positive and changes no order), shown divided by Σ μ.
        let mixed: Vec<(i32, V)> = model
            .rules()
            .actions()
            .enumerate()
            .map(|(i, action)| {
                let sum = (0..states.len()).fold(V::zero(), |sum, h| {
                    sum + weights[h].clone() * each[h][i].1.clone()
                });
                (action, sum)
            })
            .collect();
        let shown: Vec<Hidden> = states
            .iter()
            .zip(&weights)
            .enumerate()
            .map(|(h, (y, w))| Hidden {
                sides: y.sides,
                memory: y.memory,
                reach: w.to_f64(),
                share: w.to_f64() / total,
                label: hidden.words(h).trim_end_matches(", ").to_string(),
            })
            .collect();
        let mut chances = summarise(&mixed, plays, Some(shown), &|_| None, |w| {
            w.to_f64() / total
        });
        for (i, action) in chances.actions.iter_mut().enumerate() {
            action.by_hidden = Some(
                each.iter()
                    .map(|w| w[i].1.to_f64().clamp(0.0, 1.0))
                    .collect(),
            );
        }
        chances
    }
}

/// The chances of `wins` (`scale` makes each a probability), the best
/// action (`preferred` when it ties the highest chance, else the lowest
/// num_rolls that does), the runner-up and whether it ties.
pub fn summarise<V: Probability>(
    wins: &[(i32, V)],
    preferred: i32,
    hidden: Option<Vec<Hidden>>,
    fraction: Fraction<V>,
    scale: impl Fn(&V) -> f64,
) -> Chances {
    let top = highest(wins.iter().map(|(_, w)| w)).expect("the rules have actions");
    let ties_top = |a: i32| wins.iter().any(|(b, w)| *b == a && V::ties(w, &top));
    let best = if ties_top(preferred) {
        preferred
    } else {
        wins.iter()
            .map(|(a, _)| *a)
            .find(|&a| ties_top(a))
            .expect("some action has the highest chance")
    };
    let best_win = &wins.iter().find(|(a, _)| *a == best).expect("legal").1;
    // The best other action: the lowest num_rolls among those that tie the
    // highest other chance (within the f64 tie tolerance, or exactly).
    let others = || wins.iter().filter(|(a, _)| *a != best);
    let runner_up =
        highest(others().map(|(_, w)| w)).and_then(|h| others().find(|(_, w)| V::ties(w, &h)));
    let tie = runner_up.is_some_and(|(_, w)| V::ties(w, best_win));
    let runner_up = runner_up.map(|(a, w)| {
        let margin = best_win.clone() - w.clone();
        (*a, scale(&margin), fraction(&margin))
    });
    let actions = wins
        .iter()
        .map(|(a, win)| {
            let exact = fraction(win);
            Action {
                num_rolls: *a,
                // Rounding (1 - V with V a hair above 1) can leave 1e-16 outside [0, 1].
                win: scale(win).clamp(0.0, 1.0),
                win_exact: exact.as_ref().map(|(json, _)| json.clone()),
                by_hidden: None,
                exact_text: exact.map(|(_, text)| text),
            }
        })
        .collect();
    Chances {
        actions,
        best,
        runner_up,
        tie,
        hidden,
    }
}

/// The highest of some values (the first of equal ones).
fn highest<'a, V: Probability + 'a>(mut values: impl Iterator<Item = &'a V>) -> Option<V> {
    let first = values.next()?.clone();
    Some(values.fold(first, |a, b| if *b > a { b.clone() } else { a }))
}
