//! `vdmchess diff` against an engine broken on purpose (one rule switched off at a time): it
//! exits 1 with the right path, the right extra or missing move and the right reason; the
//! control engine agrees; `--script`, `--rules model`, `--json` and the reproduce command.
//! Also `vdmchess perftree`.

mod common;

use common::oracle::{
    broken, code, diff_json, err, json, out, strings, vdmchess, vdmchess_command,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// One bug, a position where it shows, and what the bisect must report.
struct Expect {
    bug: &'static str,
    fen: &'static str,
    depth: &'static str,
    /// The acceptable paths (the bisect takes the cheapest differing move).
    paths: &'static [&'static [&'static str]],
    extra: &'static [&'static str],
    missing: &'static [&'static str],
    reason: Option<&'static str>,
    clause: &'static str,
}

const BUGS: &[Expect] = &[
    Expect {
        bug: "ep-rank-pin",
        fen: "8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
        depth: "2",
        paths: &[&["c7c5"]],
        extra: &["b5c6"],
        missing: &[],
        reason: Some("king_in_check"),
        clause: "BoardModule`stateful_impossible_moves",
    },
    Expect {
        bug: "castle-through-check",
        fen: "4k3/1b6/8/8/8/8/8/4K2R b K - 0 1",
        depth: "2",
        paths: &[&["b7a6"], &["b7g2"]],
        extra: &["e1g1"],
        missing: &[],
        reason: Some("castling_check"),
        clause: "BoardModule`may_castle",
    },
    Expect {
        bug: "phantom-castle",
        fen: "4k3/8/8/8/8/6n1/8/4K2R b K - 0 1",
        depth: "2",
        paths: &[&["g3h1"]],
        extra: &["e1g1"],
        missing: &[],
        reason: Some("castling_right"),
        clause: "BoardModule`castling_rights",
    },
    Expect {
        bug: "double-push-blocked",
        fen: "4k3/8/8/3n4/8/8/4P3/4K3 b - - 0 1",
        depth: "2",
        paths: &[&["d5e3"]],
        extra: &["e2e4"],
        missing: &[],
        reason: Some("blocked"),
        clause: "BoardModule`double_push_moves",
    },
    Expect {
        bug: "no-knight-promotion",
        fen: "8/8/2P5/8/8/k7/8/K7 w - - 0 1",
        depth: "3",
        paths: &[&["c6c7", "a3a4"], &["c6c7", "a3b4"], &["c6c7", "a3b3"]],
        extra: &[],
        missing: &["c7c8n"],
        reason: None,
        clause: "BoardModule`promotion_moves",
    },
    Expect {
        bug: "king-touch",
        fen: "8/8/8/3k4/8/3K4/8/8 w - - 0 1",
        depth: "1",
        paths: &[&[]],
        extra: &[],
        missing: &[],
        reason: Some("king_in_check"),
        clause: "BoardModule`stateful_impossible_moves",
    },
];

#[test]
fn control_engine_agrees() {
    for (fen, depth, nodes) in [
        (KIWIPETE, "3", 97_862),
        ("8/8/8/8/8/8/8/K6k w - - 0 1", "4", 324),
    ] {
        let o = diff_json(&broken("--bug none"), fen, depth, &[]);
        assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
        let v = json(&o);
        assert_eq!(v["agree"], true);
        assert_eq!(v["engine_nodes"], nodes);
        assert_eq!(v["our_nodes"], nodes);
    }
}

