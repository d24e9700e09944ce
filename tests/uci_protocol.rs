//! `vdmchess uci` driven as a GUI drives it: scripts of commands fed to the binary, its
//! answers read line by line.
//!
//! Waiting for an answer has a generous deadline only so that a broken engine fails the test
//! instead of hanging it; no test asserts how long anything takes.

mod common;
use common::uci::{assert_legal_bestmove, game};

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use vdmchess::core::Chess;
use vdmchess::notation::uci::UciMove;

/// How long to wait for an expected line before calling the engine broken.
const DEADLINE: Duration = Duration::from_secs(60);

/// The engine running, its standard output read on a thread into a channel.
struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line read so far.
    seen: Vec<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = common::uci::start();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads until a line satisfies `pred`; returns the lines read, that one last.
    fn until(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let end = Instant::now() + DEADLINE;
        let mut got = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let done = pred(&line);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no {what} from the engine; it said {got:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine closed its output before {what}; it said {got:?}")
                }
            }
        }
    }

    fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove", |l| l.starts_with("bestmove"));
        lines.last().unwrap().clone()
    }

    /// Sends `quit` and reads what is left until the engine exits; returns every line seen.
    fn quit(mut self) -> Vec<String> {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "the engine exited with {status}");
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(5)) {
            self.seen.push(line);
        }
        self.seen
    }
}

#[test]
fn uci_announces_itself_and_its_options() {
    let mut e = Uci::start();
    e.send("uci");
    let lines = e.until("uciok", |l| l == "uciok");
    assert!(lines[0].starts_with("id name vdmchess"));
    for option in [
        "option name Hash type spin",
        "option name OwnBook type check default false",
        "option name BookFile type string",
        "option name UCI_Chess960 type check default false",
        "option name Move Overhead type spin",
        "option name Threads type spin default 1 min 1 max 64",
        "option name SearchFeatures type string",
        "option name UCI_AnalyseMode type check default false",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(option)), "{option}");
    }
    // Threads out of range and an unknown search feature are refused by name; a search with
    // two threads answers as one does.
    e.send("setoption name Threads value 0");
    e.send("setoption name Threads value 65");
    e.send("setoption name SearchFeatures value -wings");
    e.send("setoption name Threads value 2");
    e.send("setoption name SearchFeatures value improving,-singular_extensions");
    e.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    e.send("go depth 4");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    let refused: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(refused.len(), 3, "{refused:?}");
    assert!(
        refused[0].contains("Threads takes at least 1"),
        "{}",
        refused[0]
    );
    assert!(
        refused[1].contains("Threads takes a whole number up to 64"),
        "{}",
        refused[1]
    );
    assert!(
        refused[2].contains("unknown search feature wings"),
        "{}",
        refused[2]
    );
    assert_eq!(lines.last().map(String::as_str), Some("bestmove h5f7"));
    e.quit();
}

#[test]
fn readyok_during_go_infinite_and_bestmove_after_stop() {
    let mut e = Uci::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go infinite");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    // Let it search a little: wait for its first completed iteration.
    e.until("an info line", |l| l.starts_with("info depth"));
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    let best = e.bestmove();
    assert_legal_bestmove(&best, &game(None, &["e2e4", "e7e5"]));
    let all = e.quit();
    assert_eq!(all.iter().filter(|l| l.starts_with("bestmove")).count(), 1);
}

#[test]
fn every_go_gets_exactly_one_bestmove() {
    let mut e = Uci::start();
    e.send("position startpos");
    // A search still running when the next `go` comes is answered first: a finite one runs
    // to its limit, an infinite one is stopped.
    let gos = [
        "go depth 3",
        "go depth 6",
        "go nodes 2000",
        "go movetime 30",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go infinite",
        "go depth 1",
    ];
    for go in gos {
        e.send(go);
    }
    e.send("isready");
    e.until("readyok", |l| l == "readyok");
    let all = e.quit();
    let bestmoves: Vec<_> = all.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), gos.len(), "{all:?}");
    for b in bestmoves {
        assert_legal_bestmove(b, &game(None, &[]));
    }
}

#[test]
fn info_lines_carry_the_fields_guis_read() {
    let mut e = Uci::start();
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    let infos: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "{lines:?}");
    for (i, line) in infos.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[2], (i + 1).to_string());
        for field in [
            "seldepth", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(words.contains(&field), "{field} missing in {line}");
        }
    }
    e.quit();
}

