//! One game's text replayed on its own, not as part of a PGN stream: for callers that hold
//! games one per record, such as the `movetext` column of the Lichess database's Parquet
//! files (the moves and the result, no tag pairs), or a list of strings.
//!
//! A [`MovetextReplayer`] reads each text with the runner's reader and visitor, so a text
//! gets exactly the [`GameReport`] that `vdmchess replay` gives the same game in a file,
//! and keeps its buffers from one text to the next. It can also list the moves played.
//!
//! ```
//! use vdmchess::core::Chess;
//! use vdmchess::runner::movetext::MovetextReplayer;
//! use vdmchess::runner::Single;
//! use vdmchess::notation::san::SanMode;
//!
//! let mut replayer = MovetextReplayer::<Single<Chess>>::new("movetext", SanMode::Lenient);
//! replayer.record_moves(true);
//! let report = replayer.replay(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
//! assert_eq!(report.plies, 7);
//! assert_eq!(report.status, vdmchess::Status::Checkmate);
//! assert_eq!(replayer.moves_uci(), ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]);
//!
//! let report = replayer.replay(b"1. e4 e5 2. Ke3");
//! assert_eq!(report.plies, 2);
//! assert_eq!(report.error.unwrap().san, "Ke3");
//! ```

use std::io;

use crate::notation::pgn::{Outcome, PgnReader, TextPos, Visitor, SYMBOL};
use crate::notation::san::SanMode;
use crate::rules::Move;
use crate::setup::CastlingMode;

use super::report::{ErrorKind, GameReport, ReplayError};
use super::{Replay, ReplayVisitor};

/// Replays one game per text over `P` (see the [module docs](self)).
pub struct MovetextReplayer<P> {
    visitor: ReplayVisitor<P>,
    /// The reader between texts, holding the buffer the next text is read into.
    reader: Option<PgnReader<io::Empty>>,
}

impl<P: Replay> MovetextReplayer<P> {
    /// A replayer whose reports name `file` and number the texts from 0.
    #[must_use]
    pub fn new(file: &str, mode: SanMode) -> Self {
        MovetextReplayer {
            visitor: ReplayVisitor::new(file, 0, mode),
            reader: Some(PgnReader::new(io::empty())),
        }
    }

    /// Keeps the moves of each text, for [`MovetextReplayer::moves`] (off by default).
    pub fn record_moves(&mut self, on: bool) {
        self.visitor.record_moves(on);
    }

    /// Replays the game `text` holds: its report, as `vdmchess replay` reports that game
    /// (tag pairs before the movetext are read as in a file: a `FEN` tag sets the start).
    ///
    /// A text with no game in it (empty, or only comments) is a game with no moves. A text
    /// with more than one game is the first game, failed with a [`ErrorKind::Pgn`] error where
    /// the first ends: a record holds one game.
    pub fn replay(&mut self, text: &[u8]) -> GameReport {
        match self.replay_plain(text) {
            Some(report) => report,
            None => self.replay_read(text),
        }
    }

