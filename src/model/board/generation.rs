//! `BoardModule`, its move generation: the simple, stateful and impossible moves of a board,
//! and `possible_moves`, computed on one local array view per call.

use super::{castling_rights, en_passant_target, right_colour, turn, Board, Move};
use crate::model::piece::{
    coordinate_offset, opposite_colour, pawn_capture_directions, pawn_direction,
    push_type_based_moves, Colour, Coordinate, Direction, ObstacleSet, Piece, PieceType,
};
use crate::model::squares::{castling_destinations, move_effect, Squares};

/// The rank a pawn of `colour` promotes on (FIDE Laws 3.7.5).
fn last_rank(colour: Colour) -> i32 {
    match colour {
        Colour::White => 8,
        Colour::Black => 1,
    }
}

/// The rank a pawn of `colour` starts on (FIDE Laws 3.7.2).
fn pawn_start_rank(colour: Colour) -> i32 {
    match colour {
        Colour::White => 2,
        Colour::Black => 7,
    }
}

/// One position's local values: the array view and the obstacles, built once per call.
struct View {
    turn: Colour,
    squares: Squares,
    obstacles: ObstacleSet,
    /// When set, only this piece's moves are generated (for [`pre_move`]).
    only: Option<Piece>,
}

impl View {
    fn of(board: &Board) -> View {
        View::from_squares(Squares::of(&board.state), turn(board))
    }

    fn from_squares(squares: Squares, turn: Colour) -> View {
        View {
            turn,
            obstacles: squares.obstacles(),
            squares,
            only: None,
        }
    }

