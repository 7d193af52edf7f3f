//! Heatmaps of per-state data, drawn with plotters into PNG bytes or an SVG
//! string. Pure functions of the data: no file I/O, no solving, so anything
//! that has a square of values per dice-sides value (a freshly solved policy,
//! a committed table, an evaluation) can be drawn the same way.
//!
//! # Layout
//!
//! A [`Figure`] is a grid of panels, `columns` wide, filled row by row. Every
//! panel is [`PANEL_WIDTH`] x [`PANEL_HEIGHT`] = 900 x 800 pixels, so a figure
//! of `n` panels in `c` columns is `900·c` x `800·ceil(n / c)` pixels. Inside a
//! panel (pixel offsets from its top-left corner):
//!
//! * the title lines, from the top (long lines wrap; at most four lines);
//! * the map: a square of [`PLOT_SIZE`] = 600 pixels whose top-left corner is
//!   at ([`PLOT_LEFT`], [`PLOT_TOP`]) = (90, 120). The x axis is the opponent's
//!   score (0 at the left), the y axis the score of the player to move (0 at
//!   the bottom): cell (score s, opponent_score o) of a map over scores
//!   0..G covers x in [o, o+1) and y in [s, s+1) in score units;
//! * at x = [`LEGEND_LEFT`] = 720, right of the map: the legend. For an
//!   action map, one swatch per action; for a probability or difference map,
//!   a colour bar [`BAR_WIDTH`] = 30 pixels wide spanning the map's height,
//!   its top row the largest value and its bottom row the smallest: pixel row
//!   `i` (0 at the top) shows `max - (i + 0.5) / 600 · (max - min)`.
//!
//! When the goal exceeds 600, a map cell is smaller than a pixel: the map is
//! then drawn in blocks of `ceil(G / 600)` x `ceil(G / 600)` scores, each
//! coloured by the block's lowest (score, opponent_score) cell.
//!
//! # Colours
//!
//! * Actions (num_rolls -1..10): six colours of Paul Tol's "muted"
//!   qualitative scheme and six of his "light" scheme (both designed to
//!   stay distinguishable under the common colour-vision deficiencies),
//!   ordered so that neighbouring actions, which meet in the maps most,
//!   differ most: see [`ACTION_COLOURS`]. The colours are fixed: the same
//!   action has the same colour in every rule set and every picture.
//! * Probabilities in [0, 1]: viridis (perceptually uniform, readable in
//!   grey scale and by colour-blind readers), 0 dark purple, 1 yellow.
//! * Differences in [-m, m]: Paul Tol's diverging BuRd scheme, -m red, 0
//!   near-white, +m blue; cells with no difference to show (the two
//!   strategies agree) are [`AGREE_COLOUR`] grey.
//!
//! Text uses DejaVu Sans, compiled into the binary, so nothing is needed
//! from the system's fonts. An SVG names the family `sans-serif`; its text
//! stays text (searchable, selectable).

mod crisp_text;
mod legend;
mod matrix;

use std::sync::Once;

use anyhow::{anyhow, bail, Result};
use plotters::coord::types::RangedCoordi32;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{register_font, FontStyle, RGBColor};

use crisp_text::CrispText;
use legend::{draw_action_legend, draw_colour_bar};

/// The width of one panel, in pixels.
pub const PANEL_WIDTH: u32 = 900;
/// The height of one panel, in pixels.
pub const PANEL_HEIGHT: u32 = 800;
/// The left edge of the map inside a panel.
pub const PLOT_LEFT: u32 = 90;
/// The top edge of the map inside a panel.
pub const PLOT_TOP: u32 = 120;
/// The width and height of the map, in pixels.
pub const PLOT_SIZE: u32 = 600;
/// The left edge of the legend (swatches or colour bar) inside a panel.
pub const LEGEND_LEFT: u32 = PLOT_LEFT + PLOT_SIZE + 30;
/// The width of a colour bar.
pub const BAR_WIDTH: u32 = 30;

/// The room left of the map for the score ticks and the axis name.
const Y_LABEL_AREA: u32 = 70;
/// The room below the map for the opponent-score ticks and the axis name.
const X_LABEL_AREA: u32 = 60;
/// The most title lines a panel shows.
const MAX_TITLE_LINES: usize = 4;
const FONT: &str = "sans-serif";

