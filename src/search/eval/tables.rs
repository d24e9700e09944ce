//! The evaluation's numbers: piece values and piece-square tables, each a pair of a
//! middlegame and an endgame value ([`S`]), built at compile time from a few written-down
//! ideas rather than typed in square by square.
//!
//! Squares are seen from White (a1 = 0, h8 = 63); a Black piece reads its square mirrored
//! (`sq ^ 56`). The ideas, table by table:
//! - pawns gain as they advance, more in the endgame; the centre pawns gain a little more on
//!   the fourth and fifth ranks in the middlegame, and lose a little when left at home on d2/e2;
//! - knights are worth most in the centre and least in a corner ("a knight on the rim is dim"),
//!   with a small extra for the enemy half where outposts are;
//! - bishops prefer the centre and long diagonals, but less strongly than knights;
//! - rooks like the seventh rank and, in the middlegame, the centre files;
//! - the queen likes the centre mildly (strongly only in the endgame);
//! - the king hides behind its pawns in a corner in the middlegame and comes to the centre in
//!   the endgame.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::types::Role;

/// A middlegame value and an endgame value, blended by the game phase
/// ([`super::taper`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct S(pub i32, pub i32);

impl S {
    /// The middlegame part.
    #[must_use]
    #[inline]
    pub const fn mg(self) -> i32 {
        self.0
    }

    /// The endgame part.
    #[must_use]
    #[inline]
    pub const fn eg(self) -> i32 {
        self.1
    }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// The value of each role (pawn to king; the king's is never counted): knights lose a little
/// in the endgame as the board empties, rooks gain as files open.
pub const PIECE_VALUES: [S; 6] = [
    S(85, 110),
    S(320, 295),
    S(335, 315),
    S(470, 530),
    S(960, 980),
    S(0, 0),
];

/// How far a square is from the edge along its file and its rank (0 on the edge, 3 in the
/// centre), added: 0 in a corner, 6 on the four centre squares.
const fn centrality(sq: usize) -> i32 {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let df = if f < 7 - f { f } else { 7 - f };
    let dr = if r < 7 - r { r } else { 7 - r };
    df + dr
}

const fn pawn(sq: usize) -> S {
    let (f, r) = (sq % 8, sq / 8);
    if r == 0 || r == 7 {
        return S(0, 0);
    }
    const ADVANCE_MG: [i32; 8] = [0, 0, 3, 8, 16, 28, 45, 0];
    const ADVANCE_EG: [i32; 8] = [0, 0, 4, 10, 20, 35, 55, 0];
    let centre_file = f == 3 || f == 4;
    let near_centre_file = f == 2 || f == 5;
    let mut mg = ADVANCE_MG[r];
    if centre_file && (r == 3 || r == 4) {
        mg += 14;
    } else if near_centre_file && (r == 3 || r == 4) {
        mg += 6;
    }
    if centre_file && r == 1 {
        mg -= 10;
    }
    S(mg, ADVANCE_EG[r])
}

const fn knight(sq: usize) -> S {
    let c = centrality(sq);
    let r = (sq / 8) as i32;
    let outpost = if r >= 3 && r <= 5 && c >= 3 { 6 } else { 0 };
    S(7 * c - 28 + outpost, 6 * c - 22)
}

const fn bishop(sq: usize) -> S {
    let c = centrality(sq);
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let long_diagonal = if f == r || f + r == 7 { 6 } else { 0 };
    let home_rank = if r == 0 { -6 } else { 0 };
    S(4 * c - 12 + long_diagonal + home_rank, 3 * c - 9)
}

const fn rook(sq: usize) -> S {
    let (f, r) = (sq % 8, sq / 8);
    let seventh = if r == 6 { S(18, 12) } else { S(0, 0) };
    let centre = if f == 3 || f == 4 { 6 } else { 0 };
    let edge = if f == 0 || f == 7 { -4 } else { 0 };
    S(seventh.0 + centre + edge, seventh.1)
}

const fn queen(sq: usize) -> S {
    let c = centrality(sq);
    let r = sq / 8;
    let early_sortie = if r >= 4 { -4 } else { 0 };
    S(2 * c - 6 + early_sortie, 5 * c - 15)
}

const fn king(sq: usize) -> S {
    let (f, r) = (sq % 8, sq / 8);
    // Middlegame: safest in a corner behind its pawns, worse the further it walks out.
    const BACK_RANK_MG: [i32; 8] = [20, 28, 10, -5, -5, 0, 30, 22];
    let mg = if r == 0 {
        BACK_RANK_MG[f]
    } else {
        BACK_RANK_MG[f] / 2 - 22 * r as i32
    };
    S(mg, 9 * centrality(sq) - 27)
}

const fn table(f: Role) -> [S; 64] {
    let mut t = [S(0, 0); 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = match f {
            Role::Pawn => pawn(sq),
            Role::Knight => knight(sq),
            Role::Bishop => bishop(sq),
            Role::Rook => rook(sq),
            Role::Queen => queen(sq),
            Role::King => king(sq),
        };
        sq += 1;
    }
    t
}

/// The piece-square tables, by role index, squares seen from White.
pub static PST: [[S; 64]; 6] = [
    table(Role::Pawn),
    table(Role::Knight),
    table(Role::Bishop),
    table(Role::Rook),
    table(Role::Queen),
    table(Role::King),
];

/// How much each role counts towards the middlegame phase: a full board is
/// [`PHASE_TOTAL`], bare kings and pawns 0.
pub const PHASE_WEIGHTS: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The phase of the starting position.
pub const PHASE_TOTAL: i32 = 24;

/// A bonus for a passed pawn by its rank as its owner sees it (index 1 = home rank).
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(5, 12),
    S(8, 18),
    S(18, 35),
    S(35, 65),
    S(60, 110),
    S(0, 0),
];

