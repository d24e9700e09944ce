//! `GameModule`: a game of chess, and how it ends.
//!
//! The twin of `spec/GameModule.vdmpp`, function by function. A [`Game`] is its [`Board`]; the
//! side to move, the winner and every draw condition are functions of it. [`move_`] plays a
//! move and the *new* game tells whether it ended (checkmate, stalemate, an automatic draw).
//!
//! # Draws: claimable versus automatic
//!
//! Since 1 July 2014 the FIDE Laws distinguish draws a player may *claim* from draws that
//! happen *automatically* (python-chess keeps the same distinction):
//!
//! | rule | FIDE Laws | kind | predicate |
//! |------|-----------|------|-----------|
//! | threefold repetition | 9.2 | claimable ([`ClaimableDraw::ThreefoldRepetition`]) | [`is_threefold_repetition`] |
//! | fifty moves | 9.3 | claimable ([`ClaimableDraw::FiftyMoves`]) | [`is_fifty_moves`] |
//! | fivefold repetition | 9.6.1 | automatic ([`AutomaticDraw::FivefoldRepetition`]) | [`is_fivefold_repetition`] |
//! | seventy-five moves | 9.6.2 | automatic ([`AutomaticDraw::SeventyfiveMoves`]) | [`is_seventyfive_moves`] |
//! | stalemate | 5.2.1 | automatic ([`AutomaticDraw::Stalemate`]) | [`is_stalemate`] |
//! | insufficient material | 5.2.2, 6.9 | automatic ([`AutomaticDraw::InsufficientMaterial`]) | [`is_insufficient_material`] |
//!
//! Only automatic draws decide the [`winner`]; claimable ones are reported by
//! [`claimable_draws`] and leave the game [`Winner::Undecided`].
//!
//! These are the literal twins: [`legal_moves`] is `board::possible_moves` on sets,
//! [`repetition_count`] replays the history up to every position. The fast forms
//! ([`crate::model::array::repetition_count_on_array`], `winner_on_array`, ...) serve the
//! port and the checks of [`move_`].

use std::fmt;

use crate::model::array::winner_on_array;
use crate::model::board::{
    self, castling_rights, en_passant_target, halfmove_clock, has_legal_en_passant, in_check,
    possible_moves, Board, IllegalMove, Move, Start,
};
use crate::model::piece::{opposite_colour, Colour, Coordinate};
use crate::model::{ensure, Set};
use crate::setup::{CastlingMode, Setup, SetupError};

mod material;
mod values;

pub use material::{cannot_mate, is_insufficient_material};
pub use values::{AutomaticDraw, ClaimableDraw, Game, Winner};

impl Game {
    /// VDM `mk_Game(BoardModule`from_start(s))` for the start of a [`Setup`], validated by
    /// [`Setup::validate`] in `mode` and checked by `inv_Start`.
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason the setup is illegal.
    ///
    /// ```
    /// use vdmchess::model::game::{legal_moves, Game};
    /// use vdmchess::{CastlingMode, Setup};
    /// let game = Game::from_setup(&Setup::chess960_start(0), CastlingMode::Chess960).unwrap();
    /// assert_eq!(legal_moves(&game).len(), 20);
    /// ```
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Game, SetupError> {
        Ok(Game::new(board::from_start(&Start::from_setup(
            setup, mode,
        )?)))
    }
}

// ---------------------------------------------------------------------------------------------
// Playing

/// VDM `default_game`: a game from the standard starting position (FIDE Laws 2.3).
#[must_use]
pub fn default_game() -> Game {
    Game::new(board::default_board())
}

/// VDM `turn`: the side to move (FIDE Laws 1.2).
#[must_use]
pub fn turn(g: &Game) -> Colour {
    board::turn(&g.board)
}

/// VDM `legal_moves`: the moves the side to move may play (FIDE Laws 3.10.1).
#[must_use]
pub fn legal_moves(g: &Game) -> Set<Move> {
    possible_moves(&g.board)
}

