//! `BoardModule`, its values: board states, moves and starting positions, each with its
//! invariant (`inv_board_state`, `inv_move`, `inv_start`) enforced by its constructor and by
//! deserialisation.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::PieceSet;
use crate::model::piece::{Colour, Coordinate, Piece};
use crate::setup::{CastlingMode, Setup, SetupError};
use crate::types::{Piece as SharedPiece, Square, SquareSet};

// ---------------------------------------------------------------------------------------------
// BoardState

/// VDM `inv_board_state`: the set is non-empty and no two pieces share a coordinate.
#[must_use]
pub fn inv_board_state(pieces: &PieceSet) -> bool {
    !pieces.is_empty()
        && pieces
            .iter()
            .zip(pieces.iter().skip(1))
            .all(|(a, b)| a.coord != b.coord)
}

/// VDM `BoardState = set of Piece inv inv_board_state`: the pieces on the board.
///
/// ```
/// use vdmchess::model::board::{BoardState, PieceSet};
/// assert!(BoardState::new(PieceSet::new()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "PieceSet", into = "PieceSet")]
pub struct BoardState(pub(super) PieceSet);

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
    pub fn new(pieces: PieceSet) -> Result<BoardState, BoardStateError> {
        if pieces.is_empty() {
            return Err(BoardStateError::Empty);
        }
        if let Some((a, _)) = pieces
            .iter()
            .zip(pieces.iter().skip(1))
            .find(|(a, b)| a.coord == b.coord)
        {
            return Err(BoardStateError::SharedCoordinate(a.coord));
        }
        debug_assert!(inv_board_state(&pieces));
        Ok(BoardState(pieces))
    }

    /// The pieces, ordered by coordinate.
    #[must_use]
    pub fn pieces(&self) -> &PieceSet {
        &self.0
    }

    /// The pieces of a [`Setup`]'s placement (at least one piece is required).
    ///
    /// # Errors
    ///
    /// [`BoardStateError::Empty`] for an empty board.
    pub fn from_setup(setup: &Setup) -> Result<BoardState, BoardStateError> {
        let pieces = Square::all()
            .filter_map(|sq| setup.piece_at(sq).map(|p| shared_to_piece(p, sq)))
            .collect();
        BoardState::new(pieces)
    }
}

impl TryFrom<PieceSet> for BoardState {
    type Error = BoardStateError;
    fn try_from(pieces: PieceSet) -> Result<BoardState, BoardStateError> {
        BoardState::new(pieces)
    }
}

impl From<BoardState> for PieceSet {
    fn from(state: BoardState) -> PieceSet {
        state.0
    }
}

fn shared_to_piece(p: SharedPiece, sq: Square) -> Piece {
    Piece::new(p.role.into(), sq.into(), p.color.into())
}

// ---------------------------------------------------------------------------------------------
// Move

/// VDM `inv_move`: a move keeps its colour and changes its coordinate.
#[must_use]
pub fn inv_move(from_: &Piece, to_: &Piece) -> bool {
    from_.colour == to_.colour && from_.coord != to_.coord
}

/// VDM `Move :: from_ to_`: the piece before and after the move.
///
/// A promotion is a `to_` of another type; castling is the king's `to_` on its own rook's
/// coordinate ("king takes rook", as UCI writes Chess960 castling), so every castling of every
/// Chess960 start is a move that satisfies [`inv_move`], even when the king does not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawMove")]
pub struct Move {
    pub(super) from_: Piece,
    pub(super) to_: Piece,
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
        if self.from_.colour != self.to_.colour {
            write!(
                f,
                "invalid move {}-{}: the colour changes",
                self.from_.coord, self.to_.coord
            )
        } else {
            write!(
                f,
                "invalid move {}-{}: the coordinate does not change",
                self.from_.coord, self.to_.coord
            )
        }
    }
}

impl std::error::Error for InvalidMove {}

