//! Cutting a PGN stream into chunks that can be read apart, for parallel replay.
//!
//! The cut is a guess checked by the reader. [`Chunker`] cuts before a line that looks like
//! the first tag pair of a game: it starts with `[` and a letter, and the last line before it
//! with any content is not a tag pair (a tag section goes on over blank lines). Finding one
//! costs a look at the bytes near the wanted chunk size, not a scan of the whole chunk. When
//! none comes within a quarter of a chunk past the size (games without tag pairs, or one long
//! game), it cuts before any line that starts with `[`, or before a line that follows one
//! ending in a result token ([`ChunkEnd`]).
//!
//! A guess can be wrong: the line may lie inside a `{}` comment, or in a tag section after a
//! comment line. The reader of the chunk before the cut knows: at the end of its input it is
//! in a comment or a tag section ([`PgnReader::ended_open`]). Anywhere else, a line that
//! starts with `[` ends the game read so far exactly as the end of input did, so reading the
//! chunks apart gives the games of reading the stream whole. [`read_chunk`] reads a chunk and
//! records where its open end began; [`Stitcher`] takes the chunks in stream order and, after
//! an open end, reads that last game again with the next chunk joined on. Real files almost
//! never need it; hostile ones cost a re-read of the joined part. A cut after a result token
//! is right when the reader ends between games with no comment held for the next game
//! ([`PgnReader::ended_holding_comments`]); else it counts as open too.
//!
//! A game that ends open chunk after chunk (one unclosed `{` makes the rest of a file a
//! comment) would cost a re-read of all of it at every chunk. Past [`join_limit`] bytes held
//! back, [`read_on`] reads that game on one thread, going on into the rest of the stream as
//! far as it goes, and chunking starts again after it. So the games are always those of
//! reading the stream whole, and memory stays bounded: a chunk ends at the first likely game
//! start past [`CHUNK_BYTES`] (a stretch without any line starting with `[` is cut at a line
//! end at 128 chunk sizes, [`MAX_CHUNK_BYTES`], and such a cut counts as open), and no more
//! than the join limit is held back.

use std::io::{self, Chain, Cursor, Read};

use memchr::{memchr_iter, memrchr};

use crate::notation::pgn::{PgnReader, TextPos, Visitor};

/// The size past which a chunk ends at its next likely game start.
pub const CHUNK_BYTES: usize = 1 << 19;
/// The size at which a chunk of [`CHUNK_BYTES`] ends even without a game start: 128 chunk
/// sizes.
pub const MAX_CHUNK_BYTES: usize = CHUNK_BYTES * 128;

/// How many bytes of a game that ends open may be held back and joined to the next chunk,
/// for chunks of `chunk_bytes`: sixteen chunks' worth.
#[must_use]
pub fn join_limit(chunk_bytes: usize) -> usize {
    chunk_bytes.saturating_mul(16)
}
/// How much is read from the source at a time.
const READ_BYTES: usize = 1 << 16;

/// One chunk of the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// The bytes.
    pub bytes: Vec<u8>,
    /// Where the chunk starts in the stream (column 1, but for where a chunker started).
    pub start: TextPos,
    /// How the chunk ends, which says what its reading must check.
    pub end: ChunkEnd,
}

/// How a [`Chunk`] ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkEnd {
    /// At the end of the stream.
    Stream,
    /// Before a line that starts with `[`: the cut is right unless the reader ends open
    /// ([`PgnReader::ended_open`]).
    Bracket,
    /// Before a line that follows one ending in a result token (in a stretch without lines
    /// starting with `[`): the cut is right when the reader ends between games, with no
    /// comment held for the next game.
    AfterResult,
    /// At a line end, after 128 chunk sizes without either: the next chunk may go on with
    /// this one's last game.
    Forced,
}

