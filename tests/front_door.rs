//! The front door, `vdmchess::Game`, as a chess.js or python-chess user would use it.

use std::error::Error;

use vdmchess::game::{MoveError, PgnGameError};
use vdmchess::oracle::explain::Reason;
use vdmchess::{model, Game, Status};

/// The issue's example, as written.
fn the_example() -> Result<(), Box<dyn Error>> {
    let mut game = Game::new(); // the standard start; Game::from_fen(&str) -> Result
    game.play_san("e4")?; // and play_uci("e7e5"); errors say why
    game.play_uci("e7e5")?;
    let moves: Vec<String> = game.moves(); // legal moves in SAN
    let fen: String = game.fen();
    assert_eq!(moves.len(), 29);
    assert!(moves.contains(&"Nf3".to_string()) && moves.contains(&"Ke2".to_string()));
    assert_eq!(
        fen,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2".replace(" e6 ", " - ")
    );
    assert_eq!(game.undo(), Some("e5".to_string())); // the last move, if any
    let sans: Vec<String> = game.history(); // SAN
    assert_eq!(sans, ["e4"]);
    assert!(!game.is_check() && !game.is_checkmate() && !game.is_stalemate());
    assert!(!game.is_draw() && !game.is_game_over());
    let text: String = game.pgn(); // and Game::from_pgn(&str) -> Result
    assert!(text.ends_with("\n\n1. e4 *\n\n"), "{text}");
    let board: String = game.ascii();
    assert_eq!(
        board,
        concat!(
            "   +------------------------+\n",
            " 8 | r  n  b  q  k  b  n  r |\n",
            " 7 | p  p  p  p  p  p  p  p |\n",
            " 6 | .  .  .  .  .  .  .  . |\n",
            " 5 | .  .  .  .  .  .  .  . |\n",
            " 4 | .  .  .  .  P  .  .  . |\n",
            " 3 | .  .  .  .  .  .  .  . |\n",
            " 2 | P  P  P  P  .  P  P  P |\n",
            " 1 | R  N  B  Q  K  B  N  R |\n",
            "   +------------------------+\n",
            "     a  b  c  d  e  f  g  h\n",
        )
    );
    // An illegal move is an error `?` carries to a `Box<dyn Error>`.
    game.play_san("Ke3")?;
    Ok(())
}

#[test]
fn the_issue_example_runs_and_question_mark_carries_errors() {
    let e = the_example().unwrap_err();
    assert_eq!(
        e.to_string(),
        "illegal move \"Ke3\" (geometry): the black king on e8 moves one square in any direction (castling apart), and e3 is not such a move from e8"
    );
    let e: Box<dyn Error + Send + Sync> = Box::new(MoveError::NullMove("--".into()));
    assert_eq!(e.to_string(), "null move \"--\": the rules have none");
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    let (fen, history) = (game.fen(), game.history());
    for bad in ["e4", "Qh5+", "O-O", "e2e4", "Nf3", "xx", "--", "e7e8q"] {
        assert!(game.play_san(bad).is_err(), "{bad}");
        assert!(game.play_uci(bad).is_err(), "{bad}");
        assert_eq!(
            (game.fen(), game.history()),
            (fen.clone(), history.clone()),
            "{bad}"
        );
    }
    match game.play_san("Nf3") {
        Err(MoveError::Illegal { reason, detail, .. }) => {
            assert_eq!(reason, Some(Reason::NotYourTurn));
            assert_eq!(
                detail,
                "the white knight on g1 could go to f3, but it is Black's turn"
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        game.play_san("xx"),
        Err(MoveError::UnreadableSan(_))
    ));
    assert!(matches!(
        game.play_uci("e7-e5"),
        Err(MoveError::UnreadableUci(_))
    ));
    let mut knights = Game::from_fen("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1").unwrap();
    assert_eq!(
        knights.play_san("Nb3"),
        Err(MoveError::Ambiguous("Nb3".into()))
    );
    assert_eq!(knights.play_san("Nab3").unwrap(), "Nab3");
}

#[test]
fn undo_walks_back_to_the_start() {
    let mut game = Game::new();
    for san in ["d4", "d5", "c4", "dxc4"] {
        game.play_san(san).unwrap();
    }
    assert_eq!(game.undo().as_deref(), Some("dxc4"));
    assert_eq!(game.undo().as_deref(), Some("c4"));
    assert_eq!(game.undo().as_deref(), Some("d5"));
    assert_eq!(game.undo().as_deref(), Some("d4"));
    assert_eq!(game.undo(), None);
    assert_eq!(game.fen(), Game::new().fen());
}

#[test]
fn mate_and_stalemate() {
    let mut game = Game::new();
    for san in ["f3", "e5", "g4"] {
        game.play_san(san).unwrap();
    }
    assert_eq!(game.play_san("Qh4").unwrap(), "Qh4#");
    assert!(game.is_check() && game.is_checkmate() && game.is_game_over() && !game.is_draw());
    assert_eq!(game.result(), "0-1");
    assert!(game.moves().is_empty());
    assert!(matches!(
        game.play_san("a3"),
        Err(MoveError::GameOver {
            status: Status::Checkmate,
            ..
        })
    ));
    let mut stale = Game::from_fen("7k/8/6Q1/8/8/8/8/6K1 w - - 0 1").unwrap();
    assert_eq!(stale.play_san("Qf7").unwrap(), "Qf7");
    assert!(stale.is_stalemate() && stale.is_draw() && stale.is_game_over());
    assert_eq!(stale.result(), "1/2-1/2");
}

#[test]
fn draws_by_rule_and_draws_by_claim() {
    // Insufficient material.
    let game = Game::from_fen("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1").unwrap();
    assert!(game.is_insufficient_material() && game.is_draw());

    // Threefold is a claim; fivefold ends the game.
    let mut game = Game::new();
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for san in shuffle.iter().chain(&shuffle) {
        game.play_san(san).unwrap();
    }
    assert!(game.is_threefold_repetition() && game.can_claim_draw() && !game.is_draw());
    for san in shuffle.iter().chain(&shuffle) {
        game.play_san(san).unwrap();
    }
    assert_eq!(game.status(), Status::FivefoldRepetition);
    assert!(game.is_draw() && game.is_game_over());
    assert!(matches!(
        game.play_san("e4"),
        Err(MoveError::GameOver { .. })
    ));

    // Fifty moves is a claim; seventy-five ends the game.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    game.play_san("Ra2").unwrap();
    assert!(game.is_fifty_moves() && game.can_claim_draw() && !game.is_draw());
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 80").unwrap();
    game.play_san("Ra2").unwrap();
    assert_eq!(game.status(), Status::SeventyfiveMoves);
    assert!(game.is_draw());
}

#[test]
fn pgn_round_trips() {
    let mut game = Game::new();
    game.set_tag("White", "Anderssen");
    for san in ["e4", "e5", "f4", "exf4", "Bc4", "Qh4+", "Kf1", "b5"] {
        game.play_san(san).unwrap();
    }
    let text = game.pgn();
    assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Anderssen\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"), "{text}");
    assert!(
        text.contains("1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 *"),
        "{text}"
    );
    let again = Game::from_pgn(&text).unwrap();
    assert_eq!((again.fen(), again.history()), (game.fen(), game.history()));
    assert_eq!(again.tag("White"), Some("Anderssen"));

    let mut from_fen = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40").unwrap();
    from_fen.play_san("Kd7").unwrap();
    let text = from_fen.pgn();
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]"),
        "{text}"
    );
    assert!(text.contains("40... Kd7 *"), "{text}");
    assert_eq!(Game::from_pgn(&text).unwrap().fen(), from_fen.fen());
}

