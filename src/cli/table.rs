//! `hog table info`: what a policy table file answers.

use std::io::Write;

use anyhow::{Context, Result};
use hog_solver::table::{Objective, PolicyTable, FORMAT_VERSION};
use hog_solver::State;
use serde::Serialize;

use super::write_json;
use crate::cli::args::{TableArgs, TableCommand};
use crate::files::open_input;
use crate::ops::{exact_fraction_text, exact_json};

#[derive(Serialize)]
struct Info {
    file: String,
    format_version: u32,
    rules: String,
    rules_text: String,
    goal: u32,
    objective: &'static str,
    against: Option<String>,
    sides: Vec<u32>,
    sees_sides: bool,
    checksum: String,
    first_mover_win: f64,
    /// The exact value at 0-0, "p/q", for a table with exact values.
    first_mover_win_exact: Option<String>,
}

pub fn run(args: &TableArgs, out: &mut dyn Write) -> Result<()> {
    let TableCommand::Info { file, json } = &args.command;
    let json = json.json;
    let name = file.display().to_string();
    let (header, checksum, table) =
        PolicyTable::read_with_header(open_input(file)?).with_context(|| name.clone())?;
    let start = [
        0,
        State::START.score as usize,
        State::START.opponent_score as usize,
    ];
    let (objective, against) = match &table.objective {
        Objective::Optimal => ("optimal", None),
        Objective::BestResponse { against } => ("best_response", Some(against.clone())),
        Objective::BlindBestResponse { against } => ("blind_best_response", Some(against.clone())),
    };
    let info = Info {
        file: name,
        format_version: FORMAT_VERSION,
        rules: table.rules.name(),
        rules_text: header.rules.clone(),
        goal: table.goal,
        objective,
        against,
        sides: header.sides.clone(),
        sees_sides: table.policy.sees_hidden(),
        checksum: format!("{checksum:08x}"),
        first_mover_win: table.values[start],
        first_mover_win_exact: table.exact.as_ref().map(|e| exact_json(&e[start])),
    };
    if json {
        return write_json(out, &info);
    }
    writeln!(out, "file         {}", info.file)?;
    writeln!(out, "format       HOGTABLE version {}", info.format_version)?;
    writeln!(out, "rules        {}", info.rules)?;
    writeln!(out, "rules text   {}", info.rules_text)?;
    writeln!(out, "goal         {}", info.goal)?;
    writeln!(out, "objective    {}", table.objective)?;
    writeln!(
        out,
        "sides        {}{}",
        info.sides
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        if info.sees_sides {
            " (the policy depends on them)"
        } else {
            ""
        }
    )?;
    writeln!(out, "answers      {}", header.answers)?;
    writeln!(out, "checksum     crc32 {} (verified)", info.checksum)?;
    writeln!(
        out,
        "first mover  {:.6} (the mover's value at 0-0 with six-sided dice)",
        info.first_mover_win
    )?;
    match &table.exact {
        Some(exact) => writeln!(
            out,
            "exact        {} {} (every state's value is stored as a fraction)",
            exact[start].decimal(17),
            exact_fraction_text(&exact[start])
        )?,
        None => writeln!(
            out,
            "exact        no: f64 values only (hog solve --exact -o stores fractions)"
        )?,
    }
    Ok(())
}
