//! Cutting a PGN stream into chunks of whole games for parallel replay, at a fraction of the
//! cost of reading it.
//!
//! A chunk ends just before a line that starts with `[` when that line is outside any comment
//! and the last content before it (outside comments) was not a tag pair. There the reader
//! ([`crate::notation::pgn::PgnReader`]) is always between two games: in movetext a `[` ends
//! the game, and a tag section goes on over blank and comment lines, which is why the line
//! before must not be a tag. So reading the chunks one after the other gives exactly the games
//! of reading the stream whole. The scan tracks only what can hide a `[`: `{}` comments, `;`
//! and `%` comments to the end of the line, and quoted tag values.
//!
//! Memory is bounded: a chunk is cut at the first boundary past [`CHUNK_BYTES`], and a stretch
//! with no boundary at all is cut at [`MAX_CHUNK_BYTES`] (one game of 64 MiB, which the reader
//! of the pieces then reports as broken).

use std::io::{self, Read};

use memchr::{memchr, memchr3, memchr_iter};

/// The size past which a chunk ends at its next boundary.
pub const CHUNK_BYTES: usize = 1 << 19;
/// The size at which a chunk ends even without a boundary.
pub const MAX_CHUNK_BYTES: usize = 1 << 26;

/// One chunk of whole games.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Chunk {
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The 1-based line of the stream where the chunk starts (always at column 1).
    pub line: u64,
}

/// Cuts a stream into [`Chunk`]s of whole games.
///
/// ```
/// use vdmchess::runner::chunk::Chunker;
/// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n{ [not a tag }\n1. d4 *\n";
/// let mut chunker = Chunker::with_chunk_size(pgn.as_bytes(), 1);
/// let a = chunker.next_chunk().unwrap().unwrap();
/// assert_eq!((a.bytes.as_slice(), a.line), (&b"[Event \"a\"]\n\n1. e4 *\n\n"[..], 1));
/// let b = chunker.next_chunk().unwrap().unwrap();
/// assert_eq!(b.line, 5);
/// assert!(chunker.next_chunk().unwrap().is_none());
/// ```
pub struct Chunker<R> {
    src: R,
    buf: Vec<u8>,
    /// How much of `buf` the state machine has seen.
    scanned: usize,
    /// The boundaries found in `buf`: byte offsets, increasing, each with the number of
    /// newlines in `buf` before it.
    boundaries: Vec<(usize, u64)>,
    /// Newlines in `buf[..scanned]`.
    newlines: u64,
    /// Inside a `{}` comment at the end of what was scanned.
    in_comment: bool,
    /// No line scanned yet (a byte order mark may come first).
    at_stream_start: bool,
    /// Whether the last line with content outside comments was a tag pair.
    last_content_was_tag: bool,
    /// The line where `buf` starts.
    line: u64,
    eof: bool,
    chunk_bytes: usize,
}

impl<R: Read> Chunker<R> {
    /// A chunker over `src` with chunks of about [`CHUNK_BYTES`].
    pub fn new(src: R) -> Chunker<R> {
        Chunker::with_chunk_size(src, CHUNK_BYTES)
    }

    /// A chunker whose chunks end at the first boundary past `bytes`.
    pub fn with_chunk_size(src: R, bytes: usize) -> Chunker<R> {
        Chunker {
            src,
            buf: Vec::new(),
            scanned: 0,
            boundaries: Vec::new(),
            newlines: 0,
            in_comment: false,
            at_stream_start: true,
            last_content_was_tag: false,
            line: 1,
            eof: false,
            chunk_bytes: bytes.max(1),
        }
    }

