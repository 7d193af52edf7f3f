//! `hog dist`: the exact distribution of one turn's outcomes (see
//! [`crate::ops::dist`]).

use std::io::Write;

use anyhow::Result;

use super::turn::{cell, turn_header};
use super::{game_played, write_json, Played};
use crate::cli::args::DistArgs;
use crate::ops::dist::{dist, DistInput, Outcome};

pub fn run(args: &DistArgs, out: &mut dyn Write) -> Result<()> {
    let played = game_played(&args.turn.game.game(), &[], args.json.json)?;
    let name = played.name();
    let Played {
        rules, goal, lead, ..
    } = played;
    let distribution = dist(&DistInput {
        rules: rules.clone(),
        goal,
        cell: cell(args.score, args.opp, &args.turn),
        num_rolls: args.turn.rolls,
    })?;
    lead.before(out)?;
    if args.json.json {
        return write_json(out, &distribution);
    }
    let (state, num_rolls) = (distribution.state, distribution.num_rolls);
    writeln!(
        out,
        "{}",
        turn_header(&name, &rules, goal, state, num_rolls)
    )?;
    writeln!(
        out,
        "{:>6}  {:>6}  {:>14}  {:>5}  {:>11}  fraction",
        "points", "score", "opponent_score", "sides", "probability"
    )?;
    for Outcome {
        result: r,
        probability,
        fraction,
    } in &distribution.outcomes
    {
        writeln!(
            out,
            "{:>6}  {:>6}  {:>14}  {:>5}  {probability:>11.8}  {fraction}",
            r.points, r.score, r.opponent_score, r.sides
        )?;
    }
    Ok(())
}
