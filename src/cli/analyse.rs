//! `vdmchess analyse`: search one position and print the best line in SAN, the score, the
//! depth and the nodes ([`vdmchess::search::analysis`]); each completed depth as it goes (on
//! stderr with `--json`); Ctrl-C prints the last completed result and exits 130.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use vdmchess::core::Chess;
use vdmchess::search::analysis::{analyse_game, Progress};
use vdmchess::search::{Limits, Score, Signals};
use vdmchess::Rules;

use super::{outln, Outcome};

/// What `analyse` was asked.
pub(crate) struct AnalyseArgs {
    pub(crate) fen: Option<String>,
    pub(crate) moves: Vec<String>,
    pub(crate) depth: Option<u32>,
    pub(crate) movetime: Option<u64>,
    pub(crate) hash: usize,
    pub(crate) json: bool,
}

/// The depth searched when neither `--depth` nor `--movetime` is given.
pub(crate) const DEFAULT_DEPTH: u32 = 12;

/// The exit code after Ctrl-C (128 + SIGINT, as shells report it).
pub(crate) const INTERRUPTED: u8 = 130;

pub(crate) fn analyse_command(args: &AnalyseArgs) -> Outcome {
    let (setup, mode) = super::setup_of(args.fen.as_deref(), super::PositionOptions::default())?;
    let game = Chess::from_setup(&setup, mode).map_err(|e| e.to_string())?;
    let (game, _) =
        super::play_moves(game, mode, &args.moves).map_err(|e| format!("--moves: {e}"))?;
    let limits = Limits {
        depth: match (args.depth, args.movetime) {
            (None, None) => Some(DEFAULT_DEPTH),
            (d, _) => d,
        },
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    // Ctrl-C stops the search (which still completes depth 1) instead of the process.
    let signals = Signals::new();
    let interrupted = Arc::new(AtomicBool::new(false));
    for flag in [signals.stop_flag(), Arc::clone(&interrupted)] {
        signal_hook::flag::register(signal_hook::consts::SIGINT, flag)
            .map_err(|e| format!("cannot catch Ctrl-C: {e}"))?;
    }
    let json = args.json;
    let a = analyse_game(&game, &limits, args.hash, &signals, &mut |p: &Progress| {
        let i = p.info;
        let line = format!(
            "info depth {} seldepth {} score {} nodes {} nps {} time {} ms pv {}",
            i.depth,
            i.seldepth,
            i.score,
            i.nodes,
            i.nps,
            i.time.as_millis(),
            p.numbered_pv
        );
        // One whole line each, as it comes: stdout for text, stderr beside JSON.
        // A closed standard output stops the search: the result could not be printed.
        if json {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        } else if outln(line).is_err() {
            signals.stop();
        }
    });
    let r = &a.result;
    let mode = a.setup.castling_mode_hint();
    let best = r.best.map(|m| m.to_uci(mode));
    let pv_uci: Vec<String> = r.pv.iter().map(|m| m.to_uci(mode)).collect();
    let time_ms = r.time.as_millis() as u64;
    let nps = r.nodes * 1000 / time_ms.max(1);
    if args.json {
        let score = match r.score {
            Score::Cp(cp) => json!({ "cp": cp }),
            Score::Mate(n) => json!({ "mate": n }),
        };
        let out = json!({
            "fen": a.setup.to_fen(),
            "bestmove": best,
            "score": score,
            "depth": r.depth,
            "seldepth": r.seldepth,
            "nodes": r.nodes,
            "nps": nps,
            "time_ms": time_ms,
            "pv_san": a.san,
            "pv_uci": pv_uci,
        });
        outln(out)?;
    } else {
        outln(format_args!("fen: {}", a.setup.to_fen()))?;
        match best {
            Some(b) => {
                outln(format_args!(
                    "depth {} seldepth {} score {} nodes {} nps {} time {} ms",
                    r.depth, r.seldepth, r.score, r.nodes, nps, time_ms
                ))?;
                outln(format_args!("bestmove {b}"))?;
                outln(format_args!("pv {}", a.numbered_pv()))?;
            }
            None => {
                let why = if matches!(r.score, Score::Mate(_)) {
                    "checkmate"
                } else {
                    "stalemate"
                };
                outln(format_args!("no legal move: {why}"))?;
            }
        }
    }
    if interrupted.load(Ordering::SeqCst) {
        return Ok(ExitCode::from(INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}