#[test]
fn pgn_errors_say_where() {
    assert_eq!(Game::from_pgn("").unwrap_err(), PgnGameError::NoGame);
    match Game::from_pgn("1. e4 e5 2. Ke3 *").unwrap_err() {
        PgnGameError::Move {
            ply: 3,
            error: MoveError::Illegal { reason, .. },
        } => {
            assert_eq!(reason, Some(Reason::Geometry))
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        Game::from_pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*"),
        Err(PgnGameError::Fen(_))
    ));
    assert!(matches!(
        Game::from_pgn("1. e4 { never closed"),
        Err(PgnGameError::Syntax(_))
    ));
    // A missing result is accepted.
    assert_eq!(Game::from_pgn("1. e4 e5").unwrap().history(), ["e4", "e5"]);
}

#[test]
fn the_model_plays_the_same_game() {
    let mut core = Game::new();
    let mut spec: Game<model::game::Game> = Game::with_rules();
    let moves = [
        "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be3", "e5",
    ];
    for san in moves {
        assert_eq!(core.play_san(san).unwrap(), spec.play_san(san).unwrap());
        assert_eq!(core.fen(), spec.fen());
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        assert_eq!(sorted(core.moves()), sorted(spec.moves()));
    }
    assert_eq!(core.pgn(), spec.pgn());
    let spec_from_fen = Game::<model::game::Game>::from_fen_with_rules(&core.fen()).unwrap();
    assert_eq!(spec_from_fen.moves().len(), core.moves().len());
    assert!(Game::<model::game::Game>::from_pgn_with_rules(&core.pgn()).is_ok());
}

#[test]
fn moves_come_back_typed_and_the_outcome_says_how_the_game_ended() {
    use vdmchess::{Color, Move, Outcome, Termination};
    let sq = |s: &str| s.parse().unwrap();
    let mut game = Game::new();
    let e4 = game.play_san("e2e4").unwrap();
    assert_eq!(e4, "e4");
    assert_eq!(e4.to_move(), Move::normal(sq("e2"), sq("e4")));
    assert_eq!(game.outcome(), None);
    for san in ["e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
        game.play_san(san).unwrap();
    }
    let mate = game.play_uci("h5f7").unwrap();
    assert_eq!(mate.to_string(), "Qxf7#");
    assert_eq!(mate.san().to_string(), "Qxf7#");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            termination: Termination::Checkmate,
            winner: Some(Color::White)
        })
    );
    assert_eq!(game.played().len(), 7);
    assert_eq!(game.history().last().map(String::as_str), Some("Qxf7#"));

    // A king each: drawn by insufficient material (FIDE Laws 5.2.2), no winner.
    let bare = Game::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
    let drawn = bare.outcome().unwrap();
    assert_eq!(
        (drawn.termination, drawn.winner, drawn.result()),
        (Termination::InsufficientMaterial, None, "1/2-1/2")
    );
}
