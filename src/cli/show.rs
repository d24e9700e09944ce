//! `vdmchess show`: a position as text.

use std::process::ExitCode;

use vdmchess::core::Chess;
use vdmchess::Rules;

use super::{setup_of, PositionOptions};

pub(crate) fn show_command(
    fen: Option<&str>,
    options: PositionOptions,
) -> Result<ExitCode, String> {
    let (setup, mode) = setup_of(fen, options)?;
    let pos = Chess::from_setup_with(&setup, mode, options.limits()).map_err(|e| e.to_string())?;
    let mut text = String::new();
    for rank in (0..8u8).rev() {
        text.push_str(&format!("{} ", rank + 1));
        for file in 0..8u8 {
            let sq = vdmchess::Square::from_coords(file, rank).expect("file and rank below 8");
            text.push(' ');
            text.push(pos.piece_at(sq).map_or('.', |p| p.char()));
        }
        text.push('\n');
    }
    text.push_str("   a b c d e f g h\n\n");
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| vdmchess::notation::san::SanPlus::from_move(&pos, m).to_string())
        .collect();
    println!(
        "{text}fen: {}\nstatus: {}\ncheck: {}\nlegal moves ({}): {}",
        pos.to_setup().to_fen(),
        pos.status(),
        pos.is_check(),
        moves.len(),
        moves.join(" ")
    );
    Ok(ExitCode::SUCCESS)
}
