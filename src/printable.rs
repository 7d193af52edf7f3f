//! Text from outside (file names, a module's error output) made safe for a
//! terminal: control characters, which could move the cursor, rewrite
//! earlier lines or change the terminal's settings, and the characters that
//! reorder text, are written as escapes (`\u{1b}`), as the JSON, HTML and
//! CSV outputs escape what means something to them. Everything hog writes
//! to stdout as text passes through [`Printable`], so no name it echoes can
//! reach the terminal raw.

use std::borrow::Cow;
use std::io::{self, Write};

/// `text` with every control character but newline and tab escaped.
pub fn printable(text: &str) -> Cow<'_, str> {
    escape(text, |c| c == '\n' || c == '\t')
}

/// `text` with every control character escaped, newlines too: for one line.
pub fn printable_line(text: &str) -> Cow<'_, str> {
    escape(text, |_| false)
}

/// A writer of text that escapes every control character but newline and
/// tab (C0, DEL and C1, which JSON never carries raw either). The bidi
/// characters are left to [`printable`], as they are text a JSON string may
/// hold. Bytes that are not UTF-8 (no text hog writes here) pass unchanged.
pub struct Printable<W: Write>(pub W);

impl<W: Write> Write for Printable<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                let escaped = escape_when(text, |c| c.is_control() && c != '\n' && c != '\t');
                self.0.write_all(escaped.as_bytes())?;
            }
            Err(_) => self.0.write_all(bytes)?,
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

fn escape(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    let unsafe_char = |c: char| {
        !keep(c)
            && (c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
    };
    escape_when(text, unsafe_char)
}

/// `text` with every character `unsafe_char` picks written as `\u{hex}`.
fn escape_when(text: &str, unsafe_char: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&unsafe_char) {
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

/// Text for HTML: the control and bidi characters written as escapes, as on
/// the terminal ([`printable`]), and the five characters that mean
/// something in HTML escaped.
pub fn html(text: &str) -> String {
    printable(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(printable("a\x1b[2Jb\r"), "a\\u{1b}[2Jb\\u{d}");
        assert_eq!(printable_line("a\nb\u{202e}"), "a\\u{a}b\\u{202e}");
        let mut out = Printable(vec![]);
        writeln!(out, "a\x1b[2J\u{9b}\u{202e}\tb").unwrap();
        assert_eq!(out.0, "a\\u{1b}[2J\\u{9b}\u{202e}\tb\n".as_bytes());
    }
}
