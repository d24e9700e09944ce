//! The `vdmchess` command line: `perft`, `replay`, `show` and `explain`.
//!
//! The arguments are declared here; each subcommand runs in its own module of `cli/`.
//!
//! Exit codes: 0 success; 1 a check failed (a game of `replay` had an error, `perft
//! --rules both` found a difference, or `explain` judged the move illegal); 2 bad arguments or input that cannot be read (an invalid
//! FEN, a missing file).

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod cli;

use cli::{
    explain::explain_command,
    perft::perft_command,
    replay::{replay_command, ExportArgs},
    show::{show_command, ShowArgs},
};
use vdmchess::render::text::Glyphs;
use vdmchess::Color;

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
        /// Write the games that replayed to FILE as normalized PGN: Seven Tag Roster first,
        /// canonical SAN, comments, NAGs and variations kept (variations replayed too). The
        /// games are read on one thread.
        #[arg(long, value_name = "FILE")]
        export: Option<String>,
        /// Write the games that failed (or, with --export, whose variations did) to FILE,
        /// unchanged.
        #[arg(long, value_name = "FILE")]
        export_errors: Option<String>,
        /// Leave variations out of the export instead of checking them.
        #[arg(long)]
        no_variations: bool,
    },
    /// Show a position: board, FEN, status and legal moves; with --svg, a picture of it.
    Show {
        /// The position; the start position by default.
        #[arg(long)]
        fen: Option<String>,
        /// Draw the pieces as Unicode figurines instead of FEN letters.
        #[arg(long)]
        unicode: bool,
        /// Write an SVG picture of the board to FILE (`-`: standard output, and no text).
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        /// Black at the bottom.
        #[arg(long)]
        flip: bool,
        /// Tint the squares of the last move (in the SVG), e.g. e2e4.
        #[arg(long, value_name = "UCI")]
        lastmove: Option<String>,
        /// Arrows to draw (in the SVG), e.g. e2e4,g1f3.
        #[arg(long, value_name = "UCI,...", value_delimiter = ',')]
        arrows: Vec<String>,
        /// Squares to mark (in the SVG), e.g. e4,d5.
        #[arg(long, value_name = "SQ,...", value_delimiter = ',')]
        squares: Vec<String>,
    },
    /// Say whether a move is legal and, if not, why: the reason, the VDM clause, the FIDE
    /// article (decided by the reference model). Exit 0 legal, 1 illegal, 2 unreadable.
    Explain {
        /// The move, in SAN (`Nf3`, `O-O`, `exd6`) or UCI (`g1f3`, `e1g1`, `e7e8q`).
        #[arg(value_name = "MOVE")]
        text: String,
        /// The position; the start position by default.
        #[arg(long)]
        fen: Option<String>,
        /// Print one JSON object: move, legal, reason, clause, fide, detail, uci, san,
        /// effects, marks.
        #[arg(long)]
        json: bool,
        /// Write an SVG picture of the position with the explanation marked (the attacker and
        /// the square it attacks, the pin line, the move) to FILE (`-`: standard output).
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
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
            export,
            export_errors,
            no_variations,
        } => {
            let export = ExportArgs {
                games: export,
                errors: export_errors,
                no_variations,
            };
            replay_command(files, rules, jobs, json, strict, errors_only, export)
        }
        Command::Show {
            fen,
            unicode,
            svg,
            flip,
            lastmove,
            arrows,
            squares,
        } => show_command(&ShowArgs {
            fen: fen.as_deref(),
            glyphs: if unicode {
                Glyphs::Unicode
            } else {
                Glyphs::Ascii
            },
            svg: svg.as_deref(),
            bottom: if flip { Color::Black } else { Color::White },
            lastmove: lastmove.as_deref(),
            arrows: &arrows,
            squares: &squares,
        }),
        Command::Explain {
            text,
            fen,
            json,
            svg,
        } => explain_command(fen.as_deref(), &text, json, svg.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
