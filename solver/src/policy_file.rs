//! Course strategies written as tables of integers: CSV and JSON.
//!
//! Both hold one row per score (0 to goal - 1) and one column per opponent
//! score (0 to goal - 1); the cell is num_rolls. A course strategy cannot see
//! what the rules hide (see [`crate::rules::Hidden`]), so the same answer is
//! used for every hidden value.
//!
//! * CSV: comma-separated integers. An optional header row is allowed: when
//!   the first row's first cell is not an integer (empty, or a label such as
//!   `score\opponent`), that row must list the opponent scores 0, 1, ... and
//!   every following row starts with its score.
//! * JSON: an array of rows, each an array of integers; or an object (as
//!   `hog export --format json` writes) whose `"table"` is that array. The
//!   object's other keys are optional: `"goal"`, `"rules_text"` (canonical
//!   rules text) and `"rules"` (a preset name or rules text) must, when
//!   present, agree with the goal and rules in use; any other key (such as
//!   `"objective"` or `"win_rate"`) is a note for people and is ignored.
//!
//! Errors name the line and column (CSV: the 1-based field number) or the
//! cell (JSON), and the value.

use std::io::Read;

use ndarray::Array3;

use crate::error::{Error, Result};
use crate::rules::Rules;
use crate::strategy::Policy;

/// Where a cell came from, for error messages.
enum Cell {
    Csv { line: u64, column: u64 },
    Json,
}

struct Rows {
    /// (score, opponent_score) -> num_rolls, filled row by row: one byte
    /// per answer (goal 10,000: 100 MB).
    answers: Vec<Vec<i8>>,
}

fn shape_error(reason: String, at: Cell) -> Error {
    match at {
        Cell::Csv { line, column } => Error::BadStrategyFile {
            line,
            column,
            reason,
        },
        Cell::Json => Error::BadStrategy {
            text: "JSON table".into(),
            reason,
        },
    }
}

/// Checks one answer against the rules, naming where it stands.
fn check_cell(rules: &Rules, value: i64, score: usize, opponent: usize, at: Cell) -> Result<i8> {
    rules.answer(value).map(|a| a as i8).map_err(|e| {
        shape_error(
            format!("at score {score}, opponent_score {opponent}: {e}"),
            at,
        )
    })
}

impl Rows {
    /// The policy that gives the table's answer at (s, o) whatever the
    /// hidden value: a table of the two scores cannot tell them apart.
    fn into_policy(self, rules: &Rules, goal: u32) -> Result<Policy> {
        let hidden = rules.hidden().len();
        let g = goal as usize;
        let actions = Array3::from_shape_fn((hidden, g, g), |(_, s, o)| self.answers[s][o]);
        Policy::from_actions(rules, goal, actions)
    }
}

/// A course strategy from CSV text. A line that starts with `#` is a
/// comment (hog's own CSV files end with one, their seal).
pub fn policy_from_csv(input: impl Read, rules: &Rules, goal: u32) -> Result<Policy> {
    let g = goal as usize;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(input);
    let mut answers = Vec::with_capacity(g);
    let mut has_header = false;
    for (index, record) in reader.records().enumerate() {
        let record = record.map_err(|e| Error::BadStrategyFile {
            line: e.position().map_or(0, |p| p.line()),
            column: 1,
            reason: e.to_string(),
        })?;
        let line = record.position().map_or(index as u64 + 1, |p| p.line());
        let cells: Vec<&str> = record.iter().collect();
        if index == 0 && is_header(&cells, g) {
            has_header = true;
            check_header(&cells[1..], g, line)?;
            continue;
        }
        let score = answers.len();
        let values = if has_header {
            let label = cells[0];
            if label.parse::<usize>().ok() != Some(score) {
                return Err(Error::BadStrategyFile {
                    line,
                    column: 1,
                    reason: format!("expected the row label {score}, found '{label}'"),
                });
            }
            &cells[1..]
        } else {
            &cells[..]
        };
        if score >= g {
            return Err(Error::BadStrategyFile {
                line,
                column: 1,
                reason: format!("expected {g} rows (scores 0 to {}), found more", g - 1),
            });
        }
        if values.len() != g {
            return Err(Error::BadStrategyFile {
                line,
                column: 1,
                reason: format!(
                    "the row for score {score} has {} values, expected {g} (opponent scores 0 to {})",
                    values.len(),
                    g - 1
                ),
            });
        }
        let first_column = if has_header { 2 } else { 1 };
        let row = values
            .iter()
            .enumerate()
            .map(|(o, text)| {
                let at = || Cell::Csv {
                    line,
                    column: (o + first_column) as u64,
                };
                let value = text.parse::<i64>().map_err(|_| {
                    shape_error(
                        format!("'{text}' at score {score}, opponent_score {o} is not an integer"),
                        at(),
                    )
                })?;
                check_cell(rules, value, score, o, at())
            })
            .collect::<Result<Vec<i8>>>()?;
        answers.push(row);
    }
    if answers.len() != g {
        return Err(Error::BadStrategyFile {
            line: reader.position().line(),
            column: 1,
            reason: format!(
                "expected {g} rows (scores 0 to {}), found {}",
                g - 1,
                answers.len()
            ),
        });
    }
    Rows { answers }.into_policy(rules, goal)
}

