//! Any strategy as a file a course accepts: a Python module defining
//! `final_strategy`, a CSV table or a JSON table (`hog export`, `hog
//! final`, `hog tables`, and Python's `Final.to_python()`).
//!
//! The rendering is pure ([`render`] and the helpers it calls take an
//! [`ExportInfo`] and a [`Policy`] and return the text), so exports of
//! committed tables can be written by other code with the same layout. The
//! python and json exports record the rules, the goal, the objective and the
//! exact win rate against the course baseline (a CSV holds only the table);
//! reading any export back (`hog grade FILE`) gives exactly that win rate.
//!
//! A course strategy sees only (score, opponent_score). A policy that also
//! looks at the dice sides (fa16 solved with the sides visible) is refused
//! unless the user picks one sides slice with `--sides`; the export then
//! records, and the command prints, the win rate of that slice as a course
//! strategy, so nobody mistakes it for the full policy's.

use std::fmt::Write as _;

use anyhow::{anyhow, bail, Context, Result};
use hog_solver::evaluate;
use hog_solver::solve::TIE_TOLERANCE;
use hog_solver::strategy::Policy;
use hog_solver::{Model, Preset, Rules, State};
use serde::Serialize;
use serde_json::value::RawValue;

mod words;

use super::{hidden_index, hidden_words, StrategyContext};
use crate::strategies::{Content, Sources, Strategy};
pub use words::shell_word;
use words::{python_doc, wrap};

/// The file formats of an export (the command line names them, as
/// `--format`'s values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A Python module defining final_strategy(score, opponent_score).
    Python,
    /// One row per score, one column per opponent score, with header row and column.
    Csv,
    /// An object with the rules, goal, objective, win rate and the table.
    Json,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Python => "python",
            Format::Csv => "csv",
            Format::Json => "json",
        }
    }

    /// The file name ending of the format.
    pub fn extension(self) -> &'static str {
        self.kind().extension()
    }

    /// The format of a file of `kind`, where it is one.
    pub fn of_kind(kind: crate::files::Kind) -> Option<Format> {
        [Format::Python, Format::Csv, Format::Json]
            .into_iter()
            .find(|format| format.kind() == kind)
    }

    /// The format as the writer knows it.
    pub fn kind(self) -> crate::files::Kind {
        match self {
            Format::Python => crate::files::Kind::Python,
            Format::Csv => crate::files::Kind::Csv,
            Format::Json => crate::files::Kind::Json,
        }
    }
}

/// The exact win rate of the exported strategy against the course baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// The baseline as a strategy text, e.g. `always_roll(4)`.
    pub baseline: String,
    pub win_rate: f64,
}

/// The sides slice taken of a policy that depends on the dice sides.
#[derive(Clone, Debug, PartialEq)]
pub struct Slice {
    /// The position on the hidden axis whose answers the export plays in
    /// every state, and its words ("sides 4").
    pub index: usize,
    pub words: String,
    /// `--sides S` or `--hidden 'WORDS'`, as the user gives it.
    pub option: String,
    /// The win rate of the whole policy (which sees the sides) against the
    /// same baseline, for comparison; None without a course baseline.
    pub full_win_rate: Option<f64>,
}

/// What an export records about its strategy.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportInfo {
    pub rules: Rules,
    pub goal: u32,
    /// What the strategy is: `optimal`, `best_response(X)`, a strategy text,
    /// or a table's objective.
    pub objective: String,
    /// None when the rules have no course preset (and so no baseline).
    pub grade: Option<Grade>,
    /// Set when the strategy is one sides slice of a sides-dependent policy.
    pub slice: Option<Slice>,
    /// The command that made the export, recorded in the Python docstring.
    pub made_by: Option<String>,
    /// The semester the user knows, where its preset has another name
    /// (see [`crate::game::Game::semester`]), named beside the rules.
    pub semester: Option<String>,
}

impl ExportInfo {
    /// The record of `policy` (a course strategy), graded exactly against
    /// the preset's course baseline when the rules have one.
    pub fn new(
        rules: &Rules,
        goal: u32,
        objective: String,
        policy: &Policy,
        sources: &Sources,
    ) -> Result<ExportInfo> {
        Ok(ExportInfo {
            rules: rules.clone(),
            goal,
            objective,
            grade: grade(rules, goal, policy, sources)?,
            slice: None,
            made_by: None,
            semester: None,
        })
    }

