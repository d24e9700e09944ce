//! The streaming PGN lexer and reader.
//!
//! One byte loop reads everything. Its buffer has a fixed size; a token is at most 255
//! bytes, so it is always whole in the buffer after a refill that keeps at least
//! [`LOOKAHEAD`] bytes ahead. Comments and tag values are found with `memchr` and handed to
//! the visitor straight from the buffer; only when one crosses a refill is it copied into a
//! scratch buffer, capped at the text limit.

use std::io::{self, Read};

use memchr::{memchr2, memchr3, memchr_iter, memrchr};

use super::{Outcome, PgnError, PgnErrorKind, RawTag, Skip, TextPos, Visitor};

/// The reader's buffer size.
const BUF_SIZE: usize = 1 << 16;
/// The longest token (SAN, tag name, number, result).
const TOKEN_MAX: usize = 255;
/// Bytes kept ahead of the cursor at each token start, so a token is whole in the buffer.
const LOOKAHEAD: usize = TOKEN_MAX + 1;
/// Free space wanted before scanning a comment or tag value, so most are never copied.
const TEXT_ROOM: usize = 1 << 13;
/// The default limit on a comment or tag value.
const DEFAULT_MAX_TEXT: usize = 1 << 20;
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

const fn symbol_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = matches!(c, b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'+' | b'#' | b'=' | b':' | b'/');
        i += 1;
    }
    t
}

/// Bytes that continue a token.
static SYMBOL: [bool; 256] = symbol_table();

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

/// What [`PgnReader::take`] found.
struct Taken {
    /// The text's span in the buffer, or `None` when it is in the scratch buffer.
    in_buf: Option<(usize, usize)>,
    /// Whether a stop byte ends it (else the input ended).
    found: bool,
    /// Whether the kept text was cut at the limit.
    truncated: bool,
}

/// Raw bytes of the game being split (see [`super::GameSplitter`]).
pub(super) struct Capture {
    /// The game's bytes so far.
    pub(super) bytes: Vec<u8>,
    /// Where in the buffer the uncopied part of the game starts, while a game is captured.
    pub(super) from: Option<usize>,
    /// Where the game starts.
    pub(super) start: TextPos,
    /// The most bytes kept.
    pub(super) limit: usize,
    /// Whether bytes beyond the limit were dropped.
    pub(super) truncated: bool,
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
    src: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    eof: bool,
    /// The absolute offset of `buf[0]`.
    base: u64,
    line: u64,
    /// The absolute offset of the current line's first byte (negative for a start column > 1).
    line_start: i64,
    scratch: Vec<u8>,
    pending: Vec<(Vec<u8>, TextPos)>,
    /// The bytes `pending` holds, as counted against [`MAX_PENDING_BYTES`].
    pending_bytes: usize,
    max_text: usize,
    at_stream_start: bool,
    /// The input ended inside a `{}` comment or a tag section (see [`PgnReader::ended_open`]).
    ended_open: bool,
    /// The input ended between games with comments held for the next game.
    ended_holding: bool,
    pub(super) capture: Option<Capture>,
}

impl<R: Read> PgnReader<R> {
    /// A reader at the start of `src` (a UTF-8 byte order mark there is skipped).
    pub fn new(src: R) -> PgnReader<R> {
        PgnReader {
            src,
            buf: vec![0; BUF_SIZE].into_boxed_slice(),
            pos: 0,
            len: 0,
            eof: false,
            base: 0,
            line: 1,
            line_start: 0,
            scratch: Vec::new(),
            pending: Vec::new(),
            pending_bytes: 0,
            max_text: DEFAULT_MAX_TEXT,
            at_stream_start: true,
            ended_open: false,
            ended_holding: false,
            capture: None,
        }
    }

    /// A reader over part of a file that starts at `start`, so that reported positions are
    /// the file's: use it on the bytes of a [`RawGame`](super::RawGame) or of any cut made
    /// between two games. A part that starts at 1:1 is the file's start, where a byte order
    /// mark is skipped as by [`PgnReader::new`].
    pub fn with_start(src: R, start: TextPos) -> PgnReader<R> {
        let mut r = PgnReader::new(src);
        r.line = start.line;
        r.line_start = 1 - start.column as i64;
        r.at_stream_start = start == TextPos::START;
        r
    }