/// The colour of num_rolls -1, 0, 1, ..., 10, in that order. The colours
/// are six of Paul Tol's "muted" scheme (olive, wine, green, purple, indigo,
/// rose) and six of his "light" scheme (mint, light cyan, orange, light
/// blue, pink, light yellow), from https://personal.sron.nl/~pault/.
/// The order was chosen so that every two consecutive actions differ by a
/// CIELAB ΔE of at least 42 under normal vision and under simulated
/// protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes
/// 2009, severity 1): consecutive actions are the ones that meet most in a
/// map, and a large ΔE also means a large difference in lightness, which
/// every kind of colour vision sees.
pub const ACTION_COLOURS: [RGBColor; 12] = [
    RGBColor(0x44, 0xBB, 0x99), // -1 Pork Chop: mint (light)
    RGBColor(0x99, 0x99, 0x33), // 0: olive (muted)
    RGBColor(0x99, 0xDD, 0xFF), // 1: light cyan (light)
    RGBColor(0xEE, 0x88, 0x66), // 2: orange (light)
    RGBColor(0x77, 0xAA, 0xDD), // 3: light blue (light)
    RGBColor(0x88, 0x22, 0x55), // 4: wine (muted)
    RGBColor(0xFF, 0xAA, 0xBB), // 5: pink (light)
    RGBColor(0x11, 0x77, 0x33), // 6: green (muted)
    RGBColor(0xAA, 0x44, 0x99), // 7: purple (muted)
    RGBColor(0xEE, 0xDD, 0x88), // 8: light yellow (light)
    RGBColor(0x33, 0x22, 0x88), // 9: indigo (muted)
    RGBColor(0xCC, 0x66, 0x77), // 10: rose (muted)
];

/// Cells of a difference map where the two strategies agree.
pub const AGREE_COLOUR: RGBColor = RGBColor(0xBB, 0xBB, 0xBB);

// The colour maps are tables here rather than a crate's. No crate has Paul
// Tol's qualitative schemes (the action colours). colorous's RED_BLUE is d3's
// spline through ColorBrewer's 11-class RdBu (ends 67001F and 053061, darker
// than Tol's BuRd) and plotters' colormaps have no diverging map, so
// `interpolate` stays for the difference map. For viridis alone, colorous
// would give the exact map (these eleven stops, interpolated, stay within
// 14/255 of it) and plotters' ViridisRGB a coarser one (eight stops): a
// dependency to replace one table of eleven colours is not simpler.

/// Viridis, sampled at 0, 0.1, ..., 1 and interpolated linearly.
const VIRIDIS: [RGBColor; 11] = [
    RGBColor(0x44, 0x01, 0x54),
    RGBColor(0x48, 0x24, 0x75),
    RGBColor(0x41, 0x44, 0x87),
    RGBColor(0x35, 0x5F, 0x8D),
    RGBColor(0x2A, 0x78, 0x8E),
    RGBColor(0x21, 0x91, 0x8C),
    RGBColor(0x22, 0xA8, 0x84),
    RGBColor(0x44, 0xBF, 0x70),
    RGBColor(0x7A, 0xD1, 0x51),
    RGBColor(0xBD, 0xDF, 0x26),
    RGBColor(0xFD, 0xE7, 0x25),
];

/// Paul Tol's BuRd, from red (most negative) to blue (most positive).
const RED_BLUE: [RGBColor; 9] = [
    RGBColor(0xB2, 0x18, 0x2B),
    RGBColor(0xD6, 0x60, 0x4D),
    RGBColor(0xF4, 0xA5, 0x82),
    RGBColor(0xFD, 0xDB, 0xC7),
    RGBColor(0xF7, 0xF7, 0xF7),
    RGBColor(0xD1, 0xE5, 0xF0),
    RGBColor(0x92, 0xC5, 0xDE),
    RGBColor(0x43, 0x93, 0xC3),
    RGBColor(0x21, 0x66, 0xAC),
];

