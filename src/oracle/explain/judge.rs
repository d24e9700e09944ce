//! The reasons, tried in order on one move of one piece: from `game_over` to `king_in_check`.
//!
//! Each test asks one of the model's spec-named functions (`piece_at`, `type_based_moves`,
//! `en_passant_target`, `possible_moves`, `stateful_impossible_moves` ...) and names it as the
//! clause. A legal move passes every test; a move that passes them all and still is not
//! possible is one of `stateful_impossible_moves`, whose reason is `king_in_check`.

use super::castling::{judge_castling, king_start_square};
use super::finding::{arrow, king_in_check, squares, Finding, Judgement};
use super::words;
use super::{side_towards, Marks, Reason};
use crate::model::array::{automatic_draw_on_array, pre_move_on_array, winner_on_array};
use crate::model::board::{
    en_passant_target, king_coordinate, last_rank, obstacles, pawn_start_rank, piece_at,
    stateful_impossible_moves, turn, BoardState, Move,
};
use crate::model::game::{AutomaticDraw, Game, Winner};
use crate::model::piece::{
    coordinate_offset, opposite_colour, pawn_direction, type_based_moves, Colour, Coordinate,
    Direction, ObstacleSet, Piece, PieceType,
};

/// How the move text was written, which decides what counts as castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reading {
    /// UCI: a king two squares along its rank from its start square (standard chess), or onto
    /// its own rook on its rank, is castling.
    Uci,
    /// SAN: castling is only `O-O` and `O-O-O`; `Kg1` is a king's step.
    San,
}

/// A finding as a judgement.
fn refuse(
    reason: Reason,
    clause: &'static str,
    fide: &'static str,
    detail: String,
    marks: Marks,
) -> Judgement {
    Judgement::Illegal(Finding {
        reason,
        clause,
        fide,
        detail,
        marks,
    })
}

/// `game_over`: the game has ended (``GameModule`pre_move``: `winner(g) = <Undecided>`).
pub(super) fn game_over(game: &Game) -> Option<Finding> {
    let board = game.board();
    let mover = turn(board);
    // GameModule`winner and `automatic_draw`, by their fast forms (proven equal to the twins
    // in tests/model_twins.rs): explain asks them for every move text it reads.
    let (fide, detail) = match winner_on_array(game) {
        Winner::Undecided => return None,
        Winner::White | Winner::Black => (
            "5.1.1",
            format!(
                "the game is over: {} is checkmated",
                words::side(mover).to_lowercase()
            ),
        ),
        Winner::Remis => match automatic_draw_on_array(game) {
            Some(AutomaticDraw::Stalemate) => (
                "5.2.1",
                format!(
                    "the game is drawn: {} has no legal move and is not in check (stalemate)",
                    words::side(mover)
                ),
            ),
            Some(AutomaticDraw::InsufficientMaterial) => (
                "5.2.2",
                "the game is drawn: neither side has the material to mate".to_string(),
            ),
            Some(AutomaticDraw::SeventyfiveMoves) => (
                "9.6.2",
                "the game is drawn: 75 moves by each side without a pawn move or capture"
                    .to_string(),
            ),
            Some(AutomaticDraw::FivefoldRepetition) | None => (
                "9.6.1",
                "the game is drawn: the same position has occurred five times".to_string(),
            ),
        },
    };
    let king = king_coordinate(board.state(), mover);
    Some(Finding {
        reason: Reason::GameOver,
        clause: "GameModule`winner",
        fide,
        detail,
        marks: squares(&king.into_iter().collect::<Vec<_>>()),
    })
}

/// The rank a pawn of `colour` stands on to take en passant (FIDE Laws 3.7.3.1).
fn en_passant_rank(colour: Colour) -> u32 {
    match colour {
        Colour::White => 5,
        Colour::Black => 4,
    }
}

/// The pawn move shapes (FIDE Laws 3.7.1-3.7.3): one step forward, two, one diagonally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PawnShape {
    Forward,
    Double,
    Diagonal,
}

