//! The fast forms of the move functions: `possible_moves_on_array` (with the pin-line
//! shortcut), `pre_move_on_array` and `has_legal_en_passant_on_array`. The model's perft is
//! the port's ([`crate::rules::perft`] over `model::game::Game`), which plays each move by
//! `BoardModule`move` on the array view these functions built.

use super::{attacked_by_on_array, push_targets, Occupancy, Squares};
use crate::model::board::{
    castling_destinations, en_passant_target, ends_right, last_rank, pawn_start_rank, right_colour,
    same_start, turn, Board, Move,
};
use crate::model::piece::{
    coordinate_offset, opposite_colour, pawn_direction, Colour, Coordinate, Direction, Piece,
    PieceType,
};

/// The promotion pieces (FIDE Laws 3.7.5), in the order `board::promotion_moves` sorts them
/// does not matter: the moves are compared as sets.
const PROMOTIONS: [PieceType; 4] = [
    PieceType::Queen,
    PieceType::Rook,
    PieceType::Bishop,
    PieceType::Knight,
];

/// One position's local values: the array view and the occupancy, built once per call.
struct View {
    turn: Colour,
    squares: Squares,
    occupancy: Occupancy,
    /// When set, only this piece's moves are generated (for [`pre_move_on_array`]).
    only: Option<Piece>,
}

impl View {
    fn of(board: &Board) -> View {
        View::from_squares(Squares::of(board.state()), turn(board))
    }

    fn from_squares(squares: Squares, turn: Colour) -> View {
        View {
            turn,
            occupancy: squares.occupancy(),
            squares,
            only: None,
        }
    }

