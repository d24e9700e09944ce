//! `vdmchess uci` at the edges of the protocol, tried as a new user tries it: commands piped
//! in, the whole output read after the process ends. Every `bestmove` comes from a completed
//! search of at least depth 1, malformed `go` parameters are named and dropped, the process
//! ends at the end of its input, `d` draws the board, a bad `BookFile` is reported once, and
//! an over-long line is quoted shortened. Also `vdmchess analyse`'s progress lines and its
//! Ctrl-C.
//!
//! The deadline only turns a hang into a failure; no test asserts how long anything takes.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

use vdmchess::core::Chess;

/// How long a piped session may take before the engine is called hung.
const DEADLINE: Duration = Duration::from_secs(120);

/// Runs `vdmchess uci` with `input` piped in and its input then closed; the whole output.
/// Fails if the process has not ended by the deadline (it is killed then).
fn piped(input: &str) -> String {
    let mut child = common::uci::start();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut BufReader::new(stdout), &mut text);
        let _ = tx.send(text);
    });
    match rx.recv_timeout(DEADLINE) {
        Ok(text) => {
            let status = child.wait().unwrap();
            assert!(status.success(), "exit {status}: {text}");
            text
        }
        Err(_) => {
            let _ = child.kill();
            panic!("the engine did not end at the end of its input {input:?}");
        }
    }
}

/// The `bestmove` lines of `text`, each with the `info depth` lines before it (since the
/// previous `bestmove`).
fn answers(text: &str) -> Vec<(Vec<&str>, &str)> {
    let mut out = Vec::new();
    let mut infos = Vec::new();
    for line in text.lines() {
        if line.starts_with("info depth") {
            infos.push(line);
        } else if line.starts_with("bestmove") {
            out.push((std::mem::take(&mut infos), line));
        }
    }
    out
}

fn after(moves: &[&str]) -> Chess {
    common::uci::game(None, moves)
}

/// A `bestmove` comes after a completed iteration of depth 1 or more, and is legal. (It is
/// the first move of that iteration's line, or of a later iteration stopped part-way after
/// it found a better move.)
fn assert_searched(infos: &[&str], bestmove: &str, g: &Chess, text: &str) {
    let last = infos
        .last()
        .unwrap_or_else(|| panic!("{bestmove} without a completed iteration: {text}"));
    let words: Vec<&str> = last.split_whitespace().collect();
    let depth: u32 = words[2].parse().unwrap();
    assert!(depth >= 1, "{last}");
    assert!(words.contains(&"pv"), "{last}");
    common::uci::assert_legal_bestmove(bestmove, g);
}

/// The first report: `quit` right behind `go depth 6` answered `bestmove b8a6`, the
/// first legal move, with no search at all.
#[test]
fn quit_behind_a_go_still_gets_a_searched_move() {
    let text = piped("uci\nisready\nposition startpos moves e2e4\ngo depth 6\nquit\n");
    let got = answers(&text);
    assert_eq!(got.len(), 1, "{text}");
    assert_searched(&got[0].0, got[0].1, &after(&["e2e4"]), &text);
}

/// Whatever stops a search, it has completed depth 1: a node limit already spent, a time of
/// 0 ms, an immediate `stop`, and `go`s queued behind a `quit`.
#[test]
fn every_stop_leaves_a_completed_depth() {
    let text = piped(
        "position startpos\ngo nodes 1\ngo movetime 0\ngo wtime 0 btime 0\ngo infinite\nstop\n\
         go depth 40\ngo depth 40\nquit\n",
    );
    let got = answers(&text);
    assert_eq!(got.len(), 6, "{text}");
    for (infos, best) in &got {
        assert_searched(infos, best, &after(&[]), &text);
    }
}

/// Malformed `go` parameters are named in an `info string` and dropped; the search uses
/// what was understood (here nothing but `nodes`, or nothing at all, which is stopped at the
/// end of the input).
#[test]
fn malformed_go_parameters_are_named_and_dropped() {
    for (go, says) in [
        (
            "go depth",
            "go depth takes a whole number of plies from 1 to 127, and none was given",
        ),
        (
            "go depth 99999999999",
            "go depth takes a whole number of plies from 1 to 127, not \"99999999999\"",
        ),
        (
            "go mate -1",
            "go mate takes a whole number of moves from 1 to 63, not \"-1\"",
        ),
        (
            "go nodes 0 depth 3",
            "go nodes takes a whole number of nodes from 1, not \"0\"",
        ),
        (
            "go depth x nodes 3000",
            "go depth takes a whole number of plies from 1 to 127, not \"x\"",
        ),
    ] {
        let text = piped(&format!("uci\nposition startpos\n{go}\n"));
        assert!(
            text.lines()
                .any(|l| l == format!("info string {says}; ignored")),
            "{go}: {text}"
        );
        let got = answers(&text);
        assert_eq!(got.len(), 1, "{go}: {text}");
        assert_searched(&got[0].0, got[0].1, &after(&[]), &text);
    }
    // `depth 3` was understood beside the bad `nodes 0`: the search went to depth 3.
    let text = piped("position startpos\ngo nodes 0 depth 3\n");
    assert!(text.contains("info depth 3 "), "{text}");
    assert!(!text.contains("info depth 4 "), "{text}");
}