/// A first row is a header when its first cell is a label: empty, or with
/// no digit in it (`score\opponent`); or when it is not an integer and the
/// row has the header's length, goal + 1. A first cell such as `1x` in a
/// row of goal cells is a typo in the data, reported as a bad cell.
fn is_header(cells: &[&str], g: usize) -> bool {
    let first = cells.first().copied().unwrap_or_default();
    first.parse::<i64>().is_err()
        && (!first.contains(|c: char| c.is_ascii_digit()) || cells.len() == g + 1)
}

fn check_header(cells: &[&str], g: usize, line: u64) -> Result<()> {
    if cells.len() != g {
        return Err(Error::BadStrategyFile {
            line,
            column: 1,
            reason: format!(
                "the header row lists {} opponent scores, expected {g}",
                cells.len()
            ),
        });
    }
    match cells
        .iter()
        .enumerate()
        .find(|(o, c)| c.parse::<usize>().ok() != Some(*o))
    {
        Some((o, c)) => Err(Error::BadStrategyFile {
            line,
            column: o as u64 + 2,
            reason: format!("the header row should list opponent score {o}, found '{c}'"),
        }),
        None => Ok(()),
    }
}

/// A course strategy from JSON text: an array of rows of integers, or an
/// object holding that array as its `"table"` (see the module docs).
pub fn policy_from_json(text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
    let g = goal as usize;
    // A byte-order mark, as some editors write, is no part of the JSON (and
    // the CSV reader skips it too).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Error::BadStrategyFile {
            line: e.line() as u64,
            column: e.column() as u64,
            reason: e.to_string(),
        })?;
    let bad = |reason: String| shape_error(reason, Cell::Json);
    let rows = match &value {
        serde_json::Value::Array(rows) => rows,
        serde_json::Value::Object(object) => {
            check_json_header(object, rules, goal)?;
            object
                .get("table")
                .ok_or_else(|| bad("the object has no \"table\" (an array of rows)".into()))?
                .as_array()
                .ok_or_else(|| bad("\"table\" is not an array of rows".into()))?
        }
        _ => {
            return Err(bad(
                "expected an array of rows, or an object with a \"table\" of rows".into(),
            ))
        }
    };
    if rows.len() != g {
        return Err(bad(format!(
            "expected {g} rows (scores 0 to {}), found {}",
            g - 1,
            rows.len()
        )));
    }
    let answers = rows
        .iter()
        .enumerate()
        .map(|(score, row)| {
            let row = row
                .as_array()
                .ok_or_else(|| bad(format!("row {score} is not an array")))?;
            if row.len() != g {
                return Err(bad(format!(
                    "the row for score {score} has {} values, expected {g}",
                    row.len()
                )));
            }
            row.iter()
                .enumerate()
                .map(|(o, cell)| {
                    let value = cell.as_i64().ok_or_else(|| {
                        bad(format!(
                            "{cell} at score {score}, opponent_score {o} is not an integer"
                        ))
                    })?;
                    check_cell(rules, value, score, o, Cell::Json)
                })
                .collect::<Result<Vec<i8>>>()
        })
        .collect::<Result<Vec<_>>>()?;
    Rows { answers }.into_policy(rules, goal)
}

