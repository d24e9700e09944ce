//! `explain`: one position per reason, the legal moves' clauses and effects, and the CLI.

use vdmchess::model::game::{move_, Game};
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::uci::UciMove;
use vdmchess::oracle::explain::{explain, explain_game, Effect, ExplainError, Explanation, Reason};
use vdmchess::{CastlingMode, Rules};

mod common;
use common::cli::vdmchess;

fn why(fen: &str, text: &str) -> Explanation {
    let setup = parse_fen(fen).unwrap();
    explain(&setup, setup.castling_mode_hint(), text).unwrap()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Asserts the verdict on `text` in `fen`: its reason, clause, FIDE article and sentence.
fn refused(fen: &str, text: &str, reason: Reason, clause: &str, fide: &str, detail: &str) {
    let w = why(fen, text);
    assert!(!w.legal, "{text} in {fen}");
    assert_eq!(w.reason, Some(reason), "{text} in {fen}: {}", w.detail);
    assert_eq!(w.clause, clause, "{text} in {fen}");
    assert_eq!(w.fide, fide, "{text} in {fen}");
    assert_eq!(w.detail, detail, "{text} in {fen}");
    assert!(w.effects.is_empty() && w.san.is_none());
}

#[test]
fn game_over() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    refused(
        mated,
        "e2e4",
        Reason::GameOver,
        "GameModule`winner",
        "5.1.1",
        "the game is over: white is checkmated",
    );
    refused(
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "h8g8",
        Reason::GameOver,
        "GameModule`winner",
        "5.2.1",
        "the game is drawn: Black has no legal move and is not in check (stalemate)",
    );
    refused(
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "e1e2",
        Reason::GameOver,
        "GameModule`winner",
        "5.2.2",
        "the game is drawn: neither side has the material to mate",
    );
}

#[test]
fn no_piece_and_not_your_turn() {
    refused(
        START,
        "e3e4",
        Reason::NoPiece,
        "BoardModule`piece_at",
        "3.10.1",
        "there is no piece on e3",
    );
    refused(
        START,
        "e7e5",
        Reason::NotYourTurn,
        "BoardModule`own_pieces",
        "1.2",
        "the black pawn on e7 is Black's, and it is White's turn",
    );
    // SAN names no square: the piece it could mean is the opponent's.
    refused(
        START,
        "Nf6",
        Reason::NotYourTurn,
        "BoardModule`own_pieces",
        "1.2",
        "the black knight on g8 could go to f6, but it is White's turn",
    );
    refused(
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
        "Qd4",
        Reason::NoPiece,
        "BoardModule`own_pieces",
        "3.10.1",
        "White has no queen to move to d4",
    );
}

#[test]
fn own_piece_geometry_blocked() {
    refused(
        START,
        "b1d2",
        Reason::OwnPiece,
        "PieceModule`type_based_moves",
        "3.1",
        "d2 holds a white pawn, and no piece may move onto a piece of its own colour",
    );
    refused(START, "b1b3", Reason::Geometry, "PieceModule`type_based_moves", "3.6",
        "the white knight on b1 moves two squares along a file or rank and then one square to the side (an L), and b3 is not such a move from b1");
    refused(START, "e2e5", Reason::Geometry, "PieceModule`type_based_moves", "3.7",
        "the white pawn on e2 moves one square forward, two from its start rank, or one diagonally forward to capture; e5 is not such a move");
    refused(
        START,
        "Bc4",
        Reason::Blocked,
        "PieceModule`possible_moves_direction",
        "3.5",
        "the white pawn on e2 stands between f1 and c4",
    );
    refused(
        "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
        "e2e4",
        Reason::Blocked,
        "BoardModule`double_push_moves",
        "3.7.2",
        "the black knight on e3 stands between e2 and e4",
    );
}