fn pawn_shape(p: Piece, to: Coordinate) -> Option<PawnShape> {
    let forward = pawn_direction(p.colour).dy;
    let (dx, dy) = (
        to.x() as i32 - p.coord.x() as i32,
        to.y() as i32 - p.coord.y() as i32,
    );
    match (dx.abs(), dy) {
        (0, d) if d == forward => Some(PawnShape::Forward),
        (0, d) if d == 2 * forward => Some(PawnShape::Double),
        (1, d) if d == forward => Some(PawnShape::Diagonal),
        _ => None,
    }
}

/// Whether `p` ever moves to `to`, on an empty board (for a pawn: one of its shapes).
pub(super) fn shape_fits(p: Piece, to: Coordinate) -> bool {
    if p.piece_type == PieceType::Pawn {
        pawn_shape(p, to).is_some()
    } else {
        type_based_moves(p, &ObstacleSet::default()).contains(&p.at(to))
    }
}

/// The coordinates strictly between `a` and `b` along their line (none if not on one).
fn between(a: Coordinate, b: Coordinate) -> Vec<Coordinate> {
    let (dx, dy) = (b.x() as i32 - a.x() as i32, b.y() as i32 - a.y() as i32);
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Vec::new();
    }
    let d = Direction {
        dx: dx.signum(),
        dy: dy.signum(),
    };
    let mut out = Vec::new();
    let mut at = a;
    while let Some(next) = coordinate_offset(at, d) {
        if next == b {
            break;
        }
        out.push(next);
        at = next;
    }
    out
}

/// Judges the move of the piece on `from` to `to` (promoting to `promotion`), trying the
/// reasons in order. `None` only if the model refuses a move no reason explains (a bug).
pub(super) fn judge_move(
    game: &Game,
    from: Coordinate,
    to: Coordinate,
    promotion: Option<PieceType>,
    reading: Reading,
) -> Option<Judgement> {
    let board = game.board();
    let s = board.state();
    let mover = turn(board);
    let Some(p) = piece_at(s, from) else {
        return Some(refuse(
            Reason::NoPiece,
            "BoardModule`piece_at",
            "3.10.1",
            format!("there is no piece on {from}"),
            squares(&[from]),
        ));
    };
    if p.colour != mover {
        return Some(refuse(
            Reason::NotYourTurn,
            "BoardModule`own_pieces",
            "1.2",
            format!(
                "{} is {}'s, and it is {}'s turn",
                words::piece(p),
                words::side(p.colour),
                words::side(mover)
            ),
            squares(&[from]),
        ));
    }
    if reading == Reading::Uci && p.piece_type == PieceType::King {
        let onto_own_rook = piece_at(s, to).is_some_and(|t| {
            t.colour == mover && t.piece_type == PieceType::Rook && t.coord.y() == from.y()
        });
        let two_squares = board.start().mode() == crate::setup::CastlingMode::Standard
            && from == king_start_square(mover)
            && to.y() == from.y()
            && to.x().abs_diff(from.x()) == 2;
        if onto_own_rook || two_squares {
            // A castling move never names a promotion piece.
            if let Some(refusal) = promotion_rules(p, to, promotion) {
                return Some(refusal);
            }
            let rook = onto_own_rook.then_some(to);
            return judge_castling(game, p, side_towards(from, to), rook);
        }
    }
    if from == to {
        return Some(refuse(
            Reason::Geometry,
            "BoardModule`inv_Move",
            "3.10.1",
            format!("{} must move to another square", words::piece(p)),
            squares(&[from]),
        ));
    }
    if let Some(own) = piece_at(s, to).filter(|t| t.colour == mover) {
        return Some(refuse(
            Reason::OwnPiece,
            "PieceModule`type_based_moves",
            "3.1",
            format!(
                "{to} holds a {} {}, and no piece may move onto a piece of its own colour",
                words::colour(own.colour),
                words::kind(own.piece_type)
            ),
            squares(&[to]),
        ));
    }
    let shape = if p.piece_type == PieceType::Pawn {
        match pawn_rules(game, p, to) {
            Ok(shape) => Some(shape),
            Err(refusal) => return Some(refusal),
        }
    } else {
        if let Some(refusal) = piece_geometry(s, p, to) {
            return Some(refusal);
        }
        None
    };
    if let Some(refusal) = promotion_rules(p, to, promotion) {
        return Some(refusal);
    }
    let arrived = promotion.map_or(p.at(to), |t| Piece {
        piece_type: t,
        ..p.at(to)
    });
    let m = Move::new(p, arrived).ok()?;
    // `m in set possible_moves(b)`: BoardModule`pre_move, by its fast form.
    if pre_move_on_array(board, m) {
        return Some(Judgement::Legal(m));
    }
    if stateful_impossible_moves(board).contains(&m) {
        let en_passant = shape == Some(PawnShape::Diagonal) && piece_at(s, to).is_none();
        return Some(Judgement::Illegal(king_in_check(s, p, &m, en_passant)));
    }
    None
}

