//! FEN, X-FEN and Shredder-FEN: text to [`Setup`] (the way back is [`Setup::to_fen`]).
//!
//! # What the parser accepts
//!
//! Six fields separated by runs of spaces: placement, side to move, castling, en passant,
//! half-move clock, full-move number. The two clocks may be left out together (EPD style, read
//! as `0 1`). Leading and trailing white space is ignored.
//!
//! The castling field is `-` or a sequence of letters, each naming one rook:
//! - `K`/`k`: the outermost rook of that colour on its back rank on the king's h-side (X-FEN);
//! - `Q`/`q`: the outermost rook on the a-side;
//! - `A`-`H`/`a`-`h`: the rook on that file (Shredder-FEN, or X-FEN's explicit form).
//!
//! A letter naming a rook that is not there is kept as the corner (or file) square, so that
//! [`Setup::validate`] reports it rather than the parser guessing.
//!
//! # Writing
//!
//! The writer, [`Setup::to_fen`] and [`Setup::to_shredder_fen`], lives with [`Setup`]
//! (`src/setup/fen.rs`), below the rule implementations that use it; this module reads FEN.

use std::fmt;

use crate::setup::Setup;
use crate::types::{Color, Piece, Role, Square, SquareSet};

/// Which FEN field was wrong, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseFenError {
    /// Not 4 or 6 fields.
    FieldCount(usize),
    /// The placement field: the message says which rank and what was wrong.
    Board(String),
    /// The side to move is not `w` or `b`.
    Turn(String),
    /// The castling field has a character that is not `-`, `KQkq` or a file letter, or repeats one.
    Castling(String),
    /// The en-passant field is not `-` or a square on the 3rd or 6th rank.
    EnPassant(String),
    /// The half-move clock is not a number.
    Halfmoves(String),
    /// The full-move number is not a number.
    Fullmoves(String),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::FieldCount(n) => {
                write!(f, "invalid fen: expected 6 fields (or 4), found {n}")
            }
            ParseFenError::Board(m) => write!(f, "invalid fen placement: {m}"),
            ParseFenError::Turn(t) => write!(f, "invalid fen side to move {t:?}: expected w or b"),
            ParseFenError::Castling(c) => write!(f, "invalid fen castling field {c:?}"),
            ParseFenError::EnPassant(e) => write!(f, "invalid fen en-passant field {e:?}"),
            ParseFenError::Halfmoves(h) => write!(f, "invalid fen half-move clock {h:?}"),
            ParseFenError::Fullmoves(n) => write!(f, "invalid fen full-move number {n:?}"),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Parses FEN, X-FEN or Shredder-FEN text into an unvalidated [`Setup`].
///
/// # Errors
///
/// [`ParseFenError`] naming the first field that is wrong.
///
/// ```
/// use vdmchess::notation::fen::parse_fen;
/// let setup = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
/// assert_eq!(setup.ep_square.unwrap().to_string(), "e3");
/// assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").is_err());
/// ```
pub fn parse_fen(text: &str) -> Result<Setup, ParseFenError> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    if fields.len() != 6 && fields.len() != 4 {
        return Err(ParseFenError::FieldCount(fields.len()));
    }
    let mut setup = Setup::empty();
    parse_placement(fields[0], &mut setup)?;
    setup.turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(ParseFenError::Turn(other.into())),
    };
    setup.castling_rights = parse_castling(fields[2], &setup)?;
    setup.ep_square = match fields[3] {
        "-" => None,
        text => match text.parse::<Square>() {
            Ok(sq) if sq.rank() == 2 || sq.rank() == 5 => Some(sq),
            _ => return Err(ParseFenError::EnPassant(text.into())),
        },
    };
    if fields.len() == 6 {
        setup.halfmoves = fields[4]
            .parse()
            .map_err(|_| ParseFenError::Halfmoves(fields[4].into()))?;
        setup.fullmoves = fields[5]
            .parse()
            .map_err(|_| ParseFenError::Fullmoves(fields[5].into()))?;
    }
    Ok(setup)
}

fn parse_placement(text: &str, setup: &mut Setup) -> Result<(), ParseFenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseFenError::Board(format!(
            "expected 8 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u8 = 0;
        let mut last_was_digit = false;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) || last_was_digit {
                    return Err(ParseFenError::Board(format!(
                        "rank {}: bad empty-square count {c:?}",
                        rank + 1
                    )));
                }
                file += d as u8;
                last_was_digit = true;
            } else if let Some(piece) = Piece::from_char(c) {
                if file >= 8 {
                    return Err(ParseFenError::Board(format!(
                        "rank {} has more than 8 squares",
                        rank + 1
                    )));
                }
                setup.board[(rank * 8 + file) as usize] = Some(piece);
                file += 1;
                last_was_digit = false;
            } else {
                return Err(ParseFenError::Board(format!(
                    "rank {}: unexpected character {c:?}",
                    rank + 1
                )));
            }
            if file > 8 {
                return Err(ParseFenError::Board(format!(
                    "rank {} has more than 8 squares",
                    rank + 1
                )));
            }
        }
        if file != 8 {
            return Err(ParseFenError::Board(format!(
                "rank {} has {file} squares, not 8",
                rank + 1
            )));
        }
    }
    Ok(())
}

