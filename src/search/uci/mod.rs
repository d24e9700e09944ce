//! The UCI protocol: `vdmchess uci` as GUIs, Stockfish's tools and python-chess's
//! `chess.engine` drive it. This module is the engine's state machine (the position, the
//! options, the book, the search running on its worker thread, the commands waiting for it);
//! [`protocol`] is the text (reading `go` and `setoption`, writing `info`, `bestmove`, `d`).
//!
//! [`run`] reads commands line by line on a thread of its own; a search runs on a worker
//! thread, so the engine answers `isready` at once even in the middle of a search, and
//! `stop` makes the worker print its `bestmove` at once. Every line written is flushed.
//!
//! Every `bestmove` comes from a completed search of at least depth 1, whatever stopped it
//! (`stop`, `quit`, a node or time limit already spent). The process ends when its output
//! closes (at once: nobody hears it), and at the end of its input: a search with a limit
//! (`depth`, `nodes`, `movetime`, a clock, `mate`) runs to it, one without (`go infinite`, a
//! bare `go`, one whose every limit was malformed) is stopped.
//!
//! What it understands:
//! - `uci` (identity, options, `uciok`), `isready` (`readyok`), `debug`, `register` (both
//!   accepted and ignored), `ucinewgame` (forgets the table and the move-ordering history),
//!   `quit`;
//! - `setoption name N [value V]` for the options listed by `uci`: `Hash` (MB), `OwnBook`,
//!   `BookFile` (opened when set: a file that cannot be read is reported then), `UCI_Chess960`
//!   (castling written king-takes-rook), `Move Overhead` (ms), `Ponder`, `Threads` (lazy
//!   SMP: helper threads sharing the transposition table), `SearchFeatures`
//!   (search features switched off or on, `improving,-singular_extensions`: for matches
//!   deciding a feature, [`SearchConfig::parse_changes`]), `EvalFile` (a network file as
//!   `examples/nnue.rs` writes it, used in place of the one built in; read when set, so a
//!   file that cannot be used is reported then, [`Network::open`]), `UCI_AnalyseMode`
//!   (analysis rather than play: the search starts from [`SearchConfig::analysis`];
//!   python-chess's `analyse` sets it, its `play` clears it);
//! - `position startpos|fen FEN [moves M ...]`: an illegal or unreadable move is reported by
//!   `info string` naming it, and the position stays at the last legal move; an unreadable or
//!   illegal FEN is reported and the position stays as it was;
//! - `go` with `searchmoves wtime btime winc binc movestogo depth nodes mate movetime
//!   infinite ponder` (a `searchmoves` move that is unreadable or illegal is reported and
//!   left out; the book is not used when `searchmoves` narrows the choice; a value that is
//!   missing, unreadable or out of range is dropped with an `info string` saying so, and the
//!   search uses the rest, see [`protocol::parse_go`]): exactly one
//!   `bestmove` per `go`, `bestmove (none)` when there is no legal move; after `go infinite`
//!   or `go ponder` the `bestmove` waits for `stop` or `ponderhit`; a `go` that comes while
//!   a search runs waits for its `bestmove` first (as Stockfish does; an infinite search is
//!   stopped), so commands may be piped in all at once;
//! - `go perft N`: the divide, exactly as `vdmchess perft --divide` prints it;
//! - `stop`, `ponderhit`;
//! - `d`: the board, its FEN, its key and the checkers, as Stockfish prints them.
//!
//! Anything else (an unknown command, a malformed line) is answered with `info string`
//! (quoting the input, shortened when long: [`protocol::quote`]) and ignored: bad input
//! never ends the engine. As the protocol asks, unknown words
//! before a known command are skipped (`joho isready` answers `readyok`).

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::book::Book;
use crate::core::{Chess, Position};
use crate::notation::fen::parse_fen;
use crate::notation::uci::UciMove;
use crate::rules::{perft_divide, Move, Rules};
use crate::setup::{CastlingMode, Setup};

use super::eval::network::Network;
use super::interface::{SearchConfig, Signals};
use super::search::Searcher;
use super::time::DEFAULT_OVERHEAD;

pub mod protocol;

use protocol::{
    bestmove_lines, display_lines, info_line, is_unbounded, parse_go, quote, split_option,
    GoCommand,
};

