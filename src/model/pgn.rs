//! `PgnModule`: what a SAN move means on a board, how a move is written, and the moves of a
//! game's movetext.
//!
//! The twin of `spec/PgnModule.vdmpp`, function by function. Reading SAN has two steps:
//! [`parse_san`] turns text into a [`SanPlus`] (syntax only: exactly the standard, PGN 8.2.3),
//! and [`meaning`] gives the set of possible moves of a board that the SAN can stand for. A
//! SAN is legal when that set has one element, ambiguous with more, illegal with none
//! ([`resolution`]). [`san_of`] writes a move with the minimal disambiguation of the PGN
//! standard (file, else rank, else both) and its `+`/`#` from `GameModule`. [`movetext`] gives
//! the SAN tokens of a game's mainline.
//!
//! `Text` is VDM's `seq of char`: the [`Seq`] of `char`s ([`text`] makes one from a `&str`).
//! The spec's recursions on `hd t` and `tl t` are loops here.
//!
//! **Fast forms.** [`meaning`], [`rivals`] and [`suffix`] compute `BoardModule`possible_moves`
//! literally. [`meaning_on_array`], [`san_of_on_array`] compute the same from
//! [`possible_moves_on_array`] and the fast forms of check and mate; `tests/model_pgn.rs`
//! proves them equal to these twins, and `notation::san` equal to both.
//!
//! ```
//! use vdmchess::model::board::default_board;
//! use vdmchess::model::pgn::{meaning, parse_san, text, resolution, Resolution};
//! let b = default_board();
//! let nf3 = parse_san(&text("Nf3")).unwrap();
//! assert_eq!(meaning(&b, nf3.san).len(), 1);
//! assert_eq!(resolution(&b, parse_san(&text("Nd2")).unwrap().san), Resolution::Illegal);
//! assert_eq!(parse_san(&text("Nf3!")), None, "a glyph is the NAG movetext takes off");
//! ```

use std::fmt;

use crate::model::array::{
    in_check_on_array, is_checkmate_on_array, possible_moves_on_array, Squares,
};
use crate::model::board::{self, piece_at, possible_moves, Board, BoardState, IllegalMove, Move};
use crate::model::game::{self, Game};
use crate::model::piece::{Coordinate, Piece, PieceType};
use crate::model::{Seq, Set};

// ---------------------------------------------------------------------------------------------
// Types

/// VDM `Text = seq of char`: a token, a move as written, the movetext of a game.
pub type Text = Seq<char>;

/// A [`Text`] from a Rust string (not a VDM function: VDM writes `"e4"`).
#[must_use]
pub fn text(s: &str) -> Text {
    s.chars().collect()
}

/// VDM `Side = <KingSide> | <QueenSide>`: the side a castling goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// Towards the h-file: `O-O`.
    KingSide,
    /// Towards the a-file: `O-O-O`.
    QueenSide,
}

/// VDM `Suffix = <Check> | <Checkmate>`: the check mark after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suffix {
    /// `+`.
    Check,
    /// `#`.
    Checkmate,
}

/// VDM `inv_PieceMove`: files and ranks are 1 .. 8, and only a pawn promotes, to a knight,
/// bishop, rook or queen. It takes what `mk_PieceMove` takes.
#[must_use]
pub fn inv_piece_move(
    piece: PieceType,
    file: Option<u32>,
    rank: Option<u32>,
    capture: bool,
    square: Coordinate,
    promotion: Option<PieceType>,
) -> bool {
    let _ = (capture, square);
    file.map_or(true, |x| x <= 8)
        && rank.map_or(true, |y| y <= 8)
        && promotion.map_or(true, |p| {
            piece == PieceType::Pawn
                && [
                    PieceType::Knight,
                    PieceType::Bishop,
                    PieceType::Rook,
                    PieceType::Queen,
                ]
                .contains(&p)
        })
}

/// VDM `PieceMove :: piece file rank capture square promotion inv inv_PieceMove`: a piece or
/// pawn move as SAN writes it. Built by [`PieceMove::new`], which checks the invariant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceMove {
    piece: PieceType,
    file: Option<u32>,
    rank: Option<u32>,
    capture: bool,
    square: Coordinate,
    promotion: Option<PieceType>,
}

/// A `mk_PieceMove` refused by [`inv_piece_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidPieceMove {
    /// The file given.
    pub file: Option<u32>,
    /// The rank given.
    pub rank: Option<u32>,
    /// The piece that was to move.
    pub piece: PieceType,
    /// The promotion given.
    pub promotion: Option<PieceType>,
}

