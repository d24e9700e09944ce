//! The search: iterative deepening over a negamax principal-variation search.
//!
//! [`Searcher::search`] deepens one ply at a time, each iteration inside an *aspiration
//! window* around the last score (widened when the score falls outside), reporting an
//! [`Info`] after each completed iteration. Each node:
//!
//! 1. is a **draw** if the fifty-move rule applies (unless it is checkmate), neither side can
//!    mate, or its position occurred before, on the search path or in the game's history
//!    passed in (one earlier occurrence is enough inside the tree);
//! 2. narrows the window to the **mate distance** (no mate found here can beat one found
//!    nearer the root);
//! 3. is **extended** one ply when in check;
//! 4. hands over to the **quiescence search** at depth 0 (captures and queen promotions only,
//!    with the static evaluation as a floor, *stand pat*; every evasion when in check; with
//!    `quiescence_checks`, off by default, also its first ply's quiet checks);
//! 5. takes a **transposition table** cutoff when a deep enough stored bound decides it;
//! 6. tries **reverse futility** (the static evaluation beats beta by a margin at low depth)
//!    and **null-move pruning** (passing still fails high: not in check, not when the side to
//!    move has only pawns), then searches the moves in [`ordering`](super::ordering)'s order:
//!    the first with the full window, the rest with a null window (PVS), quiet late moves
//!    **reduced** (LMR, a logarithmic table) and at low depth **pruned** (futility, late-move
//!    pruning, and moves that lose material by static exchange: SEE pruning), re-searched
//!    when they surprise. Quiet moves are ordered by their history and *continuation
//!    history* (per the move one and two plies before); with an *improving* signal (the
//!    static evaluation better than two plies before), reverse futility uses one ply's less
//!    margin when it is true, and when it is false late-move pruning keeps half as many
//!    moves and reductions are one ply deeper; the table's move is *extended*
//!    one ply when a reduced search without it shows every other move falling well short
//!    (a singular extension), and the node is cut when even without it the search beats
//!    beta (multi-cut). With *correction history* (off by default) the static evaluation
//!    these steps compare is first corrected by what searches of positions with the same
//!    pawns returned compared with it ([`correction`](super::correction)).
//!
//! When the search stops inside an iteration, the move played is the last completed
//! iteration's best, or a root move that has since beaten it: one whose full-depth
//! null-window search failed high, even if its re-search with the full window was cut short
//! (`root_fail_high`).
//!
//! With `Threads` above 1, helper threads search the same root and share the table (lazy
//! SMP, see [`Searcher`]).
//!
//! Analysing ([`SearchConfig::analysis`]), no root move is reduced (`full_depth_root`), a
//! pawn's move to the seventh rank is searched a ply deeper (`seventh_rank_extension`), a
//! capture that leaves a pawn ending two plies deeper (`pawn_ending_extension`), a node
//! without a stored move is not reduced (`internal_reduction` off), and the quiescence search
//! tries the quiet checks (`quiescence_checks`): slower to a given depth, so play keeps its
//! own settings, but fewer key moves missed.
//!
//! [`SearchConfig`] switches the selective features (everything in 6 but PVS, the
//! quiescence's delta and SEE pruning, the check extension, the aspiration windows, and TT
//! cutoffs from deeper searches) on or off: with all off ([`SearchConfig::exact`]) the search
//! returns the exact minimax value of the tree the other steps define.
//!
//! The stop flag, the clock and the node limit are checked as the search goes (the clock
//! every 2048 nodes), but only once the first iteration is complete: whatever stops a search
//! (`stop`, `quit`, a node or time limit already spent), its best move comes from a completed
//! search of at least depth 1, never from the move list's order. Stopped in the middle of a
//! later iteration, the search keeps the best move found so far.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::core::chess::repetition_key;
use crate::core::Position;
use crate::rules::{Move, MoveKind};
use crate::types::{Color, Role, Square};

use super::correction::CorrectionHistory;
use super::eval::evaluate;
use super::eval::network::{AccumulatorStack, Network, NETWORK};
use super::ordering::{
    history_bonus, is_capture, is_quiet, pick, score_moves, score_noisy, CaptureHistory,
    ContinuationHistory, Histories, History, Killers, PieceTo, ScoredMove, TT_MOVE,
};
use super::see::{captured_value, see, see_ge, SEE_VALUES};
use super::time::{allocate, soft_scale, Budget, Progress, DEFAULT_OVERHEAD};
use super::tt::{score_from_tt, score_to_tt, Bound, TranspositionTable};
use super::{INFINITY, MATE, MATE_BOUND, MAX_PLY};

use super::interface::{Info, Limits, Score, SearchConfig, SearchResult, Signals};

/// How the search came to a node, and whether the side to move is in check there (known to
/// the caller, which has asked to order and prune its moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Came {
    /// The root; in check or not.
    Root(bool),
    /// A move; the side to move is in check or not.
    Move(bool),
    /// A null move (never in check: passing is only tried out of check).
    Null,
}

impl Came {
    fn in_check(self) -> bool {
        match self {
            Came::Root(c) | Came::Move(c) => c,
            Came::Null => false,
        }
    }
}

/// A move that is never played, filling unused slots of the PV table.
const NO_MOVE: Move = Move::normal(Square::new_masked(0), Square::new_masked(0));

/// Margin per ply of reverse futility pruning.
const REVERSE_FUTILITY_MARGIN: i32 = 85;
/// Futility: a quiet move is skipped when the static evaluation plus this base and this per
/// ply cannot reach alpha.
const FUTILITY_MARGIN: (i32, i32) = (90, 90);
/// The deepest remaining depth at which SEE pruning applies.
const SEE_PRUNING_DEPTH: i32 = 6;
/// SEE pruning: the least static exchange per ply of depth of a quiet move and of a capture.
const SEE_PRUNING_MARGIN: (i32, i32) = (-50, -100);
/// The quiescence search's delta margin.
const DELTA_MARGIN: i32 = 200;
/// The first aspiration window's half-width. 15 measured +26 (−0 .. +53) against 25 over 400
/// self-play games at 20,000 nodes a move (the README's ladder).
const ASPIRATION_WINDOW: i32 = 15;
/// The least completed depth whose progress scales the soft time limit (the first
/// iterations' best moves and scores change by themselves).
const ADAPTIVE_TIME_DEPTH: u32 = 5;
/// The least depth at which singular extensions are tried.
const SINGULAR_DEPTH: i32 = 8;
/// The least depth at which a node without a move from the table is reduced (internal
/// iterative reduction).
const INTERNAL_REDUCTION_DEPTH: i32 = 4;
/// Razoring: the deepest remaining depth, and the margin (base, per ply) below alpha.
const RAZORING: (i32, (i32, i32)) = (3, (150, 200));
/// Late-move reductions: a quiet move searched `m`-th at depth `d` is reduced by
/// `0.75 + ln d · ln m / LMR_DIVISOR` plies (rounded down). 2.0 measured +17 (−2 .. +36)
/// against 2.25 over 800 self-play games at 20,000 nodes a move; 1.75 +6 over 400 (the
/// README's ladder).
const LMR_DIVISOR: f64 = 2.0;
/// History reductions: a quiet move's reduction falls by one per this much history.
const HISTORY_REDUCTION_DIVISOR: i32 = 8_192;

/// Whether `m` gives check in `pos` (the move made on a copy).
#[inline]
fn gives_check(pos: &Position, m: &Move) -> bool {
    let mut child = *pos;
    child.play_unchecked(m);
    child.is_check()
}

/// Whether `m` is a pawn's move to the seventh rank of the side moving it (one step from
/// promotion).
#[inline]
fn to_seventh_rank(pos: &Position, m: &Move) -> bool {
    let seventh = match pos.turn() {
        Color::White => 6,
        Color::Black => 1,
    };
    m.to.rank() == seventh && pos.role_at(m.from.index()) == Some(Role::Pawn)
}

/// Whether `m`, played from `pos` to give `child`, captures a piece (not a pawn) and leaves
/// kings and pawns alone on the board: the exchange into a pawn ending.
#[inline]
fn into_pawn_ending(pos: &Position, child: &Position, m: &Move) -> bool {
    captured_value(pos, m) > SEE_VALUES[Role::Pawn.index()]
        && child.occupied() & !(child.role_bb(Role::Pawn) | child.role_bb(Role::King)) == 0
}

