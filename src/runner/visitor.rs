//! The PGN visitor that replays a game's mainline while the reader streams it.

pub use super::is_chess960_variant;
use crate::notation::fen::parse_fen;
use crate::notation::pgn::{Outcome, PgnError, PgnErrorKind, RawTag, Skip, TextPos, Visitor};
use crate::notation::san::SanMode;
use crate::rules::{Move, Status};
use crate::setup::{CastlingMode, Setup};

use super::replay::{explained_failure, MoveFailure, Replay};
use super::report::{ErrorKind, GameReport, ReplayError};

/// Replays the mainline of each game it visits over `P`, producing a [`GameReport`].
pub struct ReplayVisitor<P> {
    file: String,
    index: usize,
    mode: SanMode,
    fen_tag: Option<String>,
    variant_tag: Option<String>,
    result: Option<String>,
    state: Option<P>,
    /// The last game's state, kept for its memory: the next game starts by copying into it.
    spare: Option<P>,
    plies: usize,
    error: Option<ReplayError>,
    /// The FEN reported for a game whose start position was rejected.
    start_fen: String,
    /// The standard start, built once and cloned for every game without a FEN tag.
    standard_start: Option<P>,
    /// A setup error found before any movetext token gave it a place.
    unplaced: bool,
    /// Whether the moves played are kept ([`ReplayVisitor::record_moves`]).
    record: bool,
    /// The moves of the game, when recorded (`None` for a null move).
    moves: Vec<Option<Move>>,
    /// How the game writes castling.
    castling: CastlingMode,
}

impl<P: Replay> ReplayVisitor<P> {
    /// A visitor for the games of `file`, numbering them from `first_index`.
    #[must_use]
    pub fn new(file: &str, first_index: usize, mode: SanMode) -> Self {
        ReplayVisitor {
            file: file.to_string(),
            index: first_index,
            mode,
            fen_tag: None,
            variant_tag: None,
            result: None,
            state: None,
            spare: None,
            plies: 0,
            error: None,
            start_fen: String::new(),
            standard_start: None,
            unplaced: false,
            record: false,
            moves: Vec::new(),
            castling: CastlingMode::Standard,
        }
    }

    /// Keeps the moves of each game as it is replayed, for [`ReplayVisitor::moves`] (off by
    /// default: the runner reports no moves).
    pub fn record_moves(&mut self, on: bool) {
        self.record = on;
    }

    /// The mainline moves replayed of the game read last (`None` for a null move), when
    /// [`ReplayVisitor::record_moves`] is on; empty otherwise. A failed move is not among them.
    #[must_use]
    pub fn moves(&self) -> &[Option<Move>] {
        &self.moves
    }

    /// How the game read last writes castling in UCI text: Chess960 (king takes rook) when
    /// its `Variant` tag or its FEN's castling rights ask for it.
    #[must_use]
    pub fn castling_mode(&self) -> CastlingMode {
        self.castling
    }

    /// Gives an error found at the start of the movetext the position of its first token.
    fn place(&mut self, at: TextPos) {
        if self.unplaced {
            self.unplaced = false;
            if let Some(e) = self.error.as_mut() {
                e.line = at.line;
                e.column = at.column;
            }
        }
    }

    fn fail(&mut self, kind: ErrorKind, san: &[u8], at: TextPos, message: String) {
        if self.error.is_none() {
            self.error = Some(ReplayError {
                kind,
                ply: self.plies + 1,
                san: String::from_utf8_lossy(san).into_owned(),
                line: at.line,
                column: at.column,
                message,
            });
        }
    }

    /// Plays one move token as [`Visitor::san`] does, in a game with no error so far, and
    /// says whether it was played. A token that does not play leaves no error behind: the
    /// caller replays the game afresh through the reader, which reports it (see
    /// [`MovetextReplayer`](super::movetext::MovetextReplayer)'s plain texts).
    #[inline]
    pub(crate) fn play_plain(&mut self, san: &[u8]) -> bool {
        let Some(state) = self.state.as_mut() else {
            return false;
        };
        let played = if self.record {
            let moves = &mut self.moves;
            state.play_san_move(san, self.mode).map(|m| moves.push(m))
        } else {
            state.play_san(san, self.mode)
        };
        let ok = played.is_ok();
        self.plies += usize::from(ok);
        ok
    }

    fn start_position(&self) -> Result<(Setup, CastlingMode), String> {
        start_position(self.fen_tag.as_deref(), self.variant_tag.as_deref())
    }
}

/// A game's start position and castling mode from its `FEN` and `Variant` tags: the
/// standard start without a FEN tag, Chess960 castling when the variant names it (or the
/// FEN's castling rights need it).
///
/// # Errors
///
/// The FEN tag's parse error, with the tag.
pub fn start_position(
    fen_tag: Option<&str>,
    variant_tag: Option<&str>,
) -> Result<(Setup, CastlingMode), String> {
    let chess960 = variant_tag.is_some_and(is_chess960_variant);
    let setup = match fen_tag {
        Some(fen) => parse_fen(fen).map_err(|e| format!("FEN tag {fen:?}: {e}"))?,
        None => Setup::start(),
    };
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        setup.castling_mode_hint()
    };
    Ok((setup, mode))
}

