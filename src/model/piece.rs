//! `PieceModule`: pieces, coordinates, directions and the geometric moves of each piece type.
//!
//! This module mirrors `spec/PieceModule.vdmpp`. Everything here is a pure function over small
//! immutable values; nothing knows about turns, history or castling (that is `BoardModule`,
//! [`crate::model::board`]).
//!
//! | VDM++                         | Rust                                   |
//! |-------------------------------|----------------------------------------|
//! | `Coordinate :: x y inv ...`   | [`Coordinate`], [`inv_coordinate`]     |
//! | `Piece :: type coord colour`  | [`Piece`] (`type` is a Rust keyword: `piece_type`) |
//! | `set of Piece` (results)      | `Vec<Piece>` without duplicates        |
//! | `ObstacleSet = set of Obstacle` | [`ObstacleSet`] (two 64-bit masks)   |

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::types::{Color, Role, Square};

/// The kind of a piece (FIDE Laws 2.2).
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
    /// The types a pawn may promote to (FIDE Laws 3.7.5.1): queen, rook, bishop, knight.
    pub const PROMOTIONS: [PieceType; 4] = [
        PieceType::Queen,
        PieceType::Rook,
        PieceType::Bishop,
        PieceType::Knight,
    ];
}

/// The colour of a piece, or the side to move (FIDE Laws 2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

/// VDM `opposite_colour`: the other colour.
///
/// ```
/// use vdmchess::model::piece::{opposite_colour, Colour};
/// assert_eq!(opposite_colour(Colour::White), Colour::Black);
/// ```
#[must_use]
#[inline]
pub const fn opposite_colour(c: Colour) -> Colour {
    match c {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    }
}

/// VDM `inv_coordinate`: both components lie in `1..=8` (file a = 1, rank 1 = 1).
#[must_use]
#[inline]
pub const fn inv_coordinate(x: i32, y: i32) -> bool {
    1 <= x && x <= 8 && 1 <= y && y <= 8
}

/// A square of the board as VDM names it: `x` is the file (a = 1 .. h = 8), `y` the rank
/// (1 .. 8). The fields are private so that every value satisfies [`inv_coordinate`].
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

