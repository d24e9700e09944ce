//! `BoardModule`, its values: moves, histories, board states, move effects and boards, each
//! with its invariant (`inv_Move`, `inv_BoardState`) checked by its constructor and by
//! deserialisation. Starting positions, whose invariant asks the board's functions, are in
//! `start.rs`; the functions that build and play boards are in `board.rs`.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::piece::{Coordinate, Piece};
use crate::model::{Seq, Set};
use crate::setup::Setup;
use crate::types::Square;

// ---------------------------------------------------------------------------------------------
// Move

/// VDM `inv_Move`: a move keeps its colour and changes its coordinate. It takes the fields
/// `mk_Move` takes.
#[must_use]
pub fn inv_move(from_: Piece, to_: Piece) -> bool {
    from_.colour == to_.colour && from_.coord != to_.coord
}

/// VDM `Move :: from_ to_`: the piece before and the piece after the move.
///
/// A promotion is a `to_` of another type (FIDE Laws 3.7.5); castling is the king's `to_` on
/// its own rook's coordinate ("king takes rook", as UCI writes Chess960 castling), so every
/// castling of every Chess960 start satisfies [`inv_move`], even when the king does not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawMove")]
pub struct Move {
    from_: Piece,
    to_: Piece,
}

#[derive(Deserialize)]
struct RawMove {
    from_: Piece,
    to_: Piece,
}

impl TryFrom<RawMove> for Move {
    type Error = InvalidMove;
    fn try_from(raw: RawMove) -> Result<Move, InvalidMove> {
        Move::new(raw.from_, raw.to_)
    }
}

/// A pair of pieces that violates [`inv_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidMove {
    /// The rejected `from_`.
    pub from_: Piece,
    /// The rejected `to_`.
    pub to_: Piece,
}

impl fmt::Display for InvalidMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = if self.from_.colour != self.to_.colour {
            "the colour changes"
        } else {
            "the coordinate does not change"
        };
        write!(
            f,
            "invalid move {}-{}: {why}",
            self.from_.coord, self.to_.coord
        )
    }
}

impl std::error::Error for InvalidMove {}

impl Move {
    /// VDM `mk_Move(from_, to_)`, checked by [`inv_move`].
    ///
    /// # Errors
    ///
    /// [`InvalidMove`] when the colours differ or the coordinates are equal.
    ///
    /// ```
    /// use vdmchess::model::board::Move;
    /// use vdmchess::model::piece::*;
    /// let pawn = Piece::new(PieceType::Pawn, Coordinate::new(5, 2).unwrap(), Colour::White);
    /// assert!(Move::new(pawn, pawn.at(Coordinate::new(5, 4).unwrap())).is_ok());
    /// assert!(Move::new(pawn, pawn).is_err());
    /// ```
    pub fn new(from_: Piece, to_: Piece) -> Result<Move, InvalidMove> {
        if inv_move(from_, to_) {
            Ok(Move { from_, to_ })
        } else {
            Err(InvalidMove { from_, to_ })
        }
    }

    /// A move the model itself generates, which satisfies [`inv_move`] by construction
    /// (checked with the feature `contracts`).
    #[inline]
    pub(crate) fn generated(from_: Piece, to_: Piece) -> Move {
        crate::model::ensure("BoardModule`inv_Move", || inv_move(from_, to_));
        Move { from_, to_ }
    }

    /// The piece before the move.
    #[must_use]
    #[inline]
    pub const fn from_(&self) -> Piece {
        self.from_
    }

    /// The piece after the move (for castling: the king on its rook's coordinate).
    #[must_use]
    #[inline]
    pub const fn to_(&self) -> Piece {
        self.to_
    }
}

