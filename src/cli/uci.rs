//! `vdmchess uci`: the engine speaking UCI on standard input and output
//! ([`vdmchess::search::uci`]).

use std::io;
use std::process::ExitCode;

/// Runs the protocol until `quit` or the end of standard input.
pub(crate) fn uci_command() -> super::Outcome {
    vdmchess::search::uci::run(io::BufReader::new(io::stdin()), io::stdout())
        .map_err(|e| format!("reading standard input: {e}"))?;
    Ok(ExitCode::SUCCESS)
}
