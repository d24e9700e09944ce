//! Legality, decided in one place: the check, pin and king-safety tests that every legal move
//! of the core passes.
//!
//! [`Legality::of`] finds, once per position, our king, the enemy pieces giving check and our
//! pieces pinned to the king (alone between it and an enemy slider on its line). Then:
//! - a piece other than the king ([`Legality::piece_targets`]) may reach any square not
//!   holding one of ours when there is no check; in single check only the checker's square
//!   or a square between it and the king (capture or block); in double check none. A pinned
//!   piece stays on the line through the king and itself;
//! - the king ([`Legality::king_targets`]) never steps onto a square the enemy attacks once
//!   the king has left its square (so it cannot hide behind itself on a slider's line);
//! - en passant ([`Legality::en_passant`]) is tested in full: both pawns are taken off the
//!   board, the capturer put on the target square, and the king must not be attacked (the
//!   capture that exposes the king along the rank);
//! - castling ([`Legality::castling`], king takes own rook, Chess960 included) needs no
//!   check, every square the king and rook cross or reach empty but for the two of them, and
//!   no square the king crosses or reaches attacked, judged with the castling rook lifted off
//!   (it may have been shielding the king's destination, as a rook on b1 shields c1 from a
//!   queen on a1).
//!
//! The move generator ([`super::movegen`]) asks these for every piece; reading SAN
//! ([`super::Position::legal_moves_of_role_to`]), [`super::Position::is_legal`] and
//! [`super::Position::has_legal_ep`] ask the same questions of the few moves they look at.

use super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    rook_attacks, rook_rays,
};
use super::bitboard::{bit, lsb, more_than_one, Bitboard, Squares, FILE_A, FILE_H};
use super::castling::castling_destinations_index;
use super::position::Position;
use crate::types::Role;

/// What decides the legality of the moves of the side to move (see the module docs).
#[derive(Debug, Clone, Copy)]
pub struct Legality {
    /// Our king's square.
    pub(crate) king: usize,
    /// The enemy pieces giving check.
    pub(crate) checkers: Bitboard,
    /// Our pieces pinned to our king.
    pub(crate) pinned: Bitboard,
    /// The squares a piece other than the king may reach, pins aside.
    pub(crate) target: Bitboard,
}

impl Legality {
    /// The checkers, pins and target squares of `pos`.
    #[must_use]
    #[inline]
    pub fn of(pos: &Position) -> Legality {
        let king = pos.king_of(pos.turn);
        let (checkers, pinned) = checkers_and_pinned(pos, king);
        let target = if checkers == 0 {
            !pos.by_color[pos.turn.index()]
        } else if more_than_one(checkers) {
            0
        } else {
            between(king, lsb(checkers)) | checkers
        };
        Legality {
            king,
            checkers,
            pinned,
            target,
        }
    }

    /// Whether two pieces give check (then only the king moves).
    #[must_use]
    #[inline]
    pub fn double_check(&self) -> bool {
        more_than_one(self.checkers)
    }

    /// The squares of `to` that our piece (not the king) on `from` may legally move to, en
    /// passant aside.
    #[must_use]
    #[inline]
    pub fn piece_targets(&self, from: usize, to: Bitboard) -> Bitboard {
        let to = to & self.target;
        if self.pinned & bit(from) != 0 {
            to & line(self.king, from)
        } else {
            to
        }
    }

