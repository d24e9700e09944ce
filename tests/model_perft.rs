//! The model's move generator against published perft counts (spec/conformance/perft/).
//!
//! Depths are chosen so that the whole file runs in seconds with the test profile
//! (opt-level 3); the deep runs are `#[ignore]`d (`cargo test --release -- --ignored`).

#[path = "common/perft_data.rs"]
mod perft_data;

use perft_data::{case, load, PerftCase};
use vdmchess::model::board::{from_start, Board, Start};
use vdmchess::notation::fen::parse_fen;

/// The model's perft: the port's [`vdmchess::rules::perft`] over the model's `Game`.
fn perft(board: &vdmchess::model::board::Board, depth: u32) -> u64 {
    vdmchess::rules::perft(&vdmchess::model::game::Game::new(board.clone()), depth)
}

fn board(fen: &str) -> Board {
    let setup = parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let start = Start::from_setup(&setup, setup.castling_mode_hint())
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    from_start(&start)
}

/// Checks every count of `case` up to `max_depth`.
fn check(case: &PerftCase, max_depth: u32) {
    let b = board(&case.fen);
    let mut checked = 0;
    for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= max_depth) {
        assert_eq!(
            perft(&b, depth),
            expected,
            "{} ({}) depth {depth}",
            case.id,
            case.fen
        );
        checked += 1;
    }
    assert!(checked > 0, "{}: no count up to depth {max_depth}", case.id);
}

#[test]
fn start_position_depths_1_to_4() {
    let classic = load("classic.perft");
    let start = case(&classic, "startpos");
    check(start, 4);
    assert_eq!(
        start.count(3),
        Some(8902),
        "the count ChessPP gets wrong (8982)"
    );
}

#[test]
fn kiwipete_depths_1_to_3() {
    check(case(&load("classic.perft"), "pos-2-kiwipete"), 3);
}

#[test]
fn chessprogramming_positions_3_to_6() {
    let classic = load("classic.perft");
    check(case(&classic, "pos-3"), 5);
    check(case(&classic, "pos-4"), 4);
    check(case(&classic, "pos-4-mirrored"), 4);
    check(case(&classic, "pos-5"), 3);
    check(case(&classic, "pos-6"), 3);
}

#[test]
fn chess960_start_arrays_sample_depth_3() {
    let starts = load("chess960-startpos.perft");
    assert!(starts.len() > 500);
    // A fixed sample of ~20 start arrays spread over the file.
    for c in starts.iter().step_by(starts.len() / 20) {
        check(c, 3);
    }
}

#[test]
fn chess960_fischer_positions_sample_depth_3() {
    let positions = load("chess960-fischer.epd");
    for c in positions.iter().step_by(positions.len() / 20) {
        check(c, 3);
    }
}

#[test]
fn tricky_positions_at_shallow_depth() {
    let tricky = load("tricky.perft");
    for c in &tricky {
        // The deepest listed depth whose count stays small enough for a unit test.
        let depth = c
            .counts
            .iter()
            .filter(|(d, n)| *d <= 4 && *n <= 300_000)
            .map(|(d, _)| *d)
            .max()
            .unwrap_or(1);
        check(c, depth);
    }
    for id in [
        "xfen-00",
        "xfen-01",
        "align-ep",
        "align-ep-pinned",
        "king-walk",
    ] {
        case(&tricky, id);
    }
}

#[test]
fn standard_epd_suite_depth_2() {
    // A few lines list only deep counts (e.g. `;D5 11139762`); they run in the ignored test.
    let suite = load("standard.epd");
    let shallow: Vec<_> = suite.iter().filter(|c| c.count(2).is_some()).collect();
    assert!(shallow.len() >= 80, "{} of {}", shallow.len(), suite.len());
    for c in shallow {
        check(c, 2);
    }
}

#[test]
fn random_positions_sample_depth_3() {
    let random = load("random.perft");
    assert!(random.len() > 4000);
    for c in random.iter().step_by(40) {
        check(c, 3);
    }
}

#[test]
#[ignore = "deep: about a minute in release"]
fn deep_classic_positions() {
    let classic = load("classic.perft");
    check(case(&classic, "startpos"), 5);
    check(case(&classic, "pos-2-kiwipete"), 4);
    check(case(&classic, "pos-3"), 6);
    check(case(&classic, "pos-4"), 5);
    check(case(&classic, "pos-5"), 4);
    check(case(&classic, "pos-6"), 4);
}

#[test]
#[ignore = "deep: several minutes in release"]
fn deep_chess960_and_tricky() {
    for c in &load("chess960-startpos.perft") {
        check(c, 4);
    }
    for c in &load("chess960-fischer.epd") {
        check(c, 3);
    }
    for c in &load("tricky.perft") {
        check(c, 4);
    }
    for c in &load("standard.epd") {
        check(c, 5);
    }
    for c in &load("random.perft") {
        check(c, 3);
    }
}
