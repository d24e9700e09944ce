//! `replay --export`: the games that replayed, written again as normalized PGN, and the games
//! that failed, written unchanged, so that cleaning a file loses nothing.
//!
//! A game is *normalized* the way pgn-extract's output is used: the Seven Tag Roster first
//! (PGN standard 8.1.1), then the other tags in their order; every move in canonical SAN
//! (minimal disambiguation, `+`/`#` exactly when checking or mating, `O-O`; a null move as
//! `--`); comments, NAGs and variations kept, movetext wrapped at 80 columns (see
//! [`write_game`]). Variations are replayed too, with the same rules as the mainline: a game
//! whose variation holds an illegal move is not exported, but written unchanged with the
//! failed games. [`Variations::Drop`] (`--no-variations`) leaves them out instead.
//!
//! The games are read on one thread, in file order.
//!
//! ```
//! use vdmchess::core::Chess;
//! use vdmchess::runner::export::{export_reader, Export, Variations};
//! use vdmchess::runner::{Options, Single};
//! let pgn = "[White \"A\"]\n\n1. e2e4 e5 (1... c5 2. Ng1f3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n\n\
//!            [White \"B\"]\n\n1. e4 Ke7 2. Ke2 Kd9 *\n";
//! let (mut games, mut errors) = (Vec::new(), Vec::new());
//! let mut export = Export::new(Some(&mut games), Some(&mut errors), Variations::Check);
//! export_reader::<Single<Chess>, _>(pgn.as_bytes(), "two.pgn", &Options::default(), &mut export, &mut |_, _| {})
//!     .unwrap();
//! assert_eq!((export.exported, export.failed), (1, 1));
//! let games = String::from_utf8(games).unwrap();
//! assert!(games.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]"));
//! assert!(games.ends_with("\n1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"));
//! assert_eq!(String::from_utf8(errors).unwrap(), "[White \"B\"]\n\n1. e4 Ke7 2. Ke2 Kd9 *\n\n");
//! ```

use std::cell::RefCell;
use std::fmt;
use std::io::{self, Read, Write};
use std::rc::Rc;

use crate::notation::pgn::{
    write_game, Game, GameBuilder, Item, Outcome, PgnError, PgnReader, RawTag, Skip, TextPos,
    Visitor,
};
use crate::notation::san::SanMode;

use super::replay::{explained_failure, Replay};
use super::visitor::{start_position, ReplayVisitor};
use super::{GameReport, Options};

/// What an export does with variations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Variations {
    /// Replay them too and keep them; a game with an illegal one is not exported.
    #[default]
    Check,
    /// Leave them out (`--no-variations`).
    Drop,
}

/// Why a game that replayed was not exported: a move of a variation (or, in a game the
/// replay accepted, of its mainline, which does not happen) that is not legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError {
    /// The move text as written.
    pub san: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} in a variation: {}", self.san, self.message)
    }
}

impl std::error::Error for ExportError {}

/// Where an export writes, and what it has written so far.
pub struct Export<'w> {
    /// Normalized games that replayed (`--export`).
    games: Option<&'w mut dyn Write>,
    /// The text of the games that failed, unchanged (`--export-errors`).
    errors: Option<&'w mut dyn Write>,
    /// Variations kept or dropped.
    variations: Variations,
    /// Games written to the export.
    pub exported: u64,
    /// Games that failed (written to the errors output when there is one).
    pub failed: u64,
    /// Of those, games whose mainline replayed but a variation did not.
    pub failed_in_variation: u64,
    /// Failed games longer than [`MAX_KEPT`], of which only the first bytes were written.
    pub cut: u64,
    text: String,
}