/// The colour of an action.
pub fn action_colour(num_rolls: i32) -> RGBColor {
    ACTION_COLOURS[(num_rolls + 1).clamp(0, 11) as usize]
}

/// The colour of a probability (clamped to [0, 1]).
pub fn probability_colour(p: f64) -> RGBColor {
    interpolate(&VIRIDIS, p)
}

/// The colour of a difference `d` on a scale from `-scale` to `scale`.
pub fn difference_colour(d: f64, scale: f64) -> RGBColor {
    interpolate(&RED_BLUE, (d / scale + 1.0) / 2.0)
}

fn interpolate(stops: &[RGBColor], t: f64) -> RGBColor {
    // With k stops, t in [0, 1] falls between stops i = floor(t (k - 1)) and
    // i + 1, at fraction f = t (k - 1) - i; the colour is a + f (b - a).
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let x = t * (stops.len() - 1) as f64;
    let i = (x.floor() as usize).min(stops.len() - 2);
    let f = x - i as f64;
    let (a, b) = (stops[i], stops[i + 1]);
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// One value per (score, opponent_score), both from 0 to `size - 1`.
#[derive(Clone, Debug, PartialEq)]
pub struct Square<T> {
    size: u32,
    cells: Vec<T>,
}

impl<T> Square<T> {
    /// `f(score, opponent_score)` for every cell.
    pub fn from_fn(size: u32, mut f: impl FnMut(u32, u32) -> T) -> Square<T> {
        let cells = (0..size)
            .flat_map(|s| (0..size).map(move |o| (s, o)))
            .map(|(s, o)| f(s, o))
            .collect();
        Square { size, cells }
    }

    /// The number of scores along each axis (the goal).
    pub fn size(&self) -> u32 {
        self.size
    }

    pub fn get(&self, score: u32, opponent_score: u32) -> &T {
        &self.cells[(score * self.size + opponent_score) as usize]
    }
}

/// What a panel's map shows.
pub enum Cells {
    /// num_rolls in every state; the legend lists `actions` (e.g. -1..=10).
    Actions {
        actions: Square<i8>,
        legend: std::ops::RangeInclusive<i32>,
    },
    /// A probability in every state, with a colour bar from 0 to 1.
    Probability(Square<f64>),
    /// A contest's win-rate matrix: cell (row, column) is the row entry's
    /// win rate against the column entry (entries in rank order, the first
    /// at 0, drawn at the top left), viridis from 0 to 1, grey where there
    /// is none (the diagonal); `names` label the rows and the columns. Its
    /// own layout: see [`matrix`].
    Matrix {
        cells: Square<Option<f64>>,
        names: Vec<String>,
    },
    /// A difference where there is one (None: grey), on a colour bar from
    /// -m to +m, m the smallest of 0.001, 0.002, 0.005, 0.01, ..., 1 that
    /// holds every difference. `label` names what is subtracted from what.
    Difference {
        cells: Square<Option<f64>>,
        label: String,
    },
}

/// One map with its title.
pub struct Panel {
    /// The title, one entry per line (long lines wrap).
    pub title: Vec<String>,
    pub cells: Cells,
}

/// Panels in a grid, row by row.
pub struct Figure {
    pub panels: Vec<Panel>,
    pub columns: usize,
}

impl Figure {
    fn grid(&self) -> (usize, usize) {
        let columns = self.columns.clamp(1, self.panels.len().max(1));
        (self.panels.len().div_ceil(columns).max(1), columns)
    }

    /// The picture's size in pixels: 900 per column by 800 per row.
    pub fn size(&self) -> (u32, u32) {
        let (rows, columns) = self.grid();
        (PANEL_WIDTH * columns as u32, PANEL_HEIGHT * rows as u32)
    }

    /// The top-left corner of panel `i`, in pixels.
    pub fn panel_origin(&self, i: usize) -> (u32, u32) {
        let (_, columns) = self.grid();
        (
            PANEL_WIDTH * (i % columns) as u32,
            PANEL_HEIGHT * (i / columns) as u32,
        )
    }
}

/// The file formats, chosen by a file name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Png,
    Svg,
}

