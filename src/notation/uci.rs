//! UCI move text: `e2e4`, `e7e8q`, `0000`.
//!
//! # What the parser accepts
//!
//! Exactly four or five ASCII bytes: a from-square, a to-square and, for a promotion, one of
//! `q r b n` (upper case is accepted too); or `0000`, the UCI null move. Castling is the king's
//! move: `e1g1` in [`CastlingMode::Standard`], king-takes-own-rook `e1h1` in
//! [`CastlingMode::Chess960`]. In standard mode king-takes-rook is accepted as well, so a
//! standard game written by a Chess960-aware tool still reads.
//!
//! Writing is [`Move::to_uci`].
//!
//! ```
//! use vdmchess::notation::uci::UciMove;
//! let m: UciMove = "e7e8q".parse().unwrap();
//! assert_eq!(m.to_string(), "e7e8q");
//! assert!("e7e9".parse::<UciMove>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::rules::{Move, Rules};
use crate::setup::CastlingMode;
use crate::types::{Role, Square};

/// A move as UCI text names it, not yet matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another, with the promotion role if any.
    Normal {
        /// The square the piece leaves.
        from: Square,
        /// The square it reaches (for castling: the king's target, or the rook's square).
        to: Square,
        /// The role a pawn promotes to.
        promotion: Option<Role>,
    },
    /// `0000`: passing the move, which UCI allows and the rules do not.
    Null,
}

/// Why text is not UCI move text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseUciError {
    /// The rejected text (lossily decoded).
    pub text: String,
    /// The 0-based byte offset of the first wrong byte.
    pub offset: usize,
}

impl fmt::Display for ParseUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid uci move {:?} at offset {}: expected a from-square, a to-square and an optional promotion q, r, b or n, or 0000",
            self.text, self.offset
        )
    }
}

impl std::error::Error for ParseUciError {}

/// Why a well-formed UCI move cannot be played in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UciError {
    /// No legal move matches.
    Illegal(UciMove),
    /// `0000` has no [`Move`]: the caller decides what passing means.
    NullMove,
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Illegal(m) => write!(f, "illegal uci move {m}"),
            UciError::NullMove => f.write_str("null move 0000 cannot be played"),
        }
    }
}

impl std::error::Error for UciError {}

/// Reads a square from two bytes `[a-h][1-8]`.
#[inline]
pub(crate) fn square_at(b: &[u8], i: usize) -> Option<Square> {
    let f = b.get(i)?.wrapping_sub(b'a');
    let r = b.get(i + 1)?.wrapping_sub(b'1');
    Square::from_coords(f, r)
}

/// The promotion role of a letter `q r b n` in either case.
#[inline]
pub(crate) fn promotion_role(c: u8) -> Option<Role> {
    match c.to_ascii_lowercase() {
        b'q' => Some(Role::Queen),
        b'r' => Some(Role::Rook),
        b'b' => Some(Role::Bishop),
        b'n' => Some(Role::Knight),
        _ => None,
    }
}

impl UciMove {
    /// Parses UCI move text from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseUciError`] with the offset of the first byte that does not fit.
    pub fn from_ascii(text: &[u8]) -> Result<UciMove, ParseUciError> {
        let err = |offset: usize| ParseUciError {
            text: String::from_utf8_lossy(text).into_owned(),
            offset,
        };
        if text == b"0000" {
            return Ok(UciMove::Null);
        }
        let from = square_at(text, 0).ok_or_else(|| err(0))?;
        let to = square_at(text, 2).ok_or_else(|| err(2))?;
        let promotion = match text.len() {
            4 => None,
            5 => Some(promotion_role(text[4]).ok_or_else(|| err(4))?),
            _ => return Err(err(text.len().min(5))),
        };
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }

    /// The UCI text of a [`Move`] (same as [`Move::to_uci`], as a value).
    #[must_use]
    pub fn from_move(m: &Move, mode: CastlingMode) -> UciMove {
        let to = match mode {
            CastlingMode::Standard if m.is_castle() => m.castle_king_to(),
            _ => m.to,
        };
        UciMove::Normal {
            from: m.from,
            to,
            promotion: m.promotion(),
        }
    }

    /// The legal move this text names in `pos`.
    ///
    /// Castling is matched as the position's [`CastlingMode`] says: in Chess960 only
    /// king-takes-rook; in standard chess both the king's target square and king-takes-rook.
    /// Where a plain king move and castling share the text, the plain move wins.
    ///
    /// # Errors
    ///
    /// [`UciError::Illegal`] when no legal move matches, [`UciError::NullMove`] for `0000`.
    ///
    /// # Examples
    ///
    /// ```
    /// use vdmchess::notation::uci::UciMove;
    /// use vdmchess::{core::Chess, CastlingMode, Rules, Setup};
    /// let start = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
    /// let m = UciMove::from_ascii(b"g1f3").unwrap().to_move(&start).unwrap();
    /// assert_eq!((m.from.to_string(), m.to.to_string()), ("g1".into(), "f3".into()));
    /// assert!(UciMove::from_ascii(b"g1g3").unwrap().to_move(&start).is_err());
    /// ```
    pub fn to_move<R: Rules>(&self, pos: &R) -> Result<Move, UciError> {
        let mut buf = Vec::new();
        self.to_move_in(pos, &mut buf)
    }

    /// [`UciMove::to_move`] with a caller-owned scratch buffer, so a replay loop does not
    /// allocate per move. The buffer's contents are replaced.
    ///
    /// # Errors
    ///
    /// As [`UciMove::to_move`].
    pub fn to_move_in<R: Rules>(&self, pos: &R, buf: &mut Vec<Move>) -> Result<Move, UciError> {
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = *self
        else {
            return Err(UciError::NullMove);
        };
        let piece = match pos.piece_at(from) {
            Some(p) if p.color == pos.turn() => p,
            _ => return Err(UciError::Illegal(*self)),
        };
        buf.clear();
        pos.legal_moves_to_into(piece.role, to, buf);
        let chess960 = pos.castling_mode() == CastlingMode::Chess960;
        let mut castle = None;
        for m in buf.iter() {
            if m.from != from || m.promotion() != promotion {
                continue;
            }
            if m.is_castle() {
                if m.to == to || (!chess960 && m.castles_to(to)) {
                    castle = Some(*m);
                }
            } else if m.to == to {
                return Ok(*m);
            }
        }
        castle.ok_or(UciError::Illegal(*self))
    }
}

impl FromStr for UciMove {
    type Err = ParseUciError;

    fn from_str(s: &str) -> Result<UciMove, ParseUciError> {
        UciMove::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(r) = promotion {
                    write!(f, "{}", r.char())?;
                }
                Ok(())
            }
            UciMove::Null => f.write_str("0000"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_displays() {
        for text in ["e2e4", "e7e8q", "a7a8n", "h1h8", "0000"] {
            let m: UciMove = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        let m: UciMove = "d7d8R".parse().unwrap();
        assert_eq!(m.to_string(), "d7d8r");
    }

    #[test]
    fn rejects_with_offsets() {
        for (text, offset) in [
            ("", 0),
            ("e2", 2),
            ("i2e4", 0),
            ("e2e9", 2),
            ("e7e8k", 4),
            ("e7e8qq", 5),
            ("e2-e4", 2),
        ] {
            let e = text.parse::<UciMove>().unwrap_err();
            assert_eq!(e.offset, offset, "{text}");
        }
    }
}