impl fmt::Display for InvalidPieceMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "inv_PieceMove: file {:?}, rank {:?} (1 .. 8), {:?} promoting to {:?}",
            self.file, self.rank, self.piece, self.promotion
        )
    }
}

impl std::error::Error for InvalidPieceMove {}

impl PieceMove {
    /// VDM `mk_PieceMove(piece, file, rank, capture, square, promotion)`.
    ///
    /// # Errors
    ///
    /// [`InvalidPieceMove`] when [`inv_piece_move`] does not hold.
    pub fn new(
        piece: PieceType,
        file: Option<u32>,
        rank: Option<u32>,
        capture: bool,
        square: Coordinate,
        promotion: Option<PieceType>,
    ) -> Result<PieceMove, InvalidPieceMove> {
        if inv_piece_move(piece, file, rank, capture, square, promotion) {
            Ok(PieceMove {
                piece,
                file,
                rank,
                capture,
                square,
                promotion,
            })
        } else {
            Err(InvalidPieceMove {
                file,
                rank,
                piece,
                promotion,
            })
        }
    }

    /// A `mk_PieceMove` whose invariant the caller has established.
    fn valid(
        piece: PieceType,
        file: Option<u32>,
        rank: Option<u32>,
        capture: bool,
        square: Coordinate,
        promotion: Option<PieceType>,
    ) -> PieceMove {
        PieceMove::new(piece, file, rank, capture, square, promotion)
            .unwrap_or_else(|e| unreachable!("{e}"))
    }

    /// VDM `p.piece`.
    #[must_use]
    pub fn piece(&self) -> PieceType {
        self.piece
    }

    /// VDM `p.file`.
    #[must_use]
    pub fn file(&self) -> Option<u32> {
        self.file
    }

    /// VDM `p.rank`.
    #[must_use]
    pub fn rank(&self) -> Option<u32> {
        self.rank
    }

    /// VDM `p.capture`.
    #[must_use]
    pub fn capture(&self) -> bool {
        self.capture
    }

    /// VDM `p.square`.
    #[must_use]
    pub fn square(&self) -> Coordinate {
        self.square
    }

    /// VDM `p.promotion`.
    #[must_use]
    pub fn promotion(&self) -> Option<PieceType> {
        self.promotion
    }
}

/// VDM `Castle :: side`: castling as SAN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Castle {
    /// VDM `c.side`.
    pub side: Side,
}

/// VDM `San = PieceMove | Castle`: a SAN move without its check mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum San {
    /// A piece or pawn move.
    PieceMove(PieceMove),
    /// `O-O` or `O-O-O`.
    Castle(Castle),
}

/// VDM `SanPlus :: san suffix`: a SAN move with its check mark, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SanPlus {
    /// VDM `s.san`.
    pub san: San,
    /// VDM `s.suffix`.
    pub suffix: Option<Suffix>,
}

/// VDM `Resolution = <Legal> | <Ambiguous> | <Illegal>`: what a SAN move is on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Resolution {
    /// It stands for exactly one possible move.
    Legal,
    /// It stands for more than one.
    Ambiguous,
    /// It stands for none.
    Illegal,
}

// ---------------------------------------------------------------------------------------------
// Letters and squares

/// VDM `piece_letter`: the piece a capital letter names in SAN: N B R Q K.
#[must_use]
pub fn piece_letter(c: char) -> Option<PieceType> {
    match c {
        'N' => Some(PieceType::Knight),
        'B' => Some(PieceType::Bishop),
        'R' => Some(PieceType::Rook),
        'Q' => Some(PieceType::Queen),
        'K' => Some(PieceType::King),
        _ => None,
    }
}

/// VDM `promotion_letter`: the piece a promotion letter names: Q R B N.
#[must_use]
pub fn promotion_letter(c: char) -> Option<PieceType> {
    if c == 'K' {
        None
    } else {
        piece_letter(c)
    }
}

/// VDM `letter`: the letter of a piece type (`P` for a pawn, which SAN leaves out).
#[must_use]
pub fn letter(t: PieceType) -> char {
    match t {
        PieceType::Knight => 'N',
        PieceType::Bishop => 'B',
        PieceType::Rook => 'R',
        PieceType::Queen => 'Q',
        PieceType::King => 'K',
        PieceType::Pawn => 'P',
    }
}

