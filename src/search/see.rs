//! Static exchange evaluation (SEE): what a capture wins or loses once both sides have
//! recaptured on its square as long as it pays them, cheapest piece first.
//!
//! The exchange is played on bitboards only: after each capture the piece that made it leaves
//! the occupancy, which uncovers the sliders behind it (x-rays: a rook behind a rook, a queen
//! behind a bishop). Each side may stop recapturing when it would lose by going on, so the
//! result is the minimax of the *swap list*. Pins are ignored, and a king captures only when
//! nothing defends the square any more.
//!
//! ```
//! use vdmchess::core::Position;
//! use vdmchess::notation::fen::parse_fen;
//! use vdmchess::search::see::see;
//! use vdmchess::{CastlingMode, Move};
//! // A rook takes a pawn defended by a pawn: it wins 100 and loses 500.
//! let pos = Position::from_setup(&parse_fen("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1").unwrap(),
//!     CastlingMode::Standard).unwrap();
//! let rxd5 = Move::normal("d1".parse().unwrap(), "d5".parse().unwrap());
//! assert_eq!(see(&pos, &rxd5), 100 - 500);
//! ```

use crate::core::attacks::{bishop_attacks, rook_attacks};
use crate::core::bitboard::{bit, lsb, Bitboard};
use crate::core::Position;
use crate::rules::{Move, MoveKind};
use crate::types::{Color, Role};

/// The values SEE counts with, pawn to king (the king's is "more than everything").
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// The value of what `m` captures (a pawn for en passant; 0 for a quiet move).
#[must_use]
#[inline]
pub fn captured_value(pos: &Position, m: &Move) -> i32 {
    match m.kind {
        MoveKind::EnPassant => SEE_VALUES[0],
        MoveKind::Castle => 0,
        _ => captured_role(pos, m).map_or(0, |r| SEE_VALUES[r.index()]),
    }
}

/// The role of the enemy piece on `m`'s target square, if any (not for castling, whose target
/// is our own rook, nor en passant, whose victim is elsewhere).
#[must_use]
#[inline]
pub fn captured_role(pos: &Position, m: &Move) -> Option<Role> {
    if m.kind == MoveKind::Castle {
        return None;
    }
    if pos.color_bb(pos.turn().other()) & m.to.bit() == 0 {
        return None;
    }
    pos.role_at(m.to.index())
}

/// The material `m` wins (positive) or loses (negative) when the exchange on its square is
/// played out as the module docs say. Quiet moves score what the opponent can win by taking
/// the piece that moved (0 or less); castling scores 0.
#[must_use]
pub fn see(pos: &Position, m: &Move) -> i32 {
    if m.kind == MoveKind::Castle {
        return 0;
    }
    let (from, to) = (m.from.index(), m.to.index());
    let Some(mover) = pos.role_at(from) else {
        return 0;
    };
    let mut occ = pos.occupied() ^ bit(from);
    let mut gain = [0i32; 34];
    gain[0] = captured_value(pos, m);
    if m.kind == MoveKind::EnPassant {
        occ ^= bit(to ^ 8);
    }
    // The value of the piece now standing on `to`, which the next capture wins.
    let mut on_square = SEE_VALUES[mover.index()];
    if let MoveKind::Promotion(p) = m.kind {
        gain[0] += SEE_VALUES[p.index()] - SEE_VALUES[0];
        on_square = SEE_VALUES[p.index()];
    }
    let rooks = pos.role_bb(Role::Rook) | pos.role_bb(Role::Queen);
    let bishops = pos.role_bb(Role::Bishop) | pos.role_bb(Role::Queen);
    let mut attackers = all_attackers(pos, to, occ) & occ;
    let mut side = pos.turn().other();
    let mut d = 0;
    loop {
        let ours = attackers & pos.color_bb(side);
        if ours == 0 {
            break;
        }
        let (role, sq) = least_valuable(pos, ours);
        if role == Role::King && attackers & pos.color_bb(side.other()) != 0 {
            // The king may not capture into a defended square.
            break;
        }
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break;
        }
        occ ^= bit(sq);
        // Uncover the sliders behind the piece that just captured.
        attackers |= (rook_attacks(to, occ) & rooks) | (bishop_attacks(to, occ) & bishops);
        attackers &= occ;
        on_square = SEE_VALUES[role.index()];
        side = side.other();
        if d + 1 >= gain.len() {
            break;
        }
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Whether [`see`] of `m` is at least `threshold`.
#[must_use]
#[inline]
pub fn see_ge(pos: &Position, m: &Move, threshold: i32) -> bool {
    see(pos, m) >= threshold
}

/// Every piece of either colour attacking `sq` through `occ`.
#[inline]
fn all_attackers(pos: &Position, sq: usize, occ: Bitboard) -> Bitboard {
    pos.attackers(sq, Color::White, occ) | pos.attackers(sq, Color::Black, occ)
}

/// The least valuable piece among `set` (non-empty) and its square.
#[inline]
fn least_valuable(pos: &Position, set: Bitboard) -> (Role, usize) {
    for role in Role::ALL {
        let b = set & pos.role_bb(role);
        if b != 0 {
            return (role, lsb(b));
        }
    }
    unreachable!("least_valuable of an empty set")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::setup::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Standard).unwrap()
    }

    fn mv(from: &str, to: &str) -> Move {
        Move::normal(from.parse().unwrap(), to.parse().unwrap())
    }

    #[test]
    fn undefended_piece_is_won_whole() {
        let p = pos("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1");
        assert_eq!(see(&p, &mv("d1", "d5")), 320);
    }

    #[test]
    fn pawn_takes_defended_knight_wins_the_difference() {
        let p = pos("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(see(&p, &mv("e4", "d5")), 320 - 100);
    }

    #[test]
    fn x_ray_rook_behind_rook_counts() {
        // Rxd5 Rxd5 Rxd5: two rooks against a rook defending a pawn.
        let p = pos("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
        assert_eq!(see(&p, &mv("d2", "d5")), 100);
        // Without the second rook the first one is lost for a pawn.
        let q = pos("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1");
        assert_eq!(see(&q, &mv("d2", "d5")), 100 - 500);
    }

    #[test]
    fn king_does_not_recapture_into_a_defended_square() {
        // Qxf7+: the king may not take back because the bishop on c4 defends f7.
        let p = pos("4k3/5p2/8/7Q/2B5/8/8/4K3 w - - 0 1");
        assert_eq!(see(&p, &mv("h5", "f7")), 100);
    }

    #[test]
    fn quiet_move_onto_an_attacked_square_loses_the_piece() {
        let p = pos("4k3/8/4p3/8/8/8/8/3QK3 w - - 0 1");
        assert_eq!(see(&p, &mv("d1", "d5")), -950);
        assert!(!see_ge(&p, &mv("d1", "d5"), 0));
        assert!(see_ge(&p, &mv("d1", "d3"), 0));
    }
}
