//! Analysis of one position for people without a UCI GUI (`vdmchess analyse`): a search
//! from a FEN, its principal variation written in SAN.
//!
//! ```
//! use vdmchess::search::analysis::analyse;
//! use vdmchess::search::{Limits, Score};
//! let limits = Limits { depth: Some(4), ..Limits::default() };
//! // Scholar's mate is on the board: Qxf7#.
//! let a = analyse("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", &limits, 16).unwrap();
//! assert_eq!(a.san, ["Qxf7#"]);
//! assert_eq!(a.result.score, Score::Mate(1));
//! assert_eq!(a.numbered_pv(), "4. Qxf7#");
//! assert!(analyse("not a fen", &limits, 16).is_err());
//! ```

use std::fmt;

use crate::core::Chess;
use crate::notation::fen::{parse_fen, ParseFenError};
use crate::notation::san::SanPlus;
use crate::rules::{Move, Rules};
use crate::setup::{Setup, SetupError};
use crate::types::Color;

use super::{Info, Limits, SearchConfig, SearchResult, Searcher, Signals};

/// Why a position cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalyseError {
    /// The FEN text cannot be read.
    Fen(ParseFenError),
    /// The FEN reads but is not a legal position.
    Position(SetupError),
}

impl fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyseError::Fen(e) => write!(f, "{e}"),
            AnalyseError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AnalyseError {}

/// What [`analyse`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The position analysed.
    pub setup: Setup,
    /// The search's result (best move, score, depth, nodes, PV in moves).
    pub result: SearchResult,
    /// The principal variation in SAN.
    pub san: Vec<String>,
}

impl Analysis {
    /// The principal variation with move numbers, as PGN writes it: `12... Nf6 13. Bg5`.
    #[must_use]
    pub fn numbered_pv(&self) -> String {
        numbered(&self.setup, &self.san)
    }
}

/// One completed depth of [`analyse_with`]: the search's [`Info`] and its line in SAN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress<'a> {
    /// The iteration's figures and its line in moves.
    pub info: &'a Info,
    /// The line in SAN.
    pub san: Vec<String>,
    /// The line with move numbers (see [`Analysis::numbered_pv`]).
    pub numbered_pv: String,
}

/// `san`, the SAN of moves played in turn from `setup`, with move numbers: `12... Nf6 13. Bg5`.
#[must_use]
pub fn numbered(setup: &Setup, san: &[String]) -> String {
    let mut out = String::new();
    let mut number = setup.fullmoves.max(1);
    let mut turn = setup.turn;
    for (i, san) in san.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        match turn {
            Color::White => out.push_str(&format!("{number}. ")),
            Color::Black if i == 0 => out.push_str(&format!("{number}... ")),
            Color::Black => {}
        }
        out.push_str(san);
        if turn == Color::Black {
            number += 1;
        }
        turn = turn.other();
    }
    out
}

/// Searches the position `fen` names within `limits` with a `hash_mb` table.
///
/// # Errors
///
/// [`AnalyseError`] when the FEN cannot be read or is not a legal position.
pub fn analyse(fen: &str, limits: &Limits, hash_mb: usize) -> Result<Analysis, AnalyseError> {
    analyse_with(fen, limits, hash_mb, &Signals::new(), &mut |_| {})
}

/// [`analyse`], calling `progress` after each completed depth, and stopped early by
/// `signals` (the result is then the last completed depth's, at least depth 1).
///
/// # Errors
///
/// [`AnalyseError`] when the FEN cannot be read or is not a legal position.
///
/// ```
/// use vdmchess::search::analysis::analyse_with;
/// use vdmchess::search::{Limits, Signals};
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let mut lines = Vec::new();
/// let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
/// let a = analyse_with(fen, &limits, 1, &Signals::new(), &mut |p| {
///     lines.push(format!("{} {}", p.info.depth, p.numbered_pv))
/// })
/// .unwrap();
/// assert_eq!(lines.len(), 3);
/// assert!(lines[0].starts_with("1 1. "));
/// assert_eq!(a.result.depth, 3);
/// ```
pub fn analyse_with(
    fen: &str,
    limits: &Limits,
    hash_mb: usize,
    signals: &Signals,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Analysis, AnalyseError> {
    let setup = parse_fen(fen).map_err(AnalyseError::Fen)?;
    let game =
        Chess::from_setup(&setup, setup.castling_mode_hint()).map_err(AnalyseError::Position)?;
    Ok(search_game(
        &game, setup, limits, hash_mb, signals, progress,
    ))
}

/// [`analyse_with`] of the current position of `game`: the positions of the game's moves count
/// for repetitions, as after `position ... moves` over UCI.
pub fn analyse_game(
    game: &Chess,
    limits: &Limits,
    hash_mb: usize,
    signals: &Signals,
    progress: &mut dyn FnMut(&Progress),
) -> Analysis {
    search_game(game, game.to_setup(), limits, hash_mb, signals, progress)
}

/// Searches `game`'s position (`setup` as reported), with its history.
fn search_game(
    game: &Chess,
    setup: Setup,
    limits: &Limits,
    hash_mb: usize,
    signals: &Signals,
    progress: &mut dyn FnMut(&Progress),
) -> Analysis {
    let keys = game.repetition_keys();
    let history = &keys[..keys.len().saturating_sub(1)];
    let mut searcher = Searcher::new(hash_mb).with_config(SearchConfig::analysis());
    let result = searcher.search(game.position(), history, limits, signals, &mut |info| {
        let san = san_line(game, &info.pv);
        let numbered_pv = numbered(&setup, &san);
        progress(&Progress {
            info,
            san,
            numbered_pv,
        });
    });
    let san = san_line(game, &result.pv);
    Analysis { setup, result, san }
}

/// The SAN of each move of `line` played in turn from `game` (stopping at a move that is not
/// legal, which a PV never holds).
#[must_use]
pub fn san_line(game: &Chess, line: &[Move]) -> Vec<String> {
    let mut pos = game.clone();
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        if !pos.is_legal(m) {
            break;
        }
        out.push(SanPlus::from_move_and_play(&mut pos, m).to_string());
    }
    out
}
