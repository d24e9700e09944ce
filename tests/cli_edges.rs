//! The command line tried as a new user would (issue 21): input that is not what it claims,
//! closed pipes, limits, and errors that say what and where once.

use std::path::{Path, PathBuf};

mod common;
#[cfg(unix)]
use common::cli::vdmchess_into_closed_pipe;
use common::cli::{vdmchess, vdmchess_with_input};

const FISCHER: &str = "spec/conformance/games/pgnmentor-Fischer.pgn";

fn tmp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `vdmchess replay "$(command -v ls)"`: any binary file is said once to be not PGN, not
/// replayed as hundreds of games of errors.
#[test]
fn replay_of_an_executable_is_refused_once_as_not_pgn() {
    let exe = std::env::current_exe().unwrap();
    let o = vdmchess(&["replay", exe.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stdout), "");
    assert_eq!(
        text(&o.stderr),
        format!("error: {}: not PGN: an ELF executable\n", exe.display())
    );
}

#[test]
fn replay_of_binary_data_names_the_first_nul_byte() {
    let path = tmp("binary.pgn");
    std::fs::write(&path, b"[Event \"x\"]\n\x01\x02\x00\x03").unwrap();
    let o = vdmchess(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: {}: not PGN: binary data (a NUL byte at offset 14)\n",
            path.display()
        )
    );
}

/// `error at 9:53: ply 1 "": 9:53: malformed tag pair` said the place twice and a ply that
/// was never reached.
#[test]
fn a_pgn_error_prints_its_location_once() {
    let o = vdmchess_with_input(&["replay"], "[Event \"a\"]\n[Bad\n\n1. e4 *\n");
    assert_eq!(o.status.code(), Some(1));
    let line = text(&o.stdout);
    assert!(
        line.ends_with(" -- error at 2:1: malformed tag pair: expected [Name \"value\"]\n"),
        "{line}"
    );
    let o = vdmchess_with_input(&["replay", "--json"], "[Event \"a\"]\n[Bad\n\n1. e4 *\n");
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        report["error"]["message"],
        "malformed tag pair: expected [Name \"value\"]"
    );
    assert_eq!(
        (
            report["error"]["line"].as_u64(),
            report["error"]["column"].as_u64()
        ),
        (Some(2), Some(1))
    );
}

/// gzip data in a file named `.zst` ("Unknown frame descriptor" before): the content decides.
#[test]
fn compression_is_told_by_the_content_not_the_name() {
    use std::io::Write as _;
    let pgn = std::fs::read(FISCHER).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&pgn).unwrap();
    let gz = gz.finish().unwrap();
    let plain = vdmchess(&["replay", FISCHER]);
    for (name, bytes) in [
        ("gzip-named.pgn.zst", gz),
        ("zstd-named.pgn.gz", zstd::encode_all(&pgn[..], 1).unwrap()),
        ("zstd-unnamed.pgn", zstd::encode_all(&pgn[..], 1).unwrap()),
    ] {
        let path = tmp(name);
        std::fs::write(&path, bytes).unwrap();
        let o = vdmchess(&["replay", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", text(&o.stderr));
        let reports = text(&o.stdout).replace(path.to_str().unwrap(), FISCHER);
        assert_eq!(reports, text(&plain.stdout), "{name}");
    }
}

#[test]
fn a_zst_file_that_is_not_zstd_says_so() {
    let path = tmp("not-really.pgn.zst");
    let mut bytes = b"\x7fELF".to_vec();
    bytes.extend_from_slice(&[0; 60]);
    std::fs::write(&path, bytes).unwrap();
    let o = vdmchess(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        format!(
            "error: {}: not PGN: the content is not zstd but an ELF executable\n",
            path.display()
        )
    );
}

/// `replay` says why a move is illegal, as `explain` does, not only `illegal san Ke3`.
#[test]
fn replay_says_why_a_move_is_illegal() {
    let o = vdmchess_with_input(
        &["replay"],
        "1. e4 e5 2. Ke3 *\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O-O *\n",
    );
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with(
        "error at 1:13: ply 3 \"Ke3\": illegal san Ke3: geometry (FIDE 3.8.1): the white king on e1 moves one square in any direction (castling apart), and e3 is not such a move from e1"
    ), "{}", lines[0]);
    assert!(
        lines[1].contains("ply 7 \"O-O-O\": illegal san O-O-O: castling_path (FIDE "),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with(
        "castling needs the squares between the king on e1 and the rook on a1 empty, and the white knight on b1, the white bishop on c1 and the white queen on d1 stand in the way"
    ), "{}", lines[1]);
}

/// The exit status of a process whose output reader has gone: 141, as the shell shows a Unix
/// tool that `SIGPIPE` ended; nothing said on standard error.
const CLOSED: i32 = 141;

#[cfg(unix)]
fn assert_quiet_on_closed_pipe(args: &[&str]) {
    let (status, stderr) = vdmchess_into_closed_pipe(args, false);
    assert_eq!(
        (status.code(), stderr.as_str()),
        (Some(CLOSED), ""),
        "{args:?}"
    );
    // `2>&1 | head`: the error would go to the closed pipe too (a panic, exit 101, before).
    let (status, _) = vdmchess_into_closed_pipe(args, true);
    assert_eq!(status.code(), Some(CLOSED), "{args:?} 2>&1");
}

/// `replay FILE | head -1` printed `error: Broken pipe`, `replay --json FILE 2>&1 | head -c
/// 20` panicked, `perft --divide | head` printed `error: Broken pipe` and exited 2.
#[test]
#[cfg(unix)]
fn a_closed_pipe_ends_every_subcommand_quietly() {
    let book = tmp("closed-pipe.bin");
    let start = vdmchess::core::Position::start();
    let mut writer = vdmchess::book::BookWriter::new();
    for m in vdmchess::Rules::legal_moves(&start).iter() {
        writer.add_move(&start, m, 1, 0);
    }
    std::fs::write(&book, writer.to_bytes()).unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for args in [
        &["replay", FISCHER][..],
        &["replay", "--json", FISCHER],
        &["replay", "--jobs", "2", FISCHER],
        &["perft", "--depth", "2", "--divide"],
        &["perft", "--depth", "2", "--rules", "both"],
        &["perftree", "2", fen],
        &["book", book.to_str().unwrap(), "--fen", fen, "--json"],
        &["book", book.to_str().unwrap()],
        &["show"],
        &["show", "--svg", "-"],
        &["explain", "e4"],
        &["explain", "--json", "e4"],
        &["analyse", "--depth", "1"],
    ] {
        assert_quiet_on_closed_pipe(args);
    }
}