/// Why [`move_`] refused a move: its precondition failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameMoveError {
    /// The game is over already (`winner(g) <> <Undecided>`): no move may follow.
    GameOver(Winner),
    /// The move is not legal in this position.
    Illegal(IllegalMove),
}

impl fmt::Display for GameMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameMoveError::GameOver(w) => write!(f, "the game is over: {w:?}"),
            GameMoveError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameMoveError {}

/// VDM `pre_move`: the game is undecided and `m` is legal.
#[must_use]
pub fn pre_move(g: &Game, m: Move) -> bool {
    winner(g) == Winner::Undecided && legal_moves(g).contains(&m)
}

/// VDM `post_move`: the result's board is `BoardModule`move` of the board (the new position,
/// even when `m` mates), the turn has passed to the other side, and a mating move makes the
/// mover the winner.
#[must_use]
pub fn post_move(g: &Game, m: Move, result: &Game) -> bool {
    board::move_(&g.board, m).is_ok_and(|b| result.board == b)
        && turn(result) == opposite_colour(turn(g))
        && (!is_checkmate(result) || winner(result) == Winner::from(turn(g)))
}

/// VDM `move`: the game after `m`, the new position even when `m` mates (FIDE Laws 5.1.1: the
/// mating move ends the game; the game is the mated position, and the mover has won). A game
/// that has ended takes no more moves. Checks [`pre_move`] (by its fast forms
/// `winner_on_array` and, in `BoardModule`move`, `pre_move_on_array`) and, with the feature `contracts`, [`post_move`].
///
/// # Errors
///
/// [`GameMoveError::GameOver`] when the game has a winner or is drawn automatically;
/// [`GameMoveError::Illegal`] when `m` is not legal.
///
/// # Panics
///
/// If [`post_move`] does not hold: a bug of the model, never of its input.
///
/// ```
/// use vdmchess::model::game::{default_game, legal_moves, move_, winner, Winner};
/// let game = default_game();
/// let next = move_(&game, *legal_moves(&game).get_min().unwrap()).unwrap();
/// assert_eq!(winner(&next), Winner::Undecided);
/// ```
pub fn move_(g: &Game, m: Move) -> Result<Game, GameMoveError> {
    let w = winner_on_array(g);
    if w != Winner::Undecided {
        return Err(GameMoveError::GameOver(w));
    }
    let result = Game::new(board::move_(&g.board, m).map_err(GameMoveError::Illegal)?);
    ensure("GameModule`post_move", || post_move(g, m, &result));
    Ok(result)
}

// ---------------------------------------------------------------------------------------------
// Check, mate, stalemate

/// VDM `isCheck`: the side to move is in check (FIDE Laws 3.9.1).
#[must_use]
pub fn is_check(g: &Game) -> bool {
    in_check(g.board.state(), turn(g))
}

/// VDM `isCheckmate`: the side to move is in check and has no legal move: it has lost (FIDE
/// Laws 5.1.1).
#[must_use]
pub fn is_checkmate(g: &Game) -> bool {
    is_check(g) && legal_moves(g).is_empty()
}

/// VDM `isStalemate`: the side to move is not in check and has no legal move: a draw (FIDE
/// Laws 5.2.1).
#[must_use]
pub fn is_stalemate(g: &Game) -> bool {
    !is_check(g) && legal_moves(g).is_empty()
}

// ---------------------------------------------------------------------------------------------
// Repetition

/// VDM `legal_en_passant`: the en-passant target of the board, only when an en-passant capture
/// onto it is legal: part of what makes two positions the same (FIDE Laws 9.2.2).
#[must_use]
pub fn legal_en_passant(b: &Board) -> Option<Coordinate> {
    if has_legal_en_passant(b) {
        en_passant_target(b)
    } else {
        None
    }
}

