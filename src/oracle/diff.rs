//! The bisect: find the first position where an engine's move generation differs from ours.
//!
//! [`bisect`] asks the engine for its divide of the case's position at the depth asked, and
//! computes ours (at the same time, on another thread). Where one side lists a move the other
//! lacks, that is the answer: the moves the engine misses and the moves it adds, here. Where
//! only a count differs, it plays that move (the one with the smallest subtree, so each level
//! costs less) and asks again one ply shallower, down to depth 1. So it costs one perft per
//! level along one path, not a walk of the tree: about one `go perft N` of the engine and one
//! of ours in all.
//!
//! An engine can also contradict itself: its count below a move at one level differs from its
//! total once that move is played (say, because it handles `position ... moves` differently
//! from its own make-move). The bisect stops there and says so ([`DiffReport::note`]).

use std::fmt;

use serde::Serialize;

use super::case::Case;
use super::divide::{our_divide, Divide};
use super::engine::{Engine, EngineError};
use super::explain::{explain_game_with, ExplainError, GameEnd, Reason};
use super::shell::quote;
use crate::model::game::Game;
use crate::notation::san::san_plus;
use crate::notation::uci::UciMove;
use crate::rules::{Move, Rules};
use crate::types::{Role, Square};

/// What a bisect found: agreement, or the first position where the move lists differ.
///
/// `--json` prints it as one object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiffReport {
    /// Whether the engine's divide equals ours at the depth asked.
    pub agree: bool,
    /// The depth asked.
    pub depth: u32,
    /// The start position's FEN (the case as given).
    pub start_fen: String,
    /// The moves from the start to the position compared first (UCI).
    pub moves: Vec<String>,
    /// The moves from that position to the one where the lists differ (UCI).
    pub path: Vec<String>,
    /// The same moves in SAN.
    pub path_san: Vec<String>,
    /// The FEN of the position where the lists differ (the position compared first when they
    /// agree).
    pub fen: String,
    /// The depth left at that position.
    pub depth_there: u32,
    /// The legal moves there that the engine does not list (UCI).
    pub missing: Vec<String>,
    /// The moves there that the engine lists and the rules do not allow (UCI, as it printed
    /// them, lowercased).
    pub extra: Vec<String>,
    /// The engine's total at the depth asked.
    pub engine_nodes: u64,
    /// Our total at the depth asked.
    pub our_nodes: u64,
    /// Why, per missing or extra move, as [`super::explain`] says it: for a missing move the clause
    /// that allows it, for an extra one why the rules forbid it.
    pub reasons: Vec<MoveReason>,
    /// When the move lists agree where the bisect stopped, what went wrong instead (a count
    /// that the engine contradicts one level down, or a count other than 1 at depth 1).
    pub note: Option<String>,
    /// The `vdmchess diff` command that shows the difference again, when the engine can be
    /// named on a command line.
    pub reproduce: Option<String>,
}

/// Which list a move of [`DiffReport::reasons`] is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// A legal move the engine does not list.
    Missing,
    /// A move the engine lists that the rules forbid.
    Extra,
}

/// Why one move is missing or extra, from [`super::explain`] (decided by the model).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveReason {
    /// The move (UCI).
    #[serde(rename = "move")]
    pub uci: String,
    /// Missing or extra.
    pub side: Side,
    /// For an extra move, why it is illegal (`king_in_check`, `castling_check` ...); none for
    /// a missing (legal) move.
    pub reason: Option<Reason>,
    /// The VDM clause that forbids the move, or allows it (`BoardModule`castling_moves`).
    pub clause: String,
    /// The FIDE Laws article.
    pub fide: String,
    /// A sentence naming the squares and pieces (or why no explanation could be given).
    pub detail: String,
}

impl DiffReport {
    /// The report of agreement on `case` (whose position has FEN `fen`) at `depth`, before
    /// anything is counted.
    fn agreement(case: &Case, fen: &str, depth: u32) -> DiffReport {
        DiffReport {
            agree: true,
            depth,
            start_fen: case.start_fen(),
            moves: case.uci_moves(),
            path: Vec::new(),
            path_san: Vec::new(),
            fen: fen.to_string(),
            depth_there: depth,
            missing: Vec::new(),
            extra: Vec::new(),
            reasons: Vec::new(),
            engine_nodes: 0,
            our_nodes: 0,
            note: None,
            reproduce: None,
        }
    }

