//! `vdmchess book`: a position's entries in a Polyglot opening book, in python-chess's order.

use std::fmt::Write as _;
use std::process::ExitCode;

use serde_json::json;
use vdmchess::book::{Book, BookEntry};
use vdmchess::core::Position;
use vdmchess::notation::san::SanPlus;

use super::{out, outln, play_moves, setup_of, Outcome, PositionOptions};

/// What `book` was asked to look up.
pub(crate) struct BookArgs<'a> {
    pub(crate) file: &'a str,
    pub(crate) fen: Option<&'a str>,
    pub(crate) moves: &'a [String],
    pub(crate) json: bool,
    pub(crate) all: bool,
    pub(crate) chess960: bool,
}

/// Lists the entries; exit 0 when there is at least one, 1 when there is none.
pub(crate) fn book_command(args: &BookArgs<'_>) -> Outcome {
    let pos = position(args)?;
    let book = Book::open(args.file).map_err(|e| e.to_string())?;
    let minimum_weight = u16::from(!args.all);
    let entries = book.entries_with_minimum_weight(&pos, minimum_weight);
    let stored = book.raw_entries_of_key(pos.hash());
    let light = stored.iter().filter(|e| e.weight < minimum_weight).count();
    let illegal = stored.len() - light - entries.len();
    let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
    let lines: Vec<Line> = entries.iter().map(|e| Line::new(&pos, e, total)).collect();
    if args.json {
        let json = json!({
            "fen": pos.to_setup().to_fen(),
            "key": format!("{:016x}", pos.hash()),
            "total_weight": total,
            "entries": lines.iter().map(|l| json!({
                "uci": l.uci,
                "san": l.san,
                "weight": l.entry.weight,
                "learn": l.entry.learn,
                "percent": l.percent,
                "raw_move": l.entry.raw_move,
            })).collect::<Vec<_>>(),
            "skipped_weight_zero": light,
            "skipped_illegal": illegal,
        });
        outln(json)?;
    } else {
        out(text_of(&pos, &lines, total, light, illegal))?;
    }
    Ok(if entries.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The position of `--fen` after `--moves`.
fn position(args: &BookArgs<'_>) -> Result<Position, String> {
    let options = PositionOptions {
        chess960: args.chess960,
        lenient: false,
    };
    let (setup, mode) = setup_of(args.fen, options)?;
    let pos = Position::from_setup(&setup, mode).map_err(|e| e.to_string())?;
    let (pos, _) = play_moves(pos, mode, args.moves).map_err(|e| format!("--moves: {e}"))?;
    Ok(pos)
}

/// One entry as printed.
struct Line {
    entry: BookEntry,
    uci: String,
    san: String,
    /// The entry's share of the listed weights, in percent.
    percent: f64,
}

impl Line {
    fn new(pos: &Position, entry: &BookEntry, total: u64) -> Line {
        let percent = if total == 0 {
            0.0
        } else {
            // Rounded to hundredths, as printed.
            (f64::from(entry.weight) * 10_000.0 / total as f64).round() / 100.0
        };
        Line {
            entry: *entry,
            uci: entry.mv.to_uci(pos.castling_mode()),
            san: SanPlus::from_move(pos, &entry.mv).to_string(),
            percent,
        }
    }
}

/// The table: the position, its key, one line an entry, and what was left out.
fn text_of(pos: &Position, lines: &[Line], total: u64, light: usize, illegal: usize) -> String {
    let mut out = format!(
        "position: {}\nkey: {:016x}\n",
        pos.to_setup().to_fen(),
        pos.hash()
    );
    if lines.is_empty() {
        out.push_str("no entries\n");
    } else {
        let _ = writeln!(
            out,
            "{:<6} {:<8} {:>6} {:>10} {:>7}",
            "move", "san", "weight", "learn", "share"
        );
        for l in lines {
            let _ = writeln!(
                out,
                "{:<6} {:<8} {:>6} {:>10} {:>6.2}%",
                l.uci, l.san, l.entry.weight, l.entry.learn, l.percent
            );
        }
        let _ = writeln!(
            out,
            "{} {}, total weight {total}",
            lines.len(),
            if lines.len() == 1 { "entry" } else { "entries" }
        );
    }
    if light > 0 {
        let _ = writeln!(
            out,
            "skipped {light} of weight 0 (never played; --all lists them)"
        );
    }
    if illegal > 0 {
        let _ = writeln!(
            out,
            "skipped {illegal} whose move is not legal in this position"
        );
    }
    out
}
