//! Calls of the course's rule functions, and what each preset says they
//! return.
//!
//! A course's tests and its `hog.py` pin rule functions to values:
//! `take_turn(0, 37, 15)` is 18, `free_bacon(35)` is 6, `more_boar(21, 43)`
//! is True. A [`Call`] is such a call, read from text; [`expected`] says what
//! a preset's rules make of it, through the library call that means the
//! same thing as the course's function:
//!
//! | course function | arguments | hog |
//! |---|---|---|
//! | free_bacon, picky_piggy, piggy_points, tail_points | opponent's score | `Rules::zero_dice_points` |
//! | boar_brawl, hefty_hogs, oink_points | mover's, opponent's score | `Rules::zero_dice_points` |
//! | take_turn | num_rolls, [mover's score,] opponent's score, [test dice] | `fixed_points` for 0 dice, else `roll_points` + `modify_points` |
//! | roll_dice | [mover's score,] num_rolls, test dice | `roll_points` |
//! | simple_update, sus_update, square_update, fuzzy_update | num_rolls, mover's, opponent's score, [test dice] | the mover's new score, after the after-turn rules but for `simple_update` |
//! | is_swap, swine_swap | two scores (or the mover's alone) | the rules' swap |
//! | swine_align, pig_pass, more_boar, extra_turn | mover's, opponent's score | the extra-turn rule of that name |
//! | hog_pile | mover's, opponent's score | what the after-turn rules add to the mover |
//! | sus_points | a score | Sus Fuss |
//! | num_allowed_dice | two scores | Hog Tied's limit on 10 dice |
//!
//! Every input is untrusted text: what cannot be read, or reads as scores
//! beyond [`MAX_SCORE`], is no call hog evaluates.

use std::fmt;

use hog_solver::rules::{sus_fuss, AfterTurn, ExtraTurn, TurnFacts, MAX_DICE};
use hog_solver::{Preset, Rules, State, PRESETS};

/// The largest score a call may name: the course's tests stay far below
/// it, and every rule is defined well past it.
pub const MAX_SCORE: i64 = 1000;
/// The most faces a test die of a call may list, and the largest face.
const MAX_FACES: usize = 20;
const MAX_FACE: i64 = 100;
/// The longest call text read.
const MAX_CALL: usize = 200;

/// What a course function returns, as far as hog computes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
}

impl Value {
    /// A value as the course's doctests print it: `18`, `True`.
    pub fn parse(text: &str) -> Option<Value> {
        match text.trim() {
            "True" => Some(Value::Bool(true)),
            "False" => Some(Value::Bool(false)),
            number => number.parse().ok().map(Value::Int),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(true) => write!(f, "True"),
            Value::Bool(false) => write!(f, "False"),
        }
    }
}

/// One argument of a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Int(i64),
    /// `make_test_dice(4, 5, 1)`: the faces it cycles through.
    Dice(Vec<u32>),
}

/// A call of a course function with literal arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    pub function: String,
    pub args: Vec<Arg>,
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|arg| match arg {
                Arg::Int(n) => n.to_string(),
                Arg::Dice(faces) => format!(
                    "make_test_dice({})",
                    faces
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })
            .collect();
        write!(f, "{}({})", self.function, args.join(", "))
    }
}

impl Call {
    /// A call written `NAME(ARG, ...)` (or `hog.NAME(...)`), each argument
    /// a whole number, `make_test_dice(FACES)` or a name `dice` binds to
    /// test dice; `None` for anything else (keywords, expressions, text
    /// past [`MAX_CALL`] bytes).
    pub fn parse(text: &str, dice: &dyn Fn(&str) -> Option<Vec<u32>>) -> Option<Call> {
        let text = text.trim();
        if text.len() > MAX_CALL {
            return None;
        }
        let text = text.strip_prefix("hog.").unwrap_or(text);
        let (function, rest) = text.split_once('(')?;
        let inner = rest.strip_suffix(')')?;
        if !is_identifier(function) {
            return None;
        }
        let args = split_arguments(inner)?
            .into_iter()
            .map(|arg| argument(arg, dice))
            .collect::<Option<Vec<Arg>>>()?;
        Some(Call {
            function: function.to_string(),
            args,
        })
    }