    /// The next chunk; `Ok(None)` at the end of the stream.
    ///
    /// # Errors
    ///
    /// The I/O errors of the source.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        loop {
            let wanted = self.chunk_bytes;
            if let Some(&b) = self.boundaries.iter().find(|&&(b, _)| b >= wanted) {
                return Ok(Some(self.cut(b)));
            }
            if self.eof || self.buf.len() >= MAX_CHUNK_BYTES {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                let end = self.buf.len();
                let newlines = memchr_iter(b'\n', &self.buf).count() as u64;
                return Ok(Some(self.cut((end, newlines))));
            }
            self.fill()?;
        }
    }

    fn fill(&mut self) -> io::Result<()> {
        let want = self.chunk_bytes.clamp(1 << 16, 1 << 20) as u64;
        let n = loop {
            match (&mut self.src).take(want).read_to_end(&mut self.buf) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        if n == 0 {
            self.eof = true;
        }
        self.scan();
        Ok(())
    }

    /// Takes `buf[..end]`, which holds `newlines` newlines, as a chunk, keeping the rest.
    fn cut(&mut self, (end, newlines): (usize, u64)) -> Chunk {
        let rest = self.buf.split_off(end);
        let bytes = std::mem::replace(&mut self.buf, rest);
        let chunk = Chunk {
            line: self.line,
            bytes,
        };
        self.line += newlines;
        self.scanned -= end;
        self.newlines -= newlines;
        self.boundaries.retain(|&(b, _)| b > end);
        for (b, n) in &mut self.boundaries {
            *b -= end;
            *n -= newlines;
        }
        chunk
    }

    /// Scans the complete lines not yet seen (and, at the end of input, the last one).
    fn scan(&mut self) {
        let mut i = self.scanned;
        while i < self.buf.len() {
            let end = match memchr(b'\n', &self.buf[i..]) {
                Some(n) => i + n,
                None if self.eof => self.buf.len(),
                None => break,
            };
            self.scan_line(i, end);
            if end < self.buf.len() {
                self.newlines += 1;
            }
            i = end + 1;
        }
        self.scanned = i.min(self.buf.len());
    }

    /// One line, `buf[start..end]` (without its newline).
    fn scan_line(&mut self, start: usize, end: usize) {
        // Whether the line has content outside comments, and whether its last content is a
        // tag pair (then a tag section goes on at the next line).
        let mut line_has_content = false;
        let mut last_is_tag = false;
        let mut i = start;
        let first_line = self.at_stream_start;
        if first_line {
            self.at_stream_start = false;
            if self.buf[start..end].starts_with(b"\xef\xbb\xbf") {
                i += 3;
            }
        }
        let line_start = i;
        while i < end {
            if self.in_comment {
                match memchr(b'}', &self.buf[i..end]) {
                    Some(n) => {
                        self.in_comment = false;
                        i += n + 1;
                    }
                    None => break,
                }
                continue;
            }
            if i == line_start && self.buf[i] == b'%' {
                break;
            }
            let stop = memchr3(b'{', b';', b'[', &self.buf[i..end]).map_or(end, |n| i + n);
            if self.buf[i..stop]
                .iter()
                .any(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            {
                line_has_content = true;
                last_is_tag = false;
            }
            if stop == end {
                break;
            }
            match self.buf[stop] {
                b';' => break,
                b'{' => {
                    self.in_comment = true;
                    i = stop + 1;
                }
                _ => {
                    if stop == line_start && !first_line && !self.last_content_was_tag {
                        self.boundaries.push((stop, self.newlines));
                    }
                    line_has_content = true;
                    last_is_tag = true;
                    i = self.skip_tag(stop + 1, end);
                }
            }
        }
        if line_has_content {
            self.last_content_was_tag = last_is_tag;
        }
    }

    /// Skips a tag pair's name and quoted value (with `\"` escapes) up to its `]`; returns
    /// where scanning goes on (the end of the line at the latest).
    fn skip_tag(&self, mut i: usize, end: usize) -> usize {
        let mut quoted = false;
        while i < end {
            let c = self.buf[i];
            if quoted {
                match c {
                    b'\\' => i += 1,
                    b'"' => quoted = false,
                    _ => {}
                }
            } else {
                match c {
                    b'"' => quoted = true,
                    b']' => return i + 1,
                    _ => {}
                }
            }
            i += 1;
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str, size: usize) -> Vec<(String, u64)> {
        let mut c = Chunker::with_chunk_size(text.as_bytes(), size);
        let mut out = Vec::new();
        while let Some(chunk) = c.next_chunk().unwrap() {
            out.push((String::from_utf8(chunk.bytes).unwrap(), chunk.line));
        }
        out
    }

    #[test]
    fn cuts_only_between_games() {
        let pgn = "[A \"1\"]\n[B \"2\"]\n\n[C \"3\"]\n1. e4 *\n[D \"4\"]\n\n1. d4 *\n";
        let got = chunks(pgn, 1);
        assert_eq!(
            got,
            [
                (
                    "[A \"1\"]\n[B \"2\"]\n\n[C \"3\"]\n1. e4 *\n".to_string(),
                    1
                ),
                ("[D \"4\"]\n\n1. d4 *\n".to_string(), 6)
            ]
        );
    }

    #[test]
    fn brackets_in_comments_and_tag_values_are_not_boundaries() {
        let pgn = "1. e4 {\n[x]\n} ; [y\n%\n[Event \"a]\\\"{\"]\n{c}\n[Site \"b\"]\n1. d4 *\n";
        let got = chunks(pgn, 1);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[1].0.starts_with("[Event"));
        assert_eq!(got[1].1, 5);
    }

    #[test]
    fn a_tag_section_goes_on_after_a_bom_or_a_tag_inside_a_line() {
        for pgn in [
            "\u{feff}[Event \"x\"]\n[Site \"y\"]\n1. e4 *\n",
            "1. e4 *\n}[Event \"x\"]\n[Site \"y\"]\n1. d4 *\n",
            "1. e4 [Event \"x\"]\n[Site \"y\"]\n1. d4 *\n",
        ] {
            assert_eq!(chunks(pgn, 1).len(), 1, "{pgn:?}");
        }
        // Moves after a tag on the same line end the tag section.
        assert_eq!(
            chunks("[Event \"x\"] 1. e4 *\n[Event \"y\"]\n1. d4 *\n", 1).len(),
            2
        );
    }

    #[test]
    fn keeps_every_byte_in_order_whatever_the_chunk_size() {
        let one = "[Event \"x\"]\n\n1. e4 e5 {c} 2. Nf3 *\n\n";
        let text = one.repeat(50);
        for size in [1, 7, 100, 1 << 20] {
            let joined: String = chunks(&text, size).into_iter().map(|(s, _)| s).collect();
            assert_eq!(joined, text);
        }
        assert_eq!(chunks(&text, 1).len(), 50);
        assert!(chunks("", 1).is_empty());
    }
}
