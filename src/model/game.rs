//! `GameModule`: a game, its moves, and how it ends.
//!
//! This module mirrors `spec/GameModule.vdmpp`. A [`Game`] is a [`Board`]; the side to move,
//! the winner and every draw condition are functions of it. [`move_`] plays a move and the
//! *new* game tells whether it ended (checkmate, stalemate, an automatic draw).
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

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::board::{
    self, ends_right, in_check, legal_en_passant_on, passed_square, possible_moves, Board,
    IllegalMove, Move, Start,
};
use crate::model::piece::{opposite_colour, Colour, Coordinate, PieceType};
use crate::model::squares::Squares;
use crate::setup::{CastlingMode, Setup, SetupError};

/// VDM `Game :: board`: a game is its board; the turn is derived from it. `inv_game` is the
/// Rust-side check that the board satisfies `inv_board`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    board: Board,
}

/// `inv_game` (no VDM clause: the spec's `Game` has none): the board satisfies [`board::inv_board`] (the turn is derived, so it always
/// agrees with the board's).
#[must_use]
pub fn inv_game(game: &Game) -> bool {
    board::inv_board(&game.board)
}

impl Game {
    /// The game on `board`.
    #[must_use]
    pub fn new(board: Board) -> Game {
        Game { board }
    }

    /// The game from a [`Setup`], validated by [`Setup::validate`] in `mode`.
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
        Ok(Game::new(Board::from_start(Start::from_setup(
            setup, mode,
        )?)))
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }
}

/// VDM `default_game`: the standard start, no moves played.
#[must_use]
pub fn default_game() -> Game {
    Game::new(board::default_board())
}

/// VDM `Winner = <White> | <Black> | <Remis> | <Undecided>`: who won, a draw, or not decided yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Winner {
    /// White won (Black is checkmated).
    White,
    /// Black won (White is checkmated).
    Black,
    /// The game is drawn (VDM `<Remis>`): stalemate or an automatic draw.
    Remis,
    /// The game goes on (VDM `nil`).
    Undecided,
}

/// A draw a player may claim; the game goes on unless one is claimed (FIDE Laws 9.2, 9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClaimableDraw {
    /// The position has occurred three times (FIDE Laws 9.2).
    ThreefoldRepetition,
    /// Fifty moves of each side without a pawn move or capture (FIDE Laws 9.3).
    FiftyMoves,
}

/// A draw that ends the game by itself (FIDE Laws 5.2 and, since 1 July 2014, 9.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AutomaticDraw {
    /// The side to move has no legal move and is not in check (FIDE Laws 5.2.1).
    Stalemate,
    /// Neither side can mate (FIDE Laws 5.2.2, 6.9); see [`is_insufficient_material`].
    InsufficientMaterial,
    /// Seventy-five moves of each side without a pawn move or capture (FIDE Laws 9.6.2).
    SeventyfiveMoves,
    /// The same position for the fifth time (FIDE Laws 9.6.1).
    FivefoldRepetition,
}

/// VDM `turn`: the side to move.
#[must_use]
pub fn turn(game: &Game) -> Colour {
    board::turn(&game.board)
}

/// VDM `legal_moves`: the board's [`possible_moves`].
#[must_use]
pub fn legal_moves(game: &Game) -> Vec<Move> {
    possible_moves(&game.board)
}

/// VDM `isCheck`: the side to move is in check (FIDE Laws 3.9.1).
#[must_use]
pub fn is_check(game: &Game) -> bool {
    in_check(game.board.state(), turn(game))
}

/// VDM `isCheckmate`: in check with no legal move (FIDE Laws 5.1.1).
#[must_use]
pub fn is_checkmate(game: &Game) -> bool {
    is_check(game) && legal_moves(game).is_empty()
}

/// VDM `isStalemate`: not in check and no legal move (FIDE Laws 5.2.1).
#[must_use]
pub fn is_stalemate(game: &Game) -> bool {
    !is_check(game) && legal_moves(game).is_empty()
}

