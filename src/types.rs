//! The shared vocabulary: colours, roles, squares and square sets.
//!
//! These small `Copy` types are what the model, the core, the notation and the runner exchange
//! through the port ([`crate::rules::Rules`]); the core uses them directly.
//!
//! # Why the model has its own
//!
//! The reference model keeps the spec's names and shapes, so that `spec/*.vdmpp` and
//! `src/model/` read side by side: `Colour` (not `Color`), `PieceType` (not `Role`) and
//! `Coordinate`, whose `x` and `y` run from 1 to 8 as `mk_Coordinate(x, y)` has them (a
//! [`Square`] is an index `0..64`, a1 = 0, as bitboards want it). The two sets convert into
//! each other with `From`, both ways, at the port:
//!
//! ```
//! use vdmchess::model::piece::{Colour, Coordinate, PieceType};
//! use vdmchess::{Color, Role, Square};
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(Coordinate::from(e4), Coordinate::new(5, 4).unwrap());
//! assert_eq!(Square::from(Coordinate::new(5, 4).unwrap()), e4);
//! assert_eq!(Colour::from(Color::Black), Colour::Black);
//! assert_eq!(Color::from(Colour::White), Color::White);
//! assert_eq!(PieceType::from(Role::Knight), PieceType::Knight);
//! assert_eq!(Role::from(PieceType::Queen), Role::Queen);
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The side a piece belongs to, or the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Color {
    /// The side that moves first (upper-case letters in FEN).
    White,
    /// The side that moves second (lower-case letters in FEN).
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    ///
    /// ```
    /// use vdmchess::Color;
    /// assert_eq!(Color::White.other(), Color::Black);
    /// ```
    #[must_use]
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN side-to-move letter: `w` or `b`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The rank (0-based) of this colour's back rank: 0 for White, 7 for Black.
    #[must_use]
    #[inline]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
}

/// The kind of a piece, without its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Pawn (FIDE Laws 3.7).
    Pawn,
    /// Knight (3.6).
    Knight,
    /// Bishop (3.2).
    Bishop,
    /// Rook (3.3).
    Rook,
    /// Queen (3.4).
    Queen,
    /// King (3.8).
    King,
}

impl Role {
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to (FIDE Laws 3.7.5), queen first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 for pawn up to 5 for king.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter of this role (`p n b r q k`).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case letter of this role, as SAN writes it (`P N B R Q K`).
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role of a letter, in either case.
    ///
    /// ```
    /// use vdmchess::Role;
    /// assert_eq!(Role::from_char('N'), Some(Role::Knight));
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A coloured piece as it stands on a board: a colour and a role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    ///
    /// ```
    /// use vdmchess::{Color, Piece, Role};
    /// assert_eq!(Piece { color: Color::Black, role: Role::Queen }.char(), 'q');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// The knight's eight jumps as (file, rank) offsets.
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The eight directions (and the king's steps) as (file, rank) offsets.
pub const KING_OFFSETS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// One of the 64 squares, numbered `a1 = 0, b1 = 1, ..., h8 = 63`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square(u8);

impl Square {
    /// The square with this index, if it is below 64.
    #[must_use]
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: always a square.
    #[must_use]
    #[inline]
    pub const fn new_masked(index: u8) -> Square {
        Square(index & 63)
    }

    /// The square on 0-based `file` (a = 0) and `rank` (1st rank = 0), if both are below 8.
    ///
    /// ```
    /// use vdmchess::Square;
    /// assert_eq!(Square::from_coords(4, 3).unwrap().to_string(), "e4");
    /// assert_eq!(Square::from_coords(8, 0), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The index 0..64.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index 0..64 as a byte.
    #[must_use]
    #[inline]
    pub const fn as_u8(self) -> u8 {
        self.0
    }

    /// The 0-based file: a = 0 .. h = 7.
    #[must_use]
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The 0-based rank: 1st rank = 0 .. 8th rank = 7.
    #[must_use]
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[must_use]
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The same square seen from the other side (rank mirrored).
    #[must_use]
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square as a one-bit set.
    #[must_use]
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All 64 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

/// The letter of a 0-based file (`a`..`h`).
#[must_use]
pub const fn file_char(file: u8) -> char {
    (b'a' + (file & 7)) as char
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_char(self.file()), self.rank() + 1)
    }
}

/// The error for text that is not a square name like `e4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text that was rejected.
    pub text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid square {:?}: expected a file a-h and a rank 1-8",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
        } else {
            Err(ParseSquareError { text: s.into() })
        }
    }
}

impl TryFrom<String> for Square {
    type Error = ParseSquareError;
    fn try_from(s: String) -> Result<Square, ParseSquareError> {
        s.parse()
    }
}

impl From<Square> for String {
    fn from(s: Square) -> String {
        s.to_string()
    }
}

/// A set of squares as a 64-bit mask (bit `i` is square `i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether `sq` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// The set with `sq` added.
    #[must_use]
    #[inline]
    pub const fn with(self, sq: Square) -> SquareSet {
        SquareSet(self.0 | sq.bit())
    }

    /// The set with `sq` removed.
    #[must_use]
    #[inline]
    pub const fn without(self, sq: Square) -> SquareSet {
        SquareSet(self.0 & !sq.bit())
    }

    /// Adds `sq` in place.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= sq.bit();
    }

    /// Removes `sq` in place.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !sq.bit();
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares are in the set.
    #[must_use]
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The squares in index order.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let sq = Square(bits.trailing_zeros() as u8);
                bits &= bits - 1;
                Some(sq)
            }
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        let h1: Square = "h1".parse().unwrap();
        assert_eq!(h1.offset(1, 0), None);
        assert_eq!(h1.offset(-1, 1).unwrap().to_string(), "g2");
    }

    #[test]
    fn square_set_iterates_in_order() {
        let set: SquareSet = ["h8", "a1", "e4"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "e4", "h8"]);
        assert_eq!(set.len(), 3);
    }
}
