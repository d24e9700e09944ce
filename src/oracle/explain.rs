//! `explain`: why a move is legal or illegal, decided by the reference model alone.
//!
//! Given a position and any move text (UCI such as `e1g1`, `e7e8q`, `a2a5`, or SAN such as
//! `Nf3`, `O-O`, `exd6`), [`explain`] answers with an [`Explanation`]: whether the move is
//! legal; if not, the [`Reason`], the VDM clause of `spec/` that refuses it, the FIDE Laws
//! article, and a sentence naming the squares and pieces; if it is, the clause that allows it
//! and what it does ([`Effect`]s: capture, castling, en passant, promotion, check, mate).
//!
//! Every verdict comes from the model's spec-named functions (`possible_moves`,
//! `type_based_moves`, `attacked_by`, `castling_rights`, `castling_destinations`,
//! `stateful_impossible_moves` ...), never from the core.
//!
//! # The reasons, in the order they are tried
//!
//! An illegal move gets the first reason of this list that applies:
//!
//! | reason | when | clause | FIDE |
//! |---|---|---|---|
//! | `game_over` | the game has ended (mate, or an automatic draw) | ``GameModule`winner`` | 5.1.1, 5.2, 9.6 |
//! | `no_piece` | nothing stands on the from-square | ``BoardModule`piece_at`` | 3.10.1 |
//! | `not_your_turn` | the piece is the opponent's | ``BoardModule`own_pieces`` | 1.2 |
//! | `own_piece` | the destination holds a piece of the mover | ``PieceModule`type_based_moves`` | 3.1 |
//! | `geometry` | the piece never moves so | ``PieceModule`type_based_moves`` | 3.2-3.8 |
//! | `blocked` | a piece stands between | ``PieceModule`possible_moves_direction``, ``BoardModule`double_push_moves`` | 3.5, 3.7.2 |
//! | `en_passant` | a diagonal step behind an enemy pawn that did not just step twice | ``BoardModule`en_passant_moves`` | 3.7.3.2 |
//! | `pawn_rules` | any other move pawns never make | ``PieceModule`type_based_moves``, ``BoardModule`double_push_moves`` | 3.7 |
//! | `promotion` | a missing or wrong promotion piece | ``BoardModule`promotion_moves`` | 3.7.5 |
//! | `castling_right` | the right to castle on that side is gone | ``BoardModule`castling_rights`` | 3.8.2.1 |
//! | `castling_path` | a square between king and rook is not empty | ``BoardModule`may_castle`` | 3.8.2.2.2 |
//! | `castling_check` | the king is in check, crosses or lands on an attacked square | ``BoardModule`may_castle`` | 3.8.2.2.1 |
//! | `king_in_check` | the move leaves or puts the own king in check | ``BoardModule`stateful_impossible_moves`` | 3.9.2 |
//!
//! A castling move (in UCI, the king two squares along its rank from its start square in
//! standard chess, or onto its own rook on its rank; in SAN, `O-O` and `O-O-O`) is judged by
//! `game_over`, `not_your_turn` and the three castling reasons, in that order (after
//! `promotion` if the text names a promotion piece), and then by
//! `king_in_check` (in Chess960 the castling rook may uncover an attack on the king's
//! destination).
//!
//! SAN names a piece type and a destination, not a from-square. Each piece of the mover that
//! the text could mean is judged; a legal one wins (two legal ones are ambiguous, an error);
//! else the explanation is that of a piece whose move has the right shape, if any.
//!
//! # Examples
//!
//! ```
//! use vdmchess::oracle::explain::{explain, Reason};
//! use vdmchess::{notation::fen::parse_fen, CastlingMode};
//!
//! let setup = parse_fen("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
//! let why = explain(&setup, CastlingMode::Standard, "e1g1").unwrap();
//! assert!(!why.legal);
//! assert_eq!(why.reason, Some(Reason::CastlingCheck));
//! assert_eq!(why.clause, "BoardModule`may_castle");
//! assert_eq!(why.fide, "3.8.2.2.1");
//! assert_eq!(why.detail, "f1, which the king crosses, is attacked by the black bishop on a6");
//!
//! let ok = explain(&setup, CastlingMode::Standard, "O-O-O").unwrap();
//! assert!(ok.legal);
//! assert_eq!(ok.clause, "BoardModule`castling_moves");
//! ```

