//! What a caller gives a search and gets back: the [`Limits`] of a `go`, the [`Signals`]
//! another thread steers it with, the [`SearchConfig`] of its selective features, and what
//! it reports ([`Info`] per completed iteration, the [`SearchResult`], [`Score`]s as UCI
//! writes them). The search itself is in [`search`](mod@super::search).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::rules::Move;

use super::{MATE, MATE_BOUND, MAX_PLY};

/// Which selective parts of the search are on (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub late_move_reductions: bool,
    /// Reverse futility, futility and late-move pruning.
    pub futility: bool,
    /// Pruning of moves that lose material by static exchange at low depth.
    pub see_pruning: bool,
    /// Aspiration windows around the last iteration's score.
    pub aspiration: bool,
    /// Delta and SEE pruning of captures in the quiescence search.
    pub delta_pruning: bool,
    /// Transposition table cutoffs from entries searched deeper than asked (otherwise only
    /// from entries of exactly the asked depth, which keeps the minimax value).
    pub deeper_tt_cutoffs: bool,
    /// One more ply when in check.
    pub check_extension: bool,
    /// The quiescence search at depth 0 (otherwise the static evaluation, even in check:
    /// a mode for tests that want a small tree).
    pub quiescence: bool,
    /// Continuation history: quiet moves also ordered by how often they refuted the move
    /// before them (counter-move history) and followed our move two plies back
    /// (follow-up history), per moving piece and destination.
    pub continuation_history: bool,
    /// The "improving" signal: the static evaluation is better than two plies earlier;
    /// reverse futility, late-move pruning and reductions are stricter when it is not.
    pub improving: bool,
    /// Singular extensions: the transposition table's move is searched one ply deeper when
    /// every other move falls well short of its score (and a node where even the others beat
    /// beta is cut: multi-cut).
    pub singular_extensions: bool,
    /// Internal iterative reduction: a node at depth 4 or more without a move from the
    /// transposition table is searched one ply less (its ordering is a guess anyway).
    pub internal_reduction: bool,
    /// Late-move reductions adjusted by history: a quiet move with a good history (and
    /// continuation history) reduced less, one with a bad history more.
    pub history_reductions: bool,
    /// The quiescence search probes the transposition table (a cutoff from any stored bound
    /// that decides it, the stored static evaluation) and stores its results.
    pub quiescence_tt: bool,
    /// Razoring: at depth 3 or less, a static evaluation far below alpha is checked by the
    /// quiescence search, whose failing low ends the node.
    pub razoring: bool,
    /// The quiescence search's delta pruning spares a capture that gives check (it may mate,
    /// however far below alpha the side to move stands); one that loses material by static
    /// exchange is still pruned.
    pub checking_captures: bool,
    /// The pruning decisions (reverse futility, razoring, null move, futility) compare the
    /// transposition table's score instead of the static evaluation when its bound says the
    /// node is worth more (a lower bound above it), less (an upper bound below it) or exactly
    /// that.
    pub tt_eval: bool,
    /// Correction history: the static evaluation corrected by what searches of positions with
    /// the same pawns returned compared with it ([`CorrectionHistory`](super::correction::CorrectionHistory)).
    pub correction_history: bool,
    /// Capture history: captures of the same victim ordered also by how often the same
    /// piece taking the same role on the same square caused a cutoff
    /// ([`CaptureHistory`](super::ordering::CaptureHistory)).
    pub capture_history: bool,
    /// Time management by the search's progress: the soft time limit (no new iteration past
    /// it) scaled by how settled the search is: longer when the best move just changed, took
    /// a small share of the root's nodes, or the score fell; shorter when it has stood for
    /// iterations ([`soft_scale`](super::time::soft_scale)). Fixed depths and node counts
    /// are unaffected.
    pub adaptive_time: bool,
    /// The static evaluation by the small neural network of
    /// [`eval::network`](super::eval::network) instead of the hand-written terms of
    /// [`eval::evaluate`](super::eval::evaluate).
    pub network: bool,
    /// The quiescence search's first ply also tries the quiet moves that give check and do
    /// not lose material by static exchange (the mates and forks a capture-only search
    /// cannot see); the replies to a check are then all searched, but no more checks.
    pub quiescence_checks: bool,
    /// A root move whose full-depth null-window search beat the best move so far is the one
    /// played when the search stops during its re-search with the full window (the
    /// iteration is not complete, but that move is already known to be better).
    pub root_fail_high: bool,
    /// With `Threads` above 1, the move played is that of the thread whose last completed
    /// iteration is the deepest (the main search's on a tie), not always the main search's.
    pub deepest_thread: bool,
    /// With `Threads` above 1, the odd-numbered helper threads search each iteration one
    /// ply deeper than the main search's count.
    pub helper_offset: bool,
    /// Every root move searched to the full depth: no late-move reduction at the root,
    /// where a quiet key move ordered late would otherwise be looked at a few plies short
    /// of its refutation's refutation.
    pub full_depth_root: bool,
    /// A pawn move to the seventh rank (the square before promotion) searched one ply
    /// deeper: whether the promotion can be stopped lies just beyond the horizon.
    pub seventh_rank_extension: bool,
    /// A capture of a piece that leaves kings and pawns alone searched two plies deeper:
    /// a pawn ending is decided by counting tempi far beyond the horizon where the exchange
    /// into it is weighed.
    pub pawn_ending_extension: bool,
}

