//! `BoardModule`'s `Board`: where it started, what was played, and where that leads, with
//! the errors of building and playing one. The functions that build and play boards
//! (`from_start`, `move`, `Board::new`) are in `board.rs`.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::start::Start;
use super::values::{BoardState, History, Move};

// ---------------------------------------------------------------------------------------------
// Board

/// VDM `Board :: start_ history state inv inv_Board`: where the board started, what was
/// played, and where that leads. Built only by [`from_start`](super::from_start), [`Board::new`],
/// [`default_board`](super::default_board), [`move_`](super::move_) and deserialisation, which all keep [`inv_board`](super::inv_board). Cloning is
/// cheap (shared start, persistent history and state).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawBoard", into = "RawBoard")]
pub struct Board {
    pub(super) start: Arc<Start>,
    pub(super) history: History,
    pub(super) state: BoardState,
}

/// The serialised form of a [`Board`]: the state is derived, so it is not written.
#[derive(Serialize, Deserialize)]
pub(crate) struct RawBoard {
    pub(super) start: Start,
    pub(super) history: Vec<Move>,
}

impl From<Board> for RawBoard {
    fn from(b: Board) -> RawBoard {
        RawBoard {
            start: (*b.start).clone(),
            history: b.history.iter().copied().collect(),
        }
    }
}

/// A history with a move that is not possible where it is played.
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

/// A move refused by [`pre_move`](super::pre_move): it is not among the [`possible_moves`](super::possible_moves).
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
    /// VDM `b.start_`: the starting position (`start` is a VDM++ keyword, hence the spec's
    /// underscore).
    #[must_use]
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// VDM `b.history`: the moves played since the start.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// VDM `b.state`: the pieces on the board now.
    #[must_use]
    pub fn state(&self) -> &BoardState {
        &self.state
    }
}

/// Whether two boards began at the same start (the same shared value, or equal ones).
pub(crate) fn same_start(a: &Board, b: &Board) -> bool {
    Arc::ptr_eq(&a.start, &b.start) || a.start == b.start
}
