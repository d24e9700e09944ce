//! The PGN replay runner behind `vdmchess replay`, generic over the port.
//!
//! Streams PGN (plain, `.zst`, `.gz`, or standard input), replays every game's mainline over
//! any implementation of [`Rules`](crate::Rules) ([`Single`]), or over two in lock step
//! ([`Lockstep`]), and reports per game what happened and where it went wrong
//! ([`GameReport`]). Memory stays bounded whatever the file size: games are read one at a
//! time, and with `--jobs N` at most a fixed number of chunks is in flight.
//!
//! Game boundaries follow the PGN standard (as pgn-reader and pgn-extract read it): a blank
//! line inside a game's movetext does not end the game.
//!
//! ```
//! use vdmchess::core::Chess;
//! use vdmchess::runner::{replay_reader, Options, Single};
//! let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let mut reports = Vec::new();
//! replay_reader::<Single<Chess>, _>(pgn.as_bytes(), "mate.pgn", &Options::default(), &mut |r| {
//!     reports.push(r)
//! })
//! .unwrap();
//! assert_eq!(reports[0].plies, 7);
//! assert_eq!(reports[0].status, vdmchess::Status::Checkmate);
//! ```
//!
//! Any type that implements the port can be replayed, a user's own move generator included;
//! here a wrapper around the core that counts the moves it is asked to play:
//!
//! ```
//! use std::sync::atomic::{AtomicUsize, Ordering};
//! use vdmchess::core::Chess;
//! use vdmchess::runner::{replay_reader, Options, Single};
//! use vdmchess::{CastlingMode, Color, Move, Piece, Role, Rules, Setup, SetupError, Square};
//!
//! static PLAYED: AtomicUsize = AtomicUsize::new(0);
//!
//! #[derive(Clone)]
//! struct Counting(Chess);
//!
//! impl Rules for Counting {
//!     fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Self, SetupError> {
//!         Chess::from_setup(setup, mode).map(Counting)
//!     }
//!     fn to_setup(&self) -> Setup { self.0.to_setup() }
//!     fn castling_mode(&self) -> CastlingMode { self.0.castling_mode() }
//!     fn turn(&self) -> Color { self.0.turn() }
//!     fn piece_at(&self, sq: Square) -> Option<Piece> { self.0.piece_at(sq) }
//!     fn legal_moves_into(&self, out: &mut Vec<Move>) { self.0.legal_moves_into(out) }
//!     fn play_unchecked(&mut self, m: &Move) {
//!         PLAYED.fetch_add(1, Ordering::Relaxed);
//!         self.0.play_unchecked(m)
//!     }
//!     fn is_check(&self) -> bool { self.0.is_check() }
//!     fn halfmove_clock(&self) -> u32 { self.0.halfmove_clock() }
//!     fn repetition_count(&self) -> usize { self.0.repetition_count() }
//!     fn is_insufficient_material(&self) -> bool { self.0.is_insufficient_material() }
//! }
//!
//! let pgn = "1. d4 d5 2. c4 e6 *\n\n1. e4 c5 *\n";
//! let mut plies = Vec::new();
//! replay_reader::<Single<Counting>, _>(pgn.as_bytes(), "two.pgn", &Options::default(), &mut |r| {
//!     plies.push(r.plies)
//! })
//! .unwrap();
//! assert_eq!(plies, [4, 2]);
//! assert_eq!(PLAYED.load(Ordering::Relaxed), 6);
//! ```

pub mod chunk;
pub mod export;
pub mod input;
pub mod movetext;
pub mod replay;
pub mod report;
pub mod visitor;

use std::collections::BTreeMap;
use std::io::{self, Cursor, Read};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;

use crate::notation::pgn::{PgnReader, TextPos};

use crate::notation::san::SanMode;
use chunk::{join_limit, read_chunk, read_on, Chunk, ChunkGames, Chunker, Stitcher, CHUNK_BYTES};

pub use replay::{Lockstep, Replay, Single};
pub use report::{ErrorKind, GameReport, ReplayError, Summary};
pub use visitor::ReplayVisitor;

/// How to replay (which rules replay the moves is the type parameter of [`replay_reader`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Lenient (real-world PGN) or strict SAN.
    pub san_mode: SanMode,
    /// Worker threads; 1 replays on the calling thread.
    pub jobs: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            san_mode: SanMode::Lenient,
            jobs: 1,
        }
    }
}

