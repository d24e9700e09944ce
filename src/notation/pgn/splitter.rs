//! The game splitter: a [`PgnReader`] that skips every game and keeps its raw bytes.

use std::io::{self, Read};

use super::reader::Capture;
use super::{PgnReader, TextPos};

/// The default limit on a game's raw bytes.
const DEFAULT_MAX_GAME: usize = 1 << 26;

/// One game's raw bytes, as [`GameSplitter`] cuts them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawGame {
    /// The game's bytes, from its first token (or a comment before its tags) to its end.
    pub bytes: Vec<u8>,
    /// Where those bytes start in the file.
    pub start: TextPos,
    /// Whether the game was longer than the splitter's limit and was cut.
    pub truncated: bool,
}

impl Default for TextPos {
    fn default() -> TextPos {
        TextPos::START
    }
}

/// Cuts a PGN stream into games, with exactly the boundaries of [`PgnReader`] (it is one,
/// skipping), for parsing in parallel with [`PgnReader::with_start`].
///
/// ```
/// use vdmchess::notation::pgn::{GameSplitter, TextPos};
/// let mut split = GameSplitter::new("1. e4 1-0\n\n[Event \"x\"]\n1. d4 *\n".as_bytes());
/// let a = split.next_game().unwrap().unwrap();
/// assert_eq!((a.bytes.as_slice(), a.start), (&b"1. e4 1-0"[..], TextPos { line: 1, column: 1 }));
/// let b = split.next_game().unwrap().unwrap();
/// assert_eq!(b.bytes, b"[Event \"x\"]\n1. d4 *");
/// assert_eq!(b.start.line, 3);
/// assert!(split.next_game().unwrap().is_none());
/// ```
pub struct GameSplitter<R> {
    reader: PgnReader<R>,
}

impl<R: Read> GameSplitter<R> {
    /// A splitter over `src`, cutting games longer than 64 MiB (and saying so).
    pub fn new(src: R) -> GameSplitter<R> {
        let mut reader = PgnReader::new(src);
        reader.capture = Some(Capture {
            bytes: Vec::new(),
            from: None,
            start: TextPos::START,
            limit: DEFAULT_MAX_GAME,
            truncated: false,
        });
        GameSplitter { reader }
    }

    /// Sets the longest game kept, in bytes.
    pub fn set_max_game_len(&mut self, bytes: usize) {
        if let Some(c) = &mut self.reader.capture {
            c.limit = bytes;
        }
    }

    /// The next game into `out` (whose bytes are replaced, so its allocation is reused);
    /// `Ok(false)` at the end of input.
    ///
    /// # Errors
    ///
    /// Only I/O errors of the source.
    pub fn next_into(&mut self, out: &mut RawGame) -> io::Result<bool> {
        if let Some(c) = &mut self.reader.capture {
            std::mem::swap(&mut c.bytes, &mut out.bytes);
        }
        let found = self.reader.skip_game()?;
        if let Some(c) = &mut self.reader.capture {
            std::mem::swap(&mut c.bytes, &mut out.bytes);
            out.start = c.start;
            out.truncated = c.truncated;
        }
        if !found {
            out.bytes.clear();
        }
        Ok(found)
    }

    /// The next game; `Ok(None)` at the end of input.
    ///
    /// # Errors
    ///
    /// Only I/O errors of the source.
    pub fn next_game(&mut self) -> io::Result<Option<RawGame>> {
        let mut out = RawGame::default();
        Ok(self.next_into(&mut out)?.then_some(out))
    }
}

impl<R: Read> Iterator for GameSplitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        self.next_game().transpose()
    }
}