pub mod articles;
mod castling;
mod finding;
mod judge;
mod legal;
mod words;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::board::{king_coordinate, piece_at, turn};
use crate::model::game::Game;
use crate::model::piece::{Coordinate, Piece, PieceType};
use crate::notation::san::{CastlingSide, ParseSanError, PawnText, San, SanMode, SanPlus};
use crate::notation::uci::UciMove;
use crate::render::svg::{self, Picture, Tint};
use crate::rules::Move;
use crate::setup::{CastlingMode, Setup, SetupError};
use crate::types::{Square, SquareSet};

use finding::Judgement;
use judge::{judge_move, Reading};

/// Why a move is illegal: the first of these, in this order, that applies (see the module
/// docs for the clause and the FIDE article of each). Ordered as they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The game has ended: no move may follow (FIDE Laws 5.1.1, 5.2, 9.6).
    GameOver,
    /// Nothing stands on the from-square.
    NoPiece,
    /// The piece on the from-square is the opponent's (FIDE Laws 1.2).
    NotYourTurn,
    /// The destination holds a piece of the mover (FIDE Laws 3.1).
    OwnPiece,
    /// The piece never moves so (FIDE Laws 3.2-3.8).
    Geometry,
    /// A piece stands between the from-square and the destination (FIDE Laws 3.5, 3.7.2).
    Blocked,
    /// A pawn takes diagonally onto the empty square behind an enemy pawn beside it, but that
    /// pawn did not just make its double step (FIDE Laws 3.7.3.2).
    EnPassant,
    /// A pawn move pawns never make: forward onto a piece, diagonally onto an empty square, a
    /// double step off its start rank (FIDE Laws 3.7).
    PawnRules,
    /// A missing or wrong promotion piece (FIDE Laws 3.7.5).
    Promotion,
    /// The right to castle with that rook is gone (FIDE Laws 3.8.2.1).
    CastlingRight,
    /// A square between king and rook, or on their ways, is not empty (FIDE Laws 3.8.2.2.2).
    CastlingPath,
    /// The king is in check, or crosses or lands on an attacked square (FIDE Laws 3.8.2.2.1).
    CastlingCheck,
    /// The move leaves or puts the own king in check (FIDE Laws 3.9.2).
    KingInCheck,
}

impl Reason {
    /// The snake_case name, as `--json` writes it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::GameOver => "game_over",
            Reason::NoPiece => "no_piece",
            Reason::NotYourTurn => "not_your_turn",
            Reason::OwnPiece => "own_piece",
            Reason::Geometry => "geometry",
            Reason::Blocked => "blocked",
            Reason::EnPassant => "en_passant",
            Reason::PawnRules => "pawn_rules",
            Reason::Promotion => "promotion",
            Reason::CastlingRight => "castling_right",
            Reason::CastlingPath => "castling_path",
            Reason::CastlingCheck => "castling_check",
            Reason::KingInCheck => "king_in_check",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a legal move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// It takes an enemy piece (FIDE Laws 3.1.1).
    Capture,
    /// It is castling (FIDE Laws 3.8.2).
    Castling,
    /// It is an en-passant capture (FIDE Laws 3.7.3.1).
    EnPassant,
    /// A pawn promotes (FIDE Laws 3.7.5).
    Promotion,
    /// It gives check (FIDE Laws 3.9.1).
    Check,
    /// It mates (FIDE Laws 5.1.1).
    Mate,
}

/// An arrow to draw on a board: from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arrow {
    /// Where the arrow starts (an attacker, a moving piece).
    pub from: Square,
    /// Where it points (the attacked square, the destination).
    pub to: Square,
}

