//! `hog explain`'s explanation for the terminal.

use std::io::Write;

use anyhow::Result;
use hog_solver::{Rules, State};

use super::super::roll_words;
use super::Explanation;

pub(super) fn write(e: &Explanation, rules: &Rules, x: State, out: &mut dyn Write) -> Result<()> {
    let mix = e.hidden.as_ref().filter(|h| !h.is_empty());
    let play = match (&e.strategy, &e.against) {
        (Some(strategy), Some(against)) => {
            format!("after this turn {strategy} plays on against {against} (a draw counts 0)")
        }
        (_, None) => "both players play the self-play optimum (a draw counts 1/2)".to_string(),
        (None, Some(against)) => format!("the opponent plays {against} (a draw counts 0)"),
    };
    let sides = match mix {
        Some(_) => "every dice sides".to_string(),
        None => format!("sides {}", e.sides),
    };
    writeln!(
        out,
        "{}, goal {}: score {}, opponent_score {}, {sides}; {play}",
        e.rules, e.goal, e.score, e.opponent_score
    )?;
    write_hidden(e, out)?;
    let chance = |a: &super::Action| match &a.exact_text {
        Some((digits, _)) => digits.clone(),
        None => format!("{:.12}", a.win),
    };
    let width = e.actions.iter().map(|a| chance(a).len()).max().unwrap_or(0);
    let mut header = format!("num_rolls  {:<width$}", "chance to win");
    match mix {
        Some(hidden) => {
            for h in hidden {
                header += &format!("  {:<14}", h.label);
            }
        }
        None => header += "  turn",
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
        match &a.by_hidden {
            Some(by_hidden) => {
                for win in by_hidden {
                    write!(out, "  {win:<14.12}")?;
                }
                writeln!(out, "{mark}")?;
            }
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
    let with_sides = if mix.is_some() {
        format!(" with sides {}", e.sides)
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
fn write_hidden(e: &Explanation, out: &mut dyn Write) -> Result<()> {
    let cell = format!("{}-{}", e.score, e.opponent_score);
    match (&e.strategy, &e.hidden, &e.against) {
        (Some(strategy), Some(hidden), Some(against)) if hidden.is_empty() => writeln!(
            out,
            "hidden: no game of {strategy} against {against} reaches {cell} with {strategy} \
             to move: the chances below are those with sides {}",
            e.sides
        )?,
        (Some(strategy), Some(hidden), Some(against)) => {
            let total: f64 = hidden.iter().map(|h| h.reach).sum();
            let parts: Vec<String> = hidden
                .iter()
                .map(|h| format!("{}: {:.6}", h.label, h.share))
                .collect();
            writeln!(
                out,
                "hidden: {strategy} sees only the two scores, so it answers {cell} alike \
                 whatever the dice sides. Games against {against} reach {cell} with it to move \
                 with chance {total:.6}, in these shares: {}; each chance to win below is the \
                 mix of the chances with each, in those shares",
                parts.join(", ")
            )?
        }
        (Some(strategy), None, _) if e.sees_hidden_state => writeln!(
            out,
            "note: {strategy} answers by the dice sides, which final_strategy(score, \
             opponent_score) cannot see, so it is no course strategy; these are its chances \
             with sides {}",
            e.sides
        )?,
        (None, _, _) if e.sees_hidden_state => writeln!(
            out,
            "note: this answer sees the dice sides (here {}-sided), which final_strategy(score, \
             opponent_score) cannot; what the file hog final makes plays here, and why: add \
             --strategy final",
            if e.sides == 4 { "four" } else { "six" }
        )?,
        _ => {}
    }
    Ok(())
}