/// The default transposition table size, MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest `Hash` accepted, MB: the transposition table's largest size, as `vdmchess
/// analyse --hash` takes it.
pub const MAX_HASH_MB: usize = *super::tt::SIZE_MB.end();
/// The most `Threads` accepted.
pub const MAX_THREADS: usize = 64;
/// The largest `Move Overhead` accepted, ms.
pub const MAX_OVERHEAD_MS: u64 = 5000;

/// The commands the engine knows (used to skip unknown words before one).
const COMMANDS: [&str; 13] = [
    "uci",
    "d",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "perft",
];

/// Where the engine writes: shared by the reader and the worker, one whole line at a time.
#[derive(Debug)]
struct Output<W: Write>(Arc<Mutex<Sink<W>>>);

/// The writer, and the first write that failed, if one did.
#[derive(Debug)]
struct Sink<W> {
    w: W,
    failed: Option<std::io::Error>,
}

impl<W: Write> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output(Arc::clone(&self.0))
    }
}

impl<W: Write> Output<W> {
    fn new(w: W) -> Output<W> {
        Output(Arc::new(Mutex::new(Sink { w, failed: None })))
    }

    fn sink(&self) -> std::sync::MutexGuard<'_, Sink<W>> {
        match self.0.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// Writes `line` and a newline, flushed. Once a write has failed (the output closed:
    /// nobody hears the engine any more), nothing more is written, and [`run`] ends.
    fn line(&self, line: &str) {
        let mut s = self.sink();
        if s.failed.is_some() {
            return;
        }
        if let Err(e) = writeln!(s.w, "{line}").and_then(|()| s.w.flush()) {
            s.failed = Some(e);
        }
    }

    /// Whether a write has failed.
    fn closed(&self) -> bool {
        self.sink().failed.is_some()
    }

    /// The error of the write that failed, if one did.
    fn failed(&self) -> Option<std::io::Error> {
        let s = self.sink();
        s.failed
            .as_ref()
            .map(|e| std::io::Error::new(e.kind(), format!("writing the output: {e}")))
    }
}

/// A string option's value, `None` when it is empty or `<empty>` (what a GUI sends for the
/// `default <empty>` that `uci` lists).
fn given(value: Option<String>) -> Option<String> {
    value.filter(|v| !v.is_empty() && v != "<empty>")
}

/// The UCI options' values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// `Hash`, MB.
    pub hash_mb: usize,
    /// `OwnBook`: play from the book when it has the position.
    pub own_book: bool,
    /// `BookFile`: the Polyglot book's path.
    pub book_file: Option<String>,
    /// `UCI_Chess960`: castling written king-takes-rook.
    pub chess960: bool,
    /// `Move Overhead`.
    pub move_overhead: Duration,
    /// `Ponder`: whether the GUI may ask the engine to ponder (nothing changes inside).
    pub ponder: bool,
    /// `SearchFeatures`: the search's features switched on or off from the engine's
    /// configuration ([`SearchConfig::parse_changes`]), for matches of one feature against
    /// its absence; empty: all on.
    pub search_features: String,
    /// `Threads`: threads that search (lazy SMP, [`Searcher`]).
    pub threads: usize,
    /// `EvalFile`: the network file read in place of the one built in.
    pub eval_file: Option<String>,
    /// `UCI_AnalyseMode`: the GUI analyses rather than plays; the search then starts from
    /// [`SearchConfig::analysis`] instead of [`SearchConfig::full`].
    pub analyse_mode: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            own_book: false,
            book_file: None,
            chess960: false,
            move_overhead: DEFAULT_OVERHEAD,
            ponder: false,
            search_features: String::new(),
            threads: 1,
            eval_file: None,
            analyse_mode: false,
        }
    }
}

/// A search running on its worker thread.
#[derive(Debug)]
struct Worker {
    handle: JoinHandle<Searcher>,
    signals: Signals,
    /// `go infinite`, or a `go` with no limit at all: the search ends only by `stop`.
    unbounded: bool,
}

/// Where [`run`]'s commands come from: lines read by a thread of their own, so that a command
/// that waits for a search can still take `stop`, `quit`, `isready` and `ponderhit` meanwhile.
#[derive(Debug)]
struct Input {
    lines: Receiver<std::io::Result<String>>,
    /// Lines read while waiting for a search, to be handled after it, in order.
    pending: VecDeque<String>,
    /// The input has ended.
    ended: bool,
}

