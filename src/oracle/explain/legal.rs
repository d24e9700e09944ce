//! A legal move: the clause that allows it and what it does.

use super::judge::arrow;
use super::{words, Effect, Explanation, Marks};
use crate::model::array::Squares;
use crate::model::board::{
    castling_destinations, castling_moves, double_push_moves, en_passant_moves, promotion_moves,
    Move,
};
use crate::model::game::{is_check, is_checkmate, move_, Game};
use crate::model::piece::PieceType;
use crate::model::port::to_port_move;
use crate::notation::san::SanPlus;
use crate::rules::MoveKind;

/// Describes `m`, one of the model's `possible_moves` in `game`.
pub(super) fn describe(game: &Game, text: &str, m: Move) -> Explanation {
    let board = game.board();
    let squares = Squares::of(board.state());
    let port = to_port_move(&squares, &m);
    let (from, to) = (m.from_(), m.to_());
    let (clause, fide) = if castling_moves(board).contains(&m) {
        ("BoardModule`castling_moves", super::articles::CASTLING)
    } else if en_passant_moves(board).contains(&m) {
        ("BoardModule`en_passant_moves", "3.7.3.1")
    } else if double_push_moves(board).contains(&m) {
        ("BoardModule`double_push_moves", "3.7.2")
    } else if promotion_moves(board).contains(&m) {
        ("BoardModule`promotion_moves", "3.7.5")
    } else if from.piece_type == PieceType::Pawn {
        let capture = from.coord.x() != to.coord.x();
        (
            "BoardModule`simple_possible_moves",
            if capture { "3.7.3" } else { "3.7.1" },
        )
    } else {
        (
            "BoardModule`simple_possible_moves",
            words::move_article(from.piece_type),
        )
    };
    let mut effects = Vec::new();
    let mover = words::piece(from);
    let target = squares.get(to.coord).filter(|t| t.colour != from.colour);
    let mut arrow_to = to.coord;
    let mut detail = match port.kind {
        MoveKind::Castle => {
            effects.push(Effect::Castling);
            let (king_to, rook_to) = castling_destinations(from.coord, to.coord);
            arrow_to = king_to;
            let side = if to.coord.x() > from.coord.x() {
                "king side"
            } else {
                "queen side"
            };
            format!(
                "{} castles on the {side}: the king goes from {} to {king_to} and the rook from {} to {rook_to}",
                words::side(from.colour),
                from.coord,
                to.coord
            )
        }
        MoveKind::EnPassant => {
            effects.push(Effect::Capture);
            effects.push(Effect::EnPassant);
            let passed =
                crate::model::piece::Coordinate::new(to.coord.x() as i32, from.coord.y() as i32)
                    .ok()
                    .and_then(|c| squares.get(c));
            format!(
                "{mover} takes {} en passant and lands on {}",
                passed.map_or_else(|| "the pawn beside it".to_string(), words::piece),
                to.coord
            )
        }
        _ => {
            let mut s = match target {
                Some(t) => {
                    effects.push(Effect::Capture);
                    format!("{mover} takes {}", words::piece(t))
                }
                None => format!("{mover} goes to {}", to.coord),
            };
            if let MoveKind::Promotion(_) = port.kind {
                effects.push(Effect::Promotion);
                s.push_str(&format!(
                    " and promotes to {}",
                    words::a_kind(to.piece_type)
                ));
            }
            s
        }
    };
    if let Ok(after) = move_(game, m) {
        if is_checkmate(&after) {
            effects.push(Effect::Check);
            effects.push(Effect::Mate);
            detail.push_str(", giving checkmate");
        } else if is_check(&after) {
            effects.push(Effect::Check);
            detail.push_str(", giving check");
        }
    }
    let mode = board.start().mode();
    Explanation {
        text: text.to_string(),
        legal: true,
        reason: None,
        clause: clause.to_string(),
        fide: fide.to_string(),
        detail,
        uci: Some(port.to_uci(mode)),
        san: Some(SanPlus::from_move(game, &port).to_string()),
        effects,
        marks: Marks {
            squares: Vec::new(),
            arrows: vec![arrow(from.coord, arrow_to)],
        },
    }
}
