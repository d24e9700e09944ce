//! Correction history: how far the search's results have fallen from the static evaluation
//! in positions with the same pawns, per side to move, learnt as the search goes and added
//! to the static evaluation before the pruning compares it with alpha and beta.
//!
//! The evaluation misjudges some pawn structures the same way again and again (a weak pawn
//! that falls, a passed pawn that runs); where the searches of such positions keep
//! returning more (or less) than the evaluation said, the corrected evaluation learns the
//! difference, and reverse futility, null move and futility prune by a better guess. The
//! table is indexed by a hash of the two sides' pawns; an entry is a moving average of the
//! differences, in 1/[`GRAIN`] centipawns, weighted by the depth of the search that found
//! it, and never more than [`LIMIT`] centipawns either way.
//!
//! ```
//! use vdmchess::core::Position;
//! use vdmchess::search::correction::CorrectionHistory;
//! let pos = Position::start();
//! let mut corrections = CorrectionHistory::default();
//! assert_eq!(corrections.get(&pos), 0);
//! // Searches at depth 8 keep finding the position 40 centipawns better than its
//! // evaluation: the correction moves towards +40.
//! for _ in 0..100 {
//!     corrections.update(&pos, 8, 40);
//! }
//! assert!((35..=40).contains(&corrections.get(&pos)));
//! ```

use crate::core::Position;
use crate::types::{Color, Role};

/// Entries per side to move (a power of two).
const SIZE: usize = 1 << 14;
/// The fraction of a centipawn an entry counts in.
pub const GRAIN: i32 = 256;
/// The largest correction, either way, in centipawns.
pub const LIMIT: i32 = 96;
/// The largest weight of one update, out of 256 (the depth's weight grows up to it).
const MAX_WEIGHT: i32 = 16;

/// The learnt corrections (see the module docs).
#[derive(Debug, Clone)]
pub struct CorrectionHistory(Vec<i32>);

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory(vec![0; 2 * SIZE])
    }
}

impl CorrectionHistory {
    /// The entry of `pos`: its side to move and a hash of each side's pawns.
    #[inline]
    fn index(pos: &Position) -> usize {
        let pawns = pos.role_bb(Role::Pawn);
        let white = pawns & pos.color_bb(Color::White);
        let black = pawns & pos.color_bb(Color::Black);
        // A product carries a bit only upwards: fold the high half down before each one, so
        // that the top bits (the slot) depend on every pawn of either side.
        let mut h = white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black;
        h ^= h >> 32;
        h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^= h >> 29;
        h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (h >> (64 - SIZE.trailing_zeros())) as usize;
        pos.turn().index() * SIZE + slot
    }

    /// The correction of `pos`'s static evaluation, in centipawns (side to move's view).
    #[must_use]
    #[inline]
    pub fn get(&self, pos: &Position) -> i32 {
        self.0[CorrectionHistory::index(pos)] / GRAIN
    }

    /// Learns that a search of `pos` at `depth` returned `diff` centipawns more than its
    /// static evaluation (side to move's view; clipped to [`LIMIT`]).
    #[inline]
    pub fn update(&mut self, pos: &Position, depth: i32, diff: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = diff.clamp(-LIMIT, LIMIT) * GRAIN;
        let e = &mut self.0[CorrectionHistory::index(pos)];
        *e = ((*e * (256 - weight) + target * weight) / 256).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::types::Piece;
    use crate::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Standard).unwrap()
    }

    /// The position of `board` with the white king on a1 and the black one on h1, white to move.
    fn with_pawns(mut board: [Option<Piece>; 64]) -> Position {
        board[0] = Some(Piece {
            color: Color::White,
            role: Role::King,
        });
        board[7] = Some(Piece {
            color: Color::Black,
            role: Role::King,
        });
        let setup = crate::Setup {
            board,
            castling_rights: crate::SquareSet::EMPTY,
            ..crate::Setup::default()
        };
        Position::from_setup(&setup, CastlingMode::Standard).unwrap()
    }

    #[test]
    fn a_correction_belongs_to_its_pawns_and_side_to_move() {
        let mut c = CorrectionHistory::default();
        let a = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        for _ in 0..100 {
            c.update(&a, 10, 60);
        }
        assert!((55..=60).contains(&c.get(&a)), "{}", c.get(&a));
        // The same pawns with the pieces elsewhere share the entry.
        assert_eq!(c.get(&pos("3k4/pp6/8/8/8/8/PP6/3K4 w - - 0 1")), c.get(&a));
        // Other pawns, or the other side to move, do not.
        assert_eq!(c.get(&pos("4k3/p1p5/8/8/8/8/PP6/4K3 w - - 0 1")), 0);
        assert_eq!(c.get(&pos("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1")), 0);
        c.clear();
        assert_eq!(c.get(&a), 0);
    }

    #[test]
    fn pawn_structures_spread_over_the_slots() {
        // One white and one black pawn anywhere on ranks 2 to 7: 2,256 structures. Slots
        // drawn at random for them would leave about 150 of them sharing a slot; a hash
        // that loses one side's pawns (or some of their squares) shares far more.
        let mut slots = std::collections::HashSet::new();
        let mut structures = 0;
        for w in 8..56 {
            for b in 8..56 {
                if w == b {
                    continue;
                }
                let mut board = [None; 64];
                board[w] = Some(Piece {
                    color: Color::White,
                    role: Role::Pawn,
                });
                board[b] = Some(Piece {
                    color: Color::Black,
                    role: Role::Pawn,
                });
                structures += 1;
                slots.insert(CorrectionHistory::index(&with_pawns(board)));
            }
        }
        assert_eq!(structures, 2_256);
        assert!(slots.len() > 2_000, "{} slots", slots.len());
    }

    #[test]
    fn a_correction_never_passes_its_limit_and_deeper_searches_weigh_more() {
        let p = Position::start();
        let mut c = CorrectionHistory::default();
        for _ in 0..1000 {
            c.update(&p, 20, -5000);
        }
        // The moving average comes within a centipawn of the limit, and no further.
        assert!((-LIMIT..=-LIMIT + 1).contains(&c.get(&p)), "{}", c.get(&p));
        assert!(c.0[CorrectionHistory::index(&p)] >= -LIMIT * GRAIN);
        let (mut shallow, mut deep) = (CorrectionHistory::default(), CorrectionHistory::default());
        shallow.update(&p, 1, 80);
        deep.update(&p, 12, 80);
        assert!(deep.0[CorrectionHistory::index(&p)] > shallow.0[CorrectionHistory::index(&p)]);
        assert!(shallow.0[CorrectionHistory::index(&p)] > 0);
    }
}
