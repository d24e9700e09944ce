//! `vdmchess replay --export FILE --export-errors FILE [--no-variations]`, and the claims in
//! the JSON report, on the command line.

use std::fs;
use std::path::PathBuf;

mod common;
use common::cli::vdmchess_with_input as run;

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vdmchess-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

const GOOD: &str = "[Event \"good\"]\n\n1. e4 e5 (1... c5 2. Ng1f3) 2. Nf3 $1 {note} Nc6 *\n";
const BAD_VARIATION: &str = "[Event \"variation\"]\n\n1. d4 d5 (1... Nf6 2. Nf6) *\n";
const ILLEGAL: &str = "[Event \"illegal\"]\n\n1. e4 e4 *\n";

#[test]
fn export_writes_the_good_games_normalized_and_the_others_unchanged() {
    let dir = scratch("export");
    let (games, errors) = (dir.join("good.pgn"), dir.join("bad.pgn"));
    let input = format!("{GOOD}\n{BAD_VARIATION}\n{ILLEGAL}");
    let o = run(
        &[
            "replay",
            "--export",
            games.to_str().unwrap(),
            "--export-errors",
            errors.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(&games).unwrap(),
        "[Event \"good\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 $1 {note} 2... Nc6 *\n\n"
    );
    assert_eq!(
        fs::read_to_string(&errors).unwrap(),
        format!("{}\n\n{}\n\n", BAD_VARIATION.trim(), ILLEGAL.trim())
    );
    let stderr = String::from_utf8(o.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert_eq!(
        lines[0],
        "-#1: not exported: \"Nf6\" in a variation: illegal san Nf6: geometry (FIDE 3.6): the white knight on b1 moves two squares along a file or rank and then one square to the side (an L), and f6 is not such a move from b1"
    );
    assert!(
        lines[1].starts_with("games: 3, plies: 7, errors: 1,"),
        "{stderr}"
    );
    assert_eq!(
        lines[2],
        format!(
            "export: 1 games exported to {}, 2 failed games written to {}, 1 of them for a variation",
            games.display(),
            errors.display()
        )
    );
    // No progress line on a pipe.
    assert!(!stderr.contains('\r'));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn no_variations_exports_the_mainline_alone() {
    let dir = scratch("novar");
    let games = dir.join("good.pgn");
    let o = run(
        &[
            "replay",
            "--rules",
            "both",
            "--no-variations",
            "--export",
            games.to_str().unwrap(),
        ],
        &format!("{GOOD}\n{BAD_VARIATION}"),
    );
    assert_eq!(o.status.code(), Some(0));
    let text = fs::read_to_string(&games).unwrap();
    assert!(
        text.contains("\n\n1. e4 e5 2. Nf3 $1 {note} 2... Nc6 *\n\n"),
        "{text}"
    );
    assert!(text.contains("\n\n1. d4 d5 *\n\n"), "{text}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_export_may_not_overwrite_an_input_or_go_where_it_cannot_be_written() {
    let dir = scratch("clash");
    let input = dir.join("in.pgn");
    fs::write(&input, GOOD).unwrap();
    let path = input.to_str().unwrap();
    let o = run(&["replay", path, "--export", path], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(o.stderr).unwrap(),
        format!("error: {path}: is an input; an export may not overwrite it\n")
    );
    assert_eq!(fs::read_to_string(&input).unwrap(), GOOD);
    let nowhere = dir.join("no/such/dir/out.pgn");
    let o = run(
        &["replay", path, "--export-errors", nowhere.to_str().unwrap()],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8(o.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("error: {}: ", nowhere.display())),
        "{stderr}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_json_report_names_the_draws_that_could_be_claimed() {
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";
    let o = run(&["replay", "--json"], shuffle);
    let report: serde_json::Value =
        serde_json::from_str(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
    assert_eq!(report["status"], "ongoing");
    assert_eq!(
        report["claims"],
        serde_json::json!(["threefold_repetition"])
    );
    let o = run(&["replay"], shuffle);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "-#0: 8 plies, ongoing (may claim threefold_repetition), *, \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5\n"
    );
    let fifty = "[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 99 80\"]\n\n80. Ra2 *\n";
    let o = run(&["replay", "--json"], fifty);
    let report: serde_json::Value =
        serde_json::from_str(String::from_utf8(o.stdout).unwrap().trim()).unwrap();
    assert_eq!(report["claims"], serde_json::json!(["fifty_moves"]));
}
