//! `Board` and `Move`: python-chess's names over the crate's port ([`Rules`]).
//!
//! A board is the start position and the positions after each move (as `vdmchess::Game`
//! keeps them), on the core or on the model. Unlike `Game`, a board goes on taking moves
//! after a draw by rule, as python-chess's does; like python-chess, it refuses no legal move.

use std::fmt::Write as _;

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyType;

use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::san::{SanError, SanMode, SanPlus};
use vdmchess::notation::uci::{UciError, UciMove};
use vdmchess::oracle::explain::explain;
use vdmchess::render::svg::Picture;
use vdmchess::{
    model, CastlingMode, Color, Move as PortMove, Piece, Role, Rules, Setup, Square, Status,
};

use crate::values::json_to_py;
use crate::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError, RulesChoice};

/// python-chess's piece type number of a role (`PAWN = 1` .. `KING = 6`).
pub(crate) const fn piece_type(role: Role) -> u8 {
    match role {
        Role::Pawn => 1,
        Role::Knight => 2,
        Role::Bishop => 3,
        Role::Rook => 4,
        Role::Queen => 5,
        Role::King => 6,
    }
}

fn role_of(piece_type: u8) -> Option<Role> {
    Some(match piece_type {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    })
}

/// Text as Python's `repr` writes a str, as python-chess's messages quote move text.
pub(crate) fn py_repr(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

fn square(index: u8) -> PyResult<Square> {
    Square::from_coords(index & 7, index >> 3)
        .filter(|_| index < 64)
        .ok_or_else(|| PyValueError::new_err(format!("square out of range: {index}")))
}

/// A move as python-chess writes it: from-square, to-square (castling as the king's two-square
/// move in standard chess, king-takes-rook in Chess960) and the promotion piece type.
#[pyclass(module = "vdmchess", name = "Move", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves (0 = a1 .. 63 = h8).
    #[pyo3(get)]
    from_square: u8,
    /// The square it reaches.
    #[pyo3(get)]
    to_square: u8,
    /// The piece type a pawn promotes to (`KNIGHT` .. `QUEEN`), or None.
    #[pyo3(get)]
    promotion: Option<u8>,
}

impl Move {
    /// The null move `0000` (python-chess's `Move.null()`).
    const NULL: Move = Move {
        from_square: 0,
        to_square: 0,
        promotion: None,
    };

    /// The move as python-chess writes a port move in `mode`.
    pub(crate) fn of_port(m: &PortMove, mode: CastlingMode) -> Move {
        let to = match mode {
            CastlingMode::Standard if m.is_castle() => m.castle_king_to(),
            _ => m.to,
        };
        Move {
            from_square: m.from.as_u8(),
            to_square: to.as_u8(),
            promotion: m.promotion().map(piece_type),
        }
    }

    fn is_null(&self) -> bool {
        *self == Move::NULL
    }

    /// The move as UCI text, not yet matched against a position.
    fn to_uci_move(self) -> PyResult<UciMove> {
        if self.is_null() {
            return Ok(UciMove::Null);
        }
        let promotion = match self.promotion {
            None => None,
            Some(t) => Some(role_of(t).ok_or_else(|| {
                PyValueError::new_err(format!("promotion piece type out of range: {t}"))
            })?),
        };
        Ok(UciMove::Normal {
            from: square(self.from_square)?,
            to: square(self.to_square)?,
            promotion,
        })
    }
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn new(
        from_square: u8,
        to_square: u8,
        promotion: Option<u8>,
        drop: Option<u8>,
    ) -> PyResult<Move> {
        if drop.is_some() {
            return Err(PyValueError::new_err("vdmchess has no drops"));
        }
        let m = Move {
            from_square,
            to_square,
            promotion,
        };
        m.to_uci_move()?;
        Ok(m)
    }

