//! The reference model: an executable specification of chess that mirrors the VDM++ model in
//! `spec/` module by module, function by function and clause by clause.
//!
//! | VDM++ class    | Rust module | holds |
//! |----------------|-------------|-------|
//! | `PieceModule`  | [`piece`]   | pieces, coordinates, directions, `type_based_moves` |
//! | `BoardModule`  | [`board`]   | moves, history, boards, `attacked_by`, `possible_moves`, `move` |
//! | `GameModule`   | [`game`]    | the game, the winner, checkmate, stalemate and the draws |
//!
//! **The twins.** Every function of `spec/*.vdmpp` is a public function of the same name in the
//! module of its class, with the same parameters (VDM types map to Rust types by the one table
//! in `spec/README.md`; `tests/traceability.rs` checks every signature against it) and the
//! same body: a set comprehension is an iterator pipeline over a [`Set`], `exists` is `any`,
//! `forall` is `all`, `dunion` is [`Set::unions`], `\` is `relative_complement`. Put a finger
//! on a line of the spec and the same line is in the twin. The twins are written to be read,
//! not to be fast: `board::possible_moves` plays every candidate move on a persistent set and
//! asks `attacked_by` about the king, as the spec says.
//!
//! **The fast forms.** Where the model needs to be fast (perft, the replay runner, the
//! contracts checked on every move), it uses the functions of [`array`](mod@array): the same functions
//! computed on an 8×8 array view of the state, with the pin-line shortcut for legality. Each is
//! named for what it is (`possible_moves_on_array`, `attacked_by_on_array`, ...), and
//! `tests/model_twins.rs` proves each equal to its twin on random boards.
//!
//! **The contracts.** Each VDM `inv_T`, `pre_f` and `post_f` is a public predicate of the same
//! name (`inv_coordinate`, `inv_move`, `inv_board_state`, `inv_start`, `inv_board`, `pre_move`,
//! `post_move`, ...), checked where the spec says it holds, in release builds too: the
//! constructors and deserialisation refuse values that break an invariant with a typed error,
//! `move` refuses a move that breaks its precondition with a typed error, and a broken
//! postcondition or invariant of a result (a bug of the model, never of its input) panics.
//! The checks of results can be switched off for measurement by building without the default
//! feature `contracts`; `README.md` lists what is checked when.
//!
//! Renamed because of keywords: VDM `move` is `move_`, the field `type` is `piece_type`, the
//! field `start_` is `start`, VDM's `isCheck` is `is_check` (see `spec/README.md`).
//!
//! Beside the three VDM modules: [`array`](mod@array) (the fast forms), [`port`] (`impl Rules for Game`
//! and the move conversions) and, behind the `quickcheck`/`proptest` features, `arbitrary`
//! (generators for property tests).
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

pub mod array;
pub mod board;
pub mod game;
pub mod pgn;
pub mod piece;
pub mod port;
pub mod runner;

#[cfg(any(test, feature = "quickcheck", feature = "proptest"))]
pub mod arbitrary;

/// VDM's `set of T`: the one persistent set type of the model. Swap the implementation here.
/// Cloning is O(1); `contains`, `insert` and `remove` are O(log n).
pub type Set<T> = im::OrdSet<T>;

/// VDM's `seq of T`: the one persistent sequence type of the model. Cloning is O(1),
/// `push_back` amortised O(1), indexing O(log n).
pub type Seq<T> = im::Vector<T>;

/// Checks a contract that only a bug of the model can break (a postcondition, the invariant
/// of a value the model computed): with the default feature `contracts` it panics naming the
/// clause when `holds` is false; without it, `holds` is not even evaluated.
///
/// # Panics
///
/// When the feature `contracts` is on and `holds()` is false.
#[inline]
pub(crate) fn ensure(clause: &str, holds: impl FnOnce() -> bool) {
    if cfg!(feature = "contracts") && !holds() {
        panic!("contract violated: {clause}");
    }
}
