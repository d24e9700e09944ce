//! `vdmchess uci`: the engine speaking UCI on standard input and output
//! ([`vdmchess::search::uci`]).

use std::io;
use std::process::ExitCode;

use super::Failure;

/// Runs the protocol until `quit`, the end of standard input, or standard output closing
/// (which ends it quietly, as it does every subcommand: [`Failure::Closed`]).
pub(crate) fn uci_command() -> super::Outcome {
    match vdmchess::search::uci::run(io::BufReader::new(io::stdin()), io::stdout()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(Failure::Closed),
        Err(e) => Err(Failure::Message(e.to_string())),
    }
}
