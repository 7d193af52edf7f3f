//! `hog explain`: why a cell of a table says what it says (see
//! [`crate::ops::explain`]), for the terminal or as JSON.

use std::io::Write;

use anyhow::Result;
use hog_solver::{Rules, State};

use super::turn::{roll_words, state_words};
use super::{game_played, read_option, sources, write_json, Played};
use crate::cli::args::ExplainArgs;
use crate::ops::explain::{explain, Action, ExplainInput, Explained, Explanation, Hidden};
use crate::ops::Cell;
use crate::progress::SolveBar;

pub fn run(args: &ExplainArgs, out: &mut dyn Write) -> Result<()> {
    let against = read_option(args.against.as_ref(), "--against")?;
    // `--strategy final` names the file hog final makes, no strategy to read.
    let strategy = match args.strategy.as_deref() {
        Some(text) if text.trim() == "final" => Some(Explained::Final),
        text => read_option(text.map(str::to_string).as_ref(), "--strategy")?.map(Explained::Given),
    };
    let given = match &strategy {
        Some(Explained::Given(strategy)) => Some(strategy),
        _ => None,
    };
    let strategies: Vec<_> = against.iter().chain(given).collect();
    let played = game_played(&args.game, &strategies, args.json.json)?;
    let name = played.name();
    let Played {
        rules, goal, lead, ..
    } = played;
    let rules = &rules;
    let bar = SolveBar::new("solving");
    let explanation = explain(
        &ExplainInput {
            rules: rules.clone(),
            goal,
            cell: Cell {
                score: args.score,
                opponent_score: args.opp,
                sides: args.sides,
                hidden: args.hidden.clone(),
            },
            against,
            strategy,
            exact: args.exact.exact,
        },
        &sources(&args.python),
        &|done, all| bar.report(done, all),
    )?;
    lead.before(out)?;
    if args.json.json {
        return write_json(out, &explanation);
    }
    write(&explanation, &name, rules, out)
}

/// The most hidden values shown one by one: a column each, a share each.
const MAX_COLUMNS: usize = 4;

fn write(e: &Explanation, name: &str, rules: &Rules, out: &mut dyn Write) -> Result<()> {
    let x = e.state;
    let mix = e.hidden.as_ref().filter(|h| !h.is_empty());
    // How a draw counts, only where a game can be endless (a turn that can
    // score 0): 1/2 in the self-play optimum's zero-sum game, else 0.
    let draw = |counts: &str| {
        if rules.can_score_zero() {
            format!(" (a draw counts {counts})")
        } else {
            String::new()
        }
    };
    // Why it counts so, said where it counts.
    let as_win_rate = "0, as a win rate counts wins only";
    let play = match (&e.strategy, &e.against) {
        (Some(strategy), Some(against)) => format!(
            "after this turn {strategy} plays on against {against}{}",
            draw(as_win_rate)
        ),
        (_, None) => format!(
            "both players play the self-play optimum, not a strategy of yours (--strategy \
             FILE explains one){}",
            draw("1/2, as the self-play optimum's zero-sum game counts it")
        ),
        (None, Some(against)) => format!("the opponent plays {against}{}", draw(as_win_rate)),
    };
    let what = rules
        .hidden()
        .what()
        .unwrap_or_else(|| "hidden state".into());
    let sides = match mix {
        Some(_) => format!("whatever {what}"),
        None => state_words(rules, x),
    };
    writeln!(
        out,
        "{name}, goal {}: score {}, opponent_score {}, {sides}; {play}",
        e.goal, e.score, e.opponent_score
    )?;
    write_hidden(e, rules, x, out)?;
    let chance = |a: &Action| match &a.exact_text {
        Some((digits, _)) => digits.clone(),
        None => format!("{:.12}", a.win),
    };
    let width = e.actions.iter().map(|a| chance(a).len()).max().unwrap_or(0);
    let mut header = format!("num_rolls  {:<width$}", "chance to win");
    // A column per hidden value where there are few (fa16's two sides);
    // else the mix alone (the JSON holds each value's chances).
    let columns = mix.filter(|hidden| hidden.len() <= MAX_COLUMNS);
    match (mix, columns) {
        (_, Some(hidden)) => {
            for h in hidden {
                header += &format!("  {:<14}", h.label);
            }
        }
        (Some(_), None) => {}
        (None, _) => header += "  turn",
    }
    writeln!(out, "{}", header.trim_end())?;
    for a in &e.actions {
        let mark = match (e.plays, a.num_rolls == e.best) {
            (Some(plays), true) if plays == a.num_rolls => "  <- plays, best",
            (Some(plays), false) if plays == a.num_rolls => "  <- plays",
            (_, true) => "  <- best",
            _ => "",
        };
        write!(out, "{:>9}  {:<width$}", a.num_rolls, chance(a))?;
        match a.by_hidden.as_ref().filter(|_| columns.is_some()) {
            Some(by_hidden) => {
                for win in by_hidden {
                    write!(out, "  {win:<14.12}")?;
                }
                writeln!(out, "{mark}")?;
            }
            None if mix.is_some() => writeln!(out, "{mark}")?,
            None => writeln!(out, "  {}{mark}", roll_words(rules, x, a.num_rolls))?,
        }
        if let Some((_, fraction)) = &a.exact_text {
            writeln!(out, "{:>9}  {fraction}", "")?;
        }
    }
    let win = |a: i32| chance(e.actions.iter().find(|b| b.num_rolls == a).expect("legal"));
    let mixed = if mix.is_some() { " (the mix)" } else { "" };
    match (e.runner_up, e.margin) {
        (Some(runner_up), Some(_)) if e.tie => writeln!(
            out,
            "best: {} wins {}{mixed}, a tie with {runner_up} (ties go to {})",
            e.best,
            win(e.best),
            if e.plays.is_some() {
                "the strategy's own answer, else the lowest num_rolls"
            } else {
                "the lowest num_rolls"
            }
        )?,
        (Some(runner_up), Some(margin)) => {
            let margin_digits = match &e.margin_text {
                Some((digits, _)) => digits.clone(),
                None => format!("{margin:.12}"),
            };
            writeln!(
                out,
                "best: {} wins {}{mixed}, {margin_digits} more than the runner-up, {runner_up}",
                e.best,
                win(e.best)
            )?;
            if let Some((_, fraction)) = &e.margin_text {
                writeln!(out, "      the margin {fraction}")?;
            }
        }
        _ => writeln!(
            out,
            "best: {} wins {}{mixed}, the only action",
            e.best,
            win(e.best)
        )?,
    }
    if let (Some(plays), Some(strategy)) = (e.plays, &e.strategy) {
        if plays != e.best {
            writeln!(
                out,
                "{strategy} plays {plays} here, which wins {}: not the best",
                win(plays)
            )?;
        }
    }
    write_turn(e, rules, x, mix.is_some(), out)
}

