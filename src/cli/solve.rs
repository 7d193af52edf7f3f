//! `hog solve`: the self-play optimum, or the best response to a strategy.

use std::io::Write;

use anyhow::{bail, Context, Result};
use hog_solver::exact::Exact;
use hog_solver::memory::Job;
use hog_solver::solve::{Driver, Engine, Probability};
use hog_solver::table::TableView;
use hog_solver::{Model, Rules, State};
use serde::Serialize;

use super::{game_played, sources, write_json, Lead, Played};
use crate::cli::args::SolveArgs;
use crate::files::{self, Kind};
use crate::ops::solve::{solve, Solved};
use crate::ops::{exact_fraction_text, exact_json, hidden_words};
use crate::progress::SolveBar;
use crate::strategies::{extension, Strategy};

#[derive(Serialize)]
struct Summary {
    rules: String,
    /// The semester the user knows, where its preset has another name.
    semester: Option<String>,
    goal: u32,
    objective: &'static str,
    against: Option<String>,
    /// The value of 0-0 with six-sided dice for the player to move.
    first_mover_win: f64,
    opening_action: i32,
    win_rate: Option<f64>,
    first: Option<f64>,
    second: Option<f64>,
    /// With --exact: the figures above as reduced fractions, and how the
    /// f64 solve's table compares.
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<ExactSummary>,
}

#[derive(Serialize)]
struct ExactSummary {
    first_mover_win: String,
    win_rate: Option<String>,
    first: Option<String>,
    second: Option<String>,
    /// States whose num_rolls in the f64 table differ from the exact table's.
    f64_differing_states: usize,
    /// Of those, the states a game from 0-0 reaches under the exact table.
    f64_differing_reachable: usize,
}

impl<V: Probability> Solved<V> {
    fn summary(&self, model: &Model, against: Option<&String>) -> Summary {
        let [win_rate, first, second] = match &self.response {
            Some(r) => r.clone().map(|v| Some(v.to_f64())),
            None => [None, None, None],
        };
        Summary {
            rules: model.rules().name(),
            semester: None,
            goal: model.goal(),
            objective: if against.is_some() {
                "best_response"
            } else {
                "optimal"
            },
            against: against.cloned(),
            first_mover_win: self.start.to_f64(),
            opening_action: (*self.policy.get(State::START)).into(),
            win_rate,
            first,
            second,
            exact: None,
        }
    }
}

pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let against = args
        .against
        .as_deref()
        .map(|text| Strategy::read(text).context("--against"))
        .transpose()?;
    // A table written to stdout (-o -) leaves the lead line to stderr.
    let to_stdout = args.output.as_deref() == Some(std::path::Path::new("-"));
    let played = game_played(
        &args.game,
        &against.iter().collect::<Vec<_>>(),
        json || to_stdout,
    )?;
    let name = played.name();
    let Played {
        rules,
        goal,
        lead,
        semester,
    } = played;
    let rules = &rules;
    if let Some(path) = &args.output {
        check_table_name(path, rules, goal, args.against.as_deref())?;
    }
    let model = Model::new(rules, goal)?;
    let job = match args.against {
        Some(_) => Job::BestResponse,
        None => Job::Solve,
    };
    crate::alloc::check_memory(&model, job)?;
    let bar = SolveBar::new("solving");
    let report = |done, all| bar.report(done, all);
    let b = match &against {
        Some(against) => Some(
            sources(&args.python)
                .play(against, rules, goal)
                .context("--against")?,
        ),
        None => None,
    };
    let against = args.against.as_ref().zip(b.as_ref());
    // Each branch writes its table from the solve's grids and drops them
    // before the summary is printed: no whole copy of the solution is made.
    let (summary, sees_sides, exact_figures) = if args.exact.exact {
        let exact = solve::<Exact>(&model, against, &report);
        let floats = solve::<f64>(&model, against, &report);
        let values = exact.values.cells().map(Probability::to_f64);
        write_table(
            args,
            &TableView {
                rules,
                goal,
                objective: &exact.objective,
                actions: exact.policy.cells(),
                values: values.view(),
                exact: Some(exact.values.cells()),
            },
        )?;
        let mut summary = exact.summary(&model, args.against.as_ref());
        let exact_policy = exact.policy.to_policy(&model);
        let opponent = b.as_ref().unwrap_or(&exact_policy);
        let reached = Engine::<f64>::new(&model, Driver::Parallel).reached(&exact_policy, opponent);
        let differing: Vec<bool> = exact
            .policy
            .cells()
            .iter()
            .zip(floats.policy.cells())
            .zip(reached.cells())
            .filter(|((e, f), _)| e != f)
            .map(|(_, &reached)| reached)
            .collect();
        let fraction = |i: usize| exact.response.as_ref().map(|r| exact_json(&r[i]));
        summary.exact = Some(ExactSummary {
            first_mover_win: exact_json(&exact.start),
            win_rate: fraction(0),
            first: fraction(1),
            second: fraction(2),
            f64_differing_states: differing.len(),
            f64_differing_reachable: differing.iter().filter(|&&r| r).count(),
        });
        let [win_rate, first, second] = match &exact.response {
            Some(r) => r.clone().map(Some),
            None => [None, None, None],
        };
        let figures = [Some(exact.start.clone()), win_rate, first, second];
        (summary, exact.policy.sees_hidden(), Some(figures))
    } else {
        let solved = solve::<f64>(&model, against, &report);
        write_table(
            args,
            &TableView {
                rules,
                goal,
                objective: &solved.objective,
                actions: solved.policy.cells(),
                values: solved.values.cells(),
                exact: None,
            },
        )?;
        let summary = solved.summary(&model, args.against.as_ref());
        (summary, solved.policy.sees_hidden(), None)
    };
    let summary = Summary {
        semester,
        ..summary
    };
    if args
        .output
        .as_ref()
        .is_some_and(|path| path.as_os_str() == "-")
    {
        // The table is stdout: nothing else goes there.
        return Ok(lead.before(out)?);
    }
    if json {
        lead.before(out)?;
        return write_json(out, &summary);
    }
    print_summary(&summary, &name, rules, sees_sides, args, &lead, out)?;
    if let Some(figures) = exact_figures {
        print_exact(&summary, &figures, out)?;
    }
    Ok(())
}

