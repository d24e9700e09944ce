//! Polyglot opening books: reading `.bin` files, looking positions up, choosing a move by
//! weight, and writing books.
//!
//! # The format
//!
//! A Polyglot book is a file of 16-byte entries, each four big-endian numbers:
//!
//! | bytes | field      | meaning                                                     |
//! |-------|------------|-------------------------------------------------------------|
//! | 0-7   | `key`      | the position's Polyglot Zobrist key ([`Position::hash`])    |
//! | 8-9   | `raw_move` | the move: to-square in bits 0-5, from-square in bits 6-11, promotion in bits 12-14 |
//! | 10-11 | `weight`   | how often the move should be played, relative to the others |
//! | 12-15 | `learn`    | free for learning data; not used to choose                  |
//!
//! Squares are numbered a1 = 0, b1 = 1 ... h8 = 63; the promotion code is 1 knight, 2 bishop,
//! 3 rook, 4 queen (0: none). Castling is stored as the king taking its own rook (`e1h1`,
//! `e1a1`), which is exactly how a [`Move`] of kind [`MoveKind::Castle`]
//! names it, so a book needs no conversion for Chess960 either. The entries are sorted by key,
//! so the entries of a position are found by binary search; the order of the entries of one
//! key is the file's.
//!
//! # Reading as python-chess reads
//!
//! [`Book::entries`] gives a position's entries exactly as python-chess's
//! `chess.polyglot.MemoryMappedReader.find_all(board)` yields them (checked entry for entry on
//! Debian's `gnuchess-book` in `tests/book.rs`):
//!
//! - in the file's order (ascending key, then as stored);
//! - without the entries of weight 0 (a common way of deleting an entry without rewriting the
//!   book; [`Book::entries_with_minimum_weight`] with 0 keeps them);
//! - without the entries whose move is not legal in the position: a move of a piece that is
//!   not there, a null move or a drop (from-square = to-square), a promotion code above 4, a
//!   promotion of a piece that is not a pawn or a pawn move to the last rank without one.
//!   In standard chess the king's two-square move (`e1g1`) names castling too, as in UCI;
//!   in Chess960 only king-takes-rook does.
//!
//! # Bad files
//!
//! [`Book::open`] and [`Book::from_bytes`] check the whole file before answering anything: a
//! size that is not a multiple of 16 (a truncated file) or a key smaller than the one before
//! it (a file that is not a book, or a book a tool forgot to sort) is a [`BookError`] saying
//! where. An empty file is a valid book with no entries, as it is for python-chess: every
//! lookup answers nothing.
//!
//! # Examples
//!
//! A book written in memory, then read back:
//!
//! ```
//! use vdmchess::book::{Book, BookWriter};
//! use vdmchess::core::Position;
//! use vdmchess::notation::uci::UciMove;
//!
//! let start = Position::start();
//! let e4 = UciMove::from_ascii(b"e2e4")?.to_move(&start)?;
//! let d4 = UciMove::from_ascii(b"d2d4")?.to_move(&start)?;
//! let mut writer = BookWriter::new();
//! writer.add_move(&start, &e4, 3, 0).add_move(&start, &d4, 1, 0);
//! let book = Book::from_bytes(writer.to_bytes())?;
//!
//! let entries = book.entries(&start);
//! assert_eq!(entries.len(), 2);
//! assert_eq!((entries[0].mv, entries[0].weight), (e4, 3));
//! // A random number picks by weight: e2e4 three times in four.
//! assert_eq!(book.pick(&start, 0).map(|e| e.mv), Some(e4));
//! assert_eq!(book.pick(&start, u64::MAX).map(|e| e.mv), Some(d4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::core::Position;
use crate::notation::uci::UciMove;
use crate::rules::{Move, MoveKind};
use crate::types::{Role, Square};

/// The size of one Polyglot entry in bytes.
pub const ENTRY_SIZE: usize = 16;

/// One entry of a book as stored: no position is needed to read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct RawEntry {
    /// The Polyglot key of the position ([`Position::hash`]).
    pub key: u64,
    /// The move, encoded as [`encode_move`] describes.
    pub raw_move: u16,
    /// The relative weight with which the move is played; 0: never.
    pub weight: u16,
    /// Learning data; not used to choose.
    pub learn: u32,
}

