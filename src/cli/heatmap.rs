//! `hog heatmap`: a strategy's choice, its winning chance, or where it
//! differs from another strategy, drawn over every (score,
//! opponent_score) (see [`crate::ops::heatmap`]); a name ending in
//! `.html` makes the policy page instead ([`super::page`]).

use std::io::Write;

use anyhow::Result;

use super::{game_played, read, read_option, sources, write_json, Lead, Played};
use crate::cli::args::HeatmapArgs;
use crate::files::{self, Kind};
use crate::ops::heatmap::{heatmap, Extreme, Format, HeatmapInput, Summary};
use crate::plot;
use crate::progress::SolveBar;

pub fn run(args: &HeatmapArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let source = read(&args.source, "the strategy")?;
    let diff = read_option(args.diff.as_ref(), "--diff")?;
    let against = read_option(args.against.as_ref(), "the opponent (--against)")?;
    let strategies: Vec<_> = std::iter::once(&source)
        .chain(&diff)
        .chain(&against)
        .collect();
    let played = game_played(&args.game, &strategies, json)?;
    if crate::ops::page::is_page(&args.output) {
        return super::page::run(args, source, [diff, against], played, out);
    }
    let name = played.name();
    let Played {
        rules,
        goal,
        lead,
        semester,
    } = played;
    let format = Format::from_path(&args.output)?;
    let bar = SolveBar::new("solving");
    let mut drawn = heatmap(
        &HeatmapInput {
            rules,
            goal,
            source,
            show: args.show,
            diff,
            against,
            format,
        },
        &sources(&args.python),
        &|done, all| bar.report(done, all),
    )?;
    let kind = match format {
        Format::Png => Kind::Png,
        Format::Svg => Kind::Svg,
    };
    files::write(&args.output, kind, args.force, |w| {
        Ok(w.write_all(&drawn.picture)?)
    })?;
    drawn.summary.file = Some(args.output.display().to_string());
    drawn.summary.semester = semester;
    if json {
        lead.before(out)?;
        return write_json(out, &drawn.summary);
    }
    print_summary(&drawn.summary, &name, &lead, out)
}

fn print_summary(summary: &Summary, name: &str, lead: &Lead, out: &mut dyn Write) -> Result<()> {
    lead.rules(out, 13, name, None)?;
    writeln!(out, "goal         {}", summary.goal)?;
    let shows = match (summary.show, &summary.other) {
        ("action", _) => format!("num_rolls of {}", summary.source),
        ("win", _) => format!("P(player to move wins) of {}", summary.source),
        ("both", _) => format!("num_rolls and P(player to move wins) of {}", summary.source),
        (_, other) => format!(
            "P(win) of {} minus P(win) of {} where their num_rolls differ",
            summary.source,
            other.as_deref().unwrap_or_default()
        ),
    };
    writeln!(out, "shows        {shows}")?;
    if let Some(baseline) = &summary.baseline {
        writeln!(out, "against      {baseline}")?;
    }
    if let Some(differing) = summary.differing {
        let states = summary.goal as usize * summary.goal as usize * summary.panels.len();
        writeln!(out, "differing    {differing} of {states} states")?;
        let at = |e: &Extreme| {
            let sides = if summary.panels.len() > 1 {
                format!(", {}-sided dice", e.sides)
            } else {
                String::new()
            };
            format!(
                "{:+.6} at score {}, opponent_score {}{sides}",
                e.difference, e.score, e.opponent_score
            )
        };
        if differing > 0 {
            let source = &summary.source;
            match &summary.largest_gain {
                Some(gain) => writeln!(out, "most gain    {}", at(gain))?,
                None => writeln!(out, "most gain    none: {source} wins more in no state")?,
            }
            match &summary.largest_loss {
                Some(loss) => writeln!(out, "most loss    {}", at(loss))?,
                None => writeln!(out, "most loss    none: {source} wins less in no state")?,
            }
        }
    }
    if let Some(warning) = &summary.made_for_another_game {
        writeln!(out, "warning      {warning}")?;
    }
    let columns = summary.width / plot::PANEL_WIDTH;
    let rows = summary.height / plot::PANEL_HEIGHT;
    writeln!(
        out,
        "written      {} ({}, {}x{} pixels: {} panel{} of {}x{} in {rows} row{} of {columns})",
        summary.file.as_deref().unwrap_or_default(),
        summary.format,
        summary.width,
        summary.height,
        summary.panels.len(),
        if summary.panels.len() == 1 { "" } else { "s" },
        plot::PANEL_WIDTH,
        plot::PANEL_HEIGHT,
        if rows == 1 { "" } else { "s" },
    )?;
    Ok(())
}
