//! The performance core: bitboards, compile-time attack tables, legal move generation with
//! check and pin masks, a small `Copy` position played by copy-make, incremental PolyGlot
//! Zobrist keys, and perft with bulk counting.
//!
//! The core never depends on the reference model; the tests join the two through the port
//! ([`crate::rules::Rules`]), which [`Chess`] implements.
//!
//! - [`bitboard`]: square sets as `u64`.
//! - [`attacks`]: attack tables, built by `const fn` (the sliders' magic tables are internal).
//! - [`castling`]: where king and rook land when castling.
//! - [`position`]: [`Position`], making moves.
//! - [`zobrist`] and [`polyglot_keys`]: hashing.
//! - [`chess`]: [`Chess`], the port implementation with the draw rules' history.
//!
//! Internal, not part of the API: the legality test (checks, pins, king safety, en passant,
//! castling, decided in one place), legal move generation in move groups, and the magic
//! tables; [`Position`]'s methods are their public face.
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
mod legality;
mod magic;
mod movegen;
pub mod polyglot_keys;
mod port;
pub mod position;
pub mod zobrist;

pub use chess::Chess;
pub use position::Position;
