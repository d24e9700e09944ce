//! `BoardModule`: board states, moves, history, and which moves are possible.
//!
//! This module mirrors `spec/BoardModule.vdmpp`. A [`Board`] is its starting position
//! ([`Start`]), the [`History`] of moves played since, and the [`BoardState`] they lead to.
//! Everything else a position has (whose turn it is, the castling rights, the en-passant
//! target, the clocks) is a *function of the start and the history*, never a stored flag.
//!
//! The moves of a position are defined as in the VDM model:
//! `possible_moves = (simple_possible_moves ∪ stateful_possible_moves) \ stateful_impossible_moves`.
//! VDM's `set of Move` is a `Vec<Move>` without duplicates here (order carries no meaning).
//!
//! Keyword renames: VDM `move` is [`move_`], the record field `type` is `piece_type`.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::model::piece::{
    coordinate_offset, opposite_colour, pawn_capture_directions, pawn_direction,
    push_type_based_moves, Colour, Coordinate, Direction, ObstacleSet, Piece, PieceType,
};
use crate::model::squares::{castling_destinations, move_effect, Squares};
use crate::setup::{CastlingMode, Setup, SetupError};
use crate::types::{Piece as SharedPiece, Square, SquareSet};

/// The one persistent set type of the model: swap the implementation here.
pub type PieceSet = im::OrdSet<Piece>;

/// VDM `History = seq of Move`: the moves played since the start, oldest first.
/// A persistent vector: cloning is O(1), appending O(1) amortised.
pub type History = im::Vector<Move>;

// ---------------------------------------------------------------------------------------------
// BoardState

/// VDM `inv_board_state`: the set is non-empty and no two pieces share a coordinate.
#[must_use]
pub fn inv_board_state(pieces: &PieceSet) -> bool {
    !pieces.is_empty()
        && pieces
            .iter()
            .zip(pieces.iter().skip(1))
            .all(|(a, b)| a.coord != b.coord)
}

/// VDM `BoardState = set of Piece inv inv_board_state`: the pieces on the board.
///
/// ```
/// use vdmchess::model::board::{BoardState, PieceSet};
/// assert!(BoardState::new(PieceSet::new()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "PieceSet", into = "PieceSet")]
pub struct BoardState(PieceSet);

/// Why a set of pieces is not a [`BoardState`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardStateError {
    /// The set is empty.
    Empty,
    /// Two pieces stand on this coordinate.
    SharedCoordinate(Coordinate),
}

impl fmt::Display for BoardStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardStateError::Empty => write!(f, "invalid board state: no pieces"),
            BoardStateError::SharedCoordinate(c) => {
                write!(f, "invalid board state: two pieces on {c}")
            }
        }
    }
}

impl std::error::Error for BoardStateError {}

impl BoardState {
    /// The board state of `pieces`, checked by [`inv_board_state`].
    ///
    /// # Errors
    ///
    /// [`BoardStateError`] when the set is empty or two pieces share a coordinate.
    pub fn new(pieces: PieceSet) -> Result<BoardState, BoardStateError> {
        if pieces.is_empty() {
            return Err(BoardStateError::Empty);
        }
        if let Some((a, _)) = pieces
            .iter()
            .zip(pieces.iter().skip(1))
            .find(|(a, b)| a.coord == b.coord)
        {
            return Err(BoardStateError::SharedCoordinate(a.coord));
        }
        debug_assert!(inv_board_state(&pieces));
        Ok(BoardState(pieces))
    }

    /// The pieces, ordered by coordinate.
    #[must_use]
    pub fn pieces(&self) -> &PieceSet {
        &self.0
    }

    /// The pieces of a [`Setup`]'s placement (at least one piece is required).
    ///
    /// # Errors
    ///
    /// [`BoardStateError::Empty`] for an empty board.
    pub fn from_setup(setup: &Setup) -> Result<BoardState, BoardStateError> {
        let pieces = Square::all()
            .filter_map(|sq| setup.piece_at(sq).map(|p| shared_to_piece(p, sq)))
            .collect();
        BoardState::new(pieces)
    }
}

impl TryFrom<PieceSet> for BoardState {
    type Error = BoardStateError;
    fn try_from(pieces: PieceSet) -> Result<BoardState, BoardStateError> {
        BoardState::new(pieces)
    }
}

impl From<BoardState> for PieceSet {
    fn from(state: BoardState) -> PieceSet {
        state.0
    }
}

fn shared_to_piece(p: SharedPiece, sq: Square) -> Piece {
    Piece::new(p.role.into(), sq.into(), p.color.into())
}

// ---------------------------------------------------------------------------------------------
// Move

/// VDM `inv_move`: a move keeps its colour and changes its coordinate.
#[must_use]
pub fn inv_move(from_: &Piece, to_: &Piece) -> bool {
    from_.colour == to_.colour && from_.coord != to_.coord
}

