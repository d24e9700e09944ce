//! The replay runner against python-chess's results for every PGN file in
//! `spec/conformance/games/` and `spec/conformance/pgn/` (the `*.expected.jsonl` oracles).
//!
//! Each game's `plies`, `final_fen`, `status` and `claims` must equal python-chess's (the
//! status in the order of its `outcome()`: checkmate, insufficient material, stalemate, 75
//! moves, fivefold repetition), and a game has an error exactly when python-chess flags one. Where python-chess reads non-conforming input in its own
//! way, we follow the PGN standard (as pgn-reader and pgn-extract do); every such exception is
//! listed in [`JOINED`].

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use serde_json::Value;

mod common;
use common::pgn_files;
use vdmchess::core::Chess;
use vdmchess::model::game::Game;
use vdmchess::runner::{replay_reader, GameReport, Lockstep, Options, Single};
use vdmchess::{Claim, Status};

/// Which rules replay the games, as the CLI's `--rules core` and `--rules both` choose.
#[derive(Debug, Clone, Copy)]
enum RulesChoice {
    Core,
    Both,
}

/// python-chess ends a game at a blank line once the movetext has begun (a comment counts as
/// movetext), or at a second blank line after the tags, and reads what follows as a new game
/// without tags. The PGN standard (and pgn-reader, pgn-extract) keeps one game. Each entry
/// `(file, k)`: python-chess's games `k` and `k + 1` are our game `k`, with `k`'s tags and
/// `k + 1`'s moves; python-chess's later indexes are ours plus one.
const JOINED: &[(&str, usize)] = &[
    // `[...tags]`, two blank lines, then `1.b3 1-0`.
    ("pgnmentor-Anand", 1961),
    // A comment, a blank line, then the moves.
    ("pgn-extract-barnes-horton", 0),
    ("pgn-extract-test-checkmate", 1),
    ("pgn-extract-test-nomovenumbers", 0),
    // No blank line between game 0's result and the next `[Event`: python-chess also drops
    // that game's tags (its game 1 has none), then splits at the blank line after the comment.
    ("pgn-extract-test-stalemate", 1),
];

/// Games where python-chess accepts text the PGN standard does not, and we report an error
/// instead: `(file, our index, plies we replay, the token we stop at)`.
const STRICTER: &[(&str, usize, usize, &str)] = &[
    // `e4 { ... { a nested comment } which should be handled ok with the --nestedcomment
    // option. } *`: PGN comments do not nest, so the comment ends at the first `}` and `which`
    // is not a move. python-chess skips words it cannot tokenise and reads the `--` of
    // `--nestedcomment` as a null move (2 plies, no error).
    ("pgn-extract-nested-comment", 0, 1, "which"),
];

/// python-chess's verdict on the final position, in the order of its `outcome()`:
/// checkmate, insufficient material, stalemate (the record's flags), then the automatic draws
/// by the 75-move rule and fivefold repetition (its `outcome` field).
fn expected_status(want: &Value) -> Status {
    let flag = |field: &str| want[field].as_bool().unwrap();
    if flag("checkmate") {
        Status::Checkmate
    } else if flag("insufficient_material") {
        Status::InsufficientMaterial
    } else if flag("stalemate") {
        Status::Stalemate
    } else {
        match want["outcome"].as_str() {
            None => Status::Ongoing,
            Some("seventyfive_moves") => Status::SeventyfiveMoves,
            Some("fivefold_repetition") => Status::FivefoldRepetition,
            Some(other) => panic!("outcome {other} without its flag in {want}"),
        }
    }
}

/// The draws python-chess says the player to move could claim: threefold repetition (the
/// record's flag) and fifty moves (the half-move clock of its final FEN is at least 100).
fn expected_claims(want: &Value) -> Vec<Claim> {
    let mut claims = Vec::new();
    if want["threefold_repetition"].as_bool().unwrap() {
        claims.push(Claim::ThreefoldRepetition);
    }
    let fen = want["final_fen"].as_str().unwrap();
    let clock: u32 = fen.split(' ').nth(4).unwrap().parse().unwrap();
    if clock >= 100 {
        claims.push(Claim::FiftyMoves);
    }
    claims
}

fn expected(path: &Path) -> Vec<Value> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// python-chess's records re-indexed to our game boundaries.
fn expected_as_ours(stem: &str, records: Vec<Value>) -> Vec<Value> {
    let joins: Vec<usize> = JOINED
        .iter()
        .filter(|(f, _)| *f == stem)
        .map(|(_, k)| *k)
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < records.len() {
        if joins.contains(&i) {
            // The moves are k + 1's; the tags (and so the Result) are k's, except where
            // python-chess dropped k's tags too: compare no result then.
            let mut joined = records[i + 1].clone();
            joined["result"] = match records[i]["white"].as_str() {
                Some("?") => Value::Null,
                _ => records[i]["result"].clone(),
            };
            out.push(joined);
            i += 2;
        } else {
            out.push(records[i].clone());
            i += 1;
        }
    }
    out
}

