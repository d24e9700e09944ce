//! The port: one trait, [`Rules`], that the reference model and the performance core both
//! implement.
//!
//! Everything above the rules (perft, SAN, PGN replay, the oracle, the CLI) is written once,
//! generic over this trait, and runs over either implementation. Crossing between them always
//! goes through a [`Setup`] (a copy), never through shared state.
//!
//! # Moves at the port
//!
//! A [`Move`] is a from-square, a to-square and a [`MoveKind`]. Castling is encoded as *king
//! takes own rook* (`to` is the rook's square), so one encoding serves standard chess and every
//! Chess960 start; [`Move::to_uci`] writes `e1g1` or `e1h1` as the [`CastlingMode`] asks.

mod perft;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::core::castling::castling_destinations;
use crate::setup::{CastlingMode, Setup, SetupError};
use crate::types::{Color, Piece, Role, Square, SquareSet};

pub use perft::{perft, perft_divide, perft_divide_threads, perft_threads, Divide, PERFT_DEPTH};

/// What kind of move a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoveKind {
    /// Any move that is not one of the kinds below (including a pawn's double push).
    Normal,
    /// A pawn captures en passant (FIDE Laws 3.7.4): the captured pawn is not on `to`.
    EnPassant,
    /// The king castles with the rook on `to` (FIDE Laws 3.8.2; Chess960 Guidelines III).
    Castle,
    /// A pawn reaches the last rank and becomes this role (FIDE Laws 3.7.5).
    Promotion(Role),
}

/// A move as the port exchanges it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The square the moving piece leaves (the king's square when castling).
    pub from: Square,
    /// The square it reaches; when castling, the square of the rook it castles with.
    pub to: Square,
    /// What kind of move it is.
    pub kind: MoveKind,
}

impl Move {
    /// A move of kind [`MoveKind::Normal`].
    #[must_use]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    /// The role a pawn promotes to, if this is a promotion.
    #[must_use]
    pub const fn promotion(&self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[must_use]
    pub const fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }

    /// Where king and rook land when castling: `(king_to, rook_to)`, the g- and f-files
    /// towards the h-side, the c- and d-files towards the a-side (FIDE Laws 3.8.2.1, Chess960
    /// Guidelines III.2; [`castling_destinations`], the core's one home of the rule).
    #[must_use]
    pub const fn castle_destinations(&self) -> (Square, Square) {
        castling_destinations(self.from, self.to)
    }

    /// The square the king reaches when castling: the g-file towards the h-side, the c-file
    /// towards the a-side.
    #[must_use]
    pub const fn castle_king_to(&self) -> Square {
        self.castle_destinations().0
    }

    /// The square the rook reaches when castling: f-file or d-file.
    #[must_use]
    pub const fn castle_rook_to(&self) -> Square {
        self.castle_destinations().1
    }

    /// Whether this is a castling whose king lands on `sq`: how `e1g1` and `O-O` name it.
    #[must_use]
    pub const fn castles_to(&self, sq: Square) -> bool {
        self.is_castle() && self.castle_king_to().index() == sq.index()
    }

    /// UCI move text: `e2e4`, `e7e8q`; castling as `e1g1` in [`CastlingMode::Standard`] and
    /// king-takes-rook (`e1h1`) in [`CastlingMode::Chess960`].
    ///
    /// ```
    /// use vdmchess::{CastlingMode, Move, MoveKind};
    /// let castle = Move { from: "e1".parse().unwrap(), to: "h1".parse().unwrap(), kind: MoveKind::Castle };
    /// assert_eq!(castle.to_uci(CastlingMode::Standard), "e1g1");
    /// assert_eq!(castle.to_uci(CastlingMode::Chess960), "e1h1");
    /// ```
    #[must_use]
    pub fn to_uci(&self, mode: CastlingMode) -> String {
        let mut out = String::with_capacity(5);
        self.write_uci(mode, &mut out);
        out
    }

