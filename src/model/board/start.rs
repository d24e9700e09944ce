//! `BoardModule`'s starting positions: `Start`, its invariant `inv_Start` checked by its
//! constructor and by deserialisation, and the two clauses of a legal start
//! (`castling_rights_are_valid`, `ep_square_is_valid`).

use serde::{Deserialize, Serialize};

use super::state::{in_check, piece_at};
use super::values::BoardState;
use crate::model::piece::{opposite_colour, pawn_direction, Colour, Coordinate, Piece, PieceType};
use crate::model::Set;
use crate::setup::{CastlingMode, Setup, SetupError};
use crate::types::{Piece as SharedPiece, Square};

/// VDM `right_colour`: the colour whose castling right the rook coordinate `r` is: White's on
/// the first rank.
#[must_use]
pub fn right_colour(r: Coordinate) -> Colour {
    if r.y() == 1 {
        Colour::White
    } else {
        Colour::Black
    }
}

// ---------------------------------------------------------------------------------------------
// Start

/// VDM `inv_Start`: one king a side, at most 16 pieces and 8 pawns a side, no pawn on the
/// first or last rank, the side not to move not in check, valid castling rights and
/// en-passant target (FIDE Laws 2, 3.8.2, 3.7.3.1, 3.9). It takes the fields `mk_Start`
/// takes; the clocks take part only through their types (`nat`, `nat1`).
#[must_use]
pub fn inv_start(
    state: &BoardState,
    turn: Colour,
    castling: &Set<Coordinate>,
    en_passant: Option<Coordinate>,
    _halfmove_clock: u32,
    _fullmove_number: u32,
) -> bool {
    let s = state.pieces();
    let count = |keep: &dyn Fn(&Piece) -> bool| s.iter().filter(|p| keep(p)).count();
    [Colour::White, Colour::Black].into_iter().all(|c| {
        count(&|p| p.colour == c && p.piece_type == PieceType::King) == 1
            && count(&|p| p.colour == c) <= 16
            && count(&|p| p.colour == c && p.piece_type == PieceType::Pawn) <= 8
    }) && !s
        .iter()
        .any(|p| p.piece_type == PieceType::Pawn && [1, 8].contains(&p.coord.y()))
        && !in_check(state, opposite_colour(turn))
        && castling_rights_are_valid(state, castling)
        && en_passant.map_or(true, |ep| ep_square_is_valid(state, turn, ep))
}

/// VDM `castling_rights_are_valid`: each right names a rook of the back rank's colour on its
/// back rank, with its king on the same rank, and a colour has at most one right on each side
/// of its king (FIDE Laws 3.8.2; Guidelines III.2: the king starts between the two rooks).
#[must_use]
pub fn castling_rights_are_valid(s: &BoardState, rights: &Set<Coordinate>) -> bool {
    rights.iter().all(|&r| {
        [1, 8].contains(&r.y()) && {
            let colour = right_colour(r);
            piece_at(s, r) == Some(Piece::new(PieceType::Rook, r, colour))
                && s.pieces().iter().any(|k| {
                    k.piece_type == PieceType::King
                        && k.colour == colour
                        && k.coord.y() == r.y()
                        && rights.iter().all(|&r2| {
                            !(r2.y() == r.y() && r2 != r)
                                || ((r2.x() < k.coord.x()) != (r.x() < k.coord.x()))
                        })
                })
        }
    })
}

/// VDM `ep_square_is_valid`: an en-passant target must be the square a pawn of the side not to
/// move has just skipped: empty, on the sixth rank seen from the mover, with that pawn beyond
/// it and the square it came from empty (FIDE Laws 3.7.3.1).
#[must_use]
pub fn ep_square_is_valid(s: &BoardState, mover: Colour, ep: Coordinate) -> bool {
    let dy = pawn_direction(mover).dy;
    // mk_Coordinate(ep.x, ep.y + k): on the board whenever the first conjunct holds.
    let beside = |k: i32| Coordinate::new(ep.x() as i32, ep.y() as i32 + k).ok();
    ep.y() == (if mover == Colour::White { 6 } else { 3 })
        && piece_at(s, ep).is_none()
        && beside(dy).is_some_and(|c| piece_at(s, c).is_none())
        && beside(-dy).is_some_and(|c| {
            piece_at(s, c) == Some(Piece::new(PieceType::Pawn, c, opposite_colour(mover)))
        })
}

