//! `BoardModule`: the board, its history, and the moves the rules allow on it.
//!
//! The twin of `spec/BoardModule.vdmpp`, function by function. A [`Board`] is its [`Start`]
//! (the position it began from), the [`History`] of moves since, and the resulting
//! [`BoardState`]. Everything a FEN carries besides the placement (the side to move, the
//! castling rights, the en-passant target, the clocks) is a *function* of the start and the
//! history, never a stored flag.
//!
//! The module is in the spec's sections: `board/values.rs` (moves, board states, starts and
//! move effects with their invariants, and the clauses of a legal start), `board/state.rs`
//! (reading the state, and what a move does), `board/history.rs` (what derives from the
//! history), `board/moves.rs` (the possible moves), and this file (boards: `from_start`,
//! `move`, `default_board`, `inv_Board`); everything is used from here.
//!
//! Keyword renames: VDM `move` is [`move_`], the field `start_` is [`Board::start`], the field
//! `type` is `piece_type`.

use std::sync::Arc;

use crate::model::array::{
    halfmove_clock_on_array, has_legal_en_passant_on_array, post_move_on, pre_move_on, Squares,
};
use crate::model::piece::{mk_coordinate, Colour, Piece, PieceType};
use crate::model::{ensure, Set};
use crate::setup::{CastlingMode, Setup};
use crate::types::{Piece as SharedPiece, Square};

mod boards;
mod history;
mod moves;
mod start;
mod state;
mod values;

pub(crate) use boards::{same_start, RawBoard};
pub use boards::{Board, BoardError, IllegalMove};
pub use history::{
    castling_rights, en_passant_target, ends_right, fullmove_number, halfmove_clock, passed_square,
    resets_clock, turn,
};
pub use moves::{
    castling_moves, double_push_moves, en_passant_moves, has_legal_en_passant, last_rank,
    may_castle, own_pieces, pawn_start_rank, possible_moves, promotion_moves,
    simple_possible_moves, stateful_impossible_moves, stateful_possible_moves,
};
pub use start::{castling_rights_are_valid, ep_square_is_valid, inv_start, right_colour, Start};
pub use state::{
    apply_move, attacked_by, attackers, castling_destinations, in_check, king_coordinate,
    move_effect, obstacles, piece_at, replay,
};
pub use values::{
    inv_board_state, inv_board_state_in_order, inv_move, BoardState, BoardStateError, History,
    InvalidMove, Move, MoveEffect,
};

impl TryFrom<RawBoard> for Board {
    type Error = BoardError;
    fn try_from(raw: RawBoard) -> Result<Board, BoardError> {
        Board::new(raw.start, raw.history.into_iter().collect())
    }
}

impl Board {
    /// VDM `mk_Board(start, history, replay(start.state, history))`: the board reached from
    /// `start` by playing `history`, every move by [`move_`] (so [`pre_move`] and
    /// [`post_move`] are checked at each, which establishes [`inv_board`] the way its
    /// recursion states it).
    ///
    /// # Errors
    ///
    /// [`BoardError`] naming the first move that is not possible where it is played.
    pub fn new(start: Start, history: History) -> Result<Board, BoardError> {
        let mut board = from_start(&start);
        for (ply, &m) in history.iter().enumerate() {
            board = move_(&board, m).map_err(|illegal| BoardError { ply, illegal })?;
        }
        Ok(board)
    }
}

/// VDM `inv_Board`: the state is the start's when nothing was played; otherwise the board
/// before the last move is a board (this invariant, recursively), the last move was possible
/// on it, and the state is what that move made of the state before. It takes the fields
/// `mk_Board` takes.
///
/// The literal twin: it computes [`possible_moves`] once per move of the history. The
/// constructors establish it move by move instead ([`Board::new`]).
#[must_use]
pub fn inv_board(start_: &Start, history: &History, state: &BoardState) -> bool {
    if history.is_empty() {
        *state == *start_.state()
    } else {
        let n = history.len();
        let earlier = history.take(n - 1);
        let before_state = replay(start_.state(), &earlier);
        let last = history[n - 1];
        inv_board(start_, &earlier, &before_state) && {
            let before = Board {
                start: Arc::new(start_.clone()),
                history: earlier,
                state: before_state,
            };
            possible_moves(&before).contains(&last) && *state == apply_move(before.state(), last)
        }
    }
}

/// VDM `from_start`: a board that begins at the start, with no history yet.
#[must_use]
pub fn from_start(s: &Start) -> Board {
    Board {
        start: Arc::new(s.clone()),
        history: History::new(),
        state: s.state().clone(),
    }
}

/// VDM `pre_move`: `m` is one of the [`possible_moves`] of `b` (FIDE Laws 3.10.1).
///
/// The literal twin; [`move_`] checks its fast form,
/// [`crate::model::array::pre_move_on_array`].
#[must_use]
pub fn pre_move(b: &Board, m: Move) -> bool {
    possible_moves(b).contains(&m)
}

