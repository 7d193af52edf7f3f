//! `hog contest`: a round robin of many strategies, graded exactly (see
//! [`crate::ops::contest`]): the game its entries play, the
//! leaderboard on the terminal or as JSON, and `-o` and `--pages`.

mod output;
mod pages;

use std::io::Write;

use anyhow::{bail, Context, Result};

use super::{write_json, Lead};
use crate::cli::args::ContestArgs;
use crate::ops::contest::cache::default_path;
use crate::ops::contest::{
    check_margin, contest, contest_game, expand_entries, refuse_weaker_wall, Board, ContestInput,
    Watch,
};
use crate::strategies::{Sources, Strategy};
use output::{write_output, write_table, Output};

/// Reads the entries, finds the game they play (see
/// [`crate::ops::contest::contest_game`]), plays the contest and shows it;
/// `-o` and `--pages` are checked before any entry runs and written after.
pub fn run(args: &ContestArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let entries = expand_entries(&args.entries)?;
    let against = args
        .against
        .as_deref()
        .map(|text| Strategy::read(text).context("the baseline"))
        .transpose()?;
    refuse_weaker_wall(&entries, against.as_ref(), args.weaker_sandbox)?;
    let mut watch = Watch::new(&entries);
    let (game, line) = contest_game(
        args.game.rules.as_deref(),
        args.game.goal,
        &entries,
        &mut watch,
    )?;
    let lead = Lead::new(line, json);
    let sources = Sources::new(std::time::Duration::from_secs(args.python_timeout));
    check_margin(args.margin)?;
    let output = args.output.as_deref().map(Output::of).transpose()?;
    let pages = pages::check(args, output, &game.rules, game.goal)?;
    let cache = match (&args.cache, args.no_cache) {
        (_, true) => None,
        (Some(path), false) => Some(path.clone()),
        (None, false) => Some(default_path()?),
    };
    let entries_given = entries.len();
    let (rules, goal) = (game.rules.clone(), game.goal);
    let Board {
        report,
        draws,
        summary,
        policies,
        baseline,
        graded: n,
    } = contest(
        ContestInput {
            game,
            entries,
            watch,
            against,
            margin: args.margin,
            cache,
            force: args.force,
        },
        &sources,
    )?;
    lead.before(out)?;
    if n == 0 {
        // Nothing graded: the exclusions are shown, and no file says otherwise.
        if json {
            write_json(out, &report)?;
        } else {
            write_table(out, &report, &summary)?;
        }
        let all = match entries_given {
            1 => "the one entry was".to_string(),
            n => format!("all {n} entries were"),
        };
        bail!(
            "nothing graded: {all} excluded, each with its reason {}",
            if json { "in the JSON" } else { "above" }
        );
    }
    // The results first, then `-o`: checked before the entries ran, it may
    // since have been made unwritable (by an entry), and the contest is
    // then still shown.
    if json {
        write_json(out, &report)?;
    } else {
        write_table(out, &report, &summary)?;
    }
    if let (Some(path), Some(output)) = (&args.output, output) {
        let links = match &pages {
            Some(pages) => {
                let model = hog_solver::Model::new(&rules, goal)?;
                let policies: Vec<Option<&_>> = policies.iter().map(Option::as_ref).collect();
                let against = (summary.baseline.as_str(), &baseline);
                pages::write(pages, path, &model, &report, &policies, against, args.force)
                    .context("the results are above, but --pages was not written")?
            }
            None => vec![],
        };
        write_output(path, output, &report, &draws, &summary, &links, args.force)
            .context("the results are above, but -o was not written")?;
    }
    Ok(())
}