/// Replays every game of `reader` (named `file` in the reports) over `P`, calling `sink`
/// with each game's report in file order.
///
/// `P` is [`Single<R>`](Single) to replay over one implementation `R` of the port (the core,
/// the model, or your own), or [`Lockstep<A, B>`](Lockstep) to replay over two and report
/// where they disagree.
///
/// # Errors
///
/// Only I/O errors of the input stop the run; a broken game is reported and the next one read.
pub fn replay_reader<P: Replay, R: Read + Send>(
    reader: R,
    file: &str,
    options: &Options,
    sink: &mut dyn FnMut(GameReport),
) -> io::Result<()> {
    if options.jobs <= 1 {
        let mut pgn = PgnReader::new(reader);
        let mut visitor = ReplayVisitor::<P>::new(file, 0, options.san_mode);
        while let Some(report) = pgn.read_game(&mut visitor)? {
            sink(report);
        }
        return Ok(());
    }
    replay_parallel::<P, R>(reader, file, options, sink)
}

/// A chunk read on its own, with its place in the stream.
type Done = (usize, Chunk, io::Result<ChunkGames<GameReport>>);

/// A stream for a run of parallel replay.
type Input<'r> = Box<dyn Read + Send + 'r>;

/// The stream, shared by the workers: each takes the next chunk itself.
struct Source<'r> {
    chunker: Chunker<Input<'r>>,
    /// The number of the next chunk.
    seq: usize,
    /// Buffers of chunks that are done with, from the calling thread.
    spares: Receiver<Vec<u8>>,
    /// The I/O error that ended the stream.
    error: Option<io::Error>,
    /// No more chunks are handed out (a game is to be read on one thread).
    stop: bool,
}

impl Source<'_> {
    fn next(&mut self) -> Option<(usize, Chunk)> {
        if self.error.is_some() || self.stop {
            return None;
        }
        while let Ok(buf) = self.spares.try_recv() {
            self.chunker.give_back(buf);
        }
        match self.chunker.next_chunk() {
            Ok(Some(chunk)) => {
                self.seq += 1;
                Some((self.seq - 1, chunk))
            }
            Ok(None) => None,
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}

/// `--jobs N`: `N` workers take turns at a [`Chunker`], which cuts the stream into chunks at
/// likely game starts (cheaply, without reading the games), and read and replay the chunks;
/// the calling thread takes the readings in file order, mends any wrong cut with a
/// [`Stitcher`] (see [`chunk`]), numbers the games and hands the reports to `sink`. A game
/// held back past the join limit is read on the calling thread, and the workers start again
/// after it.
fn replay_parallel<'r, P: Replay, R: Read + Send + 'r>(
    reader: R,
    file: &str,
    options: &Options,
    sink: &mut dyn FnMut(GameReport),
) -> io::Result<()> {
    let mut again = ReplayVisitor::<P>::new(file, 0, options.san_mode);
    let mut index = 0;
    let mut emit = |mut report: GameReport| {
        report.index = index;
        index += 1;
        sink(report);
    };
    let mut input: Input<'r> = Box::new(reader);
    let mut start = TextPos::START;
    loop {
        match parallel_run::<P>(input, start, file, options, &mut again, &mut emit)? {
            None => return Ok(()),
            Some((held, at, rest)) => {
                let (after, at) = read_on(held, at, rest, &mut again, &mut emit)?;
                input = Box::new(after);
                start = at;
            }
        }
    }
}

/// Replays `input` (which starts at `start`) in parallel up to its end, or up to a game
/// that was held back past the join limit: then returns that game's bytes, where it starts,
/// and the stream after them.
#[allow(clippy::type_complexity)]
fn parallel_run<'r, P: Replay>(
    input: Input<'r>,
    start: TextPos,
    file: &str,
    options: &Options,
    again: &mut ReplayVisitor<P>,
    emit: &mut dyn FnMut(GameReport),
) -> io::Result<Option<(Vec<u8>, TextPos, Input<'r>)>> {
    let jobs = options.jobs;
    let (done_tx, done_rx) = sync_channel::<Done>(jobs * 2);
    let (spare_tx, spare_rx) = sync_channel::<Vec<u8>>(jobs * 4);
    let source = Mutex::new(Source {
        chunker: Chunker::with_start(input, CHUNK_BYTES, start),
        seq: 0,
        spares: spare_rx,
        error: None,
        stop: false,
    });
    let limit = join_limit(CHUNK_BYTES);
    let mut pending: BTreeMap<usize, (Chunk, io::Result<ChunkGames<GameReport>>)> = BTreeMap::new();
    let (failure, held) = std::thread::scope(|scope| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let mode = options.san_mode;
            let source = &source;
            scope.spawn(move || worker::<P>(source, &done_tx, file, mode));
        }
        drop(done_tx);
        let mut stitcher = Stitcher::new();
        let mut next = 0;
        let mut failure = None;
        let mut held = None;
        for (seq, chunk, read) in done_rx {
            pending.insert(seq, (chunk, read));
            // Once a game is held back for the calling thread, the chunks are only kept.
            while held.is_none() {
                let Some((chunk, read)) = pending.remove(&next) else {
                    break;
                };
                next += 1;
                let pushed = read.and_then(|read| stitcher.push(chunk, read, again, emit));
                match pushed {
                    Ok(Some(buf)) => {
                        // When the spare queue is full, the buffer is dropped here.
                        let _ = spare_tx.try_send(buf);
                    }
                    Ok(None) => {}
                    Err(e) => failure = failure.or(Some(e)),
                }
                if stitcher.held_bytes() > limit {
                    held = stitcher.take_held();
                    if let Ok(mut source) = source.lock() {
                        source.stop = true;
                    }
                }
            }
        }
        if held.is_none() {
            stitcher.finish(emit);
        }
        (failure, held)
    });
    let source = source
        .into_inner()
        .map_err(|_| io::Error::other("a replay thread panicked"))?;
    if let Some(e) = failure.or(source.error) {
        return Err(e);
    }
    Ok(held.map(|(bytes, at)| {
        // The chunks handed out after the held game, in order, then the chunker's rest.
        let mut unread = Vec::new();
        for (chunk, _) in pending.into_values() {
            unread.extend_from_slice(&chunk.bytes);
        }
        let (buffered, src) = source.chunker.into_parts();
        unread.extend_from_slice(&buffered);
        let rest: Input<'r> = Box::new(Cursor::new(unread).chain(src));
        (bytes, at, rest)
    }))
}

