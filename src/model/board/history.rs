//! `BoardModule`, what derives from the start and the history: `turn`, `right_colour`,
//! `ends_right`, `castling_rights`, `passed_square`, `en_passant_target`, `resets_clock`,
//! `halfmove_clock`, `fullmove_number`. None of these is a stored flag.

use super::{replay, Board, BoardState, Move};
use crate::model::piece::{opposite_colour, Colour, Coordinate, PieceType};
use crate::model::Set;

/// VDM `turn`: the side to move, the start's flipped by every move (FIDE Laws 1.2).
#[must_use]
pub fn turn(b: &Board) -> Colour {
    if b.history().len() % 2 == 0 {
        b.start().turn()
    } else {
        opposite_colour(b.start().turn())
    }
}

/// VDM `right_colour`: the colour whose castling right the rook coordinate `r` is: White's on
/// the first rank.
#[must_use]
pub fn right_colour(r: Coordinate) -> Colour {
    if r.y() == 1 {
        Colour::White
    } else {
        Colour::Black
    }
}

/// VDM `ends_right`: whether `m` ends the castling right of the rook on `r` for good (FIDE
/// Laws 3.8.2.1): its king moves (castling included), or a move leaves or lands on `r` (the
/// rook moves, or is captured there).
#[must_use]
pub fn ends_right(m: Move, r: Coordinate) -> bool {
    (m.from_().piece_type == PieceType::King && m.from_().colour == right_colour(r))
        || m.from_().coord == r
        || m.to_().coord == r
}

/// VDM `castling_rights`: the rooks that may still castle, those of the start whose right no
/// move of the history has ended (FIDE Laws 3.8.2.1).
#[must_use]
pub fn castling_rights(b: &Board) -> Set<Coordinate> {
    b.start()
        .castling()
        .iter()
        .filter(|&&r| !b.history().iter().any(|&m| ends_right(m, r)))
        .copied()
        .collect()
}

/// VDM `passed_square`: the square a pawn's double push `m` passed over, if `m` is one (FIDE
/// Laws 3.7.2).
#[must_use]
pub fn passed_square(m: Move) -> Option<Coordinate> {
    let (f, t) = (m.from_().coord, m.to_().coord);
    if m.from_().piece_type == PieceType::Pawn && t.y().abs_diff(f.y()) == 2 {
        Coordinate::new(f.x() as i32, ((f.y() + t.y()) / 2) as i32).ok()
    } else {
        None
    }
}

/// VDM `en_passant_target`: the square an opposing pawn may capture en passant on, on the move
/// right after the double push only (FIDE Laws 3.7.3.1, 3.7.3.2); before any move, the
/// start's.
#[must_use]
pub fn en_passant_target(b: &Board) -> Option<Coordinate> {
    match b.history().last() {
        None => b.start().en_passant(),
        Some(&m) => passed_square(m),
    }
}

/// VDM `resets_clock`: whether `m`, played on `s`, moves a pawn or captures: it restarts the
/// count of FIDE Laws 9.3.
#[must_use]
pub fn resets_clock(s: &BoardState, m: Move) -> bool {
    m.from_().piece_type == PieceType::Pawn
        || s.pieces()
            .iter()
            .any(|p| p.coord == m.to_().coord && p.colour != m.from_().colour)
}

/// VDM `halfmove_clock`: half-moves since the last pawn move or capture (FIDE Laws 9.3,
/// 9.6.2): the moves after the last move that reset the clock, or the start's clock plus every
/// move if none did.
///
/// The literal twin replays the history up to every move: quadratic in its length.
/// [`crate::model::array::halfmove_clock_on_array`] is its fast form (one replay).
#[must_use]
pub fn halfmove_clock(b: &Board) -> u32 {
    let h = b.history();
    // { i | i in set inds h & resets_clock(replay(b.start_.state, h(1, ..., i - 1)), h(i)) }
    let resets: Set<usize> = (1..=h.len())
        .filter(|&i| resets_clock(&replay(b.start().state(), &h.take(i - 1)), h[i - 1]))
        .collect();
    match resets.get_max() {
        None => b.start().halfmove_clock() + h.len() as u32,
        Some(&last) => (h.len() - last) as u32,
    }
}

/// VDM `fullmove_number`: the number of the current full move, which grows after each move of
/// Black (FIDE Laws 8.1).
#[must_use]
pub fn fullmove_number(b: &Board) -> u32 {
    let black_first = u32::from(b.start().turn() == Colour::Black);
    b.start().fullmove_number() + (b.history().len() as u32 + black_first) / 2
}