fn replay(path: &Path, rules: RulesChoice, jobs: usize) -> Vec<GameReport> {
    let bytes = fs::read(path).unwrap();
    replay_bytes(&bytes, &path.display().to_string(), rules, jobs)
}

fn replay_bytes(bytes: &[u8], file: &str, rules: RulesChoice, jobs: usize) -> Vec<GameReport> {
    let mut reports = Vec::new();
    let options = Options {
        jobs,
        ..Options::default()
    };
    let sink = &mut |r| reports.push(r);
    match rules {
        RulesChoice::Core => replay_reader::<Single<Chess>, _>(bytes, file, &options, sink),
        RulesChoice::Both => replay_reader::<Lockstep<Game, Chess>, _>(bytes, file, &options, sink),
    }
    .unwrap();
    reports
}

/// Asserts equal reports, naming the first game that differs (not printing thousands).
fn assert_same_reports(got: &[GameReport], want: &[GameReport], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: number of games");
    if let Some(i) = (0..want.len()).find(|&i| got[i] != want[i]) {
        panic!("{what}: game {i}: {:?} != {:?}", got[i], want[i]);
    }
}

fn check_file(path: &Path, rules: RulesChoice, jobs: usize) -> usize {
    let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
    let oracle = expected_as_ours(&stem, expected(&path.with_extension("expected.jsonl")));
    let ours = replay(path, rules, jobs);
    assert_eq!(ours.len(), oracle.len(), "{stem}: number of games");
    let mut mismatches = Vec::new();
    for (report, want) in ours.iter().zip(&oracle) {
        if let Some(&(_, _, plies, token)) = STRICTER
            .iter()
            .find(|(f, i, _, _)| *f == stem && *i == report.index)
        {
            assert_eq!(report.plies, plies, "{stem}#{}", report.index);
            let error = report.error.as_ref().expect("an error");
            assert_eq!(error.san, token, "{stem}#{}", report.index);
            continue;
        }
        let plies = want["plies"].as_u64().unwrap() as usize;
        let fen = want["final_fen"].as_str().unwrap();
        let errors = want["errors"].as_bool().unwrap();
        if report.plies != plies || report.final_fen != fen || report.error.is_some() != errors {
            mismatches.push(format!(
                "{stem}#{}: ours {} plies {:?} error {:?}; python-chess {plies} plies {fen:?} errors {errors}",
                report.index, report.plies, report.final_fen, report.error
            ));
        }
        let (status, claims) = (expected_status(want), expected_claims(want));
        if report.status != status || report.claims != claims {
            mismatches.push(format!(
                "{stem}#{}: ours {} {:?}; python-chess {status} {claims:?}",
                report.index, report.status, report.claims
            ));
        }
        if let Some(result) = want["result"].as_str() {
            assert_eq!(report.result, result, "{stem}#{}", report.index);
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(20)].join("\n")
    );
    ours.len()
}

#[test]
fn core_replays_every_edge_case_file_like_python_chess() {
    let games: usize = pgn_files("spec/conformance/pgn")
        .iter()
        .map(|f| check_file(f, RulesChoice::Core, 1))
        .sum();
    assert_eq!(games, 3130 - 4);
}

#[test]
fn lockstep_replays_every_edge_case_file_like_python_chess() {
    for f in pgn_files("spec/conformance/pgn") {
        check_file(&f, RulesChoice::Both, 1);
    }
}

#[test]
fn core_replays_every_master_game_like_python_chess() {
    let games: usize = pgn_files("spec/conformance/games")
        .iter()
        .map(|f| check_file(f, RulesChoice::Core, 1))
        .sum();
    assert_eq!(games, 27_344 - 1);
}

#[test]
fn lockstep_replays_master_games_like_python_chess() {
    // The model replays a sample in CI; the whole corpus is an ignored test below.
    for name in ["pgnmentor-Fischer.pgn", "pgnmentor-Tal.pgn"] {
        let f = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("spec/conformance/games")
            .join(name);
        check_file(&f, RulesChoice::Both, 2);
    }
}

#[test]
#[ignore = "replays all 27,343 master games through the model too (minutes)"]
fn lockstep_replays_every_master_game_like_python_chess() {
    for f in pgn_files("spec/conformance/games") {
        check_file(&f, RulesChoice::Both, 2);
    }
}