/// Checks the optional `"goal"`, `"rules_text"` and `"rules"` of a JSON
/// object table against the goal and rules in use.
fn check_json_header(
    object: &serde_json::Map<String, serde_json::Value>,
    rules: &Rules,
    goal: u32,
) -> Result<()> {
    let bad = |reason: String| shape_error(reason, Cell::Json);
    if let Some(value) = object.get("goal") {
        let file_goal = value
            .as_u64()
            .ok_or_else(|| bad(format!("\"goal\" {value} is not a whole number")))?;
        if file_goal != u64::from(goal) {
            return Err(bad(format!(
                "the file is for goal {file_goal}, but the goal in use is {goal} (pass --goal {file_goal})"
            )));
        }
    }
    for key in ["rules_text", "rules"] {
        let Some(value) = object.get(key) else {
            continue;
        };
        let text = value
            .as_str()
            .ok_or_else(|| bad(format!("\"{key}\" {value} is not a string")))?;
        let file_rules = Rules::parse(text).map_err(|e| bad(format!("\"{key}\": {e}")))?;
        if file_rules != *rules {
            return Err(bad(format!(
                "the file is for rules {}, but the rules in use are {} (pass --rules {})",
                file_rules.name(),
                rules.name(),
                file_rules.name()
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(goal: usize, f: impl Fn(usize, usize) -> i64) -> Vec<Vec<i64>> {
        (0..goal)
            .map(|s| (0..goal).map(|o| f(s, o)).collect())
            .collect()
    }

    fn csv_text(rows: &[Vec<i64>]) -> String {
        rows.iter()
            .map(|r| {
                r.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn csv_and_json_read_the_same_policy() {
        let rules = Rules::fa13();
        let rows = grid(5, |s, o| ((s + 2 * o) % 11) as i64);
        let from_csv = policy_from_csv(csv_text(&rows).as_bytes(), &rules, 5).unwrap();
        let json = serde_json::to_string(&rows).unwrap();
        let from_json = policy_from_json(&json, &rules, 5).unwrap();
        assert_eq!(from_csv, from_json);
        let state = crate::State::new(3, 4);
        assert_eq!(from_csv.get(state), (3 + 8) % 11);
    }

    #[test]
    fn csv_header_row_and_column_are_allowed() {
        let rules = Rules::fa13();
        let text = "score\\opponent,0,1,2\n0,1,2,3\n1,4,5,6\n2,7,8,9\n";
        let policy = policy_from_csv(text.as_bytes(), &rules, 3).unwrap();
        let plain = policy_from_csv("1,2,3\n4,5,6\n7,8,9\n".as_bytes(), &rules, 3).unwrap();
        assert_eq!(policy, plain);
    }

    #[test]
    fn a_comment_line_is_skipped_and_errors_keep_their_line() {
        let rules = Rules::fa13();
        let sealed = "score\\opponent,0,1\n0,1,2\n1,4,5\n# hog seal: 00ff\n";
        let policy = policy_from_csv(sealed.as_bytes(), &rules, 2).unwrap();
        let plain = policy_from_csv("1,2\n4,5\n".as_bytes(), &rules, 2).unwrap();
        assert_eq!(policy, plain);
        assert!(csv_error("# a note\n1,2\n3,x\n", 2).starts_with("line 3, column 2"));
    }

    fn csv_error(text: &str, goal: u32) -> String {
        policy_from_csv(text.as_bytes(), &Rules::fa13(), goal)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn csv_errors_name_line_column_and_value() {
        assert_eq!(
            csv_error("1,2\n3,x\n", 2),
            "line 2, column 2: 'x' at score 1, opponent_score 1 is not an integer"
        );
        let e = csv_error("1,2\n3,11\n", 2);
        assert!(
            e.starts_with("line 2, column 2: at score 1, opponent_score 1: num_rolls 11"),
            "{e}"
        );
        assert!(csv_error("1,2\n3\n", 2).contains("has 1 values, expected 2"));
        assert!(csv_error("1,2\n", 2).contains("expected 2 rows"));
        assert!(csv_error("1,2\n1,2\n1,2\n", 2).starts_with("line 3"));
        assert!(csv_error(",0,1\n0,1,2\n2,1,2\n", 2).contains("row label 1, found '2'"));
    }

    #[test]
    fn a_typo_in_the_first_cell_is_a_bad_cell_not_a_header() {
        assert_eq!(
            csv_error("1x,2\n3,4\n", 2),
            "line 1, column 1: '1x' at score 0, opponent_score 0 is not an integer"
        );
        assert_eq!(
            csv_error("x,2\n3,4\n", 2),
            "line 1, column 1: the header row lists 1 opponent scores, expected 2"
        );
        // A label with digits, in a header row's length, is still a header.
        let text = "s0\\o,0,1\n0,1,2\n1,3,4\n";
        let labelled = policy_from_csv(text.as_bytes(), &Rules::fa13(), 2).unwrap();
        let plain = policy_from_csv("1,2\n3,4\n".as_bytes(), &Rules::fa13(), 2).unwrap();
        assert_eq!(labelled, plain);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_in_json_as_in_csv() {
        let rules = Rules::fa13();
        let plain = policy_from_json("[[1,2],[3,4]]", &rules, 2).unwrap();
        assert_eq!(
            policy_from_json("\u{feff}[[1,2],[3,4]]", &rules, 2).unwrap(),
            plain
        );
        let csv = policy_from_csv("\u{feff}1,2\n3,4\n".as_bytes(), &rules, 2).unwrap();
        assert_eq!(csv, plain);
    }

    #[test]
    fn json_errors_name_the_cell_and_value() {
        let rules = Rules::fa13();
        let e = policy_from_json("[[1,2],[3,2.5]]", &rules, 2)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("2.5 at score 1, opponent_score 1 is not an integer"),
            "{e}"
        );
        let e = policy_from_json("[[1,2],[3,-1]]", &rules, 2)
            .unwrap_err()
            .to_string();
        assert!(e.contains("num_rolls -1"), "{e}");
        let e = policy_from_json("[[1,2]]", &rules, 2)
            .unwrap_err()
            .to_string();
        assert!(e.contains("expected 2 rows"), "{e}");
        let e = policy_from_json("[[1,2],\n[3,]]", &rules, 2)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("line 2"), "{e}");
    }

    fn object(rules: &str, rules_text: &str, goal: u32, table: &[Vec<i64>]) -> String {
        serde_json::json!({
            "rules": rules,
            "rules_text": rules_text,
            "goal": goal,
            "objective": "optimal",
            "win_rate": 0.5,
            "table": table,
        })
        .to_string()
    }

    #[test]
    fn json_object_form_reads_its_table() {
        let rules = Rules::fa13();
        let rows = grid(4, |s, o| ((3 * s + o) % 11) as i64);
        let plain = policy_from_json(&serde_json::to_string(&rows).unwrap(), &rules, 4).unwrap();
        let text = object("fa13", &rules.to_string(), 4, &rows);
        assert_eq!(policy_from_json(&text, &rules, 4).unwrap(), plain);
        // Only "table" is required; unknown keys are notes.
        let bare = serde_json::json!({ "table": rows, "note": "by hand" }).to_string();
        assert_eq!(policy_from_json(&bare, &rules, 4).unwrap(), plain);
        // A custom rules text that equals the preset is the preset.
        let named_by_text = serde_json::json!({ "rules": rules.to_string(), "table": rows });
        assert_eq!(
            policy_from_json(&named_by_text.to_string(), &rules, 4).unwrap(),
            plain
        );
    }

    #[test]
    fn json_object_form_refuses_other_rules_or_goal() {
        let fa13 = Rules::fa13();
        let rows = grid(3, |_, _| 5);
        let e = policy_from_json(&object("fa13", &fa13.to_string(), 3, &rows), &fa13, 4)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("goal 3") && e.contains("goal in use is 4"),
            "{e}"
        );
        let e = policy_from_json(
            &object("fa13", &fa13.to_string(), 3, &rows),
            &Rules::sp13(),
            3,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("rules fa13") && e.contains("rules in use are sp13"),
            "{e}"
        );
        // rules_text alone decides too, even when "rules" is missing.
        let text = serde_json::json!({ "rules_text": Rules::sp26().to_string(), "table": rows });
        let e = policy_from_json(&text.to_string(), &fa13, 3)
            .unwrap_err()
            .to_string();
        assert!(e.contains("sp26") && e.contains("fa13"), "{e}");
    }

    #[test]
    fn json_object_form_errors() {
        let rules = Rules::fa13();
        let error = |text: &str| policy_from_json(text, &rules, 2).unwrap_err().to_string();
        assert!(error(r#"{"goal": 2}"#).contains("no \"table\""));
        assert!(error(r#"{"table": 3}"#).contains("\"table\" is not an array"));
        assert!(error(r#"{"goal": "2", "table": [[1,1],[1,1]]}"#).contains("not a whole number"));
        assert!(error(r#"{"rules": "fa99", "table": [[1,1],[1,1]]}"#).contains("fa99"));
        assert!(error(r#"{"rules_text": 7, "table": [[1,1],[1,1]]}"#).contains("not a string"));
        assert!(error("17").contains("expected an array of rows, or an object"));
        // Cells are checked as in the plain form.
        let e = error(r#"{"table": [[1,1],[1,12]]}"#);
        assert!(e.contains("num_rolls 12"), "{e}");
    }
}