const FILES: [char; 8] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const RANKS: [char; 8] = ['1', '2', '3', '4', '5', '6', '7', '8'];

/// VDM `file_of`: the file (1 .. 8) a letter a .. h names.
#[must_use]
pub fn file_of(c: char) -> Option<u32> {
    (1..=8u32).find(|&x| FILES[x as usize - 1] == c)
}

/// VDM `rank_of`: the rank (1 .. 8) a digit names.
#[must_use]
pub fn rank_of(c: char) -> Option<u32> {
    (1..=8u32).find(|&y| RANKS[y as usize - 1] == c)
}

/// A file or rank outside 1 .. 8: the precondition of [`file_char`] or [`rank_char`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OffTheBoard(pub u32);

impl fmt::Display for OffTheBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a file or rank (1 .. 8)", self.0)
    }
}

impl std::error::Error for OffTheBoard {}

/// VDM `pre_file_char`: `x <= 8`.
#[must_use]
pub fn pre_file_char(x: u32) -> bool {
    x <= 8
}

/// VDM `file_char`: the letter of file `x`.
///
/// # Errors
///
/// [`OffTheBoard`] when [`pre_file_char`] fails (`x` is `nat1`: 0 is refused too).
pub fn file_char(x: u32) -> Result<char, OffTheBoard> {
    char_of(&FILES, x, pre_file_char)
}

/// VDM `pre_rank_char`: `y <= 8`.
#[must_use]
pub fn pre_rank_char(y: u32) -> bool {
    y <= 8
}

/// VDM `rank_char`: the digit of rank `y`.
///
/// # Errors
///
/// [`OffTheBoard`] when [`pre_rank_char`] fails (`y` is `nat1`: 0 is refused too).
pub fn rank_char(y: u32) -> Result<char, OffTheBoard> {
    char_of(&RANKS, y, pre_rank_char)
}

/// The character of file or rank `n` in `chars`, when `pre` (the clause's precondition)
/// holds and `n` is a `nat1`.
fn char_of(chars: &[char; 8], n: u32, pre: fn(u32) -> bool) -> Result<char, OffTheBoard> {
    if !pre(n) || n == 0 {
        return Err(OffTheBoard(n));
    }
    Ok(chars[n as usize - 1])
}

/// VDM `parse_square`: the square a file letter and a rank digit name.
#[must_use]
pub fn parse_square(f: char, r: char) -> Option<Coordinate> {
    let (x, y) = (file_of(f)?, rank_of(r)?);
    Coordinate::new(x as i32, y as i32).ok()
}

/// VDM `square_text`: the name of a square, e.g. `e4`.
#[must_use]
pub fn square_text(c: Coordinate) -> Text {
    // inv_Coordinate: x and y are 1 .. 8, so the preconditions hold.
    let on_board = |r: Result<char, OffTheBoard>| r.unwrap_or_else(|e| unreachable!("{e}"));
    Seq::from(vec![on_board(file_char(c.x())), on_board(rank_char(c.y()))])
}

// ---------------------------------------------------------------------------------------------
// Reading SAN (syntax)

/// `t(i, ..., j)`: the subsequence from the 1-based `i` to `j` (empty when `j < i`).
fn slice(t: &Text, i: usize, j: usize) -> Text {
    if j < i || i == 0 {
        Text::new()
    } else {
        t.clone().slice(i - 1..j.min(t.len()))
    }
}

/// `t(i)`, 1-based.
fn at(t: &Text, i: usize) -> char {
    t[i - 1]
}

/// VDM `parse_san`: the SAN that text spells, or `None` when it is not SAN: a move, then at
/// most one `+` or `#`.
#[must_use]
pub fn parse_san(t: &Text) -> Option<SanPlus> {
    let n = t.len();
    let suffix = if n > 0 && at(t, n) == '+' {
        Some(Suffix::Check)
    } else if n > 0 && at(t, n) == '#' {
        Some(Suffix::Checkmate)
    } else {
        None
    };
    let body = if suffix.is_none() {
        t.clone()
    } else {
        slice(t, 1, n - 1)
    };
    let san = parse_body(&body)?;
    Some(SanPlus { san, suffix })
}

