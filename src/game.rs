//! The front door: a game played move by move, as with chess.js or python-chess.
//!
//! [`Game`] holds the positions from its start to now, so it can undo, tell repetitions, and
//! write its PGN. Moves go in as SAN or UCI text and come out as SAN. A refused move changes
//! nothing, and its error says why: the reference model explains it
//! ([`crate::oracle::explain`]).
//!
//! It runs on the fast core by default (`Game` is `Game<core::Chess>`) and on the reference
//! model when asked (`Game<model::game::Game>`): the same game, judged by the specification.
//!
//! # Examples
//!
//! ```
//! use vdmchess::Game;
//! let mut game = Game::new();
//! game.play_san("e4")?;
//! game.play_uci("e7e5")?;
//! assert_eq!(game.history(), ["e4", "e5"]);
//! assert!(game.play_san("Ke3").is_err()); // the king moves one square
//! assert_eq!(game.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The same game on the specification:
//!
//! ```
//! use vdmchess::{model, Game};
//! let mut spec: Game<model::game::Game> = Game::with_rules();
//! for san in ["f3", "e5", "g4", "Qh4"] {
//!     spec.play_san(san)?;
//! }
//! assert!(spec.is_checkmate());
//! assert_eq!(spec.result(), "0-1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod outcome;
mod played;

pub use error::{FenError, MoveError, PgnGameError};
pub use outcome::{Outcome, Termination};
pub use played::PlayedMove;

use crate::core::Chess;
use crate::notation::fen::parse_fen;
use crate::notation::pgn::{self, Item, Line, PgnErrorKind};
use crate::notation::san::{SanError, SanMode, SanPlus};
use crate::notation::uci::{UciError, UciMove};
use crate::oracle::explain::explain;
use crate::render::svg::Picture;
use crate::render::text::{board_text, Glyphs};
use crate::rules::{Move, Rules, Status};
use crate::setup::{CastlingMode, Setup};
use crate::types::Color;

/// A game: its start, the moves played, and the position after each.
#[derive(Debug, Clone)]
pub struct Game<R: Rules = Chess> {
    /// The start, then the position after each move: never empty.
    positions: Vec<R>,
    /// The moves played, with their SAN.
    moves: Vec<PlayedMove>,
    /// PGN tag pairs other than the Seven Tag Roster's `Result` and the `FEN`/`SetUp` pair.
    tags: Vec<(String, String)>,
}

impl Game {
    /// The standard start (FIDE Laws 2.3), on the core.
    #[must_use]
    pub fn new() -> Game {
        Game::with_rules()
    }

