//! The course's hog-calc protocol, and the index page's uploads.
//!
//! `POST .../api/compare_strategies`, form-encoded: `strat0` and `strat1`,
//! each a JSON list of 100 lists of 100 integers (num_rolls at
//! `[score][opponent_score]`), and `token`. The answer is
//! `{"success": true, "win_rate": X}`, X being strat0's exact win rate
//! against strat1: the mean of its wins moving first and moving second,
//! from the same engine call as `hog grade` (`Engine::grade`), each table
//! checked against the rules first, as `hog grade` checks a JSON table.
//!
//! `POST /SEMESTER/api/grade` and `/SEMESTER/api/page` take one table,
//! `table` (the JSON that calc.py posts, or hog's JSON or CSV export), and
//! answer its grade against the course baseline as JSON, or its policy
//! page, as `hog grade TABLE` and `hog heatmap TABLE -o page.html` would.

use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::Policy;
use hog_solver::Error;
use hyper::StatusCode;
use serde::Serialize;
use serde_json::json;

use super::games::Game;
use super::reply::Reply;
use super::tokens::Tokens;
use crate::ops::page::{self, Subject};

/// The fields of a form-encoded body. A field given twice counts by its
/// first value, as hog-calc's Flask reads it.
pub struct Form {
    fields: Vec<(String, String)>,
}

