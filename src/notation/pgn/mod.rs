//! PGN (Portable Game Notation): a streaming reader, a game tree and a writer.
//!
//! # Reading
//!
//! [`PgnReader`] reads games from any [`std::io::Read`] through a fixed-size buffer and reports
//! each token to a [`Visitor`]. Memory stays bounded on input of any size: a comment or tag
//! value longer than [`PgnReader::set_max_text_len`] (1 MiB by default) is cut there and a
//! [`PgnErrorKind::TextTruncated`] error is reported. Nothing in the reader recurses on
//! nesting, so 100,000 nested variations are only a counter.
//!
//! What it reads (PGN standard, sections 8 and 16, plus what real files contain):
//! - tag pairs `[Name "value"]` with `\"` and `\\` escapes ([`RawTag::decode`] unescapes them,
//!   reading UTF-8 and falling back to Latin-1);
//! - `{...}` comments over several lines (they do not nest: the first `}` ends them, as the
//!   standard says), `;` comments to the end of the line, and `%` escape lines (a `%` in
//!   column 1), which are skipped;
//! - NAGs `$n` and suffix annotations `!`, `?`, `!!`, `??`, `!?`, `?!` (attached or not), both
//!   reported as NAGs 1-6;
//! - variations `( ... )`, nested to any depth;
//! - move numbers `1.`, `1...`, `12.e4`; games without tags or without move numbers;
//! - an en-passant mark `e.p.`: attached (`exd6e.p.`) it stays in the move token, alone
//!   (`exd6 e.p.`, `exd6 ep`) it is dropped;
//! - results `1-0`, `0-1`, `1/2-1/2`, `*`;
//! - a UTF-8 byte order mark, CRLF line ends, bytes that are not UTF-8.
//!
//! Every token has a [`TextPos`] (1-based line and byte column). Syntax errors are reported
//! through [`Visitor::error`] and the game goes on; a broken game never stops the stream.
//!
//! # Game boundaries
//!
//! As the PGN standard, pgn-reader and pgn-extract have it: a game's movetext ends at its
//! termination marker (outside variations), at the next tag section (a `[` outside a comment)
//! or at the end of input. A blank line does **not** end a game. Comments before a game's tag
//! section and between its tags are skipped. Two tag sections with no movetext between them
//! are one game's tags.
//!
//! Where python-chess differs: it ends a game at a blank line once the movetext has begun (or
//! at a second blank line after the tags), and it reads on past a result token until a blank
//! line or a tag, so `1. e4 1-0 2. d4 *` on one line is two games here and one there. In the
//! shared corpus, `games/pgnmentor-Anand` games 1961+1962, `pgn/pgn-extract-barnes-horton`
//! 0+1, `pgn-extract-test-checkmate` 1+2, `pgn-extract-test-nomovenumbers` 0+1 and
//! `pgn-extract-test-stalemate` 1+2 are therefore one game each here and two for python-chess
//! (the joined game ends in python-chess's final position of the second part); in `pgn-extract-nested-comment` the comment ends at its first
//! `}` here, and the words after it are reported as (invalid) move tokens.

mod buffer;
mod game;
mod reader;
mod writer;

use std::fmt;

use crate::types::Color;

pub(crate) use buffer::SYMBOL;
pub use game::{Game, GameBuilder, Item, Line};
pub use reader::PgnReader;
pub use writer::{write_game, SEVEN_TAG_ROSTER};

/// A 1-based line and byte column in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextPos {
    /// The line, from 1.
    pub line: u64,
    /// The byte column, from 1.
    pub column: u64,
}

impl TextPos {
    /// The start of the input: line 1, column 1.
    pub const START: TextPos = TextPos { line: 1, column: 1 };
}

impl fmt::Display for TextPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A visitor's answer to "read this part?": `Skip(true)` skips it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Skip(pub bool);

/// How a game ended, as a result token gives it (FIDE Laws 5 and 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0` or `0-1`.
    Decisive {
        /// The side that won.
        winner: Color,
    },
    /// `1/2-1/2`.
    Draw,
}

impl Outcome {
    /// The result token of an outcome, `*` for none.
    #[must_use]
    pub const fn token(outcome: Option<Outcome>) -> &'static str {
        match outcome {
            Some(Outcome::Decisive {
                winner: Color::White,
            }) => "1-0",
            Some(Outcome::Decisive {
                winner: Color::Black,
            }) => "0-1",
            Some(Outcome::Draw) => "1/2-1/2",
            None => "*",
        }
    }

    /// The outcome of a result token: `Some(None)` for `*`, `None` for anything else.
    ///
    /// ```
    /// use vdmchess::notation::pgn::Outcome;
    /// assert_eq!(Outcome::from_token(b"1/2-1/2"), Some(Some(Outcome::Draw)));
    /// assert_eq!(Outcome::from_token(b"*"), Some(None));
    /// assert_eq!(Outcome::from_token(b"1-1"), None);
    /// ```
    #[must_use]
    pub fn from_token(token: &[u8]) -> Option<Option<Outcome>> {
        match token {
            b"1-0" => Some(Some(Outcome::Decisive {
                winner: Color::White,
            })),
            b"0-1" => Some(Some(Outcome::Decisive {
                winner: Color::Black,
            })),
            b"1/2-1/2" => Some(Some(Outcome::Draw)),
            b"*" => Some(None),
            _ => None,
        }
    }
}

/// A tag value as it stands between the quotes: raw bytes, escapes not yet resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawTag<'a>(pub &'a [u8]);

