//! The protocol's text: reading `go` and `setoption` lines, writing `info`, `bestmove`, the
//! option list and the board of `d`. No state: [`Engine`](super::Engine) calls these.

use std::time::Duration;

use crate::core::Position;
use crate::setup::CastlingMode;
use crate::types::Square;

use super::super::interface::{Info, Limits, SearchResult};
use super::super::{Score, MAX_PLY};

/// The longest piece of the input quoted back in an `info string`, in characters.
pub const QUOTE_MAX: usize = 80;

/// `text` as an `info string` quotes it: whole when short, else its first [`QUOTE_MAX`]
/// characters, an ellipsis and the full length, so that a runaway line cannot flood the
/// GUI's log.
///
/// ```
/// use vdmchess::search::uci::protocol::quote;
/// assert_eq!(quote("hello"), "\"hello\"");
/// let long = "x".repeat(5000);
/// let q = quote(&long);
/// assert!(q.len() < 120);
/// assert!(q.ends_with("... (5000 characters)"));
/// ```
#[must_use]
pub fn quote(text: &str) -> String {
    let n = text.chars().count();
    if n <= QUOTE_MAX {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(QUOTE_MAX).collect();
        format!("{head:?}... ({n} characters)")
    }
}

/// `name N... [value V...]` of `setoption`, each part rejoined with single spaces.
///
/// # Errors
///
/// What is missing, as the `info string` says it.
pub fn split_option(args: &[&str]) -> Result<(String, Option<String>), String> {
    if args.first() != Some(&"name") || args.len() < 2 {
        return Err(format!(
            "malformed setoption (expected name N [value V]): {}",
            quote(&args.join(" "))
        ));
    }
    let value_at = args.iter().position(|w| *w == "value");
    let name_end = value_at.unwrap_or(args.len());
    if name_end <= 1 {
        return Err("setoption without an option name".to_string());
    }
    let name = args[1..name_end].join(" ");
    let value = value_at.map(|i| args[i + 1..].join(" "));
    Ok((name, value))
}

/// A `go` command read: its limits, whether it is `go ponder`, and what could not be read
/// (dropped; the rest is used).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoCommand {
    /// The limits understood.
    pub limits: Limits,
    /// `go ponder`.
    pub ponder: bool,
    /// The words after `searchmoves`, as written (read against the position by `go`).
    pub searchmoves: Vec<String>,
    /// What was wrong, one sentence each.
    pub problems: Vec<String>,
}

/// The parameter names of `go` (`perft` is handled before).
const GO_PARAMETERS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// The deepest `go depth` accepted.
pub const MAX_GO_DEPTH: u64 = MAX_PLY as u64 - 1;
/// The longest mate `go mate` may ask for (its search may go to depth 5N + 3, capped at
/// [`MAX_GO_DEPTH`]).
pub const MAX_GO_MATE: u64 = (MAX_GO_DEPTH - 1) / 2;
/// The largest `movestogo` accepted.
pub const MAX_MOVESTOGO: u64 = 10_000;

