//! The oracle: the reference model and the core agree, move by move.
//!
//! Positions come from random legal play from the standard start and from random Chess960
//! starts (moves picked by index into the legal list, never filtered), and from random
//! placements that satisfy the model's invariants. At every step both implementations must
//! agree on the legal move set, check, checkmate, stalemate, every draw rule, the claimable
//! draws, and the FEN. The model answers from `GameModule`'s functions and the core from its
//! own, so each comparison is between two implementations.
//!
//! `PROPTEST_CASES` raises the number of cases (CI runs the default below).

use proptest::prelude::*;
use vdmchess::core::Chess;
use vdmchess::model::game::Game;
use vdmchess::{CastlingMode, Color, Piece, Role, Rules, Setup, Square};

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Every observable of the port, side by side.
fn assert_agree(model: &Game, core: &Chess, context: &str) {
    let fen = core.to_setup().to_fen();
    assert_eq!(model.to_setup().to_fen(), fen, "FEN, {context}");
    let mut mm = model.legal_moves();
    let mut mc = core.legal_moves();
    mm.sort();
    mc.sort();
    assert_eq!(mm, mc, "legal moves in {fen}, {context}");
    assert_eq!(model.is_check(), core.is_check(), "check in {fen}");
    assert_eq!(
        model.is_checkmate(),
        core.is_checkmate(),
        "checkmate in {fen}"
    );
    assert_eq!(
        model.is_stalemate(),
        core.is_stalemate(),
        "stalemate in {fen}"
    );
    assert_eq!(
        model.is_insufficient_material(),
        core.is_insufficient_material(),
        "insufficient material in {fen}"
    );
    assert_eq!(
        model.halfmove_clock(),
        core.halfmove_clock(),
        "clock in {fen}"
    );
    assert_eq!(
        model.repetition_count(),
        core.repetition_count(),
        "repetitions in {fen}"
    );
    assert_eq!(
        model.is_threefold_repetition(),
        core.is_threefold_repetition(),
        "threefold repetition in {fen}"
    );
    assert_eq!(
        model.is_fifty_moves(),
        core.is_fifty_moves(),
        "fifty moves in {fen}"
    );
    assert_eq!(model.claims(), core.claims(), "claims in {fen}");
    assert_eq!(model.status(), core.status(), "status in {fen}");
    assert_eq!(model.turn(), core.turn());
    for sq in Square::all() {
        assert_eq!(model.piece_at(sq), core.piece_at(sq), "{sq} in {fen}");
    }
}

/// Plays the moves picked by `choices` in both implementations, checking agreement at every
/// step. Returns the number of plies played.
fn play_along(setup: &Setup, mode: CastlingMode, choices: &[u16]) -> usize {
    let mut model = Game::from_setup(setup, mode).expect("the model accepts the setup");
    let mut core = Chess::from_setup(setup, mode).expect("the core accepts the setup");
    assert_agree(&model, &core, "at the start");
    for (ply, &choice) in choices.iter().enumerate() {
        let mut moves = core.legal_moves();
        if moves.is_empty() {
            return ply;
        }
        moves.sort();
        let m = moves[choice as usize % moves.len()];
        model = model
            .play(&m)
            .expect("the model plays the core's legal move");
        core.play_unchecked(&m);
        assert_agree(&model, &core, &format!("after ply {} ({m})", ply + 1));
    }
    choices.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(2000)))]

    #[test]
    fn random_games_from_the_start(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        play_along(&Setup::start(), CastlingMode::Standard, &choices);
    }

    #[test]
    fn random_chess960_games(n in 0u32..960, choices in prop::collection::vec(any::<u16>(), 0..120)) {
        play_along(&Setup::chess960_start(n), CastlingMode::Chess960, &choices);
    }

    #[test]
    fn random_placements(setup in placement(), choices in prop::collection::vec(any::<u16>(), 0..40)) {
        play_along(&setup, CastlingMode::Standard, &choices);
    }
}

/// Random placements that satisfy the model's invariants and `Setup::validate`: two kings,
/// up to 14 other pieces on distinct squares, no pawn on the first or last rank, the side not
/// to move not in check (the side to move is chosen so), and no castling rights.
fn placement() -> impl Strategy<Value = Setup> {
    let piece = (0usize..10, 0u8..64);
    (
        0u8..64,
        0u8..64,
        prop::collection::vec(piece, 0..14),
        any::<bool>(),
    )
        .prop_filter_map(
            "kings apart and a side not in check",
            |(wk, bk, others, black)| {
                let mut setup = Setup::empty();
                let wk = Square::new(wk)?;
                let bk = Square::new(bk)?;
                if wk == bk {
                    return None;
                }
                setup.board[wk.index()] = Some(Piece {
                    color: Color::White,
                    role: Role::King,
                });
                setup.board[bk.index()] = Some(Piece {
                    color: Color::Black,
                    role: Role::King,
                });
                for (kind, sq) in others {
                    let sq = Square::new(sq)?;
                    let color = if kind % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let role = [
                        Role::Pawn,
                        Role::Knight,
                        Role::Bishop,
                        Role::Rook,
                        Role::Queen,
                    ][kind / 2];
                    if setup.board[sq.index()].is_some()
                        || (role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7))
                    {
                        continue;
                    }
                    setup.board[sq.index()] = Some(Piece { color, role });
                }
                setup.turn = if black { Color::Black } else { Color::White };
                if setup.validate(CastlingMode::Standard).is_err() {
                    setup.turn = setup.turn.other();
                }
                setup.validate(CastlingMode::Standard).ok()?;
                Some(setup)
            },
        )
}

#[test]
fn agree_along_a_long_fixed_game() {
    // A deterministic walk through 400 plies: the 7th legal move each time (sorted order).
    let choices: Vec<u16> = (0..400).map(|i| (i * 7 + 3) as u16).collect();
    let plies = play_along(&Setup::start(), CastlingMode::Standard, &choices);
    // The walk never reaches a position without a legal move.
    assert_eq!(plies, 400);
}

#[test]
fn agree_on_every_chess960_start() {
    for n in 0..960 {
        play_along(
            &Setup::chess960_start(n),
            CastlingMode::Chess960,
            &[0, 5, 9, 2],
        );
    }
}

/// Positions where more than one rule applies: both implementations give python-chess's
/// `outcome()` (checkmate, then insufficient material, then stalemate, then 75 moves), checked
/// with python-chess 1.11.2.
#[test]
fn status_takes_the_rules_in_python_chess_order() {
    use vdmchess::Status;
    let cases = [
        // Stalemate, and king and bishop against king.
        (
            "k7/8/1K6/8/8/8/7B/8 b - - 0 1",
            Status::InsufficientMaterial,
        ),
        (
            "k7/8/1K6/8/8/8/7B/8 b - - 150 100",
            Status::InsufficientMaterial,
        ),
        // Mate on the 150th half-move without capture or pawn move (FIDE 9.6.2).
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 150 100", Status::Checkmate),
        (
            "7k/8/6K1/8/8/8/8/R7 w - - 150 100",
            Status::SeventyfiveMoves,
        ),
        ("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", Status::Stalemate),
    ];
    for (fen, want) in cases {
        let setup = vdmchess::notation::fen::parse_fen(fen).unwrap();
        let model = Game::from_setup(&setup, CastlingMode::Standard).unwrap();
        let core = Chess::from_setup(&setup, CastlingMode::Standard).unwrap();
        assert_eq!(model.status(), want, "model, {fen}");
        assert_eq!(core.status(), want, "core, {fen}");
        assert_agree(&model, &core, fen);
    }
}
