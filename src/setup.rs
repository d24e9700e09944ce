//! `Setup`: a position as FEN describes it, not necessarily legal.
//!
//! **Unvalidated in, validated out.** A [`Setup`] is plain data with public fields: FEN parses
//! into one ([`crate::notation::fen`]), and both rule implementations (the model and the core)
//! build their validated positions from one through [`Setup::validate`], the single place where a
//! setup is judged. Validation returns *every* reason it rejects a setup, together with the
//! setup itself ([`SetupError`]).
//!
//! Castling rights name the rook's square, so one representation serves standard chess and
//! Chess960 (FIDE Laws, Guidelines III). A setup writes its own FEN ([`Setup::to_fen`], in
//! `setup/fen.rs`), so the rule implementations need nothing from `notation/`.

mod fen;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::core::attacks::attackers;
use crate::types::{Color, Piece, Role, Square, SquareSet};
pub use crate::types::{KING_OFFSETS, KNIGHT_OFFSETS};

/// How castling is written and read in UCI move text and FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum CastlingMode {
    /// Standard chess: king on the e-file, rooks in the corners, UCI castling as `e1g1`.
    #[default]
    Standard,
    /// Chess960: any start array, UCI castling as king-takes-rook (`e1h1`).
    Chess960,
}

/// Whether validation holds a setup to the material a game can reach: at most 16 pieces and
/// 8 pawns a side (FIDE Laws 2.3 and 3.7.5: nothing is ever added to the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum MaterialLimits {
    /// The limits hold (the default, and what [`Setup::validate`] checks).
    #[default]
    Enforced,
    /// No limit on the number of pieces or pawns; every other check still applies.
    Ignored,
}

/// A position as FEN describes it: placement, side to move, castling rights, en-passant square
/// and the two clocks. Not necessarily legal: see [`Setup::validate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed `a1 = 0 .. h8 = 63`.
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub turn: Color,
    /// The squares of the rooks that may still castle (any colour).
    pub castling_rights: SquareSet,
    /// The en-passant target square, if the FEN names one.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (FIDE Laws 9.3).
    pub halfmoves: u32,
    /// The number of the full move, starting at 1.
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

impl Setup {
    /// The standard start position (FIDE Laws 2.3).
    ///
    /// ```
    /// use vdmchess::Setup;
    /// assert_eq!(Setup::start().to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    #[must_use]
    pub fn start() -> Setup {
        Setup::chess960_start(518)
    }

