//! `vdmchess fuzz` against an engine broken on purpose: it finds each bug, shrinks it to a
//! position of at most 8 pieces, and says what `diff` says; the control engine agrees; the
//! same seed gives the same run. Also the in-process properties (`oracle::strategies`) against
//! a broken generator.

mod common;

use common::oracle::{broken, code, err, json, out, pieces_in_fen, strings, vdmchess};
use proptest::test_runner::{Config, TestRunner};
use vdmchess::core::Chess;
use vdmchess::oracle::{generator::check, strategies::cases};
use vdmchess::{CastlingMode, Rules, Setup};

/// Each bug with the side it shows on and the reason `explain` gives for it.
const BUGS: [(&str, &str, Option<&str>); 6] = [
    ("ep-rank-pin", "extra", Some("king_in_check")),
    ("castle-through-check", "extra", Some("castling_check")),
    ("phantom-castle", "extra", Some("castling_right")),
    ("double-push-blocked", "extra", Some("blocked")),
    ("no-knight-promotion", "missing", None),
    ("king-touch", "extra", Some("king_in_check")),
];

fn fuzz(engine: &str, seed: &str, cases: &str, depth: &str) -> std::process::Output {
    vdmchess(&[
        "fuzz", "--engine", engine, "--seed", seed, "--cases", cases, "--depth", depth, "--json",
    ])
}

#[test]
fn fuzz_finds_and_shrinks_each_bug() {
    for depth in ["1", "2"] {
        for (bug, side, reason) in BUGS {
            let o = fuzz(&broken(&format!("--bug {bug}")), "11", "20000", depth);
            assert_eq!(code(&o), 1, "{bug} depth {depth}: {}{}", out(&o), err(&o));
            let v = json(&o);
            assert_eq!(v["agree"], false);
            assert_eq!(v["seed"], 11);
            assert!(v["cases"].as_u64().unwrap() >= 1);
            let pieces = pieces_in_fen(v["case"]["start_fen"].as_str().unwrap());
            assert!(pieces <= 8, "{bug} depth {depth}: {pieces} pieces: {v}");
            let (listed, other) = if side == "extra" {
                (strings(&v["extra"]), strings(&v["missing"]))
            } else {
                (strings(&v["missing"]), strings(&v["extra"]))
            };
            assert!(!listed.is_empty() && other.is_empty(), "{bug}: {v}");
            for r in v["reasons"].as_array().unwrap() {
                assert_eq!(r["side"], side, "{bug}: {r}");
                assert_eq!(r["reason"].as_str(), reason, "{bug}: {r}");
            }
            // The case as generated was no smaller than the one reported.
            let original = pieces_in_fen(v["original"]["start_fen"].as_str().unwrap());
            assert!(original >= pieces, "{bug}: {v}");
            // Its reproduce command shows the same difference.
            let words =
                vdmchess::oracle::shell::split_command(v["reproduce"].as_str().unwrap()).unwrap();
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            let again = vdmchess(&[&args[..], &["--json"]].concat());
            assert_eq!(code(&again), 1, "{bug}");
            assert_eq!(json(&again)[side], v[side], "{bug}");
        }
    }
}

#[test]
fn bugs_that_need_history_keep_the_move_that_makes_it() {
    // The phantom right exists only after the capture, the en-passant pin only after the
    // double push: the shrunk case keeps that move.
    for bug in ["phantom-castle", "ep-rank-pin"] {
        let v = json(&fuzz(&broken(&format!("--bug {bug}")), "11", "20000", "1"));
        let moves = strings(&v["case"]["moves"]);
        assert_eq!(moves.len(), 1, "{bug}: {v}");
    }
}

#[test]
fn the_control_engine_agrees_and_the_same_seed_gives_the_same_run() {
    let o = fuzz(&broken("--bug none"), "3", "3000", "1");
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    let v = json(&o);
    assert_eq!(v["agree"], true);
    assert_eq!(v["cases"], 3000);
    assert_eq!(v["engine_nodes"], v["our_nodes"]);
    let mut a = json(&fuzz(&broken("--bug king-touch"), "7", "5000", "2"));
    let mut b = json(&fuzz(&broken("--bug king-touch"), "7", "5000", "2"));
    for v in [&mut a, &mut b] {
        v.as_object_mut().unwrap().remove("cases_per_second");
    }
    assert_eq!(a, b);
    let c = json(&fuzz(&broken("--bug king-touch"), "8", "5000", "2"));
    assert_ne!(a["original"], c["original"], "another seed, other cases");
}

#[test]
fn text_output_names_seed_case_and_command() {
    let o = vdmchess(&[
        "fuzz",
        "--engine",
        &broken("--bug no-knight-promotion"),
        "--seed",
        "4",
        "--cases",
        "5000",
    ]);
    assert_eq!(code(&o), 1);
    let text = out(&o);
    assert!(text.starts_with("differ: seed 4, depth 1, "), "{text}");
    for needed in [
        "failing case: ",
        "shrunk in ",
        "missing (legal, the engine lacks them): ",
        "is legal: BoardModule`promotion_moves (FIDE 3.7.5)",
        "reproduce: vdmchess diff --engine ",
    ] {
        assert!(text.contains(needed), "{needed:?} not in:\n{text}");
    }
}

/// The core as a move generator, with under-promotion to a bishop forgotten.
fn no_bishops(setup: &Setup, mode: CastlingMode) -> Vec<String> {
    let pos = Chess::from_setup(setup, mode).expect("cases are valid");
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(mode))
        .filter(|m| !m.ends_with('b'))
        .collect()
}

#[test]
fn in_process_properties_catch_a_broken_generator() {
    let mut runner = TestRunner::new(Config {
        cases: 3000,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&cases(), |case| {
        let report = check(&case, 1, no_bishops).unwrap();
        proptest::prop_assert!(report.agree, "{report}");
        Ok(())
    });
    let failure = result.expect_err("the generator forgets bishop promotions");
    let text = failure.to_string();
    assert!(
        text.contains("missing (legal, the engine lacks them): "),
        "{text}"
    );
    assert!(text.contains("promotes to a bishop"), "{text}");
}
