//! Move ordering: the order the search tries moves in, best guesses first, since α-β prunes
//! most when the best move comes first.
//!
//! Each legal move gets a score ([`score_moves`]), and the search takes them highest first
//! ([`pick`], a selection sort that stops as soon as a cutoff makes the rest unnecessary):
//!
//! 1. the move the transposition table remembers for this position;
//! 2. good captures (and queen promotions): those that do not lose material by [`see`],
//!    most valuable victim first, then least valuable attacker (MVV-LVA);
//! 3. the two *killer* moves of this ply: quiet moves that caused a cutoff in a sibling
//!    position ([`Killers`]);
//! 4. the other quiet moves by their *history* score ([`History`]): how often they caused a
//!    cutoff anywhere in the tree, with *gravity* (a score moves towards a bound instead of
//!    growing without limit, and the moves tried before the cutoff move lose points);
//! 5. bad captures (losing material by SEE);
//! 6. under-promotions, last.

use crate::core::Position;
use crate::rules::{Move, MoveKind};
use crate::types::{Color, Role};

use super::see::{captured_role, captured_value, see, SEE_VALUES};
use super::MAX_PLY;

/// A move and its ordering score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// Its ordering score (higher first).
    pub score: i32,
}

/// The ordering score of the transposition table's move.
pub const TT_MOVE: i32 = 4_000_000;
/// The base score of good captures and queen promotions.
pub const GOOD_CAPTURE: i32 = 2_000_000;
/// The scores of the first and second killer.
pub const KILLERS: [i32; 2] = [1_000_002, 1_000_001];
/// The base score of captures that lose material.
pub const BAD_CAPTURE: i32 = -2_000_000;
/// The score of under-promotions.
pub const UNDER_PROMOTION: i32 = -3_000_000;

/// The largest magnitude a history score reaches (gravity keeps it below).
pub const HISTORY_MAX: i32 = 16_384;

/// Two quiet moves per ply that caused a cutoff, the most recent first.
#[derive(Debug, Clone)]
pub struct Killers(Vec<[Option<Move>; 2]>);

impl Default for Killers {
    fn default() -> Killers {
        Killers(vec![[None; 2]; MAX_PLY + 1])
    }
}

impl Killers {
    /// The killers of `ply`.
    #[must_use]
    #[inline]
    pub fn at(&self, ply: usize) -> [Option<Move>; 2] {
        self.0[ply]
    }

    /// Records a quiet move that caused a cutoff at `ply`.
    #[inline]
    pub fn record(&mut self, ply: usize, m: Move) {
        let k = &mut self.0[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }

    /// Forgets the killers of the ply below `ply` (its children are new positions).
    #[inline]
    pub fn clear_ply(&mut self, ply: usize) {
        if ply < self.0.len() {
            self.0[ply] = [None; 2];
        }
    }

    /// Forgets all killers.
    pub fn clear(&mut self) {
        self.0.fill([None; 2]);
    }
}

/// The butterfly history table: a score per side, from-square and to-square.
#[derive(Debug, Clone)]
pub struct History(Vec<i32>);

impl Default for History {
    fn default() -> History {
        History(vec![0; 2 * 64 * 64])
    }
}

impl History {
    #[inline]
    fn index(color: Color, m: &Move) -> usize {
        (color.index() * 64 + m.from.index()) * 64 + m.to.index()
    }

    /// The score of quiet move `m` by `color`.
    #[must_use]
    #[inline]
    pub fn get(&self, color: Color, m: &Move) -> i32 {
        self.0[History::index(color, m)]
    }