impl<'w> Export<'w> {
    /// An export to `games` (normalized) and `errors` (unchanged), either of them optional.
    pub fn new(
        games: Option<&'w mut dyn Write>,
        errors: Option<&'w mut dyn Write>,
        variations: Variations,
    ) -> Export<'w> {
        Export {
            games,
            errors,
            variations,
            exported: 0,
            failed: 0,
            failed_in_variation: 0,
            cut: 0,
            text: String::new(),
        }
    }

    /// Writes one game where it belongs; returns why a replayed game was not exported.
    fn game<P: Replay>(
        &mut self,
        report: &GameReport,
        mut game: Game,
        raw: &Raw,
        mode: SanMode,
    ) -> io::Result<Option<ExportError>> {
        let refused = if report.error.is_some() {
            None
        } else {
            match normalize::<P>(&mut game, mode) {
                Ok(()) => {
                    self.exported += 1;
                    if let Some(out) = self.games.as_mut() {
                        self.text.clear();
                        write_game(&game, &mut self.text);
                        out.write_all(self.text.as_bytes())?;
                    }
                    return Ok(None);
                }
                Err(e) => {
                    self.failed_in_variation += 1;
                    Some(e)
                }
            }
        };
        self.failed += 1;
        if let Some(out) = self.errors.as_mut() {
            let text = raw.bytes.trim_ascii();
            out.write_all(text)?;
            out.write_all(b"\n\n")?;
            if raw.cut {
                self.cut += 1;
            }
        }
        Ok(refused)
    }
}

/// Replays every game of `reader` (named `file` in the reports) over `P` on one thread, as
/// [`replay_reader`](super::replay_reader) does, and writes each to `export`; `sink` gets
/// each report, with the reason a replayed game was not exported. `options.jobs` is not used.
///
/// # Errors
///
/// I/O errors of the input or of the outputs.
pub fn export_reader<P: Replay, R: Read>(
    reader: R,
    file: &str,
    options: &Options,
    export: &mut Export<'_>,
    sink: &mut dyn FnMut(GameReport, Option<ExportError>),
) -> io::Result<()> {
    let kept = Rc::new(RefCell::new(Kept::new(
        export.errors.is_some(),
        MAX_KEPT,
        TAIL,
    )));
    let recorder = Recorder {
        inner: reader,
        kept: Rc::clone(&kept),
    };
    let mut pgn = PgnReader::new(recorder);
    let mut visitor = ExportVisitor {
        replay: ReplayVisitor::<P>::new(file, 0, options.san_mode),
        tree: GameBuilder::default(),
        variations: export.variations,
        depth: 0,
    };
    while let Some((report, game)) = pgn.read_game(&mut visitor)? {
        let raw = kept.borrow_mut().take_game(pgn.offset());
        let refused = export.game::<P>(&report, game, &raw, options.san_mode)?;
        sink(report, refused);
    }
    Ok(())
}

/// Replays every line of `game` from its start position and rewrites each move as its
/// canonical SAN. A variation replaces the move before it (PGN standard 8.2.5), so it starts
/// from the position before that move.
///
/// # Errors
///
/// The first move of any line that is not legal where it stands (or a variation with no move
/// before it).
pub fn normalize<P: Replay>(game: &mut Game, mode: SanMode) -> Result<(), ExportError> {
    let refuse = |san: &str, message: String| ExportError {
        san: san.to_string(),
        message,
    };
    let variant = game.tag("Variant").map(str::to_string);
    let variant = variant.as_deref();
    let (setup, castling) = start_position(game.tag("FEN"), game.tag("Variant"))
        .map_err(|message| refuse("", message))?;
    let start = P::start(&setup, castling).map_err(|message| refuse("", message))?;
    let mut stack = vec![Frame {
        line: 0,
        item: 0,
        pos: start,
        before: None,
    }];
    while let Some(frame) = stack.last_mut() {
        let items = match game.lines.get(frame.line) {
            Some(line) if frame.item < line.items.len() => &line.items,
            _ => {
                stack.pop();
                continue;
            }
        };
        let at = frame.item;
        frame.item += 1;
        match &items[at] {
            Item::Move(text) => {
                frame.before = variation_follows(&items[at + 1..]).then(|| frame.pos.clone());
                let san = frame
                    .pos
                    .play_san_canonical(text.as_bytes(), mode)
                    .map_err(|f| {
                        let why = explained_failure(&f, &frame.pos, variant, text.as_bytes());
                        refuse(text, why)
                    })?;
                game.lines[frame.line].items[at] = Item::Move(san);
            }
            Item::Variation(index) => {
                let Some(pos) = frame.before.clone() else {
                    return Err(refuse("", "a variation with no move before it".into()));
                };
                let line = *index;
                if stack.len() > game.lines.len() {
                    return Err(refuse("", "variations that contain themselves".into()));
                }
                stack.push(Frame {
                    line,
                    item: 0,
                    pos,
                    before: None,
                });
            }
            Item::Nag(_) | Item::Comment(_) => {}
        }
    }
    Ok(())
}

