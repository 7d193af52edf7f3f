//! Text helpers of the exports: docstring escapes, wrapping, and shell
//! quoting for the command that made a file.

/// Text made safe inside a Python triple-quoted (non-raw) string.
pub(super) fn python_doc(line: &str) -> String {
    line.replace('\\', "\\\\").replace("\"\"\"", "\\\"\\\"\\\"")
}

/// Words wrapped at `width` columns, only at spaces (a word longer than
/// that stays whole, and so does a hyphenated one: "four-sided", a path).
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let options = textwrap::Options::new(width)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, options)
        .into_iter()
        .map(String::from)
        .collect()
}

/// A command-line word, quoted for a POSIX shell when it needs to be. By
/// hand, not with shell_words::quote: this leaves unquoted only the
/// characters known to be safe, where shell_words lists the unsafe ones and
/// misses some (`{`, `}` and `!`: its quote("a{b,c}") stays a{b,c}, which
/// bash expands to two words).
pub fn shell_word(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.,/:=+".contains(c))
    {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docstrings_escape_quotes_and_backslashes() {
        assert_eq!(python_doc(r#"a\b """ c"#), r#"a\\b \"\"\" c"#);
        assert_eq!(shell_word("always_roll(4)"), "'always_roll(4)'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word("tables/fa13.hogtable"), "tables/fa13.hogtable");
        // Brace expansion would make two words of it.
        assert_eq!(shell_word("a{b,c}"), "'a{b,c}'");
    }

    #[test]
    fn wrap_keeps_lines_short() {
        let lines = wrap("aaa bbb ccc ddd", 7);
        assert_eq!(lines, ["aaa bbb", "ccc ddd"]);
        // A word longer than the width (a path, say) is not cut.
        assert_eq!(wrap("a bbbbbbbbbb c", 5), ["a", "bbbbbbbbbb", "c"]);
        // Nor at a hyphen: a table's path or "four-sided" stays one word.
        assert_eq!(
            wrap("with four-sided dice", 12),
            ["with", "four-sided", "dice"]
        );
        assert_eq!(wrap("my-table.hogtable x", 10), ["my-table.hogtable", "x"]);
    }
}
