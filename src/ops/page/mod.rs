//! `hog heatmap STRATEGY -o page.html`: one self-contained HTML page (its
//! script, style and data inline; nothing fetched) that shows a strategy's
//! action map and, on hover or tap, why each cell says what it says.
//!
//! Every number on the page is `hog explain --strategy STRATEGY --against
//! X`'s for that cell ([`StrategyChances`], the same code): Q(x, a), the
//! chance to win when the mover plays a now and STRATEGY from then on
//! against X (the course baseline unless `--against` is given). A strategy
//! of the two scores alone (a course strategy) under rules that hide the
//! dice sides answers a cell alike with every sides value; its "mix" view
//! shows Q mixed over the sides, each weighted by its share of the cell's
//! reach μ (see `explain.rs`), and each sides value has a view of its own.
//!
//! # The data
//!
//! The numbers travel in one zlib stream (base64 in the page), which the
//! browser inflates with `DecompressionStream`. A chance is kept as the
//! integer round(Q · 10¹²) in 5 bytes (10¹² < 2⁴⁰): the 12 decimals `hog
//! explain` prints. Each array is stored byte plane by byte plane, the
//! most significant first: the high bytes of neighbouring cells are alike,
//! which is what zlib compresses. The arrays (cells in the order (score,
//! opponent_score), score-major; A the number of legal actions):
//!
//! * `q{h}` (5 bytes, G·G·A): Q((s, o, sides h), a) for each legal action a;
//! * `plays{v}`, `best{v}`, `runner{v}` (1 byte, G·G) for each view v: the
//!   strategy's action, the best action (bit 7 set when the runner-up ties
//!   it) and the runner-up, each as num_rolls + 2 (0: none);
//! * `share{h}` (5 bytes, G·G), blind strategies only: the cell's reach
//!   share of sides h times 10¹²; [`UNREACHED`] in `share0` where no game
//!   reaches the cell (its chances are then those with six-sided dice, as
//!   `hog explain` shows them);
//! * `turn{h}` (2 bytes, G·G): which of the page's distinct point
//!   distributions the strategy's turn at (s, o, sides h) has;
//! * with `--diff OTHER`, `oplays{h}` and `owin{h}`: OTHER's action and its
//!   chance to win moving at (s, o, sides h) against X;
//! * `gain{g}` (5 bytes, G·G) and `better{g}` (1 byte, G·G) for each grid g
//!   of the cost map (one, or for a strategy that sees the dice sides one
//!   per sides value h): the gain of the cell's best other answer times
//!   10¹² (0 where none gains) and that answer as num_rolls + 2 (0: none),
//!   from [`cost_map`].

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use base64::Engine as _;
use hog_solver::evaluate::Evaluation;
use hog_solver::rules::Recall;
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::{Model, Preset, Rules, State};
use serde::Serialize;
use serde_json::{json, Value};

use super::costliest::{cost_map, none_found, CostMap};
use super::explain::{summarise, Chances, StrategyChances};
use super::{against_or_course, Progress, StrategyContext};
use crate::files::{self, Kind};
use crate::plot::{self, Square};
use crate::printable::html;
use crate::strategies::{Sources, Strategy};

/// The largest goal a page holds: a goal-100 page is about 1.3 MB and the
/// size grows with the square of the goal, so 200 is about 5 MB.
pub const MAX_PAGE_GOAL: u32 = 200;
/// A chance's unit in the data: 10⁻¹².
const UNIT: f64 = 1e12;
/// `share0` of a cell that no game reaches.
const UNREACHED: u64 = (1 << 40) - 1;

const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// What a page holds, for the terminal and `--json`.
#[derive(Serialize)]
pub struct Summary {
    pub rules: String,
    /// A word when the strategy is a module holding a table made for
    /// another game (see [`crate::ops::pasted_for_another_game`]).
    pub made_for_another_game: Option<String>,
    /// The semester the user knows, where its preset has another name
    /// (set by the face that knows it).
    pub semester: Option<String>,
    pub goal: u32,
    pub strategy: String,
    pub against: String,
    pub other: Option<String>,
    pub win_rate: f64,
    /// The best response's win rate against the opponent.
    pub best: f64,
    /// The course's target and whether the strategy meets it, as `hog
    /// grade` words them; the warning where the strategy loses or ties.
    pub target: Option<String>,
    pub verdict: Option<String>,
    pub bound: Option<f64>,
    /// Whether the strategy answers from the two scores alone where the rules hide state.
    pub blind: bool,
    pub views: Vec<String>,
    pub file: String,
    pub bytes: usize,
}

