//! Perft divides: each root move with the number of leaf nodes below it, as an engine prints
//! them, and as we compute them.
//!
//! Two text formats are read and written:
//! - **Stockfish's** `go perft N`: one `e2e4: 20` line per move, a blank line, then
//!   `Nodes searched: 400`. [`StockfishReader`] reads it a line at a time from a UCI engine,
//!   skipping `info` lines and anything else that is not part of a divide.
//! - **perftree's** script convention: one `e2e4 20` line per move, a blank line, then the
//!   total alone ([`parse_perftree`], [`Divide::to_perftree_text`]).

use std::fmt::Write as _;

use serde::Serialize;

use crate::notation::uci::UciMove;
use crate::rules::Rules;

/// A perft divide: root moves as UCI text with their leaf counts, and the total.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Divide {
    /// Each root move (UCI text) and the leaf count below it, in the order given.
    pub moves: Vec<(String, u64)>,
    /// The number of leaf nodes (the sum of the counts).
    pub total: u64,
}

impl Divide {
    /// The count of `uci`, if the divide lists it.
    #[must_use]
    pub fn count(&self, uci: &str) -> Option<u64> {
        self.moves.iter().find(|(m, _)| m == uci).map(|&(_, n)| n)
    }

    /// Stockfish's format: `e2e4: 20` lines, a blank line, `Nodes searched: N`.
    ///
    /// ```
    /// use vdmchess::oracle::divide::Divide;
    /// let d = Divide { moves: vec![("e2e4".into(), 20)], total: 20 };
    /// assert_eq!(d.to_stockfish_text(), "e2e4: 20\n\nNodes searched: 20\n");
    /// ```
    #[must_use]
    pub fn to_stockfish_text(&self) -> String {
        let mut out = String::new();
        for (m, n) in &self.moves {
            let _ = writeln!(out, "{m}: {n}");
        }
        let _ = write!(out, "\nNodes searched: {}\n", self.total);
        out
    }

    /// perftree's format: `e2e4 20` lines, a blank line, the total.
    ///
    /// ```
    /// use vdmchess::oracle::divide::Divide;
    /// let d = Divide { moves: vec![("e2e4".into(), 20), ("d2d4".into(), 20)], total: 40 };
    /// assert_eq!(d.to_perftree_text(), "e2e4 20\nd2d4 20\n\n40\n");
    /// ```
    #[must_use]
    pub fn to_perftree_text(&self) -> String {
        let mut out = String::new();
        for (m, n) in &self.moves {
            let _ = writeln!(out, "{m} {n}");
        }
        let _ = write!(out, "\n{}\n", self.total);
        out
    }
}

/// Our divide of `pos` at `depth` (at least 1), moves written in the position's castling mode,
/// each count from the port's perft ([`crate::rules::perft_divide`]). Give it the core's
/// [`Position`](crate::core::Position) (`Chess::position`) rather than a
/// [`Chess`](crate::core::Chess): perft needs no history, and copying a position is all a move
/// then costs.
///
/// ```
/// use vdmchess::core::Position;
/// use vdmchess::oracle::divide::our_divide;
/// let d = our_divide(&Position::start(), 3);
/// assert_eq!((d.moves.len(), d.total, d.count("e2e4")), (20, 8902, Some(600)));
/// ```
#[must_use]
pub fn our_divide<R: Rules>(pos: &R, depth: u32) -> Divide {
    let mode = pos.castling_mode();
    let divide = crate::rules::perft_divide(pos, depth.max(1));
    Divide {
        moves: divide
            .moves
            .iter()
            .map(|(m, n)| (m.to_uci(mode), *n))
            .collect(),
        total: divide.nodes,
    }
}

/// Why engine output is not a divide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotADivide {
    /// The offending line, as printed.
    pub line: String,
    /// What is wrong with it.
    pub why: String,
}

impl std::fmt::Display for NotADivide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {:?}: {}", self.line, self.why)
    }
}

impl std::error::Error for NotADivide {}