impl Format {
    pub fn from_path(path: &std::path::Path) -> Result<Format> {
        match crate::files::Kind::of_name(path) {
            Some(crate::files::Kind::Png) => Ok(Format::Png),
            Some(crate::files::Kind::Svg) => Ok(Format::Svg),
            _ => bail!(
                "{}: a heatmap is written as PNG, SVG or an HTML page: the file name must end in .png, .svg or .html",
                path.display()
            ),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "PNG",
            Format::Svg => "SVG",
        }
    }
}

/// The figure in the format.
pub fn render(figure: &Figure, format: Format) -> Result<Vec<u8>> {
    match format {
        Format::Png => png(figure),
        Format::Svg => Ok(svg(figure)?.into_bytes()),
    }
}

/// The figure as PNG bytes (8-bit RGB).
pub fn png(figure: &Figure) -> Result<Vec<u8>> {
    let (width, height) = figure.size();
    let mut rgb = vec![0u8; width as usize * height as usize * 3];
    {
        let root = CrispText::new(BitMapBackend::with_buffer(&mut rgb, (width, height)))
            .into_drawing_area();
        draw(&root, figure)?;
        root.present().map_err(drawing)?;
    }
    let mut bytes = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(::png::ColorType::Rgb);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_compression(::png::Compression::Best);
    let (keyword, text) = crate::files::marks::PNG;
    encoder.add_text_chunk(keyword.to_string(), text.to_string())?;
    encoder
        .write_header()?
        .write_image_data(&rgb)
        .map_err(|e| anyhow!("cannot encode the PNG: {e}"))?;
    Ok(bytes)
}

/// The figure as an SVG document, after hog's mark.
pub fn svg(figure: &Figure) -> Result<String> {
    let mut text = format!("{}\n", crate::files::marks::SVG);
    {
        let root = SVGBackend::with_string(&mut text, figure.size()).into_drawing_area();
        draw(&root, figure)?;
        root.present().map_err(drawing)?;
    }
    Ok(text)
}

fn drawing(error: impl std::fmt::Display) -> anyhow::Error {
    anyhow!("cannot draw the heatmap: {error}")
}

/// The bundled font: DejaVu Sans (its licence is in assets/).
const FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// Registers the bundled DejaVu Sans as plotters' `sans-serif`.
fn register_fonts() {
    static FONTS: Once = Once::new();
    FONTS.call_once(|| {
        register_font(FONT, FontStyle::Normal, FONT_BYTES)
            .unwrap_or_else(|_| panic!("the bundled DejaVu Sans font does not load"));
    });
}

fn text_style(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&BLACK)
}

type Area<DB> = DrawingArea<DB, Shift>;

fn draw<DB: DrawingBackend>(root: &Area<DB>, figure: &Figure) -> Result<()> {
    register_fonts();
    root.fill(&WHITE).map_err(drawing)?;
    let (rows, columns) = figure.grid();
    let areas = root.split_evenly((rows, columns));
    for (panel, area) in figure.panels.iter().zip(&areas) {
        draw_panel(area, panel)?;
    }
    Ok(())
}