impl RawEntry {
    /// The entry's 16 big-endian bytes.
    ///
    /// ```
    /// use vdmchess::book::RawEntry;
    /// let e = RawEntry { key: 0x463b96181691fc9c, raw_move: 0x031c, weight: 2, learn: 1 };
    /// assert_eq!(RawEntry::from_bytes(e.to_bytes()), e);
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut out = [0; ENTRY_SIZE];
        out[0..8].copy_from_slice(&self.key.to_be_bytes());
        out[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        out[10..12].copy_from_slice(&self.weight.to_be_bytes());
        out[12..16].copy_from_slice(&self.learn.to_be_bytes());
        out
    }

    /// The entry stored in 16 big-endian bytes.
    #[must_use]
    pub fn from_bytes(bytes: [u8; ENTRY_SIZE]) -> RawEntry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = bytes;
        RawEntry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }
}

/// An entry of a book read for a position: the stored fields and the legal move it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct BookEntry {
    /// The Polyglot key of the position ([`Position::hash`]).
    pub key: u64,
    /// The move as stored (castling as king takes rook).
    pub raw_move: u16,
    /// The relative weight with which the move is played.
    pub weight: u16,
    /// Learning data; not used to choose.
    pub learn: u32,
    /// The legal move `raw_move` names in the position.
    pub mv: Move,
}

impl BookEntry {
    /// The stored fields, without the move.
    #[must_use]
    pub fn raw(&self) -> RawEntry {
        RawEntry {
            key: self.key,
            raw_move: self.raw_move,
            weight: self.weight,
            learn: self.learn,
        }
    }
}

/// Why a book cannot be read.
#[derive(Debug)]
pub enum BookError {
    /// The file could not be read (missing, a directory, no permission ...).
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: io::Error,
    },
    /// The book could not be written to the file.
    Write {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: io::Error,
    },
    /// The size is not a multiple of 16 bytes: the file is truncated, or not a book.
    Size {
        /// The file, if the book was read from one.
        path: Option<PathBuf>,
        /// The size in bytes.
        size: u64,
    },
    /// An entry's key is smaller than the key of the entry before it: binary search would
    /// miss positions, so the book is refused.
    Unsorted {
        /// The file, if the book was read from one.
        path: Option<PathBuf>,
        /// The 0-based index of the first entry out of order (its byte offset is 16 times it).
        index: usize,
        /// Its key.
        key: u64,
        /// The key of the entry before it.
        previous_key: u64,
    },
}

impl BookError {
    /// The error with the file it came from.
    fn at(self, file: &Path) -> BookError {
        match self {
            BookError::Size { size, .. } => BookError::Size {
                path: Some(file.to_path_buf()),
                size,
            },
            BookError::Unsorted {
                index,
                key,
                previous_key,
                ..
            } => BookError::Unsorted {
                path: Some(file.to_path_buf()),
                index,
                key,
                previous_key,
            },
            io @ (BookError::Io { .. } | BookError::Write { .. }) => io,
        }
    }
}

/// The book's name in messages: its file, or "the book".
struct Where<'a>(&'a Option<PathBuf>);

