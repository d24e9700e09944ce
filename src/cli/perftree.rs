//! `vdmchess perftree DEPTH FEN [MOVES]`: perftree's script convention, answered by the core.

use std::process::ExitCode;

use vdmchess::oracle::case::Case;
use vdmchess::oracle::divide::our_divide;
use vdmchess::MaterialLimits;

use super::{out, setup_of, Outcome, PositionOptions};

pub(crate) fn perftree_command(depth: u32, fen: &str, moves: Option<&str>) -> Outcome {
    if depth == 0 {
        return Err("the depth must be at least 1".into());
    }
    let (setup, mode) = setup_of(Some(fen), PositionOptions::default())?;
    let moves: Vec<&str> = moves.unwrap_or("").split_whitespace().collect();
    let case =
        Case::from_uci(setup, mode, &moves, MaterialLimits::Enforced).map_err(|e| e.to_string())?;
    let pos = case
        .validate(MaterialLimits::Enforced)
        .map_err(|e| e.to_string())?;
    let text = our_divide(pos.position(), depth).to_perftree_text();
    out(text)?;
    Ok(ExitCode::SUCCESS)
}