impl RawTag<'_> {
    /// The raw bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.0
    }

    /// The value with `\"` and `\\` unescaped, decoded as UTF-8, or as Latin-1 when it is not
    /// UTF-8 (the PGN standard's character set).
    ///
    /// ```
    /// use vdmchess::notation::pgn::RawTag;
    /// assert_eq!(RawTag(br#"say \"hi\" \\o/"#).decode(), r#"say "hi" \o/"#);
    /// assert_eq!(RawTag(b"Andr\xe9").decode(), "André");
    /// ```
    #[must_use]
    pub fn decode(&self) -> String {
        let mut out = Vec::with_capacity(self.0.len());
        if !self.0.contains(&b'\\') {
            out.extend_from_slice(self.0);
        } else {
            let mut i = 0;
            while i < self.0.len() {
                let c = self.0[i];
                if c == b'\\' && matches!(self.0.get(i + 1), Some(b'"' | b'\\')) {
                    out.push(self.0[i + 1]);
                    i += 2;
                } else {
                    out.push(c);
                    i += 1;
                }
            }
        }
        // The bytes become the string's own when they are UTF-8 (no second copy).
        String::from_utf8(out).unwrap_or_else(|e| latin1(e.as_bytes()))
    }
}

/// Bytes as text: UTF-8 (a leading byte order mark dropped), or Latin-1 when not valid UTF-8.
///
/// ```
/// assert_eq!(vdmchess::notation::pgn::decode_text(b"Quadros,Andr\x82"), "Quadros,Andr\u{82}");
/// ```
#[must_use]
pub fn decode_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => latin1(bytes),
    }
}

/// Bytes read as Latin-1.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// What went wrong in the PGN text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PgnErrorKind {
    /// Bytes that start no token (binary garbage, NUL, a stray `]` or `}`).
    UnexpectedBytes {
        /// The first such byte.
        byte: u8,
        /// How many were skipped.
        count: u64,
    },
    /// A `{` comment with no `}` before the end of input.
    UnterminatedComment,
    /// A tag pair that does not follow `[Name "value"]`.
    MalformedTag,
    /// A comment or tag value longer than the limit; the rest was skipped.
    TextTruncated {
        /// How many bytes were kept.
        kept: usize,
    },
    /// A token of more than 255 bytes; it was skipped.
    TokenTooLong,
    /// `$` without a number from 0 to 255.
    InvalidNag,
    /// A run of `!`/`?` that is not one of the six annotations.
    InvalidAnnotation,
    /// A `)` with no open variation.
    UnmatchedCloseParen,
    /// Variations still open where the game ends.
    UnclosedVariation {
        /// How many.
        depth: u64,
    },
    /// A result token inside a variation (ignored).
    ResultInVariation,
    /// The movetext ends without a result token.
    MissingResult,
}

/// A syntax error in PGN text: where and what.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PgnError {
    /// Where it starts.
    pub pos: TextPos,
    /// What it is.
    pub kind: PgnErrorKind,
}

/// What went wrong, without where (a [`PgnError`] prints both).
impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::UnexpectedBytes { byte, count } => {
                write!(f, "unexpected byte 0x{byte:02x}")?;
                if *count > 1 {
                    write!(f, " (and {} more skipped)", count - 1)?;
                }
                Ok(())
            }
            PgnErrorKind::UnterminatedComment => f.write_str("comment not closed by }"),
            PgnErrorKind::MalformedTag => {
                f.write_str("malformed tag pair: expected [Name \"value\"]")
            }
            PgnErrorKind::TextTruncated { kept } => {
                write!(f, "text too long: kept the first {kept} bytes")
            }
            PgnErrorKind::TokenTooLong => f.write_str("token longer than 255 bytes skipped"),
            PgnErrorKind::InvalidNag => f.write_str("invalid nag: expected $0 to $255"),
            PgnErrorKind::InvalidAnnotation => f.write_str("invalid annotation glyph"),
            PgnErrorKind::UnmatchedCloseParen => f.write_str(") without an open variation"),
            PgnErrorKind::UnclosedVariation { depth } => {
                write!(f, "{depth} variation(s) not closed")
            }
            PgnErrorKind::ResultInVariation => f.write_str("result inside a variation ignored"),
            PgnErrorKind::MissingResult => f.write_str("movetext ends without a result"),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.kind)
    }
}

impl std::error::Error for PgnError {}

/// Receives the tokens of one game from [`PgnReader::read_game`], in text order.
///
/// Every method has a default that ignores its token, so a visitor implements only what it
/// needs. Byte slices are borrowed from the reader's buffer: copy what you keep.
pub trait Visitor {
    /// What [`Visitor::end_game`] returns for a game.
    type Output;

    /// A game starts.
    fn begin_game(&mut self) {}

    /// A tag pair.
    fn tag(&mut self, _name: &[u8], _value: &RawTag<'_>) {}

    /// The tag section is over; `Skip(true)` skips the movetext (its end is still found).
    fn begin_movetext(&mut self) -> Skip {
        Skip(false)
    }

    /// A move token as written (without annotation glyphs, which come as NAGs).
    fn san(&mut self, _san: &[u8], _at: TextPos) {}

    /// A numeric annotation glyph (`$n`, or 1-6 for `!`, `?`, `!!`, `??`, `!?`, `?!`).
    fn nag(&mut self, _nag: u8, _at: TextPos) {}

    /// A comment's text, without its `{}` or `;`.
    fn comment(&mut self, _text: &[u8], _at: TextPos) {}

    /// A variation opens; `Skip(true)` (the default) skips it up to its `)`.
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    /// A variation that was not skipped closes.
    fn end_variation(&mut self) {}

    /// The result token: `None` for `*`.
    fn outcome(&mut self, _outcome: Option<Outcome>, _at: TextPos) {}

    /// A syntax error; reading goes on.
    fn error(&mut self, _err: PgnError) {}

    /// The game is over.
    fn end_game(&mut self) -> Self::Output;
}
