//! What hog reads of Python text without running it: a module's top-level
//! functions, and the examples its docstrings, its staff tests and the
//! course's test files pin (`>>> take_turn(0, 37, 15)` then `18`, or
//! `assert take_turn(0, 34) == 4`).
//!
//! The text is read line by line, as the courses write it, never
//! evaluated: a module that Python would refuse (a syntax error, an import
//! that fails on a newer Python) reads the same. Any text is answered;
//! what is not of these forms is passed over.

use std::collections::BTreeSet;

use super::calls::{is_identifier, test_dice, Call, Value};

/// The most lines a function's parameter list may span.
const MAX_SIGNATURE_LINES: usize = 20;

/// A top-level function: its name and its positional parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Def {
    pub name: String,
    pub params: Vec<String>,
}

/// A call pinned to a value, and the file that pins it.
#[derive(Clone, Debug)]
pub struct Example {
    pub call: Call,
    pub value: Value,
    pub file: String,
}

/// The module's top-level functions (`def` at the start of a line), in
/// order.
pub fn defs(text: &str) -> Vec<Def> {
    let lines: Vec<&str> = text.lines().collect();
    let mut defs = vec![];
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("def ") else {
            continue;
        };
        let Some((name, first)) = rest.split_once('(') else {
            continue;
        };
        let name = name.trim();
        if !is_identifier(name) {
            continue;
        }
        // The parameter list, to its closing parenthesis.
        let mut signature = first.to_string();
        for next in lines.iter().skip(i + 1).take(MAX_SIGNATURE_LINES) {
            if closed(&signature).is_some() {
                break;
            }
            signature.push(' ');
            signature.push_str(next);
        }
        if let Some(end) = closed(&signature) {
            defs.push(Def {
                name: name.to_string(),
                params: positional(&signature[..end]),
            });
        }
    }
    defs
}

/// Where the parenthesis opened before `text` closes, if it does.
fn closed(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The positional parameters of a parameter list: each one's name, without
/// its annotation or default, up to a bare `*` or `*args`.
fn positional(list: &str) -> Vec<String> {
    let mut params = vec![];
    let mut depth = 0usize;
    let mut current = String::new();
    let push = |current: &mut String, params: &mut Vec<String>| -> bool {
        let param = std::mem::take(current);
        let name = param.split(['=', ':']).next().unwrap_or("").trim();
        if name.starts_with('*') {
            return false;
        }
        if is_identifier(name) {
            params.push(name.to_string());
        }
        true
    };
    for c in list.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                if !push(&mut current, &mut params) {
                    return params;
                }
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    push(&mut current, &mut params);
    params
}

/// The examples `text` pins: each `>>> CALL` whose next line is a value
/// (an int, True or False), and each `assert CALL == VALUE`, where a call
/// may name test dice bound just before (`dice = make_test_dice(4, 6, 1)`)
/// and not used since.
pub fn examples(text: &str, file: &str) -> Vec<Example> {
    let mut examples = vec![];
    let mut dice: Option<(String, Vec<u32>)> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim();
        let code = code.strip_prefix(">>>").map_or(code, str::trim);
        let code = code.split('#').next().unwrap_or("").trim();
        if let Some(bound) = binding(code) {
            dice = Some(bound);
            continue;
        }
        // Test dice keep their place between calls: a binding names fresh
        // dice for its first use only.
        let used = std::cell::Cell::new(false);
        let bound = |name: &str| {
            let faces = dice
                .as_ref()
                .filter(|(n, _)| n == name)
                .map(|(_, faces)| faces.clone());
            used.set(used.get() || faces.is_some());
            faces
        };
        let (call, value) = if let Some(assertion) = code.strip_prefix("assert ") {
            // assert CALL == VALUE, 'message'
            let assertion = assertion.split(", '").next().unwrap_or("");
            let assertion = assertion.split(", \"").next().unwrap_or("");
            let Some((call, value)) = assertion.split_once("==") else {
                continue;
            };
            (call, Value::parse(value))
        } else if line.trim_start().starts_with(">>>") {
            let next = lines.get(i + 1).map_or("", |l| l.trim());
            (code, Value::parse(next))
        } else {
            continue;
        };
        let call = Call::parse(call, &bound);
        if used.get() {
            dice = None;
        }
        if let (Some(call), Some(value)) = (call, value) {
            examples.push(Example {
                call,
                value,
                file: file.to_string(),
            });
        }
    }
    examples
}