/// Cuts a stream into [`Chunk`]s, each (but the last) ending before a line that likely
/// starts a game.
///
/// ```
/// use vdmchess::runner::chunk::Chunker;
/// let pgn = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. d4 *\n";
/// let mut chunker = Chunker::with_chunk_size(pgn.as_bytes(), 1);
/// let a = chunker.next_chunk().unwrap().unwrap();
/// assert_eq!((a.bytes.as_slice(), a.start.line), (&b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n"[..], 1));
/// let b = chunker.next_chunk().unwrap().unwrap();
/// assert_eq!((b.bytes.as_slice(), b.start.line), (&b"[Event \"c\"]\n\n1. d4 *\n"[..], 6));
/// assert!(chunker.next_chunk().unwrap().is_none());
/// ```
pub struct Chunker<R> {
    src: R,
    /// The bytes read and not yet handed out are `buf[..filled]`; the rest of `buf` is room
    /// already initialized (so reading into it needs no zeroing first).
    buf: Vec<u8>,
    filled: usize,
    /// Where the search for a likely game start goes on in `buf`.
    searched: usize,
    /// Where the search for any line starting with `[` goes on in `buf`.
    searched_any: usize,
    /// Where `buf` starts.
    start: TextPos,
    eof: bool,
    chunk_bytes: usize,
    /// Buffers given back, to fill again.
    spares: Vec<Vec<u8>>,
}

impl<R: Read> Chunker<R> {
    /// A chunker over `src` with chunks of about [`CHUNK_BYTES`].
    pub fn new(src: R) -> Chunker<R> {
        Chunker::with_chunk_size(src, CHUNK_BYTES)
    }

    /// A chunker over `src`, which starts at `start` in the stream, with chunks that end at
    /// the first likely game start past `bytes`.
    pub fn with_start(src: R, bytes: usize, start: TextPos) -> Chunker<R> {
        let mut chunker = Chunker::with_chunk_size(src, bytes);
        chunker.start = start;
        chunker
    }

    /// The bytes read and not handed out yet, and the source: the stream from there on.
    pub fn into_parts(mut self) -> (Vec<u8>, R) {
        self.buf.truncate(self.filled);
        (self.buf, self.src)
    }

    /// A chunker whose chunks end at the first likely game start past `bytes`.
    pub fn with_chunk_size(src: R, bytes: usize) -> Chunker<R> {
        Chunker {
            src,
            buf: Vec::new(),
            filled: 0,
            searched: 0,
            searched_any: 0,
            start: TextPos::START,
            eof: false,
            chunk_bytes: bytes.max(1),
            spares: Vec::new(),
        }
    }