    /// The record of a strategy whose grade against the course baseline is
    /// known already.
    pub fn graded(rules: &Rules, goal: u32, objective: String, grade: Option<Grade>) -> ExportInfo {
        ExportInfo {
            rules: rules.clone(),
            goal,
            objective,
            grade,
            slice: None,
            made_by: None,
            semester: None,
        }
    }
}

/// An export to make: the game, the strategy, the hidden value whose
/// answers it plays where the strategy sees hidden state (`--sides S`, or
/// `--hidden` in hog's words), and the format.
pub struct ExportInput<'a> {
    pub rules: Rules,
    pub goal: u32,
    pub source: &'a Strategy,
    pub sides: Option<i64>,
    pub hidden: Option<String>,
    pub format: Format,
}

/// An export: its record (`made_by` still unset) and the policy it
/// holds, and a note on the slice it took.
pub struct Exported {
    pub info: ExportInfo,
    pub policy: Policy,
    pub note: Vec<String>,
}

/// The strategy of `input` as a course strategy, graded against the course
/// baseline. A strategy that sees hidden state is refused, unless a slice
/// of it is asked for: the answers it gives at one hidden value, played
/// whatever is hidden, with that slice's own grade.
pub fn export(input: &ExportInput, sources: &Sources) -> Result<Exported> {
    let ExportInput { rules, goal, .. } = input;
    let goal = *goal;
    if let Some(sides) = input.sides {
        let sides =
            u32::try_from(sides).map_err(|_| anyhow!("--sides {sides}: dice have 6 or 4 sides"))?;
        rules
            .check_state(
                goal,
                State {
                    sides,
                    ..State::START
                },
            )
            .context("--sides")?;
    }
    let source = input.source.name();
    let full = sources
        .play(input.source, rules, goal)
        .strategy_context(&format!("the strategy to export ({source})"))?;
    let hidden = rules.hidden();
    let what = hidden.what().unwrap_or_else(|| "hidden state".into());
    // The slice asked for: its position on the hidden axis, and the option.
    let asked = match (input.sides, &input.hidden) {
        (Some(sides), _) => Some((
            hidden.index(State {
                sides: sides as u32,
                ..State::START
            }),
            format!("--sides {sides}"),
        )),
        (None, Some(text)) => Some((
            hidden_index(&hidden, text)?,
            format!("--hidden {}", shell_word(text)),
        )),
        (None, None) => None,
    };
    let policy = match &asked {
        None if full.sees_hidden() => {
            let differ = differing_pairs(&full);
            let last = hidden_words(&hidden, hidden.len() - 1);
            bail!(
                "{source} depends on {what} under {}: its answer changes with the hidden \
                 value in {differ} of the {} (score, opponent_score) pairs, and a course \
                 strategy, final_strategy(score, opponent_score), cannot see it. The best \
                 strategy that can: hog final --rules {} (or export blind_best_response(S)). \
                 To export one slice anyway, give --hidden with one of the {} hidden values \
                 (such as --hidden {}, or its position 0 to {}; --sides S is the one with S \
                 sides and the rest as at the start): the answers it gives there, played \
                 whatever is hidden; hog then reports that slice's own exact win rate",
                rules.name(),
                goal as u64 * goal as u64,
                shell_word(&rules.name()),
                hidden.len(),
                shell_word(&last),
                hidden.len() - 1
            )
        }
        None => full.clone(),
        Some((index, _)) => full
            .slice_at(*index)
            .expect("the slice was checked against the rules"),
    };
    let mut info = ExportInfo::new(rules, goal, objective(input.source), &policy, sources)?;
    let mut note = vec![];
    match asked {
        Some((index, option)) if full.sees_hidden() => {
            info.slice = Some(Slice {
                index,
                words: hidden_words(&hidden, index),
                option,
                full_win_rate: grade(rules, goal, &full, sources)?.map(|g| g.win_rate),
            });
            note = slice_note(&info);
        }
        Some((_, option)) => note.push(format!(
            "{source} does not depend on {what}, so {option} changes nothing."
        )),
        None => {}
    }
    Ok(Exported { info, policy, note })
}