/// VDM `parse_body`: `O-O`, `O-O-O`, a piece move or a pawn move, without check mark.
#[must_use]
pub fn parse_body(t: &Text) -> Option<San> {
    if *t == text("O-O") {
        Some(San::Castle(Castle {
            side: Side::KingSide,
        }))
    } else if *t == text("O-O-O") {
        Some(San::Castle(Castle {
            side: Side::QueenSide,
        }))
    } else if let Some(piece) = t.front().and_then(|&c| piece_letter(c)) {
        parse_piece_move(piece, &t.clone().split_off(1))
    } else {
        parse_piece_move(PieceType::Pawn, t)
    }
}

/// VDM `parse_piece_move`: what follows the piece letter (for a pawn: the whole move).
#[must_use]
pub fn parse_piece_move(piece: PieceType, t: &Text) -> Option<San> {
    let n = t.len();
    let promotion = if n >= 2 && at(t, n - 1) == '=' {
        promotion_letter(at(t, n))
    } else {
        None
    };
    let body = if promotion.is_none() {
        t.clone()
    } else {
        slice(t, 1, n - 2)
    };
    let k = body.len();
    if k < 2 {
        return None;
    }
    let square = parse_square(at(&body, k - 1), at(&body, k));
    let d = parse_disambiguation(&slice(&body, 1, k - 2));
    let (Some(square), Some((file, rank, capture))) = (square, d) else {
        return None;
    };
    // Only a pawn promotes, and a pawn never gives its rank.
    if (promotion.is_some() && piece != PieceType::Pawn)
        || (piece == PieceType::Pawn && rank.is_some())
    {
        None
    } else {
        // parse_disambiguation gives files and ranks 1 .. 8, promotion_letter a knight, bishop,
        // rook or queen, here only for a pawn: inv_PieceMove holds.
        Some(San::PieceMove(PieceMove::valid(
            piece, file, rank, capture, square, promotion,
        )))
    }
}

/// VDM `parse_disambiguation`: an optional file, an optional rank, an optional `x`, in this
/// order; `None` when the text is anything else.
#[must_use]
pub fn parse_disambiguation(t: &Text) -> Option<(Option<u32>, Option<u32>, bool)> {
    let capture = !t.is_empty() && at(t, t.len()) == 'x';
    let d = if capture {
        slice(t, 1, t.len() - 1)
    } else {
        t.clone()
    };
    if d.is_empty() {
        Some((None, None, capture))
    } else if d.len() == 1 && file_of(at(&d, 1)).is_some() {
        Some((file_of(at(&d, 1)), None, capture))
    } else if d.len() == 1 && rank_of(at(&d, 1)).is_some() {
        Some((None, rank_of(at(&d, 1)), capture))
    } else if d.len() == 2 && file_of(at(&d, 1)).is_some() && rank_of(at(&d, 2)).is_some() {
        Some((file_of(at(&d, 1)), rank_of(at(&d, 2)), capture))
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------------
// What SAN means on a board

/// VDM `castles`: whether `m` is castling, the king moving onto a rook of its own colour.
#[must_use]
pub fn castles(s: &BoardState, m: Move) -> bool {
    m.from_().piece_type == PieceType::King
        && piece_at(s, m.to_().coord)
            == Some(Piece::new(PieceType::Rook, m.to_().coord, m.from_().colour))
}

/// VDM `promotion_of`: the piece a move promotes to, if it promotes.
#[must_use]
pub fn promotion_of(m: Move) -> Option<PieceType> {
    if m.to_().piece_type != m.from_().piece_type {
        Some(m.to_().piece_type)
    } else {
        None
    }
}

/// VDM `stands_for`: whether the SAN can stand for move `m` on state `s`. The `x` and the
/// check mark do not choose the move.
#[must_use]
pub fn stands_for(s: &BoardState, san: San, m: Move) -> bool {
    let (from, to) = (m.from_(), m.to_());
    match san {
        San::Castle(Castle { side }) => {
            castles(s, m) && (to.coord.x() > from.coord.x()) == (side == Side::KingSide)
        }
        San::PieceMove(p) => {
            !castles(s, m)
                && from.piece_type == p.piece
                && to.coord == p.square
                && p.file.map_or(true, |x| from.coord.x() == x)
                && p.rank.map_or(true, |y| from.coord.y() == y)
                && promotion_of(m) == p.promotion
        }
    }
}

/// VDM `meaning`: the possible moves the SAN can stand for.
#[must_use]
pub fn meaning(b: &Board, san: San) -> Set<Move> {
    possible_moves(b)
        .into_iter()
        .filter(|&m| stands_for(b.state(), san, m))
        .collect()
}

/// VDM `resolution`: legal for one move, ambiguous for more, illegal for none.
#[must_use]
pub fn resolution(b: &Board, san: San) -> Resolution {
    by_count(meaning(b, san).len())
}

fn by_count(n: usize) -> Resolution {
    match n {
        1 => Resolution::Legal,
        0 => Resolution::Illegal,
        _ => Resolution::Ambiguous,
    }
}

/// A SAN that does not stand for exactly one move: the precondition of [`resolve`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotOneMove(pub Resolution);

impl fmt::Display for NotOneMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Resolution::Ambiguous => f.write_str("ambiguous: the san stands for several moves"),
            _ => f.write_str("illegal: the san stands for no possible move"),
        }
    }
}

