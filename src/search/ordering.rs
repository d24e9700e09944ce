//! Move ordering: the order the search tries moves in, best guesses first, since α-β prunes
//! most when the best move comes first.
//!
//! Each legal move gets a score ([`score_moves`]), and the search takes them highest first
//! ([`pick`], a selection sort that stops as soon as a cutoff makes the rest unnecessary):
//!
//! 1. the move the transposition table remembers for this position;
//! 2. good captures (and queen promotions): those that do not lose material by [`see`],
//!    most valuable victim first, then least valuable attacker (MVV-LVA), plus (when the
//!    search's `capture_history` is on) a quarter of their *capture history*
//!    ([`CaptureHistory`]: how often the same piece taking the same role on the same square
//!    caused a cutoff);
//! 3. the two *killer* moves of this ply: quiet moves that caused a cutoff in a sibling
//!    position ([`Killers`]);
//! 4. the other quiet moves by their *history* score ([`History`]): how often they caused a
//!    cutoff anywhere in the tree, with *gravity* (a score moves towards a bound instead of
//!    growing without limit, and the moves tried before the cutoff move lose points), plus
//!    (when the search's `continuation_history` is on) their *continuation history*
//!    ([`ContinuationHistory`]): the same, but per the move played one ply before
//!    (counter-move history) and two plies before (follow-up history);
//! 5. bad captures (losing material by SEE), in the same order as the good ones;
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

