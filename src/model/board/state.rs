//! `BoardModule`, reading the state and what a move does to it: `piece_at`, `obstacles`,
//! `attacked_by`, `king_coordinate`, `in_check`, `castling_destinations`, `move_effect`,
//! `apply_move`, `replay`.

use super::{BoardState, History, Move, MoveEffect};
use crate::model::piece::{
    coordinate_offset, opposite_colour, pawn_capture_directions, type_based_moves, Colour,
    Coordinate, Obstacle, ObstacleSet, Piece, PieceType,
};
use crate::model::Set;

// ---------------------------------------------------------------------------------------------
// Reading the state

/// `{ p | p in set pieces & p.coord = c }`: the pieces of a set that stand on `c`. Pieces sort
/// by coordinate first, so they are one range of the ordered set, found in O(log n) instead of
/// by looking at every piece.
fn on_coordinate(pieces: &Set<Piece>, c: Coordinate) -> impl Iterator<Item = Piece> + '_ {
    let lowest = Piece::new(PieceType::Pawn, c, Colour::White);
    let highest = Piece::new(PieceType::King, c, Colour::Black);
    pieces.range(lowest..=highest).copied()
}

/// VDM `piece_at`: the piece standing on `c`, if any (the one piece of
/// `{ p | p in set s & p.coord = c }`: a board state has at most one on each square).
///
/// ```
/// use vdmchess::model::board::{default_board, piece_at};
/// use vdmchess::model::piece::{Coordinate, PieceType};
/// let e1 = Coordinate::new(5, 1).unwrap();
/// assert_eq!(piece_at(default_board().state(), e1).unwrap().piece_type, PieceType::King);
/// ```
#[must_use]
pub fn piece_at(s: &BoardState, c: Coordinate) -> Option<Piece> {
    on_coordinate(s.pieces(), c).next()
}

/// VDM `obstacles`: the occupied squares, as the piece geometry needs them.
#[must_use]
pub fn obstacles(s: &BoardState) -> ObstacleSet {
    s.pieces()
        .iter()
        .map(|p| Obstacle::new(p.coord, p.colour))
        .collect()
}

/// VDM `attacked_by`: whether a piece of `colour` attacks `c` (FIDE Laws 3.1, 3.9): could
/// capture there by its geometry alone. Not from the colour's legal moves: a pawn attacks the
/// squares diagonally ahead even when they are empty, and a pinned piece still attacks. `c`
/// is a square the colour does not occupy (an empty square or an opposing piece).
///
/// The literal twin: it asks [`type_based_moves`] of every piece of the colour.
/// [`crate::model::array::attacked_by_on_array`] is its fast form.
///
/// ```
/// use vdmchess::model::board::{attacked_by, default_board};
/// use vdmchess::model::piece::{Colour, Coordinate};
/// let state = default_board().state().clone();
/// assert!(attacked_by(&state, Colour::White, Coordinate::new(4, 3).unwrap())); // d3
/// assert!(!attacked_by(&state, Colour::White, Coordinate::new(4, 4).unwrap())); // d4
/// ```
#[must_use]
pub fn attacked_by(s: &BoardState, colour: Colour, c: Coordinate) -> bool {
    let obs = obstacles(s);
    s.pieces().iter().any(|&p| {
        p.colour == colour
            && if p.piece_type == PieceType::Pawn {
                pawn_capture_directions(colour)
                    .into_iter()
                    .any(|d| coordinate_offset(p.coord, d) == Some(c))
            } else {
                type_based_moves(p, &obs).contains(&p.at(c))
            }
    })
}

/// VDM `king_coordinate`: where the king of `colour` stands, or `None` unless there is
/// exactly one (a start has one king a side, and moves keep it).
#[must_use]
pub fn king_coordinate(s: &BoardState, colour: Colour) -> Option<Coordinate> {
    let kings: Set<Piece> = s
        .pieces()
        .iter()
        .filter(|p| p.piece_type == PieceType::King && p.colour == colour)
        .copied()
        .collect();
    if kings.len() == 1 {
        kings.get_min().map(|k| k.coord)
    } else {
        None
    }
}

