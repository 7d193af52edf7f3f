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
use hog_solver::strategy::Policy;
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

/// A panel of the picture: what it shows (`action`, `win` or `diff`), the
/// dice sides of its states, and the panel itself.
type Placed = (&'static str, u32, Panel);

/// Draws the heatmap of `input`.
pub fn heatmap(input: &HeatmapInput, sources: &Sources, progress: Progress) -> Result<Heatmap> {
    let HeatmapInput { rules, goal, .. } = input;
    let goal = *goal;
    let model = Model::new(rules, goal)?;
    crate::alloc::check_memory(&model, hog_solver::memory::Job::Evaluate)?;
    let engine = Engine::<f64>::new(&model, Driver::Parallel).with_progress(progress);

    // SOURCE, and the self-play values when it is the optimum.
    let optimal = input.source.is_optimal();
    let (policy, self_play) = if optimal {
        let solution = engine.optimal();
        (solution.policy.to_policy(&model), Some(solution.values))
    } else {
        let policy = sources
            .play(&input.source, rules, goal)
            .strategy_context("the strategy")?;
        (policy, None)
    };
    let drawing = Drawing::new(rules, goal, &input.source, policy, optimal);
    let mut summary = Summary {
        rules: rules.name(),
        goal,
        source: input.source.name().to_string(),
        show: "action",
        other: input.diff.as_ref().map(|other| other.name().to_string()),
        baseline: None,
        file: None,
        format: input.format.name(),
        width: 0,
        height: 0,
        panels: vec![],
        differing: None,
        largest_gain: None,
        largest_loss: None,
    };
    // The opponent of the win and difference maps, and its policy.
    let baseline = || -> Result<(Strategy, _)> {
        let baseline = against_or_course(input.against.as_ref(), rules)?;
        let b = sources
            .play(&baseline, rules, goal)
            .context("the opponent (--against)")?;
        Ok((baseline, b))
    };
    let mut panels = vec![];
    if let Some(other) = &input.diff {
        summary.show = "diff";
        let other_policy = sources.play(other, rules, goal).context("--diff")?;
        let (baseline, b) = baseline()?;
        summary.baseline = Some(baseline.name().to_string());
        panels = drawing.differences(
            &engine,
            (other.name(), &other_policy),
            (baseline.name(), &b),
            &mut summary,
        );
    } else {
        summary.show = match input.show {
            Show::Action => "action",
            Show::Win => "win",
            Show::Both => "both",
        };
        if input.show != Show::Win {
            panels.extend(drawing.actions());
        }
        if input.show != Show::Action {
            let (values, what): (Box<dyn Fn(State) -> f64>, String) =
                match (&self_play, &input.against) {
                    (Some(values), None) => {
                        let values: &Grid<f64> = values;
                        let draws = if rules.can_score_zero() {
                            " (an endless game counts 1/2)"
                        } else {
                            ""
                        };
                        (
                            Box::new(move |x| *values.get(x)),
                            format!("P(player to move wins), both players optimal{draws}"),
                        )
                    }
                    _ => {
                        let (baseline, b) = baseline()?;
                        let evaluation = engine.evaluate(&drawing.policy, &b);
                        let what = format!(
                            "P(player to move wins), {} against {}",
                            drawing.name,
                            baseline.name()
                        );
                        summary.baseline = Some(baseline.name().to_string());
                        (Box::new(move |x| win(&evaluation, x)), what)
                    }
                };
            panels.extend(drawing.wins(&values, &what));
        }
    }
    let columns = match (summary.show, drawing.sides.len()) {
        ("action", _) => drawing.action_sides().len(),
        ("both", 1) => 2,
        // One action map beside a win map per sides value, in one row.
        ("both", n) if drawing.action_sides().len() < n => 1 + n,
        (_, n) => n,
    };
    let picture = render(panels, columns, input.format, &mut summary)?;
    Ok(Heatmap { picture, summary })
}

/// What the panels of one heatmap share: the game, the strategy drawn, its
/// name, and how a panel's title reads.
struct Drawing<'a> {
    rules: &'a Rules,
    goal: u32,
    policy: Policy,
    /// What the strategy is: a table's objective rather than its path.
    name: String,
    /// The title's first line: the rules, the goal and the strategy.
    header: String,
    /// Rules that are no preset, named by their (long) canonical text on a
    /// line of their own.
    rules_line: Option<String>,
    rules_name: String,
    sides: &'a [u32],
}