#[test]
fn malformed_lines_do_not_kill_the_engine() {
    let mut e = Uci::start();
    for junk in [
        "",
        "   ",
        "hello engine",
        "position",
        "position fen",
        "position fen garbage",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves",
        "position sideways",
        "go depth banana",
        "go perft",
        "go perft -3",
        "setoption",
        "setoption name",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Nonexistent value 3",
        "setoption name OwnBook value maybe",
        "stop",
        "ponderhit",
        "\u{1b}[A\u{0}\u{7f}",
        "ucinewgame extra words",
    ] {
        e.send(junk);
    }
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    // Every non-empty line that is not a command got an `info string` answer.
    let answers = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .count();
    assert!(answers >= 15, "{lines:?}");
    // `joho isready`: unknown words before a command are skipped.
    e.send("joho isready");
    e.until("readyok", |l| l == "readyok");
    // The position is still the start (the bad FENs changed nothing).
    e.send("go depth 2");
    let best = e.bestmove();
    assert_legal_bestmove(&best, &game(None, &[]));
    e.quit();
}

#[test]
fn an_illegal_move_is_named_and_the_position_stays_at_the_last_legal_move() {
    let mut e = Uci::start();
    e.send("position startpos moves e2e4 e7e5 e1e3 g1f3");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    let report = lines
        .iter()
        .find(|l| l.starts_with("info string"))
        .expect("an info string");
    assert!(report.contains("e1e3"), "{report}");
    // White is to move after 1. e4 e5 (g1f3 was not played).
    e.send("go depth 3");
    let best = e.bestmove();
    assert_legal_bestmove(&best, &game(None, &["e2e4", "e7e5"]));
    // Malformed move text too.
    e.send("position startpos moves e2e4 zz99");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    assert!(lines.iter().any(|l| l.contains("zz99")), "{lines:?}");
    e.send("go depth 2");
    let best = e.bestmove();
    assert_legal_bestmove(&best, &game(None, &["e2e4"]));
    e.quit();
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut e = Uci::start();
    // Fool's mate: White is mated.
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 5");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(
        lines.iter().any(|l| l.contains("score mate 0")),
        "{lines:?}"
    );
    // Stalemate.
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go wtime 1000 btime 1000");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(lines.iter().any(|l| l.contains("score cp 0")), "{lines:?}");
    // Even after go infinite: the answer waits for stop.
    e.send("go infinite");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    assert_eq!(e.bestmove(), "bestmove (none)");
    e.quit();
}

#[test]
fn mate_in_two_is_announced() {
    let mut e = Uci::start();
    // WAC.001: 1. Qg6 mates in two.
    e.send("position fen 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
    e.send("go mate 2");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.contains("score mate 2")),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove g3g6"));
    e.quit();
}

/// `UCI_AnalyseMode`: analysing, the engine searches every root move to the full depth.
/// WAC.183's quiet 1. Bf6! is ordered late; playing, its reduced search misses the point
/// and 1. f4 is played at depth 8; analysing, 1. Bf6 is. Switching it back restores play.
#[test]
fn analyse_mode_searches_every_root_move_in_full() {
    let mut e = Uci::start();
    let mut moves = Vec::new();
    for mode in ["false", "true", "false"] {
        e.send(&format!("setoption name UCI_AnalyseMode value {mode}"));
        e.send("ucinewgame");
        e.send("position fen 1r2k1r1/5p2/b3p3/1p2b1B1/3p3P/3B4/PP2KP2/2R3R1 w - - 0 1");
        e.send("go depth 8");
        let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
        moves.push(played(&lines).to_string());
    }
    assert_eq!(moves, ["f2f4", "g5f6", "f2f4"]);
    e.quit();
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let mut e = Uci::start();
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 2000 btime 2000 winc 20 binc 20");
    e.until("an info line", |l| l.starts_with("info depth"));
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    e.send("ponderhit");
    let best = e.bestmove();
    assert_legal_bestmove(&best, &game(None, &["e2e4"]));
    e.send("go ponder wtime 2000 btime 2000");
    e.send("stop");
    let best = e.bestmove();
    assert_legal_bestmove(&best, &game(None, &["e2e4"]));
    e.quit();
}