/// The command line that makes an export, for its record (`rules`: as
/// the user gave them, a preset or a semester).
pub fn made_by(
    source: &str,
    rules: &str,
    goal: u32,
    format: Format,
    sides: Option<i64>,
    hidden: Option<&str>,
) -> String {
    let mut words = vec![
        "hog export".to_string(),
        shell_word(source),
        format!("--rules {}", shell_word(rules)),
        format!("--goal {goal}"),
        format!("--format {}", format.name()),
    ];
    if let Some(sides) = sides {
        words.push(format!("--sides {sides}"));
    }
    if let Some(hidden) = hidden {
        words.push(format!("--hidden {}", shell_word(hidden)));
    }
    words.join(" ")
}

/// A strategy that wins less than half its games against the course
/// baseline is worse than the baseline itself, and one that wins half of
/// them (within the f64 tie tolerance: `always_roll(4)` against itself is
/// 0.4999999999999998) is no better: said plainly wherever it is handed out.
pub fn losing_warning(grade: &Grade) -> Option<String> {
    let (rate, baseline) = (grade.win_rate, &grade.baseline);
    if (rate - 0.5).abs() <= TIE_TOLERANCE {
        Some(format!(
            "this strategy TIES the course baseline: it wins {rate} against {baseline}, \
             0.5 within rounding ({TIE_TOLERANCE:e}), so it is no better than the baseline itself."
        ))
    } else {
        (rate < 0.5).then(|| {
            format!(
                "this strategy LOSES to the course baseline: it wins only {rate} against \
                 {baseline}, below 0.5. Do not hand it in."
            )
        })
    }
}

/// The exact win rate of `policy` against the course baseline of the rules'
/// preset, as `hog grade` computes it; None for rules without a preset.
pub fn grade(
    rules: &Rules,
    goal: u32,
    policy: &Policy,
    sources: &Sources,
) -> Result<Option<Grade>> {
    let Some(preset) = Preset::find(&rules.name()) else {
        return Ok(None);
    };
    let baseline = sources
        .policy(preset.baseline, rules, goal)
        .context("the course baseline")?;
    let model = Model::new(rules, goal)?;
    crate::alloc::check_memory(&model, hog_solver::memory::Job::Evaluate)?;
    Ok(Some(Grade {
        baseline: preset.baseline.to_string(),
        win_rate: evaluate::grade(&model, policy, &baseline).win_rate,
    }))
}

/// What a strategy is, in words for the record: a policy table's
/// objective, the `"objective"` of an exported JSON table, else the text
/// (a made policy's name).
pub fn objective(strategy: &Strategy) -> String {
    let text = strategy.name().trim().to_string();
    match strategy.file().map(|file| &file.content) {
        Some(Content::Json(json)) => {
            serde_json::from_str::<serde_json::Value>(json.trim_start_matches('\u{feff}'))
                .ok()
                .and_then(|value| value.get("objective")?.as_str().map(str::to_string))
                .unwrap_or(text)
        }
        Some(Content::Table(table)) => table.header.objective.to_string(),
        _ => text,
    }
}

/// The policy as a course strategy: its rows, `rows[score][opponent_score]`.
fn course_rows(policy: &Policy) -> Result<Vec<Vec<i8>>> {
    if policy.sees_hidden() {
        bail!(
            "the policy depends on {}, which a course strategy cannot see: \
             export one slice (Policy::slice_at)",
            policy
                .hidden()
                .what()
                .unwrap_or_else(|| "hidden state".into())
        );
    }
    let g = policy.goal();
    Ok((0..g)
        .map(|score| {
            (0..g)
                .map(|opponent_score| {
                    policy.get(policy.hidden().state(0, score, opponent_score)) as i8
                })
                .collect()
        })
        .collect())
}

/// The export of a course strategy in one format. Fails if the policy
/// depends on the dice sides: take a [`Policy::slice`] first.
pub fn render(format: Format, info: &ExportInfo, policy: &Policy) -> Result<String> {
    let rows = course_rows(policy)?;
    if rows.len() != info.goal as usize {
        bail!(
            "the policy is for goal {}, the record says goal {}",
            policy.goal(),
            info.goal
        );
    }
    Ok(match format {
        Format::Python => render_python(info, &rows),
        Format::Csv => render_csv(&rows),
        Format::Json => render_json(info, &rows),
    })
}