    /// Always None: standard chess has no drops (python-chess's field for crazyhouse).
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }

    /// UCI text: `e2e4`, `e7e8q`, `0000` for the null move.
    fn uci(&self) -> String {
        if self.is_null() {
            return "0000".to_string();
        }
        let mut out = String::with_capacity(5);
        for sq in [self.from_square, self.to_square] {
            out.push(char::from(b'a' + (sq & 7)));
            out.push(char::from(b'1' + (sq >> 3)));
        }
        if let Some(role) = self.promotion.and_then(role_of) {
            out.push(role.char());
        }
        out
    }

    /// Parses UCI text (`e2e4`, `e7e8q`, `0000`); raises InvalidMoveError when it is not.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, uci: &str) -> PyResult<Move> {
        match UciMove::from_ascii(uci.as_bytes()) {
            Ok(UciMove::Null) => Ok(Move::NULL),
            Ok(UciMove::Normal {
                from,
                to,
                promotion,
            }) if from != to => Ok(Move {
                from_square: from.as_u8(),
                to_square: to.as_u8(),
                promotion: promotion.map(piece_type),
            }),
            _ => Err(InvalidMoveError::new_err(format!(
                "invalid uci: {}",
                py_repr(uci)
            ))),
        }
    }

    /// The null move, `0000` (false in a boolean context).
    #[classmethod]
    fn null(_cls: &Bound<'_, PyType>) -> Move {
        Move::NULL
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci({})", py_repr(&self.uci()))
    }
}

/// A game line on one implementation of the rules: what `Board` needs of it.
trait Line: Send + Sync {
    fn clone_box(&self) -> Box<dyn Line>;
    fn rules_name(&self) -> &'static str;
    fn setup(&self) -> Setup;
    fn root_setup(&self) -> Setup;
    fn mode(&self) -> CastlingMode;
    fn turn(&self) -> Color;
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    fn legal_moves(&self) -> Vec<PortMove>;
    fn has_legal_moves(&self) -> bool;
    fn is_check(&self) -> bool;
    fn status(&self) -> Status;
    fn halfmove_clock(&self) -> u32;
    fn repetition_count(&self) -> usize;
    fn is_insufficient_material(&self) -> bool;
    /// Whether some legal move reaches a position that has occurred three times.
    fn some_move_repeats_thrice(&self) -> bool;
    /// Whether some legal move that is not a capture or pawn move reaches a half-move
    /// clock of 100 with a legal move left.
    fn some_move_reaches_fifty(&self) -> bool;
    fn push(&mut self, m: PortMove);
    fn pop(&mut self) -> Option<PortMove>;
    fn stack(&self) -> &[PortMove];
    fn san(&self, m: &PortMove) -> String;
    fn resolve_san(&self, san: &SanPlus) -> Result<PortMove, SanError>;
    fn resolve_uci(&self, uci: &UciMove) -> Result<PortMove, UciError>;
    fn perft(&self, depth: u32) -> u64;
}

/// The positions from the start to now, and the moves between them.
#[derive(Clone)]
struct Positions<R> {
    positions: Vec<R>,
    moves: Vec<PortMove>,
}

impl<R: Rules + Send + Sync + 'static> Positions<R> {
    fn now(&self) -> &R {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    fn children(&self) -> impl Iterator<Item = R> + '_ {
        let now = self.now();
        now.legal_moves().into_iter().map(move |m| {
            let mut next = now.clone();
            next.play_unchecked(&m);
            next
        })
    }
}

impl<R: Rules + Send + Sync + 'static> Line for Positions<R> {
    fn clone_box(&self) -> Box<dyn Line> {
        Box::new(self.clone())
    }
    fn rules_name(&self) -> &'static str {
        R::NAME
    }
    fn setup(&self) -> Setup {
        self.now().to_setup()
    }
    fn root_setup(&self) -> Setup {
        self.positions[0].to_setup()
    }
    fn mode(&self) -> CastlingMode {
        self.now().castling_mode()
    }
    fn turn(&self) -> Color {
        self.now().turn()
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.now().piece_at(sq)
    }
    fn legal_moves(&self) -> Vec<PortMove> {
        self.now().legal_moves()
    }
    fn has_legal_moves(&self) -> bool {
        self.now().has_legal_moves()
    }
    fn is_check(&self) -> bool {
        self.now().is_check()
    }
    fn status(&self) -> Status {
        self.now().status()
    }
    fn halfmove_clock(&self) -> u32 {
        self.now().halfmove_clock()
    }
    fn repetition_count(&self) -> usize {
        self.now().repetition_count()
    }
    fn is_insufficient_material(&self) -> bool {
        self.now().is_insufficient_material()
    }
    fn some_move_repeats_thrice(&self) -> bool {
        self.children().any(|next| next.repetition_count() >= 3)
    }
    fn some_move_reaches_fifty(&self) -> bool {
        self.children()
            .any(|next| next.halfmove_clock() >= 100 && next.has_legal_moves())
    }
    fn push(&mut self, m: PortMove) {
        let mut next = self.now().clone();
        next.play_unchecked(&m);
        self.positions.push(next);
        self.moves.push(m);
    }
    fn pop(&mut self) -> Option<PortMove> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }
    fn stack(&self) -> &[PortMove] {
        &self.moves
    }
    fn san(&self, m: &PortMove) -> String {
        SanPlus::from_move(self.now(), m).to_string()
    }
    fn resolve_san(&self, san: &SanPlus) -> Result<PortMove, SanError> {
        san.to_move(self.now())
    }
    fn resolve_uci(&self, uci: &UciMove) -> Result<PortMove, UciError> {
        uci.to_move(self.now())
    }
    fn perft(&self, depth: u32) -> u64 {
        vdmchess::rules::perft(self.now(), depth)
    }
}

