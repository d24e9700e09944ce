//! The fast forms of `src/model/array.rs` are their twins: on random boards, each gives what
//! the literal twin of the spec gives.
//!
//! Boards come from random legal play from the standard start, from random Chess960 starts
//! and from random placements, and from games that shuffle pieces back and forth (so that
//! positions repeat). The twins are slow (they build sets and play every candidate move), so
//! each case looks at a sample of the positions of its game; `PROPTEST_CASES` raises the
//! number of cases. `coverage_of_the_generators` checks that the boards reach the cases that
//! matter (checks, pins, legal en passant, castling, promotion, repetitions, the ends).

use proptest::prelude::*;
use quickcheck::{quickcheck, TestResult};

use vdmchess::model::arbitrary::{games_from_placements, random_play, starts_and_choices};
use vdmchess::model::array::{
    attacked_by_on_array, automatic_draw_on_array, claimable_draws_on_array,
    halfmove_clock_on_array, has_legal_en_passant_on_array, in_check_on_array,
    inv_board_state_in_order, is_checkmate_on_array, is_stalemate_on_array,
    possible_moves_on_array, post_move_on_array, pre_move_on_array, repetition_count_on_array,
    winner_on_array, Squares,
};
use vdmchess::model::board::{
    self, inv_board, inv_start, replay, Board, BoardState, History, Move, Start,
};
use vdmchess::model::game::{self, Game};
use vdmchess::model::piece::{Colour, Coordinate, Piece, PieceType};
use vdmchess::model::Set;
use vdmchess::{CastlingMode, Setup};

fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(cases)
}

/// Games of every kind: the positions along one random game.
fn games() -> impl Strategy<Value = Vec<Game>> {
    let play = |(start, ix): (Game, Vec<usize>)| random_play(&start, &ix);
    prop_oneof![
        starts_and_choices(false, 100).prop_map(play),
        starts_and_choices(true, 100).prop_map(play),
        games_from_placements(40),
        (starts_and_choices(false, 30), 1usize..5).prop_map(move |(sc, rounds)| {
            let mut games = play(sc);
            shuffle(&mut games, rounds);
            games
        }),
    ]
}

/// Plays `rounds` times a move of each side and their reverses (a knight there and back), as
/// long as the reverse moves are legal: positions repeat.
fn shuffle(games: &mut Vec<Game>, rounds: usize) {
    let reversible = |g: &Game| -> Option<Move> {
        let b = g.board();
        let mut moves = possible_moves_on_array(b);
        moves.sort();
        moves.into_iter().find(|m| {
            m.from_().piece_type != PieceType::Pawn
                && m.from_().piece_type == m.to_().piece_type
                && board::piece_at(b.state(), m.to_().coord).is_none()
        })
    };
    let reverse = |m: Move| Move::new(m.to_(), m.from_()).ok();
    for _ in 0..rounds {
        let Some(last) = games.last().cloned() else {
            return;
        };
        let Some(a) = reversible(&last) else { return };
        let Ok(g1) = game::move_(&last, a) else {
            return;
        };
        let Some(b) = reversible(&g1) else { return };
        let Ok(g2) = game::move_(&g1, b) else { return };
        let back = reverse(a).and_then(|m| game::move_(&g2, m).ok());
        let Some(g3) = back else { return };
        let Some(g4) = reverse(b).and_then(|m| game::move_(&g3, m).ok()) else {
            return;
        };
        games.extend([g1, g2, g3, g4]);
    }
}

