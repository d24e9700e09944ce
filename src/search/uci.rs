//! The UCI protocol: `vdmchess uci` as GUIs, Stockfish's tools and python-chess's
//! `chess.engine` drive it.
//!
//! [`run`] reads commands line by line on the calling thread; a search runs on a worker
//! thread, so the reader answers `isready` at once even in the middle of a search, and
//! `stop` makes the worker print its `bestmove` at once. Every line written is flushed.
//!
//! What it understands:
//! - `uci` (identity, options, `uciok`), `isready` (`readyok`), `debug`, `register` (both
//!   accepted and ignored), `ucinewgame` (forgets the table and the move-ordering history),
//!   `quit`;
//! - `setoption name N [value V]` for the options listed by `uci`: `Hash` (MB), `OwnBook`,
//!   `BookFile`, `UCI_Chess960` (castling written king-takes-rook), `Move Overhead` (ms),
//!   `Ponder`;
//! - `position startpos|fen FEN [moves M ...]`: an illegal or unreadable move is reported by
//!   `info string` naming it, and the position stays at the last legal move; an unreadable or
//!   illegal FEN is reported and the position stays as it was;
//! - `go` with `searchmoves wtime btime winc binc movestogo depth nodes mate movetime
//!   infinite ponder` (a `searchmoves` move that is unreadable or illegal is reported and
//!   left out; the book is not used when `searchmoves` narrows the choice): exactly one
//!   `bestmove` per `go`, `bestmove (none)` when there is no legal move; after `go infinite`
//!   or `go ponder` the `bestmove` waits for `stop` or `ponderhit`; a `go` that comes while
//!   a search runs waits for its `bestmove` first (as Stockfish does; an infinite search is
//!   stopped), so commands may be piped in all at once;
//! - `go perft N`: the divide, exactly as `vdmchess perft --divide` prints it;
//! - `stop`, `ponderhit`.
//!
//! Anything else (an unknown command, a malformed line) is answered with `info string`
//! and ignored: bad input never ends the engine. As the protocol asks, unknown words
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

use super::search::{Info, Limits, SearchResult, Searcher, Signals};
use super::time::DEFAULT_OVERHEAD;
use super::Score;

/// The default transposition table size, MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest `Hash` accepted, MB: the transposition table's largest size, as `vdmchess
/// analyse --hash` takes it.
pub const MAX_HASH_MB: usize = *super::tt::SIZE_MB.end();
/// The largest `Move Overhead` accepted, ms.
pub const MAX_OVERHEAD_MS: u64 = 5000;

/// The commands the engine knows (used to skip unknown words before one).
const COMMANDS: [&str; 12] = [
    "uci",
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
struct Output<W: Write>(Arc<Mutex<W>>);

impl<W: Write> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output(Arc::clone(&self.0))
    }
}

impl<W: Write> Output<W> {
    /// Writes `line` and a newline, flushed. A closed output is not an error worth dying
    /// for: the reader stops when its input closes.
    fn line(&self, line: &str) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
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
    /// The book last opened, with the path it was opened from.
    book: Option<(String, Book)>,
    /// The state of the generator that chooses among a position's book moves by weight.
    book_random: u64,
    /// The commands' source when driven by [`run`].
    input: Option<Input>,
    /// `quit` came while waiting for a search: the commands read before it are answered, every
    /// `go` at once without a search, and then the engine ends.
    quitting: bool,
}

/// Runs the protocol: reads commands from `input` until `quit` or its end, writing to
/// `output`.
///
/// # Errors
///
/// An error reading `input`.
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
            None => match input.lines.recv() {
                Ok(line) => line?,
                Err(_) => break,
            },
        };
        if !engine.command(&line) {
            return Ok(());
        }
    }
    // The end of the input is not `stop`: a piped script's last search runs to its limits.
    engine.wait();
    Ok(())
}