/// The CSV layout `hog grade` reads: a header row `score\opponent,0,1,...`,
/// then one row per score, starting with the score. Written by hand, not
/// with csv::Writer: every field is a number or the header's fixed first
/// word, so nothing ever needs quoting, and the writer would add only the
/// handling of errors that writing to a String cannot have.
fn render_csv(rows: &[Vec<i8>]) -> String {
    // The header starts with crate::files::marks::CSV_TABLE.
    let mut text = String::from("score\\opponent");
    for o in 0..rows.len() {
        write!(text, ",{o}").unwrap();
    }
    text.push('\n');
    for (score, row) in rows.iter().enumerate() {
        write!(text, "{score}").unwrap();
        for a in row {
            write!(text, ",{a}").unwrap();
        }
        text.push('\n');
    }
    text
}

/// What a JSON export holds, in this order.
#[derive(Serialize)]
struct JsonExport<'a> {
    rules: String,
    rules_text: String,
    goal: u32,
    objective: &'a str,
    baseline: Option<&'a str>,
    win_rate: Option<f64>,
    sides_slice: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hidden_slice: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<String>,
    /// Each row as compact JSON, which the pretty printer writes as it is:
    /// one row per line.
    table: Vec<Box<RawValue>>,
}

/// A JSON object, one table row per line.
fn render_json(info: &ExportInfo, rows: &[Vec<i8>]) -> String {
    let row = |row: &Vec<i8>| {
        let text = serde_json::to_string(row).expect("numbers serialise");
        RawValue::from_string(text).expect("serde_json wrote JSON")
    };
    let export = JsonExport {
        rules: info.rules.name(),
        rules_text: info.rules.to_string(),
        goal: info.goal,
        objective: &info.objective,
        baseline: info.grade.as_ref().map(|g| g.baseline.as_str()),
        win_rate: info.grade.as_ref().map(|g| g.win_rate),
        sides_slice: info.slice.as_ref().map(|s| slice_sides(info, s)),
        hidden_slice: info.slice.as_ref().map(|s| s.words.as_str()),
        note: info.slice.is_some().then(|| slice_note(info).join(" ")),
        warning: info.grade.as_ref().and_then(losing_warning),
        table: rows.iter().map(row).collect(),
    };
    let mut text = serde_json::to_string_pretty(&export).expect("the export serialises");
    text.push('\n');
    text
}

/// The characters of the Python table, in action order -1, 0, ..., 10.
pub const CODES: &str = "P0123456789T";

fn code(action: i8) -> char {
    CODES
        .chars()
        .nth((action as i32 + 1) as usize)
        .expect("actions are -1..=10")
}

/// A Python module defining `final_strategy(score, opponent_score)`.
fn render_python(info: &ExportInfo, rows: &[Vec<i8>]) -> String {
    let goal = info.goal;
    let record = record_lines(info);
    let mut text = String::new();
    text.push_str(crate::files::marks::PYTHON);
    text.push_str("\n\n");
    for line in &record {
        writeln!(text, "{}", python_doc(line)).unwrap();
    }
    text.push_str(
        "\nTo use it in a course's hog.py, delete the final_strategy defined there and\n\
         paste in its place everything below this docstring down to the line above\n\
         the last: the last line, \"# hog seal: ...\", is this file's own, the mark by\n\
         which hog knows a file it wrote. Nothing in it needs editing.\n\"\"\"\n\n",
    );
    writeln!(
        text,
        "# The strategy as a table: _HOG_EXPORT_ROWS[score] is a string with one\n\
         # character per opponent_score (0 to {last}), and that character is the\n\
         # num_rolls to answer: \"0\" to \"9\" roll that many dice, \"T\" rolls ten,\n\
         # \"P\" is Pork Chop (-1). The comment after each row is its score.\n\
         # It was made for the rules and the goal below: graded under others\n\
         # (pasted into another semester's hog.py), hog says so.\n\
         _HOG_EXPORT_RULES = \"{rules}\"\n\
         _HOG_EXPORT_GOAL = {goal}\n\
         _HOG_EXPORT_ACTIONS = {{c: a - 1 for a, c in enumerate(\"{CODES}\")}}\n\
         _HOG_EXPORT_ROWS = (",
        last = goal - 1,
        rules = info.rules.name()
    )
    .unwrap();
    for (score, row) in rows.iter().enumerate() {
        let codes: String = row.iter().map(|&a| code(a)).collect();
        writeln!(text, "    \"{codes}\",  # {score}").unwrap();
    }
    text.push_str(")\n\n\ndef final_strategy(score, opponent_score):\n    \"\"\"");
    for (i, line) in record.iter().enumerate() {
        let line = python_doc(line);
        if i == 0 {
            writeln!(text, "{line}").unwrap();
        } else if line.is_empty() {
            text.push('\n');
        } else {
            writeln!(text, "    {line}").unwrap();
        }
    }
    text.push_str(
        "\n    score and opponent_score are whole numbers. A score outside the table\n    \
         (below 0, or at or past the goal, as a course's checks may ask) is read as\n    \
         the nearest score in it, so every answer is a legal num_rolls; anything\n    \
         that is not a whole number raises ValueError.\n    \"\"\"\n",
    );
    text.push_str(
        r#"    scores = []
    for name, value in (("score", score), ("opponent_score", opponent_score)):
        if isinstance(value, bool) or not hasattr(value, "__index__"):
            raise ValueError("final_strategy: %s must be a whole number, not %r"
                             % (name, value))
        scores.append(min(max(value.__index__(), 0), _HOG_EXPORT_GOAL - 1))
    return _HOG_EXPORT_ACTIONS[_HOG_EXPORT_ROWS[scores[0]][scores[1]]]
"#,
    );
    text
}