/// VDM `repetition_count`: how often the current position has occurred since the game's
/// start, this time included. Positions are the same (FIDE Laws 9.2.2) when the placement,
/// the side to move, the castling rights and the legal en-passant capture (if any) are.
/// Replays the history on an array view: O(history); only the draw rules need it.
#[must_use]
pub fn repetition_count(game: &Game) -> usize {
    let board = game.board();
    let now = Squares::of(board.state());
    let now_turn = turn(game);
    let now_rights = board::castling_rights(board);
    let now_ep = legal_en_passant(&now, now_turn, board::en_passant_target(board));
    let start = board.start();
    let mut squares = Squares::of(start.state());
    let mut side = start.turn();
    let mut rights: Vec<Coordinate> = start.castling().to_vec();
    let mut target = start.en_passant();
    let mut count = 0;
    let mut history = board.history().iter();
    loop {
        // Cheapest comparisons first; the en-passant legality only for otherwise equal ones.
        if side == now_turn
            && squares == now
            && rights == now_rights
            && legal_en_passant(&squares, side, target) == now_ep
        {
            count += 1;
        }
        let Some(m) = history.next() else { break };
        squares.apply(m);
        side = opposite_colour(side);
        rights.retain(|&r| !ends_right(m, r));
        target = passed_square(m);
    }
    count
}

/// The en-passant target, if an en-passant capture onto it is legal.
fn legal_en_passant(
    squares: &Squares,
    side: Colour,
    target: Option<Coordinate>,
) -> Option<Coordinate> {
    target.filter(|_| legal_en_passant_on(squares.clone(), side, target))
}

/// VDM `isThreefoldRepetition`: the position has occurred at least three times, a draw the
/// player to move may **claim** (FIDE Laws 9.2).
#[must_use]
pub fn is_threefold_repetition(game: &Game) -> bool {
    repetition_count(game) >= 3
}

/// VDM `isFivefoldRepetition`: at least five times, an **automatic** draw (FIDE Laws 9.6.1,
/// in force since 1 July 2014).
#[must_use]
pub fn is_fivefold_repetition(game: &Game) -> bool {
    repetition_count(game) >= 5
}

/// VDM `isFiftyMoves`: the half-move clock is at least 100, a draw a player may **claim**
/// (FIDE Laws 9.3).
#[must_use]
pub fn is_fifty_moves(game: &Game) -> bool {
    board::halfmove_clock(&game.board) >= 100
}

/// VDM `isSeventyfiveMoves`: the half-move clock is at least 150, an **automatic** draw
/// (FIDE Laws 9.6.2, in force since 1 July 2014; a mate on that move takes precedence).
#[must_use]
pub fn is_seventyfive_moves(game: &Game) -> bool {
    board::halfmove_clock(&game.board) >= 150
}

/// Whether `colour` alone cannot mate, by python-chess's rule (see [`crate::rules::Rules`]).
fn cannot_mate(game: &Game, colour: Colour) -> bool {
    let pieces: Vec<_> = game.board.state().pieces().iter().copied().collect();
    let own: Vec<_> = pieces.iter().filter(|p| p.colour == colour).collect();
    let has = |t: PieceType| own.iter().any(|p| p.piece_type == t);
    if has(PieceType::Pawn) || has(PieceType::Rook) || has(PieceType::Queen) {
        return false;
    }
    if has(PieceType::Knight) {
        let opponent_has_more_than_kings_and_queens = pieces.iter().any(|p| {
            p.colour != colour && !matches!(p.piece_type, PieceType::King | PieceType::Queen)
        });
        return own.len() <= 2 && !opponent_has_more_than_kings_and_queens;
    }
    if has(PieceType::Bishop) {
        let square_colour = |c: Coordinate| (c.x() + c.y()) % 2;
        let bishops: Vec<_> = pieces
            .iter()
            .filter(|p| p.piece_type == PieceType::Bishop)
            .map(|p| square_colour(p.coord))
            .collect();
        let one_square_colour = bishops.windows(2).all(|w| w[0] == w[1]);
        let pawns_or_knights = pieces
            .iter()
            .any(|p| matches!(p.piece_type, PieceType::Pawn | PieceType::Knight));
        return one_square_colour && !pawns_or_knights;
    }
    true
}