/// `go perft N` prints exactly what `vdmchess perft --divide` prints.
#[test]
fn go_perft_equals_perft_divide() {
    let cases: [(Option<&str>, u32, bool); 4] = [
        (None, 3, false),
        (
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            2,
            false,
        ),
        (Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 3, false),
        // Chess960: castling as king-takes-rook.
        (
            Some("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
            2,
            true,
        ),
    ];
    for (fen, depth, chess960) in cases {
        let mut args = vec!["perft".to_string(), "--divide".into()];
        args.extend(["--depth".to_string(), depth.to_string()]);
        if let Some(f) = fen {
            args.extend(["--fen".to_string(), f.to_string()]);
        }
        if chess960 {
            args.push("--chess960".into());
        }
        let out = Command::new(env!("CARGO_BIN_EXE_vdmchess"))
            .args(&args)
            .output()
            .unwrap();
        assert!(out.status.success());
        let expected = String::from_utf8(out.stdout).unwrap();

        let mut e = Uci::start();
        if chess960 {
            e.send("setoption name UCI_Chess960 value true");
        }
        match fen {
            Some(f) => e.send(&format!("position fen {f}")),
            None => e.send("position startpos"),
        }
        e.send(&format!("go perft {depth}"));
        let lines = e.until("the perft total", |l| l.starts_with("Nodes searched"));
        let got: String = lines.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(got, expected, "{fen:?}");
        e.quit();
    }
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Chess960 value true");
    // Only castling (or a rook move) is sensible: the king castles h-side as e1h1.
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1h1");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    e.send("setoption name UCI_Chess960 value false");
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1 e8d8");
    e.send("go depth 2");
    let best = e.bestmove();
    assert_legal_bestmove(
        &best,
        &game(Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), &["e1g1", "e8d8"]),
    );
    e.quit();
}

#[test]
fn options_are_accepted() {
    let mut e = Uci::start();
    for set in [
        "setoption name Hash value 32",
        "setoption name OwnBook value true",
        "setoption name Move Overhead value 50",
        "setoption name UCI_Chess960 value false",
        "setoption name Ponder value true",
    ] {
        e.send(set);
    }
    e.send("ucinewgame");
    e.send("isready");
    let lines = e.until("readyok", |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("go depth 2");
    assert_legal_bestmove(&e.bestmove(), &game(None, &[]));
    e.quit();
}

/// The end of standard input ends the engine like `quit`, after answering the last `go`.
#[test]
fn end_of_input_ends_the_engine() {
    let out = common::cli::vdmchess_with_input(&["uci"], "position startpos\ngo depth 2\n");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("bestmove ").count(), 1, "{text}");
}

/// Commands piped in all at once: each `go` waits for the search before it to reach its
/// limit (as Stockfish does), and the end of the input lets the last one finish, so every
/// search completes its depth and answers for its own position.
#[test]
fn piped_searches_run_to_their_limits() {
    let input = "position startpos\ngo depth 5\nposition startpos moves e2e4\ngo depth 5\n\
                 setoption name Hash value 8\nucinewgame\nposition startpos moves e2e4 e7e5\n\
                 go depth 5\n";
    let out = common::cli::vdmchess_with_input(&["uci"], input);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let answers: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("bestmove "))
        .collect();
    assert_eq!(answers.len(), 3, "{text}");
    assert!(!text.contains("info string"), "{text}");
    let roots = [
        game(None, &[]),
        game(None, &["e2e4"]),
        game(None, &["e2e4", "e7e5"]),
    ];
    let mut from = 0;
    for (&i, root) in answers.iter().zip(&roots) {
        assert!(
            lines[from..i]
                .iter()
                .any(|l| l.starts_with("info depth 5 ")),
            "no completed depth 5 before {}: {text}",
            lines[i]
        );
        assert_legal_bestmove(lines[i], root);
        from = i + 1;
    }
}

/// A `go` with no limit at all searches until stopped, like `go infinite`: the next `go`
/// stops it rather than waiting for it, and the end of the input ends it.
#[test]
fn go_without_limits_is_stopped_by_the_next_go() {
    let input = "position startpos\ngo\nposition startpos moves e2e4\ngo depth 3\ngo\n";
    let out = common::cli::vdmchess_with_input(&["uci"], input);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let bestmoves: Vec<&str> = text.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 3, "{text}");
    assert!(text.contains("info depth 3 "), "{text}");
    assert_legal_bestmove(bestmoves[0], &game(None, &[]));
    assert_legal_bestmove(bestmoves[1], &game(None, &["e2e4"]));
}

/// While a `go` waits for the search before it, `isready` is answered at once and `quit`
/// still ends the engine: the search waited for is stopped, and the waiting `go` gets its
/// `bestmove` at once.
#[test]
fn quit_reaches_the_search_a_go_waits_for() {
    let mut e = Uci::start();
    e.send("position startpos");
    e.send("go depth 60");
    e.send("position startpos moves e2e4");
    e.send("go depth 60");
    e.send("isready");
    e.until("readyok", |l| l == "readyok");
    let all = e.quit();
    let bestmoves: Vec<&String> = all.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 2, "{all:?}");
    assert_legal_bestmove(bestmoves[0], &game(None, &[]));
    assert_legal_bestmove(bestmoves[1], &game(None, &["e2e4"]));
}

