//! `BoardModule`: board states, moves, history, and which moves are possible.
//!
//! This module mirrors `spec/BoardModule.vdmpp`. A [`Board`] is its starting position
//! ([`Start`]), the [`History`] of moves played since, and the [`BoardState`] they lead to.
//! Everything else a position has (whose turn it is, the castling rights, the en-passant
//! target, the clocks) is a *function of the start and the history*, never a stored flag.
//!
//! The moves of a position are defined as in the VDM model:
//! `possible_moves = (simple_possible_moves ∪ stateful_possible_moves) \ stateful_impossible_moves`.
//! VDM's `set of Move` is a `Vec<Move>` without duplicates here (order carries no meaning).
//!
//! Keyword renames: VDM `move` is [`move_`], the record field `type` is `piece_type`.
//!
//! The module is in three files: this one (the board, what derives from its history, and
//! `move`), `board/values.rs` (board states, moves and starts, with their invariants) and
//! `board/generation.rs` (which moves are possible); everything is used from here.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::model::piece::{opposite_colour, Colour, Coordinate, ObstacleSet, Piece, PieceType};
use crate::model::squares::{move_effect, Squares};
use crate::setup::{CastlingMode, Setup};
use crate::types::{Piece as SharedPiece, Square};

mod generation;
mod values;

pub use generation::{
    castling_moves, double_push_moves, en_passant_moves, has_legal_en_passant, possible_moves,
    possible_moves_and_squares, pre_move, promotion_moves, simple_possible_moves,
    stateful_impossible_moves, stateful_possible_moves,
};
pub(crate) use generation::{legal_en_passant_on, pre_move_on};
pub use values::{
    inv_board_state, inv_move, inv_start, BoardState, BoardStateError, InvalidMove, Move, Start,
};

/// The one persistent set type of the model: swap the implementation here.
pub type PieceSet = im::OrdSet<Piece>;

/// VDM `History = seq of Move`: the moves played since the start, oldest first.
/// A persistent vector: cloning is O(1), appending O(1) amortised.
pub type History = im::Vector<Move>;

// ---------------------------------------------------------------------------------------------
// Board

/// VDM `Board :: start_ history state inv inv_Board` (`start` is a VDM++ keyword): a start, the moves since, and the state
/// they lead to. Built by [`Board::new`], [`Board::from_start`], [`default_board`] and
/// [`move_`], which keep [`inv_board`]; [`move_unchecked`] trusts its caller. Cloning is cheap
/// (shared start, persistent history and state).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawBoard", into = "RawBoard")]
pub struct Board {
    start: Arc<Start>,
    history: History,
    state: BoardState,
}

/// The serialised form of a [`Board`]: the state is derived, so it is not written.
#[derive(Serialize, Deserialize)]
struct RawBoard {
    start: Start,
    history: Vec<Move>,
}

impl From<Board> for RawBoard {
    fn from(b: Board) -> RawBoard {
        RawBoard {
            start: (*b.start).clone(),
            history: b.history.iter().copied().collect(),
        }
    }
}

impl TryFrom<RawBoard> for Board {
    type Error = BoardError;
    fn try_from(raw: RawBoard) -> Result<Board, BoardError> {
        Board::new(raw.start, raw.history.into_iter().collect())
    }
}

/// A history that contains a move that is not possible where it is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    /// The index of the offending move in the history (0 = first).
    pub ply: usize,
    /// The move and the position it was refused in.
    pub illegal: IllegalMove,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid history at ply {}: {}",
            self.ply + 1,
            self.illegal
        )
    }
}

impl std::error::Error for BoardError {}

/// A move refused by [`pre_move`]: it is not among the [`possible_moves`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// The refused move.
    pub m: Move,
    /// The position, as FEN.
    pub fen: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {} in {}", self.m, self.fen)
    }
}

impl std::error::Error for IllegalMove {}

