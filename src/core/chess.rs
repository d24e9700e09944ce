//! [`Chess`]: the core's implementation of the port [`Rules`].
//!
//! A [`Chess`] is a [`Position`] plus what the draw rules need of the past: one *repetition
//! key* per position since the start. The key identifies a position as FIDE Laws 9.2.2 does
//! (placement, side to move, castling rights, and whether an en-passant capture is *legal*):
//! it is the PolyGlot key, without the en-passant file when the capture is only pseudo-legal,
//! and with a key of the set of castling rights' rook squares (PolyGlot's four flags cannot
//! tell apart two Chess960 rights on one side of the king). Two positions with equal keys are taken to be the same; a
//! collision of two different positions has probability about 2^-64 per comparison.

use super::position::Position;
use super::zobrist::{castling_rights_key, ep_key};
use crate::rules::{Move, MoveMatch, Rules};
use crate::setup::{CastlingMode, MaterialLimits, Setup, SetupError};
use crate::types::{Color, Piece, Role, Square, SquareSet};

/// The performance core behind the port: a bitboard [`Position`] and its repetition history.
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::{CastlingMode, Rules, Setup};
/// let game = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
/// assert_eq!(game.legal_moves().len(), 20);
/// assert_eq!(vdmchess::rules::perft(&game, 4), 197_281);
/// ```
#[derive(Debug)]
pub struct Chess {
    pos: Position,
    keys: Vec<u64>,
}

/// A copy keeps the room reserved for the history (a replay copies the start position for
/// every game, and would otherwise grow each game's history from nothing, move by move).
impl Clone for Chess {
    fn clone(&self) -> Chess {
        let mut keys = Vec::with_capacity(self.keys.capacity());
        keys.extend_from_slice(&self.keys);
        Chess {
            pos: self.pos,
            keys,
        }
    }

    fn clone_from(&mut self, source: &Chess) {
        self.pos = source.pos;
        self.keys.clone_from(&source.keys);
    }
}

/// The repetition identity of a position (see the module docs).
#[must_use]
#[inline]
pub fn repetition_key(pos: &Position) -> u64 {
    let mut key = pos.hash();
    if let Some(ep) = pos.pseudo_ep_square() {
        if !pos.has_legal_ep() {
            key ^= ep_key(ep.file() as usize);
        }
    }
    if pos.castling != 0 {
        key ^= castling_rights_key(pos.castling);
    }
    key
}

impl Chess {
    /// The current position.
    #[must_use]
    #[inline]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// A game starting at `pos`, with no history before it, writing castling as `mode` asks.
    #[must_use]
    pub fn from_position(mut pos: Position, mode: CastlingMode) -> Chess {
        pos.mode = mode;
        let mut keys = Vec::with_capacity(128);
        keys.push(repetition_key(&pos));
        Chess { pos, keys }
    }

    /// [`Rules::from_setup`] validating by [`Setup::validate_with`]: with
    /// [`MaterialLimits::Ignored`] it accepts positions beyond the material limits.
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason the setup is rejected.
    ///
    /// ```
    /// use vdmchess::core::Chess;
    /// use vdmchess::{rules::perft, CastlingMode, MaterialLimits};
    /// let queens = vdmchess::notation::fen::parse_fen("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1").unwrap();
    /// let pos = Chess::from_setup_with(&queens, CastlingMode::Standard, MaterialLimits::Ignored).unwrap();
    /// assert_eq!((perft(&pos, 1), perft(&pos, 2)), (270, 0));
    /// ```
    pub fn from_setup_with(
        setup: &Setup,
        mode: CastlingMode,
        limits: MaterialLimits,
    ) -> Result<Chess, SetupError> {
        Ok(Chess::from_position(
            Position::from_setup_with(setup, mode, limits)?,
            mode,
        ))
    }

    /// The repetition keys of every position since the start, the current one last.
    #[must_use]
    pub fn repetition_keys(&self) -> &[u64] {
        &self.keys
    }
}

/// A game's answers about its position are [`Position`]'s own (its `impl Rules`, which this
/// forwards to); the game adds what the draw rules need of the past: the repetition keys.
impl Rules for Chess {
    const NAME: &'static str = "the core";

    fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Chess, SetupError> {
        Ok(Chess::from_position(
            <Position as Rules>::from_setup(setup, mode)?,
            mode,
        ))
    }

    fn to_setup(&self) -> Setup {
        Rules::to_setup(&self.pos)
    }

    fn castling_mode(&self) -> CastlingMode {
        Rules::castling_mode(&self.pos)
    }

    #[inline]
    fn turn(&self) -> Color {
        Rules::turn(&self.pos)
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Rules::piece_at(&self.pos, sq)
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        Rules::legal_moves_into(&self.pos, out);
    }

    #[inline]
    fn legal_moves_to_into(&self, role: Role, to: Square, out: &mut Vec<Move>) {
        Rules::legal_moves_to_into(&self.pos, role, to, out);
    }

    #[inline(always)]
    fn unique_move_to(
        &self,
        role: Role,
        to: Square,
        from: SquareSet,
        promotion: Option<Role>,
        scratch: &mut Vec<Move>,
    ) -> MoveMatch {
        Rules::unique_move_to(&self.pos, role, to, from, promotion, scratch)
    }

    #[inline]
    fn is_legal(&self, m: &Move) -> bool {
        Rules::is_legal(&self.pos, m)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, m: &Move) {
        Rules::play_unchecked(&mut self.pos, m);
        self.keys.push(repetition_key(&self.pos));
    }

    #[inline]
    fn is_check(&self) -> bool {
        Rules::is_check(&self.pos)
    }

    fn halfmove_clock(&self) -> u32 {
        Rules::halfmove_clock(&self.pos)
    }

    /// Looks back only as far as the half-move clock reaches (a capture or pawn move makes
    /// every earlier position unrepeatable), at positions with the same side to move.
    fn repetition_count(&self) -> usize {
        let n = self.keys.len();
        let current = self.keys[n - 1];
        let window = (self.pos.halfmoves() as usize).min(n - 1);
        let mut count = 1;
        let mut back = 2;
        while back <= window {
            if self.keys[n - 1 - back] == current {
                count += 1;
            }
            back += 2;
        }
        count
    }

    fn is_insufficient_material(&self) -> bool {
        Rules::is_insufficient_material(&self.pos)
    }

    fn has_legal_moves(&self) -> bool {
        Rules::has_legal_moves(&self.pos)
    }

    #[inline]
    fn legal_move_count(&self) -> u64 {
        Rules::legal_move_count(&self.pos)
    }

    /// Plays the move groups of the position (as [`Position::for_each_child`]) on one copy
    /// of this game, whose history is set back before each child: one copy per call, not
    /// one per child.
    fn for_each_child<F: FnMut(&Chess)>(&self, mut f: F) {
        let mut child = self.clone();
        let n = self.keys.len();
        self.pos.for_each_child(|pos| {
            child.pos = *pos;
            child.keys.truncate(n);
            child.keys.push(repetition_key(pos));
            f(&child);
        });
    }
}
