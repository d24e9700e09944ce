//! The search's oracle (issue 11, part 5): a plain minimax over the reference model's moves,
//! with the same evaluation and the same rules for the end of a line, gives the same score
//! as the core's α-β search in exact mode ([`SearchConfig::exact`]: α-β, PVS, the
//! transposition table at exact depths, mate-distance pruning; no null move, reductions,
//! futility, aspiration, delta pruning nor check extension) at depths 1 to 3. The leaves are
//! the quiescence search on sparse positions, and the static evaluation alone (the search's
//! `quiescence: false`) on crowded ones, where a plain minimax of every capture sequence is
//! too large a tree for a test.
//!
//! The tree both walk, written out once more here so that the test is its own definition:
//! - a node below the root is a draw when its half-move clock has reached 100 (but a
//!   checkmate there is a mate), when neither side has mating material, or when its position
//!   occurred before in the game (one earlier occurrence is enough);
//! - at depth 0 the quiescence search: when in check every legal move (none: mated), else
//!   the static evaluation or a capture / queen promotion, whichever is best (or, with static
//!   leaves, the static evaluation);
//! - above depth 0, every legal move; none is mate or stalemate;
//! - a mate `n` plies below the root scores `MATE - n` for the side that mates.
//!
//! The minimax generates its moves with the model's `possible_moves` (through the port) and
//! keeps its history in the model's `Game`; only the evaluation is shared, read from the
//! position the model's `Game` exports.

use proptest::prelude::*;
use vdmchess::core::chess::repetition_key;
use vdmchess::core::Position;
use vdmchess::model::arbitrary::{placements, random_play, starts_and_choices};
use vdmchess::model::game::Game;
use vdmchess::search::eval::evaluate;
use vdmchess::search::{Limits, SearchConfig, Searcher, Signals, INFINITY, MATE};
use vdmchess::{CastlingMode, MoveKind, Role, Rules};

fn piece_count(setup: &vdmchess::Setup) -> usize {
    setup.board.iter().filter(|p| p.is_some()).count()
}

fn core_position(game: &Game) -> Position {
    Position::from_setup(&game.to_setup(), CastlingMode::Standard).unwrap()
}

fn eval_model(game: &Game) -> i32 {
    evaluate(&core_position(game))
}

/// `Some(score)` when the node (below the root) ends the line: a mate under the fifty-move
/// rule, or a draw.
fn end_of_line(game: &Game, ply: i32) -> Option<i32> {
    if game.halfmove_clock() >= 100 {
        if game.is_check() && !game.has_legal_moves() {
            return Some(-(MATE - ply));
        }
        return Some(0);
    }
    if game.is_insufficient_material() || game.repetition_count() >= 2 {
        return Some(0);
    }
    None
}

fn child(game: &Game, m: &vdmchess::Move) -> Game {
    let mut next = game.clone();
    next.play_unchecked(m);
    next
}

/// The tree's leaves: the quiescence search, or the static evaluation alone.
#[derive(Clone, Copy, Debug)]
enum Leaves {
    Quiescence,
    Static,
}

fn minimax(game: &Game, depth: i32, ply: i32, leaves: Leaves) -> i32 {
    if ply > 0 {
        if let Some(s) = end_of_line(game, ply) {
            return s;
        }
    }
    if depth <= 0 {
        return match leaves {
            Leaves::Quiescence => quiescence(game, ply),
            Leaves::Static => eval_model(game),
        };
    }
    let moves = game.legal_moves();
    if moves.is_empty() {
        return if game.is_check() { -(MATE - ply) } else { 0 };
    }
    moves
        .iter()
        .map(|m| -minimax(&child(game, m), depth - 1, ply + 1, leaves))
        .max()
        .unwrap_or(-INFINITY)
}

/// A capture (en passant included) or a queen promotion; under-promotions are not.
fn noisy(game: &Game, m: &vdmchess::Move) -> bool {
    let capture = m.kind == MoveKind::EnPassant
        || (m.kind != MoveKind::Castle
            && game.piece_at(m.to).is_some_and(|p| p.color != game.turn()));
    match m.kind {
        MoveKind::Promotion(r) => r == Role::Queen,
        _ => capture,
    }
}

