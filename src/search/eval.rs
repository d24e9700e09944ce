//! The static evaluation: how good a position looks, in centipawns, without searching.
//!
//! [`evaluate`] adds up the terms below, each a named function that scores a position for
//! White (positive: good for White) as a pair of middlegame and endgame values ([`S`]), blends
//! them by the game phase ([`phase`], [`taper`]), damps a pawnless advantage too small to win
//! ([`drawish_scale`]) and returns the score from the side to move's point of view, as negamax
//! wants it:
//!
//! - [`material`]: the pieces' values;
//! - [`piece_squares`]: where they stand (tapered piece-square tables);
//! - [`bishop_pair`]: two bishops against fewer;
//! - [`doubled_pawns`], [`isolated_pawns`], [`passed_pawns`]: pawn structure;
//! - [`rook_files`]: rooks on open and half-open files;
//! - [`mobility`]: squares the pieces can go to;
//! - [`king_safety`]: the king's pawn shield, open files beside it, and enemy pieces aiming at
//!   the squares around it;
//! - [`tempo`]: the side to move's turn.
//!
//! The numbers are in [`tables`] with the reasoning behind them.
//!
//! ```
//! use vdmchess::core::Position;
//! use vdmchess::search::eval::evaluate;
//! // The start position is symmetric: only the side to move's tempo is left.
//! let score = evaluate(&Position::start());
//! assert!(score > 0 && score < 20);
//! ```

pub mod tables;

use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use crate::core::bitboard::{bit, file, Bitboard, Squares, FILE_A, FILE_H};
use crate::core::Position;
use crate::types::{Color, Role};

pub use tables::S;
use tables::{
    BISHOP_PAIR, DOUBLED, ISOLATED, KING_ATTACK_CAP, KING_ATTACK_SCALE, KING_ATTACK_UNITS,
    KING_OPEN_FILE, MOBILITY, PASSED, PASSED_KING_DISTANCE, PHASE_TOTAL, PHASE_WEIGHTS,
    PIECE_VALUES, PST, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE, SHIELD, TEMPO,
};

/// The score of `pos` for the side to move, in centipawns.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let (mob, safety) = attack_terms(pos);
    let total = material(pos)
        + piece_squares(pos)
        + bishop_pair(pos)
        + doubled_pawns(pos)
        + isolated_pawns(pos)
        + passed_pawns(pos)
        + rook_files(pos)
        + mob
        + safety
        + tempo(pos);
    let white = drawish_scale(pos, taper(total, phase(pos)));
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// The game phase: [`tables::PHASE_TOTAL`] (24) with every piece on the board, 0 with kings
/// and pawns only (knight and bishop 1, rook 2, queen 4; more after promotions is capped).
#[must_use]
pub fn phase(pos: &Position) -> i32 {
    let p: i32 = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&r| PHASE_WEIGHTS[r.index()] * pos.role_bb(r).count_ones() as i32)
        .sum();
    p.min(PHASE_TOTAL)
}

/// Blends a middlegame and an endgame value by the phase (24 = all middlegame).
#[must_use]
#[inline]
pub fn taper(s: S, phase: i32) -> i32 {
    (s.mg() * phase + s.eg() * (PHASE_TOTAL - phase)) / PHASE_TOTAL
}

/// `+1` for White's pieces, `-1` for Black's.
#[inline]
fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The pieces of `role` and `color`.
#[inline]
fn pieces(pos: &Position, color: Color, role: Role) -> Bitboard {
    pos.color_bb(color) & pos.role_bb(role)
}

/// The pieces' values, White's minus Black's.
///
/// ```
/// use vdmchess::core::Position;
/// use vdmchess::search::eval::material;
/// assert_eq!(material(&Position::start()).mg(), 0);
/// ```
#[must_use]
pub fn material(pos: &Position) -> S {
    let mut s = S(0, 0);
    for role in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ] {
        let n = pieces(pos, Color::White, role).count_ones() as i32
            - pieces(pos, Color::Black, role).count_ones() as i32;
        s += PIECE_VALUES[role.index()] * n;
    }
    s
}

