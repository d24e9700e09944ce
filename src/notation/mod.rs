//! Notation: FEN, SAN, UCI move text and PGN.

pub mod fen;
pub mod pgn;
pub mod san;
pub mod uci;