fn quiescence(game: &Game, ply: i32) -> i32 {
    let moves = game.legal_moves();
    let in_check = game.is_check();
    let (mut best, candidates): (i32, Vec<_>) = if in_check {
        if moves.is_empty() {
            return -(MATE - ply);
        }
        (-INFINITY, moves)
    } else {
        (
            eval_model(game),
            moves.into_iter().filter(|m| noisy(game, m)).collect(),
        )
    };
    for m in &candidates {
        let next = child(game, m);
        let score = match end_of_line(&next, ply + 1) {
            Some(s) => -s,
            None => -quiescence(&next, ply + 1),
        };
        best = best.max(score);
    }
    best
}

/// The core's exact search of the last game of `games` with the others as its history.
fn core_score(games: &[Game], depth: u32, leaves: Leaves) -> i32 {
    let root = core_position(games.last().unwrap());
    let history: Vec<u64> = games[..games.len() - 1]
        .iter()
        .map(|g| repetition_key(&core_position(g)))
        .collect();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let config = SearchConfig {
        quiescence: matches!(leaves, Leaves::Quiescence),
        ..SearchConfig::exact()
    };
    let mut searcher = Searcher::new(1).with_config(config);
    searcher
        .search(&root, &history, &limits, &Signals::new(), &mut |_| {})
        .value
}

fn agree(games: &[Game], depth: u32, leaves: Leaves) -> Result<(), TestCaseError> {
    let root = games.last().unwrap();
    let expected = if root.has_legal_moves() {
        minimax(root, depth as i32, 0, leaves)
    } else if root.is_check() {
        -MATE
    } else {
        0
    };
    let got = core_score(games, depth, leaves);
    prop_assert_eq!(
        got,
        expected,
        "depth {} ({:?}) in {}",
        depth,
        leaves,
        root.to_setup().to_fen()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Depths 1 and 2 on games from the start (their history included), leaves evaluated
    /// statically (a plain minimax of captures in a crowded middlegame is too large a tree).
    #[test]
    fn exact_search_equals_model_minimax_from_the_start(
        (start, choices) in starts_and_choices(false, 70),
        depth in 1u32..=2,
    ) {
        let games = random_play(&start, &choices);
        agree(&games, depth, Leaves::Static)?;
    }

    /// Depths 1 and 2 with the quiescence search, on sparse random placements (at most
    /// eight pieces) and a few random moves from them.
    #[test]
    fn exact_search_with_quiescence_equals_model_minimax(
        setup in placements(),
        choices in proptest::collection::vec(any::<usize>(), 0..6),
        depth in 1u32..=2,
    ) {
        prop_assume!(piece_count(&setup) <= 8);
        let start = Game::from_setup(&setup, CastlingMode::Standard).unwrap();
        let games = random_play(&start, &choices);
        agree(&games, depth, Leaves::Quiescence)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// Depth 3, with the quiescence search, on sparse random placements (at most six pieces).
    #[test]
    fn exact_search_equals_model_minimax_at_depth_three(
        setup in placements(),
        choices in proptest::collection::vec(any::<usize>(), 0..6),
    ) {
        prop_assume!(piece_count(&setup) <= 6);
        let start = Game::from_setup(&setup, CastlingMode::Standard).unwrap();
        let games = random_play(&start, &choices);
        agree(&games, 3, Leaves::Quiescence)?;
    }

    /// Depth 3 on games from the start, leaves evaluated statically.
    #[test]
    fn exact_search_equals_model_minimax_at_depth_three_from_the_start(
        (start, choices) in starts_and_choices(false, 40),
    ) {
        let games = random_play(&start, &choices);
        agree(&games, 3, Leaves::Static)?;
    }
}

/// A fixed case where the repetition decides: White, down a queen, repeats a position of
/// the game; the minimax and the search agree that it is a draw.
#[test]
fn exact_search_equals_model_minimax_with_a_repetition() {
    let setup = vdmchess::notation::fen::parse_fen("q5k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1").unwrap();
    let start = Game::from_setup(&setup, CastlingMode::Standard).unwrap();
    let mut games = vec![start];
    for text in ["g1h1", "a8b8", "h1g1", "b8a8"] {
        let last = games.last().unwrap();
        let m = vdmchess::notation::uci::UciMove::from_ascii(text.as_bytes())
            .unwrap()
            .to_move(last)
            .unwrap();
        games.push(child(last, &m));
    }
    for depth in 1..=3 {
        for leaves in [Leaves::Quiescence, Leaves::Static] {
            agree(&games, depth, leaves).unwrap();
            assert_eq!(core_score(&games, depth, leaves), 0);
        }
    }
}