/// The order of a quiet check in the quiescence search: after the captures.
const QUIET_CHECK: i32 = -1;

/// What the search keeps per ply of the current line.
#[derive(Debug, Clone, Copy)]
struct Frame {
    /// The piece and destination of the move played from this ply (none: a null move).
    moved: Option<PieceTo>,
    /// The static evaluation here (none: in check).
    eval: Option<i32>,
    /// The move left out of this node's search (a singular-extension test).
    excluded: Option<Move>,
}

const EMPTY_FRAME: Frame = Frame {
    moved: None,
    eval: None,
    excluded: None,
};

/// The searcher: the transposition table and the move-ordering memory kept from search to
/// search, and the scratch space of one search. No global state: each engine owns one.
///
/// With more than one thread ([`Searcher::set_threads`], UCI's `Threads`) the search is a
/// *lazy SMP* one: helper searchers, each with its own move-ordering memory, search the
/// same root on threads of their own, sharing only the transposition table, until the main
/// search ends; what they store there (deeper results, better moves to try first) speeds the
/// main search up. The main search alone reports and keeps to the limits; with
/// [`SearchConfig::deepest_thread`] the move played is that of the thread whose last completed
/// iteration is the deepest.
#[derive(Debug)]
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    /// The helper searchers (one per thread beyond the first).
    helpers: Vec<Searcher>,
    /// Nodes searched by the helpers of the running search (what they have counted so far).
    helper_nodes: Arc<AtomicU64>,
    /// A helper searcher's number, from 1; 0: the main searcher.
    helper_number: usize,
    history: History,
    continuation: ContinuationHistory,
    captures: CaptureHistory,
    correction: CorrectionHistory,
    killers: Killers,
    config: SearchConfig,
    move_overhead: Duration,
    lmr: Vec<[u8; 64]>,
    // One search:
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    keys: Vec<u64>,
    move_bufs: Vec<Vec<Move>>,
    scored_bufs: Vec<Vec<ScoredMove>>,
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    start: Instant,
    budget: Budget,
    node_limit: Option<u64>,
    signals: Signals,
    was_pondering: bool,
    /// The first iteration runs: no stop is heeded.
    first_iteration: bool,
    root_best: Option<Move>,
    /// The root moves searched, when `searchmoves` narrows them; empty: all.
    root_only: Vec<Move>,
    /// The nodes searched below each root move in this search (for time management).
    root_nodes: Vec<(Move, u64)>,
    /// How settled the search was after its last completed iteration.
    progress: Option<Progress>,
    frames: Vec<Frame>,
    /// What the selective features did in this search.
    fired: Fired,
    /// The network's sums along the current line (with `network` on).
    accumulators: AccumulatorStack,
    /// The network read from a file (UCI's `EvalFile`), shared with the helpers; `None`: the
    /// one built in ([`NETWORK`]).
    network: Option<Arc<Network>>,
}

