//! SAN's syntax: reading text into a [`San`] or [`SanPlus`] (strict or lenient, with the
//! offset of any fault) and writing one back. Nothing here looks at a position.

use std::fmt;
use std::str::FromStr;

use super::{CastlingSide, San, SanPlus, Suffix};
use crate::notation::uci::{promotion_role, square_at, UciMove};
use crate::types::{file_char, Role, Square};

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