/// The arrays of the data, byte plane by byte plane, and where each is.
#[derive(Default)]
struct Blob {
    bytes: Vec<u8>,
    index: serde_json::Map<String, Value>,
}

impl Blob {
    /// Appends `values`, each in `width` bytes, the most significant plane first.
    fn push(&mut self, name: String, width: usize, values: &[u64]) {
        let offset = self.bytes.len();
        for plane in (0..width).rev() {
            self.bytes
                .extend(values.iter().map(|v| (v >> (8 * plane)) as u8));
        }
        self.index
            .insert(name, json!([offset, width, values.len()]));
    }
}

/// A chance as an integer number of [`UNIT`]s.
fn units(p: f64) -> u64 {
    (p.clamp(0.0, 1.0) * UNIT).round() as u64
}

/// num_rolls + 2 (0 stands for none).
fn code(action: Option<i32>) -> u64 {
    action.map_or(0, |a| (a + 2) as u64)
}

/// One view's per-cell answers.
#[derive(Default)]
struct View {
    plays: Vec<u64>,
    best: Vec<u64>,
    runner: Vec<u64>,
}

impl View {
    fn push(&mut self, plays: i32, chances: &Chances) {
        self.plays.push(code(Some(plays)));
        self.best
            .push(code(Some(chances.best)) | if chances.tie { 0x80 } else { 0 });
        self.runner
            .push(code(chances.runner_up.as_ref().map(|r| r.0)));
    }
}

/// The distinct point distributions of the page's turns: the total count,
/// then the points and count of each outcome (summed by points).
#[derive(Default)]
struct Turns {
    index: HashMap<(u64, Vec<(u32, u64)>), u64>,
    list: Vec<Value>,
}

impl Turns {
    /// The position of the turn's distribution in the list.
    fn of(&mut self, model: &Model, x: State, action: i32) -> u64 {
        let (outcomes, total) = model.turn_distribution(x, action);
        let mut points: Vec<(u32, u64)> = Vec::new();
        for (result, count) in outcomes {
            match points.iter_mut().find(|(p, _)| *p == result.points) {
                Some((_, c)) => *c += count,
                None => points.push((result.points, count)),
            }
        }
        points.sort();
        let next = self.list.len() as u64;
        let list = &mut self.list;
        *self
            .index
            .entry((total, points))
            .or_insert_with_key(|(total, points)| {
                let flat: Vec<u64> = points.iter().flat_map(|&(p, c)| [p as u64, c]).collect();
                list.push(json!([total, flat]));
                next
            })
    }
}

/// A page to write: the game, the strategy it shows, its opponent (the
/// course baseline by default), another strategy for the difference map,
/// the file, and whether it may replace a file hog did not write.
pub struct PageInput {
    pub rules: Rules,
    /// The semester the user knows, named beside the preset.
    pub semester: Option<String>,
    pub goal: u32,
    pub source: Strategy,
    pub against: Option<Strategy>,
    pub diff: Option<Strategy>,
    pub path: PathBuf,
    pub force: bool,
}