/// Where the pieces stand: the piece-square tables, White's minus Black's (a Black piece reads
/// its square mirrored).
#[must_use]
pub fn piece_squares(pos: &Position) -> S {
    let mut s = S(0, 0);
    for role in Role::ALL {
        let table = &PST[role.index()];
        for sq in Squares(pieces(pos, Color::White, role)) {
            s += table[sq];
        }
        for sq in Squares(pieces(pos, Color::Black, role)) {
            s -= table[sq ^ 56];
        }
    }
    s
}

/// Two bishops or more against fewer than two.
#[must_use]
pub fn bishop_pair(pos: &Position) -> S {
    let pair = |c: Color| i32::from(pieces(pos, c, Role::Bishop).count_ones() >= 2);
    BISHOP_PAIR * (pair(Color::White) - pair(Color::Black))
}

/// Every pawn beyond the first on a file, White's count minus Black's, times the penalty.
#[must_use]
pub fn doubled_pawns(pos: &Position) -> S {
    let extra = |c: Color| -> i32 {
        let pawns = pieces(pos, c, Role::Pawn);
        (0..8)
            .map(|f| ((pawns & file(f)).count_ones() as i32 - 1).max(0))
            .sum()
    };
    DOUBLED * (extra(Color::White) - extra(Color::Black))
}

/// The files beside each file of `pawns` (the "adjacent files" mask of the pawns' files).
#[inline]
fn neighbour_files(f: usize) -> Bitboard {
    let fb = file(f);
    ((fb & !FILE_A) >> 1) | ((fb & !FILE_H) << 1)
}

/// Pawns with no friendly pawn on a neighbouring file, White's minus Black's.
#[must_use]
pub fn isolated_pawns(pos: &Position) -> S {
    let count = |c: Color| -> i32 {
        let pawns = pieces(pos, c, Role::Pawn);
        Squares(pawns)
            .filter(|&sq| pawns & neighbour_files(sq % 8) == 0)
            .count() as i32
    };
    ISOLATED * (count(Color::White) - count(Color::Black))
}

/// The squares in front of `sq` (towards `color`'s promotion rank) on its file and the
/// neighbouring files: where an enemy pawn stops a pawn on `sq` from being passed.
#[must_use]
fn front_span(color: Color, sq: usize) -> Bitboard {
    let files = file(sq % 8) | neighbour_files(sq % 8);
    let r = sq / 8;
    let ahead = match color {
        Color::White => {
            if r >= 7 {
                0
            } else {
                !0u64 << (8 * (r + 1))
            }
        }
        Color::Black => (1u64 << (8 * r)) - 1,
    };
    files & ahead
}

/// The rank of `sq` as `color` sees it (0 = its back rank).
#[inline]
fn relative_rank(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq / 8,
        Color::Black => 7 - sq / 8,
    }
}

/// The king-step distance between two squares.
#[inline]
fn distance(a: usize, b: usize) -> i32 {
    let df = (a % 8).abs_diff(b % 8);
    let dr = (a / 8).abs_diff(b / 8);
    df.max(dr) as i32
}

/// Whether `color`'s pawn on `sq` is passed: no enemy pawn in front of it on its file or a
/// neighbouring file, and none of its own pawns in front of it on its file.
#[must_use]
pub fn is_passed(pos: &Position, color: Color, sq: usize) -> bool {
    let span = front_span(color, sq);
    span & pieces(pos, color.other(), Role::Pawn) == 0
        && span & file(sq % 8) & pieces(pos, color, Role::Pawn) == 0
}