/// How many times each selective feature acted in the last search: how a test sees a
/// feature fire (and stay silent when switched off).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fired {
    /// Singular moves extended.
    pub singular_extensions: u64,
    /// Nodes searched a ply less for want of a stored move.
    pub internal_reductions: u64,
    /// Nodes ended by razoring.
    pub razor_cuts: u64,
    /// Late quiet moves whose reduction their history changed.
    pub history_reductions: u64,
    /// Quiescence nodes decided by the transposition table.
    pub quiescence_tt_cuts: u64,
    /// Nodes whose pruning compared the table's score rather than the static evaluation.
    pub tt_evals: u64,
    /// Differences between a node's search and its static evaluation learnt by the
    /// correction history.
    pub corrections: u64,
    /// Cutoffs whose capture history was updated.
    pub capture_updates: u64,
    /// Searches stopped during the re-search of a root move that had failed high, which
    /// is then the move played.
    pub root_fail_highs: u64,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes and the engine's
    /// configuration ([`SearchConfig::full`]).
    #[must_use]
    pub fn new(hash_mb: usize) -> Searcher {
        let lmr = (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (m, r) in row.iter_mut().enumerate() {
                    if d > 0 && m > 0 {
                        let v = 0.75 + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR;
                        *r = v.max(0.0) as u8;
                    }
                }
                row
            })
            .collect();
        Searcher {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            helpers: Vec::new(),
            helper_nodes: Arc::new(AtomicU64::new(0)),
            helper_number: 0,
            history: History::default(),
            continuation: ContinuationHistory::default(),
            captures: CaptureHistory::default(),
            correction: CorrectionHistory::default(),
            killers: Killers::default(),
            config: SearchConfig::full(),
            move_overhead: DEFAULT_OVERHEAD,
            lmr,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            keys: Vec::with_capacity(1024),
            move_bufs: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            scored_bufs: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            pv: vec![NO_MOVE; (MAX_PLY + 2) * (MAX_PLY + 2)],
            pv_len: vec![0; MAX_PLY + 2],
            start: Instant::now(),
            budget: Budget {
                soft: None,
                hard: None,
                adaptive: false,
            },
            node_limit: None,
            signals: Signals::new(),
            was_pondering: false,
            first_iteration: false,
            root_best: None,
            root_only: Vec::new(),
            root_nodes: Vec::new(),
            progress: None,
            frames: vec![EMPTY_FRAME; MAX_PLY + 2],
            fired: Fired::default(),
            accumulators: AccumulatorStack::new(),
            network: None,
        }
    }

    /// The same searcher with `config`.
    #[must_use]
    pub fn with_config(mut self, config: SearchConfig) -> Searcher {
        self.set_config(config);
        self
    }

    /// Changes the configuration.
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
        for h in &mut self.helpers {
            h.config = config;
        }
    }

    /// Evaluates with `network` (read by [`Network::open`]) when the configuration's
    /// `network` is on; `None`: the network built into the engine.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        for h in &mut self.helpers {
            h.network.clone_from(&network);
        }
        self.network = network;
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Sets the time kept back per move for what happens outside the search (UCI's `Move
    /// Overhead`).
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.move_overhead = overhead;
    }

    /// Replaces the transposition table by a cleared one of `mb` megabytes.
    pub fn resize_hash(&mut self, mb: usize) {
        self.tt = Arc::new(TranspositionTable::new(mb));
        let threads = self.threads();
        self.helpers.clear();
        self.set_threads(threads);
    }

    /// Sets the number of threads that search (at least 1): the helpers are made or dropped
    /// (see the type's docs).
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut h = Searcher::new(1);
            h.tt = Arc::clone(&self.tt);
            h.helper_nodes = Arc::clone(&self.helper_nodes);
            h.helper_number = self.helpers.len() + 1;
            h.config = self.config;
            h.network.clone_from(&self.network);
            self.helpers.push(h);
        }
    }

    /// The nodes the helper threads searched in the last search (0 with one thread).
    #[must_use]
    pub fn helper_nodes(&self) -> u64 {
        self.helpers.iter().map(|h| h.nodes).sum()
    }

    /// The number of threads that search.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// The transposition table's size in MB.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Forgets everything learnt (a new game): the table, the history, the killers.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.continuation.clear();
        self.captures.clear();
        self.correction.clear();
        self.killers.clear();
        for h in &mut self.helpers {
            h.history.clear();
            h.continuation.clear();
            h.captures.clear();
            h.correction.clear();
            h.killers.clear();
        }
    }

    /// What the selective features did in the last search (this thread's share).
    #[must_use]
    pub fn fired(&self) -> Fired {
        self.fired
    }

    /// Searches `root` within `limits`, calling `info` after each completed iteration.
    ///
    /// `history` holds the repetition keys ([`repetition_key`]) of the game's positions
    /// *before* the root, oldest first ([`Chess::repetition_keys`](crate::core::Chess::repetition_keys)
    /// without its last), so that repeating one of them is a draw inside the tree.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        signals: &Signals,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        if self.helpers.is_empty() {
            return self.iterate(root, history, limits, signals, info);
        }
        self.helper_nodes.store(0, Ordering::Relaxed);
        let helper_signals = Signals::new();
        let mut helpers = std::mem::take(&mut self.helpers);
        let (mut result, from_helper) = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .map(|h| {
                    let signals = helper_signals.clone();
                    scope.spawn(move || {
                        // Until the main search stops them: no limit of their own.
                        let unlimited = Limits {
                            searchmoves: limits.searchmoves.clone(),
                            ..Limits::default()
                        };
                        h.iterate(root, history, &unlimited, &signals, &mut |_| {})
                    })
                })
                .collect();
            let result = self.iterate(root, history, limits, signals, info);
            helper_signals.stop();
            let helper_results = handles.into_iter().filter_map(|h| h.join().ok());
            if self.config.deepest_thread {
                deepest(result, helper_results, limits.max_depth())
            } else {
                (result, false)
            }
        });
        self.helpers = helpers;
        result.nodes += self.helper_nodes();
        if from_helper {
            // The line of the move played, as its thread found it.
            let elapsed = self.start.elapsed();
            info(&Info {
                depth: result.depth,
                seldepth: result.seldepth,
                score: result.score,
                nodes: result.nodes,
                nps: nps(result.nodes, elapsed),
                hashfull: self.tt.hashfull(),
                time: elapsed,
                pv: result.pv.clone(),
            });
        }
        result
    }

    /// The iterative deepening of [`Searcher::search`], on the table as it is.
    fn iterate(
        &mut self,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        signals: &Signals,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.start = Instant::now();
        self.budget = allocate(limits, root.turn(), self.move_overhead);
        self.node_limit = limits.nodes;
        self.signals = signals.clone();
        self.was_pondering = signals.is_pondering();
        self.nodes = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.keys.push(repetition_key(root));
        self.history.age();
        self.continuation.age();
        self.captures.age();
        self.killers.clear();
        self.frames.fill(EMPTY_FRAME);
        self.fired = Fired::default();

        let mut root_moves = Vec::with_capacity(64);
        root.legal_moves_into(&mut root_moves);
        if root_moves.is_empty() {
            let value = if root.is_check() { -MATE } else { 0 };
            return self.result(None, value, 0, Vec::new());
        }
        self.root_only.clear();
        self.root_nodes.clear();
        self.progress = None;
        if root_moves.iter().any(|m| limits.searchmoves.contains(m)) {
            root_moves.retain(|m| limits.searchmoves.contains(m));
            self.root_only.extend_from_slice(&root_moves);
        }
        let tt_move = self
            .tt
            .probe(root.hash())
            .and_then(|h| h.mv)
            .filter(|m| root_moves.contains(m));
        self.root_best = Some(tt_move.unwrap_or(root_moves[0]));

        let max_depth = limits.max_depth();
        let mut completed = 0;
        let mut value = 0;
        let mut pv: Vec<Move> = Vec::new();
        // How settled the search is, for the soft limit (see `time::soft_scale`).
        let mut stability = 0;
        let mut last_best = None;
        // With `helper_offset`, the odd-numbered helpers search each iteration a ply deeper
        // than the others: their results reach the table before the main search needs them.
        let offset = u32::from(self.config.helper_offset && self.helper_number % 2 == 1);
        for iteration in 1..=max_depth {
            let depth = iteration + offset;
            if depth > max_depth {
                break;
            }
            // The first iteration always completes: nothing may stop it.
            self.first_iteration = iteration == 1;
            if depth > 1 && self.signals.is_stopped() {
                break;
            }
            let score = self.aspiration(root, depth as i32, value);
            self.first_iteration = false;
            if self.stopped {
                // A partly searched iteration may still have improved on the best move.
                break;
            }
            let first = completed == 0;
            let score_drop = if first { 0 } else { value - score };
            completed = depth;
            value = score;
            pv = self.pv[..self.pv_len[0]].to_vec();
            if let Some(&m) = pv.first() {
                self.root_best = Some(m);
            }
            stability = if !first && last_best == self.root_best {
                stability + 1
            } else {
                0
            };
            last_best = self.root_best;
            let elapsed = self.start.elapsed();
            let nodes = self.nodes + self.helper_nodes.load(Ordering::Relaxed);
            info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score: Score::from_internal(value),
                nodes,
                nps: nps(nodes, elapsed),
                hashfull: self.tt.hashfull(),
                time: elapsed,
                pv: pv.clone(),
            });
            if let Some(n) = limits.mate {
                if let Score::Mate(m) = Score::from_internal(value) {
                    if m > 0 && m as u32 <= n {
                        break;
                    }
                }
            }
            let progress = Progress {
                stability,
                score_drop,
                best_share: self.best_share(),
            };
            self.progress = Some(progress);
            let scale = if self.config.adaptive_time && depth >= ADAPTIVE_TIME_DEPTH {
                soft_scale(&progress)
            } else {
                1.0
            };
            if self.soft_limit_reached(scale) {
                break;
            }
        }
        let best = self.root_best;
        if pv.first() != best.as_ref() {
            pv = best.into_iter().collect();
        }
        self.result(best, value, completed, pv)
    }

    /// Whether `m` is one of the root moves this search looks at (`searchmoves`).
    fn searched_at_root(&self, m: &Move) -> bool {
        self.root_only.is_empty() || self.root_only.contains(m)
    }

    fn result(&self, best: Option<Move>, value: i32, depth: u32, pv: Vec<Move>) -> SearchResult {
        SearchResult {
            best,
            ponder: pv.get(1).copied(),
            score: Score::from_internal(value),
            value,
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            time: self.start.elapsed(),
            pv,
        }
    }

    /// One iteration inside an aspiration window around `previous`, widened until the score
    /// falls inside.
    fn aspiration(&mut self, root: &Position, depth: i32, previous: i32) -> i32 {
        if !self.config.aspiration || depth < 5 || previous.abs() >= MATE_BOUND {
            return self.negamax(
                root,
                depth,
                -INFINITY,
                INFINITY,
                0,
                Came::Root(root.is_check()),
            );
        }
        let mut window = ASPIRATION_WINDOW;
        let mut alpha = (previous - window).max(-INFINITY);
        let mut beta = (previous + window).min(INFINITY);
        loop {
            let score = self.negamax(root, depth, alpha, beta, 0, Came::Root(root.is_check()));
            if self.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - window).max(-INFINITY);
            } else if score >= beta {
                beta = (score + window).min(INFINITY);
            } else {
                return score;
            }
            window += window / 2 + 10;
            if window > 1_000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The best root move's share of the nodes searched below the root so far.
    fn best_share(&self) -> f64 {
        let total: u64 = self.root_nodes.iter().map(|&(_, n)| n).sum();
        let best = self
            .root_nodes
            .iter()
            .find(|&&(m, _)| Some(m) == self.root_best)
            .map_or(0, |&(_, n)| n);
        if total == 0 {
            1.0
        } else {
            best as f64 / total as f64
        }
    }

    /// How settled the last search was after its last completed iteration (what the soft
    /// time limit was scaled by, when [`SearchConfig::adaptive_time`] is on and a clock
    /// limits the search); `None` before a search or when the root has no legal move.
    #[must_use]
    pub fn progress(&self) -> Option<Progress> {
        self.progress
    }

    /// The nodes searched below each root move in the last search, in the order they were
    /// first searched.
    #[must_use]
    pub fn root_nodes(&self) -> &[(Move, u64)] {
        &self.root_nodes
    }

    /// Adds `nodes` to those searched below the root move `m`.
    fn count_root_nodes(&mut self, m: Move, nodes: u64) {
        match self.root_nodes.iter_mut().find(|(r, _)| *r == m) {
            Some((_, n)) => *n += nodes,
            None => self.root_nodes.push((m, nodes)),
        }
    }

    /// Whether the soft time limit, times `scale` when the budget allows it (a clock's),
    /// says not to start another iteration.
    fn soft_limit_reached(&mut self, scale: f64) -> bool {
        if self.signals.is_pondering() {
            return false;
        }
        self.update_ponder_clock();
        let Some(soft) = self.budget.soft else {
            return false;
        };
        let soft = if self.budget.adaptive {
            let scaled = soft.mul_f64(scale);
            self.budget.hard.map_or(scaled, |hard| scaled.min(hard))
        } else {
            soft
        };
        self.start.elapsed() >= soft
    }

    /// Once pondering ends (`ponderhit`), the clock starts from that moment.
    fn update_ponder_clock(&mut self) {
        if self.was_pondering && !self.signals.is_pondering() {
            self.was_pondering = false;
            self.start = Instant::now();
        }
    }

    /// Whether the search must stop now: asked to, out of nodes, or past the hard limit
    /// (never during the first iteration).
    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.first_iteration {
            return false;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
            return true;
        }
        if self.nodes & 2047 == 0 {
            if self.helper_number > 0 {
                self.helper_nodes.fetch_add(2048, Ordering::Relaxed);
            }
            if self.signals.is_stopped() {
                self.stopped = true;
            } else if !self.signals.is_pondering() {
                self.update_ponder_clock();
                if self.budget.hard.is_some_and(|h| self.start.elapsed() >= h) {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Whether the position at the top of the key stack is drawn: fifty moves (the caller
    /// has ruled out mate), insufficient material, or a repetition of an earlier position
    /// reachable since the last irreversible move.
    #[inline]
    fn is_draw(&self, pos: &Position) -> bool {
        if pos.halfmoves() >= 100 || pos.is_insufficient_material() {
            return true;
        }
        let n = self.keys.len();
        let current = self.keys[n - 1];
        let window = (pos.halfmoves() as usize).min(n - 1);
        let mut back = 4;
        while back <= window {
            if self.keys[n - 1 - back] == current {
                return true;
            }
            back += 2;
        }
        false
    }

    /// The fifty-move rule, insufficient material and repetition, with checkmate taking
    /// precedence over the fifty-move rule: `Some(score)` when the node is decided.
    #[inline]
    fn draw_or_mate(&self, pos: &Position, ply: usize) -> Option<i32> {
        if pos.halfmoves() >= 100 && pos.is_check() && !pos.has_legal_moves() {
            return Some(-MATE + ply as i32);
        }
        if self.is_draw(pos) {
            Some(0)
        } else {
            None
        }
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let w = MAX_PLY + 2;
        self.pv[ply * w + ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply * w + i] = self.pv[(ply + 1) * w + i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The negamax principal-variation search (see the module docs).
    #[allow(clippy::too_many_lines)]
    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        came: Came,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if self.config.network {
            self.accumulators.enter(ply, pos);
        }
        if ply > 0 {
            if self.check_stop() {
                return 0;
            }
            if let Some(score) = self.draw_or_mate(pos, ply) {
                return score;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = came.in_check();
        let after_null = came == Came::Null;
        if in_check && self.config.check_extension {
            depth += 1;
        }
        if depth <= 0 {
            if !self.config.quiescence {
                self.nodes += 1;
                return self.evaluate(pos, ply);
            }
            let checks = self.config.quiescence_checks && !in_check;
            return self.quiescence(pos, alpha, beta, ply, in_check, checks);
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply + 1);

        let key = pos.hash();
        let excluded = self.frames[ply].excluded;
        let hit = self.tt.probe(key);
        let tt_move = hit.and_then(|h| h.mv);
        if let Some(h) = hit.filter(|_| excluded.is_none()) {
            let deep_enough = if self.config.deeper_tt_cutoffs {
                h.depth >= depth
            } else {
                h.depth == depth
            };
            if !pv_node && ply > 0 && deep_enough {
                let score = score_from_tt(h.score, ply);
                if h.decides(score, alpha, beta) {
                    return score;
                }
            }
        }
        // The evaluation as the evaluation gives it (what the table keeps), and corrected by
        // the correction history (what the pruning compares).
        let (raw_eval, static_eval) = if in_check {
            (-INFINITY, -INFINITY)
        } else {
            let raw = match hit {
                Some(h) if h.bound != Bound::None && h.eval != 0 => h.eval,
                _ => self.evaluate(pos, ply),
            };
            (raw, self.corrected(pos, raw))
        };
        self.frames[ply].eval = (!in_check).then_some(static_eval);
        let improving =
            self.config.improving && !in_check && improving(&self.frames[..=ply], static_eval);
        // What the pruning below compares with beta and alpha: the static evaluation, or the
        // table's score where its bound says the node is worth more (or less) than that.
        let eval = match hit.filter(|_| self.config.tt_eval && !in_check && excluded.is_none()) {
            Some(h) => {
                let score = score_from_tt(h.score, ply);
                let tighter = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => score > static_eval,
                    Bound::Upper => score < static_eval,
                    Bound::None => false,
                };
                if tighter && score.abs() < MATE_BOUND {
                    self.fired.tt_evals += 1;
                    score
                } else {
                    static_eval
                }
            }
            None => static_eval,
        };

        if !pv_node && !in_check && ply > 0 && excluded.is_none() {
            // Reverse futility: far above beta at low depth, a quiet move will not fall below.
            // (`improving` is false whenever the signal is off.)
            let rfp_depth = depth - i32::from(improving);
            if self.config.futility
                && depth <= 6
                && beta.abs() < MATE_BOUND
                && eval - REVERSE_FUTILITY_MARGIN * rfp_depth >= beta
            {
                return eval;
            }
            // Razoring: far below alpha near the leaves, only a capture could save the node;
            // the quiescence search says whether one does.
            if self.config.razoring
                && depth <= RAZORING.0
                && alpha.abs() < MATE_BOUND
                && eval + RAZORING.1 .0 + RAZORING.1 .1 * depth <= alpha
            {
                let score = self.quiescence(pos, alpha, alpha + 1, ply, false, false);
                if self.stopped {
                    return 0;
                }
                if score <= alpha {
                    self.fired.razor_cuts += 1;
                    return score;
                }
            }
            // Null move: if passing still fails high, a real move will too.
            if self.config.null_move
                && !after_null
                && depth >= 3
                && eval >= beta
                && beta.abs() < MATE_BOUND
                && has_pieces(pos)
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let mut child = *pos;
                child.play_null();
                self.tt.prefetch(child.hash());
                self.frames[ply].moved = None;
                self.keys.push(repetition_key(&child));
                let score =
                    -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, Came::Null);
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Internal iterative reduction: without a stored move, the ordering is a guess and the
        // node likely new: one ply less (the table will have a move next time).
        if self.config.internal_reduction
            && depth >= INTERNAL_REDUCTION_DEPTH
            && tt_move.is_none()
            && excluded.is_none()
        {
            depth -= 1;
            self.fired.internal_reductions += 1;
        }

        // Singular extension: when every move but the table's falls well short of the score
        // stored for it, that move is searched one ply deeper; when even without it the
        // node beats beta, it is cut (multi-cut).
        let mut singular_move = None;
        if let (Some(h), Some(t)) = (hit, tt_move) {
            if self.config.singular_extensions
                && ply > 0
                && excluded.is_none()
                && depth >= SINGULAR_DEPTH
                && h.depth >= depth - 3
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && h.score.abs() < MATE_BOUND
                && pos.is_legal(&t)
            {
                let singular_beta = h.score - 2 * depth;
                self.frames[ply].excluded = Some(t);
                let score = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    came,
                );
                self.frames[ply].excluded = None;
                self.pv_len[ply] = ply;
                if self.stopped {
                    return 0;
                }
                if score < singular_beta {
                    singular_move = Some(t);
                    self.fired.singular_extensions += 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
        }

        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut list = std::mem::take(&mut self.scored_bufs[ply]);
        moves.clear();
        list.clear();
        self.killers.clear_ply(ply + 1);
        let before = [
            ply.checked_sub(1).and_then(|p| self.frames[p].moved),
            ply.checked_sub(2).and_then(|p| self.frames[p].moved),
        ];
        // The stored move is tried before the others are generated: when it cuts off, as it
        // mostly does, generating and ordering the rest is saved.
        let mut stored_first = tt_move.filter(|m| {
            Some(*m) != excluded && pos.is_legal(m) && (ply > 0 || self.searched_at_root(m))
        });
        let mut generated = false;
        let mut next = 0;

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move: Option<Move> = None;
        let mut searched = 0usize;
        let mut quiets_tried: [Move; 64] = [NO_MOVE; 64];
        let mut n_quiets = 0usize;
        let mut captures_tried: [Move; 32] = [NO_MOVE; 32];
        let mut n_captures = 0usize;
        let late_move_limit = if self.config.improving && !improving {
            (3 + (depth * depth) as usize) / 2
        } else {
            3 + (depth * depth) as usize
        };
        let futile = self.config.futility
            && !pv_node
            && !in_check
            && depth <= 4
            && eval + FUTILITY_MARGIN.0 + FUTILITY_MARGIN.1 * depth <= alpha;

        loop {
            let m = if let Some(m) = stored_first.take() {
                m
            } else {
                if !generated {
                    generated = true;
                    pos.legal_moves_into(&mut moves);
                    if moves.is_empty() {
                        self.move_bufs[ply] = moves;
                        self.scored_bufs[ply] = list;
                        return if in_check { -MATE + ply as i32 } else { 0 };
                    }
                    if ply == 0 && !self.root_only.is_empty() {
                        moves.retain(|m| self.root_only.contains(m));
                    }
                    score_moves(
                        pos,
                        &moves,
                        None,
                        self.killers.at(ply),
                        Histories {
                            quiet: &self.history,
                            continuation: self
                                .config
                                .continuation_history
                                .then_some((&self.continuation, &before[..])),
                            captures: self.config.capture_history.then_some(&self.captures),
                        },
                        &mut list,
                    );
                    for t in [tt_move, excluded].into_iter().flatten() {
                        if let Some(k) = list.iter().position(|sm| sm.mv == t) {
                            list.remove(k);
                        }
                    }
                }
                if next >= list.len() {
                    break;
                }
                next += 1;
                pick(&mut list, next - 1).mv
            };
            let quiet = is_quiet(pos, &m);
            let mut child = *pos;
            child.play_unchecked(&m);
            self.tt.prefetch(child.hash());
            let gives_check = child.is_check();
            let came = Came::Move(gives_check);

            if quiet && !gives_check && searched > 0 && best > -MATE_BOUND && !in_check {
                if futile {
                    continue;
                }
                if self.config.futility && !pv_node && depth <= 7 && searched >= late_move_limit {
                    continue;
                }
            }
            // SEE pruning: at low depth, a move that loses material by static exchange (more
            // for a capture than for a quiet move, more the deeper) is not tried.
            if self.config.see_pruning
                && !pv_node
                && !in_check
                && !gives_check
                && searched > 0
                && best > -MATE_BOUND
                && depth <= SEE_PRUNING_DEPTH
            {
                let threshold = if quiet {
                    SEE_PRUNING_MARGIN.0 * depth
                } else {
                    SEE_PRUNING_MARGIN.1 * depth
                };
                if !see_ge(pos, &m, threshold) {
                    continue;
                }
            }

            self.keys.push(repetition_key(&child));
            self.frames[ply].moved = Some(PieceTo::of(pos, &m));
            let nodes_before = self.nodes;
            let mut fail_high = false;
            let extension = if singular_move == Some(m) {
                1
            } else if self.config.pawn_ending_extension && into_pawn_ending(pos, &child, &m) {
                // Once per line: no piece is left to capture below it.
                2
            } else {
                i32::from(self.config.seventh_rank_extension && to_seventh_rank(pos, &m))
            };
            let new_depth = depth - 1 + extension;
            let score = if searched == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, came)
            } else {
                let mut r = 0;
                // With `full_depth_root`, no root move is reduced.
                if self.config.late_move_reductions
                    && !(ply == 0 && self.config.full_depth_root)
                    && depth >= 3
                    && searched >= 2
                    && quiet
                    && !in_check
                    && !gives_check
                {
                    r = i32::from(self.lmr[depth.min(63) as usize][searched.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if self.config.improving && !improving && !pv_node {
                        r += 1;
                    }
                    if self.killers.at(ply).contains(&Some(m)) {
                        r -= 1;
                    }
                    if self.config.history_reductions {
                        let by = self.quiet_history(pos, &before, &m) / HISTORY_REDUCTION_DIVISOR;
                        r -= by;
                        self.fired.history_reductions += u64::from(by != 0);
                    }
                    // A reduction may reach the quiescence search: +21 (−6 .. +48) over 400
                    // self-play games against stopping a ply above it (the README's ladder).
                    r = r.clamp(0, new_depth);
                }
                let mut s = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, came);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, came);
                }
                // At the root, a full-depth null-window search above alpha says the move is
                // better than the best so far: played if the re-search below is cut short.
                if ply == 0 && s > alpha && !self.stopped && self.config.root_fail_high {
                    fail_high = true;
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, came);
                }
                s
            };
            self.keys.pop();
            if ply == 0 {
                self.count_root_nodes(m, self.nodes - nodes_before);
            }
            if self.stopped {
                if fail_high {
                    self.root_best = Some(m);
                    self.fired.root_fail_highs += 1;
                }
                break;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.update_pv(ply, m);
                    if ply == 0 {
                        self.root_best = Some(m);
                    }
                    if score >= beta {
                        let bonus = history_bonus(depth);
                        // Capture history: the captures tried are only kept when it is on.
                        let capture = self.config.capture_history && is_capture(pos, &m);
                        if capture || n_captures > 0 {
                            if capture {
                                self.captures.update(pos, &m, bonus);
                            }
                            for c in &captures_tried[..n_captures] {
                                self.captures.update(pos, c, -bonus);
                            }
                            self.fired.capture_updates += 1;
                        }
                        if quiet {
                            self.killers.record(ply, m);
                            self.history.update(pos.turn(), &m, bonus);
                            for q in &quiets_tried[..n_quiets] {
                                self.history.update(pos.turn(), q, -bonus);
                            }
                            if self.config.continuation_history {
                                self.update_continuation(pos, &before, &m, bonus);
                                for q in &quiets_tried[..n_quiets] {
                                    self.update_continuation(pos, &before, q, -bonus);
                                }
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = m;
                n_quiets += 1;
            } else if self.config.capture_history
                && !quiet
                && n_captures < captures_tried.len()
                && is_capture(pos, &m)
            {
                captures_tried[n_captures] = m;
                n_captures += 1;
            }
        }
        self.move_bufs[ply] = moves;
        self.scored_bufs[ply] = list;
        if self.stopped {
            return 0;
        }
        if excluded.is_some() {
            // A search without one move: not the node's value, not for the table.
            return if searched == 0 { alpha } else { best };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { raw_eval };
        // What this search found against the static evaluation, for the correction history:
        // not in check, not when the best move is a capture or promotion (whose gain the
        // evaluation cannot see), and only a bound that says on which side of the evaluation the value lies.
        // The entry averages the difference from the uncorrected evaluation: the whole
        // difference, not what is left of it after the correction.
        if self.config.correction_history
            && !in_check
            && best.abs() < MATE_BOUND
            && best_move.map_or(true, |m| is_quiet(pos, &m))
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.correction.update(pos, depth, best - raw_eval);
            self.fired.corrections += 1;
        }
        self.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            stored_eval,
            depth,
            bound,
        );
        best
    }

    /// The static evaluation of `pos` for the side to move: the network's with `network` on,
    /// else the hand-written terms'.
    #[inline]
    fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        if self.config.network {
            let net = self.network.as_deref().unwrap_or(&NETWORK);
            self.accumulators.evaluate(net, ply, pos)
        } else {
            evaluate(pos)
        }
    }

    /// The static evaluation `raw` of `pos` corrected by the correction history (when that
    /// feature is on), kept short of the mate scores.
    #[inline]
    fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        if self.config.correction_history {
            (raw + self.correction.get(pos)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
        } else {
            raw
        }
    }

    /// The history of quiet move `m` in `pos`: its butterfly history, plus its continuation
    /// history after the earlier moves `before` when that feature is on.
    #[inline]
    fn quiet_history(&self, pos: &Position, before: &[Option<PieceTo>; 2], m: &Move) -> i32 {
        let h = self.history.get(pos.turn(), m);
        if self.config.continuation_history {
            h + self.continuation.sum(before, PieceTo::of(pos, m))
        } else {
            h
        }
    }

    /// Moves the continuation history of quiet move `m` in `pos` after each earlier move
    /// known by `bonus`.
    fn update_continuation(
        &mut self,
        pos: &Position,
        before: &[Option<PieceTo>; 2],
        m: &Move,
        bonus: i32,
    ) {
        let now = PieceTo::of(pos, m);
        for b in before.iter().flatten() {
            self.continuation.update(*b, now, bonus);
        }
    }

    /// The quiescence search: captures and queen promotions until the position is quiet,
    /// the static evaluation as a floor; every legal move when in check.
    fn quiescence(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        checks: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.config.network {
            self.accumulators.enter(ply, pos);
        }
        if ply > 0 && self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply + 1);
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let key = pos.hash();
        let hit = if self.config.quiescence_tt {
            self.tt.probe(key)
        } else {
            None
        };
        if let Some(h) = hit {
            // Any stored bound that decides the node will do: every search of it is at least
            // a quiescence search. Not in a PV node, whose line is reported.
            if beta - alpha == 1 {
                let score = score_from_tt(h.score, ply);
                if h.decides(score, alpha, beta) {
                    self.fired.quiescence_tt_cuts += 1;
                    return score;
                }
            }
        }
        // A deeper result stored for the node is worth more than this one's: kept.
        let store = self.config.quiescence_tt && hit.map_or(true, |h| h.depth == 0);
        let original_alpha = alpha;
        let mut best_move = None;
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut list = std::mem::take(&mut self.scored_bufs[ply]);
        moves.clear();
        let mut best;
        let stand_pat;
        let mut raw_eval = 0;
        if in_check {
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                self.move_bufs[ply] = moves;
                self.scored_bufs[ply] = list;
                return -MATE + ply as i32;
            }
            stand_pat = -INFINITY;
            best = -INFINITY;
        } else {
            raw_eval = match hit {
                Some(h) if h.eval != 0 => h.eval,
                _ => self.evaluate(pos, ply),
            };
            stand_pat = self.corrected(pos, raw_eval);
            if stand_pat >= beta {
                self.move_bufs[ply] = moves;
                self.scored_bufs[ply] = list;
                if store {
                    let score = score_to_tt(stand_pat, ply);
                    self.tt.store(key, None, score, raw_eval, 0, Bound::Lower);
                }
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            noisy_moves(pos, &mut moves);
        }
        let noisy = moves.len();
        if checks {
            quiet_checks(pos, &mut moves);
        }
        score_noisy(pos, &moves, &mut list);
        // The quiet checks after every capture and promotion.
        for sm in &mut list[noisy..] {
            sm.score = QUIET_CHECK;
        }
        if let Some(t) = hit.and_then(|h| h.mv) {
            if let Some(sm) = list.iter_mut().find(|sm| sm.mv == t) {
                sm.score = TT_MOVE;
            }
        }
        for i in 0..list.len() {
            let m = pick(&mut list, i).mv;
            // The quiet checks kept above are spared delta pruning: they may mate.
            let quiet_check = checks && is_quiet(pos, &m);
            if !in_check && !quiet_check && self.config.delta_pruning {
                let promotes = matches!(m.kind, MoveKind::Promotion(_));
                let victim = captured_value(pos, &m);
                // A capture by a piece worth no more than its victim cannot lose material.
                let attacker = pos
                    .role_at(m.from.index())
                    .map_or(0, |r| SEE_VALUES[r.index()]);
                // Too little to lift the score to alpha; with `checking_captures`, a capture
                // that gives check is kept however little it takes: it may mate.
                if !promotes
                    && stand_pat + victim + DELTA_MARGIN <= alpha
                    && !(self.config.checking_captures && gives_check(pos, &m))
                {
                    continue;
                }
                // Losing material by static exchange, check or not.
                if attacker > victim && see(pos, &m) < 0 {
                    continue;
                }
            }
            let mut child = *pos;
            child.play_unchecked(&m);
            self.tt.prefetch(child.hash());
            self.keys.push(repetition_key(&child));
            let score = match self.draw_or_mate(&child, ply + 1) {
                Some(s) => -s,
                None => -self.quiescence(&child, -beta, -alpha, ply + 1, child.is_check(), false),
            };
            self.keys.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_bufs[ply] = moves;
        self.scored_bufs[ply] = list;
        if self.stopped {
            return 0;
        }
        if store {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let eval = if in_check { 0 } else { raw_eval };
            self.tt
                .store(key, best_move, score_to_tt(best, ply), eval, 0, bound);
        }
        best
    }
}

/// The "improving" signal at the last ply of `frames`, whose static evaluation is `eval`
/// (the side to move not in check): better than two plies before, or four when the side
/// was in check two plies before; taken as improving when both were in check or the line
/// is too short.
fn improving(frames: &[Frame], eval: i32) -> bool {
    let back = |n: usize| frames.len().checked_sub(n + 1).map(|i| frames[i].eval);
    match back(2) {
        Some(Some(e)) => eval > e,
        _ => match back(4) {
            Some(Some(e)) => eval > e,
            _ => true,
        },
    }
}

/// The result of the search that completed the deepest iteration with a move, and whether
/// it is a helper's: the main search's `main`, unless a helper completed a deeper one, no
/// deeper than `max_depth` (the first such helper's then: its move, line, score and depth,
/// with the main search's node count and time).
fn deepest(
    main: SearchResult,
    helpers: impl Iterator<Item = SearchResult>,
    max_depth: u32,
) -> (SearchResult, bool) {
    let (nodes, time) = (main.nodes, main.time);
    let mut best = main;
    let mut from_helper = false;
    for h in helpers {
        if h.best.is_some() && h.depth > best.depth && h.depth <= max_depth {
            best = h;
            from_helper = true;
        }
    }
    (
        SearchResult {
            nodes,
            time,
            ..best
        },
        from_helper,
    )
}

/// Nodes per second.
fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

/// Whether the side to move has a piece other than pawns and the king (null-move pruning is
/// unsound in pawn endings, where passing would be an advantage: zugzwang).
#[inline]
fn has_pieces(pos: &Position) -> bool {
    let ours = pos.color_bb(pos.turn());
    ours & !(pos.role_bb(Role::Pawn) | pos.role_bb(Role::King)) != 0
}

/// The legal quiet moves of `pos` that give check (no capture, no promotion, no castling)
/// and do not lose material by static exchange, appended to `out`: what the quiescence
/// search's first ply adds with `quiescence_checks`.
pub fn quiet_checks(pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    pos.legal_moves_masked_into(!0, !pos.occupied(), out);
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        if m.kind != MoveKind::Normal || !gives_check(pos, &m) || !see_ge(pos, &m, 0) {
            continue;
        }
        out[keep] = m;
        keep += 1;
    }
    out.truncate(keep);
}

/// The legal captures (en passant included) and queen promotions of `pos`, appended to
/// `out`: what the quiescence search plays. Under-promotions are left out, captures included.
pub fn noisy_moves(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn();
    let them = pos.color_bb(us.other());
    let mut to_mask = them;
    if let Some(ep) = pos.pseudo_ep_square() {
        to_mask |= ep.bit();
    }
    let promotion_rank = match us {
        crate::types::Color::White => crate::core::bitboard::RANK_8,
        crate::types::Color::Black => crate::core::bitboard::RANK_1,
    };
    let pawns = pos.color_bb(us) & pos.role_bb(Role::Pawn);
    let from_seventh = match us {
        crate::types::Color::White => pawns & crate::core::bitboard::RANK_7,
        crate::types::Color::Black => pawns & crate::core::bitboard::RANK_2,
    };
    let start = out.len();
    pos.legal_moves_masked_into(!0, to_mask, out);
    // Captures may include capture-promotions of every kind: keep only queens.
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        if matches!(m.kind, MoveKind::Promotion(r) if r != Role::Queen) {
            continue;
        }
        out[keep] = m;
        keep += 1;
    }
    out.truncate(keep);
    if from_seventh != 0 {
        let before = out.len();
        pos.legal_moves_masked_into(from_seventh, promotion_rank & !them, out);
        let mut keep = before;
        for i in before..out.len() {
            let m = out[i];
            if m.kind == MoveKind::Promotion(Role::Queen) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::setup::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Standard).unwrap()
    }

    /// A one-megabyte searcher with `config`, its line starting at `p` (for a call of the
    /// quiescence search itself).
    fn searcher_at(p: &Position, config: SearchConfig) -> Searcher {
        let mut s = Searcher::new(1).with_config(config);
        s.keys = vec![repetition_key(p)];
        s
    }

    #[test]
    fn noisy_moves_are_captures_and_queen_promotions() {
        // White: e5xd6 en passant, b7-b8=Q, b7xa8=Q, Rh1xh7; not the quiet rook moves nor
        // under-promotions.
        let p = pos("r3k3/1P5p/8/3pP3/8/8/8/4K2R w K d6 0 1");
        let mut out = Vec::new();
        noisy_moves(&p, &mut out);
        let mut ucis: Vec<String> = out
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard))
            .collect();
        ucis.sort();
        assert_eq!(ucis, ["b7a8q", "b7b8q", "e5d6", "h1h7"]);
    }

    /// WAC.001 after 1. Qg6 fxg6: White, a queen down, far below any window, still finds
    /// 2. Nxg6# in the quiescence search: a capture that gives check is never pruned.
    #[test]
    fn a_checking_capture_far_below_alpha_is_searched() {
        let p = pos("2rr3k/pp4p1/1nnqbNpp/3pN3/2pP4/2P5/PPB4P/R4RK1 w - - 0 2");
        let mut s = searcher_at(
            &p,
            SearchConfig {
                checking_captures: true,
                ..SearchConfig::full()
            },
        );
        let score = s.quiescence(&p, 500, 501, 0, false, false);
        assert_eq!(score, MATE - 1);
        let mut exact = searcher_at(
            &p,
            SearchConfig {
                delta_pruning: false,
                ..SearchConfig::full()
            },
        );
        assert_eq!(exact.quiescence(&p, 500, 501, 0, false, false), score);
        let mut without = searcher_at(
            &p,
            SearchConfig {
                checking_captures: false,
                ..SearchConfig::full()
            },
        );
        assert!(without.quiescence(&p, 500, 501, 0, false, false) < 0);
    }

    /// With `quiescence_checks` the quiescence search's first ply sees a quiet mate: 1. Rd8#
    /// on the back rank, which a capture-only search stands pat in front of; a quiet check
    /// that loses material by static exchange is not tried.
    #[test]
    fn a_quiet_check_that_mates_is_seen_at_the_first_quiescence_ply() {
        let p = pos("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
        let mut moves = Vec::new();
        quiet_checks(&p, &mut moves);
        let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(names, ["d1d8"]);
        for checks in [true, false] {
            let mut s = searcher_at(
                &p,
                SearchConfig {
                    quiescence_checks: checks,
                    ..SearchConfig::full()
                },
            );
            let score = s.quiescence(&p, 1000, 1001, 0, false, checks);
            if checks {
                assert_eq!(score, MATE - 1);
            } else {
                assert!(score < 1000, "{score}");
            }
        }
        // With a black rook on a8, 1. Rd8+ loses the rook to Rxd8: not tried, so the search
        // stands pat at once.
        let p = pos("r5k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
        moves.clear();
        quiet_checks(&p, &mut moves);
        assert!(moves.is_empty(), "{moves:?}");
        let mut s = searcher_at(
            &p,
            SearchConfig {
                quiescence_checks: true,
                ..SearchConfig::full()
            },
        );
        let score = s.quiescence(&p, 1000, 1001, 0, false, true);
        assert!(score < 1000, "{score}");
        assert_eq!(s.nodes, 1);
    }

    /// With `helper_offset`, the first helper's iterations are a ply deeper than their
    /// count (2, 3, ... up to the limit); the main search's and, without it, the helper's
    /// are not.
    #[test]
    fn the_odd_helpers_search_a_ply_deeper() {
        let p = Position::start();
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        for offset in [true, false] {
            let mut s = Searcher::new(1);
            s.set_threads(2);
            s.set_config(SearchConfig {
                helper_offset: offset,
                ..SearchConfig::full()
            });
            let mut depths = Vec::new();
            let r = s.helpers[0].iterate(&p, &[], &limits, &Signals::new(), &mut |i| {
                depths.push(i.depth);
            });
            let expected: &[u32] = if offset { &[2, 3, 4] } else { &[1, 2, 3, 4] };
            assert_eq!(depths, expected);
            assert_eq!(r.depth, 4);
            let mut main = Vec::new();
            s.iterate(&p, &[], &limits, &Signals::new(), &mut |i| {
                main.push(i.depth)
            });
            assert_eq!(main, [1, 2, 3, 4]);
        }
    }

    /// The deepest completed iteration decides among the threads; the main search's on a
    /// tie, and never one deeper than `go depth` asked.
    #[test]
    fn the_deepest_thread_decides() {
        let result = |from: u8, to: u8, depth: u32, nodes: u64| {
            let m = Move::normal(Square::new_masked(from), Square::new_masked(to));
            SearchResult {
                best: Some(m),
                ponder: None,
                score: Score::Cp(10),
                value: 10,
                depth,
                seldepth: depth,
                nodes,
                time: Duration::from_millis(5),
                pv: vec![m],
            }
        };
        let main = || result(12, 28, 7, 1_000);
        let played =
            |r: (SearchResult, bool)| (r.0.best.unwrap().to_string(), r.0.depth, r.0.nodes, r.1);
        let helpers = [result(11, 27, 8, 900), result(6, 21, 9, 800)];
        assert_eq!(
            played(deepest(main(), helpers.clone().into_iter(), 64)),
            ("g1f3".to_string(), 9, 1_000, true)
        );
        assert_eq!(
            played(deepest(main(), helpers.clone().into_iter(), 8)),
            ("d2d4".to_string(), 8, 1_000, true)
        );
        assert_eq!(
            played(deepest(main(), [result(11, 27, 7, 900)].into_iter(), 64)),
            ("e2e4".to_string(), 7, 1_000, false)
        );
        assert_eq!(
            played(deepest(main(), helpers.into_iter(), 7)),
            ("e2e4".to_string(), 7, 1_000, false)
        );
    }

    /// WAC.058 stopped at 3,000 nodes: 1. Qd1+ (the key move) has failed high on its null
    /// window and the limit falls in its re-search. With `root_fail_high` it is played;
    /// without, the last completed iteration's 1. Rb6 is.
    #[test]
    fn a_root_move_that_failed_high_is_played_when_its_re_search_is_stopped() {
        let p = pos("8/8/2R5/1p2qp1k/1P2r3/2PQ2P1/5K2/8 w - - 0 1");
        let limits = Limits {
            nodes: Some(3_000),
            ..Limits::default()
        };
        let mut played = Vec::new();
        for root_fail_high in [true, false] {
            let mut s = searcher_at(
                &p,
                SearchConfig {
                    root_fail_high,
                    ..SearchConfig::full()
                },
            );
            let r = s.search(&p, &[], &limits, &Signals::new(), &mut |_| {});
            assert_eq!(s.fired().root_fail_highs, u64::from(root_fail_high));
            played.push(r.best.map(|m| m.to_string()));
        }
        assert_eq!(played, [Some("d3d1".into()), Some("c6b6".into())]);
    }

    /// The spared checking captures are spared delta pruning only: 1. Qxd7+, a queen for a
    /// pawn (the knight and the king take back), is still pruned by its static exchange, so
    /// White, far below alpha, stands pat at once.
    #[test]
    fn a_checking_capture_that_loses_by_exchange_is_still_pruned() {
        let p = pos("1n2k3/3p4/8/7q/Q7/8/7r/K7 w - - 0 1");
        for checking_captures in [true, false] {
            let mut s = Searcher::new(1).with_config(SearchConfig {
                checking_captures,
                ..SearchConfig::full()
            });
            let score = s.quiescence(&p, 500, 501, 0, false, false);
            assert!(score < -500, "{score}");
            assert_eq!(s.nodes, 1, "checking_captures {checking_captures}");
        }
        // Without the exchange test, the capture is searched.
        let mut open = searcher_at(
            &p,
            SearchConfig {
                delta_pruning: false,
                ..SearchConfig::full()
            },
        );
        open.quiescence(&p, 500, 501, 0, false, false);
        assert!(open.nodes > 1);
    }

    /// The move each setting of one feature plays in `fen` searched to `depth`, the feature
    /// on first.
    fn played_with_and_without(
        fen: &str,
        depth: u32,
        switch: fn(&mut SearchConfig) -> &mut bool,
    ) -> Vec<String> {
        played_from_with_and_without(SearchConfig::full(), fen, depth, switch)
    }

    /// [`played_with_and_without`] from `base` instead of the engine's configuration.
    fn played_from_with_and_without(
        base: SearchConfig,
        fen: &str,
        depth: u32,
        switch: fn(&mut SearchConfig) -> &mut bool,
    ) -> Vec<String> {
        let p = pos(fen);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        [true, false]
            .into_iter()
            .map(|on| {
                let mut config = base;
                *switch(&mut config) = on;
                let mut s = searcher_at(&p, config);
                let r = s.search(&p, &[], &limits, &Signals::new(), &mut |_| {});
                r.best.map_or_else(String::new, |m| m.to_string())
            })
            .collect()
    }

    /// The analysis as the pawn-ending extension and the internal reduction were measured,
    /// before the quiet checks joined it (their tests keep that configuration).
    fn analysis_before_quiet_checks() -> SearchConfig {
        SearchConfig {
            quiescence_checks: false,
            ..SearchConfig::analysis()
        }
    }

    #[test]
    fn a_quiet_key_move_ordered_late_at_the_root_is_searched_to_full_depth() {
        // WAC.183: 1. Bf6! (threatening Rxg8+ and keeping the e5 bishop tied) is a quiet
        // move the ordering puts late; reduced at the root, its point lies beyond the reduced
        // horizon at every depth from 8 to 14, and 1. f4 is played instead.
        let played = played_with_and_without(
            "1r2k1r1/5p2/b3p3/1p2b1B1/3p3P/3B4/PP2KP2/2R3R1 w - - 0 1",
            8,
            |c| &mut c.full_depth_root,
        );
        assert_eq!(played, ["g5f6", "f2f4"]);
    }

    #[test]
    fn a_pawn_reaching_the_seventh_rank_is_searched_a_ply_deeper() {
        // WAC.155: 1. d6! (then d7, and the e8 square) is found at depth 7 with the
        // extension, at depth 8 without it (1. Qd8 before).
        let played = played_with_and_without(
            "5bk1/1rQ4p/5pp1/2pP4/3n1PP1/7P/1q3BB1/4R1K1 w - - 0 1",
            7,
            |c| &mut c.seventh_rank_extension,
        );
        assert_eq!(played, ["d5d6", "c7d8"]);
    }

    #[test]
    fn the_exchange_into_a_pawn_ending_is_searched_two_plies_deeper() {
        // WAC.087: 1... Rxe5! 2. dxe5 leaves a pawn ending Black wins (the king takes the e5
        // pawn, and the queen's-side pawns decide). Analysing, the extension finds it at
        // depth 14; without it 1... cxb4 is played there, and Rxe5 found a ply later.
        let played = played_from_with_and_without(
            analysis_before_quiet_checks(),
            "8/p3k1p1/4r3/2ppNpp1/PP1P4/2P3KP/5P2/8 b - - 0 1",
            14,
            |c| &mut c.pawn_ending_extension,
        );
        assert_eq!(played, ["e6e5", "c5b4"]);
    }

    #[test]
    fn analysing_the_quiescence_search_tries_the_quiet_checks() {
        // ECM.049: 1. Qxf7+! (the queen given on f7: the checks that follow are quiet moves
        // the capture-only horizon does not see). Analysing, depth 9 finds it with the quiet
        // checks; without them, 1. Rfa1.
        let played = played_from_with_and_without(
            SearchConfig::analysis(),
            "5rk1/1r1qbnnp/R2p2p1/1p1Pp3/1Pp1P1N1/2P1B1NP/5QP1/5R1K w - - 0 1",
            9,
            |c| &mut c.quiescence_checks,
        );
        assert_eq!(played, ["f2f7", "f1a1"]);
        assert!(SearchConfig::analysis().quiescence_checks);
        assert!(!SearchConfig::full().quiescence_checks);
    }

    #[test]
    fn analysing_a_node_without_a_stored_move_keeps_its_depth() {
        // ECM.127: 1. Nf6+! gxf6 2. Bxe7 (the knight opens the king's file for the queen's
        // check on g4 and the exchange is won). At depth 9 the analysis finds it without the
        // internal reduction; with it, 1. Ng5.
        let played = played_from_with_and_without(
            analysis_before_quiet_checks(),
            "rbbq1rk1/p3nppp/1p2p3/8/1B1pN3/P2B4/1P3PPP/2RQ1RK1 w - - 0 1",
            9,
            |c| &mut c.internal_reduction,
        );
        assert_eq!(played, ["e4g5", "e4f6"]);
        assert!(!SearchConfig::analysis().internal_reduction);
        assert!(SearchConfig::full().internal_reduction);
    }

    #[test]
    fn only_a_capture_that_leaves_kings_and_pawns_is_the_exchange_into_a_pawn_ending() {
        let exchange = |fen: &str, from: u8, to: u8| {
            let p = pos(fen);
            let m = Move::normal(Square::new_masked(from), Square::new_masked(to));
            let mut child = p;
            child.play_unchecked(&m);
            into_pawn_ending(&p, &child, &m)
        };
        // The rook takes the last piece: a pawn ending.
        assert!(exchange(
            "8/p3k1p1/8/2pprpp1/PP1P4/2P3KP/5P2/8 w - - 0 1",
            27,
            36
        ));
        // A pawn taken: not an exchange of pieces, though kings and pawns are left.
        assert!(!exchange("8/4k3/8/4p3/3P4/8/8/4K3 w - - 0 1", 27, 36));
        // A piece taken with another still on the board.
        assert!(!exchange("8/4k3/8/4r3/3P4/8/8/2B1K3 w - - 0 1", 27, 36));
        // A quiet move in a pawn ending.
        assert!(!exchange("8/4k3/8/8/3P4/8/8/4K3 w - - 0 1", 27, 35));
    }

    #[test]
    fn the_seventh_rank_is_each_side_s_own() {
        let white = pos("4k3/8/3P4/8/8/8/1p6/4K3 w - - 0 1");
        let black = pos("4k3/8/3P4/8/8/8/1p6/4K3 b - - 0 1");
        let d7 = Move::normal(Square::new_masked(43), Square::new_masked(51));
        let b1 = Move {
            from: Square::new_masked(9),
            to: Square::new_masked(1),
            kind: MoveKind::Promotion(Role::Queen),
        };
        assert!(to_seventh_rank(&white, &d7));
        assert!(!to_seventh_rank(&black, &b1));
        let b3 = pos("4k3/8/8/8/8/1p6/8/4K3 b - - 0 1");
        let b2 = Move::normal(Square::new_masked(17), Square::new_masked(9));
        assert!(to_seventh_rank(&b3, &b2));
        // Not a pawn: a king's step to the seventh.
        let king = pos("8/8/4K3/8/8/8/8/k7 w - - 0 1");
        let ke7 = Move::normal(Square::new_masked(44), Square::new_masked(52));
        assert!(!to_seventh_rank(&king, &ke7));
    }

    #[test]
    fn a_repetition_since_the_last_irreversible_move_is_a_draw() {
        let p = pos("r3k3/8/8/8/8/8/8/4K2R w - - 10 40");
        let k = repetition_key(&p);
        let mut s = Searcher::new(1);
        s.keys = vec![k, 1, 2, 3, k];
        assert_eq!(s.draw_or_mate(&p, 4), Some(0));
        // Four plies back, but before the last capture or pawn move: not a repetition.
        let q = pos("r3k3/8/8/8/8/8/8/4K2R w - - 3 40");
        s.keys = vec![k, 1, 2, 3, k];
        assert_eq!(s.draw_or_mate(&q, 4), None);
        s.keys = vec![1, 2, 3, k];
        assert_eq!(s.draw_or_mate(&p, 3), None);
    }

    #[test]
    fn improving_compares_with_two_plies_before() {
        let frame = |eval| Frame {
            eval,
            ..EMPTY_FRAME
        };
        // Plies 0..=4; the last (ply 4) is the node asked about.
        let line = [
            frame(Some(-50)),
            frame(Some(0)),
            frame(Some(10)),
            frame(Some(7)),
            frame(Some(30)),
        ];
        assert!(improving(&line, 30));
        assert!(!improving(&line, 10));
        assert!(!improving(&line, -5));
        // In check two plies before: four plies before counts.
        let checked = [line[0], line[1], frame(None), line[3], line[4]];
        assert!(improving(&checked, -49));
        assert!(!improving(&checked, -50));
        // Both in check, or a line too short to look back: improving.
        let both = [frame(None), line[1], frame(None), line[3], line[4]];
        assert!(improving(&both, -1000));
        assert!(improving(&line[..2], -1000));
        assert!(!improving(&line[..3], -60));
    }

    #[test]
    fn mate_beats_the_fifty_move_rule() {
        // Black is mated with the half-move clock at 100: mate, not a draw.
        let p = pos("k7/1Q6/1K6/8/8/8/8/8 b - - 100 80");
        let mut s = Searcher::new(1);
        s.keys = vec![repetition_key(&p)];
        assert_eq!(s.draw_or_mate(&p, 3), Some(-MATE + 3));
        let q = pos("k7/8/1K6/8/8/8/8/1Q6 b - - 100 80");
        s.keys = vec![repetition_key(&q)];
        assert_eq!(s.draw_or_mate(&q, 3), Some(0));
    }
}