    /// An empty board, White to move, no rights, clocks at 0 and 1.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling_rights: SquareSet::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The Chess960 start array with Scharnagl number `n` (0..960; 518 is the standard start).
    /// Numbers from 960 up wrap around.
    ///
    /// ```
    /// use vdmchess::Setup;
    /// assert_eq!(Setup::chess960_start(0).to_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// ```
    #[must_use]
    pub fn chess960_start(n: u32) -> Setup {
        let mut n = n % 960;
        let mut back: [Option<Role>; 8] = [None; 8];
        // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
        back[(n % 4 * 2 + 1) as usize] = Some(Role::Bishop);
        n /= 4;
        back[(n % 4 * 2) as usize] = Some(Role::Bishop);
        n /= 4;
        let place_in_nth_free = |back: &mut [Option<Role>; 8], k: u32, role: Role| {
            let file = (0..8).filter(|&f| back[f].is_none()).nth(k as usize);
            if let Some(f) = file {
                back[f] = Some(role);
            }
        };
        place_in_nth_free(&mut back, n % 6, Role::Queen);
        n /= 6;
        let (a, b) = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ][n as usize];
        // Knights on the a-th and b-th of the five free files (place b first: placing a
        // would shift the numbering).
        place_in_nth_free(&mut back, b, Role::Knight);
        place_in_nth_free(&mut back, a, Role::Knight);
        for role in [Role::Rook, Role::King, Role::Rook] {
            place_in_nth_free(&mut back, 0, role);
        }
        let mut setup = Setup::empty();
        for (file, role) in back.iter().enumerate() {
            let role = role.unwrap_or(Role::Pawn);
            let file = file as u8;
            for (color, rank, pawn_rank) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                setup.set(Square::from_coords(file, rank), Some(Piece { color, role }));
                setup.set(
                    Square::from_coords(file, pawn_rank),
                    Some(Piece {
                        color,
                        role: Role::Pawn,
                    }),
                );
                if role == Role::Rook {
                    if let Some(sq) = Square::from_coords(file, rank) {
                        setup.castling_rights.insert(sq);
                    }
                }
            }
        }
        setup
    }

    fn set(&mut self, sq: Option<Square>, piece: Option<Piece>) {
        if let Some(sq) = sq {
            self.board[sq.index()] = piece;
        }
    }

    /// The piece on `sq`, if any.
    #[must_use]
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The squares holding `piece`.
    #[must_use]
    pub fn squares_of(&self, piece: Piece) -> SquareSet {
        Square::all()
            .filter(|&sq| self.piece_at(sq) == Some(piece))
            .collect()
    }

    /// The square of `color`'s king, if it has exactly one.
    #[must_use]
    pub fn king(&self, color: Color) -> Option<Square> {
        let kings = self.squares_of(Piece {
            color,
            role: Role::King,
        });
        if kings.len() == 1 {
            kings.iter().next()
        } else {
            None
        }
    }

    /// Whether a piece of `by` attacks `target` on this board, with rays blocked by any piece
    /// (FIDE Laws 3.1.3: a square is attacked even if the attacker is pinned).
    #[must_use]
    pub fn attacked_by(&self, by: Color, target: Square) -> bool {
        !self.attackers(by, target).is_empty()
    }

    /// The squares of the pieces of `by` that attack `target`, from the core's attack tables
    /// ([`crate::core::attacks::attackers`]).
    #[must_use]
    pub fn attackers(&self, by: Color, target: Square) -> SquareSet {
        let mut by_color = [0; 2];
        let mut by_role = [0; 6];
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                by_color[p.color.index()] |= 1 << i;
                by_role[p.role.index()] |= 1 << i;
            }
        }
        let occupied = by_color[0] | by_color[1];
        SquareSet(attackers(
            target.index(),
            by,
            by_color[by.index()],
            &by_role,
            occupied,
        ))
    }

    /// The castling rights of `color` (rook squares on its back rank).
    #[must_use]
    pub fn castling_rights_of(&self, color: Color) -> SquareSet {
        SquareSet(self.castling_rights.0 & (0xff << (8 * color.back_rank())))
    }

    /// Whether these castling rights are those of standard chess: king on e1/e8 and rooks in
    /// the corners. When not, a rule implementation needs [`CastlingMode::Chess960`].
    #[must_use]
    pub fn has_standard_castling(&self) -> bool {
        self.castling_rights.iter().all(|rook| {
            let color = if rook.rank() == 0 {
                Color::White
            } else {
                Color::Black
            };
            (rook.file() == 0 || rook.file() == 7)
                && self
                    .king(color)
                    .map(|k| k.file() == 4 && k.rank() == rook.rank())
                    == Some(true)
        })
    }

    /// The castling mode this setup needs: Chess960 when its rights are not standard ones.
    #[must_use]
    pub fn castling_mode_hint(&self) -> CastlingMode {
        if self.has_standard_castling() {
            CastlingMode::Standard
        } else {
            CastlingMode::Chess960
        }
    }

    /// Judges the setup: `Ok` when a rule implementation may build a position from it, else
    /// every reason it is rejected.
    ///
    /// The checks (FIDE Laws 2, 3.8.2, 3.7.3, 9.6): each side has exactly one king; no pawn on
    /// the first or last rank; at most 16 pieces and 8 pawns a side; the side not to move is not
    /// in check; every castling right names a rook of its colour on its back rank with the king
    /// on the same rank, at most one right on each side of the king (and, in
    /// [`CastlingMode::Standard`], king on the e-file and rooks in the corners); an en-passant
    /// square is empty, on the 6th rank from the mover's side, with the square behind it empty
    /// and an enemy pawn in front of it.
    ///
    /// Positions that are unreachable but consistent (three checkers on the king, say) are
    /// accepted: perft suites use them.
    ///
    /// # Errors
    ///
    /// [`SetupError`] holding this setup and the set of [`SetupProblem`]s found.
    ///
    /// ```
    /// use vdmchess::{CastlingMode, Setup, SetupProblem};
    /// let setup = vdmchess::notation::fen::parse_fen("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    /// let err = setup.validate(CastlingMode::Standard).unwrap_err();
    /// assert!(err.problems.contains(&SetupProblem::MissingKing(vdmchess::Color::Black)));
    /// ```
    pub fn validate(&self, mode: CastlingMode) -> Result<(), SetupError> {
        self.validate_with(mode, MaterialLimits::Enforced)
    }

    /// [`Setup::validate`], with the material limits (16 pieces and 8 pawns a side) enforced or
    /// not: perft test positions break them on purpose to reach large move counts
    /// (`--lenient` on the command line). Every other check is the same.
    ///
    /// # Errors
    ///
    /// As [`Setup::validate`], without [`SetupProblem::TooManyPieces`] and
    /// [`SetupProblem::TooManyPawns`] when `limits` is [`MaterialLimits::Ignored`].
    ///
    /// ```
    /// use vdmchess::{CastlingMode, MaterialLimits};
    /// let queens = vdmchess::notation::fen::parse_fen("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1").unwrap();
    /// assert!(queens.validate(CastlingMode::Standard).is_err());
    /// assert!(queens.validate_with(CastlingMode::Standard, MaterialLimits::Ignored).is_ok());
    /// ```
    pub fn validate_with(
        &self,
        mode: CastlingMode,
        limits: MaterialLimits,
    ) -> Result<(), SetupError> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let kings = self
                .squares_of(Piece {
                    color,
                    role: Role::King,
                })
                .len();
            if kings == 0 {
                problems.push(SetupProblem::MissingKing(color));
            } else if kings > 1 {
                problems.push(SetupProblem::TooManyKings(color));
            }
            let pieces = Square::all()
                .filter(|&sq| matches!(self.piece_at(sq), Some(p) if p.color == color))
                .count();
            if pieces > 16 && limits == MaterialLimits::Enforced {
                problems.push(SetupProblem::TooManyPieces(color));
            }
            let pawns = self
                .squares_of(Piece {
                    color,
                    role: Role::Pawn,
                })
                .len();
            if pawns > 8 && limits == MaterialLimits::Enforced {
                problems.push(SetupProblem::TooManyPawns(color));
            }
        }
        if Square::all().any(|sq| {
            (sq.rank() == 0 || sq.rank() == 7)
                && matches!(self.piece_at(sq), Some(p) if p.role == Role::Pawn)
        }) {
            problems.push(SetupProblem::PawnsOnBackRank);
        }
        if let Some(king) = self.king(self.turn.other()) {
            if self.attacked_by(self.turn, king) {
                problems.push(SetupProblem::OppositeCheck);
            }
        }
        if !self.castling_rights_are_valid(mode) {
            problems.push(SetupProblem::BadCastlingRights);
        }
        if let Some(ep) = self.ep_square {
            if !self.ep_square_is_valid(ep) {
                problems.push(SetupProblem::InvalidEpSquare(ep));
            }
        }
        if self.fullmoves == 0 {
            problems.push(SetupProblem::ZeroFullmoves);
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SetupError {
                setup: Box::new(*self),
                problems,
            })
        }
    }

    fn castling_rights_are_valid(&self, mode: CastlingMode) -> bool {
        Color::ALL.iter().all(|&color| {
            let rights = self.castling_rights_of(color);
            if rights.is_empty() {
                return true;
            }
            let Some(king) = self.king(color) else {
                return false;
            };
            if king.rank() != color.back_rank() {
                return false;
            }
            let rook = Piece {
                color,
                role: Role::Rook,
            };
            let mut a_side = 0;
            let mut h_side = 0;
            for sq in rights.iter() {
                if self.piece_at(sq) != Some(rook) {
                    return false;
                }
                if sq.file() < king.file() {
                    a_side += 1;
                } else {
                    h_side += 1;
                }
                if mode == CastlingMode::Standard
                    && !(king.file() == 4 && (sq.file() == 0 || sq.file() == 7))
                {
                    return false;
                }
            }
            a_side <= 1 && h_side <= 1
        }) && self
            .castling_rights
            .iter()
            .all(|sq| sq.rank() == 0 || sq.rank() == 7)
    }

    fn ep_square_is_valid(&self, ep: Square) -> bool {
        let (ep_rank, dir) = match self.turn {
            Color::White => (5, 1i8),
            Color::Black => (2, -1i8),
        };
        let pawn = Piece {
            color: self.turn.other(),
            role: Role::Pawn,
        };
        ep.rank() == ep_rank
            && self.piece_at(ep).is_none()
            && ep
                .offset(0, dir)
                .is_some_and(|from| self.piece_at(from).is_none())
            && ep
                .offset(0, -dir)
                .is_some_and(|pushed| self.piece_at(pushed) == Some(pawn))
    }
}

