//! The published Overture ChessPP model gets these cases wrong; each test shows the model here
//! gets them right (see spec/ for the analysis).

use vdmchess::model::board::{self, castling_moves, default_board, possible_moves};
use vdmchess::model::game::{
    self, automatic_draw, claimable_draws, is_checkmate, is_fifty_moves, is_fivefold_repetition,
    is_insufficient_material, is_seventyfive_moves, is_threefold_repetition, legal_moves,
    repetition_count, winner, AutomaticDraw, ClaimableDraw, Game, Winner,
};
use vdmchess::model::Set;
use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, Rules};

/// The model's perft: the port's [`vdmchess::rules::perft`] over the model's `Game`.
fn perft(board: &vdmchess::model::board::Board, depth: u32) -> u64 {
    vdmchess::rules::perft(&vdmchess::model::game::Game::new(board.clone()), depth)
}

fn game(fen: &str) -> Game {
    let setup = parse_fen(fen).unwrap();
    Game::from_setup(&setup, setup.castling_mode_hint()).unwrap()
}

fn uci(game: &Game) -> Vec<String> {
    legal_moves(game).iter().map(|m| m.to_string()).collect()
}

/// Plays moves given as model move text (`e2e4`, king-takes-rook castling).
fn play(mut g: Game, moves: &[&str]) -> Game {
    for text in moves {
        let m = legal_moves(&g)
            .into_iter()
            .find(|m| m.to_string() == *text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", g.to_setup().to_fen()));
        g = game::move_(&g, m).unwrap();
    }
    g
}

#[test]
fn double_push_cannot_jump_over_a_piece() {
    // A black knight on e3 stands between e2 and e4.
    let g = game("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    let moves = uci(&g);
    assert!(!moves.contains(&"e2e4".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e2e3".to_string()));
    // ChessPP counts 8982 at depth 3 from the start; the true count is 8902.
    assert_eq!(perft(&default_board(), 3), 8902);
}

#[test]
fn castling_through_a_square_attacked_only_by_a_pawn() {
    // The black pawn on g2 attacks the empty f1 (and g1 is free): no O-O. Its *moves* do not
    // go to f1 (a pawn only moves diagonally to capture), which is what ChessPP looks at.
    let g = game("4k3/8/8/8/8/8/6p1/4K2R w K - 0 1");
    assert!(castling_moves(g.board()).is_empty());
    assert!(!uci(&g).contains(&"e1h1".to_string()));
    // Without the pawn, castling is legal.
    assert!(uci(&game("4k3/8/8/8/8/8/8/4K2R w K - 0 1")).contains(&"e1h1".to_string()));
}

#[test]
fn castling_through_a_square_attacked_by_a_pinned_piece() {
    // The black bishop on b5 is pinned to its king on b8 by the rook on b1, yet it still
    // attacks f1 (FIDE Laws 3.1.3 counts attacks, not legal moves): no O-O.
    let g = game("1k6/8/8/1b6/8/8/8/1R2K2R w K - 0 1");
    assert!(castling_moves(g.board()).is_empty());
    assert!(!uci(&g).contains(&"e1h1".to_string()));
}

#[test]
fn en_passant_that_exposes_the_own_king_along_the_rank() {
    // bxc6 e.p. would remove both pawns from the 5th rank and open it for the rook on h5.
    let g = game("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    let ep = board::en_passant_moves(g.board());
    assert_eq!(ep.len(), 1, "the capture is pseudo-legal");
    assert!(!possible_moves(g.board()).contains(ep.get_min().unwrap()));
    assert!(!board::has_legal_en_passant(g.board()));
    // And so FEN does not write the en-passant square.
    assert_eq!(g.to_setup().to_fen(), "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1");
}

#[test]
fn repetition_draws_exist() {
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let once = play(game::default_game(), &cycle);
    assert_eq!(repetition_count(&once), 2);
    let twice = play(once, &cycle);
    assert_eq!(repetition_count(&twice), 3);
    assert!(is_threefold_repetition(&twice));
    assert_eq!(
        claimable_draws(&twice),
        Set::unit(ClaimableDraw::ThreefoldRepetition)
    );
    assert_eq!(
        winner(&twice),
        Winner::Undecided,
        "threefold is only claimable"
    );
    let four = play(play(twice, &cycle), &cycle);
    assert!(is_fivefold_repetition(&four));
    assert_eq!(
        automatic_draw(&four),
        Some(AutomaticDraw::FivefoldRepetition)
    );
    assert_eq!(winner(&four), Winner::Remis);
    let m = *legal_moves(&four).get_min().unwrap();
    assert!(matches!(
        game::move_(&four, m),
        Err(game::GameMoveError::GameOver(Winner::Remis))
    ));
}

#[test]
fn fifty_and_seventyfive_move_draws_exist() {
    let g = play(game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), &["a1a2"]);
    assert!(is_fifty_moves(&g));
    assert_eq!(claimable_draws(&g), Set::unit(ClaimableDraw::FiftyMoves));
    assert_eq!(winner(&g), Winner::Undecided);
    let g = play(game("4k3/8/8/8/8/8/8/R3K3 w - - 149 100"), &["a1a2"]);
    assert!(is_seventyfive_moves(&g));
    assert_eq!(automatic_draw(&g), Some(AutomaticDraw::SeventyfiveMoves));
    assert_eq!(winner(&g), Winner::Remis);
    // A pawn move resets the clock.
    let g = play(game("4k3/8/8/8/8/8/P7/4K3 w - - 149 100"), &["a2a3"]);
    assert_eq!(g.halfmove_clock(), 0);
}

#[test]
fn insufficient_material_draws_exist() {
    assert!(is_insufficient_material(&game(
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1"
    )));
    assert!(is_insufficient_material(&game(
        "8/8/8/4k3/8/8/8/2N1K3 w - - 0 1"
    )));
    // Bishops all on light squares (c8, f1): no mate; on both square colours: mate possible.
    assert!(is_insufficient_material(&game(
        "2b5/8/8/4k3/8/8/8/4KB2 w - - 0 1"
    )));
    assert!(!is_insufficient_material(&game(
        "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1"
    )));
    assert!(!is_insufficient_material(&game(
        "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1"
    )));
    assert!(!is_insufficient_material(&game(
        "8/8/8/4k3/8/8/P7/4K3 w - - 0 1"
    )));
    // Capturing the last pawn leaves K vs K: drawn at once.
    let g = play(game("8/8/8/8/8/8/1p6/K6k w - - 0 1"), &["a1b2"]);
    assert_eq!(
        automatic_draw(&g),
        Some(AutomaticDraw::InsufficientMaterial)
    );
    assert_eq!(winner(&g), Winner::Remis);
}

#[test]
fn the_game_after_a_mating_move_is_the_mated_position() {
    let before = play(game::default_game(), &["f2f3", "e7e5", "g2g4"]);
    let mate = legal_moves(&before)
        .into_iter()
        .find(|m| m.to_string() == "d8h4")
        .unwrap();
    let after = game::move_(&before, mate).unwrap();
    assert_ne!(after, before);
    assert_eq!(after.board().history().len(), 4);
    assert!(is_checkmate(&after));
    assert_eq!(winner(&after), Winner::Black);
    assert_eq!(
        after.to_setup().to_fen(),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    assert_eq!(after.status(), vdmchess::Status::Checkmate);
    assert_eq!(after.castling_mode(), CastlingMode::Standard);
}
