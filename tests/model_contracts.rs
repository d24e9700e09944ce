//! One test per contract of the model: each shows the invariant, precondition or
//! postcondition *firing* on a value or call that breaks it (and holding on one that does not).

use vdmchess::model::board::{
    self, default_board, inv_board, inv_board_state, inv_move, inv_start, move_unchecked,
    possible_moves, Board, BoardState, BoardStateError, History, Move, PieceSet, Start,
};
use vdmchess::model::game::{self, default_game, inv_game, Game, GameMoveError, Winner};
use vdmchess::model::piece::{inv_coordinate, Colour, Coordinate, Piece, PieceType};
use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, Setup, SetupProblem};

fn c(x: i32, y: i32) -> Coordinate {
    Coordinate::new(x, y).unwrap()
}

/// Why serde refuses `json` as a `T`, without serde_json's "at line L column C".
fn refused<T: serde::de::DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
    let message = serde_json::from_str::<T>(json).unwrap_err().to_string();
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message,
    }
}

fn find(board: &Board, text: &str) -> Move {
    possible_moves(board)
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap()
}

#[test]
fn inv_coordinate_fires() {
    assert!(inv_coordinate(1, 8) && inv_coordinate(8, 1));
    for (x, y) in [(0, 1), (9, 1), (1, 0), (1, 9), (-3, 4)] {
        assert!(!inv_coordinate(x, y));
        let err = Coordinate::new(x, y).unwrap_err();
        assert_eq!((err.x, err.y), (x, y));
    }
    assert_eq!(
        Coordinate::new(9, 1).unwrap_err().to_string(),
        "invalid coordinate (9, 1): x and y must lie in 1..=8"
    );
    // Deserialising goes through the same check.
    assert_eq!(
        refused::<Coordinate>(r#"{"x":0,"y":1}"#),
        "invalid coordinate (0, 1): x and y must lie in 1..=8"
    );
    assert_eq!(
        serde_json::from_str::<Coordinate>(r#"{"x":5,"y":4}"#).unwrap(),
        c(5, 4)
    );
}

#[test]
fn inv_move_fires() {
    let pawn = Piece::new(PieceType::Pawn, c(5, 2), Colour::White);
    let black = Piece::new(PieceType::Pawn, c(5, 4), Colour::Black);
    assert!(inv_move(&pawn, &pawn.at(c(5, 4))));
    assert!(!inv_move(&pawn, &black), "the colour changes");
    assert!(!inv_move(&pawn, &pawn), "the coordinate does not change");
    assert_eq!(
        Move::new(pawn, black).unwrap_err().to_string(),
        "invalid move e2-e4: the colour changes"
    );
    assert!(Move::new(pawn, pawn)
        .unwrap_err()
        .to_string()
        .contains("does not change"));
    let json = serde_json::to_string(&Move::new(pawn, pawn.at(c(5, 4))).unwrap()).unwrap();
    let bad = json.replace(r#""y":4"#, r#""y":2"#);
    assert_eq!(
        refused::<Move>(&bad),
        "invalid move e2-e2: the coordinate does not change"
    );
}

#[test]
fn inv_board_state_fires() {
    let king = Piece::new(PieceType::King, c(5, 1), Colour::White);
    let other = Piece::new(PieceType::Queen, c(5, 1), Colour::Black);
    assert!(!inv_board_state(&PieceSet::new()));
    assert_eq!(
        BoardState::new(PieceSet::new()),
        Err(BoardStateError::Empty)
    );
    let shared: PieceSet = [king, other].into_iter().collect();
    assert!(!inv_board_state(&shared));
    assert_eq!(
        BoardState::new(shared.clone()),
        Err(BoardStateError::SharedCoordinate(c(5, 1)))
    );
    let json = serde_json::to_string(&shared).unwrap();
    assert_eq!(
        refused::<BoardState>(&json),
        "invalid board state: two pieces on e1"
    );
    assert!(BoardState::new(PieceSet::unit(king)).is_ok());
}

#[test]
fn inv_start_fires() {
    let no_black_king = parse_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let err = Start::from_setup(&no_black_king, CastlingMode::Standard).unwrap_err();
    assert!(err
        .problems
        .contains(&SetupProblem::MissingKing(vdmchess::Color::Black)));
    assert!(inv_start(default_board().start()));
    // A serialised start with a castling right without its rook does not deserialise.
    let json = serde_json::to_string(default_board().start()).unwrap();
    let doctored = json.replacen(
        r#""castling":[{"x":1,"y":1}"#,
        r#""castling":[{"x":2,"y":1}"#,
        1,
    );
    assert_ne!(json, doctored);
    assert_eq!(
        refused::<Start>(&doctored),
        "illegal position: castling rights without king and rook in place"
    );
}

#[test]
fn inv_board_fires() {
    let start = default_board().start().clone();
    let e4 = find(&default_board(), "e2e4");
    // e2e4 twice: the second is not possible (and White would move twice).
    let history: History = [e4, e4].into_iter().collect();
    let err = Board::new(start.clone(), history).unwrap_err();
    assert_eq!(err.ply, 1);
    assert!(err
        .to_string()
        .starts_with("invalid history at ply 2: illegal move e2e4"));
    let fine = Board::new(start, [e4].into_iter().collect()).unwrap();
    assert!(inv_board(&fine));
    // An unchecked move that is not possible yields a board that breaks the invariant.
    let broken = move_unchecked(&fine, e4);
    assert!(!inv_board(&broken));
    // ... and which does not survive a serde round trip.
    let json = serde_json::to_string(&broken).unwrap();
    assert_eq!(
        refused::<Board>(&json),
        "invalid history at ply 2: illegal move e2e4 in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn inv_game_fires() {
    let broken = Game::new(move_unchecked(
        &default_board(),
        find(&default_board(), "g1f3"),
    ));
    assert!(inv_game(&broken));
    let nonsense = Game::new(move_unchecked(
        broken.board(),
        find(&default_board(), "g1f3"),
    ));
    assert!(!inv_game(&nonsense));
    let json = serde_json::to_string(&nonsense).unwrap();
    assert_eq!(
        refused::<Game>(&json),
        "invalid history at ply 2: illegal move g1f3 in rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    );
}

#[test]
fn board_pre_move_fires() {
    let b = default_board();
    let knight = Piece::new(PieceType::Knight, c(7, 1), Colour::White);
    let sideways = Move::new(knight, knight.at(c(7, 3))).unwrap();
    assert!(!board::pre_move(&b, &sideways));
    let err = board::move_(&b, sideways).unwrap_err();
    assert_eq!(err.m, sideways);
    assert_eq!(
        err.to_string(),
        "illegal move g1g3 in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(board::pre_move(&b, &find(&b, "g1f3")));
}

#[test]
fn board_post_move_fires() {
    let b = default_board();
    let m = find(&b, "e2e4");
    let result = board::move_(&b, m).unwrap();
    assert!(board::post_move(&b, &m, &result));
    // Returning the old board (ChessPP's flaw after mate) breaks it, so does another move.
    assert!(!board::post_move(&b, &m, &b));
    let other = move_unchecked(&b, find(&b, "d2d4"));
    assert!(!board::post_move(&b, &m, &other));
}

#[test]
fn game_pre_move_fires() {
    // Illegal move.
    let g = default_game();
    let king = Piece::new(PieceType::King, c(5, 1), Colour::White);
    let m = Move::new(king, king.at(c(5, 2))).unwrap();
    assert!(!game::pre_move(&g, &m));
    assert!(matches!(game::move_(&g, m), Err(GameMoveError::Illegal(_))));
    // A decided game takes no more moves: K vs K is drawn at once (FIDE Laws 5.2.2).
    let setup = parse_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
    let drawn = Game::from_setup(&setup, CastlingMode::Standard).unwrap();
    let step = Move::new(king, king.at(c(4, 1))).unwrap();
    assert!(board::pre_move(drawn.board(), &step));
    assert!(!game::pre_move(&drawn, &step));
    assert_eq!(
        game::move_(&drawn, step),
        Err(GameMoveError::GameOver(Winner::Remis))
    );
}

#[test]
fn game_post_move_fires() {
    let g = default_game();
    let m = find(g.board(), "e2e4");
    let result = game::move_(&g, m).unwrap();
    assert!(game::post_move(&g, &m, &result));
    assert!(
        !game::post_move(&g, &m, &g),
        "the old game is not the result"
    );
}

#[test]
fn setup_validation_is_the_only_way_in() {
    let mut setup = Setup::start();
    setup.castling_rights = setup.castling_rights.with("d1".parse().unwrap());
    let err = Game::from_setup(&setup, CastlingMode::Chess960).unwrap_err();
    assert_eq!(err.problems, [SetupProblem::BadCastlingRights]);
    assert_eq!(*err.setup, setup);
}

#[test]
fn pre_possible_moves_direction_fires() {
    use vdmchess::model::piece::{
        possible_moves_direction, pre_possible_moves_direction, Direction, InvalidDirection,
        ObstacleSet,
    };
    let rook = Piece::new(PieceType::Rook, c(1, 1), Colour::White);
    let none = ObstacleSet::new();
    let up = Direction { dx: 0, dy: 1 };
    assert!(pre_possible_moves_direction(&rook, up, &none));
    assert_eq!(possible_moves_direction(rook, up, &none).unwrap().len(), 7);
    for bad in [Direction { dx: 0, dy: 0 }, Direction { dx: 1, dy: 2 }] {
        assert!(!pre_possible_moves_direction(&rook, bad, &none));
        assert_eq!(
            possible_moves_direction(rook, bad, &none),
            Err(InvalidDirection(bad))
        );
    }
}