/// A pair `(x, y)` that violates [`inv_coordinate`].
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
    /// The coordinate `(x, y)`, checked by [`inv_coordinate`].
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
        if inv_coordinate(x, y) {
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
    pub const fn x(self) -> i32 {
        self.x as i32
    }

    /// The rank component, 1 to 8.
    #[must_use]
    #[inline]
    pub const fn y(self) -> i32 {
        self.y as i32
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

/// A piece standing on a coordinate. VDM's field `type` is `piece_type` here (`type` is a Rust
/// keyword).
///
/// Pieces are ordered by coordinate first, so that in a [`crate::model::board::BoardState`]
/// (where no two pieces share a coordinate) the piece on a square is found by one ordered
/// lookup.
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
    /// The piece of `colour` and `piece_type` on `coord`.
    #[must_use]
    #[inline]
    pub const fn new(piece_type: PieceType, coord: Coordinate, colour: Colour) -> Piece {
        Piece {
            piece_type,
            coord,
            colour,
        }
    }

    /// The same piece on another coordinate.
    #[must_use]
    #[inline]
    pub const fn at(self, coord: Coordinate) -> Piece {
        Piece { coord, ..self }
    }

    /// The piece as an obstacle (its coordinate and colour).
    #[must_use]
    #[inline]
    pub const fn obstacle(self) -> Obstacle {
        Obstacle {
            coord: self.coord,
            colour: self.colour,
        }
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

/// A step on the board: `dx` files and `dy` ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Direction {
    /// Files to move (positive towards h).
    pub dx: i8,
    /// Ranks to move (positive towards the 8th rank).
    pub dy: i8,
}

const fn dir(dx: i8, dy: i8) -> Direction {
    Direction { dx, dy }
}

/// VDM `coordinate_offset`: the coordinate one step `d` away from `c`, if it is on the board.
///
/// ```
/// use vdmchess::model::piece::{coordinate_offset, Coordinate, Direction};
/// let h1 = Coordinate::new(8, 1).unwrap();
/// assert_eq!(coordinate_offset(h1, Direction { dx: 1, dy: 0 }), None);
/// assert_eq!(coordinate_offset(h1, Direction { dx: -1, dy: 1 }).unwrap().to_string(), "g2");
/// ```
#[must_use]
#[inline]
pub const fn coordinate_offset(c: Coordinate, d: Direction) -> Option<Coordinate> {
    match Coordinate::new(c.x() + d.dx as i32, c.y() + d.dy as i32) {
        Ok(n) => Some(n),
        Err(_) => None,
    }
}

/// VDM `knight_directions`: the eight jumps of a knight (FIDE Laws 3.6).
#[must_use]
pub const fn knight_directions() -> [Direction; 8] {
    [
        dir(1, 2),
        dir(2, 1),
        dir(2, -1),
        dir(1, -2),
        dir(-1, -2),
        dir(-2, -1),
        dir(-2, 1),
        dir(-1, 2),
    ]
}

/// VDM `rook_directions`: along files and ranks (FIDE Laws 3.3).
#[must_use]
pub const fn rook_directions() -> [Direction; 4] {
    [dir(0, 1), dir(1, 0), dir(0, -1), dir(-1, 0)]
}

/// VDM `bishop_directions`: along diagonals (FIDE Laws 3.2).
#[must_use]
pub const fn bishop_directions() -> [Direction; 4] {
    [dir(1, 1), dir(1, -1), dir(-1, -1), dir(-1, 1)]
}

/// VDM `queen_directions`: rook and bishop directions together (FIDE Laws 3.4).
#[must_use]
pub const fn queen_directions() -> [Direction; 8] {
    [
        dir(0, 1),
        dir(1, 1),
        dir(1, 0),
        dir(1, -1),
        dir(0, -1),
        dir(-1, -1),
        dir(-1, 0),
        dir(-1, 1),
    ]
}

/// VDM `king_directions`: one step in any of the queen's directions (FIDE Laws 3.8.1).
#[must_use]
pub const fn king_directions() -> [Direction; 8] {
    queen_directions()
}

/// VDM `pawn_direction`: "forward" for a pawn of `colour` (FIDE Laws 3.7.1).
#[must_use]
#[inline]
pub const fn pawn_direction(colour: Colour) -> Direction {
    match colour {
        Colour::White => dir(0, 1),
        Colour::Black => dir(0, -1),
    }
}

/// The two diagonal steps with which a pawn of `colour` captures (FIDE Laws 3.7.3).
#[must_use]
pub const fn pawn_capture_directions(colour: Colour) -> [Direction; 2] {
    let f = pawn_direction(colour).dy;
    [dir(-1, f), dir(1, f)]
}

/// Something that stands in the way of a move: a coordinate and the colour of the piece there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Obstacle {
    /// Where the obstacle stands.
    pub coord: Coordinate,
    /// The colour of the piece there.
    pub colour: Colour,
}

/// VDM `ObstacleSet = set of Obstacle`, represented as one 64-bit mask per colour (bit `i` is
/// the coordinate with [`Coordinate::index`] `i`). A set, so the same coordinate may hold an
/// obstacle of each colour; those built from a board state never do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ObstacleSet {
    white: u64,
    black: u64,
}

impl ObstacleSet {
    /// The empty set.
    #[must_use]
    pub const fn new() -> ObstacleSet {
        ObstacleSet { white: 0, black: 0 }
    }

    /// Adds `o` to the set.
    #[inline]
    pub fn insert(&mut self, o: Obstacle) {
        let bit = 1u64 << o.coord.index();
        match o.colour {
            Colour::White => self.white |= bit,
            Colour::Black => self.black |= bit,
        }
    }