/// What one line of Stockfish-format output did to a [`StockfishReader`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadStep {
    /// The line was a move line, or is skipped: read on.
    More,
    /// The line was `Nodes searched: N`: the divide is complete.
    Done(Divide),
}

/// Reads Stockfish's `go perft` output a line at a time.
///
/// Move lines are `<uci>: <count>`; the divide ends at `Nodes searched: <total>`, which must
/// equal the sum of the counts. Blank lines and lines that are neither (`info ...`, banners)
/// are skipped. A line of the form `<word>: <value>` whose word is not UCI move text or whose
/// value is not a count, a move listed twice, a `bestmove` (the engine searched instead of
/// counting) and a wrong total are errors.
///
/// ```
/// use vdmchess::oracle::divide::{ReadStep, StockfishReader};
/// let mut r = StockfishReader::default();
/// assert_eq!(r.read_line("info string NNUE evaluation enabled").unwrap(), ReadStep::More);
/// assert_eq!(r.read_line("e2e4: 20").unwrap(), ReadStep::More);
/// assert_eq!(r.read_line("").unwrap(), ReadStep::More);
/// let ReadStep::Done(d) = r.read_line("Nodes searched: 20").unwrap() else { panic!() };
/// assert_eq!(d.moves, [("e2e4".to_string(), 20)]);
/// assert!(StockfishReader::default().read_line("e2e9: 1").is_err());
/// ```
#[derive(Debug, Clone, Default)]
pub struct StockfishReader {
    moves: Vec<(String, u64)>,
}

impl StockfishReader {
    /// Feeds one line (without its line break).
    ///
    /// # Errors
    ///
    /// [`NotADivide`] naming the line and what is wrong with it.
    pub fn read_line(&mut self, line: &str) -> Result<ReadStep, NotADivide> {
        let text = line.trim();
        let bad = |why: String| NotADivide {
            line: line.to_string(),
            why,
        };
        if text.is_empty() || text.starts_with("info") {
            return Ok(ReadStep::More);
        }
        if text.starts_with("bestmove") {
            return Err(bad(
                "the engine answered `go perft` with a search result (does it support perft?)"
                    .into(),
            ));
        }
        if let Some(total) = text.strip_prefix("Nodes searched:") {
            let total: u64 = total
                .trim()
                .parse()
                .map_err(|_| bad("the total is not a number".into()))?;
            let sum: u64 = self.moves.iter().map(|&(_, n)| n).sum();
            if sum != total && !self.moves.is_empty() {
                return Err(bad(format!(
                    "the total {total} is not the sum of the moves' counts, {sum}"
                )));
            }
            return Ok(ReadStep::Done(Divide {
                moves: std::mem::take(&mut self.moves),
                total,
            }));
        }
        let Some((word, value)) = text.split_once(':') else {
            return Ok(ReadStep::More);
        };
        let word = word.trim();
        if word.contains(char::is_whitespace) {
            return Ok(ReadStep::More);
        }
        let uci = parse_move_word(word).map_err(bad)?;
        let count: u64 = value
            .trim()
            .parse()
            .map_err(|_| bad(format!("the count of {word} is not a number")))?;
        if self.moves.iter().any(|(m, _)| *m == uci) {
            return Err(bad(format!("{uci} is listed twice")));
        }
        self.moves.push((uci, count));
        Ok(ReadStep::More)
    }
}

/// The UCI text of a move word of a divide line, lowercased; an error unless it is UCI move
/// text naming a move (`0000` does not).
fn parse_move_word(word: &str) -> Result<String, String> {
    match UciMove::from_ascii(word.as_bytes()) {
        Ok(UciMove::Null) => Err("the null move 0000 is not a move of a divide".into()),
        Ok(_) => Ok(word.to_ascii_lowercase()),
        Err(e) => Err(format!("{word:?} is not a move: {e}")),
    }
}