impl Board {
    /// The board reached from `start` by playing `history`, every move checked by [`pre_move`].
    ///
    /// # Errors
    ///
    /// [`BoardError`] naming the first move that is not possible where it is played.
    pub fn new(start: Start, history: History) -> Result<Board, BoardError> {
        let mut board = Board::from_start(start);
        for (ply, m) in history.iter().enumerate() {
            board = move_(&board, *m).map_err(|illegal| BoardError { ply, illegal })?;
        }
        Ok(board)
    }

    /// The board at `start`, with an empty history.
    #[must_use]
    pub fn from_start(start: Start) -> Board {
        Board {
            state: start.state.clone(),
            start: Arc::new(start),
            history: History::new(),
        }
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The moves played since the start.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The pieces on the board now.
    #[must_use]
    pub fn state(&self) -> &BoardState {
        &self.state
    }
}

/// VDM `replay`: the state reached from `state` by applying every move of `history` in turn
/// (no legality check: see [`inv_board`]).
#[must_use]
pub fn replay(state: &BoardState, history: &History) -> BoardState {
    history
        .iter()
        .fold(state.clone(), |state, m| apply_move(&state, m))
}

/// VDM `inv_board`: the start is legal, every move of the history was possible where it was
/// played, and the state is the start replayed through the history. Costs a replay.
#[must_use]
pub fn inv_board(board: &Board) -> bool {
    if !inv_start(&board.start) {
        return false;
    }
    let mut so_far = Board::from_start((*board.start).clone());
    for m in board.history.iter() {
        if !pre_move(&so_far, m) {
            return false;
        }
        so_far = move_unchecked(&so_far, *m);
    }
    board.state == replay(&board.start.state, &board.history)
}

/// VDM `default_board`: the standard start position (FIDE Laws 2.3) with no history.
///
/// ```
/// use vdmchess::model::board::{default_board, possible_moves};
/// assert_eq!(possible_moves(&default_board()).len(), 20);
/// ```
#[must_use]
pub fn default_board() -> Board {
    let start = Start::from_setup(&Setup::start(), CastlingMode::Standard);
    Board::from_start(start.unwrap_or_else(|_| unreachable!("the standard start is legal")))
}

// ---------------------------------------------------------------------------------------------
// Questions about a state

/// VDM `piece_at`: the piece on `coord`, if any (one ordered lookup: pieces sort by coordinate).
#[must_use]
pub fn piece_at(state: &BoardState, coord: Coordinate) -> Option<Piece> {
    lookup(&state.0, coord)
}

fn lookup(pieces: &PieceSet, coord: Coordinate) -> Option<Piece> {
    let lowest = Piece::new(PieceType::Pawn, coord, Colour::White);
    let highest = Piece::new(PieceType::King, coord, Colour::Black);
    pieces.range(lowest..=highest).next().copied()
}

/// VDM `obstacles`: every piece as an obstacle.
#[must_use]
pub fn obstacles(state: &BoardState) -> ObstacleSet {
    state.pieces().iter().map(|p| p.obstacle()).collect()
}

/// VDM `attacked_by`: whether a piece of `colour` attacks `coord` by its geometry alone (FIDE
/// Laws 3.1.3): pawns attack diagonally forward, empty squares included; pinned pieces still
/// attack; sliders stop at the first piece. Defined on its own, not from the moves of `colour`.
///
/// ```
/// use vdmchess::model::board::{attacked_by, default_board};
/// use vdmchess::model::piece::{Colour, Coordinate};
/// let state = default_board().state().clone();
/// assert!(attacked_by(&state, Colour::White, Coordinate::new(4, 3).unwrap())); // d3
/// assert!(!attacked_by(&state, Colour::White, Coordinate::new(4, 4).unwrap())); // d4
/// ```
#[must_use]
pub fn attacked_by(state: &BoardState, colour: Colour, coord: Coordinate) -> bool {
    Squares::of(state).attacked_by(colour, coord)
}

/// VDM `king_coordinate`: where the king of `colour` stands.
#[must_use]
pub fn king_coordinate(state: &BoardState, colour: Colour) -> Option<Coordinate> {
    state
        .pieces()
        .iter()
        .find(|p| p.piece_type == PieceType::King && p.colour == colour)
        .map(|p| p.coord)
}

/// VDM `in_check`: the king of `colour` is attacked by the other colour (FIDE Laws 3.9.1).
#[must_use]
pub fn in_check(state: &BoardState, colour: Colour) -> bool {
    king_coordinate(state, colour).is_some_and(|k| attacked_by(state, opposite_colour(colour), k))
}

// ---------------------------------------------------------------------------------------------
// What derives from the start and the history

/// VDM `turn`: the side to move, alternating from the start's (FIDE Laws 1.2).
#[must_use]
pub fn turn(board: &Board) -> Colour {
    if board.history.len() % 2 == 0 {
        board.start.turn
    } else {
        opposite_colour(board.start.turn)
    }
}

/// The colour whose castling right a rook coordinate is: White on the 1st rank.
fn right_colour(rook: Coordinate) -> Colour {
    if rook.y() == 1 {
        Colour::White
    } else {
        Colour::Black
    }
}

/// Whether `m` ends the castling right of the rook on `rook` (FIDE Laws 3.8.2.1 (a)): its
/// king moved (castling included), or something moved from or onto the rook's coordinate
/// (the rook moved, or was captured there).
pub(crate) fn ends_right(m: &Move, rook: Coordinate) -> bool {
    let king_moved = m.from_.piece_type == PieceType::King && m.from_.colour == right_colour(rook);
    king_moved || m.from_.coord == rook || m.to_.coord == rook
}

/// VDM `castling_rights`: the coordinates of the rooks that may still castle: those of the
/// start that no move of the history ended (see FIDE Laws 3.8.2.1).
#[must_use]
pub fn castling_rights(board: &Board) -> Vec<Coordinate> {
    let mut rights = board.start.castling.clone();
    for m in board.history.iter() {
        if rights.is_empty() {
            break;
        }
        rights.retain(|&rook| !ends_right(m, rook));
    }
    rights
}

/// The square a pawn's double push `m` passed over, if `m` is one (FIDE Laws 3.7.2).
pub(crate) fn passed_square(m: &Move) -> Option<Coordinate> {
    let (from, to) = (m.from_.coord, m.to_.coord);
    if m.from_.piece_type == PieceType::Pawn && (to.y() - from.y()).abs() == 2 {
        Coordinate::new(from.x(), (from.y() + to.y()) / 2).ok()
    } else {
        None
    }
}

/// VDM `en_passant_target`: the square the last move, a double pawn push, passed over (FIDE
/// Laws 3.7.3.1); before any move, the start's.
#[must_use]
pub fn en_passant_target(board: &Board) -> Option<Coordinate> {
    match board.history.last() {
        Some(m) => passed_square(m),
        None => board.start.en_passant,
    }
}

/// Whether `m`, played on `squares`, moves a pawn or captures (FIDE Laws 9.3).
pub(crate) fn resets_clock(squares: &Squares, m: &Move) -> bool {
    let captures = squares
        .get(m.to_.coord)
        .is_some_and(|p| p.colour != m.from_.colour);
    m.from_.piece_type == PieceType::Pawn || captures
}

/// VDM `halfmove_clock`: half-moves since the last capture or pawn move (FIDE Laws 9.3),
/// counting on from the start's clock. Replays the history on an array: O(history).
#[must_use]
pub fn halfmove_clock(board: &Board) -> u32 {
    let mut squares = Squares::of(&board.start.state);
    let mut clock = board.start.halfmove_clock;
    for m in board.history.iter() {
        clock = if resets_clock(&squares, m) {
            0
        } else {
            clock + 1
        };
        squares.apply(m);
    }
    clock
}

/// VDM `fullmove_number`: starts at the start's number and grows after each Black move.
#[must_use]
pub fn fullmove_number(board: &Board) -> u32 {
    let black_first = u32::from(board.start.turn == Colour::Black);
    board.start.fullmove_number + (board.history.len() as u32 + black_first) / 2
}

/// VDM `apply_move`: the state after `m` (see [`move_effect`]). Total: any move of a valid
/// state gives a valid state (an arriving piece replaces whatever stood on its coordinate).
#[must_use]
pub fn apply_move(state: &BoardState, m: &Move) -> BoardState {
    let effect = move_effect(m, |c| piece_at(state, c));
    let mut pieces = state.0.clone();
    for p in effect.leave.into_iter().flatten() {
        pieces.remove(&p);
    }
    for p in effect.arrive.into_iter().flatten() {
        if let Some(there) = lookup(&pieces, p.coord) {
            pieces.remove(&there);
        }
        pieces.insert(p);
    }
    let result = BoardState(pieces);
    debug_assert!(inv_board_state(&result.0));
    result
}

/// VDM `post_move`: the result has the same start, a history one longer ending in `m`, and the
/// state [`apply_move`] gives, which differs from the old one.
#[must_use]
pub fn post_move(board: &Board, m: &Move, result: &Board) -> bool {
    result.start == board.start
        && result.history.len() == board.history.len() + 1
        && result.history.last() == Some(m)
        && result.state != board.state
        && result.state == apply_move(&board.state, m)
}

/// VDM `move`: plays `m` on `board`, checking [`pre_move`] and asserting [`post_move`].
///
/// # Errors
///
/// [`IllegalMove`] when `m` is not one of the [`possible_moves`].
///
/// ```
/// use vdmchess::model::board::{default_board, move_, possible_moves, turn};
/// use vdmchess::model::piece::Colour;
/// let board = default_board();
/// let after = move_(&board, possible_moves(&board)[0]).unwrap();
/// assert_eq!(turn(&after), Colour::Black);
/// ```
pub fn move_(board: &Board, m: Move) -> Result<Board, IllegalMove> {
    if !pre_move(board, &m) {
        return Err(IllegalMove {
            m,
            fen: to_setup(board).to_fen(),
        });
    }
    let result = move_unchecked(board, m);
    debug_assert!(post_move(board, &m, &result));
    Ok(result)
}

/// [`move_`] without the precondition check: the fast path for callers that took `m` from
/// [`possible_moves`] (perft, replay). A move that is not possible gives a board that breaks
/// [`inv_board`]; it never panics.
#[must_use]
pub fn move_unchecked(board: &Board, m: Move) -> Board {
    let mut history = board.history.clone();
    history.push_back(m);
    Board {
        start: Arc::clone(&board.start),
        history,
        state: apply_move(&board.state, &m),
    }
}

/// Counts the leaves of the tree of possible moves `depth` plies deep, the last ply in bulk
/// (not a VDM function: the standard test of a move generator).
///
/// ```
/// use vdmchess::model::board::{default_board, perft};
/// assert_eq!(perft(&default_board(), 2), 400);
/// ```
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = possible_moves(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| perft(&move_unchecked(board, m), depth - 1))
        .sum()
}

/// The position now as a [`Setup`]: the state, the derived turn, castling rights and clocks,
/// and the en-passant square only when an en-passant capture is legal.
#[must_use]
pub fn to_setup(board: &Board) -> Setup {
    let mut setup = Setup::empty();
    for p in board.state.pieces() {
        setup.board[p.coord.index()] = Some(SharedPiece {
            color: p.colour.into(),
            role: p.piece_type.into(),
        });
    }
    setup.turn = turn(board).into();
    setup.castling_rights = castling_rights(board)
        .into_iter()
        .map(Square::from)
        .collect();
    setup.ep_square = en_passant_target(board)
        .filter(|_| has_legal_en_passant(board))
        .map(Square::from);
    setup.halfmoves = halfmove_clock(board);
    setup.fullmoves = fullmove_number(board);
    setup
}
