//! The core's answers to the port's questions, on positions whose answers are known (each
//! checked with python-chess 1.11.2 while writing): Chess960 castling corner cases, en passant
//! in FEN only when legal, repetition counting, insufficient material, game status, setup
//! validation.

use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, Color, Move, MoveKind, Rules, SetupProblem, Status};

fn game(fen: &str, mode: CastlingMode) -> Chess {
    Chess::from_setup(&parse_fen(fen).unwrap(), mode).unwrap()
}

fn uci(game: &Chess, text: &str) -> Move {
    game.legal_moves()
        .into_iter()
        .find(|m| m.to_uci(game.castling_mode()) == text)
        .unwrap_or_else(|| panic!("{text} not legal in {}", game.to_setup().to_fen()))
}

fn play(game: &mut Chess, moves: &str) {
    for text in moves.split_whitespace() {
        let m = uci(game, text);
        game.play_unchecked(&m);
    }
}

fn castles(game: &Chess) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_moves()
        .into_iter()
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| m.to_uci(CastlingMode::Chess960))
        .collect();
    v.sort();
    v
}

#[test]
fn chess960_castling_with_king_or_rook_already_home() {
    // King already on g1: O-O moves only the rook; O-O-O with the b1 rook.
    let mut g = game(
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
        CastlingMode::Chess960,
    );
    assert_eq!(castles(&g), ["g1b1", "g1h1"]);
    play(&mut g, "g1h1");
    assert_eq!(
        g.to_setup().to_shredder_fen(),
        "1r4kr/8/8/8/8/8/8/1R3RK1 b hb - 1 1"
    );
    // Rook already on d1: O-O-O moves only the king.
    let mut g = game("4k3/8/8/8/8/8/8/3RK3 w D - 0 1", CastlingMode::Chess960);
    assert_eq!(castles(&g), ["e1d1"]);
    play(&mut g, "e1d1");
    assert_eq!(
        g.to_setup().to_shredder_fen(),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

#[test]
fn chess960_castling_rook_may_not_shield_the_destination() {
    // The b1 rook blocks the a1 queen; once it castles to d1, c1 is attacked.
    let g = game("4k3/8/8/8/8/8/8/qR2K3 w B - 0 1", CastlingMode::Chess960);
    assert!(castles(&g).is_empty());
    // The king may not cross d1, attacked by the d8 rook.
    let g = game("3rk3/8/8/8/8/8/8/3RK3 w Dd - 0 1", CastlingMode::Chess960);
    assert!(castles(&g).is_empty());
}

#[test]
fn standard_castling_not_through_check() {
    let mut g = game(
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        CastlingMode::Standard,
    );
    assert_eq!(castles(&g), ["e1a1"]);
    play(&mut g, "e1c1");
    assert_eq!(
        g.to_setup().to_fen(),
        "r3k2r/8/8/8/8/8/5r2/2KR3R b kq - 1 1"
    );
}

#[test]
fn en_passant_written_only_when_legal() {
    // The e4-pawn's capture on e3 would expose the a4 king to the h4 queen.
    let mut g = game("8/8/8/8/k4p1Q/8/4P3/4K3 w - - 0 1", CastlingMode::Standard);
    play(&mut g, "e2e4");
    assert_eq!(g.to_setup().to_fen(), "8/8/8/8/k3Pp1Q/8/8/4K3 b - - 0 1");
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.kind != MoveKind::EnPassant));
    let mut g = game("8/8/8/8/5p2/8/4P3/4K2k w - - 0 1", CastlingMode::Standard);
    play(&mut g, "e2e4");
    assert_eq!(g.to_setup().to_fen(), "8/8/8/8/4Pp2/8/8/4K2k b - e3 0 1");
    assert!(g.is_legal(&uci(&g, "f4e3")));
    assert_eq!(uci(&g, "f4e3").kind, MoveKind::EnPassant);
}