fn worker<P: Replay>(
    source: &Mutex<Source<'_>>,
    done: &std::sync::mpsc::SyncSender<Done>,
    file: &str,
    mode: SanMode,
) {
    let mut visitor = ReplayVisitor::<P>::new(file, 0, mode);
    loop {
        let next = match source.lock() {
            Ok(mut source) => source.next(),
            Err(_) => return,
        };
        let Some((seq, chunk)) = next else {
            return;
        };
        let read = read_chunk(&chunk, &mut visitor);
        if done.send((seq, chunk, read)).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Yields its text, then fails.
    struct FailsAfter<'a>(&'a [u8]);

    impl Read for FailsAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// Accepts every token as a move: the runner's plumbing without any rules.
    #[derive(Clone)]
    struct AnyMove;

    impl Replay for AnyMove {
        fn start(_: &crate::Setup, _: crate::CastlingMode) -> Result<Self, String> {
            Ok(AnyMove)
        }
        fn play_san_move(
            &mut self,
            _: &[u8],
            _: SanMode,
        ) -> Result<Option<crate::Move>, replay::MoveFailure> {
            Ok(None)
        }
        fn play_san_canonical(
            &mut self,
            token: &[u8],
            _: SanMode,
        ) -> Result<String, replay::MoveFailure> {
            Ok(String::from_utf8_lossy(token).into_owned())
        }
        fn play_null(&mut self) -> Result<(), replay::MoveFailure> {
            Ok(())
        }
        fn fen(&self) -> String {
            String::new()
        }
        fn status(&self) -> crate::Status {
            crate::Status::Ongoing
        }
        fn claims(&self) -> Vec<crate::Claim> {
            Vec::new()
        }
    }

    #[test]
    fn an_input_error_ends_the_run_with_that_error_whatever_the_jobs() {
        let text = "[Event \"x\"]\n\n1. e4 e5 *\n\n".repeat(40_000);
        for jobs in [1, 2, 3] {
            let options = Options {
                jobs,
                ..Options::default()
            };
            let mut games = 0;
            let input = FailsAfter(text.as_bytes());
            let result = replay_reader::<AnyMove, _>(input, "f", &options, &mut |_| games += 1);
            let err = result.expect_err("the read error");
            assert_eq!(err.to_string(), "disk on fire", "jobs {jobs}");
            assert!(games < 40_000, "jobs {jobs}: {games}");
        }
    }
}
