//! The canonical rules text and the rules in plain words.
//!
//! The text is `key=value` pairs in slot order, lists joined by '+', an
//! empty list written `none`. A value is its variant's name in snake_case
//! (strum derives Display, FromStr and the list of names on each enum).

use std::fmt;
use std::str::FromStr;

use strum::VariantNames;

use super::{ActionLimit, ExtraDice, Reroll, RollBonus, Rules, Sides, Special};
use crate::error::{Error, Result};

/// The slots in order. The last three are optional: left out, `extra`
/// means no extra turns, `extra_dice` the same dice on extra turns, `bids`
/// no bids, and each is written only when it says more, so every rules
/// text written before them still reads (and prints) the same.
const KEYS: [&str; 12] = [
    "zero",
    "sides",
    "reroll",
    "pig_out",
    "bonus",
    "points",
    "after",
    "limit",
    "special",
    "extra",
    "extra_dice",
    "bids",
];

pub(super) fn list_text<T: fmt::Display>(items: &[T]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.iter().map(T::to_string).collect::<Vec<_>>().join("+")
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "zero={},sides={},reroll={},pig_out={},bonus={},points={},after={},limit={},special={}",
            self.zero,
            self.sides,
            self.reroll,
            self.pig_out,
            self.bonus,
            list_text(&self.points),
            list_text(&self.after),
            self.limit,
            self.special,
        )?;
        if !self.extra.is_empty() {
            write!(f, ",extra={}", list_text(&self.extra))?;
        }
        if self.extra_dice != ExtraDice::Same {
            write!(f, ",extra_dice={}", self.extra_dice)?;
        }
        if self.bids != super::Bids::None {
            write!(f, ",bids={}", self.bids)?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = Error;

    fn from_str(text: &str) -> Result<Rules> {
        let bad = |reason: String| Error::BadRulesText {
            text: text.to_string(),
            reason,
        };
        let mut values: [Option<&str>; 12] = [None; 12];
        for pair in text.split(',') {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| bad(format!("'{pair}' is not key=value")))?;
            let slot = KEYS
                .iter()
                .position(|k| *k == key)
                .ok_or_else(|| bad(format!("unknown key '{key}' (keys: {})", KEYS.join(", "))))?;
            if values[slot].replace(value).is_some() {
                return Err(bad(format!("key '{key}' given twice")));
            }
        }
        let value = |slot: usize| -> Result<&str> {
            values[slot].ok_or_else(|| bad(format!("key '{}' is missing", KEYS[slot])))
        };
        let rules = Rules {
            zero: one(KEYS[0], value(0)?).map_err(bad)?,
            sides: one(KEYS[1], value(1)?).map_err(bad)?,
            reroll: one(KEYS[2], value(2)?).map_err(bad)?,
            pig_out: one(KEYS[3], value(3)?).map_err(bad)?,
            bonus: one(KEYS[4], value(4)?).map_err(bad)?,
            points: list(KEYS[5], value(5)?).map_err(bad)?,
            after: list(KEYS[6], value(6)?).map_err(bad)?,
            limit: one(KEYS[7], value(7)?).map_err(bad)?,
            special: one(KEYS[8], value(8)?).map_err(bad)?,
            extra: list(KEYS[9], values[9].unwrap_or("none")).map_err(bad)?,
            extra_dice: one(KEYS[10], values[10].unwrap_or("same")).map_err(bad)?,
            bids: one(KEYS[11], values[11].unwrap_or("none")).map_err(bad)?,
        };
        rules.check_combination().map_err(bad)?;
        Ok(rules)
    }
}

fn one<T: FromStr + VariantNames>(key: &str, value: &str) -> std::result::Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{key}={value}: expected one of {}", T::VARIANTS.join(", ")))
}

fn list<T: FromStr + VariantNames + PartialEq + fmt::Display>(
    key: &str,
    value: &str,
) -> std::result::Result<Vec<T>, String> {
    if value == "none" {
        return Ok(vec![]);
    }
    let items: Vec<T> = value
        .split('+')
        .map(|v| one(key, v))
        .collect::<std::result::Result<_, _>>()?;
    // Each rule applies once (docs/rules.md: Sus Fuss "applies once").
    match items
        .iter()
        .enumerate()
        .find(|(i, item)| items[..*i].contains(item))
    {
        Some((_, twice)) => Err(format!("{key}={value}: {twice} is listed twice")),
        None => Ok(items),
    }
}

/// The rules in plain words, one line per slot.
pub fn describe(rules: &Rules) -> Vec<String> {
    let mut lines = vec![];
    match rules.special {
        Special::PorkChop => lines.push("-1 (Pork Chop): 1 point; from the next turn on every die has the other number of sides (6 <-> 4)".into()),
        Special::PerfectPiggy => lines.push("Perfect Piggy: a turn whose points are a perfect square or cube other than 1 flips every later die's sides (6 <-> 4)".into()),
        Special::HamHijinks => lines.push("-1 (Ham Hijinks): 1 point; exchanges the dice: after an odd number of exchanges every die has the other number of sides than it would (6 <-> 4), Hog Wild's included".into()),
        Special::None => {}
    }
    lines.push(format!("0 dice: {}", rules.zero.describe()));
    lines.push(format!(
        "dice: {}{}",
        match rules.sides {
            Sides::Six => "six-sided",
            Sides::FourOnSevens => "four-sided when score + opponent_score is a multiple of 7, else six-sided",
        },
        match rules.reroll {
            Reroll::Never => "",
            Reroll::OnSevens => "; re-rolling (an odd face is rolled once more) when score + opponent_score is a multiple of 7",
        }
    ));
    lines.push(format!(
        "a roll with a 1: {}{}",
        rules.pig_out.describe(),
        match rules.bonus {
            RollBonus::None => "",
            RollBonus::FeralHogs =>
                "; Feral Hogs: +1 for every die with the parity of the mover's score",
        }
    ));
    lines.extend(rules.points.iter().map(|m| m.describe().to_string()));
    lines.extend(rules.after.iter().map(|r| r.describe().to_string()));
    lines.extend(rules.extra.iter().map(|r| r.describe()));
    if let Some(sides) = rules.extra_dice.sides() {
        lines.push(format!("every die of an extra turn has {sides} sides"));
    }
    lines.extend(rules.bids.describe());
    match rules.limit {
        ActionLimit::None => {}
        ActionLimit::HogTied => {
            lines.push("Hog Tied: when score + opponent_score ends in 7, at most one die".into())
        }
        ActionLimit::HogTiedClamped => lines.push(
            "Hog Tied: when score + opponent_score ends in 7, at most one die; an answer \
             above the allowed number of dice (1 there, else 10) rolls that many"
                .into(),
        ),
    }
    lines
}