impl<W: Write + Send + 'static> Engine<W> {
    /// An engine at the start position with default options, writing to `output`.
    pub fn new(output: W) -> Engine<W> {
        Engine {
            out: Output(Arc::new(Mutex::new(output))),
            game: start_game(CastlingMode::Standard),
            options: Options::default(),
            searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
            worker: None,
            book: None,
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
                self.info(&format!("unknown command: {}", line.trim()));
            }
            return true;
        };
        if start > 0 {
            self.info(&format!(
                "ignoring unknown words: {}",
                words[..start].join(" ")
            ));
        }
        let args = &words[start + 1..];
        match words[start] {
            "uci" => self.uci(),
            "debug" | "register" => {}
            "isready" => self.out.line("readyok"),
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
            _ => self.info(&format!("unknown command: {}", line.trim())),
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
            if w.unbounded || w.signals.is_pondering() || self.quitting {
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
            "bookfile" => {
                self.options.book_file = value.filter(|v| !v.is_empty() && v != "<empty>");
                Ok(())
            }
            "uci_chess960" => bool_value(&value).map(|b| self.options.chess960 = b),
            "ponder" => bool_value(&value).map(|b| self.options.ponder = b),
            "move overhead" => number(&value, MAX_OVERHEAD_MS)
                .map(|ms| self.options.move_overhead = Duration::from_millis(ms)),
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
                        "invalid fen {:?}: {e}; the position is unchanged",
                        spec[1..].join(" ")
                    ))
                }
            },
            _ => {
                return self.info(&format!(
                    "malformed position command (expected startpos or fen FEN, then moves): {}; the position is unchanged",
                    args.join(" ")
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
                        "illegal move {text} in {}: {e}; the position stays at the last legal move",
                        game.to_setup().to_fen()
                    ));
                    break;
                }
            }
        }
        self.game = game;
    }

    /// The book's move for `pos`, when `OwnBook` is on: one of the position's entries in the
    /// Polyglot book `BookFile`, chosen by weight (entries of weight 0 never). The book is
    /// opened on first use and again when `BookFile` changes; a book that cannot be read is
    /// reported with `info string` and the engine searches instead.
    fn book_move(&mut self, pos: &Position) -> Option<Move> {
        let path = self.options.book_file.clone()?;
        if self.book.as_ref().map(|(p, _)| p) != Some(&path) {
            match Book::open(&path) {
                Ok(book) => self.book = Some((path, book)),
                Err(e) => {
                    self.book = None;
                    self.info(&format!("book not used: {e}"));
                    return None;
                }
            }
        }
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
                Err(e) => problems.push(format!("searchmoves: {text} ignored: {e}")),
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
        let signals = Signals::new();
        signals.set_pondering(ponder);
        if self.quitting {
            // `quit` is waiting behind this `go`: it gets its `bestmove` without a search.
            signals.stop();
        }
        let worker_signals = signals.clone();
        let out = self.out.clone();
        let infinite = limits.infinite;
        let unbounded = infinite
            || (limits.depth.is_none()
                && limits.nodes.is_none()
                && limits.movetime.is_none()
                && limits.mate.is_none()
                && limits.wtime.is_none()
                && limits.btime.is_none());
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
                "go perft takes one depth from {} to {}, not {:?}",
                crate::rules::PERFT_DEPTH.start(),
                crate::rules::PERFT_DEPTH.end(),
                args.join(" ")
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

/// `name N... [value V...]` of `setoption`, each part rejoined with single spaces.
fn split_option(args: &[&str]) -> Result<(String, Option<String>), String> {
    if args.first() != Some(&"name") || args.len() < 2 {
        return Err(format!(
            "malformed setoption (expected name N [value V]): {}",
            args.join(" ")
        ));
    }
    let value_at = args.iter().position(|w| *w == "value");
    let name_end = value_at.unwrap_or(args.len());
    if name_end <= 1 {
        return Err("setoption without an option name".to_string());
    }
    let name = args[1..name_end].join(" ");
    let value = value_at.map(|i| args[i + 1..].join(" "));
    Ok((name, value))
}

/// A `go` command read: its limits, whether it is `go ponder`, and what could not be read
/// (the rest is used).
#[derive(Debug)]
struct GoCommand {
    limits: Limits,
    ponder: bool,
    /// The words after `searchmoves`, as written (read against the position by `go`).
    searchmoves: Vec<String>,
    problems: Vec<String>,
}

/// The parameter names of `go` (`perft` is handled before).
const GO_PARAMETERS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// The limits of a `go` command, and whether it is `go ponder`.
fn parse_go(args: &[&str]) -> GoCommand {
    let mut limits = Limits::default();
    let mut ponder = false;
    let mut searchmoves = Vec::new();
    let mut problems = Vec::new();
    let mut i = 0;
    let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
    while i < args.len() {
        let word = args[i];
        let value = args.get(i + 1).and_then(|v| v.parse::<i64>().ok());
        let takes_value = matches!(
            word,
            "wtime"
                | "btime"
                | "winc"
                | "binc"
                | "movestogo"
                | "depth"
                | "nodes"
                | "mate"
                | "movetime"
        );
        if takes_value {
            match value {
                Some(v) => match word {
                    "wtime" => limits.wtime = Some(ms(v)),
                    "btime" => limits.btime = Some(ms(v)),
                    "winc" => limits.winc = Some(ms(v)),
                    "binc" => limits.binc = Some(ms(v)),
                    "movetime" => limits.movetime = Some(ms(v)),
                    "movestogo" => limits.movestogo = Some(v.clamp(0, 1000) as u32),
                    "depth" => limits.depth = Some(v.clamp(1, 1000) as u32),
                    "nodes" => limits.nodes = Some(v.max(1) as u64),
                    _ => limits.mate = Some(v.clamp(1, 1000) as u32),
                },
                None => problems.push(format!(
                    "go {word} needs a number, not {:?}",
                    args.get(i + 1).copied().unwrap_or("")
                )),
            }
            i += if value.is_some() { 2 } else { 1 };
            continue;
        }
        match word {
            "infinite" => limits.infinite = true,
            "ponder" => ponder = true,
            "searchmoves" => {
                // The moves run to the next parameter name.
                while i + 1 < args.len() && !GO_PARAMETERS.contains(&args[i + 1]) {
                    searchmoves.push(args[i + 1].to_string());
                    i += 1;
                }
            }
            other => problems.push(format!("unknown go parameter {other}")),
        }
        i += 1;
    }
    GoCommand {
        limits,
        ponder,
        searchmoves,
        problems,
    }
}

/// The `info` line of a completed iteration.
#[must_use]
pub fn info_line(i: &Info, mode: CastlingMode) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} hashfull {} time {}",
        i.depth,
        i.seldepth,
        i.score,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time.as_millis()
    );
    if !i.pv.is_empty() {
        line.push_str(" pv");
        for m in &i.pv {
            line.push(' ');
            line.push_str(&m.to_uci(mode));
        }
    }
    line
}