/// Refuses an output named as a strategy file of the two scores (`.csv`,
/// `.json`, `.py`), which `-o` would fill with a binary policy table of
/// every state: `hog export` writes those, and says what it left out.
fn check_table_name(
    path: &std::path::Path,
    rules: &Rules,
    goal: u32,
    against: Option<&str>,
) -> Result<()> {
    if !matches!(
        Kind::of_name(path),
        Some(Kind::Csv | Kind::Json | Kind::Python)
    ) {
        return Ok(());
    }
    let kind = extension(path);
    let strategy = match against {
        Some(b) => format!("'best_response({b})'"),
        None => "optimal".to_string(),
    };
    bail!(
        "-o {}: hog solve writes a binary policy table (name it .hogtable); a .{kind} \
         strategy is written by hog export {strategy} --rules {} --goal {goal} -o {}",
        path.display(),
        crate::ops::export::shell_word(&rules.name()),
        path.display()
    )
}

/// Writes the table to the file of -o (atomically), if one is given.
fn write_table(args: &SolveArgs, table: &TableView) -> Result<()> {
    if let Some(path) = &args.output {
        files::write(path, Kind::Table, args.force, |w| {
            Ok(table.write(w).map(|_| ())?)
        })?;
    }
    Ok(())
}

/// The exact figures of a --exact solve, and how the f64 table compares.
fn print_exact(summary: &Summary, figures: &[Option<Exact>; 4], out: &mut dyn Write) -> Result<()> {
    let names = [
        "first mover wins",
        "win rate",
        "moving first",
        "moving second",
    ];
    for (name, figure) in names.iter().zip(figures) {
        if let Some(x) = figure {
            writeln!(out, "exact        {name} {}", x.decimal(17))?;
            writeln!(out, "             {}", exact_fraction_text(x))?;
        }
    }
    if let Some(exact) = &summary.exact {
        match exact.f64_differing_states {
            0 => writeln!(
                out,
                "f64 table    the same num_rolls as the exact table in every state"
            )?,
            n => writeln!(
                out,
                "f64 table    differs from the exact table in {n} states, {} of them reached from 0-0",
                exact.f64_differing_reachable
            )?,
        }
    }
    Ok(())
}

fn print_summary(
    summary: &Summary,
    name: &str,
    rules: &Rules,
    sees_sides: bool,
    args: &SolveArgs,
    lead: &Lead,
    out: &mut dyn Write,
) -> Result<()> {
    let hidden = rules.hidden();
    // The opening state's hidden value, where the rules hide one.
    let start = if hidden.is_empty() {
        "with six-sided dice".to_string()
    } else {
        format!("({})", hidden_words(&hidden, hidden.index(State::START)))
    };
    lead.rules(out, 13, name, None)?;
    writeln!(out, "goal         {}", summary.goal)?;
    match &summary.against {
        None => {
            writeln!(
                out,
                "objective    self-play optimum (both players maximise their chance to win)"
            )?;
            writeln!(
                out,
                "first mover  wins {:.6} from 0-0 {start}",
                summary.first_mover_win
            )?;
        }
        Some(against) => {
            writeln!(out, "objective    best response to {against}")?;
            writeln!(
                out,
                "win rate     {:.6} against {against} (moving first {:.6}, second {:.6})",
                summary.win_rate.unwrap_or_default(),
                summary.first.unwrap_or_default(),
                summary.second.unwrap_or_default()
            )?;
        }
    }
    writeln!(out, "opening      {}", action_words(summary.opening_action))?;
    let g = summary.goal as usize;
    let shape = match hidden.what() {
        None => format!("{g} x {g} scores"),
        Some(what) => format!("{} values of {what} x {g} x {g} scores", hidden.len()),
    };
    writeln!(out, "states       {} ({shape})", hidden.len() * g * g)?;
    if rules.can_score_zero() {
        writeln!(out, "draws        an endless game is a draw, worth 1/2 in the self-play optimum, 0 in a best response")?;
    }
    if sees_sides {
        writeln!(
            out,
            "note         the policy depends on {}, which a course strategy cannot see",
            hidden.what().unwrap_or_else(|| "hidden state".into())
        )?;
    }
    if let Some(path) = &args.output {
        writeln!(out, "written      {}", path.display())?;
    }
    Ok(())
}

/// "roll 5 dice", "roll 0 dice (Free Bacon and the like)", "Pork Chop".
pub fn action_words(num_rolls: i32) -> String {
    match num_rolls {
        -1 => "Pork Chop (-1)".to_string(),
        1 => "roll 1 die".to_string(),
        n => format!("roll {n} dice"),
    }
}
