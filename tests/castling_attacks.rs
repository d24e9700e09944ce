//! FIDE Laws 3.8.2.2.1, the rule `spec/TOUR.md` follows: castling is prevented while the king
//! stands on, crosses, or would land on a square an enemy piece attacks.
//!
//! Positions: both kings and all four rooks on their start squares, all rights, and a few
//! enemy pieces anywhere on ranks 2 to 7. For each castling, the rule is computed
//! independently of the model (the path is empty, and `Setup::attacked_by`, the setup's own
//! attack test, finds no attack on the king's path) and compared with the model's
//! `castling_moves`; when the rule refuses a castling with an empty path, `explain` must say
//! `castling_check` and name a square of the path and an attacker.

use proptest::prelude::*;
use vdmchess::model::board::castling_moves;
use vdmchess::model::game::Game;
use vdmchess::oracle::explain::{explain, Reason};
use vdmchess::{CastlingMode, Color, Piece, Role, Setup, Square};

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The corners-and-kings position with `extra` enemy pieces (of the side not to move) added.
fn position(turn: Color, extra: &[(Role, u8)]) -> Setup {
    let mut setup =
        vdmchess::notation::fen::parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    setup.turn = turn;
    for &(role, index) in extra {
        let square = Square::new(index).unwrap();
        if setup.piece_at(square).is_none() {
            setup.board[square.index()] = Some(Piece {
                color: turn.other(),
                role,
            });
        }
    }
    setup
}

/// Castling by the rule, computed on the setup: the squares between king and rook are empty
/// and no square from the king's to its destination is attacked.
fn allowed_by_the_rule(setup: &Setup, king: Square, rook: Square, king_to: Square) -> bool {
    let rank = king.rank();
    let files = |a: u8, b: u8| a.min(b)..=a.max(b);
    let empty = files(king.file(), rook.file())
        .map(|f| Square::from_coords(f, rank).unwrap())
        .all(|s| s == king || s == rook || setup.piece_at(s).is_none());
    let safe = files(king.file(), king_to.file())
        .all(|f| !setup.attacked_by(setup.turn.other(), Square::from_coords(f, rank).unwrap()));
    empty && safe
}

fn check(turn: Color, extra: &[(Role, u8)]) -> Result<(), TestCaseError> {
    let setup = position(turn, extra);
    prop_assume!(setup.validate(CastlingMode::Standard).is_ok());
    let game = Game::from_setup(&setup, CastlingMode::Standard).unwrap();
    let castles: Vec<String> = castling_moves(game.board())
        .iter()
        .map(|m| m.to_string())
        .collect();
    let back = if turn == Color::White { "1" } else { "8" };
    for (rook_file, king_to_file, san) in [("h", "g", "O-O"), ("a", "c", "O-O-O")] {
        let (king, rook) = (sq(&format!("e{back}")), sq(&format!("{rook_file}{back}")));
        let king_to = sq(&format!("{king_to_file}{back}"));
        let rule = allowed_by_the_rule(&setup, king, rook, king_to);
        let model = castles.contains(&format!("{king}{rook}"));
        prop_assert_eq!(model, rule, "{} in {}", san, setup.to_fen());
        let why = explain(&setup, CastlingMode::Standard, san).unwrap();
        prop_assert_eq!(
            why.legal,
            rule,
            "{} in {}: {}",
            san,
            setup.to_fen(),
            why.detail
        );
        if why.reason == Some(Reason::CastlingCheck) {
            let marked = why.marks.squares[0];
            prop_assert!(marked.rank() == king.rank() && setup.attacked_by(turn.other(), marked));
            prop_assert!(why
                .marks
                .arrows
                .iter()
                .all(|a| setup.piece_at(a.from).is_some_and(|p| p.color != turn)));
        }
    }
    Ok(())
}

fn extras() -> impl Strategy<Value = Vec<(Role, u8)>> {
    let role = prop_oneof![
        Just(Role::Pawn),
        Just(Role::Knight),
        Just(Role::Bishop),
        Just(Role::Rook),
        Just(Role::Queen)
    ];
    prop::collection::vec((role, 8u8..56), 1..4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn castling_through_an_attacked_square(white in any::<bool>(), extra in extras()) {
        check(if white { Color::White } else { Color::Black }, &extra)?;
    }
}

#[test]
fn the_tour_position() {
    // spec/TOUR.md: the bishop on a6 attacks f1, which the king crosses castling king side.
    check(Color::White, &[(Role::Bishop, sq("a6").as_u8())]).unwrap();
    let setup = position(Color::White, &[(Role::Bishop, sq("a6").as_u8())]);
    assert!(!allowed_by_the_rule(&setup, sq("e1"), sq("h1"), sq("g1")));
    assert!(allowed_by_the_rule(&setup, sq("e1"), sq("a1"), sq("c1")));
}