/// The engine's state between commands.
#[derive(Debug)]
pub struct Engine<W: Write + Send + 'static> {
    out: Output<W>,
    game: Chess,
    options: Options,
    /// The searcher, while no search runs (a running search owns it).
    searcher: Option<Searcher>,
    worker: Option<Worker>,
    /// The book `BookFile` opened, with its path.
    book: Option<(String, Book)>,
    /// The network `EvalFile` read (`None`: the one built in).
    network: Option<Arc<Network>>,
    /// The state of the generator that chooses among a position's book moves by weight.
    book_random: u64,
    /// The commands' source when driven by [`run`].
    input: Option<Input>,
    /// `quit` came while waiting for a search: the commands read before it are answered, every
    /// `go` by a depth-1 search only, and then the engine ends.
    quitting: bool,
}

/// Runs the protocol: reads commands from `input` until `quit` or its end, writing to
/// `output`.
///
/// # Errors
///
/// An error reading `input`; or the first write to `output` that failed (its reader gone,
/// kind [`BrokenPipe`](std::io::ErrorKind::BrokenPipe) for a closed pipe): nobody hears the
/// engine any more, so it ends then, its search stopped, whatever its input still says.
///
/// ```
/// let mut out = Vec::new();
/// // `Vec<u8>` is not shared between threads, so give the engine a writer that is.
/// let shared = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
/// struct W(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
/// impl std::io::Write for W {
///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
///     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
/// }
/// vdmchess::search::uci::run(&b"isready\nposition startpos moves e2e4\ngo depth 2\nquit\n"[..],
///     W(shared.clone())).unwrap();
/// out.extend_from_slice(&shared.lock().unwrap());
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("readyok\n"));
/// assert_eq!(text.matches("bestmove ").count(), 1);
/// ```
pub fn run<R: BufRead + Send + 'static, W: Write + Send + 'static>(
    mut input: R,
    output: W,
) -> std::io::Result<()> {
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || loop {
        // Bytes that are not UTF-8 are bad input like any other, not the end of the engine.
        let mut buf = Vec::new();
        let line = match input.read_until(b'\n', &mut buf) {
            Ok(0) => return,
            Ok(_) => Ok(String::from_utf8_lossy(&buf).trim_end().to_string()),
            Err(e) => Err(e),
        };
        let failed = line.is_err();
        if send.send(line).is_err() || failed {
            return;
        }
    });
    let mut engine = Engine::new(output);
    engine.input = Some(Input {
        lines,
        pending: VecDeque::new(),
        ended: false,
    });
    while let Some(input) = engine.input.as_mut() {
        let line = match input.pending.pop_front() {
            Some(line) => line,
            // After a `quit` read while waiting, the commands before it are still answered.
            None if input.ended || engine.quitting => break,
            None => match input.lines.recv_timeout(Duration::from_millis(50)) {
                Ok(line) => line.map_err(|e| {
                    std::io::Error::new(e.kind(), format!("reading the input: {e}"))
                })?,
                // A closed output ends the engine even while it waits for a command.
                Err(RecvTimeoutError::Timeout) => match engine.out.failed() {
                    Some(e) => return Err(e),
                    None => continue,
                },
                Err(RecvTimeoutError::Disconnected) => break,
            },
        };
        if !engine.command(&line) {
            return Ok(());
        }
        if let Some(e) = engine.out.failed() {
            return Err(e);
        }
    }
    // The end of the input is not `stop`: a piped script's last search runs to its limits,
    // unless nobody can read its `bestmove`.
    engine.wait();
    engine.out.failed().map_or(Ok(()), Err)
}