/// A feature's field in a configuration.
type Switch = fn(&mut SearchConfig) -> &mut bool;

/// Each feature's name, as [`SearchConfig::set`] knows it, and its switch, in the order of the
/// fields: the one list of them.
const FEATURES: [(&str, Switch); 29] = [
    ("null_move", |c| &mut c.null_move),
    ("late_move_reductions", |c| &mut c.late_move_reductions),
    ("futility", |c| &mut c.futility),
    ("see_pruning", |c| &mut c.see_pruning),
    ("aspiration", |c| &mut c.aspiration),
    ("delta_pruning", |c| &mut c.delta_pruning),
    ("deeper_tt_cutoffs", |c| &mut c.deeper_tt_cutoffs),
    ("check_extension", |c| &mut c.check_extension),
    ("quiescence", |c| &mut c.quiescence),
    ("continuation_history", |c| &mut c.continuation_history),
    ("improving", |c| &mut c.improving),
    ("singular_extensions", |c| &mut c.singular_extensions),
    ("internal_reduction", |c| &mut c.internal_reduction),
    ("history_reductions", |c| &mut c.history_reductions),
    ("quiescence_tt", |c| &mut c.quiescence_tt),
    ("razoring", |c| &mut c.razoring),
    ("checking_captures", |c| &mut c.checking_captures),
    ("tt_eval", |c| &mut c.tt_eval),
    ("correction_history", |c| &mut c.correction_history),
    ("capture_history", |c| &mut c.capture_history),
    ("adaptive_time", |c| &mut c.adaptive_time),
    ("network", |c| &mut c.network),
    ("quiescence_checks", |c| &mut c.quiescence_checks),
    ("root_fail_high", |c| &mut c.root_fail_high),
    ("deepest_thread", |c| &mut c.deepest_thread),
    ("helper_offset", |c| &mut c.helper_offset),
    ("full_depth_root", |c| &mut c.full_depth_root),
    ("seventh_rank_extension", |c| &mut c.seventh_rank_extension),
    ("pawn_ending_extension", |c| &mut c.pawn_ending_extension),
];

/// The names [`SearchConfig::set`] knows, in the order of the fields.
pub const FEATURE_NAMES: [&str; 29] = {
    let mut names = [""; FEATURES.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = FEATURES[i].0;
        i += 1;
    }
    names
};

impl SearchConfig {
    /// The engine's configuration: the features each match kept (the others are noted below;
    /// `SearchFeatures` turns any on or off), the network evaluation among them.
    #[must_use]
    pub const fn full() -> SearchConfig {
        SearchConfig {
            null_move: true,
            late_move_reductions: true,
            futility: true,
            see_pruning: true,
            aspiration: true,
            delta_pruning: true,
            deeper_tt_cutoffs: true,
            check_extension: true,
            quiescence: true,
            continuation_history: true,
            // Measured even (50.0% over 362 self-play games): not kept.
            improving: false,
            singular_extensions: true,
            internal_reduction: true,
            // Measured even (0, −38 .. +38, 200 games): not kept.
            history_reductions: false,
            quiescence_tt: true,
            // Measured −30 (−67 .. +7) over 200 self-play games: not kept.
            razoring: false,
            // Measured −42 (−79 .. −5, 200 games): not kept.
            checking_captures: false,
            // Measured +5 (−34 .. +44, 200 games): not kept.
            tt_eval: false,
            // Measured +8 (−11 .. +27, 800 games): not kept.
            correction_history: false,
            // Measured +6 (−20 .. +33, 400 games): not kept.
            capture_history: false,
            // Measured +12 (−11 .. +35, 400 games on the clock): kept.
            adaptive_time: true,
            // Measured +139 (+85 .. +201, 100 games at 20,000 nodes) in self-play, and
            // against Stockfish `UCI_Elo 2400` (README): kept.
            network: true,
            // Measured +2 (−36 .. +40, 200 games), WAC level: not kept.
            quiescence_checks: false,
            root_fail_high: true,
            deepest_thread: true,
            // ECM at 1 s with 2 threads 429 / 585 against 434 without: not kept.
            helper_offset: false,
            // Measured −19 (−58 .. +19) over 200 self-play games: off in play; on in
            // analysis ([`SearchConfig::analysis`]), where it finds more (WAC, ECM).
            full_depth_root: false,
            // Measured −3 (−44 .. +37) over 200 self-play games: off in play, on in
            // analysis, as `full_depth_root`.
            seventh_rank_extension: false,
            // Measured +7 (−30 .. +44) over 200 self-play games: off in play, on in
            // analysis, as `full_depth_root`.
            pawn_ending_extension: false,
        }
    }

