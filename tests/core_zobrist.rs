//! The core's PolyGlot keys: the published test keys of the PolyGlot book format, and the
//! incremental key equal to the key recomputed from scratch after every move of random games.

use proptest::prelude::*;
use vdmchess::core::{Chess, Position};
use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, Rules, Setup};

/// Plays UCI moves (standard castling notation) from the start and returns the final key.
fn key_after(ucis: &[&str]) -> u64 {
    let mut game = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
    for uci in ucis {
        let m = game
            .legal_moves()
            .into_iter()
            .find(|m| m.to_uci(CastlingMode::Standard) == *uci)
            .unwrap_or_else(|| panic!("{uci} is not legal"));
        game.play_unchecked(&m);
        assert!(game.position().is_consistent());
    }
    game.position().hash()
}

/// The test positions of the PolyGlot book format page (H. G. Muller), with their keys.
#[test]
fn published_polyglot_keys() {
    let cases: [(&[&str], u64); 9] = [
        (&[], 0x463b96181691fc9c),
        (&["e2e4"], 0x823c9b50fd114196),
        (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
            0x652a607ca3f242c1,
        ),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
            0x00fdd303c946bdd9,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
            0x3c8123ea7b067637,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
            0x5c3f9b829b279560,
        ),
    ];
    for (moves, key) in cases {
        assert_eq!(key_after(moves), key, "after {moves:?}");
    }
}

/// Keys computed with python-chess 1.11.2 `chess.polyglot.zobrist_hash` while developing (which
/// agreed with the core on all 34,521 positions of 600 random games, a third of them Chess960).
#[test]
fn keys_agree_with_python_chess() {
    let cases = [
        // d3 capture pseudo-legal but illegal (the rank skewer a4-h4): PolyGlot still hashes it.
        ("8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1", 0x83bf25e378cb17d0),
        // A legal en-passant capture.
        ("4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1", 0x95d82c64c48b836b),
        // No pawn beside the pushed one: the en-passant file is not hashed.
        ("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", 0x21ec69168c52bb26),
        // Chess960: rights on rooks off the corners are hashed by side of the king.
        (
            "nrqkbrnb/pppppppp/8/8/8/5N2/PPPPPPPP/NRQKBR1B b FBfb - 1 1",
            0x4bd2ee730504bebf,
        ),
        (
            "nrqkbrnb/pppppp1p/8/6p1/8/5N2/PPPPPPPP/NRQKBR1B w FBfb g6 0 2",
            0xcb911eae91b04135,
        ),
    ];
    for (fen, key) in cases {
        let pos = Position::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Chess960).unwrap();
        assert_eq!(pos.hash(), key, "{fen}");
        assert_eq!(pos.hash_from_scratch(), key, "{fen}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// After every move of a random game from a random Chess960 start (the standard start
    /// among them), the incremental key equals the key recomputed from scratch, and the
    /// position's bookkeeping is consistent.
    #[test]
    fn incremental_key_equals_recomputed(start in 0u32..960, picks in prop::collection::vec(any::<u16>(), 0..160)) {
        let mut game = Chess::from_setup(&Setup::chess960_start(start), CastlingMode::Chess960).unwrap();
        for pick in picks {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(&moves[pick as usize % moves.len()]);
            let pos = game.position();
            prop_assert!(pos.is_consistent(), "{}", game.to_setup().to_fen());
            prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
            // Rebuilding the position from its FEN gives the same key.
            let rebuilt = Position::from_setup(&game.to_setup(), CastlingMode::Chess960).unwrap();
            prop_assert_eq!(rebuilt.hash() == pos.hash(), pos.pseudo_ep_square() == rebuilt.pseudo_ep_square());
        }
    }
}