impl fmt::Display for Move {
    /// Coordinate text, king-takes-rook for castling, with the promotion letter: `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from_.coord, self.to_.coord)?;
        if self.from_.piece_type != self.to_.piece_type {
            let role: crate::types::Role = self.to_.piece_type.into();
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// BoardState

/// VDM `inv_BoardState`: at least one piece, and at most one on each square (FIDE Laws 2.1).
#[must_use]
pub fn inv_board_state(s: &Set<Piece>) -> bool {
    !s.is_empty()
        && s.iter()
            .all(|p| s.iter().all(|q| p.coord != q.coord || p == q))
}

/// The fast form of [`inv_board_state`] (listed with `model::array`'s fast forms): the set is not empty and no two pieces share a
/// coordinate. Pieces sort by coordinate first, so two on one coordinate are neighbours in
/// the set's order: one pass over neighbours instead of every pair.
#[must_use]
pub fn inv_board_state_in_order(s: &Set<Piece>) -> bool {
    let mut previous: Option<Coordinate> = None;
    !s.is_empty()
        && s.iter().all(|p| {
            let apart = previous != Some(p.coord);
            previous = Some(p.coord);
            apart
        })
}

/// VDM `BoardState = set of Piece inv inv_BoardState`: the pieces on the board.
///
/// ```
/// use vdmchess::model::board::BoardState;
/// use vdmchess::model::Set;
/// assert!(BoardState::new(Set::new()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "Set<Piece>", into = "Set<Piece>")]
pub struct BoardState(Set<Piece>);

/// Why a set of pieces is not a [`BoardState`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardStateError {
    /// The set is empty.
    Empty,
    /// Two pieces stand on this coordinate.
    SharedCoordinate(Coordinate),
}

impl fmt::Display for BoardStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardStateError::Empty => write!(f, "invalid board state: no pieces"),
            BoardStateError::SharedCoordinate(c) => {
                write!(f, "invalid board state: two pieces on {c}")
            }
        }
    }
}

impl std::error::Error for BoardStateError {}

impl BoardState {
    /// The board state of `pieces`, checked by [`inv_board_state`].
    ///
    /// # Errors
    ///
    /// [`BoardStateError`] when the set is empty or two pieces share a coordinate.
    pub fn new(pieces: Set<Piece>) -> Result<BoardState, BoardStateError> {
        if inv_board_state(&pieces) {
            return Ok(BoardState(pieces));
        }
        // Pieces sort by coordinate first: two on one square are neighbours.
        let shared = pieces
            .iter()
            .zip(pieces.iter().skip(1))
            .find(|(a, b)| a.coord == b.coord);
        Err(match shared {
            Some((a, _)) => BoardStateError::SharedCoordinate(a.coord),
            None => BoardStateError::Empty,
        })
    }

    /// A state the model computed from a valid one ([`super::apply_move`]), which satisfies
    /// [`inv_board_state`] (checked with the feature `contracts`, by its fast form
    /// [`inv_board_state_in_order`]).
    pub(crate) fn computed(pieces: Set<Piece>) -> BoardState {
        crate::model::ensure("BoardModule`inv_BoardState", || {
            inv_board_state_in_order(&pieces)
        });
        BoardState(pieces)
    }

    /// The pieces, ordered by coordinate.
    #[must_use]
    pub fn pieces(&self) -> &Set<Piece> {
        &self.0
    }

    /// The pieces of a [`Setup`]'s placement (at least one piece is required).
    ///
    /// # Errors
    ///
    /// [`BoardStateError::Empty`] for an empty board.
    pub fn from_setup(setup: &Setup) -> Result<BoardState, BoardStateError> {
        let pieces = Square::all()
            .filter_map(|sq| {
                setup
                    .piece_at(sq)
                    .map(|p| Piece::new(p.role.into(), sq.into(), p.color.into()))
            })
            .collect();
        BoardState::new(pieces)
    }
}

impl TryFrom<Set<Piece>> for BoardState {
    type Error = BoardStateError;
    fn try_from(pieces: Set<Piece>) -> Result<BoardState, BoardStateError> {
        BoardState::new(pieces)
    }
}

impl From<BoardState> for Set<Piece> {
    fn from(state: BoardState) -> Set<Piece> {
        state.0
    }
}

// ---------------------------------------------------------------------------------------------
// MoveEffect

/// VDM `MoveEffect :: leave arrive`: what a move does to the board, the pieces that leave it
/// and those that arrive (see [`super::move_effect`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveEffect {
    /// The pieces removed: the mover, and what it captures or castles with.
    pub leave: Set<Piece>,
    /// The pieces put on the board.
    pub arrive: Set<Piece>,
}

// ---------------------------------------------------------------------------------------------
// History

/// VDM `History = seq of Move`: the moves played since the start, oldest first.
pub type History = Seq<Move>;
