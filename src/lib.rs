//! # vdmchess
//!
//! Chess as an executable specification: a VDM++ model of the rules (`spec/`), its Rust twin
//! ([`model`]), a fast bitboard core proven equal to it ([`core`]), and on top of both a
//! front door for playing games, an oracle that explains moves, and a PGN replay runner.
//!
//! ## Play a game
//!
//! [`Game`] is the front door, for those who know chess.js or python-chess:
//!
//! ```
//! use vdmchess::Game;
//!
//! let mut game = Game::new();
//! game.play_san("e4")?;
//! game.play_uci("e7e5")?;
//! game.play_san("Qh5")?;
//! game.play_san("Nc6")?;
//! game.play_san("Bc4")?;
//! game.play_san("Nf6")?;
//! assert_eq!(game.play_san("Qxf7").unwrap(), "Qxf7#");
//! assert!(game.is_checkmate());
//! assert_eq!(game.result(), "1-0");
//! assert_eq!(game.history(), ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
//!
//! // A refused move changes nothing, and says why.
//! let mut game = Game::new();
//! let err = game.play_san("Bc4").unwrap_err();
//! assert_eq!(err.to_string(), "illegal move \"Bc4\" (blocked): the white pawn on e2 stands between f1 and c4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! It runs on the core; `Game<model::game::Game>` runs the same game on the specification.
//!
//! ## The specification
//!
//! [`model`] mirrors the VDM++ classes of `spec/` (`PieceModule`, `BoardModule`,
//! `GameModule`): pure functions over persistent values, every invariant, precondition and
//! postcondition a named, checked function. `spec/TOUR.md` follows one rule from the FIDE Laws
//! through the VDM clause and its Rust twin to the tests.
//!
//! ```
//! use vdmchess::model::board::{default_board, possible_moves};
//! assert_eq!(possible_moves(&default_board()).len(), 20);
//! ```
//!
//! ## The oracle
//!
//! [`oracle::explain`] says why a move is illegal (or what a legal one does), naming the VDM
//! clause and the FIDE article, decided by the model alone; [`core`] is fast and proven equal
//! to the model, for perft and for checking other move generators.
//!
//! ```
//! use vdmchess::oracle::explain::{explain, Reason};
//! use vdmchess::{notation::fen::parse_fen, CastlingMode};
//! let setup = parse_fen("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1")?;
//! let why = explain(&setup, CastlingMode::Standard, "O-O")?;
//! assert_eq!(why.reason, Some(Reason::CastlingCheck));
//! assert_eq!(why.detail, "f1, which the king crosses, is attacked by the black bishop on a6");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The runner and the rest
//!
//! - [`runner`]: replays PGN files (plain, `.zst`, `.gz`) through the core, the model or both.
//! - [`rules`]: the port, one trait both the model and the core implement; perft, SAN, PGN
//!   replay and the CLI are written once over it.
//! - [`notation`]: FEN, SAN, UCI move text and PGN. [`render`]: boards as text and SVG.
//! - [`book`]: Polyglot opening books, read as python-chess reads them, and written.

// `unsafe` is denied everywhere but the transposition table's two memory hints
// (`search::tt::memory`: a prefetch and huge pages), each commented and measured.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod book;
pub mod core;
pub mod game;
pub mod model;
pub mod notation;
pub mod oracle;
pub mod render;
pub mod rules;
pub mod runner;
pub mod search;
#[cfg(feature = "serve")]
pub mod serve;
pub mod setup;
pub mod types;

pub use game::{Game, Outcome, PlayedMove, Termination};
pub use rules::{Claim, Move, MoveKind, PlayError, Rules, Status};
pub use setup::{CastlingMode, MaterialLimits, Setup, SetupError, SetupProblem};
pub use types::{Color, Piece, Role, Square, SquareSet};

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
