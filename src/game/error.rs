//! Why the front door refused: a FEN, a move, a PGN.

use std::fmt;

use crate::notation::fen::ParseFenError;
use crate::notation::pgn::PgnError;
use crate::notation::san::ParseSanError;
use crate::notation::uci::ParseUciError;
use crate::oracle::explain::Reason;
use crate::rules::Status;
use crate::setup::SetupError;

/// Why [`Game::from_fen`](crate::Game::from_fen) refused its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is not FEN.
    Parse(ParseFenError),
    /// The FEN describes a position the rules do not allow.
    Setup(SetupError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Setup(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

/// Why a move was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not SAN (nor UCI, which SAN reading accepts too).
    UnreadableSan(ParseSanError),
    /// The text is not UCI move text.
    UnreadableUci(ParseUciError),
    /// The game has ended: no move may follow.
    GameOver {
        /// The move text.
        text: String,
        /// How the game ended.
        status: Status,
    },
    /// A null move (`--`, `0000`): the rules have none.
    NullMove(String),
    /// The SAN names more than one legal move.
    Ambiguous(String),
    /// The move is not legal here; the reference model says why.
    Illegal {
        /// The move text.
        text: String,
        /// The position, as FEN.
        fen: String,
        /// Why, as `vdmchess::oracle::explain` decides it.
        reason: Option<Reason>,
        /// The sentence that says why, naming squares and pieces.
        detail: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::UnreadableSan(e) => e.fmt(f),
            MoveError::UnreadableUci(e) => e.fmt(f),
            MoveError::GameOver { text, status } => {
                write!(
                    f,
                    "no move may follow ({text:?}): the game has ended ({status})"
                )
            }
            MoveError::NullMove(text) => write!(f, "null move {text:?}: the rules have none"),
            MoveError::Ambiguous(text) => {
                write!(
                    f,
                    "ambiguous move {text:?}: it names more than one legal move"
                )
            }
            MoveError::Illegal {
                text,
                reason,
                detail,
                ..
            } => match reason {
                Some(r) => write!(f, "illegal move {text:?} ({r}): {detail}"),
                None => write!(f, "illegal move {text:?}: {detail}"),
            },
        }
    }
}

impl std::error::Error for MoveError {}

/// Why [`Game::from_pgn`](crate::Game::from_pgn) refused its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnGameError {
    /// The text holds no game.
    NoGame,
    /// A syntax error in the text.
    Syntax(PgnError),
    /// The FEN tag is wrong.
    Fen(FenError),
    /// A move of the mainline cannot be played.
    Move {
        /// Its half-move number, from 1.
        ply: usize,
        /// Why.
        error: MoveError,
    },
}

impl fmt::Display for PgnGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnGameError::NoGame => f.write_str("no game in the pgn text"),
            PgnGameError::Syntax(e) => write!(f, "pgn syntax error at {e}"),
            PgnGameError::Fen(e) => write!(f, "pgn fen tag: {e}"),
            PgnGameError::Move { ply, error } => write!(f, "pgn move at ply {ply}: {error}"),
        }
    }
}

impl std::error::Error for PgnGameError {}
