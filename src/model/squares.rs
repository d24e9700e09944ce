//! `Squares`: a board state seen as an 8×8 array, the local view move generation works on.
//!
//! The specification's board state is a *set* of pieces ([`BoardState`]). Asking "what stands
//! on e4?" of a set is an ordered lookup; move generation asks it hundreds of times per
//! position. So the functions of `BoardModule` build this array once per call from the set and
//! answer from it. It is a *derived local value*, never stored in a board and never a cache: it
//! is thrown away when the call returns. [`move_effect`] is the one definition of what a move
//! does, shared by [`crate::model::board::apply_move`] (on the set) and [`Squares::apply`] (on
//! the array), so the two cannot disagree.

use crate::model::board::{BoardState, Move};
use crate::model::piece::{
    bishop_directions, coordinate_offset, king_directions, knight_directions, opposite_colour,
    pawn_capture_directions, rook_directions, Colour, Coordinate, Direction, ObstacleSet, Piece,
    PieceType,
};

/// The piece on each of the 64 coordinates, indexed by [`Coordinate::index`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Squares([Option<Piece>; 64]);

impl Squares {
    /// The array view of `state`.
    #[must_use]
    pub fn of(state: &BoardState) -> Squares {
        let mut squares = [None; 64];
        for p in state.pieces() {
            squares[p.coord.index()] = Some(*p);
        }
        Squares(squares)
    }

    /// The piece on `c`, if any.
    #[must_use]
    #[inline]
    pub fn get(&self, c: Coordinate) -> Option<Piece> {
        self.0[c.index()]
    }

    /// Every piece, in coordinate index order.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.0.iter().flatten().copied()
    }

    /// The obstacles the pieces form (VDM `obstacles`).
    #[must_use]
    pub fn obstacles(&self) -> ObstacleSet {
        self.pieces().map(Piece::obstacle).collect()
    }

    /// The coordinate of the king of `colour` (the first, if a malformed state had two).
    #[must_use]
    pub fn king(&self, colour: Colour) -> Option<Coordinate> {
        self.pieces()
            .find(|p| p.piece_type == PieceType::King && p.colour == colour)
            .map(|p| p.coord)
    }

    /// Plays the effect of `m` on the array ([`move_effect`]).
    pub fn apply(&mut self, m: &Move) {
        let effect = move_effect(m, |c| self.get(c));
        for p in effect.leave.into_iter().flatten() {
            self.0[p.coord.index()] = None;
        }
        for p in effect.arrive.into_iter().flatten() {
            self.0[p.coord.index()] = Some(p);
        }
    }

    /// Whether a piece of `colour` attacks `target` (VDM `attacked_by`, FIDE Laws 3.1.3):
    /// pieces attack by their geometry alone, so a pawn attacks the empty squares diagonally
    /// in front of it, a pinned piece still attacks, and a slider's ray stops at the first
    /// piece of either colour.
    #[must_use]
    pub fn attacked_by(&self, colour: Colour, target: Coordinate) -> bool {
        let holds = |c: Option<Coordinate>, piece_type: PieceType| match c {
            Some(coord) => self.get(coord) == Some(Piece::new(piece_type, coord, colour)),
            None => false,
        };
        // A pawn of `colour` attacks `target` from one step behind it, diagonally.
        for d in pawn_capture_directions(colour) {
            if holds(coordinate_offset(target, reversed(d)), PieceType::Pawn) {
                return true;
            }
        }
        for d in knight_directions() {
            if holds(coordinate_offset(target, d), PieceType::Knight) {
                return true;
            }
        }
        for d in king_directions() {
            if holds(coordinate_offset(target, d), PieceType::King) {
                return true;
            }
        }
        // Sliders attack along their rays up to the first piece; the queen along both kinds.
        let slider = |d: Direction, piece_type: PieceType| {
            matches!(self.first_piece_on_ray(target, d),
                Some(p) if p.colour == colour
                    && (p.piece_type == piece_type || p.piece_type == PieceType::Queen))
        };
        rook_directions()
            .into_iter()
            .any(|d| slider(d, PieceType::Rook))
            || bishop_directions()
                .into_iter()
                .any(|d| slider(d, PieceType::Bishop))
    }

    /// The first piece on the ray from `from` (exclusive) in direction `d`.
    fn first_piece_on_ray(&self, from: Coordinate, d: Direction) -> Option<Piece> {
        let mut at = from;
        while let Some(next) = coordinate_offset(at, d) {
            if let Some(p) = self.get(next) {
                return Some(p);
            }
            at = next;
        }
        None
    }

    /// Whether the king of `colour` stands attacked by the other colour (VDM `in_check`).
    #[must_use]
    pub fn in_check(&self, colour: Colour) -> bool {
        self.king(colour)
            .is_some_and(|k| self.attacked_by(opposite_colour(colour), k))
    }
}

/// The opposite direction.
const fn reversed(d: Direction) -> Direction {
    Direction {
        dx: -d.dx,
        dy: -d.dy,
    }
}

/// What a move does to a board: the pieces that leave it and the pieces that arrive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveEffect {
    /// The pieces removed (the mover, and what it captures or castles with).
    pub leave: [Option<Piece>; 2],
    /// The pieces put on the board afterwards.
    pub arrive: [Option<Piece>; 2],
}

/// Where king and rook end when the king on `king` castles with the rook on `rook`: the g- and
/// f-files towards the h-side, the c- and d-files towards the a-side (FIDE Laws 3.8.2.1;
/// Chess960 the same, from any start).
#[must_use]
pub fn castling_destinations(king: Coordinate, rook: Coordinate) -> (Coordinate, Coordinate) {
    let (king_x, rook_x) = if rook.x() > king.x() { (7, 6) } else { (3, 4) };
    let rank = king.y();
    (
        Coordinate::from_index(((rank - 1) * 8 + king_x - 1) as usize),
        Coordinate::from_index(((rank - 1) * 8 + rook_x - 1) as usize),
    )
}

/// The effect of `m` on a board whose contents `piece_at` reports:
/// - castling (the king's `to_` on a rook of its own colour): king and rook leave, and arrive
///   on their [`castling_destinations`];
/// - en passant (a pawn moving diagonally onto an empty square): the pawn passed by leaves
///   too (FIDE Laws 3.7.3.1);
/// - otherwise `from_` and whatever stands on `to_`'s coordinate leave, and `to_` arrives
///   (a promotion is a `to_` of another type).
#[must_use]
pub fn move_effect(m: &Move, piece_at: impl Fn(Coordinate) -> Option<Piece>) -> MoveEffect {
    let (from, to) = (m.from_(), m.to_());
    let target = piece_at(to.coord);
    let own_rook = target.filter(|t| t.colour == from.colour && t.piece_type == PieceType::Rook);
    if let (PieceType::King, Some(rook)) = (from.piece_type, own_rook) {
        let (king_to, rook_to) = castling_destinations(from.coord, rook.coord);
        return MoveEffect {
            leave: [Some(from), Some(rook)],
            arrive: [Some(from.at(king_to)), Some(rook.at(rook_to))],
        };
    }
    if from.piece_type == PieceType::Pawn && from.coord.x() != to.coord.x() && target.is_none() {
        let passed = Coordinate::from_index(((from.coord.y() - 1) * 8 + to.coord.x() - 1) as usize);
        return MoveEffect {
            leave: [Some(from), piece_at(passed)],
            arrive: [Some(to), None],
        };
    }
    MoveEffect {
        leave: [Some(from), target],
        arrive: [Some(to), None],
    }
}