/// VDM `Move :: from_ to_`: the piece before and after the move.
///
/// A promotion is a `to_` of another type; castling is the king's `to_` on its own rook's
/// coordinate ("king takes rook", as UCI writes Chess960 castling), so every castling of every
/// Chess960 start is a move that satisfies [`inv_move`], even when the king does not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawMove")]
pub struct Move {
    from_: Piece,
    to_: Piece,
}

#[derive(Deserialize)]
struct RawMove {
    from_: Piece,
    to_: Piece,
}

impl TryFrom<RawMove> for Move {
    type Error = InvalidMove;
    fn try_from(raw: RawMove) -> Result<Move, InvalidMove> {
        Move::new(raw.from_, raw.to_)
    }
}

/// A pair of pieces that violates [`inv_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidMove {
    /// The rejected `from_`.
    pub from_: Piece,
    /// The rejected `to_`.
    pub to_: Piece,
}

impl fmt::Display for InvalidMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from_.colour != self.to_.colour {
            write!(
                f,
                "invalid move {}-{}: the colour changes",
                self.from_.coord, self.to_.coord
            )
        } else {
            write!(
                f,
                "invalid move {}-{}: the coordinate does not change",
                self.from_.coord, self.to_.coord
            )
        }
    }
}

impl std::error::Error for InvalidMove {}

impl Move {
    /// The move of `from_` to `to_`, checked by [`inv_move`].
    ///
    /// # Errors
    ///
    /// [`InvalidMove`] when the colours differ or the coordinates are equal.
    ///
    /// ```
    /// use vdmchess::model::board::Move;
    /// use vdmchess::model::piece::*;
    /// let pawn = Piece::new(PieceType::Pawn, Coordinate::new(5, 2).unwrap(), Colour::White);
    /// assert!(Move::new(pawn, pawn.at(Coordinate::new(5, 4).unwrap())).is_ok());
    /// assert!(Move::new(pawn, pawn).is_err());
    /// ```
    pub fn new(from_: Piece, to_: Piece) -> Result<Move, InvalidMove> {
        if inv_move(&from_, &to_) {
            Ok(Move { from_, to_ })
        } else {
            Err(InvalidMove { from_, to_ })
        }
    }

    /// For generators that build moves satisfying [`inv_move`] by construction.
    #[inline]
    pub(crate) fn new_valid(from_: Piece, to_: Piece) -> Move {
        debug_assert!(inv_move(&from_, &to_));
        Move { from_, to_ }
    }

    /// The piece before the move.
    #[must_use]
    #[inline]
    pub const fn from_(&self) -> Piece {
        self.from_
    }

    /// The piece after the move (for castling: the king on its rook's coordinate).
    #[must_use]
    #[inline]
    pub const fn to_(&self) -> Piece {
        self.to_
    }
}

impl fmt::Display for Move {
    /// Coordinate text, king-takes-rook for castling, with the promotion letter: `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from_.coord, self.to_.coord)?;
        if self.from_.piece_type != self.to_.piece_type {
            let role: crate::types::Role = self.to_.piece_type.into();
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Start

/// The starting position of a board: what a FEN says (placement, side to move, castling rooks,
/// en-passant target, clocks), validated by [`Setup::validate`], plus the castling mode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawStart", into = "RawStart")]
pub struct Start {
    state: BoardState,
    turn: Colour,
    castling: Vec<Coordinate>,
    en_passant: Option<Coordinate>,
    halfmove_clock: u32,
    fullmove_number: u32,
    mode: CastlingMode,
}

/// The unchecked shape of a [`Start`] (its serialised form).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RawStart {
    state: BoardState,
    turn: Colour,
    castling: Vec<Coordinate>,
    en_passant: Option<Coordinate>,
    halfmove_clock: u32,
    fullmove_number: u32,
    mode: CastlingMode,
}

impl From<Start> for RawStart {
    fn from(s: Start) -> RawStart {
        RawStart {
            state: s.state,
            turn: s.turn,
            castling: s.castling,
            en_passant: s.en_passant,
            halfmove_clock: s.halfmove_clock,
            fullmove_number: s.fullmove_number,
            mode: s.mode,
        }
    }
}

impl TryFrom<RawStart> for Start {
    type Error = SetupError;
    fn try_from(raw: RawStart) -> Result<Start, SetupError> {
        let unchecked = Start {
            state: raw.state,
            turn: raw.turn,
            castling: raw.castling,
            en_passant: raw.en_passant,
            halfmove_clock: raw.halfmove_clock,
            fullmove_number: raw.fullmove_number,
            mode: raw.mode,
        };
        Start::from_setup(&unchecked.to_setup(), unchecked.mode)
    }
}

/// VDM `inv_start`: the start is a legal setup ([`Setup::validate`] in its castling mode).
#[must_use]
pub fn inv_start(start: &Start) -> bool {
    start.to_setup().validate(start.mode).is_ok()
}

impl Start {
    /// The start of a validated `setup`.
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason [`Setup::validate`] rejects the setup.
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Start, SetupError> {
        setup.validate(mode)?;
        let state = BoardState::from_setup(setup).map_err(|_| SetupError {
            setup: Box::new(*setup),
            problems: Vec::new(),
        })?;
        let start = Start {
            state,
            turn: setup.turn.into(),
            castling: setup.castling_rights.iter().map(Coordinate::from).collect(),
            en_passant: setup.ep_square.map(Coordinate::from),
            halfmove_clock: setup.halfmoves,
            fullmove_number: setup.fullmoves,
            mode,
        };
        debug_assert!(inv_start(&start));
        Ok(start)
    }