fn draw_panel<DB: DrawingBackend>(area: &Area<DB>, panel: &Panel) -> Result<()> {
    draw_title(area, &panel.title)?;
    let size = match &panel.cells {
        Cells::Actions { actions, .. } => actions.size(),
        Cells::Probability(p) => p.size(),
        Cells::Matrix { cells, names } => return matrix::draw(area, cells, names),
        Cells::Difference { cells, .. } => cells.size(),
    };
    let chart_area = area.clone().shrink(
        (PLOT_LEFT - Y_LABEL_AREA, PLOT_TOP),
        (Y_LABEL_AREA + PLOT_SIZE, PLOT_SIZE + X_LABEL_AREA),
    );
    let mut chart = ChartBuilder::on(&chart_area)
        .margin(0)
        .x_label_area_size(X_LABEL_AREA)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(0..size as i32, 0..size as i32)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .disable_mesh()
        // The ticks are drawn by draw_score_ticks, at the cells' centres.
        .set_all_tick_mark_size(0)
        .x_label_formatter(&|_| String::new())
        .y_label_formatter(&|_| String::new())
        .label_style(text_style(15))
        .axis_desc_style(text_style(17))
        .x_desc("opponent_score")
        .y_desc("score (player to move)")
        .draw()
        .map_err(drawing)?;
    match &panel.cells {
        Cells::Actions { actions, legend } => {
            draw_cells(&mut chart, actions, |&a| action_colour(a as i32))?;
            draw_action_legend(area, legend.clone())?;
        }
        Cells::Probability(p) => {
            draw_cells(&mut chart, p, |&v| probability_colour(v))?;
            draw_colour_bar(area, PLOT_SIZE, 0.0, 1.0, probability_colour, "P(win)")?;
        }
        Cells::Matrix { .. } => unreachable!("drawn by matrix::draw"),
        Cells::Difference { cells, label } => {
            let scale = difference_scale(cells);
            draw_cells(&mut chart, cells, |d| match d {
                Some(d) => difference_colour(*d, scale),
                None => AGREE_COLOUR,
            })?;
            draw_colour_bar(
                area,
                PLOT_SIZE,
                -scale,
                scale,
                |d| difference_colour(d, scale),
                label,
            )?;
            let y = (PLOT_TOP + PLOT_SIZE + 16) as i32;
            let x = LEGEND_LEFT as i32;
            area.draw(&Rectangle::new(
                [(x, y), (x + BAR_WIDTH as i32, y + 18)],
                AGREE_COLOUR.filled(),
            ))
            .map_err(drawing)?;
            area.draw(&Text::new(
                "same choice",
                (x + BAR_WIDTH as i32 + 8, y + 1),
                text_style(15),
            ))
            .map_err(drawing)?;
        }
    }
    // A frame around the map, over the cells' edges.
    let (l, t, s) = (PLOT_LEFT as i32, PLOT_TOP as i32, PLOT_SIZE as i32);
    area.draw(&Rectangle::new([(l - 1, t - 1), (l + s, t + s)], BLACK))
        .map_err(drawing)?;
    draw_score_ticks(area, size)
}

/// The scores the axes label: the multiples of a round step (1, 2 or 5
/// times a power of ten, the smallest giving at most 11 ticks) and the last
/// score, goal - 1, which replaces a multiple closer to it than a third of a
/// step (so that their labels do not collide).
fn score_ticks(goal: u32) -> Vec<u32> {
    let last = goal - 1;
    let mut decade = 1;
    let step = loop {
        if let Some(step) = [1, 2, 5]
            .map(|m| m * decade)
            .into_iter()
            .find(|s| last / s <= 10)
        {
            break step;
        }
        decade *= 10;
    };
    let mut ticks: Vec<u32> = (0..=last).step_by(step as usize).collect();
    if ticks.last() != Some(&last) {
        if ticks
            .last()
            .is_some_and(|&t| t > 0 && 3 * (last - t) < step)
        {
            ticks.pop();
        }
        ticks.push(last);
    }
    ticks
}