    fn own_pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        let (turn, only) = (self.turn, self.only);
        self.squares
            .pieces()
            .filter(move |p| p.colour == turn && only.map_or(true, |o| o == *p))
    }

    /// Type-based moves of the side to move, a pawn's move to the last rank once for each
    /// promotion piece (`board::simple_possible_moves` and `board::promotion_moves`).
    fn push_simple(&self, out: &mut Vec<Move>) {
        let mut targets = Vec::with_capacity(28);
        for p in self.own_pieces() {
            targets.clear();
            push_targets(p, &self.occupancy, &mut targets);
            for &t in &targets {
                if p.piece_type == PieceType::Pawn && t.coord.y() == last_rank(p.colour) {
                    for promoted in PROMOTIONS {
                        out.push(Move::generated(
                            p,
                            Piece {
                                piece_type: promoted,
                                ..t
                            },
                        ));
                    }
                } else {
                    out.push(Move::generated(p, t));
                }
            }
        }
    }

    /// Pawns on their start rank advancing two squares, both empty (`board::double_push_moves`).
    fn push_double_pushes(&self, out: &mut Vec<Move>) {
        let forward = pawn_direction(self.turn);
        for p in self.own_pieces() {
            if p.piece_type != PieceType::Pawn || p.coord.y() != pawn_start_rank(p.colour) {
                continue;
            }
            let one = coordinate_offset(p.coord, forward);
            let two = one.and_then(|c| coordinate_offset(c, forward));
            if let (Some(one), Some(two)) = (one, two) {
                if !self.occupancy.is_occupied(one) && !self.occupancy.is_occupied(two) {
                    out.push(Move::generated(p, p.at(two)));
                }
            }
        }
    }

    /// Pawns of the side to move beside the pawn that just passed `target`
    /// (`board::en_passant_moves`).
    fn push_en_passant(&self, target: Option<Coordinate>, out: &mut Vec<Move>) {
        let Some(target) = target else { return };
        if self.only.is_some_and(|o| o.piece_type != PieceType::Pawn)
            || self.squares.get(target).is_some()
        {
            return;
        }
        let behind = -pawn_direction(self.turn).dy;
        for dx in [-1, 1] {
            let from = coordinate_offset(target, Direction { dx, dy: behind });
            let passed = coordinate_offset(target, Direction { dx: 0, dy: behind });
            let (Some(p), Some(passed)) = (from.and_then(|c| self.squares.get(c)), passed) else {
                continue;
            };
            let wanted = self.only.map_or(true, |o| o == p);
            let beside = Piece::new(PieceType::Pawn, passed, opposite_colour(self.turn));
            if p.piece_type == PieceType::Pawn
                && p.colour == self.turn
                && wanted
                && self.squares.get(passed) == Some(beside)
            {
                out.push(Move::generated(p, p.at(target)));
            }
        }
    }

    /// The king taking each rook it still has the right to castle with and may castle with
    /// now (`board::castling_moves`, `board::may_castle`).
    fn push_castling(&self, board: &Board, out: &mut Vec<Move>) {
        if self.only.is_some_and(|o| o.piece_type != PieceType::King) {
            return;
        }
        let Some(king_coord) = self.squares.king(self.turn) else {
            return;
        };
        let king = Piece::new(PieceType::King, king_coord, self.turn);
        let rights = board.start().castling().iter().filter(|&&r| {
            right_colour(r) == self.turn
                && r.y() == king_coord.y()
                && !board.history().iter().any(|&m| ends_right(m, r))
        });
        for &rook in rights {
            if self.may_castle(king_coord, rook) && self.only.map_or(true, |o| o == king) {
                out.push(Move::generated(king, king.at(rook)));
            }
        }
    }

    /// `board::may_castle` on the array.
    fn may_castle(&self, king: Coordinate, rook: Coordinate) -> bool {
        let (king_to, rook_to) = castling_destinations(king, rook);
        let span = |a: Coordinate, b: Coordinate| {
            let y = a.y() as i32;
            (a.x().min(b.x())..=a.x().max(b.x()))
                .filter_map(move |x| Coordinate::new(x as i32, y).ok())
        };
        let empty_path = span(king, king_to)
            .chain(span(rook, rook_to))
            .all(|c| c == king || c == rook || self.squares.get(c).is_none());
        let enemy = opposite_colour(self.turn);
        empty_path && span(king, king_to).all(|c| !attacked_by_on_array(&self.squares, enemy, c))
    }

    /// Whether `m` leaves the mover's own king attacked (`board::stateful_impossible_moves`):
    /// play it on a copy of the array and look at the king's square.
    fn leaves_king_attacked(&self, king: Option<Coordinate>, m: &Move) -> bool {
        let mut after = self.squares.clone();
        after.apply(m);
        let king_after = if m.from_().piece_type == PieceType::King {
            after.king(self.turn)
        } else {
            king
        };
        king_after.is_some_and(|k| attacked_by_on_array(&after, opposite_colour(self.turn), k))
    }

    /// The pin-line shortcut: whether `m`, a move of a piece other than the king while the
    /// king on `king` is not in check (and not en passant), opens the line from the king
    /// through the square it leaves to an enemy slider. The only attack such a move can open.
    fn opens_line_to_king(&self, king: Coordinate, m: &Move) -> bool {
        let Some(d) = direction_between(king, m.from_().coord) else {
            return false;
        };
        let mut at = king;
        while let Some(next) = coordinate_offset(at, d) {
            let there = if next == m.to_().coord {
                Some(m.to_())
            } else if next == m.from_().coord {
                None
            } else {
                self.squares.get(next)
            };
            if let Some(p) = there {
                return p.colour != self.turn && slides_along(p.piece_type, d);
            }
            at = next;
        }
        false
    }

    /// Simple and stateful possible moves together: every candidate move.
    fn candidates(&self, board: &Board) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.push_simple(&mut out);
        self.push_double_pushes(&mut out);
        self.push_en_passant(en_passant_target(board), &mut out);
        self.push_castling(board, &mut out);
        out
    }
}

/// The fast form of `board::possible_moves` (FIDE Laws 3.10.1): the candidate moves on one
/// array view, without those that leave the own king attacked. The pin-line shortcut: when
/// the king is not in check and another piece moves (not en passant), the only attack the
/// move can open on the king is along the line from the king through the square the piece
/// leaves, so only that line is looked at; every other move is played on a copy of the array.
/// The moves come as a list without repetitions, in no particular order.
///
/// ```
/// use vdmchess::model::array::possible_moves_on_array;
/// use vdmchess::model::board::default_board;
/// assert_eq!(possible_moves_on_array(&default_board()).len(), 20);
/// ```
#[must_use]
pub fn possible_moves_on_array(board: &Board) -> Vec<Move> {
    possible_moves_and_squares(board).0
}

