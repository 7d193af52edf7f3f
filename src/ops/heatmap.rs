//! A strategy's choice, its winning chance, or where it differs from
//! another strategy, drawn over every (score, opponent_score).
//!
//! What each map shows, for the player to move in state (score,
//! opponent_score, sides):
//!
//! * `action` (`--show action`): SOURCE's num_rolls.
//! * `--show win`: the probability that the player to move wins. For
//!   SOURCE = `optimal` without `--against`: the self-play value (both
//!   players optimal, an endless game counting 1/2). Otherwise: SOURCE moves
//!   and plays against the baseline (the preset's course baseline unless
//!   `--against` is given), exactly evaluated (an endless game is not a win).
//! * `--show both`: the action map and the win map side by side (fa16:
//!   action maps in the top row, win maps below).
//! * `--diff OTHER`: in every state where SOURCE and OTHER choose a
//!   different num_rolls, P(win | SOURCE moves) − P(win | OTHER moves), each
//!   playing the whole game against the baseline; states where they agree
//!   are grey.
//!
//! In fa16 every map has one panel per dice-sides value (six, then four).
//! The picture's size and colours are those of [`crate::plot`]: 900x800
//! pixels per panel.

use anyhow::{Context, Result};
use hog_solver::evaluate::Evaluation;
use hog_solver::solve::{Driver, Engine, Grid, TIE_TOLERANCE};
use hog_solver::{Model, Preset, Rules, State};
use serde::Serialize;

use super::export::objective;
use super::{against_or_course, hidden_words, Progress, StrategyContext};
pub use crate::plot::Format;
use crate::plot::{self, Cells, Figure, Panel, Square};
use crate::strategies::{Sources, Strategy};

/// What a heatmap draws (the command line names it, as `--show`'s values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Show {
    Action,
    Win,
    Both,
}

/// A heatmap to draw: the game, the strategy drawn (SOURCE), what is
/// shown, the strategy it is compared with (`diff`: the maps show where
/// they differ), the opponent of the win maps (the course baseline by
/// default) and the picture's format.
pub struct HeatmapInput {
    pub rules: Rules,
    pub goal: u32,
    pub source: Strategy,
    pub show: Show,
    pub diff: Option<Strategy>,
    pub against: Option<Strategy>,
    pub format: Format,
}

/// The picture, and what it shows.
pub struct Heatmap {
    pub picture: Vec<u8>,
    pub summary: Summary,
}

/// What a heatmap shows, and where each map lies in the picture.
#[derive(Serialize)]
pub struct Summary {
    pub rules: String,
    pub goal: u32,
    pub source: String,
    /// "action", "win", "both" or "diff".
    pub show: &'static str,
    pub other: Option<String>,
    pub baseline: Option<String>,
    /// The file the picture is written to (set by the command that writes it).
    pub file: Option<String>,
    pub format: &'static str,
    pub width: u32,
    pub height: u32,
    pub panels: Vec<PanelSummary>,
    /// Diff only: the states where SOURCE and OTHER choose differently.
    pub differing: Option<usize>,
    /// Diff only: the largest win-probability gain of SOURCE over OTHER.
    pub largest_gain: Option<Extreme>,
    /// Diff only: the largest loss (most negative difference).
    pub largest_loss: Option<Extreme>,
}

#[derive(Serialize)]
pub struct PanelSummary {
    /// "action", "win" or "diff".
    pub map: &'static str,
    pub sides: u32,
    pub title: Vec<String>,
    /// The map's top-left pixel and its size in the picture.
    pub map_left: u32,
    pub map_top: u32,
    pub map_size: u32,
    /// The legend's left edge (swatches or colour bar), in the picture.
    pub legend_left: u32,
}

#[derive(Clone, Copy, Serialize)]
pub struct Extreme {
    pub difference: f64,
    pub score: u32,
    pub opponent_score: u32,
    pub sides: u32,
}

