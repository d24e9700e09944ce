//! The subcommands of the `vdmchess` binary, one module each, and what they share.

use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, Setup};

pub(crate) mod explain;
pub(crate) mod perft;
pub(crate) mod progress;
pub(crate) mod replay;
pub(crate) mod show;

/// The position a `--fen` argument names (the start position when absent), validated, and the
/// castling mode it implies (Chess960 when asked for or when its castling rights need it).
pub(crate) fn setup_of(fen: Option<&str>, chess960: bool) -> Result<(Setup, CastlingMode), String> {
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
