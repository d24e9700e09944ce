//! `PieceModule`: pieces, coordinates, directions and the geometric moves of each piece type.
//!
//! The twin of `spec/PieceModule.vdmpp`, function by function. Everything here is a pure
//! function over small immutable values; nothing knows about turns, history or castling (that
//! is `BoardModule`, [`crate::model::board`]). The values themselves (types, constructors,
//! conversions) are in `piece/values.rs` and used from here.
//!
//! | VDM++                              | Rust                                          |
//! |------------------------------------|-----------------------------------------------|
//! | `Coordinate :: x y inv ...`        | [`Coordinate`], [`inv_coordinate`]           |
//! | `Piece :: type coord colour`       | [`Piece`] (`type` is a Rust keyword: `piece_type`) |
//! | `set of Direction`, `set of Piece` | [`Set<Direction>`](Set), [`Set<Piece>`](Set)   |
//! | `ObstacleSet = set of Obstacle`    | [`ObstacleSet`]                               |
//! | `mu(piece, coord \|-> c)`          | [`Piece::at`]                                 |
//!
//! [`Colour`], [`PieceType`] and [`Coordinate`] keep the spec's names; the rest of the crate
//! speaks [`crate::Color`], [`crate::Role`] and [`crate::Square`], and `From` converts both
//! ways at the port (see [`crate::types`] for why both exist).

use std::fmt;

use crate::model::Set;

mod values;

pub use values::{
    inv_coordinate, mk_coordinate, Colour, Coordinate, CoordinateError, Direction, Obstacle,
    ObstacleSet, Piece, PieceType,
};

/// VDM `opposite_colour`: the other side.
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

/// VDM `coordinate_offset`: the square `d` away from `c`, or `None` (VDM `nil`) when that is
/// off the board.
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
    let (x, y) = (c.x() as i32 + d.dx, c.y() as i32 + d.dy);
    if 1 <= x && x <= 8 && 1 <= y && y <= 8 {
        Some(mk_coordinate(x as u32, y as u32))
    } else {
        None
    }
}

/// The directions `(dx, dy)` for `dx, dy` drawn from `steps` that satisfy `keep`: the
/// comprehension `{ mk_Direction(dx, dy) | dx, dy in set steps & keep }`.
fn directions(steps: &[i32], keep: impl Fn(i32, i32) -> bool) -> Set<Direction> {
    steps
        .iter()
        .flat_map(|&dx| steps.iter().map(move |&dy| (dx, dy)))
        .filter(|&(dx, dy)| keep(dx, dy))
        .map(|(dx, dy)| Direction { dx, dy })
        .collect()
}

/// VDM `knight_directions`: two squares one way and one square at right angles (FIDE Laws
/// 3.6).
///
/// ```
/// use vdmchess::model::piece::knight_directions;
/// assert_eq!(knight_directions().len(), 8);
/// ```
#[must_use]
pub fn knight_directions() -> Set<Direction> {
    directions(&[-2, -1, 1, 2], |dx, dy| dx.abs() != dy.abs())
}

/// VDM `king_directions`: a step to any adjoining square (FIDE Laws 3.8.1).
#[must_use]
pub fn king_directions() -> Set<Direction> {
    directions(&[-1, 0, 1], |dx, dy| dx != 0 || dy != 0)
}

/// VDM `rook_directions`: along a file or a rank (FIDE Laws 3.3).
#[must_use]
pub fn rook_directions() -> Set<Direction> {
    king_directions()
        .into_iter()
        .filter(|d| d.dx == 0 || d.dy == 0)
        .collect()
}

/// VDM `bishop_directions`: along a diagonal (FIDE Laws 3.2).
#[must_use]
pub fn bishop_directions() -> Set<Direction> {
    king_directions()
        .into_iter()
        .filter(|d| d.dx != 0 && d.dy != 0)
        .collect()
}

/// VDM `queen_directions`: along a file, rank or diagonal (FIDE Laws 3.4).
#[must_use]
pub fn queen_directions() -> Set<Direction> {
    rook_directions().union(bishop_directions())
}

/// VDM `pawn_direction`: a pawn's forward step, towards the opponent (FIDE Laws 3.7.1).
#[must_use]
#[inline]
pub const fn pawn_direction(c: Colour) -> Direction {
    match c {
        Colour::White => Direction { dx: 0, dy: 1 },
        Colour::Black => Direction { dx: 0, dy: -1 },
    }
}

/// VDM `pawn_capture_directions`: the pawn's two capturing steps, diagonally forward (FIDE
/// Laws 3.7.3).
#[must_use]
pub fn pawn_capture_directions(c: Colour) -> Set<Direction> {
    let f = pawn_direction(c);
    Set::from(vec![
        Direction { dx: -1, dy: f.dy },
        Direction { dx: 1, dy: f.dy },
    ])
}

