//! Standard Algebraic Notation (SAN): reading, resolving against a position, and writing.
//!
//! SAN is defined by the PGN standard (section 8.2.3) and FIDE Laws Appendix C. Parsing is
//! syntax only ([`SanPlus::from_ascii`] → [`ParseSanError`]); what a move *means* needs a
//! position ([`San::to_move`] → [`SanError::Illegal`] or [`SanError::Ambiguous`]). Both are
//! written once, generic over the port [`Rules`].
//!
//! # What the strict reader accepts ([`SanMode::Strict`])
//!
//! Exactly the standard: an optional piece letter `N B R Q K`; disambiguation by file, rank or
//! square; `x` for a capture; the target square; `=Q`, `=R`, `=B`, `=N` for a promotion;
//! `O-O` and `O-O-O`; and an optional `+` or `#`. Resolving with
//! [`SanPlus::to_move_strict`] also requires the text to be the canonical SAN of the move:
//! minimal disambiguation, `x` exactly when capturing, `+`/`#` exactly when checking or mating.
//!
//! # What the lenient reader also accepts ([`SanMode::Lenient`]), each a [`Leniency`]
//!
//! - annotation glyphs attached to the move: `!`, `?`, `!!`, `??`, `!?`, `?!` (ignored here;
//!   the PGN reader turns them into NAGs) — [`Leniency::AnnotationGlyph`];
//! - a run of check suffixes such as `++` or `+#` (`#` wins over `+`) — [`Leniency::SuffixRun`];
//! - an en-passant suffix `e.p.` or `ep` — [`Leniency::EnPassantSuffix`];
//! - castling with zeros, `0-0` and `0-0-0` — [`Leniency::ZeroCastling`];
//! - a `P` before a pawn move — [`Leniency::PawnLetter`];
//! - lower-case promotion letters `e8=q` — [`Leniency::LowercasePromotion`];
//! - a promotion without `=`: `e8Q` — [`Leniency::PromotionWithoutEquals`];
//! - `:` in place of `x` — [`Leniency::ColonCapture`];
//! - long algebraic `Ng1-f3`, `e2-e4` — [`Leniency::Hyphen`];
//! - UCI text in place of SAN: `e2e4`, `e7e8q`, `d7d8R` ([`San::Coordinates`]) —
//!   [`Leniency::CoordinateText`];
//! - null moves `--`, `Z0`, `0000` ([`San::Null`], a value, not an error) — [`Leniency::NullMove`].
//!
//! And when resolving ([`San::to_move`]), regardless of the mode it was parsed in:
//! a missing or surplus `+`/`#`, over-disambiguation (`Nge2` where `Ne2` suffices, `Qh4e1`),
//! and `x` written for a non-capture or left out of a capture.
//!
//! # Writing
//!
//! [`San::from_move`] and [`SanPlus::from_move`] write canonical SAN: file before rank before
//! square to disambiguate, and only among *legal* moves (a pinned piece does not force it).
//!
//! ```
//! use vdmchess::notation::san::{San, SanMode, SanPlus};
//! let san = SanPlus::from_ascii(b"Nbxd7+", SanMode::Strict).unwrap();
//! assert_eq!(san.to_string(), "Nbxd7+");
//! assert_eq!(SanPlus::from_ascii(b"0-0!?", SanMode::Lenient).unwrap().to_string(), "O-O");
//! assert!(SanPlus::from_ascii(b"0-0", SanMode::Strict).is_err());
//! ```

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use crate::notation::uci::{promotion_role, square_at, UciMove};
use crate::rules::{Move, MoveMatch, Rules};
use crate::types::{file_char, Role, Square, SquareSet};

/// How much of real-world SAN the parser accepts: an enum, not a flag (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SanMode {
    /// Only standard SAN.
    Strict,
    /// Standard SAN and every [`Leniency`].
    #[default]
    Lenient,
}

