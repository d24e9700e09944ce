//! Notation: FEN, SAN, UCI move text and PGN.

pub mod fen;