impl<'a> Drawing<'a> {
    fn new(
        rules: &'a Rules,
        goal: u32,
        source: &Strategy,
        policy: Policy,
        optimal: bool,
    ) -> Drawing<'a> {
        let (rules_name, rules_line) = match Preset::find(&rules.name()) {
            Some(preset) => (preset.name.to_string(), None),
            None => ("custom rules".to_string(), Some(format!("rules: {rules}"))),
        };
        let name = objective(source);
        let header = format!(
            "{rules_name}, goal {goal}: {name}{}",
            if optimal { " (self-play optimum)" } else { "" }
        );
        Drawing {
            rules,
            goal,
            policy,
            name,
            header,
            rules_line,
            rules_name,
            sides: rules.state_sides(),
        }
    }

    /// A panel's title: the header, the rules' text where they are no
    /// preset, and what the panel shows.
    fn title(&self, line: String) -> Vec<String> {
        let mut title = vec![self.header.clone()];
        title.extend(self.rules_line.iter().cloned());
        title.push(line);
        title
    }

    /// What a panel shows, at the hidden value of a game's start with
    /// `sides`: named where the rules hide anything, with how many hidden
    /// values the maps leave out.
    fn with_sides(&self, text: String, sides: u32) -> String {
        let hidden = self.rules.hidden();
        let x = State {
            sides,
            ..State::START
        };
        let at = hidden_words(&hidden, hidden.index(x));
        match hidden.len() {
            1 => text,
            n if n == self.sides.len() => format!("{text}; at {at}"),
            n => format!(
                "{text}; at {at}, one of the {n} values of {}",
                hidden.what().unwrap_or_else(|| "hidden state".into())
            ),
        }
    }

    /// The sides of the action maps: a policy that answers alike with
    /// every dice sides (a course strategy) has one.
    fn action_sides(&self) -> &[u32] {
        if self.policy.sees_hidden() {
            self.sides
        } else {
            &self.sides[..1]
        }
    }

    /// The action maps.
    fn actions(&self) -> Vec<Placed> {
        let what = "num_rolls chosen by the player to move";
        let hidden = self.rules.hidden();
        let hidden_what = hidden.what().unwrap_or_else(|| "hidden state".into());
        self.action_sides()
            .iter()
            .map(|&s| {
                let title = if !self.policy.sees_hidden() && !hidden.is_empty() {
                    format!("{what} (the same whatever {hidden_what})")
                } else {
                    self.with_sides(what.into(), s)
                };
                let panel = Panel {
                    title: self.title(title),
                    cells: Cells::Actions {
                        actions: slice(self.goal, s, |x| self.policy.get(x) as i8),
                        legend: self.rules.actions(),
                    },
                };
                ("action", s, panel)
            })
            .collect()
    }

    /// The win maps of `values`, which show `what`.
    fn wins(&self, values: &dyn Fn(State) -> f64, what: &str) -> Vec<Placed> {
        self.sides
            .iter()
            .map(|&s| {
                let panel = Panel {
                    title: self.title(self.with_sides(what.to_string(), s)),
                    cells: Cells::Probability(slice(self.goal, s, values)),
                };
                ("win", s, panel)
            })
            .collect()
    }

    /// The difference maps against `other` (its name and policy), both
    /// playing the whole game against `baseline`, with how many states
    /// differ and the largest gain and loss in `summary`.
    fn differences(
        &self,
        engine: &Engine<f64>,
        (other_name, other): (&str, &Policy),
        (baseline, b): (&str, &Policy),
        summary: &mut Summary,
    ) -> Vec<Placed> {
        let ours = engine.evaluate(&self.policy, b);
        let theirs = engine.evaluate(other, b);
        let mut differing = 0;
        let (mut gain, mut loss): (Option<Extreme>, Option<Extreme>) = (None, None);
        let mut panels = vec![];
        for &s in self.sides {
            let cells = slice(self.goal, s, |x| {
                (self.policy.get(x) != other.get(x)).then(|| {
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
            let mut title = self.title(self.with_sides(
                format!(
                    "P(win | {} moves) − P(win | {other_name} moves), each against {baseline}, where their num_rolls differ",
                    self.name
                ),
                s,
            ));
            title[0] = format!(
                "{}, goal {}: {} vs {other_name}",
                self.rules_name, self.goal, self.name
            );
            let panel = Panel {
                title,
                cells: Cells::Difference {
                    cells,
                    label: "difference".into(),
                },
            };
            panels.push(("diff", s, panel));
        }
        summary.differing = Some(differing);
        // A difference within the tie tolerance is no gain or loss (two
        // choices the solver counts as equally good).
        summary.largest_gain = gain.filter(|g| g.difference > TIE_TOLERANCE);
        summary.largest_loss = loss.filter(|l| l.difference < -TIE_TOLERANCE);
        panels
    }
}

/// The picture of `panels` in `columns`, in `format`, with its size and
/// where each map lies in `summary`.
fn render(
    panels: Vec<Placed>,
    columns: usize,
    format: Format,
    summary: &mut Summary,
) -> Result<Vec<u8>> {
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
    Ok(picture)
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
