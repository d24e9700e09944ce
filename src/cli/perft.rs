//! `vdmchess perft`: Stockfish's `go perft` format, over the core, the model or both.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use vdmchess::core::Chess;
use vdmchess::model::game::Game;
use vdmchess::rules::{perft_divide, Rules};
use vdmchess::{CastlingMode, Move};

use super::{setup_of, PositionOptions, LENIENT_NEEDS_CORE};
use crate::RulesArg;

pub(crate) fn perft_command(
    depth: u32,
    fen: Option<&str>,
    divide: bool,
    rules: RulesArg,
    threads: usize,
    options: PositionOptions,
) -> Result<ExitCode, String> {
    if options.lenient && rules != RulesArg::Core {
        return Err(LENIENT_NEEDS_CORE.into());
    }
    let (setup, mode) = setup_of(fen, options)?;
    let out = io::stdout();
    let mut out = out.lock();
    let start = Instant::now();
    let (lines, total, differ) = match rules {
        RulesArg::Core => {
            let pos = Chess::from_setup_with(&setup, mode, options.limits())
                .map_err(|e| e.to_string())?;
            if divide {
                let d = vdmchess::core::perft::perft_divide_threads(pos.position(), depth, threads);
                let total = d.iter().map(|(_, n)| n).sum();
                (lines_of(&d, mode), total, false)
            } else {
                let n = vdmchess::core::perft::perft_threads(pos.position(), depth, threads);
                (Vec::new(), n, false)
            }
        }
        RulesArg::Model => {
            let game = Game::from_setup(&setup, mode).map_err(|e| e.to_string())?;
            let d = perft_divide(&game, depth);
            let total = d.iter().map(|(_, n)| n).sum();
            (
                if divide {
                    lines_of(&d, mode)
                } else {
                    Vec::new()
                },
                total,
                false,
            )
        }
        RulesArg::Both => {
            let pos = Chess::from_setup(&setup, mode).map_err(|e| e.to_string())?;
            let game = Game::from_setup(&setup, mode).map_err(|e| e.to_string())?;
            let dc = vdmchess::core::perft::perft_divide_threads(pos.position(), depth, threads);
            let dm = perft_divide(&game, depth);
            let differences = compare_divides(&dm, &dc, mode);
            let total = dc.iter().map(|(_, n)| n).sum();
            let differ = !differences.is_empty();
            (differences, total, differ)
        }
    };
    let elapsed = start.elapsed();
    let write = |out: &mut io::StdoutLock| -> io::Result<()> {
        for line in &lines {
            writeln!(out, "{line}")?;
        }
        if divide || !lines.is_empty() {
            writeln!(out)?;
        }
        writeln!(out, "Nodes searched: {total}")
    };
    write(&mut out).map_err(|e| e.to_string())?;
    if io::stderr().is_terminal() {
        let secs = elapsed.as_secs_f64().max(1e-9);
        eprintln!("{:.3} s, {:.1} Mnps", secs, total as f64 / secs / 1e6);
    }
    Ok(if differ {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn lines_of(divide: &[(Move, u64)], mode: CastlingMode) -> Vec<String> {
    divide
        .iter()
        .map(|(m, n)| format!("{}: {}", m.to_uci(mode), n))
        .collect()
}

/// The divide lines where the model and the core differ: a move only one of them has, or a
/// different count.
fn compare_divides(model: &[(Move, u64)], core: &[(Move, u64)], mode: CastlingMode) -> Vec<String> {
    let mut out = Vec::new();
    for (m, n) in model {
        match core.iter().find(|(c, _)| c == m) {
            Some((_, nc)) if nc == n => {}
            Some((_, nc)) => out.push(format!("{}: model {} core {}", m.to_uci(mode), n, nc)),
            None => out.push(format!("{}: model {} core -", m.to_uci(mode), n)),
        }
    }
    for (m, n) in core {
        if !model.iter().any(|(x, _)| x == m) {
            out.push(format!("{}: model - core {}", m.to_uci(mode), n));
        }
    }
    out
}