impl std::error::Error for NotOneMove {}

/// VDM `pre_resolve`: `card meaning(b, san) = 1`.
#[must_use]
pub fn pre_resolve(b: &Board, san: San) -> bool {
    meaning(b, san).len() == 1
}

/// VDM `resolve`: the move a legal SAN stands for.
///
/// # Errors
///
/// [`NotOneMove`] when [`pre_resolve`] fails: the SAN is illegal or ambiguous.
pub fn resolve(b: &Board, san: San) -> Result<Move, NotOneMove> {
    let ms = meaning(b, san);
    match ms.get_min() {
        Some(&m) if ms.len() == 1 => Ok(m),
        _ => Err(NotOneMove(by_count(ms.len()))),
    }
}

// ---------------------------------------------------------------------------------------------
// Writing SAN

/// VDM `rivals`: the squares of the other pieces of `m`'s type that could go to `m`'s square.
#[must_use]
pub fn rivals(b: &Board, m: Move) -> Set<Coordinate> {
    rivals_among(b, m, possible_moves(b))
}

fn rivals_among(b: &Board, m: Move, moves: impl IntoIterator<Item = Move>) -> Set<Coordinate> {
    moves
        .into_iter()
        .filter(|&o| {
            o.from_().piece_type == m.from_().piece_type
                && o.to_().coord == m.to_().coord
                && o.from_().coord != m.from_().coord
                && !castles(b.state(), o)
        })
        .map(|o| o.from_().coord)
        .collect()
}

/// VDM `disambiguation`: nothing without rivals; else the file when no rival shares it; else
/// the rank when no rival shares it; else both.
#[must_use]
pub fn disambiguation(b: &Board, m: Move) -> (Option<u32>, Option<u32>) {
    disambiguation_among(&rivals(b, m), m)
}

fn disambiguation_among(r: &Set<Coordinate>, m: Move) -> (Option<u32>, Option<u32>) {
    let c = m.from_().coord;
    if r.is_empty() {
        (None, None)
    } else if !r.iter().any(|o| o.x() == c.x()) {
        (Some(c.x()), None)
    } else if !r.iter().any(|o| o.y() == c.y()) {
        (None, Some(c.y()))
    } else {
        (Some(c.x()), Some(c.y()))
    }
}

/// VDM `written`: the SAN of possible move `m` without its check mark.
#[must_use]
pub fn written(b: &Board, m: Move) -> San {
    written_with(b, m, disambiguation)
}

fn written_with(
    b: &Board,
    m: Move,
    disambiguation: impl FnOnce(&Board, Move) -> (Option<u32>, Option<u32>),
) -> San {
    let (from, to) = (m.from_(), m.to_());
    if castles(b.state(), m) {
        San::Castle(Castle {
            side: if to.coord.x() > from.coord.x() {
                Side::KingSide
            } else {
                Side::QueenSide
            },
        })
    } else if from.piece_type == PieceType::Pawn {
        let capture = from.coord.x() != to.coord.x();
        // A move's from_ and to_ are on the board, and a move's promotion is one of the
        // four (BoardModule`promotion_moves): inv_PieceMove holds.
        San::PieceMove(PieceMove::valid(
            PieceType::Pawn,
            capture.then_some(from.coord.x()),
            None,
            capture,
            to.coord,
            promotion_of(m),
        ))
    } else {
        let (file, rank) = disambiguation(b, m);
        San::PieceMove(PieceMove::valid(
            from.piece_type,
            file,
            rank,
            piece_at(b.state(), to.coord).is_some(),
            to.coord,
            None,
        ))
    }
}

