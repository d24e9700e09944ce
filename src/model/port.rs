//! The model behind the port: `impl Rules for Game`, and the conversions between the
//! model's moves and the port's.
//!
//! The port speaks squares and [`MoveKind`]s; the model speaks pieces (`from_`, `to_`). A port
//! move becomes a model move by looking up the moving piece; a model move becomes a port move
//! by asking what it does on the board (castling: the king's `to_` on its own rook; en
//! passant: a pawn moving diagonally onto an empty square; promotion: a `to_` of another type).
//!
//! Every move the port plays on the model goes through `BoardModule`move` ([`board::move_`]):
//! its precondition is checked (the port refuses an illegal move in `play`, and panics on one
//! in `play_unchecked`, as the trait allows) and so is its postcondition. The port does not
//! go through `GameModule`move`, whose precondition also asks that the game be undecided: like
//! python-chess's `push`, the port lets a replay go on after an automatic draw and reports the
//! status separately. The status, the claims and the draw rules are `GameModule`'s answers,
//! computed by their fast forms (`is_checkmate_on_array`, `automatic_draw_on_array`, ...), as
//! is every question the port answers on every move; `tests/model_twins.rs` proves each fast
//! form equal to its twin.

use crate::model::array::{
    self, automatic_draw_on_array, claimable_draws_on_array, halfmove_clock_on_array,
    in_check_on_array, is_checkmate_on_array, is_stalemate_on_array, possible_moves_and_squares,
    repetition_count_on_array, Squares,
};
use crate::model::board::{self, Move as ModelMove};
use crate::model::game::{self, AutomaticDraw, ClaimableDraw, Game};
use crate::model::piece::{Piece, PieceType};
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

/// The model move `m` names, if it converts back to exactly `m` (so the kind is right),
/// with the array view it was read on. Whether it is legal is another question.
fn named_model_move(game: &Game, m: &Move) -> Option<(ModelMove, Squares)> {
    let squares = Squares::of(game.board().state());
    let model_move = from_port_move(&squares, m)?;
    (to_port_move(&squares, &model_move) == *m).then_some((model_move, squares))
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
        let (moves, squares) = possible_moves_and_squares(self.board());
        out.extend(moves.iter().map(|m| to_port_move(&squares, m)));
    }

    fn legal_move_count(&self) -> u64 {
        possible_moves_and_squares(self.board()).0.len() as u64
    }

    /// Each legal move played by `BoardModule`move` (checked), on the array view the moves
    /// were generated on.
    fn for_each_child<F: FnMut(&Self)>(&self, mut f: F) {
        let (moves, squares) = possible_moves_and_squares(self.board());
        for m in moves {
            match board::move_on(self.board(), squares.clone(), m) {
                Ok(next) => f(&Game::new(next)),
                Err(e) => unreachable!("a possible move is refused: {e}"),
            }
        }
    }

    fn is_legal(&self, m: &Move) -> bool {
        named_model_move(self, m).is_some_and(|(model_move, squares)| {
            array::pre_move_on(self.board(), &squares, model_move)
        })
    }

    fn play(&self, m: &Move) -> Result<Game, PlayError> {
        let refused = || PlayError {
            mv: *m,
            fen: self.to_setup().to_fen(),
        };
        let (model_move, squares) = named_model_move(self, m).ok_or_else(refused)?;
        board::move_on(self.board(), squares, model_move)
            .map(Game::new)
            .map_err(|_| refused())
    }

    /// Plays `m` through `BoardModule`move`, which checks it: the model has no unchecked way
    /// to play a move.
    ///
    /// # Panics
    ///
    /// When `m` is not legal here (the trait allows it; [`Rules::play`] returns an error
    /// instead).
    fn play_unchecked(&mut self, m: &Move) {
        match self.play(m) {
            Ok(next) => *self = next,
            Err(e) => panic!("play_unchecked on the model: {e}"),
        }
    }

    fn is_check(&self) -> bool {
        let b = self.board();
        in_check_on_array(&Squares::of(b.state()), board::turn(b))
    }

    fn halfmove_clock(&self) -> u32 {
        halfmove_clock_on_array(self.board())
    }

    fn repetition_count(&self) -> usize {
        repetition_count_on_array(self) as usize
    }

    fn is_insufficient_material(&self) -> bool {
        game::is_insufficient_material(self)
    }

    fn is_checkmate(&self) -> bool {
        is_checkmate_on_array(self)
    }

    fn is_stalemate(&self) -> bool {
        is_stalemate_on_array(self)
    }

    fn is_threefold_repetition(&self) -> bool {
        repetition_count_on_array(self) >= 3
    }

    fn is_fifty_moves(&self) -> bool {
        halfmove_clock_on_array(self.board()) >= 100
    }

    /// `GameModule`'s `claimable_draws`, by its fast form.
    fn claims(&self) -> Vec<Claim> {
        claimable_draws_on_array(self)
            .into_iter()
            .map(|claim| match claim {
                ClaimableDraw::ThreefoldRepetition => Claim::ThreefoldRepetition,
                ClaimableDraw::FiftyMoves => Claim::FiftyMoves,
            })
            .collect()
    }

    /// `GameModule`'s answer: `isCheckmate`, else `automatic_draw`, by their fast forms.
    fn status(&self) -> Status {
        if is_checkmate_on_array(self) {
            return Status::Checkmate;
        }
        match automatic_draw_on_array(self) {
            Some(AutomaticDraw::InsufficientMaterial) => Status::InsufficientMaterial,
            Some(AutomaticDraw::Stalemate) => Status::Stalemate,
            Some(AutomaticDraw::SeventyfiveMoves) => Status::SeventyfiveMoves,
            Some(AutomaticDraw::FivefoldRepetition) => Status::FivefoldRepetition,
            None => Status::Ongoing,
        }
    }
}