/// Writes the page of `input` (atomically) and says what it holds.
pub fn page(input: &PageInput, sources: &Sources, progress: Progress) -> Result<Summary> {
    let PageInput { rules, goal, .. } = input;
    let goal = *goal;
    check(&input.path, rules, goal)?;
    let model = Model::new(rules, goal)?;
    let against = against_or_course(input.against.as_ref(), rules)?;
    let a = sources
        .play(&input.source, rules, goal)
        .strategy_context("the strategy")?;
    let b = sources
        .play(&against, rules, goal)
        .context("the opponent (--against)")?;
    let other = match &input.diff {
        Some(diff) => Some(sources.play(diff, rules, goal).context("--diff")?),
        None => None,
    };
    let engine = Engine::<f64>::new(&model, Driver::Parallel)
        .with_stop(sources.stop())
        .with_progress(progress);
    let subject = Subject {
        strategy: (input.source.name(), &a),
        against: (against.name(), &b),
        other: input.diff.as_ref().map(Strategy::name).zip(other.as_ref()),
        semester: input.semester.as_deref(),
        board: None,
    };
    let mut summary = write(
        files::Place::Path(&input.path),
        &model,
        &engine,
        &subject,
        best(&engine, &b),
        input.force,
    )?;
    summary.made_for_another_game = super::pasted_for_another_game(&input.source, rules, goal);
    Ok(summary)
}

/// Refuses what a page cannot carry, before any work: goals past
/// [`MAX_PAGE_GOAL`], and rules with memories.
pub fn check(path: &Path, rules: &Rules, goal: u32) -> Result<()> {
    if goal > MAX_PAGE_GOAL {
        bail!(
            "{}: a page holds goals up to {MAX_PAGE_GOAL} (its data grows with the goal squared); \
             for goal {goal} draw a .png or .svg heatmap",
            path.display()
        );
    }
    if rules.recall() != Recall::None {
        bail!(
            "{}: a page shows the dice sides but not Feral Hogs' memories ({} keeps {} hidden \
             values per cell, too many to carry); draw a .png or .svg heatmap",
            path.display(),
            rules.name(),
            rules.hidden().len()
        );
    }
    Ok(())
}

/// The win rate of the best response to B: the best achievable against
/// it. Where the rules hide state the best response sees it, so no
/// strategy of the two scores wins more: a bound.
pub fn best(engine: &Engine<f64>, b: &Policy) -> f64 {
    engine.best_response(b).win_rate()
}

/// What a page shows: a strategy, its opponent, and for the difference map
/// another strategy, each by name and policy.
pub struct Subject<'a> {
    pub strategy: (&'a str, &'a Policy),
    pub against: (&'a str, &'a Policy),
    pub other: Option<(&'a str, &'a Policy)>,
    /// The semester the user knows, named beside the preset.
    pub semester: Option<&'a str>,
    /// A contest's leaderboard, linked from the top of the page.
    pub board: Option<&'a str>,
}

/// Writes the page of `subject` to `place` (atomically); `best` is [`best`]'s.
pub fn write(
    place: files::Place,
    model: &Model,
    engine: &Engine<f64>,
    subject: &Subject,
    best: f64,
    force: bool,
) -> Result<Summary> {
    let (page, mut summary) = render(model, engine, subject, best)?;
    summary.bytes = files::write_to(place, Kind::Html, force, |w| Ok(w.write_all(&page)?))?;
    summary.file = place.shown();
    Ok(summary)
}

