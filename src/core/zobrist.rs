//! Zobrist hashing with the PolyGlot keys, so that a position's hash is its PolyGlot book key.
//!
//! The key of a position is the XOR of: one key per piece on its square; one key for each of
//! the four castling flags that holds (a right on the king's h-side or a-side, for each colour:
//! in Chess960 the rook need not stand in the corner, as python-chess's `zobrist_hash` reads
//! it); the en-passant file key when the last move was a double
//! push *and* a pawn of the side to move stands beside the pushed pawn (a pseudo-legal capture,
//! PolyGlot's rule); and the turn key when White is to move. The core keeps this key up to date
//! move by move ([`super::Position::hash`]); [`super::Position::hash_from_scratch`] recomputes it.

use super::bitboard::{Bitboard, RANK_1, RANK_8};
use super::polyglot_keys::RANDOM64;

/// Offset of the castling keys in [`RANDOM64`].
const CASTLE_OFFSET: usize = 768;
/// Offset of the en-passant file keys.
const EP_OFFSET: usize = 772;
/// Index of the White-to-move key.
const TURN_INDEX: usize = 780;

const fn piece_table() -> [[[u64; 64]; 6]; 2] {
    let mut t = [[[0; 64]; 6]; 2];
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 6 {
            // PolyGlot's kind: black pawn 0, white pawn 1, black knight 2, ...
            let kind = 2 * role + if color == 0 { 1 } else { 0 };
            let mut sq = 0;
            while sq < 64 {
                t[color][role][sq] = RANDOM64[64 * kind + sq];
                sq += 1;
            }
            role += 1;
        }
        color += 1;
    }
    t
}

/// The castling part of the key for each combination of the four corner rights, indexed by
/// bit 0 = h1, bit 1 = a1, bit 2 = h8, bit 3 = a8.
const fn castle_table() -> [u64; 16] {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 16 {
        let mut k = 0;
        let mut j = 0;
        while j < 4 {
            if i & (1 << j) != 0 {
                k ^= RANDOM64[CASTLE_OFFSET + j];
            }
            j += 1;
        }
        t[i] = k;
        i += 1;
    }
    t
}

static PIECE: [[[u64; 64]; 6]; 2] = piece_table();
static CASTLE: [u64; 16] = castle_table();

/// The key of a piece of colour index `color`, role index `role`, on square `sq`.
#[must_use]
#[inline]
pub fn piece_key(color: usize, role: usize, sq: usize) -> u64 {
    PIECE[color][role][sq]
}

/// The castling part of the key: PolyGlot's four flags (White h-side, White a-side, Black
/// h-side, Black a-side), each set when some right's rook stands on that side of its king.
/// `rights` are rook squares; `kings` the square indices of the White and Black kings.
#[must_use]
#[inline]
pub fn castling_key(rights: Bitboard, kings: [usize; 2]) -> u64 {
    if rights == 0 {
        return 0;
    }
    let below = |k: usize| (1u64 << k) - 1;
    let above = |k: usize| !((1u64 << k << 1).wrapping_sub(1));
    let white = rights & RANK_1;
    let black = rights & RANK_8;
    let idx = usize::from(white & above(kings[0]) != 0)
        | usize::from(white & below(kings[0]) != 0) << 1
        | usize::from(black & above(kings[1]) != 0) << 2
        | usize::from(black & below(kings[1]) != 0) << 3;
    CASTLE[idx]
}

/// The key of an en-passant square on 0-based `file`.
#[must_use]
#[inline]
pub fn ep_key(file: usize) -> u64 {
    RANDOM64[EP_OFFSET + file]
}

/// The key XORed in when White is to move.
pub const WHITE_TO_MOVE: u64 = RANDOM64[TURN_INDEX];

/// A key for a whole set of castling rights (their rook squares), used by the *repetition*
/// identity to tell rights apart by their rook's square (PolyGlot's flags only say on which
/// side of the king a right is, which in Chess960 can leave two rights alike): SplitMix64's
/// finalizer of the set, a bijection, so two different sets never share a key, and no rights
/// have the key 0.
#[must_use]
#[inline]
pub const fn castling_rights_key(rights: Bitboard) -> u64 {
    let mut z = rights;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_key_reads_the_four_flags() {
        let kings = [4, 60];
        assert_eq!(castling_key(0, kings), 0);
        assert_eq!(castling_key(1 << 7, kings), RANDOM64[768]);
        assert_eq!(castling_key(1, kings), RANDOM64[769]);
        assert_eq!(castling_key(1 << 63, kings), RANDOM64[770]);
        assert_eq!(castling_key(1 << 56, kings), RANDOM64[771]);
        // A Chess960 rook on b1 with the king on c1 is White's a-side right.
        assert_eq!(castling_key(1 << 1, [2, 60]), RANDOM64[769]);
    }

    #[test]
    fn piece_keys_follow_polyglot_kinds() {
        // White pawn is PolyGlot kind 1, black king kind 10.
        assert_eq!(piece_key(0, 0, 0), RANDOM64[64]);
        assert_eq!(piece_key(1, 5, 63), RANDOM64[64 * 10 + 63]);
    }
}
