//! Legal move generation with check and pin masks: the generator never plays a move to test
//! it.
//!
//! The generator first finds the *checkers* (enemy pieces attacking our king) and the
//! *pinned* pieces (ours, alone between our king and an enemy slider on its line). Then:
//! - no checker: every piece may move to any square not holding one of ours;
//! - one checker: non-king moves must capture the checker or block its line (the *target*
//!   mask), and a pinned piece can never do either;
//! - two checkers: only the king moves.
//!
//! A pinned piece moves only along the line through our king and itself. The king never steps
//! onto an attacked square, tested with the king itself removed from the blockers (so it cannot
//! hide behind its own shadow on a slider's line). En passant is tested in full: both pawns are
//! taken off the board, the capturer put on the target square, and our king must not be
//! attacked. Castling (king takes own rook, Chess960 included) needs every square the king and
//! rook cross or reach empty but for the two of them, and no square the king crosses or
//! reaches attacked, judged with the castling rook lifted off (it may have been shielding the
//! king's destination, as a rook on b1 shields c1 from a queen on a1).
//!
//! The king's safe squares come from per-square attacker tests or, when that is cheaper (few
//! enemy pieces, many candidate squares), from one map of every square the enemy attacks.
//!
//! Moves come out in *groups*: one piece, its from-square and the set of its target squares.
//! Perft counts the last ply by adding up the groups' sizes without playing any move (with
//! unpinned pawns counted set-wise, by shifting all of them at once).
//!
//! Reading SAN needs only the moves of one role to one square:
//! [`Position::legal_moves_of_role_to`] finds the few pieces that could make such a move and
//! tests each directly (is our king attacked once the move is made on the bitboards?).

use super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    queen_attacks, rook_attacks, rook_rays,
};
use super::bitboard::{
    bit, more_than_one, rank, square, Bitboard, Squares, BACK_RANKS, FILE_A, FILE_H,
};
use super::position::Position;
use crate::rules::{Move, MoveKind};
use crate::types::{Role, Square};

/// The legal moves of one piece: its role, its square index and its target squares.
///
/// For a pawn, targets on the last rank stand for four promotions each, and the en-passant
/// square (if present) for the en-passant capture. For the king, a target holding one of its
/// own rooks stands for castling with that rook.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveGroup {
    /// The role of the moving piece.
    pub role: Role,
    /// The square index it moves from.
    pub from: usize,
    /// The squares it may move to.
    pub to: Bitboard,
}

impl MoveGroup {
    /// How many moves the group stands for (each promotion square counts four).
    #[must_use]
    #[inline]
    pub fn count(&self) -> u64 {
        if self.role == Role::Pawn {
            u64::from((self.to & !BACK_RANKS).count_ones())
                + 4 * u64::from((self.to & BACK_RANKS).count_ones())
        } else {
            u64::from(self.to.count_ones())
        }
    }
}