    /// The start as a [`Setup`], exactly as given (the en-passant square as the FEN named it).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for p in self.state.pieces() {
            setup.board[p.coord.index()] = Some(SharedPiece {
                color: p.colour.into(),
                role: p.piece_type.into(),
            });
        }
        setup.turn = self.turn.into();
        setup.castling_rights = self
            .castling
            .iter()
            .map(|&c| Square::from(c))
            .collect::<SquareSet>();
        setup.ep_square = self.en_passant.map(Square::from);
        setup.halfmoves = self.halfmove_clock;
        setup.fullmoves = self.fullmove_number;
        setup
    }

    /// The pieces at the start.
    #[must_use]
    pub fn state(&self) -> &BoardState {
        &self.state
    }

    /// The side to move at the start.
    #[must_use]
    pub fn turn(&self) -> Colour {
        self.turn
    }

    /// The coordinates of the rooks that may castle at the start.
    #[must_use]
    pub fn castling(&self) -> &[Coordinate] {
        &self.castling
    }

    /// The en-passant target at the start, as the setup named it.
    #[must_use]
    pub fn en_passant(&self) -> Option<Coordinate> {
        self.en_passant
    }

    /// The half-move clock at the start.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The full-move number at the start.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// How castling is written (standard or Chess960).
    #[must_use]
    pub fn mode(&self) -> CastlingMode {
        self.mode
    }
}

// ---------------------------------------------------------------------------------------------
// Board

/// VDM `Board :: start history state inv inv_board`: a start, the moves since, and the state
/// they lead to. Built only by [`Board::new`], [`default_board`] and [`move_`], so every value
/// satisfies [`inv_board`]. Cloning is cheap (shared start, persistent history and state).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawBoard", into = "RawBoard")]
pub struct Board {
    start: Arc<Start>,
    history: History,
    state: BoardState,
}

/// The serialised form of a [`Board`]: the state is derived, so it is not written.
#[derive(Serialize, Deserialize)]
struct RawBoard {
    start: Start,
    history: Vec<Move>,
}

impl From<Board> for RawBoard {
    fn from(b: Board) -> RawBoard {
        RawBoard {
            start: (*b.start).clone(),
            history: b.history.iter().copied().collect(),
        }
    }
}

impl TryFrom<RawBoard> for Board {
    type Error = BoardError;
    fn try_from(raw: RawBoard) -> Result<Board, BoardError> {
        Board::new(raw.start, raw.history.into_iter().collect())
    }
}

/// A history that contains a move that is not possible where it is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError {
    /// The index of the offending move in the history (0 = first).
    pub ply: usize,
    /// The move and the position it was refused in.
    pub illegal: IllegalMove,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid history at ply {}: {}",
            self.ply + 1,
            self.illegal
        )
    }
}

impl std::error::Error for BoardError {}

/// A move refused by [`pre_move`]: it is not among the [`possible_moves`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// The refused move.
    pub m: Move,
    /// The position, as FEN.
    pub fen: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {} in {}", self.m, self.fen)
    }
}

impl std::error::Error for IllegalMove {}

impl Board {
    /// The board reached from `start` by playing `history`, every move checked by [`pre_move`].
    ///
    /// # Errors
    ///
    /// [`BoardError`] naming the first move that is not possible where it is played.
    pub fn new(start: Start, history: History) -> Result<Board, BoardError> {
        let mut board = Board::from_start(start);
        for (ply, m) in history.iter().enumerate() {
            board = move_(&board, *m).map_err(|illegal| BoardError { ply, illegal })?;
        }
        Ok(board)
    }

