//! The fast forms: functions of `BoardModule` and `GameModule` computed on an 8×8 array view of
//! the board state, each named for what it is and proven equal to its twin by
//! `tests/model_twins.rs` on random boards.
//!
//! The twins answer "what stands on e4?" by searching a persistent set and build every answer
//! as a set; legality plays each candidate on a set and asks `attacked_by` about the king,
//! which asks `type_based_moves` of every opposing piece. Perft, the replay runner and the
//! contracts checked on every move need the same answers a few hundred times faster, so they
//! use these functions, which build the array once per call from the set ([`Squares::of`]),
//! throw it away when they return (a derived local value: never stored in a board, never a
//! cache), and look at squares instead of building sets:
//!
//! | fast form | twin | how it is faster |
//! |---|---|---|
//! | [`attacked_by_on_array`] | `board::attacked_by` | looks back from the square along the rays, the knight's and pawn's steps |
//! | [`in_check_on_array`] | `board::in_check` | the same, from the king's square |
//! | [`possible_moves_on_array`] | `board::possible_moves` | one pass over the array; the pin-line shortcut decides most moves without playing them |
//! | [`pre_move_on_array`] | `board::pre_move` | generates the moves of the moving piece only |
//! | [`post_move_on_array`] | `board::post_move` | compares arrays, the move played on the array, instead of sets |
//! | [`has_legal_en_passant_on_array`] | `board::has_legal_en_passant` | tests the en-passant captures only |
//! | [`halfmove_clock_on_array`] | `board::halfmove_clock` | one replay of the history instead of one per move |
//! | [`repetition_count_on_array`] | `game::repetition_count` | one replay of the history instead of one per position |
//! | [`is_checkmate_on_array`], [`is_stalemate_on_array`], [`claimable_draws_on_array`], [`automatic_draw_on_array`], [`winner_on_array`] | `game::isCheckmate`, `isStalemate`, `claimable_draws`, `automatic_draw`, `winner` | the same definitions over the fast forms above |
//! | [`inv_board_state_in_order`] | `board::inv_board_state` | one pass over the ordered set, not every pair |

use crate::model::board::{BoardState, Move};
use crate::model::piece::{
    coordinate_offset, mk_coordinate, opposite_colour, Colour, Coordinate, Direction, Piece,
    PieceType,
};

mod history;
mod moves;

pub use crate::model::board::inv_board_state_in_order;
pub use history::{
    automatic_draw_on_array, claimable_draws_on_array, halfmove_clock_on_array,
    is_checkmate_on_array, is_stalemate_on_array, repetition_count_on_array, winner_on_array,
};
pub use moves::{
    has_legal_en_passant_on_array, possible_moves_on_array, post_move_on_array, pre_move_on_array,
};
pub(crate) use moves::{
    legal_en_passant_on, possible_moves_and_squares, post_move_on, pre_move_on,
};

/// A step `(dx, dy)`.
const fn step(dx: i32, dy: i32) -> Direction {
    Direction { dx, dy }
}

/// The knight's leaps (FIDE Laws 3.6), as `piece::knight_directions` computes them.
const KNIGHT_STEPS: [Direction; 8] = [
    step(1, 2),
    step(2, 1),
    step(2, -1),
    step(1, -2),
    step(-1, -2),
    step(-2, -1),
    step(-2, 1),
    step(-1, 2),
];

/// The rook's lines (FIDE Laws 3.3), as `piece::rook_directions` computes them.
const ROOK_LINES: [Direction; 4] = [step(0, 1), step(1, 0), step(0, -1), step(-1, 0)];

/// The bishop's lines (FIDE Laws 3.2), as `piece::bishop_directions` computes them.
const BISHOP_LINES: [Direction; 4] = [step(1, 1), step(1, -1), step(-1, -1), step(-1, 1)];

/// The king's steps and the queen's lines (FIDE Laws 3.4, 3.8.1): rook and bishop lines.
const QUEEN_LINES: [Direction; 8] = [
    ROOK_LINES[0],
    ROOK_LINES[1],
    ROOK_LINES[2],
    ROOK_LINES[3],
    BISHOP_LINES[0],
    BISHOP_LINES[1],
    BISHOP_LINES[2],
    BISHOP_LINES[3],
];

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

    /// The coordinate of the king of `colour` (the first, if a malformed state had two).
    #[must_use]
    pub fn king(&self, colour: Colour) -> Option<Coordinate> {
        self.pieces()
            .find(|p| p.piece_type == PieceType::King && p.colour == colour)
            .map(|p| p.coord)
    }

    /// The occupied squares of each colour, as bit masks.
    #[must_use]
    pub fn occupancy(&self) -> Occupancy {
        let mut occupancy = Occupancy::default();
        for p in self.pieces() {
            let bit = 1u64 << p.coord.index();
            match p.colour {
                Colour::White => occupancy.white |= bit,
                Colour::Black => occupancy.black |= bit,
            }
        }
        occupancy
    }

    /// Plays `m` on the array: what `board::move_effect` says, on squares. King takes own rook
    /// is castling; a pawn moving diagonally onto an empty square captures en passant.
    pub fn apply(&mut self, m: &Move) {
        let (from, to) = (m.from_(), m.to_());
        let target = self.get(to.coord);
        self.0[from.coord.index()] = None;
        let own_rook =
            target.filter(|t| t.colour == from.colour && t.piece_type == PieceType::Rook);
        if let (PieceType::King, Some(rook)) = (from.piece_type, own_rook) {
            let (king_to, rook_to) =
                crate::model::board::castling_destinations(from.coord, rook.coord);
            self.0[rook.coord.index()] = None;
            self.0[king_to.index()] = Some(from.at(king_to));
            self.0[rook_to.index()] = Some(rook.at(rook_to));
            return;
        }
        if from.piece_type == PieceType::Pawn && from.coord.x() != to.coord.x() && target.is_none()
        {
            self.0[mk_coordinate(to.coord.x(), from.coord.y()).index()] = None;
        }
        self.0[to.coord.index()] = Some(to);
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
}

