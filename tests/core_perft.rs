//! Perft suites against the core: every suite of `spec/conformance/perft/`, each position at
//! the depths a CI run affords (a node budget per count); the deepest counts are `#[ignore]`d.
//!
//! In CI: every position of `standard.epd` to depth 5 or more, every Chess960 position
//! (`chess960-fischer.epd`, `chess960-startpos.perft`) to depth 4 or more, about 3.3e9 nodes
//! in all (well under a minute on two cores at opt-level 3).

mod common;

use common::perft_data::{load, PerftCase};
use vdmchess::core::Position;
use vdmchess::notation::fen::parse_fen;
use vdmchess::rules::{perft_divide, perft_threads};
use vdmchess::{CastlingMode, Setup};

fn position(case: &PerftCase) -> Position {
    let setup = parse_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
    Position::from_setup(&setup, CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{}: {e} ({})", case.id, case.fen))
}

/// Checks every count of every case whose node count is at most `budget`, and returns how many
/// counts it checked.
fn check_suite(name: &str, budget: u64) -> usize {
    check_suite_threads(name, budget, 1)
}

/// [`check_suite`] with each count split over `threads` threads.
fn check_suite_threads(name: &str, budget: u64, threads: usize) -> usize {
    let mut checked = 0;
    for case in load(name) {
        let pos = position(&case);
        for &(depth, nodes) in &case.counts {
            if nodes <= budget {
                assert_eq!(
                    perft_threads(&pos, depth, threads),
                    nodes,
                    "{name} {} depth {depth} ({})",
                    case.id,
                    case.fen
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "{name}: no count within budget");
    checked
}

#[test]
fn classic_positions() {
    check_suite("classic.perft", 100_000_000);
}

#[test]
fn standard_suite() {
    check_suite("standard.epd", 200_000_000);
}

#[test]
fn tricky_positions() {
    check_suite("tricky.perft", 30_000_000);
}

#[test]
fn random_positions() {
    check_suite("random.perft", 200_000);
}

#[test]
fn chess960_fischer_positions() {
    check_suite("chess960-fischer.epd", 5_000_000);
}

#[test]
fn chess960_start_positions() {
    check_suite("chess960-startpos.perft", 1_000_000);
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[test]
#[ignore = "deep: 4e10 nodes, minutes in release mode"]
fn deep_classic_standard_tricky() {
    check_suite_threads("classic.perft", 10_000_000_000, all_cores());
    check_suite_threads("standard.epd", u64::MAX, all_cores());
    check_suite_threads("tricky.perft", 10_000_000_000, all_cores());
}

#[test]
#[ignore = "deep: 3e10 nodes, minutes in release mode"]
fn deep_chess960() {
    check_suite_threads("chess960-fischer.epd", 200_000_000, all_cores());
    check_suite_threads("chess960-startpos.perft", u64::MAX, all_cores());
}

#[test]
#[ignore = "deep: 1.3e11 nodes, a quarter of an hour or more in release mode"]
fn deep_random() {
    check_suite_threads("random.perft", 100_000_000, all_cores());
}

#[test]
fn divide_sums_to_perft_and_names_every_move() {
    let pos = Position::from_setup(
        &parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap(),
        CastlingMode::Standard,
    )
    .unwrap();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.moves.len(), 48);
    assert_eq!(divide.moves.iter().map(|&(_, n)| n).sum::<u64>(), 97_862);
    assert_eq!(divide.nodes, 97_862);
    let castle = divide
        .moves
        .iter()
        .find(|(m, _)| m.to_uci(CastlingMode::Standard) == "e1g1")
        .expect("kiwipete has O-O");
    assert_eq!(castle.1, 2_059);
    let root = perft_divide(&pos, 0);
    assert_eq!((root.moves.len(), root.nodes), (0, 1));
}

#[test]
fn threads_agree_with_one_thread() {
    let pos = Position::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
    for threads in [1, 2, 3, 8] {
        assert_eq!(perft_threads(&pos, 3, threads), 8_902);
        assert_eq!(perft_threads(&pos, 4, threads), 197_281);
    }
    // Checkmated: no move at the root, no task to share.
    let mated = Position::from_setup(
        &parse_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap(),
        CastlingMode::Standard,
    )
    .unwrap();
    assert_eq!(perft_threads(&mated, 5, 2), 0);
    assert_eq!(perft_threads(&pos, 1, 2), 20);
    assert_eq!(perft_threads(&pos, 0, 2), 1);
}

/// The core's two implementations of the port walk the same tree: `Chess` (with its history)
/// plays each child on one copy whose history it sets back; the children must be those of
/// playing each legal move, history included.
#[test]
fn chess_children_are_the_legal_moves_played() {
    use vdmchess::core::Chess;
    use vdmchess::rules::perft;
    use vdmchess::Rules;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let setup = parse_fen(fen).unwrap();
        let mut game = Chess::from_setup(&setup, CastlingMode::Standard).unwrap();
        // A history to carry: knights out and back, so the start occurs twice.
        let start = game.clone();
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            if let Some(m) = game
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == uci)
            {
                game.play_unchecked(&m);
            }
        }
        let mut walked = Vec::new();
        game.for_each_child(|c| walked.push((c.to_setup(), c.repetition_keys().to_vec())));
        let played: Vec<_> = game
            .legal_moves()
            .iter()
            .map(|m| {
                let mut c = game.clone();
                c.play_unchecked(m);
                (c.to_setup(), c.repetition_keys().to_vec())
            })
            .collect();
        assert_eq!(walked, played, "{fen}");
        let pos = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
        assert_eq!(perft(&start, 3), perft(&pos, 3), "{fen}");
    }
}