    /// The whole-number arguments before the test dice, the test dice, and
    /// whether anything follows the dice but whole numbers (a goal).
    fn split(&self) -> Option<(Vec<i64>, Option<&[u32]>)> {
        let mut ints = vec![];
        let mut dice = None;
        for arg in &self.args {
            match (arg, dice) {
                (Arg::Int(n), None) => ints.push(*n),
                // A goal after the dice.
                (Arg::Int(_), Some(_)) => {}
                (Arg::Dice(faces), None) => dice = Some(&faces[..]),
                (Arg::Dice(_), Some(_)) => return None,
            }
        }
        if ints.iter().any(|n| !(-1..=MAX_SCORE).contains(n)) {
            return None;
        }
        Some((ints, dice))
    }
}

/// A call's argument, if hog can read it.
fn argument(text: &str, dice: &dyn Fn(&str) -> Option<Vec<u32>>) -> Option<Arg> {
    let text = text.trim();
    if let Ok(n) = text.parse::<i64>() {
        return Some(Arg::Int(n));
    }
    if let Some(inner) = text
        .strip_prefix("hog.")
        .unwrap_or(text)
        .strip_prefix("make_test_dice(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        return test_dice(inner).map(Arg::Dice);
    }
    if is_identifier(text) {
        return dice(text).map(Arg::Dice);
    }
    None
}

/// The faces of `make_test_dice(4, 5, 1)`'s arguments, `4, 5, 1`.
pub fn test_dice(inner: &str) -> Option<Vec<u32>> {
    let faces: Vec<u32> = split_arguments(inner)?
        .into_iter()
        .map(|face| match face.trim().parse::<i64>() {
            Ok(face) if (1..=MAX_FACE).contains(&face) => Some(face as u32),
            _ => None,
        })
        .collect::<Option<_>>()?;
    (!faces.is_empty() && faces.len() <= MAX_FACES).then_some(faces)
}

/// The arguments of a call, split at the commas outside parentheses; an
/// empty list for an empty text.
fn split_arguments(inner: &str) -> Option<Vec<&str>> {
    if inner.trim().is_empty() {
        return Some(vec![]);
    }
    let mut parts = vec![];
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1)?,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    (depth == 0).then_some(parts)
}

/// A Python name: a letter or `_`, then letters, digits and `_` (ASCII).
pub fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// What a preset makes of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The preset's rules give this value.
    Value(Value),
    /// The preset's course has no such function.
    NotInCourse,
}

/// The course functions hog evaluates (the table above).
pub const EVALUATED: [&str; 20] = [
    "free_bacon",
    "picky_piggy",
    "piggy_points",
    "tail_points",
    "boar_brawl",
    "hefty_hogs",
    "oink_points",
    "take_turn",
    "roll_dice",
    "simple_update",
    "sus_update",
    "square_update",
    "fuzzy_update",
    "is_swap",
    "swine_swap",
    "swine_align",
    "pig_pass",
    "more_boar",
    "extra_turn",
    "hog_pile",
];

/// Besides [`EVALUATED`]: Sus Fuss and Hog Tied's helpers.
const HELPERS: [&str; 2] = ["sus_points", "num_allowed_dice"];

/// Whether hog evaluates calls of this function.
pub fn evaluated(function: &str) -> bool {
    EVALUATED.contains(&function) || HELPERS.contains(&function)
}

/// Whether a preset's course defines `function` in its `hog.py`:
/// `take_turn` and `roll_dice` every course does, the rest its skeleton
/// lists.
pub fn in_course(preset: &Preset, function: &str) -> bool {
    matches!(function, "take_turn" | "roll_dice")
        || preset
            .skeleton
            .iter()
            .any(|entry| entry.split('/').next() == Some(function))
}

/// What `preset` makes of `call`; `None` where hog cannot say (a function
/// it does not evaluate, arguments of no form above, scores the rule is not
/// defined for).
pub fn expected(preset: &Preset, call: &Call) -> Option<Expected> {
    if !evaluated(&call.function) {
        return None;
    }
    if !in_course(preset, &call.function) {
        return Some(Expected::NotInCourse);
    }
    value(rules_of(preset), call).map(Expected::Value)
}

/// A preset's rules, parsed once.
fn rules_of(preset: &Preset) -> &'static Rules {
    static RULES: std::sync::OnceLock<Vec<(&'static str, Rules)>> = std::sync::OnceLock::new();
    let all = RULES.get_or_init(|| PRESETS.iter().map(|p| (p.name, p.rules())).collect());
    &all.iter()
        .find(|(name, _)| *name == preset.name)
        .expect("every preset is in PRESETS")
        .1
}

