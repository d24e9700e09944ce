//! The `vdmchess` command line: `perft`, `replay`, `show`, `explain`, `book`, the oracle's
//! `diff`, `fuzz` and `perftree`, and the engine's `uci` and `analyse`.
//!
//! The arguments are declared here; each subcommand runs in its own module of `cli/`.
//!
//! Exit codes: 0 success; 1 a check failed (a game of `replay` had an error, `perft
//! --rules both` found a difference, `explain` judged the move illegal, an engine differs from
//! the rules in `diff` or `fuzz`, `book` has no entry for the position); 2 bad arguments or input that cannot be read (an invalid FEN,
//! a missing file), or an engine that failed (did not start, did not answer in time, died,
//! printed something else); 141 standard output closed by its reader (`| head`), the
//! subcommand stopped quietly as a Unix tool killed by `SIGPIPE` does.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

mod cli;

use cli::{
    analyse::{analyse_command, AnalyseArgs},
    book::{book_command, BookArgs},
    diff::diff_command,
    explain::explain_command,
    fuzz::fuzz_command,
    limits,
    perft::{perft_command, perft_compare, PerftArgs},
    perftree::perftree_command,
    replay::{replay_command, ExportArgs},
    show::{show_command, ShowArgs},
    uci::uci_command,
    Failure, PositionOptions, CLOSED_EXIT_CODE, LENIENT_NEEDS_CORE,
};
use vdmchess::core::{Chess, Position};
use vdmchess::model::game::Game;
use vdmchess::render::text::Glyphs;
use vdmchess::runner::{Lockstep, Single};
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

/// The rules our side of a comparison is computed with.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub(crate) enum OurRules {
    /// The fast bitboard core.
    Core,
    /// The reference model (the executable specification).
    Model,
}

/// The engine compared with the rules: a UCI engine, or a perftree-style script.
#[derive(Args)]
#[group(required = true, multiple = false)]
pub(crate) struct EngineArgs {
    /// A UCI engine that answers `go perft N` (a command line, split as a shell would).
    #[arg(long)]
    pub(crate) engine: Option<String>,
    /// A perftree-style script, run as `CMD DEPTH "FEN" ["MOVES"]`.
    #[arg(long)]
    pub(crate) script: Option<String>,
}

/// The arguments of `vdmchess diff`.
#[derive(Args)]
pub(crate) struct DiffArgs {
    #[command(flatten)]
    pub(crate) engine: EngineArgs,
    /// The start position (FEN, X-FEN or Shredder-FEN); the standard start by default.
    #[arg(long)]
    pub(crate) fen: Option<String>,
    /// Moves played from the start before comparing (UCI or SAN).
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub(crate) moves: Vec<String>,
    /// Depth in plies, 1 to 32.
    #[arg(long, short, value_parser = limits::perft_depth(1))]
    pub(crate) depth: u32,
    /// Which rules we count with.
    #[arg(long, value_enum, default_value = "core")]
    pub(crate) rules: OurRules,
    /// One JSON object on standard output.
    #[arg(long)]
    pub(crate) json: bool,
    /// Seconds to wait for each answer of the engine, above 0 and at most 86400 (a day).
    #[arg(long, default_value_t = 30.0)]
    pub(crate) timeout: f64,
    /// Accept positions beyond the material limits (more than 16 pieces or 8 pawns a side).
    #[arg(long)]
    pub(crate) lenient: bool,
    /// Write castling as king-takes-rook (Chess960); implied by non-standard castling rights.
    #[arg(long)]
    pub(crate) chess960: bool,
}

