//! Perft: the number of leaf nodes of the legal move tree, for testing move generators.
//!
//! The last ply is counted in bulk: the generator's move groups are added up by size
//! ([`super::movegen::MoveGroup::count`]) and no leaf move is played. [`perft_divide`] splits
//! the count by first move (Stockfish's `go perft` output); [`perft_threads`] splits the root
//! moves across threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::bitboard::{bit, Squares, BACK_RANKS};
use super::movegen::{count_legal, generate, kind_of, MoveGroup};
use super::position::Position;
use crate::rules::{Move, MoveKind};
use crate::types::Role;

/// The leaf count of the legal move tree `depth` plies below `pos` (1 at depth 0).
///
/// ```
/// use vdmchess::core::{perft::perft, Position};
/// assert_eq!(perft(&Position::start(), 3), 8902);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut nodes = 0;
            generate(pos, !0, !0, &mut |g| {
                nodes += perft_group(pos, g, depth - 1)
            });
            nodes
        }
    }
}

/// The leaf count below every move of one group, `depth` plies below the child positions.
#[inline]
fn perft_group(pos: &Position, g: MoveGroup, depth: u32) -> u64 {
    let mut nodes = 0;
    for to in Squares(g.to) {
        if g.role == Role::Pawn && BACK_RANKS & bit(to) != 0 {
            for p in Role::PROMOTIONS {
                let mut child = *pos;
                child.apply(Role::Pawn, g.from, to, MoveKind::Promotion(p));
                nodes += perft(&child, depth);
            }
        } else {
            let mut child = *pos;
            child.apply(g.role, g.from, to, kind_of(pos, g.role, to));
            nodes += perft(&child, depth);
        }
    }
    nodes
}

/// Perft split by first move: each legal move with the leaf count below it, in generation
/// order (`depth` 0 gives no moves; `depth` 1 gives 1 per move).
///
/// ```
/// use vdmchess::core::{perft::perft_divide, Position};
/// let divide = perft_divide(&Position::start(), 2);
/// assert_eq!(divide.len(), 20);
/// assert!(divide.iter().all(|&(_, n)| n == 20));
/// ```
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    perft_divide_threads(pos, depth, 1)
}

/// [`perft_divide`] with each root move's count computed by [`perft_threads`].
///
/// ```
/// use vdmchess::core::{perft::perft_divide_threads, Position};
/// let divide = perft_divide_threads(&Position::start(), 3, 2);
/// assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), 8_902);
/// ```
#[must_use]
pub fn perft_divide_threads(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = Vec::with_capacity(64);
    pos.legal_moves_into(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(&m);
            (m, perft_threads(&child, depth - 1, threads))
        })
        .collect()
}

/// Perft with the work shared among `threads` threads (at least 1); the result equals
/// [`perft`].
///
/// The positions two plies below the root (one ply for shallow searches) form a queue of
/// tasks, several hundred in a typical middle game, and each thread takes the next unclaimed
/// task: fine-grained enough that the threads finish together.
///
/// ```
/// use vdmchess::core::{perft::perft_threads, Position};
/// assert_eq!(perft_threads(&Position::start(), 4, 2), 197_281);
/// ```
#[must_use]
pub fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || threads <= 1 {
        return perft(pos, depth);
    }
    let split = if depth >= 4 { 2 } else { 1 };
    let mut tasks = Vec::with_capacity(1024);
    children(pos, split, &mut tasks);
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
fn children(pos: &Position, plies: u32, out: &mut Vec<Position>) {
    if plies == 0 {
        out.push(*pos);
        return;
    }
    let mut moves = Vec::with_capacity(64);
    pos.legal_moves_into(&mut moves);
    for m in &moves {
        let mut child = *pos;
        child.play_unchecked(m);
        children(&child, plies - 1, out);
    }
}
