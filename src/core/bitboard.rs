//! Bitboards: a set of squares as a `u64`, bit `i` for square `i` (`a1 = 0 .. h8 = 63`).
//!
//! The core works on raw `u64` masks and `usize` square indices inside its hot loops; it
//! converts to [`SquareSet`] and [`Square`] only at its public edges.

use crate::types::{Square, SquareSet};

/// A set of squares as a 64-bit mask.
pub type Bitboard = u64;

/// The a-file.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: Bitboard = FILE_A << 7;
/// The first rank.
pub const RANK_1: Bitboard = 0xFF;
/// The second rank.
pub const RANK_2: Bitboard = RANK_1 << 8;
/// The seventh rank.
pub const RANK_7: Bitboard = RANK_1 << 48;
/// The eighth rank.
pub const RANK_8: Bitboard = RANK_1 << 56;
/// The first and eighth ranks: where pawns promote.
pub const BACK_RANKS: Bitboard = RANK_1 | RANK_8;

/// The rank `r` (0-based) as a mask.
#[must_use]
#[inline]
pub const fn rank(r: usize) -> Bitboard {
    RANK_1 << (8 * r)
}

/// The file `f` (0-based) as a mask.
#[must_use]
#[inline]
pub const fn file(f: usize) -> Bitboard {
    FILE_A << f
}

/// The one-square mask of square index `sq`.
#[must_use]
#[inline]
pub const fn bit(sq: usize) -> Bitboard {
    1u64 << sq
}

/// Whether the mask has more than one square.
#[must_use]
#[inline]
pub const fn more_than_one(b: Bitboard) -> bool {
    b & b.wrapping_sub(1) != 0
}

/// The lowest square index of a non-empty mask.
#[must_use]
#[inline]
pub const fn lsb(b: Bitboard) -> usize {
    b.trailing_zeros() as usize
}

/// Iterates over the square indices of a mask, lowest first.
#[derive(Debug, Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

/// The [`Square`] of an index known to be below 64.
#[must_use]
#[inline]
pub const fn square(sq: usize) -> Square {
    Square::new_masked(sq as u8)
}

/// A mask as the shared [`SquareSet`] type.
#[must_use]
#[inline]
pub const fn to_set(b: Bitboard) -> SquareSet {
    SquareSet(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_iterate_in_order_and_count() {
        let b = bit(0) | bit(17) | bit(63);
        assert_eq!(Squares(b).collect::<Vec<_>>(), [0, 17, 63]);
        assert_eq!(Squares(b).len(), 3);
        assert!(more_than_one(b));
        assert!(!more_than_one(bit(5)));
        assert_eq!(lsb(b), 0);
        assert_eq!(rank(7), RANK_8);
        assert_eq!(file(7), FILE_H);
    }
}
