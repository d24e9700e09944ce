//! [`Position`] behind the port: a position with no past, for counting and analysis.
//!
//! A [`Position`] is the core's `Copy` value without the repetition history that
//! [`Chess`](super::Chess) keeps: as a [`Rules`] value it is a game that starts here, and
//! every position it reaches is the first of its kind ([`Rules::repetition_count`] is always
//! 1). Perft and search need no more, and copying 96 bytes is all a move costs; follow a game
//! with [`Chess`](super::Chess), whose draw rules see the repetitions.

use super::position::Position;
use crate::rules::{Move, MoveMatch, Rules};
use crate::setup::{CastlingMode, Setup, SetupError};
use crate::types::{Color, Piece, Role, Square, SquareSet};

/// ```
/// use vdmchess::core::Position;
/// use vdmchess::rules::perft;
/// assert_eq!(perft(&Position::start(), 4), 197_281);
/// ```
impl Rules for Position {
    const NAME: &'static str = "the core";

    fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Position, SetupError> {
        Position::from_setup(setup, mode)
    }

    fn to_setup(&self) -> Setup {
        Position::to_setup(self)
    }

    fn castling_mode(&self) -> CastlingMode {
        Position::castling_mode(self)
    }

    #[inline]
    fn turn(&self) -> Color {
        Position::turn(self)
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Position::piece_at(self, sq)
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        Position::legal_moves_into(self, out);
    }

    #[inline]
    fn for_each_child<F: FnMut(&Position)>(&self, f: F) {
        Position::for_each_child(self, f);
    }

    #[inline]
    fn legal_move_count(&self) -> u64 {
        self.count_legal()
    }

    #[inline]
    fn legal_moves_to_into(&self, role: Role, to: Square, out: &mut Vec<Move>) {
        self.legal_moves_of_role_to(role, to, out);
    }

    /// Lists nothing: see [`Position::unique_move_to`].
    #[inline]
    fn unique_move_to(
        &self,
        role: Role,
        to: Square,
        from: SquareSet,
        promotion: Option<Role>,
        _scratch: &mut Vec<Move>,
    ) -> MoveMatch {
        Position::unique_move_to(self, role, to, from.0, promotion)
    }

    #[inline]
    fn is_legal(&self, m: &Move) -> bool {
        Position::is_legal(self, m)
    }

    #[inline]
    fn play_unchecked(&mut self, m: &Move) {
        Position::play_unchecked(self, m);
    }

    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmoves()
    }

    /// Always 1: a position has no past.
    fn repetition_count(&self) -> usize {
        1
    }

    fn is_insufficient_material(&self) -> bool {
        Position::is_insufficient_material(self)
    }

    fn has_legal_moves(&self) -> bool {
        Position::has_legal_moves(self)
    }
}