    /// The position of a FEN (X-FEN and Shredder-FEN too), on the core.
    ///
    /// # Errors
    ///
    /// [`FenError`] when the text is not FEN or the position is not legal.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = vdmchess::Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert!(game.moves().contains(&"O-O".to_string()));
    /// assert!(vdmchess::Game::from_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").is_err()); // no white king
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Game::from_fen_with_rules(fen)
    }

    /// The first game of PGN text, its mainline played, on the core.
    ///
    /// # Errors
    ///
    /// [`PgnGameError`] when the text holds no game, has a syntax error (a missing result
    /// is accepted), a wrong `FEN` tag, or a move that cannot be played.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = vdmchess::Game::from_pgn("1. f3 e5 2. g4 Qh4# 0-1")?;
    /// assert!(game.is_checkmate());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pgn(pgn: &str) -> Result<Game, PgnGameError> {
        Game::from_pgn_with_rules(pgn)
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl<R: Rules> Game<R> {
    /// The standard start, on the rules `R` (the core or the model).
    #[must_use]
    pub fn with_rules() -> Game<R> {
        match R::from_setup(&Setup::start(), CastlingMode::Standard) {
            Ok(start) => Game::from_position(start),
            Err(_) => unreachable!("the standard start is legal"),
        }
    }

    /// A game starting at `start`.
    #[must_use]
    pub fn from_position(start: R) -> Game<R> {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            tags: Vec::new(),
        }
    }

    /// [`Game::from_fen`] on the rules `R`.
    ///
    /// # Errors
    ///
    /// As [`Game::from_fen`].
    pub fn from_fen_with_rules(fen: &str) -> Result<Game<R>, FenError> {
        let setup = parse_fen(fen).map_err(FenError::Parse)?;
        let start = R::from_setup(&setup, setup.castling_mode_hint()).map_err(FenError::Setup)?;
        Ok(Game::from_position(start))
    }

    /// [`Game::from_pgn`] on the rules `R`.
    ///
    /// # Errors
    ///
    /// As [`Game::from_pgn`].
    pub fn from_pgn_with_rules(text: &str) -> Result<Game<R>, PgnGameError> {
        let parsed = pgn::Game::read_all(text.as_bytes())
            .ok()
            .and_then(|games| games.into_iter().next())
            .ok_or(PgnGameError::NoGame)?;
        let harmless = |k: &PgnErrorKind| {
            matches!(
                k,
                PgnErrorKind::MissingResult | PgnErrorKind::ResultInVariation
            )
        };
        if let Some(e) = parsed.errors.iter().find(|e| !harmless(&e.kind)) {
            return Err(PgnGameError::Syntax(e.clone()));
        }
        let mut game = match parsed.tag("FEN") {
            Some(fen) => Game::from_fen_with_rules(fen).map_err(PgnGameError::Fen)?,
            None => Game::with_rules(),
        };
        for (ply, san) in parsed.mainline().enumerate() {
            game.play_san(san).map_err(|error| PgnGameError::Move {
                ply: ply + 1,
                error,
            })?;
        }
        game.tags = parsed
            .tags
            .into_iter()
            .filter(|(name, _)| !matches!(name.as_str(), "Result" | "FEN" | "SetUp"))
            .collect();
        Ok(game)
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &R {
        self.positions.last().unwrap_or_else(|| unreachable!())
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &R {
        &self.positions[0]
    }

    /// The side to move (FIDE Laws 1.2).
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The legal moves, in SAN (FIDE Laws 3.10.1).
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        let pos = self.position();
        pos.legal_moves()
            .iter()
            .map(|m| SanPlus::from_move(pos, m).to_string())
            .collect()
    }

    /// The legal moves, as port moves.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position().legal_moves()
    }

    /// Plays a move written in SAN (`e4`, `Nf3`, `O-O`, `exd6`, `e8=Q`; read leniently, so
    /// `e2e4` and `0-0` pass too). Returns the move played, which displays as its canonical
    /// SAN ([`PlayedMove`]).
    ///
    /// # Errors
    ///
    /// [`MoveError`] when the text is not SAN, the game is over, or the move is not legal
    /// (the error says why); the game is then unchanged.
    pub fn play_san(&mut self, san: &str) -> Result<PlayedMove, MoveError> {
        self.refuse_if_over(san)?;
        let parsed = SanPlus::from_ascii(san.trim().as_bytes(), SanMode::Lenient)
            .map_err(MoveError::UnreadableSan)?;
        match parsed.to_move(self.position()) {
            Ok(m) => Ok(self.push(m)),
            Err(SanError::Ambiguous(_)) => Err(MoveError::Ambiguous(san.to_string())),
            Err(SanError::NullMove) => Err(MoveError::NullMove(san.to_string())),
            Err(_) => Err(self.illegal(san)),
        }
    }

    /// Plays a move written as UCI text (`e2e4`, `e7e8q`; castling `e1g1`, or king takes
    /// rook `e1h1`). Returns the move played, which displays as its SAN.
    ///
    /// # Errors
    ///
    /// As [`Game::play_san`].
    pub fn play_uci(&mut self, uci: &str) -> Result<PlayedMove, MoveError> {
        self.refuse_if_over(uci)?;
        let parsed =
            UciMove::from_ascii(uci.trim().as_bytes()).map_err(MoveError::UnreadableUci)?;
        match parsed.to_move(self.position()) {
            Ok(m) => Ok(self.push(m)),
            Err(UciError::NullMove) => Err(MoveError::NullMove(uci.to_string())),
            Err(UciError::Illegal(_)) => Err(self.illegal(uci)),
        }
    }

    /// Plays a port move. Returns the move played, which displays as its SAN.
    ///
    /// # Errors
    ///
    /// As [`Game::play_san`].
    pub fn play(&mut self, m: &Move) -> Result<PlayedMove, MoveError> {
        let text = m.to_uci(self.position().castling_mode());
        self.refuse_if_over(&text)?;
        if self.position().is_legal(m) {
            Ok(self.push(*m))
        } else {
            Err(self.illegal(&text))
        }
    }

    fn refuse_if_over(&self, text: &str) -> Result<(), MoveError> {
        match self.status() {
            Status::Ongoing => Ok(()),
            status => Err(MoveError::GameOver {
                text: text.to_string(),
                status,
            }),
        }
    }

    /// Plays legal `m`, returning it with its SAN.
    fn push(&mut self, m: Move) -> PlayedMove {
        let mut next = self.position().clone();
        let played = PlayedMove::new(m, SanPlus::from_move_and_play(&mut next, &m));
        self.positions.push(next);
        self.moves.push(played);
        played
    }

    /// The error for an illegal move, with the reference model's explanation.
    fn illegal(&self, text: &str) -> MoveError {
        let pos = self.position();
        let setup = pos.to_setup();
        let (reason, detail) = match explain(&setup, pos.castling_mode(), text) {
            Ok(why) => (why.reason, why.detail),
            Err(e) => (None, e.to_string()),
        };
        MoveError::Illegal {
            text: text.to_string(),
            fen: setup.to_fen(),
            reason,
            detail,
        }
    }

    /// Takes back the last move, returning its SAN; `None` at the start.
    pub fn undo(&mut self) -> Option<String> {
        let played = self.moves.pop()?;
        self.positions.pop();
        Some(played.to_string())
    }

    /// The moves played, in SAN (strings, as chess.js's `history()`).
    #[must_use]
    pub fn history(&self) -> Vec<String> {
        self.moves.iter().map(PlayedMove::to_string).collect()
    }

    /// The moves played, each with its SAN.
    #[must_use]
    pub fn played(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// The moves played, as port moves.
    #[must_use]
    pub fn history_moves(&self) -> Vec<Move> {
        self.moves.iter().map(PlayedMove::to_move).collect()
    }

    /// The position now as FEN (the en-passant square only when the capture is legal).
    #[must_use]
    pub fn fen(&self) -> String {
        self.position().to_setup().to_fen()
    }

    /// How the game stands by the rules that end it without a claim ([`Status`]).
    #[must_use]
    pub fn status(&self) -> Status {
        self.position().status()
    }

    /// The side to move is in check (FIDE Laws 3.9.1).
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// The side to move is checkmated: the game is won (FIDE Laws 5.1.1).
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.status() == Status::Checkmate
    }

    /// The side to move has no legal move and is not in check: drawn (FIDE Laws 5.2.1).
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        self.status() == Status::Stalemate
    }

    /// Neither side can mate by python-chess's rule (FIDE Laws 5.2.2, 6.9): drawn.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        self.position().is_insufficient_material()
    }

    /// The game has ended drawn by rule, no claim needed: stalemate (5.2.1), insufficient
    /// material (5.2.2), fivefold repetition (9.6.1) or 75 moves (9.6.2). The draws a player
    /// must claim are [`Game::can_claim_draw`].
    #[must_use]
    pub fn is_draw(&self) -> bool {
        matches!(
            self.status(),
            Status::Stalemate
                | Status::InsufficientMaterial
                | Status::FivefoldRepetition
                | Status::SeventyfiveMoves
        )
    }

    /// The position has occurred three times: the player to move may claim a draw (9.2).
    #[must_use]
    pub fn is_threefold_repetition(&self) -> bool {
        self.position().is_threefold_repetition()
    }

    /// Fifty moves by each side without a pawn move or capture: a draw may be claimed (9.3).
    #[must_use]
    pub fn is_fifty_moves(&self) -> bool {
        self.position().is_fifty_moves()
    }

    /// A draw may be claimed now (threefold repetition or fifty moves); the game goes on
    /// unless it is.
    #[must_use]
    pub fn can_claim_draw(&self) -> bool {
        self.is_threefold_repetition() || self.is_fifty_moves()
    }

    /// The game has ended: checkmate or a draw by rule ([`Game::is_draw`]).
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.status() != Status::Ongoing
    }

    /// The result token: `1-0`, `0-1`, `1/2-1/2` once the game has ended, else `*`.
    #[must_use]
    pub fn result(&self) -> &'static str {
        self.outcome().map_or("*", |o| o.result())
    }

    /// How the game ended, as python-chess's `Board.outcome()`: what ended it and who won;
    /// `None` while it goes on (a draw that must be claimed does not end it).
    ///
    /// ```
    /// use vdmchess::{Game, Termination};
    /// let game = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
    /// let outcome = game.outcome().unwrap();
    /// assert_eq!((outcome.termination, outcome.winner), (Termination::Stalemate, None));
    /// assert_eq!(Game::new().outcome(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        Termination::of(self.status()).map(|termination| Outcome {
            termination,
            winner: (termination == Termination::Checkmate).then(|| self.turn().other()),
        })
    }

    /// The value of a PGN tag the game carries (`Event`, `White` ...).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a PGN tag (`Result`, `FEN` and `SetUp` are the game's own and are ignored).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if matches!(name, "Result" | "FEN" | "SetUp") {
            return;
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The game as PGN export text: the Seven Tag Roster (with its defaults), the other tags,
    /// `FEN` and `SetUp` when the start is not the standard one, the moves in SAN wrapped at
    /// 80 columns, and the result.
    #[must_use]
    pub fn pgn(&self) -> String {
        let mut tags = self.tags.clone();
        tags.push(("Result".into(), self.result().into()));
        let start = self.start().to_setup();
        if start != Setup::start() {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start.to_fen()));
        }
        let game = pgn::Game {
            tags,
            lines: vec![Line {
                items: self
                    .moves
                    .iter()
                    .map(|m| Item::Move(m.to_string()))
                    .collect(),
            }],
            result: Some(self.outcome().map(|o| o.to_pgn())),
            errors: Vec::new(),
        };
        let mut out = String::new();
        pgn::write_game(&game, &mut out);
        out
    }

    /// The board in a frame of FEN letters, White at the bottom, as chess.js draws it.
    #[must_use]
    pub fn ascii(&self) -> String {
        board_text(
            &self.position().to_setup().board,
            Glyphs::Ascii,
            Color::White,
        )
    }

    /// The board in Unicode figurines.
    #[must_use]
    pub fn unicode(&self) -> String {
        board_text(
            &self.position().to_setup().board,
            Glyphs::Unicode,
            Color::White,
        )
    }

    /// An SVG picture of the position, the last move tinted and a king in check marked.
    #[must_use]
    pub fn svg(&self) -> String {
        let mut picture = Picture::new(&self.position().to_setup());
        if let Some(m) = self.moves.last() {
            picture.set_last_move(&m.to_move());
        }
        picture.to_svg()
    }
}
