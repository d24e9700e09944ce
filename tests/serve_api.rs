//! The playground's JSON API, in process: its answers equal the crate's own (`explain`, the
//! legal moves, the SVG of `show --svg` and `explain --svg`), every kind of bad input gets
//! its 4xx with a typed error, and the server keeps answering after each.

#![cfg(feature = "serve")]

mod common;

use common::cli::vdmchess;
use serde_json::{json, Value};
use tower::ServiceExt;
use vdmchess::model::piece::PieceType;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::san::SanPlus;
use vdmchess::oracle::explain::{explain, Reason};
use vdmchess::serve::api::{answer, Answer, MAX_BODY};
use vdmchess::serve::{router, spec, Config};
use vdmchess::{CastlingMode, Game, Rules, Setup, Square};

fn call(method: &str, path: &str, body: &Value) -> Answer {
    answer(
        &Config::default(),
        method,
        path,
        body.to_string().as_bytes(),
    )
}

fn post(path: &str, body: Value) -> (u16, Value) {
    let a = call("POST", path, &body);
    let value = serde_json::from_slice(&a.body).unwrap_or(Value::Null);
    (a.status, value)
}

fn text(a: &Answer) -> String {
    String::from_utf8(a.body.clone()).unwrap()
}

const CASTLE_FEN: &str = "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn position_lists_the_crates_legal_moves_and_draws_the_front_doors_svg() {
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];
    let (status, state) = post("/api/position", json!({ "moves": moves }));
    assert_eq!(status, 200);
    let mut game = Game::new();
    for m in moves {
        game.play_uci(m).unwrap();
    }
    assert_eq!(state["fen"], game.fen());
    assert_eq!(
        state["fen"],
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    );
    assert_eq!(state["svg"], game.svg());
    let pos = game.position();
    let mut want: Vec<(String, String)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            (
                m.to_uci(CastlingMode::Standard),
                SanPlus::from_move(pos, m).to_string(),
            )
        })
        .collect();
    let mut got: Vec<(String, String)> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["uci"].as_str().unwrap().to_string(),
                m["san"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
    assert!(got.contains(&("e1g1".into(), "O-O".into())));
    // A click on g1 castles: the target of e1g1 is the king's destination.
    let castle = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["uci"] == "e1g1")
        .unwrap();
    assert_eq!(
        (castle["from"].as_str(), castle["to"].as_str()),
        (Some("e1"), Some("g1"))
    );
    let sans: Vec<&str> = state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(state["status"], "ongoing");
    assert_eq!(state["summary"], "White to move");
    assert_eq!(state["last_move"], json!({ "from": "a7", "to": "a6" }));
}

#[test]
fn position_reports_check_mate_and_claimable_draws() {
    let (_, mate) = post(
        "/api/position",
        json!({ "moves": ["f2f3", "e7e5", "g2g4", "d8h4"] }),
    );
    assert_eq!(mate["status"], "checkmate");
    assert_eq!(mate["check"], true);
    assert_eq!(mate["check_square"], "e1");
    assert_eq!(mate["result"], "0-1");
    assert_eq!(mate["summary"], "Checkmate: Black wins (FIDE Laws 5.1.1)");
    assert!(mate["legal"].as_array().unwrap().is_empty());
    assert!(mate["svg"].as_str().unwrap().contains("url(#check-glow)"));
    let knights = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    let (_, again) = post("/api/position", json!({ "moves": knights }));
    assert_eq!(again["claims"], json!(["threefold_repetition"]));
    assert_eq!(
        again["summary"],
        "White to move; a draw may be claimed: threefold repetition (9.2)"
    );
    let (_, stale) = post(
        "/api/position",
        json!({ "fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" }),
    );
    assert_eq!(stale["status"], "stalemate");
    let (_, bare) = post(
        "/api/position",
        json!({ "fen": "7k/8/6K1/8/8/8/8/8 b - - 0 1" }),
    );
    assert_eq!(bare["status"], "insufficient_material");
    assert_eq!(bare["result"], "1/2-1/2");
}

