//! A UCI engine broken on purpose, for the oracle's tests (built only with the `test-engine`
//! feature, which the tests turn on).
//!
//! It answers `go perft N` from the crate's core through the port, with its legal move list
//! perturbed *outside* the core by one bug chosen with `--bug` (the core itself stays
//! correct):
//!
//! - `none`: no bug (the control);
//! - `ep-rank-pin`: allows the en-passant capture that exposes its own king along the rank;
//! - `castle-through-check`: allows castling across an attacked square;
//! - `phantom-castle`: keeps a castling right after the rook is captured on its square, and
//!   castles with whatever stands there;
//! - `double-push-blocked`: lets a pawn step twice over a piece just in front of it;
//! - `no-knight-promotion`: never promotes to a knight;
//! - `king-touch`: lets a king step next to the other king.
//!
//! `--misbehave` makes it fail instead: `silent` (never answers, and never exits by itself),
//! `garbage` (a perft answer that is not a divide), `die` (exits in the middle of a perft),
//! `hang-perft` (never answers a perft), `bad-move` (a divide line whose move is not a move),
//! `crash-on-promotion` (dies when the side to move has a pawn on its seventh rank).
//! `--pid-file PATH` writes its process id there first.
//!
//! Positions beyond the material limits are accepted (as `--lenient` sends them).
//!
//! A move the rules forbid cannot always be played into a legal position; below such a move
//! the engine counts one node at any depth.

use std::io::{self, BufRead, Write};

use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::uci::UciMove;
use vdmchess::{
    CastlingMode, Color, MaterialLimits, Move, MoveKind, Piece, Role, Rules, Setup, Square,
    SquareSet,
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bug {
    None,
    EpRankPin,
    CastleThroughCheck,
    PhantomCastle,
    DoublePushBlocked,
    NoKnightPromotion,
    KingTouch,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Misbehave {
    None,
    Silent,
    Garbage,
    Die,
    HangPerft,
    BadMove,
    CrashOnPromotion,
}

/// A position as this engine sees it: the core's, plus castling rights it wrongly keeps.
#[derive(Clone)]
struct Node {
    pos: Chess,
    phantom: SquareSet,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    let bug = match value("--bug").unwrap_or("none") {
        "none" => Bug::None,
        "ep-rank-pin" => Bug::EpRankPin,
        "castle-through-check" => Bug::CastleThroughCheck,
        "phantom-castle" => Bug::PhantomCastle,
        "double-push-blocked" => Bug::DoublePushBlocked,
        "no-knight-promotion" => Bug::NoKnightPromotion,
        "king-touch" => Bug::KingTouch,
        other => {
            eprintln!("unknown bug {other}");
            std::process::exit(2);
        }
    };
    let misbehave = match value("--misbehave").unwrap_or("none") {
        "none" => Misbehave::None,
        "silent" => Misbehave::Silent,
        "garbage" => Misbehave::Garbage,
        "die" => Misbehave::Die,
        "hang-perft" => Misbehave::HangPerft,
        "bad-move" => Misbehave::BadMove,
        "crash-on-promotion" => Misbehave::CrashOnPromotion,
        other => {
            eprintln!("unknown misbehaviour {other}");
            std::process::exit(2);
        }
    };
    if let Some(path) = value("--pid-file") {
        std::fs::write(path, std::process::id().to_string()).expect("pid file");
    }
    if misbehave == Misbehave::Silent {
        for _ in io::stdin().lock().lines() {}
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
    let mut chess960 = false;
    let mut node: Option<Node> = None;
    let stdout = io::stdout();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut out = stdout.lock();
        match words.first().copied() {
            Some("uci") => {
                let _ = writeln!(out, "id name broken-engine");
                let _ = writeln!(out, "option name UCI_Chess960 type check default false");
                let _ = writeln!(out, "uciok");
            }
            Some("isready") => {
                let _ = writeln!(out, "readyok");
            }
            Some("setoption") if line.contains("UCI_Chess960") => {
                chess960 = line.trim_end().ends_with("true");
            }
            Some("position") => {
                node = position(&words, chess960);
                if node.is_none() {
                    eprintln!("cannot read position: {line}");
                }
            }
            Some("go") if words.get(1) == Some(&"perft") => {
                let depth: u32 = words.get(2).and_then(|d| d.parse().ok()).unwrap_or(1);
                let Some(n) = &node else {
                    eprintln!("go perft without a position");
                    std::process::exit(4);
                };
                match misbehave {
                    Misbehave::Garbage => {
                        let _ = writeln!(out, "thinking very hard");
                        let _ = writeln!(out, "Nodes searched: lots");
                        let _ = out.flush();
                        continue;
                    }
                    Misbehave::HangPerft => {
                        let _ = out.flush();
                        continue;
                    }
                    Misbehave::CrashOnPromotion if can_promote(&n.pos) => {
                        eprintln!("assertion failed: promotion not implemented");
                        std::process::abort();
                    }
                    _ => {}
                }
                let mut total = 0;
                for (i, (text, child)) in moves(n, bug).into_iter().enumerate() {
                    if misbehave == Misbehave::Die && i == 2 {
                        let _ = out.flush();
                        eprintln!("segmentation fault (pretend)");
                        std::process::exit(139);
                    }
                    let count = child.map_or(1, |c| perft(&c, depth.saturating_sub(1), bug));
                    let text = if misbehave == Misbehave::BadMove && i == 0 {
                        format!("{}9", &text[..3])
                    } else {
                        text
                    };
                    let _ = writeln!(out, "{text}: {count}");
                    total += count;
                }
                let _ = writeln!(out, "\nNodes searched: {total}\n");
            }
            Some("quit") => break,
            _ => {}
        }
        let _ = out.flush();
    }
}

fn can_promote(pos: &Chess) -> bool {
    let seventh = if pos.turn() == Color::White { 6 } else { 1 };
    Square::all().any(|sq| {
        sq.rank() == seventh
            && pos.piece_at(sq)
                == Some(Piece {
                    color: pos.turn(),
                    role: Role::Pawn,
                })
    })
}

/// `position fen F [moves ...]` or `position startpos [moves ...]`.
fn position(words: &[&str], chess960: bool) -> Option<Node> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let setup = match words.get(1).copied() {
        Some("startpos") => Setup::start(),
        Some("fen") => parse_fen(&words[2..moves_at].join(" ")).ok()?,
        _ => return None,
    };
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        setup.castling_mode_hint()
    };
    let mut node = Node {
        pos: Chess::from_setup_with(&setup, mode, MaterialLimits::Ignored).ok()?,
        phantom: SquareSet::EMPTY,
    };
    for text in words.iter().skip(moves_at + 1) {
        let m = UciMove::from_ascii(text.as_bytes())
            .ok()?
            .to_move(&node.pos)
            .ok()?;
        node = play(&node, &m);
    }
    Some(node)
}

