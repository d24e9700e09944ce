//! The oracle's doors: compare any engine's move generation with the rules, and say why a
//! move is legal or not.
//!
//! - [`explain`]: why a move is legal or illegal, decided by the model alone, naming the VDM
//!   clause and the FIDE Laws article that decide it.
//! - [`diff`]: bisect to the first position where an engine's perft divide differs from
//!   ours, and say which moves it misses or adds there, and why (by [`explain`]).
//! - [`fuzz`]: generate positions, compare each, and shrink the first difference found.
//! - [`engine`]: the [`engine::Engine`] trait and UCI engines (`go perft`); [`script`]:
//!   perftree-style scripts; [`generator`]: a move generator in this process.
//! - `strategies` (feature `proptest`): the fuzz cases as proptest strategies, to run the
//!   same properties in-process against a move generator of your own.
//! - [`case`]: what is asked (a start position and moves); [`divide`]: the answers, in
//!   Stockfish's and perftree's formats; [`process`] and [`shell`]: running engines.

pub mod case;
pub mod diff;
pub mod divide;
pub mod engine;
pub mod explain;
pub mod fuzz;
pub mod generator;
pub mod process;
pub mod recipe;
pub mod rng;
pub mod script;
pub mod shell;
pub mod shrink;
#[cfg(any(test, feature = "proptest"))]
pub mod strategies;
