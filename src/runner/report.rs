//! What the runner says about one game, and the summary of a run.

use std::fmt;
use std::time::Duration;

use serde::Serialize;

use crate::rules::{Claim, Status};

/// Where and why a game stopped being replayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayError {
    /// What kind of failure: `syntax` (not a move), `illegal` (not legal or ambiguous here),
    /// `setup` (the FEN tag), `pgn` (the PGN text), `disagreement` (model and core differ).
    pub kind: ErrorKind,
    /// The 1-based number of the half-move that failed (0 for the start position).
    pub ply: usize,
    /// The move text as written.
    pub san: String,
    /// The 1-based line in the file.
    pub line: u64,
    /// The 1-based column (in bytes) in that line.
    pub column: u64,
    /// What went wrong.
    pub message: String,
}

/// The kinds of [`ReplayError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// A token that is not move text.
    Syntax,
    /// A move that is illegal or ambiguous in its position.
    Illegal,
    /// A `FEN`/`SetUp` tag that is not a legal position.
    Setup,
    /// Malformed PGN outside the moves (an unterminated tag, say).
    Pgn,
    /// `--rules both`: the model and the core disagree.
    Disagreement,
}

/// The result of replaying one game, one JSON object per line with `--json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// The file the game came from (`-` for standard input).
    pub file: String,
    /// The 0-based index of the game within its file.
    pub index: usize,
    /// The mainline half-moves replayed (null moves included).
    pub plies: usize,
    /// The FEN of the last position reached.
    pub final_fen: String,
    /// The Result tag (`*` when missing).
    pub result: String,
    /// How the last position stands by the automatic rules.
    pub status: Status,
    /// The draws the player to move could claim in the last position: threefold
    /// repetition, fifty moves (FIDE Laws 9.2, 9.3).
    pub claims: Vec<Claim>,
    /// `None` when every mainline move was replayed.
    pub error: Option<ReplayError>,
}

impl fmt::Display for GameReport {
    /// One line: `FILE#INDEX: PLIES plies, STATUS[ (may claim CLAIM ...)], RESULT, FEN`, and
    /// the error if any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}#{}: {} plies, {}",
            self.file, self.index, self.plies, self.status
        )?;
        for (i, claim) in self.claims.iter().enumerate() {
            let open = if i == 0 { " (may claim " } else { ", " };
            write!(f, "{open}{claim}")?;
        }
        if !self.claims.is_empty() {
            f.write_str(")")?;
        }
        write!(f, ", {}, {}", self.result, self.final_fen)?;
        if let Some(e) = &self.error {
            write!(f, " -- error at {}:{}: ", e.line, e.column)?;
            if !e.san.is_empty() {
                write!(f, "ply {} {:?}: ", e.ply, e.san)?;
            }
            f.write_str(&e.message)?;
        }
        Ok(())
    }
}

/// Totals of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Half-moves replayed.
    pub plies: u64,
    /// Games with an error.
    pub errors: u64,
    /// Bytes of PGN read (after decompression).
    pub bytes: u64,
}

impl Summary {
    /// Counts one game.
    pub fn add(&mut self, report: &GameReport) {
        self.games += 1;
        self.plies += report.plies as u64;
        if report.error.is_some() {
            self.errors += 1;
        }
    }

    /// The summary line, with games per second over `elapsed`.
    #[must_use]
    pub fn line(&self, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64().max(1e-9);
        format!(
            "games: {}, plies: {}, errors: {}, seconds: {:.3}, games/s: {:.0}, MB/s: {:.1}",
            self.games,
            self.plies,
            self.errors,
            secs,
            self.games as f64 / secs,
            self.bytes as f64 / 1e6 / secs
        )
    }
}