#[test]
fn diff_finds_each_bug_with_its_path_move_and_reason() {
    for e in BUGS {
        let o = diff_json(&broken(&format!("--bug {}", e.bug)), e.fen, e.depth, &[]);
        assert_eq!(code(&o), 1, "{}: {}{}", e.bug, out(&o), err(&o));
        let v = json(&o);
        assert_eq!(v["agree"], false, "{}", e.bug);
        let path = strings(&v["path"]);
        assert!(
            e.paths.iter().any(|p| *p == path),
            "{}: path {path:?}",
            e.bug
        );
        let extra = strings(&v["extra"]);
        let missing = strings(&v["missing"]);
        if e.bug == "king-touch" {
            let mut sorted = extra.clone();
            sorted.sort();
            assert_eq!(sorted, ["d3c4", "d3d4", "d3e4"], "{}", e.bug);
        } else {
            assert_eq!(extra, e.extra, "{}", e.bug);
        }
        assert_eq!(missing, e.missing, "{}", e.bug);
        let reasons = v["reasons"].as_array().expect("reasons");
        assert_eq!(reasons.len(), extra.len() + missing.len(), "{}", e.bug);
        for r in reasons {
            assert_eq!(r["reason"].as_str(), e.reason, "{}: {r}", e.bug);
            assert_eq!(r["clause"], e.clause, "{}: {r}", e.bug);
            assert!(
                !r["detail"].as_str().unwrap_or("").is_empty(),
                "{}: {r}",
                e.bug
            );
        }
        assert_ne!(v["engine_nodes"], v["our_nodes"], "{}", e.bug);
    }
}

#[test]
fn text_report_names_path_fen_moves_reasons_and_the_command() {
    let o = vdmchess(&[
        "diff",
        "--engine",
        &broken("--bug ep-rank-pin"),
        "--fen",
        "8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
        "--depth",
        "2",
    ]);
    assert_eq!(code(&o), 1);
    let text = out(&o);
    for needed in [
        "differ: perft 2: engine 57, rules 56",
        "path: c7c5 (c5)",
        "fen: 8/8/8/KPp4r/8/8/8/7k w - - 0 2",
        "extra (the engine lists them, the rules forbid them): b5c6",
        "b5c6 is illegal: king_in_check, BoardModule`stateful_impossible_moves (FIDE 3.9.2): taking en passant takes two pawns off rank 5: then the black rook on h5 attacks the white king on a5",
        "--moves c7c5 --depth 1",
    ] {
        assert!(text.contains(needed), "{needed:?} not in:\n{text}");
    }
}

#[test]
fn the_reproduce_command_shows_the_difference_again() {
    for e in BUGS {
        let o = diff_json(&broken(&format!("--bug {}", e.bug)), e.fen, e.depth, &[]);
        let v = json(&o);
        let command = v["reproduce"].as_str().expect("a command");
        let words = vdmchess::oracle::shell::split_command(command).unwrap();
        assert_eq!(words[0], "vdmchess");
        let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let again = vdmchess(&[&args[..], &["--json"]].concat());
        assert_eq!(code(&again), 1, "{command}");
        let w = json(&again);
        assert_eq!(w["extra"], v["extra"], "{command}");
        assert_eq!(w["missing"], v["missing"], "{command}");
        assert_eq!(w["path"], serde_json::json!([]), "{command}");
        assert_eq!(w["fen"], v["fen"], "{command}");
    }
}

#[test]
fn model_rules_find_the_same() {
    let o = vdmchess(&[
        "diff",
        "--engine",
        &broken("--bug phantom-castle"),
        "--fen",
        "4k3/8/8/8/8/6n1/8/4K2R b K - 0 1",
        "--depth",
        "2",
        "--rules",
        "model",
        "--json",
    ]);
    assert_eq!(code(&o), 1, "{}", err(&o));
    let v = json(&o);
    assert_eq!(strings(&v["path"]), ["g3h1"]);
    assert_eq!(strings(&v["extra"]), ["e1g1"]);
    assert!(v["reproduce"]
        .as_str()
        .unwrap()
        .ends_with("--depth 1 --rules model"));
}