/// VDM `isInsufficientMaterial`: neither side has the material to mate (FIDE Laws 5.2.2,
/// 6.9), by python-chess's rule. One-sided: `true` guarantees no mate is possible; `false` does
/// not guarantee one is.
///
/// ```
/// use vdmchess::model::game::{is_insufficient_material, Game};
/// use vdmchess::{notation::fen::parse_fen, CastlingMode};
/// let kb_k = parse_fen("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1").unwrap();
/// assert!(is_insufficient_material(&Game::from_setup(&kb_k, CastlingMode::Standard).unwrap()));
/// ```
#[must_use]
pub fn is_insufficient_material(game: &Game) -> bool {
    cannot_mate(game, Colour::White) && cannot_mate(game, Colour::Black)
}

/// The claimable draws the player to move could claim now (FIDE Laws 9.2, 9.3).
#[must_use]
pub fn claimable_draws(game: &Game) -> Vec<ClaimableDraw> {
    let mut out = Vec::new();
    if is_threefold_repetition(game) {
        out.push(ClaimableDraw::ThreefoldRepetition);
    }
    if is_fifty_moves(game) {
        out.push(ClaimableDraw::FiftyMoves);
    }
    out
}

/// The automatic draw that has ended the game, if any, checked in the order of
/// [`crate::rules::Status`] (after checkmate, which takes precedence).
#[must_use]
pub fn automatic_draw(game: &Game) -> Option<AutomaticDraw> {
    let no_moves = legal_moves(game).is_empty();
    let check = is_check(game);
    if no_moves && check {
        None
    } else if is_insufficient_material(game) {
        Some(AutomaticDraw::InsufficientMaterial)
    } else if no_moves {
        Some(AutomaticDraw::Stalemate)
    } else if is_seventyfive_moves(game) {
        Some(AutomaticDraw::SeventyfiveMoves)
    } else if is_fivefold_repetition(game) {
        Some(AutomaticDraw::FivefoldRepetition)
    } else {
        None
    }
}

/// VDM `winner`: the side that mated, [`Winner::Remis`] after an automatic draw, otherwise
/// [`Winner::Undecided`] (claimable draws do not end the game by themselves).
#[must_use]
pub fn winner(game: &Game) -> Winner {
    if is_checkmate(game) {
        match opposite_colour(turn(game)) {
            Colour::White => Winner::White,
            Colour::Black => Winner::Black,
        }
    } else if automatic_draw(game).is_some() {
        Winner::Remis
    } else {
        Winner::Undecided
    }
}

/// Why [`move_`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameMoveError {
    /// The game is over already: no move may follow.
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

/// VDM `pre_move` of the game: the game is undecided and `m` is legal.
#[must_use]
pub fn pre_move(game: &Game, m: &Move) -> bool {
    winner(game) == Winner::Undecided && board::pre_move(&game.board, m)
}

/// VDM `post_move` of the game: the result's board is the board's [`board::move_`] result
/// (so the game returned after a mating move is the mated position, not the one before).
#[must_use]
pub fn post_move(game: &Game, m: &Move, result: &Game) -> bool {
    board::post_move(&game.board, m, &result.board)
}

/// VDM `move`: plays `m`, returning the new game, whose [`winner`] tells whether it ended.
///
/// # Errors
///
/// [`GameMoveError::GameOver`] when the game has a winner or is drawn automatically;
/// [`GameMoveError::Illegal`] when `m` is not legal.
///
/// ```
/// use vdmchess::model::game::{default_game, legal_moves, move_, winner, Winner};
/// let game = default_game();
/// let next = move_(&game, legal_moves(&game)[0]).unwrap();
/// assert_eq!(winner(&next), Winner::Undecided);
/// ```
pub fn move_(game: &Game, m: Move) -> Result<Game, GameMoveError> {
    let w = winner(game);
    if w != Winner::Undecided {
        return Err(GameMoveError::GameOver(w));
    }
    let board = board::move_(&game.board, m).map_err(GameMoveError::Illegal)?;
    let result = Game::new(board);
    debug_assert!(post_move(game, &m, &result));
    Ok(result)
}