/// VDM `suffix`: `#` when the side to move on `after` is checkmated, `+` when in check.
#[must_use]
pub fn suffix(after: &Board) -> Option<Suffix> {
    let g = Game::new(after.clone());
    if game::is_checkmate(&g) {
        Some(Suffix::Checkmate)
    } else if game::is_check(&g) {
        Some(Suffix::Check)
    } else {
        None
    }
}

/// VDM `pre_san_of`: `m` is one of the possible moves of `b`.
#[must_use]
pub fn pre_san_of(b: &Board, m: Move) -> bool {
    possible_moves(b).contains(&m)
}

/// VDM `san_of`: the SAN of a possible move, check mark included.
///
/// # Errors
///
/// [`IllegalMove`] when [`pre_san_of`] fails (checked by `BoardModule`move`, whose
/// precondition it is).
pub fn san_of(b: &Board, m: Move) -> Result<SanPlus, IllegalMove> {
    let after = board::move_(b, m)?;
    Ok(SanPlus {
        san: written(b, m),
        suffix: suffix(&after),
    })
}

/// VDM `san_text`: SAN as text.
#[must_use]
pub fn san_text(s: SanPlus) -> Text {
    let mut t = body_text(s.san);
    match s.suffix {
        Some(Suffix::Check) => t.push_back('+'),
        Some(Suffix::Checkmate) => t.push_back('#'),
        None => {}
    }
    t
}

