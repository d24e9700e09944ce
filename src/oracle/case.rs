//! [`Case`]: what the oracle asks an engine about — a start position and the moves played
//! from it, exactly as UCI's `position fen F moves m1 m2 ...` says it.
//!
//! The moves matter: an engine keeps state across them (castling rights after a rook is
//! captured, the en-passant square after a double push), and some move generation bugs live
//! only there. A case is valid when its start passes [`Setup::validate_with`] and every move is
//! legal where it is played; only valid cases are ever sent to an engine.

use std::fmt;

use serde::Serialize;

use crate::core::Chess;
use crate::notation::uci::UciMove;
use crate::rules::{Move, Rules};
use crate::setup::{CastlingMode, MaterialLimits, Setup, SetupError};

/// A start position, its castling mode, and moves played from it.
///
/// # Examples
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::oracle::case::Case;
/// use vdmchess::{CastlingMode, MaterialLimits, Rules, Setup};
/// let case = Case::at(Setup::start(), CastlingMode::Standard).with_moves_uci(&["g1f3", "d7d5"]).unwrap();
/// assert_eq!(case.uci_moves(), ["g1f3", "d7d5"]);
/// let pos: Chess = case.validate(MaterialLimits::Enforced).unwrap();
/// assert_eq!(pos.legal_moves().len(), 22);
/// assert_eq!(case.piece_count(), 32); // on the start board
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Case {
    /// The start position (sent as FEN).
    pub start: Setup,
    /// How castling is written (Chess960 sets the engine's `UCI_Chess960`).
    pub mode: CastlingMode,
    /// The moves played from the start, each legal where it is played.
    pub moves: Vec<Move>,
}

/// Why a [`Case`] cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaseError {
    /// The start position is not legal.
    Setup(SetupError),
    /// A move (0-based index, UCI text) is not legal where it is played.
    IllegalMove {
        /// Its index in the move list.
        index: usize,
        /// Its text as given.
        text: String,
        /// The FEN of the position it was tried in.
        fen: String,
    },
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Setup(e) => e.fmt(f),
            CaseError::IllegalMove { index, text, fen } => {
                write!(f, "move {} ({text}) is not legal in {fen}", index + 1)
            }
        }
    }
}

impl std::error::Error for CaseError {}

impl Case {
    /// A case with no moves.
    #[must_use]
    pub fn at(start: Setup, mode: CastlingMode) -> Case {
        Case {
            start,
            mode,
            moves: Vec::new(),
        }
    }

    /// The case `start` plus the moves `texts` (UCI move text), each checked legal by the
    /// core where it is played.
    ///
    /// # Errors
    ///
    /// [`CaseError`] naming the bad start or the first move that is not legal.
    ///
    /// ```
    /// use vdmchess::oracle::case::Case;
    /// use vdmchess::{CastlingMode, MaterialLimits, Setup};
    /// let case = Case::from_uci(Setup::start(), CastlingMode::Standard, &["e2e4", "e7e5"], MaterialLimits::Enforced).unwrap();
    /// assert_eq!(case.position_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    /// assert!(Case::from_uci(Setup::start(), CastlingMode::Standard, &["e2e5"], MaterialLimits::Enforced).is_err());
    /// ```
    pub fn from_uci<S: AsRef<str>>(
        start: Setup,
        mode: CastlingMode,
        texts: &[S],
        limits: MaterialLimits,
    ) -> Result<Case, CaseError> {
        let mut pos = Chess::from_setup_with(&start, mode, limits).map_err(CaseError::Setup)?;
        let mut moves = Vec::with_capacity(texts.len());
        for (index, text) in texts.iter().enumerate() {
            let text = text.as_ref();
            let illegal = |pos: &Chess| CaseError::IllegalMove {
                index,
                text: text.to_string(),
                fen: pos.to_setup().to_fen(),
            };
            let m = UciMove::from_ascii(text.as_bytes())
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
                .ok_or_else(|| illegal(&pos))?;
            pos.play_unchecked(&m);
            moves.push(m);
        }
        Ok(Case { start, mode, moves })
    }

    /// This case with `moves` played after its own (unchecked: see [`Case::validate`]).
    #[must_use]
    pub fn with_moves(mut self, moves: &[Move]) -> Case {
        self.moves.extend_from_slice(moves);
        self
    }

