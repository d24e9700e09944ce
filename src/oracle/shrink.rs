//! Shrinking a failing [`Case`]: fewer plies, fewer pieces, a simpler placement, while it
//! still fails.
//!
//! [`shrink`] is greedy: it tries the simpler cases of [`simpler`] in order and moves to the
//! first that is valid and still fails, until none does or the budget of tries is spent. Each
//! step makes the case strictly smaller (fewer moves, fewer pieces, fewer rights, a weaker
//! piece), so it ends. The simpler cases, first to last:
//!
//! 1. the first move folded into the start position (same position, one ply fewer to replay),
//!    or the last move dropped;
//! 2. one piece (not a king) removed from the start;
//! 3. one castling right or the en-passant square removed;
//! 4. one piece replaced by a weaker one (queen by rook, rook by bishop, bishop by knight,
//!    knight by pawn where a pawn may stand);
//! 5. the clocks reset, and standard castling notation when Chess960's is not needed.

use crate::rules::Rules;
use crate::setup::{CastlingMode, MaterialLimits};
use crate::types::{Piece, Role, Square};

use super::case::Case;

/// The simpler cases of `case`, in the order [`shrink`] tries them (not all valid).
///
/// ```
/// use vdmchess::oracle::{case::Case, shrink::simpler};
/// use vdmchess::{notation::fen::parse_fen, CastlingMode, MaterialLimits};
/// let case = Case::at(parse_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap(), CastlingMode::Standard);
/// // Each rook removed, each right removed, each rook made a bishop.
/// assert_eq!(simpler(&case, MaterialLimits::Enforced).len(), 6);
/// ```
#[must_use]
pub fn simpler(case: &Case, limits: MaterialLimits) -> Vec<Case> {
    let mut out = Vec::new();
    if let Some(first) = case.moves.first() {
        let folded = Case::at(case.start, case.mode).with_moves(&[*first]);
        if let Ok(pos) = folded.validate(limits) {
            let mut start = pos.to_setup();
            start.halfmoves = 0;
            start.fullmoves = 1;
            out.push(Case {
                start,
                mode: case.mode,
                moves: case.moves[1..].to_vec(),
            });
        }
        let mut dropped = case.clone();
        dropped.moves.pop();
        out.push(dropped);
    }
    for sq in Square::all() {
        if matches!(case.start.piece_at(sq), Some(p) if p.role != Role::King) {
            let mut c = case.clone();
            c.start.board[sq.index()] = None;
            c.start.castling_rights.remove(sq);
            out.push(c);
        }
    }
    for sq in case.start.castling_rights.iter() {
        let mut c = case.clone();
        c.start.castling_rights.remove(sq);
        out.push(c);
    }
    if case.start.ep_square.is_some() {
        let mut c = case.clone();
        c.start.ep_square = None;
        out.push(c);
    }
    for sq in Square::all() {
        let Some(piece) = case.start.piece_at(sq) else {
            continue;
        };
        let weaker = match piece.role {
            Role::Queen => Role::Rook,
            Role::Rook => Role::Bishop,
            Role::Bishop => Role::Knight,
            Role::Knight if sq.rank() != 0 && sq.rank() != 7 => Role::Pawn,
            _ => continue,
        };
        let mut c = case.clone();
        c.start.board[sq.index()] = Some(Piece {
            color: piece.color,
            role: weaker,
        });
        c.start.castling_rights.remove(sq);
        out.push(c);
    }
    if case.start.halfmoves != 0 || case.start.fullmoves != 1 {
        let mut c = case.clone();
        c.start.halfmoves = 0;
        c.start.fullmoves = 1;
        out.push(c);
    }
    if case.mode == CastlingMode::Chess960 {
        let mut c = case.clone();
        c.mode = CastlingMode::Standard;
        out.push(c);
    }
    out
}

/// What [`shrink`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing case found.
    pub case: Case,
    /// How many simpler cases were accepted.
    pub steps: usize,
    /// How many cases were tried.
    pub tries: usize,
}

/// Shrinks `case`, which `fails`, to a smaller case that still fails (see the module docs),
/// trying at most `budget` cases. `fails` is asked only about valid cases.
///
/// # Examples
///
/// The smallest position where White can move a queen from a6 to a8:
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::oracle::{case::Case, shrink::shrink};
/// use vdmchess::{CastlingMode, MaterialLimits, Rules, Setup};
///
/// let start = Case::at(Setup::start(), CastlingMode::Standard)
///     .with_moves_uci(&["d2d4", "e7e5", "d1d3", "b7b6", "d3b5", "a7a6", "b5a6", "g8f6"]).unwrap();
/// let queen_to_a8 = |case: &Case| {
///     let pos: Chess = case.play().unwrap();
///     pos.legal_moves().iter().any(|m| m.to_uci(CastlingMode::Standard) == "a6a8")
/// };
/// assert!(queen_to_a8(&start));
/// let shrunk = shrink(&start, MaterialLimits::Enforced, 10_000, queen_to_a8);
/// assert!(shrunk.case.moves.is_empty());
/// assert_eq!(shrunk.case.piece_count(), 3); // two kings and a piece that moves as a rook
/// ```
#[must_use]
pub fn shrink<F>(case: &Case, limits: MaterialLimits, budget: usize, mut fails: F) -> Shrunk
where
    F: FnMut(&Case) -> bool,
{
    let mut best = case.clone();
    let mut steps = 0;
    let mut tries = 0;
    'outer: while tries < budget {
        for candidate in simpler(&best, limits) {
            if candidate.validate(limits).is_err() {
                continue;
            }
            tries += 1;
            if fails(&candidate) {
                best = candidate;
                steps += 1;
                continue 'outer;
            }
            if tries >= budget {
                break;
            }
        }
        break;
    }
    Shrunk {
        case: best,
        steps,
        tries,
    }
}