/// One reason a [`Setup`] is not a legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetupProblem {
    /// The colour has no king.
    MissingKing(Color),
    /// The colour has more than one king.
    TooManyKings(Color),
    /// The colour has more than 16 pieces.
    TooManyPieces(Color),
    /// The colour has more than 8 pawns.
    TooManyPawns(Color),
    /// A pawn stands on the first or the last rank.
    PawnsOnBackRank,
    /// The side not to move is in check.
    OppositeCheck,
    /// A castling right without its king and rook in place, or two rights on one side.
    BadCastlingRights,
    /// The en-passant square cannot follow a double pawn push.
    InvalidEpSquare(Square),
    /// The full-move number is 0.
    ZeroFullmoves,
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: &Color| match c {
            Color::White => "white",
            Color::Black => "black",
        };
        match self {
            SetupProblem::MissingKing(c) => write!(f, "{} has no king", side(c)),
            SetupProblem::TooManyKings(c) => write!(f, "{} has more than one king", side(c)),
            SetupProblem::TooManyPieces(c) => write!(f, "{} has more than 16 pieces", side(c)),
            SetupProblem::TooManyPawns(c) => write!(f, "{} has more than 8 pawns", side(c)),
            SetupProblem::PawnsOnBackRank => write!(f, "pawns on the first or last rank"),
            SetupProblem::OppositeCheck => write!(f, "the side not to move is in check"),
            SetupProblem::BadCastlingRights => {
                write!(f, "castling rights without king and rook in place")
            }
            SetupProblem::InvalidEpSquare(sq) => write!(f, "impossible en-passant square {sq}"),
            SetupProblem::ZeroFullmoves => write!(f, "full-move number 0"),
        }
    }
}

