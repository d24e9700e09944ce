//! How a finished game ended: [`Outcome`], its [`Termination`] and winner, as python-chess's
//! `Board.outcome()` answers.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::notation::pgn;
use crate::rules::Status;
use crate::types::Color;

/// What ended a game: the rules that end it without a claim (FIDE Laws 5 and 9.6), each with
/// the predicate that decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The side to move is in check and has no legal move (5.1.1): [`crate::Game::is_checkmate`].
    Checkmate,
    /// The side to move is not in check and has no legal move (5.2.1):
    /// [`crate::Game::is_stalemate`].
    Stalemate,
    /// Neither side can mate by python-chess's rule (5.2.2, 6.9):
    /// [`crate::Game::is_insufficient_material`].
    InsufficientMaterial,
    /// 75 moves by each side without a pawn move or capture (9.6.2).
    SeventyfiveMoves,
    /// The same position for the fifth time (9.6.1).
    FivefoldRepetition,
}

impl Termination {
    /// The snake_case name, as JSON writes it (`checkmate`, `fivefold_repetition` ...).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::SeventyfiveMoves => "seventyfive_moves",
            Termination::FivefoldRepetition => "fivefold_repetition",
        }
    }

    /// The termination a [`Status`] reports, `None` while the game goes on.
    #[must_use]
    pub const fn of(status: Status) -> Option<Termination> {
        match status {
            Status::Checkmate => Some(Termination::Checkmate),
            Status::Stalemate => Some(Termination::Stalemate),
            Status::InsufficientMaterial => Some(Termination::InsufficientMaterial),
            Status::SeventyfiveMoves => Some(Termination::SeventyfiveMoves),
            Status::FivefoldRepetition => Some(Termination::FivefoldRepetition),
            Status::Ongoing => None,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game ended: what ended it, and who won (`None`: drawn). A game that goes on has no
/// outcome ([`crate::Game::outcome`] is `None`); a draw that must be claimed (threefold
/// repetition, fifty moves) does not end it.
///
/// ```
/// use vdmchess::{Color, Game, Outcome, Termination};
/// let game = Game::from_pgn("1. f3 e5 2. g4 Qh4#")?;
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome, Outcome { termination: Termination::Checkmate, winner: Some(Color::Black) });
/// assert_eq!(outcome.result(), "0-1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// What ended the game.
    pub termination: Termination,
    /// The side that won, `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn result(&self) -> &'static str {
        pgn::Outcome::token(Some(self.to_pgn()))
    }

    /// The result as the PGN reader and writer hold it.
    #[must_use]
    pub const fn to_pgn(&self) -> pgn::Outcome {
        match self.winner {
            Some(winner) => pgn::Outcome::Decisive { winner },
            None => pgn::Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    /// `checkmate 0-1`, `stalemate 1/2-1/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.termination, self.result())
    }
}