/// The fuzz's hang: `go mate -1` as the last line. The malformed limit is dropped and the
/// search, now without limits, ends with the input; so does a well-formed `go mate` with no
/// mate on the board (its search stops at depth 5N + 3).
#[test]
fn every_process_ends_at_the_end_of_its_input() {
    for input in [
        "uci\nposition startpos\ngo mate -1\n",
        "position startpos\ngo mate 2\n",
        "position startpos\ngo\n",
        "position startpos\ngo infinite\n",
        "position startpos\ngo ponder\n",
    ] {
        let text = piped(input);
        let got = answers(&text);
        assert_eq!(got.len(), 1, "{input:?}: {text}");
        assert_searched(&got[0].0, got[0].1, &after(&[]), &text);
    }
    let text = piped("position startpos\ngo mate 2\n");
    assert!(text.contains("info depth 13 "), "{text}");
    assert!(!text.contains("info depth 14 "), "{text}");
}

/// `d`, as Stockfish 15.1 prints it after 1. e4 d5 2. Bb5+ (with the PolyGlot key).
#[test]
fn d_draws_the_board_with_fen_key_and_checkers() {
    let text = piped("position startpos moves e2e4 d7d5 f1b5\nd\n");
    let expected = "
 +---+---+---+---+---+---+---+---+
 | r | n | b | q | k | b | n | r | 8
 +---+---+---+---+---+---+---+---+
 | p | p | p |   | p | p | p | p | 7
 +---+---+---+---+---+---+---+---+
 |   |   |   |   |   |   |   |   | 6
 +---+---+---+---+---+---+---+---+
 |   | B |   | p |   |   |   |   | 5
 +---+---+---+---+---+---+---+---+
 |   |   |   |   | P |   |   |   | 4
 +---+---+---+---+---+---+---+---+
 |   |   |   |   |   |   |   |   | 3
 +---+---+---+---+---+---+---+---+
 | P | P | P | P |   | P | P | P | 2
 +---+---+---+---+---+---+---+---+
 | R | N | B | Q | K |   | N | R | 1
 +---+---+---+---+---+---+---+---+
   a   b   c   d   e   f   g   h

Fen: rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2
";
    assert!(text.starts_with(expected), "{text}");
    let g = after(&["e2e4", "d7d5", "f1b5"]);
    let rest: Vec<&str> = text[expected.len()..].lines().collect();
    assert_eq!(rest[0], format!("Key: {:016X}", g.position().hash()));
    assert_eq!(rest[1], "Checkers: b5");
    let start = piped("d\n");
    assert!(
        start.contains("Key: 463B96181691FC9C\nCheckers:\n"),
        "{start}"
    );
}

/// A `BookFile` that cannot be read is reported when it is set, once; the `go`s after it
/// search without a word about the book.
#[test]
fn a_bad_book_file_is_reported_when_set() {
    let text = piped(
        "setoption name OwnBook value true\nsetoption name BookFile value /nonexistent/book.bin\n\
         isready\nposition startpos\ngo depth 2\ngo depth 2\n",
    );
    let lines: Vec<&str> = text.lines().collect();
    let ready = lines.iter().position(|l| *l == "readyok").unwrap();
    let said: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(said.len(), 1, "{text}");
    assert!(
        lines[..ready].iter().any(|l| l
            .starts_with("info string BookFile \"/nonexistent/book.bin\": ")
            && l.ends_with("; no book is used")),
        "{text}"
    );
    assert_eq!(answers(&text).len(), 2, "{text}");
}

/// A file in the temporary directory, named for this process and `name`.
fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("vdmchess-uci-{}-{name}", std::process::id()))
}

/// The score of the last `info depth` line before each `bestmove`.
fn last_scores(text: &str) -> Vec<String> {
    answers(text)
        .iter()
        .map(|(infos, _)| {
            let words: Vec<&str> = infos.last().expect("an info line").split(' ').collect();
            let at = words.iter().position(|w| *w == "score").expect("a score");
            words[at + 1..at + 3].join(" ")
        })
        .collect()
}