    /// Moves the score of `m` by `bonus` (positive: it caused a cutoff; negative: it was tried
    /// and did not), with gravity: the closer to [`HISTORY_MAX`], the less it moves.
    #[inline]
    pub fn update(&mut self, color: Color, m: &Move, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let h = &mut self.0[History::index(color, m)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Halves every score (between searches: old knowledge counts less).
    pub fn age(&mut self) {
        for h in &mut self.0 {
            *h /= 2;
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// The bonus a quiet move earns for a cutoff at `depth` (and the malus of those tried before).
#[must_use]
#[inline]
pub fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 16).min(1_200)
}

/// Whether `m` captures something (en passant included).
#[must_use]
#[inline]
pub fn is_capture(pos: &Position, m: &Move) -> bool {
    m.kind == MoveKind::EnPassant || captured_role(pos, m).is_some()
}

/// Whether `m` is quiet: no capture and no promotion.
#[must_use]
#[inline]
pub fn is_quiet(pos: &Position, m: &Move) -> bool {
    !matches!(m.kind, MoveKind::Promotion(_)) && !is_capture(pos, m)
}

/// MVV-LVA: the victim's value dominates, the attacker's breaks ties (cheaper first).
#[inline]
fn mvv_lva(pos: &Position, m: &Move) -> i32 {
    let attacker = pos.role_at(m.from.index()).map_or(0, |r| r.index() as i32);
    captured_value(pos, m) * 8 - attacker
}

/// Scores every move of `moves` into `out` (cleared first) as the module docs order them.
pub fn score_moves(
    pos: &Position,
    moves: &[Move],
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    history: &History,
    out: &mut Vec<ScoredMove>,
) {
    out.clear();
    let turn = pos.turn();
    for &m in moves {
        let score = if Some(m) == tt_move {
            TT_MOVE
        } else {
            match m.kind {
                MoveKind::Promotion(Role::Queen) => {
                    GOOD_CAPTURE + 8 * SEE_VALUES[4] + mvv_lva(pos, &m)
                }
                MoveKind::Promotion(_) => UNDER_PROMOTION,
                _ if is_capture(pos, &m) => capture_score(pos, &m),
                _ if Some(m) == killers[0] => KILLERS[0],
                _ if Some(m) == killers[1] => KILLERS[1],
                _ => history.get(turn, &m),
            }
        };
        out.push(ScoredMove { mv: m, score });
    }
}

/// A capture's ordering score: good (by SEE, computed only when the attacker is worth more
/// than the victim) or bad, MVV-LVA within each.
#[inline]
fn capture_score(pos: &Position, m: &Move) -> i32 {
    let victim = captured_value(pos, m);
    let attacker = pos
        .role_at(m.from.index())
        .map_or(0, |r| SEE_VALUES[r.index()]);
    if attacker <= victim || see(pos, m) >= 0 {
        GOOD_CAPTURE + mvv_lva(pos, m)
    } else {
        BAD_CAPTURE + mvv_lva(pos, m)
    }
}

/// Scores captures and promotions for the quiescence search: MVV-LVA only.
pub fn score_noisy(pos: &Position, moves: &[Move], out: &mut Vec<ScoredMove>) {
    out.clear();
    for &m in moves {
        let promo = match m.kind {
            MoveKind::Promotion(r) => SEE_VALUES[r.index()],
            _ => 0,
        };
        out.push(ScoredMove {
            mv: m,
            score: mvv_lva(pos, &m) + promo * 8,
        });
    }
}

/// Moves the best-scored move of `list[i..]` to `list[i]` and returns it.
#[inline]
pub fn pick(list: &mut [ScoredMove], i: usize) -> ScoredMove {
    let mut best = i;
    for j in i + 1..list.len() {
        if list[j].score > list[best].score {
            best = j;
        }
    }
    list.swap(i, best);
    list[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::setup::CastlingMode;

    fn pos(fen: &str) -> Position {
        Position::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Standard).unwrap()
    }

    fn ordered(p: &Position, tt: Option<Move>, killers: [Option<Move>; 2]) -> Vec<String> {
        let mut moves = Vec::new();
        p.legal_moves_into(&mut moves);
        let mut list = Vec::new();
        score_moves(p, &moves, tt, killers, &History::default(), &mut list);
        (0..list.len())
            .map(|i| pick(&mut list, i).mv.to_uci(CastlingMode::Standard))
            .collect()
    }

    #[test]
    fn tt_move_then_good_captures_then_killers_then_bad_captures() {
        // White: Qd1 can take the defended pawn d5 (bad), the pawn e4 can take it (good).
        let p = pos("4k3/8/2p5/3p4/4P3/8/8/3QK3 w - - 0 1");
        let killer = Move::normal("e1".parse().unwrap(), "f1".parse().unwrap());
        let tt = Move::normal("d1".parse().unwrap(), "a4".parse().unwrap());
        let order = ordered(&p, Some(tt), [Some(killer), None]);
        assert_eq!(order[0], "d1a4");
        assert_eq!(order[1], "e4d5");
        assert_eq!(order[2], "e1f1");
        assert_eq!(order.last().map(String::as_str), Some("d1d5"));
    }

    #[test]
    fn most_valuable_victim_first() {
        // The knight on c3 can take a rook on b5 or a pawn on e4, both undefended.
        let p = pos("4k3/8/8/1r6/4p3/2N5/8/4K3 w - - 0 1");
        let order = ordered(&p, None, [None; 2]);
        assert_eq!(&order[..2], ["c3b5", "c3e4"]);
    }

    #[test]
    fn history_has_gravity() {
        let mut h = History::default();
        let m = Move::normal("g1".parse().unwrap(), "f3".parse().unwrap());
        for _ in 0..1000 {
            h.update(Color::White, &m, 1_200);
        }
        let v = h.get(Color::White, &m);
        assert!(v > 10_000 && v <= HISTORY_MAX, "{v}");
        h.update(Color::White, &m, -1_200);
        assert!(h.get(Color::White, &m) < v);
        h.age();
        assert!(h.get(Color::White, &m) < v / 2 + 1);
        assert_eq!(h.get(Color::Black, &m), 0);
    }

    #[test]
    fn underpromotions_come_last() {
        let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let order = ordered(&p, None, [None; 2]);
        assert_eq!(order[0], "a7a8q");
        assert!(order[order.len() - 3..]
            .iter()
            .all(|m| m.starts_with("a7a8")));
    }
}