    /// Appends [`Move::to_uci`]'s text to `out`, allocating nothing else: for callers that
    /// write many moves.
    ///
    /// ```
    /// use vdmchess::{CastlingMode, Move, MoveKind, Role};
    /// let mut out = String::new();
    /// Move::normal("e2".parse().unwrap(), "e4".parse().unwrap()).write_uci(CastlingMode::Standard, &mut out);
    /// out.push(' ');
    /// let promote = Move { from: "a7".parse().unwrap(), to: "b8".parse().unwrap(), kind: MoveKind::Promotion(Role::Knight) };
    /// promote.write_uci(CastlingMode::Standard, &mut out);
    /// assert_eq!(out, "e2e4 a7b8n");
    /// ```
    pub fn write_uci(&self, mode: CastlingMode, out: &mut String) {
        let (text, len) = self.uci_bytes(mode);
        out.extend(text[..len].iter().map(|&c| char::from(c)));
    }

    /// [`Move::to_uci`]'s text as ASCII bytes: the first `len` of the five, for callers that
    /// write moves straight into byte buffers (Arrow columns, say).
    ///
    /// ```
    /// use vdmchess::{CastlingMode, Move, MoveKind, Role};
    /// let promote = Move { from: "a7".parse().unwrap(), to: "b8".parse().unwrap(), kind: MoveKind::Promotion(Role::Queen) };
    /// let (text, len) = promote.uci_bytes(CastlingMode::Standard);
    /// assert_eq!(&text[..len], b"a7b8q");
    /// ```
    #[must_use]
    #[inline]
    pub fn uci_bytes(&self, mode: CastlingMode) -> ([u8; 5], usize) {
        let to = match (self.kind, mode) {
            (MoveKind::Castle, CastlingMode::Standard) => self.castle_king_to(),
            _ => self.to,
        };
        let mut text = [
            b'a' + self.from.file(),
            b'1' + self.from.rank(),
            b'a' + to.file(),
            b'1' + to.rank(),
            0,
        ];
        match self.promotion() {
            Some(role) => {
                text[4] = role.char() as u8;
                (text, 5)
            }
            None => (text, 4),
        }
    }
}

impl fmt::Display for Move {
    /// Chess960-style UCI text (king takes rook), which is unambiguous without a position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci(CastlingMode::Chess960))
    }
}

/// What [`Rules::unique_move_to`] found: no legal move, exactly one, or more than one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveMatch {
    /// No legal move matches.
    None,
    /// Exactly this one matches.
    One(Move),
    /// More than one matches.
    Many,
}

/// Why [`Rules::play`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    /// The refused move.
    pub mv: Move,
    /// The position's FEN.
    pub fen: String,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {} in {}", self.mv, self.fen)
    }
}

impl std::error::Error for PlayError {}

/// How a game stands, by the rules that end it without a claim (FIDE Laws 5 and 9.6), checked
/// in python-chess's order: checkmate, insufficient material, stalemate, 75 moves, fivefold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The side to move is in check and has no legal move (5.1.1).
    Checkmate,
    /// Neither side has material to mate with (5.2.2, 6.9); see [`Rules::is_insufficient_material`].
    InsufficientMaterial,
    /// The side to move is not in check and has no legal move (5.2.1).
    Stalemate,
    /// 75 moves by each side without a pawn move or capture (9.6.2).
    SeventyfiveMoves,
    /// The same position for the fifth time (9.6.1).
    FivefoldRepetition,
    /// None of the above.
    Ongoing,
}

impl Status {
    /// The snake_case name used in JSON output (`checkmate`, `ongoing`, ...).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Checkmate => "checkmate",
            Status::InsufficientMaterial => "insufficient_material",
            Status::Stalemate => "stalemate",
            Status::SeventyfiveMoves => "seventyfive_moves",
            Status::FivefoldRepetition => "fivefold_repetition",
            Status::Ongoing => "ongoing",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A draw the player to move may claim (FIDE Laws 9.2, 9.3): it does not end the game by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    /// The position has occurred three times (9.2); see [`Rules::is_threefold_repetition`].
    ThreefoldRepetition,
    /// Fifty moves by each side without a pawn move or capture (9.3): the half-move clock is
    /// at least 100; see [`Rules::is_fifty_moves`].
    FiftyMoves,
}