/// What a picture of the explanation marks: the squares that matter and the lines between
/// them (the attacker and the square it attacks, the pin line, the move itself).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Marks {
    /// Squares to highlight (an attacked square, a blocker, a pinned piece).
    pub squares: Vec<Square>,
    /// Arrows (an attacker to what it attacks; a legal move from its square to its target).
    pub arrows: Vec<Arrow>,
}

/// The model's answer about one move in one position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// The move text as given.
    #[serde(rename = "move")]
    pub text: String,
    /// Whether the move is legal.
    pub legal: bool,
    /// Why not, when it is illegal.
    pub reason: Option<Reason>,
    /// The VDM clause that decides it, ``Module`function`` (for a legal move: the one that
    /// allows it).
    pub clause: String,
    /// The FIDE Laws of Chess article.
    pub fide: String,
    /// One sentence naming the squares and pieces.
    pub detail: String,
    /// The move judged, as UCI text (for SAN: the piece's move the explanation is about); none
    /// when the text names no piece.
    pub uci: Option<String>,
    /// The move's SAN, when it is legal.
    pub san: Option<String>,
    /// What a legal move does (empty for an illegal one).
    pub effects: Vec<Effect>,
    /// What a picture of the explanation marks.
    pub marks: Marks,
}

impl Explanation {
    /// The picture of this explanation on `setup`, as `vdmchess explain --svg` and the
    /// playground draw it: the marked squares, green arrows for a legal move, red ones for the
    /// attacks and lines that refuse an illegal one.
    #[must_use]
    pub fn picture(&self, setup: &Setup) -> Picture {
        let mut picture = Picture::new(setup);
        let tint = if self.legal { Tint::Green } else { Tint::Red };
        picture.marked.clone_from(&self.marks.squares);
        picture.arrows = self
            .marks
            .arrows
            .iter()
            .map(|a| svg::Arrow {
                from: a.from,
                to: a.to,
                tint,
            })
            .collect();
        picture
    }
}

/// Why no explanation could be given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExplainError {
    /// The position is not legal.
    Setup(SetupError),
    /// The text is neither UCI move text nor SAN.
    Unreadable(ParseSanError),
    /// A null move (`0000`, `--`): the rules have none to judge.
    NullMove(String),
    /// The SAN names more than one legal move.
    Ambiguous {
        /// The text as given.
        text: String,
        /// The legal moves it could mean, as UCI text.
        candidates: Vec<String>,
    },
    /// The model refuses the move but none of the reasons applies: a bug in `explain` or the
    /// model. The property tests (`tests/explain_props.rs`) check that it never happens.
    Unexplained {
        /// The text as given.
        text: String,
        /// The position, as FEN.
        fen: String,
    },
}

impl fmt::Display for ExplainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExplainError::Setup(e) => e.fmt(f),
            ExplainError::Unreadable(e) => write!(f, "{e} (expected uci move text or san)"),
            ExplainError::NullMove(t) => write!(f, "null move {t:?}: the rules have no null move"),
            ExplainError::Ambiguous { text, candidates } => write!(
                f,
                "ambiguous san {text:?}: it could be {}",
                candidates.join(" or ")
            ),
            ExplainError::Unexplained { text, fen } => write!(
                f,
                "the model refuses {text:?} in {fen} but no reason applies (a bug: please report it)"
            ),
        }
    }
}

impl std::error::Error for ExplainError {}

/// Explains `text` (UCI or SAN) in the position `setup`, castling read in `mode`.
///
/// # Errors
///
/// [`ExplainError::Setup`] when the setup is not legal; the other variants as
/// [`explain_game`].
///
/// # Examples
///
/// ```
/// use vdmchess::oracle::explain::{explain, Effect};
/// use vdmchess::{CastlingMode, Setup};
/// let why = explain(&Setup::start(), CastlingMode::Standard, "Nf3").unwrap();
/// assert!(why.legal);
/// assert_eq!(why.detail, "the white knight on g1 goes to f3");
/// assert_eq!(why.uci.as_deref(), Some("g1f3"));
/// assert!(why.effects.is_empty());
/// ```
pub fn explain(setup: &Setup, mode: CastlingMode, text: &str) -> Result<Explanation, ExplainError> {
    let game = Game::from_setup(setup, mode).map_err(ExplainError::Setup)?;
    explain_game(&game, text)
}

