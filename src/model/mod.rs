//! The reference model: an executable specification of chess that mirrors the VDM++ model in
//! `spec/` module by module and name by name.
//!
//! | VDM++ module   | Rust module | holds |
//! |----------------|-------------|-------|
//! | `PieceModule`  | [`piece`]   | pieces, coordinates, directions, `type_based_moves` |
//! | `BoardModule`  | [`board`]   | moves, history, board states, `possible_moves`, `move` |
//! | `GameModule`   | [`game`]    | the game, the winner, checkmate, stalemate and the draws |
//!
//! Every module is *pure functions over persistent immutable values*: a board state is an
//! ordered persistent set of pieces ([`board::PieceSet`]), a history a persistent vector. Each
//! VDM invariant, precondition and postcondition is a public predicate of the same name
//! (`inv_coordinate`, `inv_move`, `inv_board_state`, `inv_board`, `inv_game`, `pre_move`,
//! `post_move`); constructors enforce the invariants and return typed errors, the checked
//! operations test their preconditions, and postconditions are asserted in debug builds.
//!
//! Renamed because of Rust keywords: VDM `move` is `move_`, the field `type` is `piece_type`.
//!
//! Beside the three VDM modules: [`squares`] (the 8×8 array view move generation builds from a
//! board state for the length of one call, and `move_effect`, the one definition of what a
//! move does), [`port`] (`impl Rules for Game` and the move conversions) and, behind the
//! `quickcheck`/`proptest` features, `arbitrary` (generators for property tests).
//!
//! **Speed.** The model is the specification, so it is written to be read; within that design
//! it is fast: about 5 million perft nodes per second (bulk counting the last ply), several
//! times python-chess, and some ten microseconds per move when replaying games
//! (`benches/compare_python_chess.py`).
//!
//! ```
//! use vdmchess::model::game::{default_game, legal_moves, move_, winner, Winner};
//! let mut game = default_game();
//! // Fool's mate: 1. f3 e5 2. g4 Qh4#
//! for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     let m = legal_moves(&game).into_iter().find(|m| m.to_string() == uci).unwrap();
//!     game = move_(&game, m).unwrap();
//! }
//! assert_eq!(winner(&game), Winner::Black);
//! ```

pub mod board;
pub mod game;
pub mod piece;
pub mod port;
pub mod squares;

#[cfg(any(test, feature = "quickcheck", feature = "proptest"))]
pub mod arbitrary;
