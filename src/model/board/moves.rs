//! `BoardModule`, the moves: `last_rank`, `pawn_start_rank`, `own_pieces`, the simple and
//! stateful possible moves, `may_castle`, the stateful impossible moves, `possible_moves` and
//! `has_legal_en_passant`.
//!
//! ```text
//! possible_moves(b) = (simple_possible_moves(b) union stateful_possible_moves(b))
//!                     \ stateful_impossible_moves(b)
//! ```
//!
//! These are the literal twins, on persistent sets: `stateful_impossible_moves` plays every
//! candidate on the set and asks `attacked_by` about the king. The model's fast paths use
//! [`crate::model::array::possible_moves_on_array`], which `tests/model_twins.rs` proves equal.

use super::{
    apply_move, attacked_by, castling_destinations, castling_rights, en_passant_target, in_check,
    king_coordinate, obstacles, piece_at, right_colour, turn, Board, BoardState, Move,
};
use crate::model::piece::{
    opposite_colour, pawn_direction, type_based_moves, Colour, Coordinate, Piece, PieceType,
};
use crate::model::Set;

/// VDM `last_rank`: the rank a pawn of the colour promotes on (FIDE Laws 3.7.5).
#[must_use]
pub fn last_rank(c: Colour) -> u32 {
    if c == Colour::White {
        8
    } else {
        1
    }
}

/// VDM `pawn_start_rank`: the rank the pawns of the colour start on (FIDE Laws 2.3, 3.7.2).
#[must_use]
pub fn pawn_start_rank(c: Colour) -> u32 {
    if c == Colour::White {
        2
    } else {
        7
    }
}

/// VDM `own_pieces`: the pieces of the side to move.
#[must_use]
pub fn own_pieces(b: &Board) -> Set<Piece> {
    let colour = turn(b);
    b.state()
        .pieces()
        .iter()
        .filter(|p| p.colour == colour)
        .copied()
        .collect()
}

/// VDM `simple_possible_moves`: every move by type alone (FIDE Laws 3.2-3.8.1), except a
/// pawn's arrival on the last rank, which must be a promotion (3.7.5).
#[must_use]
pub fn simple_possible_moves(b: &Board) -> Set<Move> {
    let obs = obstacles(b.state());
    Set::unions(own_pieces(b).into_iter().map(|p| {
        type_based_moves(p, &obs)
            .into_iter()
            .filter(|q| !(p.piece_type == PieceType::Pawn && q.coord.y() == last_rank(p.colour)))
            .map(|q| Move::generated(p, q))
            .collect()
    }))
}

/// VDM `promotion_moves`: a pawn reaching the last rank becomes a queen, rook, bishop or knight
/// of its colour, as part of the same move (FIDE Laws 3.7.5); never a king or a pawn.
#[must_use]
pub fn promotion_moves(b: &Board) -> Set<Move> {
    let obs = obstacles(b.state());
    let kinds = Set::from(vec![
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
    ]);
    Set::unions(
        own_pieces(b)
            .into_iter()
            .filter(|p| p.piece_type == PieceType::Pawn)
            .map(|p| {
                type_based_moves(p, &obs)
                    .into_iter()
                    .flat_map(|q| kinds.iter().map(move |&t| (q, t)))
                    .filter(|(q, _)| q.coord.y() == last_rank(p.colour))
                    .map(|(q, t)| Move::generated(p, Piece { piece_type: t, ..q }))
                    .collect()
            }),
    )
}

/// `mk_Coordinate(x, y)` for a square the caller knows to be on the board (its guard holds).
fn square(x: u32, y: i32) -> Option<Coordinate> {
    Coordinate::new(x as i32, y).ok()
}

/// VDM `double_push_moves`: a pawn on its starting rank may advance two squares if both are
/// empty (FIDE Laws 3.7.2).
#[must_use]
pub fn double_push_moves(b: &Board) -> Set<Move> {
    own_pieces(b)
        .into_iter()
        .filter(|p| {
            p.piece_type == PieceType::Pawn && p.coord.y() == pawn_start_rank(p.colour) && {
                let dy = pawn_direction(p.colour).dy;
                let y = p.coord.y() as i32;
                square(p.coord.x(), y + dy).is_some_and(|c| piece_at(b.state(), c).is_none())
                    && square(p.coord.x(), y + 2 * dy)
                        .is_some_and(|c| piece_at(b.state(), c).is_none())
            }
        })
        .filter_map(|p| {
            let dy = pawn_direction(p.colour).dy;
            square(p.coord.x(), p.coord.y() as i32 + 2 * dy).map(|c| Move::generated(p, p.at(c)))
        })
        .collect()
}