/// Plays a legal move, keeping (wrongly) the right of a rook captured on its square.
fn play(node: &Node, m: &Move) -> Node {
    let mut phantom = node.phantom;
    let mover = node.pos.turn();
    let rights = node.pos.to_setup().castling_rights;
    if rights.contains(m.to) && !m.is_castle() {
        phantom.insert(m.to);
    }
    if node.pos.piece_at(m.from).map(|p| p.role) == Some(Role::King) {
        phantom = phantom
            .iter()
            .filter(|r| r.rank() != mover.back_rank())
            .collect();
    }
    let mut pos = node.pos.clone();
    pos.play_unchecked(m);
    // A right still held for real is no phantom.
    let kept = pos.to_setup().castling_rights;
    phantom = phantom.iter().filter(|r| !kept.contains(*r)).collect();
    Node { pos, phantom }
}

fn perft(node: &Node, depth: u32, bug: Bug) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = moves(node, bug);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|(_, child)| child.map_or(1, |c| perft(&c, depth - 1, bug)))
        .sum()
}

/// The engine's moves (UCI text) with the node each leads to (`None`: not a legal position).
fn moves(node: &Node, bug: Bug) -> Vec<(String, Option<Node>)> {
    let pos = &node.pos;
    let mode = pos.castling_mode();
    let legal = pos.legal_moves();
    let mut out: Vec<(String, Option<Node>)> = legal
        .iter()
        .filter(|m| !(bug == Bug::NoKnightPromotion && m.promotion() == Some(Role::Knight)))
        .map(|m| (m.to_uci(mode), Some(play(node, m))))
        .collect();
    let setup = pos.to_setup();
    let us = pos.turn();
    let king = setup.king(us).expect("a king");
    let mut extra = |m: Move, after: Option<Setup>| {
        if !legal.contains(&m) {
            let child = after
                .and_then(|s| Chess::from_setup_with(&s, mode, MaterialLimits::Ignored).ok())
                .map(|pos| Node {
                    pos,
                    phantom: SquareSet::EMPTY,
                });
            out.push((m.to_uci(mode), child));
        }
    };
    match bug {
        Bug::None | Bug::NoKnightPromotion => {}
        Bug::EpRankPin => {
            if let Some(ep) = pos.position().pseudo_ep_square() {
                let back = if us == Color::White { -1 } else { 1 };
                for df in [-1, 1] {
                    let Some(from) = ep.offset(df, back) else {
                        continue;
                    };
                    let ours = pos.piece_at(from)
                        == Some(Piece {
                            color: us,
                            role: Role::Pawn,
                        });
                    if ours && from.rank() == king.rank() && !pos.is_check() {
                        let m = Move {
                            from,
                            to: ep,
                            kind: MoveKind::EnPassant,
                        };
                        extra(m, Some(apply(&setup, &m)));
                    }
                }
            }
        }
        Bug::CastleThroughCheck => {
            for rook in setup.castling_rights_of(us).iter() {
                let m = Move {
                    from: king,
                    to: rook,
                    kind: MoveKind::Castle,
                };
                if castle_ignoring_crossed_attacks(&setup, &m) {
                    extra(m, Some(apply(&setup, &m)));
                }
            }
        }
        Bug::PhantomCastle => {
            for rook in node.phantom.iter().filter(|r| r.rank() == us.back_rank()) {
                let mut pretend = setup;
                pretend.board[rook.index()] = Some(Piece {
                    color: us,
                    role: Role::Rook,
                });
                pretend.castling_rights.insert(rook);
                let Ok(p) = Chess::from_setup_with(&pretend, mode, MaterialLimits::Ignored) else {
                    continue;
                };
                for m in p
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.is_castle() && m.to == rook)
                {
                    extra(m, Some(apply(&pretend, &m)));
                }
            }
        }
        Bug::DoublePushBlocked => {
            let (second, up) = if us == Color::White { (1, 1) } else { (6, -1) };
            for from in Square::all().filter(|s| s.rank() == second) {
                if pos.piece_at(from)
                    != Some(Piece {
                        color: us,
                        role: Role::Pawn,
                    })
                {
                    continue;
                }
                let (Some(front), Some(to)) = (from.offset(0, up), from.offset(0, 2 * up)) else {
                    continue;
                };
                if pos.piece_at(front).is_some() && pos.piece_at(to).is_none() {
                    let m = Move::normal(from, to);
                    let after = apply(&setup, &m);
                    if !after.attacked_by(us.other(), king) {
                        extra(m, Some(after));
                    }
                }
            }
        }
        Bug::KingTouch => {
            let them = setup.king(us.other()).expect("a king");
            for (df, dr) in vdmchess::setup::KING_OFFSETS {
                let Some(to) = king.offset(df, dr) else {
                    continue;
                };
                let touches =
                    to.file().abs_diff(them.file()) <= 1 && to.rank().abs_diff(them.rank()) <= 1;
                let target_ok = setup
                    .piece_at(to)
                    .map_or(true, |p| p.color != us && p.role != Role::King);
                if !touches || !target_ok {
                    continue;
                }
                let mut without = setup;
                without.board[king.index()] = None;
                without.board[them.index()] = None;
                if !without.attacked_by(us.other(), to) {
                    let m = Move::normal(king, to);
                    extra(m, Some(apply(&setup, &m)));
                }
            }
        }
    }
    out
}

