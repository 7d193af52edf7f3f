//! The legends beside a map: one swatch per action, or a colour bar.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::RGBColor;

use super::{action_colour, drawing, text_style, Area, BAR_WIDTH, LEGEND_LEFT, PLOT_TOP};
use anyhow::Result;

/// One swatch and its label per action.
pub(super) fn draw_action_legend<DB: DrawingBackend>(
    area: &Area<DB>,
    actions: std::ops::RangeInclusive<i32>,
) -> Result<()> {
    let x = LEGEND_LEFT as i32;
    area.draw(&Text::new(
        "num_rolls",
        (x, PLOT_TOP as i32),
        text_style(17),
    ))
    .map_err(drawing)?;
    for (row, a) in actions.enumerate() {
        let y = PLOT_TOP as i32 + 34 + 32 * row as i32;
        area.draw(&Rectangle::new(
            [(x, y), (x + 24, y + 24)],
            action_colour(a).filled(),
        ))
        .map_err(drawing)?;
        area.draw(&Rectangle::new([(x, y), (x + 24, y + 24)], BLACK))
            .map_err(drawing)?;
        let label = match a {
            -1 => "-1 (Pork Chop)".to_string(),
            1 => "1 die".to_string(),
            n => format!("{n} dice"),
        };
        area.draw(&Text::new(
            label,
            (x + 34, y + 12),
            text_style(16).pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}

/// A vertical colour bar beside the map, `height` pixels tall, `max` at the
/// top, with five ticks.
pub(super) fn draw_colour_bar<DB: DrawingBackend>(
    area: &Area<DB>,
    height: u32,
    min: f64,
    max: f64,
    colour: impl Fn(f64) -> RGBColor,
    label: &str,
) -> Result<()> {
    let (x, top) = (LEGEND_LEFT as i32, PLOT_TOP as i32);
    let rows = height as i32;
    for i in 0..rows {
        let v = max - (i as f64 + 0.5) / rows as f64 * (max - min);
        area.draw(&Rectangle::new(
            [(x, top + i), (x + BAR_WIDTH as i32, top + i + 1)],
            colour(v).filled(),
        ))
        .map_err(drawing)?;
    }
    area.draw(&Rectangle::new(
        [(x - 1, top - 1), (x + BAR_WIDTH as i32, top + rows)],
        BLACK,
    ))
    .map_err(drawing)?;
    let signed = min < 0.0;
    for k in 0..=4 {
        let v = max - k as f64 / 4.0 * (max - min);
        let y = top + (k * (rows - 1)) / 4;
        let right = x + BAR_WIDTH as i32;
        area.draw(&PathElement::new(vec![(right, y), (right + 5, y)], BLACK))
            .map_err(drawing)?;
        area.draw(&Text::new(
            tick_label(v, signed),
            (right + 9, y),
            text_style(15).pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(drawing)?;
    }
    area.draw(&Text::new(
        label.to_string(),
        (x, top - 10),
        text_style(15).pos(Pos::new(HPos::Left, VPos::Bottom)),
    ))
    .map_err(drawing)?;
    Ok(())
}

/// A tick value without trailing zeros; `signed` writes + before positives.
fn tick_label(v: f64, signed: bool) -> String {
    let text = format!("{v:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "0" => "0".to_string(),
        _ if signed && v > 0.0 => format!("+{text}"),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::tick_label;

    #[test]
    fn tick_labels() {
        assert_eq!(tick_label(0.25, false), "0.25");
        assert_eq!(tick_label(1.0, false), "1");
        assert_eq!(tick_label(0.0, false), "0");
        assert_eq!(tick_label(0.02, true), "+0.02");
        assert_eq!(tick_label(-0.0025, true), "-0.0025");
        assert_eq!(tick_label(-1e-17, true), "0");
    }
}