/// The fields `explain` writes, as `vdmchess explain --json` prints them.
fn explain_fields(v: &Value) -> Value {
    let mut v = v.clone();
    let map = v.as_object_mut().unwrap();
    map.remove("quote");
    map.remove("svg");
    v
}

#[test]
fn explain_answers_as_the_crates_explain_and_draws_its_svg() {
    let cases = [
        (CASTLE_FEN, "O-O", false),
        (CASTLE_FEN, "e1c1", true),
        ("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "e1c1", false),
        ("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "Bd3", false),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e5",
            false,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Bc4",
            false,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Nf3",
            true,
        ),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", false),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "exd6", false),
    ];
    for (fen, text, legal) in cases {
        let (status, got) = post("/api/explain", json!({ "fen": fen, "move": text }));
        assert_eq!(status, 200, "{fen} {text}: {got}");
        let setup = parse_fen(fen).unwrap();
        let want = explain(&setup, setup.castling_mode_hint(), text).unwrap();
        assert_eq!(want.legal, legal, "{fen} {text}");
        assert_eq!(
            explain_fields(&got),
            serde_json::to_value(&want).unwrap(),
            "{fen} {text}"
        );
        // The picture is the one `vdmchess explain --svg -` draws.
        let cli = vdmchess(&["explain", "--fen", fen, text, "--svg", "-"]);
        assert_eq!(
            got["svg"],
            String::from_utf8(cli.stdout).unwrap(),
            "{fen} {text}"
        );
        let quote = &got["quote"];
        assert_eq!(quote["clause"], want.clause, "{fen} {text}");
        assert!(!quote["marked"].as_array().unwrap().is_empty());
    }
}

#[test]
fn explain_counts_the_history_of_the_moves() {
    // The king went out and came back: no castling, though the board is as at the start.
    let moves = [
        "e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8", "g1f3", "g8f6", "f1e2", "f8e7",
    ];
    let (status, why) = post("/api/explain", json!({ "moves": moves, "move": "O-O" }));
    assert_eq!(status, 200);
    assert_eq!(why["reason"], "castling_right");
    assert_eq!(why["clause"], "BoardModule`castling_rights");
    let marked = why["quote"]["marked"][0].as_u64().unwrap() as usize;
    let first = why["quote"]["first_line"].as_u64().unwrap() as usize;
    let line = why["quote"]["lines"][marked - first].as_str().unwrap();
    assert!(
        line.contains("not exists m in set elems b.history & ends_right(m, r)"),
        "{line}"
    );
}

#[test]
fn the_castling_refusal_quotes_its_clause_and_marks_the_deciding_line() {
    let (_, why) = post("/api/explain", json!({ "fen": CASTLE_FEN, "move": "e1g1" }));
    let quote = &why["quote"];
    assert_eq!(quote["file"], "spec/BoardModule.vdmpp");
    assert_eq!(quote["twin"]["item"], "model::board::may_castle");
    assert_eq!(quote["twin"]["file"], "src/model/board/moves.rs");
    let spec = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/spec/BoardModule.vdmpp"
    ))
    .unwrap();
    let lines: Vec<&str> = spec.lines().collect();
    let first = quote["first_line"].as_u64().unwrap() as usize;
    // The quote is the file's text, line for line.
    for (i, l) in quote["lines"].as_array().unwrap().iter().enumerate() {
        assert_eq!(l.as_str().unwrap(), lines[first - 1 + i]);
    }
    assert!(quote["lines"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l.as_str().unwrap().contains("public may_castle :")));
    let marked: Vec<usize> = quote["marked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(marked.len(), 1);
    assert!(lines[marked[0] - 1]
        .trim_start()
        .starts_with("not exists c in set king_path & attacked_by("));
    // The twin's line is where the file defines it.
    let twin_line = quote["twin"]["line"].as_u64().unwrap() as usize;
    let rust = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/model/board/moves.rs"
    ))
    .unwrap();
    assert!(rust
        .lines()
        .nth(twin_line - 1)
        .unwrap()
        .starts_with("pub fn may_castle("));
}

