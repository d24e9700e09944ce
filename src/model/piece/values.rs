//! `PieceModule`, its values: piece types, colours, coordinates (with `inv_Coordinate`),
//! pieces, directions and obstacles, and their conversions to the crate's shared types.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::Set;
use crate::types::{Color, Role, Square};

/// VDM `PieceType = <Pawn> | <Knight> | <Bishop> | <Rook> | <Queen> | <King>`: the six kinds
/// of piece (FIDE Laws 2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PieceType {
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

impl PieceType {
    /// The six types, in the order the VDM type lists them (the order of `Ord`).
    ///
    /// ```
    /// use vdmchess::model::piece::PieceType;
    /// assert_eq!(PieceType::ALL.len(), 6);
    /// assert!(PieceType::ALL.is_sorted());
    /// ```
    pub const ALL: [PieceType; 6] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];
}

/// VDM `Colour = <White> | <Black>`: the two sides (FIDE Laws 1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

/// VDM `inv_Coordinate`: `x <= 8 and y <= 8`. The fields are `nat1`, so they are at least 1
/// by their type; [`Coordinate::new`] checks both, the type and the invariant.
///
/// ```
/// use vdmchess::model::piece::inv_coordinate;
/// assert!(inv_coordinate(8, 1));
/// assert!(!inv_coordinate(9, 1));
/// ```
#[must_use]
#[inline]
pub const fn inv_coordinate(x: u32, y: u32) -> bool {
    x <= 8 && y <= 8
}

/// VDM `mk_Coordinate(x, y)` as the clauses write it, for `x` and `y` the clause knows to lie
/// in `1..=8` (a file and a rank taken from other coordinates, or a range checked just before):
/// the one place the model turns a file and a rank into a coordinate. Input goes through the
/// checked constructor, [`Coordinate::new`], instead.
///
/// # Panics
///
/// When `x` or `y` lies outside `1..=8`: a bug in the calling clause, never user input.
///
/// ```
/// use vdmchess::model::piece::mk_coordinate;
/// assert_eq!(mk_coordinate(7, 1).to_string(), "g1");
/// ```
#[must_use]
#[inline]
pub const fn mk_coordinate(x: u32, y: u32) -> Coordinate {
    assert!(
        x >= 1 && y >= 1 && inv_coordinate(x, y),
        "mk_Coordinate outside the board"
    );
    Coordinate {
        x: x as u8,
        y: y as u8,
    }
}

/// VDM `Coordinate :: x : nat1  y : nat1`: a square, `x` the file (1 = a .. 8 = h), `y` the
/// rank (1 .. 8) (FIDE Laws 2.4). The fields are private so that every value satisfies
/// [`inv_coordinate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawCoordinate")]
pub struct Coordinate {
    x: u8,
    y: u8,
}

/// The unchecked shape of a [`Coordinate`], used to deserialise through validation.
#[derive(Deserialize)]
struct RawCoordinate {
    x: i32,
    y: i32,
}

impl TryFrom<RawCoordinate> for Coordinate {
    type Error = CoordinateError;
    fn try_from(raw: RawCoordinate) -> Result<Coordinate, CoordinateError> {
        Coordinate::new(raw.x, raw.y)
    }
}

/// A pair `(x, y)` that is not a [`Coordinate`]: a component below 1 (not a `nat1`) or above
/// 8 ([`inv_coordinate`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoordinateError {
    /// The rejected file component.
    pub x: i32,
    /// The rejected rank component.
    pub y: i32,
}

impl fmt::Display for CoordinateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid coordinate ({}, {}): x and y must lie in 1..=8",
            self.x, self.y
        )
    }
}

impl std::error::Error for CoordinateError {}

impl Coordinate {
    /// VDM `mk_Coordinate(x, y)`: checks that both are `nat1` and [`inv_coordinate`].
    ///
    /// # Errors
    ///
    /// [`CoordinateError`] when `x` or `y` lies outside `1..=8`.
    ///
    /// ```
    /// use vdmchess::model::piece::Coordinate;
    /// assert_eq!(Coordinate::new(5, 4).unwrap().to_string(), "e4");
    /// assert!(Coordinate::new(0, 4).is_err());
    /// ```
    pub const fn new(x: i32, y: i32) -> Result<Coordinate, CoordinateError> {
        let nat1 = x >= 1 && y >= 1;
        if nat1 && inv_coordinate(x as u32, y as u32) {
            Ok(Coordinate {
                x: x as u8,
                y: y as u8,
            })
        } else {
            Err(CoordinateError { x, y })
        }
    }

    /// The file component, 1 (a) to 8 (h).
    #[must_use]
    #[inline]
    pub const fn x(self) -> u32 {
        self.x as u32
    }