/// One departure from standard SAN that [`SanMode::Lenient`] accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Leniency {
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` attached to the move.
    AnnotationGlyph,
    /// More than one of `+`/`#` (`++`, `+#`).
    SuffixRun,
    /// `e.p.` or `ep` after an en-passant capture.
    EnPassantSuffix,
    /// `0-0` or `0-0-0`.
    ZeroCastling,
    /// `Pe4`.
    PawnLetter,
    /// `e8=q`.
    LowercasePromotion,
    /// `e8Q`.
    PromotionWithoutEquals,
    /// `exd5` written `e:d5`.
    ColonCapture,
    /// `Ng1-f3`.
    Hyphen,
    /// UCI text `e2e4`.
    CoordinateText,
    /// `--`, `Z0` or `0000`.
    NullMove,
}

impl Leniency {
    /// A short lower-case description.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Leniency::AnnotationGlyph => "annotation glyph attached to the move",
            Leniency::SuffixRun => "repeated check suffix",
            Leniency::EnPassantSuffix => "en-passant suffix",
            Leniency::ZeroCastling => "castling written with zeros",
            Leniency::PawnLetter => "pawn letter P",
            Leniency::LowercasePromotion => "lower-case promotion piece",
            Leniency::PromotionWithoutEquals => "promotion without =",
            Leniency::ColonCapture => "colon as capture sign",
            Leniency::Hyphen => "hyphen between squares",
            Leniency::CoordinateText => "uci coordinates in place of san",
            Leniency::NullMove => "null move",
        }
    }
}

/// The side of the board a castling goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: `O-O` (the king ends on g).
    KingSide,
    /// Towards the a-file: `O-O-O` (the king ends on c).
    QueenSide,
}

/// A SAN move without its check suffix: what the text says, not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece's role.
        role: Role,
        /// The from-file given to disambiguate (0 = a).
        file: Option<u8>,
        /// The from-rank given to disambiguate (0 = 1st rank).
        rank: Option<u8>,
        /// Whether `x` (or `:`) was written.
        capture: bool,
        /// The target square.
        to: Square,
        /// The promotion role.
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// UCI text read in place of SAN (`g1f3`): the role comes from the position.
    Coordinates(UciMove),
    /// A null move (`--`): a value the caller handles, since the rules have no null move.
    Null,
}

/// The check suffix of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`.
    Check,
    /// `#`.
    Checkmate,
}

/// A SAN move with its check suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+`, `#` or nothing.
    pub suffix: Option<Suffix>,
}

/// What is wrong with SAN text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParseSanErrorKind {
    /// Nothing to parse.
    Empty,
    /// A byte that does not fit here.
    Unexpected,
    /// Text the strict mode rejects, and which leniency it is.
    NotStrict(Leniency),
}

/// SAN text that cannot be parsed, with the text and the 0-based character offset of the fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSanError {
    /// The rejected text (lossily decoded).
    pub text: String,
    /// The 0-based offset of the fault.
    pub offset: usize,
    /// What is wrong.
    pub kind: ParseSanErrorKind,
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid san {:?} at offset {}: ", self.text, self.offset)?;
        match self.kind {
            ParseSanErrorKind::Empty => f.write_str("empty"),
            ParseSanErrorKind::Unexpected => f.write_str("unexpected character"),
            ParseSanErrorKind::NotStrict(l) => write!(f, "{} (not strict san)", l.as_str()),
        }
    }
}

impl std::error::Error for ParseSanError {}

/// Why well-formed SAN does not name exactly one legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SanError {
    /// No legal move matches.
    Illegal(San),
    /// More than one legal move matches.
    Ambiguous(San),
    /// A null move has no [`Move`]: the caller decides what passing means.
    NullMove,
    /// Strict resolution: the move is legal but the text is not its canonical SAN.
    NotCanonical {
        /// The text as read.
        written: SanPlus,
        /// The canonical SAN of the move it names.
        canonical: SanPlus,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Illegal(s) => write!(f, "illegal san {s}"),
            SanError::Ambiguous(s) => write!(f, "ambiguous san {s}"),
            SanError::NullMove => f.write_str("null move cannot be played"),
            SanError::NotCanonical { written, canonical } => {
                write!(f, "san {written} is not canonical: expected {canonical}")
            }
        }
    }
}

impl std::error::Error for SanError {}