    /// The moves from the start to the position where the lists differ: the case's moves,
    /// then the path.
    #[must_use]
    pub fn full_path(&self) -> Vec<String> {
        self.moves.iter().chain(&self.path).cloned().collect()
    }
}

impl fmt::Display for DiffReport {
    /// The report for a person: the verdict, the path, the position, the moves missing and
    /// extra, and the command that reproduces it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.agree {
            return write!(
                f,
                "agree: perft {} = {} (engine and rules)",
                self.depth, self.our_nodes
            );
        }
        writeln!(
            f,
            "differ: perft {}: engine {}, rules {}",
            self.depth, self.engine_nodes, self.our_nodes
        )?;
        if self.path.is_empty() {
            writeln!(f, "path: (none: the first position)")?;
        } else {
            writeln!(
                f,
                "path: {} ({})",
                self.path.join(" "),
                self.path_san.join(" ")
            )?;
        }
        writeln!(f, "fen: {}", self.fen)?;
        if !self.missing.is_empty() {
            writeln!(
                f,
                "missing (legal, the engine lacks them): {}",
                self.missing.join(" ")
            )?;
        }
        if !self.extra.is_empty() {
            writeln!(
                f,
                "extra (the engine lists them, the rules forbid them): {}",
                self.extra.join(" ")
            )?;
        }
        for r in &self.reasons {
            match (r.side, r.reason) {
                (Side::Missing, _) => writeln!(
                    f,
                    "  {} is legal: {} (FIDE {}): {}",
                    r.uci, r.clause, r.fide, r.detail
                )?,
                (Side::Extra, Some(reason)) => writeln!(
                    f,
                    "  {} is illegal: {reason}, {} (FIDE {}): {}",
                    r.uci, r.clause, r.fide, r.detail
                )?,
                (Side::Extra, None) => writeln!(f, "  {} is illegal: {}", r.uci, r.detail)?,
            }
        }
        if let Some(note) = &self.note {
            writeln!(f, "note: {note}")?;
        }
        if let Some(command) = &self.reproduce {
            writeln!(f, "reproduce: {command}")?;
        }
        Ok(())
    }
}

/// The engine's move text matched against the position: the legal move it names, written as
/// we write it (so `e1h1` for `e1g1` castling in standard chess, or `e7e8Q`, compare equal),
/// else the text as printed, lowercased.
fn normalise<R: Rules>(pos: &R, text: &str) -> String {
    UciMove::from_ascii(text.as_bytes())
        .ok()
        .and_then(|u| u.to_move(pos).ok())
        .map_or_else(
            || text.to_ascii_lowercase(),
            |m| m.to_uci(pos.castling_mode()),
        )
}

/// Where two divides of one position differ.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Comparison {
    missing: Vec<String>,
    extra: Vec<String>,
    /// Moves both list with different counts: (move, engine's, ours).
    counts: Vec<(String, u64, u64)>,
}

fn compare<R: Rules>(pos: &R, engine: &Divide, ours: &Divide) -> Comparison {
    let theirs: Vec<(String, u64)> = engine
        .moves
        .iter()
        .map(|(m, n)| (normalise(pos, m), *n))
        .collect();
    let mut c = Comparison::default();
    for (m, n) in &ours.moves {
        match theirs.iter().find(|(t, _)| t == m) {
            None => c.missing.push(m.clone()),
            Some((_, e)) if e != n => c.counts.push((m.clone(), *e, *n)),
            Some(_) => {}
        }
    }
    for (t, _) in &theirs {
        if ours.count(t).is_none() {
            c.extra.push(t.clone());
        }
    }
    c
}