pub fn heatmap(input: &HeatmapInput, sources: &Sources, progress: Progress) -> Result<Heatmap> {
    let HeatmapInput {
        rules,
        goal,
        format,
        ..
    } = input;
    let (goal, format) = (*goal, *format);
    let rules = rules.clone();
    let model = Model::new(&rules, goal)?;
    crate::alloc::check_memory(&model, hog_solver::memory::Job::Evaluate)?;
    let engine = Engine::<f64>::new(&model, Driver::Parallel).with_progress(progress);
    let baseline = || against_or_course(input.against.as_ref(), &rules);
    let baseline_policy = |baseline: &Strategy| {
        sources
            .play(baseline, &rules, goal)
            .context("the opponent (--against)")
    };

    // SOURCE, and the self-play values when it is the optimum.
    let optimal = input.source.is_optimal();
    let (policy, self_play) = if optimal {
        let solution = engine.optimal();
        (solution.policy.to_policy(&model), Some(solution.values))
    } else {
        let policy = sources
            .play(&input.source, &rules, goal)
            .strategy_context("the strategy")?;
        (policy, None)
    };

    let sides = rules.state_sides();
    let hidden = rules.hidden();
    let what = hidden.what().unwrap_or_else(|| "hidden state".into());
    // A panel per sides value, each at the rest of the hidden value as at
    // the start of a game: named where the rules hide anything, with how
    // many hidden values the maps leave out.
    let with_sides = |text: String, s: u32| {
        let x = State {
            sides: s,
            ..State::START
        };
        let at = hidden_words(&hidden, hidden.index(x));
        match hidden.len() {
            1 => text,
            n if n == sides.len() => format!("{text}; at {at}"),
            n => format!("{text}; at {at}, one of the {n} values of {what}"),
        }
    };
    // Rules that are no preset are named by their (long) canonical text on a
    // line of their own.
    let (rules_name, rules_line) = match Preset::find(&rules.name()) {
        Some(preset) => (preset.name.to_string(), vec![]),
        None => ("custom rules".to_string(), vec![format!("rules: {rules}")]),
    };
    // Titles name what the strategy is: a table's objective rather than its path.
    let strategy_name = objective(&input.source);
    let header = format!(
        "{rules_name}, goal {goal}: {}{}",
        strategy_name,
        if optimal { " (self-play optimum)" } else { "" }
    );
    let title = |line: String| {
        let mut title = vec![header.clone()];
        title.extend(rules_line.iter().cloned());
        title.push(line);
        title
    };

    let mut summary = Summary {
        rules: rules.name(),
        goal,
        source: input.source.name().to_string(),
        show: "action",
        other: input.diff.as_ref().map(|other| other.name().to_string()),
        baseline: None,
        file: None,
        format: format.name(),
        width: 0,
        height: 0,
        panels: vec![],
        differing: None,
        largest_gain: None,
        largest_loss: None,
    };
    let mut panels: Vec<(&'static str, u32, Panel)> = Vec::new();
    // A policy that answers alike with every dice sides (a course strategy)
    // has one action map.
    let action_sides = if policy.sees_hidden() {
        sides
    } else {
        &sides[..1]
    };
    let mut action_panels = || {
        for &s in action_sides {
            let what = "num_rolls chosen by the player to move";
            let hidden_what = rules
                .hidden()
                .what()
                .unwrap_or_else(|| "hidden state".into());
            panels.push((
                "action",
                s,
                Panel {
                    title: title(if !policy.sees_hidden() && !hidden.is_empty() {
                        format!("{what} (the same whatever {hidden_what})")
                    } else {
                        with_sides(what.into(), s)
                    }),
                    cells: Cells::Actions {
                        actions: slice(goal, s, |x| policy.get(x) as i8),
                        legend: rules.actions(),
                    },
                },
            ));
        }
    };

    if let Some(other) = &input.diff {
        summary.show = "diff";
        let other_text = other.name();
        let other = sources.play(other, &rules, goal).context("--diff")?;
        let baseline = baseline()?;
        let b = baseline_policy(&baseline)?;
        let baseline = baseline.name();
        let ours = engine.evaluate(&policy, &b);
        let theirs = engine.evaluate(&other, &b);
        let mut differing = 0;
        let (mut gain, mut loss): (Option<Extreme>, Option<Extreme>) = (None, None);
        for &s in sides {
            let cells = slice(goal, s, |x| {
                (policy.get(x) != other.get(x)).then(|| {
                    let d = win(&ours, x) - win(&theirs, x);
                    let extreme = Extreme {
                        difference: d,
                        score: x.score,
                        opponent_score: x.opponent_score,
                        sides: x.sides,
                    };
                    differing += 1;
                    match gain {
                        Some(g) if g.difference >= d => {}
                        _ => gain = Some(extreme),
                    }
                    match loss {
                        Some(l) if l.difference <= d => {}
                        _ => loss = Some(extreme),
                    }
                    d
                })
            });
            panels.push((
                "diff",
                s,
                Panel {
                    title: {
                        let mut title = title(with_sides(
                            format!(
                                "P(win | {} moves) − P(win | {other_text} moves), each against {baseline}, where their num_rolls differ",
                                strategy_name
                            ),
                            s,
                        ));
                        title[0] = format!("{rules_name}, goal {goal}: {} vs {other_text}", strategy_name);
                        title
                    },
                    cells: Cells::Difference {
                        cells,
                        label: "difference".into(),
                    },
                },
            ));
        }
        summary.baseline = Some(baseline.to_string());
        summary.differing = Some(differing);
        // A difference within the tie tolerance is no gain or loss (two
        // choices the solver counts as equally good).
        summary.largest_gain = gain.filter(|g| g.difference > TIE_TOLERANCE);
        summary.largest_loss = loss.filter(|l| l.difference < -TIE_TOLERANCE);
    } else {
        summary.show = match input.show {
            Show::Action => "action",
            Show::Win => "win",
            Show::Both => "both",
        };
        if input.show != Show::Win {
            action_panels();
        }
        if input.show != Show::Action {
            let (values, what): (Box<dyn Fn(State) -> f64>, String) =
                match (&self_play, &input.against) {
                    (Some(values), None) => {
                        let values: &Grid<f64> = values;
                        (
                            Box::new(move |x| *values.get(x)),
                            format!(
                                "P(player to move wins), both players optimal{}",
                                if rules.can_score_zero() {
                                    " (an endless game counts 1/2)"
                                } else {
                                    ""
                                }
                            ),
                        )
                    }
                    _ => {
                        let baseline = baseline()?;
                        let b = baseline_policy(&baseline)?;
                        let baseline = baseline.name();
                        let evaluation = engine.evaluate(&policy, &b);
                        let what = format!(
                            "P(player to move wins), {} against {baseline}",
                            strategy_name
                        );
                        summary.baseline = Some(baseline.to_string());
                        (Box::new(move |x| win(&evaluation, x)), what)
                    }
                };
            for &s in sides {
                panels.push((
                    "win",
                    s,
                    Panel {
                        title: title(with_sides(what.clone(), s)),
                        cells: Cells::Probability(slice(goal, s, &values)),
                    },
                ));
            }
        }
    }

    let columns = match (summary.show, sides.len()) {
        ("action", _) => action_sides.len(),
        ("both", 1) => 2,
        // One action map beside a win map per sides value, in one row.
        ("both", n) if action_sides.len() < n => 1 + n,
        (_, n) => n,
    };
    let (kinds, panels): (Vec<_>, Vec<_>) = panels
        .into_iter()
        .map(|(kind, s, panel)| ((kind, s, panel.title.clone()), panel))
        .unzip();
    let figure = Figure { panels, columns };
    let picture = plot::render(&figure, format)?;
    (summary.width, summary.height) = figure.size();
    summary.panels = kinds
        .into_iter()
        .enumerate()
        .map(|(i, (map, sides, title))| {
            let (x, y) = figure.panel_origin(i);
            PanelSummary {
                map,
                sides,
                title,
                map_left: x + plot::PLOT_LEFT,
                map_top: y + plot::PLOT_TOP,
                map_size: plot::PLOT_SIZE,
                legend_left: x + plot::LEGEND_LEFT,
            }
        })
        .collect();
    Ok(Heatmap { picture, summary })
}

/// The probability that A (moving in x) wins.
fn win(evaluation: &Evaluation<f64>, x: State) -> f64 {
    evaluation.a_moves.get(x).a_wins
}

/// The square of one dice-sides value.
fn slice<T>(goal: u32, sides: u32, mut f: impl FnMut(State) -> T) -> Square<T> {
    Square::from_fn(goal, |score, opponent_score| {
        f(State {
            score,
            opponent_score,
            sides,
            ..State::START
        })
    })
}