    fn own_pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        let turn = self.turn;
        let only = self.only;
        self.squares
            .pieces()
            .filter(move |p| p.colour == turn && only.map_or(true, |o| o == *p))
    }

    /// Type-based moves of the side to move; pawn moves to the last rank go to `promotions`.
    fn push_simple(&self, out: &mut Vec<Move>, promotions: Option<&mut Vec<Move>>) {
        let mut targets = Vec::with_capacity(28);
        let mut promotions = promotions;
        for p in self.own_pieces() {
            targets.clear();
            push_type_based_moves(p, &self.obstacles, &mut targets);
            for &t in &targets {
                if p.piece_type == PieceType::Pawn && t.coord.y() == last_rank(p.colour) {
                    if let Some(out) = promotions.as_deref_mut() {
                        for promoted in PieceType::PROMOTIONS {
                            out.push(Move::new_valid(
                                p,
                                Piece {
                                    piece_type: promoted,
                                    ..t
                                },
                            ));
                        }
                    }
                } else {
                    out.push(Move::new_valid(p, t));
                }
            }
        }
    }

    /// Pawns on their start rank advancing two squares, both empty (VDM `double_push_moves`).
    fn push_double_pushes(&self, out: &mut Vec<Move>) {
        let forward = pawn_direction(self.turn);
        for p in self.own_pieces() {
            if p.piece_type != PieceType::Pawn || p.coord.y() != pawn_start_rank(p.colour) {
                continue;
            }
            let one = coordinate_offset(p.coord, forward);
            let two = one.and_then(|c| coordinate_offset(c, forward));
            if let (Some(one), Some(two)) = (one, two) {
                if self.squares.get(one).is_none() && self.squares.get(two).is_none() {
                    out.push(Move::new_valid(p, p.at(two)));
                }
            }
        }
    }

    /// Pawns of the side to move that attack the en-passant `target` (VDM `en_passant_moves`).
    fn push_en_passant(&self, target: Option<Coordinate>, out: &mut Vec<Move>) {
        let Some(target) = target else { return };
        if self.only.is_some_and(|o| o.piece_type != PieceType::Pawn) {
            return;
        }
        for d in pawn_capture_directions(self.turn) {
            let from = coordinate_offset(
                target,
                Direction {
                    dx: -d.dx,
                    dy: -d.dy,
                },
            );
            if let Some(p) = from.and_then(|c| self.squares.get(c)) {
                let wanted = self.only.map_or(true, |o| o == p);
                if p.piece_type == PieceType::Pawn && p.colour == self.turn && wanted {
                    out.push(Move::new_valid(p, p.at(target)));
                }
            }
        }
    }

    /// The king taking each rook of `rights` it may castle with (VDM `castling_moves`).
    fn push_castling(&self, rights: &[Coordinate], out: &mut Vec<Move>) {
        let Some(king_coord) = self.squares.king(self.turn) else {
            return;
        };
        let Some(king) = self.squares.get(king_coord) else {
            return;
        };
        for &rook_coord in rights.iter().filter(|r| right_colour(**r) == self.turn) {
            let is_own_rook = self
                .squares
                .get(rook_coord)
                .is_some_and(|r| r.piece_type == PieceType::Rook && r.colour == self.turn);
            if is_own_rook && self.may_castle(king_coord, rook_coord) {
                out.push(Move::new_valid(king, king.at(rook_coord)));
            }
        }
    }

    /// FIDE Laws 3.8.2: every square between the king and its destination and between the
    /// rook and its destination (inclusive) is empty but for the two castling pieces, and no
    /// square from the king's to its destination (inclusive) is attacked.
    fn may_castle(&self, king: Coordinate, rook: Coordinate) -> bool {
        let (king_to, rook_to) = castling_destinations(king, rook);
        let span = |a: Coordinate, b: Coordinate| {
            let y = a.y();
            (a.x().min(b.x())..=a.x().max(b.x())).filter_map(move |x| Coordinate::new(x, y).ok())
        };
        let empty_path = span(king, king_to)
            .chain(span(rook, rook_to))
            .all(|c| c == king || c == rook || self.squares.get(c).is_none());
        let enemy = opposite_colour(self.turn);
        empty_path && span(king, king_to).all(|c| !self.squares.attacked_by(enemy, c))
    }

    /// Whether `m` leaves the mover's own king attacked (FIDE Laws 3.9.2): play it on a copy
    /// of the array and ask [`Squares::attacked_by`] about the king's square.
    fn leaves_king_attacked(&self, king: Option<Coordinate>, m: &Move) -> bool {
        let mut after = self.squares.clone();
        let effect = move_effect(m, |c| self.squares.get(c));
        after.apply(m);
        let king_after = effect
            .arrive
            .into_iter()
            .flatten()
            .find(|p| p.piece_type == PieceType::King)
            .map(|p| p.coord)
            .or(king);
        king_after.is_some_and(|k| after.attacked_by(opposite_colour(self.turn), k))
    }

    /// Whether `m`, a move of a piece other than the king while the king on `king` is not in
    /// check, opens the line from the king through the square it leaves to an enemy slider.
    fn opens_line_to_king(&self, king: Coordinate, m: &Move) -> bool {
        let Some(d) = direction_between(king, m.from_.coord) else {
            return false;
        };
        let mut at = king;
        while let Some(next) = coordinate_offset(at, d) {
            let there = if next == m.to_.coord {
                Some(m.to_)
            } else if next == m.from_.coord {
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

    /// Simple and stateful possible moves together: every pseudo-legal move.
    fn pseudo_legal(&self, board: &Board) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        let mut promotions = Vec::new();
        self.push_simple(&mut out, Some(&mut promotions));
        out.append(&mut promotions);
        self.push_double_pushes(&mut out);
        self.push_en_passant(en_passant_target(board), &mut out);
        if self.only.map_or(true, |o| o.piece_type == PieceType::King) {
            self.push_castling(&castling_rights(board), &mut out);
        }
        out
    }
}

/// VDM `simple_possible_moves`: the type-based moves of the side to move (see
/// [`crate::model::piece::type_based_moves`]), except pawn moves to the last rank (those are
/// [`promotion_moves`]). They may still leave the own king attacked.
#[must_use]
pub fn simple_possible_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    View::of(board).push_simple(&mut out, None);
    out
}

/// VDM `promotion_moves`: a pawn's move to the last rank, once for each of queen, rook, bishop
/// and knight (FIDE Laws 3.7.5).
#[must_use]
pub fn promotion_moves(board: &Board) -> Vec<Move> {
    let mut ignored = Vec::new();
    let mut out = Vec::new();
    View::of(board).push_simple(&mut ignored, Some(&mut out));
    out
}

/// VDM `double_push_moves`: a pawn on its start rank advances two squares, both empty (FIDE
/// Laws 3.7.2).
#[must_use]
pub fn double_push_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    View::of(board).push_double_pushes(&mut out);
    out
}

/// VDM `en_passant_moves`: pawns that capture the pawn that just double-pushed, on the square
/// it passed over (FIDE Laws 3.7.3.1).
#[must_use]
pub fn en_passant_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    View::of(board).push_en_passant(en_passant_target(board), &mut out);
    out
}