/// Every from-to move of a few positions, explained: each explanation's clause is quoted from
/// the spec with a Rust twin, and its deciding line is found by the markers (none falls back to
/// the clause's first equation because a marker no longer matches the spec).
#[test]
fn every_explanation_quotes_its_clause_with_the_deciding_line_found() {
    let fens = [
        Setup::start().to_fen(),
        CASTLE_FEN.to_string(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".to_string(),
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1".to_string(),
        "4k3/P7/8/2pP4/8/8/8/4K3 w - c6 0 2".to_string(),
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2".to_string(),
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".to_string(),
        "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1".to_string(),
    ];
    let mut clauses = std::collections::BTreeSet::new();
    for fen in &fens {
        let setup = parse_fen(fen).unwrap();
        let mode = setup.castling_mode_hint();
        for from in Square::all() {
            for to in Square::all() {
                if from == to {
                    continue;
                }
                let text = format!("{from}{to}");
                let Ok(why) = explain(&setup, mode, &text) else {
                    continue;
                };
                let piece = setup.piece_at(from).map(|p| PieceType::from(p.role));
                let quote = spec::quote(&why.clause, why.reason, piece)
                    .unwrap_or_else(|| panic!("{fen} {text}: no quote of {}", why.clause));
                assert!(quote.twin.is_some(), "{}: no twin", why.clause);
                let markers = spec::markers(&why.clause, why.reason, piece);
                assert!(
                    !markers.is_empty(),
                    "{} ({:?}): no marker",
                    why.clause,
                    why.reason
                );
                for n in &quote.marked {
                    let line = &quote.lines[n - quote.first_line];
                    assert!(
                        markers.iter().any(|m| line.contains(m)),
                        "{}: {line}",
                        why.clause
                    );
                }
                clauses.insert((why.clause.clone(), why.reason));
            }
        }
    }
    // The sweep met the reasons the explain module lists.
    let reasons: std::collections::BTreeSet<_> = clauses.iter().filter_map(|(_, r)| *r).collect();
    for r in [
        Reason::NoPiece,
        Reason::NotYourTurn,
        Reason::OwnPiece,
        Reason::Geometry,
        Reason::Blocked,
        Reason::PawnRules,
        Reason::Promotion,
        Reason::CastlingPath,
        Reason::CastlingCheck,
        Reason::KingInCheck,
        Reason::EnPassant,
        Reason::GameOver,
    ] {
        assert!(reasons.contains(&r), "{r:?} not met: {clauses:?}");
    }
}

#[test]
fn the_contracts_are_quoted_from_their_type_or_function() {
    let inv = spec::quote("BoardModule`inv_Move", None, None).unwrap();
    let line = &inv.lines[inv.marked[0] - inv.first_line];
    assert!(line.trim_start().starts_with("inv m =="), "{line}");
    let pre = spec::quote("BoardModule`pre_move", None, None).unwrap();
    let line = &pre.lines[pre.marked[0] - pre.first_line];
    assert!(
        line.trim_start()
            .starts_with("pre m in set possible_moves(b)"),
        "{line}"
    );
    assert!(spec::quote("BoardModule`no_such_clause", None, None).is_none());
    assert!(spec::files().contains(&"spec/GameModule.vdmpp"));
}

#[test]
fn play_plays_a_legal_move_and_refuses_an_illegal_one_with_its_explanation() {
    let (status, state) = post("/api/play", json!({ "moves": ["e2e4"], "move": "e5" }));
    assert_eq!(status, 200);
    assert_eq!(state["played"], json!({ "san": "e5", "uci": "e7e5" }));
    assert_eq!(
        state["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let (status, refused) = post("/api/play", json!({ "fen": CASTLE_FEN, "move": "e1g1" }));
    assert_eq!(status, 422);
    let error = &refused["error"];
    assert_eq!(error["code"], "illegal_move");
    assert_eq!(error["type"], "MoveError::Illegal");
    assert_eq!(error["field"], "move");
    assert_eq!(
        error["message"],
        "illegal move \"e1g1\" (castling_check): f1, which the king crosses, is attacked by the black bishop on a6"
    );
    assert_eq!(error["explanation"]["reason"], "castling_check");
    assert_eq!(
        error["explanation"]["quote"]["clause"],
        "BoardModule`may_castle"
    );
    // After mate: the game is over, and GameModule`winner says so.
    let (status, over) = post(
        "/api/play",
        json!({ "moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "move": "a2a3" }),
    );
    assert_eq!(status, 422);
    assert_eq!(over["error"]["code"], "game_over");
    assert_eq!(over["error"]["explanation"]["clause"], "GameModule`winner");
}

#[test]
fn chess960_castles_king_takes_rook() {
    let (status, start) = post("/api/chess960", json!({ "n": 518 }));
    assert_eq!(status, 200);
    assert_eq!(start["fen"], Setup::start().to_fen());
    let fen = "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1";
    let (_, state) = post("/api/position", json!({ "fen": fen, "chess960": true }));
    assert_eq!(state["chess960"], true);
    let castle = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["san"] == "O-O")
        .unwrap();
    assert_eq!(castle["uci"], "e1g1");
    assert_eq!(castle["to"], "g1");
    let (status, after) = post(
        "/api/play",
        json!({ "fen": fen, "chess960": true, "move": "e1g1" }),
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["fen"], "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1");
}

#[test]
fn pgn_gives_the_start_and_the_moves_to_step_through() {
    let text = "[Event \"Test\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {Ruy Lopez} a6 (3... Nf6) 1/2-1/2\n";
    let (status, got) = post("/api/pgn", json!({ "pgn": text }));
    assert_eq!(status, 200);
    let game = Game::from_pgn(text).unwrap();
    assert_eq!(got["fen"], game.start().to_setup().to_fen());
    assert_eq!(
        got["moves"],
        json!(["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"])
    );
    assert_eq!(got["san"], json!(game.history()));
    assert_eq!(got["tags"]["White"], "A");
    // The page replays it: the position after all its moves.
    let (_, state) = post(
        "/api/position",
        json!({ "fen": got["fen"], "moves": got["moves"] }),
    );
    assert_eq!(state["fen"], game.fen());
}

#[test]
fn svg_draws_what_show_svg_draws() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let (status, body) = {
        let a = call(
            "POST",
            "/api/svg",
            &json!({ "fen": fen, "flip": true, "lastmove": "b8c6", "arrows": ["f1b5", "f3e5"], "squares": ["e5", "c6"] }),
        );
        (a.status, text(&a))
    };
    assert_eq!(status, 200);
    let cli = vdmchess(&[
        "show",
        "--fen",
        fen,
        "--svg",
        "-",
        "--flip",
        "--lastmove",
        "b8c6",
        "--arrows",
        "f1b5,f3e5",
        "--squares",
        "e5,c6",
    ]);
    assert_eq!(body, String::from_utf8(cli.stdout).unwrap());
}

/// Each kind of bad input: its status, its code, and the Rust error type it reports.
/// A bad request: method, path, body, and the status, code and error type it gets.
type BadInput = (
    &'static str,
    &'static str,
    Vec<u8>,
    u16,
    &'static str,
    &'static str,
);

fn bad_inputs() -> Vec<BadInput> {
    let j = |v: Value| v.to_string().into_bytes();
    let many: Vec<&str> = std::iter::repeat(["g1f3", "g8f6", "f3g1", "f6g8"])
        .flatten()
        .take(1300)
        .collect();
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    vec![
        (
            "POST",
            "/api/position",
            b"{not json".to_vec(),
            400,
            "bad_json",
            "serde_json::Error",
        ),
        (
            "POST",
            "/api/position",
            Vec::new(),
            400,
            "bad_json",
            "serde_json::Error",
        ),
        (
            "POST",
            "/api/position",
            vec![0xff, 0xfe, 0x00],
            400,
            "bad_json",
            "serde_json::Error",
        ),
        (
            "POST",
            "/api/position",
            deep.into_bytes(),
            400,
            "bad_json",
            "serde_json::Error",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "fen": 7 })),
            400,
            "bad_json",
            "serde_json::Error",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "fen2": "x" })),
            400,
            "bad_json",
            "serde_json::Error",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "fen": "8/8/8 w - - 0 1" })),
            400,
            "bad_fen",
            "FenError::Parse",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "fen": "x".repeat(500) })),
            400,
            "too_long",
            "Limit",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "fen": "4k3/8/8/8/8/8/8/8 w - - 0 1" })),
            422,
            "illegal_position",
            "FenError::Setup",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "moves": ["e2e5"] })),
            422,
            "illegal_move",
            "MoveError::Illegal",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "moves": ["zz"] })),
            400,
            "bad_move",
            "MoveError::UnreadableSan",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "moves": ["e2e4".repeat(10)] })),
            400,
            "too_long",
            "Limit",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "moves": many })),
            400,
            "too_long",
            "Limit",
        ),
        (
            "POST",
            "/api/position",
            j(json!({ "moves": ["0000"] })),
            400,
            "bad_move",
            "MoveError::NullMove",
        ),
        (
            "POST",
            "/api/play",
            j(json!({ "fen": CASTLE_FEN, "move": "O-O" })),
            422,
            "illegal_move",
            "MoveError::Illegal",
        ),
        (
            "POST",
            "/api/play",
            j(json!({ "fen": "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "move": "Rj1" })),
            400,
            "bad_move",
            "MoveError::UnreadableSan",
        ),
        (
            "POST",
            "/api/play",
            j(json!({ "fen": "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "move": "Nd2" })),
            422,
            "ambiguous_move",
            "MoveError::Ambiguous",
        ),
        (
            "POST",
            "/api/play",
            j(json!({ "moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "move": "a3" })),
            422,
            "game_over",
            "MoveError::GameOver",
        ),
        (
            "POST",
            "/api/play",
            j(json!({ "fen": CASTLE_FEN })),
            400,
            "bad_json",
            "serde_json::Error",
        ),
        (
            "POST",
            "/api/explain",
            j(json!({ "move": "Qxx9" })),
            400,
            "bad_move",
            "ExplainError::Unreadable",
        ),
        (
            "POST",
            "/api/explain",
            j(json!({ "move": "--" })),
            400,
            "bad_move",
            "ExplainError::NullMove",
        ),
        (
            "POST",
            "/api/explain",
            j(json!({ "fen": "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "move": "Nd2" })),
            422,
            "ambiguous_move",
            "ExplainError::Ambiguous",
        ),
        (
            "POST",
            "/api/explain",
            j(json!({ "move": "x".repeat(40) })),
            400,
            "too_long",
            "Limit",
        ),
        (
            "POST",
            "/api/svg",
            j(json!({ "lastmove": "e2" })),
            400,
            "bad_square",
            "ParseSquareError",
        ),
        (
            "POST",
            "/api/svg",
            j(json!({ "squares": ["i9"] })),
            400,
            "bad_square",
            "ParseSquareError",
        ),
        (
            "POST",
            "/api/svg",
            j(json!({ "arrows": vec!["e2e4"; 100] })),
            400,
            "too_long",
            "Limit",
        ),
        (
            "POST",
            "/api/pgn",
            j(json!({ "pgn": "" })),
            422,
            "bad_pgn",
            "PgnGameError::NoGame",
        ),
        (
            "POST",
            "/api/pgn",
            j(json!({ "pgn": "1. e4 e5 2. Ke3 *" })),
            422,
            "bad_pgn",
            "PgnGameError::Move",
        ),
        (
            "POST",
            "/api/pgn",
            j(json!({ "pgn": "[FEN \"nonsense\"]\n\n1. e4 *" })),
            422,
            "bad_pgn",
            "PgnGameError::Fen",
        ),
        (
            "POST",
            "/api/pgn",
            j(json!({ "pgn": "1. e4 ".repeat(12_000) })),
            400,
            "too_long",
            "Limit",
        ),
        (
            "POST",
            "/api/chess960",
            j(json!({ "n": 960 })),
            400,
            "bad_number",
            "Limit",
        ),
        (
            "POST",
            "/api/chess960",
            j(json!({ "n": -1 })),
            400,
            "bad_json",
            "serde_json::Error",
        ),
        (
            "POST",
            "/api/clause",
            j(json!({ "clause": "Nope`nothing" })),
            404,
            "unknown_clause",
            "Clause",
        ),
        (
            "POST",
            "/api/nothing",
            Vec::new(),
            404,
            "not_found",
            "Route",
        ),
        ("GET", "/etc/passwd", Vec::new(), 404, "not_found", "Route"),
        (
            "GET",
            "/api/position",
            Vec::new(),
            405,
            "method_not_allowed",
            "Route",
        ),
        (
            "DELETE",
            "/",
            Vec::new(),
            405,
            "method_not_allowed",
            "Route",
        ),
        (
            "POST",
            "/api/config",
            Vec::new(),
            405,
            "method_not_allowed",
            "Route",
        ),
    ]
}

#[test]
fn every_bad_input_gets_its_4xx_and_typed_error() {
    let config = Config::default();
    for (method, path, body, status, code, kind) in bad_inputs() {
        let a = answer(&config, method, path, &body);
        let shown: String = String::from_utf8_lossy(&a.body).chars().take(300).collect();
        assert_eq!(a.status, status, "{method} {path}: {shown}");
        assert_eq!(a.content_type, "application/json");
        let v: Value = serde_json::from_slice(&a.body).unwrap();
        assert_eq!(v["error"]["code"], code, "{method} {path}: {shown}");
        assert_eq!(v["error"]["type"], kind, "{method} {path}: {shown}");
        assert!(!v["error"]["message"].as_str().unwrap().is_empty());
    }
}

async fn over_http(app: &axum::Router, method: &str, path: &str, body: Vec<u8>) -> (u16, Vec<u8>) {
    use http_body_util::BodyExt;
    let request = axum::http::Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, bytes.to_vec())
}

#[test]
fn the_router_answers_bad_input_with_4xx_and_keeps_answering() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let app = router(Config::default());
        let mut cases = bad_inputs();
        cases.push((
            "POST",
            "/api/position",
            vec![b' '; MAX_BODY + 1],
            413,
            "too_large",
            "BytesRejection",
        ));
        for (method, path, body, status, code, _) in cases {
            let (got, bytes) = over_http(&app, method, path, body).await;
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            let shown: String = v.to_string().chars().take(300).collect();
            assert_eq!(
                (got, v["error"]["code"].as_str()),
                (status, Some(code)),
                "{method} {path}: {shown}"
            );
            // The server still answers.
            let (ok, bytes) = over_http(
                &app,
                "POST",
                "/api/position",
                br#"{"moves":["e2e4"]}"#.to_vec(),
            )
            .await;
            assert_eq!(ok, 200);
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(v["turn"], "black");
        }
        let (status, page) = over_http(&app, "GET", "/", Vec::new()).await;
        assert_eq!(status, 200);
        let page = String::from_utf8(page).unwrap();
        assert!(page.contains("<script src=\"/page.js\"></script>"));
        // Nothing is loaded from elsewhere.
        for asset in ["/", "/page.js", "/page.css"] {
            let (_, body) = over_http(&app, "GET", asset, Vec::new()).await;
            let body = String::from_utf8(body).unwrap();
            assert!(
                !body.contains("https://") && !body.contains("//cdn"),
                "{asset} loads from elsewhere"
            );
        }
        let (status, config) = over_http(&app, "GET", "/api/config", Vec::new()).await;
        assert_eq!(status, 200);
        let config: Value = serde_json::from_slice(&config).unwrap();
        assert_eq!(config["fen"], Setup::start().to_fen());
    });
}
