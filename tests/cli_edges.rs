//! The command line tried as a new user would (issue 21): input that is not what it claims,
//! closed pipes, limits, and errors that say what and where once.

use std::path::{Path, PathBuf};

mod common;
use common::cli::{vdmchess, vdmchess_with_input};
#[cfg(unix)]
use common::cli::{vdmchess_into_closed_pipe, vdmchess_into_closed_pipe_with_input};

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

/// `replay --help` listed the formats by extension (`.pgn.zst`, `.pgn.gz`), while the
/// reader tells them apart by their first bytes: the help says what it does.
#[test]
fn replay_help_says_the_content_decides_the_format() {
    for flag in ["-h", "--help"] {
        let o = vdmchess(&["replay", flag]);
        assert_eq!(o.status.code(), Some(0));
        let help = text(&o.stdout);
        let about = help.lines().next().unwrap();
        assert_eq!(
            about,
            "Replay every game of PGN files: plain text, zstd or gzip, told apart by the first bytes whatever the file's name (`-` is standard input)"
        );
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

/// `vdmchess uci | head -1` wrote on into the closed pipe: a `go infinite` searched for
/// ever, its input still open. A closed output ends the engine as it ends every subcommand.
#[test]
#[cfg(unix)]
fn a_closed_pipe_ends_the_uci_engine_quietly() {
    for input in [
        "uci\n",
        "uci\ngo infinite\n",
        "position startpos\ngo infinite\n",
        "go depth 60\ngo depth 60\n",
    ] {
        let ended = vdmchess_into_closed_pipe_with_input(
            &["uci"],
            input,
            std::time::Duration::from_secs(60),
        );
        let (status, stderr) =
            ended.unwrap_or_else(|| panic!("uci {input:?} did not end when its output closed"));
        assert_eq!(
            (status.code(), stderr.as_str()),
            (Some(CLOSED), ""),
            "{input:?}"
        );
    }
}

/// `perft --depth 99` and `perftree 99` ran for ever; `--threads 0` was taken while `--jobs
/// 0` was refused; `fuzz --cases 0` passed having compared nothing; `Hash` stopped at 1024 MB
/// in `uci` and at 4096 in `analyse`. One set of limits, each refusal naming the range.
#[test]
fn one_set_of_limits_each_refusal_naming_the_range() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    for (args, says) in [
        (&["perft", "--depth", "99"][..], "99 is not in 0..=32"),
        (&["perftree", "99", fen], "99 is not in 1..=32"),
        (&["perftree", "0", fen], "0 is not in 1..=32"),
        (
            &["diff", "--engine", "x", "--depth", "33"],
            "33 is not in 1..=32",
        ),
        (
            &["perft", "--depth", "1", "--threads", "0"],
            "0 is not in 1..=1024",
        ),
        (&["replay", "--jobs", "0"], "0 is not in 1..=1024"),
        (&["analyse", "--depth", "128"], "128 is not in 1..=127"),
        (&["analyse", "--hash", "4097"], "4097 is not in 1..=4096"),
        (
            &["fuzz", "--engine", "x", "--cases", "0"],
            "0 is not in 1..=1000000000",
        ),
        (
            &["fuzz", "--engine", "x", "--cases", "1000000001"],
            "1000000001 is not in 1..=1000000000",
        ),
    ] {
        let o = vdmchess(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            text(&o.stderr).contains(says),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
    // The engine takes the same ranges: Hash up to 4096, go perft up to 32.
    let o = vdmchess_with_input(&["uci"], "uci\ngo perft 33\nquit\n");
    let out = text(&o.stdout);
    assert!(
        out.contains("option name Hash type spin default 16 min 1 max 4096\n"),
        "{out}"
    );
    assert!(
        out.contains("info string go perft takes one depth from 0 to 32, not \"33\"\n"),
        "{out}"
    );
}

/// `show`, `explain` and `analyse` take `--moves` (UCI or SAN) as `book` and `diff` do.
#[test]
fn show_explain_and_analyse_take_moves_in_uci_or_san() {
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    for moves in [["e4", "e5", "Nf3"], ["e2e4", "e7e5", "g1f3"]] {
        let mut args = vec!["show", "--moves"];
        args.extend(moves);
        let o = vdmchess(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(
            text(&o.stdout).contains(&format!("fen: {after}\n")),
            "{}",
            text(&o.stdout)
        );
    }
    // The last of --moves is the move explained when no MOVE follows.
    let o = vdmchess(&["explain", "--moves", "e4", "e5", "Ke3"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stdout).starts_with("illegal: Ke3 (e1e3): geometry\n"),
        "{}",
        text(&o.stdout)
    );
    let o = vdmchess(&["explain", "Ke2", "--moves", "e2e4 e7e5"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        text(&o.stdout).starts_with("legal: Ke2 (e1e2)\n"),
        "{}",
        text(&o.stdout)
    );
    // Scholar's mate: after the moves, mate in one.
    let o = vdmchess(&[
        "analyse", "--depth", "2", "--json", "--moves", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["fen"],
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
    );
    assert_eq!(
        (v["bestmove"].as_str(), v["score"]["mate"].as_i64()),
        (Some("h5f7"), Some(1))
    );
    // A move that cannot be played says why, as explain does.
    let o = vdmchess(&["show", "--moves", "e4", "Ke3"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "error: --moves: move 2 (Ke3) is illegal: geometry (FIDE 3.8.1): the black king on e8 moves one square in any direction (castling apart), and e3 is not such a move from e8, in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    );
}

/// Promotion to a king is a classic mistake: explained by the promotion clause, not refused as
/// unreadable; a bad rank is reported where it stands.
#[test]
fn explain_reads_a_promotion_to_a_king_and_points_at_a_bad_rank() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    for (mv, role) in [("a8=K", "king"), ("a7a8k", "king"), ("a8=P", "pawn")] {
        let o = vdmchess(&["explain", "--fen", fen, mv]);
        assert_eq!(o.status.code(), Some(1), "{mv}: {}", text_of_both(&o));
        let out = text(&o.stdout);
        assert!(
            out.contains("clause: BoardModule`promotion_moves (FIDE Laws 3.7.5)\n"),
            "{out}"
        );
        assert!(
            out.ends_with(&format!(
                "a pawn promotes to a queen, rook, bishop or knight, never to a {role}\n"
            )),
            "{out}"
        );
    }
    let o = vdmchess(&["explain", "e9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("invalid san \"e9\" at offset 1: "),
        "{}",
        text(&o.stderr)
    );
}

fn text_of_both(o: &std::process::Output) -> String {
    format!("{}{}", text(&o.stdout), text(&o.stderr))
}

/// The material-limit error says where `--lenient` takes such positions; `perftree` says its
/// moves are UCI; `show --arrows` without `--svg` is refused (it drew nothing before).
#[test]
fn refusals_say_what_would_work() {
    let crowded = "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";
    let o = vdmchess(&["show", "--fen", crowded]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "error: illegal position: white has more than 16 pieces (the material limits: --lenient accepts such positions in `perft --rules core`, `show`, `diff` and `fuzz`)\n"
    );
    assert_eq!(
        vdmchess(&["show", "--lenient", "--fen", crowded])
            .status
            .code(),
        Some(0)
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let o = vdmchess(&["perftree", "2", start, "e4"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "error: move 1 (e4) is not UCI move text: perftree's moves are UCI (e2e4, e7e8q); as UCI it is e2e4\n"
    );
    for flag in ["--arrows", "--lastmove", "--squares"] {
        let value = if flag == "--squares" { "e4" } else { "e2e4" };
        let o = vdmchess(&["show", flag, value]);
        assert_eq!(o.status.code(), Some(2), "{flag}");
        assert!(
            text(&o.stderr).contains("--svg <FILE>"),
            "{flag}: {}",
            text(&o.stderr)
        );
    }
}

/// An engine that prints its usage and exits: what it printed is always quoted (about half the
/// runs said "it printed nothing" before: the lines not yet read were not in the transcript).
#[test]
#[cfg(unix)]
fn what_a_dying_engine_printed_is_always_shown() {
    for _ in 0..10 {
        let o = vdmchess(&[
            "diff",
            "--engine",
            "sh -c 'echo usage: x; echo bad option >&2; exit 1'",
            "--depth",
            "1",
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(
            text(&o.stderr),
            "error: the engine exited (exit status: 1) before answering `uci`; it printed (last lines): \"usage: x\"; its standard error ended with: \"bad option\"\n"
        );
    }
}
