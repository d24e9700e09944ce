//! The fast forms of what derives from the whole history: the half-move clock, the repetition
//! count, and the automatic endings of `GameModule` built on them.

use super::{in_check_on_array, legal_en_passant_on, possible_moves_on_array, Squares};
use crate::model::board::{self, ends_right, passed_square, Board};
use crate::model::game::{self, AutomaticDraw, ClaimableDraw, Game, Winner};
use crate::model::piece::{opposite_colour, Coordinate, PieceType};
use crate::model::Set;

/// The fast form of `board::halfmove_clock`: half-moves since the last capture or pawn move
/// (FIDE Laws 9.3), counting on from the start's clock, found by one replay of the history on
/// an array (the twin replays it up to every move).
#[must_use]
pub fn halfmove_clock_on_array(b: &Board) -> u32 {
    let mut squares = Squares::of(b.start().state());
    let mut clock = b.start().halfmove_clock();
    for m in b.history() {
        let captures = squares
            .get(m.to_().coord)
            .is_some_and(|p| p.colour != m.from_().colour);
        clock = if m.from_().piece_type == PieceType::Pawn || captures {
            0
        } else {
            clock + 1
        };
        squares.apply(m);
    }
    clock
}

/// The fast form of `game::repetition_count`: how often the current position has occurred
/// since the game's start, this time included (FIDE Laws 9.2.2: the same placement, side to
/// move, castling rights and legal en-passant capture), found by one replay of the history on
/// an array (the twin replays it up to every position).
#[must_use]
pub fn repetition_count_on_array(g: &Game) -> u32 {
    let board = g.board();
    let now = Squares::of(board.state());
    let now_turn = board::turn(board);
    let now_rights = board::castling_rights(board);
    let now_ep = legal_target(&now, now_turn, board::en_passant_target(board));
    let start = board.start();
    let mut squares = Squares::of(start.state());
    let mut side = start.turn();
    let mut rights: Set<Coordinate> = start.castling().clone();
    let mut target = start.en_passant();
    let mut count = 0;
    let mut history = board.history().iter();
    loop {
        // Cheapest comparisons first; the en-passant legality only for otherwise equal ones.
        if side == now_turn
            && squares == now
            && rights == now_rights
            && legal_target(&squares, side, target) == now_ep
        {
            count += 1;
        }
        let Some(&m) = history.next() else { break };
        squares.apply(&m);
        side = opposite_colour(side);
        rights = rights.into_iter().filter(|&r| !ends_right(m, r)).collect();
        target = passed_square(m);
    }
    count
}

/// The en-passant target, if an en-passant capture onto it is legal (`game::legal_en_passant`).
fn legal_target(
    squares: &Squares,
    side: crate::model::piece::Colour,
    target: Option<Coordinate>,
) -> Option<Coordinate> {
    target.filter(|_| legal_en_passant_on(squares.clone(), side, target))
}

/// The fast form of `game::is_checkmate`: in check, and no legal move (FIDE Laws 5.1.1).
#[must_use]
pub fn is_checkmate_on_array(g: &Game) -> bool {
    let b = g.board();
    in_check_on_array(&Squares::of(b.state()), board::turn(b))
        && possible_moves_on_array(b).is_empty()
}

/// The fast form of `game::is_stalemate`: not in check, and no legal move (FIDE Laws 5.2.1).
#[must_use]
pub fn is_stalemate_on_array(g: &Game) -> bool {
    let b = g.board();
    !in_check_on_array(&Squares::of(b.state()), board::turn(b))
        && possible_moves_on_array(b).is_empty()
}

/// The fast form of `game::claimable_draws`: threefold repetition and fifty moves, by the
/// history counts on arrays (FIDE Laws 9.2, 9.3).
#[must_use]
pub fn claimable_draws_on_array(g: &Game) -> Set<ClaimableDraw> {
    let mut claims = Set::new();
    if repetition_count_on_array(g) >= 3 {
        claims.insert(ClaimableDraw::ThreefoldRepetition);
    }
    if halfmove_clock_on_array(g.board()) >= 100 {
        claims.insert(ClaimableDraw::FiftyMoves);
    }
    claims
}

/// The fast form of `game::automatic_draw`: the same tests in the same order, over the fast
/// forms (a legal move list, check and the two history counts on arrays).
#[must_use]
pub fn automatic_draw_on_array(g: &Game) -> Option<AutomaticDraw> {
    let b = g.board();
    let no_moves = possible_moves_on_array(b).is_empty();
    let check = in_check_on_array(&Squares::of(b.state()), board::turn(b));
    if check && no_moves {
        None
    } else if game::is_insufficient_material(g) {
        Some(AutomaticDraw::InsufficientMaterial)
    } else if no_moves {
        Some(AutomaticDraw::Stalemate)
    } else if halfmove_clock_on_array(b) >= 150 {
        Some(AutomaticDraw::SeventyfiveMoves)
    } else if repetition_count_on_array(g) >= 5 {
        Some(AutomaticDraw::FivefoldRepetition)
    } else {
        None
    }
}

/// The fast form of `game::winner`: the side that mated, [`Winner::Remis`] after an automatic
/// draw, otherwise [`Winner::Undecided`].
#[must_use]
pub fn winner_on_array(g: &Game) -> Winner {
    let b = g.board();
    if is_checkmate_on_array(g) {
        Winner::from(opposite_colour(board::turn(b)))
    } else if automatic_draw_on_array(g).is_some() {
        Winner::Remis
    } else {
        Winner::Undecided
    }
}