/// The enemy pieces giving check, and our pieces pinned to our king.
#[inline]
pub(crate) fn checkers_and_pinned(pos: &Position, king: usize) -> (Bitboard, Bitboard) {
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

/// The squares of `candidates` (next to our king on `king`) that no enemy piece attacks once
/// the king has left its square (so it cannot shelter behind itself on a slider's line).
///
/// Two ways to the same answer, chosen by cost: ask for the attackers of each candidate
/// (about five table lookups each), or build the map of every square the enemy attacks (one
/// lookup per enemy piece, pawns set-wise) when that is cheaper, as in sparse endgames.
#[inline]
fn safe_king_squares(pos: &Position, king: usize, candidates: Bitboard) -> Bitboard {
    if candidates == 0 {
        return 0;
    }
    let us = pos.turn.index();
    let them = pos.by_color[us ^ 1];
    let occ = (pos.by_color[us] | them) ^ bit(king);
    let r = &pos.by_role;
    let pawns = r[Role::Pawn.index()] & them;
    let pieces = them & !pawns;
    if candidates.count_ones() * 4 <= pieces.count_ones() {
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

/// Whether the en-passant capture by the pawn on `from` leaves our king safe.
#[inline]
fn ep_is_safe(pos: &Position, king: usize, from: usize, ep: usize) -> bool {
    let captured = ep ^ 8;
    let occ = pos.occupied() ^ bit(from) ^ bit(captured) ^ bit(ep);
    pos.attackers(king, pos.turn.other(), occ) & !bit(captured) == 0
}

/// Receives the generator's output.
pub(crate) trait Visitor {
    /// Whether unpinned pawns may be reported as whole target sets ([`Visitor::pawn_set`])
    /// rather than one group per pawn: enough for counting, not for listing moves.
    const SETWISE: bool;
    /// One group of legal moves.
    fn group(&mut self, g: MoveGroup);
    /// Target squares of pawn moves, one move per square (four per promotion square).
    fn pawn_set(&mut self, to: Bitboard);
}

/// A visitor that hands each group to a closure.
struct Each<'a, F>(&'a mut F);

impl<F: FnMut(MoveGroup)> Visitor for Each<'_, F> {
    const SETWISE: bool = false;
    #[inline]
    fn group(&mut self, g: MoveGroup) {
        (self.0)(g);
    }
    #[inline]
    fn pawn_set(&mut self, _: Bitboard) {
        unreachable!("pawn_set is only called when SETWISE")
    }
}

/// A visitor that counts moves.
struct Counter(u64);

impl Visitor for Counter {
    const SETWISE: bool = true;
    #[inline]
    fn group(&mut self, g: MoveGroup) {
        self.0 += g.count();
    }
    #[inline]
    fn pawn_set(&mut self, to: Bitboard) {
        self.0 += u64::from((to & !BACK_RANKS).count_ones())
            + 4 * u64::from((to & BACK_RANKS).count_ones());
    }
}

/// Calls `f` with every group of legal moves whose piece stands in `from_mask` and whose
/// targets lie in `to_mask` (castling is kept when `to_mask` has the rook's square or the
/// king's destination). Empty groups are not reported.
#[inline]
pub(crate) fn generate<F: FnMut(MoveGroup)>(
    pos: &Position,
    from_mask: Bitboard,
    to_mask: Bitboard,
    f: &mut F,
) {
    visit(pos, from_mask, to_mask, &mut Each(f));
}

/// The generator proper: reports every legal move of a piece on `from_mask` to `to_mask`.
#[inline]
fn visit<V: Visitor>(pos: &Position, from_mask: Bitboard, to_mask: Bitboard, f: &mut V) {
    let us = pos.turn.index();
    let own = pos.by_color[us];
    let them = pos.by_color[us ^ 1];
    let occ = own | them;
    let r = &pos.by_role;
    let king = pos.king_of(pos.turn);
    let (checkers, pinned) = checkers_and_pinned(pos, king);

    if from_mask & bit(king) != 0 {
        let candidates = king_attacks(king) & !own & to_mask;
        let to = safe_king_squares(pos, king, candidates);
        if to != 0 {
            f.group(MoveGroup {
                role: Role::King,
                from: king,
                to,
            });
        }
    }
    if more_than_one(checkers) {
        return;
    }
    let target = to_mask
        & if checkers == 0 {
            !own
        } else {
            between(king, checkers.trailing_zeros() as usize) | checkers
        };
    let movable = own & from_mask & if checkers == 0 { !0 } else { !pinned };

    for from in Squares(r[Role::Knight.index()] & movable & !pinned) {
        let to = knight_attacks(from) & target;
        if to != 0 {
            f.group(MoveGroup {
                role: Role::Knight,
                from,
                to,
            });
        }
    }
    let sliders = [
        (Role::Bishop, r[Role::Bishop.index()]),
        (Role::Rook, r[Role::Rook.index()]),
        (Role::Queen, r[Role::Queen.index()]),
    ];
    for (role, bb) in sliders {
        for from in Squares(bb & movable) {
            let attacks = match role {
                Role::Bishop => bishop_attacks(from, occ),
                Role::Rook => rook_attacks(from, occ),
                _ => queen_attacks(from, occ),
            };
            let mut to = attacks & target;
            if pinned & bit(from) != 0 {
                to &= line(king, from);
            }
            if to != 0 {
                f.group(MoveGroup { role, from, to });
            }
        }
    }

    let ep = pos.ep as usize;
    let double_rank = if us == 0 { rank(1) } else { rank(6) };
    let empty = !occ;
    let pawns = r[Role::Pawn.index()] & movable;
    let (set_pawns, single_pawns) = if V::SETWISE {
        (pawns & !pinned, pawns & pinned)
    } else {
        (0, pawns)
    };
    if set_pawns != 0 {
        let (single, double, west, east) = if us == 0 {
            let single = (set_pawns << 8) & empty;
            (
                single,
                ((single & rank(2)) << 8) & empty,
                ((set_pawns & !FILE_A) << 7) & them,
                ((set_pawns & !FILE_H) << 9) & them,
            )
        } else {
            let single = (set_pawns >> 8) & empty;
            (
                single,
                ((single & rank(5)) >> 8) & empty,
                ((set_pawns & !FILE_A) >> 9) & them,
                ((set_pawns & !FILE_H) >> 7) & them,
            )
        };
        for to in [single, double, west, east] {
            f.pawn_set(to & target);
        }
        if ep < 64 && to_mask & bit(ep) != 0 {
            for from in Squares(pawn_attacks(us ^ 1, ep) & set_pawns) {
                if ep_is_safe(pos, king, from, ep) {
                    f.pawn_set(bit(ep));
                }
            }
        }
    }
    for from in Squares(single_pawns) {
        let push = if us == 0 { from + 8 } else { from - 8 };
        let mut to = pawn_attacks(us, from) & them;
        if empty & bit(push) != 0 {
            to |= bit(push);
            if double_rank & bit(from) != 0 {
                let double = if us == 0 { from + 16 } else { from - 16 };
                if empty & bit(double) != 0 {
                    to |= bit(double);
                }
            }
        }
        to &= target;
        if pinned & bit(from) != 0 {
            to &= line(king, from);
        }
        if ep < 64
            && pawn_attacks(us, from) & to_mask & bit(ep) != 0
            && ep_is_safe(pos, king, from, ep)
        {
            to |= bit(ep);
        }
        if to != 0 {
            f.group(MoveGroup {
                role: Role::Pawn,
                from,
                to,
            });
        }
    }

    if checkers == 0 && from_mask & bit(king) != 0 {
        let back = if us == 0 { 0 } else { 56 };
        for rook in Squares(pos.castling & own) {
            let (king_to, rook_to) = if rook > king {
                (back + 6, back + 5)
            } else {
                (back + 2, back + 3)
            };
            if to_mask & (bit(rook) | bit(king_to)) == 0 {
                continue;
            }
            let king_path = between(king, king_to) | bit(king_to);
            let path =
                (king_path | between(rook, rook_to) | bit(rook_to)) & !(bit(king) | bit(rook));
            if path & occ != 0 {
                continue;
            }
            let occ_without = occ ^ bit(king) ^ bit(rook);
            if Squares(king_path).any(|s| pos.attackers(s, pos.turn.other(), occ_without) != 0) {
                continue;
            }
            f.group(MoveGroup {
                role: Role::King,
                from: king,
                to: bit(rook),
            });
        }
    }
}

/// The number of legal moves (promotions count four each).
#[must_use]
#[inline]
pub fn count_legal(pos: &Position) -> u64 {
    let mut counter = Counter(0);
    visit(pos, !0, !0, &mut counter);
    counter.0
}

/// Appends the moves of a group to `out`, promotions in the order queen, rook, bishop, knight.
#[inline]
pub(crate) fn expand(pos: &Position, g: MoveGroup, out: &mut Vec<Move>) {
    let from = crate::core::bitboard::square(g.from);
    for to in Squares(g.to) {
        let to_sq = crate::core::bitboard::square(to);
        match g.role {
            Role::Pawn if BACK_RANKS & bit(to) != 0 => {
                for p in Role::PROMOTIONS {
                    out.push(Move {
                        from,
                        to: to_sq,
                        kind: MoveKind::Promotion(p),
                    });
                }
            }
            Role::Pawn if to == pos.ep as usize => out.push(Move {
                from,
                to: to_sq,
                kind: MoveKind::EnPassant,
            }),
            Role::King if pos.by_color[pos.turn.index()] & bit(to) != 0 => out.push(Move {
                from,
                to: to_sq,
                kind: MoveKind::Castle,
            }),
            _ => out.push(Move::normal(from, to_sq)),
        }
    }
}

/// The kind of the move of a group's piece to `to` (promotions not resolved: the caller picks
/// the role).
#[inline]
pub(crate) fn kind_of(pos: &Position, role: Role, to: usize) -> MoveKind {
    match role {
        Role::Pawn if to == pos.ep as usize => MoveKind::EnPassant,
        Role::King if pos.by_color[pos.turn.index()] & bit(to) != 0 => MoveKind::Castle,
        _ => MoveKind::Normal,
    }
}

impl Position {
    /// Appends every legal move to `out`.
    ///
    /// ```
    /// use vdmchess::core::Position;
    /// let mut moves = Vec::new();
    /// Position::start().legal_moves_into(&mut moves);
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        generate(self, !0, !0, &mut |g| expand(self, g, out));
    }

    /// Appends the legal moves of pieces on `from_mask` to squares in `to_mask` (castling when
    /// `to_mask` holds the rook's square or the king's destination).
    pub fn legal_moves_masked_into(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<Move>,
    ) {
        generate(self, from_mask, to_mask, &mut |g| expand(self, g, out));
    }

    /// Appends the legal moves of our pieces of `role` that reach `to` (for the king, castling
    /// counts when `to` is the rook's square or the king's destination).
    ///
    /// The fast path for reading SAN: instead of running the generator it finds the few pieces
    /// of that role that could reach `to` at all, and keeps a non-king move when our king is
    /// not attacked once it is made (the mover lifted, `to` filled, a captured piece removed).
    /// King moves and en passant go through the generator's own tests.
    pub fn legal_moves_of_role_to(&self, role: Role, to: Square, out: &mut Vec<Move>) {
        let us = self.turn.index();
        let own = self.by_color[us];
        let them = self.by_color[us ^ 1];
        let occ = own | them;
        let pieces = self.by_role[role.index()] & own;
        let (t, tb) = (to.index(), to.bit());
        if role == Role::King {
            self.legal_moves_masked_into(pieces, tb, out);
            return;
        }
        if own & tb != 0 {
            return;
        }
        let from_set = match role {
            Role::Pawn if t == self.ep as usize => {
                let king = self.king_of(self.turn);
                if !more_than_one(self.checkers()) {
                    for from in Squares(pawn_attacks(us ^ 1, t) & pieces) {
                        if ep_is_safe(self, king, from, t) {
                            out.push(Move {
                                from: square(from),
                                to,
                                kind: MoveKind::EnPassant,
                            });
                        }
                    }
                }
                return;
            }
            Role::Pawn if them & tb != 0 => pawn_attacks(us ^ 1, t) & pieces,
            Role::Pawn => {
                let (behind, double_rank) = if us == 0 {
                    (if t >= 8 { bit(t - 8) } else { 0 }, 3)
                } else {
                    (if t < 56 { bit(t + 8) } else { 0 }, 4)
                };
                let single = behind & pieces;
                let double = if single == 0 && behind & occ == 0 && t / 8 == double_rank {
                    pieces & if us == 0 { bit(t - 16) } else { bit(t + 16) }
                } else {
                    0
                };
                single | double
            }
            Role::Knight => knight_attacks(t) & pieces,
            Role::Bishop => bishop_attacks(t, occ) & pieces,
            Role::Rook => rook_attacks(t, occ) & pieces,
            _ => queen_attacks(t, occ) & pieces,
        };
        if from_set == 0 {
            return;
        }
        let king = self.king_of(self.turn);
        for from in Squares(from_set) {
            let after = (occ ^ bit(from)) | tb;
            if self.attackers(king, self.turn.other(), after) & !tb != 0 {
                continue;
            }
            let from = square(from);
            if role == Role::Pawn && BACK_RANKS & tb != 0 {
                for p in Role::PROMOTIONS {
                    out.push(Move {
                        from,
                        to,
                        kind: MoveKind::Promotion(p),
                    });
                }
            } else {
                out.push(Move::normal(from, to));
            }
        }
    }

    /// Whether `m` is a legal move here.
    #[must_use]
    pub fn is_legal(&self, m: &Move) -> bool {
        let mut found = false;
        generate(self, m.from.bit(), m.to.bit(), &mut |g| {
            for t in Squares(g.to) {
                if t != m.to.index() {
                    continue;
                }
                let kind = kind_of(self, g.role, t);
                found |= match (g.role, m.kind) {
                    (Role::Pawn, MoveKind::Promotion(p)) => {
                        BACK_RANKS & bit(t) != 0 && Role::PROMOTIONS.contains(&p)
                    }
                    (Role::Pawn, k) => BACK_RANKS & bit(t) == 0 && k == kind,
                    (_, k) => k == kind,
                };
            }
        });
        found
    }

    /// Whether some en-passant capture is legal here.
    #[must_use]
    pub fn has_legal_ep(&self) -> bool {
        let ep = self.ep as usize;
        if ep >= 64 {
            return false;
        }
        let capturers = self.ep_capturers(ep);
        if capturers == 0 {
            return false;
        }
        let king = self.king_of(self.turn);
        let (checkers, pinned) = checkers_and_pinned(self, king);
        if more_than_one(checkers) {
            return false;
        }
        Squares(capturers).any(|from| {
            (pinned & bit(from) == 0 || line(king, from) & bit(ep) != 0)
                && ep_is_safe(self, king, from, ep)
        })
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        let mut any = false;
        generate(self, !0, !0, &mut |_| any = true);
        any
    }

    /// The number of legal moves.
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        count_legal(self)
    }
}