#[test]
fn parallel_replay_reports_the_same_games_in_order() {
    let f =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/conformance/games/pgnmentor-Kasparov.pgn");
    let one = replay(&f, RulesChoice::Core, 1);
    assert_same_reports(&replay(&f, RulesChoice::Core, 2), &one, "jobs 2");
    assert_same_reports(&replay(&f, RulesChoice::Core, 3), &one, "jobs 3");
}

#[test]
fn the_illegal_move_is_reported_where_it_stands() {
    let f =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/conformance/pgn/pgn-reader-illegal.pgn");
    let reports = replay(&f, RulesChoice::Core, 1);
    let bad: HashMap<usize, &GameReport> = reports
        .iter()
        .filter(|r| r.error.is_some())
        .map(|r| (r.index, r))
        .collect();
    assert_eq!(bad.len(), 1);
    let game = bad[&37];
    let error = game.error.as_ref().unwrap();
    assert_eq!((error.ply, error.san.as_str()), (2, "b4"));
    assert_eq!(game.plies, 1);
}

/// Parallel replay guesses where games start; here two of the three guesses a game offers
/// are wrong (a `[` line inside a comment, and one in a tag section after a comment line),
/// and wherever the chunk size falls, the reports are those of reading the file whole.
#[test]
fn parallel_replay_mends_wrong_guesses_of_a_game_start() {
    let game = |i: usize| {
        format!(
            "[Event \"g{i}\"]\n{{ a note }}\n[Site \"s\"]\n\n1. e4 {{\n\n[Event \"in a comment\"]\n}} \
             e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
        )
    };
    let chunk = vdmchess::runner::chunk::CHUNK_BYTES;
    let len = game(0).len();
    for shift in 0..8 {
        // A first game padded by a comment, so that the chunk size falls on a different
        // place in a game each time.
        let mut text = format!("{{{}}}\n", "x".repeat(shift * len / 8));
        let mut games = 0;
        while text.len() < 2 * chunk + 3 * len {
            text.push_str(&game(games));
            games += 1;
        }
        let read = |jobs| replay_bytes(text.as_bytes(), "t.pgn", RulesChoice::Core, jobs);
        let one = read(1);
        assert_eq!(one.len(), games);
        assert!(one.iter().all(|r| r.plies == 6 && r.error.is_none()));
        assert_same_reports(&read(2), &one, &format!("shift {shift}"));
    }
}

/// One unclosed `{` makes the rest of a file a comment. With `--jobs 2` such a game, once it
/// is held back past the join limit, is read on one thread, and the workers start again after
/// it: the reports are those of reading the file whole, games after it included.
#[test]
fn parallel_replay_reads_a_game_past_the_join_limit_whole() {
    use vdmchess::runner::chunk::{join_limit, CHUNK_BYTES};
    let mut text = String::from("[Event \"long\"]\n\n1. e4 {");
    while text.len() < join_limit(CHUNK_BYTES) + 3 * CHUNK_BYTES {
        text.push_str("a comment\n\n[Event \"in the comment\"]\n");
    }
    text.push_str("} e5 *\n\n");
    for i in 0..30_000 {
        text.push_str(&format!("[Event \"g{i}\"]\n\n1. d4 d5 2. c4 *\n\n"));
    }
    let read = |jobs| replay_bytes(text.as_bytes(), "t.pgn", RulesChoice::Core, jobs);
    let one = read(1);
    assert_eq!(one.len(), 30_001);
    assert_eq!((one[0].plies, one[1].plies), (2, 3));
    assert!(one.iter().all(|r| r.error.is_none()));
    for jobs in [2, 3] {
        assert_same_reports(&read(jobs), &one, &format!("jobs {jobs}"));
    }
}

/// Games without tag pairs are cut after a result; a comment after the result belongs to
/// the next game's movetext, so a cut there is mended. The reports are those of `--jobs 1`.
#[test]
fn parallel_replay_of_games_without_tags_is_replay_of_the_whole_file() {
    let mut text = String::new();
    let mut games = 0;
    while text.len() < 3 * vdmchess::runner::chunk::CHUNK_BYTES {
        text.push_str("1. e4 e5 2. Nf3 Nc6 *\n");
        if games % 3 == 0 {
            text.push_str("{ about the next game }\n");
        }
        text.push_str("1. d4 d5 1-0\n\n");
        games += 2;
    }
    let read = |jobs| replay_bytes(text.as_bytes(), "t.pgn", RulesChoice::Core, jobs);
    let one = read(1);
    assert_eq!(one.len(), games);
    assert!(one
        .iter()
        .all(|r| r.error.is_none() && (r.plies == 4 || r.plies == 2)));
    assert_same_reports(&read(2), &one, "jobs 2");
}
