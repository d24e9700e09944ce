//! The `vdmchess` command line: `perft`, `replay` and `show`.
//!
//! The arguments are declared here; each subcommand runs in its own module of `cli/`.
//!
//! Exit codes: 0 success; 1 a check failed (a game of `replay` had an error, or `perft
//! --rules both` found a difference); 2 bad arguments or input that cannot be read (an invalid
//! FEN, a missing file).

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod cli;

use cli::perft::{perft_command, perft_compare, PerftArgs};
use cli::{replay::replay_command, show::show_command};
use vdmchess::core::{Chess, Position};
use vdmchess::model::game::Game;
use vdmchess::runner::{Lockstep, Single};

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
pub(crate) enum RulesArg {
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
        /// Threads sharing the count (the tree is split one or two plies below the root).
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
        } => {
            let args = PerftArgs {
                depth,
                fen: fen.as_deref(),
                divide,
                threads,
                chess960,
            };
            match rules {
                RulesArg::Core => perft_command::<Position>(args),
                RulesArg::Model => perft_command::<Game>(args),
                RulesArg::Both => perft_compare::<Game, Position>(args),
            }
        }
        Command::Replay {
            files,
            rules,
            jobs,
            json,
            strict,
            errors_only,
        } => match rules {
            RulesArg::Core => {
                replay_command::<Single<Chess>>(files, jobs, json, strict, errors_only)
            }
            RulesArg::Model => {
                replay_command::<Single<Game>>(files, jobs, json, strict, errors_only)
            }
            RulesArg::Both => {
                replay_command::<Lockstep<Game, Chess>>(files, jobs, json, strict, errors_only)
            }
        },
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