    /// The quick way for a plain text, the common case (`1. e4 e5 2. Nf3 ... 1-0`): move
    /// numbers, moves and at most one result at the end, between blanks, and every move
    /// legal. It gives the reader's report without the reader's bookkeeping (positions of
    /// tokens, comments, errors). `None` as soon as the text holds anything else or a move
    /// does not play: the caller then reads the text afresh with [`Self::replay_read`], which
    /// says what is wrong and where.
    fn replay_plain(&mut self, text: &[u8]) -> Option<GameReport> {
        let v = &mut self.visitor;
        v.begin_game();
        v.begin_movetext();
        let mut i = 0;
        loop {
            while i < text.len() && is_blank(text[i]) {
                i += 1;
            }
            let Some(&c) = text.get(i) else {
                break;
            };
            if c.is_ascii_alphabetic() {
                // A move (the reader's `ep` alone is an annotation: left to the reader).
                let end = plain_token_end(text, i)?;
                let token = &text[i..end];
                if token == b"ep" || !v.play_plain(token) {
                    return None;
                }
                i = end;
            } else if c.is_ascii_digit() {
                // A move number (`12.`, `12...`, perhaps with its move attached), or a result.
                let mut j = i + 1;
                while j < text.len() && text[j].is_ascii_digit() {
                    j += 1;
                }
                if text.get(j) == Some(&b'.') {
                    while text.get(j) == Some(&b'.') {
                        j += 1;
                    }
                    i = j;
                    continue;
                }
                let end = plain_token_end(text, i)?;
                Outcome::from_token(&text[i..end])?;
                i = end;
                break;
            } else if c == b'*' {
                i += 1;
                break;
            } else {
                return None;
            }
        }
        // Nothing but blanks may follow the result (else the reader says what does).
        if !text[i..].iter().all(|&c| is_blank(c)) {
            return None;
        }
        Some(v.end_game())
    }

    /// [`Self::replay`] through the PGN reader, for any text.
    fn replay_read(&mut self, text: &[u8]) -> GameReport {
        let reader = self.reader.take();
        let mut reader = reader
            .unwrap_or_else(|| PgnReader::new(io::empty()))
            .reuse(text);
        // Reading from a slice cannot fail.
        let report = match reader.read_game(&mut self.visitor) {
            Ok(Some(report)) => Some(report),
            Ok(None) | Err(_) => None,
        };
        let mut report = report.unwrap_or_else(|| {
            self.visitor.begin_game();
            self.visitor.end_game()
        });
        let second_at = reader.position();
        if matches!(reader.skip_game(), Ok(true)) && report.error.is_none() {
            report.error = Some(second_game_error(report.plies, second_at));
        }
        self.reader = Some(reader.reuse(io::empty()));
        report
    }

    /// The moves of the text replayed last, up to its error if any (`None` for a null move),
    /// when [`MovetextReplayer::record_moves`] is on; empty otherwise.
    #[must_use]
    pub fn moves(&self) -> &[Option<Move>] {
        self.visitor.moves()
    }

    /// How the game replayed last writes castling (see [`ReplayVisitor::castling_mode`]).
    #[must_use]
    pub fn castling_mode(&self) -> CastlingMode {
        self.visitor.castling_mode()
    }

    /// [`MovetextReplayer::moves`] as UCI text (`e2e4`, `e7e8q`; castling as the game's
    /// [`CastlingMode`] writes it; `0000` for a null move, as python-chess writes it).
    #[must_use]
    pub fn moves_uci(&self) -> Vec<String> {
        let mode = self.castling_mode();
        self.moves()
            .iter()
            .map(|m| {
                let mut text = String::with_capacity(5);
                write_uci(m.as_ref(), mode, &mut text);
                text
            })
            .collect()
    }
}

/// Appends a recorded move's UCI text to `out`: [`Move::write_uci`], or `0000` for a null
/// move (`None`).
pub fn write_uci(m: Option<&Move>, mode: CastlingMode, out: &mut String) {
    let (text, len) = uci_bytes(m, mode);
    out.extend(text[..len].iter().map(|&c| char::from(c)));
}

/// [`write_uci`]'s text as ASCII bytes, the first `len` of the five ([`Move::uci_bytes`]):
/// for callers that write moves straight into byte buffers.
#[must_use]
#[inline]
pub fn uci_bytes(m: Option<&Move>, mode: CastlingMode) -> ([u8; 5], usize) {
    match m {
        Some(m) => m.uci_bytes(mode),
        None => (*b"0000 ", 4),
    }
}

/// The bytes between tokens that the reader passes over without a trace in a report.
#[inline]
fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\n' | b'\r' | b'\t')
}

/// The longest token a plain text holds (the reader's limit is far above any move).
const PLAIN_TOKEN_MAX: usize = 32;

