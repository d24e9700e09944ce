//! SAN and UCI move text against real positions, over the core (`vdmchess::core::Chess`).
//!
//! Data: `spec/conformance/notation/` (see its README): `san-cases.jsonl` (815 moves from real
//! games, classified by python-chess), `chess960-castling-cases.jsonl` (120) and the notnil
//! cases.

use serde_json::Value;
use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::san::{San, SanError, SanMode, SanPlus};
use vdmchess::notation::uci::{UciError, UciMove};
use vdmchess::{CastlingMode, Rules};

fn records(name: &str) -> Vec<Value> {
    let path = format!("spec/conformance/notation/{name}");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn position(fen: &str, mode: CastlingMode) -> Chess {
    let setup = parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Chess::from_setup(&setup, mode).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn field<'a>(r: &'a Value, name: &str) -> &'a str {
    r[name]
        .as_str()
        .unwrap_or_else(|| panic!("no {name} in {r}"))
}

#[test]
fn san_cases_resolve_write_and_play_like_python_chess() {
    let cases = records("san-cases.jsonl");
    assert_eq!(cases.len(), 815);
    for r in &cases {
        let pos = position(field(r, "fen_before"), CastlingMode::Standard);
        let san = field(r, "san");
        let parsed = SanPlus::from_ascii(san.as_bytes(), SanMode::Strict)
            .unwrap_or_else(|e| panic!("{r}: {e}"));
        let m = parsed
            .to_move_strict(&pos)
            .unwrap_or_else(|e| panic!("{r}: {e}"));
        assert_eq!(m.to_uci(CastlingMode::Standard), field(r, "uci"), "{r}");
        assert_eq!(SanPlus::from_move(&pos, &m).to_string(), san, "{r}");
        let uci = UciMove::from_ascii(field(r, "uci").as_bytes()).unwrap();
        assert_eq!(uci.to_move(&pos), Ok(m), "{r}");
        let mut after = pos.clone();
        let written = SanPlus::from_move_and_play(&mut after, &m);
        assert_eq!(written.to_string(), san);
        assert_eq!(after.to_setup().to_fen(), field(r, "fen_after"), "{r}");
    }
}

#[test]
fn chess960_castling_cases() {
    let cases = records("chess960-castling-cases.jsonl");
    assert_eq!(cases.len(), 120);
    for r in &cases {
        let pos = position(field(r, "fen_before"), CastlingMode::Chess960);
        let san = field(r, "san");
        let m = SanPlus::from_ascii(san.as_bytes(), SanMode::Strict)
            .unwrap()
            .to_move_strict(&pos)
            .unwrap_or_else(|e| panic!("{r}: {e}"));
        assert!(m.is_castle(), "{r}");
        assert_eq!(m.to_uci(CastlingMode::Chess960), field(r, "uci"), "{r}");
        assert_eq!(SanPlus::from_move(&pos, &m).to_string(), san, "{r}");
        let uci = UciMove::from_ascii(field(r, "uci").as_bytes()).unwrap();
        assert_eq!(uci.to_move(&pos), Ok(m), "{r}");
        let mut after = pos.clone();
        after.play_unchecked(&m);
        assert_eq!(
            after.to_setup().to_shredder_fen(),
            field(r, "fen_after"),
            "{r}"
        );
    }
}

#[test]
fn notnil_cases_read_leniently_and_write_canonically() {
    let cases = records("notnil-valid_notation_tests.python-chess.jsonl");
    assert_eq!(cases.len(), 23);
    for r in &cases {
        let pos = position(field(r, "fen_before"), CastlingMode::Standard);
        let input = field(r, "input_san");
        let parsed = SanPlus::from_ascii(input.as_bytes(), SanMode::Lenient).unwrap();
        let m = parsed.to_move(&pos).unwrap_or_else(|e| panic!("{r}: {e}"));
        assert_eq!(m.to_uci(CastlingMode::Standard), field(r, "uci"), "{r}");
        let canonical = field(r, "canonical_san");
        assert_eq!(SanPlus::from_move(&pos, &m).to_string(), canonical);
        // Strict reading accepts exactly the canonical inputs.
        let strict = SanPlus::from_ascii(input.as_bytes(), SanMode::Strict)
            .map_err(|_| ())
            .and_then(|s| s.to_move_strict(&pos).map_err(|_| ()));
        assert_eq!(strict.is_ok(), input == canonical, "{r}");
        let mut after = pos.clone();
        after.play_unchecked(&m);
        assert_eq!(after.to_setup().to_fen(), field(r, "fen_after"), "{r}");
    }
}

