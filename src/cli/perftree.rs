//! `vdmchess perftree DEPTH FEN [MOVES]`: perftree's script convention, answered by the core.

use std::process::ExitCode;

use vdmchess::core::Chess;
use vdmchess::notation::uci::UciMove;
use vdmchess::oracle::case::Case;
use vdmchess::oracle::divide::our_divide;
use vdmchess::MaterialLimits;
use vdmchess::Rules;

use super::{out, play_moves, setup_of, Outcome, PositionOptions};

pub(crate) fn perftree_command(depth: u32, fen: &str, moves: Option<&str>) -> Outcome {
    let (setup, mode) = setup_of(Some(fen), PositionOptions::default())?;
    let moves: Vec<String> = moves
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let start = Chess::from_setup(&setup, mode).map_err(|e| e.to_string())?;
    // perftree sends UCI move text; SAN here is a mistake worth naming (with its UCI).
    if let Some(i) = moves
        .iter()
        .position(|m| UciMove::from_ascii(m.as_bytes()).is_err())
    {
        let uci = play_moves(start.clone(), mode, &moves[..=i])
            .ok()
            .and_then(|(_, played)| played.last().cloned());
        return Err(format!(
            "move {} ({}) is not UCI move text: perftree's moves are UCI (e2e4, e7e8q){}",
            i + 1,
            moves[i],
            uci.map_or(String::new(), |u| format!("; as UCI it is {u}"))
        )
        .into());
    }
    let (_, moves) = play_moves(start, mode, &moves)?;
    let case =
        Case::from_uci(setup, mode, &moves, MaterialLimits::Enforced).map_err(|e| e.to_string())?;
    let pos = case
        .validate(MaterialLimits::Enforced)
        .map_err(|e| e.to_string())?;
    let text = our_divide(pos.position(), depth).to_perftree_text();
    out(text)?;
    Ok(ExitCode::SUCCESS)
}
