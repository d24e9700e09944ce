//! What the judging files share: a [`Finding`] (a refusal with its clause and article), the
//! [`Judgement`] on one move, the marks of a picture, and the one refusal both the castling
//! rules and the other moves end in, `king_in_check`.

use super::words;
use super::{Arrow, Explanation, Marks, Reason};
use crate::model::board::{apply_move, attackers, king_coordinate, BoardState, Move};
use crate::model::piece::{opposite_colour, Coordinate, Piece, PieceType};

/// A refusal: the reason, the clause and article that decide it, and what to say and draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finding {
    pub(crate) reason: Reason,
    pub(crate) clause: &'static str,
    pub(crate) fide: &'static str,
    pub(crate) detail: String,
    pub(crate) marks: Marks,
}

impl Finding {
    /// The explanation of an illegal move.
    pub(crate) fn into_explanation(self, text: &str, uci: Option<String>) -> Explanation {
        Explanation {
            text: text.to_string(),
            legal: false,
            reason: Some(self.reason),
            clause: self.clause.to_string(),
            fide: self.fide.to_string(),
            detail: self.detail,
            uci,
            san: None,
            effects: Vec::new(),
            marks: self.marks,
        }
    }
}

/// The verdict on one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Judgement {
    /// One of the model's `possible_moves`.
    Legal(Move),
    /// Refused, and why.
    Illegal(Finding),
}

/// Marks of a set of squares.
pub(crate) fn squares(cs: &[Coordinate]) -> Marks {
    Marks {
        squares: cs.iter().map(|&c| c.into()).collect(),
        arrows: Vec::new(),
    }
}

/// An arrow between two coordinates.
pub(crate) fn arrow(from: Coordinate, to: Coordinate) -> Arrow {
    Arrow {
        from: from.into(),
        to: to.into(),
    }
}

/// `king_in_check`: `m` of `p` is one of `stateful_impossible_moves`; names the pieces that
/// would attack the king, and how (a king stepping into an attack, a check not parried, a pin,
/// the en-passant capture that opens a rank).
pub(crate) fn king_in_check(s: &BoardState, p: Piece, m: &Move, en_passant: bool) -> Finding {
    let mover = p.colour;
    let enemy = opposite_colour(mover);
    let after = apply_move(s, *m);
    let king_after = king_coordinate(&after, mover);
    let attackers_after: Vec<Piece> = king_after.map_or_else(Vec::new, |k| {
        attackers(&after, enemy, k).into_iter().collect()
    });
    let king_before = king_coordinate(s, mover);
    let attackers_before: Vec<Piece> =
        king_before.map_or_else(Vec::new, |k| attackers(s, enemy, k).into_iter().collect());
    let k = king_after.unwrap_or(p.coord);
    let who = words::pieces(&attackers_after);
    let king_name = format!("the {} king", words::colour(mover));
    let still = attackers_after
        .iter()
        .any(|a| attackers_before.contains(a) && a.coord != m.to_().coord);
    let detail = if p.piece_type == PieceType::King {
        format!("{king_name} would stand on {k}, attacked by {who}")
    } else if still {
        format!(
            "{king_name} on {k} is in check from {who}, and moving {} to {} does not parry it",
            words::piece(p),
            m.to_().coord
        )
    } else if en_passant {
        format!(
            "taking en passant takes two pawns off rank {}: then {who} attacks {king_name} on {k}",
            p.coord.y()
        )
    } else {
        format!(
            "{} is pinned: if it leaves {}, {who} attacks {king_name} on {k}",
            words::piece(p),
            p.coord
        )
    };
    let mut marks = Marks {
        squares: vec![k.into()],
        arrows: attackers_after.iter().map(|a| arrow(a.coord, k)).collect(),
    };
    if p.piece_type != PieceType::King {
        marks.squares.push(p.coord.into());
    }
    Finding {
        reason: Reason::KingInCheck,
        clause: "BoardModule`stateful_impossible_moves",
        fide: "3.9.2",
        detail,
        marks,
    }
}