/// The value of a call under `rules` (see the table above).
fn value(rules: &Rules, call: &Call) -> Option<Value> {
    let (ints, dice) = call.split()?;
    let score = |n: i64| u32::try_from(n).ok();
    let zero = |s: u32, o: u32| {
        let defined = rules.zero.max_goal().is_none_or(|max| o < max);
        defined.then(|| rules.zero_dice_points(s, o))
    };
    let int = |n: u32| Some(Value::Int(n.into()));
    match (call.function.as_str(), &ints[..], dice) {
        ("free_bacon" | "picky_piggy" | "piggy_points" | "tail_points", [o], None)
            if !rules.zero.reads_mover_score() =>
        {
            int(zero(0, score(*o)?)?)
        }
        ("boar_brawl" | "hefty_hogs" | "oink_points", [s, o], None) => {
            int(zero(score(*s)?, score(*o)?)?)
        }
        ("take_turn", [n, o], dice) => int(turn_points(rules, *n, 0, score(*o)?, dice)?),
        ("take_turn", [n, s, o], dice) => {
            int(turn_points(rules, *n, score(*s)?, score(*o)?, dice)?)
        }
        ("roll_dice", [n], Some(faces)) => int(roll(rules, 0, *n, faces)?),
        ("roll_dice", [s, n], Some(faces)) => int(roll(rules, score(*s)?, *n, faces)?),
        ("simple_update" | "sus_update" | "square_update" | "fuzzy_update", [n, s, o], dice) => {
            let (s, o) = (score(*s)?, score(*o)?);
            let points = turn_points(rules, *n, s, o, dice)?;
            let new = if call.function == "simple_update" {
                s + points
            } else {
                rules.turn_result(State::new(s, o), *n as i32, points).score
            };
            int(new)
        }
        ("is_swap" | "swine_swap", [m, o], None) => {
            let swap = swap_rule(rules)?;
            Some(Value::Bool(swap.swaps(score(*m)?, score(*o)?)))
        }
        // su16's and NJU 2023's swaps read the mover's score alone.
        ("is_swap" | "swine_swap", [m], None) => {
            let swap = swap_rule(rules)?;
            let mover_alone = matches!(
                swap,
                AfterTurn::SwineSwapMoverRepdigit | AfterTurn::SwineSwapMoverSquare
            );
            mover_alone.then_some(Value::Bool(swap.swaps(score(*m)?, 0)))
        }
        ("swine_align" | "pig_pass" | "more_boar" | "extra_turn", [m, o], None) => {
            let (m, o) = (score(*m)?, score(*o)?);
            let named = |rule: &&ExtraTurn| match call.function.as_str() {
                "swine_align" => **rule == ExtraTurn::SwineAlign,
                "pig_pass" => **rule == ExtraTurn::PigPass,
                "more_boar" => matches!(rule, ExtraTurn::MoreBoar | ExtraTurn::MoreBoarMinMax),
                _ => true,
            };
            let rules: Vec<&ExtraTurn> = rules.extra.iter().filter(named).collect();
            (!rules.is_empty()).then(|| Value::Bool(rules.iter().any(|r| r.holds(m, o))))
        }
        ("hog_pile", [m, o], None) => {
            let (m, o) = (score(*m)?, score(*o)?);
            let pile = rules
                .after
                .iter()
                .find(|rule| matches!(rule, AfterTurn::HogPileDouble | AfterTurn::HogPileOnes))?;
            let (new, _) = pile.apply((m, o), TurnFacts::default());
            int(new - m)
        }
        ("sus_points", [s], None) if rules.after.contains(&AfterTurn::SusFuss) => {
            int(sus_fuss(score(*s)?))
        }
        ("num_allowed_dice", [s, o], None) => {
            int(rules.effective_rolls(State::new(score(*s)?, score(*o)?), MAX_DICE) as u32)
        }
        _ => None,
    }
}

/// The rules' swap, if they have one.
fn swap_rule(rules: &Rules) -> Option<AfterTurn> {
    rules.after.iter().copied().find(|rule| rule.is_swap())
}

/// The points of `take_turn(n, ...)`: the fixed points for no dice, else
/// the first `n` faces of the test dice, after the point modifiers.
fn turn_points(rules: &Rules, n: i64, s: u32, o: u32, dice: Option<&[u32]>) -> Option<u32> {
    if !(i64::from(rules.min_action())..=i64::from(MAX_DICE)).contains(&n) {
        return None;
    }
    let n = n as i32;
    if n <= 0 {
        let defined = rules.zero.max_goal().is_none_or(|max| o < max);
        return defined.then(|| rules.fixed_points(State::new(s, o), n));
    }
    Some(rules.modify_points(roll(rules, s, n.into(), dice?)?, n))
}

