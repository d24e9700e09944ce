//! The reader's buffer layer: a fixed-size window on any [`Read`], with the line and column
//! of every byte, and the scans that consume text (a token, a comment, a tag value) without
//! knowing what PGN is. The grammar is in `reader.rs`.
//!
//! The buffer has a fixed size; a token is at most [`TOKEN_MAX`] bytes, so it is always whole
//! in the buffer after a refill that keeps at least [`LOOKAHEAD`] bytes ahead. Comments and
//! tag values are found with `memchr` and handed out straight from the buffer; only when one
//! crosses a refill is it copied into a scratch buffer, capped at the text limit.

use std::io::{self, Read};

use memchr::{memchr, memchr2, memchr3, memchr_iter, memrchr};

use super::TextPos;

/// The buffer's size.
pub(super) const BUF_SIZE: usize = 1 << 16;
/// The longest token (SAN, tag name, number, result).
pub(super) const TOKEN_MAX: usize = 255;
/// Bytes kept ahead of the cursor at each token start, so a token is whole in the buffer.
const LOOKAHEAD: usize = TOKEN_MAX + 1;
/// Free space wanted before scanning a comment or tag value, so most are never copied.
const TEXT_ROOM: usize = 1 << 13;
/// The default limit on a comment or tag value.
const DEFAULT_MAX_TEXT: usize = 1 << 20;

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
pub(crate) static SYMBOL: [bool; 256] = symbol_table();

/// What [`Input::take`] found.
pub(super) struct Taken {
    /// The text's span in the buffer, or `None` when it is in the scratch buffer.
    pub(super) in_buf: Option<(usize, usize)>,
    /// Whether a stop byte ends it (else the input ended).
    pub(super) found: bool,
    /// Whether the kept text was cut at the limit.
    pub(super) truncated: bool,
}

/// The input of a [`PgnReader`](super::PgnReader): the source, a window of its bytes and
/// where the cursor is (byte offset, line, column).
pub(super) struct Input<R> {
    pub(super) src: R,
    pub(super) buf: Box<[u8]>,
    /// The cursor: the next byte to read is `buf[pos]`.
    pub(super) pos: usize,
    /// The bytes of `buf` that hold input.
    pub(super) len: usize,
    pub(super) eof: bool,
    /// The absolute offset of `buf[0]`.
    pub(super) base: u64,
    pub(super) line: u64,
    /// The absolute offset of the current line's first byte (negative for a start column > 1).
    pub(super) line_start: i64,
    /// Text that crossed a refill.
    scratch: Vec<u8>,
    /// The longest comment or tag value kept.
    pub(super) max_text: usize,
}

impl<R: Read> Input<R> {
    /// The input at the start of `src`, at line 1, column 1.
    pub(super) fn new(src: R) -> Input<R> {
        Input::with_buffer(src, vec![0; BUF_SIZE].into_boxed_slice())
    }

    /// [`Input::new`] reading into `buf` (of [`BUF_SIZE`] bytes; what it holds is ignored)
    /// instead of a new buffer.
    pub(super) fn with_buffer(src: R, buf: Box<[u8]>) -> Input<R> {
        debug_assert_eq!(buf.len(), BUF_SIZE);
        Input {
            src,
            buf,
            pos: 0,
            len: 0,
            eof: false,
            base: 0,
            line: 1,
            line_start: 0,
            scratch: Vec::new(),
            max_text: DEFAULT_MAX_TEXT,
        }
    }

    /// Numbers the input's first byte as `start` (line and column).
    pub(super) fn start_at(&mut self, start: TextPos) {
        self.line = start.line;
        self.line_start = 1 - start.column as i64;
    }

    pub(super) fn text_pos(&self, i: usize) -> TextPos {
        let abs = (self.base + i as u64) as i64;
        TextPos {
            line: self.line,
            column: (abs - self.line_start + 1) as u64,
        }
    }

    pub(super) fn at_line_start(&self) -> bool {
        (self.base + self.pos as u64) as i64 == self.line_start
    }

    pub(super) fn newline_at(&mut self, i: usize) {
        self.line += 1;
        self.line_start = (self.base + i as u64) as i64 + 1;
    }

    /// The index of the `}` that closes a comment whose text starts at `from`, if it comes
    /// within the buffer and before the end of the line.
    #[inline]
    pub(super) fn brace_on_line(&self, from: usize) -> Option<usize> {
        let hay = &self.buf[from..self.len];
        match find2(b'}', b'\n', hay) {
            Some(k) if hay[k] == b'}' => Some(from + k),
            _ => None,
        }
    }

    /// Counts the lines that end in `buf[from..to]` (the last newline searched for first, so
    /// a text without any costs one short search).
    fn count_lines(&mut self, from: usize, to: usize) {
        if let Some(last) = memrchr(b'\n', &self.buf[from..to]) {
            let n = memchr_iter(b'\n', &self.buf[from..=from + last]).count();
            self.line += n as u64;
            self.line_start = (self.base + (from + last) as u64) as i64 + 1;
        }
    }

