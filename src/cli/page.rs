//! `hog heatmap STRATEGY -o page.html`: the page of the commands' library
//! ([`crate::ops::page`]), its arguments and its summary on the
//! terminal or as JSON.

use std::io::Write;

use anyhow::Result;

use super::{sources, write_json, Lead, Played};
use crate::cli::args::HeatmapArgs;
use crate::ops::page::{page, sides_words, PageInput, Summary};
use crate::progress::SolveBar;
use crate::strategies::Strategy;

/// The page of SOURCE (read, with `--diff` and `--against`) in the game
/// `played`.
pub fn run(
    args: &HeatmapArgs,
    source: Strategy,
    [diff, against]: [Option<Strategy>; 2],
    played: Played,
    out: &mut dyn Write,
) -> Result<()> {
    let name = played.name();
    let Played {
        rules,
        goal,
        lead,
        semester,
    } = played;
    let input = PageInput {
        rules,
        semester,
        goal,
        source,
        against,
        diff,
        path: args.output.clone(),
        force: args.force,
    };
    let bar = SolveBar::new("solving");
    let summary = page(&input, &sources(&args.python), &|done, all| {
        bar.report(done, all)
    })?;
    drop(bar);
    if args.json.json {
        lead.before(out)?;
        return write_json(out, &summary);
    }
    print_summary(&summary, &name, &lead, out)
}

/// A view's name in words: "mix", or the dice sides ("6": six-sided dice).
fn view_words(view: &str) -> &str {
    match view.parse() {
        Ok(sides) => sides_words(sides),
        Err(_) => "the mix it answers",
    }
}

fn print_summary(summary: &Summary, name: &str, lead: &Lead, out: &mut dyn Write) -> Result<()> {
    lead.rules(out, 13, name, None)?;
    writeln!(out, "goal         {}", summary.goal)?;
    let second = match &summary.other {
        Some(other) => format!("P(win) minus P(win) of {other} where their num_rolls differ"),
        None => "P(player to move wins)".to_string(),
    };
    writeln!(
        out,
        "shows        num_rolls of {}, {second} and what each decision costs; on hover each \
         action's chance",
        summary.strategy
    )?;
    writeln!(out, "against      {}", summary.against)?;
    // Rounded as `hog grade` rounds.
    writeln!(
        out,
        "win rate     {:.12}  (exact: the mean of the two seatings)",
        summary.win_rate
    )?;
    writeln!(
        out,
        "best         {:.12}  (the best response to {})",
        summary.best, summary.against
    )?;
    if let Some(target) = &summary.target {
        writeln!(out, "target       {target}")?;
    }
    if let Some(verdict) = &summary.verdict {
        writeln!(out, "warning      {verdict}")?;
    }
    if let Some(warning) = &summary.made_for_another_game {
        writeln!(out, "warning      {warning}")?;
    }
    if let Some(bound) = summary.bound {
        writeln!(
            out,
            "bound        {bound}: the best response that sees the dice sides{}",
            if summary.blind {
                "; no strategy of the two scores wins more"
            } else {
                ""
            }
        )?;
    }
    writeln!(
        out,
        "written      {} (HTML, {:.1} MB; views: {})",
        summary.file,
        summary.bytes as f64 / 1e6,
        summary
            .views
            .iter()
            .map(|view| view_words(view))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    Ok(())
}
