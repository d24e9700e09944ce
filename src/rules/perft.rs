//! Perft over the port, written once for every implementation: the number of leaf nodes of
//! the legal move tree, for testing move generators (and Stockfish's `go perft` divide).
//!
//! The tree is walked with [`Rules::for_each_child`] and the last ply is counted in bulk with
//! [`Rules::legal_move_count`], which an implementation may answer without listing the moves
//! (the core adds up the sizes of its move groups), so no leaf move is played. [`perft_divide`] splits the count by first move; the `_threads`
//! variants share the work among threads.
//!
//! At depth 0 the tree is the root alone: one node, and no first move to divide by.

use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Move, Rules};

/// The perft depths the command line (`perft`, `perftree`, `diff`) and the engine's `go
/// perft` accept: 0, the root alone, to 32. A depth past the range is refused, not started:
/// from the start position perft 13 takes days on one core, and perft 14 no longer fits a
/// `u64`.
pub const PERFT_DEPTH: RangeInclusive<u32> = 0..=32;

/// The leaf count of the legal move tree `depth` plies below `pos` (1 at depth 0).
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::rules::perft;
/// use vdmchess::{CastlingMode, Rules, Setup};
/// let start = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
/// assert_eq!(perft(&start, 0), 1);
/// assert_eq!(perft(&start, 3), 8_902);
/// ```
#[must_use]
pub fn perft<R: Rules>(pos: &R, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count(),
        _ => {
            let mut nodes = 0;
            pos.for_each_child(|child| nodes += perft(child, depth - 1));
            nodes
        }
    }
}

/// The position after legal move `m`.
#[inline]
fn child<R: Rules>(pos: &R, m: &Move) -> R {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

/// Perft split by first move: [`perft_divide`] and [`perft_divide_threads`] return it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divide {
    /// Each legal move, in the order [`Rules::legal_moves`] gives them, with the leaf count
    /// below it; empty at depth 0.
    pub moves: Vec<(Move, u64)>,
    /// The leaf count of the whole tree: the sum of the moves' counts, or 1 at depth 0.
    pub nodes: u64,
}

/// Perft divided by the first move (Stockfish's `go perft` output).
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::rules::perft_divide;
/// use vdmchess::{CastlingMode, Rules, Setup};
/// let start = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
/// let divide = perft_divide(&start, 2);
/// assert_eq!((divide.moves.len(), divide.nodes), (20, 400));
/// assert!(divide.moves.iter().all(|&(_, n)| n == 20));
/// let root = perft_divide(&start, 0);
/// assert_eq!((root.moves.len(), root.nodes), (0, 1));
/// ```
#[must_use]
pub fn perft_divide<R: Rules>(pos: &R, depth: u32) -> Divide {
    divide_with(pos, depth, |child, depth| perft(child, depth))
}

/// [`perft_divide`] with each first move's count computed by [`perft_threads`].
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::rules::perft_divide_threads;
/// use vdmchess::{CastlingMode, Rules, Setup};
/// let start = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
/// assert_eq!(perft_divide_threads(&start, 3, 2).nodes, 8_902);
/// ```
#[must_use]
pub fn perft_divide_threads<R: Rules + Sync>(pos: &R, depth: u32, threads: usize) -> Divide {
    divide_with(pos, depth, |child, depth| {
        perft_threads(child, depth, threads)
    })
}

fn divide_with<R: Rules>(pos: &R, depth: u32, count: impl Fn(&R, u32) -> u64) -> Divide {
    if depth == 0 {
        return Divide {
            moves: Vec::new(),
            nodes: 1,
        };
    }
    let moves: Vec<(Move, u64)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m, count(&child(pos, &m), depth - 1)))
        .collect();
    let nodes = moves.iter().map(|&(_, n)| n).sum();
    Divide { moves, nodes }
}

/// Perft with the work shared among `threads` threads (at least 1); the result equals
/// [`perft`].
///
/// The positions two plies below the root (one ply for shallow searches) form a queue of
/// tasks, several hundred in a typical middle game, and each thread takes the next unclaimed
/// task: fine-grained enough that the threads finish together.
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::rules::perft_threads;
/// use vdmchess::{CastlingMode, Rules, Setup};
/// let start = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
/// assert_eq!(perft_threads(&start, 4, 2), 197_281);
/// ```
///
/// # Panics
///
/// If a worker thread panics (which the implementations of the port do not).
#[must_use]
pub fn perft_threads<R: Rules + Sync>(pos: &R, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || threads <= 1 {
        return perft(pos, depth);
    }
    let split = if depth >= 4 { 2 } else { 1 };
    let mut tasks = Vec::with_capacity(1024);
    descendants(pos, split, &mut tasks);
    let remaining = depth - split;
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut nodes = 0;
                    while let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
                        nodes += perft(task, remaining);
                    }
                    nodes
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("perft worker panicked"))
            .sum()
    })
}

/// Appends every position `plies` plies below `pos` (with repetitions: one per move path).
fn descendants<R: Rules>(pos: &R, plies: u32, out: &mut Vec<R>) {
    if plies == 0 {
        out.push(pos.clone());
        return;
    }
    for m in pos.legal_moves() {
        descendants(&child(pos, &m), plies - 1, out);
    }
}
