//! `hog grade`: the exact win rate of a strategy against a baseline (see
//! [`crate::ops::grade`]).

use std::io::Write;

use anyhow::Result;
use hog_solver::evaluate::Grade as ExactGrade;
use hog_solver::exact::Exact;
use serde::Serialize;

use super::{game_played, read, read_option, sources, write_json, Played};
use crate::cli::args::GradeArgs;
use crate::ops::costliest::{Costly, Run};
use crate::ops::grade::{grade, GradeInput};
use crate::ops::{exact_fraction_text, exact_json};
use crate::progress::SolveBar;

#[derive(Serialize)]
struct Grade<'a> {
    rules: String,
    /// The semester the user knows, where its preset has another name.
    semester: Option<String>,
    goal: u32,
    strategy: String,
    baseline: String,
    win_rate: f64,
    first: f64,
    second: f64,
    draw: f64,
    /// Whether the strategy answers differently by the dice sides, which a
    /// course strategy cannot see: then it cannot be handed in.
    sees_hidden_state: bool,
    /// The win rate the course asked for against its baseline, where it set
    /// one and this grade is against that baseline.
    course_target: Option<String>,
    /// Whether the win rate reaches the course's target.
    meets_target: Option<bool>,
    /// A word when the strategy ties or loses to the baseline.
    warning: Option<String>,
    /// A word when the strategy is a module holding a table made for
    /// another game.
    made_for_another_game: Option<String>,
    /// With --exact: the same figures as reduced fractions "p/q".
    #[serde(skip_serializing_if = "Option::is_none")]
    win_rate_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    second_exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw_exact: Option<String>,
    /// The decisions that cost most, highest gain first (with --costliest 0: left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    costliest: Option<&'a [Costly]>,
}

/// One figure of an exact grade.
type Pick = fn(&ExactGrade<Exact>) -> &Exact;

