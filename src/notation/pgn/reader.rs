//! The streaming PGN reader: the grammar (tag pairs, movetext, comments, variations, game
//! boundaries) over the buffer layer of `buffer.rs`.
//!
//! One byte loop reads the movetext. Comments and tag values are handed to the visitor
//! straight from the buffer (see `Input::take`).

use std::io::{self, Read};

use super::buffer::{Input, BUF_SIZE, TOKEN_MAX};
use super::{Outcome, PgnError, PgnErrorKind, RawTag, Skip, TextPos, Visitor};

/// At most this many bytes of comments before the movetext are held back (each comment
/// counted with [`PENDING_OVERHEAD`] bytes more); later ones are dropped.
const MAX_PENDING_BYTES: usize = 1 << 20;
/// What one held-back comment costs besides its text.
const PENDING_OVERHEAD: usize = 64;

// Byte classes of the main loop.
const C_GARBAGE: u8 = 0;
const C_SPACE: u8 = 1;
const C_NEWLINE: u8 = 2;
const C_SYMBOL: u8 = 3; // starts a move token: letters, `-`, `_`
const C_DIGIT: u8 = 4;
const C_PUNCT: u8 = 5; // { ; ( ) [ $ ! ? * . % : each handled by name

const fn classes() -> [u8; 256] {
    let mut t = [C_GARBAGE; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = match c {
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => C_SPACE,
            b'\n' => C_NEWLINE,
            b'a'..=b'z' | b'A'..=b'Z' | b'-' | b'_' => C_SYMBOL,
            b'0'..=b'9' => C_DIGIT,
            b'{' | b';' | b'(' | b')' | b'[' | b'$' | b'!' | b'?' | b'*' | b'.' | b'%' => C_PUNCT,
            _ => C_GARBAGE,
        };
        i += 1;
    }
    t
}

static CLASS: [u8; 256] = classes();