/// Whether castling `m` would be legal if the squares the king crosses could be attacked:
/// the path is empty but for king and rook, the king is not in check and does not land on an
/// attacked square.
fn castle_ignoring_crossed_attacks(setup: &Setup, m: &Move) -> bool {
    let us = setup.turn;
    let (king, rook) = (m.from, m.to);
    let (kt, rt) = (m.castle_king_to(), m.castle_rook_to());
    let span = |a: Square, b: Square| {
        let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
        (lo..=hi).filter_map(move |f| Square::from_coords(f, a.rank()))
    };
    let clear = span(king, kt)
        .chain(span(rook, rt))
        .all(|sq| sq == king || sq == rook || setup.piece_at(sq).is_none());
    let mut without = *setup;
    without.board[king.index()] = None;
    without.board[rook.index()] = None;
    clear && !setup.attacked_by(us.other(), king) && !without.attacked_by(us.other(), kt)
}

/// The setup after `m`, played by hand (the rules may forbid it): pieces moved, rights and
/// en-passant square updated, the turn passed.
fn apply(setup: &Setup, m: &Move) -> Setup {
    let mut s = *setup;
    let us = s.turn;
    let piece = s.board[m.from.index()].take();
    match m.kind {
        MoveKind::Castle => {
            s.board[m.to.index()] = None;
            s.board[m.castle_king_to().index()] = Some(Piece {
                color: us,
                role: Role::King,
            });
            s.board[m.castle_rook_to().index()] = Some(Piece {
                color: us,
                role: Role::Rook,
            });
        }
        MoveKind::EnPassant => {
            s.board[m.to.index()] = piece;
            if let Some(captured) = Square::from_coords(m.to.file(), m.from.rank()) {
                s.board[captured.index()] = None;
            }
        }
        MoveKind::Promotion(role) => s.board[m.to.index()] = Some(Piece { color: us, role }),
        MoveKind::Normal => s.board[m.to.index()] = piece,
    }
    if piece.map(|p| p.role) == Some(Role::King) {
        s.castling_rights = s
            .castling_rights
            .iter()
            .filter(|r| r.rank() != us.back_rank())
            .collect();
    }
    s.castling_rights.remove(m.from);
    s.castling_rights.remove(m.to);
    s.ep_square = None;
    if piece.map(|p| p.role) == Some(Role::Pawn) && m.from.rank().abs_diff(m.to.rank()) == 2 {
        s.ep_square = Square::from_coords(m.from.file(), (m.from.rank() + m.to.rank()) / 2);
        if !ep_is_plausible(&s) {
            s.ep_square = None;
        }
    }
    s.turn = us.other();
    s
}

/// Whether the en-passant square just set passes validation (a blocked double push leaves
/// a piece on it).
fn ep_is_plausible(s: &Setup) -> bool {
    s.ep_square.is_some_and(|ep| s.piece_at(ep).is_none())
}
