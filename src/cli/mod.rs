//! The subcommands of the `vdmchess` binary, one module each, and what they share.

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::san::{SanMode, SanPlus};
use vdmchess::oracle::explain::explain;
use vdmchess::Rules;
use vdmchess::{CastlingMode, MaterialLimits, Setup, SetupError, SetupProblem};

pub(crate) mod analyse;
pub(crate) mod book;
pub(crate) mod diff;
pub(crate) mod explain;
pub(crate) mod fuzz;
pub(crate) mod perft;
pub(crate) mod perftree;
pub(crate) mod progress;
pub(crate) mod replay;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub(crate) mod show;
pub(crate) mod uci;

/// The ranges every subcommand holds its numbers to, one set for all: clap refuses a value
/// outside with the range (`99 is not in 0..=32`), before anything runs.
pub(crate) mod limits {
    use clap::builder::{RangedI64ValueParser, RangedU64ValueParser};

    /// A depth of perft (`perft`, `perftree`, `diff`), as the engine's `go perft` takes it:
    /// [`vdmchess::rules::PERFT_DEPTH`] (from 1 where depth 0 has no meaning).
    pub(crate) fn perft_depth(least: u32) -> RangedI64ValueParser<u32> {
        let range = vdmchess::rules::PERFT_DEPTH;
        clap::value_parser!(u32)
            .range(i64::from(least.max(*range.start()))..=i64::from(*range.end()))
    }

    /// A search depth (`analyse`): 1 to the deepest iteration the search runs,
    /// [`vdmchess::search::MAX_PLY`] − 1 (what `go depth` is clamped to).
    pub(crate) fn search_depth() -> RangedI64ValueParser<u32> {
        clap::value_parser!(u32).range(1..=vdmchess::search::MAX_PLY as i64 - 1)
    }

    /// Threads (`perft --threads`, `replay --jobs`): at least one, at most 1024.
    pub(crate) fn threads() -> RangedI64ValueParser<u32> {
        clap::value_parser!(u32).range(1..=1024)
    }

    /// The transposition table in MB (`analyse --hash`), as the engine's `Hash` option takes
    /// it: [`vdmchess::search::tt::SIZE_MB`].
    pub(crate) fn hash_mb() -> RangedU64ValueParser<u64> {
        let range = vdmchess::search::tt::SIZE_MB;
        clap::value_parser!(u64).range(*range.start() as u64..=*range.end() as u64)
    }

    /// Cases (`fuzz --cases`): at least one (a run of none would pass having compared
    /// nothing), at most a billion.
    pub(crate) fn fuzz_cases() -> RangedU64ValueParser<u64> {
        clap::value_parser!(u64).range(1..=1_000_000_000)
    }

    /// Milliseconds (`analyse --movetime`): at most a day, as `--timeout`.
    pub(crate) fn movetime_ms() -> RangedU64ValueParser<u64> {
        clap::value_parser!(u64).range(1..=86_400_000)
    }
}

/// How a subcommand ends when it does not end normally.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Bad arguments or unreadable input, said on standard error (exit code 2).
    Message(String),
    /// Standard output was closed by its reader (`| head`): the subcommand stops quietly,
    /// as a Unix tool killed by `SIGPIPE` does (exit code 141, 128 + 13, as the shell shows it).
    Closed,
}

/// What a subcommand returns: its exit code, or how it failed.
pub(crate) type Outcome = Result<ExitCode, Failure>;

/// The exit code of a subcommand whose standard output was closed.
pub(crate) const CLOSED_EXIT_CODE: u8 = 141;

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Message(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Message(message.to_string())
    }
}

/// A failed write to standard output: [`Failure::Closed`] when its reader has gone.
impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Message(format!("writing standard output: {e}"))
        }
    }
}

/// Writes `text` to standard output (what `print!` does, but a closed output is a
/// [`Failure::Closed`], not a panic).
pub(crate) fn out(text: impl Display) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    write!(stdout, "{text}")?;
    stdout.flush()?;
    Ok(())
}

/// [`out`] and a newline.
pub(crate) fn outln(text: impl Display) -> Result<(), Failure> {
    out(format_args!("{text}\n"))
}

/// Writes `text` to standard error, as `eprint!` does, but a closed standard error is let
/// be: a message nobody can read is no reason to fail.
pub(crate) fn note(text: impl Display) {
    let _ = write!(io::stderr().lock(), "{text}");
}

