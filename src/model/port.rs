//! The model behind the port: `impl Rules for Game`, and the conversions between the
//! model's moves and the port's.
//!
//! The port speaks squares and [`MoveKind`]s; the model speaks pieces (`from_`, `to_`). A port
//! move becomes a model move by looking up the moving piece; a model move becomes a port move
//! by asking what it does on the board (castling: the king's `to_` on its own rook; en
//! passant: a pawn moving diagonally onto an empty square; promotion: a `to_` of another type).

use crate::model::board::{self, Board, Move as ModelMove};
use crate::model::game::{self, AutomaticDraw, ClaimableDraw, Game};
use crate::model::piece::{Piece, PieceType};
use crate::model::squares::Squares;
use crate::rules::{Claim, Move, MoveKind, PlayError, Rules, Status};
use crate::setup::{CastlingMode, Setup, SetupError};
use crate::types::{Color, Piece as SharedPiece, Square};

/// The port's name for a model move played on `squares` (the position before it).
#[must_use]
pub fn to_port_move(squares: &Squares, m: &ModelMove) -> Move {
    let (from, to) = (m.from_(), m.to_());
    let target = squares.get(to.coord);
    let kind = if from.piece_type == PieceType::King
        && target.is_some_and(|t| t.colour == from.colour && t.piece_type == PieceType::Rook)
    {
        MoveKind::Castle
    } else if from.piece_type == PieceType::Pawn
        && from.coord.x() != to.coord.x()
        && target.is_none()
    {
        MoveKind::EnPassant
    } else if from.piece_type != to.piece_type {
        MoveKind::Promotion(to.piece_type.into())
    } else {
        MoveKind::Normal
    };
    Move {
        from: from.coord.into(),
        to: to.coord.into(),
        kind,
    }
}

/// The model move a port move names on `squares`, if a piece stands on its `from` square and
/// the pair satisfies the move invariant. Whether it is legal is another question.
#[must_use]
pub fn from_port_move(squares: &Squares, m: &Move) -> Option<ModelMove> {
    let from: Piece = squares.get(m.from.into())?;
    let to = match m.kind {
        MoveKind::Promotion(role) => Piece {
            piece_type: role.into(),
            ..from.at(m.to.into())
        },
        _ => from.at(m.to.into()),
    };
    ModelMove::new(from, to).ok()
}

/// The model move `m` names, if it is legal: it converts back to exactly `m` (so the kind is
/// right) and satisfies `board::pre_move`.
fn checked_model_move(game: &Game, m: &Move) -> Option<ModelMove> {
    let squares = Squares::of(game.board().state());
    from_port_move(&squares, m).filter(|model_move| {
        to_port_move(&squares, model_move) == *m
            && board::pre_move_on(game.board(), squares.clone(), model_move)
    })
}

impl Rules for Game {
    const NAME: &'static str = "the model";

    fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Game, SetupError> {
        Game::from_setup(setup, mode)
    }

    fn to_setup(&self) -> Setup {
        board::to_setup(self.board())
    }

    fn castling_mode(&self) -> CastlingMode {
        self.board().start().mode()
    }

    fn turn(&self) -> Color {
        game::turn(self).into()
    }

    fn piece_at(&self, sq: Square) -> Option<SharedPiece> {
        board::piece_at(self.board().state(), sq.into()).map(|p| SharedPiece {
            color: p.colour.into(),
            role: p.piece_type.into(),
        })
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let (moves, squares) = board::possible_moves_and_squares(self.board());
        out.extend(moves.iter().map(|m| to_port_move(&squares, m)));
    }

    fn is_legal(&self, m: &Move) -> bool {
        checked_model_move(self, m).is_some()
    }

    fn play(&self, m: &Move) -> Result<Game, PlayError> {
        match checked_model_move(self, m) {
            Some(model_move) => Ok(Game::new(board::move_unchecked(self.board(), model_move))),
            None => Err(PlayError {
                mv: *m,
                fen: self.to_setup().to_fen(),
            }),
        }
    }

    fn play_unchecked(&mut self, m: &Move) {
        let squares = Squares::of(self.board().state());
        if let Some(m) = from_port_move(&squares, m) {
            *self = Game::new(board::move_unchecked(self.board(), m));
        }
    }

    fn is_check(&self) -> bool {
        game::is_check(self)
    }

    fn halfmove_clock(&self) -> u32 {
        board::halfmove_clock(self.board())
    }

    fn repetition_count(&self) -> usize {
        game::repetition_count(self)
    }

    fn is_insufficient_material(&self) -> bool {
        game::is_insufficient_material(self)
    }

    fn is_checkmate(&self) -> bool {
        game::is_checkmate(self)
    }

    fn is_stalemate(&self) -> bool {
        game::is_stalemate(self)
    }

    fn is_threefold_repetition(&self) -> bool {
        game::is_threefold_repetition(self)
    }

    fn is_fifty_moves(&self) -> bool {
        game::is_fifty_moves(self)
    }

    fn claims(&self) -> Vec<Claim> {
        game::claimable_draws(self)
            .into_iter()
            .map(|claim| match claim {
                ClaimableDraw::ThreefoldRepetition => Claim::ThreefoldRepetition,
                ClaimableDraw::FiftyMoves => Claim::FiftyMoves,
            })
            .collect()
    }

    /// `GameModule`'s answer: [`game::is_checkmate`], else [`game::automatic_draw`].
    fn status(&self) -> Status {
        if game::is_checkmate(self) {
            return Status::Checkmate;
        }
        match game::automatic_draw(self) {
            Some(AutomaticDraw::InsufficientMaterial) => Status::InsufficientMaterial,
            Some(AutomaticDraw::Stalemate) => Status::Stalemate,
            Some(AutomaticDraw::SeventyfiveMoves) => Status::SeventyfiveMoves,
            Some(AutomaticDraw::FivefoldRepetition) => Status::FivefoldRepetition,
            None => Status::Ongoing,
        }
    }
}

impl From<Board> for Game {
    fn from(board: Board) -> Game {
        Game::new(board)
    }
}
