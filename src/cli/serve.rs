//! `vdmchess serve`: the playground, a local web server and its page.

use std::process::ExitCode;

use vdmchess::serve::{run, Config};
use vdmchess::Setup;

use super::{setup_of, PositionOptions};

/// Serves the page at `addr`, starting from `fen` (or, with `--chess960` and no FEN, a
/// Chess960 start array drawn at random).
pub(crate) fn serve_command(addr: &str, fen: Option<&str>, chess960: bool) -> super::Outcome {
    let options = PositionOptions {
        chess960,
        lenient: false,
    };
    let fen = match fen {
        Some(_) => setup_of(fen, options)?.0.to_fen(),
        None if chess960 => Setup::chess960_start(random_start()).to_fen(),
        None => Setup::start().to_fen(),
    };
    run(addr, Config { fen, chess960 })?;
    Ok(ExitCode::SUCCESS)
}

/// A Scharnagl number in 0..960, from the clock (no need for a better random source here).
fn random_start() -> u32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(518, |d| d.subsec_nanos());
    nanos % 960
}