/// VDM `castling_moves`: the king castles with each rook that still has its right, when the
/// path is empty and not attacked (FIDE Laws 3.8.2; Chess960 rules: king to the g- or c-file,
/// rook to the f- or d-file, either possibly already there). Written king-takes-rook.
#[must_use]
pub fn castling_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    View::of(board).push_castling(&castling_rights(board), &mut out);
    out
}

/// VDM `stateful_possible_moves`: the moves that need more than the piece geometry: castling,
/// en passant, the double push and promotions.
#[must_use]
pub fn stateful_possible_moves(board: &Board) -> Vec<Move> {
    let mut out = castling_moves(board);
    out.extend(en_passant_moves(board));
    out.extend(double_push_moves(board));
    out.extend(promotion_moves(board));
    out
}

/// VDM `stateful_impossible_moves`: the simple and stateful moves that would leave the mover's
/// own king attacked (FIDE Laws 3.9.2).
#[must_use]
pub fn stateful_impossible_moves(board: &Board) -> Vec<Move> {
    let view = View::of(board);
    let king = view.squares.king(view.turn);
    let mut moves = view.pseudo_legal(board);
    moves.retain(|m| view.leaves_king_attacked(king, m));
    moves
}

/// VDM `possible_moves`: the legal moves,
/// `(simple_possible_moves ∪ stateful_possible_moves) \ stateful_impossible_moves`,
/// computed in one pass over one local view.
///
/// One shortcut, which does not change the set: when the king is not in check and another
/// piece moves (not en passant), the only attack the move can open on the king is along the
/// line from the king through the square the piece leaves, so only that line is looked at.
/// Every other move is played on the array and [`attacked_by`](super::attacked_by) asked about the king's
/// square. [`stateful_impossible_moves`] makes the full test on every move, and the property
/// tests check that both agree.
///
/// ```
/// use vdmchess::model::board::{default_board, possible_moves};
/// assert_eq!(possible_moves(&default_board()).len(), 20);
/// ```
#[must_use]
pub fn possible_moves(board: &Board) -> Vec<Move> {
    possible_moves_and_squares(board).0
}

/// [`possible_moves`] together with the array view it was computed on (for callers that
/// need both, like the port's move conversion).
#[must_use]
pub fn possible_moves_and_squares(board: &Board) -> (Vec<Move>, Squares) {
    let view = View::of(board);
    let king = view.squares.king(view.turn);
    let in_check = king.is_some_and(|k| view.squares.attacked_by(opposite_colour(view.turn), k));
    let mut moves = view.pseudo_legal(board);
    moves.retain(|m| match king {
        Some(k)
            if !in_check
                && m.from_.piece_type != PieceType::King
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
    let (dx, dy) = (b.x() - a.x(), b.y() - a.y());
    let on_a_line = (dx == 0) != (dy == 0) || (dx != 0 && dx.abs() == dy.abs());
    on_a_line.then(|| Direction {
        dx: dx.signum() as i8,
        dy: dy.signum() as i8,
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
    m.from_.piece_type == PieceType::Pawn
        && m.from_.coord.x() != m.to_.coord.x()
        && squares.get(m.to_.coord).is_none()
}

/// VDM `pre_move`: `m` is one of the [`possible_moves`]. Computed as "`m` is one of the simple
/// or stateful possible moves *of its piece* and not a stateful impossible one": the same set
/// membership, without generating and testing the moves of the other pieces.
#[must_use]
pub fn pre_move(board: &Board, m: &Move) -> bool {
    pre_move_on(board, Squares::of(&board.state), m)
}

/// [`pre_move`] given the array view of the board's state.
pub(crate) fn pre_move_on(board: &Board, squares: Squares, m: &Move) -> bool {
    let view = View {
        only: Some(m.from_),
        ..View::from_squares(squares, turn(board))
    };
    m.from_.colour == view.turn
        && view.pseudo_legal(board).contains(m)
        && !view.leaves_king_attacked(view.squares.king(view.turn), m)
}

/// Whether an en-passant capture is legal now (the condition under which FEN names the
/// en-passant square, and part of a position's identity for repetitions).
#[must_use]
pub fn has_legal_en_passant(board: &Board) -> bool {
    legal_en_passant_on(
        Squares::of(&board.state),
        turn(board),
        en_passant_target(board),
    )
}

/// [`has_legal_en_passant`] on an array view, for replays that do not build boards.
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