    /// The board at `start`, with an empty history.
    #[must_use]
    pub fn from_start(start: Start) -> Board {
        Board {
            state: start.state.clone(),
            start: Arc::new(start),
            history: History::new(),
        }
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The moves played since the start.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The pieces on the board now.
    #[must_use]
    pub fn state(&self) -> &BoardState {
        &self.state
    }
}

/// VDM `inv_board`: the start is legal, every move of the history was possible where it was
/// played, and the state is the start replayed through the history. Costs a replay.
#[must_use]
pub fn inv_board(board: &Board) -> bool {
    if !inv_start(&board.start) {
        return false;
    }
    let mut replay = Board::from_start((*board.start).clone());
    for m in board.history.iter() {
        if !pre_move(&replay, m) {
            return false;
        }
        replay = move_unchecked(&replay, *m);
    }
    replay.state == board.state
}

/// VDM `default_board`: the standard start position (FIDE Laws 2.3) with no history.
///
/// ```
/// use vdmchess::model::board::{default_board, possible_moves};
/// assert_eq!(possible_moves(&default_board()).len(), 20);
/// ```
#[must_use]
pub fn default_board() -> Board {
    let start = Start::from_setup(&Setup::start(), CastlingMode::Standard);
    Board::from_start(start.unwrap_or_else(|_| unreachable!("the standard start is legal")))
}

// ---------------------------------------------------------------------------------------------
// Questions about a state

/// VDM `piece_at`: the piece on `coord`, if any (one ordered lookup: pieces sort by coordinate).
#[must_use]
pub fn piece_at(state: &BoardState, coord: Coordinate) -> Option<Piece> {
    lookup(&state.0, coord)
}

fn lookup(pieces: &PieceSet, coord: Coordinate) -> Option<Piece> {
    let lowest = Piece::new(PieceType::Pawn, coord, Colour::White);
    let highest = Piece::new(PieceType::King, coord, Colour::Black);
    pieces.range(lowest..=highest).next().copied()
}

/// VDM `obstacles`: every piece as an obstacle.
#[must_use]
pub fn obstacles(state: &BoardState) -> ObstacleSet {
    state.pieces().iter().map(|p| p.obstacle()).collect()
}

/// VDM `attacked_by`: whether a piece of `colour` attacks `coord` by its geometry alone (FIDE
/// Laws 3.1.3): pawns attack diagonally forward, empty squares included; pinned pieces still
/// attack; sliders stop at the first piece. Defined on its own, not from the moves of `colour`.
///
/// ```
/// use vdmchess::model::board::{attacked_by, default_board};
/// use vdmchess::model::piece::{Colour, Coordinate};
/// let state = default_board().state().clone();
/// assert!(attacked_by(&state, Colour::White, Coordinate::new(4, 3).unwrap())); // d3
/// assert!(!attacked_by(&state, Colour::White, Coordinate::new(4, 4).unwrap())); // d4
/// ```
#[must_use]
pub fn attacked_by(state: &BoardState, colour: Colour, coord: Coordinate) -> bool {
    Squares::of(state).attacked_by(colour, coord)
}

/// VDM `king_coordinate`: where the king of `colour` stands.
#[must_use]
pub fn king_coordinate(state: &BoardState, colour: Colour) -> Option<Coordinate> {
    state
        .pieces()
        .iter()
        .find(|p| p.piece_type == PieceType::King && p.colour == colour)
        .map(|p| p.coord)
}

/// VDM `in_check`: the king of `colour` is attacked by the other colour (FIDE Laws 3.9.1).
#[must_use]
pub fn in_check(state: &BoardState, colour: Colour) -> bool {
    king_coordinate(state, colour).is_some_and(|k| attacked_by(state, opposite_colour(colour), k))
}

// ---------------------------------------------------------------------------------------------
// What derives from the start and the history

/// VDM `turn`: the side to move, alternating from the start's (FIDE Laws 1.2).
#[must_use]
pub fn turn(board: &Board) -> Colour {
    if board.history.len() % 2 == 0 {
        board.start.turn
    } else {
        opposite_colour(board.start.turn)
    }
}

/// The colour whose castling right a rook coordinate is: White on the 1st rank.
fn right_colour(rook: Coordinate) -> Colour {
    if rook.y() == 1 {
        Colour::White
    } else {
        Colour::Black
    }
}

/// Whether `m` ends the castling right of the rook on `rook` (FIDE Laws 3.8.2.1 (a)): its
/// king moved (castling included), or something moved from or onto the rook's coordinate
/// (the rook moved, or was captured there).
pub(crate) fn ends_right(m: &Move, rook: Coordinate) -> bool {
    let king_moved = m.from_.piece_type == PieceType::King && m.from_.colour == right_colour(rook);
    king_moved || m.from_.coord == rook || m.to_.coord == rook
}

/// VDM `castling_rights`: the coordinates of the rooks that may still castle: those of the
/// start that no move of the history ended (see FIDE Laws 3.8.2.1).
#[must_use]
pub fn castling_rights(board: &Board) -> Vec<Coordinate> {
    let mut rights = board.start.castling.clone();
    for m in board.history.iter() {
        if rights.is_empty() {
            break;
        }
        rights.retain(|&rook| !ends_right(m, rook));
    }
    rights
}

/// The square a pawn's double push `m` passed over, if `m` is one (FIDE Laws 3.7.2).
pub(crate) fn passed_square(m: &Move) -> Option<Coordinate> {
    let (from, to) = (m.from_.coord, m.to_.coord);
    if m.from_.piece_type == PieceType::Pawn && (to.y() - from.y()).abs() == 2 {
        Coordinate::new(from.x(), (from.y() + to.y()) / 2).ok()
    } else {
        None
    }
}

/// VDM `en_passant_target`: the square the last move, a double pawn push, passed over (FIDE
/// Laws 3.7.3.1); before any move, the start's.
#[must_use]
pub fn en_passant_target(board: &Board) -> Option<Coordinate> {
    match board.history.last() {
        Some(m) => passed_square(m),
        None => board.start.en_passant,
    }
}

/// Whether `m`, played on `squares`, moves a pawn or captures (FIDE Laws 9.3).
pub(crate) fn resets_clock(squares: &Squares, m: &Move) -> bool {
    let captures = squares
        .get(m.to_.coord)
        .is_some_and(|p| p.colour != m.from_.colour);
    m.from_.piece_type == PieceType::Pawn || captures
}

/// VDM `halfmove_clock`: half-moves since the last capture or pawn move (FIDE Laws 9.3),
/// counting on from the start's clock. Replays the history on an array: O(history).
#[must_use]
pub fn halfmove_clock(board: &Board) -> u32 {
    let mut squares = Squares::of(&board.start.state);
    let mut clock = board.start.halfmove_clock;
    for m in board.history.iter() {
        clock = if resets_clock(&squares, m) {
            0
        } else {
            clock + 1
        };
        squares.apply(m);
    }
    clock
}

/// VDM `fullmove_number`: starts at the start's number and grows after each Black move.
#[must_use]
pub fn fullmove_number(board: &Board) -> u32 {
    let black_first = u32::from(board.start.turn == Colour::Black);
    board.start.fullmove_number + (board.history.len() as u32 + black_first) / 2
}

// ---------------------------------------------------------------------------------------------
// Moves

/// The rank a pawn of `colour` promotes on (FIDE Laws 3.7.5).
fn last_rank(colour: Colour) -> i32 {
    match colour {
        Colour::White => 8,
        Colour::Black => 1,
    }
}

/// The rank a pawn of `colour` starts on (FIDE Laws 3.7.2).
fn pawn_start_rank(colour: Colour) -> i32 {
    match colour {
        Colour::White => 2,
        Colour::Black => 7,
    }
}

/// One position's local values: the array view and the obstacles, built once per call.
struct View {
    turn: Colour,
    squares: Squares,
    obstacles: ObstacleSet,
    /// When set, only this piece's moves are generated (for [`pre_move`]).
    only: Option<Piece>,
}

impl View {
    fn of(board: &Board) -> View {
        View::from_squares(Squares::of(&board.state), turn(board))
    }

