//! Standard Algebraic Notation (SAN): reading, resolving against a position, and writing.
//!
//! SAN is defined by the PGN standard (section 8.2.3) and FIDE Laws Appendix C. Parsing is
//! syntax only ([`SanPlus::from_ascii`] → [`ParseSanError`]); what a move *means* needs a
//! position ([`San::to_move`] → [`SanError::Illegal`] or [`SanError::Ambiguous`]). Both are
//! written once, generic over the port [`Rules`](crate::Rules): the syntax in `san/syntax.rs`,
//! the meaning in `san/resolve.rs`, the values they share here.
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

mod resolve;
mod syntax;

pub use crate::core::castling::CastlingSide;
pub use resolve::{san, san_plus, SanError};
pub(crate) use syntax::common_form;
pub use syntax::{Leniency, ParseSanError, ParseSanErrorKind, SanMode};

use crate::notation::uci::UciMove;
use crate::types::{Role, Square, SquareSet};

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

/// How [`San::from_squares`] reads a pawn move written with neither `x` nor a from-file
/// (`d5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PawnText {
    /// Any pawn may be meant, as resolving reads it ([`San::to_move`], the replay runner): a
    /// capture written without its `x` is a leniency, so `d5` plays `exd5` when that is the
    /// one pawn move to d5. (A push stays on its file by the pawn's own move rules.)
    Lenient,
    /// Only a pawn of the target's file, the one pawn such text names in standard SAN.
    /// `explain` looks for the piece whose refusal it explains so (`e4` with the e-pawn
    /// blocked is refused for the block, not for what the d-pawn cannot do), while it finds
    /// the legal moves the text names [`PawnText::Lenient`]ly, as resolving does.
    AsWritten,
}

impl San {
    /// The squares a piece this SAN names may stand on: what its from-file and from-rank
    /// allow (every square when it gives neither), narrowed for a pawn as `pawns` says.
    /// Empty for castling, UCI text and the null move, which name no piece by role.
    ///
    /// The one place where SAN text picks its candidate pieces: resolving
    /// ([`San::to_move`]), the replay runner's fast path and `explain` all filter by it.
    ///
    /// ```
    /// use vdmchess::notation::san::{PawnText, San};
    /// let d5: San = "d5".parse().unwrap();
    /// assert_eq!(d5.from_squares(PawnText::Lenient).len(), 64);
    /// assert_eq!(d5.from_squares(PawnText::AsWritten).len(), 8);
    /// let nbd7: San = "Nbd7".parse().unwrap();
    /// assert!(nbd7.from_squares(PawnText::Lenient).contains("b8".parse().unwrap()));
    /// assert_eq!(nbd7.from_squares(PawnText::Lenient).len(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_squares(&self, pawns: PawnText) -> SquareSet {
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            ..
        } = *self
        else {
            return SquareSet::EMPTY;
        };
        let file = match (role, file, capture, pawns) {
            (Role::Pawn, None, false, PawnText::AsWritten) => Some(to.file()),
            (_, file, _, _) => file,
        };
        let files = file.map_or(!0, |f| FILE_A << f);
        let ranks = rank.map_or(!0, |r| 0xff << (8 * r));
        SquareSet(files & ranks)
    }
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