/// VDM `post_move`: the result has the same start, the history one move longer, the state
/// [`apply_move`] gives, and a different state.
#[must_use]
pub fn post_move(b: &Board, m: Move, result: &Board) -> bool {
    // RESULT.history = b.history ^ [m]: one longer, b.history first, m last.
    let n = b.history.len();
    let history = result.history.len() == n + 1
        && result.history.iter().take(n).eq(b.history.iter())
        && result.history.back() == Some(&m);
    same_start(b, result)
        && history
        && result.state == apply_move(&b.state, m)
        && result.state != b.state
}

/// VDM `move`: the board after a legal move: the same start, the history one move longer, and
/// the state [`apply_move`] gives. Checks [`pre_move`] and, with the feature `contracts`,
/// [`post_move`], each by its fast form ([`crate::model::array::pre_move_on_array`],
/// [`crate::model::array::post_move_on_array`]).
///
/// # Errors
///
/// [`IllegalMove`] when `m` is not one of the [`possible_moves`].
///
/// # Panics
///
/// If [`post_move`] does not hold: a bug of the model, never of its input.
///
/// ```
/// use vdmchess::model::board::{default_board, move_, possible_moves, turn};
/// use vdmchess::model::piece::Colour;
/// let board = default_board();
/// let e4 = possible_moves(&board).into_iter().find(|m| m.to_string() == "e2e4").unwrap();
/// assert_eq!(turn(&move_(&board, e4).unwrap()), Colour::Black);
/// ```
pub fn move_(b: &Board, m: Move) -> Result<Board, IllegalMove> {
    move_on(b, Squares::of(&b.state), m)
}

/// [`move_`] given the array view of the board's state (for callers that have built it).
pub(crate) fn move_on(b: &Board, squares: Squares, m: Move) -> Result<Board, IllegalMove> {
    if !pre_move_on(b, &squares, m) {
        return Err(IllegalMove {
            m,
            fen: to_setup(b).to_fen(),
        });
    }
    let mut history = b.history.clone();
    history.push_back(m);
    let result = Board {
        start: Arc::clone(&b.start),
        history,
        state: apply_move(&b.state, m),
    };
    ensure("BoardModule`post_move", || {
        post_move_on(b, &squares, m, &result)
    });
    Ok(result)
}

/// VDM `default_board`: the standard starting board (FIDE Laws 2.3): White to move, all four
/// castling rights.
///
/// ```
/// use vdmchess::model::board::{default_board, possible_moves};
/// assert_eq!(possible_moves(&default_board()).len(), 20);
/// ```
#[must_use]
pub fn default_board() -> Board {
    let back = [
        PieceType::Rook,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Queen,
        PieceType::King,
        PieceType::Bishop,
        PieceType::Knight,
        PieceType::Rook,
    ];
    let files = 1..=8;
    let row = |y: u32, colour: Colour, kind: &dyn Fn(u32) -> PieceType| -> Set<Piece> {
        files
            .clone()
            .map(|x| Piece::new(kind(x), mk_coordinate(x, y), colour))
            .collect()
    };
    let state = row(1, Colour::White, &|x| back[x as usize - 1])
        .union(row(2, Colour::White, &|_| PieceType::Pawn))
        .union(row(7, Colour::Black, &|_| PieceType::Pawn))
        .union(row(8, Colour::Black, &|x| back[x as usize - 1]));
    let castling = [1, 8]
        .into_iter()
        .flat_map(|x| [1, 8].into_iter().map(move |y| mk_coordinate(x, y)))
        .collect();
    let start = BoardState::new(state).ok().and_then(|state| {
        Start::new(
            state,
            Colour::White,
            castling,
            None,
            0,
            1,
            CastlingMode::Standard,
        )
        .ok()
    });
    from_start(&start.unwrap_or_else(|| unreachable!("the standard start is legal")))
}

/// The position now as a [`Setup`] (not a VDM function: the port's export): the state, the
/// derived turn, castling rights and clocks, and the en-passant square only when an
/// en-passant capture is legal (as python-chess and Stockfish write FEN).
#[must_use]
pub fn to_setup(b: &Board) -> Setup {
    let mut setup = Setup::empty();
    for p in b.state.pieces() {
        setup.board[p.coord.index()] = Some(SharedPiece {
            color: p.colour.into(),
            role: p.piece_type.into(),
        });
    }
    setup.turn = turn(b).into();
    setup.castling_rights = castling_rights(b).into_iter().map(Square::from).collect();
    setup.ep_square = en_passant_target(b)
        .filter(|_| has_legal_en_passant_on_array(b))
        .map(Square::from);
    setup.halfmoves = halfmove_clock_on_array(b);
    setup.fullmoves = fullmove_number(b);
    setup
}
