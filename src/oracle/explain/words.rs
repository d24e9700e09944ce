//! How an explanation names things: pieces, colours, lists of pieces, and the FIDE article of
//! each piece's move.

use crate::model::piece::{Colour, Piece, PieceType};

/// `white` or `black`.
pub(super) fn colour(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// `White` or `Black`, as a side.
pub(super) fn side(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// `pawn`, `knight`, ...
pub(super) fn kind(t: PieceType) -> &'static str {
    match t {
        PieceType::Pawn => "pawn",
        PieceType::Knight => "knight",
        PieceType::Bishop => "bishop",
        PieceType::Rook => "rook",
        PieceType::Queen => "queen",
        PieceType::King => "king",
    }
}

/// `a queen`, `an ...`: the article before a piece type.
pub(super) fn a_kind(t: PieceType) -> String {
    format!("a {}", kind(t))
}

/// `the white knight on g1`.
pub(super) fn piece(p: Piece) -> String {
    format!(
        "the {} {} on {}",
        colour(p.colour),
        kind(p.piece_type),
        p.coord
    )
}

/// `the black bishop on a6`, `the black bishop on a6 and the black rook on f8`, `A, B and C`.
pub(super) fn pieces(ps: &[Piece]) -> String {
    let names: Vec<String> = ps.iter().map(|p| piece(*p)).collect();
    match names.split_last() {
        None => String::from("nothing"),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The FIDE Laws article that defines how a piece of this type moves.
pub(super) fn move_article(t: PieceType) -> &'static str {
    match t {
        PieceType::Bishop => "3.2",
        PieceType::Rook => "3.3",
        PieceType::Queen => "3.4",
        PieceType::Knight => "3.6",
        PieceType::Pawn => "3.7",
        PieceType::King => "3.8.1",
    }
}

/// How a piece of this type moves, in a few words.
pub(super) fn how_it_moves(t: PieceType) -> &'static str {
    match t {
        PieceType::Bishop => "along a diagonal",
        PieceType::Rook => "along a file or a rank",
        PieceType::Queen => "along a file, a rank or a diagonal",
        PieceType::Knight => {
            "two squares along a file or rank and then one square to the side (an L)"
        }
        PieceType::Pawn => {
            "one square forward, two from its start rank, or one diagonally forward to capture"
        }
        PieceType::King => "one square in any direction (castling apart)",
    }
}
