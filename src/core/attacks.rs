//! Attack tables for the leaping pieces and the geometry of lines, built at compile time.
//!
//! Every table here is a `const` computed by a `const fn`: the binary carries the finished
//! tables, so there is no start-up work and no lazy initialisation. Sliding pieces are in
//! the magic tables, re-exported here.

use super::bitboard::{bit, Bitboard};
pub use super::magic::{bishop_attacks, bishop_rays, queen_attacks, rook_attacks, rook_rays};

// The knight's jumps and the king's steps are the shared `(file, rank)` offsets.
use crate::types::{Color, Role, KING_OFFSETS as KING_STEPS, KNIGHT_OFFSETS as KNIGHT_STEPS};

/// The squares reached from `sq` by each of `steps`, staying on the board.
const fn step_attacks(sq: usize, steps: &[(i8, i8); 8]) -> Bitboard {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0;
    let mut i = 0;
    while i < 8 {
        let (nf, nr) = (f + steps[i].0 as i32, r + steps[i].1 as i32);
        if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
            out |= 1u64 << (nr * 8 + nf);
        }
        i += 1;
    }
    out
}

const fn step_table(steps: &[(i8, i8); 8]) -> [Bitboard; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = step_attacks(sq, steps);
        sq += 1;
    }
    t
}

const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut t = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        if r < 7 {
            if f > 0 {
                t[0][sq] |= 1 << (sq + 7);
            }
            if f < 7 {
                t[0][sq] |= 1 << (sq + 9);
            }
        }
        if r > 0 {
            if f > 0 {
                t[1][sq] |= 1 << (sq - 9);
            }
            if f < 7 {
                t[1][sq] |= 1 << (sq - 7);
            }
        }
        sq += 1;
    }
    t
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal, else 0;
/// and the whole line through both (edge to edge), else 0.
const fn between_and_line(a: usize, b: usize) -> (Bitboard, Bitboard) {
    let (fa, ra, fb, rb) = (
        (a % 8) as i32,
        (a / 8) as i32,
        (b % 8) as i32,
        (b / 8) as i32,
    );
    let (df, dr) = (fb - fa, rb - ra);
    if a == b || !(df == 0 || dr == 0 || df == dr || df == -dr) {
        return (0, 0);
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut between = 0;
    let (mut f, mut r) = (fa + sf, ra + sr);
    while f != fb || r != rb {
        between |= 1u64 << (r * 8 + f);
        f += sf;
        r += sr;
    }
    // Walk back to the edge, then forward across the whole board.
    let (mut f, mut r) = (fa, ra);
    while f - sf >= 0 && f - sf < 8 && r - sr >= 0 && r - sr < 8 {
        f -= sf;
        r -= sr;
    }
    let mut line = 0;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        line |= 1u64 << (r * 8 + f);
        f += sf;
        r += sr;
    }
    (between, line)
}

const fn geometry() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (bt, ln) = between_and_line(a, b);
            between[a][b] = bt;
            line[a][b] = ln;
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static KNIGHT: [Bitboard; 64] = step_table(&KNIGHT_STEPS);
static KING: [Bitboard; 64] = step_table(&KING_STEPS);
static PAWN: [[Bitboard; 64]; 2] = pawn_table();
static GEOMETRY: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = geometry();

/// The squares a knight on `sq` attacks.
#[must_use]
#[inline]
pub fn knight_attacks(sq: usize) -> Bitboard {
    KNIGHT[sq]
}

/// The squares a king on `sq` attacks.
#[must_use]
#[inline]
pub fn king_attacks(sq: usize) -> Bitboard {
    KING[sq]
}

/// The squares a pawn of colour index `color` (0 White, 1 Black) on `sq` attacks.
#[must_use]
#[inline]
pub fn pawn_attacks(color: usize, sq: usize) -> Bitboard {
    PAWN[color][sq]
}

/// The squares strictly between `a` and `b` on their common line, or 0 if they share none.
#[must_use]
#[inline]
pub fn between(a: usize, b: usize) -> Bitboard {
    GEOMETRY.0[a][b]
}

/// The whole line (rank, file or diagonal) through `a` and `b`, or 0 if they share none.
#[must_use]
#[inline]
pub fn line(a: usize, b: usize) -> Bitboard {
    GEOMETRY.1[a][b]
}

/// Whether `c` lies on the line through `a` and `b`.
#[must_use]
#[inline]
pub fn aligned(a: usize, b: usize, c: usize) -> bool {
    line(a, b) & bit(c) != 0
}

/// The squares of `sources` that see `sq` along their line: those with nothing of `occ`
/// strictly between them and `sq`. Every square of `sources` must share a line with `sq`
/// (give it `sources & rook_rays(sq)` or `& bishop_rays(sq)`).
///
/// The same answer as a magic lookup (`rook_attacks(sq, occ) & sources`), from the small
/// between table rather than the large attack tables: cheaper when `sources` holds one or two
/// pieces and the large tables are not in the cache, as when following a game move by move.
#[must_use]
#[inline]
pub fn seen_from(sq: usize, sources: Bitboard, occ: Bitboard) -> Bitboard {
    let mut seen = 0;
    let mut rest = sources;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if between(sq, s) & occ == 0 {
            seen |= bit(s);
        }
    }
    seen
}

/// The pieces of `by` that attack `sq` (FIDE Laws 3.1: by their geometry, pinned or not):
/// `theirs` holds the squares of `by`'s pieces, `by_role` the squares of each role (either
/// colour, indexed by [`Role::index`]), `occ` the squares that block lines. The one attack
/// detector of the core: the position's checks and a [`crate::Setup`]'s attack test ask it.
#[must_use]
#[inline(always)]
pub fn attackers(
    sq: usize,
    by: Color,
    theirs: Bitboard,
    by_role: &[Bitboard; 6],
    occ: Bitboard,
) -> Bitboard {
    let r = by_role;
    let queens = r[Role::Queen.index()];
    let sliders = (rook_rays(sq) & (r[Role::Rook.index()] | queens)
        | bishop_rays(sq) & (r[Role::Bishop.index()] | queens))
        & theirs;
    let leapers = theirs
        & ((knight_attacks(sq) & r[Role::Knight.index()])
            | (king_attacks(sq) & r[Role::King.index()])
            | (pawn_attacks(by.other().index(), sq) & r[Role::Pawn.index()]));
    leapers | seen_from(sq, sliders, occ)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaper_tables_count_right() {
        assert_eq!(knight_attacks(0).count_ones(), 2);
        assert_eq!(knight_attacks(27).count_ones(), 8);
        assert_eq!(king_attacks(0).count_ones(), 3);
        assert_eq!(king_attacks(27).count_ones(), 8);
        // White pawn on a2 attacks b3 only; black pawn on h7 attacks g6 only.
        assert_eq!(pawn_attacks(0, 8), bit(17));
        assert_eq!(pawn_attacks(1, 55), bit(46));
    }

    #[test]
    fn between_and_line_agree() {
        // a1..h8 diagonal.
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(line(9, 18).count_ones(), 8);
        // a1 and b3 share no line.
        assert_eq!(between(0, 17), 0);
        assert_eq!(line(0, 17), 0);
        assert!(aligned(0, 63, 36));
        assert_eq!(between(4, 7), bit(5) | bit(6));
    }
}
