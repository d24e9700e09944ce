//! proptest strategies for the oracle's cases (feature `proptest`): run the properties of
//! `vdmchess fuzz` in-process against your own move generator, with proptest's shrinking.
//!
//! [`recipes`] draws the same [`Recipe`]s as `vdmchess fuzz` (games from the standard start
//! and from Chess960 starts, random placements, positions rich in pins, checks, promotions,
//! en passant and castling); [`cases`] builds them into valid [`Case`]s. proptest shrinks a
//! failing recipe by dropping choices (plies, pieces, motifs); [`super::shrink::shrink`] can
//! shrink the case further, and [`check`](super::generator::check) bisects it.
//!
//! # Examples
//!
//! The property "my generator lists the legal moves of every position", with the core standing
//! in for your generator (a function from a position to its legal moves as UCI text):
//!
//! ```
//! use proptest::prelude::*;
//! use proptest::test_runner::{Config, TestRunner};
//! use vdmchess::core::Chess;
//! use vdmchess::oracle::{generator::check, strategies::cases};
//! use vdmchess::{CastlingMode, Rules, Setup};
//!
//! fn my_legal_moves(setup: &Setup, mode: CastlingMode) -> Vec<String> {
//!     let pos = Chess::from_setup(setup, mode).unwrap();
//!     pos.legal_moves().iter().map(|m| m.to_uci(mode)).collect()
//! }
//!
//! let mut runner = TestRunner::new(Config { cases: 200, ..Config::default() });
//! runner
//!     .run(&cases(), |case| {
//!         let report = check(&case, 1, my_legal_moves).unwrap();
//!         prop_assert!(report.agree, "{report}");
//!         Ok(())
//!     })
//!     .unwrap();
//! ```
//!
//! In a test suite, the same property reads `proptest! { #[test] fn agrees(case in cases()) {
//! ... } }`.

use proptest::collection::vec;
use proptest::prelude::*;

use super::case::Case;
use super::recipe::{Motif, Recipe};
use crate::setup::MaterialLimits;

fn pieces(max: usize) -> impl Strategy<Value = Vec<(u8, u8)>> {
    vec((0u8..64, 0u8..10), 0..=max)
}

/// Recipes as `vdmchess fuzz` draws them; with [`MaterialLimits::Ignored`], placements may be
/// crowded beyond the material limits.
pub fn recipes(limits: MaterialLimits) -> impl Strategy<Value = Recipe> {
    let crowd = match limits {
        MaterialLimits::Enforced => 24,
        MaterialLimits::Ignored => 44,
    };
    let game = (prop::option::of(0u32..960), vec(any::<u32>(), 0..=120))
        .prop_map(|(chess960, choices)| Recipe::Game { chess960, choices });
    let placement = (
        any::<bool>(),
        any::<[u8; 2]>(),
        pieces(crowd),
        0u8..16,
        any::<u8>(),
    )
        .prop_map(
            |(white_to_move, kings, pieces, castling, ep)| Recipe::Placement {
                white_to_move,
                kings,
                pieces,
                castling,
                ep,
            },
        );
    let motif = (prop::sample::select(Motif::ALL.to_vec()), any::<u32>());
    let rich = (
        any::<bool>(),
        any::<[u8; 2]>(),
        vec(motif, 1..=3),
        pieces(8),
    )
        .prop_map(|(white_to_move, kings, motifs, pieces)| Recipe::Rich {
            white_to_move,
            kings,
            motifs,
            pieces,
        });
    prop_oneof![game, placement, rich]
}

/// Valid cases within the material limits, built from [`recipes`].
pub fn cases() -> impl Strategy<Value = Case> {
    recipes(MaterialLimits::Enforced).prop_map(|r| r.build(MaterialLimits::Enforced))
}