/// Bytes that are not UTF-8 are one more malformed line: the engine says so and goes on.
#[test]
fn input_that_is_not_utf8_does_not_end_the_engine() {
    let out = common::cli::vdmchess_with_bytes(
        &["uci"],
        b"\xff\xfe\x80 go\nposition startpos moves e2e4 \xc3\nisready\nquit\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("info string illegal move"), "{text}");
    assert!(
        text.ends_with("readyok\n") || text.contains("readyok"),
        "{text}"
    );
}

/// The move of the last line, a `bestmove` line.
fn played(lines: &[String]) -> &str {
    lines.last().unwrap().split_whitespace().nth(1).unwrap()
}

/// `go searchmoves`: only the moves named are searched at the root, even when another move
/// mates at once; unreadable and illegal ones are reported by name and left out.
#[test]
fn searchmoves_narrows_the_root() {
    const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let mut e = Uci::start();
    e.send(&format!("position fen {BACK_RANK}"));
    e.send("go depth 4");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(played(&lines), "a1a8", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );

    e.send("go depth 4 searchmoves a1a7 h2h3");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(["a1a7", "h2h3"].contains(&played(&lines)), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("score mate")), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );

    // After the list, the other parameters still count.
    e.send("go searchmoves g1f1 depth 3");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(played(&lines), "g1f1", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );

    e.send("go depth 2 searchmoves a1a9 e2e4 h2h3");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    let said = lines.iter().find(|l| l.starts_with("info string")).unwrap();
    assert!(
        said.contains("\"a1a9\" ignored") && said.contains("\"e2e4\" ignored"),
        "{said}"
    );
    assert_eq!(played(&lines), "h2h3", "{lines:?}");

    e.send("go depth 2 searchmoves e2e4");
    let lines = e.until("bestmove", |l| l.starts_with("bestmove"));
    let said = lines.iter().find(|l| l.starts_with("info string")).unwrap();
    assert!(said.contains("names no legal move"), "{said}");
    assert_eq!(played(&lines), "a1a8", "{lines:?}");
    e.quit();
}

/// A book entry for `uci` (UCI move text) in the position of `g`.
fn book_entry(g: &Chess, uci: &str, weight: u16) -> vdmchess::book::RawEntry {
    let mv = UciMove::from_ascii(uci.as_bytes())
        .unwrap()
        .to_move(g)
        .unwrap();
    vdmchess::book::RawEntry {
        key: g.position().hash(),
        raw_move: vdmchess::book::encode_move(&mv, g.position()),
        weight,
        learn: 0,
    }
}

#[test]
fn own_book_plays_the_book_by_weight_and_castles_in_uci_text() {
    let start = game(None, &[]);
    let castles = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let castling = game(Some(castles), &[]);
    let bytes = vdmchess::book::write_book(&[
        book_entry(&start, "a2a3", 0),
        book_entry(&start, "h2h3", 7),
        // Stored king-takes-rook, as Polyglot does; written e1g1 without UCI_Chess960.
        book_entry(&castling, "e1g1", 3),
    ]);
    let dir = std::env::temp_dir().join(format!("vdmchess-uci-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("small.bin");
    std::fs::write(&path, bytes).unwrap();

    let mut e = Uci::start();
    e.send("setoption name OwnBook value true");
    e.send(&format!("setoption name BookFile value {}", path.display()));
    // The weight-0 move is never played: every answer is the one move of weight 7.
    for _ in 0..5 {
        e.send("position startpos");
        e.send("go movetime 50");
        let got = e.until("bestmove", |l| l.starts_with("bestmove"));
        assert_eq!(got.last().unwrap(), "bestmove h2h3");
    }
    e.send(&format!("position fen {castles}"));
    e.send("go movetime 50");
    let got = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(got.last().unwrap(), "bestmove e1g1");
    // A book that cannot be read is reported when set, and the engine searches instead.
    e.send("setoption name BookFile value /nonexistent/book.bin");
    e.send("position startpos");
    e.send("go depth 2");
    let got = e.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        got.iter()
            .any(|l| l.starts_with("info string BookFile \"/nonexistent/book.bin\"")),
        "{got:?}"
    );
    assert_legal_bestmove(got.last().unwrap(), &start);
    e.send("quit");
    std::fs::remove_dir_all(&dir).ok();
}
