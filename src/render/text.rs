//! Boards as text: FEN letters in a frame (as chess.js's `ascii()` draws them), or Unicode
//! figurines.
//!
//! # Examples
//!
//! ```
//! use vdmchess::render::text::{board_text, Glyphs};
//! use vdmchess::{Color, Setup};
//! let text = board_text(&Setup::start().board, Glyphs::Ascii, Color::White);
//! assert!(text.starts_with("   +------------------------+\n 8 | r  n  b  q  k  b  n  r |\n"));
//! assert!(text.ends_with("     a  b  c  d  e  f  g  h\n"));
//! ```

use crate::types::{file_char, Color, Piece, Role, Square};

/// How pieces are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Glyphs {
    /// FEN letters, upper case for White, `.` for an empty square.
    #[default]
    Ascii,
    /// Unicode chess figurines (`♔` ... `♟`), `·` for an empty square.
    Unicode,
}

/// The Unicode figurine of a piece.
#[must_use]
pub const fn figurine(p: Piece) -> char {
    match (p.color, p.role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// The board `a1 = 0 .. h8 = 63` in a frame, rank 8 at the top when `bottom` is White, with
/// the rank digits on the left and the file letters below.
#[must_use]
pub fn board_text(board: &[Option<Piece>; 64], glyphs: Glyphs, bottom: Color) -> String {
    let (files, ranks): (Vec<u8>, Vec<u8>) = match bottom {
        Color::White => ((0..8).collect(), (0..8).rev().collect()),
        Color::Black => ((0..8).rev().collect(), (0..8).collect()),
    };
    let rule = "   +------------------------+\n";
    let mut s = String::from(rule);
    for &rank in &ranks {
        s.push_str(&format!(" {} |", rank + 1));
        for &file in &files {
            let sq = Square::from_coords(file, rank).unwrap_or(Square::new_masked(0));
            let c = match (board[sq.index()], glyphs) {
                (Some(p), Glyphs::Ascii) => p.char(),
                (Some(p), Glyphs::Unicode) => figurine(p),
                (None, Glyphs::Ascii) => '.',
                (None, Glyphs::Unicode) => '·',
            };
            s.push(' ');
            s.push(c);
            s.push(' ');
        }
        s.push_str("|\n");
    }
    s.push_str(rule);
    s.push_str("    ");
    for &file in &files {
        s.push(' ');
        s.push(file_char(file));
        s.push(' ');
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}
