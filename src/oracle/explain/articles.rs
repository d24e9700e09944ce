//! The FIDE Laws articles of castling, written once: `explain` cites them, and
//! `tests/fide_articles.rs` checks that the traceability table of `spec/README.md` gives each
//! castling clause of the spec exactly these articles (and the VDM++ comments follow it).
//!
//! FIDE Laws of Chess, article 3.8.2 (castling) and its parts:
//!
//! | article | what it says |
//! |---|---|
//! | 3.8.2 | castling moves the king two squares towards a rook, and that rook onto the square the king crossed |
//! | 3.8.2.1 | the right to castle is lost for good when the king, or that rook, has moved |
//! | 3.8.2.2.1 | castling is prevented for now when the king's square, a square it crosses or the square it lands on is attacked |
//! | 3.8.2.2.2 | castling is prevented for now when a piece stands between the king and the rook |

/// 3.8.2: what castling is (where king and rook go).
pub const CASTLING: &str = "3.8.2";
/// 3.8.2.1: the right to castle, lost for good once the king or that rook has moved.
pub const RIGHT_LOST: &str = "3.8.2.1";
/// 3.8.2.2.1: no castling out of, through or into an attack.
pub const ATTACKED: &str = "3.8.2.2.1";
/// 3.8.2.2.2: no castling over a piece.
pub const BETWEEN: &str = "3.8.2.2.2";

/// The castling clauses of `BoardModule` and the castling articles each rests on.
pub const CASTLING_CLAUSES: [(&str, &[&str]); 7] = [
    ("castling_destinations", &[CASTLING]),
    ("castling_moves", &[CASTLING]),
    ("castling_rights", &[RIGHT_LOST]),
    ("ends_right", &[RIGHT_LOST]),
    ("may_castle", &[ATTACKED, BETWEEN]),
    ("move_effect", &[CASTLING]),
    ("apply_move", &[CASTLING]),
];
