//! A contest's win-rate matrix, drawn with the entries' names on both axes
//! and the first-ranked entry at the top left, as the HTML leaderboard
//! lists them.
//!
//! Inside the panel: the map is a square of [`MAP_SIZE`] = 480 pixels
//! whose top-left corner is at ([`MAP_LEFT`], [`PLOT_TOP`]) = (210, 120);
//! with n entries, cell (row i, column j), both from 0 in rank order, covers
//! x in [210 + 480·j/n, 210 + 480·(j+1)/n) and y in [120 + 480·i/n,
//! 120 + 480·(i+1)/n). Each row's name is written left of it, right-aligned;
//! each column's below the map, reading downwards. A name that does not fit
//! its room is cut short with "…"; when the cells are too small for a name
//! each, every k-th is written. The colour bar stands at [`super::LEGEND_LEFT`],
//! as tall as the map.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;

use super::{
    draw_colour_bar, drawing, probability_colour, text_style, Area, Square, AGREE_COLOUR,
    PANEL_HEIGHT, PLOT_TOP,
};
use anyhow::Result;

/// The left edge of the map: the room left of it is for the rows' names.
pub const MAP_LEFT: u32 = 210;
/// The width and height of the map, in pixels.
pub const MAP_SIZE: u32 = 480;
/// The gap between a name and the map.
const GAP: i32 = 6;

/// The matrix `cells` (row i, column j: entry i's win rate against entry j,
/// None on the diagonal), with `names[i]` the i-th entry's label.
pub(super) fn draw<DB: DrawingBackend>(
    area: &Area<DB>,
    cells: &Square<Option<f64>>,
    names: &[String],
) -> Result<()> {
    let n = cells.size().max(1);
    let (left, top, size) = (MAP_LEFT as f64, PLOT_TOP as f64, MAP_SIZE as f64);
    let edge = |k: u32| k as f64 * size / n as f64;
    for i in 0..cells.size() {
        for j in 0..cells.size() {
            let colour = match cells.get(i, j) {
                Some(p) => probability_colour(*p),
                None => AGREE_COLOUR,
            };
            let (x0, x1) = ((left + edge(j)).round(), (left + edge(j + 1)).round());
            let (y0, y1) = ((top + edge(i)).round(), (top + edge(i + 1)).round());
            area.draw(&Rectangle::new(
                [(x0 as i32, y0 as i32), (x1 as i32, y1 as i32)],
                colour.filled(),
            ))
            .map_err(drawing)?;
        }
    }
    let (l, t, s) = (MAP_LEFT as i32, PLOT_TOP as i32, MAP_SIZE as i32);
    area.draw(&Rectangle::new([(l - 1, t - 1), (l + s, t + s)], BLACK))
        .map_err(drawing)?;
    // A name per cell while the cells are 8 pixels or more, else every k-th.
    let cell = size / n as f64;
    let font = (cell * 0.8).clamp(7.0, 14.0) as u32;
    let every = (8.0 / cell).ceil().max(1.0) as usize;
    let row_room = l - GAP - 4;
    let column_room = PANEL_HEIGHT as i32 - (t + s) - GAP - 4;
    for (k, name) in names.iter().enumerate().step_by(every) {
        let centre = (edge(k as u32) + cell / 2.0).round() as i32;
        let style = text_style(font);
        let row = fit(area, name, &style, row_room)?;
        area.draw(&Text::new(
            row,
            (l - GAP, t + centre),
            style.pos(Pos::new(HPos::Right, VPos::Center)),
        ))
        .map_err(drawing)?;
        let column = fit(area, name, &style, column_room)?;
        area.draw(&Text::new(
            column,
            (l + centre, t + s + GAP),
            text_style(font)
                .transform(FontTransform::Rotate90)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(drawing)?;
    }
    draw_colour_bar(area, MAP_SIZE, 0.0, 1.0, probability_colour, "win rate")
}

/// `name`, cut short with "…" until it is at most `room` pixels wide.
fn fit<DB: DrawingBackend>(
    area: &Area<DB>,
    name: &str,
    style: &TextStyle,
    room: i32,
) -> Result<String> {
    let mut chars: Vec<char> = name.chars().collect();
    let mut text = name.to_string();
    while !chars.is_empty()
        && area.estimate_text_size(&text, style).map_err(drawing)?.0 as i32 > room
    {
        chars.pop();
        text = chars.iter().collect::<String>() + "…";
    }
    Ok(text)
}