/// `EvalFile` reads a network file when set and the search evaluates with it: a network whose
/// every weight is zero scores a queen up as even, where the built-in one sees the queen; an
/// empty value goes back to the built-in network. (`ucinewgame` between: the table would
/// otherwise answer from the search before.)
#[test]
fn eval_file_replaces_the_built_in_network() {
    use vdmchess::search::eval::network::{Network, NETWORK};
    let mut zero: Network = NETWORK.clone();
    zero.input.iter_mut().for_each(|row| row.fill(0));
    zero.input_bias.fill(0);
    zero.output = [[0; _]; 2];
    zero.output_bias = 0;
    zero.residual = false;
    zero.base = 0;
    let path = scratch("zero.bin");
    std::fs::write(&path, zero.to_bytes()).unwrap();
    let text = piped(&format!(
        "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\ngo depth 1\n\
         setoption name EvalFile value {}\nucinewgame\ngo depth 1\n\
         setoption name EvalFile value <empty>\nucinewgame\ngo depth 1\n",
        path.display()
    ));
    std::fs::remove_file(&path).unwrap();
    assert!(!text.contains("info string"), "{text}");
    let scores = last_scores(&text);
    assert_eq!(scores.len(), 3, "{text}");
    assert_eq!(scores[1], "cp 0", "{text}");
    for s in [&scores[0], &scores[2]] {
        let cp: i32 = s.strip_prefix("cp ").expect("a cp score").parse().unwrap();
        assert!(cp > 500, "{text}");
    }
}

/// An `EvalFile` that cannot be used is reported when it is set, saying why, and the engine
/// goes on with its built-in network: a file that is not a network, and a correction fitted
/// on other hand-written weights than this build's.
#[test]
fn a_bad_eval_file_is_reported_when_set() {
    use vdmchess::search::eval::network::{weights_fingerprint, NETWORK};
    let mut other = NETWORK.clone();
    other.residual = true;
    other.base = weights_fingerprint() ^ 1;
    let path = scratch("other.bin");
    std::fs::write(&path, other.to_bytes()).unwrap();
    let text = piped(&format!(
        "setoption name EvalFile value /nonexistent/net.bin\n\
         setoption name EvalFile value Cargo.toml\n\
         setoption name EvalFile value {}\n\
         isready\nposition startpos\ngo depth 2\n",
        path.display()
    ));
    std::fs::remove_file(&path).unwrap();
    let said: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(said.len(), 3, "{text}");
    assert!(
        said[0].starts_with("info string EvalFile \"/nonexistent/net.bin\": "),
        "{text}"
    );
    assert!(
        said[1].contains("not a network file (no VDMNNUE1 header)"),
        "{text}"
    );
    assert!(
        said[2].contains("a correction fitted on other hand-written weights"),
        "{text}"
    );
    assert!(
        said.iter()
            .all(|l| l.ends_with("; the built-in network is used")),
        "{text}"
    );
    assert_eq!(answers(&text).len(), 1, "{text}");
}

/// An over-long unknown line is quoted by its start and its length, not echoed whole.
#[test]
fn an_over_long_line_is_quoted_shortened() {
    let junk = "z".repeat(100_000);
    let text = piped(&format!("{junk}\nisready\n"));
    let said = text.lines().next().unwrap();
    assert!(
        said.starts_with("info string unknown command \"zzz"),
        "{said}"
    );
    assert!(said.ends_with("\"... (100000 characters)"), "{said}");
    assert!(said.len() < 200, "{} characters", said.len());
    assert!(text.ends_with("readyok\n"), "{text}");
}

/// `analyse` prints each completed depth as it goes, one line each: on stdout for text, on
/// stderr beside `--json`.
#[test]
fn analyse_prints_each_depth_as_it_goes() {
    let o = common::cli::vdmchess(&["analyse", "--depth", "4"]);
    let out = String::from_utf8(o.stdout).unwrap();
    let depths: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(depths.len(), 4, "{out}");
    for (i, l) in depths.iter().enumerate() {
        assert!(l.starts_with(&format!("info depth {} ", i + 1)), "{l}");
        assert!(l.contains(" pv 1. "), "{l}");
    }
    let o = common::cli::vdmchess(&["analyse", "--depth", "3", "--json"]);
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(
        err.lines().filter(|l| l.starts_with("info depth")).count(),
        3,
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["depth"], 3);
}

/// Ctrl-C (SIGINT) stops `analyse`: it prints the last completed depth's result and exits
/// with 130.
#[cfg(unix)]
#[test]
fn analyse_on_ctrl_c_prints_the_last_result_and_exits_130() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vdmchess"))
        .args(["analyse", "--depth", "99", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    // Wait for a completed depth, then interrupt.
    let first = lines.next().unwrap().unwrap();
    assert!(first.starts_with("info depth 1 "), "{first}");
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let last_depth = rest.last().map_or(1, |l| {
        l.split_whitespace().nth(2).unwrap().parse::<u64>().unwrap()
    });
    assert_eq!(v["depth"], last_depth);
    assert!(v["bestmove"].is_string());
}