    /// The next chunk; `Ok(None)` at the end of the stream.
    ///
    /// # Errors
    ///
    /// The I/O errors of the source.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        loop {
            if self.filled >= self.chunk_bytes {
                if let Some((cut, end)) = self.find_cut() {
                    return Ok(Some(self.cut(cut, end)));
                }
            }
            if self.eof || self.filled >= self.chunk_bytes.saturating_mul(128) {
                if self.filled == 0 {
                    return Ok(None);
                }
                let end = if self.eof {
                    self.filled
                } else {
                    memrchr(b'\n', &self.buf[..self.filled]).map_or(self.filled, |i| i + 1)
                };
                let how = if self.eof {
                    ChunkEnd::Stream
                } else {
                    ChunkEnd::Forced
                };
                return Ok(Some(self.cut(end, how)));
            }
            self.fill()?;
        }
    }

    fn fill(&mut self) -> io::Result<()> {
        if self.buf.capacity() == 0 {
            self.buf = self.new_buffer();
        }
        let filled = self.filled;
        if self.buf.len() < filled + READ_BYTES {
            self.buf.resize(filled + READ_BYTES, 0);
        }
        let n = loop {
            match self.src.read(&mut self.buf[filled..filled + READ_BYTES]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        };
        self.filled += n;
        if n == 0 {
            self.eof = true;
        }
        Ok(())
    }

    /// A buffer for a chunk: one given back (its bytes are room to read into), or a new one.
    fn new_buffer(&mut self) -> Vec<u8> {
        let mut buf = self.spares.pop().unwrap_or_default();
        let room = self.chunk_bytes.min(1 << 24) + 2 * READ_BYTES;
        buf.reserve(room.saturating_sub(buf.len()));
        buf
    }

    /// Takes back the buffer of a chunk that is done with, to fill again (at most a few are
    /// kept).
    pub fn give_back(&mut self, buf: Vec<u8>) {
        if self.spares.len() < 8 {
            self.spares.push(buf);
        }
    }

    /// The first likely game start at or past the chunk size; or, once a quarter of a chunk
    /// more has been read without one, the first line that starts with `[` or follows a line
    /// ending in a result token.
    fn find_cut(&mut self) -> Option<(usize, ChunkEnd)> {
        // A newline at `i` is looked at once `buf[i + 2]` (the letter after a `[`) is read.
        let buf = &self.buf[..self.filled];
        let until = buf.len().saturating_sub(2);
        let found = line_starts(
            buf,
            &mut self.searched,
            self.chunk_bytes,
            until,
            |buf, at| {
                (buf[at] == b'[' && likely_game_start(buf, at)).then_some((at, ChunkEnd::Bracket))
            },
        );
        if found.is_some() || buf.len() < self.chunk_bytes.saturating_add(self.chunk_bytes / 4) {
            return found;
        }
        line_starts(
            buf,
            &mut self.searched_any,
            self.chunk_bytes,
            until,
            |buf, at| {
                if buf[at] == b'[' {
                    Some((at, ChunkEnd::Bracket))
                } else {
                    ends_with_result(buf, at).then_some((at, ChunkEnd::AfterResult))
                }
            },
        )
    }

    /// Hands out `buf[..end]`, keeping the rest.
    fn cut(&mut self, end: usize, how: ChunkEnd) -> Chunk {
        let mut rest = self.new_buffer();
        let kept = self.filled - end;
        if rest.len() < kept {
            rest.resize(kept, 0);
        }
        rest[..kept].copy_from_slice(&self.buf[end..self.filled]);
        let mut bytes = std::mem::replace(&mut self.buf, rest);
        bytes.truncate(end);
        self.filled = kept;
        let chunk = Chunk {
            start: self.start,
            bytes,
            end: how,
        };
        let newlines = memchr_iter(b'\n', &chunk.bytes).count() as u64;
        self.start = if newlines == 0 {
            TextPos {
                line: self.start.line,
                column: self.start.column + end as u64,
            }
        } else {
            TextPos {
                line: self.start.line + newlines,
                column: 1,
            }
        };
        self.searched = 0;
        self.searched_any = 0;
        chunk
    }
}

/// The first line start `at` at or past `chunk_bytes` (after a newline in
/// `buf[searched..until]`) for which `cut` says where to cut; `searched` moves on to `until`
/// when there is none, so no byte is looked at twice.
fn line_starts(
    buf: &[u8],
    searched: &mut usize,
    chunk_bytes: usize,
    until: usize,
    cut: impl Fn(&[u8], usize) -> Option<(usize, ChunkEnd)>,
) -> Option<(usize, ChunkEnd)> {
    let from = (*searched).max(chunk_bytes - 1);
    if from >= until {
        return None;
    }
    let found = memchr_iter(b'\n', &buf[from..until]).find_map(|i| cut(buf, from + i + 1));
    if found.is_none() {
        *searched = until;
    }
    found
}

/// Whether the line before the one at `at` ends in a result token (`1-0`, `0-1`, `1/2-1/2`,
/// `*`) after white space.
fn ends_with_result(buf: &[u8], at: usize) -> bool {
    let start = memrchr(b'\n', &buf[..at - 1]).map_or(0, |i| i + 1);
    let line = buf[start..at - 1].trim_ascii_end();
    let token = line
        .rsplit(|b| b.is_ascii_whitespace())
        .next()
        .unwrap_or(b"");
    matches!(token, b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
}

/// Whether the line at `at` (which starts with `[`) looks like the first tag pair of a game:
/// a letter follows the `[`, and the closest line before it with any content does not start
/// with `[`.
fn likely_game_start(buf: &[u8], at: usize) -> bool {
    if !buf.get(at + 1).is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    // `buf[at - 1]` is the newline ending the line before.
    let mut end = at - 1;
    loop {
        let start = memrchr(b'\n', &buf[..end]).map_or(0, |i| i + 1);
        let line = &buf[start..end];
        match line
            .iter()
            .find(|&&b| !matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
        {
            Some(&first) => return first != b'[',
            None if start == 0 => return true,
            None => end = start - 1,
        }
    }
}

/// The reading of one chunk on its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChunkGames<T> {
    /// What the visitor made of each game, in order.
    pub games: Vec<T>,
    /// `Some` when the chunk ended open ([`PgnReader::ended_open`]).
    pub open: Option<OpenEnd>,
}

/// Where the reading that met an open end began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenEnd {
    /// The byte offset in the chunk.
    pub offset: usize,
    /// Its line and column in the stream.
    pub start: TextPos,
    /// Whether that reading gave the last game of [`ChunkGames::games`] (else it met the end
    /// before any game, in a comment).
    pub partial: bool,
}

