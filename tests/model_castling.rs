//! Castling, standard and Chess960 (FIDE Laws 3.8.2 and Guidelines III), written king takes
//! rook.

use std::path::PathBuf;

use vdmchess::model::board::castling_moves;
use vdmchess::model::game::{legal_moves, Game};
use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, MoveKind, Rules};

fn game960(fen: &str) -> Game {
    Game::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Chess960).unwrap()
}

fn castles(fen: &str) -> Vec<String> {
    let g = game960(fen);
    let mut out: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Castle)
        .map(|m| m.to_uci(CastlingMode::Chess960))
        .collect();
    out.sort();
    out
}

#[test]
fn king_already_on_its_destination() {
    // King g1, rook h1: castling moves only the rook (to f1).
    assert_eq!(castles("4k3/8/8/8/8/8/8/6KR w H - 0 1"), ["g1h1"]);
    let g = game960("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    let m = g.legal_moves().into_iter().find(|m| m.is_castle()).unwrap();
    assert_eq!(
        g.play(&m).unwrap().to_setup().board_fen(),
        "4k3/8/8/8/8/8/8/5RK1"
    );
}

#[test]
fn rook_already_on_its_destination() {
    // King e1, rook f1: the king goes to g1, the rook stays.
    assert_eq!(castles("4k3/8/8/8/8/8/8/4KR2 w F - 0 1"), ["e1f1"]);
    // With a knight on g1 the king's destination is occupied.
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/4KRN1 w F - 0 1"),
        Vec::<String>::new()
    );
}

#[test]
fn the_castling_rook_may_not_uncover_an_attack_on_the_kings_destination() {
    // King d1, rook b1, black rook a1: after O-O-O (king c1, rook d1) the a1 rook attacks c1.
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1"),
        Vec::<String>::new()
    );
    // `castling_moves` checks the king's path only; the legal move filter removes it.
    let candidates: Vec<String> =
        castling_moves(game960("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1").board())
            .iter()
            .map(ToString::to_string)
            .collect();
    assert_eq!(candidates, ["d1b1"]);
}

#[test]
fn no_square_of_the_kings_path_may_be_attacked() {
    assert_eq!(castles("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1"), ["e1b1"]);
    // The rook on d8 attacks d1, which the king crosses on its way to c1.
    assert_eq!(
        castles("3rk3/8/8/8/8/8/8/1R2K3 w B - 0 1"),
        Vec::<String>::new()
    );
}

#[test]
fn standard_castling_is_written_e1g1_in_standard_mode() {
    let g = Game::from_setup(
        &parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap(),
        CastlingMode::Standard,
    )
    .unwrap();
    let mut uci: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| m.to_uci(g.castling_mode()))
        .collect();
    uci.sort();
    assert_eq!(uci, ["e1c1", "e1g1"]);
    // The model's own moves are king takes rook.
    let mut model: Vec<String> = legal_moves(&g)
        .iter()
        .filter(|m| m.to_().coord.x() == 1 || m.to_().coord.x() == 8)
        .filter(|m| m.from_().piece_type == vdmchess::model::piece::PieceType::King)
        .map(|m| m.to_string())
        .collect();
    model.sort();
    assert_eq!(model, ["e1a1", "e1h1"]);
}

/// One line of `spec/conformance/notation/chess960-castling-cases.jsonl`.
#[derive(serde::Deserialize)]
struct Case {
    fen_before: String,
    uci: String,
    fen_after: String,
}

#[test]
fn every_castling_case_of_the_conformance_data() {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "spec/conformance/notation/chess960-castling-cases.jsonl",
    ]
    .iter()
    .collect();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Case = serde_json::from_str(line).unwrap();
        let g = game960(&case.fen_before);
        let m = g
            .legal_moves()
            .into_iter()
            .find(|m| m.is_castle() && m.to_uci(CastlingMode::Chess960) == case.uci)
            .unwrap_or_else(|| panic!("{} not legal in {}", case.uci, case.fen_before));
        let after = g.play(&m).unwrap();
        assert_eq!(
            after.to_setup().to_shredder_fen(),
            case.fen_after,
            "{}",
            case.uci
        );
        count += 1;
    }
    assert_eq!(count, 120);
}