/// The occupied squares of each colour as 64-bit masks (bit `i` is the coordinate with
/// [`Coordinate::index`] `i`): the array form of `board::obstacles`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Occupancy {
    white: u64,
    black: u64,
}

impl Occupancy {
    /// Whether a piece of `colour` stands on `c`.
    #[must_use]
    #[inline]
    pub const fn holds(&self, c: Coordinate, colour: Colour) -> bool {
        let bit = 1u64 << c.index();
        match colour {
            Colour::White => self.white & bit != 0,
            Colour::Black => self.black & bit != 0,
        }
    }

    /// Whether some piece stands on `c`.
    #[must_use]
    #[inline]
    pub const fn is_occupied(&self, c: Coordinate) -> bool {
        (self.white | self.black) & (1u64 << c.index()) != 0
    }
}

/// The fast form of `board::attacked_by`: whether a piece of `colour` attacks `target`,
/// found by looking back from `target`: for a pawn of `colour` one step diagonally behind it,
/// a knight or king one leap or step away, a rook, bishop or queen as the first piece along a
/// line (FIDE Laws 3.1-3.8: pieces attack by geometry alone, so a pawn attacks an empty square
/// and a pinned piece still attacks).
///
/// ```
/// use vdmchess::model::array::{attacked_by_on_array, Squares};
/// use vdmchess::model::board::default_board;
/// use vdmchess::model::piece::{Colour, Coordinate};
/// let squares = Squares::of(default_board().state());
/// assert!(attacked_by_on_array(&squares, Colour::White, Coordinate::new(4, 3).unwrap()));
/// ```
#[must_use]
pub fn attacked_by_on_array(squares: &Squares, colour: Colour, target: Coordinate) -> bool {
    let holds = |c: Option<Coordinate>, piece_type: PieceType| match c {
        Some(coord) => squares.get(coord) == Some(Piece::new(piece_type, coord, colour)),
        None => false,
    };
    let behind = -crate::model::piece::pawn_direction(colour).dy;
    if [-1, 1]
        .into_iter()
        .any(|dx| holds(coordinate_offset(target, step(dx, behind)), PieceType::Pawn))
    {
        return true;
    }
    if KNIGHT_STEPS
        .into_iter()
        .any(|d| holds(coordinate_offset(target, d), PieceType::Knight))
    {
        return true;
    }
    if QUEEN_LINES
        .into_iter()
        .any(|d| holds(coordinate_offset(target, d), PieceType::King))
    {
        return true;
    }
    let slider = |d: Direction, piece_type: PieceType| {
        matches!(squares.first_piece_on_ray(target, d),
            Some(p) if p.colour == colour
                && (p.piece_type == piece_type || p.piece_type == PieceType::Queen))
    };
    ROOK_LINES.into_iter().any(|d| slider(d, PieceType::Rook))
        || BISHOP_LINES
            .into_iter()
            .any(|d| slider(d, PieceType::Bishop))
}

/// The fast form of `board::in_check`: the king of `colour` (the only one) stands attacked.
#[must_use]
pub fn in_check_on_array(squares: &Squares, colour: Colour) -> bool {
    let mut kings = squares
        .pieces()
        .filter(|p| p.piece_type == PieceType::King && p.colour == colour);
    match (kings.next(), kings.next()) {
        (Some(k), None) => attacked_by_on_array(squares, opposite_colour(colour), k.coord),
        _ => false,
    }
}

/// Appends the targets of `piece`'s type-based moves on `occupancy` (what
/// `piece::type_based_moves` gives, on masks and the constant direction tables).
pub(crate) fn push_targets(piece: Piece, occupancy: &Occupancy, out: &mut Vec<Piece>) {
    let enemy = opposite_colour(piece.colour);
    let leap = |d: Direction| {
        coordinate_offset(piece.coord, d).filter(|&to| !occupancy.holds(to, piece.colour))
    };
    let ray = |d: Direction, out: &mut Vec<Piece>| {
        let mut at = piece.coord;
        while let Some(to) = coordinate_offset(at, d) {
            if occupancy.is_occupied(to) {
                if occupancy.holds(to, enemy) {
                    out.push(piece.at(to));
                }
                return;
            }
            out.push(piece.at(to));
            at = to;
        }
    };
    match piece.piece_type {
        PieceType::Pawn => {
            let forward = crate::model::piece::pawn_direction(piece.colour).dy;
            if let Some(to) = coordinate_offset(piece.coord, step(0, forward)) {
                if !occupancy.is_occupied(to) {
                    out.push(piece.at(to));
                }
            }
            for dx in [-1, 1] {
                if let Some(to) = coordinate_offset(piece.coord, step(dx, forward)) {
                    if occupancy.holds(to, enemy) {
                        out.push(piece.at(to));
                    }
                }
            }
        }
        PieceType::Knight => out.extend(
            KNIGHT_STEPS
                .into_iter()
                .filter_map(leap)
                .map(|c| piece.at(c)),
        ),
        PieceType::King => out.extend(
            QUEEN_LINES
                .into_iter()
                .filter_map(leap)
                .map(|c| piece.at(c)),
        ),
        PieceType::Bishop => BISHOP_LINES.into_iter().for_each(|d| ray(d, out)),
        PieceType::Rook => ROOK_LINES.into_iter().for_each(|d| ray(d, out)),
        PieceType::Queen => QUEEN_LINES.into_iter().for_each(|d| ray(d, out)),
    }
}