/// Tick marks and labels on both axes at the centres of the labelled
/// scores' cells: score s spans [s, s + 1) of the map's `goal` units.
fn draw_score_ticks<DB: DrawingBackend>(area: &Area<DB>, goal: u32) -> Result<()> {
    let (left, top, size) = (PLOT_LEFT as f64, PLOT_TOP as f64, PLOT_SIZE as f64);
    let bottom = (PLOT_TOP + PLOT_SIZE) as i32;
    for s in score_ticks(goal) {
        let centre = (s as f64 + 0.5) / goal as f64 * size;
        let x = (left + centre).round() as i32;
        let y = (top + size - centre).round() as i32;
        area.draw(&PathElement::new(vec![(x, bottom), (x, bottom + 5)], BLACK))
            .map_err(drawing)?;
        area.draw(&Text::new(
            s.to_string(),
            (x, bottom + 8),
            text_style(15).pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(drawing)?;
        let l = PLOT_LEFT as i32 - 1;
        area.draw(&PathElement::new(vec![(l - 5, y), (l, y)], BLACK))
            .map_err(drawing)?;
        area.draw(&Text::new(
            s.to_string(),
            (l - 8, y),
            text_style(15).pos(Pos::new(HPos::Right, VPos::Center)),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}

/// The scale of a difference map: the smallest of 0.001, 0.002, 0.005, 0.01,
/// ..., 0.5, 1 that is at least every |difference| (0.001 when there is none).
pub fn difference_scale(cells: &Square<Option<f64>>) -> f64 {
    let largest = cells
        .cells
        .iter()
        .flatten()
        .fold(0.0f64, |m, d| m.max(d.abs()));
    let mut decade = 0.001;
    loop {
        for step in [1.0, 2.0, 5.0] {
            let scale: f64 = step * decade;
            if scale >= largest - 1e-12 || scale >= 1.0 {
                return scale.min(1.0);
            }
        }
        decade *= 10.0;
    }
}

/// Fills the map, one rectangle per run of equal colours along a row of
/// blocks (a block is one cell unless the goal exceeds [`PLOT_SIZE`]).
fn draw_cells<DB: DrawingBackend, T>(
    chart: &mut ChartContext<DB, Cartesian2d<RangedCoordi32, RangedCoordi32>>,
    square: &Square<T>,
    colour: impl Fn(&T) -> RGBColor,
) -> Result<()> {
    let size = square.size();
    let block = size.div_ceil(PLOT_SIZE).max(1);
    let mut rectangles = Vec::new();
    for s in (0..size).step_by(block as usize) {
        let top = (s + block).min(size) as i32;
        let mut run: Option<(u32, RGBColor)> = None;
        for o in (0..size).step_by(block as usize).chain([size]) {
            let here = (o < size).then(|| colour(square.get(s, o)));
            match (run, here) {
                (Some((_, c)), Some(h)) if c == h => {}
                _ => {
                    if let Some((start, c)) = run {
                        rectangles.push(Rectangle::new(
                            [(start as i32, top), (o as i32, s as i32)],
                            c.filled(),
                        ));
                    }
                    run = here.map(|h| (o, h));
                }
            }
        }
    }
    chart.draw_series(rectangles).map_err(drawing)?;
    Ok(())
}

/// Title lines from the top of the panel, the first one larger, wrapped to
/// the panel's width; at most [`MAX_TITLE_LINES`] lines.
fn draw_title<DB: DrawingBackend>(area: &Area<DB>, title: &[String]) -> Result<()> {
    let mut lines = Vec::new();
    for (i, line) in title.iter().enumerate() {
        let size = if i == 0 { 20 } else { 16 };
        for wrapped in wrap(area, line, &text_style(size), PANEL_WIDTH - 40)? {
            lines.push((wrapped, size));
        }
    }
    let shown = lines.len().min(MAX_TITLE_LINES);
    let mut y = 10;
    for (i, (line, size)) in lines.iter().take(shown).enumerate() {
        let line = if i + 1 == shown && lines.len() > shown {
            format!("{line} …")
        } else {
            line.clone()
        };
        area.draw(&Text::new(line, (20, y), text_style(*size)))
            .map_err(drawing)?;
        y += *size as i32 + 5;
    }
    Ok(())
}

/// Splits a line at spaces and after commas so that each piece fits `width`
/// pixels. By hand, not with textwrap: the width is measured in pixels of the
/// font, as plotters draws it, where textwrap counts columns (its generic
/// first-fit would need a fragment type measuring each word, longer than
/// this loop), and a canonical rules text, which has no spaces, breaks after
/// its commas.
fn wrap<DB: DrawingBackend>(
    area: &Area<DB>,
    line: &str,
    style: &TextStyle,
    width: u32,
) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut start = 0;
    for (i, c) in line.char_indices() {
        if c == ' ' || c == ',' {
            words.push(&line[start..=i]);
            start = i + 1;
        }
    }
    words.push(&line[start..]);
    let mut lines = vec![String::new()];
    for word in words.into_iter().filter(|w| !w.is_empty()) {
        let current = lines.last_mut().expect("one line at least");
        let candidate = format!("{current}{word}");
        let (w, _) = area
            .estimate_text_size(candidate.trim_end(), style)
            .map_err(drawing)?;
        if w > width && !current.is_empty() {
            lines.push(word.to_string());
        } else {
            *current = candidate;
        }
    }
    Ok(lines
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect())
}

#[cfg(test)]
mod tests;