/// Reads the words after `go`. Each value must be a whole number in its range: times
/// (`wtime btime winc binc movetime`, ms) any integer (a negative clock counts as 0),
/// `depth` 1 to [`MAX_GO_DEPTH`], `mate` 1 to [`MAX_GO_MATE`], `nodes` at least 1,
/// `movestogo` 1 to [`MAX_MOVESTOGO`]. A parameter whose value is missing, unreadable or out
/// of range is dropped, and said in [`GoCommand::problems`]; so is an unknown word.
///
/// ```
/// use vdmchess::search::uci::protocol::parse_go;
/// let go = parse_go(&["depth", "99999999999", "nodes", "500"]);
/// assert_eq!(go.limits.depth, None);
/// assert_eq!(go.limits.nodes, Some(500));
/// assert_eq!(go.problems.len(), 1);
/// assert!(parse_go(&["mate", "-1"]).limits.mate.is_none());
/// ```
#[must_use]
pub fn parse_go(args: &[&str]) -> GoCommand {
    let mut limits = Limits::default();
    let mut ponder = false;
    let mut searchmoves = Vec::new();
    let mut problems = Vec::new();
    let mut i = 0;
    let ms = |v: i64| Duration::from_millis(v.max(0).unsigned_abs());
    while i < args.len() {
        let word = args[i];
        let range: Option<(i64, i64, &str)> = match word {
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                Some((i64::MIN, i64::MAX, "a whole number of milliseconds"))
            }
            "movestogo" => Some((1, MAX_MOVESTOGO as i64, "a whole number from 1 to 10000")),
            "depth" => Some((
                1,
                MAX_GO_DEPTH as i64,
                "a whole number of plies from 1 to 127",
            )),
            "mate" => Some((
                1,
                MAX_GO_MATE as i64,
                "a whole number of moves from 1 to 63",
            )),
            "nodes" => Some((1, i64::MAX, "a whole number of nodes from 1")),
            _ => None,
        };
        if let Some((low, high, what)) = range {
            // The value is the next word unless that is the next parameter's name.
            let text = args
                .get(i + 1)
                .copied()
                .filter(|w| !GO_PARAMETERS.contains(w));
            i += if text.is_some() { 2 } else { 1 };
            let value = text
                .and_then(|t| t.parse::<i64>().ok())
                .filter(|v| (low..=high).contains(v));
            let Some(v) = value else {
                problems.push(match text {
                    Some(t) => format!("go {word} takes {what}, not {}; ignored", quote(t)),
                    None => format!("go {word} takes {what}, and none was given; ignored"),
                });
                continue;
            };
            let n = v.unsigned_abs();
            match word {
                "wtime" => limits.wtime = Some(ms(v)),
                "btime" => limits.btime = Some(ms(v)),
                "winc" => limits.winc = Some(ms(v)),
                "binc" => limits.binc = Some(ms(v)),
                "movetime" => limits.movetime = Some(ms(v)),
                "movestogo" => limits.movestogo = Some(n as u32),
                "depth" => limits.depth = Some(n as u32),
                "nodes" => limits.nodes = Some(n),
                _ => limits.mate = Some(n as u32),
            }
            continue;
        }
        match word {
            "infinite" => limits.infinite = true,
            "ponder" => ponder = true,
            "searchmoves" => {
                // The moves run to the next parameter name.
                while i + 1 < args.len() && !GO_PARAMETERS.contains(&args[i + 1]) {
                    searchmoves.push(args[i + 1].to_string());
                    i += 1;
                }
            }
            other => problems.push(format!("unknown go parameter {}; ignored", quote(other))),
        }
        i += 1;
    }
    GoCommand {
        limits,
        ponder,
        searchmoves,
        problems,
    }
}

/// Whether only `stop` (or `ponderhit` then the clock) ends a search with these limits:
/// `go infinite`, or no limit at all.
#[must_use]
pub fn is_unbounded(limits: &Limits) -> bool {
    limits.infinite
        || (limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.mate.is_none()
            && limits.wtime.is_none()
            && limits.btime.is_none())
}

/// The `info` line of a completed iteration.
#[must_use]
pub fn info_line(i: &Info, mode: CastlingMode) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} hashfull {} time {}",
        i.depth,
        i.seldepth,
        i.score,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time.as_millis()
    );
    if !i.pv.is_empty() {
        line.push_str(" pv");
        for m in &i.pv {
            line.push(' ');
            line.push_str(&m.to_uci(mode));
        }
    }
    line
}

/// The final lines of a search: `bestmove M [ponder P]`, or, with no legal move, the score
/// of the root (mated or stalemated) and `bestmove (none)`.
#[must_use]
pub fn bestmove_lines(result: &SearchResult, root: &Position, mode: CastlingMode) -> Vec<String> {
    match result.best {
        Some(m) => {
            let mut line = format!("bestmove {}", m.to_uci(mode));
            if let Some(p) = result.ponder {
                line.push_str(&format!(" ponder {}", p.to_uci(mode)));
            }
            vec![line]
        }
        None => {
            let score = if root.is_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            };
            vec![
                format!("info depth 0 score {score}"),
                "bestmove (none)".to_string(),
            ]
        }
    }
}