impl fmt::Display for Where<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(path) => write!(f, "book {}", path.display()),
            None => f.write_str("book"),
        }
    }
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io { path, source } => {
                write!(f, "cannot read book {}: {source}", path.display())
            }
            BookError::Write { path, source } => {
                write!(f, "cannot write book {}: {source}", path.display())
            }
            BookError::Size { path, size } => write!(
                f,
                "{}: size {size} bytes is not a multiple of {ENTRY_SIZE} (a Polyglot entry is {ENTRY_SIZE} bytes; {} bytes after the last whole entry): truncated, or not a Polyglot book",
                Where(path),
                size % ENTRY_SIZE as u64
            ),
            BookError::Unsorted {
                path,
                index,
                key,
                previous_key,
            } => write!(
                f,
                "{}: entry {index} (byte offset {}) has key {key:016x}, smaller than the key {previous_key:016x} of entry {}: a Polyglot book is sorted by key",
                Where(path),
                index * ENTRY_SIZE,
                index - 1
            ),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Io { source, .. } | BookError::Write { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The Polyglot code of the move `mv` of the position `pos`: to-square in bits 0-5,
/// from-square in bits 6-11, the promotion in bits 12-14; castling as the king taking its own
/// rook.
///
/// A castling [`Move`] already names the rook's square; the position is asked only about a
/// king's move of two or more squares given as [`MoveKind::Normal`] (`e1g1` written by hand,
/// as UCI writes castling): when the king may castle to that square, the move is stored as
/// castling with its rook, so readers find it. Any other move is stored as it is, legal or not.
///
/// The promotion code is the role's [`Role::index`]: 1 knight, 2 bishop, 3 rook, 4 queen.
/// (A [`MoveKind::Promotion`] to a king or a pawn, which no legal move has, is written as 5
/// or 0, which readers reject or read as no promotion.)
///
/// ```
/// use vdmchess::book::encode_move;
/// use vdmchess::core::Position;
/// use vdmchess::notation::fen::parse_fen;
/// use vdmchess::{CastlingMode, Move, MoveKind, Role};
/// let sq = |s: &str| s.parse().unwrap();
/// let start = Position::start();
/// assert_eq!(encode_move(&Move::normal(sq("e2"), sq("e4")), &start), 0x031c);
/// let pos = Position::from_setup(&parse_fen("4k3/P7/8/8/8/8/8/4K2R w K - 0 1")?, CastlingMode::Standard)?;
/// let castle = Move { from: sq("e1"), to: sq("h1"), kind: MoveKind::Castle };
/// assert_eq!(encode_move(&castle, &pos), 0x0107);
/// assert_eq!(encode_move(&Move::normal(sq("e1"), sq("g1")), &pos), 0x0107);
/// let promotion = Move { from: sq("a7"), to: sq("a8"), kind: MoveKind::Promotion(Role::Queen) };
/// assert_eq!(encode_move(&promotion, &pos), 0x4c38);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn encode_move(mv: &Move, pos: &Position) -> u16 {
    let stored = match mv.kind {
        MoveKind::Normal
            if mv.from.rank() == mv.to.rank() && mv.from.file().abs_diff(mv.to.file()) >= 2 =>
        {
            castling_to(pos, mv).unwrap_or(*mv)
        }
        _ => *mv,
    };
    let promotion = match stored.kind {
        MoveKind::Promotion(role) => role.index() as u16,
        _ => 0,
    };
    (promotion << 12) | ((stored.from.index() as u16) << 6) | stored.to.index() as u16
}

/// The legal castling of `pos` whose king goes from `mv.from` to `mv.to`, if any.
fn castling_to(pos: &Position, mv: &Move) -> Option<Move> {
    match pos.piece_at(mv.from) {
        Some(p) if p.role == Role::King && p.color == pos.turn() => {}
        _ => return None,
    }
    let mut moves = Vec::new();
    pos.legal_moves_of_role_to(Role::King, mv.to, &mut moves);
    moves
        .into_iter()
        .find(|m| m.from == mv.from && m.castles_to(mv.to))
}

/// The squares and promotion code of a Polyglot move, unchecked: `(from, to, code)`.
#[must_use]
pub fn move_fields(raw_move: u16) -> (Square, Square, u8) {
    (
        Square::new_masked((raw_move >> 6) as u8),
        Square::new_masked(raw_move as u8),
        ((raw_move >> 12) & 7) as u8,
    )
}

