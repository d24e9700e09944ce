//! Comparing two implementations of the port [`Rules`] position by position.

use vdmchess::{Move, Rules};

/// Everything the port says about the current position, in comparable form (legal moves
/// sorted; the history-dependent repetition count left out).
#[derive(Debug, PartialEq, Eq)]
pub struct Observation {
    /// The FEN (Shredder-FEN, so every castling right is explicit).
    pub fen: String,
    /// The legal moves, sorted.
    pub moves: Vec<Move>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// [`Rules::status`] as text.
    pub status: &'static str,
    /// [`Rules::is_insufficient_material`].
    pub insufficient: bool,
}

/// Observes `r`.
pub fn observe<R: Rules>(r: &R) -> Observation {
    let mut moves = r.legal_moves();
    moves.sort();
    Observation {
        fen: r.to_setup().to_shredder_fen(),
        moves,
        check: r.is_check(),
        status: r.status().as_str(),
        insufficient: r.is_insufficient_material(),
    }
}

/// Panics, naming the difference, unless `a` and `b` say the same about their positions.
pub fn assert_agree<A: Rules, B: Rules>(a: &A, b: &B) {
    let (oa, ob) = (observe(a), observe(b));
    assert_eq!(oa, ob, "the two rule implementations disagree");
}

/// Plays `m` in both, checking first that both call it legal.
pub fn play_both<A: Rules, B: Rules>(a: &mut A, b: &mut B, m: &Move) {
    assert!(a.is_legal(m) && b.is_legal(m), "{m} legal in one only");
    a.play_unchecked(m);
    b.play_unchecked(m);
}