/// Whether the engine's divide `theirs` of `pos` equals ours: the same moves (as
/// [`UciMove::to_move`] reads the engine's text) with the same counts.
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::oracle::diff::divides_agree;
/// use vdmchess::oracle::divide::{our_divide, Divide};
/// use vdmchess::{notation::fen::parse_fen, CastlingMode, Rules};
/// let pos = Chess::from_setup(&parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap(), CastlingMode::Standard).unwrap();
/// let ours = our_divide(&pos, 1);
/// // King-takes-rook castling text means the same move as e1g1 here.
/// let mut theirs = ours.clone();
/// for (m, _) in &mut theirs.moves {
///     if m == "e1g1" {
///         *m = "e1h1".into();
///     }
/// }
/// assert!(divides_agree(&pos, &theirs, &ours));
/// assert!(!divides_agree(&pos, &Divide::default(), &ours));
/// ```
#[must_use]
pub fn divides_agree<R: Rules>(pos: &R, theirs: &Divide, ours: &Divide) -> bool {
    theirs.total == ours.total
        && theirs.moves.len() == ours.moves.len()
        && compare(pos, theirs, ours) == Comparison::default()
}

/// Bisects `case` at `depth` plies (at least 1): the engine's divides against ours in the
/// rules `R` (see the module docs). `pos` is the position `case` reaches, in `R`.
///
/// # Errors
///
/// [`EngineError`] when the engine fails to answer a query.
///
/// # Examples
///
/// An engine that forgets under-promotion to a knight, made here from a move generator in
/// this process:
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::oracle::{case::Case, diff::bisect, generator::InProcess};
/// use vdmchess::{notation::fen::parse_fen, CastlingMode, Rules, Setup};
///
/// let no_knights = |setup: &Setup, mode: CastlingMode| -> Vec<String> {
///     let pos = Chess::from_setup(setup, mode).unwrap();
///     pos.legal_moves().iter().map(|m| m.to_uci(mode)).filter(|m| !m.ends_with('n')).collect()
/// };
/// let case = Case::at(parse_fen("8/2P5/8/8/8/k7/8/K7 w - - 0 1").unwrap(), CastlingMode::Standard);
/// let pos: Chess = case.play().unwrap();
/// let report = bisect(&mut InProcess::new(no_knights), &case, &pos, 3).unwrap();
/// assert!(!report.agree);
/// assert_eq!(report.missing, ["c7c8n"]);
/// assert!(report.path.is_empty());
/// ```
pub fn bisect<R, E>(
    engine: &mut E,
    case: &Case,
    pos: &R,
    depth: u32,
) -> Result<DiffReport, EngineError>
where
    R: Rules + Send + Sync,
    E: Engine + ?Sized,
{
    let mut report = DiffReport::agreement(case, &pos.to_setup().to_fen(), depth);
    let mut here = case.clone();
    let mut pos = pos.clone();
    let mut d = depth.max(1);
    // The counts the level above gave the move just played: (engine's, ours).
    let mut promised: Option<(u64, u64)> = None;
    // The depth that shows the difference again from the position reached by `here`'s moves,
    // minus `back` of them.
    let mut repro: Option<(usize, u32)> = None;
    loop {
        let (theirs, ours) = std::thread::scope(|s| {
            let ours = s.spawn(|| our_divide(&pos, d));
            let theirs = engine.divide(&here, d);
            let ours = ours.join().unwrap_or_else(|_| our_divide(&pos, d));
            (theirs, ours)
        });
        let theirs = theirs?;
        if promised.is_none() {
            report.engine_nodes = theirs.total;
            report.our_nodes = ours.total;
        }
        let c = compare(&pos, &theirs, &ours);
        if !c.missing.is_empty() || !c.extra.is_empty() {
            report.missing = c.missing;
            report.extra = c.extra;
            repro = Some((0, 1));
            break;
        }
        let next = c
            .counts
            .iter()
            .min_by_key(|&&(_, e, o)| e.saturating_add(o));
        match next {
            Some((m, e, o)) if d > 1 => {
                let mv =
                    legal_move(&pos, m).unwrap_or_else(|| unreachable!("{m} is one of our moves"));
                report.path_san.push(san_plus(&pos, &mv).to_string());
                report.path.push(m.clone());
                pos.play_unchecked(&mv);
                here.moves.push(mv);
                promised = Some((*e, *o));
                d -= 1;
            }
            Some((m, e, _)) => {
                report.note = Some(format!(
                    "at depth 1 every move counts 1 node; the engine printed {m}: {e}"
                ));
                repro = Some((0, 1));
                break;
            }
            None => {
                if let Some((e, _)) = promised {
                    report.note = Some(format!(
                        "the engine counted {e} nodes below {} one level up, but {} from this position (as do the rules)",
                        report.path.last().map_or("", String::as_str),
                        theirs.total
                    ));
                    repro = Some((1, d + 1));
                }
                break;
            }
        }
    }
    if let Some((back, repro_depth)) = repro {
        report.agree = false;
        report.fen = pos.to_setup().to_fen();
        report.depth_there = d;
        report.reasons = reasons(&pos, &here, &report.missing, &report.extra);
        let moves = here.uci_moves();
        let moves = &moves[..moves.len() - back];
        report.reproduce = engine
            .cli_flag()
            .map(|flag| reproduce_command(&flag, &report.start_fen, moves, repro_depth));
    }
    Ok(report)
}