/// The page of `subject`, byte for byte as [`write`] writes it (sealed),
/// and what it holds (its `file` empty); `best` is [`best`]'s.
pub fn render(
    model: &Model,
    engine: &Engine<f64>,
    subject: &Subject,
    best: f64,
) -> Result<(Vec<u8>, Summary)> {
    let rules = model.rules();
    let goal = model.goal();
    let (source, a) = subject.strategy;
    let (against, b) = subject.against;
    let chances = StrategyChances::new(model, engine, a, b);
    let win_rate = engine.grade(a, b).win_rate;
    let bound = rules.hides_state().then_some(best);
    // The verdict and the course's target, as `hog grade` words them.
    let verdict = crate::ops::losing(source, against, win_rate);
    let target = super::course_target(rules, against, win_rate).map(|(text, meets)| {
        format!(
            "{text}  (the course's target against {against}: {source} {})",
            if meets {
                "meets it"
            } else {
                "falls short of it"
            }
        )
    });
    let other = subject.other.map(|(_, o)| o);
    let other_evaluation = other.map(|o| engine.evaluate(o, b));

    let sides = rules.state_sides();
    let blind = sides.len() > 1 && !a.sees_hidden();
    let mut views: Vec<(String, String)> = Vec::new();
    if blind {
        views.push(("mix".into(), "the mix it answers (by reach)".into()));
    }
    if sides.len() > 1 {
        for &s in sides {
            views.push((s.to_string(), sides_words(s).into()));
        }
    } else {
        views.push(("6".into(), String::new()));
    }

    let Arrays {
        mut blob,
        turns,
        diff_scale,
    } = arrays(
        model,
        &chances,
        a,
        other.zip(other_evaluation.as_ref()),
        blind,
        views.len(),
    );
    let cost = cost_data(
        model,
        &cost_map(model, engine, a, b, win_rate),
        blind,
        &mut blob,
    );
    let rules_name = match Preset::find(&rules.name()) {
        Some(_) => crate::game::named(rules, subject.semester),
        None => rules.to_string(),
    };
    let other_name = subject.other.map(|(name, _)| name);
    let actions: Vec<i32> = rules.actions().collect();
    let data = json!({
        "rules": rules_name,
        "goal": goal,
        "strategy": source,
        "against": against,
        "other": other_name,
        "win_rate": win_rate,
        "win_rate_text": format!("{win_rate:.12}"),
        "best": format!("{best:.12}"),
        "target": target,
        "verdict": verdict,
        "bound": bound,
        "blind": blind,
        "sides": sides,
        "views": views.iter().map(|(name, label)| json!({"name": name, "label": label})).collect::<Vec<_>>(),
        "actions": actions,
        "action_colours": actions.iter().map(|&a| css(plot::action_colour(a))).collect::<Vec<_>>(),
        "viridis": (0..=255).map(|i| css(plot::probability_colour(i as f64 / 255.0))).collect::<Vec<_>>(),
        "red_blue": (0..=255).map(|i| css(plot::difference_colour(i as f64 / 127.5 - 1.0, 1.0))).collect::<Vec<_>>(),
        "agree": css(plot::AGREE_COLOUR),
        "diff_scale": diff_scale,
        "cost": cost,
        "turns": turns.list,
        "arrays": blob.index,
        "blob": compressed(&blob.bytes)?,
    });
    let title = format!("{rules_name}, goal {goal}: {source} against {against}");
    let page = files::sealed(
        Kind::Html,
        document(&title, &data, subject.board).into_bytes(),
    );
    let summary = Summary {
        rules: rules.name(),
        made_for_another_game: None,
        semester: subject.semester.map(str::to_string),
        goal,
        strategy: source.to_string(),
        against: against.to_string(),
        other: other_name.map(str::to_string),
        win_rate,
        best,
        target,
        verdict,
        bound,
        blind,
        views: views.into_iter().map(|(name, _)| name).collect(),
        file: String::new(),
        bytes: page.len(),
    };
    Ok((page, summary))
}

/// What a page's script reads, per cell: every action's chance, the turn
/// played, each view's answers, and against another strategy its answer
/// and chance; with the scale of the difference map.
struct Arrays {
    blob: Blob,
    turns: Turns,
    diff_scale: f64,
}

