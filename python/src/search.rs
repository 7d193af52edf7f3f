//! `hogsolver.final`: the best `final_strategy(score, opponent_score)`
//! for a course, as `hog final` finds it: the blind best response to one
//! opponent (`hog_solver::blind`), or with a list of opponents the best
//! response to the field, each met as often.

use hog::ops::final_field::{find_field, FieldInput};
use hog::ops::final_strategy::{find, FinalInput};
use pyo3::prelude::*;

use crate::error::{command_error, hog_error};
use crate::final_strategy::{Final, Opponent};
use crate::interrupt::interruptible_with_stop;
use crate::played::{game_of, is_field, Played};
use crate::sources::sources;

/// The best `final_strategy` against `against` (the course baseline by
/// default), as `hog final`; with a list or tuple of opponents, the best
/// against the field, each met as often (`hog final --against A --against B`).
#[pyfunction(name = "final")]
#[pyo3(signature = (rules, against, goal, timeout))]
pub fn final_strategy(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    against: Option<&Bound<'_, PyAny>>,
    goal: Option<i64>,
    timeout: u64,
) -> PyResult<Final> {
    let played = game_of(py, rules, goal, &[against])?;
    let field: Option<Vec<Bound<'_, PyAny>>> = match against {
        Some(list) if is_field(list) => Some(list.try_iter()?.collect::<PyResult<_>>()?),
        _ => None,
    };
    if let Some(field) = field.as_ref().filter(|field| field.len() > 1) {
        return against_field(py, &played, field, timeout);
    }
    let against = match (&field, against) {
        (Some(field), _) => Some(
            field
                .first()
                .ok_or_else(|| hog_error("against=[]: name at least one opponent"))?,
        ),
        (None, against) => against,
    };
    let input = FinalInput {
        against: against
            .map(|a| played.strategy(py, a, timeout))
            .transpose()?,
        rules: played.rules.clone(),
        goal: played.goal,
        effort: None,
        prove_bound: None,
        opponent_bid: None,
        exact: false,
    };
    let found = interruptible_with_stop(py, "searching", |progress, stop| {
        find(&input, &sources(timeout).with_stop(stop), progress)
    })?
    .map_err(command_error)?;
    let response = found.response;
    Ok(Final {
        rules: played.rules,
        goal: played.goal,
        against: found.against,
        win_rate: response.grade.win_rate,
        first: response.grade.first.a_wins,
        second: response.grade.second.a_wins,
        bound: response.hidden.then_some(response.bound),
        policy: response.policy,
        objective: found.objective.to_string(),
        field: None,
    })
}

/// The best strategy of the two scores against a field of opponents.
fn against_field(
    py: Python<'_>,
    played: &Played,
    field: &[Bound<'_, PyAny>],
    timeout: u64,
) -> PyResult<Final> {
    let (rules, goal) = (played.rules.clone(), played.goal);
    let input = FieldInput {
        field: field
            .iter()
            .map(|b| played.strategy(py, b, timeout))
            .collect::<PyResult<_>>()?,
        rules: rules.clone(),
        goal,
        effort: None,
        opponent_bid: None,
    };
    let found = interruptible_with_stop(py, "searching", |progress, stop| {
        find_field(&input, &sources(timeout).with_stop(stop), progress)
    })?
    .map_err(command_error)?;
    let field: Vec<Opponent> = found
        .field
        .iter()
        .map(|o| Opponent {
            against: o.against.clone(),
            win_rate: o.win_rate,
            first: o.first,
            second: o.second,
        })
        .collect();
    let names: Vec<&str> = field.iter().map(|o| o.against.as_str()).collect();
    // The mean of each seating over the field, each opponent met as often.
    let mean =
        |pick: fn(&Opponent) -> f64| field.iter().map(pick).sum::<f64>() / field.len() as f64;
    Ok(Final {
        against: names.join(", "),
        objective: found.info.objective,
        win_rate: found.win_rate,
        first: mean(|o| o.first),
        second: mean(|o| o.second),
        bound: Some(found.bound),
        policy: found.policy,
        field: Some(field),
        rules,
        goal,
    })
}
