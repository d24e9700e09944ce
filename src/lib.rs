//! # vdmchess
//!
//! An executable, formally modelled specification of chess, a fast bitboard core proven to
//! agree with it, and a PGN replay runner built on both.
//!
//! - [`model`]: the reference model, mirroring the VDM++ classes in `spec/` (`PieceModule`,
//!   `BoardModule`, `GameModule`): pure functions over persistent values, every invariant,
//!   precondition and postcondition a named, checked function.
//! - [`core`]: the performance core: bitboards, legal move generation, Polyglot Zobrist, perft.
//! - [`rules`]: the port, one trait both implement; perft, SAN, PGN replay and the CLI are
//!   written once over it.
//! - [`notation`]: FEN, SAN, UCI move text and PGN.
//!
//! ```
//! use vdmchess::{CastlingMode, Setup};
//! let setup = vdmchess::notation::fen::parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
//! assert_eq!(setup, Setup::start());
//! assert!(setup.validate(CastlingMode::Standard).is_ok());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod core;
pub mod model;
pub mod notation;
pub mod oracle;
pub mod rules;
pub mod runner;
pub mod setup;
pub mod types;

pub use rules::{Move, MoveKind, PlayError, Rules, Status};
pub use setup::{CastlingMode, MaterialLimits, Setup, SetupError, SetupProblem};
pub use types::{Color, Piece, Role, Square, SquareSet};

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