    /// The squares of `candidates` (next to our king) that it may step to.
    ///
    /// Two ways to the same answer, chosen by cost: ask for the attackers of each candidate
    /// (about five table lookups each), or build the map of every square the enemy attacks
    /// (one lookup per enemy piece, pawns set-wise) when that is cheaper, as in sparse
    /// endgames.
    #[must_use]
    #[inline]
    pub fn king_targets(&self, pos: &Position, candidates: Bitboard) -> Bitboard {
        if candidates == 0 {
            return 0;
        }
        let king = self.king;
        let us = pos.turn.index();
        let them = pos.by_color[us ^ 1];
        let occ = (pos.by_color[us] | them) ^ bit(king);
        let r = &pos.by_role;
        let pawns = r[Role::Pawn.index()] & them;
        let pieces = them & !pawns;
        let n = candidates.count_ones();
        if n <= 2 || n * 4 <= pieces.count_ones() {
            let mut safe = 0;
            for t in Squares(candidates) {
                if pos.attackers(t, pos.turn.other(), occ) == 0 {
                    safe |= bit(t);
                }
            }
            return safe;
        }
        let mut attacked = if us == 0 {
            ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
        } else {
            ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
        };
        let queens = r[Role::Queen.index()];
        for sq in Squares(pieces & (r[Role::Rook.index()] | queens)) {
            attacked |= rook_attacks(sq, occ);
        }
        for sq in Squares(pieces & (r[Role::Bishop.index()] | queens)) {
            attacked |= bishop_attacks(sq, occ);
        }
        for sq in Squares(pieces & r[Role::Knight.index()]) {
            attacked |= knight_attacks(sq);
        }
        attacked |= king_attacks(pos.king_of(pos.turn.other()));
        candidates & !attacked
    }

    /// Whether our pawn on `from` may capture en passant onto `ep` (the position's en-passant
    /// square, which the pawn attacks).
    #[must_use]
    #[inline]
    pub fn en_passant(&self, pos: &Position, from: usize, ep: usize) -> bool {
        if self.double_check() {
            return false;
        }
        let captured = ep ^ 8;
        let occ = pos.occupied() ^ bit(from) ^ bit(captured) ^ bit(ep);
        pos.attackers(self.king, pos.turn.other(), occ) & !bit(captured) == 0
    }

    /// Whether our king may castle with our rook on `rook` (which holds a castling right).
    #[must_use]
    #[inline(always)]
    pub fn castling(&self, pos: &Position, rook: usize) -> bool {
        if self.checkers != 0 {
            return false;
        }
        let king = self.king;
        let (king_to, rook_to) = castling_destinations_index(king, rook);
        let occ = pos.occupied();
        let king_path = between(king, king_to) | bit(king_to);
        let path = (king_path | between(rook, rook_to) | bit(rook_to)) & !(bit(king) | bit(rook));
        if path & occ != 0 {
            return false;
        }
        let occ_without = occ ^ bit(king) ^ bit(rook);
        !Squares(king_path).any(|s| pos.attackers(s, pos.turn.other(), occ_without) != 0)
    }
}

/// The enemy pieces giving check to our king on `king`, and our pieces pinned to it.
#[inline]
fn checkers_and_pinned(pos: &Position, king: usize) -> (Bitboard, Bitboard) {
    let us = pos.turn.index();
    let own = pos.by_color[us];
    let them = pos.by_color[us ^ 1];
    let occ = own | them;
    let r = &pos.by_role;
    let queens = r[Role::Queen.index()];
    let snipers = (rook_rays(king) & (r[Role::Rook.index()] | queens)
        | bishop_rays(king) & (r[Role::Bishop.index()] | queens))
        & them;
    let mut checkers = them
        & ((knight_attacks(king) & r[Role::Knight.index()])
            | (pawn_attacks(us, king) & r[Role::Pawn.index()]));
    let mut pinned = 0;
    for s in Squares(snipers) {
        let b = between(king, s) & occ;
        if b == 0 {
            checkers |= bit(s);
        } else if !more_than_one(b) {
            pinned |= b & own;
        }
    }
    (checkers, pinned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knight_may_not_land_on_its_own_pawn() {
        let pos = Position::start();
        let legal = Legality::of(&pos);
        // The knight on g1 (square 6) may go to f3 and h3 (21 and 23), not onto e2 (12).
        assert_eq!(
            legal.piece_targets(6, 1 << 21 | 1 << 23 | 1 << 12),
            1 << 21 | 1 << 23
        );
    }
}