/// A line being replayed by [`normalize`].
struct Frame<P> {
    /// Its index in [`Game::lines`].
    line: usize,
    /// The next item.
    item: usize,
    /// The position before that item.
    pos: P,
    /// The position before the line's last move, when a variation follows that move.
    before: Option<P>,
}

/// Whether a variation comes after a move, before the next move of its line.
fn variation_follows(rest: &[Item]) -> bool {
    rest.iter()
        .take_while(|i| !matches!(i, Item::Move(_)))
        .any(|i| matches!(i, Item::Variation(_)))
}

/// The visitor of an export: builds the game tree (variations included, unless dropped)
/// while the replay visitor replays the mainline, exactly as it does without an export.
struct ExportVisitor<P> {
    replay: ReplayVisitor<P>,
    tree: GameBuilder,
    variations: Variations,
    /// How deep in variations the reader is (the replay sees only depth 0).
    depth: u64,
}

impl<P: Replay> Visitor for ExportVisitor<P> {
    type Output = (GameReport, Game);

    fn begin_game(&mut self) {
        self.depth = 0;
        self.replay.begin_game();
        self.tree.begin_game();
    }

    fn tag(&mut self, name: &[u8], value: &RawTag<'_>) {
        self.replay.tag(name, value);
        self.tree.tag(name, value);
    }

    fn begin_movetext(&mut self) -> Skip {
        let replay = self.replay.begin_movetext();
        let tree = self.tree.begin_movetext();
        Skip(replay.0 && tree.0)
    }

    fn san(&mut self, san: &[u8], at: TextPos) {
        if self.depth == 0 {
            self.replay.san(san, at);
        }
        self.tree.san(san, at);
    }

    fn nag(&mut self, nag: u8, at: TextPos) {
        if self.depth == 0 {
            self.replay.nag(nag, at);
        }
        self.tree.nag(nag, at);
    }

    fn comment(&mut self, text: &[u8], at: TextPos) {
        if self.depth == 0 {
            self.replay.comment(text, at);
        }
        self.tree.comment(text, at);
    }

    fn begin_variation(&mut self) -> Skip {
        match self.variations {
            Variations::Drop => Skip(true),
            Variations::Check => {
                self.depth += 1;
                self.tree.begin_variation()
            }
        }
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.tree.end_variation();
    }

    fn outcome(&mut self, outcome: Option<Outcome>, at: TextPos) {
        self.replay.outcome(outcome, at);
        self.tree.outcome(outcome, at);
    }

    fn error(&mut self, err: PgnError) {
        self.replay.error(err.clone());
        self.tree.error(err);
    }

    fn end_game(&mut self) -> (GameReport, Game) {
        self.depth = 0;
        (self.replay.end_game(), self.tree.end_game())
    }
}

/// The most bytes of one game kept for the errors output (64 MiB); a longer game is written
/// cut there (and counted in [`Export::cut`]), so memory stays bounded on any input.
pub const MAX_KEPT: usize = 1 << 26;