/// `roll_dice(n, dice)`: the points of the first `n` faces the test dice
/// cycle through, before the point modifiers.
fn roll(rules: &Rules, s: u32, n: i64, faces: &[u32]) -> Option<u32> {
    if !(1..=i64::from(MAX_DICE)).contains(&n) || faces.is_empty() {
        return None;
    }
    let rolled: Vec<u32> = faces.iter().copied().cycle().take(n as usize).collect();
    Some(rules.roll_points(s, &rolled))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(text: &str) -> Call {
        Call::parse(text, &|_| None).unwrap_or_else(|| panic!("{text} reads as a call"))
    }

    fn under(preset: &str, text: &str) -> Option<Expected> {
        expected(Preset::find(preset).unwrap(), &call(text))
    }

    #[test]
    fn calls_read_as_the_course_writes_them() {
        assert_eq!(
            call("take_turn(0, 37, 15)").to_string(),
            "take_turn(0, 37, 15)"
        );
        assert_eq!(
            call("hog.take_turn(2, 0, make_test_dice(4, 5, 1))").args,
            [Arg::Int(2), Arg::Int(0), Arg::Dice(vec![4, 5, 1])]
        );
        let bound = |name: &str| (name == "dice").then(|| vec![6]);
        assert_eq!(
            Call::parse("take_turn(1, 0, dice)", &bound).unwrap().args[2],
            Arg::Dice(vec![6])
        );
        for text in [
            "take_turn(0, 37, 15) == 18",
            "roll_dice(3, dice, ones_lose=False)",
            "f(x)",
            "boar_brawl(1e3, 2)",
            "take_turn(2, 0, make_test_dice(0))",
            "take_turn(2, 0, make_test_dice())",
            "é(1)",
            "take_turn((1, 2)",
            "take_turn(99999999999999999999, 1)",
        ] {
            assert_eq!(Call::parse(text, &|_| None), None, "{text}");
        }
    }

    #[test]
    fn presets_evaluate_the_courses_own_examples() {
        // sp26's tests (pytest-grader, Fall 2026) and fa18's, sp21's,
        // su21's, fa20's, fa15's and NJU 2023's examples.
        for (preset, text, value) in [
            ("sp26", "take_turn(0, 37, 15)", Value::Int(18)),
            ("sp26", "boar_brawl(82, 115)", Value::Int(3)),
            (
                "sp26",
                "take_turn(2, 15, 25, make_test_dice(6))",
                Value::Int(12),
            ),
            (
                "sp26",
                "take_turn(2, 3, 4, make_test_dice(5, 1))",
                Value::Int(1),
            ),
            ("sp26", "sus_points(25)", Value::Int(29)),
            ("sp26", "sus_update(0, 15, 37)", Value::Int(23)),
            ("sp26", "simple_update(0, 15, 37)", Value::Int(21)),
            (
                "sp26",
                "sus_update(2, 29, 17, make_test_dice(1, 3))",
                Value::Int(30),
            ),
            ("fa18", "free_bacon(35)", Value::Int(1)),
            (
                "fa18",
                "take_turn(2, 0, make_test_dice(4, 5, 1))",
                Value::Int(9),
            ),
            ("sp21", "more_boar(21, 43)", Value::Bool(true)),
            ("su21", "more_boar(38, 44)", Value::Bool(true)),
            ("su21", "more_boar(22, 43)", Value::Bool(false)),
            ("fa20", "pig_pass(10, 12)", Value::Bool(true)),
            ("fa20", "swine_align(35, 45)", Value::Bool(false)),
            ("fa15", "is_swap(109, 90)", Value::Bool(true)),
            ("fa15", "free_bacon(54)", Value::Int(6)),
            ("nju23", "swine_swap(49)", Value::Bool(true)),
            ("fa21", "hog_pile(7, 7)", Value::Int(7)),
            ("sp13", "take_turn(1, 0, make_test_dice(6))", Value::Int(7)),
            ("fa12", "take_turn(1, 0, make_test_dice(6))", Value::Int(6)),
            ("fa12", "num_allowed_dice(7, 10)", Value::Int(1)),
        ] {
            assert_eq!(
                under(preset, text),
                Some(Expected::Value(value)),
                "{preset}: {text}"
            );
        }
        assert_eq!(
            under("fa18", "boar_brawl(1, 2)"),
            Some(Expected::NotInCourse)
        );
        assert_eq!(under("sp26", "select_dice(1, 2)"), None);
        // fa20's Free Bacon knows 100 decimals of π.
        assert_eq!(under("fa20", "free_bacon(500)"), None);
    }
}
