//! Castling, judged by its own reasons (FIDE Laws 3.8.2): the right, the path, the attacked
//! squares, as ``BoardModule`castling_rights`` and ``BoardModule`may_castle`` define them.

use super::judge::{arrow, attackers, king_in_check, squares, Finding, Judgement};
use super::{articles, words, Marks, Reason};
use crate::model::array::pre_move_on_array;
use crate::model::board::{
    castling_destinations, castling_rights, ends_right, piece_at, stateful_impossible_moves, Board,
    Move,
};
use crate::model::game::Game;
use crate::model::piece::{opposite_colour, Colour, Coordinate, Piece, PieceType};
use crate::notation::san::CastlingSide;

/// Where the king of `colour` starts in standard chess: e1 or e8 (FIDE Laws 2.3).
pub(super) fn king_start_square(colour: Colour) -> Coordinate {
    let rank = if colour == Colour::White { 0 } else { 7 };
    Coordinate::from_index(rank * 8 + 4)
}

/// Where the king on `king` lands castling towards `side`: the g- or c-file of its rank.
pub(crate) fn king_destination(king: Coordinate, side: CastlingSide) -> Coordinate {
    let file = if side == CastlingSide::KingSide { 6 } else { 2 };
    Coordinate::from_index(((king.y() - 1) * 8 + file) as usize)
}

/// `king side (O-O)` or `queen side (O-O-O)`.
fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "king side (O-O)",
        CastlingSide::QueenSide => "queen side (O-O-O)",
    }
}

/// Whether the rook on `r` stands towards `side` of the king on `k`.
fn on_side(k: Coordinate, r: Coordinate, side: CastlingSide) -> bool {
    (r.x() > k.x()) == (side == CastlingSide::KingSide)
}

/// The coordinates from `a` to `b` on `a`'s rank, both included, in that order.
fn span(a: Coordinate, b: Coordinate) -> Vec<Coordinate> {
    let step = if b.x() >= a.x() { 1 } else { -1 };
    let mut out = Vec::new();
    let mut x = a.x() as i32;
    loop {
        if let Ok(c) = Coordinate::new(x, a.y() as i32) {
            out.push(c);
        }
        if x == b.x() as i32 {
            return out;
        }
        x += step;
    }
}

/// Judges castling of `king` towards `side`, with the rook on `named` when the move text
/// names it (king takes rook): `castling_right`, `castling_path`, `castling_check`, then
/// `king_in_check`. `None` only if the model refuses a castling no reason explains (a bug).
pub(super) fn judge_castling(
    game: &Game,
    king: Piece,
    side: CastlingSide,
    named: Option<Coordinate>,
) -> Option<Judgement> {
    let board = game.board();
    let s = board.state();
    let colour = king.colour;
    let rights: Vec<Coordinate> = castling_rights(board)
        .into_iter()
        .filter(|r| r.y() == king.coord.y() && on_side(king.coord, *r, side))
        .filter(|r| named.map_or(true, |n| n == *r))
        .collect();
    let Some(&rook) = rights.first() else {
        return Some(Judgement::Illegal(no_right(board, king, side, named)));
    };
    let (king_to, rook_to) = castling_destinations(king.coord, rook);
    let mut in_the_way: Vec<Piece> = span(king.coord, king_to)
        .into_iter()
        .chain(span(rook, rook_to))
        .filter(|&c| c != king.coord && c != rook)
        .filter_map(|c| piece_at(s, c))
        .collect();
    in_the_way.sort();
    in_the_way.dedup();
    if !in_the_way.is_empty() {
        let verb = if in_the_way.len() == 1 {
            "stands"
        } else {
            "stand"
        };
        return Some(Judgement::Illegal(Finding {
            reason: Reason::CastlingPath,
            clause: "BoardModule`may_castle",
            fide: articles::BETWEEN,
            detail: format!(
                "castling needs the squares between the king on {} and the rook on {rook} empty, and {} {verb} in the way",
                king.coord,
                words::pieces(&in_the_way)
            ),
            marks: squares(&in_the_way.iter().map(|p| p.coord).collect::<Vec<_>>()),
        }));
    }
    let enemy = opposite_colour(colour);
    for c in span(king.coord, king_to) {
        let by = attackers(s, enemy, c);
        if by.is_empty() {
            continue;
        }
        let who = words::pieces(&by);
        let detail = if c == king.coord {
            format!("{} is in check from {who}", words::piece(king))
        } else if c == king_to {
            format!("{c}, where the king would land, is attacked by {who}")
        } else {
            format!("{c}, which the king crosses, is attacked by {who}")
        };
        return Some(Judgement::Illegal(Finding {
            reason: Reason::CastlingCheck,
            clause: "BoardModule`may_castle",
            fide: articles::ATTACKED,
            detail,
            marks: Marks {
                squares: vec![c.into()],
                arrows: by.iter().map(|a| arrow(a.coord, c)).collect(),
            },
        }));
    }
    let m = Move::new(king, king.at(rook)).ok()?;
    // `m in set possible_moves(b)`: BoardModule`pre_move, by its fast form.
    if pre_move_on_array(board, m) {
        return Some(Judgement::Legal(m));
    }
    if stateful_impossible_moves(board).contains(&m) {
        return Some(Judgement::Illegal(king_in_check(s, king, &m, false)));
    }
    None
}

/// `castling_right`: no right on that side (or with the named rook); says which move of the
/// history ended it, if one did.
fn no_right(board: &Board, king: Piece, side: CastlingSide, named: Option<Coordinate>) -> Finding {
    let colour = king.colour;
    let start = board.start();
    let start_king = start
        .state()
        .pieces()
        .iter()
        .find(|p| p.piece_type == PieceType::King && p.colour == colour)
        .map_or(king.coord, |p| p.coord);
    let what = match named {
        Some(r) => format!("with the rook on {r}"),
        None => side_name(side).to_string(),
    };
    let had = start.castling().iter().copied().find(|r| {
        r.y() == start_king.y() && on_side(start_king, *r, side) && named.map_or(true, |n| n == *r)
    });
    let ended = had.and_then(|r| {
        board
            .history()
            .iter()
            .enumerate()
            .find(|(_, m)| ends_right(**m, r))
            .map(|(i, m)| (r, i, *m))
    });
    let why = match ended {
        Some((r, i, m)) => {
            let what_happened = if m.from_().piece_type == PieceType::King {
                format!("the {} king moved", words::colour(colour))
            } else if m.from_().coord == r {
                format!("the rook on {r} moved")
            } else {
                format!("the rook on {r} was captured")
            };
            format!(
                "the right ended when {what_happened} ({m}, half-move {} of the game)",
                i + 1
            )
        }
        None => "the castling rights of the position do not include it".to_string(),
    };
    let marks = named.map_or_else(|| squares(&[king.coord]), |r| squares(&[king.coord, r]));
    Finding {
        reason: Reason::CastlingRight,
        clause: "BoardModule`castling_rights",
        fide: articles::RIGHT_LOST,
        detail: format!("{} may not castle {what}: {why}", words::side(colour)),
        marks,
    }
}
