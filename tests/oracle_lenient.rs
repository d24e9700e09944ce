//! `--lenient`: positions that break only the material limits (more than 16 pieces or 8 pawns
//! a side), as perft test positions do, are accepted by `perft`, `show`, `diff` and `fuzz`;
//! what the rules cannot play is refused as without it; without it nothing changes.

mod common;

use common::oracle::{broken, code, diff_json, err, json, out, vdmchess};

/// 270 legal moves, and every one of them ends the game (perft 2 = 0; python-chess 1.11 counts
/// the same).
const QUEENS: &str = "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";
/// Nine white pawns.
const PAWNS: &str = "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1";

#[test]
fn perft_counts_beyond_the_material_limits() {
    for (depth, nodes) in [("1", "Nodes searched: 270"), ("2", "Nodes searched: 0")] {
        let o = vdmchess(&["perft", "--lenient", "--depth", depth, "--fen", QUEENS]);
        assert_eq!(code(&o), 0, "{}", err(&o));
        assert_eq!(out(&o).trim(), nodes);
    }
    // python-chess 1.11 counts 18, 90 and 1,580 for depths 1 to 3.
    let o = vdmchess(&["perft", "--lenient", "--depth", "3", "--fen", PAWNS]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert_eq!(out(&o).trim(), "Nodes searched: 1580");
}

#[test]
fn without_lenient_nothing_changes() {
    for (fen, problem) in [
        (QUEENS, "white has more than 16 pieces"),
        (PAWNS, "white has more than 8 pawns"),
    ] {
        for sub in [
            &["perft", "--depth", "1"][..],
            &["show"][..],
            &["diff", "--engine", "x", "--depth", "1"][..],
        ] {
            let o = vdmchess(&[sub, &["--fen", fen]].concat());
            assert_eq!(code(&o), 2, "{sub:?}");
            assert!(err(&o).contains(problem), "{sub:?}: {}", err(&o));
        }
    }
}

#[test]
fn what_the_rules_cannot_play_is_still_refused_with_the_same_error() {
    for fen in [
        "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/8/K7 w - - 0 1", // no black king
        "k7/QQQQQQQQ/QQQQQQQQ/8/8/8/8/K7 w - - 0 1",       // Black in check, White to move
        "k7/8/8/8/8/8/8/KPPPPPPP w - - 0 1",               // pawns on the first rank
    ] {
        let strict = vdmchess(&["perft", "--depth", "1", "--fen", fen]);
        let lenient = vdmchess(&["perft", "--lenient", "--depth", "1", "--fen", fen]);
        assert_eq!((code(&strict), code(&lenient)), (2, 2), "{fen}");
        let without_material = |e: String| e.replace("white has more than 16 pieces; ", "");
        assert_eq!(without_material(err(&strict)), err(&lenient), "{fen}");
    }
}

#[test]
fn show_diff_and_fuzz_accept_it() {
    let o = vdmchess(&["show", "--lenient", "--fen", QUEENS]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert!(out(&o).contains("legal moves (270): "), "{}", out(&o));
    let o = diff_json(&broken("--bug none"), QUEENS, "2", &["--lenient"]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    assert_eq!(json(&o)["engine_nodes"], 0);
    let o = diff_json(&broken("--bug none"), PAWNS, "3", &["--lenient"]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    assert_eq!(json(&o)["our_nodes"], 1_580);
    let o = diff_json(
        &broken("--bug king-touch"),
        "8/8/8/3k4/P7/3K4/PPPPPPPP/8 w - - 0 1",
        "1",
        &["--lenient"],
    );
    assert_eq!(code(&o), 1, "{}{}", out(&o), err(&o));
    let o = vdmchess(&[
        "fuzz",
        "--lenient",
        "--engine",
        &broken("--bug none"),
        "--seed",
        "9",
        "--cases",
        "2000",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    assert_eq!(json(&o)["cases"], 2000);
}

#[test]
fn lenient_needs_the_core() {
    let o = vdmchess(&[
        "perft",
        "--lenient",
        "--rules",
        "model",
        "--depth",
        "1",
        "--fen",
        QUEENS,
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        err(&o).contains("--lenient works with --rules core only"),
        "{}",
        err(&o)
    );
}