    fn from_squares(squares: Squares, turn: Colour) -> View {
        View {
            turn,
            obstacles: squares.obstacles(),
            squares,
            only: None,
        }
    }

    fn own_pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        let turn = self.turn;
        let only = self.only;
        self.squares
            .pieces()
            .filter(move |p| p.colour == turn && only.map_or(true, |o| o == *p))
    }

    /// Type-based moves of the side to move; pawn moves to the last rank go to `promotions`.
    fn push_simple(&self, out: &mut Vec<Move>, promotions: Option<&mut Vec<Move>>) {
        let mut targets = Vec::with_capacity(28);
        let mut promotions = promotions;
        for p in self.own_pieces() {
            targets.clear();
            push_type_based_moves(p, &self.obstacles, &mut targets);
            for &t in &targets {
                if p.piece_type == PieceType::Pawn && t.coord.y() == last_rank(p.colour) {
                    if let Some(out) = promotions.as_deref_mut() {
                        for promoted in PieceType::PROMOTIONS {
                            out.push(Move::new_valid(
                                p,
                                Piece {
                                    piece_type: promoted,
                                    ..t
                                },
                            ));
                        }
                    }
                } else {
                    out.push(Move::new_valid(p, t));
                }
            }
        }
    }

    fn push_double_pushes(&self, out: &mut Vec<Move>) {
        let forward = pawn_direction(self.turn);
        for p in self.own_pieces() {
            if p.piece_type != PieceType::Pawn || p.coord.y() != pawn_start_rank(p.colour) {
                continue;
            }
            let one = coordinate_offset(p.coord, forward);
            let two = one.and_then(|c| coordinate_offset(c, forward));
            if let (Some(one), Some(two)) = (one, two) {
                if self.squares.get(one).is_none() && self.squares.get(two).is_none() {
                    out.push(Move::new_valid(p, p.at(two)));
                }
            }
        }
    }

