//! Splitting a command line into a program and its arguments, as a POSIX shell would.
//!
//! `--engine CMD` and `--script CMD` take one string; it is split here, never handed to a
//! shell, so no variable, glob or redirection is expanded. What is understood: blanks (spaces,
//! tabs, newlines) separate words; `'...'` quotes everything up to the next `'`; `"..."`
//! quotes everything up to the next unescaped `"`, where a backslash escapes only `"`, `\`,
//! `$`, `` ` `` and a newline; outside quotes a backslash makes the next character literal.

use std::fmt;

/// Why a command line cannot be split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// The line has no word at all.
    Empty,
    /// A quote opened at this byte offset is never closed.
    UnclosedQuote(usize),
    /// The line ends with a lone backslash.
    TrailingBackslash,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::Empty => f.write_str("empty command line"),
            SplitError::UnclosedQuote(at) => {
                write!(f, "command line has an unclosed quote at offset {at}")
            }
            SplitError::TrailingBackslash => f.write_str("command line ends with a backslash"),
        }
    }
}

impl std::error::Error for SplitError {}

/// The words of `line`, quotes removed (see the module docs).
///
/// # Errors
///
/// [`SplitError`] when the line is blank, a quote is not closed, or it ends in a backslash.
///
/// # Examples
///
/// ```
/// use vdmchess::oracle::shell::split_command;
/// assert_eq!(split_command(r#"stockfish"#).unwrap(), ["stockfish"]);
/// assert_eq!(
///     split_command(r#"python3 'my engine.py' --name "a \"b\"" x\ y"#).unwrap(),
///     ["python3", "my engine.py", "--name", "a \"b\"", "x y"]
/// );
/// ```
pub fn split_command(line: &str) -> Result<Vec<String>, SplitError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, '\'')) => break,
                        Some((_, c)) => w.push(c),
                        None => return Err(SplitError::UnclosedQuote(at)),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.peek() {
                            Some(&(_, e @ ('"' | '\\' | '$' | '`'))) => {
                                w.push(e);
                                chars.next();
                            }
                            Some(&(_, '\n')) => {
                                chars.next();
                            }
                            _ => w.push('\\'),
                        },
                        Some((_, c)) => w.push(c),
                        None => return Err(SplitError::UnclosedQuote(at)),
                    }
                }
            }
            '\\' => match chars.next() {
                Some((_, '\n')) => {}
                Some((_, c)) => word.get_or_insert_with(String::new).push(c),
                None => return Err(SplitError::TrailingBackslash),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(w) = word {
        words.push(w);
    }
    if words.is_empty() {
        Err(SplitError::Empty)
    } else {
        Ok(words)
    }
}

/// `word` quoted so that [`split_command`] (and a POSIX shell) reads it back as one word:
/// unchanged when it needs no quoting, else in single quotes.
///
/// ```
/// use vdmchess::oracle::shell::{quote, split_command};
/// assert_eq!(quote("e2e4"), "e2e4");
/// assert_eq!(quote("8/8/8 w - - 0 1"), "'8/8/8 w - - 0 1'");
/// assert_eq!(split_command(&quote("it's")).unwrap(), ["it's"]);
/// ```
#[must_use]
pub fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(split_command("  a   b\tc\n").unwrap(), ["a", "b", "c"]);
        assert_eq!(split_command("a''b \"\"").unwrap(), ["ab", ""]);
        assert_eq!(split_command(r#""a\nb""#).unwrap(), [r"a\nb"]);
        assert_eq!(split_command(r#"'a\b'"#).unwrap(), [r"a\b"]);
        assert_eq!(split_command("a\\\nb").unwrap(), ["ab"]);
    }

    #[test]
    fn reports_what_is_wrong() {
        assert_eq!(split_command("   "), Err(SplitError::Empty));
        assert_eq!(split_command("a 'b"), Err(SplitError::UnclosedQuote(2)));
        assert_eq!(
            split_command("a \"b\\\""),
            Err(SplitError::UnclosedQuote(2))
        );
        assert_eq!(split_command("a\\"), Err(SplitError::TrailingBackslash));
    }

    #[test]
    fn quote_round_trips() {
        for w in ["", "a b", "it's", "\"", "$HOME", "a\\b", "x;y"] {
            assert_eq!(split_command(&quote(w)).unwrap(), [w], "{w:?}");
        }
    }
}