#[test]
fn en_passant_and_pawn_rules() {
    refused("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5d6", Reason::EnPassant,
        "BoardModule`en_passant_moves", "3.7.3.2",
        "the white pawn on e5 may take the black pawn on d5 en passant only on the move right after its double step, and that was not the last move");
    refused("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2e3", Reason::PawnRules,
        "PieceModule`type_based_moves", "3.7.1",
        "the white pawn on e2 moves forward only onto an empty square, and e3 holds the black knight on e3");
    refused(
        "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1",
        "e3e5",
        Reason::PawnRules,
        "BoardModule`double_push_moves",
        "3.7.2",
        "the white pawn on e3 may advance two squares only from its start rank, rank 2",
    );
    refused(
        START,
        "e2d3",
        Reason::PawnRules,
        "PieceModule`type_based_moves",
        "3.7.3",
        "the white pawn on e2 moves diagonally only to capture, and d3 is empty",
    );
}

#[test]
fn promotion() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    refused(fen, "a7a8", Reason::Promotion, "BoardModule`promotion_moves", "3.7.5",
        "the white pawn on a7 reaches the last rank on a8 and must promote: name a queen, rook, bishop or knight (q, r, b, n)");
    refused(START, "e2e4q", Reason::Promotion, "BoardModule`promotion_moves", "3.7.5",
        "only a pawn reaching the last rank promotes, and the white pawn on e2 moving to e4 does not: it cannot become a queen");
    let w = why(fen, "a8=N");
    assert!(w.legal);
    assert_eq!(w.clause, "BoardModule`promotion_moves");
    assert_eq!(w.effects, [Effect::Promotion]);
    assert_eq!(
        w.detail,
        "the white pawn on a7 goes to a8 and promotes to a knight"
    );
}

#[test]
fn castling() {
    let corners = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
    refused(corners, "e1g1", Reason::CastlingRight, "BoardModule`castling_rights", "3.8.2.1",
        "White may not castle king side (O-O): the castling rights of the position do not include it");
    refused(START, "O-O", Reason::CastlingPath, "BoardModule`may_castle", "3.8.2.2.2",
        "castling needs the squares between the king on e1 and the rook on h1 empty, and the white bishop on f1 and the white knight on g1 stand in the way");
    refused(
        "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1g1",
        Reason::CastlingCheck,
        "BoardModule`may_castle",
        "3.8.2.2.1",
        "f1, which the king crosses, is attacked by the black bishop on a6",
    );
    refused(
        "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
        "O-O",
        Reason::CastlingCheck,
        "BoardModule`may_castle",
        "3.8.2.2.1",
        "the white king on e1 is in check from the black rook on e2",
    );
    refused(
        "r3k2r/8/8/8/8/8/6r1/R3K2R w KQ - 0 1",
        "e1h1",
        Reason::CastlingCheck,
        "BoardModule`may_castle",
        "3.8.2.2.1",
        "g1, where the king would land, is attacked by the black rook on g2",
    );
    // Chess960: the castling rook uncovers the a1 rook's attack on c1.
    refused(
        "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1",
        "d1b1",
        Reason::KingInCheck,
        "BoardModule`stateful_impossible_moves",
        "3.9.2",
        "the white king would stand on c1, attacked by the black rook on a1",
    );
    // In Chess960 a king's two-square step is no castling.
    refused("4k3/8/8/8/8/8/8/1R1K3R w BH - 0 1", "d1f1", Reason::Geometry,
        "PieceModule`type_based_moves", "3.8.1",
        "the white king on d1 moves one square in any direction (castling apart), and f1 is not such a move from d1");
}

#[test]
fn a_castling_right_ended_by_the_history() {
    let setup = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let mut game = Game::from_setup(&setup, CastlingMode::Standard).unwrap();
    for uci in ["h1h2", "a8a7", "h2h1", "a7a8"] {
        let m = UciMove::from_ascii(uci.as_bytes())
            .unwrap()
            .to_move(&game)
            .unwrap();
        game = game.play(&m).unwrap();
    }
    let w = explain_game(&game, "O-O").unwrap();
    assert_eq!(w.reason, Some(Reason::CastlingRight));
    assert_eq!(w.detail,
        "White may not castle king side (O-O): the right ended when the rook on h1 moved (h1h2, half-move 1 of the game)");
    assert!(explain_game(&game, "O-O-O").unwrap().legal);
    let _ = move_; // the model's move is what Rules::play calls
}