/// A rejected [`Setup`], kept, with every reason it was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    /// The setup that was rejected.
    pub setup: Box<Setup>,
    /// Every problem found, in a fixed order.
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;

    fn problems(fen: &str) -> Vec<SetupProblem> {
        parse_fen(fen)
            .unwrap()
            .validate(CastlingMode::Chess960)
            .err()
            .map(|e| e.problems)
            .unwrap_or_default()
    }

    #[test]
    fn start_is_valid() {
        assert_eq!(Setup::start().validate(CastlingMode::Standard), Ok(()));
    }

    #[test]
    fn every_chess960_start_is_valid_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let s = Setup::chess960_start(n);
            assert_eq!(s.validate(CastlingMode::Chess960), Ok(()), "start {n}");
            assert!(seen.insert(s.board), "start {n} repeats");
            assert_eq!(s.castling_rights.len(), 4);
        }
    }

    #[test]
    fn reports_every_problem() {
        let p = problems("P7/8/8/8/8/8/8/8 w KQ e3 0 0");
        assert!(p.contains(&SetupProblem::MissingKing(Color::White)));
        assert!(p.contains(&SetupProblem::MissingKing(Color::Black)));
        assert!(p.contains(&SetupProblem::PawnsOnBackRank));
        assert!(p.contains(&SetupProblem::BadCastlingRights));
        assert!(p.contains(&SetupProblem::InvalidEpSquare("e3".parse().unwrap())));
        assert!(p.contains(&SetupProblem::ZeroFullmoves));
    }

    #[test]
    fn opposite_check_and_too_many_kings() {
        assert_eq!(problems("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), []);
        assert_eq!(
            problems("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),
            [SetupProblem::OppositeCheck]
        );
        assert_eq!(
            problems("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
            [SetupProblem::TooManyKings(Color::White)]
        );
    }

    #[test]
    fn en_passant_square_needs_a_pushed_pawn() {
        assert_eq!(problems("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), []);
        assert_eq!(
            problems("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"),
            [SetupProblem::InvalidEpSquare("d6".parse().unwrap())]
        );
    }

    #[test]
    fn standard_mode_wants_corner_rooks() {
        let s = parse_fen("1r2k3/8/8/8/8/8/8/4K3 w b - 0 1").unwrap();
        assert!(s.validate(CastlingMode::Chess960).is_ok());
        assert_eq!(
            s.validate(CastlingMode::Standard).unwrap_err().problems,
            [SetupProblem::BadCastlingRights]
        );
        assert_eq!(s.castling_mode_hint(), CastlingMode::Chess960);
    }
}