/// Explains a port [`Move`] (as a move generator under test would produce it) in `setup`:
/// [`explain`] of its UCI text in `mode`.
///
/// # Errors
///
/// As [`explain`].
pub fn explain_move(
    setup: &Setup,
    mode: CastlingMode,
    m: &Move,
) -> Result<Explanation, ExplainError> {
    explain(setup, mode, &m.to_uci(mode))
}

/// Explains `text` (UCI or SAN) in a model game, whose history counts (repetitions end games,
/// and moves of the history end castling rights).
///
/// # Errors
///
/// [`ExplainError::Unreadable`] when the text is neither UCI nor SAN,
/// [`ExplainError::NullMove`] for `0000` or `--`, [`ExplainError::Ambiguous`] for SAN that
/// names two legal moves, [`ExplainError::Unexplained`] never (see its docs).
///
/// # Examples
///
/// ```
/// use vdmchess::model::game::default_game;
/// use vdmchess::oracle::explain::{explain_game, Reason};
/// let why = explain_game(&default_game(), "e2e5").unwrap();
/// assert_eq!(why.reason, Some(Reason::Geometry));
/// assert_eq!(why.clause, "PieceModule`type_based_moves");
/// ```
pub fn explain_game(game: &Game, text: &str) -> Result<Explanation, ExplainError> {
    explain_game_with(game, text, GameEnd::Judged)
}

/// Whether an ended game is a reason to refuse a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// Yes: after mate or an automatic draw no move may follow ([`Reason::GameOver`]).
    Judged,
    /// No: the move is judged by the move rules alone, as perft counts moves (the oracle's
    /// `diff` explains an engine's moves so, also past a draw by material or the 75-move
    /// rule).
    Ignored,
}

