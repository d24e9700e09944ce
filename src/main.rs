//! The `vdmchess` command line: `perft`, `replay` and `show`.
//!
//! Exit codes: 0 success; 1 a check failed (a game of `replay` had an error, or `perft
//! --rules both` found a difference); 2 bad arguments or input that cannot be read (an invalid
//! FEN, a missing file).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand, ValueEnum};

use vdmchess::core::Chess;
use vdmchess::model::game::Game;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::san::SanMode;
use vdmchess::rules::{perft_divide, Rules};
use vdmchess::runner::{self, GameReport, Options, RulesChoice, Summary};
use vdmchess::{CastlingMode, Move, Setup};

#[derive(Parser)]
#[command(
    name = "vdmchess",
    version,
    about = "An executable specification of chess, a fast core proven equal to it, and a PGN replay runner"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum RulesArg {
    /// The fast bitboard core.
    Core,
    /// The reference model (the executable specification).
    Model,
    /// Both, compared.
    Both,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (Stockfish's `go perft` format).
    Perft {
        /// Depth in plies.
        #[arg(long, short)]
        depth: u32,
        /// The position (FEN, X-FEN or Shredder-FEN); the start position by default.
        #[arg(long)]
        fen: Option<String>,
        /// Print each legal move with its count (`e2e4: 20`), then `Nodes searched: N`.
        #[arg(long)]
        divide: bool,
        /// Which rules count; `both` prints the moves whose counts differ.
        #[arg(long, value_enum, default_value = "core")]
        rules: RulesArg,
        /// Threads for the core's perft (split at the root).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Write castling as king-takes-rook (Chess960); implied by non-standard castling rights.
        #[arg(long)]
        chess960: bool,
    },
    /// Replay every game of PGN files (`.pgn`, `.pgn.zst`, `.pgn.gz`, or `-` for standard input).
    Replay {
        /// The files; standard input when none.
        files: Vec<String>,
        /// Which rules replay the moves; `both` reports where model and core disagree.
        #[arg(long, value_enum, default_value = "core")]
        rules: RulesArg,
        /// Worker threads replaying chunks of the input at once (reports stay in file order).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// One JSON object per game on standard output.
        #[arg(long)]
        json: bool,
        /// Reject every SAN leniency (missing `+`, `0-0`, UCI text ...).
        #[arg(long)]
        strict: bool,
        /// Print only the games with errors (and the summary).
        #[arg(long)]
        errors_only: bool,
    },
    /// Show a position: board, FEN, status and legal moves.
    Show {
        /// The position; the start position by default.
        #[arg(long)]
        fen: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft {
            depth,
            fen,
            divide,
            rules,
            threads,
            chess960,
        } => perft_command(depth, fen.as_deref(), divide, rules, threads, chess960),
        Command::Replay {
            files,
            rules,
            jobs,
            json,
            strict,
            errors_only,
        } => replay_command(files, rules, jobs, json, strict, errors_only),
        Command::Show { fen } => show_command(fen.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn setup_of(fen: Option<&str>, chess960: bool) -> Result<(Setup, CastlingMode), String> {
    let setup = match fen {
        Some(fen) => parse_fen(fen).map_err(|e| e.to_string())?,
        None => Setup::start(),
    };
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        setup.castling_mode_hint()
    };
    setup.validate(mode).map_err(|e| e.to_string())?;
    Ok((setup, mode))
}

fn perft_command(
    depth: u32,
    fen: Option<&str>,
    divide: bool,
    rules: RulesArg,
    threads: usize,
    chess960: bool,
) -> Result<ExitCode, String> {
    let (setup, mode) = setup_of(fen, chess960)?;
    let out = io::stdout();
    let mut out = out.lock();
    let start = Instant::now();
    let (lines, total, differ) = match rules {
        RulesArg::Core => {
            let pos = Chess::from_setup(&setup, mode).map_err(|e| e.to_string())?;
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

fn replay_command(
    files: Vec<String>,
    rules: RulesArg,
    jobs: usize,
    json: bool,
    strict: bool,
    errors_only: bool,
) -> Result<ExitCode, String> {
    if jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    let files = if files.is_empty() {
        vec!["-".to_string()]
    } else {
        files
    };
    let options = Options {
        rules: match rules {
            RulesArg::Core => RulesChoice::Core,
            RulesArg::Model => RulesChoice::Model,
            RulesArg::Both => RulesChoice::Both,
        },
        san_mode: if strict {
            SanMode::Strict
        } else {
            SanMode::Lenient
        },
        jobs,
    };
    let bytes = Arc::new(AtomicU64::new(0));
    let progress_on = io::stderr().is_terminal();
    let start = Instant::now();
    let mut summary = Summary::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut write_error: Option<io::Error> = None;
    let mut last_draw = Instant::now();
    for file in &files {
        let input = runner::input::open(file, Arc::clone(&bytes)).map_err(|e| e.to_string())?;
        let mut sink = |report: GameReport| {
            summary.add(&report);
            if write_error.is_none() && (!errors_only || report.error.is_some()) {
                let written = if json {
                    serde_json::to_writer(&mut out, &report)
                        .map_err(io::Error::other)
                        .and_then(|()| out.write_all(b"\n"))
                } else {
                    writeln!(out, "{report}")
                };
                if let Err(e) = written {
                    write_error = Some(e);
                }
            }
            if progress_on && last_draw.elapsed() >= Duration::from_millis(200) {
                last_draw = Instant::now();
                let b = bytes.load(Ordering::Relaxed);
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                eprint!(
                    "\r\x1b[K{:.1} MB, {} games, {:.0} games/s",
                    b as f64 / 1e6,
                    summary.games,
                    summary.games as f64 / secs
                );
            }
        };
        runner::replay_reader(input, file, &options, &mut sink)
            .map_err(|e| format!("{file}: {e}"))?;
    }
    out.flush().map_err(|e| e.to_string())?;
    if let Some(e) = write_error {
        if e.kind() != io::ErrorKind::BrokenPipe {
            return Err(e.to_string());
        }
    }
    summary.bytes = bytes.load(Ordering::Relaxed);
    if progress_on {
        eprint!("\r\x1b[K");
    }
    eprintln!("{}", summary.line(start.elapsed()));
    Ok(if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn show_command(fen: Option<&str>) -> Result<ExitCode, String> {
    let (setup, mode) = setup_of(fen, false)?;
    let pos = Chess::from_setup(&setup, mode).map_err(|e| e.to_string())?;
    let mut text = String::new();
    for rank in (0..8u8).rev() {
        text.push_str(&format!("{} ", rank + 1));
        for file in 0..8u8 {
            let sq = vdmchess::Square::from_coords(file, rank).expect("file and rank below 8");
            text.push(' ');
            text.push(pos.piece_at(sq).map_or('.', |p| p.char()));
        }
        text.push('\n');
    }
    text.push_str("   a b c d e f g h\n\n");
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| vdmchess::notation::san::SanPlus::from_move(&pos, m).to_string())
        .collect();
    println!(
        "{text}fen: {}\nstatus: {}\ncheck: {}\nlegal moves ({}): {}",
        pos.to_setup().to_fen(),
        pos.status(),
        pos.is_check(),
        moves.len(),
        moves.join(" ")
    );
    Ok(ExitCode::SUCCESS)
}