/// The page's arrays of strategy `a` (its `chances` against the opponent)
/// over every cell, in `views` views (the mix it answers first where it is
/// `blind` to the dice sides), and of `other` with its evaluation against
/// the same opponent.
fn arrays(
    model: &Model,
    chances: &StrategyChances<f64>,
    a: &Policy,
    other: Option<(&Policy, &Evaluation<f64>)>,
    blind: bool,
    views: usize,
) -> Arrays {
    let (rules, goal) = (model.rules(), model.goal());
    let sides = rules.state_sides();
    let float: &dyn Fn(&f64) -> _ = &|_| None;
    let mut blob = Blob::default();
    let mut turns = Turns::default();
    let mut q: Vec<Vec<u64>> = vec![Vec::new(); sides.len()];
    let mut shares: Vec<Vec<u64>> = vec![Vec::new(); sides.len()];
    let mut turn: Vec<Vec<u64>> = vec![Vec::new(); sides.len()];
    let mut view_data: Vec<View> = (0..views).map(|_| View::default()).collect();
    let mut diff: Vec<(Vec<u64>, Vec<u64>)> = vec![Default::default(); sides.len()];
    let mut diff_cells: Vec<Vec<Option<f64>>> = vec![Vec::new(); sides.len()];
    let hidden = model.hidden();
    for score in 0..goal {
        for opponent_score in 0..goal {
            let at = |h: usize| hidden.state(h, score, opponent_score);
            if blind {
                let mix = chances.at(at(0), float);
                view_data[0].push(a.get(at(0)), &mix);
                let reached = mix.hidden.as_ref().is_some_and(|h| !h.is_empty());
                for (h, share) in shares.iter_mut().enumerate() {
                    share.push(match &mix.hidden {
                        Some(each) if reached => units(each[h].share),
                        _ if h == 0 => UNREACHED,
                        _ => 0,
                    });
                }
            }
            for h in 0..sides.len() {
                let x = at(h);
                let plays = a.get(x);
                let view = &mut view_data[h + usize::from(blind)];
                let slice = if blind {
                    // The chances with this sides value alone, as `hog
                    // explain` lists them under `by_hidden`.
                    let wins = chances.wins_at(x);
                    summarise(&wins, plays, None, float, |w| *w)
                } else {
                    chances.at(x, float)
                };
                view.push(plays, &slice);
                q[h].extend(slice.actions.iter().map(|c| units(c.win)));
                turn[h].push(turns.of(model, x, plays));
                if let Some((o, e)) = other {
                    let theirs = e.a_moves.get(x).a_wins;
                    diff[h].0.push(code(Some(o.get(x))));
                    diff[h].1.push(units(theirs));
                    let ours = slice.actions.iter().find(|c| c.num_rolls == plays);
                    diff_cells[h]
                        .push((o.get(x) != plays).then(|| {
                            ours.expect("the strategy plays a legal action").win - theirs
                        }));
                }
            }
        }
    }
    for (h, values) in q.iter().enumerate() {
        blob.push(format!("q{h}"), 5, values);
        blob.push(format!("turn{h}"), 2, &turn[h]);
        if blind {
            blob.push(format!("share{h}"), 5, &shares[h]);
        }
        if other.is_some() {
            blob.push(format!("oplays{h}"), 1, &diff[h].0);
            blob.push(format!("owin{h}"), 5, &diff[h].1);
        }
    }
    for (v, data) in view_data.iter().enumerate() {
        blob.push(format!("plays{v}"), 1, &data.plays);
        blob.push(format!("best{v}"), 1, &data.best);
        blob.push(format!("runner{v}"), 1, &data.runner);
    }
    let diff_scale = diff_cells
        .into_iter()
        .map(|cells| {
            let mut cells = cells.into_iter();
            plot::difference_scale(&Square::from_fn(goal, |_, _| cells.next().flatten()))
        })
        .fold(0.0, f64::max);
    Arrays {
        blob,
        turns,
        diff_scale,
    }
}

/// The cost map's arrays (`gain{g}`, `better{g}`, pushed to `blob`) and
/// what the page says of it: the scale (the highest gain), a note on what
/// a gain is, the costliest decisions (each with its grid and its gain in
/// 12 decimals, as `hog grade` prints it), and where there are none, the
/// words `hog grade` has for that. A `blind` strategy has one grid: a cell
/// stands for every sides value.
fn cost_data(model: &Model, cost: &CostMap, blind: bool, blob: &mut Blob) -> Value {
    let mut scale: f64 = 0.0;
    for (g, grid) in cost.grids.iter().enumerate() {
        let gains: Vec<u64> = grid
            .iter()
            .map(|e| e.map_or(0, |e| units(e.gain)))
            .collect();
        let better: Vec<u64> = grid.iter().map(|e| code(e.map(|e| e.best))).collect();
        scale = grid.iter().flatten().map(|e| e.gain).fold(scale, f64::max);
        blob.push(format!("gain{g}"), 5, &gains);
        blob.push(format!("better{g}"), 1, &better);
    }
    let hidden = model.hidden();
    let estimated = model.rules().can_score_zero();
    let costliest: Vec<Value> = cost
        .costliest
        .cells
        .iter()
        .map(|c| {
            let grid = c.hidden.as_ref().map_or(0, |words| {
                super::hidden_index(&hidden, words).expect("hog's words for a hidden value")
            });
            json!({
                "score": c.score,
                "opponent_score": c.opponent_score,
                "hidden": c.hidden,
                "grid": grid,
                "num_rolls": c.num_rolls,
                "best": c.best,
                "gain": c.gain,
                "gain_text": format!("{:.12}", c.gain),
            })
        })
        .collect();
    let mut note = String::from(
        "a cell's colour is how much the win rate rises if that cell alone takes its best \
         other answer",
    );
    if blind {
        note.push_str("; a cell stands for every dice sides value: its gain sums theirs");
    }
    note.push_str(match estimated {
        true => {
            "; where a turn can score 0 a game can come back to a cell, so the map is a \
             first-order estimate (the gains listed are exact: each cell graded again)"
        }
        false => "; the gains listed are each cell graded again",
    });
    json!({
        "scale": scale,
        "grids": cost.grids.len(),
        "estimated": estimated,
        "note": note,
        "costliest": costliest,
        "none": costliest.is_empty().then(|| none_found(estimated)),
    })
}