/// [`possible_moves_on_array`] together with the array view it was computed on (for callers
/// that need both, like the port's move conversion).
pub(crate) fn possible_moves_and_squares(board: &Board) -> (Vec<Move>, Squares) {
    let view = View::of(board);
    let king = view.squares.king(view.turn);
    let enemy = opposite_colour(view.turn);
    let in_check = king.is_some_and(|k| attacked_by_on_array(&view.squares, enemy, k));
    let mut moves = view.candidates(board);
    moves.retain(|m| match king {
        Some(k)
            if !in_check
                && m.from_().piece_type != PieceType::King
                && !is_en_passant(&view.squares, m) =>
        {
            !view.opens_line_to_king(k, m)
        }
        _ => !view.leaves_king_attacked(king, m),
    });
    (moves, view.squares)
}

/// The unit step from `a` towards `b` if they share a rank, file or diagonal.
fn direction_between(a: Coordinate, b: Coordinate) -> Option<Direction> {
    let (dx, dy) = (b.x() as i32 - a.x() as i32, b.y() as i32 - a.y() as i32);
    let on_a_line = (dx == 0) != (dy == 0) || (dx != 0 && dx.abs() == dy.abs());
    on_a_line.then(|| Direction {
        dx: dx.signum(),
        dy: dy.signum(),
    })
}

/// Whether a piece of this type attacks along direction `d` (FIDE Laws 3.2-3.4).
fn slides_along(piece_type: PieceType, d: Direction) -> bool {
    let straight = d.dx == 0 || d.dy == 0;
    match piece_type {
        PieceType::Queen => true,
        PieceType::Rook => straight,
        PieceType::Bishop => !straight,
        _ => false,
    }
}

/// Whether `m` is an en-passant capture on `squares`: a pawn moving diagonally to an empty
/// square.
fn is_en_passant(squares: &Squares, m: &Move) -> bool {
    m.from_().piece_type == PieceType::Pawn
        && m.from_().coord.x() != m.to_().coord.x()
        && squares.get(m.to_().coord).is_none()
}

/// The fast form of `board::pre_move`: `m` is one of the candidate moves *of its piece* and
/// does not leave the own king attacked. The same set membership, without generating the
/// moves of the other pieces.
#[must_use]
pub fn pre_move_on_array(board: &Board, m: Move) -> bool {
    pre_move_on(board, &Squares::of(board.state()), m)
}

/// [`pre_move_on_array`] given the array view of the board's state.
pub(crate) fn pre_move_on(board: &Board, squares: &Squares, m: Move) -> bool {
    let view = View {
        only: Some(m.from_()),
        ..View::from_squares(squares.clone(), turn(board))
    };
    m.from_().colour == view.turn
        && view.squares.get(m.from_().coord) == Some(m.from_())
        && view.candidates(board).contains(&m)
        && !view.leaves_king_attacked(view.squares.king(view.turn), &m)
}

/// The fast form of `board::post_move`: `result` began at the same start, its history is the
/// board's and `m`, and its state is what `m` does to the board's (played on the array: the
/// array's move effect, which `tests/model_props.rs` proves equal to `apply_move`), and not
/// the board's state. For states that satisfy `inv_BoardState`, comparing their arrays is
/// comparing the sets.
#[must_use]
pub fn post_move_on_array(board: &Board, m: Move, result: &Board) -> bool {
    post_move_on(board, &Squares::of(board.state()), m, result)
}

/// [`post_move_on_array`] given the array view of the board's state.
pub(crate) fn post_move_on(board: &Board, before: &Squares, m: Move, result: &Board) -> bool {
    let n = board.history().len();
    let history = result.history().len() == n + 1
        && result.history().iter().take(n).eq(board.history().iter())
        && result.history().back() == Some(&m);
    let mut after = before.clone();
    after.apply(&m);
    let now = Squares::of(result.state());
    same_start(board, result) && history && now == after && now != *before
}

/// The fast form of `board::has_legal_en_passant`: an en-passant capture is legal now.
#[must_use]
pub fn has_legal_en_passant_on_array(board: &Board) -> bool {
    legal_en_passant_on(
        Squares::of(board.state()),
        turn(board),
        en_passant_target(board),
    )
}

/// [`has_legal_en_passant_on_array`] on an array view, for replays that build no boards.
pub(crate) fn legal_en_passant_on(
    squares: Squares,
    turn: Colour,
    target: Option<Coordinate>,
) -> bool {
    let view = View::from_squares(squares, turn);
    let king = view.squares.king(view.turn);
    let mut moves = Vec::new();
    view.push_en_passant(target, &mut moves);
    moves.iter().any(|m| !view.leaves_king_attacked(king, m))
}