fn parse_castling(text: &str, setup: &Setup) -> Result<SquareSet, ParseFenError> {
    let mut rights = SquareSet::EMPTY;
    if text == "-" {
        return Ok(rights);
    }
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        let rook = Piece {
            color,
            role: Role::Rook,
        };
        let king_file = (0..8)
            .find(|&f| {
                setup.board[(rank * 8 + f) as usize]
                    == Some(Piece {
                        color,
                        role: Role::King,
                    })
            })
            .unwrap_or(4);
        let rook_files = (0..8u8).filter(|&f| setup.board[(rank * 8 + f) as usize] == Some(rook));
        let file = match c.to_ascii_lowercase() {
            'k' => rook_files.filter(|&f| f > king_file).max().unwrap_or(7),
            'q' => rook_files.filter(|&f| f < king_file).min().unwrap_or(0),
            f @ 'a'..='h' => f as u8 - b'a',
            _ => return Err(ParseFenError::Castling(text.into())),
        };
        let sq =
            Square::from_coords(file, rank).ok_or_else(|| ParseFenError::Castling(text.into()))?;
        if rights.contains(sq) {
            return Err(ParseFenError::Castling(text.into()));
        }
        rights.insert(sq);
    }
    Ok(rights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_the_classic_positions() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            assert_eq!(parse_fen(fen).unwrap().to_fen(), fen);
        }
    }

    #[test]
    fn epd_without_clocks_reads_as_zero_and_one() {
        let s = parse_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
        assert_eq!((s.halfmoves, s.fullmoves), (0, 1));
    }

    #[test]
    fn xfen_names_inner_rooks_by_file() {
        // White rooks on a1, b1 (inner, a-side of the king on c1), e1; black likewise.
        let fen = "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1";
        let s = parse_fen(fen).unwrap();
        let names: Vec<String> = s.castling_rights.iter().map(|q| q.to_string()).collect();
        assert_eq!(names, ["a1", "e1", "a8", "e8"]);
        assert_eq!(s.to_fen(), fen);
        assert_eq!(
            s.to_shredder_fen(),
            "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1"
        );
        // An inner rook needs its file letter.
        let inner = parse_fen("1r2kr1r/8/8/8/8/8/8/4K3 b f - 0 1").unwrap();
        assert_eq!(inner.to_fen(), "1r2kr1r/8/8/8/8/8/8/4K3 b f - 0 1");
        assert_eq!(
            parse_fen("1r2kr1r/8/8/8/8/8/8/4K3 b k - 0 1")
                .unwrap()
                .to_fen(),
            "1r2kr1r/8/8/8/8/8/8/4K3 b k - 0 1"
        );
    }

    #[test]
    fn shredder_letters_read_back() {
        let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let s = parse_fen(fen).unwrap();
        assert_eq!(s.to_shredder_fen(), fen);
        assert_eq!(
            s.to_fen(),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
        );
    }

    #[test]
    fn errors_name_the_field() {
        use ParseFenError::*;
        let bad = |fen: &str| parse_fen(fen).unwrap_err();
        assert_eq!(bad(""), FieldCount(0));
        assert!(matches!(bad("8/8/8/8/8/8/8 w - - 0 1"), Board(_)));
        assert!(matches!(bad("9/8/8/8/8/8/8/8 w - - 0 1"), Board(_)));
        assert!(matches!(bad("44/8/8/8/8/8/8/8 w - - 0 1"), Board(_)));
        assert!(matches!(bad("ppppppppp/8/8/8/8/8/8/8 w - - 0 1"), Board(_)));
        assert!(matches!(bad("x7/8/8/8/8/8/8/8 w - - 0 1"), Board(_)));
        assert_eq!(bad("8/8/8/8/8/8/8/8 white - - 0 1"), Turn("white".into()));
        assert_eq!(bad("8/8/8/8/8/8/8/8 w KX - 0 1"), Castling("KX".into()));
        assert_eq!(bad("8/8/8/8/8/8/8/8 w KK - 0 1"), Castling("KK".into()));
        assert_eq!(bad("8/8/8/8/8/8/8/8 w - e4 0 1"), EnPassant("e4".into()));
        assert_eq!(bad("8/8/8/8/8/8/8/8 w - - x 1"), Halfmoves("x".into()));
        assert_eq!(bad("8/8/8/8/8/8/8/8 w - - 0 -1"), Fullmoves("-1".into()));
        assert_eq!(
            bad("8/8/8/8/8/8/8/8 w - - 0 1 extra").to_string(),
            "invalid fen: expected 6 fields (or 4), found 7"
        );
    }
}
