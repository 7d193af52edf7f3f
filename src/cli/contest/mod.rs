//! `hog contest`: a round robin of many strategies, graded exactly (see
//! [`crate::ops::contest`]): the game its entries play, the
//! leaderboard on the terminal or as JSON, and `-o` and `--pages`.

mod output;
mod pages;

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use hog_solver::Rules;

use super::{game_of, write_json};
use crate::cli::args::ContestArgs;
use crate::game::recorded_game;
use crate::ops::contest::cache::default_path;
use crate::ops::contest::{check_margin, class, contest, Board, ContestInput, Entry, Game};
use crate::strategies::{FileKind, Sources, Strategy};
use output::{write_output, write_table, Output};

/// The game a contest plays: `--rules` and `--goal`, else the game that the
/// entries' files record (one game for all: files made for two games are
/// an error), else the semester that the project folders of the Python
/// entries name (entries whose semesters share a preset are one game;
/// among several folders, the one most name, [`class::game`], with the
/// folders that name another excluded), else fa16 to 100. With `--rules`
/// or `--goal`, an entry made for another game is excluded by [`contest`].
pub fn game(
    args: &ContestArgs,
    entries: &[Entry],
    json: bool,
    out: &mut super::Led,
) -> Result<Game> {
    let given_rules = args.game.rules.as_deref().map(Rules::parse).transpose()?;
    let fits = |(rules, goal): &(Rules, u32)| {
        given_rules.as_ref().is_none_or(|r| r == rules)
            && args.game.goal.is_none_or(|g| g == *goal as i64)
    };
    let recording: Vec<&String> = entries
        .iter()
        .filter_map(|e| match &e.source {
            Strategy::Text(text) => Some(text),
            Strategy::Made { .. } => None,
        })
        .filter(|text| recorded_game(text).is_ok_and(|game| game.as_ref().is_some_and(fits)))
        .collect();
    // Each Python entry's project folder; the working folder where none is.
    let mut folders: Vec<&Path> = vec![];
    for entry in entries {
        let Strategy::Text(text) = &entry.source else {
            continue;
        };
        if let FileKind::Python { path, .. } = FileKind::of(text) {
            let folder = path.parent().unwrap_or(Path::new(""));
            if !folders.contains(&folder) {
                folders.push(folder);
            }
        }
    }
    if folders.is_empty() {
        folders.push(Path::new(""));
    }
    if given_rules.is_none() && recording.is_empty() && folders.len() > 1 {
        if let Some((game, line)) = class::game(&folders, args.game.goal)? {
            let line = crate::printable::printable_line(&line).into_owned();
            out.pending = Some((line, json));
            return Ok(game);
        }
    }
    let strategies: Vec<Option<&String>> = recording.into_iter().map(Some).collect();
    let (rules, goal) = game_of(&args.game, &strategies, &folders, json, out)?;
    Ok(Game {
        rules,
        goal,
        excluded: vec![],
    })
}

/// Plays the contest of `game` and shows it; `-o` and `--pages` are
/// checked before any entry runs and written after.
pub fn run(
    args: &ContestArgs,
    entries: Vec<Entry>,
    game: Game,
    sources: &Sources,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
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
            against: args.against.clone().map(Strategy::Text),
            margin: args.margin,
            cache,
            force: args.force,
        },
        sources,
    )?;
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