#[test]
fn repetitions_count_from_the_start() {
    let mut g = game(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        CastlingMode::Standard,
    );
    assert_eq!(g.repetition_count(), 1);
    play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(g.repetition_count(), 2);
    play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(g.repetition_count(), 3);
    assert!(g.is_threefold_repetition());
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(g.repetition_count(), 5);
    assert_eq!(g.status(), Status::FivefoldRepetition);
    // A pawn move ends the chain.
    play(&mut g, "e2e4");
    assert_eq!(g.repetition_count(), 1);
}

#[test]
fn an_illegal_en_passant_does_not_make_positions_differ() {
    // After e2e4 the e3 capture is illegal (pin on the rank): the position is the same as
    // the one reached later without a double push, so it repeats.
    let mut g = game("8/8/8/8/k4p1Q/8/4P3/4K3 w - - 0 1", CastlingMode::Standard);
    play(&mut g, "e2e4 a4a5 h4h5 a5a4 h5h4");
    assert_eq!(g.repetition_count(), 2);
}

#[test]
fn insufficient_material_follows_python_chess() {
    let cases = [
        ("8/8/8/8/8/8/8/K1k4B w - - 0 1", true),
        ("8/8/8/8/8/8/8/KBk1b3 w - - 0 1", false),
        ("8/8/8/8/8/8/8/KBk2b2 w - - 0 1", true),
        ("8/8/8/8/8/8/8/KNk4n w - - 0 1", false),
        ("8/8/8/8/8/8/8/KNk4q w - - 0 1", false),
        ("8/8/8/8/8/8/8/KNNk4 w - - 0 1", false),
        ("8/8/8/8/8/8/8/KNk5 w - - 0 1", true),
    ];
    for (fen, want) in cases {
        let g = game(fen, CastlingMode::Standard);
        assert_eq!(g.is_insufficient_material(), want, "{fen}");
    }
    assert_eq!(
        game("8/8/8/8/8/8/8/K1k4B w - - 0 1", CastlingMode::Standard).status(),
        Status::InsufficientMaterial
    );
}

#[test]
fn checkmate_stalemate_and_seventyfive_moves() {
    let mut g = game(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        CastlingMode::Standard,
    );
    play(&mut g, "f2f3 e7e5 g2g4 d8h4");
    assert!(g.is_check() && g.is_checkmate() && !g.is_stalemate());
    assert_eq!(g.status(), Status::Checkmate);
    assert_eq!(g.turn(), Color::White);
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", CastlingMode::Standard);
    assert!(g.is_stalemate() && !g.is_check());
    assert_eq!(g.status(), Status::Stalemate);
    let g = game("7k/8/6K1/8/8/8/8/R7 w - - 150 100", CastlingMode::Standard);
    assert_eq!(g.status(), Status::SeventyfiveMoves);
    assert!(g.is_fifty_moves());
    assert_eq!(g.halfmove_clock(), 150);
}

#[test]
fn setups_go_through_validation() {
    let err = Chess::from_setup(
        &parse_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap(),
        CastlingMode::Standard,
    )
    .unwrap_err();
    assert_eq!(err.problems, [SetupProblem::MissingKing(Color::White)]);
    // Impossible but consistent checks are accepted (perft suites use them).
    let g = game(
        "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1",
        CastlingMode::Standard,
    );
    assert_eq!(g.legal_moves().len(), 4);
    // Chess960 rights need Chess960 mode.
    assert!(Chess::from_setup(
        &parse_fen("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1").unwrap(),
        CastlingMode::Standard
    )
    .is_err());
}

#[test]
fn moves_to_a_square_include_castling_by_either_square() {
    let g = game(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        CastlingMode::Standard,
    );
    let sq = |s: &str| s.parse().unwrap();
    let mut out = Vec::new();
    g.legal_moves_to_into(vdmchess::Role::King, sq("g1"), &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].to_uci(CastlingMode::Standard), "e1g1");
    out.clear();
    g.legal_moves_to_into(vdmchess::Role::King, sq("h1"), &mut out);
    assert_eq!(out.len(), 1);
    assert!(out[0].is_castle());
    out.clear();
    g.legal_moves_to_into(vdmchess::Role::Rook, sq("a5"), &mut out);
    assert_eq!(out.len(), 1);
}
