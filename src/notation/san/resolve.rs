//! SAN's meaning: the legal move a [`San`] names in a position (lenient or canonical), and
//! the canonical SAN of a legal move. Generic over the port [`Rules`].

use std::cell::RefCell;
use std::fmt;

use super::{CastlingSide, PawnText, San, SanPlus, Suffix};
use crate::rules::{Move, MoveMatch, Rules};
use crate::types::Role;

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

impl SanPlus {
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
                to,
                promotion,
                ..
            } => {
                let from = self.from_squares(PawnText::Lenient);
                match pos.unique_move_to(role, to, from, promotion, buf) {
                    MoveMatch::One(m) => Ok(m),
                    MoveMatch::None => Err(SanError::Illegal(*self)),
                    MoveMatch::Many => Err(SanError::Ambiguous(*self)),
                }
            }
            San::Castle(side) => {
                let (target, _) = side.destinations(pos.turn().back_rank());
                buf.clear();
                pos.legal_moves_to_into(Role::King, target, buf);
                buf.iter()
                    .find(|m| m.castles_to(target))
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
            return San::Castle(CastlingSide::of(m.from, m.to));
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