/// The dice sides in words.
pub fn sides_words(sides: u32) -> &'static str {
    if sides == 6 {
        "six-sided dice"
    } else {
        "four-sided dice"
    }
}

/// A colour for CSS: #rrggbb.
fn css(colour: plotters::style::RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", colour.0, colour.1, colour.2)
}

/// The bytes, zlib-compressed, in base64.
fn compressed(bytes: &[u8]) -> Result<String> {
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    Ok(base64::engine::general_purpose::STANDARD.encode(encoder.finish()?))
}

/// The page: a link back to a contest's `board` if any, the data as JSON
/// in a script element (every "<" written
/// "\u003c", which JSON reads back as "<", so that no text in it can close
/// the element or open a comment), then the script and style.
fn document(title: &str, data: &Value, board: Option<&str>) -> String {
    let data = escaped_json(&data.to_string());
    let back = board.map_or(String::new(), |href| {
        format!(
            "<nav class=\"back\"><a href=\"{}\">&larr; the contest's leaderboard</a></nav>\n",
            html(href)
        )
    });
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">{mark}\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title>\n<style>\n{STYLE}</style></head>\n<body>\n{back}\
         <noscript>This page draws its maps with JavaScript: allow scripts for this file.</noscript>\n\
         <script type=\"application/json\" id=\"hog-data\">{data}</script>\n\
         <script>\n{SCRIPT}</script>\n</body></html>\n",
        title = html(title),
        mark = crate::files::marks::HTML,
    )
}

/// JSON text that no HTML parser reads as markup, and that shows no
/// invisible character raw in the page's source: every '<', every bidi
/// control (U+202A-U+202E, U+2066-U+2069) and the line and paragraph
/// separators are written as JSON's \\uXXXX escapes, which read back the same.
fn escaped_json(json: &str) -> String {
    let mut text = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}' => {
                text.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => text.push(c),
        }
    }
    text
}

/// Whether `hog heatmap` writes a page: a file name ending in .html.
pub fn is_page(path: &Path) -> bool {
    Kind::of_name(path) == Some(Kind::Html)
}

#[cfg(test)]
mod tests {
    use super::document;
    use serde_json::json;

    /// A hostile name (a comment and a script opened, an element closed)
    /// stays text: no "<" reaches the data element, which JSON reads back
    /// unchanged.
    #[test]
    fn no_text_in_the_data_can_end_or_open_an_element() {
        let data = json!({"name": "x<!--<script </script><b>\u{202e}\u{2066}gnp.exe"});
        let page = document("t", &data, None);
        let start = page.find("id=\"hog-data\">").unwrap() + "id=\"hog-data\">".len();
        let end = start + page[start..].find("</script>").unwrap();
        let inside = &page[start..end];
        assert!(!inside.contains('<'), "{inside}");
        assert!(
            !inside.contains('\u{202e}') && !inside.contains('\u{2066}'),
            "{inside}"
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(inside).unwrap(),
            data
        );
    }
}
