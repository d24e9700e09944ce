//! `PgnModule` (spec/PgnModule.vdmpp, src/model/pgn.rs) against what users run.
//!
//! - Writing: on random positions, the spec's SAN of every possible move (`san_of`) is the
//!   text `notation::san` writes, and it means exactly that move (`meaning`).
//! - Reading: on random positions and random text (SAN of legal moves, the same with its
//!   disambiguation dropped, over-disambiguated, with the wrong piece, square, `x` or check
//!   mark, and malformed text), the spec's `parse_san` reads exactly what
//!   `notation::san` reads in strict mode, and `meaning` says legal, ambiguous or illegal
//!   exactly when `San::to_move` (what `vdmchess replay` uses) resolves the SAN, calls it
//!   ambiguous, or illegal.
//! - Movetext: the SAN tokens `movetext` gives are those the PGN reader gives, on random
//!   movetext with move numbers, comments, NAGs, glyphs, variations and results.
//! - The literal twins (`meaning`, `san_of`, the theorems) equal the fast forms the properties
//!   above use, on fewer positions (the literal twins build sets and play every move).
//! - Each contract of `PgnModule` fires: `inv_PieceMove`, `pre_file_char`, `pre_rank_char`,
//!   `pre_resolve`, `pre_san_of`.
//!
//! `PROPTEST_CASES` sets the number of cases (10,000 by default for the properties).

use proptest::prelude::*;
use proptest::strategy::ValueTree;

mod common;
use common::san_text::{notation_text, random_text, reader_sans, Rng};

use vdmchess::model::arbitrary::{games_from_chess960, games_from_placements, games_from_start};
use vdmchess::model::array::{possible_moves_on_array, Squares};
use vdmchess::model::board::{default_board, Board};
use vdmchess::model::game::Game;
use vdmchess::model::pgn::{
    self, file_char, inv_piece_move, meaning, meaning_on_array, movetext, parse_san, pre_file_char,
    pre_rank_char, pre_resolve, pre_san_of, rank_char, resolve, san_of, san_of_on_array, san_text,
    text, Castle, NotOneMove, OffTheBoard, PieceMove, Resolution, San, SanPlus, Side, Suffix,
};
use vdmchess::model::piece::{Coordinate, PieceType};
use vdmchess::model::port::to_port_move;
use vdmchess::model::Set;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::san::{self as nsan, SanError, SanMode};
use vdmchess::CastlingMode;

fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(cases)
}

/// Positions of every kind: random play from the standard start, from Chess960 starts, and
/// from random placements (promotions, under-promotions, many pieces of a kind).
fn games() -> impl Strategy<Value = Game> {
    prop_oneof![
        games_from_start(60),
        games_from_chess960(40),
        games_from_placements(12).prop_map(|mut gs| gs.pop().unwrap()),
    ]
}

fn string(t: &pgn::Text) -> String {
    t.iter().collect()
}

/// notation's SAN as the spec's value (strict mode reads only these two forms).
fn from_notation(s: nsan::SanPlus) -> SanPlus {
    let san = match s.san {
        nsan::San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => San::PieceMove(
            PieceMove::new(
                role.into(),
                file.map(|f| u32::from(f) + 1),
                rank.map(|r| u32::from(r) + 1),
                capture,
                Coordinate::from(to),
                promotion.map(PieceType::from),
            )
            .unwrap(),
        ),
        nsan::San::Castle(nsan::CastlingSide::KingSide) => San::Castle(Castle {
            side: Side::KingSide,
        }),
        nsan::San::Castle(nsan::CastlingSide::QueenSide) => San::Castle(Castle {
            side: Side::QueenSide,
        }),
        other => panic!("strict SAN read {other:?}"),
    };
    SanPlus {
        san,
        suffix: s.suffix.map(|x| match x {
            nsan::Suffix::Check => Suffix::Check,
            nsan::Suffix::Checkmate => Suffix::Checkmate,
        }),
    }
}

