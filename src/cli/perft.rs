//! `vdmchess perft`: Stockfish's `go perft` format, over any implementation of the port, or
//! two compared (the dispatch on `--rules` is in `main.rs`).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use vdmchess::core::Position;
use vdmchess::model::game::Game;
use vdmchess::rules::{perft_divide_threads, perft_threads, Divide, Rules};
use vdmchess::{CastlingMode, MaterialLimits, Move, Setup, SetupError};

use super::{note, setup_of, Failure, Outcome, PositionOptions};

/// What `perft` was asked.
#[derive(Clone, Copy)]
pub(crate) struct PerftArgs<'a> {
    pub(crate) depth: u32,
    pub(crate) fen: Option<&'a str>,
    pub(crate) divide: bool,
    pub(crate) threads: usize,
    pub(crate) options: PositionOptions,
}

/// An implementation the CLI counts with, built within the material limits `--lenient` asks.
pub(crate) trait Counted: Rules + Sync {
    /// Validates `setup` (within `limits`, where the implementation allows it) and builds it.
    fn build(setup: &Setup, mode: CastlingMode, limits: MaterialLimits)
        -> Result<Self, SetupError>;
}

impl Counted for Position {
    fn build(
        setup: &Setup,
        mode: CastlingMode,
        limits: MaterialLimits,
    ) -> Result<Self, SetupError> {
        Position::from_setup_with(setup, mode, limits)
    }
}

/// The model always holds a position to the material limits (`main.rs` refuses `--lenient`).
impl Counted for Game {
    fn build(setup: &Setup, mode: CastlingMode, _: MaterialLimits) -> Result<Self, SetupError> {
        Game::from_setup(setup, mode)
    }
}

/// Counts with `R`: `e2e4: 20` lines with `--divide`, a blank line, then `Nodes searched: N`.
pub(crate) fn perft_command<R: Counted>(args: PerftArgs<'_>) -> Outcome {
    let (pos, mode) = position::<R>(args)?;
    let start = Instant::now();
    let (lines, nodes) = if args.divide {
        let d = perft_divide_threads(&pos, args.depth, args.threads);
        (lines_of(&d.moves, mode), d.nodes)
    } else {
        (Vec::new(), perft_threads(&pos, args.depth, args.threads))
    };
    print(args, &lines, nodes, start)?;
    Ok(ExitCode::SUCCESS)
}

/// Counts with `A` and `B` and prints the divide lines where they differ (none when all is
/// well), then `B`'s total; exit code 1 when they differ.
pub(crate) fn perft_compare<A: Counted, B: Counted>(args: PerftArgs<'_>) -> Outcome {
    let (a, mode) = position::<A>(args)?;
    let (b, _) = position::<B>(args)?;
    let start = Instant::now();
    let da = perft_divide_threads(&a, args.depth, args.threads);
    let db = perft_divide_threads(&b, args.depth, args.threads);
    let mut lines = compare_divides::<A, B>(&da, &db, mode);
    if da.nodes != db.nodes && lines.is_empty() {
        lines.push(format!(
            "total: {} {} {} {}",
            A::NAME,
            da.nodes,
            B::NAME,
            db.nodes
        ));
    }
    let differ = !lines.is_empty();
    print(args, &lines, db.nodes, start)?;
    Ok(if differ {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn position<R: Counted>(args: PerftArgs<'_>) -> Result<(R, CastlingMode), String> {
    let (setup, mode) = setup_of(args.fen, args.options)?;
    let pos = R::build(&setup, mode, args.options.limits()).map_err(|e| e.to_string())?;
    Ok((pos, mode))
}

fn print(args: PerftArgs<'_>, lines: &[String], nodes: u64, start: Instant) -> Result<(), Failure> {
    let elapsed = start.elapsed();
    let out = io::stdout();
    let mut out = out.lock();
    let write = |out: &mut io::StdoutLock| -> io::Result<()> {
        for line in lines {
            writeln!(out, "{line}")?;
        }
        if args.divide || !lines.is_empty() {
            writeln!(out)?;
        }
        writeln!(out, "Nodes searched: {nodes}")
    };
    write(&mut out)?;
    if io::stderr().is_terminal() {
        let secs = elapsed.as_secs_f64().max(1e-9);
        note(format_args!(
            "{:.3} s, {:.1} Mnps\n",
            secs,
            nodes as f64 / secs / 1e6
        ));
    }
    Ok(())
}

fn lines_of(divide: &[(Move, u64)], mode: CastlingMode) -> Vec<String> {
    divide
        .iter()
        .map(|(m, n)| format!("{}: {}", m.to_uci(mode), n))
        .collect()
}

/// The divide lines where `A` and `B` differ: a move only one of them has, or a different
/// count (`e2e4: model 20 core 21`).
fn compare_divides<A: Rules, B: Rules>(a: &Divide, b: &Divide, mode: CastlingMode) -> Vec<String> {
    let name = |s: &str| s.trim_start_matches("the ").to_string();
    let (na, nb) = (name(A::NAME), name(B::NAME));
    let mut out = Vec::new();
    for (m, n) in &a.moves {
        match b.moves.iter().find(|(c, _)| c == m) {
            Some((_, nc)) if nc == n => {}
            Some((_, nc)) => out.push(format!("{}: {na} {n} {nb} {nc}", m.to_uci(mode))),
            None => out.push(format!("{}: {na} {n} {nb} -", m.to_uci(mode))),
        }
    }
    for (m, n) in &b.moves {
        if !a.moves.iter().any(|(x, _)| x == m) {
            out.push(format!("{}: {na} - {nb} {n}", m.to_uci(mode)));
        }
    }
    out
}