pub fn run(args: &GradeArgs, out: &mut dyn Write) -> Result<()> {
    let json = args.json.json;
    let strategy = read(&args.strategy, "the strategy")?;
    let against = read_option(args.against.as_ref(), "the opponent (--against)")?;
    let strategies: Vec<_> = std::iter::once(&strategy).chain(&against).collect();
    let played = game_played(&args.game, &strategies, json)?;
    let name = played.name();
    let Played {
        rules,
        goal,
        lead,
        semester,
    } = played;
    let rules = &rules;
    let bar = SolveBar::new("grading");
    let graded = grade(
        &GradeInput {
            rules: rules.clone(),
            goal,
            strategy,
            against,
            exact: args.exact.exact,
            costliest: args.costliest,
        },
        &sources(&args.python),
        &|done, all| bar.report(done, all),
    )?;
    lead.before(out)?;
    let (floats, exact) = (&graded.figures, &graded.exact);
    let fraction =
        |pick: fn(&ExactGrade<Exact>) -> &Exact| exact.as_ref().map(|e| exact_json(pick(e)));
    let grade = Grade {
        rules: rules.name(),
        semester,
        goal,
        strategy: graded.strategy.clone(),
        win_rate: floats.win_rate,
        first: floats.first.a_wins,
        second: floats.second.a_wins,
        draw: floats.draw,
        sees_hidden_state: graded.sees_hidden_state,
        course_target: graded.course_target.map(str::to_string),
        meets_target: graded.meets_target,
        warning: graded.warning.clone(),
        made_for_another_game: graded.made_for_another_game.clone(),
        baseline: graded.against.clone(),
        win_rate_exact: fraction(|e| &e.win_rate),
        first_exact: fraction(|e| &e.first.a_wins),
        second_exact: fraction(|e| &e.second.a_wins),
        draw_exact: fraction(|e| &e.draw),
        costliest: (args.costliest > 0).then_some(&graded.costliest.cells[..]),
    };
    if json {
        return write_json(out, &grade);
    }
    writeln!(
        out,
        "{name}, goal {goal}: {} against {}",
        grade.strategy, grade.baseline
    )?;
    // Each figure: 12 decimals, or with --exact 17 significant digits of
    // the exact value and its fraction on the line below.
    let lines: [(&str, f64, Pick, &str); 4] = [
        (
            "win rate",
            grade.win_rate,
            |e| &e.win_rate,
            "exact: the mean of the two seatings",
        ),
        (
            "first",
            grade.first,
            |e| &e.first.a_wins,
            "wins when moving first",
        ),
        (
            "second",
            grade.second,
            |e| &e.second.a_wins,
            "wins when moving second",
        ),
        (
            "draw",
            grade.draw,
            |e| &e.draw,
            "endless games, mean of the two seatings",
        ),
    ];
    // Draws are endless games, which need a turn that can score 0.
    let can_draw = rules.can_score_zero();
    for (name, value, pick, what) in lines {
        if name == "draw" && !can_draw {
            continue;
        }
        match &exact {
            None => writeln!(out, "{name:<9} {value:.12}  ({what})")?,
            Some(e) => {
                writeln!(out, "{name:<9} {}  ({what})", pick(e).decimal(17))?;
                writeln!(out, "{:<9} {}", "", exact_fraction_text(pick(e)))?;
            }
        }
    }
    if let (Some(target), Some(meets)) = (&grade.course_target, grade.meets_target) {
        writeln!(
            out,
            "target    {target}  (the course's target against {}: {} {})",
            grade.baseline,
            grade.strategy,
            if meets {
                "meets it"
            } else {
                "falls short of it"
            }
        )?;
    }
    for warning in [&grade.warning, &grade.made_for_another_game]
        .into_iter()
        .flatten()
    {
        writeln!(out, "warning   {warning}")?;
    }
    if rules.clamps_answers() {
        writeln!(
            out,
            "note      answers above 10 dice roll 10 (1 under Hog Tied), as the course's play() \
             plays them"
        )?;
    }
    if grade.sees_hidden_state {
        writeln!(
            out,
            "note      {} sees {}, which final_strategy(score, opponent_score) \
             cannot: it is not a course strategy and cannot be handed in (hog final --rules {} \
             makes the best one that can)",
            grade.strategy,
            rules
                .hidden()
                .what()
                .unwrap_or_else(|| "hidden state".into()),
            crate::ops::export::shell_word(&rules.name())
        )?;
    }
    if args.costliest > 0 {
        write_costliest(&graded.costliest.runs, rules.can_score_zero(), out)?;
    }
    Ok(())
}

/// The costliest decisions, a line per run of cells that share a mistake.
/// Where a turn can score 0 (`estimated`), the cells were ranked by a
/// first-order estimate (see [`crate::ops::costliest`]), so finding none
/// proves nothing: the line says so.
fn write_costliest(runs: &[Run], estimated: bool, out: &mut dyn Write) -> Result<()> {
    if runs.is_empty() {
        let none = crate::ops::costliest::none_found(estimated);
        writeln!(out, "costliest {none}")?;
        return Ok(());
    }
    writeln!(
        out,
        "costliest the cells where another answer wins more; a gain is the exact rise of the \
         win rate when that cell alone takes it:"
    )?;
    let span = |name: &str, (low, high): (u32, u32)| match low == high {
        true => format!("{name} {low}"),
        false => format!("{name}s {low} to {high}"),
    };
    for run in runs {
        let hidden = run
            .hidden
            .as_ref()
            .map_or(String::new(), |h| format!(", {h}"));
        let (up_to, cells) = match run.cells {
            1 => ("", String::new()),
            n => ("up to ", format!(" ({n} cells)")),
        };
        writeln!(
            out,
            "          {}, {}{hidden}: num_rolls {}, where {} gains {up_to}{:.12}{cells}",
            span("score", run.score),
            span("opponent_score", run.opponent_score),
            run.num_rolls,
            run.best,
            run.gain
        )?;
    }
    Ok(())
}