/// Parses the whole output of a perftree script: `<uci> <count>` lines, a blank line, the
/// total alone on the last line. Blank lines before the moves are allowed.
///
/// # Errors
///
/// [`NotADivide`] naming the first line that does not fit, a move listed twice, a missing or
/// wrong total.
///
/// ```
/// use vdmchess::oracle::divide::parse_perftree;
/// let d = parse_perftree("e2e4 20\nd2d4 20\n\n40\n").unwrap();
/// assert_eq!((d.moves.len(), d.total), (2, 40));
/// assert!(parse_perftree("e2e4 20\n\n41\n").is_err());
/// ```
pub fn parse_perftree(output: &str) -> Result<Divide, NotADivide> {
    let mut moves: Vec<(String, u64)> = Vec::new();
    let mut total = None;
    for line in output.lines() {
        let text = line.trim();
        let bad = |why: String| NotADivide {
            line: line.to_string(),
            why,
        };
        if text.is_empty() {
            continue;
        }
        if total.is_some() {
            return Err(bad("a line after the total".into()));
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        match words[..] {
            [n] => {
                total = Some(
                    n.parse::<u64>()
                        .map_err(|_| bad("expected the total".into()))?,
                )
            }
            [word, n] => {
                let uci = parse_move_word(word).map_err(bad)?;
                let n = n
                    .parse()
                    .map_err(|_| bad(format!("the count of {word} is not a number")))?;
                if moves.iter().any(|(m, _)| *m == uci) {
                    return Err(bad(format!("{uci} is listed twice")));
                }
                moves.push((uci, n));
            }
            _ => return Err(bad("expected `<move> <count>` or the total".into())),
        }
    }
    let Some(total) = total else {
        return Err(NotADivide {
            line: output.lines().last().unwrap_or("").to_string(),
            why: "the output ends without the total".into(),
        });
    };
    let sum: u64 = moves.iter().map(|&(_, n)| n).sum();
    if sum != total && !moves.is_empty() {
        return Err(NotADivide {
            line: total.to_string(),
            why: format!("the total {total} is not the sum of the moves' counts, {sum}"),
        });
    }
    Ok(Divide { moves, total })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(lines: &[&str]) -> Result<Option<Divide>, NotADivide> {
        let mut r = StockfishReader::default();
        for l in lines {
            if let ReadStep::Done(d) = r.read_line(l)? {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    #[test]
    fn stockfish_format() {
        let d = read_all(&[
            "Stockfish 15.1",
            "a2a3: 1",
            "e7e8Q: 2",
            "",
            "Nodes searched: 3",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(d.moves, [("a2a3".into(), 1), ("e7e8q".into(), 2)]);
        assert_eq!(
            read_all(&["", "Nodes searched: 0"]).unwrap().unwrap().total,
            0
        );
        assert_eq!(read_all(&["a2a3: 1"]).unwrap(), None);
    }

    #[test]
    fn stockfish_format_errors() {
        for (lines, why) in [
            (&["a2a3: x"][..], "the count of a2a3 is not a number"),
            (&["a2a3: 1", "a2a3: 1"][..], "a2a3 is listed twice"),
            (
                &["0000: 1"][..],
                "the null move 0000 is not a move of a divide",
            ),
            (
                &["a2a3: 1", "Nodes searched: 2"][..],
                "the total 2 is not the sum of the moves' counts, 1",
            ),
            (&["Nodes searched: many"][..], "the total is not a number"),
        ] {
            assert_eq!(read_all(lines).unwrap_err().why, why, "{lines:?}");
        }
        assert!(read_all(&["bestmove e2e4"])
            .unwrap_err()
            .why
            .contains("search result"));
        assert!(read_all(&["z9z9: 1"])
            .unwrap_err()
            .why
            .starts_with("\"z9z9\" is not a move"));
    }

    #[test]
    fn perftree_format_errors() {
        assert_eq!(parse_perftree("\n\n0\n").unwrap(), Divide::default());
        for (out, why) in [
            ("e2e4 20\n", "the output ends without the total"),
            ("e2e4 20\n\n20\n5\n", "a line after the total"),
            ("e2e4 20\nmany\n", "expected the total"),
            (
                "e2e4 20 x\n\n20\n",
                "expected `<move> <count>` or the total",
            ),
        ] {
            assert_eq!(parse_perftree(out).unwrap_err().why, why, "{out:?}");
        }
    }
}
