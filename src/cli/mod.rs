//! The subcommands of the `vdmchess` binary, one module each, and what they share.

use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, MaterialLimits, Setup};

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
        .map_err(|e| e.to_string())?;
    Ok((setup, mode))
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