/// Passed pawns, more the further they have gone; in the endgame also by the kings' distances
/// to the square in front of the pawn (the enemy king far away helps, ours far away hurts).
/// White's minus Black's.
#[must_use]
pub fn passed_pawns(pos: &Position) -> S {
    let mut s = S(0, 0);
    for color in Color::ALL {
        let (us_k, them_k) = (pos.king_of(color), pos.king_of(color.other()));
        for sq in Squares(pieces(pos, color, Role::Pawn)) {
            if !is_passed(pos, color, sq) {
                continue;
            }
            let rank = relative_rank(color, sq);
            let front = match color {
                Color::White => sq + 8,
                Color::Black => sq - 8,
            };
            let weight = rank.saturating_sub(2) as i32;
            let kings = weight
                * (PASSED_KING_DISTANCE.0 * distance(them_k, front)
                    - PASSED_KING_DISTANCE.1 * distance(us_k, front));
            s += (PASSED[rank] + S(0, kings)) * sign(color);
        }
    }
    s
}

/// Rooks on a file without pawns, or with enemy pawns only. White's minus Black's.
#[must_use]
pub fn rook_files(pos: &Position) -> S {
    let all_pawns = pos.role_bb(Role::Pawn);
    let mut s = S(0, 0);
    for color in Color::ALL {
        let own_pawns = pieces(pos, color, Role::Pawn);
        for sq in Squares(pieces(pos, color, Role::Rook)) {
            let f = file(sq % 8);
            if f & all_pawns == 0 {
                s += ROOK_OPEN_FILE * sign(color);
            } else if f & own_pawns == 0 {
                s += ROOK_SEMI_OPEN_FILE * sign(color);
            }
        }
    }
    s
}

/// The squares the pawns of `color` attack.
#[inline]
fn pawn_attack_map(pos: &Position, color: Color) -> Bitboard {
    let p = pieces(pos, color, Role::Pawn);
    match color {
        Color::White => ((p & !FILE_A) << 7) | ((p & !FILE_H) << 9),
        Color::Black => ((p & !FILE_A) >> 9) | ((p & !FILE_H) >> 7),
    }
}

/// The king's zone: its square, the squares around it, and the row beyond those towards the
/// enemy.
#[inline]
fn king_zone(color: Color, king: usize) -> Bitboard {
    let near = king_attacks(king) | bit(king);
    let beyond = match color {
        Color::White => near << 8,
        Color::Black => near >> 8,
    };
    near | beyond
}

/// Mobility of each side, and the attack units of the pieces aiming at the enemy king's zone
/// (with how many pieces bring them): one pass over the pieces for both terms.
fn attack_terms(pos: &Position) -> (S, S) {
    let occ = pos.occupied();
    let mut mob = S(0, 0);
    let mut safety = S(0, 0);
    for color in Color::ALL {
        let own = pos.color_bb(color);
        let them = color.other();
        let safe = !own & !pawn_attack_map(pos, them);
        let zone = king_zone(them, pos.king_of(them));
        let (mut units, mut attackers) = (0, 0);
        for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .enumerate()
        {
            let (typical, per_square) = MOBILITY[i];
            for sq in Squares(pieces(pos, color, role)) {
                let attacks = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, occ),
                    Role::Rook => rook_attacks(sq, occ),
                    _ => queen_attacks(sq, occ),
                };
                let n = (attacks & safe).count_ones() as i32;
                mob += per_square * ((n - typical) * sign(color));
                if attacks & zone != 0 {
                    units += KING_ATTACK_UNITS[i];
                    attackers += 1;
                }
            }
        }
        // The attacks of `color` endanger the other king: a penalty for `them`.
        safety += S(king_attack_penalty(units, attackers), 0) * sign(color);
        safety += S(king_shelter(pos, color), 0) * sign(color);
    }
    (mob, safety)
}

/// The middlegame penalty for `attackers` pieces bringing `units` attack units at a king.
#[inline]
fn king_attack_penalty(units: i32, attackers: i32) -> i32 {
    if attackers < 2 {
        0
    } else {
        (units * units * KING_ATTACK_SCALE / 4).min(KING_ATTACK_CAP)
    }
}