/// `NAME = make_test_dice(FACES)`: the name and the faces.
fn binding(code: &str) -> Option<(String, Vec<u32>)> {
    let (name, value) = code.split_once('=')?;
    let (name, value) = (name.trim(), value.trim());
    if !is_identifier(name) {
        return None;
    }
    let inner = value
        .strip_prefix("hog.")
        .unwrap_or(value)
        .strip_prefix("make_test_dice(")?
        .strip_suffix(')')?;
    Some((name.to_string(), test_dice(inner)?))
}

/// The functions `text`'s doctests call, whether or not their answers are
/// locked: every `NAME(` on a `>>>` line or a `...` line that continues
/// one (`...     sus_update(0, s, 37)` in a loop), `hog.NAME(` included.
pub fn called(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            line.strip_prefix(">>>")
                .or_else(|| line.strip_prefix("..."))
        })
        .flat_map(|code| {
            let code = code.split('#').next().unwrap_or("");
            code.match_indices('(')
                .filter_map(|(at, _)| {
                    let before = &code[..at];
                    // Past the last character that is no part of a name
                    // (which may take several bytes).
                    let start = before
                        .char_indices()
                        .rev()
                        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
                        .map_or(0, |(i, c)| i + c.len_utf8());
                    let name = &before[start..];
                    is_identifier(name).then(|| name.to_string())
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_after_a_wide_character_is_read() {
        assert_eq!(
            called(">>> x = «free_bacon(3)\n... é·sus_update(1)\n"),
            ["free_bacon", "sus_update"].map(String::from).into()
        );
    }

    #[test]
    fn defs_are_read_with_their_positional_parameters() {
        let text = "import x\n\
                    def take_turn(num_rolls, player_score, opponent_score,\n\
                    \x20             dice=six_sided, goal=GOAL):\n\
                    \x20   def inner(a): pass\n\
                    def roll_dice(num_rolls, dice=make_test_dice(1, 2), *, who='Boss, Hogg'):\n\
                    def f(a: int = (1, 2), *args, b=3): pass\n\
                    def é(x): pass\n\
                    def broken(\n";
        let defs = defs(text);
        let shown: Vec<String> = defs
            .iter()
            .map(|d| format!("{}/{}", d.name, d.params.join(",")))
            .collect();
        assert_eq!(
            shown,
            [
                "take_turn/num_rolls,player_score,opponent_score,dice,goal",
                "roll_dice/num_rolls,dice",
                "f/a",
            ]
        );
    }

    #[test]
    fn examples_come_from_doctests_and_staff_asserts() {
        let text = "    >>> take_turn(0, 37, 15)\n    18\n\
                    \x20   >>> boar_brawl(82, 115) # don't assume\n    3\n\
                    \x20   >>> take_turn(0, 12, 41)\n    LOCKED: 9ee0a431797312e7\n\
                    \x20   >>> hog.take_turn(5, 0, 0)\n    Called roll dice!\n\
                    \x20   dice = make_test_dice(6)\n\
                    \x20   assert take_turn(1, 0, dice) == 7, 'Original score was 6'\n\
                    \x20   assert take_turn(2, 0, dice) == 14, 'dice used: not read'\n\
                    \x20   >>> more_boar(21, 43)\n    True\n\
                    \x20   >>> for s in [15, 41]:\n\
                    \x20   ...     print(sus_update(0, s, 37))  # hog.free_bacon(1)\n";
        let shown: Vec<String> = examples(text, "t.py")
            .iter()
            .map(|e| format!("{} is {}", e.call, e.value))
            .collect();
        assert_eq!(
            shown,
            [
                "take_turn(0, 37, 15) is 18",
                "boar_brawl(82, 115) is 3",
                "take_turn(1, 0, make_test_dice(6)) is 7",
                "more_boar(21, 43) is True",
            ]
        );
        assert_eq!(
            called(text).into_iter().collect::<Vec<_>>(),
            [
                "boar_brawl",
                "more_boar",
                "print",
                "sus_update",
                "take_turn"
            ]
        );
    }
}
