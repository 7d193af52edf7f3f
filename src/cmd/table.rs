//! `hog table info`: what a policy table file answers.

use std::io::Write;

use anyhow::{Context, Result};
use hog_solver::table::{Objective, PolicyTable, FORMAT_VERSION};
use hog_solver::State;
use serde::Serialize;

use super::write_json;
use crate::cli::{TableArgs, TableCommand};

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
}

pub fn run(args: &TableArgs, out: &mut dyn Write) -> Result<()> {
    let TableCommand::Info { file, json } = &args.command;
    let json = json.json;
    let name = file.display().to_string();
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {name}"))?;
    let header = PolicyTable::read_header(&bytes[..]).with_context(|| name.clone())?;
    let table = PolicyTable::read(&bytes[..]).with_context(|| name.clone())?;
    let start = [
        0,
        State::START.score as usize,
        State::START.opponent_score as usize,
    ];
    let (objective, against) = match &table.objective {
        Objective::Optimal => ("optimal", None),
        Objective::BestResponse { against } => ("best_response", Some(against.clone())),
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
        sees_sides: table.policy.sees_sides(),
        checksum: format!("{:08x}", header.body_checksum),
        first_mover_win: table.values[start],
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
    Ok(())
}