/// Reads the games of a chunk, noting an open end (and, for a forced cut, taking the end as
/// open).
///
/// # Errors
///
/// None in practice: reading a slice does not fail.
pub fn read_chunk<V: Visitor>(chunk: &Chunk, v: &mut V) -> io::Result<ChunkGames<V::Output>> {
    read_bytes(&chunk.bytes, chunk.start, chunk.end, v)
}

fn read_bytes<V: Visitor>(
    bytes: &[u8],
    start: TextPos,
    how: ChunkEnd,
    v: &mut V,
) -> io::Result<ChunkGames<V::Output>> {
    let mut reader = PgnReader::with_start(bytes, start);
    // Real games take a few hundred bytes to a few kilobytes: room for most chunks' games
    // at once, or half of them.
    let mut games = Vec::with_capacity(bytes.len() / 1024 + 1);
    loop {
        let offset = reader.offset() as usize;
        let at = reader.position();
        let game = reader.read_game(v)?;
        // Whether this reading met the end of input where what follows could go on with it.
        let open = reader.ended_open()
            || match how {
                ChunkEnd::Stream | ChunkEnd::Bracket => false,
                ChunkEnd::AfterResult => {
                    if game.is_some() {
                        reader.offset() as usize == bytes.len()
                    } else {
                        reader.ended_holding_comments()
                    }
                }
                ChunkEnd::Forced => game.is_none() || reader.offset() as usize == bytes.len(),
            };
        let open = open.then_some(OpenEnd {
            offset,
            start: at,
            partial: game.is_some(),
        });
        match game {
            Some(game) => {
                games.push(game);
                if open.is_some() {
                    return Ok(ChunkGames { games, open });
                }
            }
            None => return Ok(ChunkGames { games, open }),
        }
    }
}

/// Puts the readings of consecutive chunks together into the games of the whole stream.
///
/// Give it each chunk, in stream order, with its reading by [`read_chunk`]; it passes on
/// every game that is final. After a chunk that ended open it holds that chunk's last game
/// back and reads it again joined to the next chunk. Check [`Stitcher::held_bytes`] against
/// [`join_limit`] after each chunk: past it, [`read_on`] reads the held game.
///
/// ```
/// use vdmchess::notation::pgn::{Game, GameBuilder};
/// use vdmchess::runner::chunk::{read_chunk, Chunker, Stitcher};
/// // The second `[` line is inside a comment: a wrong guess, mended by the stitcher.
/// let pgn = "[Event \"a\"]\n\n1. e4 {\n[Event \"no\"]\n} e5 *\n";
/// let mut chunker = Chunker::with_chunk_size(pgn.as_bytes(), 1);
/// let mut stitcher = Stitcher::new();
/// let mut games = Vec::new();
/// let mut builder = GameBuilder::default();
/// while let Some(chunk) = chunker.next_chunk().unwrap() {
///     let read = read_chunk(&chunk, &mut builder).unwrap();
///     let done_with = stitcher.push(chunk, read, &mut builder, &mut |g| games.push(g)).unwrap();
///     chunker.give_back(done_with.unwrap_or_default());
/// }
/// stitcher.finish(&mut |g| games.push(g));
/// assert_eq!(games, Game::read_all(pgn.as_bytes()).unwrap());
/// assert_eq!(games[0].lines[0].items.len(), 3);
/// ```
#[derive(Debug)]
pub struct Stitcher<T> {
    held: Option<Held<T>>,
}

#[derive(Debug)]
struct Held<T> {
    /// The bytes from where the open reading began.
    bytes: Vec<u8>,
    start: TextPos,
    /// The game that reading gave, if any.
    partial: Option<T>,
}