/// The NAG of a suffix annotation (PGN standard 10: `$1`-`$6`).
fn annotation_nag(glyph: &[u8]) -> Option<u8> {
    match glyph {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

/// A streaming PGN reader over any [`Read`], with a fixed-size buffer.
///
/// # Examples
///
/// ```
/// use vdmchess::notation::pgn::{PgnReader, TextPos, Visitor};
///
/// struct Moves(Vec<String>);
/// impl Visitor for Moves {
///     type Output = Vec<String>;
///     fn san(&mut self, san: &[u8], _at: TextPos) {
///         self.0.push(String::from_utf8_lossy(san).into_owned());
///     }
///     fn end_game(&mut self) -> Vec<String> {
///         std::mem::take(&mut self.0)
///     }
/// }
///
/// let pgn = "[White \"A\"]\n\n1. e4 e5 (1... c5) 2. Nf3 1-0\n\n1.d4 *";
/// let mut reader = PgnReader::new(pgn.as_bytes());
/// let mut v = Moves(Vec::new());
/// assert_eq!(reader.read_game(&mut v).unwrap(), Some(vec!["e4".to_string(), "e5".into(), "Nf3".into()]));
/// assert_eq!(reader.read_game(&mut v).unwrap(), Some(vec!["d4".to_string()]));
/// assert_eq!(reader.read_game(&mut v).unwrap(), None);
/// ```
pub struct PgnReader<R> {
    input: Input<R>,
    /// Comments before a game's movetext, held back for it.
    pending: Vec<(Vec<u8>, TextPos)>,
    /// The bytes `pending` holds, as counted against [`MAX_PENDING_BYTES`].
    pending_bytes: usize,
    at_stream_start: bool,
    /// The input ended inside a `{}` comment or a tag section (see [`PgnReader::ended_open`]).
    ended_open: bool,
    /// The input ended between games with comments held for the next game.
    ended_holding: bool,
}

impl<R: Read> PgnReader<R> {
    /// A reader at the start of `src` (a UTF-8 byte order mark there is skipped).
    pub fn new(src: R) -> PgnReader<R> {
        PgnReader {
            input: Input::new(src),
            pending: Vec::new(),
            pending_bytes: 0,
            at_stream_start: true,
            ended_open: false,
            ended_holding: false,
        }
    }

    /// A reader at the start of `src` that takes over this reader's buffer instead of
    /// allocating its own (nothing else is carried over): for callers that read many short
    /// texts each on its own, such as a column of movetext, one game per record.
    ///
    /// ```
    /// use vdmchess::notation::pgn::{GameBuilder, PgnReader};
    /// let mut reader = PgnReader::new(&b"1. e4 e5 *"[..]);
    /// let first = reader.read_game(&mut GameBuilder::default()).unwrap().unwrap();
    /// let mut reader = reader.reuse(&b"1. d4 *"[..]);
    /// let second = reader.read_game(&mut GameBuilder::default()).unwrap().unwrap();
    /// assert_eq!(first.mainline().collect::<Vec<_>>(), ["e4", "e5"]);
    /// assert_eq!(second.mainline().collect::<Vec<_>>(), ["d4"]);
    /// ```
    pub fn reuse<S: Read>(self, src: S) -> PgnReader<S> {
        PgnReader {
            input: Input::with_buffer(src, self.input.buf),
            pending: Vec::new(),
            pending_bytes: 0,
            at_stream_start: true,
            ended_open: false,
            ended_holding: false,
        }
    }

    /// A reader over part of a file that starts at `start`, so that reported positions are
    /// the file's: use it on the bytes of any cut made between two games (as the parallel
    /// runner's chunks are). A part that starts at 1:1 is the file's start, where a byte order
    /// mark is skipped as by [`PgnReader::new`].
    pub fn with_start(src: R, start: TextPos) -> PgnReader<R> {
        let mut r = PgnReader::new(src);
        r.input.start_at(start);
        r.at_stream_start = start == TextPos::START;
        r
    }

    /// Sets the longest comment or tag value kept (at least 64 KiB); longer ones are cut and
    /// reported as [`PgnErrorKind::TextTruncated`].
    pub fn set_max_text_len(&mut self, bytes: usize) {
        self.input.max_text = bytes.max(BUF_SIZE);
    }

    /// The bytes consumed so far (a game read next starts reading here).
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.input.base + self.input.pos as u64
    }

    /// The line and column of [`PgnReader::offset`].
    #[must_use]
    pub fn position(&self) -> TextPos {
        self.input.text_pos(self.input.pos)
    }

    /// The bytes read from the source and not consumed yet, and the source: the input from
    /// [`PgnReader::offset`] on.
    pub fn into_parts(self) -> (Vec<u8>, R) {
        let input = self.input;
        (input.buf[input.pos..input.len].to_vec(), input.src)
    }

    /// Whether the input ended where more input would be read as part of the text before it:
    /// inside a `{}` comment, or in a tag section (tag pairs read, no movetext yet).
    ///
    /// Anywhere else, input that went on with a line starting with `[` would not change a
    /// thing read so far: between games the `[` starts the next game, and in movetext it
    /// ends the game exactly where the end of input did. (A `;` comment, a `%` line and a
    /// tag pair end at the newline before such a line.) The parallel runner reads chunks of
    /// a stream on their own and uses this to check where it cut them.
    ///
    /// ```
    /// use vdmchess::notation::pgn::{GameBuilder, PgnReader};
    /// let mut reader = PgnReader::new(&b"1. e4 { a comment that goes on\n"[..]);
    /// while reader.read_game(&mut GameBuilder::default()).unwrap().is_some() {}
    /// assert!(reader.ended_open());
    /// let mut reader = PgnReader::new(&b"1. e4 { done } e5\n"[..]);
    /// while reader.read_game(&mut GameBuilder::default()).unwrap().is_some() {}
    /// assert!(!reader.ended_open());
    /// ```
    #[must_use]
    pub fn ended_open(&self) -> bool {
        self.ended_open
    }

    /// Whether the input ended between games with comments read after the last game, which
    /// the reader holds for the movetext of the next (a tag pair drops them).
    #[must_use]
    pub fn ended_holding_comments(&self) -> bool {
        self.ended_holding
    }

    /// Skips a run of bytes that start no token, and reports it once.
    fn skip_garbage<V: Visitor>(&mut self, v: &mut V, report: bool) -> io::Result<()> {
        let at = self.input.text_pos(self.input.pos);
        let byte = self.input.buf[self.input.pos];
        let mut count = 0u64;
        loop {
            while self.input.pos < self.input.len {
                let c = self.input.buf[self.input.pos];
                let garbage = match CLASS[c as usize] {
                    C_GARBAGE => true,
                    C_PUNCT => c == b'%',
                    _ => false,
                };
                if !garbage {
                    break;
                }
                self.input.pos += 1;
                count += 1;
            }
            if self.input.pos < self.input.len || self.input.eof {
                break;
            }
            self.input.fill()?;
        }
        if report {
            v.error(PgnError {
                pos: at,
                kind: PgnErrorKind::UnexpectedBytes { byte, count },
            });
        }
        Ok(())
    }

    fn error<V: Visitor>(v: &mut V, pos: TextPos, kind: PgnErrorKind) {
        v.error(PgnError { pos, kind });
    }

    /// Reads a `{` or `;` comment at the cursor; returns it through `sink` when `keep`.
    fn comment<V: Visitor>(
        &mut self,
        v: &mut V,
        keep: bool,
        report: bool,
        sink: Sink,
    ) -> io::Result<()> {
        let at = self.input.text_pos(self.input.pos);
        let brace = self.input.buf[self.input.pos] == b'{';
        self.input.pos += 1;
        let t = if brace {
            self.input.take(b'}', b'}', false, keep)?
        } else {
            self.input.take(b'\n', b'\n', false, keep)?
        };
        if brace {
            if t.found {
                self.input.pos += 1;
            } else {
                self.ended_open = true;
            }
        }
        if report {
            if brace && !t.found {
                Self::error(v, at, PgnErrorKind::UnterminatedComment);
            }
            if t.truncated {
                Self::error(
                    v,
                    at,
                    PgnErrorKind::TextTruncated {
                        kept: self.input.max_text,
                    },
                );
            }
        }
        if keep {
            let mut text = self.input.taken(&t);
            // A `;` comment ends at the newline: carriage returns before it are line-ending
            // noise (CRLF, or a CR CR LF that a write and read again would turn into one).
            while !brace && text.last() == Some(&b'\r') {
                text = &text[..text.len() - 1];
            }
            match sink {
                Sink::Visitor => v.comment(text, at),
                Sink::Pending => {
                    let cost = text.len() + PENDING_OVERHEAD;
                    if self.pending_bytes + cost <= MAX_PENDING_BYTES {
                        let text = text.to_vec();
                        self.pending_bytes += cost;
                        self.pending.push((text, at));
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads a `[Name "value"]` tag pair at the cursor.
    fn tag<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        self.input.ensure_lookahead()?;
        let at = self.input.text_pos(self.input.pos);
        self.input.pos += 1;
        self.input.skip_blanks();
        let (end, too_long) = self.input.symbol_end(self.input.pos);
        let mut name = [0u8; TOKEN_MAX];
        let name_len = (end - self.input.pos).min(TOKEN_MAX);
        name[..name_len]
            .copy_from_slice(&self.input.buf[self.input.pos..self.input.pos + name_len]);
        self.input.pos = end;
        self.input.skip_blanks();
        if too_long || name_len == 0 || self.input.peek() != Some(b'"') {
            Self::error(v, at, PgnErrorKind::MalformedTag);
            return self.skip_tag_rest();
        }
        self.input.pos += 1;
        let t = self.input.take(b'"', b'\n', true, true)?;
        let mut well_formed = t.found && self.input.buf[self.input.pos] == b'"';
        if well_formed {
            self.input.pos += 1;
            self.input.skip_blanks();
            if self.input.peek() == Some(b']') {
                self.input.pos += 1;
            } else {
                well_formed = false;
            }
        }
        if !well_formed {
            Self::error(v, at, PgnErrorKind::MalformedTag);
        }
        if t.truncated {
            Self::error(
                v,
                at,
                PgnErrorKind::TextTruncated {
                    kept: self.input.max_text,
                },
            );
        }
        v.tag(&name[..name_len], &RawTag(self.input.taken(&t)));
        if !well_formed {
            self.skip_tag_rest()?;
        }
        Ok(())
    }

    /// Skips the rest of a broken tag pair: up to and including a `]` outside quotes (where
    /// `\"` does not end a quote), or up to the end of the line.
    fn skip_tag_rest(&mut self) -> io::Result<()> {
        let mut quoted = false;
        let mut escaped = false;
        loop {
            while self.input.pos < self.input.len {
                let c = self.input.buf[self.input.pos];
                if c == b'\n' {
                    return Ok(());
                }
                self.input.pos += 1;
                if escaped {
                    escaped = false;
                } else if quoted {
                    match c {
                        b'\\' => escaped = true,
                        b'"' => quoted = false,
                        _ => {}
                    }
                } else if c == b'"' {
                    quoted = true;
                } else if c == b']' {
                    return Ok(());
                }
            }
            if self.input.eof {
                return Ok(());
            }
            self.input.fill()?;
        }
    }

    fn clear_pending(&mut self) {
        self.pending.clear();
        self.pending_bytes = 0;
    }

    /// Skips white space, `%` lines and comments (held back in `pending`); stops at anything
    /// else or the end of input. Returns whether something other than the end was reached.
    fn skip_prelude<V: Visitor>(&mut self, v: &mut V, hold_comments: bool) -> io::Result<bool> {
        loop {
            self.input.ensure_lookahead()?;
            if self.at_stream_start {
                self.at_stream_start = false;
                if self.input.buf[..self.input.len].starts_with(b"\xef\xbb\xbf") {
                    self.input.pos = 3;
                    self.input.line_start = 3;
                }
            }
            if self.input.pos >= self.input.len {
                return Ok(false);
            }
            let c = self.input.buf[self.input.pos];
            match CLASS[c as usize] {
                C_SPACE => self.input.pos += 1,
                C_NEWLINE => {
                    self.input.newline_at(self.input.pos);
                    self.input.pos += 1;
                }
                _ => match c {
                    b'%' if self.input.at_line_start() => self.input.skip_line()?,
                    b'{' | b';' => self.comment(v, hold_comments, false, Sink::Pending)?,
                    _ => return Ok(true),
                },
            }
        }
    }

    /// Reads the next game, reporting its tokens to `v`; `Ok(None)` at the end of input.
    ///
    /// # Errors
    ///
    /// Only I/O errors of the source; syntax errors go to [`Visitor::error`].
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
        self.clear_pending();
        if !self.skip_prelude(v, true)? {
            self.ended_holding = !self.pending.is_empty();
            return Ok(None);
        }
        v.begin_game();
        // The tag section.
        while self.input.peek() == Some(b'[') {
            self.clear_pending();
            self.tag(v)?;
            if !self.skip_prelude(v, true)? {
                self.ended_open = true;
                break;
            }
        }
        let skip_all = v.begin_movetext().0;
        if !skip_all {
            self.pending_bytes = 0;
            for (text, at) in self.pending.drain(..) {
                v.comment(&text, at);
            }
        }
        self.clear_pending();
        self.movetext(v, skip_all)?;
        Ok(Some(v.end_game()))
    }

    fn movetext<V: Visitor>(&mut self, v: &mut V, skip_all: bool) -> io::Result<()> {
        let report = !skip_all;
        let mut depth: u64 = 0;
        // The depth of the variation being skipped, 0 when none is.
        let mut skip_from: u64 = 0;
        loop {
            // Spaces need no look-ahead; every other byte may start a token.
            let mut at = self.input.pos;
            while at < self.input.len && self.input.buf[at] == b' ' {
                at += 1;
            }
            self.input.pos = at;
            self.input.ensure_lookahead()?;
            if self.input.pos >= self.input.len {
                let at = self.input.text_pos(self.input.pos);
                self.end_without_result(v, report, depth, at);
                return Ok(());
            }
            let c = self.input.buf[self.input.pos];
            let deliver = !skip_all && skip_from == 0;
            // The common bytes first, by plain branches (cheaper than the jump table below).
            if c.is_ascii_alphabetic() {
                self.move_token(v, deliver, report)?;
                continue;
            }
            if c.is_ascii_digit() {
                if self.digit_token(v, deliver, report, depth)? {
                    return Ok(());
                }
                continue;
            }
            if c == b'{' {
                // A comment closed on its line within the buffer (most are) is handed over
                // straight away; `comment` reads the others.
                let from = self.input.pos + 1;
                match self.input.brace_on_line(from) {
                    Some(end) => {
                        if deliver {
                            let at = self.input.text_pos(self.input.pos);
                            v.comment(&self.input.buf[from..end], at);
                        }
                        self.input.pos = end + 1;
                    }
                    None => self.comment(v, deliver, report, Sink::Visitor)?,
                }
                continue;
            }
            match CLASS[c as usize] {
                C_SPACE => self.input.pos += 1,
                C_NEWLINE => {
                    self.input.newline_at(self.input.pos);
                    self.input.pos += 1;
                }
                C_SYMBOL => self.move_token(v, deliver, report)?,
                C_DIGIT => {
                    if self.digit_token(v, deliver, report, depth)? {
                        return Ok(());
                    }
                }
                C_PUNCT => match c {
                    b'{' | b';' => self.comment(v, deliver, report, Sink::Visitor)?,
                    b'(' => {
                        depth += 1;
                        self.input.pos += 1;
                        if deliver && v.begin_variation().0 {
                            skip_from = depth;
                        }
                    }
                    b')' => {
                        if depth == 0 {
                            if report {
                                let at = self.input.text_pos(self.input.pos);
                                Self::error(v, at, PgnErrorKind::UnmatchedCloseParen);
                            }
                        } else {
                            if skip_from == depth {
                                skip_from = 0;
                            } else if deliver {
                                v.end_variation();
                            }
                            depth -= 1;
                        }
                        self.input.pos += 1;
                    }
                    b'[' => {
                        let at = self.input.text_pos(self.input.pos);
                        self.end_without_result(v, report, depth, at);
                        return Ok(());
                    }
                    b'$' => self.nag(v, deliver, report),
                    b'!' | b'?' => self.annotation(v, self.input.pos, deliver, report),
                    b'*' => {
                        let at = self.input.text_pos(self.input.pos);
                        self.input.pos += 1;
                        if self.result(v, None, at, depth, report) {
                            return Ok(());
                        }
                    }
                    b'.' => self.input.pos += 1,
                    b'%' if self.input.at_line_start() => self.input.skip_line()?,
                    _ => self.skip_garbage(v, report)?,
                },
                _ => self.skip_garbage(v, report)?,
            }
        }
    }

    fn end_without_result<V: Visitor>(&mut self, v: &mut V, report: bool, depth: u64, at: TextPos) {
        if report {
            if depth > 0 {
                Self::error(v, at, PgnErrorKind::UnclosedVariation { depth });
            }
            Self::error(v, at, PgnErrorKind::MissingResult);
        }
    }

    /// A result token: ends the game at depth 0 (returns true), is reported and ignored
    /// inside a variation.
    fn result<V: Visitor>(
        &mut self,
        v: &mut V,
        outcome: Option<Outcome>,
        at: TextPos,
        depth: u64,
        report: bool,
    ) -> bool {
        if depth > 0 {
            if report {
                Self::error(v, at, PgnErrorKind::ResultInVariation);
            }
            return false;
        }
        if report {
            v.outcome(outcome, at);
        }
        true
    }

    /// A token starting with a letter (a move), with its attached annotation glyphs.
    #[inline]
    fn move_token<V: Visitor>(&mut self, v: &mut V, deliver: bool, report: bool) -> io::Result<()> {
        let start = self.input.pos;
        let (end, too_long) = self.input.symbol_end(start);
        if too_long {
            if report {
                let at = self.input.text_pos(start);
                Self::error(v, at, PgnErrorKind::TokenTooLong);
            }
            self.input.pos = end;
            return self.input.skip_symbols();
        }
        // `e.p.` attached to an en-passant capture stays in its token (the SAN reader accepts
        // it); `e.p.` or `ep` standing alone is an annotation and is dropped.
        let mut end = end;
        if self.input.buf[start..end].ends_with(b"e")
            && self.input.buf[end..self.input.len].starts_with(b".p.")
        {
            end += 3;
        }
        if matches!(&self.input.buf[start..end], b"e.p." | b"ep") {
            self.input.pos = end;
            return Ok(());
        }
        if deliver {
            let at = self.input.text_pos(start);
            v.san(&self.input.buf[start..end], at);
        }
        self.input.pos = end;
        if matches!(self.input.peek(), Some(b'!' | b'?')) {
            self.annotation(v, self.input.pos, deliver, report);
        }
        Ok(())
    }

    /// A token starting with a digit: a move number (`12.`, `12...`, passed over here), or
    /// another token, read by [`Self::number_token`]. Returns true when a result ends the game.
    #[inline(always)]
    fn digit_token<V: Visitor>(
        &mut self,
        v: &mut V,
        deliver: bool,
        report: bool,
        depth: u64,
    ) -> io::Result<bool> {
        let buf = &self.input.buf[..self.input.len];
        let mut i = self.input.pos + 1;
        while i < buf.len() && buf[i].is_ascii_digit() {
            i += 1;
        }
        if i < buf.len() && buf[i] == b'.' {
            while i < buf.len() && buf[i] == b'.' {
                i += 1;
            }
            self.input.pos = i;
            return Ok(false);
        }
        self.number_token(v, deliver, report, depth, i)
    }

    /// A token starting with a digit (whose digits end at `digits_end`) other than a move
    /// number with dots: a result (returns true when it ends the game), a move such as `0-0`
    /// or `0000`, or a move number without its dot (skipped).
    fn number_token<V: Visitor>(
        &mut self,
        v: &mut V,
        deliver: bool,
        report: bool,
        depth: u64,
        digits_end: usize,
    ) -> io::Result<bool> {
        let start = self.input.pos;
        let i = digits_end;
        let (end, too_long) = self.input.symbol_end(start);
        let token = &self.input.buf[start..end];
        if too_long {
            if report {
                let at = self.input.text_pos(start);
                Self::error(v, at, PgnErrorKind::TokenTooLong);
            }
            self.input.pos = end;
            self.input.skip_symbols()?;
            return Ok(false);
        }
        if let Some(outcome) = Outcome::from_token(token) {
            let at = self.input.text_pos(start);
            self.input.pos = end;
            return Ok(self.result(v, outcome, at, depth, report));
        }
        if end == i && token != b"0000" {
            // A move number without its dot.
            self.input.pos = end;
            return Ok(false);
        }
        self.move_token(v, deliver, report)?;
        Ok(false)
    }

    /// `$n`.
    fn nag<V: Visitor>(&mut self, v: &mut V, deliver: bool, report: bool) {
        let at = self.input.text_pos(self.input.pos);
        let mut i = self.input.pos + 1;
        let mut value: u32 = 0;
        while i < self.input.len && self.input.buf[i].is_ascii_digit() && i - self.input.pos <= 4 {
            value = value * 10 + u32::from(self.input.buf[i] - b'0');
            i += 1;
        }
        let digits = i - self.input.pos - 1;
        self.input.pos = i;
        match u8::try_from(value) {
            Ok(n) if digits > 0 && (i >= self.input.len || !self.input.buf[i].is_ascii_digit()) => {
                if deliver {
                    v.nag(n, at);
                }
            }
            _ => {
                while self.input.pos < self.input.len
                    && self.input.buf[self.input.pos].is_ascii_digit()
                {
                    self.input.pos += 1;
                }
                if report {
                    Self::error(v, at, PgnErrorKind::InvalidNag);
                }
            }
        }
    }

    /// A run of `!` and `?` at `start`.
    fn annotation<V: Visitor>(&mut self, v: &mut V, start: usize, deliver: bool, report: bool) {
        let at = self.input.text_pos(start);
        let mut end = start;
        while end < self.input.len
            && matches!(self.input.buf[end], b'!' | b'?')
            && end - start < TOKEN_MAX
        {
            end += 1;
        }
        let nag = annotation_nag(&self.input.buf[start..end]);
        self.input.pos = end;
        match nag {
            Some(n) if deliver => v.nag(n, at),
            Some(_) => {}
            None if report => Self::error(v, at, PgnErrorKind::InvalidAnnotation),
            None => {}
        }
    }

    /// Skips the next game; `Ok(false)` at the end of input.
    ///
    /// # Errors
    ///
    /// Only I/O errors of the source.
    pub fn skip_game(&mut self) -> io::Result<bool> {
        Ok(self.read_game(&mut SkipAll)?.is_some())
    }
}

/// Where a comment goes.
#[derive(Clone, Copy)]
enum Sink {
    Visitor,
    Pending,
}

/// A visitor that skips everything.
pub(super) struct SkipAll;

impl Visitor for SkipAll {
    type Output = ();

    fn begin_movetext(&mut self) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self) {}
}
