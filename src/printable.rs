//! Text from outside (file names, a module's error output) made safe for a
//! terminal: control characters, which could move the cursor, rewrite
//! earlier lines or change the terminal's settings, and the characters that
//! reorder text, are written as escapes (`\u{1b}`), as the JSON, HTML and
//! CSV outputs escape what means something to them.

use std::borrow::Cow;

/// `text` with every control character but newline and tab escaped.
pub fn printable(text: &str) -> Cow<'_, str> {
    escape(text, |c| c == '\n' || c == '\t')
}

/// `text` with every control character escaped, newlines too: for one line.
pub fn printable_line(text: &str) -> Cow<'_, str> {
    escape(text, |_| false)
}

fn escape(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    let unsafe_char = |c: char| {
        !keep(c)
            && (c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
    };
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if unsafe_char(c) {
                    format!("\\u{{{:x}}}", c as u32)
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(printable("a\x1b[2Jb\r"), "a\\u{1b}[2Jb\\u{d}");
        assert_eq!(printable_line("a\nb\u{202e}"), "a\\u{a}b\\u{202e}");
    }
}
