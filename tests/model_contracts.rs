//! One test per contract of the model: each shows the invariant, precondition or
//! postcondition *firing* on a value or call that breaks it (and holding on one that does not),
//! and the constructors, deserialisation and `move` refusing what breaks it.

use vdmchess::model::array::possible_moves_on_array;
use vdmchess::model::board::{
    self, default_board, inv_board, inv_board_state, inv_move, inv_start, replay, Board,
    BoardState, BoardStateError, History, Move, Start,
};
use vdmchess::model::game::{self, default_game, Game, GameMoveError, Winner};
use vdmchess::model::piece::{inv_coordinate, Colour, Coordinate, Piece, PieceType};
use vdmchess::model::Set;
use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, Rules, Setup, SetupProblem};

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
    possible_moves_on_array(board)
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap()
}

fn start_of(fen: &str) -> Start {
    Start::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Chess960).unwrap()
}

#[test]
fn inv_coordinate_fires() {
    assert!(inv_coordinate(1, 8) && inv_coordinate(8, 1));
    assert!(!inv_coordinate(9, 1) && !inv_coordinate(1, 9));
    // 0 and negative numbers are not nat1: the constructor refuses them before the invariant.
    for (x, y) in [(0, 1), (9, 1), (1, 0), (1, 9), (-3, 4)] {
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
    assert!(inv_move(pawn, pawn.at(c(5, 4))));
    assert!(!inv_move(pawn, black), "the colour changes");
    assert!(!inv_move(pawn, pawn), "the coordinate does not change");
    assert_eq!(
        Move::new(pawn, black).unwrap_err().to_string(),
        "invalid move e2-e4: the colour changes"
    );
    assert_eq!(
        Move::new(pawn, pawn).unwrap_err().to_string(),
        "invalid move e2-e2: the coordinate does not change"
    );
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
    assert!(!inv_board_state(&Set::new()));
    assert_eq!(BoardState::new(Set::new()), Err(BoardStateError::Empty));
    let shared: Set<Piece> = [king, other].into_iter().collect();
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
    assert!(inv_board_state(&Set::unit(king)));
    assert!(BoardState::new(Set::unit(king)).is_ok());
}

#[test]
fn inv_start_fires_on_each_clause() {
    let fine = start_of("r3k3/8/8/3pP3/8/8/8/4K2R w Kq d6 0 1");
    let holds = |state: &BoardState, turn, castling: &Set<Coordinate>, ep| {
        inv_start(state, turn, castling, ep, 0, 1)
    };
    let (state, castling) = (fine.state(), fine.castling());
    assert!(holds(state, Colour::White, castling, Some(c(4, 6))));
    let with = |fen: &str| BoardState::from_setup(&parse_fen(fen).unwrap()).unwrap();
    let none = Set::new();
    // one king a side
    assert!(!holds(
        &with("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        Colour::White,
        &none,
        None
    ));
    assert!(!holds(
        &with("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        Colour::White,
        &none,
        None
    ));
    // at most 8 pawns and 16 pieces a side
    assert!(!holds(
        &with("4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1"),
        Colour::White,
        &none,
        None
    ));
    assert!(!holds(
        &with("4k3/8/8/NNNNN3/NNNNNNNN/NNNNN3/8/4K3 w - - 0 1"),
        Colour::White,
        &none,
        None
    ));
    // no pawn on the first or last rank
    assert!(!holds(
        &with("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
        Colour::White,
        &none,
        None
    ));
    // the side not to move is not in check
    assert!(!holds(
        &with("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),
        Colour::White,
        &none,
        None
    ));
    // castling rights name a rook of the right colour beside its king
    assert!(!holds(
        state,
        Colour::White,
        &Set::unit(c(1, 1)),
        Some(c(4, 6))
    ));
    // the en-passant target follows a double push
    assert!(!holds(state, Colour::White, castling, Some(c(5, 6))));
    // The constructor and deserialisation refuse, with the reasons.
    let no_black_king = parse_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let err = Start::from_setup(&no_black_king, CastlingMode::Standard).unwrap_err();
    assert!(err
        .problems
        .contains(&SetupProblem::MissingKing(vdmchess::Color::Black)));
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
    let one: History = [e4].into_iter().collect();
    assert!(inv_board(&start, &History::new(), start.state()));
    assert!(inv_board(&start, &one, &replay(start.state(), &one)));
    // e2e4 twice: the second is not possible (and White would move twice).
    let twice: History = [e4, e4].into_iter().collect();
    assert!(!inv_board(&start, &twice, &replay(start.state(), &twice)));
    // A state that is not the history's.
    assert!(!inv_board(&start, &one, start.state()));
    let err = Board::new(start.clone(), twice).unwrap_err();
    assert_eq!(err.ply, 1);
    assert!(err
        .to_string()
        .starts_with("invalid history at ply 2: illegal move e2e4"));
    // Deserialisation replays the history through the same checks.
    let fine = Board::new(start, one).unwrap();
    let json = serde_json::to_string(&fine).unwrap();
    assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), fine);
    let e2e4 = r#"{"from_":{"piece_type":"Pawn","coord":{"x":5,"y":2},"colour":"White"},"to_":{"piece_type":"Pawn","coord":{"x":5,"y":4},"colour":"White"}}"#;
    let doubled = json.replace(e2e4, &format!("{e2e4},{e2e4}"));
    assert_ne!(doubled, json);
    let why = "invalid history at ply 2: illegal move e2e4 in \
               rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(refused::<Board>(&doubled), why);
    assert_eq!(refused::<Game>(&format!(r#"{{"board":{doubled}}}"#)), why);
}

#[test]
fn board_pre_move_fires() {
    let b = default_board();
    let knight = Piece::new(PieceType::Knight, c(7, 1), Colour::White);
    let sideways = Move::new(knight, knight.at(c(7, 3))).unwrap();
    assert!(!board::pre_move(&b, sideways));
    let err = board::move_(&b, sideways).unwrap_err();
    assert_eq!(err.m, sideways);
    assert_eq!(
        err.to_string(),
        "illegal move g1g3 in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(board::pre_move(&b, find(&b, "g1f3")));
}

#[test]
fn board_post_move_fires() {
    let b = default_board();
    let m = find(&b, "e2e4");
    let result = board::move_(&b, m).unwrap();
    assert!(board::post_move(&b, m, &result));
    // Returning the old board (ChessPP's flaw after mate) breaks it, so does another move.
    assert!(!board::post_move(&b, m, &b));
    let other = board::move_(&b, find(&b, "d2d4")).unwrap();
    assert!(!board::post_move(&b, m, &other));
}

#[test]
fn game_pre_move_fires() {
    // Illegal move.
    let g = default_game();
    let king = Piece::new(PieceType::King, c(5, 1), Colour::White);
    let m = Move::new(king, king.at(c(5, 2))).unwrap();
    assert!(!game::pre_move(&g, m));
    assert!(matches!(game::move_(&g, m), Err(GameMoveError::Illegal(_))));
    // A decided game takes no more moves: K vs K is drawn at once (FIDE Laws 5.2.2).
    let setup = parse_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
    let drawn = Game::from_setup(&setup, CastlingMode::Standard).unwrap();
    let step = Move::new(king, king.at(c(4, 1))).unwrap();
    assert!(board::pre_move(drawn.board(), step));
    assert!(!game::pre_move(&drawn, step));
    assert_eq!(
        game::move_(&drawn, step),
        Err(GameMoveError::GameOver(Winner::Remis))
    );
}

#[test]
fn game_post_move_fires_and_has_the_three_conjuncts() {
    let g = default_game();
    let m = find(g.board(), "e2e4");
    let result = game::move_(&g, m).unwrap();
    assert!(game::post_move(&g, m, &result));
    assert!(
        !game::post_move(&g, m, &g),
        "the old game is not the result"
    );
    // A mating move: the result is the mated position, the turn has passed, the mover won.
    let before = Game::from_setup(
        &parse_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2").unwrap(),
        CastlingMode::Standard,
    )
    .unwrap();
    let mate = find(before.board(), "d8h4");
    let after = game::move_(&before, mate).unwrap();
    assert!(game::post_move(&before, mate, &after));
    assert_eq!(game::turn(&after), Colour::White);
    assert!(game::is_checkmate(&after));
    assert_eq!(game::winner(&after), Winner::Black);
    // The position before the mate is no result of it.
    assert!(!game::post_move(&before, mate, &before));
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
#[should_panic(expected = "play_unchecked on the model: illegal move e2e5")]
fn the_models_port_checks_even_play_unchecked() {
    let mut g = default_game();
    let m = vdmchess::Move::normal("e2".parse().unwrap(), "e5".parse().unwrap());
    assert!(g.play(&m).is_err());
    g.play_unchecked(&m);
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
    assert!(pre_possible_moves_direction(rook, up, &none));
    assert_eq!(possible_moves_direction(rook, up, &none).unwrap().len(), 7);
    for bad in [Direction { dx: 0, dy: 0 }, Direction { dx: 1, dy: 2 }] {
        assert!(!pre_possible_moves_direction(rook, bad, &none));
        assert_eq!(
            possible_moves_direction(rook, bad, &none),
            Err(InvalidDirection(bad))
        );
    }
}