/// VDM `Start :: state turn castling en_passant halfmove_clock fullmove_number`: where a
/// board starts, a position as FEN describes it (FIDE Laws 2; Guidelines III for Chess960).
/// Castling rights name the rook's coordinate. Beside the spec's fields, the castling
/// `mode` says how castling is written (standard or Chess960) and, in standard mode, that the
/// rights are those of standard chess ([`Setup::validate`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawStart", into = "RawStart")]
pub struct Start(RawStart);

/// The fields of a [`Start`], unchecked (its serialised form); a `Start` is one that passed
/// [`inv_start`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct RawStart {
    state: BoardState,
    turn: Colour,
    castling: Set<Coordinate>,
    en_passant: Option<Coordinate>,
    halfmove_clock: u32,
    fullmove_number: u32,
    mode: CastlingMode,
}

impl From<Start> for RawStart {
    fn from(s: Start) -> RawStart {
        s.0
    }
}

impl TryFrom<RawStart> for Start {
    type Error = SetupError;
    fn try_from(raw: RawStart) -> Result<Start, SetupError> {
        Start::from_setup(&raw.to_setup(), raw.mode)
    }
}

impl RawStart {
    /// The [`Setup`] of these fields, as given.
    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for p in self.state.pieces() {
            setup.board[p.coord.index()] = Some(SharedPiece {
                color: p.colour.into(),
                role: p.piece_type.into(),
            });
        }
        setup.turn = self.turn.into();
        setup.castling_rights = self.castling.iter().map(|&c| Square::from(c)).collect();
        setup.ep_square = self.en_passant.map(Square::from);
        setup.halfmoves = self.halfmove_clock;
        setup.fullmoves = self.fullmove_number;
        setup
    }
}

impl Start {
    /// VDM `mk_Start(state, turn, castling, en_passant, halfmove_clock, fullmove_number)`,
    /// in castling `mode`: checked as [`Start::from_setup`] checks.
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason the position is not a legal start.
    pub fn new(
        state: BoardState,
        turn: Colour,
        castling: Set<Coordinate>,
        en_passant: Option<Coordinate>,
        halfmove_clock: u32,
        fullmove_number: u32,
        mode: CastlingMode,
    ) -> Result<Start, SetupError> {
        RawStart {
            state,
            turn,
            castling,
            en_passant,
            halfmove_clock,
            fullmove_number,
            mode,
        }
        .try_into()
    }

    /// VDM `mk_Start(...)` from a [`Setup`]: validated by [`Setup::validate`] in `mode` (which
    /// names every problem) and checked by [`inv_start`].
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason [`Setup::validate`] rejects the setup.
    ///
    /// # Panics
    ///
    /// If [`inv_start`] refuses a setup that [`Setup::validate`] accepts: a bug, which
    /// `tests/model_twins.rs` looks for on random setups.
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Start, SetupError> {
        setup.validate(mode)?;
        let state = BoardState::from_setup(setup).map_err(|_| SetupError {
            setup: Box::new(*setup),
            problems: Vec::new(),
        })?;
        let start = RawStart {
            state,
            turn: setup.turn.into(),
            castling: setup.castling_rights.iter().map(Coordinate::from).collect(),
            en_passant: setup.ep_square.map(Coordinate::from),
            halfmove_clock: setup.halfmoves,
            fullmove_number: setup.fullmoves,
            mode,
        };
        assert!(
            inv_start(
                &start.state,
                start.turn,
                &start.castling,
                start.en_passant,
                start.halfmove_clock,
                start.fullmove_number
            ),
            "contract violated: BoardModule`inv_Start refuses a setup Setup::validate accepts"
        );
        Ok(Start(start))
    }

    /// The start as a [`Setup`], exactly as given (the en-passant square as the FEN named it).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        self.0.to_setup()
    }

    /// The pieces at the start.
    #[must_use]
    pub fn state(&self) -> &BoardState {
        &self.0.state
    }

    /// The side to move at the start.
    #[must_use]
    pub fn turn(&self) -> Colour {
        self.0.turn
    }

    /// The coordinates of the rooks that may castle at the start.
    #[must_use]
    pub fn castling(&self) -> &Set<Coordinate> {
        &self.0.castling
    }

    /// The en-passant target at the start, as the setup named it.
    #[must_use]
    pub fn en_passant(&self) -> Option<Coordinate> {
        self.0.en_passant
    }

    /// The half-move clock at the start.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.0.halfmove_clock
    }

    /// The full-move number at the start.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.0.fullmove_number
    }

    /// How castling is written (standard or Chess960).
    #[must_use]
    pub fn mode(&self) -> CastlingMode {
        self.0.mode
    }
}
