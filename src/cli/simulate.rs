//! `hog simulate`: seeded Monte Carlo play with random dice.

use std::io::Write;

use anyhow::Result;
use hog_solver::simulate::simulate;

use super::{players, policies, sources, write_json};
use crate::cli::args::SimulateArgs;
use crate::progress::CountBar;

pub fn run(args: &SimulateArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.players.json.json;
    let (players, played) = players(&args.players)?;
    let (rules, goal) = (&played.rules, played.goal);
    let [p0, p1] = policies(&players, &played, &sources(&args.players.python))?;
    let bar = CountBar::new(args.games, "games, {eta} left");
    let result = simulate(rules, goal, &p0, &p1, args.games, args.seed, |n| bar.inc(n))?;
    drop(bar);
    played.lead.before(out)?;
    if json {
        return write_json(out, &result);
    }
    writeln!(
        out,
        "{}, goal {goal}: player 0 {} (moves first) vs player 1 {}, {} games, seed {}",
        rules.name(),
        args.players.p0,
        args.players.p1,
        result.games,
        args.seed
    )?;
    writeln!(
        out,
        "{:<8}  {:>10}  {:>8}  {:>10}",
        "", "games", "share", "std. error"
    )?;
    for (label, count) in [
        ("player 0", result.wins0),
        ("player 1", result.wins1),
        ("draws", result.draws),
    ] {
        // The share of n games and its standard error sqrt(p (1 - p) / n).
        let n = result.games as f64;
        let share = count as f64 / n;
        let error = (share * (1.0 - share) / n).sqrt();
        writeln!(out, "{label:<8}  {count:>10}  {share:>8.4}  {error:>10.4}")?;
    }
    Ok(())
}