/// `geometry` and `blocked` for a piece other than a pawn (FIDE Laws 3.2-3.6, 3.8.1).
fn piece_geometry(s: &BoardState, p: Piece, to: Coordinate) -> Option<Judgement> {
    if !shape_fits(p, to) {
        return Some(refuse(
            Reason::Geometry,
            "PieceModule`type_based_moves",
            words::move_article(p.piece_type),
            format!(
                "{} moves {}, and {to} is not such a move from {}",
                words::piece(p),
                words::how_it_moves(p.piece_type),
                p.coord
            ),
            Marks {
                squares: vec![to.into()],
                arrows: vec![arrow(p.coord, to)],
            },
        ));
    }
    if !type_based_moves(p, &obstacles(s)).contains(&p.at(to)) {
        let blockers: Vec<Piece> = between(p.coord, to)
            .into_iter()
            .filter_map(|c| piece_at(s, c))
            .collect();
        let verb = if blockers.len() == 1 {
            "stands"
        } else {
            "stand"
        };
        return Some(refuse(
            Reason::Blocked,
            "PieceModule`possible_moves_direction",
            "3.5",
            format!(
                "{} {verb} between {} and {to}",
                words::pieces(&blockers),
                p.coord
            ),
            squares(&blockers.iter().map(|b| b.coord).collect::<Vec<_>>()),
        ));
    }
    None
}