    fn push_en_passant(&self, target: Option<Coordinate>, out: &mut Vec<Move>) {
        let Some(target) = target else { return };
        if self.only.is_some_and(|o| o.piece_type != PieceType::Pawn) {
            return;
        }
        for d in pawn_capture_directions(self.turn) {
            let from = coordinate_offset(
                target,
                Direction {
                    dx: -d.dx,
                    dy: -d.dy,
                },
            );
            if let Some(p) = from.and_then(|c| self.squares.get(c)) {
                let wanted = self.only.map_or(true, |o| o == p);
                if p.piece_type == PieceType::Pawn && p.colour == self.turn && wanted {
                    out.push(Move::new_valid(p, p.at(target)));
                }
            }
        }
    }

    fn push_castling(&self, rights: &[Coordinate], out: &mut Vec<Move>) {
        let Some(king_coord) = self.squares.king(self.turn) else {
            return;
        };
        let Some(king) = self.squares.get(king_coord) else {
            return;
        };
        for &rook_coord in rights.iter().filter(|r| right_colour(**r) == self.turn) {
            let is_own_rook = self
                .squares
                .get(rook_coord)
                .is_some_and(|r| r.piece_type == PieceType::Rook && r.colour == self.turn);
            if is_own_rook && self.may_castle(king_coord, rook_coord) {
                out.push(Move::new_valid(king, king.at(rook_coord)));
            }
        }
    }

    /// FIDE Laws 3.8.2: every square between the king and its destination and between the
    /// rook and its destination (inclusive) is empty but for the two castling pieces, and no
    /// square from the king's to its destination (inclusive) is attacked.
    fn may_castle(&self, king: Coordinate, rook: Coordinate) -> bool {
        let (king_to, rook_to) = castling_destinations(king, rook);
        let span = |a: Coordinate, b: Coordinate| {
            let y = a.y();
            (a.x().min(b.x())..=a.x().max(b.x())).filter_map(move |x| Coordinate::new(x, y).ok())
        };
        let empty_path = span(king, king_to)
            .chain(span(rook, rook_to))
            .all(|c| c == king || c == rook || self.squares.get(c).is_none());
        let enemy = opposite_colour(self.turn);
        empty_path && span(king, king_to).all(|c| !self.squares.attacked_by(enemy, c))
    }

    /// Whether `m` leaves the mover's own king attacked (FIDE Laws 3.9.2): play it on a copy
    /// of the array and ask [`Squares::attacked_by`] about the king's square.
    fn leaves_king_attacked(&self, king: Option<Coordinate>, m: &Move) -> bool {
        let mut after = self.squares.clone();
        let effect = move_effect(m, |c| self.squares.get(c));
        after.apply(m);
        let king_after = effect
            .arrive
            .into_iter()
            .flatten()
            .find(|p| p.piece_type == PieceType::King)
            .map(|p| p.coord)
            .or(king);
        king_after.is_some_and(|k| after.attacked_by(opposite_colour(self.turn), k))
    }

    /// Whether `m`, a move of a piece other than the king while the king on `king` is not in
    /// check, opens the line from the king through the square it leaves to an enemy slider.
    fn opens_line_to_king(&self, king: Coordinate, m: &Move) -> bool {
        let Some(d) = direction_between(king, m.from_.coord) else {
            return false;
        };
        let mut at = king;
        while let Some(next) = coordinate_offset(at, d) {
            let there = if next == m.to_.coord {
                Some(m.to_)
            } else if next == m.from_.coord {
                None
            } else {
                self.squares.get(next)
            };
            if let Some(p) = there {
                return p.colour != self.turn && slides_along(p.piece_type, d);
            }
            at = next;
        }
        false
    }

    /// Simple and stateful possible moves together: every pseudo-legal move.
    fn pseudo_legal(&self, board: &Board) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        let mut promotions = Vec::new();
        self.push_simple(&mut out, Some(&mut promotions));
        out.append(&mut promotions);
        self.push_double_pushes(&mut out);
        self.push_en_passant(en_passant_target(board), &mut out);
        if self.only.map_or(true, |o| o.piece_type == PieceType::King) {
            self.push_castling(&castling_rights(board), &mut out);
        }
        out
    }
}

/// VDM `simple_possible_moves`: the type-based moves of the side to move (see
/// [`crate::model::piece::type_based_moves`]), except pawn moves to the last rank (those are
/// [`promotion_moves`]). They may still leave the own king attacked.
#[must_use]
pub fn simple_possible_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    View::of(board).push_simple(&mut out, None);
    out
}

/// VDM `promotion_moves`: a pawn's move to the last rank, once for each of queen, rook, bishop
/// and knight (FIDE Laws 3.7.5).
#[must_use]
pub fn promotion_moves(board: &Board) -> Vec<Move> {
    let mut ignored = Vec::new();
    let mut out = Vec::new();
    View::of(board).push_simple(&mut ignored, Some(&mut out));
    out
}

/// VDM `double_push_moves`: a pawn on its start rank advances two squares, both empty (FIDE
/// Laws 3.7.2).
#[must_use]
pub fn double_push_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    View::of(board).push_double_pushes(&mut out);
    out
}