#[test]
fn file_and_rank_disambiguation_when_both_are_needed() {
    // Queens on h4, h1 and e4 all reach e1: h4 shares a file with h1 and a rank with e4.
    let pos = position("8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1", CastlingMode::Standard);
    let m = SanPlus::from_ascii(b"Qh4e1", SanMode::Strict)
        .unwrap()
        .to_move_strict(&pos)
        .unwrap();
    assert_eq!(m.to_uci(CastlingMode::Standard), "h4e1");
    assert_eq!(SanPlus::from_move(&pos, &m).to_string(), "Qh4e1");
    let e1 = San::from_ascii(b"Qe1", SanMode::Strict).unwrap();
    assert_eq!(e1.to_move(&pos), Err(SanError::Ambiguous(e1)));
    let h1 = SanPlus::from_ascii(b"Q1e1", SanMode::Strict).unwrap();
    assert_eq!(
        h1.to_move(&pos).unwrap().to_uci(CastlingMode::Standard),
        "h1e1"
    );
    assert_eq!(h1.to_move_strict(&pos).map(|_| ()), Ok(()));
    let e4 = SanPlus::from_ascii(b"Qee1", SanMode::Strict).unwrap();
    assert_eq!(
        e4.to_move(&pos).unwrap().to_uci(CastlingMode::Standard),
        "e4e1"
    );
}

#[test]
fn lenient_resolution_and_its_strict_refusals() {
    // Knights on g1 and c3 both reach e2, the c3 knight is pinned by the b4 bishop:
    // `Ne2` suffices, `Nge2` over-disambiguates.
    let pos = position(
        "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1",
        CastlingMode::Standard,
    );
    let over = SanPlus::from_ascii(b"Nge2", SanMode::Strict).unwrap();
    let m = over.to_move(&pos).unwrap();
    assert_eq!(m.to_uci(CastlingMode::Standard), "g1e2");
    assert_eq!(SanPlus::from_move(&pos, &m).to_string(), "Ne2");
    match over.to_move_strict(&pos) {
        Err(SanError::NotCanonical { canonical, .. }) => assert_eq!(canonical.to_string(), "Ne2"),
        other => panic!("{other:?}"),
    }
    // `x` for a non-capture, and a surplus `+`, are accepted leniently only.
    for text in ["Nxe2", "Ne2+", "Ng1e2", "Ng1-e2", "g1e2"] {
        let s = SanPlus::from_ascii(text.as_bytes(), SanMode::Lenient).unwrap();
        assert_eq!(s.to_move(&pos), Ok(m), "{text}");
        assert!(s.to_move_strict(&pos).is_err(), "{text}");
    }
    // The pinned knight cannot go.
    let pinned = San::from_ascii(b"Ncd5", SanMode::Strict).unwrap();
    assert_eq!(pinned.to_move(&pos), Err(SanError::Illegal(pinned)));
    // UCI text names any piece; a `P` before a whole square names a pawn only.
    let start = Chess::from_setup(&vdmchess::Setup::start(), CastlingMode::Standard).unwrap();
    let uci = San::from_ascii(b"g1f3", SanMode::Lenient).unwrap();
    assert_eq!(
        uci.to_move(&start).unwrap().to_uci(CastlingMode::Standard),
        "g1f3"
    );
    let pawn = San::from_ascii(b"Pg1f3", SanMode::Lenient).unwrap();
    assert_eq!(pawn.to_move(&start), Err(SanError::Illegal(pawn)));
    let pawn = San::from_ascii(b"Pe2e4", SanMode::Lenient).unwrap();
    assert_eq!(pawn.to_string(), "Pe2e4");
    assert_eq!(
        pawn.to_move(&start).unwrap().to_uci(CastlingMode::Standard),
        "e2e4"
    );
    // A null move is a value, not a move.
    let null = San::from_ascii(b"--", SanMode::Lenient).unwrap();
    assert_eq!(null, San::Null);
    assert_eq!(null.to_move(&pos), Err(SanError::NullMove));
}