/// Every move a test may ask about on `b`: each piece of either colour to each square, as
/// itself and as each other type (promotions, and moves no rule allows).
fn all_moves(b: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    for &p in b.state().pieces() {
        for c in Coordinate::all() {
            for t in PieceType::ALL {
                if let Ok(m) = Move::new(p, Piece::new(t, c, p.colour)) {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// The positions of a game a case compares the twins on: about `n` of them, the last included.
fn sample(games: &[Game], n: usize) -> impl Iterator<Item = &Game> {
    let step = (games.len() / n.max(1)).max(1);
    games.iter().rev().step_by(step)
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn possible_moves_on_array_is_possible_moves(games in games()) {
        for g in sample(&games, 4) {
            let fast = possible_moves_on_array(g.board());
            let set: Set<Move> = fast.iter().copied().collect();
            prop_assert_eq!(set.len(), fast.len(), "no move twice");
            prop_assert_eq!(set, board::possible_moves(g.board()));
        }
    }

    #[test]
    fn pre_move_on_array_is_pre_move(games in games()) {
        for g in sample(&games, 2) {
            let b = g.board();
            let possible = board::possible_moves(b);
            for m in all_moves(b) {
                prop_assert_eq!(pre_move_on_array(b, m), possible.contains(&m), "{}", m);
            }
            if let Some(&m) = possible.get_min() {
                prop_assert!(board::pre_move(b, m) && pre_move_on_array(b, m));
            }
        }
    }

    #[test]
    fn post_move_on_array_is_post_move(games in games()) {
        // Along the game: the true result, the board itself, and the result of another move.
        for pair in games.windows(2) {
            let (before, after) = (pair[0].board(), pair[1].board());
            let m = *after.history().back().unwrap();
            let other = possible_moves_on_array(before).into_iter().find(|&o| o != m);
            let wrong = other.map(|o| board::move_(before, o).unwrap());
            for result in [Some(after), Some(before), wrong.as_ref()].into_iter().flatten() {
                prop_assert_eq!(post_move_on_array(before, m, result), board::post_move(before, m, result));
            }
            prop_assert!(post_move_on_array(before, m, after));
        }
    }

    #[test]
    fn has_legal_en_passant_on_array_is_has_legal_en_passant(games in games()) {
        for g in &games {
            let b = g.board();
            // The twin is costly only when there is an en-passant move to judge.
            if !board::en_passant_moves(b).is_empty() || has_legal_en_passant_on_array(b) {
                prop_assert_eq!(has_legal_en_passant_on_array(b), board::has_legal_en_passant(b));
            }
        }
    }

    #[test]
    fn halfmove_clock_on_array_is_halfmove_clock(games in games()) {
        for g in sample(&games, 3) {
            prop_assert_eq!(halfmove_clock_on_array(g.board()), board::halfmove_clock(g.board()));
        }
    }

    #[test]
    fn repetition_count_on_array_is_repetition_count(games in games()) {
        for g in sample(&games, 3) {
            prop_assert_eq!(repetition_count_on_array(g), game::repetition_count(g));
        }
    }

    #[test]
    fn the_ends_on_array_are_the_ends(games in games()) {
        let g = games.last().unwrap();
        prop_assert_eq!(is_checkmate_on_array(g), game::is_checkmate(g));
        prop_assert_eq!(is_stalemate_on_array(g), game::is_stalemate(g));
        prop_assert_eq!(claimable_draws_on_array(g), game::claimable_draws(g));
        prop_assert_eq!(automatic_draw_on_array(g), game::automatic_draw(g));
        prop_assert_eq!(winner_on_array(g), game::winner(g));
    }

    #[test]
    fn inv_board_holds_exactly_for_the_histories_board_new_accepts(
        (start, ix) in starts_and_choices(true, 6),
        corrupt in prop::option::of((0usize..6, any::<prop::sample::Index>())),
    ) {
        let played = random_play(&start, &ix);
        let mut history: History = played.last().unwrap().board().history().clone();
        // Replace one move by any move of any piece: mostly not possible where it is played.
        if let Some((at, pick)) = corrupt.filter(|(at, _)| *at < history.len()) {
            let before = &played[at];
            let moves = all_moves(before.board());
            history.set(at, moves[pick.index(moves.len())]);
        }
        let s: &Start = start.board().start();
        let state = replay(s.state(), &history);
        prop_assert_eq!(Board::new(s.clone(), history.clone()).is_ok(), inv_board(s, &history, &state));
    }

    #[test]
    fn inv_start_holds_exactly_for_the_setups_validate_accepts(setup in raw_setups()) {
        let validated = setup.validate(CastlingMode::Chess960).is_ok();
        let invariant = BoardState::from_setup(&setup).is_ok_and(|state| {
            let castling = setup.castling_rights.iter().map(Coordinate::from).collect();
            let ep = setup.ep_square.map(Coordinate::from);
            inv_start(&state, setup.turn.into(), &castling, ep, setup.halfmoves, setup.fullmoves)
        });
        // nat1: the full-move number is at least 1 by its type.
        prop_assert_eq!(validated, invariant && setup.fullmoves >= 1, "{}", setup.to_fen());
        if setup.validate(CastlingMode::Standard).is_ok() {
            prop_assert!(invariant);
        }
    }
}

/// Setups that break every clause of `inv_Start` now and then: 0 to 2 kings a side, pieces
/// anywhere (pawns on the back ranks too), castling rights on random back-rank squares, an
/// en-passant square on the third or sixth rank, either side to move.
fn raw_setups() -> impl Strategy<Value = Setup> {
    use vdmchess::{Color, Piece as P, Role, Square};
    let piece = (0usize..12, 0u8..64);
    (
        prop::collection::vec(piece, 0..24),
        prop::collection::vec((any::<bool>(), 0u8..8), 0..4),
        prop::option::of((any::<bool>(), 0u8..8)),
        any::<bool>(),
        0u32..3,
    )
        .prop_map(|(pieces, rights, ep, black, fullmoves)| {
            let mut setup = Setup::empty();
            let roles = [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
            ];
            for (kind, sq) in pieces {
                let color = if kind % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                setup.board[usize::from(sq)] = Some(P {
                    color,
                    role: roles[kind / 2],
                });
            }
            for (white, file) in rights {
                let rank = if white { 0 } else { 7 };
                if let Some(sq) = Square::from_coords(file, rank) {
                    setup.castling_rights = setup.castling_rights.with(sq);
                }
            }
            setup.ep_square =
                ep.and_then(|(third, file)| Square::from_coords(file, if third { 2 } else { 5 }));
            setup.turn = if black { Color::Black } else { Color::White };
            setup.fullmoves = fullmoves;
            setup
        })
}

/// The colour's attacks on the squares it does not occupy (where `attacked_by` is defined).
fn attacks_agree(state: BoardState) -> bool {
    let squares = Squares::of(&state);
    Coordinate::all().all(|c| {
        [Colour::White, Colour::Black].into_iter().all(|colour| {
            squares.get(c).is_some_and(|p| p.colour == colour)
                || attacked_by_on_array(&squares, colour, c)
                    == board::attacked_by(&state, colour, c)
        })
    })
}

fn in_check_agrees(state: BoardState) -> bool {
    let squares = Squares::of(&state);
    [Colour::White, Colour::Black]
        .into_iter()
        .all(|colour| in_check_on_array(&squares, colour) == board::in_check(&state, colour))
}

fn in_check_agrees_with_kings(
    state: BoardState,
    white: Coordinate,
    black: Coordinate,
) -> TestResult {
    let king = |c, colour| Piece::new(PieceType::King, c, colour);
    let pieces: Set<Piece> = state
        .pieces()
        .iter()
        .filter(|p| p.coord != white && p.coord != black && p.piece_type != PieceType::King)
        .copied()
        .chain([king(white, Colour::White), king(black, Colour::Black)])
        .collect();
    match BoardState::new(pieces) {
        Ok(state) if white != black => TestResult::from_bool(in_check_agrees(state)),
        _ => TestResult::discard(),
    }
}

#[test]
fn attacks_and_check_on_array_are_the_twins() {
    quickcheck(attacks_agree as fn(BoardState) -> bool);
    quickcheck(in_check_agrees as fn(BoardState) -> bool);
    quickcheck(in_check_agrees_with_kings as fn(BoardState, Coordinate, Coordinate) -> TestResult);
}

proptest! {
    #![proptest_config(config(256))]

    /// Any set of pieces, the empty set and sets with two or more pieces on one square
    /// included (few coordinates, so that they collide often).
    #[test]
    fn inv_board_state_in_order_is_inv_board_state(
        raw in prop::collection::vec((0usize..6, 0i32..3, 0i32..3, any::<bool>()), 0..8)
    ) {
        let s: Set<Piece> = raw
            .into_iter()
            .filter_map(|(t, x, y, white)| {
                let colour = if white { Colour::White } else { Colour::Black };
                Some(Piece::new(PieceType::ALL[t], Coordinate::new(x + 1, y + 3).ok()?, colour))
            })
            .collect();
        prop_assert_eq!(inv_board_state_in_order(&s), board::inv_board_state(&s));
    }
}

/// Counts, over a fixed set of generated games, the positions that test what matters, and
/// asserts each kind occurs: a twin test over boards that never reach a case proves nothing
/// about it.
#[test]
fn coverage_of_the_generators() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(Default::default()),
    );
    let strategy = games();
    let (mut checks, mut legal_ep, mut castles, mut promotions, mut repeats, mut ends) =
        (0, 0, 0, 0, 0, 0);
    for _ in 0..300 {
        let games = strategy.new_tree(&mut runner).unwrap().current();
        for g in &games {
            let b = g.board();
            let moves = possible_moves_on_array(b);
            checks += usize::from(in_check_on_array(&Squares::of(b.state()), board::turn(b)));
            legal_ep += usize::from(has_legal_en_passant_on_array(b));
            castles += moves
                .iter()
                .filter(|m| {
                    board::piece_at(b.state(), m.to_().coord)
                        .is_some_and(|p| p.colour == m.from_().colour)
                })
                .count();
            promotions += moves
                .iter()
                .filter(|m| m.from_().piece_type != m.to_().piece_type)
                .count();
            repeats += usize::from(repetition_count_on_array(g) >= 3);
        }
        ends += usize::from(winner_on_array(games.last().unwrap()) != game::Winner::Undecided);
    }
    for (what, n) in [
        ("checks", checks),
        ("legal en passant", legal_ep),
        ("castling moves", castles),
        ("promotions", promotions),
        ("threefold repetitions", repeats),
        ("ended games", ends),
    ] {
        assert!(n >= 5, "only {n} positions with {what}");
    }
}