/// The final lines of a search: `bestmove M [ponder P]`, or, with no legal move, the score
/// of the root (mated or stalemated) and `bestmove (none)`.
fn bestmove_lines(result: &SearchResult, root: &Position, mode: CastlingMode) -> Vec<String> {
    match result.best {
        Some(m) => {
            let mut line = format!("bestmove {}", m.to_uci(mode));
            if let Some(p) = result.ponder {
                line.push_str(&format!(" ponder {}", p.to_uci(mode)));
            }
            vec![line]
        }
        None => {
            let score = if root.is_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            };
            vec![
                format!("info depth 0 score {score}"),
                "bestmove (none)".to_string(),
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters_are_read() {
        let go = parse_go(&[
            "wtime",
            "1000",
            "btime",
            "-50",
            "winc",
            "10",
            "movestogo",
            "5",
            "ponder",
        ]);
        assert!(go.problems.is_empty());
        assert_eq!(go.limits.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(go.limits.btime, Some(Duration::ZERO));
        assert_eq!(go.limits.movestogo, Some(5));
        assert!(go.ponder);
        let go = parse_go(&["depth", "x", "infinite"]);
        assert!(go.problems[0].contains("depth"));
        assert!(go.limits.infinite);
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            split_option(&["name", "Move", "Overhead", "value", "100"]).unwrap(),
            ("Move Overhead".to_string(), Some("100".to_string()))
        );
        assert_eq!(
            split_option(&["name", "BookFile", "value", "my", "book.bin"]).unwrap(),
            ("BookFile".to_string(), Some("my book.bin".to_string()))
        );
        assert!(split_option(&["value", "3"]).is_err());
    }
}