    /// Whether `o` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(&self, o: Obstacle) -> bool {
        let bit = 1u64 << o.coord.index();
        match o.colour {
            Colour::White => self.white & bit != 0,
            Colour::Black => self.black & bit != 0,
        }
    }

    /// Whether some obstacle stands on `c`.
    #[must_use]
    #[inline]
    pub const fn is_occupied(&self, c: Coordinate) -> bool {
        (self.white | self.black) & (1u64 << c.index()) != 0
    }

    /// The number of obstacles.
    #[must_use]
    pub const fn len(&self) -> usize {
        (self.white.count_ones() + self.black.count_ones()) as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.white == 0 && self.black == 0
    }

    /// The obstacles, white ones first, each colour in coordinate index order.
    pub fn iter(&self) -> impl Iterator<Item = Obstacle> + '_ {
        [(Colour::White, self.white), (Colour::Black, self.black)]
            .into_iter()
            .flat_map(|(colour, mask)| {
                Coordinate::all()
                    .filter(move |c| mask & (1u64 << c.index()) != 0)
                    .map(move |coord| Obstacle { coord, colour })
            })
    }
}

impl FromIterator<Obstacle> for ObstacleSet {
    fn from_iter<I: IntoIterator<Item = Obstacle>>(iter: I) -> ObstacleSet {
        let mut set = ObstacleSet::new();
        for o in iter {
            set.insert(o);
        }
        set
    }
}

/// VDM `possible_move_direction`: the piece after one step `d`, if that step stays on the board
/// and does not land on an obstacle of its own colour (capturing an enemy is allowed).
#[must_use]
#[inline]
pub fn possible_move_direction(
    piece: Piece,
    d: Direction,
    obstacles: &ObstacleSet,
) -> Option<Piece> {
    let to = coordinate_offset(piece.coord, d)?;
    let own = Obstacle {
        coord: to,
        colour: piece.colour,
    };
    (!obstacles.contains(own)).then_some(piece.at(to))
}

/// VDM `pre_possible_moves_direction`: `d` is one step towards one of the eight neighbours
/// (`|dx| <= 1`, `|dy| <= 1`, not both 0), so the ray is a line and ends at the board's edge.
#[must_use]
pub const fn pre_possible_moves_direction(
    _piece: &Piece,
    d: Direction,
    _obstacles: &ObstacleSet,
) -> bool {
    d.dx.abs() <= 1 && d.dy.abs() <= 1 && (d.dx != 0 || d.dy != 0)
}

/// A direction refused by [`pre_possible_moves_direction`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidDirection(pub Direction);

impl fmt::Display for InvalidDirection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid ray direction ({}, {}): expected one step to a neighbouring square",
            self.0.dx, self.0.dy
        )
    }
}

impl std::error::Error for InvalidDirection {}

/// VDM `possible_moves_direction`: the piece on every square of the ray `d`, stopping before an
/// own obstacle and on (capturing) an enemy one (FIDE Laws 3.2-3.4; 3.5: sliders do not jump).
///
/// # Errors
///
/// [`InvalidDirection`] when `d` is not a step to a neighbouring square
/// ([`pre_possible_moves_direction`]).
///
/// ```
/// use vdmchess::model::piece::*;
/// let rook = Piece::new(PieceType::Rook, Coordinate::new(1, 1).unwrap(), Colour::White);
/// let blocker = Obstacle { coord: Coordinate::new(1, 4).unwrap(), colour: Colour::Black };
/// let obstacles: ObstacleSet = [rook.obstacle(), blocker].into_iter().collect();
/// let ray = possible_moves_direction(rook, Direction { dx: 0, dy: 1 }, &obstacles).unwrap();
/// let names: Vec<String> = ray.iter().map(|p| p.coord.to_string()).collect();
/// assert_eq!(names, ["a2", "a3", "a4"]);
/// assert!(possible_moves_direction(rook, Direction { dx: 0, dy: 0 }, &obstacles).is_err());
/// ```
pub fn possible_moves_direction(
    piece: Piece,
    d: Direction,
    obstacles: &ObstacleSet,
) -> Result<Vec<Piece>, InvalidDirection> {
    if !pre_possible_moves_direction(&piece, d, obstacles) {
        return Err(InvalidDirection(d));
    }
    let mut out = Vec::with_capacity(7);
    push_ray(piece, d, obstacles, &mut out);
    Ok(out)
}