/// For each passed pawn in the endgame, per square of distance: the enemy king far from the
/// square in front of the pawn helps it, our king far from it hurts; weighted by the rank.
pub const PASSED_KING_DISTANCE: (i32, i32) = (5, 2);

/// A second (third ...) pawn on a file.
pub const DOUBLED: S = S(-10, -20);

/// A pawn with no friendly pawn on either neighbouring file.
pub const ISOLATED: S = S(-10, -14);

/// Two bishops (of either square colour, as is usual when both are still on the board).
pub const BISHOP_PAIR: S = S(30, 50);

/// A rook on a file with no pawn at all, and on a file with only enemy pawns.
pub const ROOK_OPEN_FILE: S = S(22, 10);
/// See [`ROOK_OPEN_FILE`].
pub const ROOK_SEMI_OPEN_FILE: S = S(10, 6);

/// Per square a piece can go to (not held by our pieces, not attacked by enemy pawns),
/// measured from a typical count ([`MOBILITY_TYPICAL`]: a knight with four squares scores
/// nothing): value per square for knight, bishop, rook, queen. The evaluation's mobility is a
/// table per role and count ([`Param::Mobility`](super::Param::Mobility)); written by hand it is
/// this straight line.
pub const MOBILITY: [S; 4] = [S(4, 4), S(5, 5), S(2, 4), S(1, 2)];

/// The typical count of squares of a knight, bishop, rook and queen (see [`MOBILITY`]).
pub const MOBILITY_TYPICAL: [i32; 4] = [4, 6, 7, 13];

/// The king's pawn shield in the middlegame: a pawn of ours one rank in front of the king on
/// its file or a neighbouring one, and two ranks in front.
pub const SHIELD: (i32, i32) = (12, 6);

/// A file at or beside the king with none of our pawns on it (middlegame).
pub const KING_OPEN_FILE: i32 = -14;

/// How many attack units an enemy knight, bishop, rook or queen that attacks the king's zone
/// brings; the middlegame penalty is `units² × KING_ATTACK_SCALE / 4` (capped at
/// [`KING_ATTACK_CAP`]) once two pieces attack.
pub const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
/// See [`KING_ATTACK_UNITS`].
pub const KING_ATTACK_SCALE: i32 = 7;
/// See [`KING_ATTACK_UNITS`].
pub const KING_ATTACK_CAP: i32 = 500;

/// Attack units a safe check brings to the attack on the king (added to
/// [`KING_ATTACK_UNITS`]'s, once per role that has one): a square from which a knight,
/// bishop, rook or queen could check the king, that no enemy piece, pawn or king attacks.
pub const SAFE_CHECK_UNITS: [i32; 4] = [3, 2, 3, 3];