/// VDM `repetition_count`: how often the current position has occurred since the game's
/// start, this time included. Two positions are the same (FIDE Laws 9.2.2) when the placement,
/// the side to move, the castling rights and the legal en-passant capture, if any, are; the
/// boards compared are those after the first `n` moves of the history, `n = 0 .. len history`.
#[must_use]
pub fn repetition_count(g: &Game) -> u32 {
    let (s, h, now) = (g.board.start(), g.board.history(), &g.board);
    (0..=h.len())
        .filter(|&n| {
            let p = h.take(n);
            // mk_BoardModule`Board(s, p, BoardModule`replay(s.state, p)): a prefix of a board's
            // history is a board's history.
            let b = Board::new(s.clone(), p)
                .unwrap_or_else(|e| unreachable!("a prefix of a valid history is valid: {e}"));
            b.state() == now.state()
                && board::turn(&b) == board::turn(now)
                && castling_rights(&b) == castling_rights(now)
                && legal_en_passant(&b) == legal_en_passant(now)
        })
        .count() as u32
}

/// VDM `isThreefoldRepetition`: the same position for the third time, a draw the player to
/// move may **claim** (FIDE Laws 9.2.1).
#[must_use]
pub fn is_threefold_repetition(g: &Game) -> bool {
    repetition_count(g) >= 3
}

/// VDM `isFivefoldRepetition`: the same position for the fifth time, drawn **automatically**
/// (FIDE Laws 9.6.1, in force since 1 July 2014).
#[must_use]
pub fn is_fivefold_repetition(g: &Game) -> bool {
    repetition_count(g) >= 5
}

// ---------------------------------------------------------------------------------------------
// The move counters

/// VDM `isFiftyMoves`: fifty moves by each side without a pawn move or capture, a draw a
/// player may **claim** (FIDE Laws 9.3).
#[must_use]
pub fn is_fifty_moves(g: &Game) -> bool {
    halfmove_clock(&g.board) >= 100
}

/// VDM `isSeventyfiveMoves`: seventy-five moves by each side without a pawn move or capture,
/// drawn **automatically** unless the last move mated (FIDE Laws 9.6.2, in force since 1 July
/// 2014; [`automatic_draw`] tests mate first).
#[must_use]
pub fn is_seventyfive_moves(g: &Game) -> bool {
    halfmove_clock(&g.board) >= 150
}

// ---------------------------------------------------------------------------------------------
// The result

/// VDM `claimable_draws`: the draws the player to move could claim now (FIDE Laws 9.2, 9.3).
#[must_use]
pub fn claimable_draws(g: &Game) -> Set<ClaimableDraw> {
    let threefold = if is_threefold_repetition(g) {
        Set::unit(ClaimableDraw::ThreefoldRepetition)
    } else {
        Set::new()
    };
    let fifty = if is_fifty_moves(g) {
        Set::unit(ClaimableDraw::FiftyMoves)
    } else {
        Set::new()
    };
    threefold.union(fifty)
}

/// VDM `automatic_draw`: the automatic draw that has ended the game, if any, tested in the
/// order of the port's `Status`: after checkmate, which takes precedence (5.1.1),
/// insufficient material (5.2.2), stalemate (5.2.1), seventy-five moves (9.6.2), fivefold
/// repetition (9.6.1).
#[must_use]
pub fn automatic_draw(g: &Game) -> Option<AutomaticDraw> {
    if is_checkmate(g) {
        None
    } else if is_insufficient_material(g) {
        Some(AutomaticDraw::InsufficientMaterial)
    } else if is_stalemate(g) {
        Some(AutomaticDraw::Stalemate)
    } else if is_seventyfive_moves(g) {
        Some(AutomaticDraw::SeventyfiveMoves)
    } else if is_fivefold_repetition(g) {
        Some(AutomaticDraw::FivefoldRepetition)
    } else {
        None
    }
}

/// VDM `winner`: how the game stands: the side that mated has won; an automatic draw is remis;
/// otherwise the game goes on (claimable draws do not end it by themselves).
#[must_use]
pub fn winner(g: &Game) -> Winner {
    if is_checkmate(g) {
        Winner::from(opposite_colour(turn(g)))
    } else if automatic_draw(g).is_some() {
        Winner::Remis
    } else {
        Winner::Undecided
    }
}