/// VDM `body_text`: a SAN move without check mark as text.
#[must_use]
pub fn body_text(san: San) -> Text {
    match san {
        San::Castle(Castle {
            side: Side::KingSide,
        }) => text("O-O"),
        San::Castle(Castle {
            side: Side::QueenSide,
        }) => text("O-O-O"),
        San::PieceMove(p) => {
            // inv_PieceMove: files and ranks 1 .. 8, so the preconditions hold.
            let on_board = |r: Result<char, OffTheBoard>| r.unwrap_or_else(|e| unreachable!("{e}"));
            let mut t = Text::new();
            if p.piece != PieceType::Pawn {
                t.push_back(letter(p.piece));
            }
            if let Some(x) = p.file {
                t.push_back(on_board(file_char(x)));
            }
            if let Some(y) = p.rank {
                t.push_back(on_board(rank_char(y)));
            }
            if p.capture {
                t.push_back('x');
            }
            t.append(square_text(p.square));
            if let Some(q) = p.promotion {
                t.push_back('=');
                t.push_back(letter(q));
            }
            t
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The theorems, as checks

/// VDM `san_means_its_move`: every possible move's SAN stands for exactly that move.
#[must_use]
pub fn san_means_its_move(b: &Board) -> bool {
    possible_moves(b)
        .into_iter()
        .all(|m| san_of(b, m).is_ok_and(|s| meaning(b, s.san) == Set::unit(m)))
}

/// VDM `sans_are_distinct`: no two possible moves have the same SAN.
#[must_use]
pub fn sans_are_distinct(b: &Board) -> bool {
    let moves = possible_moves(b);
    let sans: Vec<(Move, Option<SanPlus>)> =
        moves.iter().map(|&m| (m, san_of(b, m).ok())).collect();
    sans.iter()
        .all(|(m1, s1)| sans.iter().all(|(m2, s2)| s1 != s2 || m1 == m2))
}

/// VDM `san_text_reads_back`: the text of every possible move's SAN reads back as that SAN.
#[must_use]
pub fn san_text_reads_back(b: &Board) -> bool {
    possible_moves(b)
        .into_iter()
        .all(|m| san_of(b, m).is_ok_and(|s| parse_san(&san_text(s)) == Some(s)))
}

// ---------------------------------------------------------------------------------------------
// Movetext

/// VDM `isSeparator`: white space, and the characters that open or close comments and
/// variations.
#[must_use]
pub fn is_separator(c: char) -> bool {
    [' ', '\t', '\n', '\r', '{', '}', '(', ')', ';'].contains(&c)
}

/// VDM `word_length`: the number of characters before the first separator.
#[must_use]
pub fn word_length(t: &Text) -> u32 {
    t.iter().take_while(|&&c| !is_separator(c)).count() as u32
}

/// VDM `after`: the text after the first `c` (nothing when there is none).
#[must_use]
pub fn after(t: &Text, c: char) -> Text {
    match t.index_of(&c) {
        Some(i) => t.clone().split_off(i + 1),
        None => Text::new(),
    }
}

/// VDM `run_length`: the number of leading characters of `t` that are in `cs`.
#[must_use]
pub fn run_length(t: &Text, cs: &Set<char>) -> u32 {
    t.iter().take_while(|c| cs.contains(c)).count() as u32
}

/// VDM `move_of_word`: the move in a word of movetext, if any: results and `$n` hold none,
/// a move number is passed over, glyphs `!` `?` after a move are taken off.
#[must_use]
pub fn move_of_word(w: &Text) -> Seq<Text> {
    let mut w = w.clone();
    let digits_set: Set<char> = ('0'..='9').collect();
    loop {
        if w.is_empty()
            || ["1-0", "0-1", "1/2-1/2", "*"].iter().any(|r| w == text(r))
            || w.front() == Some(&'$')
        {
            return Seq::new();
        }
        let digits = run_length(&w, &digits_set) as usize;
        if digits > 0 && digits < w.len() && at(&w, digits + 1) == '.' {
            let rest = slice(&w, digits + 1, w.len());
            let dots = run_length(&rest, &Set::unit('.')) as usize;
            w = slice(&rest, dots + 1, rest.len());
            continue;
        }
        let reversed: Text = w.iter().rev().copied().collect();
        let glyphs = run_length(&reversed, &Set::from(vec!['!', '?'])) as usize;
        let mv = slice(&w, 1, w.len() - glyphs);
        return if mv.is_empty() {
            Seq::new()
        } else {
            Seq::unit(mv)
        };
    }
}

/// VDM `tokens`: the SAN tokens of the mainline in `t` read at variation depth `d`; comments
/// and variations are passed over.
#[must_use]
pub fn tokens(t: &Text, d: u32) -> Seq<Text> {
    let (mut t, mut d) = (t.clone(), d);
    let mut out = Seq::new();
    while let Some(&c) = t.front() {
        t = match c {
            '{' => after(&t, '}'),
            ';' => after(&t, '\n'),
            '(' => {
                d += 1;
                t.split_off(1)
            }
            ')' => {
                d = d.saturating_sub(1);
                t.split_off(1)
            }
            c if is_separator(c) => t.split_off(1),
            _ => {
                let n = word_length(&t) as usize;
                if d == 0 {
                    out.append(move_of_word(&slice(&t, 1, n)));
                }
                t.split_off(n)
            }
        };
    }
    out
}

/// VDM `movetext`: the SAN tokens of a game's movetext, in order.
///
/// ```
/// use vdmchess::model::pgn::{movetext, text};
/// let sans = movetext(&text("1.e4 {best by test} e5 2. Nf3 $1 (2. f4 exf4) Nc6! 1-0"));
/// let sans: Vec<String> = sans.iter().map(|t| t.iter().collect()).collect();
/// assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
/// ```
#[must_use]
pub fn movetext(t: &Text) -> Seq<Text> {
    tokens(t, 0)
}

// ---------------------------------------------------------------------------------------------
// Fast forms

/// [`meaning`] computed from [`possible_moves_on_array`]: the same set
/// (`tests/model_pgn.rs`).
#[must_use]
pub fn meaning_on_array(b: &Board, san: San) -> Set<Move> {
    possible_moves_on_array(b)
        .into_iter()
        .filter(|&m| stands_for(b.state(), san, m))
        .collect()
}

/// [`san_of`] computed from [`possible_moves_on_array`] and the fast forms of check and mate
/// (`in_check_on_array`, `is_checkmate_on_array`): the same SAN (`tests/model_pgn.rs`).
///
/// # Errors
///
/// As [`san_of`].
pub fn san_of_on_array(b: &Board, m: Move) -> Result<SanPlus, IllegalMove> {
    let after = board::move_(b, m)?;
    let moves = possible_moves_on_array(b);
    let san = written_with(b, m, |b, m| {
        disambiguation_among(&rivals_among(b, m, moves), m)
    });
    let g = Game::new(after);
    let suffix = if is_checkmate_on_array(&g) {
        Some(Suffix::Checkmate)
    } else if in_check_on_array(&Squares::of(g.board().state()), game::turn(&g)) {
        Some(Suffix::Check)
    } else {
        None
    };
    Ok(SanPlus { san, suffix })
}

impl fmt::Display for SanPlus {
    /// [`san_text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        san_text(*self)
            .iter()
            .try_for_each(|c| fmt::Write::write_char(f, *c))
    }
}