#[test]
fn king_in_check() {
    let clause = "BoardModule`stateful_impossible_moves";
    refused("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1", "Nf3", Reason::KingInCheck, clause, "3.9.2",
        "the white knight on d2 is pinned: if it leaves d2, the black bishop on a5 attacks the white king on e1");
    refused(
        "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
        "Kd1",
        Reason::KingInCheck,
        clause,
        "3.9.2",
        "the white king would stand on d1, attacked by the black rook on d2",
    );
    refused("4k3/4r3/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3", Reason::KingInCheck, clause, "3.9.2",
        "the white king on e1 is in check from the black rook on e7, and moving the white knight on g1 to f3 does not parry it");
    refused("8/8/8/r2pP2K/8/8/8/4k3 w - d6 0 1", "exd6", Reason::KingInCheck, clause, "3.9.2",
        "taking en passant takes two pawns off rank 5: then the black rook on a5 attacks the white king on h5");
}

#[test]
fn legal_moves_say_what_they_do() {
    let w = why("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
    assert!(w.legal);
    assert_eq!(
        (w.clause.as_str(), w.fide.as_str()),
        ("BoardModule`en_passant_moves", "3.7.3.1")
    );
    assert_eq!(w.effects, [Effect::Capture, Effect::EnPassant]);
    assert_eq!(
        w.detail,
        "the white pawn on e5 takes the black pawn on d5 en passant and lands on d6"
    );
    assert_eq!(w.san.as_deref(), Some("exd6"));

    let w = why(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        "Qh4",
    );
    assert_eq!(w.effects, [Effect::Check, Effect::Mate]);
    assert_eq!(
        w.detail,
        "the black queen on d8 goes to h4, giving checkmate"
    );
    assert_eq!(
        (w.san.as_deref(), w.uci.as_deref()),
        (Some("Qh4#"), Some("d8h4"))
    );

    let w = why(START, "e2e4");
    assert_eq!(
        (w.clause.as_str(), w.fide.as_str()),
        ("BoardModule`double_push_moves", "3.7.2")
    );

    let w = why("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Kxd2");
    assert_eq!(w.effects, [Effect::Capture]);
    assert_eq!(w.detail, "the white king on e1 takes the black rook on d2");

    let w = why("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1");
    assert_eq!(w.effects, [Effect::Castling]);
    assert_eq!(w.uci.as_deref(), Some("e1g1"));
}

/// SAN picks its candidate pieces in one place (`San::from_squares`): `explain` calls legal
/// what `play_san` plays (a pawn capture written without its `x`), and explains a refused
/// pawn move by the pawn of the file the text names.
#[test]
fn san_text_names_the_pieces_play_san_would() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    let mut game = vdmchess::Game::from_fen(fen).unwrap();
    let played = game.play_san("d5").unwrap();
    assert_eq!(played.to_string(), "exd5");
    let w = why(fen, "d5");
    assert!(w.legal, "{}", w.detail);
    assert_eq!(
        (w.uci.as_deref(), w.san.as_deref()),
        (Some("e4d5"), Some("exd5"))
    );
    // Two pawns could take: ambiguous to both readers.
    let two = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1";
    let setup = parse_fen(two).unwrap();
    assert!(vdmchess::Game::from_fen(two)
        .unwrap()
        .play_san("d5")
        .is_err());
    assert_eq!(
        explain(&setup, CastlingMode::Standard, "d5").unwrap_err(),
        ExplainError::Ambiguous {
            text: "d5".into(),
            candidates: vec!["c4d5".into(), "e4d5".into()]
        }
    );
    // A push is refused for the pawn on its file, not for what another pawn cannot do.
    refused(
        "4k3/8/8/8/8/3Pp3/4P3/4K3 w - - 0 1",
        "e4",
        Reason::Blocked,
        "BoardModule`double_push_moves",
        "3.7.2",
        "the black pawn on e3 stands between e2 and e4",
    );
    refused(
        "4k3/8/8/8/8/8/3P4/R3K3 w - - 0 1",
        "e4",
        Reason::NoPiece,
        "BoardModule`own_pieces",
        "3.10.1",
        "White has no pawn on the e-file to move to e4",
    );
    refused(
        "4k3/8/8/8/8/8/3P4/R3K3 w - - 0 1",
        "R2a3",
        Reason::NoPiece,
        "BoardModule`own_pieces",
        "3.10.1",
        "White has no rook on rank 2 to move to a3",
    );
}