/// VDM `en_passant_moves`: a pawn beside an opposing pawn that has just advanced two squares
/// may capture it as if it had advanced one, on the very next move (FIDE Laws 3.7.3.1,
/// 3.7.3.2).
#[must_use]
pub fn en_passant_moves(b: &Board) -> Set<Move> {
    let Some(t) = en_passant_target(b) else {
        return Set::new();
    };
    own_pieces(b)
        .into_iter()
        .filter(|p| {
            p.piece_type == PieceType::Pawn
                && p.coord.x().abs_diff(t.x()) == 1
                && p.coord.y() as i32 + pawn_direction(p.colour).dy == t.y() as i32
                && piece_at(b.state(), t).is_none()
                && square(t.x(), p.coord.y() as i32).is_some_and(|c| {
                    piece_at(b.state(), c)
                        == Some(Piece::new(PieceType::Pawn, c, opposite_colour(p.colour)))
                })
        })
        .map(|p| Move::generated(p, p.at(t)))
        .collect()
}

/// The squares of the rank `y` from file `a` to file `b`, both included, in either order:
/// `{ mk_Coordinate(x, y) | x in set {a, ..., b} union {b, ..., a} }`.
fn span(a: u32, b: u32, y: u32) -> Set<Coordinate> {
    (a.min(b)..=a.max(b))
        .filter_map(|x| square(x, y as i32))
        .collect()
}

/// VDM `may_castle`: whether the king of `colour` on `k` may castle with the rook on `r` now
/// (FIDE Laws 3.8.2.2.1, 3.8.2.2.2; Guidelines III.2): every square from the king to its
/// destination and from the rook to its destination, both included, is empty but for that
/// king and that rook, and no square from the king's to its destination, both included, is
/// attacked -- so the king is not in check, crosses no attacked square and does not land on
/// one.
#[must_use]
pub fn may_castle(s: &BoardState, colour: Colour, k: Coordinate, r: Coordinate) -> bool {
    let (king_to, rook_to) = castling_destinations(k, r);
    let king_path = span(k.x(), king_to.x(), k.y());
    let rook_path = span(r.x(), rook_to.x(), k.y());
    king_path
        .clone()
        .union(rook_path)
        .iter()
        .all(|&c| c == k || c == r || piece_at(s, c).is_none())
        && !king_path
            .iter()
            .any(|&c| attacked_by(s, opposite_colour(colour), c))
}

/// VDM `castling_moves`: castling with each rook of the side to move that still has its right
/// and may castle (FIDE Laws 3.8.2), written as the king taking its own rook.
#[must_use]
pub fn castling_moves(b: &Board) -> Set<Move> {
    let colour = turn(b);
    let Some(k) = king_coordinate(b.state(), colour) else {
        return Set::new();
    };
    castling_rights(b)
        .into_iter()
        .filter(|&r| {
            right_colour(r) == colour && r.y() == k.y() && may_castle(b.state(), colour, k, r)
        })
        .map(|r| {
            Move::generated(
                Piece::new(PieceType::King, k, colour),
                Piece::new(PieceType::King, r, colour),
            )
        })
        .collect()
}

/// VDM `stateful_possible_moves`: the moves that need more than the piece's type; they depend
/// on the history.
#[must_use]
pub fn stateful_possible_moves(b: &Board) -> Set<Move> {
    castling_moves(b)
        .union(en_passant_moves(b))
        .union(double_push_moves(b))
        .union(promotion_moves(b))
}

/// VDM `stateful_impossible_moves`: the candidate moves that would leave the mover's own king
/// attacked (FIDE Laws 3.9.2): a pinned piece's moves, a king's step into check, the
/// en-passant capture that opens the rank to the king.
#[must_use]
pub fn stateful_impossible_moves(b: &Board) -> Set<Move> {
    simple_possible_moves(b)
        .union(stateful_possible_moves(b))
        .into_iter()
        .filter(|&m| in_check(&apply_move(b.state(), m), turn(b)))
        .collect()
}

/// VDM `possible_moves`: the legal moves (FIDE Laws 3.10.1).
///
/// ```
/// use vdmchess::model::board::{default_board, possible_moves};
/// assert_eq!(possible_moves(&default_board()).len(), 20);
/// ```
#[must_use]
pub fn possible_moves(b: &Board) -> Set<Move> {
    simple_possible_moves(b)
        .union(stateful_possible_moves(b))
        .relative_complement(stateful_impossible_moves(b))
}

/// VDM `has_legal_en_passant`: whether an en-passant capture is legal now: only then does FEN
/// name the target, and only then is it part of what makes positions the same (FIDE Laws
/// 9.2.2).
#[must_use]
pub fn has_legal_en_passant(b: &Board) -> bool {
    !en_passant_moves(b)
        .relative_complement(stateful_impossible_moves(b))
        .is_empty()
}
