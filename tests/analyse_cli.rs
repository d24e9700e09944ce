//! `vdmchess analyse`: the principal variation in SAN, the score, depth and nodes, as text
//! and as JSON; bad positions are refused with exit code 2.

use std::process::Output;

mod common;
use common::cli::vdmchess;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Its mate in two (1. Qg6, a queen offered) is seen only at depth 12 (the depth moves with
/// the evaluation): the engine reduces and prunes quiet moves (README, "Tuning and the search's features").
const WAC_001: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

#[test]
fn text_output_has_the_line_in_san() {
    let o = vdmchess(&["analyse", "--fen", WAC_001, "--depth", "12"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("depth 12 "), "{text}");
    assert!(text.contains("score mate 2"), "{text}");
    assert!(text.contains("bestmove g3g6"), "{text}");
    assert!(text.contains("pv 1. Qg6"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("pv 1. Qg6 ") && l.ends_with('#')),
        "{text}"
    );
}

#[test]
fn json_output_has_every_field() {
    let o = vdmchess(&["analyse", "--fen", WAC_001, "--depth", "12", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["bestmove"], "g3g6");
    assert_eq!(v["score"]["mate"], 2);
    assert_eq!(v["depth"], 12);
    assert_eq!(v["pv_san"][0], "Qg6");
    assert_eq!(v["pv_uci"][0], "g3g6");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    for field in ["seldepth", "nps", "time_ms", "fen"] {
        assert!(!v[field].is_null(), "{field}");
    }
}

#[test]
fn movetime_and_the_start_position() {
    let o = vdmchess(&["analyse", "--movetime", "50", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["depth"].as_u64().unwrap() >= 1);
    assert!(v["score"]["cp"].is_i64());
}

#[test]
fn positions_without_a_move_say_why() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let o = vdmchess(&["analyse", "--fen", mated, "--depth", "3"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("no legal move: checkmate"));
    let o = vdmchess(&[
        "analyse",
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["bestmove"].is_null());
    assert_eq!(v["score"]["cp"], 0);
}

#[test]
fn bad_positions_exit_with_code_two() {
    for (fen, says) in [
        ("not a fen", "invalid fen"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        // No black king.
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", ""),
    ] {
        let o = vdmchess(&["analyse", "--fen", fen, "--depth", "2"]);
        assert_eq!(o.status.code(), Some(2), "{fen}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{fen}: {err}"
        );
    }
    // --depth and --movetime together are refused by the argument parser.
    let o = vdmchess(&["analyse", "--depth", "2", "--movetime", "10"]);
    assert_eq!(o.status.code(), Some(2));
}