/// Appends the ray `d` of `piece`; `d` satisfies [`pre_possible_moves_direction`] (every
/// caller passes one of the constant direction tables).
fn push_ray(piece: Piece, d: Direction, obstacles: &ObstacleSet, out: &mut Vec<Piece>) {
    debug_assert!(pre_possible_moves_direction(&piece, d, obstacles));
    let mut at = piece.coord;
    while let Some(to) = coordinate_offset(at, d) {
        if obstacles.is_occupied(to) {
            if !obstacles.contains(Obstacle {
                coord: to,
                colour: piece.colour,
            }) {
                out.push(piece.at(to));
            }
            return;
        }
        out.push(piece.at(to));
        at = to;
    }
}

/// VDM `type_based_moves`: where `piece` may go by the geometry of its type alone, given the
/// obstacles: a pawn one step forward onto an empty square or diagonally forward onto an enemy;
/// a knight or king one step in its directions; bishop, rook and queen along their rays
/// (FIDE Laws 3.2-3.8). The special moves (double push, en passant, promotion, castling) and
/// the rule about the own king are `BoardModule`'s.
///
/// The result is the VDM `set of Piece`: the piece as it would stand after each move.
///
/// ```
/// use vdmchess::model::piece::*;
/// let knight = Piece::new(PieceType::Knight, Coordinate::new(1, 1).unwrap(), Colour::White);
/// let moves = type_based_moves(knight, &ObstacleSet::new());
/// assert_eq!(moves.len(), 2); // b3 and c2
/// ```
#[must_use]
pub fn type_based_moves(piece: Piece, obstacles: &ObstacleSet) -> Vec<Piece> {
    let mut out = Vec::with_capacity(16);
    push_type_based_moves(piece, obstacles, &mut out);
    out
}

/// [`type_based_moves`], appending to `out` (the allocation-free form move generation uses).
pub fn push_type_based_moves(piece: Piece, obstacles: &ObstacleSet, out: &mut Vec<Piece>) {
    match piece.piece_type {
        PieceType::Pawn => {
            if let Some(to) = coordinate_offset(piece.coord, pawn_direction(piece.colour)) {
                if !obstacles.is_occupied(to) {
                    out.push(piece.at(to));
                }
            }
            for d in pawn_capture_directions(piece.colour) {
                if let Some(to) = coordinate_offset(piece.coord, d) {
                    let enemy = Obstacle {
                        coord: to,
                        colour: opposite_colour(piece.colour),
                    };
                    if obstacles.contains(enemy) {
                        out.push(piece.at(to));
                    }
                }
            }
        }
        PieceType::Knight => out.extend(
            knight_directions()
                .into_iter()
                .filter_map(|d| possible_move_direction(piece, d, obstacles)),
        ),
        PieceType::King => out.extend(
            king_directions()
                .into_iter()
                .filter_map(|d| possible_move_direction(piece, d, obstacles)),
        ),
        PieceType::Bishop => {
            for d in bishop_directions() {
                push_ray(piece, d, obstacles, out);
            }
        }
        PieceType::Rook => {
            for d in rook_directions() {
                push_ray(piece, d, obstacles, out);
            }
        }
        PieceType::Queen => {
            for d in queen_directions() {
                push_ray(piece, d, obstacles, out);
            }
        }
    }
}