/// VDM `in_check`: whether the king of `colour` is attacked (FIDE Laws 3.9.1).
#[must_use]
pub fn in_check(s: &BoardState, colour: Colour) -> bool {
    let k = king_coordinate(s, colour);
    k.is_some_and(|k| attacked_by(s, opposite_colour(colour), k))
}

// ---------------------------------------------------------------------------------------------
// What a move does

/// VDM `castling_destinations`: where king and rook land when the king on `k` castles with
/// the rook on `r`: the g- and f-files towards the h-side, the c- and d-files towards the
/// a-side (FIDE Laws 3.8.2; Guidelines III.2: the same from every Chess960 start).
#[must_use]
pub fn castling_destinations(k: Coordinate, r: Coordinate) -> (Coordinate, Coordinate) {
    let on_rank = |x: u32| Coordinate::from_index(((k.y() - 1) * 8 + x - 1) as usize);
    if r.x() > k.x() {
        (on_rank(7), on_rank(6))
    } else {
        (on_rank(3), on_rank(4))
    }
}

/// VDM `move_effect`: what `m` does on `s`:
/// - castling, a king moving onto a rook of its own colour (FIDE Laws 3.8.2): king and rook
///   leave, and arrive on their [`castling_destinations`] (either may already stand there in
///   Chess960);
/// - en passant, a pawn moving diagonally onto an empty square (3.7.3.1): the pawn passed by
///   leaves too;
/// - otherwise `from_` and whatever stands on `to_`'s square leave (a capture, 3.1), and `to_`
///   arrives (a promotion is a `to_` of another type, 3.7.5).
#[must_use]
pub fn move_effect(s: &BoardState, m: Move) -> MoveEffect {
    let (f, t) = (m.from_(), m.to_());
    let target = piece_at(s, t.coord);
    if f.piece_type == PieceType::King
        && target == Some(Piece::new(PieceType::Rook, t.coord, f.colour))
    {
        let (king_to, rook_to) = castling_destinations(f.coord, t.coord);
        MoveEffect {
            leave: Set::from(vec![f, Piece::new(PieceType::Rook, t.coord, f.colour)]),
            arrive: Set::from(vec![
                f.at(king_to),
                Piece::new(PieceType::Rook, rook_to, f.colour),
            ]),
        }
    } else if f.piece_type == PieceType::Pawn && f.coord.x() != t.coord.x() && target.is_none() {
        let passed = Coordinate::from_index(((f.coord.y() - 1) * 8 + t.coord.x() - 1) as usize);
        MoveEffect {
            // {f} union { p | p in set s & p.coord = passed }
            leave: std::iter::once(f)
                .chain(on_coordinate(s.pieces(), passed))
                .collect(),
            arrive: Set::unit(t),
        }
    } else {
        MoveEffect {
            // {f} union { p | p in set s & p.coord = t.coord }
            leave: std::iter::once(f)
                .chain(on_coordinate(s.pieces(), t.coord))
                .collect(),
            arrive: Set::unit(t),
        }
    }
}

/// VDM `apply_move`: the state after `m`: the leaving pieces go, the arriving ones come, and an
/// arriving piece replaces whatever stands on its square. Total: any move gives a valid state
/// (its [`super::inv_board_state`] is checked with the feature `contracts`).
#[must_use]
pub fn apply_move(s: &BoardState, m: Move) -> BoardState {
    let e = move_effect(s, m);
    // { p | p in set s \ e.leave & not exists a in set e.arrive & a.coord = p.coord }: the set
    // s \ e.leave without the pieces that stand where a piece arrives.
    let left = s.pieces().clone().relative_complement(e.leave);
    let replaced: Set<Piece> = e
        .arrive
        .iter()
        .flat_map(|a| on_coordinate(&left, a.coord))
        .collect();
    BoardState::computed(left.relative_complement(replaced).union(e.arrive))
}

/// VDM `replay`: the state reached from `s` by playing `h` in order (the spec's recursion on
/// `hd h` and `tl h` is this left fold).
#[must_use]
pub fn replay(s: &BoardState, h: &History) -> BoardState {
    h.iter().fold(s.clone(), |s, &m| apply_move(&s, m))
}
