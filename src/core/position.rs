//! The core's position: a small `Copy` value of bitboards, played by copy-make.
//!
//! A [`Position`] holds one bitboard per role and per colour, the castling rights as a set of
//! rook squares, the en-passant square, the clocks and the incrementally updated PolyGlot key.
//! Playing a move changes it in place; to keep the old one, copy it first (it is 96 bytes).
//!
//! The en-passant square is stored only when a pawn of the side to move stands beside the
//! pawn that just made a double push (the capture is *pseudo-legal*). Whether the capture is
//! also legal is asked of the move generator ([`Position::has_legal_ep`]).

use super::attacks::{attackers, pawn_attacks};
use super::bitboard::{bit, lsb, rank, Bitboard, Squares};
use super::castling::castling_destinations_index;
use super::zobrist::{castling_key, ep_key, piece_key, WHITE_TO_MOVE};
use crate::rules::{Move, MoveKind};
use crate::setup::{CastlingMode, MaterialLimits, Setup, SetupError};
use crate::types::{Color, Piece, Role, Square, SquareSet};

/// A validated chess position with bitboards and an incremental PolyGlot key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) castling: Bitboard,
    pub(crate) hash: u64,
    pub(crate) turn: Color,
    /// En-passant square index, or 64 for none.
    pub(crate) ep: u8,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// How castling moves are written (UCI text); the rules are the same in both modes.
    pub(crate) mode: CastlingMode,
}

const NO_EP: u8 = 64;

/// The dark squares (a1 is dark).
const DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55;

impl Position {
    /// The standard start position.
    #[must_use]
    pub fn start() -> Position {
        Position::from_valid_setup(&Setup::start(), CastlingMode::Standard)
    }

    /// Validates `setup` ([`Setup::validate`]) and builds the position.
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason the setup is rejected.
    ///
    /// ```
    /// use vdmchess::core::Position;
    /// use vdmchess::{CastlingMode, Setup};
    /// let pos = Position::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
    /// assert_eq!(pos.hash(), 0x463b96181691fc9c);
    /// ```
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Position, SetupError> {
        Position::from_setup_with(setup, mode, MaterialLimits::Enforced)
    }

    /// [`Position::from_setup`] validating by [`Setup::validate_with`]: with
    /// [`MaterialLimits::Ignored`] it builds perft test positions with more than 16 pieces or
    /// 8 pawns a side.
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason the setup is rejected.
    pub fn from_setup_with(
        setup: &Setup,
        mode: CastlingMode,
        limits: MaterialLimits,
    ) -> Result<Position, SetupError> {
        setup.validate_with(mode, limits)?;
        Ok(Position::from_valid_setup(setup, mode))
    }

    /// Builds the position from a setup that [`Setup::validate`] accepted.
    fn from_valid_setup(setup: &Setup, mode: CastlingMode) -> Position {
        let mut pos = Position {
            by_role: [0; 6],
            by_color: [0; 2],
            castling: setup.castling_rights.0,
            hash: 0,
            turn: setup.turn,
            ep: NO_EP,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            mode,
        };
        for sq in Square::all() {
            if let Some(p) = setup.piece_at(sq) {
                pos.by_role[p.role.index()] |= sq.bit();
                pos.by_color[p.color.index()] |= sq.bit();
            }
        }
        if let Some(ep) = setup.ep_square {
            if pos.ep_capturers(ep.index()) != 0 {
                pos.ep = ep.as_u8();
            }
        }
        pos.hash = pos.hash_from_scratch();
        pos
    }

