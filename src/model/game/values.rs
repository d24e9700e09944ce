//! `GameModule`'s values: the game, the winner and the two kinds of draw. The functions over
//! them are in `game.rs`.

use serde::{Deserialize, Serialize};

use crate::model::board::Board;
use crate::model::piece::Colour;

/// VDM `Game :: board`: a game is its board; the side to move is derived ([`turn`](super::turn)).
/// `GameModule` gives `Game` no invariant of its own, and every [`Board`] satisfies
/// `inv_Board` (its constructors check it), so every `Game` value is valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub(super) board: Board,
}

impl Game {
    /// VDM `mk_Game(board)`.
    #[must_use]
    pub fn new(board: Board) -> Game {
        Game { board }
    }

    /// VDM `g.board`.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl From<Board> for Game {
    fn from(board: Board) -> Game {
        Game::new(board)
    }
}

/// VDM `Winner = <White> | <Black> | <Remis> | <Undecided>`: how a game stands, won by a
/// colour, drawn (remis), or still open (FIDE Laws 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Winner {
    /// White won (Black is checkmated).
    White,
    /// Black won (White is checkmated).
    Black,
    /// The game is drawn (VDM `<Remis>`): stalemate or another automatic draw.
    Remis,
    /// The game goes on.
    Undecided,
}

impl From<Colour> for Winner {
    /// VDM writes `winner(g) = turn(g)`: the quotes `<White>` and `<Black>` are both a
    /// `Colour` and a `Winner`.
    fn from(c: Colour) -> Winner {
        match c {
            Colour::White => Winner::White,
            Colour::Black => Winner::Black,
        }
    }
}

/// VDM `ClaimableDraw`: a draw a player may claim; the game goes on unless one is claimed
/// (FIDE Laws 9.2, 9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ClaimableDraw {
    /// The position has occurred three times (FIDE Laws 9.2).
    ThreefoldRepetition,
    /// Fifty moves of each side without a pawn move or capture (FIDE Laws 9.3).
    FiftyMoves,
}

/// VDM `AutomaticDraw`: a draw that ends the game by itself (FIDE Laws 5.2 and, since 1 July
/// 2014, 9.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AutomaticDraw {
    /// The side to move has no legal move and is not in check (FIDE Laws 5.2.1).
    Stalemate,
    /// Neither side can mate (FIDE Laws 5.2.2, 6.9); see [`is_insufficient_material`](super::is_insufficient_material).
    InsufficientMaterial,
    /// Seventy-five moves of each side without a pawn move or capture (FIDE Laws 9.6.2).
    SeventyfiveMoves,
    /// The same position for the fifth time (FIDE Laws 9.6.1).
    FivefoldRepetition,
}