    /// The configuration for analysis (UCI's `UCI_AnalyseMode`, `vdmchess analyse`): the
    /// engine's, with every root move searched to the full depth (`full_depth_root`), a
    /// pawn's move to the seventh rank a ply deeper (`seventh_rank_extension`), a capture
    /// into a pawn ending two plies deeper (`pawn_ending_extension`), no internal iterative
    /// reduction (`internal_reduction` off), and the quiet checks in the quiescence search
    /// (`quiescence_checks`). They cost depth, which a game's clock favours (in self-play the
    /// full-depth root, the extensions and the checks did not pay for themselves, and the
    /// reduction did); they find more of the tactics suites' key moves (the README's
    /// ladder), which analysis wants.
    #[must_use]
    pub const fn analysis() -> SearchConfig {
        SearchConfig {
            full_depth_root: true,
            seventh_rank_extension: true,
            pawn_ending_extension: true,
            // A node without a stored move keeps its depth: analysing, a key move's line is
            // mostly new to the table, and one ply less there hides it (ECM at 1,000,000
            // nodes: 431 / 585 without the reduction, 421 with it; WAC 290 and 289).
            internal_reduction: false,
            // The quiescence search's first ply tries the safe quiet checks too: the mates
            // and forks a capture-only horizon misses (ECM at 1,000,000 nodes: 453 / 585
            // with them, 431 without; WAC 291 and 290).
            quiescence_checks: true,
            ..SearchConfig::full()
        }
    }

    /// Everything selective off: α-β, PVS, the transposition table (exact depths only), mate
    /// distance pruning and move ordering stay, which keep the minimax value; the quiescence
    /// search stays too (without its delta and SEE pruning).
    #[must_use]
    pub const fn exact() -> SearchConfig {
        SearchConfig {
            null_move: false,
            late_move_reductions: false,
            futility: false,
            see_pruning: false,
            aspiration: false,
            delta_pruning: false,
            deeper_tt_cutoffs: false,
            check_extension: false,
            quiescence: true,
            continuation_history: false,
            improving: false,
            singular_extensions: false,
            internal_reduction: false,
            history_reductions: false,
            quiescence_tt: false,
            razoring: false,
            checking_captures: false,
            tt_eval: false,
            correction_history: false,
            capture_history: false,
            adaptive_time: false,
            network: false,
            quiescence_checks: false,
            root_fail_high: false,
            deepest_thread: false,
            helper_offset: false,
            full_depth_root: false,
            seventh_rank_extension: false,
            pawn_ending_extension: false,
        }
    }

    /// Switches the feature named `name` (one of [`FEATURE_NAMES`]) on or off.
    ///
    /// # Errors
    /// The name is not a feature's.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), String> {
        let Some((_, switch)) = FEATURES.iter().find(|(known, _)| *known == name) else {
            return Err(format!(
                "unknown search feature {name} (known: {})",
                FEATURE_NAMES.join(", ")
            ));
        };
        let flag = switch(self);
        *flag = on;
        Ok(())
    }

    /// The engine's configuration changed by `text`: words separated by spaces or commas,
    /// each a feature's name (on) or the name after `-` (off), applied in order.
    ///
    /// ```
    /// use vdmchess::search::SearchConfig;
    /// let c = SearchConfig::parse_changes("improving, -singular_extensions").unwrap();
    /// assert!(c.improving && !c.singular_extensions && c.null_move);
    /// assert!(SearchConfig::parse_changes("-wings").is_err());
    /// ```
    ///
    /// # Errors
    /// A word names no feature.
    pub fn parse_changes(text: &str) -> Result<SearchConfig, String> {
        SearchConfig::full().changed_by(text)
    }

    /// This configuration changed by `text`, as [`SearchConfig::parse_changes`] reads it.
    ///
    /// ```
    /// use vdmchess::search::SearchConfig;
    /// let c = SearchConfig::analysis().changed_by("-null_move").unwrap();
    /// assert!(c.full_depth_root && !c.null_move);
    /// ```
    ///
    /// # Errors
    /// A word names no feature.
    pub fn changed_by(self, text: &str) -> Result<SearchConfig, String> {
        let mut config = self;
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            match word.strip_prefix('-') {
                Some(name) => config.set(name, false)?,
                None => config.set(word, true)?,
            }
        }
        Ok(config)
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::full()
    }
}