    /// The position as a [`Setup`]: the en-passant square only when an en-passant capture is
    /// legal (as python-chess and Stockfish write FEN).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for color in Color::ALL {
            for role in Role::ALL {
                let b = self.by_color[color.index()] & self.by_role[role.index()];
                for sq in Squares(b) {
                    setup.board[sq] = Some(Piece { color, role });
                }
            }
        }
        setup.turn = self.turn;
        setup.castling_rights = SquareSet(self.castling);
        setup.ep_square = self.legal_ep_square();
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup
    }

    /// How castling moves are written: the mode the position was built in.
    #[must_use]
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The side to move.
    #[must_use]
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The PolyGlot key of this position, kept up to date move by move.
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Half-moves since the last capture or pawn move (FIDE Laws 9.3).
    #[must_use]
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number.
    #[must_use]
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The castling rights, as the squares of the rooks that may still castle.
    #[must_use]
    #[inline]
    pub fn castling_rights(&self) -> SquareSet {
        SquareSet(self.castling)
    }

    /// The en-passant square if a pawn of the side to move could capture there pseudo-legally.
    #[must_use]
    #[inline]
    pub fn pseudo_ep_square(&self) -> Option<Square> {
        Square::new(self.ep)
    }

    /// The en-passant square if an en-passant capture is legal.
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        if self.has_legal_ep() {
            Square::new(self.ep)
        } else {
            None
        }
    }

    /// All occupied squares.
    #[must_use]
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[must_use]
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `role`, both colours.
    #[must_use]
    #[inline]
    pub fn role_bb(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The square index of `color`'s king.
    #[must_use]
    #[inline]
    pub fn king_of(&self, color: Color) -> usize {
        lsb(self.by_role[Role::King.index()] & self.by_color[color.index()])
    }

    /// The role of the piece on square index `sq`, if any.
    #[must_use]
    #[inline(always)]
    pub fn role_at(&self, sq: usize) -> Option<Role> {
        let b = bit(sq);
        if self.occupied() & b == 0 {
            return None;
        }
        let r = &self.by_role;
        Some(if r[0] & b != 0 {
            Role::Pawn
        } else if r[1] & b != 0 {
            Role::Knight
        } else if r[2] & b != 0 {
            Role::Bishop
        } else if r[3] & b != 0 {
            Role::Rook
        } else if r[4] & b != 0 {
            Role::Queen
        } else {
            Role::King
        })
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq.index())?;
        let color = if self.by_color[0] & sq.bit() != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The squares of the pieces of `by` that attack square index `sq` when `occ` is occupied.
    ///
    /// The core's one attack detector, [`attackers`]: sliders are found along the rays
    /// through `sq` and kept when nothing of `occ` stands between, which needs only small
    /// tables.
    #[must_use]
    #[inline]
    pub fn attackers(&self, sq: usize, by: Color, occ: Bitboard) -> Bitboard {
        attackers(sq, by, self.by_color[by.index()], &self.by_role, occ)
    }

    /// The pieces giving check to the side to move.
    #[must_use]
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.king_of(self.turn), self.turn.other(), self.occupied())
    }

    /// Whether the side to move is in check.
    #[must_use]
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// The pawns of the side to move that could capture en passant onto `ep` (pseudo-legally).
    #[inline]
    pub(crate) fn ep_capturers(&self, ep: usize) -> Bitboard {
        pawn_attacks(self.turn.other().index(), ep)
            & self.by_role[Role::Pawn.index()]
            & self.by_color[self.turn.index()]
    }

    /// Whether neither side has material to mate with (python-chess's rule; see
    /// [`Rules`](crate::rules::Rules)).
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        self.lacks_mating_material(Color::White) && self.lacks_mating_material(Color::Black)
    }

    /// Whether `color` alone lacks mating material.
    fn lacks_mating_material(&self, color: Color) -> bool {
        let ours = self.color_bb(color);
        let theirs = self.color_bb(color.other());
        let role = |r: Role| self.role_bb(r);
        if ours & (role(Role::Pawn) | role(Role::Rook) | role(Role::Queen)) != 0 {
            return false;
        }
        if ours & role(Role::Knight) != 0 {
            return ours.count_ones() <= 2 && theirs & !role(Role::King) & !role(Role::Queen) == 0;
        }
        if ours & role(Role::Bishop) != 0 {
            let bishops = role(Role::Bishop);
            let same_colour = bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES == 0;
            return same_colour && role(Role::Pawn) == 0 && role(Role::Knight) == 0;
        }
        true
    }

    /// The PolyGlot key computed from nothing but the position (the incremental key must
    /// always equal it).
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let b = self.by_color[color.index()] & self.by_role[role.index()];
                for sq in Squares(b) {
                    h ^= piece_key(color.index(), role.index(), sq);
                }
            }
        }
        h ^= castling_key(
            self.castling,
            [self.king_of(Color::White), self.king_of(Color::Black)],
        );
        if self.ep != NO_EP && self.ep_capturers(self.ep as usize) != 0 {
            h ^= ep_key(self.ep as usize % 8);
        }
        if self.turn == Color::White {
            h ^= WHITE_TO_MOVE;
        }
        h
    }

    /// Plays a legal move in place (copy the position first to keep the old one).
    ///
    /// # Panics
    ///
    /// May panic, or leave a meaningless position, if `m` is not legal here.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: &Move) {
        let from = m.from.index();
        let role = self
            .role_at(from)
            .expect("play_unchecked: no piece on the from-square");
        self.apply(role, from, m.to.index(), m.kind);
    }

    /// Passes the move (a *null move*, which the rules do not allow but a search uses to ask
    /// "what if the opponent could move twice?"): the side to move changes, the en-passant
    /// square goes and the key follows. The half-move clock restarts, as after a capture: no
    /// legal play leads from a position before the pass to one after it, so they never count
    /// as repetitions of each other.
    ///
    /// # Panics
    ///
    /// Does not panic, but leaves a position that breaks the rules when the side to move is in
    /// check (the other side could then take the king): callers must not pass in check.
    ///
    /// ```
    /// use vdmchess::core::Position;
    /// let mut pos = Position::start();
    /// pos.play_null();
    /// assert_eq!(pos.turn(), vdmchess::Color::Black);
    /// assert_eq!(pos.hash(), pos.hash_from_scratch());
    /// ```
    #[inline]
    pub fn play_null(&mut self) {
        let mut hash = self.hash ^ WHITE_TO_MOVE;
        if self.ep != NO_EP {
            hash ^= ep_key(self.ep as usize % 8);
            self.ep = NO_EP;
        }
        self.halfmoves = 0;
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        self.hash = hash;
    }

    /// Plays the move of a piece of `role` from `from` to `to` (square indices) of `kind`.
    /// Castling is king-takes-own-rook: `to` is the rook's square.
    #[inline(always)]
    pub(crate) fn apply(&mut self, role: Role, from: usize, to: usize, kind: MoveKind) {
        let us = self.turn.index();
        let them = us ^ 1;
        let (from_bb, to_bb) = (bit(from), bit(to));
        let mut hash = self.hash ^ WHITE_TO_MOVE;
        if self.ep != NO_EP {
            hash ^= ep_key(self.ep as usize % 8);
            self.ep = NO_EP;
        }
        self.halfmoves += 1;
        let old_castling = self.castling;
        match kind {
            MoveKind::Castle => {
                let (king_to, rook_to) = castling_destinations_index(from, to);
                let k = Role::King.index();
                let r = Role::Rook.index();
                self.by_role[k] ^= from_bb ^ bit(king_to);
                self.by_role[r] ^= to_bb ^ bit(rook_to);
                self.by_color[us] ^= from_bb ^ to_bb ^ bit(king_to) ^ bit(rook_to);
                hash ^= piece_key(us, k, from)
                    ^ piece_key(us, k, king_to)
                    ^ piece_key(us, r, to)
                    ^ piece_key(us, r, rook_to);
                self.castling &= !rank(us * 7);
            }
            _ => {
                let victim_sq = if kind == MoveKind::EnPassant {
                    to ^ 8
                } else {
                    to
                };
                let victim_bb = bit(victim_sq);
                if self.by_color[them] & victim_bb != 0 {
                    let victim = self.victim_role(victim_bb);
                    self.by_role[victim] ^= victim_bb;
                    self.by_color[them] ^= victim_bb;
                    hash ^= piece_key(them, victim, victim_sq);
                    self.halfmoves = 0;
                }
                let ri = role.index();
                self.by_role[ri] ^= from_bb | to_bb;
                self.by_color[us] ^= from_bb | to_bb;
                hash ^= piece_key(us, ri, from) ^ piece_key(us, ri, to);
                if let MoveKind::Promotion(p) = kind {
                    self.by_role[ri] ^= to_bb;
                    self.by_role[p.index()] ^= to_bb;
                    hash ^= piece_key(us, ri, to) ^ piece_key(us, p.index(), to);
                }
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from ^ to == 16 {
                        let ep = (from + to) / 2;
                        if pawn_attacks(us, ep) & self.by_role[0] & self.by_color[them] != 0 {
                            self.ep = ep as u8;
                            hash ^= ep_key(ep % 8);
                        }
                    }
                } else if role == Role::King {
                    self.castling &= !rank(us * 7);
                }
                self.castling &= !(from_bb | to_bb);
            }
        }
        if self.castling != old_castling {
            let after = [self.king_of(Color::White), self.king_of(Color::Black)];
            let mut before = after;
            if role == Role::King {
                before[us] = from;
            }
            hash ^= castling_key(old_castling, before) ^ castling_key(self.castling, after);
        }
        if us == 1 {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        self.hash = hash;
    }

    /// The role index of the enemy piece on the one-square mask `b` (never the king).
    #[inline]
    fn victim_role(&self, b: Bitboard) -> usize {
        let r = &self.by_role;
        if r[0] & b != 0 {
            0
        } else if r[1] & b != 0 {
            1
        } else if r[2] & b != 0 {
            2
        } else if r[3] & b != 0 {
            3
        } else if r[4] & b != 0 {
            4
        } else {
            5
        }
    }

    /// Whether the position's own bookkeeping is consistent: colours disjoint, roles
    /// disjoint and covering exactly the occupied squares, one king a side, castling rights
    /// on rooks, the stored key equal to the recomputed one. Used by tests.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let roles = self.by_role.iter().fold(0, |a, b| a | b);
        let role_sum: u32 = self.by_role.iter().map(|b| b.count_ones()).sum();
        self.by_color[0] & self.by_color[1] == 0
            && roles == self.occupied()
            && role_sum == self.occupied().count_ones()
            && (self.by_role[5] & self.by_color[0]).count_ones() == 1
            && (self.by_role[5] & self.by_color[1]).count_ones() == 1
            && self.castling & !self.by_role[Role::Rook.index()] == 0
            && self.hash == self.hash_from_scratch()
    }
}