fn line_of(setup: &Setup, mode: CastlingMode, rules: RulesChoice) -> PyResult<Box<dyn Line>> {
    let bad = |e: vdmchess::SetupError| PyValueError::new_err(e.to_string());
    Ok(match rules {
        RulesChoice::Model => Box::new(Positions {
            positions: vec![model::game::Game::from_setup(setup, mode).map_err(bad)?],
            moves: Vec::new(),
        }),
        _ => Box::new(Positions {
            positions: vec![Chess::from_setup(setup, mode).map_err(bad)?],
            moves: Vec::new(),
        }),
    })
}

/// A chess board with its move stack, as python-chess's `chess.Board`, on the vdmchess core
/// (or, with `rules="model"`, on the executable specification).
///
/// Unlike python-chess's, it holds legal positions only: a FEN that is not a legal position
/// raises ValueError saying what is wrong, and `push` refuses an illegal move.
#[pyclass(module = "vdmchess._vdmchess", name = "Board", subclass)]
pub struct Board {
    line: Box<dyn Line>,
    chess960: bool,
    rules: RulesChoice,
}

impl Board {
    fn fen_string(&self) -> String {
        self.line.setup().to_fen()
    }

    fn to_port(&self, m: &Move) -> PyResult<PortMove> {
        if m.is_null() {
            return Err(IllegalMoveError::new_err(format!(
                "null move in {}: vdmchess plays legal moves only",
                self.fen_string()
            )));
        }
        self.line
            .resolve_uci(&m.to_uci_move()?)
            .map_err(|_| self.illegal("move", &m.uci()))
    }

    fn py_move(&self, m: &PortMove) -> Move {
        Move::of_port(m, self.line.mode())
    }

    /// python-chess's message for an illegal move, then the model's explanation.
    fn illegal(&self, what: &str, text: &str) -> PyErr {
        let setup = self.line.setup();
        let fen = setup.to_fen();
        let why = match explain(&setup, self.line.mode(), text) {
            Ok(why) => match why.reason {
                Some(reason) => format!(" ({reason}: {})", why.detail),
                None => format!(" ({})", why.detail),
            },
            Err(e) => format!(" ({e})"),
        };
        IllegalMoveError::new_err(format!("illegal {what}: {} in {fen}{why}", py_repr(text)))
    }

    fn parse_san_move(&self, san: &str) -> PyResult<Option<PortMove>> {
        let parsed = SanPlus::from_ascii(san.trim().as_bytes(), SanMode::Lenient)
            .map_err(|_| InvalidMoveError::new_err(format!("invalid san: {}", py_repr(san))))?;
        match self.line.resolve_san(&parsed) {
            Ok(m) => Ok(Some(m)),
            Err(SanError::NullMove) => Ok(None),
            Err(SanError::Ambiguous(_)) => Err(AmbiguousMoveError::new_err(format!(
                "ambiguous san: {} in {}",
                py_repr(san),
                self.fen_string()
            ))),
            Err(_) => Err(self.illegal("san", san)),
        }
    }

