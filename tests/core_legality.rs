//! The core's legality answers agree with each other, and positions survive a FEN round trip:
//! `is_legal(m) == legal_moves().contains(m)` over every from × to × kind, the masked
//! generator (`legal_moves_to_into`) and the SAN resolver's `unique_move_to` equal to
//! filtering, along random games from random Chess960 starts (the standard start among them).

mod common;

use common::agree::assert_agree;
use proptest::prelude::*;
use vdmchess::core::Chess;
use vdmchess::rules::MoveMatch;
use vdmchess::{CastlingMode, Move, MoveKind, Role, Rules, Setup, Square, SquareSet};

/// `is_legal` against `legal_moves` over every from × to × kind.
fn check_is_legal(game: &Chess) {
    let legal = game.legal_moves();
    for from in Square::all() {
        for to in Square::all() {
            for kind in common::MOVE_KINDS {
                let m = Move { from, to, kind };
                assert_eq!(
                    game.is_legal(&m),
                    legal.contains(&m),
                    "{m:?} in {}",
                    game.to_setup().to_fen()
                );
            }
        }
    }
}

/// The masked generator against filtering the full list, for every role and square.
fn check_moves_to(game: &Chess) {
    let legal = game.legal_moves();
    for role in Role::ALL {
        for to in Square::all() {
            let mut fast = Vec::new();
            game.legal_moves_to_into(role, to, &mut fast);
            let mut slow: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    (m.to == to || (m.is_castle() && m.castle_king_to() == to))
                        && game.piece_at(m.from).map(|p| p.role) == Some(role)
                })
                .collect();
            fast.sort();
            slow.sort();
            assert_eq!(
                fast,
                slow,
                "{role:?} to {to} in {}",
                game.to_setup().to_fen()
            );
        }
    }
}

/// The SAN resolver's question (`unique_move_to`: the one legal move of a role from a set of
/// squares to a square, castling aside) against filtering the full list, for every role and
/// square, from anywhere, from each file and from each rank, with each promotion choice.
fn check_unique_move_to(game: &Chess) {
    let legal = game.legal_moves();
    let mut scratch = Vec::new();
    let mut froms = vec![SquareSet(!0)];
    for i in 0..8 {
        froms.push(SquareSet(0x0101_0101_0101_0101 << i));
        froms.push(SquareSet(0xff << (8 * i)));
    }
    let promotions = [
        None,
        Some(Role::Queen),
        Some(Role::Rook),
        Some(Role::Bishop),
        Some(Role::Knight),
        Some(Role::King),
    ];
    for role in Role::ALL {
        for to in Square::all() {
            for from in &froms {
                for promotion in promotions {
                    let matching: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|m| {
                            !m.is_castle()
                                && m.to == to
                                && from.contains(m.from)
                                && m.promotion() == promotion
                                && game.piece_at(m.from).map(|p| p.role) == Some(role)
                        })
                        .collect();
                    let expected = match matching[..] {
                        [] => MoveMatch::None,
                        [m] => MoveMatch::One(m),
                        _ => MoveMatch::Many,
                    };
                    assert_eq!(
                        game.unique_move_to(role, to, *from, promotion, &mut scratch),
                        expected,
                        "{role:?} from {from:?} to {to} promoting to {promotion:?} in {}",
                        game.to_setup().to_fen()
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn legality_answers_agree(start in 0u32..960, picks in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut game = Chess::from_setup(&Setup::chess960_start(start), CastlingMode::Chess960).unwrap();
        for (ply, pick) in picks.into_iter().enumerate() {
            if ply % 3 == 0 {
                check_is_legal(&game);
                check_moves_to(&game);
                check_unique_move_to(&game);
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[pick as usize % moves.len()];
            // play() accepts exactly the legal moves, and copy-make leaves the original alone.
            let before = *game.position();
            let next = game.play(&m).unwrap();
            prop_assert_eq!(*game.position(), before);
            prop_assert_ne!(next.position().hash(), before.hash());
            game.play_unchecked(&m);
            // The position rebuilt from its FEN says the same about itself.
            let rebuilt = Chess::from_setup(&game.to_setup(), CastlingMode::Chess960).unwrap();
            assert_agree(&game, &rebuilt);
        }
    }
}

#[test]
fn play_refuses_illegal_moves() {
    let game = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
    let sq = |s: &str| s.parse::<Square>().unwrap();
    for m in [
        Move::normal(sq("e2"), sq("e5")),
        Move::normal(sq("e7"), sq("e5")),
        Move::normal(sq("d4"), sq("d5")),
        Move {
            from: sq("e1"),
            to: sq("h1"),
            kind: MoveKind::Castle,
        },
    ] {
        let err = game.play(&m).unwrap_err();
        assert_eq!(err.mv, m);
        assert_eq!(err.fen, Setup::start().to_fen());
    }
    assert!(game.play(&Move::normal(sq("e2"), sq("e4"))).is_ok());
}

/// The SAN fast path (`legal_moves_to_into`) against filtering, at every position of the
/// tricky and standard perft suites (impossible checks, en-passant pins, 218 moves ...).
#[test]
fn moves_to_a_square_in_the_perft_suites() {
    for name in ["tricky.perft", "standard.epd", "chess960-fischer.epd"] {
        for case in common::perft_data::load(name) {
            let setup = vdmchess::notation::fen::parse_fen(&case.fen).unwrap();
            let game = Chess::from_setup(&setup, CastlingMode::Chess960).unwrap();
            check_moves_to(&game);
            check_unique_move_to(&game);
            check_is_legal(&game);
            // And one ply deeper.
            for m in game.legal_moves() {
                let next = game.play(&m).unwrap();
                check_moves_to(&next);
            }
        }
    }
}