impl Form {
    pub fn parse(body: &[u8]) -> Form {
        Form {
            fields: form_urlencoded::parse(body).into_owned().collect(),
        }
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// A field that must be there.
    fn field(&self, name: &str, holds: &str) -> Result<&str, Reply> {
        self.get(name).ok_or_else(|| {
            let given: Vec<&str> = self.fields.iter().map(|(key, _)| key.as_str()).collect();
            Reply::refuse(
                StatusCode::BAD_REQUEST,
                format!(
                    "the field {name} is missing ({holds}); the body is form-encoded \
                     (application/x-www-form-urlencoded) and has {}",
                    if given.is_empty() {
                        "no fields".to_string()
                    } else {
                        format!("the fields {}", given.join(", "))
                    }
                ),
            )
        })
    }

    /// Refuses a request without a token the server accepts, where it
    /// accepts only some (`--tokens`).
    pub fn check_token(&self, tokens: Option<&Tokens>) -> Result<(), Reply> {
        let Some(tokens) = tokens else {
            return Ok(());
        };
        let refuse = |message: &str| Err(Reply::refuse(StatusCode::UNAUTHORIZED, message));
        match self.get("token") {
            None => refuse("the field token is missing: this server grades for the holders of its tokens only"),
            Some(token) if tokens.accepts(token) => Ok(()),
            Some(_) => refuse("the token is not one of this server's: it grades for the holders of its tokens only"),
        }
    }
}

/// hog-calc's fields for its contest engine, which this server does not
/// take: here the path names the game, and the goal is 100.
const CONTEST_FIELDS: &[&str] = &["use_contest", "goal0", "goal1"];

/// `compare_strategies`: strat0's exact win rate against strat1.
pub fn compare(game: &Game, form: &Form) -> Result<Reply, Reply> {
    if let Some(field) = CONTEST_FIELDS.iter().find(|f| form.get(f).is_some()) {
        return Err(Reply::refuse(
            StatusCode::BAD_REQUEST,
            format!(
                "the field {field} is hog-calc's contest switch, which this server does not \
                 take: it plays the game its path names ({}, to 100); a contest's rules have \
                 paths of their own (GET / lists them)",
                game.rules.name()
            ),
        ));
    }
    const HOLDS: &str = "a JSON list of 100 lists of 100 num_rolls, [score][opponent_score]";
    let a = table(game, "strat0", form.field("strat0", HOLDS)?, Formats::Json)?;
    let b = table(game, "strat1", form.field("strat1", HOLDS)?, Formats::Json)?;
    let grade = Engine::<f64>::new(&game.model, Driver::Sequential).grade(&a, &b);
    Ok(Reply::json(
        &json!({"success": true, "win_rate": grade.win_rate}),
    ))
}

/// The formats a table may come in.
#[derive(PartialEq)]
enum Formats {
    /// hog-calc's: JSON.
    Json,
    /// An upload's: JSON, or else CSV.
    JsonOrCsv,
}

/// A table a client posted as a policy: JSON (calc.py's list of lists, or
/// the object `hog export --format json` writes), or CSV where `formats`
/// takes it and the text is not JSON's list or object; checked against the
/// rules, each error naming the field and the cell.
fn table(game: &Game, field: &str, text: &str, formats: Formats) -> Result<Policy, Reply> {
    let rules = &game.rules;
    let goal = game.model.goal();
    let json = formats == Formats::Json || text.trim_start().starts_with(['[', '{']);
    let read = if json {
        hog_solver::policy_file::policy_from_json(text, rules, goal)
    } else {
        hog_solver::policy_file::policy_from_csv(text.as_bytes(), rules, goal)
    };
    read.map_err(|error| {
        let message = match error {
            Error::BadStrategy { reason, .. } => format!("{field}: {reason}"),
            // serde_json's message ends with the line and column.
            Error::BadStrategyFile { reason, .. } if json => {
                format!("{field} is not JSON: {reason}")
            }
            Error::BadStrategyFile {
                line,
                column,
                reason,
            } => format!("{field}: line {line}, column {column}: {reason}"),
            other => format!("{field}: {other}"),
        };
        Reply::refuse(StatusCode::BAD_REQUEST, message)
    })
}

/// An uploaded table's name on its page and in its grade: the form's
/// `name` (its file's name) in at most 80 characters, or "the table".
fn upload_name(form: &Form) -> String {
    match form.get("name").map(str::trim) {
        Some(name) if !name.is_empty() => name.chars().take(80).collect(),
        _ => "the table".to_string(),
    }
}

/// An uploaded table's grade against the course baseline, as `hog grade
/// TABLE --json` words it.
#[derive(Serialize)]
struct UploadGrade {
    success: bool,
    rules: String,
    strategy: String,
    baseline: &'static str,
    win_rate: f64,
    first: f64,
    second: f64,
    draw: f64,
    course_target: Option<&'static str>,
    meets_target: Option<bool>,
    warning: Option<String>,
}

/// `POST /SEMESTER/api/grade`: the table's exact grade against the
/// course baseline.
pub fn grade_upload(game: &Game, form: &Form) -> Result<Reply, Reply> {
    let (baseline, against) = game.baseline().map_err(unplayable)?;
    let strategy = upload_name(form);
    let text = form.field("table", "the table, JSON or CSV")?;
    let policy = table(game, "table", text, Formats::JsonOrCsv)?;
    let grade = Engine::<f64>::new(&game.model, Driver::Sequential).grade(&policy, against);
    let target = crate::ops::course_target(&game.rules, baseline, grade.win_rate);
    Ok(Reply::json(&UploadGrade {
        success: true,
        rules: game.rules.name(),
        warning: crate::ops::losing(&strategy, baseline, grade.win_rate),
        strategy,
        baseline,
        win_rate: grade.win_rate,
        first: grade.first.a_wins,
        second: grade.second.a_wins,
        draw: grade.draw,
        course_target: target.map(|(target, _)| target),
        meets_target: target.map(|(_, meets)| meets),
    }))
}

/// `POST /SEMESTER/api/page`: the table's policy page against the course
/// baseline.
pub fn page_upload(game: &Game, form: &Form) -> Result<Reply, Reply> {
    if !super::finals::Finals::has_page(&game.rules) {
        return Err(Reply::refuse(
            StatusCode::BAD_REQUEST,
            format!(
                "a page shows the dice sides but not Feral Hogs' memories, which {} keeps for \
                 each player: no page for its tables",
                game.rules.name()
            ),
        ));
    }
    let (baseline, against) = game.baseline().map_err(unplayable)?;
    let strategy = upload_name(form);
    let text = form.field("table", "the table, JSON or CSV")?;
    let policy = table(game, "table", text, Formats::JsonOrCsv)?;
    let engine = Engine::<f64>::new(&game.model, Driver::Sequential);
    let subject = Subject {
        strategy: (&strategy, &policy),
        against: (baseline, against),
        other: None,
        semester: None,
        board: None,
    };
    let best = page::best(&engine, against);
    let (bytes, _) = page::render(&game.model, &engine, &subject, best).map_err(unplayable)?;
    Ok(Reply::html(bytes))
}

/// A game the server cannot play as asked.
fn unplayable(error: anyhow::Error) -> Reply {
    Reply::refuse(StatusCode::BAD_REQUEST, format!("{error:#}"))
}