    fn parse_uci_move(&self, uci: &str) -> PyResult<PortMove> {
        let parsed = UciMove::from_ascii(uci.as_bytes())
            .map_err(|_| InvalidMoveError::new_err(format!("invalid uci: {}", py_repr(uci))))?;
        self.line
            .resolve_uci(&parsed)
            .map_err(|_| self.illegal("uci", uci))
    }

    fn fifty_moves(&self) -> bool {
        self.line.halfmove_clock() >= 100 && self.line.has_legal_moves()
    }

    fn claim_fifty(&self) -> bool {
        self.fifty_moves()
            || (self.line.halfmove_clock() >= 99 && self.line.some_move_reaches_fifty())
    }

    fn claim_threefold(&self) -> bool {
        self.line.repetition_count() >= 3 || self.line.some_move_repeats_thrice()
    }

    /// python-chess's `outcome()`: the termination's name and the winner.
    fn outcome_parts(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        let status = self.line.status();
        let seventyfive = self.line.halfmove_clock() >= 150 && self.line.has_legal_moves();
        let named = match status {
            Status::Checkmate => {
                return Some(("CHECKMATE", Some(self.line.turn() == Color::Black)));
            }
            Status::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
            Status::Stalemate => "STALEMATE",
            _ if seventyfive => "SEVENTYFIVE_MOVES",
            _ if self.line.repetition_count() >= 5 => "FIVEFOLD_REPETITION",
            _ if claim_draw && self.claim_fifty() => "FIFTY_MOVES",
            _ if claim_draw && self.claim_threefold() => "THREEFOLD_REPETITION",
            _ => return None,
        };
        Some((named, None))
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen = Some(String::from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")), *, chess960 = false, rules = "core"))]
    fn new(fen: Option<String>, chess960: bool, rules: &str) -> PyResult<Board> {
        let rules = RulesChoice::parse(rules, false)?;
        let fen = fen.ok_or_else(|| {
            PyValueError::new_err("an empty board is not a legal position: give a FEN")
        })?;
        let setup = parse_fen(&fen).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            setup.castling_mode_hint()
        };
        Ok(Board {
            line: line_of(&setup, mode, rules)?,
            chess960,
            rules,
        })
    }

    /// Whether castling is written king-takes-rook (Chess960).
    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// `"core"` or `"model"`: the implementation of the rules this board plays on.
    #[getter]
    fn rules(&self) -> &'static str {
        match self.rules {
            RulesChoice::Model => "model",
            _ => "core",
        }
    }

    /// The position as FEN (the en-passant square only when the capture is legal, as
    /// python-chess writes it). The keyword arguments python-chess takes are not supported.
    fn fen(&self) -> String {
        self.fen_string()
    }

    /// The piece placement part of the FEN.
    fn board_fen(&self) -> String {
        let fen = self.fen_string();
        fen.split(' ').next().unwrap_or_default().to_string()
    }