    /// The rank component, 1 to 8.
    #[must_use]
    #[inline]
    pub const fn y(self) -> u32 {
        self.y as u32
    }

    /// The index `0..64` of this square in a1, b1, ..., h8 order (the order of [`Square`]).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        (self.y as usize - 1) * 8 + (self.x as usize - 1)
    }

    /// The coordinate of an index `0..64` (taken modulo 64).
    #[must_use]
    #[inline]
    pub const fn from_index(index: usize) -> Coordinate {
        Coordinate {
            x: (index % 8) as u8 + 1,
            y: (index / 8 % 8) as u8 + 1,
        }
    }

    /// All 64 coordinates in index order.
    pub fn all() -> impl Iterator<Item = Coordinate> {
        (0..64).map(Coordinate::from_index)
    }
}

impl fmt::Display for Coordinate {
    /// Algebraic name: `e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x - 1) as char, self.y)
    }
}

impl From<Square> for Coordinate {
    fn from(sq: Square) -> Coordinate {
        Coordinate::from_index(sq.index())
    }
}

impl From<Coordinate> for Square {
    fn from(c: Coordinate) -> Square {
        Square::new_masked(c.index() as u8)
    }
}

impl From<Color> for Colour {
    fn from(c: Color) -> Colour {
        match c {
            Color::White => Colour::White,
            Color::Black => Colour::Black,
        }
    }
}

impl From<Colour> for Color {
    fn from(c: Colour) -> Color {
        match c {
            Colour::White => Color::White,
            Colour::Black => Color::Black,
        }
    }
}

impl From<Role> for PieceType {
    fn from(r: Role) -> PieceType {
        match r {
            Role::Pawn => PieceType::Pawn,
            Role::Knight => PieceType::Knight,
            Role::Bishop => PieceType::Bishop,
            Role::Rook => PieceType::Rook,
            Role::Queen => PieceType::Queen,
            Role::King => PieceType::King,
        }
    }
}

impl From<PieceType> for Role {
    fn from(t: PieceType) -> Role {
        match t {
            PieceType::Pawn => Role::Pawn,
            PieceType::Knight => Role::Knight,
            PieceType::Bishop => Role::Bishop,
            PieceType::Rook => Role::Rook,
            PieceType::Queen => Role::Queen,
            PieceType::King => Role::King,
        }
    }
}

/// VDM `Piece :: type coord colour`: a piece of a colour standing on a square. VDM's field
/// `type` is `piece_type` here (`type` is a Rust keyword).
///
/// Pieces are ordered by coordinate first, so that in a board state (where no two pieces
/// share a coordinate) the pieces come in square order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// What kind of piece it is.
    pub piece_type: PieceType,
    /// Where it stands.
    pub coord: Coordinate,
    /// Whose piece it is.
    pub colour: Colour,
}

impl Piece {
    /// VDM `mk_Piece(type, coord, colour)`.
    #[must_use]
    #[inline]
    pub const fn new(piece_type: PieceType, coord: Coordinate, colour: Colour) -> Piece {
        Piece {
            piece_type,
            coord,
            colour,
        }
    }

    /// VDM `mu(piece, coord |-> coord)`: the same piece on another coordinate.
    #[must_use]
    #[inline]
    pub const fn at(self, coord: Coordinate) -> Piece {
        Piece { coord, ..self }
    }

    /// VDM `mk_Obstacle(piece.coord, piece.colour)`: the piece as an obstacle.
    #[must_use]
    #[inline]
    pub const fn obstacle(self) -> Obstacle {
        Obstacle::new(self.coord, self.colour)
    }
}

impl Ord for Piece {
    fn cmp(&self, other: &Piece) -> Ordering {
        (self.coord, self.piece_type, self.colour).cmp(&(
            other.coord,
            other.piece_type,
            other.colour,
        ))
    }
}

impl PartialOrd for Piece {
    fn partial_cmp(&self, other: &Piece) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// VDM `Direction :: dx : int  dy : int`: a step on the board, `dx` files and `dy` ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Direction {
    /// Files to move (positive towards h).
    pub dx: i32,
    /// Ranks to move (positive towards the 8th rank).
    pub dy: i32,
}

/// VDM `Obstacle :: coord colour`: what a moving piece needs to know about an occupied
/// square, whose piece is there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Obstacle {
    /// Where the obstacle stands.
    pub coord: Coordinate,
    /// The colour of the piece there.
    pub colour: Colour,
}

impl Obstacle {
    /// VDM `mk_Obstacle(coord, colour)`.
    #[must_use]
    #[inline]
    pub const fn new(coord: Coordinate, colour: Colour) -> Obstacle {
        Obstacle { coord, colour }
    }
}

/// VDM `ObstacleSet = set of Obstacle`.
pub type ObstacleSet = Set<Obstacle>;
