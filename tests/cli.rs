//! The command line: output formats and exit codes.

use std::process::Output;

mod common;
use common::cli::vdmchess;
use common::cli::vdmchess_with_input;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_nodes_searched() {
    let o = vdmchess(&["perft", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "Nodes searched: 8902\n");
}

#[test]
fn perft_divide_is_in_stockfish_format() {
    let o = vdmchess(&[
        "perft",
        "--depth",
        "2",
        "--divide",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 48 + 2);
    assert!(lines.contains(&"e1g1: 43"), "{text}");
    assert!(lines.contains(&"e1c1: 43"), "{text}");
    assert_eq!(lines[48], "");
    assert_eq!(lines[49], "Nodes searched: 2039");
}

#[test]
fn perft_model_and_both_agree() {
    for rules in ["model", "both", "core"] {
        let o = vdmchess(&["perft", "--depth", "3", "--rules", rules, "--divide"]);
        assert!(o.status.success(), "{rules}");
        let text = stdout(&o);
        assert!(
            text.ends_with("\nNodes searched: 8902\n"),
            "{rules}: {text}"
        );
        if rules == "both" {
            // No differing moves: just the blank line and the total.
            assert_eq!(text, "\nNodes searched: 8902\n");
        } else {
            assert!(text.contains("g1f3: 440\n"), "{rules}: {text}");
        }
    }
}

#[test]
fn perft_chess960_writes_king_takes_rook() {
    let o = vdmchess(&[
        "perft",
        "--depth",
        "1",
        "--divide",
        "--fen",
        "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    // Both castlings, as king takes rook; X-FEN with inner rooks implies Chess960.
    assert!(text.contains("c1a1: 1\n"), "{text}");
    assert!(text.contains("c1e1: 1\n"), "{text}");
    assert!(text.ends_with("Nodes searched: 23\n"), "{text}");
}

#[test]
fn perft_depth_0_is_the_root_alone_for_every_rules() {
    for rules in ["core", "model", "both"] {
        let o = vdmchess(&["perft", "--depth", "0", "--rules", rules]);
        assert!(o.status.success(), "{rules}");
        assert_eq!(stdout(&o), "Nodes searched: 1\n", "{rules}");
        let o = vdmchess(&["perft", "--depth", "0", "--rules", rules, "--divide"]);
        assert!(o.status.success(), "{rules} --divide");
        assert_eq!(stdout(&o), "\nNodes searched: 1\n", "{rules} --divide");
    }
}

#[test]
fn perft_threads_count_the_same() {
    let o = vdmchess(&["perft", "--depth", "4", "--threads", "2"]);
    assert_eq!(stdout(&o), "Nodes searched: 197281\n");
}

#[test]
fn bad_fen_and_depth_are_one_line_errors_with_exit_code_2() {
    let o = vdmchess(&["perft", "--depth", "2", "--fen", "not a fen"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: invalid fen"), "{err}");

    let o = vdmchess(&[
        "perft",
        "--depth",
        "2",
        "--fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("white has no king"), "{err}");

    let o = vdmchess(&["perft", "--depth", "minus"]);
    assert_eq!(o.status.code(), Some(2));
}

const MATE: &str =
    "[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const BROKEN: &str = "[Event \"u\"]\n[Result \"*\"]\n\n1. d4 b4 2. c4 *\n\n";

#[test]
fn replay_json_reports_each_game() {
    let input = format!("{MATE}{BROKEN}{MATE}");
    let o = vdmchess_with_input(&["replay", "--json", "-"], &input);
    assert_eq!(o.status.code(), Some(1), "a game failed");
    let text = stdout(&o);
    let games: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0]["file"], "-");
    assert_eq!(games[0]["index"], 0);
    assert_eq!(games[0]["plies"], 7);
    assert_eq!(games[0]["status"], "checkmate");
    assert_eq!(games[0]["result"], "1-0");
    assert_eq!(
        games[0]["final_fen"],
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    );
    assert!(games[0]["error"].is_null());
    let error = &games[1]["error"];
    assert_eq!(error["ply"], 2);
    assert_eq!(error["san"], "b4");
    assert_eq!(error["line"], 9);
    assert_eq!(error["column"], 7);
    assert_eq!(games[1]["plies"], 1);
    assert_eq!(games[2]["index"], 2);
    assert_eq!(games[2]["status"], "checkmate");
    let summary = String::from_utf8(o.stderr).unwrap();
    assert!(
        summary.contains("games: 3, plies: 15, errors: 1"),
        "{summary}"
    );
}

#[test]
fn replay_exit_code_is_0_when_every_game_replays() {
    for rules in ["core", "model", "both"] {
        let o = vdmchess_with_input(&["replay", "--rules", rules, "--jobs", "2"], MATE);
        assert!(o.status.success(), "{rules}");
        assert!(stdout(&o).contains("7 plies, checkmate, 1-0"), "{rules}");
    }
}

#[test]
fn replay_of_a_missing_file_is_exit_code_2() {
    let o = vdmchess(&["replay", "no/such/file.pgn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .contains("no/such/file.pgn"));
}

#[test]
fn replay_reads_the_bundled_sample() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/spec/conformance/games/pgnmentor-Fischer.pgn"
    );
    let o = vdmchess(&["replay", "--errors-only", sample]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    let summary = String::from_utf8(o.stderr).unwrap();
    assert!(summary.starts_with("games: 827, "), "{summary}");
    assert!(summary.contains(", errors: 0,"), "{summary}");
}

#[test]
fn replay_reads_zstd_and_gzip_by_extension() {
    use std::io::Write as _;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let text = format!("{MATE}{BROKEN}");
    let zst = dir.join("two.pgn.zst");
    std::fs::write(&zst, zstd::encode_all(text.as_bytes(), 3).unwrap()).unwrap();
    let gz = dir.join("two.pgn.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(text.as_bytes()).unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    for path in [&zst, &gz] {
        let o = vdmchess(&["replay", "--json", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        let text = stdout(&o);
        let games: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(games.len(), 2, "{}", path.display());
        assert_eq!(games[0]["status"], "checkmate");
        assert_eq!(games[1]["error"]["san"], "b4");
    }
}

#[test]
fn replay_strict_rejects_what_lenient_accepts() {
    let sloppy = "[Event \"s\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n\n";
    let o = vdmchess_with_input(&["replay", "--json"], sloppy);
    assert!(o.status.success());
    let o = vdmchess_with_input(&["replay", "--json", "--strict"], sloppy);
    assert_eq!(o.status.code(), Some(1));
    let game: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(game["error"]["san"], "Qxf7");
    assert_eq!(game["plies"], 6);
}