/// The legal move that a Polyglot move names in `pos`, or `None` when it names none.
///
/// King-takes-rook (`e1h1`) names castling; in standard chess the king's two-square move
/// (`e1g1`) does too. A null move or drop (from-square = to-square), a promotion code above 4
/// and any move the position does not allow name nothing. Bit 15 is ignored.
///
/// ```
/// use vdmchess::book::decode_move;
/// use vdmchess::core::Position;
/// let start = Position::start();
/// assert_eq!(decode_move(0x031c, &start).map(|m| m.to_string()), Some("e2e4".into()));
/// assert_eq!(decode_move(0x0324, &start), None); // e2e5
/// assert_eq!(decode_move(0x0000, &start), None); // a1a1
/// ```
#[must_use]
pub fn decode_move(raw_move: u16, pos: &Position) -> Option<Move> {
    let (from, to, code) = move_fields(raw_move);
    if from == to {
        return None;
    }
    let promotion = match code {
        0 => None,
        1..=4 => Some(Role::ALL[usize::from(code)]),
        _ => return None,
    };
    UciMove::Normal {
        from,
        to,
        promotion,
    }
    .to_move(pos)
    .ok()
}

/// A Polyglot opening book, read and checked, in memory.
///
/// Lookups cost a binary search over the entries (`O(log n)`) and a legality test of each
/// entry of the position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Book {
    entries: Vec<RawEntry>,
}

impl Book {
    /// Reads and checks the book in the file at `path`.
    ///
    /// # Errors
    ///
    /// [`BookError::Io`] when the file cannot be read, [`BookError::Size`] and
    /// [`BookError::Unsorted`] (naming the file) when it is not a Polyglot book.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| BookError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Book::from_bytes(bytes).map_err(|e| e.at(path))
    }

    /// Checks the bytes of a book and reads it.
    ///
    /// # Errors
    ///
    /// [`BookError::Size`] when the length is not a multiple of 16, [`BookError::Unsorted`]
    /// at the first entry whose key is smaller than the one before it.
    ///
    /// ```
    /// use vdmchess::book::{Book, BookError};
    /// assert!(Book::from_bytes(Vec::new()).unwrap().is_empty());
    /// let err = Book::from_bytes(vec![0; 15]).unwrap_err();
    /// assert!(matches!(err, BookError::Size { size: 15, .. }));
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Book, BookError> {
        if bytes.len() % ENTRY_SIZE != 0 {
            return Err(BookError::Size {
                path: None,
                size: bytes.len() as u64,
            });
        }
        let mut entries = Vec::with_capacity(bytes.len() / ENTRY_SIZE);
        let mut previous_key = 0;
        for (index, chunk) in bytes.chunks_exact(ENTRY_SIZE).enumerate() {
            let mut raw = [0; ENTRY_SIZE];
            raw.copy_from_slice(chunk);
            let entry = RawEntry::from_bytes(raw);
            if entry.key < previous_key {
                return Err(BookError::Unsorted {
                    path: None,
                    index,
                    key: entry.key,
                    previous_key,
                });
            }
            previous_key = entry.key;
            entries.push(entry);
        }
        Ok(Book { entries })
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry, in the file's order.
    #[must_use]
    pub fn raw_entries(&self) -> &[RawEntry] {
        &self.entries
    }

    /// The entries stored under `key`, in the file's order, whatever their moves and weights.
    #[must_use]
    pub fn raw_entries_of_key(&self, key: u64) -> &[RawEntry] {
        let first = self.entries.partition_point(|e| e.key < key);
        let len = self.entries[first..]
            .iter()
            .take_while(|e| e.key == key)
            .count();
        &self.entries[first..first + len]
    }

    /// The entries of `pos` with a weight of at least 1 and a legal move, in the file's order:
    /// what python-chess's `find_all(board)` yields.
    #[must_use]
    pub fn entries(&self, pos: &Position) -> Vec<BookEntry> {
        self.entries_with_minimum_weight(pos, 1)
    }

    /// The entries of `pos` weighing at least `minimum_weight` (0: all) with a legal move, in
    /// the file's order: python-chess's `find_all(board, minimum_weight=...)`.
    #[must_use]
    pub fn entries_with_minimum_weight(
        &self,
        pos: &Position,
        minimum_weight: u16,
    ) -> Vec<BookEntry> {
        self.raw_entries_of_key(pos.hash())
            .iter()
            .filter(|e| e.weight >= minimum_weight)
            .filter_map(|e| {
                decode_move(e.raw_move, pos).map(|mv| BookEntry {
                    key: e.key,
                    raw_move: e.raw_move,
                    weight: e.weight,
                    learn: e.learn,
                    mv,
                })
            })
            .collect()
    }

    /// An entry of `pos` chosen by weight with the random number `random`: each entry of
    /// [`Book::entries`] with probability weight / total weight when `random` is uniform over
    /// `u64`; weight-0 entries never. `None` when the position has no entry.
    ///
    /// The choice is deterministic: `random` is scaled to a number `r` in `0..total` (the high
    /// half of `random × total`), and the entry chosen is the first whose running sum of
    /// weights exceeds `r` (python-chess's `weighted_choice` with `r` for its random integer).
    /// So 0 picks the first entry and `u64::MAX` the last.
    #[must_use]
    pub fn pick(&self, pos: &Position, random: u64) -> Option<BookEntry> {
        let entries = self.entries(pos);
        let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
        if total == 0 {
            return None;
        }
        let r = ((u128::from(random) * u128::from(total)) >> 64) as u64;
        let mut sum = 0;
        entries.into_iter().find(|e| {
            sum += u64::from(e.weight);
            sum > r
        })
    }

    /// The first entry of `pos` with the highest weight (python-chess's `find`), or `None`.
    #[must_use]
    pub fn best(&self, pos: &Position) -> Option<BookEntry> {
        self.entries(pos).into_iter().rev().max_by_key(|e| e.weight)
    }

    /// The book's bytes: the entries as read, in order.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.entries.iter().flat_map(RawEntry::to_bytes).collect()
    }
}