    /// Replaces the position with that of `fen` and clears the move stack.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let setup = parse_fen(fen).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            setup.castling_mode_hint()
        };
        self.line = line_of(&setup, mode, self.rules)?;
        Ok(())
    }

    /// The side to move: True (WHITE) or False (BLACK).
    #[getter]
    fn turn(&self) -> bool {
        self.line.turn() == Color::White
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.line.halfmove_clock()
    }

    /// The number of the full move, starting at 1.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.line.setup().fullmoves
    }

    /// The piece on a square as (piece type, color), or None.
    fn _piece_at(&self, square: u8) -> PyResult<Option<(u8, bool)>> {
        let sq = self::square(square)?;
        Ok(self
            .line
            .piece_at(sq)
            .map(|p| (piece_type(p.role), p.color == Color::White)))
    }

    /// The piece type on a square, or None.
    fn piece_type_at(&self, square: u8) -> PyResult<Option<u8>> {
        Ok(self._piece_at(square)?.map(|(t, _)| t))
    }

    /// The color of the piece on a square, or None.
    fn color_at(&self, square: u8) -> PyResult<Option<bool>> {
        Ok(self._piece_at(square)?.map(|(_, c)| c))
    }

    /// The legal moves, as a list (the `legal_moves` property wraps it).
    fn _legal_moves(&self) -> Vec<Move> {
        let mode = self.line.mode();
        self.line
            .legal_moves()
            .iter()
            .map(|m| Move::of_port(m, mode))
            .collect()
    }

    fn _legal_move_count(&self) -> usize {
        self.line.legal_moves().len()
    }

    fn _has_legal_moves(&self) -> bool {
        self.line.has_legal_moves()
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: &Move) -> bool {
        !r#move.is_null()
            && r#move
                .to_uci_move()
                .is_ok_and(|u| self.line.resolve_uci(&u).is_ok())
    }

    /// Plays a legal move; raises IllegalMoveError (python-chess does not check) otherwise.
    fn push(&mut self, r#move: &Move) -> PyResult<()> {
        let m = self.to_port(r#move)?;
        self.line.push(m);
        Ok(())
    }

    /// Plays a move written in SAN and returns it; InvalidMoveError, IllegalMoveError or
    /// AmbiguousMoveError as python-chess raises them.
    fn push_san(&mut self, san: &str) -> PyResult<Move> {
        match self.parse_san_move(san)? {
            Some(m) => {
                self.line.push(m);
                Ok(self.py_move(&m))
            }
            None => Err(self.illegal("san", san)),
        }
    }

    /// Plays a move written as UCI text and returns it.
    fn push_uci(&mut self, uci: &str) -> PyResult<Move> {
        let m = self.parse_uci_move(uci)?;
        self.line.push(m);
        Ok(self.py_move(&m))
    }

    /// The legal move `san` names (`Move.null()` for `--`), without playing it.
    fn parse_san(&self, san: &str) -> PyResult<Move> {
        Ok(self
            .parse_san_move(san)?
            .map_or(Move::NULL, |m| self.py_move(&m)))
    }

    /// The legal move UCI text names, without playing it.
    fn parse_uci(&self, uci: &str) -> PyResult<Move> {
        let m = self.parse_uci_move(uci)?;
        Ok(self.py_move(&m))
    }

    /// Takes back the last move and returns it; IndexError on an empty stack.
    fn pop(&mut self) -> PyResult<Move> {
        let mode = self.line.mode();
        self.line
            .pop()
            .map(|m| Move::of_port(&m, mode))
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))
    }

    /// The last move; IndexError on an empty stack.
    fn peek(&self) -> PyResult<Move> {
        self.line
            .stack()
            .last()
            .map(|m| self.py_move(m))
            .ok_or_else(|| PyIndexError::new_err("peek from empty move stack"))
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        let mode = self.line.mode();
        self.line
            .stack()
            .iter()
            .map(|m| Move::of_port(m, mode))
            .collect()
    }

    /// The number of half-moves played since the board's FEN.
    fn ply(&self) -> usize {
        self.line.stack().len()
    }

    /// The SAN of a legal move (`--` for the null move).
    fn san(&self, r#move: &Move) -> PyResult<String> {
        if r#move.is_null() {
            return Ok("--".to_string());
        }
        let m = self.to_port(r#move)?;
        Ok(self.line.san(&m))
    }

    /// The UCI text of a move (as `move.uci()`).
    fn uci(&self, r#move: &Move) -> String {
        r#move.uci()
    }

    fn is_check(&self) -> bool {
        self.line.is_check()
    }

    fn is_checkmate(&self) -> bool {
        self.line.status() == Status::Checkmate
    }

    fn is_stalemate(&self) -> bool {
        !self.line.is_check() && !self.line.has_legal_moves()
    }

    /// Neither side can mate (python-chess's rule).
    fn is_insufficient_material(&self) -> bool {
        self.line.is_insufficient_material()
    }

    /// The position has occurred five times (FIDE 9.6.1): drawn.
    fn is_fivefold_repetition(&self) -> bool {
        self.line.repetition_count() >= 5
    }

    /// The position has occurred at least `count` times.
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.line.repetition_count() >= count
    }

    /// 75 moves by each side without a capture or pawn move, and a legal move left (9.6.2).
    fn is_seventyfive_moves(&self) -> bool {
        self.line.halfmove_clock() >= 150 && self.line.has_legal_moves()
    }

    /// 50 moves by each side without a capture or pawn move, and a legal move left.
    fn is_fifty_moves(&self) -> bool {
        self.fifty_moves()
    }

    /// A draw by the fifty-move rule may be claimed now or by the next move (9.3).
    fn can_claim_fifty_moves(&self) -> bool {
        self.claim_fifty()
    }

    /// A draw by threefold repetition may be claimed now or by the next move (9.2).
    fn can_claim_threefold_repetition(&self) -> bool {
        self.claim_threefold()
    }

    /// Either draw may be claimed.
    fn can_claim_draw(&self) -> bool {
        self.claim_fifty() || self.claim_threefold()
    }

    /// The termination's name and the winner, or None (the `outcome()` method wraps it).
    #[pyo3(signature = (*, claim_draw = false))]
    fn _outcome(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        self.outcome_parts(claim_draw)
    }

    /// Whether the game has ended by rule (or, with claim_draw, a draw may be claimed).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_parts(claim_draw).is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        match self.outcome_parts(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        }
    }

    /// The PolyGlot Zobrist key, as `chess.polyglot.zobrist_hash(board)`.
    fn zobrist_hash(&self) -> PyResult<u64> {
        let setup = self.line.setup();
        let pos = Chess::from_setup(&setup, self.line.mode())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(pos.position().hash())
    }

    /// Why a move (SAN or UCI text) is legal or not, decided by the reference model: the
    /// fields of `vdmchess explain --json` (`legal`, `reason`, `clause`, `fide`, `detail`,
    /// `uci`, `san`, `effects`, `marks`).
    fn explain(&self, py: Python<'_>, move_text: &str) -> PyResult<PyObject> {
        let why = explain(&self.line.setup(), self.line.mode(), move_text)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let value = serde_json::to_value(&why).map_err(|e| PyValueError::new_err(e.to_string()))?;
        json_to_py(py, &value)
    }

    /// The leaf nodes `depth` plies below this position.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let line = self.line.clone_box();
        py.allow_threads(move || line.perft(depth))
    }

    /// A copy, of the same class; with `stack=False` it starts at the current position with
    /// no moves.
    #[pyo3(signature = (*, stack = true))]
    fn copy<'py>(slf: &Bound<'py, Self>, stack: bool) -> PyResult<Bound<'py, PyAny>> {
        let (line, chess960, rules) = {
            let me = slf.borrow();
            let line = if stack {
                me.line.clone_box()
            } else {
                line_of(&me.line.setup(), me.line.mode(), me.rules)?
            };
            (line, me.chess960, me.rules)
        };
        let copy = slf.get_type().call0()?;
        {
            let mut board = copy.downcast::<Board>()?.borrow_mut();
            board.line = line;
            board.chess960 = chess960;
            board.rules = rules;
        }
        Ok(copy)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Board::copy(slf, true)
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        Board::copy(slf, true)
    }

    /// The FEN of the position the move stack starts from.
    fn root_fen(&self) -> String {
        self.line.root_setup().to_fen()
    }

    /// The implementation of the rules, as the crate names it (`the core`, `the model`).
    fn rules_name(&self) -> &'static str {
        self.line.rules_name()
    }

    /// The board as python-chess prints it: ranks 8 to 1, pieces as FEN letters, `.` for
    /// an empty square, one space between squares.
    fn __str__(&self) -> String {
        let setup = self.line.setup();
        let mut out = String::with_capacity(128);
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let c = Square::from_coords(file, rank)
                    .and_then(|sq| setup.board[sq.index()])
                    .map_or('.', |p| p.char());
                out.push(c);
                if file < 7 {
                    out.push(' ');
                }
            }
            if rank > 0 {
                out.push('\n');
            }
        }
        out
    }

    fn __repr__(&self) -> String {
        let mut out = String::new();
        let _ = write!(out, "Board({}", py_repr(&self.fen_string()));
        if self.chess960 {
            out.push_str(", chess960=True");
        }
        if self.rules == RulesChoice::Model {
            out.push_str(", rules='model'");
        }
        out.push(')');
        out
    }

    /// An SVG picture of the position (the last move tinted, a king in check marked): what a
    /// Jupyter notebook shows.
    fn _repr_svg_(&self) -> String {
        let mut picture = Picture::new(&self.line.setup());
        if let Some(m) = self.line.stack().last() {
            picture.set_last_move(m);
        }
        picture.to_svg()
    }
}