/// What a strategy is, for the docstring: rules, goal, objective, win rate.
fn record_lines(info: &ExportInfo) -> Vec<String> {
    let mut lines = vec![];
    let name = info.rules.name();
    match Preset::find(&name) {
        Some(preset) => lines.push(format!(
            "Rules:     {} ({})",
            crate::game::named(&info.rules, info.semester.as_deref()),
            preset.course
        )),
        None => lines.push("Rules:     custom rules (no course preset)".into()),
    }
    lines.push(format!("           {}", info.rules));
    lines.push(format!("Goal:      {}", info.goal));
    let objective = &info.objective;
    lines.push(format!("Objective: {objective}"));
    if objective == "optimal" {
        lines.push(
            "           (the self-play optimum: it maximises its chance to win against".into(),
        );
        lines.push("           a player who does the same)".into());
    } else if let Some(against) = objective
        .strip_prefix("blind_best_response(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        lines.push(format!(
            "           (the blind best response to {against}: the best found among"
        ));
        lines.push(
            "           strategies that see only the two scores, as final_strategy does)".into(),
        );
    } else if let Some(against) = objective
        .strip_prefix("best_response(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        lines.push(format!(
            "           (the best response to {against}: it maximises its chance to win"
        ));
        lines.push(format!("           against {against})"));
    }
    match &info.grade {
        Some(grade) => {
            lines.push(format!(
                "Win rate:  {} against {}, the course baseline",
                grade.win_rate, grade.baseline
            ));
            lines.push(
                "           (exact: the mean of its wins moving first and moving second,".into(),
            );
            lines.push("           as the course's average_win_rate)".into());
            if let Some(warning) = losing_warning(grade) {
                lines.push(String::new());
                lines.extend(wrap(&format!("WARNING: {warning}"), 76));
            }
        }
        None => lines.push(
            "Win rate:  not computed: these rules have no course preset, so no baseline".into(),
        ),
    }
    if info.slice.is_some() {
        lines.push(String::new());
        let note = slice_note(info).join(" ");
        lines.extend(wrap(&format!("Note: {note}"), 76));
    }
    if let Some(command) = &info.made_by {
        lines.push(String::new());
        lines.push(format!("Made by:   {command}"));
    }
    lines
}

/// The dice sides of a slice's hidden value.
pub fn slice_sides(info: &ExportInfo, slice: &Slice) -> u32 {
    info.rules.hidden().state(slice.index, 0, 0).sides
}