/// Checks the spec against notation on one text read on `g`.
fn check_reading(g: &Game, t: &str) -> Result<Option<Resolution>, TestCaseError> {
    let spec = parse_san(&text(t));
    let notation = nsan::SanPlus::from_ascii(t.as_bytes(), SanMode::Strict);
    match (&spec, &notation) {
        (None, Err(_)) => return Ok(None),
        (Some(s), Ok(n)) => prop_assert_eq!(*s, from_notation(*n), "{:?}", t),
        _ => prop_assert!(false, "{:?}: spec {:?}, notation {:?}", t, spec, notation),
    }
    let (Some(s), Ok(n)) = (spec, notation) else {
        unreachable!()
    };
    let b = g.board();
    let ms = meaning_on_array(b, s.san);
    let resolved = n.san.to_move(g);
    let resolution = match ms.len() {
        0 => Resolution::Illegal,
        1 => Resolution::Legal,
        _ => Resolution::Ambiguous,
    };
    match (resolution, resolved) {
        (Resolution::Legal, Ok(m)) => {
            let one = *ms.get_min().unwrap();
            prop_assert_eq!(to_port_move(&Squares::of(b.state()), &one), m, "{:?}", t);
        }
        (Resolution::Illegal, Err(SanError::Illegal(_)))
        | (Resolution::Ambiguous, Err(SanError::Ambiguous(_))) => {}
        (r, n) => prop_assert!(false, "{:?}: spec {:?} {:?}, notation {:?}", t, r, ms, n),
    }
    Ok(Some(resolution))
}

proptest! {
    #![proptest_config(config(10_000))]

    /// The spec's SAN of every possible move is notation's, and means exactly that move.
    #[test]
    fn san_writing_equals_notation(g in games()) {
        let b = g.board();
        for m in possible_moves_on_array(b) {
            let spec = san_of_on_array(b, m).unwrap();
            prop_assert_eq!(string(&san_text(spec)), notation_text(&g, m));
            prop_assert_eq!(meaning_on_array(b, spec.san), Set::unit(m));
            prop_assert_eq!(parse_san(&san_text(spec)), Some(spec));
        }
    }

    /// The spec reads random text as notation reads it in strict mode, and gives it the
    /// meaning `San::to_move` gives it.
    #[test]
    fn san_reading_equals_notation(g in games(), seed in 1u64..) {
        let moves = possible_moves_on_array(g.board());
        let mut rng = Rng(seed);
        for _ in 0..8 {
            let t = random_text(&g, &moves, &mut rng);
            check_reading(&g, &t)?;
        }
    }
}

/// The kinds of text the reading property meets: legal, ambiguous, illegal and not SAN all
/// occur, so the property compares every branch.
#[test]
fn reading_meets_every_resolution() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut seen = std::collections::BTreeMap::new();
    for case in 0..400u64 {
        let g = games().new_tree(&mut runner).unwrap().current();
        let moves = possible_moves_on_array(g.board());
        let mut rng = Rng(case * 7919 + 1);
        for _ in 0..8 {
            let t = random_text(&g, &moves, &mut rng);
            *seen.entry(check_reading(&g, &t).unwrap()).or_insert(0) += 1;
        }
    }
    for kind in [
        None,
        Some(Resolution::Legal),
        Some(Resolution::Ambiguous),
        Some(Resolution::Illegal),
    ] {
        assert!(
            seen.get(&kind).copied().unwrap_or(0) > 5,
            "{kind:?} in {seen:?}"
        );
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// The literal twins equal the fast forms, and the theorems hold.
    #[test]
    fn literal_twins_equal_fast_forms(g in games(), seed in 1u64..) {
        let b = g.board();
        let moves = possible_moves_on_array(b);
        for &m in &moves {
            prop_assert_eq!(san_of(b, m).unwrap(), san_of_on_array(b, m).unwrap());
        }
        let mut rng = Rng(seed);
        for _ in 0..4 {
            if let Some(s) = parse_san(&text(&random_text(&g, &moves, &mut rng))) {
                prop_assert_eq!(meaning(b, s.san), meaning_on_array(b, s.san));
            }
        }
        prop_assert!(pgn::san_means_its_move(b));
        prop_assert!(pgn::sans_are_distinct(b));
        prop_assert!(pgn::san_text_reads_back(b));
    }
}

