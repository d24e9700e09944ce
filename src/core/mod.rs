//! The performance core: bitboards, compile-time attack tables, legal move generation with
//! check and pin masks, a small `Copy` position played by copy-make, incremental PolyGlot
//! Zobrist keys, and perft with bulk counting.
//!
//! The core never depends on the reference model; the tests join the two through the port
//! ([`crate::rules::Rules`]), which [`Chess`] implements.
//!
//! - [`bitboard`]: square sets as `u64`.
//! - [`attacks`] and [`magic`]: attack tables, built by `const fn`.
//! - [`castling`]: where king and rook land when castling.
//! - [`position`]: [`Position`], making moves.
//! - [`legality`]: the one legality test (checks, pins, king safety, en passant, castling).
//! - [`movegen`]: legal move generation.
//! - [`zobrist`] and [`polyglot_keys`]: hashing.
//! - [`chess`]: [`Chess`], the port implementation with the draw rules' history.
//! - `port`: [`Position`] behind the port too, a position with no past (for perft and search).
//!
//! Perft is the port's ([`crate::rules::perft`]); the core counts its last ply in bulk
//! ([`Position::count_legal`]: the sizes of the move groups added up, no leaf move played).
//!
//! ```
//! use vdmchess::core::Position;
//! let kiwipete = vdmchess::notation::fen::parse_fen(
//!     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
//! let pos = Position::from_setup(&kiwipete, vdmchess::CastlingMode::Standard).unwrap();
//! assert_eq!(vdmchess::rules::perft(&pos, 3), 97_862);
//! ```

pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod chess;
pub mod legality;
pub mod magic;
pub mod movegen;
pub mod polyglot_keys;
mod port;
pub mod position;
pub mod zobrist;

pub use chess::Chess;
pub use movegen::MoveGroup;
pub use position::Position;