#[test]
fn lenient_promotions_castling_and_en_passant_in_a_position() {
    let pos = position(
        "1k6/3P4/8/4pP2/8/8/8/R3K2R w KQ e6 0 1",
        CastlingMode::Standard,
    );
    for (text, uci) in [
        ("d8=q+", "d7d8q"),
        ("d8Q+", "d7d8q"),
        ("d7d8R", "d7d8r"),
        ("d8=N", "d7d8n"),
        ("fxe6e.p.", "f5e6"),
        ("fxe6ep", "f5e6"),
        ("f:e6", "f5e6"),
        ("Pf5xe6", "f5e6"),
        ("0-0", "e1g1"),
        ("0-0-0", "e1c1"),
        ("O-O-O!?", "e1c1"),
        ("e1h1", "e1g1"),
    ] {
        let m = SanPlus::from_ascii(text.as_bytes(), SanMode::Lenient)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.to_uci(CastlingMode::Standard), uci, "{text}");
    }
    // A promotion must name its piece; a pawn cannot promote on the 7th rank.
    for text in ["d8", "f6=Q", "Kd8=Q"] {
        let parsed = SanPlus::from_ascii(text.as_bytes(), SanMode::Lenient);
        assert!(parsed.map_or(true, |s| s.to_move(&pos).is_err()), "{text}");
    }
    let written: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| SanPlus::from_move(&pos, m).to_string())
        .collect();
    for san in [
        "d8=Q+", "d8=R+", "d8=B", "d8=N", "fxe6", "O-O", "O-O-O", "Ra8+",
    ] {
        assert!(
            written.contains(&san.to_string()),
            "{san} not in {written:?}"
        );
    }
}

#[test]
fn uci_castling_follows_the_castling_mode() {
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let standard = position(fen, CastlingMode::Standard);
    let chess960 = position(fen, CastlingMode::Chess960);
    let e1g1 = UciMove::from_ascii(b"e1g1").unwrap();
    let e1h1 = UciMove::from_ascii(b"e1h1").unwrap();
    let castle = e1g1.to_move(&standard).unwrap();
    assert!(castle.is_castle());
    assert_eq!(e1h1.to_move(&standard), Ok(castle));
    assert_eq!(e1h1.to_move(&chess960), Ok(castle));
    assert_eq!(e1g1.to_move(&chess960), Err(UciError::Illegal(e1g1)));
    assert_eq!(castle.to_uci(CastlingMode::Chess960), "e1h1");
    assert_eq!(UciMove::Null.to_move(&standard), Err(UciError::NullMove));
    let wrong = UciMove::from_ascii(b"e8e7").unwrap();
    assert_eq!(wrong.to_move(&standard), Err(UciError::Illegal(wrong)));
}

#[test]
fn every_legal_move_round_trips_through_san_and_uci() {
    // Positions from the perft suites: rich in pins, promotions, castling and en passant.
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        let pos = position(fen, CastlingMode::Standard);
        for m in pos.legal_moves() {
            let san = SanPlus::from_move(&pos, &m);
            let text = san.to_string();
            let back = SanPlus::from_ascii(text.as_bytes(), SanMode::Strict).unwrap();
            assert_eq!(back, san, "{fen} {text}");
            assert_eq!(back.to_move_strict(&pos), Ok(m), "{fen} {text}");
            let uci = UciMove::from_move(&m, CastlingMode::Standard);
            assert_eq!(uci.to_move(&pos), Ok(m), "{fen} {uci}");
        }
    }
}