/// The [`MoveReason`]s of the missing and extra moves of `pos`, reached by `case`.
///
/// [`super::explain`] judges the position by the move rules alone, as perft counts (an ended
/// game is no reason), not a game: it is given `pos` with the en-passant square of
/// the case's last move when that was a double push (so an en-passant capture that would
/// expose the king is refused for that, not for a missing double step), and the half-move
/// clock reset (perft knows no draw by the 75-move rule).
fn reasons<R: Rules>(
    pos: &R,
    case: &Case,
    missing: &[String],
    extra: &[String],
) -> Vec<MoveReason> {
    let mut setup = pos.to_setup();
    setup.halfmoves = 0;
    if let Some(m) = case.moves.last() {
        let pawn = pos.piece_at(m.to).map(|p| p.role) == Some(Role::Pawn);
        if pawn && m.from.rank().abs_diff(m.to.rank()) == 2 {
            let mut with_ep = setup;
            with_ep.ep_square = Square::from_coords(m.to.file(), (m.from.rank() + m.to.rank()) / 2);
            if with_ep.validate(pos.castling_mode()).is_ok() {
                setup = with_ep;
            }
        }
    }
    let game = Game::from_setup(&setup, pos.castling_mode());
    let explained = |uci: &str| {
        let game = game.as_ref().map_err(|e| ExplainError::Setup(e.clone()))?;
        explain_game_with(game, uci, GameEnd::Ignored)
    };
    let one = |uci: &String, side: Side| match explained(uci) {
        Ok(e) => MoveReason {
            uci: uci.clone(),
            side,
            reason: e.reason,
            clause: e.clause,
            fide: e.fide,
            detail: e.detail,
        },
        Err(e) => MoveReason {
            uci: uci.clone(),
            side,
            reason: None,
            clause: String::new(),
            fide: String::new(),
            detail: format!("no explanation: {e}"),
        },
    };
    missing
        .iter()
        .map(|m| one(m, Side::Missing))
        .chain(extra.iter().map(|m| one(m, Side::Extra)))
        .collect()
}

/// `vdmchess diff FLAG --fen START [--moves ...] --depth D`, the words quoted for a shell.
///
/// ```
/// use vdmchess::oracle::diff::reproduce_command;
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// assert_eq!(
///     reproduce_command("--engine stockfish", start, &["e2e4".to_string()], 1),
///     "vdmchess diff --engine stockfish --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --moves e2e4 --depth 1"
/// );
/// ```
#[must_use]
pub fn reproduce_command(flag: &str, start_fen: &str, moves: &[String], depth: u32) -> String {
    let mut command = format!("vdmchess diff {flag} --fen {}", quote(start_fen));
    if !moves.is_empty() {
        command.push_str(" --moves ");
        command.push_str(&moves.join(" "));
    }
    command.push_str(&format!(" --depth {depth}"));
    command
}

/// The legal move of `pos` written `uci` in its castling mode.
pub(crate) fn legal_move<R: Rules>(pos: &R, uci: &str) -> Option<Move> {
    pos.legal_moves()
        .into_iter()
        .find(|m| m.to_uci(pos.castling_mode()) == uci)
}