impl Claim {
    /// The snake_case name used in JSON output (`threefold_repetition`, `fifty_moves`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Claim::ThreefoldRepetition => "threefold_repetition",
            Claim::FiftyMoves => "fifty_moves",
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The rules of chess as one small port.
///
/// A value is a validated game state: a position plus what the draw rules need of its past
/// (repetitions since the start). Implementations: `model::game::Game` (the executable
/// specification) and `core::Chess` (the fast core).
///
/// Shared definitions both implementations follow:
/// - **Repetition** (FIDE 9.2.2): positions are the same when the placement, the side to move,
///   the castling rights and the en-passant possibility (a *legal* en-passant capture) are the
///   same. Counting starts at the game's start position.
/// - **Insufficient material** (python-chess's rule): each side alone cannot mate: a side with
///   a pawn, rook or queen can; a side with knights can if it has more than one piece besides
///   the king or the opponent has anything but king and queens; a side with bishops can unless
///   all bishops on the board stand on one square colour and there are no pawns or knights.
///
/// Some methods are hooks with default bodies that perft and SAN reading call through the
/// trait ([`Rules::legal_move_count`], [`Rules::for_each_child`],
/// [`Rules::legal_moves_to_into`], [`Rules::unique_move_to`]): public on purpose, so that an
/// implementation can override them with something faster (the core counts and plays move
/// groups without listing moves) and callers get the same answers either way.
///
/// The answers about how the game stands ([`Rules::status`], [`Rules::is_checkmate`],
/// [`Rules::is_stalemate`], [`Rules::is_threefold_repetition`], [`Rules::is_fifty_moves`],
/// [`Rules::claims`]) have default bodies built on the other methods, for implementations
/// with nothing better. The model and the core each answer from their own functions
/// (`GameModule`'s for the model), so comparing them compares two implementations.
pub trait Rules: Clone + Sized {
    /// What messages call this implementation, e.g. when two are replayed in lock step and
    /// disagree (`"the model"`, `"the core"`).
    const NAME: &'static str = "the implementation";

    /// Validates `setup` and builds the state, with no history before it.
    ///
    /// # Errors
    ///
    /// [`SetupError`] with every reason the setup is illegal.
    fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Self, SetupError>;

    /// The position as a [`Setup`], with the en-passant square only when an en-passant capture
    /// is legal (as python-chess and Stockfish write FEN).
    fn to_setup(&self) -> Setup;

    /// How castling moves are written.
    fn castling_mode(&self) -> CastlingMode;

    /// The side to move.
    fn turn(&self) -> Color;

    /// The piece on `sq`.
    fn piece_at(&self, sq: Square) -> Option<Piece>;

    /// Appends every legal move to `out` (which it does not clear).
    fn legal_moves_into(&self, out: &mut Vec<Move>);

    /// The number of legal moves: what [`perft`] counts at its last ply. Implementations may
    /// count without listing the moves (the core adds up the sizes of its move groups).
    fn legal_move_count(&self) -> u64 {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out.len() as u64
    }

    /// Calls `f` with the position after each legal move: how [`perft`] walks the tree.
    /// Implementations may do it without listing the moves (the core plays its move groups
    /// directly).
    fn for_each_child<F: FnMut(&Self)>(&self, mut f: F) {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        for m in &moves {
            let mut next = self.clone();
            next.play_unchecked(m);
            f(&next);
        }
    }