/// VDM `possible_move_direction`: the piece after one step in direction `d`, unless the step
/// leaves the board or lands on a piece of its own colour (FIDE Laws 3.1); `None` then.
#[must_use]
pub fn possible_move_direction(
    piece: Piece,
    d: Direction,
    obstacles: &ObstacleSet,
) -> Option<Piece> {
    match coordinate_offset(piece.coord, d) {
        None => None,
        Some(c) if obstacles.contains(&Obstacle::new(c, piece.colour)) => None,
        Some(c) => Some(piece.at(c)),
    }
}

/// VDM `pre_possible_moves_direction`: `d` is one step to a neighbouring square, so the ray
/// is a line and the recursion ends at the board's edge (the spec's `measure`).
#[must_use]
pub const fn pre_possible_moves_direction(
    _piece: Piece,
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

/// VDM `possible_moves_direction`: the piece on every square of the ray from it in direction
/// `d`, up to the first occupied square, which is included when it holds an opposing piece
/// (FIDE Laws 3.2-3.4; 3.5: line pieces do not jump). Recursive, as the spec.
///
/// # Errors
///
/// [`InvalidDirection`] when `d` is not a step to a neighbouring square
/// ([`pre_possible_moves_direction`]).
///
/// ```
/// use vdmchess::model::piece::*;
/// let rook = Piece::new(PieceType::Rook, Coordinate::new(1, 1).unwrap(), Colour::White);
/// let blocker = Obstacle::new(Coordinate::new(1, 4).unwrap(), Colour::Black);
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
) -> Result<Set<Piece>, InvalidDirection> {
    if !pre_possible_moves_direction(piece, d, obstacles) {
        return Err(InvalidDirection(d));
    }
    Ok(match coordinate_offset(piece.coord, d) {
        None => Set::new(),
        Some(c) if obstacles.contains(&Obstacle::new(c, piece.colour)) => Set::new(),
        Some(c) if obstacles.contains(&Obstacle::new(c, opposite_colour(piece.colour))) => {
            Set::unit(piece.at(c))
        }
        Some(c) => {
            Set::unit(piece.at(c)).union(possible_moves_direction(piece.at(c), d, obstacles)?)
        }
    })
}

/// `dunion { possible_moves_direction(piece, d, obstacles) | d in set directions }`: the rays
/// of a line piece. Every direction of [`rook_directions`], [`bishop_directions`] and
/// [`queen_directions`] is a unit step, so the precondition holds (the spec's proof
/// obligation) and no ray is ever refused.
fn rays(piece: Piece, directions: Set<Direction>, obstacles: &ObstacleSet) -> Set<Piece> {
    Set::unions(directions.into_iter().map(|d| {
        possible_moves_direction(piece, d, obstacles)
            .unwrap_or_else(|e| unreachable!("{e}: line directions are unit steps"))
    }))
}

/// VDM `type_based_moves`: the piece after each move its type allows, given the occupied
/// squares (FIDE Laws 3.2-3.8.1): a pawn one square forward onto an empty square (3.7.1) or
/// diagonally forward onto an opposing piece (3.7.3); a knight or king one step in its
/// directions; a bishop, rook or queen along its rays. The double push, en passant,
/// promotion and castling depend on the history, and the rule about the own king on the whole
/// board: see `BoardModule`.
///
/// ```
/// use vdmchess::model::piece::*;
/// let knight = Piece::new(PieceType::Knight, Coordinate::new(1, 1).unwrap(), Colour::White);
/// let moves = type_based_moves(knight, &ObstacleSet::new());
/// assert_eq!(moves.len(), 2); // b3 and c2
/// ```
#[must_use]
pub fn type_based_moves(piece: Piece, obstacles: &ObstacleSet) -> Set<Piece> {
    match piece.piece_type {
        PieceType::Pawn => {
            let ahead = coordinate_offset(piece.coord, pawn_direction(piece.colour));
            let diagonals: Set<Option<Coordinate>> = pawn_capture_directions(piece.colour)
                .into_iter()
                .map(|d| coordinate_offset(piece.coord, d))
                .collect();
            let forward = match ahead {
                Some(a) if !obstacles.iter().any(|o| o.coord == a) => Set::unit(piece.at(a)),
                _ => Set::new(),
            };
            forward.union(
                diagonals
                    .into_iter()
                    .flatten()
                    .filter(|&c| {
                        obstacles.contains(&Obstacle::new(c, opposite_colour(piece.colour)))
                    })
                    .map(|c| piece.at(c))
                    .collect(),
            )
        }
        PieceType::Knight => knight_directions()
            .into_iter()
            .filter_map(|d| possible_move_direction(piece, d, obstacles))
            .collect(),
        PieceType::King => king_directions()
            .into_iter()
            .filter_map(|d| possible_move_direction(piece, d, obstacles))
            .collect(),
        PieceType::Bishop => rays(piece, bishop_directions(), obstacles),
        PieceType::Rook => rays(piece, rook_directions(), obstacles),
        PieceType::Queen => rays(piece, queen_directions(), obstacles),
    }
}