    /// This case with the moves `texts` (UCI move text) played after its own, each checked
    /// legal by the core where it is played.
    ///
    /// # Errors
    ///
    /// [`CaseError`] naming the bad start or the first move that is not legal.
    pub fn with_moves_uci<S: AsRef<str>>(self, texts: &[S]) -> Result<Case, CaseError> {
        let mut all = self.uci_moves();
        all.extend(texts.iter().map(|t| t.as_ref().to_string()));
        Case::from_uci(self.start, self.mode, &all, MaterialLimits::Ignored)
    }

    /// The start position as FEN (X-FEN castling, as engines read it).
    #[must_use]
    pub fn start_fen(&self) -> String {
        self.start.to_fen()
    }

    /// The moves as UCI text in this case's castling mode.
    #[must_use]
    pub fn uci_moves(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.to_uci(self.mode)).collect()
    }

    /// The position after the moves, in the rules `R`, or `None` when the case is not valid.
    #[must_use]
    pub fn play<R: Rules>(&self) -> Option<R> {
        let mut pos = R::from_setup(&self.start, self.mode).ok()?;
        for m in &self.moves {
            if !pos.is_legal(m) {
                return None;
            }
            pos.play_unchecked(m);
        }
        Some(pos)
    }

    /// The position after the moves in the core, validated with `limits`, or `None` when the
    /// case is not valid.
    #[must_use]
    pub fn play_core(&self, limits: MaterialLimits) -> Option<Chess> {
        self.validate(limits).ok()
    }

    /// The position after the moves in the core, the start validated with `limits` and each
    /// move checked legal.
    ///
    /// # Errors
    ///
    /// [`CaseError`] naming the bad start or the first move that is not legal.
    pub fn validate(&self, limits: MaterialLimits) -> Result<Chess, CaseError> {
        let mut pos =
            Chess::from_setup_with(&self.start, self.mode, limits).map_err(CaseError::Setup)?;
        for (index, m) in self.moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(CaseError::IllegalMove {
                    index,
                    text: m.to_uci(self.mode),
                    fen: pos.to_setup().to_fen(),
                });
            }
            pos.play_unchecked(m);
        }
        Ok(pos)
    }

    /// The FEN of the position after the moves (en-passant square only when the capture is
    /// legal); the start's FEN when the case is not valid.
    #[must_use]
    pub fn position_fen(&self) -> String {
        self.play_core(MaterialLimits::Ignored)
            .map_or_else(|| self.start_fen(), |p| p.to_setup().to_fen())
    }

    /// The number of pieces on the start board.
    #[must_use]
    pub fn piece_count(&self) -> usize {
        self.start.board.iter().flatten().count()
    }

    /// The UCI `position` command for this case.
    ///
    /// ```
    /// use vdmchess::oracle::case::Case;
    /// use vdmchess::{CastlingMode, MaterialLimits, Setup};
    /// let case = Case::from_uci(Setup::start(), CastlingMode::Standard, &["e2e4"], MaterialLimits::Enforced).unwrap();
    /// assert_eq!(case.uci_position(), "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4");
    /// ```
    #[must_use]
    pub fn uci_position(&self) -> String {
        let mut line = format!("position fen {}", self.start_fen());
        if !self.moves.is_empty() {
            line.push_str(" moves");
            for m in self.uci_moves() {
                line.push(' ');
                line.push_str(&m);
            }
        }
        line
    }
}

/// A case as JSON shows it: start FEN, moves, the FEN reached, and whether it is Chess960.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CaseJson {
    /// The start position's FEN.
    pub start_fen: String,
    /// The moves from the start (UCI).
    pub moves: Vec<String>,
    /// The FEN of the position reached.
    pub fen: String,
    /// Whether castling is written as in Chess960.
    pub chess960: bool,
}

impl From<&Case> for CaseJson {
    fn from(case: &Case) -> CaseJson {
        CaseJson {
            start_fen: case.start_fen(),
            moves: case.uci_moves(),
            fen: case.position_fen(),
            chess960: case.mode == CastlingMode::Chess960,
        }
    }
}
