//! `GameModule`'s material rule: `cannot_mate` and `isInsufficientMaterial` (FIDE Laws 5.2.2,
//! 6.9), which the fast forms of the draw rules share with the literal twins.

use super::values::Game;
use crate::model::piece::{Colour, Piece, PieceType};
use crate::model::Set;

/// VDM `cannot_mate`: the colour alone cannot mate, by python-chess's rule (one-sided: false
/// whenever the colour could still mate): with a pawn, rook or queen it can; with a knight it
/// cannot only if that knight is its one piece besides the king and the opponent has nothing
/// but king and queens; with bishops it cannot only if every bishop on the board stands on one
/// square colour and there is no pawn or knight on the board; with the bare king it cannot.
#[must_use]
pub fn cannot_mate(g: &Game, colour: Colour) -> bool {
    let s = g.board.state().pieces();
    let own: Set<Piece> = s.iter().filter(|p| p.colour == colour).copied().collect();
    let kinds: Set<PieceType> = own.iter().map(|p| p.piece_type).collect();
    let heavy = Set::from(vec![PieceType::Pawn, PieceType::Rook, PieceType::Queen]);
    if !kinds.clone().intersection(heavy).is_empty() {
        false
    } else if kinds.contains(&PieceType::Knight) {
        own.len() <= 2
            && !s.iter().any(|p| {
                p.colour != colour && ![PieceType::King, PieceType::Queen].contains(&p.piece_type)
            })
    } else if kinds.contains(&PieceType::Bishop) {
        let shades: Set<u32> = s
            .iter()
            .filter(|p| p.piece_type == PieceType::Bishop)
            .map(|p| (p.coord.x() + p.coord.y()) % 2)
            .collect();
        shades.len() == 1
            && !s
                .iter()
                .any(|p| [PieceType::Pawn, PieceType::Knight].contains(&p.piece_type))
    } else {
        true
    }
}

/// VDM `isInsufficientMaterial`: neither side can mate, by the rule of [`cannot_mate`]: a dead
/// position (FIDE Laws 5.2.2, 6.9). One-sided: `true` guarantees no mate is possible; `false`
/// does not guarantee one is.
///
/// ```
/// use vdmchess::model::game::{is_insufficient_material, Game};
/// use vdmchess::{notation::fen::parse_fen, CastlingMode};
/// let kb_k = parse_fen("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1").unwrap();
/// assert!(is_insufficient_material(&Game::from_setup(&kb_k, CastlingMode::Standard).unwrap()));
/// ```
#[must_use]
pub fn is_insufficient_material(g: &Game) -> bool {
    cannot_mate(g, Colour::White) && cannot_mate(g, Colour::Black)
}
