//! Time management: how long to think about one move.
//!
//! From the UCI `go` parameters ([`Limits`]) and the `Move Overhead` option, [`allocate`]
//! gives two limits:
//!
//! - the **soft** limit: once an iteration of the iterative deepening ends past it, no new one
//!   starts (the next would rarely finish in time);
//! - the **hard** limit: the search is stopped wherever it is (a move is always ready, the
//!   best of the last iteration).
//!
//! With a clock: the move's *target* is the time left, less the overhead, shared over the moves
//! to go (the given `movestogo`, else [`DEFAULT_MOVES_TO_GO`]), plus three quarters of the
//! increment; the soft limit is [`SOFT_SHARE`] of the target, the hard limit a few times the
//! target, but never more than [`HARD_SHARE`] of what is left, so the clock can never run out
//! on one move. `movetime` is used whole, less the overhead (both limits).
//!
//! With a clock, the soft limit is then stretched or shrunk after each iteration by
//! [`soft_scale`] (the search's `adaptive_time`): a search whose best move has stood for
//! iterations, took most of the root's nodes and kept its score stops early; one whose best
//! move just changed, shares the nodes with its rivals or whose score fell goes on. It never
//! goes past the hard limit.

use std::time::Duration;

use super::Limits;
use crate::types::Color;

/// How many moves a clock without `movestogo` is shared over.
pub const DEFAULT_MOVES_TO_GO: u32 = 26;

/// The largest share of the time left that one move may take (hard limit), in percent.
pub const HARD_SHARE: u32 = 35;

/// How many times the move's target time the hard limit may be.
pub const HARD_OVER_SOFT: u32 = 4;

/// The soft limit's share of the move's target time, in percent.
pub const SOFT_SHARE: u32 = 60;

/// The default `Move Overhead`: time lost per move outside the search (the GUI, the pipes).
pub const DEFAULT_OVERHEAD: Duration = Duration::from_millis(30);

/// The time limits of one search; `None` means unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration after this (see the module docs).
    pub soft: Option<Duration>,
    /// Stop at once after this.
    pub hard: Option<Duration>,
    /// Whether [`soft_scale`] may move the soft limit (a clock's budget; a `movetime` is
    /// used whole).
    pub adaptive: bool,
}

/// What the iterations so far say about how settled a search is: [`soft_scale`]'s input.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// How many iterations in a row have ended with the best move of the one before (0: it
    /// has just changed).
    pub stability: u32,
    /// How far the score fell since the iteration before, in centipawns (negative: it rose).
    pub score_drop: i32,
    /// The best move's share of the nodes searched at the root so far, 0 to 1.
    pub best_share: f64,
}

/// The most [`soft_scale`] gives (the least is 0.75 · 0.75 · 0.9, a little above a half).
pub const SOFT_SCALE_MAX: f64 = 2.5;

/// How much the soft limit is stretched (above 1) or shrunk (below 1) for a search at
/// `progress`: the product of three factors,
///
/// - stability: 1.5 when the best move has just changed, 0.15 less for each iteration it has
///   stood, down to 0.75;
/// - the best move's share of the root's nodes: 1.75 less the share, at most 1.5 (a move
///   whose rivals were refuted at once is clear; one they kept busy is not);
/// - a falling score: 1 plus a two-hundredth per centipawn lost, within 0.9 to 1.5;
///
/// at most [`SOFT_SCALE_MAX`].
///
/// ```
/// use vdmchess::search::time::{soft_scale, Progress};
/// let settled = Progress { stability: 6, score_drop: 0, best_share: 0.9 };
/// let unsettled = Progress { stability: 0, score_drop: 60, best_share: 0.4 };
/// assert!(soft_scale(&settled) < 0.75);
/// assert!(soft_scale(&unsettled) > 2.0);
/// ```
#[must_use]
pub fn soft_scale(progress: &Progress) -> f64 {
    let stability = 1.5 - 0.15 * f64::from(progress.stability.min(5));
    let share = (1.75 - progress.best_share.clamp(0.0, 1.0)).min(1.5);
    let fall = (1.0 + f64::from(progress.score_drop) / 200.0).clamp(0.9, 1.5);
    (stability * share * fall).min(SOFT_SCALE_MAX)
}

/// The least time a search is given: enough for the first iterations.
const MIN_TIME: Duration = Duration::from_millis(1);

