//! Legal move generation: every piece's attacks, filtered by the one legality test of
//! [`super::legality`] (check, pin and king-safety masks); the generator never plays a move
//! to test it.
//!
//! Moves come out in *groups*: one piece, its from-square and the set of its target squares.
//! Perft counts the last ply by adding up the groups' sizes without playing any move (with
//! unpinned pawns counted set-wise, by shifting all of them at once).
//!
//! Reading SAN needs only the moves of one role to one square:
//! [`Position::legal_moves_of_role_to`] finds the few pieces of that role that attack the
//! square (one reverse attack lookup) and asks the same legality test of each.

use super::attacks::{
    bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks, rook_rays, seen_from,
};
use super::bitboard::{bit, rank, square, Bitboard, Squares, BACK_RANKS, FILE_A, FILE_H};
use super::castling::castling_destinations_index;
use super::legality::Legality;
use super::position::Position;
use crate::rules::{Move, MoveKind, MoveMatch};
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

/// Receives the generator's output.
pub(crate) trait Visitor {
    /// Whether unpinned pawns may be reported as whole target sets ([`Visitor::pawn_sets`])
    /// rather than one group per pawn: enough for counting, not for listing moves.
    const SETWISE: bool;
    /// One group of legal moves.
    fn group(&mut self, g: MoveGroup);
    /// Target squares of the pawn moves of unpinned pawns: pushes (single and double, which
    /// never share a square), and captures towards the a-file and towards the h-file (which
    /// may: two pawns can take the same piece). One move per square of each set, four per
    /// promotion square. Pushes go to empty squares and captures to occupied ones.
    fn pawn_sets(&mut self, pushes: Bitboard, west: Bitboard, east: Bitboard);
}

/// A visitor that hands each group to a closure.
struct Each<'a, F>(&'a mut F);