thread_local! {
    static SCRATCH: RefCell<Vec<Move>> = RefCell::new(Vec::with_capacity(32));
}

/// Runs `f` with this thread's reusable move buffer (a fresh one if it is already in use).
fn with_scratch<T>(f: impl FnOnce(&mut Vec<Move>) -> T) -> T {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buf) => f(&mut buf),
        Err(_) => f(&mut Vec::new()),
    })
}

struct Parser<'a> {
    text: &'a [u8],
    mode: SanMode,
}

impl Parser<'_> {
    fn fail(&self, offset: usize, kind: ParseSanErrorKind) -> ParseSanError {
        ParseSanError {
            text: String::from_utf8_lossy(self.text).into_owned(),
            offset,
            kind,
        }
    }

    fn lenient(&self, offset: usize, what: Leniency) -> Result<(), ParseSanError> {
        match self.mode {
            SanMode::Lenient => Ok(()),
            SanMode::Strict => Err(self.fail(offset, ParseSanErrorKind::NotStrict(what))),
        }
    }

    #[inline]
    fn parse(&self) -> Result<SanPlus, ParseSanError> {
        match common_form(self.text) {
            Some(san) => Ok(san),
            None => self.parse_general(),
        }
    }

    fn parse_general(&self) -> Result<SanPlus, ParseSanError> {
        let t = self.text;
        if t.is_empty() {
            return Err(self.fail(0, ParseSanErrorKind::Empty));
        }
        // Peel the tail: annotation glyphs and check suffixes in any order.
        let mut end = t.len();
        let mut suffix = None;
        let mut suffixes = 0;
        while end > 0 {
            match t[end - 1] {
                b'!' | b'?' => self.lenient(end - 1, Leniency::AnnotationGlyph)?,
                b'+' => {
                    suffixes += 1;
                    suffix = suffix.or(Some(Suffix::Check));
                }
                b'#' => {
                    suffixes += 1;
                    suffix = Some(Suffix::Checkmate);
                }
                _ => break,
            }
            end -= 1;
        }
        if suffixes > 1 {
            self.lenient(end + 1, Leniency::SuffixRun)?;
        }
        let mut body = &t[..end];
        if body.len() > 4 && body.ends_with(b"e.p.") {
            self.lenient(body.len() - 4, Leniency::EnPassantSuffix)?;
            body = &body[..body.len() - 4];
        } else if body.len() > 2 && body.ends_with(b"ep") && body[body.len() - 3].is_ascii_digit() {
            self.lenient(body.len() - 2, Leniency::EnPassantSuffix)?;
            body = &body[..body.len() - 2];
        }
        let san = self.parse_body(body)?;
        Ok(SanPlus { san, suffix })
    }

    fn parse_body(&self, b: &[u8]) -> Result<San, ParseSanError> {
        if b.is_empty() {
            return Err(self.fail(0, ParseSanErrorKind::Empty));
        }
        // Castling and null moves start with one of these; piece and pawn moves never do.
        let special = matches!(b[0], b'O' | b'0' | b'-' | b'Z');
        match b {
            _ if !special => {}
            b"O-O" => return Ok(San::Castle(CastlingSide::KingSide)),
            b"O-O-O" => return Ok(San::Castle(CastlingSide::QueenSide)),
            b"0-0" | b"0-0-0" => {
                self.lenient(0, Leniency::ZeroCastling)?;
                return Ok(San::Castle(if b.len() == 3 {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                }));
            }
            b"--" | b"Z0" | b"0000" => {
                self.lenient(0, Leniency::NullMove)?;
                return Ok(San::Null);
            }
            _ => {}
        }
        let mut i = 0;
        let mut role = Role::Pawn;
        let mut lettered = false;
        match b[0] {
            b'N' => role = Role::Knight,
            b'B' => role = Role::Bishop,
            b'R' => role = Role::Rook,
            b'Q' => role = Role::Queen,
            b'K' => role = Role::King,
            b'P' => self.lenient(0, Leniency::PawnLetter)?,
            _ => i = usize::MAX,
        }
        if i == 0 {
            i = 1;
            lettered = true;
        } else {
            i = 0;
        }
        // The tail: [=]promotion after the target square.
        let mut end = b.len();
        let mut promotion = None;
        if let Some(&last) = b.last() {
            if last.is_ascii_alphabetic() && end >= 2 {
                let role_p = promotion_role(last)
                    .ok_or_else(|| self.fail(end - 1, ParseSanErrorKind::Unexpected))?;
                if last.is_ascii_lowercase() {
                    self.lenient(end - 1, Leniency::LowercasePromotion)?;
                }
                end -= 1;
                if b[end - 1] == b'=' {
                    end -= 1;
                } else {
                    self.lenient(end, Leniency::PromotionWithoutEquals)?;
                }
                promotion = Some(role_p);
            }
        }
        if end < i + 2 {
            return Err(self.fail(end.min(b.len()), ParseSanErrorKind::Unexpected));
        }
        let to = square_at(b, end - 2).ok_or_else(|| {
            // The fault is the rank's character when the file's is one (`e9`).
            let file_ok = (b'a'..=b'h').contains(&b[end - 2]);
            self.fail(
                end - 2 + usize::from(file_ok),
                ParseSanErrorKind::Unexpected,
            )
        })?;
        // The middle: [file][rank][x|:|-].
        let mid = &b[i..end - 2];
        let mut j = 0;
        let mut file = None;
        let mut rank = None;
        let mut capture = false;
        if j < mid.len() && (b'a'..=b'h').contains(&mid[j]) {
            file = Some(mid[j] - b'a');
            j += 1;
        }
        if j < mid.len() && (b'1'..=b'8').contains(&mid[j]) {
            rank = Some(mid[j] - b'1');
            j += 1;
        }
        if j < mid.len() {
            match mid[j] {
                b'x' => capture = true,
                b':' => {
                    self.lenient(i + j, Leniency::ColonCapture)?;
                    capture = true;
                }
                b'-' => self.lenient(i + j, Leniency::Hyphen)?,
                _ => return Err(self.fail(i + j, ParseSanErrorKind::Unexpected)),
            }
            j += 1;
        }
        if j != mid.len() {
            return Err(self.fail(i + j, ParseSanErrorKind::Unexpected));
        }
        if promotion.is_some() && role != Role::Pawn {
            return Err(self.fail(end, ParseSanErrorKind::Unexpected));
        }
        if let (false, Some(f), Some(r), false) = (lettered, file, rank, capture) {
            // No piece letter and a full from-square: UCI text (`e2e4`, `g1f3`).
            self.lenient(0, Leniency::CoordinateText)?;
            let from = Square::from_coords(f, r).unwrap_or(to);
            return Ok(San::Coordinates(UciMove::Normal {
                from,
                to,
                promotion,
            }));
        }
        if role == Role::Pawn && rank.is_some() && self.mode == SanMode::Strict {
            // Standard SAN never gives a pawn's rank.
            return Err(self.fail(
                i + usize::from(file.is_some()),
                ParseSanErrorKind::Unexpected,
            ));
        }
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

/// The forms most moves in real PGN take, read without the general parser: `e4`, `exd5`,
/// `Nf3`, `Nxe5`, `Nbd2`, `Rfxe1`, each with an optional `+` or `#`. All are standard SAN, so
/// they read the same in both modes; anything else (`None`) goes to the general parser.
/// The replay runner reads these straight into [`Rules::unique_move_to`].
#[inline(always)]
pub(crate) fn common_form(t: &[u8]) -> Option<SanPlus> {
    let (body, suffix) = match t.last()? {
        b'+' => (&t[..t.len() - 1], Some(Suffix::Check)),
        b'#' => (&t[..t.len() - 1], Some(Suffix::Checkmate)),
        _ => (t, None),
    };
    let (role, rest) = match *body.first()? {
        b'N' => (Role::Knight, &body[1..]),
        b'B' => (Role::Bishop, &body[1..]),
        b'R' => (Role::Rook, &body[1..]),
        b'Q' => (Role::Queen, &body[1..]),
        b'K' => (Role::King, &body[1..]),
        b'a'..=b'h' => (Role::Pawn, body),
        _ => return None,
    };
    let file = |c: u8| (b'a'..=b'h').contains(&c).then(|| c - b'a');
    let rank = |c: u8| (b'1'..=b'8').contains(&c).then(|| c - b'1');
    let square = |f: u8, r: u8| Square::from_coords(file(f)?, rank(r)?);
    let (from_file, capture, to) = match *rest {
        [f, r] => (None, false, square(f, r)?),
        [b'x', f, r] if role != Role::Pawn => (None, true, square(f, r)?),
        [d, b'x', f, r] => (Some(file(d)?), true, square(f, r)?),
        [d, f, r] if role != Role::Pawn => (Some(file(d)?), false, square(f, r)?),
        _ => return None,
    };
    Some(SanPlus {
        san: San::Normal {
            role,
            file: from_file,
            rank: None,
            capture,
            to,
            promotion: None,
        },
        suffix,
    })
}

impl SanPlus {
    /// Parses SAN text (bytes, as PGN gives them) in `mode`.
    ///
    /// # Errors
    ///
    /// [`ParseSanError`] with the text, the offset and the reason.
    ///
    /// # Examples
    ///
    /// ```
    /// use vdmchess::notation::san::{San, SanMode, SanPlus, Suffix};
    /// let s = SanPlus::from_ascii(b"e8Q#", SanMode::Lenient).unwrap();
    /// assert_eq!(s.suffix, Some(Suffix::Checkmate));
    /// assert_eq!(s.to_string(), "e8=Q#");
    /// assert_eq!(SanPlus::from_ascii(b"--", SanMode::Lenient).unwrap().san, San::Null);
    /// ```
    #[inline]
    pub fn from_ascii(text: &[u8], mode: SanMode) -> Result<SanPlus, ParseSanError> {
        Parser { text, mode }.parse()
    }

    /// The legal move this SAN names; the suffix is not checked (see [`San::to_move`]).
    ///
    /// # Errors
    ///
    /// As [`San::to_move`].
    pub fn to_move<R: Rules>(&self, pos: &R) -> Result<Move, SanError> {
        self.san.to_move(pos)
    }

    /// The legal move this SAN names, requiring the text to be the move's canonical SAN,
    /// check suffix included.
    ///
    /// # Errors
    ///
    /// As [`San::to_move`], and [`SanError::NotCanonical`] when the text is not canonical.
    pub fn to_move_strict<R: Rules>(&self, pos: &R) -> Result<Move, SanError> {
        let m = self.san.to_move(pos)?;
        let canonical = SanPlus::from_move(pos, &m);
        if canonical == *self {
            Ok(m)
        } else {
            Err(SanError::NotCanonical {
                written: *self,
                canonical,
            })
        }
    }

    /// The canonical SAN of legal move `m` in `pos`, with `+` or `#` found by playing it.
    ///
    /// `m` must be legal in `pos`; otherwise the text is meaningless (but nothing panics
    /// unless the implementation's `play_unchecked` does).
    #[must_use]
    pub fn from_move<R: Rules>(pos: &R, m: &Move) -> SanPlus {
        let san = San::from_move(pos, m);
        let mut next = pos.clone();
        next.play_unchecked(m);
        SanPlus {
            san,
            suffix: check_suffix(&next),
        }
    }

    /// Like [`SanPlus::from_move`], but plays the move on `pos` itself (one copy fewer).
    pub fn from_move_and_play<R: Rules>(pos: &mut R, m: &Move) -> SanPlus {
        let san = San::from_move(pos, m);
        pos.play_unchecked(m);
        SanPlus {
            san,
            suffix: check_suffix(pos),
        }
    }
}

/// The canonical SAN of legal move `m` in `pos`, without check suffix (see [`San::from_move`]).
#[must_use]
pub fn san<R: Rules>(pos: &R, m: &Move) -> San {
    San::from_move(pos, m)
}

/// The canonical SAN of legal move `m` in `pos`, with `+` or `#` (see [`SanPlus::from_move`]).
///
/// ```
/// use vdmchess::notation::san::{san_plus, SanMode, SanPlus};
/// use vdmchess::{core::Chess, notation::fen::parse_fen, CastlingMode, Rules};
/// let start = Chess::from_setup(&vdmchess::Setup::start(), CastlingMode::Standard).unwrap();
/// let m = SanPlus::from_ascii(b"g1f3", SanMode::Lenient).unwrap().to_move(&start).unwrap();
/// assert_eq!(san_plus(&start, &m).to_string(), "Nf3");
/// // Scholar's mate: the suffix comes from playing the move.
/// let setup = parse_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
/// let pos = Chess::from_setup(&setup, CastlingMode::Standard).unwrap();
/// let mate = SanPlus::from_ascii(b"h5f7", SanMode::Lenient).unwrap().to_move(&pos).unwrap();
/// assert_eq!(san_plus(&pos, &mate).to_string(), "Qxf7#");
/// ```
#[must_use]
pub fn san_plus<R: Rules>(pos: &R, m: &Move) -> SanPlus {
    SanPlus::from_move(pos, m)
}

/// `+` or `#` for the position after a move.
fn check_suffix<R: Rules>(after: &R) -> Option<Suffix> {
    if !after.is_check() {
        return None;
    }
    let mated = with_scratch(|buf| {
        buf.clear();
        after.legal_moves_into(buf);
        buf.is_empty()
    });
    Some(if mated {
        Suffix::Checkmate
    } else {
        Suffix::Check
    })
}

impl San {
    /// Parses SAN text, ignoring any check suffix (see [`SanPlus::from_ascii`]).
    ///
    /// # Errors
    ///
    /// [`ParseSanError`].
    pub fn from_ascii(text: &[u8], mode: SanMode) -> Result<San, ParseSanError> {
        SanPlus::from_ascii(text, mode).map(|s| s.san)
    }

    /// The legal move this SAN names in `pos`, read leniently: a wrong `x`, a missing or
    /// extra check suffix and over-disambiguation are accepted.
    ///
    /// Uses [`Rules::unique_move_to`] and a reusable per-thread buffer: no allocation.
    ///
    /// # Errors
    ///
    /// [`SanError::Illegal`] when no legal move matches, [`SanError::Ambiguous`] when more
    /// than one does, [`SanError::NullMove`] for [`San::Null`].
    ///
    /// # Examples
    ///
    /// ```
    /// use vdmchess::notation::san::{San, SanError, SanMode};
    /// use vdmchess::{model::game::Game, CastlingMode, Rules, Setup};
    /// let start = Game::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
    /// let m = San::from_ascii(b"Nf3", SanMode::Strict).unwrap().to_move(&start).unwrap();
    /// assert_eq!(m.from.to_string(), "g1");
    /// let no_piece = San::from_ascii(b"Nd4", SanMode::Strict).unwrap().to_move(&start);
    /// assert!(matches!(no_piece, Err(SanError::Illegal(_))));
    /// ```
    pub fn to_move<R: Rules>(&self, pos: &R) -> Result<Move, SanError> {
        with_scratch(|buf| self.to_move_in(pos, buf))
    }

    /// [`San::to_move`] with a caller-owned buffer (its contents are replaced).
    ///
    /// # Errors
    ///
    /// As [`San::to_move`].
    #[inline]
    pub fn to_move_in<R: Rules>(&self, pos: &R, buf: &mut Vec<Move>) -> Result<Move, SanError> {
        match *self {
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                let files = file.map_or(!0, |f| 0x0101_0101_0101_0101 << f);
                let ranks = rank.map_or(!0, |r| 0xff << (8 * r));
                match pos.unique_move_to(role, to, SquareSet(files & ranks), promotion, buf) {
                    MoveMatch::One(m) => Ok(m),
                    MoveMatch::None => Err(SanError::Illegal(*self)),
                    MoveMatch::Many => Err(SanError::Ambiguous(*self)),
                }
            }
            San::Castle(side) => {
                let file = match side {
                    CastlingSide::KingSide => 6,
                    CastlingSide::QueenSide => 2,
                };
                let rank = pos.turn().back_rank();
                let Some(target) = Square::from_coords(file, rank) else {
                    return Err(SanError::Illegal(*self));
                };
                buf.clear();
                pos.legal_moves_to_into(Role::King, target, buf);
                buf.iter()
                    .find(|m| m.is_castle() && m.castle_king_to() == target)
                    .copied()
                    .ok_or(SanError::Illegal(*self))
            }
            San::Coordinates(uci) => uci
                .to_move_in(pos, buf)
                .map_err(|_| SanError::Illegal(*self)),
            San::Null => Err(SanError::NullMove),
        }
    }

    /// The canonical SAN of legal move `m` in `pos`, without check suffix.
    ///
    /// Disambiguation is minimal and only among legal moves: the from-file if it tells the
    /// candidates apart, else the from-rank, else the whole square.
    #[must_use]
    pub fn from_move<R: Rules>(pos: &R, m: &Move) -> San {
        if m.is_castle() {
            return San::Castle(if m.to.file() > m.from.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            });
        }
        let role = pos.piece_at(m.from).map_or(Role::Pawn, |p| p.role);
        if role == Role::Pawn {
            let capture = m.from.file() != m.to.file();
            return San::Normal {
                role,
                file: capture.then_some(m.from.file()),
                rank: None,
                capture,
                to: m.to,
                promotion: m.promotion(),
            };
        }
        let capture = pos.piece_at(m.to).is_some();
        let (mut same_file, mut same_rank, mut others) = (false, false, false);
        with_scratch(|buf| {
            buf.clear();
            pos.legal_moves_to_into(role, m.to, buf);
            for o in buf.iter() {
                if o.is_castle() || o.to != m.to || o.from == m.from {
                    continue;
                }
                others = true;
                same_file |= o.from.file() == m.from.file();
                same_rank |= o.from.rank() == m.from.rank();
            }
        });
        let (file, rank) = match (others, same_file, same_rank) {
            (false, _, _) => (None, None),
            (true, false, _) => (Some(m.from.file()), None),
            (true, true, false) => (None, Some(m.from.rank())),
            (true, true, true) => (Some(m.from.file()), Some(m.from.rank())),
        };
        San::Normal {
            role,
            file,
            rank,
            capture,
            to: m.to,
            promotion: None,
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        match self {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                // A pawn move with a whole from-square and no `x` keeps its (lenient) `P`, or
                // it would read back as UCI text.
                let coordinate_like = file.is_some() && rank.is_some() && !capture;
                if *role != Role::Pawn || coordinate_like {
                    f.write_char(role.upper_char())?;
                }
                if let Some(file) = file {
                    f.write_char(file_char(*file))?;
                }
                if let Some(rank) = rank {
                    f.write_char((b'1' + rank) as char)?;
                }
                if *capture {
                    f.write_char('x')?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    f.write_char('=')?;
                    f.write_char(p.upper_char())?;
                }
                Ok(())
            }
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            San::Coordinates(uci) => write!(f, "{uci}"),
            San::Null => f.write_str("--"),
        }
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        match self.suffix {
            Some(Suffix::Check) => f.write_str("+"),
            Some(Suffix::Checkmate) => f.write_str("#"),
            None => Ok(()),
        }
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    /// Parses leniently.
    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::from_ascii(s.as_bytes(), SanMode::Lenient)
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    /// Parses leniently.
    fn from_str(s: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(s.as_bytes(), SanMode::Lenient)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_common_forms_read_as_the_general_parser_reads_them() {
        let mut tokens = Vec::new();
        for piece in ["", "N", "B", "R", "Q", "K", "P", "x"] {
            for mid in ["", "x", "b", "bx", "1", "i", "xx", "b1"] {
                for to in ["e4", "h8", "a1", "i9", "e", ""] {
                    for tail in ["", "+", "#", "++", "=Q", "!"] {
                        tokens.push(format!("{piece}{mid}{to}{tail}"));
                    }
                }
            }
        }
        for t in &tokens {
            if let Some(fast) = common_form(t.as_bytes()) {
                for mode in [SanMode::Strict, SanMode::Lenient] {
                    let general = Parser {
                        text: t.as_bytes(),
                        mode,
                    }
                    .parse_general();
                    assert_eq!(general, Ok(fast), "{t:?} in {mode:?}");
                }
            }
        }
        assert!(common_form(b"Nbd2").is_some() && common_form(b"exd5+").is_some());
        assert!(common_form(b"e8=Q").is_none() && common_form(b"O-O").is_none());
    }
    use super::*;

    fn lenient(s: &str) -> String {
        SanPlus::from_ascii(s.as_bytes(), SanMode::Lenient)
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .to_string()
    }

    #[test]
    fn standard_san_round_trips_in_both_modes() {
        for s in [
            "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4e1", "Nxe5+", "Qxf7#", "e8=Q", "exd8=N+",
            "O-O", "O-O-O#", "Kxh1", "a1=R",
        ] {
            assert_eq!(lenient(s), s);
            let strict = SanPlus::from_ascii(s.as_bytes(), SanMode::Strict).unwrap();
            assert_eq!(strict.to_string(), s);
        }
    }

    #[test]
    fn leniencies_are_read_and_rejected_by_strict() {
        for (text, canonical, leniency) in [
            ("e4!", "e4", Leniency::AnnotationGlyph),
            ("Nf3?!", "Nf3", Leniency::AnnotationGlyph),
            ("Qxf7+!!", "Qxf7+", Leniency::AnnotationGlyph),
            ("Qh5++", "Qh5+", Leniency::SuffixRun),
            ("exd6e.p.", "exd6", Leniency::EnPassantSuffix),
            ("exd6ep", "exd6", Leniency::EnPassantSuffix),
            ("0-0", "O-O", Leniency::ZeroCastling),
            ("0-0-0+", "O-O-O+", Leniency::ZeroCastling),
            ("Pe4", "e4", Leniency::PawnLetter),
            ("e8=q", "e8=Q", Leniency::LowercasePromotion),
            ("e8Q", "e8=Q", Leniency::PromotionWithoutEquals),
            ("e:d5", "exd5", Leniency::ColonCapture),
            ("Ng1-f3", "Ng1f3", Leniency::Hyphen),
            ("e2e4", "e2e4", Leniency::CoordinateText),
            ("Pe2e4", "Pe2e4", Leniency::PawnLetter),
            ("e7e8q", "e7e8q", Leniency::LowercasePromotion),
            ("d7d8R", "d7d8r", Leniency::PromotionWithoutEquals),
            ("--", "--", Leniency::NullMove),
            ("Z0", "--", Leniency::NullMove),
        ] {
            assert_eq!(lenient(text), canonical, "{text}");
            let e = SanPlus::from_ascii(text.as_bytes(), SanMode::Strict).unwrap_err();
            assert_eq!(e.kind, ParseSanErrorKind::NotStrict(leniency), "{text}");
        }
    }

    #[test]
    fn syntax_errors_give_the_offset() {
        for (text, offset, kind) in [
            ("", 0, ParseSanErrorKind::Empty),
            ("+", 0, ParseSanErrorKind::Empty),
            ("e9", 1, ParseSanErrorKind::Unexpected),
            ("z4", 0, ParseSanErrorKind::Unexpected),
            ("Nf", 1, ParseSanErrorKind::Unexpected),
            ("Ke8=Q", 3, ParseSanErrorKind::Unexpected),
            ("Nbxxd7", 3, ParseSanErrorKind::Unexpected),
            ("e8=K", 3, ParseSanErrorKind::Unexpected),
            ("which", 4, ParseSanErrorKind::Unexpected),
            ("O-O-O-O", 6, ParseSanErrorKind::Unexpected),
        ] {
            let e = SanPlus::from_ascii(text.as_bytes(), SanMode::Lenient).unwrap_err();
            assert_eq!((e.offset, e.kind), (offset, kind), "{text}: {e}");
        }
    }

    #[test]
    fn strict_rejects_a_pawn_rank() {
        assert!(SanPlus::from_ascii(b"e2xd3", SanMode::Strict).is_err());
        assert_eq!(lenient("e2xd3"), "e2xd3");
    }
}
