//! The labels file of `scripts/sf_labels.py`, read the same way by the Texel tuner and the
//! network trainer: one position a line, its FEN (four or six fields) and then Stockfish's
//! score in centipawns for White (an integer); blank lines and lines starting with `#` are
//! skipped.

use std::path::Path;

use vdmchess::notation::fen::parse_fen;
use vdmchess::Setup;

/// A position's key: its FEN's first four fields (the board, the side to move, castling, en
/// passant), without the move counters, so that one position met at two moves is one key.
pub fn fen_key(fen: &str) -> String {
    fen.split_ascii_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads the labels file `path` and calls `each` with every position's FEN, its parsed setup
/// and its score. A bad line (or an error of `each`) is an error naming the file, the line and
/// what is wrong.
pub fn for_each_label(
    path: &Path,
    mut each: impl FnMut(&str, Setup, i32) -> Result<(), String>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("{} line {}: {what}", path.display(), n + 1);
        let (fen, score) = line
            .rsplit_once(|c: char| c.is_ascii_whitespace())
            .ok_or_else(|| at("a FEN and a score expected".into()))?;
        let cp: i32 = score
            .parse()
            .map_err(|e| at(format!("score {score:?}: {e}")))?;
        let setup = parse_fen(fen).map_err(|e| at(format!("FEN {fen:?}: {e}")))?;
        each(fen, setup, cp).map_err(at)?;
    }
    Ok(())
}