impl<W: Write + Send + 'static> Engine<W> {
    /// An engine at the start position with default options, writing to `output`.
    pub fn new(output: W) -> Engine<W> {
        Engine {
            out: Output::new(output),
            game: start_game(CastlingMode::Standard),
            options: Options::default(),
            searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
            worker: None,
            book: None,
            network: None,
            book_random: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0x9e37_79b9_7f4a_7c15, |d| d.as_nanos() as u64)
                | 1,
            input: None,
            quitting: false,
        }
    }

    /// The options' current values.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The current position.
    #[must_use]
    pub fn game(&self) -> &Chess {
        &self.game
    }

    /// Handles one line; `false` after `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(start) = words.iter().position(|w| COMMANDS.contains(w)) else {
            if !words.is_empty() {
                self.info(&format!("unknown command {}", quote(line.trim())));
            }
            return true;
        };
        if start > 0 {
            self.info(&format!(
                "ignoring unknown words {}",
                quote(&words[..start].join(" "))
            ));
        }
        let args = &words[start + 1..];
        match words[start] {
            "uci" => self.uci(),
            "debug" | "register" => {}
            "isready" => self.out.line("readyok"),
            "d" => {
                for l in display_lines(self.game.position()) {
                    self.out.line(&l);
                }
            }
            "setoption" => self.setoption(args),
            "ucinewgame" => {
                self.wait();
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
            }
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.finish(),
            "ponderhit" => {
                if let Some(w) = &self.worker {
                    w.signals.set_pondering(false);
                }
            }
            "quit" => {
                self.finish();
                return false;
            }
            // `perft` alone is not a command: it belongs after `go`.
            _ => self.info(&format!("unknown command {}", quote(line.trim()))),
        }
        true
    }

    fn info(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    fn uci(&self) {
        let o = Options::default();
        for line in [
            format!("id name vdmchess {}", env!("CARGO_PKG_VERSION")),
            "id author the vdmchess authors".to_string(),
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                o.hash_mb
            ),
            "option name OwnBook type check default false".to_string(),
            "option name BookFile type string default <empty>".to_string(),
            "option name UCI_Chess960 type check default false".to_string(),
            format!(
                "option name Move Overhead type spin default {} min 0 max {MAX_OVERHEAD_MS}",
                o.move_overhead.as_millis()
            ),
            "option name Ponder type check default false".to_string(),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            "option name SearchFeatures type string default <empty>".to_string(),
            "option name EvalFile type string default <empty>".to_string(),
            "option name UCI_AnalyseMode type check default false".to_string(),
            "uciok".to_string(),
        ] {
            self.out.line(&line);
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn finish(&mut self) {
        if let Some(w) = &self.worker {
            w.signals.stop();
        }
        self.join();
    }

    /// Lets the running search, if any, end by its own limits and waits for its `bestmove`,
    /// as Stockfish does when a command that needs the searcher comes during a search (`go`,
    /// `ucinewgame`, `setoption name Hash`, the end of the input): a script that sends
    /// `go depth 8` and the next `position` and `go` at once gets two full searches. A search
    /// that only `stop` can end (`go infinite`, a `go` with no limit, or `go ponder` before
    /// `ponderhit`) is stopped. Driven by [`run`], the engine meanwhile answers `isready` and
    /// takes `quit` (which stops the search waited for; the `go`s read before it are then
    /// answered at once); other lines wait their turn, in order.
    pub fn wait(&mut self) {
        loop {
            let Some(w) = &self.worker else {
                return;
            };
            if w.unbounded || w.signals.is_pondering() || self.quitting || self.out.closed() {
                w.signals.stop();
                break;
            }
            let Some(input) = self.input.as_mut().filter(|i| !i.ended) else {
                break;
            };
            if w.handle.is_finished() {
                break;
            }
            match input.lines.recv_timeout(Duration::from_millis(2)) {
                Ok(Ok(line)) => {
                    let word = line.split_whitespace().find(|w| COMMANDS.contains(w));
                    // A line read now comes after the command that waits, so it waits too
                    // (a `stop` is for the search that command starts); only `isready` and
                    // `quit` cannot wait.
                    match word {
                        Some("isready") => self.out.line("readyok"),
                        Some("quit") => self.quitting = true,
                        _ => input.pending.push_back(line),
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => input.ended = true,
            }
        }
        self.join();
    }

    /// Waits for the worker's `bestmove` and takes its searcher back.
    fn join(&mut self) {
        if let Some(w) = self.worker.take() {
            match w.handle.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    self.info("the search failed; a new searcher takes over");
                    self.searcher = Some(Searcher::new(self.options.hash_mb));
                }
            }
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        let (name, value) = match split_option(args) {
            Ok(nv) => nv,
            Err(e) => return self.info(&e),
        };
        let bool_value = |v: &Option<String>| match v.as_deref().map(str::to_ascii_lowercase) {
            Some(s) if s == "true" => Ok(true),
            Some(s) if s == "false" => Ok(false),
            _ => Err(format!(
                "option {name} takes true or false, not {}",
                v.as_deref().unwrap_or("nothing")
            )),
        };
        let number = |v: &Option<String>, max: u64| -> Result<u64, String> {
            v.as_deref()
                .and_then(|s| s.parse::<u64>().ok())
                .filter(|n| *n <= max)
                .ok_or_else(|| {
                    format!(
                        "option {name} takes a whole number up to {max}, not {}",
                        v.as_deref().unwrap_or("nothing")
                    )
                })
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "hash" => number(&value, MAX_HASH_MB as u64).and_then(|mb| {
                if mb == 0 {
                    return Err("option Hash takes at least 1 MB".to_string());
                }
                self.wait();
                match self.searcher.as_mut() {
                    Some(s) => {
                        s.resize_hash(mb as usize);
                        self.options.hash_mb = mb as usize;
                        Ok(())
                    }
                    None => Err("option Hash cannot change during a search; ignored".into()),
                }
            }),
            "ownbook" => bool_value(&value).map(|b| self.options.own_book = b),
            "bookfile" => self.set_book_file(value),
            "evalfile" => self.set_eval_file(value),
            "uci_chess960" => bool_value(&value).map(|b| self.options.chess960 = b),
            "ponder" => bool_value(&value).map(|b| self.options.ponder = b),
            "uci_analysemode" => bool_value(&value).map(|b| self.options.analyse_mode = b),
            "move overhead" => number(&value, MAX_OVERHEAD_MS)
                .map(|ms| self.options.move_overhead = Duration::from_millis(ms)),
            "threads" => number(&value, MAX_THREADS as u64).and_then(|n| {
                if n == 0 {
                    return Err("option Threads takes at least 1".to_string());
                }
                self.options.threads = n as usize;
                Ok(())
            }),
            "searchfeatures" => {
                let text = given(value).unwrap_or_default();
                SearchConfig::parse_changes(&text).map(|_| self.options.search_features = text)
            }
            _ => Err(format!("unknown option {name}")),
        };
        if let Err(e) = result {
            self.info(&e);
        }
    }

    fn castling_mode_for(&self, setup: &Setup) -> CastlingMode {
        if self.options.chess960 {
            CastlingMode::Chess960
        } else {
            setup.castling_mode_hint()
        }
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|w| *w == "moves");
        let (spec, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let setup = match spec.first().copied() {
            Some("startpos") if spec.len() == 1 => Setup::start(),
            Some("fen") if spec.len() > 1 => match parse_fen(&spec[1..].join(" ")) {
                Ok(s) => s,
                Err(e) => {
                    return self.info(&format!(
                        "invalid fen {}: {e}; the position is unchanged",
                        quote(&spec[1..].join(" "))
                    ))
                }
            },
            _ => {
                return self.info(&format!(
                    "malformed position command (expected startpos or fen FEN, then moves): {}; the position is unchanged",
                    quote(&args.join(" "))
                ))
            }
        };
        let mode = self.castling_mode_for(&setup);
        let mut game = match Chess::from_setup(&setup, mode) {
            Ok(g) => g,
            Err(e) => {
                return self.info(&format!(
                    "illegal position {}: {e}; the position is unchanged",
                    setup.to_fen()
                ))
            }
        };
        let mut buf = Vec::new();
        for text in moves {
            let played = UciMove::from_ascii(text.as_bytes())
                .map_err(|e| e.to_string())
                .and_then(|u| u.to_move_in(&game, &mut buf).map_err(|e| e.to_string()));
            match played {
                Ok(m) => game.play_unchecked(&m),
                Err(e) => {
                    self.info(&format!(
                        "illegal move {} in {}: {e}; the position stays at the last legal move",
                        quote(text),
                        game.to_setup().to_fen()
                    ));
                    break;
                }
            }
        }
        self.game = game;
    }

    /// `setoption name BookFile`: opens the book at once, so that a path that cannot be read
    /// is reported now (once) rather than at every `go`; the engine then has no book.
    fn set_book_file(&mut self, value: Option<String>) -> Result<(), String> {
        self.book = None;
        self.options.book_file = None;
        let Some(path) = given(value) else {
            return Ok(());
        };
        match Book::open(&path) {
            Ok(book) => {
                self.book = Some((path.clone(), book));
                self.options.book_file = Some(path);
                Ok(())
            }
            Err(e) => Err(format!("BookFile {}: {e}; no book is used", quote(&path))),
        }
    }

    /// `setoption name EvalFile`: reads the network at once ([`Network::open`]), so that a
    /// file that cannot be used is reported now; the engine then evaluates with the network
    /// built in. An empty value (or `<empty>`) goes back to that one.
    fn set_eval_file(&mut self, value: Option<String>) -> Result<(), String> {
        self.network = None;
        self.options.eval_file = None;
        let Some(path) = given(value) else {
            return Ok(());
        };
        match Network::open(&path) {
            Ok(net) => {
                self.network = Some(Arc::new(net));
                self.options.eval_file = Some(path);
                Ok(())
            }
            Err(e) => Err(format!(
                "EvalFile {}: {e}; the built-in network is used",
                quote(&path)
            )),
        }
    }

    /// The book's move for `pos`, when `OwnBook` is on: one of the position's entries in the
    /// Polyglot book opened by `BookFile`, chosen by weight (entries of weight 0 never).
    fn book_move(&mut self, pos: &Position) -> Option<Move> {
        self.book.as_ref()?;
        // xorshift64*: the choice needs spread, not secrecy.
        let mut x = self.book_random;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.book_random = x;
        let random = x.wrapping_mul(0x2545_f491_4f6c_dd1d);
        let (_, book) = self.book.as_ref()?;
        book.pick(pos, random).map(|e| e.mv)
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            return self.perft(&args[1..]);
        }
        self.wait();
        let GoCommand {
            mut limits,
            ponder,
            searchmoves,
            mut problems,
        } = parse_go(args);
        for text in &searchmoves {
            let read = UciMove::from_ascii(text.as_bytes()).map_err(|e| e.to_string());
            match read.and_then(|u| u.to_move(&self.game).map_err(|e| e.to_string())) {
                Ok(m) => limits.searchmoves.push(m),
                Err(e) => problems.push(format!("searchmoves: {} ignored: {e}", quote(text))),
            }
        }
        if !searchmoves.is_empty() && limits.searchmoves.is_empty() {
            problems.push("searchmoves names no legal move; every move is searched".into());
        }
        if !problems.is_empty() {
            self.info(&problems.join("; "));
        }
        let mode = self.game.castling_mode();
        let root = *self.game.position();
        let narrowed = !limits.searchmoves.is_empty();
        if self.options.own_book && !ponder && !limits.infinite && !narrowed {
            if let Some(m) = self.book_move(&root).filter(|m| root.is_legal(m)) {
                self.out.line(&format!("bestmove {}", m.to_uci(mode)));
                return;
            }
        }
        let keys = self.game.repetition_keys();
        let history = keys[..keys.len() - 1].to_vec();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.options.hash_mb));
        searcher.set_move_overhead(self.options.move_overhead);
        searcher.set_threads(self.options.threads);
        searcher.set_network(self.network.clone());
        let base = if self.options.analyse_mode {
            SearchConfig::analysis()
        } else {
            SearchConfig::full()
        };
        searcher.set_config(
            base.changed_by(&self.options.search_features)
                .unwrap_or(base),
        );
        let signals = Signals::new();
        signals.set_pondering(ponder);
        if self.quitting {
            // `quit` is waiting behind this `go`: it gets its `bestmove` from depth 1 only.
            signals.stop();
        }
        let worker_signals = signals.clone();
        let out = self.out.clone();
        let infinite = limits.infinite;
        let unbounded = is_unbounded(&limits);
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&root, &history, &limits, &worker_signals, &mut |i| {
                out.line(&info_line(i, mode));
            });
            // After `go infinite` or `go ponder`, the answer waits for `stop` or `ponderhit`.
            while (infinite || worker_signals.is_pondering()) && !worker_signals.is_stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            for line in bestmove_lines(&result, &root, mode) {
                out.line(&line);
            }
            searcher
        });
        self.worker = Some(Worker {
            handle,
            signals,
            unbounded,
        });
    }

    fn perft(&mut self, args: &[&str]) {
        let depth = match args {
            [d] => d
                .parse::<u32>()
                .ok()
                .filter(|d| crate::rules::PERFT_DEPTH.contains(d)),
            _ => None,
        };
        let Some(depth) = depth else {
            return self.info(&format!(
                "go perft takes one depth from {} to {}, not {}",
                crate::rules::PERFT_DEPTH.start(),
                crate::rules::PERFT_DEPTH.end(),
                quote(&args.join(" "))
            ));
        };
        self.wait();
        let mode = self.game.castling_mode();
        let divide = perft_divide(self.game.position(), depth);
        for (m, n) in &divide.moves {
            self.out.line(&format!("{}: {n}", m.to_uci(mode)));
        }
        self.out.line("");
        self.out.line(&format!("Nodes searched: {}", divide.nodes));
    }
}

impl<W: Write + Send + 'static> Drop for Engine<W> {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The standard start position.
fn start_game(mode: CastlingMode) -> Chess {
    Chess::from_position(Position::start(), mode)
}