/// [`explain_game`], with [`Reason::GameOver`] judged or not as `end` says.
///
/// # Errors
///
/// As [`explain_game`].
///
/// # Examples
///
/// ```
/// use vdmchess::model::game::Game;
/// use vdmchess::oracle::explain::{explain_game_with, GameEnd, Reason};
/// use vdmchess::{notation::fen::parse_fen, CastlingMode};
/// // King and knight against king: drawn by material, yet the king still may not step here.
/// let game = Game::from_setup(&parse_fen("8/8/8/4k3/8/8/8/4K2n w - - 0 1").unwrap(), CastlingMode::Standard).unwrap();
/// assert_eq!(explain_game_with(&game, "e1f2", GameEnd::Judged).unwrap().reason, Some(Reason::GameOver));
/// assert_eq!(explain_game_with(&game, "e1f2", GameEnd::Ignored).unwrap().reason, Some(Reason::KingInCheck));
/// ```
pub fn explain_game_with(
    game: &Game,
    text: &str,
    end: GameEnd,
) -> Result<Explanation, ExplainError> {
    let trimmed = text.trim();
    let san = match SanPlus::from_ascii(trimmed.as_bytes(), SanMode::Lenient) {
        Ok(san) => san,
        Err(e) => odd_promotion(trimmed).ok_or(ExplainError::Unreadable(e))?,
    };
    if matches!(san.san, San::Null | San::Coordinates(UciMove::Null)) {
        return Err(ExplainError::NullMove(trimmed.to_string()));
    }
    let unexplained = || ExplainError::Unexplained {
        text: trimmed.to_string(),
        fen: crate::model::board::to_setup(game.board()).to_fen(),
    };
    if let Some(finding) = judge::game_over(game).filter(|_| end == GameEnd::Judged) {
        return Ok(finding.into_explanation(trimmed, None));
    }
    let (judgement, from_to) = match san.san {
        San::Coordinates(UciMove::Normal {
            from,
            to,
            promotion,
        }) => {
            let (from, to) = (Coordinate::from(from), Coordinate::from(to));
            let promotion = promotion.map(PieceType::from);
            let j = judge_move(game, from, to, promotion, Reading::Uci).ok_or_else(unexplained)?;
            (j, Some((from, to, promotion)))
        }
        San::Castle(side) => {
            let board = game.board();
            let colour = turn(board);
            let king = king_coordinate(board.state(), colour)
                .and_then(|k| piece_at(board.state(), k))
                .ok_or_else(unexplained)?;
            let j = castling::judge_castling(game, king, side, None).ok_or_else(unexplained)?;
            let to = castling::king_destination(king.coord, side);
            (j, Some((king.coord, to, None)))
        }
        San::Normal {
            role,
            to,
            promotion,
            ..
        } => {
            let wanted = SanWanted {
                piece_type: role.into(),
                resolving: san.san.from_squares(PawnText::Lenient),
                written: san.san.from_squares(PawnText::AsWritten),
                to: to.into(),
                promotion: promotion.map(PieceType::from),
            };
            match judge_san(game, trimmed, &wanted)? {
                Some((j, from)) => (j, Some((from, wanted.to, wanted.promotion))),
                None => return Ok(no_such_piece(game, trimmed, &wanted)),
            }
        }
        San::Null | San::Coordinates(UciMove::Null) => {
            return Err(ExplainError::NullMove(trimmed.to_string()))
        }
    };
    let uci = from_to.map(|(from, to, promotion)| uci_text(from, to, promotion));
    Ok(match judgement {
        Judgement::Legal(m) => legal::describe(game, trimmed, m),
        Judgement::Illegal(finding) => finding.into_explanation(trimmed, uci),
    })
}

/// Text that promotes to a king or a pawn (`a8=K`, `exd8=P`, `a7a8k`): no move text can name
/// such a move, yet it is a classic mistake, so it is read (as the same text promoting to a
/// queen, with the king or pawn put back) for the promotion clause to explain.
fn odd_promotion(text: &str) -> Option<SanPlus> {
    let body = text.trim_end_matches(['+', '#']).as_bytes();
    let (&last, rest) = body.split_last()?;
    let role = match last {
        b'K' | b'k' => crate::types::Role::King,
        b'P' | b'p' => crate::types::Role::Pawn,
        _ => return None,
    };
    if !rest
        .last()
        .is_some_and(|&b| b == b'=' || b.is_ascii_digit())
    {
        return None;
    }
    let mut queen = rest.to_vec();
    queen.push(if last.is_ascii_uppercase() {
        b'Q'
    } else {
        b'q'
    });
    let mut san = SanPlus::from_ascii(&queen, SanMode::Lenient).ok()?;
    match &mut san.san {
        San::Normal { promotion, .. } | San::Coordinates(UciMove::Normal { promotion, .. }) => {
            *promotion = Some(role);
        }
        _ => return None,
    }
    Some(san)
}

/// UCI text of a from-square, a destination and a promotion type.
fn uci_text(from: Coordinate, to: Coordinate, promotion: Option<PieceType>) -> String {
    let mut s = format!("{from}{to}");
    if let Some(t) = promotion {
        s.push(crate::types::Role::from(t).char());
    }
    s
}

/// What SAN text asks for: a piece type, where it may come from, and where it goes.
struct SanWanted {
    piece_type: PieceType,
    /// Where the piece may stand as resolving reads the text: the legal moves are looked
    /// for here, so that `explain` calls legal what `play_san` plays ([`PawnText`]).
    resolving: SquareSet,
    /// Where the piece may stand as the text is written: refusals are explained from here.
    written: SquareSet,
    to: Coordinate,
    promotion: Option<PieceType>,
}