impl<T> Default for Stitcher<T> {
    fn default() -> Self {
        Stitcher { held: None }
    }
}

impl<T> Stitcher<T> {
    /// A stitcher at the start of a stream.
    #[must_use]
    pub fn new() -> Self {
        Stitcher::default()
    }

    /// Takes the next chunk and its reading, passing every final game to `emit`; `v` reads a
    /// held game again. The chunk's [`ChunkEnd`] says what its reading checked; a chunk cut
    /// by hand before a line that starts with `[` ends [`ChunkEnd::Bracket`]. Gives back the
    /// chunk's buffer when it is done with (for [`Chunker::give_back`]).
    ///
    /// # Errors
    ///
    /// None in practice: see [`read_chunk`].
    pub fn push<V: Visitor<Output = T>>(
        &mut self,
        chunk: Chunk,
        read: ChunkGames<T>,
        v: &mut V,
        emit: &mut dyn FnMut(T),
    ) -> io::Result<Option<Vec<u8>>> {
        let mut spare = None;
        let (bytes, read) = match self.held.take() {
            Some(held) => {
                let mut joined = held.bytes;
                joined.extend_from_slice(&chunk.bytes);
                spare = Some(chunk.bytes);
                let read = read_bytes(&joined, held.start, chunk.end, v)?;
                (joined, read)
            }
            None => (chunk.bytes, read),
        };
        let ChunkGames { mut games, open } = read;
        let partial = match open {
            Some(open) if open.partial => games.pop(),
            _ => None,
        };
        for game in games {
            emit(game);
        }
        match open {
            Some(open) => {
                let mut bytes = bytes;
                bytes.drain(..open.offset);
                self.held = Some(Held {
                    bytes,
                    start: open.start,
                    partial,
                });
                Ok(spare)
            }
            None => Ok(Some(bytes)),
        }
    }

    /// How many bytes are held back (from where the open reading began).
    #[must_use]
    pub fn held_bytes(&self) -> usize {
        self.held.as_ref().map_or(0, |h| h.bytes.len())
    }

    /// Gives up the held-back bytes and where they start, for [`read_on`] (the game read
    /// from them so far is dropped).
    pub fn take_held(&mut self) -> Option<(Vec<u8>, TextPos)> {
        self.held.take().map(|h| (h.bytes, h.start))
    }

    /// Ends the stream: passes on a game still held back.
    pub fn finish(&mut self, emit: &mut dyn FnMut(T)) {
        if let Some(game) = self.held.take().and_then(|h| h.partial) {
            emit(game);
        }
    }
}

/// The stream after a game read by [`read_on`]: the bytes read past the game, then the rest.
pub type After<R> = Chain<Cursor<Vec<u8>>, Chain<Cursor<Vec<u8>>, R>>;

/// Reads one game on this thread from `held` (which starts at `start`) going on into `rest`,
/// passes it to `emit`, and returns the stream after the game with where it starts.
///
/// # Errors
///
/// The I/O errors of `rest`.
pub fn read_on<R: Read, V: Visitor>(
    held: Vec<u8>,
    start: TextPos,
    rest: R,
    v: &mut V,
    emit: &mut dyn FnMut(V::Output),
) -> io::Result<(After<R>, TextPos)> {
    let mut reader = PgnReader::with_start(Cursor::new(held).chain(rest), start);
    if let Some(game) = reader.read_game(v)? {
        emit(game);
    }
    let at = reader.position();
    let (unread, src) = reader.into_parts();
    Ok((Cursor::new(unread).chain(src), at))
}