/// The shelter of `color`'s king (middlegame): its pawn shield on the rank or two in front
/// of it (on its file and the neighbouring ones), while it is near its own back rank, and a
/// penalty per file among those with none of our pawns.
fn king_shelter(pos: &Position, color: Color) -> i32 {
    let king = pos.king_of(color);
    let pawns = pieces(pos, color, Role::Pawn);
    let files = file(king % 8) | neighbour_files(king % 8);
    let mut s = 0;
    if relative_rank(color, king) <= 1 {
        let r = king / 8;
        let step = |k: usize| -> Bitboard {
            let target = match color {
                Color::White => r + k,
                Color::Black => r.wrapping_sub(k),
            };
            if target < 8 {
                files & crate::core::bitboard::rank(target)
            } else {
                0
            }
        };
        s += SHIELD.0 * (pawns & step(1)).count_ones() as i32;
        s += SHIELD.1 * (pawns & step(2)).count_ones() as i32;
    }
    for f in 0..8 {
        if files & file(f) != 0 && pawns & file(f) == 0 {
            s += KING_OPEN_FILE;
        }
    }
    s
}

/// Mobility, White's minus Black's: for each knight, bishop, rook and queen, the squares it
/// attacks that hold none of our pieces and no enemy pawn attacks, counted from a typical
/// number (see [`tables::MOBILITY`]).
#[must_use]
pub fn mobility(pos: &Position) -> S {
    attack_terms(pos).0
}

/// King safety, White's minus Black's (middlegame only): the pawn shield and open files by
/// the king ([`tables::SHIELD`], [`tables::KING_OPEN_FILE`]) and the pieces aiming at its
/// zone ([`tables::KING_ATTACK_UNITS`]).
#[must_use]
pub fn king_safety(pos: &Position) -> S {
    attack_terms(pos).1
}

/// The side to move's bonus, as White's score.
#[must_use]
pub fn tempo(pos: &Position) -> S {
    TEMPO * sign(pos.turn())
}

/// The non-pawn material of `color` (middlegame values).
fn non_pawn_material(pos: &Position, color: Color) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&r| PIECE_VALUES[r.index()].mg() * pieces(pos, color, r).count_ones() as i32)
        .sum()
}