impl SanWanted {
    /// Whether `p` (of any colour) is a piece of the wanted type on one of `from`.
    fn could_mean(&self, p: &Piece, from: SquareSet) -> bool {
        p.piece_type == self.piece_type && from.contains(p.coord.into())
    }

    /// Where the text says the piece could come from, in words (`on the e-file`, `on g1`).
    fn where_from(&self) -> String {
        let squares: Vec<Square> = self.written.iter().collect();
        match squares[..] {
            [one] => format!(" on {one}"),
            [first, ..]
                if squares.len() == 8 && squares.iter().all(|s| s.file() == first.file()) =>
            {
                format!(" on the {}-file", crate::types::file_char(first.file()))
            }
            [first, ..] if squares.len() == 8 => format!(" on rank {}", first.rank() + 1),
            _ => String::new(),
        }
    }
}

/// Judges each piece of the side to move that SAN text could mean. `Ok(None)` when there is
/// none; else the legal move if exactly one (among the pieces resolving reads the text as
/// meaning), or the most telling refusal (among those the text names as written): of a piece
/// whose move has the right shape if there is one, latest in the order of reasons, first by
/// square.
fn judge_san(
    game: &Game,
    text: &str,
    wanted: &SanWanted,
) -> Result<Option<(Judgement, Coordinate)>, ExplainError> {
    let board = game.board();
    let colour = turn(board);
    let candidates: Vec<Piece> = board
        .state()
        .pieces()
        .iter()
        .filter(|p| p.colour == colour && wanted.could_mean(p, wanted.resolving))
        .copied()
        .collect();
    let mut legal = Vec::new();
    let mut best: Option<((bool, Reason), Judgement, Coordinate)> = None;
    for p in &candidates {
        let j = judge_move(game, p.coord, wanted.to, wanted.promotion, Reading::San).ok_or_else(
            || ExplainError::Unexplained {
                text: text.to_string(),
                fen: crate::model::board::to_setup(board).to_fen(),
            },
        )?;
        match j {
            Judgement::Legal(_) => legal.push((j, p.coord)),
            Judgement::Illegal(_) if !wanted.written.contains(p.coord.into()) => {}
            Judgement::Illegal(ref finding) => {
                let key = (judge::shape_fits(*p, wanted.to), finding.reason);
                if best.as_ref().map_or(true, |(k, _, _)| key > *k) {
                    best = Some((key, j, p.coord));
                }
            }
        }
    }
    if legal.len() > 1 {
        return Err(ExplainError::Ambiguous {
            text: text.to_string(),
            candidates: legal
                .iter()
                .map(|(_, from)| uci_text(*from, wanted.to, wanted.promotion))
                .collect(),
        });
    }
    if let Some(found) = legal.pop() {
        return Ok(Some(found));
    }
    match best {
        Some(((false, _), _, _)) | None => {
            if let Some(j) =
                judge::opponents_move(game, |p| wanted.could_mean(p, wanted.written), wanted.to)
            {
                return Ok(Some(j));
            }
            Ok(best.map(|(_, j, from)| (j, from)))
        }
        Some((_, j, from)) => Ok(Some((j, from))),
    }
}

/// The explanation when SAN text names no piece the side to move has.
fn no_such_piece(game: &Game, text: &str, wanted: &SanWanted) -> Explanation {
    let colour = turn(game.board());
    finding::Finding {
        reason: Reason::NoPiece,
        clause: "BoardModule`own_pieces",
        fide: "3.10.1",
        detail: format!(
            "{} has no {}{} to move to {}",
            words::side(colour),
            words::kind(wanted.piece_type),
            wanted.where_from(),
            wanted.to
        ),
        marks: Marks {
            squares: vec![wanted.to.into()],
            arrows: Vec::new(),
        },
    }
    .into_explanation(text, None)
}

/// The side's castling as [`CastlingSide`] of a king move towards `to`.
pub(crate) fn side_towards(king: Coordinate, to: Coordinate) -> CastlingSide {
    if to.x() > king.x() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}