/// Reads `src` chunk by chunk on this thread, as the parallel runner does on many: the
/// games of reading the stream whole, in order.
///
/// # Errors
///
/// The I/O errors of the source.
pub fn read_chunked<R: Read, V: Visitor>(
    src: R,
    chunk_bytes: usize,
    v: &mut V,
    emit: &mut dyn FnMut(V::Output),
) -> io::Result<()> {
    let mut input: Box<dyn Read + '_> = Box::new(src);
    let mut start = TextPos::START;
    'stream: loop {
        let mut chunker = Chunker::with_start(input, chunk_bytes, start);
        let mut stitcher = Stitcher::new();
        while let Some(chunk) = chunker.next_chunk()? {
            let read = read_chunk(&chunk, v)?;
            if let Some(buf) = stitcher.push(chunk, read, v, emit)? {
                chunker.give_back(buf);
            }
            if stitcher.held_bytes() > join_limit(chunk_bytes) {
                let Some((held, at)) = stitcher.take_held() else {
                    continue;
                };
                let (unread, src) = chunker.into_parts();
                let (after, at) = read_on(held, at, Cursor::new(unread).chain(src), v, emit)?;
                input = Box::new(after);
                start = at;
                continue 'stream;
            }
        }
        stitcher.finish(emit);
        return Ok(());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str, size: usize) -> Vec<(String, u64)> {
        let mut c = Chunker::with_chunk_size(text.as_bytes(), size);
        let mut out = Vec::new();
        while let Some(chunk) = c.next_chunk().unwrap() {
            out.push((String::from_utf8(chunk.bytes).unwrap(), chunk.start.line));
        }
        out
    }

    #[test]
    fn cuts_before_a_first_tag_pair() {
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
    fn a_bracket_without_a_tag_name_is_a_cut_only_without_a_game_start_in_sight() {
        let pgn = "1. e4 {\n[%clk 0:01]\n} e5 *\n";
        assert_eq!(chunks(pgn, 10).len(), 1);
        assert_eq!(chunks(pgn, 2).len(), 2);
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

    #[test]
    fn a_stretch_without_any_tag_line_or_result_is_cut_at_a_line_end_at_the_limit() {
        let line = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8\n";
        let size = 1000;
        let text = line.repeat(200 * size / line.len());
        let mut c = Chunker::with_chunk_size(text.as_bytes(), size);
        let first = c.next_chunk().unwrap().unwrap();
        assert!(first.bytes.len() <= 128 * size + READ_BYTES);
        assert!(first.bytes.ends_with(b"\n"));
        assert_eq!(first.end, ChunkEnd::Forced);
        let second = c.next_chunk().unwrap().unwrap();
        assert_eq!(first.bytes.len() + second.bytes.len(), text.len());
        assert_eq!(
            second.start.line,
            1 + (first.bytes.len() / line.len()) as u64
        );
        assert_eq!(second.end, ChunkEnd::Stream);
    }

    #[test]
    fn games_without_tags_are_cut_after_a_result() {
        let text = "1. e4 e5 2. Nf3 *\n{ c }\n1. d4 1-0\n".repeat(100);
        let got = {
            let mut c = Chunker::with_chunk_size(text.as_bytes(), 100);
            let mut out = Vec::new();
            while let Some(chunk) = c.next_chunk().unwrap() {
                out.push(chunk);
            }
            out
        };
        assert!(got.len() > 5);
        for chunk in &got[..got.len() - 1] {
            assert_eq!(chunk.end, ChunkEnd::AfterResult);
            assert!(chunk.bytes.ends_with(b"*\n") || chunk.bytes.ends_with(b"1-0\n"));
        }
    }

    #[test]
    fn reading_notes_an_open_end_and_where_it_began() {
        use crate::notation::pgn::GameBuilder;
        let mut b = GameBuilder::default();
        let start = TextPos::START;
        // In a comment, after a game.
        let r = read_bytes(b"1. e4 *\n{ open\n", start, ChunkEnd::Bracket, &mut b).unwrap();
        assert_eq!(r.games.len(), 1);
        let open = r.open.unwrap();
        assert_eq!((open.offset, open.partial), (7, false));
        assert_eq!(open.start, TextPos { line: 1, column: 8 });
        // In a tag section.
        let r = read_bytes(
            b"1. e4 *\n[Event \"x\"]\n",
            start,
            ChunkEnd::Bracket,
            &mut b,
        )
        .unwrap();
        assert_eq!(r.games.len(), 2);
        assert!(r.open.unwrap().partial);
        // In movetext, and between games: not open.
        for text in [
            &b"1. e4 e5\n"[..],
            b"1. e4 *\n",
            b"1. e4 {c}\n",
            b"1. e4 ; {\n",
        ] {
            assert_eq!(
                read_bytes(text, start, ChunkEnd::Bracket, &mut b)
                    .unwrap()
                    .open,
                None
            );
        }
    }
}