#[test]
fn moves_before_the_comparison_carry_history() {
    // The capture happens in --moves: only an engine that follows them sees the phantom right.
    let o = vdmchess(&[
        "diff",
        "--engine",
        &broken("--bug phantom-castle"),
        "--fen",
        "4k3/8/8/8/8/6n1/8/4K2R b K - 0 1",
        "--moves",
        "g3h1",
        "--depth",
        "1",
        "--json",
    ]);
    assert_eq!(code(&o), 1);
    let v = json(&o);
    assert_eq!(strings(&v["moves"]), ["g3h1"]);
    assert_eq!(strings(&v["path"]), Vec::<String>::new());
    assert_eq!(strings(&v["extra"]), ["e1g1"]);
    // An illegal move in --moves is bad input: exit 2, never sent.
    let o = vdmchess(&[
        "diff",
        "--engine",
        &broken("--bug none"),
        "--moves",
        "e2e5",
        "--depth",
        "1",
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        err(&o).contains("move 1 (e2e5) is illegal: geometry (FIDE 3.7): "),
        "{}",
        err(&o)
    );
    assert!(
        err(&o).ends_with(", in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"),
        "{}",
        err(&o)
    );
}

#[test]
fn chess960_positions_set_the_engine_option() {
    // The broken engine writes castling king-takes-rook only when told UCI_Chess960.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let o = diff_json(&broken("--bug none"), fen, "3", &[]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    assert_eq!(json(&o)["our_nodes"], 12_189);
    // Castling with the h-rook is e1h1 here, not e1g1: an engine that ignored the option would
    // list e1g1 instead.
    let o = diff_json(
        &broken("--bug none"),
        "1r2k3/8/8/8/8/8/8/4K2R w Hb - 0 1",
        "2",
        &[],
    );
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    assert_eq!(json(&o)["our_nodes"], 220);
    let o = diff_json(
        &broken("--bug castle-through-check"),
        "4kr2/8/8/8/8/8/8/4K1R1 w G - 0 1",
        "1",
        &[],
    );
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert_eq!(strings(&json(&o)["extra"]), ["e1g1"]);
}

#[test]
fn scripts_in_perftree_convention() {
    let o = vdmchess(&[
        "diff",
        "--script",
        &vdmchess_command("perftree"),
        "--fen",
        KIWIPETE,
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    assert_eq!(json(&o)["engine_nodes"], 97_862);
    // A script that forgets e2e4 (and fixes its total): missing at the root.
    let script = format!(
        "sh -c '{} perftree \"$@\" | awk '\\''$1==\"e2e4\" {{skip=$2; next}} NF==1 {{print $1-skip; next}} {{print}}'\\''' script",
        env!("CARGO_BIN_EXE_vdmchess")
    );
    let o = vdmchess(&["diff", "--script", &script, "--depth", "2", "--json"]);
    assert_eq!(code(&o), 1, "{}{}", out(&o), err(&o));
    let v = json(&o);
    assert_eq!(strings(&v["missing"]), ["e2e4"]);
    assert_eq!(v["engine_nodes"], 380);
    assert!(v["reproduce"]
        .as_str()
        .unwrap()
        .starts_with("vdmchess diff --script "));
    // A script that fails: exit 2 with its status and standard error.
    let o = vdmchess(&[
        "diff",
        "--script",
        "sh -c 'echo oops >&2; exit 3'",
        "--depth",
        "1",
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        err(&o).contains("exit status: 3") && err(&o).contains("\"oops\""),
        "{}",
        err(&o)
    );
}

#[test]
fn perftree_answers_the_script_convention() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let o = vdmchess(&["perftree", "2", start, "e2e4 e7e5"]);
    assert_eq!(code(&o), 0);
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 29 + 2);
    assert!(lines.contains(&"e1e2 29"), "{text}");
    assert_eq!(lines[29], "");
    assert_eq!(lines[30], "835");
    // Without moves, and with an empty moves argument (perftree passes one).
    assert_eq!(
        out(&vdmchess(&["perftree", "1", start])).lines().last(),
        Some("20")
    );
    assert_eq!(
        out(&vdmchess(&["perftree", "1", start, ""])).lines().last(),
        Some("20")
    );
    // Upper-case promotion as perftree writes it.
    let o = vdmchess(&["perftree", "1", "8/P7/8/8/8/8/8/k1K5 w - - 0 1", ""]);
    assert_eq!(out(&o).lines().last(), Some("7"));
    let o = vdmchess(&["perftree", "1", "8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8Q"]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    for (args, message) in [
        (&["perftree", "1", "not a fen"][..], "fen"),
        (
            &["perftree", "1", start, "e2e5"][..],
            "is illegal: geometry",
        ),
        (&["perftree", "0", start][..], "0 is not in 1..=32"),
    ] {
        let o = vdmchess(args);
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(err(&o).contains(message), "{args:?}: {}", err(&o));
    }
}
