//! Polyglot opening books: books written by the tests (lookup order, weight 0, illegal moves,
//! castling, promotions, en passant), the weighted choice, bad files, python-chess's
//! `chess.polyglot` entry for entry on small books and on Debian's `gnuchess-book`, and
//! `vdmchess book` on the command line.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use vdmchess::book::{
    decode_move, encode_move, write_book, Book, BookEntry, BookError, BookWriter, RawEntry,
};
use vdmchess::core::Position;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::pgn::Game as PgnGame;
use vdmchess::notation::san::{SanMode, SanPlus};
use vdmchess::notation::uci::UciMove;
use vdmchess::{CastlingMode, Move, MoveKind, Role};

mod common;
use common::cli::vdmchess;
use common::external::{gnuchess_book, python_chess};

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vdmchess-book-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The position of a FEN, in the castling mode its rights imply.
fn fen(text: &str) -> Position {
    let setup = parse_fen(text).unwrap();
    Position::from_setup(&setup, setup.castling_mode_hint()).unwrap()
}

/// The position of a FEN in Chess960 mode (castling only as king takes rook).
fn fen960(text: &str) -> Position {
    Position::from_setup(&parse_fen(text).unwrap(), CastlingMode::Chess960).unwrap()
}

/// The position after UCI moves from `pos`.
fn after(mut pos: Position, moves: &[&str]) -> Position {
    for m in moves {
        let m = UciMove::from_ascii(m.as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        pos.play_unchecked(&m);
    }
    pos
}

/// The Polyglot code of `from`-`to` with promotion `code`, from square names.
fn raw(from: &str, to: &str, code: u16) -> u16 {
    let sq = |s: &str| s.parse::<vdmchess::Square>().unwrap().index() as u16;
    (code << 12) | (sq(from) << 6) | sq(to)
}

fn entry(key: u64, raw_move: u16, weight: u16, learn: u32) -> RawEntry {
    RawEntry {
        key,
        raw_move,
        weight,
        learn,
    }
}

/// `(uci, weight, learn)` of each entry, castling written as the position's mode says.
fn listed(pos: &Position, entries: &[BookEntry]) -> Vec<(String, u16, u32)> {
    entries
        .iter()
        .map(|e| (e.mv.to_uci(pos.castling_mode()), e.weight, e.learn))
        .collect()
}

fn owned(rows: &[(&str, u16, u32)]) -> Vec<(String, u16, u32)> {
    rows.iter()
        .map(|&(m, w, l)| (m.to_string(), w, l))
        .collect()
}

/// A book around the start position: its entries in a chosen order (one of weight 0, one
/// illegal), and entries of the keys just below and just above it, which a lookup must not
/// take.
fn start_book() -> (Position, Vec<RawEntry>) {
    let start = Position::start();
    let key = start.hash();
    let entries = vec![
        entry(key + 1, raw("a2", "a3", 0), 9, 0),
        entry(key, raw("g1", "f3", 0), 2, 11),
        entry(key - 1, raw("h2", "h3", 0), 9, 0),
        entry(key, raw("e2", "e4", 0), 5, 12),
        entry(key, raw("d2", "d4", 0), 0, 13),
        entry(key, raw("e2", "e5", 0), 3, 14),
        entry(key, raw("c2", "c4", 0), 1, 15),
    ];
    (start, entries)
}

#[test]
fn entries_come_in_file_order_without_weight_zero_and_illegal_moves() {
    let (start, entries) = start_book();
    let book = Book::from_bytes(write_book(&entries)).unwrap();
    assert_eq!(book.len(), 7);
    // The keys around the start position's sort around its entries.
    assert_eq!(book.raw_entries()[0].raw_move, raw("h2", "h3", 0));
    assert_eq!(book.raw_entries()[6].raw_move, raw("a2", "a3", 0));
    assert_eq!(book.raw_entries_of_key(start.hash()).len(), 5);
    assert_eq!(
        listed(&start, &book.entries(&start)),
        owned(&[("g1f3", 2, 11), ("e2e4", 5, 12), ("c2c4", 1, 15)])
    );
    assert_eq!(
        listed(&start, &book.entries_with_minimum_weight(&start, 0)),
        owned(&[
            ("g1f3", 2, 11),
            ("e2e4", 5, 12),
            ("d2d4", 0, 13),
            ("c2c4", 1, 15)
        ])
    );
    assert_eq!(
        listed(&start, &book.entries_with_minimum_weight(&start, 2)),
        owned(&[("g1f3", 2, 11), ("e2e4", 5, 12)])
    );
    // Every entry carries its stored fields and the key of the position.
    for e in book.entries(&start) {
        assert_eq!(e.key, 0x463b96181691fc9c);
        assert_eq!(e.raw_move, encode_move(&e.mv, &start));
    }
    // The main entry is the heaviest (the first of the heaviest on a tie).
    assert_eq!(book.best(&start).map(|e| e.weight), Some(5));
    // A position the book does not know, and one whose only entries are illegal there.
    let e4 = after(start, &["e2e4"]);
    assert!(book.entries(&e4).is_empty());
    assert_eq!(book.pick(&e4, 7), None);
    assert_eq!(book.best(&e4), None);
    let lone = Book::from_bytes(write_book(&[entry(e4.hash(), raw("e2", "e4", 0), 4, 0)]));
    assert!(lone.unwrap().entries(&e4).is_empty());
}

#[test]
fn writer_sorts_stably_and_books_round_trip_through_files() {
    let (start, entries) = start_book();
    let mut writer = BookWriter::new();
    for e in &entries {
        writer.add(*e);
    }
    assert_eq!(writer.entries(), entries.as_slice());
    let bytes = writer.to_bytes();
    assert_eq!(bytes.len(), 7 * 16);
    assert_eq!(bytes, write_book(&entries));
    // The start position's first stored entry, byte for byte (big-endian).
    assert_eq!(
        bytes[16..32],
        [0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c, 0x01, 0x95, 0, 2, 0, 0, 0, 11]
    );
    let book = writer.to_book();
    assert_eq!(book.to_bytes(), bytes);
    let dir = scratch("round-trip");
    let path = dir.join("small.bin");
    writer.write(&path).unwrap();
    let read = Book::open(&path).unwrap();
    assert_eq!(read, book);
    assert_eq!(read.entries(&start), book.entries(&start));
    // A book built from moves: each added move comes back as itself.
    let e4 = after(start, &["e2e4"]);
    let mut writer = BookWriter::new();
    for (pos, mv, weight) in [
        (e4, "c7c5", 30),
        (start, "e2e4", 10),
        (e4, "e7e5", 20),
        (e4, "e7e6", 0),
    ] {
        let m = UciMove::from_ascii(mv.as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        writer.add_move(&pos, &m, weight, 0);
    }
    let book = Book::from_bytes(writer.to_bytes()).unwrap();
    assert_eq!(
        listed(&e4, &book.entries(&e4)),
        owned(&[("c7c5", 30, 0), ("e7e5", 20, 0)])
    );
    assert_eq!(
        listed(&start, &book.entries(&start)),
        owned(&[("e2e4", 10, 0)])
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn castling_is_king_takes_rook_and_the_kings_move_in_standard_chess() {
    let fen_text = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let pos = fen(fen_text);
    let entries: Vec<RawEntry> = ["h1", "g1", "a1", "c1", "f1", "d1"]
        .iter()
        .enumerate()
        .map(|(i, to)| entry(pos.hash(), raw("e1", to, 0), 1, i as u32))
        .collect();
    let book = Book::from_bytes(write_book(&entries)).unwrap();
    let found = book.entries(&pos);
    // Standard chess: king-takes-rook and the king's two-square move both name castling.
    assert_eq!(
        listed(&pos, &found),
        owned(&[
            ("e1g1", 1, 0),
            ("e1g1", 1, 1),
            ("e1c1", 1, 2),
            ("e1c1", 1, 3),
            ("e1f1", 1, 4),
            ("e1d1", 1, 5)
        ])
    );
    let castle = |rook: &str| Move {
        from: "e1".parse().unwrap(),
        to: rook.parse().unwrap(),
        kind: MoveKind::Castle,
    };
    assert_eq!(found[0].mv, castle("h1"));
    assert_eq!(found[1].mv, castle("h1"));
    assert_eq!(found[2].mv, castle("a1"));
    assert_eq!(encode_move(&castle("h1"), &pos), raw("e1", "h1", 0));
    assert_eq!(encode_move(&castle("a1"), &pos), raw("e1", "a1", 0));
    // Castling written as the king's move is stored as king takes rook; a king's move that
    // is no castling is stored as it is.
    let king = |to: &str| Move::normal("e1".parse().unwrap(), to.parse().unwrap());
    assert_eq!(encode_move(&king("g1"), &pos), raw("e1", "h1", 0));
    assert_eq!(encode_move(&king("c1"), &pos), raw("e1", "a1", 0));
    assert_eq!(encode_move(&king("f1"), &pos), raw("e1", "f1", 0));
    let no_rights = fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1");
    assert_eq!(encode_move(&king("g1"), &no_rights), raw("e1", "g1", 0));
    // Chess960 mode: only king-takes-rook.
    let pos960 = fen960(fen_text);
    assert_eq!(pos960.hash(), pos.hash());
    assert_eq!(
        listed(&pos960, &book.entries(&pos960)),
        owned(&[
            ("e1h1", 1, 0),
            ("e1a1", 1, 2),
            ("e1f1", 1, 4),
            ("e1d1", 1, 5)
        ])
    );
    // Black castles from e8 with the rooks of a8 and h8; without the right, no castling.
    let black = fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b Kq - 0 1");
    let entries = [
        entry(black.hash(), raw("e8", "h8", 0), 1, 0),
        entry(black.hash(), raw("e8", "a8", 0), 1, 1),
    ];
    let book = Book::from_bytes(write_book(&entries)).unwrap();
    assert_eq!(
        listed(&black, &book.entries(&black)),
        owned(&[("e8c8", 1, 1)])
    );
    // Chess960: the king on b1 castles with the rook on a1 (king-takes-rook); b1c1, the
    // square the king castles to, is a plain king move.
    let c960 = fen("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1");
    assert_eq!(c960.castling_mode(), CastlingMode::Chess960);
    let entries = [
        entry(c960.hash(), raw("b1", "a1", 0), 3, 0),
        entry(c960.hash(), raw("b1", "c1", 0), 2, 0),
        entry(c960.hash(), raw("b1", "h1", 0), 1, 0),
    ];
    let found = Book::from_bytes(write_book(&entries))
        .unwrap()
        .entries(&c960);
    assert_eq!(
        listed(&c960, &found),
        owned(&[("b1a1", 3, 0), ("b1c1", 2, 0), ("b1h1", 1, 0)])
    );
    assert_eq!(
        found.iter().map(|e| e.mv.kind).collect::<Vec<_>>(),
        [MoveKind::Castle, MoveKind::Normal, MoveKind::Castle]
    );
}

#[test]
fn promotions_en_passant_and_moves_no_position_allows() {
    let pos = fen("1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    let key = pos.hash();
    let mut entries: Vec<RawEntry> = (0..8)
        .map(|code| entry(key, raw("a7", "a8", code), 1, u32::from(code)))
        .collect();
    entries.extend([
        entry(key, raw("a7", "b8", 1), 1, 10), // a capture promoting to a knight
        entry(key, raw("a1", "a2", 4), 1, 11), // a king "promoting"
        entry(key, raw("a1", "a1", 0), 1, 12), // the null move a1a1
        entry(key, raw("a1", "a1", 2), 1, 13), // a drop (from = to)
        entry(key, raw("a1", "b1", 0) | 0x8000, 1, 14), // bit 15 is ignored
        entry(key, raw("h8", "g8", 0), 1, 15), // the opponent's king
    ]);
    let book = Book::from_bytes(write_book(&entries)).unwrap();
    assert_eq!(
        listed(&pos, &book.entries(&pos)),
        owned(&[
            ("a7a8n", 1, 1),
            ("a7a8b", 1, 2),
            ("a7a8r", 1, 3),
            ("a7a8q", 1, 4),
            ("a7b8n", 1, 10),
            ("a1b1", 1, 14)
        ])
    );
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let m = Move {
            from: "a7".parse().unwrap(),
            to: "a8".parse().unwrap(),
            kind: MoveKind::Promotion(role),
        };
        assert_eq!(encode_move(&m, &pos), raw("a7", "a8", role.index() as u16));
        assert_eq!(decode_move(encode_move(&m, &pos), &pos), Some(m));
    }
    // En passant: after 1.e4 a6 2.e5 d5 the key hashes the d-file, and exd6 is in the book.
    let ep = after(Position::start(), &["e2e4", "a7a6", "e4e5", "d7d5"]);
    let no_ep = fen("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert_ne!(ep.hash(), no_ep.hash());
    let entries = [
        entry(ep.hash(), raw("e5", "d6", 0), 7, 0),
        entry(no_ep.hash(), raw("e5", "d6", 0), 7, 0),
    ];
    let book = Book::from_bytes(write_book(&entries)).unwrap();
    let found = book.entries(&ep);
    assert_eq!(listed(&ep, &found), owned(&[("e5d6", 7, 0)]));
    assert_eq!(found[0].mv.kind, MoveKind::EnPassant);
    assert!(book.entries(&no_ep).is_empty());
}

#[test]
fn pick_follows_the_weights_and_never_plays_weight_zero() {
    let (start, entries) = start_book();
    let book = Book::from_bytes(write_book(&entries)).unwrap();
    // Weights g1f3 2, e2e4 5, d2d4 0, c2c4 1: total 8.
    let uci = |e: Option<BookEntry>| e.unwrap().mv.to_uci(CastlingMode::Standard);
    assert_eq!(uci(book.pick(&start, 0)), "g1f3");
    assert_eq!(uci(book.pick(&start, u64::MAX)), "c2c4");
    // Evenly spaced random numbers: exactly the weights' shares.
    let n: u64 = 8 * 1000;
    let mut counts = std::collections::BTreeMap::new();
    for i in 0..n {
        let random = ((u128::from(i) << 64) / u128::from(n)) as u64;
        *counts.entry(uci(book.pick(&start, random))).or_insert(0) += 1;
    }
    let expected = [("c2c4", 1000), ("e2e4", 5000), ("g1f3", 2000)];
    assert_eq!(
        counts.into_iter().collect::<Vec<_>>(),
        expected.map(|(m, c)| (m.to_string(), c))
    );
    // Pseudo-random numbers (splitmix64): each share within 2% of its weight's, d2d4 never.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut counts = std::collections::BTreeMap::new();
    let n = 40_000;
    for _ in 0..n {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        let picked = book.pick(&start, z).unwrap();
        assert_ne!(picked.weight, 0);
        *counts.entry(uci(Some(picked))).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 3, "{counts:?}");
    for (m, weight) in [("g1f3", 2.0), ("e2e4", 5.0), ("c2c4", 1.0)] {
        let share = f64::from(counts[m]) / f64::from(n);
        assert!((share - weight / 8.0).abs() < 0.02, "{m}: {share}");
    }
    // The same random number, the same entry.
    assert_eq!(book.pick(&start, 12345), book.pick(&start, 12345));
    // Only weight 0 left: nothing to play.
    let zero = Book::from_bytes(write_book(&[entry(start.hash(), raw("e2", "e4", 0), 0, 0)]));
    assert_eq!(zero.unwrap().pick(&start, 0), None);
}

#[test]
fn bad_books_give_exact_errors() {
    let dir = scratch("bad");
    let (_, entries) = start_book();
    let good = write_book(&entries);

    let truncated = dir.join("truncated.bin");
    fs::write(&truncated, &good[..15]).unwrap();
    let err = Book::open(&truncated).unwrap_err();
    assert!(
        matches!(&err, BookError::Size { path: Some(p), size: 15 } if *p == truncated),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        format!("book {}: size 15 bytes is not a multiple of 16 (a Polyglot entry is 16 bytes; 15 bytes after the last whole entry): truncated, or not a Polyglot book", truncated.display())
    );

    let odd = dir.join("odd.bin");
    fs::write(&odd, &good[..16 * 3 + 5]).unwrap();
    let err = Book::open(&odd).unwrap_err();
    assert!(matches!(&err, BookError::Size { size: 53, .. }), "{err:?}");
    assert!(err
        .to_string()
        .contains("size 53 bytes is not a multiple of 16 (a Polyglot entry is 16 bytes; 5 bytes after the last whole entry)"));

    let unsorted = dir.join("unsorted.bin");
    let bytes: Vec<u8> = [
        entry(5, 0x031c, 1, 0),
        entry(7, 0x031c, 1, 0),
        entry(7, 0x031c, 1, 0),
        entry(6, 0x031c, 1, 0),
    ]
    .iter()
    .flat_map(RawEntry::to_bytes)
    .collect();
    fs::write(&unsorted, &bytes).unwrap();
    let err = Book::open(&unsorted).unwrap_err();
    assert!(
        matches!(&err, BookError::Unsorted { path: Some(p), index: 3, key: 6, previous_key: 7 } if *p == unsorted),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        format!("book {}: entry 3 (byte offset 48) has key 0000000000000006, smaller than the key 0000000000000007 of entry 2: a Polyglot book is sorted by key", unsorted.display())
    );
    // Read from memory, the message has no file name.
    assert_eq!(
        Book::from_bytes(bytes).unwrap_err().to_string(),
        "book: entry 3 (byte offset 48) has key 0000000000000006, smaller than the key 0000000000000007 of entry 2: a Polyglot book is sorted by key"
    );

    let missing = dir.join("missing.bin");
    let err = Book::open(&missing).unwrap_err();
    match &err {
        BookError::Io { path, source } => {
            assert_eq!(*path, missing);
            assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
        }
        other => panic!("expected an I/O error, got {other:?}"),
    }
    assert!(err
        .to_string()
        .starts_with(&format!("cannot read book {}: ", missing.display())));
    assert!(std::error::Error::source(&err).is_some());
    // An error a caller can box and send across threads.
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(err);
    assert!(boxed.to_string().contains("missing.bin"));
    assert!(Book::open(&dir).is_err(), "a directory is not a book");

    // An empty file is a book with no entries.
    let empty = dir.join("empty.bin");
    fs::write(&empty, b"").unwrap();
    let book = Book::open(&empty).unwrap();
    assert!(book.is_empty());
    assert!(book.entries(&Position::start()).is_empty());

    // Writing where no file can be.
    let err = BookWriter::new()
        .write(dir.join("no/such/dir.bin"))
        .unwrap_err();
    assert!(matches!(err, BookError::Write { .. }), "{err:?}");
    assert!(err.to_string().starts_with("cannot write book "));
    fs::remove_dir_all(dir).unwrap();
}

/// What python-chess's `find_all` yields: one JSON line per input line, holding for each
/// position of the line (the start, then after each move) the list of entries as
/// `[uci, raw_move, weight, learn]`. Input lines: `{"fen": FEN or null, "chess960": bool,
/// "moves": [uci ...], "minimum_weight": n}`.
const PYTHON_FIND_ALL: &str = r#"
import chess, chess.polyglot, json, sys
with chess.polyglot.open_reader(sys.argv[1]) as reader:
    for line in sys.stdin:
        case = json.loads(line)
        board = chess.Board(case["fen"] or chess.STARTING_FEN, chess960=case["chess960"])
        found = []
        for ply in range(len(case["moves"]) + 1):
            if ply:
                board.push_uci(case["moves"][ply - 1])
            found.append([[e.move.uci(), e.raw_move, e.weight, e.learn]
                          for e in reader.find_all(board, minimum_weight=case["minimum_weight"])])
        print(json.dumps(found))
"#;

/// One line of positions to compare: a start (FEN or the standard start) and moves from it.
struct Case {
    fen: Option<String>,
    chess960: bool,
    moves: Vec<String>,
    minimum_weight: u16,
}

impl Case {
    fn start(&self) -> Position {
        match &self.fen {
            Some(f) if self.chess960 => fen960(f),
            Some(f) => fen(f),
            None => Position::start(),
        }
    }
}

/// An entry as compared: `(uci, raw_move, weight, learn)`.
type Found = (String, u16, u16, u32);

/// Runs python-chess on the cases; for each case, for each of its positions, the entries.
fn python_find_all(book: &Path, cases: &[Case]) -> Vec<Vec<Vec<Found>>> {
    let mut input = String::new();
    for c in cases {
        let line = serde_json::json!({
            "fen": c.fen, "chess960": c.chess960, "moves": c.moves, "minimum_weight": c.minimum_weight,
        });
        input.push_str(&line.to_string());
        input.push('\n');
    }
    let mut child = Command::new("python3")
        .args(["-c", PYTHON_FIND_ALL])
        .arg(book)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let out: Output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(
        out.status.success(),
        "python-chess failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<_> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), cases.len());
    lines
}

/// Compares our entries with python-chess's for every position of every case; returns the
/// number of positions and of entries compared, and of castling entries among them.
fn compare_with_python(book_path: &Path, cases: &[Case]) -> (usize, usize, usize) {
    let book = Book::open(book_path).unwrap();
    let theirs = python_find_all(book_path, cases);
    let (mut positions, mut compared, mut castles) = (0, 0, 0);
    for (case, theirs) in cases.iter().zip(theirs) {
        let mut pos = case.start();
        assert_eq!(theirs.len(), case.moves.len() + 1);
        for (ply, theirs) in theirs.into_iter().enumerate() {
            if ply > 0 {
                pos = after(pos, &[case.moves[ply - 1].as_str()]);
            }
            let ours = book.entries_with_minimum_weight(&pos, case.minimum_weight);
            let ours: Vec<Found> = ours
                .iter()
                .map(|e| {
                    castles += usize::from(e.mv.is_castle());
                    (
                        e.mv.to_uci(pos.castling_mode()),
                        e.raw_move,
                        e.weight,
                        e.learn,
                    )
                })
                .collect();
            assert_eq!(
                ours,
                theirs,
                "{} after {:?}",
                case.fen.as_deref().unwrap_or("startpos"),
                &case.moves[..ply]
            );
            positions += 1;
            compared += ours.len();
        }
    }
    (positions, compared, castles)
}

#[test]
fn small_books_read_like_python_chess() {
    if !python_chess("small_books_read_like_python_chess") {
        return;
    }
    let dir = scratch("python-small");
    let positions = [
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", false),
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", true),
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b Kq - 0 1", false),
        ("1n5k/P7/8/8/8/8/8/K7 w - - 0 1", false),
        ("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true),
        ("4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1", false),
    ];
    // Every from-to pair of a few squares with every promotion code, weights 0 to 2: legal
    // and illegal moves, castling both ways, drops and null moves.
    let squares = [
        "a1", "a7", "a8", "b1", "b8", "c1", "e1", "e3", "e8", "f4", "g1", "h1", "h8",
    ];
    let mut entries = Vec::new();
    let mut learn = 0;
    for (f, _) in positions {
        let key = fen(f).hash();
        for from in squares {
            for to in squares {
                for code in [0, 1, 4, 5, 7] {
                    learn += 1;
                    entries.push(entry(key, raw(from, to, code), (learn % 3) as u16, learn));
                }
            }
        }
    }
    let path = dir.join("small.bin");
    fs::write(&path, write_book(&entries)).unwrap();
    let mut cases = Vec::new();
    for (f, chess960) in positions {
        for minimum_weight in [0, 1, 2] {
            cases.push(Case {
                fen: Some(f.to_string()),
                chess960,
                moves: Vec::new(),
                minimum_weight,
            });
        }
    }
    let (positions, compared, castles) = compare_with_python(&path, &cases);
    assert_eq!(positions, 18);
    assert!(
        compared > 50 && castles > 5,
        "{compared} entries, {castles} castles"
    );
    fs::remove_dir_all(dir).unwrap();
}

/// Common openings as UCI moves (castling as the king's move), each ending past its book line.
const OPENINGS: [&str; 10] = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5 d4b3 c8e6",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3 h7h6 g5h4 b7b6",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8 f1e2 e7e5 e1g1 b8c6",
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5 f6d7 g5e7 d8e7 f2f4 e8g8",
    "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5 e4g3 f5g6 h2h4 h7h6 g1f3 b8d7",
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5 c4d5 f6d5 f1g2 d5b6 e1g1 f8e7",
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b4 c1d2 b4d2",
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6 f1c4 c7c5 e1g1 a7a6 d1e2 b7b5",
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c7c6 f1c4 c8f5 c1d2 e7e6",
];

/// The first `plies` moves (UCI) of the first `per_file` standard games of each bundled PGN
/// file, read from SAN by the core.
fn master_openings(per_file: usize, plies: usize) -> Vec<Vec<String>> {
    let mut lines = Vec::new();
    for file in common::pgn_files("spec/conformance/games") {
        let games = PgnGame::read_all(fs::File::open(&file).unwrap()).unwrap();
        for game in games
            .iter()
            .filter(|g| g.tag("FEN").is_none())
            .take(per_file)
        {
            let mut pos = Position::start();
            let mut line = Vec::new();
            for san in game.mainline().take(plies) {
                let Ok(m) = SanPlus::from_ascii(san.as_bytes(), SanMode::Lenient)
                    .map_err(|e| e.to_string())
                    .and_then(|s| s.to_move(&pos).map_err(|e| e.to_string()))
                else {
                    break;
                };
                line.push(m.to_uci(CastlingMode::Standard));
                pos.play_unchecked(&m);
            }
            lines.push(line);
        }
    }
    lines
}

#[test]
fn gnuchess_book_reads_like_python_chess() {
    let test = "gnuchess_book_reads_like_python_chess";
    let Some(path) = gnuchess_book(test) else {
        return;
    };
    if !python_chess(test) {
        return;
    }
    let mut lines: Vec<Vec<String>> = OPENINGS
        .iter()
        .map(|l| l.split(' ').map(String::from).collect())
        .collect();
    lines.extend(master_openings(30, 12));
    assert!(lines.len() > 300, "{} lines", lines.len());
    let cases: Vec<Case> = lines
        .into_iter()
        .map(|moves| Case {
            fen: None,
            chess960: false,
            moves,
            minimum_weight: 1,
        })
        .collect();
    let (positions, compared, castles) = compare_with_python(&path, &cases);
    eprintln!("{positions} positions, {compared} entries, {castles} castling entries");
    assert!(positions > 4000, "{positions} positions");
    assert!(compared > 10_000, "{compared} entries");
    assert!(castles > 50, "{castles} castling entries");
}

#[test]
fn gnuchess_book_knows_the_start_position() {
    let Some(path) = gnuchess_book("gnuchess_book_knows_the_start_position") else {
        return;
    };
    let book = Book::open(path).unwrap();
    let start = Position::start();
    let entries = book.entries(&start);
    let first: Vec<String> = entries
        .iter()
        .take(4)
        .map(|e| e.mv.to_uci(CastlingMode::Standard))
        .collect();
    assert_eq!(first, ["e2e4", "d2d4", "g1f3", "c2c4"]);
    assert_eq!(
        book.best(&start).unwrap().mv.to_uci(CastlingMode::Standard),
        "e2e4"
    );
    // Every random number picks a move of the book, legal in the position.
    for random in [0, 1 << 40, u64::MAX / 3, u64::MAX] {
        let picked = book.pick(&start, random).unwrap();
        assert!(start.is_legal(&picked.mv));
    }
}

#[test]
fn book_command_lists_entries_and_exits_by_what_it_found() {
    let dir = scratch("cli");
    let (start, mut entries) = start_book();
    let e4 = after(start, &["e2e4"]);
    entries.push(entry(e4.hash(), raw("e7", "e5", 0), 3, 0));
    let path = dir.join("cli.bin");
    fs::write(&path, write_book(&entries)).unwrap();
    let file = path.to_str().unwrap();

    let o = vdmchess(&["book", file]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "position: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         key: 463b96181691fc9c\n\
         move   san      weight      learn   share\n\
         g1f3   Nf3           2         11  25.00%\n\
         e2e4   e4            5         12  62.50%\n\
         c2c4   c4            1         15  12.50%\n\
         3 entries, total weight 8\n\
         skipped 1 of weight 0 (never played; --all lists them)\n\
         skipped 1 whose move is not legal in this position\n"
    );

    let o = vdmchess(&["book", file, "--all", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json["key"], "463b96181691fc9c");
    assert_eq!(json["total_weight"], 8);
    let moves: Vec<&str> = json["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["uci"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["g1f3", "e2e4", "d2d4", "c2c4"]);
    assert_eq!(json["entries"][1]["san"], "e4");
    assert_eq!(json["entries"][1]["percent"], 62.5);
    assert_eq!(json["entries"][1]["raw_move"], 0x031c);
    assert_eq!(json["entries"][2]["weight"], 0);
    assert_eq!(json["entries"][2]["percent"], 0.0);
    assert_eq!(json["skipped_weight_zero"], 0);
    assert_eq!(json["skipped_illegal"], 1);

    // Moves from the start, and the same position by FEN.
    for args in [
        vec!["book", file, "--moves", "e2e4"],
        vec![
            "book",
            file,
            "--fen",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ],
    ] {
        let o = vdmchess(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(
            text.contains("\ne7e5   e5            3          0 100.00%\n"),
            "{text}"
        );
    }

    // A position the book does not know: exit 1.
    let o = vdmchess(&["book", file, "--moves", "d2d4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8(o.stdout)
        .unwrap()
        .ends_with("\nno entries\n"));

    // Bad input: exit 2 and the reason.
    let bad = dir.join("bad.bin");
    fs::write(&bad, [0u8; 20]).unwrap();
    let stderr = |args: &[&str]| {
        let o = vdmchess(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        String::from_utf8(o.stderr).unwrap()
    };
    assert_eq!(
        stderr(&["book", bad.to_str().unwrap()]),
        format!("error: book {}: size 20 bytes is not a multiple of 16 (a Polyglot entry is 16 bytes; 4 bytes after the last whole entry): truncated, or not a Polyglot book\n", bad.display())
    );
    let missing = dir.join("missing.bin");
    assert!(stderr(&["book", missing.to_str().unwrap()])
        .starts_with(&format!("error: cannot read book {}: ", missing.display())));
    assert!(stderr(&["book", file, "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]).starts_with("error: "));
    assert_eq!(
        stderr(&["book", file, "--moves", "e2e4", "e2e4"]),
        "error: --moves: move 2 (e2e4) is illegal: no_piece (FIDE 3.10.1): there is no piece on e2, in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    );
    assert!(stderr(&["book", file, "--moves", "e2e9"])
        .starts_with("error: --moves: move 1 (e2e9): invalid san"));
    fs::remove_dir_all(dir).unwrap();
}