/// How a `--fen` argument is read: `--chess960` and `--lenient`.
#[derive(Clone, Copy, Default)]
pub(crate) struct PositionOptions {
    /// Castling as king-takes-rook even when the rights are standard ones.
    pub(crate) chess960: bool,
    /// Material limits ignored.
    pub(crate) lenient: bool,
}

impl PositionOptions {
    pub(crate) fn limits(self) -> MaterialLimits {
        if self.lenient {
            MaterialLimits::Ignored
        } else {
            MaterialLimits::Enforced
        }
    }
}

/// Why `--lenient` is refused with the model.
pub(crate) const LENIENT_NEEDS_CORE: &str = "--lenient works with --rules core only: the model's start invariant (inv_start) holds a position to the material limits";

/// The position a `--fen` argument names (the start position when absent), validated, and the
/// castling mode it implies (Chess960 when asked for or when its castling rights need it).
pub(crate) fn setup_of(
    fen: Option<&str>,
    options: PositionOptions,
) -> Result<(Setup, CastlingMode), String> {
    let setup = match fen {
        Some(fen) => parse_fen(fen).map_err(|e| e.to_string())?,
        None => Setup::start(),
    };
    let mode = if options.chess960 {
        CastlingMode::Chess960
    } else {
        setup.castling_mode_hint()
    };
    setup
        .validate_with(mode, options.limits())
        .map_err(|e| setup_error_text(&e))?;
    Ok((setup, mode))
}

/// A rejected position's error, and when only the material limits refuse it, where
/// `--lenient` accepts it.
pub(crate) fn setup_error_text(e: &SetupError) -> String {
    let material = |p: &SetupProblem| {
        matches!(
            p,
            SetupProblem::TooManyPieces(_) | SetupProblem::TooManyPawns(_)
        )
    };
    if !e.problems.is_empty() && e.problems.iter().all(material) {
        format!("{e} (the material limits: --lenient accepts such positions in `perft --rules core`, `show`, `diff` and `fuzz`)")
    } else {
        e.to_string()
    }
}

/// Moves (`--moves`) played in turn from `pos`: each move in UCI (`e2e4`) or SAN (`e4`, `O-O`), an
/// argument holding one move or several separated by spaces. Returns the position after them
/// and the moves as UCI text (what an engine is sent).
///
/// # Errors
///
/// The move's number and text, and why it cannot be played: text that is no move, SAN that
/// names two moves, or an illegal move with the reason `explain` gives.
pub(crate) fn play_moves<R: Rules>(
    mut pos: R,
    mode: CastlingMode,
    texts: &[String],
) -> Result<(R, Vec<String>), String> {
    let mut played = Vec::new();
    for (i, text) in texts.iter().flat_map(|t| t.split_whitespace()).enumerate() {
        let san = SanPlus::from_ascii(text.as_bytes(), SanMode::Lenient)
            .map_err(|e| format!("move {} ({text}): {e}; expected UCI or SAN", i + 1))?;
        let m = san.san.to_move(&pos).map_err(|e| {
            let setup = pos.to_setup();
            let why = match explain(&setup, mode, text) {
                Ok(why) if !why.legal => format!(
                    "is illegal: {} (FIDE {}): {}",
                    why.reason.map_or("illegal".to_string(), |r| r.to_string()),
                    why.fide,
                    why.detail
                ),
                _ => format!("cannot be played: {e}"),
            };
            format!("move {} ({text}) {why}, in {}", i + 1, setup.to_fen())
        })?;
        played.push(m.to_uci(mode));
        pos.play_unchecked(&m);
    }
    Ok((pos, played))
}

/// The engine that `--engine` or `--script` names, started; each answer awaited at most
/// `timeout` seconds.
pub(crate) fn start_engine(
    args: &crate::EngineArgs,
    timeout: f64,
) -> Result<Box<dyn vdmchess::oracle::engine::Engine>, vdmchess::oracle::engine::EngineError> {
    use vdmchess::oracle::{engine::UciEngine, script::ScriptEngine};
    let timeout = std::time::Duration::from_secs_f64(timeout);
    match (&args.engine, &args.script) {
        (Some(command), _) => Ok(Box::new(UciEngine::start(command, timeout)?)),
        (None, Some(command)) => Ok(Box::new(ScriptEngine::new(command, timeout)?)),
        (None, None) => unreachable!("clap requires --engine or --script"),
    }
}

/// `--timeout`, checked: a positive number of seconds, at most a day.
pub(crate) fn check_timeout(seconds: f64) -> Result<f64, String> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 {
        Ok(seconds)
    } else {
        Err(format!(
            "--timeout must be a number of seconds above 0 and at most 86400, not {seconds}"
        ))
    }
}