    /// Drops the consumed bytes and reads more.
    pub(super) fn fill(&mut self) -> io::Result<()> {
        if self.eof {
            return Ok(());
        }
        if self.pos > 0 {
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
    pub(super) fn ensure_lookahead(&mut self) -> io::Result<()> {
        if self.len - self.pos < LOOKAHEAD && !self.eof {
            self.fill()?;
        }
        Ok(())
    }

    /// Consumes bytes up to the first `stop1` or `stop2` (left unconsumed) or the end of
    /// input. With `escape`, a backslash makes a following `"` or backslash ordinary. With
    /// `keep`, the bytes are available afterwards through [`Input::taken`], up to the text
    /// limit. Unless a newline is a stop byte, the newlines passed are counted as lines.
    pub(super) fn take(
        &mut self,
        stop1: u8,
        stop2: u8,
        escape: bool,
        keep: bool,
    ) -> io::Result<Taken> {
        if self.len - self.pos < TEXT_ROOM && !self.eof {
            self.fill()?;
        }
        // Newlines inside the text (a `{}` comment's) are counted over what was passed.
        let newlines = stop1 != b'\n' && stop2 != b'\n' && !escape;
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
                find3(stop1, stop2, b'\\', hay)
            } else if stop1 == stop2 {
                memchr(stop1, hay)
            } else {
                find2(stop1, stop2, hay)
            };
            match hit {
                Some(k) if escape && hay[k] == b'\\' => {
                    i += k + 1;
                    skip_next = true;
                }
                Some(k) => {
                    let end = i + k;
                    if newlines {
                        self.count_lines(i, end);
                    }
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
                    if newlines {
                        self.count_lines(i, end);
                    }
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

    pub(super) fn taken(&self, t: &Taken) -> &[u8] {
        match t.in_buf {
            Some((s, e)) => &self.buf[s..e],
            None => &self.scratch,
        }
    }

    /// The end of the token run starting at `from` (within the buffer), and whether it is
    /// longer than [`TOKEN_MAX`].
    #[inline]
    pub(super) fn symbol_end(&self, from: usize) -> (usize, bool) {
        let limit = self.len.min(from + TOKEN_MAX + 1);
        let run = self.buf[from..limit]
            .iter()
            .position(|&c| !SYMBOL[c as usize])
            .unwrap_or(limit - from);
        (from + run, run > TOKEN_MAX)
    }

    /// Skips the rest of an over-long token.
    pub(super) fn skip_symbols(&mut self) -> io::Result<()> {
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

    pub(super) fn peek(&self) -> Option<u8> {
        self.buf[self.pos..self.len].first().copied()
    }

    pub(super) fn skip_blanks(&mut self) {
        while self.pos < self.len && matches!(self.buf[self.pos], b' ' | b'\t') {
            self.pos += 1;
        }
    }

    /// Skips a `%` escape line (left at its newline).
    pub(super) fn skip_line(&mut self) -> io::Result<()> {
        self.take(b'\n', b'\n', false, false).map(|_| ())
    }
}

/// Where `a` or `b` first occurs in `hay`. Comments and tag values are mostly short (a
/// Lichess comment `{ [%eval 0.17] [%clk 0:02:59] }` is 30 bytes), and for those the
/// run-time choice of `memchr2` costs more than the search: on x86-64 the SSE2 searcher,
/// which every x86-64 processor has, is called directly.
#[inline]
pub(super) fn find2(a: u8, b: u8, hay: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some(two) = memchr::arch::x86_64::sse2::memchr::Two::new(a, b) {
        return two.find(hay);
    }
    memchr2(a, b, hay)
}

/// Where `a`, `b` or `c` first occurs in `hay`: [`find2`] for three bytes.
#[inline]
pub(super) fn find3(a: u8, b: u8, c: u8, hay: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some(three) = memchr::arch::x86_64::sse2::memchr::Three::new(a, b, c) {
        return three.find(hay);
    }
    memchr3(a, b, c, hay)
}

/// Appends `bytes` to `out` up to `limit` bytes in all, noting when some were dropped.
pub(super) fn keep_capped(out: &mut Vec<u8>, bytes: &[u8], limit: usize, truncated: &mut bool) {
    let room = limit.saturating_sub(out.len());
    if bytes.len() > room {
        *truncated = true;
    }
    out.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `find2` and `find3` find the first of their bytes wherever it stands, before, at and
    /// past the word-at-a-time stretch, among bytes of every value (a byte one above a stop
    /// byte is where a word-at-a-time search would go wrong).
    #[test]
    fn find2_and_find3_find_the_first_stop_byte() {
        let fillers = [
            b'a',
            b'{',
            b'|',
            b'~',
            0x80,
            0xff,
            0,
            b'\t',
            b'!',
            b'#',
            b'"' + 1,
        ];
        for len in 0..150 {
            for &filler in &fillers {
                let mut hay = vec![filler; len];
                assert_eq!(find2(b'}', b'\n', &hay), None, "len {len}");
                assert_eq!(find3(b'"', b'\n', b'\\', &hay), None, "len {len}");
                for at in 0..len {
                    for (stop, second) in [(b'}', b'\n'), (b'\n', b'}')] {
                        hay[at] = stop;
                        if at + 1 < len {
                            hay[at + 1] = second;
                        }
                        assert_eq!(find2(b'}', b'\n', &hay), Some(at), "len {len} at {at}");
                        hay.fill(filler);
                    }
                    for stop in [b'"', b'\n', b'\\'] {
                        hay[at] = stop;
                        assert_eq!(
                            find3(b'"', b'\n', b'\\', &hay),
                            Some(at),
                            "len {len} at {at}"
                        );
                        hay[at] = filler;
                    }
                }
            }
        }
    }
}
