//! `explain` against the model on random positions: for every from-square, destination and
//! promotion letter, the verdict is the model's (legal exactly when the UCI text names one of
//! its legal moves), an illegal move always gets a reason, and the reason is true of the
//! position. And the SAN of every legal move is explained as that move.

use proptest::prelude::*;
use vdmchess::model::arbitrary::{games_from_chess960, games_from_start};
use vdmchess::model::board::{piece_at, to_setup, turn};
use vdmchess::model::game::{winner, Game, Winner};
use vdmchess::model::piece::Coordinate;
use vdmchess::notation::san::SanPlus;
use vdmchess::notation::uci::UciMove;
use vdmchess::oracle::explain::{explain_game, Reason};
use vdmchess::{Rules, Square};

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn check_every_move_text(game: &Game) {
    let fen = to_setup(game.board()).to_fen();
    let mode = game.castling_mode();
    let over = winner(game) != Winner::Undecided;
    let state = game.board().state();
    let mover = turn(game.board());
    for from in Square::all() {
        for to in Square::all() {
            for promo in ["", "q", "r", "b", "n"] {
                let text = format!("{from}{to}{promo}");
                let w =
                    explain_game(game, &text).unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
                let model_legal = !over
                    && UciMove::from_ascii(text.as_bytes())
                        .unwrap()
                        .to_move(game)
                        .is_ok();
                assert_eq!(w.legal, model_legal, "{text} in {fen}: {}", w.detail);
                if w.legal {
                    assert_eq!(w.reason, None);
                    let m = UciMove::from_ascii(text.as_bytes())
                        .unwrap()
                        .to_move(game)
                        .unwrap();
                    assert_eq!(
                        w.uci.as_deref(),
                        Some(m.to_uci(mode).as_str()),
                        "{text} in {fen}"
                    );
                    continue;
                }
                let reason = w
                    .reason
                    .unwrap_or_else(|| panic!("{text} in {fen}: no reason"));
                assert!(!w.clause.is_empty() && !w.fide.is_empty() && !w.detail.is_empty());
                let on_from = piece_at(state, Coordinate::from(from));
                let on_to = piece_at(state, Coordinate::from(to));
                match reason {
                    Reason::GameOver => assert!(over),
                    Reason::NoPiece => assert!(on_from.is_none(), "{text} in {fen}"),
                    Reason::NotYourTurn => {
                        assert!(
                            on_from.is_some_and(|p| p.colour != mover),
                            "{text} in {fen}"
                        )
                    }
                    Reason::OwnPiece => {
                        assert!(on_to.is_some_and(|p| p.colour == mover), "{text} in {fen}")
                    }
                    _ => assert!(
                        on_from.is_some_and(|p| p.colour == mover),
                        "{text} in {fen}"
                    ),
                }
            }
        }
    }
    if over {
        return;
    }
    for m in game.legal_moves() {
        let san = SanPlus::from_move(game, &m).to_string();
        let w = explain_game(game, &san).unwrap_or_else(|e| panic!("{san} in {fen}: {e}"));
        assert!(w.legal, "{san} in {fen}: {}", w.detail);
        assert_eq!(
            w.uci.as_deref(),
            Some(m.to_uci(mode).as_str()),
            "{san} in {fen}"
        );
        assert_eq!(w.san.as_deref(), Some(san.as_str()), "{san} in {fen}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(16)))]

    #[test]
    fn every_move_text_from_the_start(game in games_from_start(80)) {
        check_every_move_text(&game);
    }

    #[test]
    fn every_move_text_from_chess960_starts(game in games_from_chess960(60)) {
        check_every_move_text(&game);
    }
}

#[test]
fn every_move_text_in_positions_rich_in_special_moves() {
    for fen in [
        // Kiwipete: castling both ways, pins, en passant to come.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // CPW position 3: the en-passant capture that exposes the king along the rank.
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/8/8/r2pP2K/8/8/8/4k3 w - d6 0 1",
        // CPW position 4: promotions, castling through attacks.
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        // CPW position 5.
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        // Checkmate and stalemate: every text is game_over.
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        let setup = vdmchess::notation::fen::parse_fen(fen).unwrap();
        let game = Game::from_setup(&setup, setup.castling_mode_hint()).unwrap();
        check_every_move_text(&game);
    }
}