/// What `d` prints, as Stockfish prints it: the board drawn from rank 8 down, the FEN, the
/// key and the squares of the pieces giving check. The key is the PolyGlot key (the one
/// opening books use; Stockfish prints a key of its own).
///
/// ```
/// use vdmchess::core::Position;
/// use vdmchess::search::uci::protocol::display_lines;
/// let lines = display_lines(&Position::start());
/// assert_eq!(lines[2], " | r | n | b | q | k | b | n | r | 8");
/// assert!(lines.contains(&"Key: 463B96181691FC9C".to_string()));
/// ```
#[must_use]
pub fn display_lines(pos: &Position) -> Vec<String> {
    let rule = " +---+---+---+---+---+---+---+---+".to_string();
    let mut lines = vec![String::new(), rule.clone()];
    for rank in (0..8u8).rev() {
        let mut row = String::from(" |");
        for file in 0..8u8 {
            let sq = Square::new_masked(rank * 8 + file);
            let c = pos.piece_at(sq).map_or(' ', |p| p.char());
            row.push_str(&format!(" {c} |"));
        }
        row.push_str(&format!(" {}", rank + 1));
        lines.push(row);
        lines.push(rule.clone());
    }
    lines.push("   a   b   c   d   e   f   g   h".to_string());
    lines.push(String::new());
    lines.push(format!("Fen: {}", pos.to_setup().to_fen()));
    lines.push(format!("Key: {:016X}", pos.hash()));
    let mut checkers = String::from("Checkers: ");
    let mut bb = pos.checkers();
    while bb != 0 {
        let sq = Square::new_masked(bb.trailing_zeros() as u8);
        checkers.push_str(&format!("{sq} "));
        bb &= bb - 1;
    }
    lines.push(checkers.trim_end().to_string());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;

    #[test]
    fn go_parameters_are_read() {
        let go = parse_go(&[
            "wtime",
            "1000",
            "btime",
            "-50",
            "winc",
            "10",
            "movestogo",
            "5",
            "ponder",
        ]);
        assert!(go.problems.is_empty());
        assert_eq!(go.limits.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(go.limits.btime, Some(Duration::ZERO));
        assert_eq!(go.limits.movestogo, Some(5));
        assert!(go.ponder);
        let go = parse_go(&["depth", "x", "infinite"]);
        assert_eq!(
            go.problems,
            ["go depth takes a whole number of plies from 1 to 127, not \"x\"; ignored"]
        );
        assert!(go.limits.infinite);
    }

    #[test]
    fn malformed_values_are_dropped_and_named() {
        // A missing value does not swallow the next parameter.
        let go = parse_go(&["depth", "nodes", "100"]);
        assert_eq!(go.limits.depth, None);
        assert_eq!(go.limits.nodes, Some(100));
        assert_eq!(
            go.problems,
            ["go depth takes a whole number of plies from 1 to 127, and none was given; ignored"]
        );
        for bad in [
            &["depth", "99999999999"][..],
            &["depth", "0"],
            &["mate", "-1"],
            &["mate", "64"],
            &["nodes", "0"],
            &["movestogo", "0"],
            &["wtime", "99999999999999999999"],
            &["mate"],
        ] {
            let go = parse_go(bad);
            assert_eq!(go.limits, Limits::default(), "{bad:?}");
            assert_eq!(go.problems.len(), 1, "{bad:?}");
            assert!(is_unbounded(&go.limits));
        }
        assert_eq!(parse_go(&["mate", "63"]).limits.mate, Some(63));
        assert_eq!(parse_go(&["depth", "127"]).limits.depth, Some(127));
    }

    #[test]
    fn an_unknown_word_is_quoted_short() {
        let long = "w".repeat(1000);
        let go = parse_go(&[&long, "depth", "2"]);
        assert_eq!(go.limits.depth, Some(2));
        assert!(go.problems[0].len() < 140, "{}", go.problems[0]);
        assert!(go.problems[0].contains("(1000 characters)"));
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            split_option(&["name", "Move", "Overhead", "value", "100"]).unwrap(),
            ("Move Overhead".to_string(), Some("100".to_string()))
        );
        assert_eq!(
            split_option(&["name", "BookFile", "value", "my", "book.bin"]).unwrap(),
            ("BookFile".to_string(), Some("my book.bin".to_string()))
        );
        assert!(split_option(&["value", "3"]).is_err());
    }

    #[test]
    fn the_board_is_drawn_as_stockfish_draws_it() {
        // Stockfish 15.1's `d` after 1. e4 d5 2. Bb5+ (its key differs: it is not PolyGlot's).
        let setup =
            parse_fen("rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2").unwrap();
        let pos = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
        let lines = display_lines(&pos);
        assert_eq!(lines[0], "");
        assert_eq!(lines[1], " +---+---+---+---+---+---+---+---+");
        assert_eq!(lines[2], " | r | n | b | q | k | b | n | r | 8");
        assert_eq!(lines[8], " |   | B |   | p |   |   |   |   | 5");
        assert_eq!(lines[16], " | R | N | B | Q | K |   | N | R | 1");
        assert_eq!(lines[18], "   a   b   c   d   e   f   g   h");
        assert_eq!(
            lines[20],
            "Fen: rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2"
        );
        assert!(lines[21].starts_with("Key: "));
        assert_eq!(lines[22], "Checkers: b5");
    }
}