/// An enemy piece (not a pawn or the king) attacked by one of our pawns: it must move.
pub const PAWN_THREAT: S = S(45, 30);
/// An enemy rook or queen attacked by our knight or bishop.
pub const MINOR_THREAT: S = S(35, 25);
/// An enemy queen attacked by our rook.
pub const ROOK_THREAT: S = S(30, 20);
/// An enemy piece we attack that no enemy piece, pawn or king defends.
pub const HANGING: S = S(20, 12);
/// Per rank beyond the third, a passed pawn an enemy piece stops on its next square.
pub const PASSED_BLOCKED: S = S(-3, -8);
/// A pawn defended by one of ours, and a pawn with one of ours beside it.
pub const SUPPORTED: S = S(6, 5);
/// See [`SUPPORTED`].
pub const PHALANX: S = S(4, 3);

/// The side to move's bonus: it is its turn, which is worth something in almost every position.
pub const TEMPO: S = S(12, 6);

/// Every weight of the evaluation by [`Param::index`](super::Param::index), as written in
/// this file: where the Texel tuner starts (`examples/texel.rs`), and the engine's values
/// before tuning.
#[must_use]
pub fn hand_weights() -> Vec<S> {
    use super::Param;
    let mut w = vec![S(0, 0); super::N_PARAMS];
    // Every role but the king, whose value is never counted.
    for role in Role::ALL.into_iter().take(5) {
        w[Param::Material(role).index()] = PIECE_VALUES[role.index()];
    }
    for role in Role::ALL {
        for sq in 0..64 {
            w[Param::Pst(role, sq).index()] = PST[role.index()][sq];
        }
    }
    for (rank, s) in PASSED.iter().enumerate() {
        w[Param::Passed(rank).index()] = *s;
    }
    w[Param::PassedKingThem.index()] = S(0, PASSED_KING_DISTANCE.0);
    w[Param::PassedKingUs.index()] = S(0, PASSED_KING_DISTANCE.1);
    w[Param::Doubled.index()] = DOUBLED;
    w[Param::Isolated.index()] = ISOLATED;
    w[Param::BishopPair.index()] = BISHOP_PAIR;
    w[Param::RookOpenFile.index()] = ROOK_OPEN_FILE;
    w[Param::RookSemiOpenFile.index()] = ROOK_SEMI_OPEN_FILE;
    for (i, s) in MOBILITY.iter().enumerate() {
        for n in 0..super::MOBILITY_SQUARES[i] {
            w[Param::Mobility(i, n).index()] = *s * (n as i32 - MOBILITY_TYPICAL[i]);
        }
    }
    w[Param::Shield(0).index()] = S(SHIELD.0, 0);
    w[Param::Shield(1).index()] = S(SHIELD.1, 0);
    w[Param::KingOpenFile.index()] = S(KING_OPEN_FILE, 0);
    w[Param::Tempo.index()] = TEMPO;
    w[Param::PawnThreat.index()] = PAWN_THREAT;
    w[Param::MinorThreat.index()] = MINOR_THREAT;
    w[Param::RookThreat.index()] = ROOK_THREAT;
    w[Param::Hanging.index()] = HANGING;
    w[Param::PassedBlocked.index()] = PASSED_BLOCKED;
    w[Param::Supported.index()] = SUPPORTED;
    w[Param::Phalanx.index()] = PHALANX;
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_follow_their_ideas() {
        let knight = &PST[1];
        // d4 (27) better than a1 (0) and h8 (63), in both phases.
        assert!(knight[27].mg() > knight[0].mg() && knight[27].eg() > knight[63].eg());
        let king = &PST[5];
        // Middlegame: g1 (6) better than e4 (28); endgame: e4 better than g1.
        assert!(king[6].mg() > king[28].mg());
        assert!(king[28].eg() > king[6].eg());
        let pawn = &PST[0];
        // A pawn on e6 (44) better than on e3 (20).
        assert!(pawn[44].eg() > pawn[20].eg());
        // The rook's seventh rank.
        assert!(PST[3][52].mg() > PST[3][20].mg());
    }
}
