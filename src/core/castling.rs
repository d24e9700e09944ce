//! Castling geometry, the one home of it outside the model: where king and rook land (FIDE
//! Laws 3.8.2.1; Chess960 Guidelines III.2: the same from every start).
//!
//! Its twin in the reference model is `model::board::castling_destinations`, the spec's
//! ``BoardModule`castling_destinations``; the core, the port's [`crate::Move`], the notations
//! and the book all ask [`castling_destinations`] (or [`CastlingSide::destinations`] when
//! only the side is known, as in SAN's `O-O`).
//!
//! ```
//! use vdmchess::core::castling::{castling_destinations, CastlingSide};
//! use vdmchess::Square;
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! // Standard chess: e1 with h1 lands on g1 and f1; e8 with a8 on c8 and d8.
//! assert_eq!(castling_destinations(sq("e1"), sq("h1")), (sq("g1"), sq("f1")));
//! assert_eq!(castling_destinations(sq("e8"), sq("a8")), (sq("c8"), sq("d8")));
//! // Chess960: king b1, rook a1: the king goes to c1, the rook to d1.
//! assert_eq!(castling_destinations(sq("b1"), sq("a1")), (sq("c1"), sq("d1")));
//! assert_eq!(CastlingSide::of(sq("b1"), sq("a1")), CastlingSide::QueenSide);
//! ```

use crate::types::Square;

/// The side of the board a castling goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: `O-O` (the king ends on g).
    KingSide,
    /// Towards the a-file: `O-O-O` (the king ends on c).
    QueenSide,
}

impl CastlingSide {
    /// The side of the king on `king` that the rook on `rook` (on the same rank) stands on.
    #[must_use]
    #[inline(always)]
    pub const fn of(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// Where king and rook land castling towards this side on 0-based `rank`: the g- and
    /// f-files towards the h-side, the c- and d-files towards the a-side.
    #[must_use]
    #[inline(always)]
    pub const fn destinations(self, rank: u8) -> (Square, Square) {
        let (king_file, rook_file) = match self {
            CastlingSide::KingSide => (6, 5),
            CastlingSide::QueenSide => (2, 3),
        };
        let back = (rank & 7) * 8;
        (
            Square::new_masked(back + king_file),
            Square::new_masked(back + rook_file),
        )
    }
}

/// Where king and rook land when the king on `king` castles with the rook on `rook` (king takes
/// own rook): `(king_to, rook_to)`. Twin of ``BoardModule`castling_destinations``.
#[must_use]
#[inline(always)]
pub const fn castling_destinations(king: Square, rook: Square) -> (Square, Square) {
    CastlingSide::of(king, rook).destinations(king.rank())
}

/// [`castling_destinations`] on square indices, as the bitboard code holds them.
#[must_use]
#[inline(always)]
pub(crate) const fn castling_destinations_index(king: usize, rook: usize) -> (usize, usize) {
    let (k, r) = castling_destinations(
        Square::new_masked(king as u8),
        Square::new_masked(rook as u8),
    );
    (k.index(), r.index())
}
