//! The engine: an evaluation, an α-β search with a transposition table, and the UCI protocol
//! that lets chess programs drive it. A layer above the core: the core and the model never
//! import it.
//!
//! - [`eval`]: the static evaluation (material, tapered piece-square tables, pawn structure,
//!   mobility, king safety ...), one named function per term.
//! - [`tt`]: the transposition table, keyed by the core's PolyGlot key.
//! - [`see`] and [`ordering`]: static exchange evaluation and move ordering (TT move, good
//!   captures, killers, history, bad captures).
//! - [`interface`]: what a search is given and gives back ([`Limits`], [`Signals`],
//!   [`SearchConfig`], [`Info`], [`SearchResult`], [`Score`]).
//! - [`search`](mod@search): [`Searcher`], iterative deepening with aspiration windows over a
//!   negamax principal-variation search with quiescence, null-move pruning, late-move
//!   reductions and futility pruning, and draws by repetition (of the game's history too),
//!   the fifty-move rule and insufficient material inside the tree. [`SearchConfig::exact`]
//!   switches every selective feature off: the search then returns the minimax value, which
//!   `tests/search_oracle.rs` checks against a plain minimax over the reference model.
//! - [`time`]: how long to think with a clock.
//! - [`uci`]: the UCI protocol (`vdmchess uci`); [`analysis`]: `vdmchess analyse`.
//!
//! Scores are centipawns from the side to move's point of view; a mate is [`MATE`] less the
//! number of plies to it (negative when the side to move is mated).
//!
//! ```
//! use vdmchess::core::Position;
//! use vdmchess::notation::fen::parse_fen;
//! use vdmchess::search::{Limits, Score, Searcher, Signals};
//! use vdmchess::CastlingMode;
//! // White mates in one: Ra8#.
//! let setup = parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let pos = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
//! let mut searcher = Searcher::new(16);
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let result = searcher.search(&pos, &[], &limits, &Signals::new(), &mut |_| {});
//! assert_eq!(result.best.unwrap().to_string(), "a1a8");
//! assert_eq!(result.score, Score::Mate(1));
//! ```

pub mod analysis;
pub mod correction;
pub mod eval;
pub mod interface;
pub mod ordering;
#[allow(clippy::module_inception)]
pub mod search;
pub mod see;
pub mod time;
pub mod tt;
pub mod uci;

pub use interface::{Info, Limits, Score, SearchConfig, SearchResult, Signals};
pub use search::{Fired, Searcher};

/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;

/// The deepest the search goes, in plies from the root.
pub const MAX_PLY: usize = 128;

/// Scores at least this far from zero are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// Beyond every score.
pub const INFINITY: i32 = 32_500;
