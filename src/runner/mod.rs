//! The PGN replay runner behind `vdmchess replay`.
//!
//! Streams PGN (plain, `.zst`, `.gz`, or standard input), replays every game's mainline over
//! the core, the model, or both in lock step, and reports per game what happened and where it
//! went wrong ([`GameReport`]). Memory stays bounded whatever the file size: games are read one
//! at a time, and with `--jobs N` at most a fixed number of batches is in flight.
//!
//! Game boundaries follow the PGN standard (as pgn-reader and pgn-extract read it): a blank
//! line inside a game's movetext does not end the game.
//!
//! ```
//! use vdmchess::runner::{replay_reader, Options, RulesChoice};
//! let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let mut reports = Vec::new();
//! let options = Options { rules: RulesChoice::Core, ..Options::default() };
//! replay_reader(pgn.as_bytes(), "mate.pgn", &options, &mut |r| reports.push(r)).unwrap();
//! assert_eq!(reports[0].plies, 7);
//! assert_eq!(reports[0].status, vdmchess::Status::Checkmate);
//! ```

pub mod chunk;
pub mod input;
pub mod replay;
pub mod report;
pub mod visitor;

use std::collections::BTreeMap;
use std::io::{self, BufReader, Read};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};

use crate::core::Chess;
use crate::model::game::Game;
use crate::notation::pgn::PgnReader;

use crate::notation::san::SanMode;
use chunk::{read_chunk, Chunk, ChunkGames, Chunker, Stitcher};

pub use replay::{Lockstep, Replay, Single};
pub use report::{ErrorKind, GameReport, ReplayError, Summary};
pub use visitor::ReplayVisitor;

/// Which rule implementation replays the moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RulesChoice {
    /// The fast bitboard core.
    #[default]
    Core,
    /// The reference model (the executable specification).
    Model,
    /// Both in lock step; the first disagreement is reported as an error.
    Both,
}

/// How to replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The rule implementation.
    pub rules: RulesChoice,
    /// Lenient (real-world PGN) or strict SAN.
    pub san_mode: SanMode,
    /// Worker threads; 1 replays on the calling thread.
    pub jobs: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: RulesChoice::Core,
            san_mode: SanMode::Lenient,
            jobs: 1,
        }
    }
}

/// Replays every game of `reader` (named `file` in the reports), calling `sink` with each
/// game's report in file order.
///
/// # Errors
///
/// Only I/O errors of the input stop the run; a broken game is reported and the next one read.
pub fn replay_reader<R: Read + Send>(
    reader: R,
    file: &str,
    options: &Options,
    sink: &mut dyn FnMut(GameReport),
) -> io::Result<()> {
    match options.rules {
        RulesChoice::Core => replay_with::<Single<Chess>, R>(reader, file, options, sink),
        RulesChoice::Model => replay_with::<Single<Game>, R>(reader, file, options, sink),
        RulesChoice::Both => replay_with::<Lockstep<Game, Chess>, R>(reader, file, options, sink),
    }
}

fn replay_with<P: Replay, R: Read + Send>(
    reader: R,
    file: &str,
    options: &Options,
    sink: &mut dyn FnMut(GameReport),
) -> io::Result<()> {
    if options.jobs <= 1 {
        let mut pgn = PgnReader::new(BufReader::with_capacity(1 << 16, reader));
        let mut visitor = ReplayVisitor::<P>::new(file, 0, options.san_mode);
        while let Some(report) = pgn.read_game(&mut visitor)? {
            sink(report);
        }
        return Ok(());
    }
    replay_parallel::<P, R>(reader, file, options, sink)
}

/// A chunk and its place in the stream.
struct Batch {
    chunk: Chunk,
    seq: usize,
}

/// A chunk read on its own, numbered from 0 within it.
type Done = (usize, Chunk, io::Result<ChunkGames<GameReport>>);

/// `--jobs N`: a [`Chunker`] cuts the stream into chunks at likely game starts (cheaply,
/// without reading the games), `N` workers read and replay chunks, and the calling thread
/// takes them in file order, mends any wrong cut with a [`Stitcher`] (see [`chunk`]), numbers
/// the games and hands the reports to `sink`. At most `2N` chunks wait in each queue.
fn replay_parallel<P: Replay, R: Read + Send>(
    reader: R,
    file: &str,
    options: &Options,
    sink: &mut dyn FnMut(GameReport),
) -> io::Result<()> {
    let jobs = options.jobs;
    let (work_tx, work_rx) = sync_channel::<Batch>(jobs * 2);
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (done_tx, done_rx) = sync_channel::<Done>(jobs * 2);
    let (spare_tx, spare_rx) = sync_channel::<Vec<u8>>(jobs * 4);
    std::thread::scope(|scope| {
        let chunker = scope.spawn(move || -> io::Result<()> {
            let mut chunker = Chunker::new(reader);
            let mut seq = 0;
            loop {
                while let Ok(buf) = spare_rx.try_recv() {
                    chunker.give_back(buf);
                }
                let Some(chunk) = chunker.next_chunk()? else {
                    break;
                };
                if work_tx.send(Batch { chunk, seq }).is_err() {
                    break;
                }
                seq += 1;
            }
            Ok(())
        });
        for _ in 0..jobs {
            let work_rx = Arc::clone(&work_rx);
            let done_tx = done_tx.clone();
            let mode = options.san_mode;
            scope.spawn(move || worker::<P>(&work_rx, &done_tx, file, mode));
        }
        drop(done_tx);
        let mut pending: BTreeMap<usize, (Chunk, ChunkGames<GameReport>)> = BTreeMap::new();
        let mut stitcher = Stitcher::new();
        let mut again = ReplayVisitor::<P>::new(file, 0, options.san_mode);
        let mut next = 0;
        let mut index = 0;
        let mut emit = |mut report: GameReport| {
            report.index = index;
            index += 1;
            sink(report);
        };
        let mut failure = None;
        for (seq, chunk, read) in done_rx {
            match read {
                Ok(read) => {
                    pending.insert(seq, (chunk, read));
                }
                Err(e) => failure = failure.or(Some(e)),
            }
            while let Some((chunk, read)) = pending.remove(&next) {
                match stitcher.push(chunk, read, &mut again, &mut emit) {
                    Ok(Some(buf)) => {
                        // The chunker may be done already; then the buffer is dropped here.
                        let _ = spare_tx.try_send(buf);
                    }
                    Ok(None) => {}
                    Err(e) => failure = failure.or(Some(e)),
                }
                next += 1;
            }
        }
        stitcher.finish(&mut emit);
        let split_result = chunker
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the chunking thread panicked")));
        match failure {
            Some(e) => Err(e),
            None => split_result,
        }
    })
}

fn worker<P: Replay>(
    work: &Mutex<Receiver<Batch>>,
    done: &std::sync::mpsc::SyncSender<Done>,
    file: &str,
    mode: SanMode,
) {
    let mut visitor = ReplayVisitor::<P>::new(file, 0, mode);
    loop {
        let batch = match work.lock() {
            Ok(rx) => match rx.recv() {
                Ok(batch) => batch,
                Err(_) => return,
            },
            Err(_) => return,
        };
        let read = read_chunk(&batch.chunk.bytes, batch.chunk.start(), &mut visitor);
        if done.send((batch.seq, batch.chunk, read)).is_err() {
            return;
        }
    }
}
