//! The oracle against Stockfish (Debian's `stockfish`; each test skips, saying why, when it is
//! not installed): `diff` agrees on every position of the shared perft suites at the depths a
//! CI run affords, and `fuzz` agrees over 10,000 cases.

mod common;

use std::time::Duration;

use common::external::stockfish;
use common::oracle::{code, err, json, out, vdmchess};
use common::perft_data::load;
use vdmchess::notation::fen::parse_fen;
use vdmchess::oracle::case::Case;
use vdmchess::oracle::diff::bisect;
use vdmchess::oracle::engine::UciEngine;
use vdmchess::{CastlingMode, MaterialLimits};

/// Bisects every position of suite `name` against Stockfish at the deepest depth whose count
/// is at most `budget`, and checks that both sides count the suite's number. Returns how many
/// positions it checked.
fn agree_on_suite(name: &str, budget: u64, mode: Option<CastlingMode>) -> usize {
    let Some(path) = stockfish(name) else {
        return 0;
    };
    let mut engine = UciEngine::start(&path.display().to_string(), Duration::from_secs(60))
        .expect("stockfish starts");
    let mut checked = 0;
    for case in load(name) {
        let Some(&(depth, nodes)) = case.counts.iter().filter(|(_, n)| *n <= budget).max() else {
            continue;
        };
        let setup = parse_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let mode = mode.unwrap_or_else(|| setup.castling_mode_hint());
        let c = Case::at(setup, mode);
        let pos = c
            .validate(MaterialLimits::Enforced)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let report = bisect(&mut engine, &c, &pos, depth)
            .unwrap_or_else(|e| panic!("{} {}: {e}", name, case.id));
        assert!(report.agree, "{name} {}: {report}", case.id);
        assert_eq!(report.our_nodes, nodes, "{name} {} depth {depth}", case.id);
        assert_eq!(
            report.engine_nodes, nodes,
            "{name} {} depth {depth}",
            case.id
        );
        checked += 1;
    }
    checked
}

#[test]
fn stockfish_agrees_on_the_classic_standard_and_tricky_suites() {
    let n = agree_on_suite("classic.perft", 2_000_000, None)
        + agree_on_suite("standard.epd", 2_000_000, None)
        + agree_on_suite("tricky.perft", 2_000_000, None);
    assert!(n == 0 || n == 108, "{n} positions");
}

#[test]
fn stockfish_agrees_on_the_random_suite() {
    let n = agree_on_suite("random.perft", 20_000, None);
    assert!(n == 0 || n == 4559, "{n} positions");
}

#[test]
fn stockfish_agrees_on_the_chess960_suites() {
    let n = agree_on_suite(
        "chess960-fischer.epd",
        200_000,
        Some(CastlingMode::Chess960),
    ) + agree_on_suite(
        "chess960-startpos.perft",
        20_000,
        Some(CastlingMode::Chess960),
    );
    assert!(n == 0 || n == 1280, "{n} positions");
}

#[test]
fn diff_command_against_stockfish() {
    let Some(path) = stockfish("diff_command_against_stockfish") else {
        return;
    };
    let o = vdmchess(&[
        "diff",
        "--engine",
        &path.display().to_string(),
        "--depth",
        "4",
        "--moves",
        "e2e4",
        "c7c5",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    let v = json(&o);
    assert_eq!(v["agree"], true);
    assert_eq!(v["our_nodes"], v["engine_nodes"]);
}

#[test]
fn fuzz_against_stockfish_agrees_over_10000_cases() {
    let Some(path) = stockfish("fuzz_against_stockfish_agrees_over_10000_cases") else {
        return;
    };
    let o = vdmchess(&[
        "fuzz",
        "--engine",
        &path.display().to_string(),
        "--cases",
        "10000",
        "--seed",
        "2024",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    let v = json(&o);
    assert_eq!(v["agree"], true, "{v}");
    assert_eq!(v["cases"], 10_000);
    assert_eq!(v["engine_nodes"], v["our_nodes"]);
    let o = vdmchess(&[
        "fuzz",
        "--engine",
        &path.display().to_string(),
        "--cases",
        "1000",
        "--seed",
        "2025",
        "--depth",
        "2",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
}