/// VDM `en_passant_moves`: pawns that capture the pawn that just double-pushed, on the square
/// it passed over (FIDE Laws 3.7.3.1).
#[must_use]
pub fn en_passant_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    View::of(board).push_en_passant(en_passant_target(board), &mut out);
    out
}

/// VDM `castling_moves`: the king castles with each rook that still has its right, when the
/// path is empty and not attacked (FIDE Laws 3.8.2; Chess960 rules: king to the g- or c-file,
/// rook to the f- or d-file, either possibly already there). Written king-takes-rook.
#[must_use]
pub fn castling_moves(board: &Board) -> Vec<Move> {
    let mut out = Vec::new();
    View::of(board).push_castling(&castling_rights(board), &mut out);
    out
}

/// VDM `stateful_possible_moves`: the moves that need more than the piece geometry: castling,
/// en passant, the double push and promotions.
#[must_use]
pub fn stateful_possible_moves(board: &Board) -> Vec<Move> {
    let mut out = castling_moves(board);
    out.extend(en_passant_moves(board));
    out.extend(double_push_moves(board));
    out.extend(promotion_moves(board));
    out
}

/// VDM `stateful_impossible_moves`: the simple and stateful moves that would leave the mover's
/// own king attacked (FIDE Laws 3.9.2).
#[must_use]
pub fn stateful_impossible_moves(board: &Board) -> Vec<Move> {
    let view = View::of(board);
    let king = view.squares.king(view.turn);
    let mut moves = view.pseudo_legal(board);
    moves.retain(|m| view.leaves_king_attacked(king, m));
    moves
}

/// VDM `possible_moves`: the legal moves,
/// `(simple_possible_moves ∪ stateful_possible_moves) \ stateful_impossible_moves`,
/// computed in one pass over one local view.
///
/// One shortcut, which does not change the set: when the king is not in check and another
/// piece moves (not en passant), the only attack the move can open on the king is along the
/// line from the king through the square the piece leaves, so only that line is looked at.
/// Every other move is played on the array and [`attacked_by`] asked about the king's
/// square. [`stateful_impossible_moves`] makes the full test on every move, and the property
/// tests check that both agree.
///
/// ```
/// use vdmchess::model::board::{default_board, possible_moves};
/// assert_eq!(possible_moves(&default_board()).len(), 20);
/// ```
#[must_use]
pub fn possible_moves(board: &Board) -> Vec<Move> {
    possible_moves_and_squares(board).0
}

/// [`possible_moves`] together with the array view it was computed on (for callers that
/// need both, like the port's move conversion).
#[must_use]
pub fn possible_moves_and_squares(board: &Board) -> (Vec<Move>, Squares) {
    let view = View::of(board);
    let king = view.squares.king(view.turn);
    let in_check = king.is_some_and(|k| view.squares.attacked_by(opposite_colour(view.turn), k));
    let mut moves = view.pseudo_legal(board);
    moves.retain(|m| match king {
        Some(k)
            if !in_check
                && m.from_.piece_type != PieceType::King
                && !is_en_passant(&view.squares, m) =>
        {
            !view.opens_line_to_king(k, m)
        }
        _ => !view.leaves_king_attacked(king, m),
    });
    (moves, view.squares)
}

/// The unit step from `a` towards `b` if they share a rank, file or diagonal.
fn direction_between(a: Coordinate, b: Coordinate) -> Option<Direction> {
    let (dx, dy) = (b.x() - a.x(), b.y() - a.y());
    let on_a_line = (dx == 0) != (dy == 0) || (dx != 0 && dx.abs() == dy.abs());
    on_a_line.then(|| Direction {
        dx: dx.signum() as i8,
        dy: dy.signum() as i8,
    })
}

/// Whether a piece of this type attacks along direction `d` (FIDE Laws 3.2-3.4).
fn slides_along(piece_type: PieceType, d: Direction) -> bool {
    let straight = d.dx == 0 || d.dy == 0;
    match piece_type {
        PieceType::Queen => true,
        PieceType::Rook => straight,
        PieceType::Bishop => !straight,
        _ => false,
    }
}

/// Whether `m` is an en-passant capture on `squares`: a pawn moving diagonally to an empty
/// square.
fn is_en_passant(squares: &Squares, m: &Move) -> bool {
    m.from_.piece_type == PieceType::Pawn
        && m.from_.coord.x() != m.to_.coord.x()
        && squares.get(m.to_.coord).is_none()
}

/// VDM `apply_move`: the state after `m` (see [`move_effect`]). Total: any move of a valid
/// state gives a valid state (an arriving piece replaces whatever stood on its coordinate).
#[must_use]
pub fn apply_move(state: &BoardState, m: &Move) -> BoardState {
    let effect = move_effect(m, |c| piece_at(state, c));
    let mut pieces = state.0.clone();
    for p in effect.leave.into_iter().flatten() {
        pieces.remove(&p);
    }
    for p in effect.arrive.into_iter().flatten() {
        if let Some(there) = lookup(&pieces, p.coord) {
            pieces.remove(&there);
        }
        pieces.insert(p);
    }
    let result = BoardState(pieces);
    debug_assert!(inv_board_state(&result.0));
    result
}