    /// Every legal move.
    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// Appends the legal moves of `role` that reach `to` (castling counts as a king move to
    /// its [`Move::castle_king_to`] square and to the rook's square). SAN reading uses this;
    /// implementations may override it with something faster than filtering.
    fn legal_moves_to_into(&self, role: Role, to: Square, out: &mut Vec<Move>) {
        let start = out.len();
        self.legal_moves_into(out);
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            let reaches = m.to == to || m.castles_to(to);
            if reaches && self.piece_at(m.from).map(|p| p.role) == Some(role) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// The one legal move of a piece of `role` standing on `from` that reaches `to`, castling
    /// aside, promoting to `promotion` (which must be `None` unless a pawn reaches the last
    /// rank): what a SAN move such as `Nbd2` names. `scratch` is a buffer the default body
    /// lists candidates in; implementations may override it with something that lists nothing.
    ///
    /// ```
    /// use vdmchess::core::Chess;
    /// use vdmchess::rules::MoveMatch;
    /// use vdmchess::{CastlingMode, Role, Rules, Setup, SquareSet};
    /// let start = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
    /// let f3 = "f3".parse().unwrap();
    /// let anywhere = SquareSet(!0);
    /// let mut scratch = Vec::new();
    /// let found = start.unique_move_to(Role::Knight, f3, anywhere, None, &mut scratch);
    /// assert_eq!(found, MoveMatch::One(vdmchess::Move::normal("g1".parse().unwrap(), f3)));
    /// assert_eq!(start.unique_move_to(Role::Bishop, f3, anywhere, None, &mut scratch), MoveMatch::None);
    /// ```
    fn unique_move_to(
        &self,
        role: Role,
        to: Square,
        from: SquareSet,
        promotion: Option<Role>,
        scratch: &mut Vec<Move>,
    ) -> MoveMatch {
        scratch.clear();
        self.legal_moves_to_into(role, to, scratch);
        let mut found = MoveMatch::None;
        for m in scratch.iter() {
            if m.is_castle() || m.to != to || m.promotion() != promotion || !from.contains(m.from) {
                continue;
            }
            if found != MoveMatch::None {
                return MoveMatch::Many;
            }
            found = MoveMatch::One(*m);
        }
        found
    }

    /// Whether `m` is legal here.
    fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Plays a legal move in place. The fast entry: the caller vouches for legality.
    ///
    /// # Panics
    ///
    /// May panic, or leave a meaningless state, when `m` is not legal.
    fn play_unchecked(&mut self, m: &Move);

    /// Plays `m` if it is legal, returning the new state.
    ///
    /// # Errors
    ///
    /// [`PlayError`] when `m` is not a legal move here.
    fn play(&self, m: &Move) -> Result<Self, PlayError> {
        if self.is_legal(m) {
            let mut next = self.clone();
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(PlayError {
                mv: *m,
                fen: self.to_setup().to_fen(),
            })
        }
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// Half-moves since the last capture or pawn move.
    fn halfmove_clock(&self) -> u32;

    /// How often the current position has occurred, this time included (so at least 1).
    fn repetition_count(&self) -> usize;

    /// Whether neither side has material to mate with (see the trait docs).
    fn is_insufficient_material(&self) -> bool;

    /// Whether the side to move has a legal move. Implementations may answer without
    /// generating every move.
    fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// The position has occurred three times: a draw the player to move may claim (9.2).
    fn is_threefold_repetition(&self) -> bool {
        self.repetition_count() >= 3
    }

    /// Fifty moves by each side without pawn move or capture: a claimable draw (9.3).
    fn is_fifty_moves(&self) -> bool {
        self.halfmove_clock() >= 100
    }

    /// The draws the player to move may claim now, threefold repetition first.
    fn claims(&self) -> Vec<Claim> {
        let mut out = Vec::new();
        if self.is_threefold_repetition() {
            out.push(Claim::ThreefoldRepetition);
        }
        if self.is_fifty_moves() {
            out.push(Claim::FiftyMoves);
        }
        out
    }

    /// How the game stands by the automatic rules; see [`Status`].
    fn status(&self) -> Status {
        let no_moves = !self.has_legal_moves();
        if no_moves && self.is_check() {
            Status::Checkmate
        } else if self.is_insufficient_material() {
            Status::InsufficientMaterial
        } else if no_moves {
            Status::Stalemate
        } else if self.halfmove_clock() >= 150 {
            Status::SeventyfiveMoves
        } else if self.repetition_count() >= 5 {
            Status::FivefoldRepetition
        } else {
            Status::Ongoing
        }
    }
}