/// How much of the input is kept past a game cut at [`MAX_KEPT`]: more than the PGN reader
/// reads ahead, so the next game's text is whole.
const TAIL: usize = 1 << 22;

/// One game's text as read.
struct Raw {
    bytes: Vec<u8>,
    /// Only the first [`MAX_KEPT`] bytes were kept.
    cut: bool,
}

/// The input bytes not yet handed out as a game's text.
struct Kept {
    /// Whether anything is kept (only when failed games are written).
    on: bool,
    /// The most bytes of one game kept ([`MAX_KEPT`]).
    max: usize,
    /// The bytes kept past a cut ([`TAIL`]).
    tail: usize,
    /// The input offset of `bytes[0]`: the start of the game being read.
    base: u64,
    bytes: Vec<u8>,
    /// The first `max` bytes of a game longer than that; `bytes` then keeps only the last
    /// `tail` bytes read.
    head: Option<Vec<u8>>,
    /// Whether the input's first bytes (where a byte order mark may stand) are still kept.
    at_start: bool,
}

impl Kept {
    fn new(on: bool, max: usize, tail: usize) -> Kept {
        Kept {
            on,
            max,
            tail,
            base: 0,
            bytes: Vec::new(),
            head: None,
            at_start: true,
        }
    }

    fn keep(&mut self, read: &[u8]) {
        if !self.on {
            return;
        }
        self.bytes.extend_from_slice(read);
        if self.bytes.len() > self.max + self.tail {
            if self.head.is_none() {
                self.head = Some(self.bytes[..self.max].to_vec());
            }
            let drop = self.bytes.len() - self.tail;
            self.bytes.drain(..drop);
            self.base += drop as u64;
        }
    }

    /// The text of the game that ends at input offset `end`, and the rest kept.
    fn take_game(&mut self, end: u64) -> Raw {
        if !self.on {
            return Raw {
                bytes: Vec::new(),
                cut: false,
            };
        }
        let n = (end.saturating_sub(self.base) as usize).min(self.bytes.len());
        let rest = self.bytes.split_off(n);
        let mut bytes = std::mem::replace(&mut self.bytes, rest);
        self.base = end;
        let cut = self.head.is_some();
        if let Some(head) = self.head.take() {
            bytes = head;
        }
        if std::mem::take(&mut self.at_start) && bytes.starts_with(b"\xef\xbb\xbf") {
            bytes.drain(..3);
        }
        Raw { bytes, cut }
    }
}

/// A reader that keeps what it yields (see [`Kept`]).
struct Recorder<R> {
    inner: R,
    kept: Rc<RefCell<Kept>>,
}

impl<R: Read> Read for Recorder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.kept.borrow_mut().keep(&buf[..n]);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_past_the_limit_is_cut_and_the_next_one_kept_whole() {
        let long = format!("1. e4 {{{}}} e5 *\n", "x".repeat(100));
        let text = format!("\u{feff}{long}[Event \"next\"]\n1. d4 *\n");
        let mut kept = Kept::new(true, 10, 40);
        // Read in pieces, as a reader would, ahead of the games' ends.
        for piece in text.as_bytes().chunks(7) {
            kept.keep(piece);
        }
        let first = kept.take_game(3 + long.len() as u64);
        assert!(first.cut);
        // The first 10 bytes, the byte order mark dropped from them.
        assert_eq!(first.bytes, b"1. e4 {");
        let second = kept.take_game(text.len() as u64);
        assert!(!second.cut);
        assert_eq!(second.bytes, b"[Event \"next\"]\n1. d4 *\n");
    }

    #[test]
    fn a_byte_order_mark_is_dropped_from_the_first_game() {
        let mut kept = Kept::new(true, 100, 100);
        kept.keep(b"\xef\xbb\xbf1. e4 *\n1. d4 *\n");
        assert_eq!(kept.take_game(10).bytes, b"1. e4 *");
        assert_eq!(kept.take_game(18).bytes, b"\n1. d4 *");
    }
}