impl Move {
    /// The move of `from_` to `to_`, checked by [`inv_move`].
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
        if inv_move(&from_, &to_) {
            Ok(Move { from_, to_ })
        } else {
            Err(InvalidMove { from_, to_ })
        }
    }

    /// For generators that build moves satisfying [`inv_move`] by construction.
    #[inline]
    pub(crate) fn new_valid(from_: Piece, to_: Piece) -> Move {
        debug_assert!(inv_move(&from_, &to_));
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
// Start

/// The starting position of a board: what a FEN says (placement, side to move, castling rooks,
/// en-passant target, clocks), validated by [`Setup::validate`], plus the castling mode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawStart", into = "RawStart")]
pub struct Start {
    pub(super) state: BoardState,
    pub(super) turn: Colour,
    pub(super) castling: Vec<Coordinate>,
    pub(super) en_passant: Option<Coordinate>,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
    pub(super) mode: CastlingMode,
}

/// The unchecked shape of a [`Start`] (its serialised form).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RawStart {
    state: BoardState,
    turn: Colour,
    castling: Vec<Coordinate>,
    en_passant: Option<Coordinate>,
    halfmove_clock: u32,
    fullmove_number: u32,
    mode: CastlingMode,
}

impl From<Start> for RawStart {
    fn from(s: Start) -> RawStart {
        RawStart {
            state: s.state,
            turn: s.turn,
            castling: s.castling,
            en_passant: s.en_passant,
            halfmove_clock: s.halfmove_clock,
            fullmove_number: s.fullmove_number,
            mode: s.mode,
        }
    }
}

impl TryFrom<RawStart> for Start {
    type Error = SetupError;
    fn try_from(raw: RawStart) -> Result<Start, SetupError> {
        let unchecked = Start {
            state: raw.state,
            turn: raw.turn,
            castling: raw.castling,
            en_passant: raw.en_passant,
            halfmove_clock: raw.halfmove_clock,
            fullmove_number: raw.fullmove_number,
            mode: raw.mode,
        };
        Start::from_setup(&unchecked.to_setup(), unchecked.mode)
    }
}

/// VDM `inv_start`: the start is a legal setup ([`Setup::validate`] in its castling mode).
#[must_use]
pub fn inv_start(start: &Start) -> bool {
    start.to_setup().validate(start.mode).is_ok()
}

impl Start {
    /// The start of a validated `setup`.
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason [`Setup::validate`] rejects the setup.
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Start, SetupError> {
        setup.validate(mode)?;
        // Cannot fail: a validated setup has two kings, so its board is not empty.
        let state = BoardState::from_setup(setup).map_err(|_| SetupError {
            setup: Box::new(*setup),
            problems: Vec::new(),
        })?;
        let start = Start {
            state,
            turn: setup.turn.into(),
            castling: setup.castling_rights.iter().map(Coordinate::from).collect(),
            en_passant: setup.ep_square.map(Coordinate::from),
            halfmove_clock: setup.halfmoves,
            fullmove_number: setup.fullmoves,
            mode,
        };
        debug_assert!(inv_start(&start));
        Ok(start)
    }

    /// The start as a [`Setup`], exactly as given (the en-passant square as the FEN named it).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for p in self.state.pieces() {
            setup.board[p.coord.index()] = Some(SharedPiece {
                color: p.colour.into(),
                role: p.piece_type.into(),
            });
        }
        setup.turn = self.turn.into();
        setup.castling_rights = self
            .castling
            .iter()
            .map(|&c| Square::from(c))
            .collect::<SquareSet>();
        setup.ep_square = self.en_passant.map(Square::from);
        setup.halfmoves = self.halfmove_clock;
        setup.fullmoves = self.fullmove_number;
        setup
    }

    /// The pieces at the start.
    #[must_use]
    pub fn state(&self) -> &BoardState {
        &self.state
    }

    /// The side to move at the start.
    #[must_use]
    pub fn turn(&self) -> Colour {
        self.turn
    }

    /// The coordinates of the rooks that may castle at the start.
    #[must_use]
    pub fn castling(&self) -> &[Coordinate] {
        &self.castling
    }

    /// The en-passant target at the start, as the setup named it.
    #[must_use]
    pub fn en_passant(&self) -> Option<Coordinate> {
        self.en_passant
    }

    /// The half-move clock at the start.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The full-move number at the start.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// How castling is written (standard or Chess960).
    #[must_use]
    pub fn mode(&self) -> CastlingMode {
        self.mode
    }
}