/// What bounds a search, as UCI's `go` says it. Everything absent and `infinite` false means
/// "until [`MAX_PLY`] or a stop".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations to complete at most.
    pub depth: Option<u32>,
    /// Nodes to search at most.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// White's clock.
    pub wtime: Option<Duration>,
    /// Black's clock.
    pub btime: Option<Duration>,
    /// White's increment per move.
    pub winc: Option<Duration>,
    /// Black's increment per move.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Stop once a mate in at most this many moves is found, or after the iteration at which
    /// it would have been ([`Limits::max_depth`]).
    pub mate: Option<u32>,
    /// Search until stopped (the clock is ignored).
    pub infinite: bool,
    /// Search only these moves at the root (UCI's `searchmoves`). Empty, or with no legal
    /// move among them: every legal move is searched.
    pub searchmoves: Vec<Move>,
}

impl Limits {
    /// The deepest iteration these limits allow: `depth`, and with `mate` N, 5N + 3 (a mate
    /// in N moves is 2N − 1 plies; the reductions and pruning of quiet moves may hide it
    /// until two or three times as deep: WAC.001's mate in two, a queen offered, is seen at
    /// depth 12),
    /// each capped at [`MAX_PLY`] − 1.
    ///
    /// ```
    /// use vdmchess::search::Limits;
    /// assert_eq!(Limits { depth: Some(6), ..Limits::default() }.max_depth(), 6);
    /// assert_eq!(Limits { mate: Some(2), ..Limits::default() }.max_depth(), 13);
    /// assert_eq!(Limits { mate: Some(2), depth: Some(3), ..Limits::default() }.max_depth(), 3);
    /// assert_eq!(Limits::default().max_depth(), 127);
    /// ```
    #[must_use]
    pub fn max_depth(&self) -> u32 {
        let cap = MAX_PLY as u32 - 1;
        let by_depth = self.depth.map_or(cap, |d| d.clamp(1, cap));
        let by_mate = self
            .mate
            .map_or(cap, |n| n.saturating_mul(5).saturating_add(3).clamp(1, cap));
        by_depth.min(by_mate)
    }
}

/// A score as UCI reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated in that many).
    Mate(i32),
}

impl Score {
    /// The UCI form of an internal score (see [`MATE`]).
    ///
    /// ```
    /// use vdmchess::search::{Score, MATE};
    /// assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
    /// assert_eq!(Score::from_internal(MATE - 5), Score::Mate(3));
    /// assert_eq!(Score::from_internal(-(MATE - 4)), Score::Mate(-2));
    /// assert_eq!(Score::from_internal(37), Score::Cp(37));
    /// ```
    #[must_use]
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Cp(v)
        }
    }
}

impl std::fmt::Display for Score {
    /// UCI's `cp 37` or `mate -2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(v) => write!(f, "cp {v}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// What the search reports after each completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// How full the transposition table is, per mille.
    pub hashfull: u32,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// The score of the last completed iteration (or of the root when it has no move:
    /// mated or a draw).
    pub score: Score,
    /// The score in the internal scale (see [`MATE`]).
    pub value: i32,
    /// The last completed iteration (0 when none completed).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation of the last completed iteration.
    pub pv: Vec<Move>,
}

/// The flags another thread uses to steer a running search: stop it, or tell it that the
/// ponder move was played (its clock then starts).
#[derive(Debug, Clone, Default)]
pub struct Signals {
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
}

impl Signals {
    /// Fresh signals: not stopped, not pondering.
    #[must_use]
    pub fn new() -> Signals {
        Signals::default()
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The stop flag itself, for a signal handler to set (`vdmchess analyse` on Ctrl-C).
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Whether a stop was asked.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Sets whether the search is pondering (its time limits wait until this is false).
    pub fn set_pondering(&self, on: bool) {
        self.pondering.store(on, Ordering::SeqCst);
    }

    /// Whether the search is pondering.
    #[must_use]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::{SearchConfig, FEATURE_NAMES};

    #[test]
    fn each_feature_name_switches_its_own_field_and_no_other() {
        let base = SearchConfig::exact();
        let mut seen = Vec::new();
        for name in FEATURE_NAMES {
            let (mut on, mut off) = (base, base);
            on.set(name, true).unwrap();
            off.set(name, false).unwrap();
            assert_ne!(on, off, "{name} switches nothing");
            assert!(
                on == base || off == base,
                "{name} switches more than one field"
            );
            assert!(
                !seen.contains(&(on, off)),
                "{name} switches the same field as another name"
            );
            seen.push((on, off));
        }
        let mut c = base;
        assert_eq!(
            c.set("nul_move", true).unwrap_err(),
            format!(
                "unknown search feature nul_move (known: {})",
                FEATURE_NAMES.join(", ")
            )
        );
        assert_eq!(c, base);
    }
}