/// VDM `pre_move`: `m` is one of the [`possible_moves`]. Computed as "`m` is one of the simple
/// or stateful possible moves *of its piece* and not a stateful impossible one": the same set
/// membership, without generating and testing the moves of the other pieces.
#[must_use]
pub fn pre_move(board: &Board, m: &Move) -> bool {
    pre_move_on(board, Squares::of(&board.state), m)
}

/// [`pre_move`] given the array view of the board's state.
pub(crate) fn pre_move_on(board: &Board, squares: Squares, m: &Move) -> bool {
    let view = View {
        only: Some(m.from_),
        ..View::from_squares(squares, turn(board))
    };
    m.from_.colour == view.turn
        && view.pseudo_legal(board).contains(m)
        && !view.leaves_king_attacked(view.squares.king(view.turn), m)
}

/// VDM `post_move`: the result has the same start, a history one longer ending in `m`, and the
/// state [`apply_move`] gives, which differs from the old one.
#[must_use]
pub fn post_move(board: &Board, m: &Move, result: &Board) -> bool {
    result.start == board.start
        && result.history.len() == board.history.len() + 1
        && result.history.last() == Some(m)
        && result.state != board.state
        && result.state == apply_move(&board.state, m)
}

/// VDM `move`: plays `m` on `board`, checking [`pre_move`] and asserting [`post_move`].
///
/// # Errors
///
/// [`IllegalMove`] when `m` is not one of the [`possible_moves`].
///
/// ```
/// use vdmchess::model::board::{default_board, move_, possible_moves, turn};
/// use vdmchess::model::piece::Colour;
/// let board = default_board();
/// let after = move_(&board, possible_moves(&board)[0]).unwrap();
/// assert_eq!(turn(&after), Colour::Black);
/// ```
pub fn move_(board: &Board, m: Move) -> Result<Board, IllegalMove> {
    if !pre_move(board, &m) {
        return Err(IllegalMove {
            m,
            fen: to_setup(board).to_fen(),
        });
    }
    let result = move_unchecked(board, m);
    debug_assert!(post_move(board, &m, &result));
    Ok(result)
}

/// [`move_`] without the precondition check: the fast path for callers that took `m` from
/// [`possible_moves`] (perft, replay). A move that is not possible gives a board that breaks
/// [`inv_board`]; it never panics.
#[must_use]
pub fn move_unchecked(board: &Board, m: Move) -> Board {
    let mut history = board.history.clone();
    history.push_back(m);
    Board {
        start: Arc::clone(&board.start),
        history,
        state: apply_move(&board.state, &m),
    }
}

/// Counts the leaves of the tree of possible moves `depth` plies deep, the last ply in bulk
/// (not a VDM function: the standard test of a move generator).
///
/// ```
/// use vdmchess::model::board::{default_board, perft};
/// assert_eq!(perft(&default_board(), 2), 400);
/// ```
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = possible_moves(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| perft(&move_unchecked(board, m), depth - 1))
        .sum()
}

/// Whether an en-passant capture is legal now (the condition under which FEN names the
/// en-passant square, and part of a position's identity for repetitions).
#[must_use]
pub fn has_legal_en_passant(board: &Board) -> bool {
    legal_en_passant_on(
        Squares::of(&board.state),
        turn(board),
        en_passant_target(board),
    )
}

/// [`has_legal_en_passant`] on an array view, for replays that do not build boards.
pub(crate) fn legal_en_passant_on(
    squares: Squares,
    turn: Colour,
    target: Option<Coordinate>,
) -> bool {
    let view = View::from_squares(squares, turn);
    let king = view.squares.king(view.turn);
    let mut moves = Vec::new();
    view.push_en_passant(target, &mut moves);
    moves.iter().any(|m| !view.leaves_king_attacked(king, m))
}

/// The position now as a [`Setup`]: the state, the derived turn, castling rights and clocks,
/// and the en-passant square only when an en-passant capture is legal.
#[must_use]
pub fn to_setup(board: &Board) -> Setup {
    let mut setup = Setup::empty();
    for p in board.state.pieces() {
        setup.board[p.coord.index()] = Some(SharedPiece {
            color: p.colour.into(),
            role: p.piece_type.into(),
        });
    }
    setup.turn = turn(board).into();
    setup.castling_rights = castling_rights(board)
        .into_iter()
        .map(Square::from)
        .collect();
    setup.ep_square = en_passant_target(board)
        .filter(|_| has_legal_en_passant(board))
        .map(Square::from);
    setup.halfmoves = halfmove_clock(board);
    setup.fullmoves = fullmove_number(board);
    setup
}
