//! The library's one error type. Every variant carries the input that caused
//! it, so a caller can print it as it is and the user sees the bad value.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum Error {
    /// `hint`: the ` (did you mean 'NAME'?)` of [`did_you_mean`], or nothing.
    #[error("unknown rules '{}'{hint}: expected a preset (`hog rules` lists them) or a rules text such as 'zero=boar_brawl,sides=six,...'", one_line(.text))]
    UnknownRules { text: String, hint: String },

    #[error("bad rules text '{}': {}", one_line(.text), one_line(.reason))]
    BadRulesText { text: String, reason: String },

    #[error("goal {goal} is not allowed: the goal must be between 1 and {max}")]
    BadGoal { goal: i64, max: u32 },

    #[error(
        "goal {goal} is not allowed under {rules}: its rules are defined for goals up to {max}"
    )]
    GoalBeyondRules { goal: u32, max: u32, rules: String },

    #[error("num_rolls {num_rolls} is not allowed under {rules}: the actions are {min} to {max}")]
    ActionNotAllowed {
        num_rolls: i64,
        rules: String,
        min: i32,
        max: i32,
    },

    #[error("{which} {value} is not below the goal {goal}")]
    ScoreNotBelowGoal {
        which: &'static str,
        value: i64,
        goal: u32,
    },

    #[error("{which} {value} is not a score: scores are whole numbers from 0")]
    BadScore { which: &'static str, value: i64 },

    #[error("sides {sides} is not allowed under {rules}: {reason}")]
    BadSides {
        sides: i64,
        rules: String,
        reason: &'static str,
    },

    #[error("memory {value} is not allowed under {rules}: each player's memory takes {values} value(s), 0 to {}", values - 1)]
    BadMemory {
        value: i64,
        rules: String,
        values: u32,
    },

    #[error("turn {turn} is not allowed under {rules}: the turn number is counted mod {turns}, 0 to {}", turns - 1)]
    BadTurn {
        turn: i64,
        rules: String,
        turns: u32,
    },

    #[error("an extra turn is not a state of {rules}: no rule of theirs reads whether a turn is an extra turn")]
    BadExtraTurn { rules: String },

    #[error("die face {0} is not allowed: faces are whole numbers from 1")]
    BadFace(i64),

    #[error("too few die faces: the turn needed more than the {given} given")]
    TooFewFaces { given: usize },

    #[error("too many die faces: the turn used {used} of the {given} given")]
    TooManyFaces { used: usize, given: usize },

    #[error("bad strategy '{text}': {reason}")]
    BadStrategy { text: String, reason: String },

    #[error("strategy {strategy} answered {value} at score {score}, opponent_score {opponent_score}: {reason}")]
    BadAnswer {
        strategy: String,
        score: u32,
        opponent_score: u32,
        value: String,
        reason: String,
    },

    #[error("line {line}, column {column}: {reason}")]
    BadStrategyFile {
        line: u64,
        column: u64,
        reason: String,
    },

    #[error("not a hog policy table: {0}")]
    NotATable(String),

    #[error("policy table mismatch: {0}")]
    TableMismatch(String),

    #[error("not supported: {0}")]
    Unsupported(String),

    #[error(
        "bid {bid} is past the goal {goal}: the other player bids 0 and starts with {bid} \
         points, a win before the first turn, so the bids that can matter are 0 to {goal}"
    )]
    BidPastGoal { bid: u32, goal: u32 },

    #[error(
        "out of memory: {what} needs about {:.1} GB, more than this process can have (the \
         machine's memory, or a limit such as ulimit -v); the memory grows as the goal squared",
        *bytes as f64 / 1e9
    )]
    OutOfMemory { what: String, bytes: u64 },
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `text` on one line: every control character (a newline that would split
/// an error message, an escape sequence) written as `\u{hex}`.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// ` (did you mean 'NAME'?)` for the candidate nearest to a mistyped
/// `word` (by Damerau-Levenshtein distance, at most one edit per four
/// characters, at least one; the first on a tie), or nothing.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    let word = word.trim().to_ascii_lowercase();
    let most = (word.chars().count() / 4).max(1);
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&word, c), c))
        .filter(|&(d, _)| d <= most)
        .min_by_key(|&(d, _)| d)
        .map_or(String::new(), |(_, c)| format!(" (did you mean '{c}'?)"))
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

    #[test]
    fn near_names_are_suggested() {
        let names = ["fa16", "fa13", "sp26", "optimal", "always_roll"];
        assert_eq!(did_you_mean("fa61", names), " (did you mean 'fa16'?)");
        assert_eq!(did_you_mean("FA13", names), " (did you mean 'fa13'?)");
        assert_eq!(did_you_mean("optimel", names), " (did you mean 'optimal'?)");
        assert_eq!(
            did_you_mean("alwys_roll", names),
            " (did you mean 'always_roll'?)"
        );
        assert_eq!(did_you_mean("boar", names), "");
        assert_eq!(did_you_mean("", names), "");
    }
}