/// The bytes of a book holding `entries`, sorted by key; entries with equal keys keep their
/// order (a stable sort), so the caller decides the order in which they are listed.
///
/// ```
/// use vdmchess::book::{write_book, Book, RawEntry};
/// let entry = |key, weight| RawEntry { key, raw_move: 0x031c, weight, learn: 0 };
/// let bytes = write_book(&[entry(2, 1), entry(1, 5), entry(2, 3)]);
/// let book = Book::from_bytes(bytes).unwrap();
/// let weights: Vec<u16> = book.raw_entries().iter().map(|e| e.weight).collect();
/// assert_eq!(weights, [5, 1, 3]);
/// ```
#[must_use]
pub fn write_book(entries: &[RawEntry]) -> Vec<u8> {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|e| e.key);
    sorted.iter().flat_map(RawEntry::to_bytes).collect()
}

/// Builds a book entry by entry, then writes it sorted ([`write_book`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BookWriter {
    entries: Vec<RawEntry>,
}

impl BookWriter {
    /// A writer with no entries.
    #[must_use]
    pub fn new() -> BookWriter {
        BookWriter::default()
    }

    /// Adds an entry as stored.
    pub fn add(&mut self, entry: RawEntry) -> &mut BookWriter {
        self.entries.push(entry);
        self
    }

    /// Adds the move `mv` of the position `pos` with its weight and learning data, encoded by
    /// [`encode_move`]. The move is not checked: a reader skips an entry whose move is not
    /// legal in its position.
    pub fn add_move(
        &mut self,
        pos: &Position,
        mv: &Move,
        weight: u16,
        learn: u32,
    ) -> &mut BookWriter {
        self.add(RawEntry {
            key: pos.hash(),
            raw_move: encode_move(mv, pos),
            weight,
            learn,
        })
    }

    /// The entries added so far, in the order they were added.
    #[must_use]
    pub fn entries(&self) -> &[RawEntry] {
        &self.entries
    }

    /// The book's bytes, sorted by key.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        write_book(&self.entries)
    }

    /// The book, sorted by key.
    #[must_use]
    pub fn to_book(&self) -> Book {
        let mut entries = self.entries.clone();
        entries.sort_by_key(|e| e.key);
        Book { entries }
    }

    /// Writes the book to the file at `path`.
    ///
    /// # Errors
    ///
    /// [`BookError::Write`] when the file cannot be written.
    pub fn write(&self, path: impl AsRef<Path>) -> Result<(), BookError> {
        let path = path.as_ref();
        std::fs::write(path, self.to_bytes()).map_err(|source| BookError::Write {
            path: path.to_path_buf(),
            source,
        })
    }
}