#[test]
fn errors() {
    let setup = parse_fen("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1").unwrap();
    let e = explain(&setup, CastlingMode::Standard, "Nb3").unwrap_err();
    assert_eq!(
        e,
        ExplainError::Ambiguous {
            text: "Nb3".into(),
            candidates: vec!["a1b3".into(), "c1b3".into()]
        }
    );
    assert!(matches!(
        explain(&setup, CastlingMode::Standard, "Zz9"),
        Err(ExplainError::Unreadable(_))
    ));
    assert!(matches!(
        explain(&setup, CastlingMode::Standard, "0000"),
        Err(ExplainError::NullMove(_))
    ));
    let mut bad = setup;
    bad.board[4] = None; // no white king
    assert!(matches!(
        explain(&bad, CastlingMode::Standard, "Nb3"),
        Err(ExplainError::Setup(_))
    ));
    let e: Box<dyn std::error::Error + Send + Sync> = Box::new(ExplainError::NullMove("--".into()));
    assert_eq!(
        e.to_string(),
        "null move \"--\": the rules have no null move"
    );
}

#[test]
fn cli_exit_codes_and_output() {
    let o = vdmchess(&["explain", "Nf3"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "legal: Nf3 (g1f3)\nclause: BoardModule`simple_possible_moves (FIDE Laws 3.6)\nthe white knight on g1 goes to f3\n"
    );
    let o = vdmchess(&[
        "explain",
        "--fen",
        "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1g1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "illegal: e1g1: castling_check\nclause: BoardModule`may_castle (FIDE Laws 3.8.2.2.1)\nf1, which the king crosses, is attacked by the black bishop on a6\n"
    );
    let o = vdmchess(&["explain", "Nd2", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["move"], "Nd2");
    assert_eq!(v["legal"], false);
    assert_eq!(v["reason"], "own_piece");
    assert_eq!(v["clause"], "PieceModule`type_based_moves");
    assert_eq!(v["fide"], "3.1");
    assert_eq!(v["uci"], "b1d2");
    assert!(v["detail"]
        .as_str()
        .unwrap()
        .starts_with("d2 holds a white pawn"));
    let o = vdmchess(&["explain", "e9e4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .starts_with("error: invalid san \"e9e4\""));
    let o = vdmchess(&["explain", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "e2e4"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn explain_a_port_move_from_another_generator() {
    use vdmchess::oracle::explain::explain_move;
    use vdmchess::{Move, MoveKind};
    // A generator that lets the king castle through the bishop's attack on f1.
    let setup = parse_fen("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let castle = Move {
        from: "e1".parse().unwrap(),
        to: "h1".parse().unwrap(),
        kind: MoveKind::Castle,
    };
    let w = explain_move(&setup, CastlingMode::Standard, &castle).unwrap();
    assert_eq!(
        (w.text.as_str(), w.reason),
        ("e1g1", Some(Reason::CastlingCheck))
    );
    // A move it misses: which clause allows it.
    let queen_side = Move {
        to: "a1".parse().unwrap(),
        ..castle
    };
    let w = explain_move(&setup, CastlingMode::Chess960, &queen_side).unwrap();
    assert!(w.legal);
    assert_eq!(
        (w.text.as_str(), w.clause.as_str()),
        ("e1a1", "BoardModule`castling_moves")
    );
}