impl<F: FnMut(MoveGroup)> Visitor for Each<'_, F> {
    const SETWISE: bool = false;
    #[inline(always)]
    fn group(&mut self, g: MoveGroup) {
        (self.0)(g);
    }
    #[inline]
    fn pawn_sets(&mut self, _: Bitboard, _: Bitboard, _: Bitboard) {
        unreachable!("pawn_sets is only called when SETWISE")
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
    /// The three sets overlap only where both captures reach a square, so one count of
    /// their union and, rarely, one of that overlap (and of promotion squares) do.
    #[inline]
    fn pawn_sets(&mut self, pushes: Bitboard, west: Bitboard, east: Bitboard) {
        let all = pushes | west | east;
        let twice = west & east;
        self.0 += u64::from(all.count_ones());
        if twice != 0 {
            self.0 += u64::from(twice.count_ones());
        }
        if (all | twice) & BACK_RANKS != 0 {
            self.0 +=
                3 * u64::from((all & BACK_RANKS).count_ones() + (twice & BACK_RANKS).count_ones());
        }
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
    let legal = Legality::of(pos);
    visit_with(pos, &legal, from_mask, to_mask, f);
}

/// [`visit`] with the position's [`Legality`] already found.
#[inline]
fn visit_with<V: Visitor>(
    pos: &Position,
    legal: &Legality,
    from_mask: Bitboard,
    to_mask: Bitboard,
    f: &mut V,
) {
    let us = pos.turn.index();
    let own = pos.by_color[us];
    let them = pos.by_color[us ^ 1];
    let occ = own | them;
    let r = &pos.by_role;
    let king = legal.king;

    if from_mask & bit(king) != 0 {
        let to = legal.king_targets(pos, king_attacks(king) & !own & to_mask);
        if to != 0 {
            f.group(MoveGroup {
                role: Role::King,
                from: king,
                to,
            });
        }
    }
    // No target square (double check): only the king moves.
    if legal.target == 0 {
        return;
    }
    let movable = own & from_mask;

    for from in Squares(r[Role::Knight.index()] & movable & !legal.pinned) {
        let to = legal.piece_targets(from, knight_attacks(from) & to_mask);
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
            let to = legal.piece_targets(from, attacks & to_mask);
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
        (pawns & !legal.pinned, pawns & legal.pinned)
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
        // Unpinned: the legality test is the target mask alone.
        let keep = to_mask & legal.target;
        f.pawn_sets((single | double) & keep, west & keep, east & keep);
        if ep < 64 && to_mask & bit(ep) != 0 {
            for from in Squares(pawn_attacks(us ^ 1, ep) & set_pawns) {
                if legal.en_passant(pos, from, ep) {
                    f.pawn_sets(0, bit(ep), 0);
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
        let mut to = legal.piece_targets(from, to & to_mask);
        if ep < 64
            && pawn_attacks(us, from) & to_mask & bit(ep) != 0
            && legal.en_passant(pos, from, ep)
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

    if from_mask & bit(king) != 0 && legal.checkers == 0 {
        for rook in Squares(pos.castling & own) {
            let (king_to, _) = castling_destinations_index(king, rook);
            if to_mask & (bit(rook) | bit(king_to)) != 0 && legal.castling(pos, rook) {
                f.group(MoveGroup {
                    role: Role::King,
                    from: king,
                    to: bit(rook),
                });
            }
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
    /// The fast path for reading SAN: instead of running the generator over every piece it
    /// finds the few pieces of that role that could reach `to` at all (a slider when nothing
    /// stands between, [`seen_from`]) and keeps those that
    /// legality test allows there, the test the generator applies.
    #[inline]
    pub fn legal_moves_of_role_to(&self, role: Role, to: Square, out: &mut Vec<Move>) {
        let us = self.turn.index();
        let own = self.by_color[us];
        let them = self.by_color[us ^ 1];
        let occ = own | them;
        let pieces = self.by_role[role.index()] & own;
        let (t, tb) = (to.index(), to.bit());
        let legal = Legality::of(self);
        if role == Role::King {
            visit_with(
                self,
                &legal,
                pieces,
                tb,
                &mut Each(&mut |g| expand(self, g, out)),
            );
            return;
        }
        if own & tb != 0 {
            return;
        }
        let from_set = match role {
            Role::Pawn if t == self.ep as usize => {
                for from in Squares(pawn_attacks(us ^ 1, t) & pieces) {
                    if legal.en_passant(self, from, t) {
                        out.push(Move {
                            from: square(from),
                            to,
                            kind: MoveKind::EnPassant,
                        });
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
            Role::Bishop => seen_from(t, bishop_rays(t) & pieces, occ),
            Role::Rook => seen_from(t, rook_rays(t) & pieces, occ),
            _ => seen_from(t, (rook_rays(t) | bishop_rays(t)) & pieces, occ),
        };
        for from in Squares(from_set) {
            if legal.piece_targets(from, tb) == 0 {
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

    /// The one legal move of our piece of `role` on `from_mask` that reaches `to` (castling
    /// aside), promoting to `promotion`: see [`Rules::unique_move_to`](crate::Rules::unique_move_to).
    ///
    /// Reading SAN asks this for every move, so it lists nothing: it finds the pieces that
    /// could reach `to` at all as [`Position::legal_moves_of_role_to`] does, keeps those on
    /// `from_mask`, and asks the legality test about the few left.
    ///
    /// ```
    /// use vdmchess::core::Position;
    /// use vdmchess::rules::MoveMatch;
    /// use vdmchess::{Move, Role};
    /// let pos = Position::start();
    /// let (e2, e4) = ("e2".parse().unwrap(), "e4".parse().unwrap());
    /// assert_eq!(pos.unique_move_to(Role::Pawn, e4, !0, None), MoveMatch::One(Move::normal(e2, e4)));
    /// ```
    #[inline]
    #[must_use]
    pub fn unique_move_to(
        &self,
        role: Role,
        to: Square,
        from_mask: Bitboard,
        promotion: Option<Role>,
    ) -> MoveMatch {
        let us = self.turn.index();
        let own = self.by_color[us];
        let them = self.by_color[us ^ 1];
        let occ = own | them;
        let (t, tb) = (to.index(), to.bit());
        let pieces = self.by_role[role.index()] & own & from_mask;
        let promotes = role == Role::Pawn && BACK_RANKS & tb != 0;
        let kind = match promotion {
            None if !promotes => MoveKind::Normal,
            Some(p) if promotes && Role::PROMOTIONS.contains(&p) => MoveKind::Promotion(p),
            _ => return MoveMatch::None,
        };
        if own & tb != 0 || pieces == 0 {
            return MoveMatch::None;
        }
        let (from_set, kind) = match role {
            Role::Pawn if t == self.ep as usize => {
                (pawn_attacks(us ^ 1, t) & pieces, MoveKind::EnPassant)
            }
            Role::Pawn if them & tb != 0 => (pawn_attacks(us ^ 1, t) & pieces, kind),
            Role::Pawn => {
                let behind = if us == 0 { t.wrapping_sub(8) } else { t + 8 };
                if behind >= 64 {
                    return MoveMatch::None;
                }
                let single = bit(behind) & pieces;
                let double_rank = if us == 0 { 3 } else { 4 };
                let double = if single == 0 && bit(behind) & occ == 0 && t / 8 == double_rank {
                    pieces & bit(if us == 0 { t - 16 } else { t + 16 })
                } else {
                    0
                };
                (single | double, kind)
            }
            Role::Knight => (knight_attacks(t) & pieces, kind),
            Role::Bishop => (seen_from(t, bishop_rays(t) & pieces, occ), kind),
            Role::Rook => (seen_from(t, rook_rays(t) & pieces, occ), kind),
            Role::Queen => (
                seen_from(t, (rook_rays(t) | bishop_rays(t)) & pieces, occ),
                kind,
            ),
            Role::King => (king_attacks(t) & pieces, kind),
        };
        if from_set == 0 {
            return MoveMatch::None;
        }
        let legal = Legality::of(self);
        let mut found = MoveMatch::None;
        for from in Squares(from_set) {
            let ok = match (role, kind) {
                (Role::King, _) => legal.king_targets(self, tb) != 0,
                (_, MoveKind::EnPassant) => legal.en_passant(self, from, t),
                _ => legal.piece_targets(from, tb) != 0,
            };
            if ok {
                if found != MoveMatch::None {
                    return MoveMatch::Many;
                }
                found = MoveMatch::One(Move {
                    from: square(from),
                    to,
                    kind,
                });
            }
        }
        found
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
        let legal = Legality::of(self);
        Squares(capturers).any(|from| legal.en_passant(self, from, ep))
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

    /// Calls `f` with the position after each legal move, played from the move groups
    /// without listing the moves (promotions in the order queen, rook, bishop, knight).
    #[inline]
    pub fn for_each_child<F: FnMut(&Position)>(&self, mut f: F) {
        generate(self, !0, !0, &mut |g| {
            for to in Squares(g.to) {
                if g.role == Role::Pawn && BACK_RANKS & bit(to) != 0 {
                    for p in Role::PROMOTIONS {
                        let mut child = *self;
                        child.apply(Role::Pawn, g.from, to, MoveKind::Promotion(p));
                        f(&child);
                    }
                } else {
                    let mut child = *self;
                    child.apply(g.role, g.from, to, kind_of(self, g.role, to));
                    f(&child);
                }
            }
        });
    }
}