/// The end of the token starting at `from` as the reader cuts it (a run of [`SYMBOL`]
/// bytes), when it is short and a blank or the end of the text follows it.
#[inline]
fn plain_token_end(text: &[u8], from: usize) -> Option<usize> {
    let end = text[from..]
        .iter()
        .position(|&c| !SYMBOL[c as usize])
        .map_or(text.len(), |n| from + n);
    let followed = !matches!(text.get(end), Some(&c) if !is_blank(c));
    (end - from <= PLAIN_TOKEN_MAX && followed).then_some(end)
}

/// The error of a text that holds a second game after the first, which ended at `at`.
fn second_game_error(plies: usize, at: TextPos) -> ReplayError {
    ReplayError {
        kind: ErrorKind::Pgn,
        ply: plies + 1,
        san: String::new(),
        line: at.line,
        column: at.column,
        message: "a second game follows the end of the first here: one text holds one game"
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Chess;
    use crate::runner::{replay_reader, Options, Single};
    use crate::Status;

    fn replayer() -> MovetextReplayer<Single<Chess>> {
        let mut r = MovetextReplayer::new("t", SanMode::Lenient);
        r.record_moves(true);
        r
    }

    #[test]
    fn each_text_gets_the_report_the_stream_runner_gives_the_same_game() {
        let texts: [&[u8]; 5] = [
            b"1. f3 e5 2. g4 Qh4# 0-1",
            b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
            b"1. e4 e5 2. Ke3 Nc6 *",
            b"1. e4 %% 2. d4",
            b"1. d4 d5 2. c4 {a comment} dxc4 (2... e6 3. Nc3) 3. e3 1/2-1/2",
        ];
        let mut replayer = replayer();
        for (i, text) in texts.iter().enumerate() {
            let ours = replayer.replay(text);
            let mut streamed = Vec::new();
            let stream = [text, &b"\n"[..]].concat();
            replay_reader::<Single<Chess>, _>(&stream[..], "t", &Options::default(), &mut |r| {
                streamed.push(r)
            })
            .unwrap();
            assert_eq!(streamed.len(), 1, "{i}");
            let theirs = &mut streamed[0];
            theirs.index = i;
            assert_eq!(&ours, theirs, "{i}");
        }
    }

    #[test]
    fn moves_are_listed_as_uci_up_to_the_error_with_castling_as_the_game_writes_it() {
        let mut replayer = replayer();
        let report = replayer.replay(b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Ke3");
        assert_eq!(report.plies, 8);
        assert_eq!(report.error.as_ref().map(|e| e.ply), Some(9));
        let moves = replayer.moves_uci();
        assert_eq!(moves.len(), 8);
        assert_eq!(moves[6], "e1g1");
        let chess960 =
            b"[Variant \"Chess960\"]\n[FEN \"rk6/8/8/8/8/8/8/RK6 w Aa - 0 1\"]\n\n1. O-O-O *";
        let report = replayer.replay(chess960);
        assert!(report.error.is_none(), "{report:?}");
        assert_eq!(replayer.moves_uci(), ["b1a1"]);
        replayer.replay(b"1. e4 -- 2. d4 *");
        assert_eq!(replayer.moves_uci(), ["e2e4", "0000", "d2d4"]);
    }

    /// The quick way for plain texts gives exactly the reader's report and moves, and the
    /// texts it does not take are read: over tricky texts and every bundled game.
    #[test]
    fn plain_texts_get_the_readers_report() {
        let tricky: &[&[u8]] = &[
            b"1.e4 e5 2.Nf3 Nc6 1-0",
            b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0  \n",
            b"1. e4 e5 1-0 {after}",
            b"1. e4 e5 1-0 2. Nf3",
            b"1. e4 e5 * 2. Nf3",
            b"1. e4 e5 *x",
            b"1. e4! e5?? 2. Nf3 *",
            b"1. e4 $1 e5 *",
            b"1. e4 (1. d4) e5 *",
            b"1. e4 ep e5 *",
            b"1. e4 d5 2. e5 f5 3. exf6e.p. *",
            b"1. e4 d5 2. e5 f5 3. exf6 ep *",
            b"1... e5",
            b"1. 0-0 *",
            b"1 e4 e5 *",
            b"1. e4 e5 2. Ke3 Nc6 *",
            b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Re1 b5 6. Bb3 d6 1/2-1/2",
            b"1. e4 -- 2. d4 Z0 *",
            b"1. e4 %% 2. d4",
            b"1. e4\r\n e5\t2. f4\x0b *",
            b"[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"] 1. a8=Q *",
            b"\xef\xbb\xbf1. e4 *",
            b"1. e2e4 e7e5 2. g1f3 *",
            b"1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. d4 Nc6 5. d5 Nxd5 6. exd5 Qh4 7. Qxx5",
            b"1. e4 aVeryLongTokenThatGoesOnAndOnAndOnBeyondThirtyTwoBytes *",
            b"",
            b"  \n ",
            b"*",
            b"1-0",
            b"e4 e5 Nf3 Nc6 Bb5",
        ];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts: Vec<Vec<u8>> = tricky.iter().map(|t| t.to_vec()).collect();
        let mut dir: Vec<_> = std::fs::read_dir(root.join("spec/conformance/games"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect();
        dir.sort();
        for path in dir {
            let file = std::fs::read(path).unwrap();
            let mut moves = Vec::new();
            for line in file.split(|&c| c == b'\n') {
                if line.starts_with(b"[") {
                    if !moves.is_empty() {
                        texts.push(std::mem::take(&mut moves));
                    }
                } else {
                    moves.extend_from_slice(line);
                    moves.push(b'\n');
                }
            }
            texts.push(moves);
        }
        assert!(texts.len() > 20_000, "{} texts", texts.len());
        let (mut quick, mut read) = (replayer(), replayer());
        let mut plain = 0;
        for (i, text) in texts.iter().enumerate() {
            let ours = quick.replay(text);
            let theirs = read.replay_read(text);
            assert_eq!(ours, theirs, "text {i}: {}", String::from_utf8_lossy(text));
            assert_eq!(quick.moves(), read.moves(), "text {i}");
            assert_eq!(quick.castling_mode(), read.castling_mode(), "text {i}");
            if replayer().replay_plain(text).is_some() {
                plain += 1;
            }
        }
        // Most games take the quick way; the tricky texts that are not plain do not.
        assert!(plain > texts.len() * 9 / 10, "{plain} of {}", texts.len());
        for text in [
            &b"1. e4! e5 *"[..],
            b"1. e4 {c} e5",
            b"1. e4 e5 2. Ke3",
            b"1. e4 ep",
        ] {
            assert!(replayer().replay_plain(text).is_none());
        }
    }

    #[test]
    fn a_text_without_a_game_is_a_game_without_moves() {
        let mut replayer = replayer();
        for text in [&b""[..], b"   \n", b"{ only a comment }"] {
            let report = replayer.replay(text);
            assert_eq!(report.plies, 0);
            assert!(report.error.is_none(), "{report:?}");
            assert_eq!(report.status, Status::Ongoing);
            assert_eq!(
                report.final_fen,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            );
        }
    }

    #[test]
    fn a_second_game_in_one_text_fails_the_text_where_it_starts() {
        let mut replayer = replayer();
        let report = replayer.replay(b"1. e4 e5 1-0\n1. d4 d5 *");
        assert_eq!(report.plies, 2);
        let e = report.error.expect("an error");
        assert_eq!(
            (e.kind, e.ply, e.line, e.column),
            (ErrorKind::Pgn, 3, 1, 13)
        );
        // The next text is read afresh.
        let report = replayer.replay(b"1. c4 *");
        assert!(report.error.is_none());
        assert_eq!(replayer.moves_uci(), ["c2c4"]);
    }
}