impl<P: Replay> Visitor for ReplayVisitor<P> {
    type Output = GameReport;

    fn begin_game(&mut self) {
        self.fen_tag = None;
        self.variant_tag = None;
        self.result = None;
        if let Some(state) = self.state.take() {
            self.spare = Some(state);
        }
        self.plies = 0;
        self.error = None;
        self.start_fen.clear();
        self.unplaced = false;
        self.moves.clear();
        self.castling = CastlingMode::Standard;
    }

    fn tag(&mut self, name: &[u8], value: &RawTag) {
        match name {
            b"FEN" => self.fen_tag = Some(value.decode()),
            b"Variant" => self.variant_tag = Some(value.decode()),
            b"Result" => self.result = Some(value.decode()),
            _ => {}
        }
    }

    fn begin_movetext(&mut self) -> Skip {
        let standard =
            self.fen_tag.is_none() && !self.variant_tag.as_deref().is_some_and(is_chess960_variant);
        if standard {
            if let Some(start) = &self.standard_start {
                let state = match self.spare.take() {
                    Some(mut state) => {
                        state.clone_from(start);
                        state
                    }
                    None => start.clone(),
                };
                self.state = Some(state);
                return Skip(false);
            }
        }
        let started = self.start_position().and_then(|(setup, mode)| {
            self.castling = mode;
            P::start(&setup, mode).inspect_err(|_| {
                self.start_fen = setup.to_fen();
            })
        });
        match started {
            Ok(state) => {
                if standard {
                    self.standard_start = Some(state.clone());
                }
                self.state = Some(state);
            }
            Err(message) => {
                if self.start_fen.is_empty() {
                    self.start_fen = self.fen_tag.clone().unwrap_or_default();
                }
                self.fail(ErrorKind::Setup, b"", TextPos::START, message);
                if let Some(e) = self.error.as_mut() {
                    e.ply = 0;
                }
                self.unplaced = true;
            }
        }
        Skip(false)
    }

    #[inline]
    fn san(&mut self, san: &[u8], at: TextPos) {
        self.place(at);
        if self.error.is_some() {
            return;
        }
        let Some(state) = self.state.as_mut() else {
            return;
        };
        let played = if self.record {
            let moves = &mut self.moves;
            state.play_san_move(san, self.mode).map(|m| moves.push(m))
        } else {
            state.play_san(san, self.mode)
        };
        match played {
            Ok(()) => self.plies += 1,
            Err(failure) => {
                let kind = match failure {
                    MoveFailure::Syntax(_) => ErrorKind::Syntax,
                    MoveFailure::Meaning(_) => ErrorKind::Illegal,
                    MoveFailure::Disagreement(_) => ErrorKind::Disagreement,
                };
                let message = explained_failure(&failure, state, self.variant_tag.as_deref(), san);
                self.fail(kind, san, at, message);
            }
        }
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn outcome(&mut self, _outcome: Option<Outcome>, at: TextPos) {
        self.place(at);
    }

    fn comment(&mut self, _text: &[u8], at: TextPos) {
        self.place(at);
    }

    /// Malformed text fails the game; slips that leave the mainline intact (a missing result,
    /// an unclosed variation, a truncated comment, an odd annotation) do not.
    fn error(&mut self, err: PgnError) {
        let fatal = matches!(
            err.kind,
            PgnErrorKind::UnexpectedBytes { .. }
                | PgnErrorKind::MalformedTag
                | PgnErrorKind::UnterminatedComment
                | PgnErrorKind::TokenTooLong
        );
        if fatal {
            self.fail(ErrorKind::Pgn, b"", err.pos, err.kind.to_string());
        }
    }

    fn end_game(&mut self) -> GameReport {
        if self.state.is_none() && self.error.is_none() {
            // A game whose movetext never started (tags only): replay the empty mainline.
            let _ = self.begin_movetext();
        }
        let disagreement = self.state.as_ref().and_then(|s| s.final_disagreement());
        if let Some(message) = disagreement {
            self.fail(ErrorKind::Disagreement, b"", TextPos::START, message);
        }
        let (final_fen, status, claims) = match &self.state {
            Some(state) => (state.fen(), state.status(), state.claims()),
            None => (self.start_fen.clone(), Status::Ongoing, Vec::new()),
        };
        let report = GameReport {
            file: self.file.clone(),
            index: self.index,
            plies: self.plies,
            final_fen,
            result: self.result.take().unwrap_or_else(|| "*".to_string()),
            status,
            claims,
            error: self.error.take(),
        };
        self.index += 1;
        report
    }
}