// ---------------------------------------------------------------------------------------------
// Movetext

const MOVES: &[&str] = &[
    "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4e1", "Nxe5+", "Qxf7#", "e8=Q", "exd8=N+", "O-O",
    "O-O-O#", "Kxh1", "a1=R", "Nxe5", "Rfe1", "Qxd8+",
];

/// Random movetext: the moves with move numbers, comments, NAGs, glyphs, variations (nested)
/// and a result; and the mainline SAN it holds.
fn random_movetext(rng: &mut Rng) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut mainline = Vec::new();
    let n = rng.below(12);
    for ply in 0..n {
        if ply % 2 == 0 || rng.below(4) == 0 {
            out.push_str(&format!(
                "{}{}",
                ply / 2 + 1,
                rng.pick(&[".", ". ", "...", "... ", ".\n"])
            ));
        }
        let mv = rng.pick(MOVES);
        mainline.push(mv.to_string());
        out.push_str(mv);
        out.push_str(rng.pick(&["", "", "", "!", "?", "!?", "??"]));
        out.push_str(rng.pick(&[" ", "  ", "\n", "\t", " "]));
        match rng.below(8) {
            0 => out.push_str("{a comment (not a variation) 1. e4} "),
            1 => out.push_str(&format!("${} ", rng.below(140))),
            2 => out.push_str(&format!(
                "({}. {} {{inside}} ({} Nf3) {}) ",
                ply / 2 + 1,
                rng.pick(MOVES),
                rng.pick(MOVES),
                rng.pick(MOVES)
            )),
            3 => out.push_str("; a line comment e4 e5\n"),
            _ => {}
        }
    }
    out.push_str(rng.pick(&["1-0", "0-1", "1/2-1/2", "*", ""]));
    (out, mainline)
}

proptest! {
    #![proptest_config(config(10_000))]

    /// `movetext` gives the mainline's SAN tokens, as the PGN reader does.
    #[test]
    fn movetext_tokens_equal_the_readers(seed in 1u64..) {
        let (t, mainline) = random_movetext(&mut Rng(seed));
        let spec: Vec<String> = movetext(&text(&t)).iter().map(string).collect();
        prop_assert_eq!(&spec, &mainline, "{:?}", t);
        prop_assert_eq!(spec, reader_sans(&t), "{:?}", t);
    }
}

#[test]
fn movetext_of_a_real_game() {
    let t = "1.e4 e5 2.Nf3 Nc6 3.d4 exd4 4.Nxd4 Nf6 5.Nc3 Bb4 6.Nxc6 bxc6 7.Qd3 O-O 8.Bd2 Bxc3\n\
             9.Bxc3 Nxe4 10.Qxe4 Re8 {10...Re8} 11.Be5 $2 f6 (11...d6) 12.O-O-O fxe5  0-1";
    let sans: Vec<String> = movetext(&text(t)).iter().map(string).collect();
    assert_eq!(sans.len(), 24);
    assert_eq!(sans[..3], ["e4", "e5", "Nf3"]);
    assert_eq!(sans[20..], ["Be5", "f6", "O-O-O", "fxe5"]);
    assert_eq!(sans, reader_sans(t));
}

// ---------------------------------------------------------------------------------------------
// Examples and contracts

fn board_of(fen: &str) -> Board {
    Game::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Standard)
        .unwrap()
        .board()
        .clone()
}

fn san(t: &str) -> San {
    parse_san(&text(t)).unwrap().san
}

/// Knights on b8 and f6 both reach d7: `Nd7` is ambiguous, `Nbd7`, `Nfd7` and `N8d7` are
/// legal, `Ne7` is illegal (no knight reaches e7).
#[test]
fn nbd7_against_nd7() {
    let b = board_of("rn1qkb1r/pp2pppp/2p2n2/3p1b2/3P1B2/2N2N2/PPP1PPPP/R2QKB1R b KQkq - 3 5");
    assert_eq!(pgn::resolution(&b, san("Nd7")), Resolution::Ambiguous);
    assert_eq!(meaning(&b, san("Nd7")).len(), 2);
    assert_eq!(pgn::resolution(&b, san("Nbd7")), Resolution::Legal);
    assert_eq!(pgn::resolution(&b, san("Nfd7")), Resolution::Legal);
    assert_eq!(pgn::resolution(&b, san("N8d7")), Resolution::Legal);
    assert_eq!(pgn::resolution(&b, san("Ne7")), Resolution::Illegal);
    let m = resolve(&b, san("Nbd7")).unwrap();
    assert_eq!(string(&san_text(san_of(&b, m).unwrap())), "Nbd7");
}

