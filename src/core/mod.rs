//! The performance core: bitboards, compile-time attack tables, legal move generation with
//! check and pin masks, a small `Copy` position played by copy-make, incremental PolyGlot
//! Zobrist keys, and perft with bulk counting.
//!
//! The core never depends on the reference model; the tests join the two through the port
//! ([`crate::rules::Rules`]), which [`Chess`] implements.
//!
//! - [`bitboard`]: square sets as `u64`.
//! - [`attacks`] and [`magic`]: attack tables, built by `const fn`.
//! - [`position`]: [`Position`], making moves.
//! - [`movegen`]: legal move generation.
//! - [`zobrist`] and [`polyglot_keys`]: hashing.
//! - [`perft`](mod@perft): node counting, divide, threads.
//! - [`chess`]: [`Chess`], the port implementation with the draw rules' history.
//!
//! ```
//! use vdmchess::core::{perft, Position};
//! let kiwipete = vdmchess::notation::fen::parse_fen(
//!     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
//! let pos = Position::from_setup(&kiwipete, vdmchess::CastlingMode::Standard).unwrap();
//! assert_eq!(perft::perft(&pos, 3), 97_862);
//! ```

pub mod attacks;
pub mod bitboard;
pub mod chess;
pub mod magic;
pub mod movegen;
pub mod perft;
pub mod polyglot_keys;
pub mod position;
pub mod zobrist;

pub use chess::Chess;
pub use movegen::MoveGroup;
pub use perft::{perft, perft_divide, perft_divide_threads, perft_threads};
pub use position::Position;
