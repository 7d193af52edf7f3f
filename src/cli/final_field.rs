//! `hog final --against A --against B ...`: the best `final_strategy` for
//! a field of opponents, each met as often, as a contest player wants it:
//! the strategy of the two scores with the highest mean exact win rate
//! over the field (`hog_solver::blind`: which opponent it meets is hidden
//! from it, as fa16's dice sides are), each opponent's exact figure, and
//! the bound no such strategy can pass on average.

use std::io::Write;

use anyhow::Result;

use super::final_strategy::{against, bid_line, written};
use super::{sources, write_json, Played};
use crate::cli::args::FinalArgs;
use crate::files;
use crate::ops::export;
use crate::ops::final_field::{find_field, FieldInput};
use crate::ops::final_strategy::{made_by, Output};

pub fn run(args: &FinalArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let (field, Played { rules, goal, lead }) = against(args)?;
    let output = args.output.as_deref().map(Output::of).transpose()?;
    if args.exact.exact {
        anyhow::bail!("--exact: hog final grades a field in f64 only (give one --against for exact fractions)");
    }
    if args.prove_bound.is_some() {
        anyhow::bail!(
            "--prove-bound: the branch and bound works against one opponent (give one --against)"
        );
    }
    if let Some(Output::Table) = &output {
        anyhow::bail!(
            "-o {}: a field's strategy is written as .py, .csv or .json (a policy table \
             records one objective strategy)",
            args.output.as_deref().expect("an output").display()
        );
    }
    let input = FieldInput {
        rules: rules.clone(),
        goal,
        field,
        effort: args.effort,
        opponent_bid: args.opponent_bid,
    };
    let mut summary = find_field(&input, &sources(&args.python), &|_, _| {})?;
    if let (Some(path), Some(Output::Export(format))) = (&args.output, &output) {
        summary.info.made_by = Some(made_by(&rules, goal, &args.against));
        let text = export::render(*format, &summary.info, &summary.policy)?;
        files::write(path, format.kind(), args.force, |w| {
            Ok(w.write_all(text.as_bytes())?)
        })?;
    }
    summary.file = args.output.as_ref().map(|p| p.display().to_string());
    if json {
        lead.before(out)?;
        return write_json(out, &summary);
    }
    lead.rules(out, 13, &summary.rules, Some(("goal", &goal.to_string())))?;
    writeln!(
        out,
        "against      a field of {}, each met as often",
        summary.field.len()
    )?;
    writeln!(
        out,
        "strategy     best response to the field: it answers from (score, opponent_score) \
         alone, as final_strategy must, whichever opponent it meets"
    )?;
    writeln!(
        out,
        "win rate     {} on average over the field (exact)",
        summary.win_rate
    )?;
    let width = args.against.iter().map(|a| a.len()).max().unwrap_or(0);
    for opponent in &summary.field {
        writeln!(
            out,
            "  {:<width$}  {} (moving first {}, second {})",
            opponent.against, opponent.win_rate, opponent.first, opponent.second
        )?;
    }
    writeln!(
        out,
        "bound        {}: the mean of each opponent's best response that sees the whole \
         state; no final_strategy wins more on average (gap {:.6})",
        summary.bound,
        summary.bound - summary.win_rate
    )?;
    if let Some(bid) = &summary.bid {
        writeln!(out, "{}", bid_line(bid, "the field"))?;
    }
    written(args, output.as_ref(), out)
}