/// Moves history score `h` by `bonus` (clamped to [`HISTORY_MAX`] either way) with
/// *gravity*: the nearer `h` is to the bound on the bonus's side, the less it moves, so a
/// score stays within `±HISTORY_MAX` and recent results outweigh old ones. The one rule of
/// every history table here.
#[inline]
fn with_gravity(h: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// Halves every score of a history table (between searches: old knowledge counts less).
fn halve(table: &mut [i32]) {
    for h in table {
        *h /= 2;
    }
}

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
        with_gravity(&mut self.0[History::index(color, m)], bonus);
    }

    /// Halves every score (between searches: old knowledge counts less).
    pub fn age(&mut self) {
        halve(&mut self.0);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// A piece of a colour and the square it moved to: what [`ContinuationHistory`] is indexed
/// by (castling: the king and its `to`, the rook's square).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// The piece that plays `m` in `pos` (before it is played) and `m`'s destination.
    #[must_use]
    #[inline]
    pub fn of(pos: &Position, m: &Move) -> PieceTo {
        let role = pos.role_at(m.from.index()).map_or(0, Role::index);
        let piece = pos.turn().index() * 6 + role;
        PieceTo((piece * 64 + m.to.index()) as u16)
    }

    #[inline]
    fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The number of [`PieceTo`] values.
const PIECE_TO: usize = 12 * 64;

/// Continuation history: a score per (earlier move, quiet move) pair, each a [`PieceTo`],
/// with the same gravity as [`History`]. The search reads and updates it for the move one
/// ply before (counter-move history) and the move two plies before (follow-up history).
#[derive(Debug, Clone)]
pub struct ContinuationHistory(Vec<i32>);

impl Default for ContinuationHistory {
    fn default() -> ContinuationHistory {
        ContinuationHistory(vec![0; PIECE_TO * PIECE_TO])
    }
}

impl ContinuationHistory {
    /// The score of `now` played after `before`.
    #[must_use]
    #[inline]
    pub fn get(&self, before: PieceTo, now: PieceTo) -> i32 {
        self.0[before.index() * PIECE_TO + now.index()]
    }

    /// Moves the score of `now` after `before` by `bonus`, with gravity.
    #[inline]
    pub fn update(&mut self, before: PieceTo, now: PieceTo, bonus: i32) {
        with_gravity(&mut self.0[before.index() * PIECE_TO + now.index()], bonus);
    }

    /// The sum of the scores of `now` after each of `before` that is known.
    #[must_use]
    #[inline]
    pub fn sum(&self, before: &[Option<PieceTo>], now: PieceTo) -> i32 {
        before.iter().flatten().map(|&b| self.get(b, now)).sum()
    }

    /// Halves every score.
    pub fn age(&mut self) {
        halve(&mut self.0);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// What a capture's history is divided by in its ordering score: at most ±4,096, where
/// MVV-LVA counts 8 per centipawn of the victim, so the history reorders captures of the
/// same or nearby victims, never a good capture with a bad one. (Measured against a
/// sixteenth: −4 Elo, −31 .. +23, over 400 games; a quarter: +6, −20 .. +33.)
pub const CAPTURE_HISTORY_DIVISOR: i32 = 4;

/// Capture history: a score per capture, as the moving piece (colour and role), its
/// destination and the role it takes (a pawn for en passant), with the same gravity as
/// [`History`]. A capture that causes a cutoff gains; the captures tried before the move
/// that did lose.
#[derive(Debug, Clone)]
pub struct CaptureHistory(Vec<i32>);

impl Default for CaptureHistory {
    fn default() -> CaptureHistory {
        CaptureHistory(vec![0; PIECE_TO * 6])
    }
}

impl CaptureHistory {
    #[inline]
    fn index(pos: &Position, m: &Move) -> usize {
        // En passant's victim is not on the target square: a pawn.
        let victim = captured_role(pos, m).unwrap_or(Role::Pawn);
        PieceTo::of(pos, m).index() * 6 + victim.index()
    }

    /// The score of capture `m` in `pos`.
    #[must_use]
    #[inline]
    pub fn get(&self, pos: &Position, m: &Move) -> i32 {
        self.0[CaptureHistory::index(pos, m)]
    }

    /// Moves the score of capture `m` in `pos` by `bonus`, with gravity (as
    /// [`History::update`]).
    #[inline]
    pub fn update(&mut self, pos: &Position, m: &Move, bonus: i32) {
        with_gravity(&mut self.0[CaptureHistory::index(pos, m)], bonus);
    }

    /// Halves every score (between searches).
    pub fn age(&mut self) {
        halve(&mut self.0);
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

/// The histories that order the moves after the table's move and the killers: the quiet
/// moves' butterfly [`History`], their [`ContinuationHistory`] after the earlier moves known
/// (when the search uses it) and the captures' [`CaptureHistory`] (the same).
#[derive(Debug, Clone, Copy)]
pub struct Histories<'a> {
    /// Quiet moves' history.
    pub quiet: &'a History,
    /// Continuation history and the moves one and two plies before.
    pub continuation: Option<(&'a ContinuationHistory, &'a [Option<PieceTo>])>,
    /// Captures' history.
    pub captures: Option<&'a CaptureHistory>,
}

/// Scores every move of `moves` into `out` (cleared first) as the module docs order them.
pub fn score_moves(
    pos: &Position,
    moves: &[Move],
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    histories: Histories,
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
                _ if is_capture(pos, &m) => {
                    capture_score(pos, &m)
                        + histories
                            .captures
                            .map_or(0, |c| c.get(pos, &m) / CAPTURE_HISTORY_DIVISOR)
                }
                _ if Some(m) == killers[0] => KILLERS[0],
                _ if Some(m) == killers[1] => KILLERS[1],
                _ => {
                    histories.quiet.get(turn, &m)
                        + histories
                            .continuation
                            .map_or(0, |(c, before)| c.sum(before, PieceTo::of(pos, &m)))
                }
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

    /// The legal moves of `p` scored with these killers and histories, best first.
    fn scored(
        p: &Position,
        tt: Option<Move>,
        killers: [Option<Move>; 2],
        continuation: Option<(&ContinuationHistory, &[Option<PieceTo>])>,
        captures: Option<&CaptureHistory>,
    ) -> Vec<ScoredMove> {
        let mut moves = Vec::new();
        p.legal_moves_into(&mut moves);
        let mut list = Vec::new();
        let histories = Histories {
            quiet: &History::default(),
            continuation,
            captures,
        };
        score_moves(p, &moves, tt, killers, histories, &mut list);
        (0..list.len()).map(|i| pick(&mut list, i)).collect()
    }

    fn ordered(p: &Position, tt: Option<Move>, killers: [Option<Move>; 2]) -> Vec<String> {
        scored(p, tt, killers, None, None)
            .iter()
            .map(|sm| sm.mv.to_uci(CastlingMode::Standard))
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
    fn continuation_history_orders_the_answer_to_the_move_before() {
        // After ...Bb4 (the black bishop reaching b4), c2-c3 has refuted it before: with the
        // continuation history it comes first of the quiet moves, without it it does not.
        let p = pos("rnbqk1nr/pppp1ppp/8/4p3/1b2P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3");
        let before_pos = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
        let bb4 = Move::normal("f8".parse().unwrap(), "b4".parse().unwrap());
        let c3 = Move::normal("c2".parse().unwrap(), "c3".parse().unwrap());
        let before = [Some(PieceTo::of(&before_pos, &bb4)), None];
        let mut cont = ContinuationHistory::default();
        for _ in 0..4 {
            cont.update(before[0].unwrap(), PieceTo::of(&p, &c3), history_bonus(8));
        }
        assert!(cont.get(before[0].unwrap(), PieceTo::of(&p, &c3)) > 0);
        // Another piece reaching b4 is another entry.
        let nb4 = PieceTo::of(
            &before_pos,
            &Move::normal("b8".parse().unwrap(), "c6".parse().unwrap()),
        );
        assert_eq!(cont.get(nb4, PieceTo::of(&p, &c3)), 0);
        let first_quiet = |cont: Option<(&ContinuationHistory, &[Option<PieceTo>])>| {
            let best = scored(&p, None, [None; 2], cont, None)[0];
            (best.mv, best.score)
        };
        let (m, score) = first_quiet(Some((&cont, &before)));
        assert_eq!(m, c3);
        assert!(score > 0);
        // Without it every quiet move scores 0 (no history yet).
        assert_eq!(first_quiet(None).1, 0);
        // The follow-up slot (two plies back) counts the same way.
        let later = [None, before[0]];
        assert_eq!(first_quiet(Some((&cont, &later))).0, c3);
        // Gravity and ageing as for the butterfly history.
        let v = cont.get(before[0].unwrap(), PieceTo::of(&p, &c3));
        cont.update(before[0].unwrap(), PieceTo::of(&p, &c3), -history_bonus(8));
        assert!(cont.get(before[0].unwrap(), PieceTo::of(&p, &c3)) < v);
        cont.clear();
        assert_eq!(first_quiet(Some((&cont, &before))).1, first_quiet(None).1);
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

    #[test]
    fn capture_history_orders_captures_of_the_same_victim() {
        // Nc3xd5 and Bf3xd5 both win the pawn: MVV-LVA tries the knight first, until the
        // bishop's capture has cut off more often.
        let p = pos("4k3/8/8/3p4/8/2N2B2/8/4K3 w - - 0 1");
        let first = |captures: &CaptureHistory| {
            scored(&p, None, [None; 2], None, Some(captures))[0]
                .mv
                .to_uci(CastlingMode::Standard)
        };
        let mut captures = CaptureHistory::default();
        assert_eq!(first(&captures), "c3d5");
        let bxd5 = Move::normal("f3".parse().unwrap(), "d5".parse().unwrap());
        let nxd5 = Move::normal("c3".parse().unwrap(), "d5".parse().unwrap());
        for _ in 0..4 {
            captures.update(&p, &bxd5, history_bonus(6));
            captures.update(&p, &nxd5, -history_bonus(6));
        }
        assert!(captures.get(&p, &bxd5) > 0 && captures.get(&p, &nxd5) < 0);
        assert_eq!(first(&captures), "f3d5");
        // Gravity keeps every score within the bound, however many updates.
        for _ in 0..1_000 {
            captures.update(&p, &bxd5, 5_000);
        }
        assert!(captures.get(&p, &bxd5) <= HISTORY_MAX);
        captures.age();
        assert!(captures.get(&p, &bxd5) <= HISTORY_MAX / 2 + 1);
        captures.clear();
        assert_eq!(captures.get(&p, &bxd5), 0);
        assert_eq!(first(&captures), "c3d5");
    }

    #[test]
    fn capture_history_tells_victims_apart() {
        // The same knight move taking a pawn (en passant counts as one) or a rook: two entries.
        let pawn = pos("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1");
        let rook = pos("4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1");
        let nxd5 = Move::normal("c3".parse().unwrap(), "d5".parse().unwrap());
        let mut captures = CaptureHistory::default();
        captures.update(&rook, &nxd5, 800);
        assert_eq!(captures.get(&rook, &nxd5), 800);
        assert_eq!(captures.get(&pawn, &nxd5), 0);
        let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let exd6 = Move {
            from: "e5".parse().unwrap(),
            to: "d6".parse().unwrap(),
            kind: MoveKind::EnPassant,
        };
        captures.update(&ep, &exd6, 300);
        assert_eq!(captures.get(&ep, &exd6), 300);
        assert_eq!(captures.get(&pawn, &nxd5), 0);
        // The same pawn taking a pawn on d6 in the ordinary way shares the entry.
        let exd6_pawn = pos("4k3/8/3p4/4P3/8/8/8/4K3 w - - 0 1");
        let takes = Move::normal("e5".parse().unwrap(), "d6".parse().unwrap());
        assert_eq!(captures.get(&exd6_pawn, &takes), 300);
        let exd6_knight = pos("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1");
        assert_eq!(captures.get(&exd6_knight, &takes), 0);
    }
}