    /// Sets the longest comment or tag value kept (at least 64 KiB); longer ones are cut and
    /// reported as [`PgnErrorKind::TextTruncated`].
    pub fn set_max_text_len(&mut self, bytes: usize) {
        self.max_text = bytes.max(BUF_SIZE);
    }

    /// The bytes consumed so far (a game read next starts reading here).
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// The line and column of [`PgnReader::offset`].
    #[must_use]
    pub fn position(&self) -> TextPos {
        self.text_pos(self.pos)
    }

    /// The bytes read from the source and not consumed yet, and the source: the input from
    /// [`PgnReader::offset`] on.
    pub fn into_parts(self) -> (Vec<u8>, R) {
        (self.buf[self.pos..self.len].to_vec(), self.src)
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

    fn text_pos(&self, i: usize) -> TextPos {
        let abs = (self.base + i as u64) as i64;
        TextPos {
            line: self.line,
            column: (abs - self.line_start + 1) as u64,
        }
    }

    fn at_line_start(&self) -> bool {
        (self.base + self.pos as u64) as i64 == self.line_start
    }

    fn newline_at(&mut self, i: usize) {
        self.line += 1;
        self.line_start = (self.base + i as u64) as i64 + 1;
    }

    fn count_lines(&mut self, from: usize, to: usize) {
        let hay = &self.buf[from..to];
        let n = memchr_iter(b'\n', hay).count();
        if n > 0 {
            self.line += n as u64;
            if let Some(last) = memrchr(b'\n', hay) {
                self.line_start = (self.base + (from + last) as u64) as i64 + 1;
            }
        }
    }

    /// Drops the consumed bytes (handing them to the capture) and reads more.
    fn fill(&mut self) -> io::Result<()> {
        if self.eof {
            return Ok(());
        }
        if self.pos > 0 {
            if let Some(c) = &mut self.capture {
                if let Some(from) = c.from {
                    keep_capped(
                        &mut c.bytes,
                        &self.buf[from..self.pos],
                        c.limit,
                        &mut c.truncated,
                    );
                    c.from = Some(0);
                }
            }
            self.buf.copy_within(self.pos..self.len, 0);
            self.base += self.pos as u64;
            self.len -= self.pos;
            self.pos = 0;
        }
        while self.len < self.buf.len() {
            match self.src.read(&mut self.buf[self.len..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    self.len += n;
                    if self.len - self.pos >= LOOKAHEAD {
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    #[inline]
    fn ensure_lookahead(&mut self) -> io::Result<()> {
        if self.len - self.pos < LOOKAHEAD && !self.eof {
            self.fill()?;
        }
        Ok(())
    }

    /// Consumes bytes up to the first `stop1` or `stop2` (left unconsumed) or the end of
    /// input. With `escape`, a backslash makes a following `"` or backslash ordinary. With `keep`, the bytes
    /// are available afterwards through [`PgnReader::taken`], up to the text limit.
    fn take(&mut self, stop1: u8, stop2: u8, escape: bool, keep: bool) -> io::Result<Taken> {
        if self.len - self.pos < TEXT_ROOM && !self.eof {
            self.fill()?;
        }
        self.scratch.clear();
        let mut seg = self.pos;
        let mut i = self.pos;
        let mut spilled = false;
        let mut truncated = false;
        let mut skip_next = false;
        loop {
            if skip_next && i < self.len {
                // Only `\"` and `\\` are escapes; any other byte is read as it is.
                if matches!(self.buf[i], b'"' | b'\\') {
                    i += 1;
                }
                skip_next = false;
            }
            let hay = &self.buf[i..self.len];
            let hit = if escape {
                memchr3(stop1, stop2, b'\\', hay)
            } else {
                memchr2(stop1, stop2, hay)
            };
            match hit {
                Some(k) if escape && hay[k] == b'\\' => {
                    i += k + 1;
                    skip_next = true;
                }
                Some(k) => {
                    let end = i + k;
                    self.count_lines(seg, end);
                    self.pos = end;
                    if !spilled {
                        return Ok(Taken {
                            in_buf: Some((seg, end)),
                            found: true,
                            truncated: false,
                        });
                    }
                    if keep {
                        keep_capped(
                            &mut self.scratch,
                            &self.buf[seg..end],
                            self.max_text,
                            &mut truncated,
                        );
                    }
                    return Ok(Taken {
                        in_buf: None,
                        found: true,
                        truncated,
                    });
                }
                None => {
                    let end = self.len;
                    self.count_lines(seg, end);
                    if keep {
                        keep_capped(
                            &mut self.scratch,
                            &self.buf[seg..end],
                            self.max_text,
                            &mut truncated,
                        );
                    }
                    spilled = true;
                    self.pos = end;
                    if self.eof {
                        return Ok(Taken {
                            in_buf: None,
                            found: false,
                            truncated,
                        });
                    }
                    self.fill()?;
                    seg = self.pos;
                    i = self.pos;
                }
            }
        }
    }

    fn taken(&self, t: &Taken) -> &[u8] {
        match t.in_buf {
            Some((s, e)) => &self.buf[s..e],
            None => &self.scratch,
        }
    }

    /// The end of the token run starting at `from` (within the buffer), and whether it is
    /// longer than [`TOKEN_MAX`].
    #[inline]
    fn symbol_end(&self, from: usize) -> (usize, bool) {
        let limit = self.len.min(from + TOKEN_MAX + 1);
        let run = self.buf[from..limit]
            .iter()
            .position(|&c| !SYMBOL[c as usize])
            .unwrap_or(limit - from);
        (from + run, run > TOKEN_MAX)
    }

    /// Skips the rest of an over-long token.
    fn skip_symbols(&mut self) -> io::Result<()> {
        loop {
            while self.pos < self.len && SYMBOL[self.buf[self.pos] as usize] {
                self.pos += 1;
            }
            if self.pos < self.len || self.eof {
                return Ok(());
            }
            self.fill()?;
        }
    }

    /// Skips a run of bytes that start no token, and reports it once.
    fn skip_garbage<V: Visitor>(&mut self, v: &mut V, report: bool) -> io::Result<()> {
        let at = self.text_pos(self.pos);
        let byte = self.buf[self.pos];
        let mut count = 0u64;
        loop {
            while self.pos < self.len {
                let c = self.buf[self.pos];
                let garbage = match CLASS[c as usize] {
                    C_GARBAGE => true,
                    C_PUNCT => c == b'%',
                    _ => false,
                };
                if !garbage {
                    break;
                }
                self.pos += 1;
                count += 1;
            }
            if self.pos < self.len || self.eof {
                break;
            }
            self.fill()?;
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
        let at = self.text_pos(self.pos);
        let brace = self.buf[self.pos] == b'{';
        self.pos += 1;
        let t = if brace {
            self.take(b'}', b'}', false, keep)?
        } else {
            self.take(b'\n', b'\n', false, keep)?
        };
        if brace {
            if t.found {
                self.pos += 1;
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
                        kept: self.max_text,
                    },
                );
            }
        }
        if keep {
            let mut text = self.taken(&t);
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
        self.ensure_lookahead()?;
        let at = self.text_pos(self.pos);
        self.pos += 1;
        self.skip_blanks();
        let (end, too_long) = self.symbol_end(self.pos);
        let mut name = [0u8; TOKEN_MAX];
        let name_len = (end - self.pos).min(TOKEN_MAX);
        name[..name_len].copy_from_slice(&self.buf[self.pos..self.pos + name_len]);
        self.pos = end;
        self.skip_blanks();
        if too_long || name_len == 0 || self.peek() != Some(b'"') {
            Self::error(v, at, PgnErrorKind::MalformedTag);
            return self.skip_tag_rest();
        }
        self.pos += 1;
        let t = self.take(b'"', b'\n', true, true)?;
        let mut well_formed = t.found && self.buf[self.pos] == b'"';
        if well_formed {
            self.pos += 1;
            self.skip_blanks();
            if self.peek() == Some(b']') {
                self.pos += 1;
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
                    kept: self.max_text,
                },
            );
        }
        let value = match t.in_buf {
            Some((s, e)) => &self.buf[s..e],
            None => &self.scratch[..],
        };
        v.tag(&name[..name_len], &RawTag(value));
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
            while self.pos < self.len {
                let c = self.buf[self.pos];
                if c == b'\n' {
                    return Ok(());
                }
                self.pos += 1;
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
            if self.eof {
                return Ok(());
            }
            self.fill()?;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.buf[self.pos..self.len].first().copied()
    }

    fn skip_blanks(&mut self) {
        while self.pos < self.len && matches!(self.buf[self.pos], b' ' | b'\t') {
            self.pos += 1;
        }
    }

    /// Skips a `%` escape line (left at its newline).
    fn skip_line(&mut self) -> io::Result<()> {
        self.take(b'\n', b'\n', false, false).map(|_| ())
    }

    fn clear_pending(&mut self) {
        self.pending.clear();
        self.pending_bytes = 0;
    }

    /// Skips white space, `%` lines and comments (held back in `pending`); stops at anything
    /// else or the end of input. Returns whether something other than the end was reached.
    fn skip_prelude<V: Visitor>(&mut self, v: &mut V, hold_comments: bool) -> io::Result<bool> {
        loop {
            self.ensure_lookahead()?;
            if self.at_stream_start {
                self.at_stream_start = false;
                if self.buf[..self.len].starts_with(b"\xef\xbb\xbf") {
                    self.pos = 3;
                    self.line_start = 3;
                }
            }
            if self.pos >= self.len {
                return Ok(false);
            }
            let c = self.buf[self.pos];
            match CLASS[c as usize] {
                C_SPACE => self.pos += 1,
                C_NEWLINE => {
                    self.newline_at(self.pos);
                    self.pos += 1;
                }
                _ => {
                    self.start_capture();
                    match c {
                        b'%' if self.at_line_start() => self.skip_line()?,
                        b'{' | b';' => self.comment(v, hold_comments, false, Sink::Pending)?,
                        _ => return Ok(true),
                    }
                }
            }
        }
    }

    fn start_capture(&mut self) {
        let start = self.text_pos(self.pos);
        if let Some(c) = &mut self.capture {
            if c.from.is_none() {
                c.bytes.clear();
                c.truncated = false;
                c.from = Some(self.pos);
                c.start = start;
            }
        }
    }

    fn end_capture(&mut self) {
        if let Some(c) = &mut self.capture {
            if let Some(from) = c.from.take() {
                keep_capped(
                    &mut c.bytes,
                    &self.buf[from..self.pos],
                    c.limit,
                    &mut c.truncated,
                );
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
        if let Some(c) = &mut self.capture {
            c.from = None;
        }
        if !self.skip_prelude(v, true)? {
            if let Some(c) = &mut self.capture {
                c.from = None;
            }
            self.ended_holding = !self.pending.is_empty();
            return Ok(None);
        }
        v.begin_game();
        // The tag section.
        while self.peek() == Some(b'[') {
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
        self.end_capture();
        Ok(Some(v.end_game()))
    }

    fn movetext<V: Visitor>(&mut self, v: &mut V, skip_all: bool) -> io::Result<()> {
        let report = !skip_all;
        let mut depth: u64 = 0;
        // The depth of the variation being skipped, 0 when none is.
        let mut skip_from: u64 = 0;
        loop {
            self.ensure_lookahead()?;
            if self.pos >= self.len {
                let at = self.text_pos(self.pos);
                self.end_without_result(v, report, depth, at);
                return Ok(());
            }
            let c = self.buf[self.pos];
            let deliver = !skip_all && skip_from == 0;
            // The common bytes first, by plain branches (cheaper than the jump table below).
            if c == b' ' {
                self.pos += 1;
                continue;
            }
            if c.is_ascii_alphabetic() {
                self.move_token(v, deliver, report)?;
                continue;
            }
            match CLASS[c as usize] {
                C_SPACE => self.pos += 1,
                C_NEWLINE => {
                    self.newline_at(self.pos);
                    self.pos += 1;
                }
                C_SYMBOL => self.move_token(v, deliver, report)?,
                C_DIGIT => {
                    if self.number_token(v, deliver, report, depth)? {
                        return Ok(());
                    }
                }
                C_PUNCT => match c {
                    b'{' | b';' => self.comment(v, deliver, report, Sink::Visitor)?,
                    b'(' => {
                        depth += 1;
                        self.pos += 1;
                        if deliver && v.begin_variation().0 {
                            skip_from = depth;
                        }
                    }
                    b')' => {
                        if depth == 0 {
                            if report {
                                let at = self.text_pos(self.pos);
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
                        self.pos += 1;
                    }
                    b'[' => {
                        let at = self.text_pos(self.pos);
                        self.end_without_result(v, report, depth, at);
                        return Ok(());
                    }
                    b'$' => self.nag(v, deliver, report),
                    b'!' | b'?' => self.annotation(v, self.pos, deliver, report),
                    b'*' => {
                        let at = self.text_pos(self.pos);
                        self.pos += 1;
                        if self.result(v, None, at, depth, report) {
                            return Ok(());
                        }
                    }
                    b'.' => self.pos += 1,
                    b'%' if self.at_line_start() => self.skip_line()?,
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
    fn move_token<V: Visitor>(&mut self, v: &mut V, deliver: bool, report: bool) -> io::Result<()> {
        let start = self.pos;
        let (end, too_long) = self.symbol_end(start);
        if too_long {
            if report {
                let at = self.text_pos(start);
                Self::error(v, at, PgnErrorKind::TokenTooLong);
            }
            self.pos = end;
            return self.skip_symbols();
        }
        // `e.p.` attached to an en-passant capture stays in its token (the SAN reader accepts
        // it); `e.p.` or `ep` standing alone is an annotation and is dropped.
        let mut end = end;
        if self.buf[start..end].ends_with(b"e") && self.buf[end..self.len].starts_with(b".p.") {
            end += 3;
        }
        if matches!(&self.buf[start..end], b"e.p." | b"ep") {
            self.pos = end;
            return Ok(());
        }
        if deliver {
            let at = self.text_pos(start);
            v.san(&self.buf[start..end], at);
        }
        self.pos = end;
        if matches!(self.peek(), Some(b'!' | b'?')) {
            self.annotation(v, self.pos, deliver, report);
        }
        Ok(())
    }

    /// A token starting with a digit: a move number (skipped), a result (returns true when it
    /// ends the game), or a move such as `0-0` or `0000`.
    fn number_token<V: Visitor>(
        &mut self,
        v: &mut V,
        deliver: bool,
        report: bool,
        depth: u64,
    ) -> io::Result<bool> {
        let start = self.pos;
        let mut i = start;
        while i < self.len && self.buf[i].is_ascii_digit() {
            i += 1;
        }
        if i < self.len && self.buf[i] == b'.' {
            while i < self.len && self.buf[i] == b'.' {
                i += 1;
            }
            self.pos = i;
            return Ok(false);
        }
        let (end, too_long) = self.symbol_end(start);
        let token = &self.buf[start..end];
        if too_long {
            if report {
                let at = self.text_pos(start);
                Self::error(v, at, PgnErrorKind::TokenTooLong);
            }
            self.pos = end;
            self.skip_symbols()?;
            return Ok(false);
        }
        if let Some(outcome) = Outcome::from_token(token) {
            let at = self.text_pos(start);
            self.pos = end;
            return Ok(self.result(v, outcome, at, depth, report));
        }
        if end == i && token != b"0000" {
            // A move number without its dot.
            self.pos = end;
            return Ok(false);
        }
        self.move_token(v, deliver, report)?;
        Ok(false)
    }

    /// `$n`.
    fn nag<V: Visitor>(&mut self, v: &mut V, deliver: bool, report: bool) {
        let at = self.text_pos(self.pos);
        let mut i = self.pos + 1;
        let mut value: u32 = 0;
        while i < self.len && self.buf[i].is_ascii_digit() && i - self.pos <= 4 {
            value = value * 10 + u32::from(self.buf[i] - b'0');
            i += 1;
        }
        let digits = i - self.pos - 1;
        self.pos = i;
        match u8::try_from(value) {
            Ok(n) if digits > 0 && (i >= self.len || !self.buf[i].is_ascii_digit()) => {
                if deliver {
                    v.nag(n, at);
                }
            }
            _ => {
                while self.pos < self.len && self.buf[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
                if report {
                    Self::error(v, at, PgnErrorKind::InvalidNag);
                }
            }
        }
    }

    /// A run of `!` and `?` at `start`.
    fn annotation<V: Visitor>(&mut self, v: &mut V, start: usize, deliver: bool, report: bool) {
        let at = self.text_pos(start);
        let mut end = start;
        while end < self.len && matches!(self.buf[end], b'!' | b'?') && end - start < TOKEN_MAX {
            end += 1;
        }
        let nag = annotation_nag(&self.buf[start..end]);
        self.pos = end;
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

fn keep_capped(out: &mut Vec<u8>, bytes: &[u8], limit: usize, truncated: &mut bool) {
    let room = limit.saturating_sub(out.len());
    if bytes.len() > room {
        *truncated = true;
    }
    out.extend_from_slice(&bytes[..bytes.len().min(room)]);
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