/// The arguments of `vdmchess fuzz`.
#[derive(Args)]
pub(crate) struct FuzzArgs {
    #[command(flatten)]
    pub(crate) engine: EngineArgs,
    /// How many cases to compare, 1 to 1000000000.
    #[arg(long, default_value_t = 1000, value_parser = limits::fuzz_cases())]
    pub(crate) cases: u64,
    /// The seed of the case generator (the same seed gives the same run); random when absent.
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// The perft depth of each comparison, 1 or 2.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=2))]
    pub(crate) depth: u32,
    /// One JSON object on standard output.
    #[arg(long)]
    pub(crate) json: bool,
    /// Seconds to wait for each answer of the engine, above 0 and at most 86400 (a day).
    #[arg(long, default_value_t = 30.0)]
    pub(crate) timeout: f64,
    /// Also generate positions beyond the material limits.
    #[arg(long)]
    pub(crate) lenient: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (Stockfish's `go perft` format).
    Perft {
        /// Depth in plies, 0 to 32.
        #[arg(long, short, value_parser = limits::perft_depth(0))]
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
        /// Threads sharing the count (the tree is split one or two plies below the root), 1 to
        /// 1024.
        #[arg(long, default_value_t = 1, value_parser = limits::threads())]
        threads: u32,
        /// Write castling as king-takes-rook (Chess960); implied by non-standard castling rights.
        #[arg(long)]
        chess960: bool,
        /// Accept positions beyond the material limits (more than 16 pieces or 8 pawns a side;
        /// `--rules core` only).
        #[arg(long)]
        lenient: bool,
    },
    /// Replay every game of PGN files: plain text, zstd or gzip, told apart by the first bytes
    /// whatever the file's name (`-` is standard input).
    Replay {
        /// The files; standard input when none.
        files: Vec<String>,
        /// Which rules replay the moves; `both` reports where model and core disagree.
        #[arg(long, value_enum, default_value = "core")]
        rules: RulesArg,
        /// Worker threads replaying chunks of the input at once (reports stay in file order), 1
        /// to 1024.
        #[arg(long, default_value_t = 1, value_parser = limits::threads())]
        jobs: u32,
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
        /// Write the games that failed, and those with an illegal move in a variation (unless
        /// --no-variations), to FILE, unchanged.
        #[arg(long, value_name = "FILE")]
        export_errors: Option<String>,
        /// Leave variations out of the export instead of replaying them.
        #[arg(long)]
        no_variations: bool,
    },
    /// Show a position: board, FEN, status and legal moves; with --svg, a picture of it.
    Show {
        /// The position; the start position by default.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the position first (UCI or SAN); the last is tinted in the SVG
        /// unless --lastmove says otherwise.
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
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
        #[arg(long, value_name = "UCI", requires = "svg")]
        lastmove: Option<String>,
        /// Arrows to draw (in the SVG), e.g. e2e4,g1f3.
        #[arg(long, value_name = "UCI,...", value_delimiter = ',', requires = "svg")]
        arrows: Vec<String>,
        /// Squares to mark (in the SVG), e.g. e4,d5.
        #[arg(long, value_name = "SQ,...", value_delimiter = ',', requires = "svg")]
        squares: Vec<String>,
        /// Accept positions beyond the material limits (more than 16 pieces or 8 pawns a side).
        #[arg(long)]
        lenient: bool,
    },
    /// Find the first position where an engine's perft divide differs from the rules', and why.
    Diff(DiffArgs),
    /// Compare an engine with the rules on generated positions; shrink the first difference.
    Fuzz(FuzzArgs),
    /// Answer perftree's script convention: `vdmchess perftree DEPTH FEN [MOVES]`.
    Perftree {
        /// Depth in plies, 1 to 32.
        #[arg(value_parser = limits::perft_depth(1))]
        depth: u32,
        /// The position (FEN, X-FEN or Shredder-FEN).
        fen: String,
        /// Moves played from it first, separated by spaces (UCI move text).
        moves: Option<String>,
    },
    /// Say whether a move is legal and, if not, why: the reason, the VDM clause, the FIDE
    /// article (decided by the reference model). Exit 0 legal, 1 illegal, 2 unreadable.
    Explain {
        /// The move, in SAN (`Nf3`, `O-O`, `exd6`) or UCI (`g1f3`, `e1g1`, `e7e8q`); when
        /// absent, the last of --moves is the move explained.
        #[arg(value_name = "MOVE", required_unless_present = "moves")]
        text: Option<String>,
        /// The position; the start position by default.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the position first (UCI or SAN): `explain --moves e4 e5 Ke2`
        /// plays e4 and e5 and explains Ke2.
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Print one JSON object: move, legal, reason, clause, fide, detail, uci, san,
        /// effects, marks.
        #[arg(long)]
        json: bool,
        /// Write an SVG picture of the position with the explanation marked (the attacker and
        /// the square it attacks, the pin line, the move) to FILE (`-`: standard output).
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
    },
    /// List a position's entries in a Polyglot opening book (.bin): move in UCI and SAN,
    /// weight, learn, share of the weights, in the order python-chess's chess.polyglot gives
    /// them (entries of weight 0 and entries whose move is not legal left out). Exit 0 when
    /// the position has entries, 1 when it has none, 2 when the book, the FEN or a move cannot
    /// be read.
    Book {
        /// The Polyglot book.
        file: String,
        /// The position; the start position by default.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the position first (UCI or SAN).
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Also list the entries of weight 0 (never played).
        #[arg(long)]
        all: bool,
        /// Write castling as king-takes-rook (Chess960); implied by non-standard castling rights.
        #[arg(long)]
        chess960: bool,
        /// One JSON object: fen, key, total_weight, entries (uci, san, weight, learn, percent,
        /// raw_move), skipped_weight_zero, skipped_illegal.
        #[arg(long)]
        json: bool,
    },
    /// Run the engine, speaking UCI on standard input and output (for GUIs and
    /// python-chess's chess.engine).
    Uci,
    /// Serve the playground: a page at http://ADDR/ to play on, where an illegal move is
    /// explained with the VDM++ clause that refuses it (and a JSON API, see the README).
    #[cfg(feature = "serve")]
    Serve {
        /// The address to listen on (loopback unless told otherwise).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// The position the page starts from; the standard start by default.
        #[arg(long)]
        fen: Option<String>,
        /// Chess960: castling as king-takes-rook, and without --fen a random start array.
        #[arg(long)]
        chess960: bool,
    },
    /// Search a position and print the best line in SAN, the score, the depth and the nodes.
    ///
    /// Each completed depth is printed as it goes, one line each (on standard error with
    /// --json). Ctrl-C stops the search: the last completed depth's result is printed and the
    /// exit code is 130.
    Analyse {
        /// The position; the start position by default.
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the position first (UCI or SAN); their positions count for
        /// repetitions in the search.
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Search this many plies (iterations), 1 to 127; 12 when neither --depth nor
        /// --movetime is given.
        #[arg(long, short, conflicts_with = "movetime", value_parser = limits::search_depth())]
        depth: Option<u32>,
        /// Search this many milliseconds, 1 to 86400000 (a day).
        #[arg(long, value_parser = limits::movetime_ms())]
        movetime: Option<u64>,
        /// The transposition table's size in MB, 1 to 4096 (as the engine's Hash option).
        #[arg(long, default_value_t = 64, value_parser = limits::hash_mb())]
        hash: u64,
        /// One JSON object: fen, bestmove, score ({"cp": N} or {"mate": N}), depth, seldepth,
        /// nodes, nps, time_ms, pv_san, pv_uci.
        #[arg(long)]
        json: bool,
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
            lenient,
        } => {
            let args = PerftArgs {
                depth,
                fen: fen.as_deref(),
                divide,
                threads: threads as usize,
                options: PositionOptions { chess960, lenient },
            };
            match rules {
                RulesArg::Core => perft_command::<Position>(args),
                _ if lenient => Err(Failure::from(LENIENT_NEEDS_CORE)),
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
            export,
            export_errors,
            no_variations,
        } => {
            let export = ExportArgs {
                games: export,
                errors: export_errors,
                no_variations,
            };
            match rules {
                RulesArg::Core => replay_command::<Single<Chess>>(
                    files,
                    jobs as usize,
                    json,
                    strict,
                    errors_only,
                    export,
                ),
                RulesArg::Model => replay_command::<Single<Game>>(
                    files,
                    jobs as usize,
                    json,
                    strict,
                    errors_only,
                    export,
                ),
                RulesArg::Both => replay_command::<Lockstep<Game, Chess>>(
                    files,
                    jobs as usize,
                    json,
                    strict,
                    errors_only,
                    export,
                ),
            }
        }
        Command::Show {
            fen,
            moves,
            unicode,
            svg,
            flip,
            lastmove,
            arrows,
            squares,
            lenient,
        } => show_command(&ShowArgs {
            fen: fen.as_deref(),
            moves: &moves,
            options: PositionOptions {
                chess960: false,
                lenient,
            },
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
            moves,
            json,
            svg,
        } => explain_command(fen.as_deref(), &moves, text, json, svg.as_deref()),
        Command::Book {
            file,
            fen,
            moves,
            all,
            chess960,
            json,
        } => book_command(&BookArgs {
            file: &file,
            fen: fen.as_deref(),
            moves: &moves,
            json,
            all,
            chess960,
        }),
        Command::Diff(args) => diff_command(&args),
        Command::Fuzz(args) => fuzz_command(&args),
        Command::Perftree { depth, fen, moves } => perftree_command(depth, &fen, moves.as_deref()),
        Command::Uci => uci_command(),
        #[cfg(feature = "serve")]
        Command::Serve {
            addr,
            fen,
            chess960,
        } => cli::serve::serve_command(&addr, fen.as_deref(), chess960),
        Command::Analyse {
            fen,
            moves,
            depth,
            movetime,
            hash,
            json,
        } => analyse_command(&AnalyseArgs {
            fen,
            moves,
            depth,
            movetime,
            hash: hash as usize,
            json,
        }),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Closed) => ExitCode::from(CLOSED_EXIT_CODE),
        Err(Failure::Message(message)) => {
            cli::note(format_args!("error: {message}\n"));
            ExitCode::from(2)
        }
    }
}