/// The turn of the best action: its outcomes, with their chances.
fn write_turn(
    e: &Explanation,
    rules: &Rules,
    x: State,
    mix: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let with_sides = if mix {
        format!(" at {}", state_words(rules, x))
    } else {
        String::new()
    };
    writeln!(
        out,
        "the turn of {}{with_sides} (mover's score first):",
        e.best
    )?;
    writeln!(
        out,
        "{:>6}  {:>6}  {:>14}  {:>5}  {:>11}  {:<9}  then",
        "points", "score", "opponent_score", "sides", "probability", "fraction"
    )?;
    for o in &e.outcomes {
        let r = &o.result;
        writeln!(
            out,
            "{:>6}  {:>6}  {:>14}  {:>5}  {:>11.8}  {:<9}  {}",
            r.points, r.score, r.opponent_score, r.sides, o.probability, o.fraction, o.then
        )?;
    }
    Ok(())
}

/// What the rules hide at this cell, and how the answer takes it into account.
fn write_hidden(e: &Explanation, rules: &Rules, x: State, out: &mut dyn Write) -> Result<()> {
    let cell = format!("{}-{}", e.score, e.opponent_score);
    let what = rules
        .hidden()
        .what()
        .unwrap_or_else(|| "hidden state".into());
    let here = state_words(rules, x);
    match (&e.strategy, &e.hidden, &e.against) {
        (Some(strategy), Some(hidden), Some(against)) if hidden.is_empty() => writeln!(
            out,
            "hidden: no game of {strategy} against {against} reaches {cell} with {strategy} \
             to move: the chances below are those at {here}"
        )?,
        (Some(strategy), Some(hidden), Some(against)) => {
            let total: f64 = hidden.iter().map(|h| h.reach).sum();
            // The largest shares first, as many as fit on a line.
            let mut shares: Vec<&Hidden> = hidden.iter().filter(|h| h.share > 0.0).collect();
            shares.sort_by(|a, b| b.share.total_cmp(&a.share));
            let mut parts: Vec<String> = shares
                .iter()
                .take(MAX_COLUMNS)
                .map(|h| format!("{}: {:.6}", h.label, h.share))
                .collect();
            if shares.len() > MAX_COLUMNS {
                let rest: f64 = shares[MAX_COLUMNS..].iter().map(|h| h.share).sum();
                parts.push(format!(
                    "{} more: {rest:.6} (--json lists each)",
                    shares.len() - MAX_COLUMNS
                ));
            }
            writeln!(
                out,
                "hidden: {strategy} sees only the two scores, so it answers {cell} alike \
                 whatever {what}. Games against {against} reach {cell} with it to move \
                 with chance {total:.6}, in these shares: {}; each chance to win below is the \
                 mix of the chances with each, in those shares",
                parts.join(", ")
            )?
        }
        (Some(strategy), None, _) if e.sees_hidden_state => writeln!(
            out,
            "note: {strategy} answers by {what}, which final_strategy(score, \
             opponent_score) cannot see, so it is no course strategy; these are its chances \
             at {here} (--hidden picks another)"
        )?,
        (None, _, _) if e.sees_hidden_state => writeln!(
            out,
            "note: this answer sees {what} (here {here}; --hidden picks another), which \
             final_strategy(score, opponent_score) cannot; what the file hog final makes \
             plays here, and why: add --strategy final"
        )?,
        _ => {}
    }
    Ok(())
}