/// The limits for the side `turn` under `limits` (see the module docs).
///
/// ```
/// use std::time::Duration;
/// use vdmchess::search::{time::allocate, Limits};
/// use vdmchess::Color;
/// let limits = Limits {
///     wtime: Some(Duration::from_secs(60)),
///     winc: Some(Duration::from_secs(1)),
///     ..Limits::default()
/// };
/// let b = allocate(&limits, Color::White, Duration::from_millis(30));
/// let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
/// assert!(soft < hard && hard < Duration::from_secs(21));
/// assert!(soft > Duration::from_secs(1) && soft < Duration::from_secs(3));
/// ```
#[must_use]
pub fn allocate(limits: &Limits, turn: Color, overhead: Duration) -> Budget {
    if limits.infinite {
        return Budget {
            soft: None,
            hard: None,
            adaptive: false,
        };
    }
    if let Some(t) = limits.movetime {
        let t = t.saturating_sub(overhead).max(MIN_TIME);
        return Budget {
            soft: Some(t),
            hard: Some(t),
            adaptive: false,
        };
    }
    let (time, inc) = match turn {
        Color::White => (limits.wtime, limits.winc),
        Color::Black => (limits.btime, limits.binc),
    };
    let Some(time) = time else {
        return Budget {
            soft: None,
            hard: None,
            adaptive: false,
        };
    };
    let inc = inc.unwrap_or_default();
    let left = time.saturating_sub(overhead);
    let moves = limits
        .movestogo
        .map_or(DEFAULT_MOVES_TO_GO, |m| m.clamp(1, 60));
    let cap = left * HARD_SHARE / 100;
    // With few moves to the next time control the share may be larger, but never the whole.
    let target = (left / moves + inc * 3 / 4).min(cap);
    let hard = (target * HARD_OVER_SOFT).min(cap);
    // An iteration takes a few times the one before: one started past this share of the
    // target would rarely finish before it.
    let soft = target * SOFT_SHARE / 100;
    Budget {
        soft: Some(soft.max(MIN_TIME)),
        hard: Some(hard.max(MIN_TIME)),
        adaptive: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64) -> Limits {
        Limits {
            wtime: Some(Duration::from_millis(ms)),
            btime: Some(Duration::from_millis(ms)),
            winc: Some(Duration::from_millis(inc)),
            binc: Some(Duration::from_millis(inc)),
            ..Limits::default()
        }
    }

    #[test]
    fn never_more_than_a_share_of_what_is_left() {
        let o = DEFAULT_OVERHEAD;
        for (ms, inc) in [
            (10_000, 100),
            (1_000, 10),
            (200, 10),
            (50, 10),
            (31, 0),
            (5, 0),
        ] {
            for movestogo in [None, Some(1), Some(2), Some(40)] {
                let mut l = clock(ms, inc);
                l.movestogo = movestogo;
                let b = allocate(&l, Color::Black, o);
                let left = Duration::from_millis(ms).saturating_sub(o);
                let hard = b.hard.unwrap();
                assert!(
                    hard <= (left * HARD_SHARE / 100).max(MIN_TIME),
                    "{ms}+{inc} {movestogo:?}: {hard:?}"
                );
                assert!(b.soft.unwrap() <= hard);
            }
        }
    }

    #[test]
    fn movetime_less_overhead_and_infinite_unlimited() {
        let l = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let b = allocate(&l, Color::White, Duration::from_millis(30));
        assert_eq!(b.hard, Some(Duration::from_millis(970)));
        let inf = Limits {
            infinite: true,
            ..clock(1000, 0)
        };
        assert_eq!(allocate(&inf, Color::White, DEFAULT_OVERHEAD).hard, None);
        assert_eq!(
            allocate(&Limits::default(), Color::White, DEFAULT_OVERHEAD).hard,
            None
        );
    }

    #[test]
    fn only_a_clock_is_scaled_by_progress() {
        let movetime = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        assert!(!allocate(&movetime, Color::White, DEFAULT_OVERHEAD).adaptive);
        assert!(allocate(&clock(10_000, 100), Color::White, DEFAULT_OVERHEAD).adaptive);
        assert!(!allocate(&Limits::default(), Color::White, DEFAULT_OVERHEAD).adaptive);
    }

    #[test]
    fn unsettled_searches_think_longer() {
        let p = |stability, score_drop, best_share| Progress {
            stability,
            score_drop,
            best_share,
        };
        let base = soft_scale(&p(2, 0, 0.6));
        // The best move standing longer, taking more of the nodes, the score rising: shorter.
        assert!(soft_scale(&p(3, 0, 0.6)) < base);
        assert!(soft_scale(&p(2, 0, 0.8)) < base);
        assert!(soft_scale(&p(2, -30, 0.6)) < base);
        // A new best move, a smaller share, a falling score: longer.
        assert!(soft_scale(&p(0, 0, 0.6)) > base);
        assert!(soft_scale(&p(2, 0, 0.3)) > base);
        assert!(soft_scale(&p(2, 50, 0.6)) > base);
        // Stability counts up to five iterations; the extremes stay in the range.
        assert_eq!(soft_scale(&p(5, 0, 0.6)), soft_scale(&p(50, 0, 0.6)));
        assert!((soft_scale(&p(50, -500, 1.0)) - 0.75 * 0.75 * 0.9).abs() < 1e-12);
        assert_eq!(soft_scale(&p(0, 500, 0.0)), SOFT_SCALE_MAX);
    }

    #[test]
    fn the_side_to_move_uses_its_own_clock() {
        let l = Limits {
            wtime: Some(Duration::from_secs(100)),
            btime: Some(Duration::from_secs(1)),
            ..Limits::default()
        };
        let w = allocate(&l, Color::White, DEFAULT_OVERHEAD).soft.unwrap();
        let b = allocate(&l, Color::Black, DEFAULT_OVERHEAD).soft.unwrap();
        assert!(w > b * 50);
    }
}