/// `geometry`, `blocked`, `en_passant` and `pawn_rules` for a pawn (FIDE Laws 3.7): the
/// shape of its move if none applies.
fn pawn_rules(game: &Game, p: Piece, to: Coordinate) -> Result<PawnShape, Judgement> {
    let board = game.board();
    let s = board.state();
    let name = words::piece(p);
    let Some(shape) = pawn_shape(p, to) else {
        return Err(refuse(
            Reason::Geometry,
            "PieceModule`type_based_moves",
            "3.7",
            format!(
                "{name} moves {}; {to} is not such a move",
                words::how_it_moves(PieceType::Pawn)
            ),
            Marks {
                squares: vec![to.into()],
                arrows: vec![arrow(p.coord, to)],
            },
        ));
    };
    let target = piece_at(s, to);
    let forward = pawn_direction(p.colour);
    if shape == PawnShape::Double {
        let middle = coordinate_offset(p.coord, forward).filter(|&c| piece_at(s, c).is_some());
        if let Some(m) = middle.and_then(|c| piece_at(s, c)) {
            return Err(refuse(
                Reason::Blocked,
                "BoardModule`double_push_moves",
                "3.7.2",
                format!("{} stands between {} and {to}", words::piece(m), p.coord),
                squares(&[m.coord]),
            ));
        }
    }
    let beside = Coordinate::new(to.x() as i32, p.coord.y() as i32).ok();
    let enemy_pawn_beside = beside
        .and_then(|c| piece_at(s, c))
        .filter(|b| b.colour == opposite_colour(p.colour) && b.piece_type == PieceType::Pawn);
    let en_passant_allowed = en_passant_target(board) == Some(to);
    if shape == PawnShape::Diagonal && target.is_none() {
        if let Some(b) = enemy_pawn_beside {
            if p.coord.y() == en_passant_rank(p.colour) && !en_passant_allowed {
                return Err(refuse(
                    Reason::EnPassant,
                    "BoardModule`en_passant_moves",
                    "3.7.3.2",
                    format!(
                        "{name} may take {} en passant only on the move right after its double step, and that was not the last move",
                        words::piece(b)
                    ),
                    squares(&[b.coord, to]),
                ));
            }
        }
    }
    let broken = match (shape, target) {
        (PawnShape::Forward, Some(t)) => Some((
            "PieceModule`type_based_moves",
            "3.7.1",
            format!(
                "{name} moves forward only onto an empty square, and {to} holds {}",
                words::piece(t)
            ),
        )),
        (PawnShape::Double, _) if p.coord.y() != pawn_start_rank(p.colour) => Some((
            "BoardModule`double_push_moves",
            "3.7.2",
            format!(
                "{name} may advance two squares only from its start rank, rank {}",
                pawn_start_rank(p.colour)
            ),
        )),
        (PawnShape::Double, Some(t)) => Some((
            "BoardModule`double_push_moves",
            "3.7.2",
            format!(
                "{name} advances two squares only onto an empty square, and {to} holds {}",
                words::piece(t)
            ),
        )),
        (PawnShape::Diagonal, None) if !(en_passant_allowed && enemy_pawn_beside.is_some()) => {
            Some((
                "PieceModule`type_based_moves",
                "3.7.3",
                format!("{name} moves diagonally only to capture, and {to} is empty"),
            ))
        }
        _ => None,
    };
    match broken {
        Some((clause, fide, detail)) => Err(refuse(
            Reason::PawnRules,
            clause,
            fide,
            detail,
            squares(&[to]),
        )),
        None => Ok(shape),
    }
}

/// `promotion`: a pawn reaching the last rank names a queen, rook, bishop or knight, and no
/// other move names one (FIDE Laws 3.7.5).
fn promotion_rules(p: Piece, to: Coordinate, promotion: Option<PieceType>) -> Option<Judgement> {
    let promotes = p.piece_type == PieceType::Pawn && to.y() == last_rank(p.colour);
    let detail = match (promotes, promotion) {
        (true, None) => format!(
            "{} reaches the last rank on {to} and must promote: name a queen, rook, bishop or knight (q, r, b, n)",
            words::piece(p)
        ),
        (true, Some(t @ (PieceType::King | PieceType::Pawn))) => format!(
            "a pawn promotes to a queen, rook, bishop or knight, never to {}",
            words::a_kind(t)
        ),
        (false, Some(t)) => format!(
            "only a pawn reaching the last rank promotes, and {} moving to {to} does not: it cannot become {}",
            words::piece(p),
            words::a_kind(t)
        ),
        _ => return None,
    };
    Some(refuse(
        Reason::Promotion,
        "BoardModule`promotion_moves",
        "3.7.5",
        detail,
        squares(&[to]),
    ))
}

/// For SAN whose own candidates cannot make the move's shape: a piece of the opponent that
/// could, as `not_your_turn`.
pub(super) fn opponents_move(
    game: &Game,
    could_mean: impl Fn(&Piece) -> bool,
    to: Coordinate,
) -> Option<(Judgement, Coordinate)> {
    let board = game.board();
    let mover = turn(board);
    let p = board
        .state()
        .pieces()
        .iter()
        .find(|p| p.colour != mover && could_mean(p) && shape_fits(**p, to))
        .copied()?;
    Some((
        refuse(
            Reason::NotYourTurn,
            "BoardModule`own_pieces",
            "1.2",
            format!(
                "{} could go to {to}, but it is {}'s turn",
                words::piece(p),
                words::side(mover)
            ),
            Marks {
                squares: vec![p.coord.into()],
                arrows: vec![arrow(p.coord, to)],
            },
        ),
        p.coord,
    ))
}