/// Why a sliced export's win rate is not the full policy's, in sentences.
pub fn slice_note(info: &ExportInfo) -> Vec<String> {
    let Some(slice) = &info.slice else {
        return vec![];
    };
    let what = info
        .rules
        .hidden()
        .what()
        .unwrap_or_else(|| "hidden state".into());
    let mut note = vec![format!(
        "{} depends on {what}, which a course strategy cannot see; this is its slice \
         at {} ({}): the answers it gives there, played whatever is hidden.",
        info.objective, slice.words, slice.option
    )];
    if let (Some(grade), Some(full)) = (&info.grade, slice.full_win_rate) {
        note.push(format!(
            "As a course strategy this slice wins exactly {} against {}; the full \
             policy, which sees {what}, wins {full}.",
            grade.win_rate, grade.baseline
        ));
    }
    note
}

/// How many (score, opponent_score) pairs get different answers with
/// different sides.
pub fn differing_pairs(policy: &Policy) -> usize {
    let g = policy.goal() as usize;
    let actions = policy.actions();
    (0..g)
        .flat_map(|s| (0..g).map(move |o| (s, o)))
        .filter(|&(s, o)| {
            let first = actions[[0, s, o]];
            (1..policy.hidden().len()).any(|h| actions[[h, s, o]] != first)
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hog_solver::strategy::course_strategy;
    use hog_solver::State;

    fn policy(rules: &Rules, goal: u32, name: &str, args: &[i64]) -> Policy {
        let strategy = course_strategy(rules, name, args).unwrap();
        Policy::from_strategy(&strategy, rules, goal, name).unwrap()
    }

    fn info(rules: Rules, goal: u32) -> ExportInfo {
        ExportInfo {
            rules,
            goal,
            objective: "always_roll(3)".into(),
            grade: Some(Grade {
                baseline: "always_roll(5)".into(),
                win_rate: 0.1 + 0.2,
            }),
            slice: None,
            made_by: None,
            semester: None,
        }
    }

    #[test]
    fn csv_has_a_header_row_and_column() {
        let rules = Rules::fa13();
        let p = policy(&rules, 3, "always_roll", &[3]);
        let text = render(Format::Csv, &info(rules, 3), &p).unwrap();
        assert_eq!(text, "score\\opponent,0,1,2\n0,3,3,3\n1,3,3,3\n2,3,3,3\n");
    }

    #[test]
    fn json_records_the_win_rate_exactly() {
        let rules = Rules::fa13();
        let p = policy(&rules, 2, "always_roll", &[10]);
        let text = render(Format::Json, &info(rules.clone(), 2), &p).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["win_rate"].as_f64(), Some(0.1 + 0.2));
        assert_eq!(value["rules"], "fa13");
        assert_eq!(value["rules_text"], rules.to_string());
        assert_eq!(value["table"], serde_json::json!([[10, 10], [10, 10]]));
        assert!(value["sides_slice"].is_null());
        // The layout: one key per line, then one table row per line.
        assert!(text.starts_with("{\n  \"rules\": \"fa13\",\n"), "{text}");
        assert!(
            text.contains(
                "\n  \"win_rate\": 0.30000000000000004,\n  \"sides_slice\": null,\n  \"warning\": \"this"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("\",\n  \"table\": [\n    [10,10],\n    [10,10]\n  ]\n}\n"),
            "{text}"
        );
    }

    #[test]
    fn python_table_uses_one_character_per_action() {
        let rules = Rules::fa16();
        let p = policy(&rules, 2, "always_roll", &[10]);
        let text = render(Format::Python, &info(rules, 2), &p).unwrap();
        assert!(
            text.contains("    \"TT\",  # 0\n    \"TT\",  # 1\n"),
            "{text}"
        );
        assert!(text.contains("0.30000000000000004 against always_roll(5)"));
        assert_eq!((-1..=10).map(code).collect::<String>(), CODES);
    }

    #[test]
    fn a_policy_that_sees_the_sides_is_not_rendered() {
        let rules = Rules::fa16();
        struct BySides;
        impl hog_solver::strategy::Strategy for BySides {
            fn num_rolls(&self, state: State) -> i64 {
                i64::from(state.sides == 4)
            }
        }
        let p = Policy::from_strategy(&BySides, &rules, 2, "by sides").unwrap();
        assert_eq!(differing_pairs(&p), 4);
        assert!(render(Format::Csv, &info(rules.clone(), 2), &p).is_err());
        let slice = p.slice(4).unwrap();
        let text = render(Format::Csv, &info(rules, 2), &slice).unwrap();
        assert!(text.ends_with("1,1,1\n"), "{text}");
    }
}