/// Damps `white_score` (White's tapered score) when the side ahead has no pawns and is ahead
/// by less than a rook in pieces: such endings (rook against bishop, rook and bishop against
/// rook, a lone minor piece) are seldom won, however the terms above add up.
#[must_use]
pub fn drawish_scale(pos: &Position, white_score: i32) -> i32 {
    let strong = if white_score >= 0 {
        Color::White
    } else {
        Color::Black
    };
    if pieces(pos, strong, Role::Pawn) != 0 {
        return white_score;
    }
    let lead = non_pawn_material(pos, strong) - non_pawn_material(pos, strong.other());
    if lead < PIECE_VALUES[Role::Rook.index()].mg() - 70 {
        white_score / 4
    } else {
        white_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::setup::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Standard).unwrap()
    }

    /// The same position with colours swapped and the board mirrored.
    fn mirrored(fen: &str) -> Position {
        let setup = parse_fen(fen).unwrap();
        let mut m = crate::setup::Setup::empty();
        for sq in crate::types::Square::all() {
            if let Some(p) = setup.piece_at(sq) {
                m.board[sq.flip_vertical().index()] = Some(crate::types::Piece {
                    color: p.color.other(),
                    role: p.role,
                });
            }
        }
        m.turn = setup.turn.other();
        Position::from_setup(&m, CastlingMode::Standard).unwrap()
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5pk1/6p1/3P4/8/6P1/5PK1/8 b - - 0 40",
            "2r3k1/5ppp/p7/1p6/3n4/1B3N2/PP3PPP/2R3K1 w - - 0 25",
        ] {
            assert_eq!(evaluate(&pos(fen)), evaluate(&mirrored(fen)), "{fen}");
        }
    }

    #[test]
    fn material_counts_a_missing_knight() {
        let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1");
        assert_eq!(material(&p), -PIECE_VALUES[1]);
        assert!(evaluate(&p) < -250);
    }

    #[test]
    fn phase_runs_from_full_board_to_pawn_ending() {
        assert_eq!(phase(&Position::start()), 24);
        assert_eq!(phase(&pos("8/5pk1/6p1/8/8/6P1/5PK1/8 w - - 0 40")), 0);
        assert_eq!(taper(S(100, 0), 12), 50);
    }

    #[test]
    fn knight_in_the_centre_beats_knight_in_the_corner() {
        let centre = pos("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
        let corner = pos("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!(piece_squares(&centre).mg() > piece_squares(&corner).mg());
    }

    #[test]
    fn bishop_pair_counts_for_its_owner_only() {
        let pair = pos("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        assert_eq!(bishop_pair(&pair), BISHOP_PAIR);
        let split = pos("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1");
        assert_eq!(bishop_pair(&split), S(0, 0));
    }

    #[test]
    fn doubled_and_isolated_pawns_are_penalised() {
        // White: doubled c-pawns; Black: healthy.
        let doubled = pos("4k3/pp6/8/8/8/2P5/1PP5/4K3 w - - 0 1");
        assert_eq!(doubled_pawns(&doubled), DOUBLED);
        // White's a-pawn is isolated, Black's pawns support each other.
        let isolated = pos("4k3/5pp1/8/8/8/8/P7/4K3 w - - 0 1");
        assert_eq!(isolated_pawns(&isolated), ISOLATED);
    }

    #[test]
    fn passed_pawn_on_the_sixth_scores_more_than_on_the_third() {
        let sixth = pos("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1");
        let third = pos("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1");
        assert!(passed_pawns(&sixth).eg() > passed_pawns(&third).eg());
        assert!(passed_pawns(&third).eg() > 0);
        // A pawn facing an enemy pawn on a neighbouring file ahead is not passed.
        let blocked = pos("4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1");
        assert!(!is_passed(&blocked, Color::White, 35));
    }

    #[test]
    fn rook_likes_the_open_file() {
        let open = pos("4k3/pp6/8/8/8/8/PP6/3RK3 w - - 0 1");
        let closed = pos("4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1");
        assert_eq!(rook_files(&open), ROOK_OPEN_FILE);
        assert_eq!(rook_files(&closed), S(0, 0));
    }

    #[test]
    fn a_free_bishop_is_more_mobile_than_a_buried_one() {
        let free = pos("4k3/8/8/8/3B4/8/8/4K3 w - - 0 1");
        let buried = pos("4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1");
        assert!(mobility(&free).mg() > mobility(&buried).mg());
    }

    #[test]
    fn a_sheltered_king_is_safer_than_an_exposed_one() {
        let sheltered = pos("r5k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
        // The same pawns pushed far up the board shield nothing.
        let exposed = pos("r5k1/5ppp/8/8/5PPP/8/8/6K1 w - - 0 1");
        assert!(king_safety(&sheltered).mg() > king_safety(&exposed).mg());
        // Queen and knight aiming at the black king's zone (f7, h7), against the same pieces
        // at home.
        let attacked = pos("6k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1");
        let quiet = pos("6k1/5ppp/8/8/8/8/5PPP/4NQK1 w - - 0 1");
        assert!(king_safety(&attacked).mg() > king_safety(&quiet).mg() + 50);
        // One attacker alone counts nothing.
        let lone = pos("6k1/5ppp/8/7Q/8/8/5PPP/6K1 w - - 0 1");
        assert_eq!(king_safety(&lone), king_safety(&quiet));
    }

    #[test]
    fn tempo_belongs_to_the_side_to_move() {
        let w = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let b = pos("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(tempo(&w), TEMPO);
        assert_eq!(tempo(&b), -TEMPO);
    }

    #[test]
    fn rook_against_bishop_is_damped() {
        let rb = pos("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1");
        let raw = taper(material(&rb) + piece_squares(&rb), phase(&rb));
        assert!(drawish_scale(&rb, raw) < raw);
        // A rook against nothing is not damped.
        let r = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(drawish_scale(&r, 500), 500);
    }
}