#[test]
fn inv_piece_move_fires() {
    let e4 = Coordinate::new(5, 4).unwrap();
    assert!(inv_piece_move(
        PieceType::Knight,
        Some(2),
        None,
        false,
        e4,
        None
    ));
    assert!(!inv_piece_move(
        PieceType::Knight,
        Some(9),
        None,
        false,
        e4,
        None
    ));
    assert!(!inv_piece_move(
        PieceType::Knight,
        None,
        Some(9),
        false,
        e4,
        None
    ));
    assert!(!inv_piece_move(
        PieceType::Knight,
        None,
        None,
        false,
        e4,
        Some(PieceType::Queen)
    ));
    assert!(!inv_piece_move(
        PieceType::Pawn,
        None,
        None,
        false,
        e4,
        Some(PieceType::King)
    ));
    assert!(PieceMove::new(
        PieceType::Pawn,
        None,
        None,
        false,
        e4,
        Some(PieceType::Pawn)
    )
    .is_err());
    let refused = PieceMove::new(PieceType::Rook, Some(9), None, false, e4, None).unwrap_err();
    assert_eq!(refused.file, Some(9));
}

#[test]
fn pre_file_char_and_pre_rank_char_fire() {
    assert!(pre_file_char(8) && !pre_file_char(9));
    assert!(pre_rank_char(1) && !pre_rank_char(9));
    assert_eq!(file_char(8), Ok('h'));
    assert_eq!(file_char(9), Err(OffTheBoard(9)));
    assert_eq!(rank_char(3), Ok('3'));
    assert_eq!(rank_char(9), Err(OffTheBoard(9)));
}

#[test]
fn pre_resolve_fires() {
    let b = board_of("rn1qkb1r/pp2pppp/2p2n2/3p1b2/3P1B2/2N2N2/PPP1PPPP/R2QKB1R b KQkq - 3 5");
    assert!(pre_resolve(&b, san("Nbd7")));
    assert!(!pre_resolve(&b, san("Nd7")));
    assert_eq!(
        resolve(&b, san("Nd7")),
        Err(NotOneMove(Resolution::Ambiguous))
    );
    assert_eq!(
        resolve(&b, san("Ne7")),
        Err(NotOneMove(Resolution::Illegal))
    );
}

#[test]
fn pre_san_of_fires() {
    let b = default_board();
    let legal = possible_moves_on_array(&b)[0];
    assert!(pre_san_of(&b, legal));
    let after = vdmchess::model::board::move_(&b, legal).unwrap();
    // A move of the side not to move is not possible on b.
    let theirs = possible_moves_on_array(&after)[0];
    assert!(!pre_san_of(&b, theirs));
    assert!(san_of(&b, theirs).is_err());
    assert!(san_of_on_array(&b, theirs).is_err());
}

#[test]
fn castling_both_ways_and_promotion() {
    let b = board_of("r3k2r/pPpppppp/8/8/8/8/P1PPPPPP/R3K2R w KQkq - 0 1");
    for (t, n) in [
        ("O-O", 1),
        ("O-O-O", 1),
        ("bxa8=Q", 1),
        ("b8=N", 1),
        ("b8", 0),
        ("Kg1", 0),
    ] {
        assert_eq!(meaning(&b, san(t)).len(), n, "{t}");
    }
    let castle = resolve(&b, san("O-O")).unwrap();
    assert_eq!(castle.to_().coord.to_string(), "h1", "king takes rook");
    assert_eq!(string(&san_text(san_of(&b, castle).unwrap())), "O-O");
}
