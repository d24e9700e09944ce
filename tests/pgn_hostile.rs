//! The PGN reader on hostile and broken input: exact error positions, deep nesting without
//! recursion, binary garbage, truncated files, stray brackets, NUL bytes. (Huge comments and
//! tags: `pgn_memory.rs`.)

use vdmchess::notation::pgn::{
    write_game, Game, GameBuilder, Item, Outcome, PgnError, PgnErrorKind, PgnReader, RawTag, Skip,
    TextPos, Visitor,
};

/// Every event as text, with positions.
#[derive(Default)]
struct Trace(Vec<String>);

impl Visitor for Trace {
    type Output = Vec<String>;
    fn begin_game(&mut self) {
        self.0.push("begin".into());
    }
    fn tag(&mut self, name: &[u8], value: &RawTag<'_>) {
        let name = String::from_utf8_lossy(name);
        self.0.push(format!("tag {name}={}", value.decode()));
    }
    fn begin_movetext(&mut self) -> Skip {
        self.0.push("movetext".into());
        Skip(false)
    }
    fn san(&mut self, san: &[u8], at: TextPos) {
        self.0
            .push(format!("{at} san {}", String::from_utf8_lossy(san)));
    }
    fn nag(&mut self, nag: u8, at: TextPos) {
        self.0.push(format!("{at} nag {nag}"));
    }
    fn comment(&mut self, text: &[u8], at: TextPos) {
        self.0
            .push(format!("{at} comment {:?}", String::from_utf8_lossy(text)));
    }
    fn begin_variation(&mut self) -> Skip {
        self.0.push("(".into());
        Skip(false)
    }
    fn end_variation(&mut self) {
        self.0.push(")".into());
    }
    fn outcome(&mut self, outcome: Option<Outcome>, at: TextPos) {
        self.0
            .push(format!("{at} result {}", Outcome::token(outcome)));
    }
    fn error(&mut self, err: PgnError) {
        self.0.push(format!("error {err}"));
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.0)
    }
}

fn trace(text: &[u8]) -> Vec<Vec<String>> {
    let mut reader = PgnReader::new(text);
    let mut games = Vec::new();
    while let Some(g) = reader.read_game(&mut Trace::default()).unwrap() {
        games.push(g);
    }
    games
}

/// The games found by skipping each game's movetext (the reader's fast path).
fn split_count(text: &[u8]) -> usize {
    let mut reader = PgnReader::new(text);
    let mut games = 0;
    while reader.skip_game().unwrap() {
        games += 1;
    }
    games
}

#[test]
fn tokens_and_errors_have_exact_positions() {
    let text = b"\xef\xbb\xbf[Event \"a \\\"b\\\" \\\\\"]\r\n[Site \"Andr\xe9\"]\r\n\r\n\
1.e4 {two\r\nlines} $300 e5?! 2. Nf3 ; rest\r\n%escaped\r\n\
 2... Nc6 (2... d6!) $14 1-0\r\n";
    let games = trace(text);
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0],
        [
            "begin",
            "tag Event=a \"b\" \\",
            "tag Site=André",
            "movetext",
            "4:3 san e4",
            "4:6 comment \"two\\r\\nlines\"",
            "error 5:8: invalid nag: expected $0 to $255",
            "5:13 san e5",
            "5:15 nag 6",
            "5:21 san Nf3",
            "5:25 comment \" rest\"",
            "7:6 san Nc6",
            "(",
            "7:16 san d6",
            "7:18 nag 1",
            ")",
            "7:21 nag 14",
            "7:25 result 1-0",
        ]
    );
    assert_eq!(split_count(text), 1);
}

#[test]
fn stray_brackets_nul_bytes_and_missing_pieces() {
    assert_eq!(
        trace(b"]"),
        [[
            "begin",
            "movetext",
            "error 1:1: unexpected byte 0x5d",
            "error 1:2: movetext ends without a result"
        ]]
    );
    assert_eq!(
        trace(b"1. e4 }} e5 *")[0][2..5],
        [
            "1:4 san e4",
            "error 1:7: unexpected byte 0x7d (and 1 more skipped)",
            "1:10 san e5"
        ]
    );
    assert_eq!(
        trace(b") 1. e4 ) *")[0][2..5],
        [
            "error 1:1: ) without an open variation",
            "1:6 san e4",
            "error 1:9: ) without an open variation"
        ]
    );
    assert_eq!(
        trace(b"1. e4 \0\0\0 e5 *")[0][3..5],
        [
            "error 1:7: unexpected byte 0x00 (and 2 more skipped)",
            "1:11 san e5"
        ]
    );
    assert_eq!(
        trace(b"1. e4 {never closed\n")[0][3..],
        [
            "error 1:7: comment not closed by }",
            "1:7 comment \"never closed\\n\"",
            "error 2:1: movetext ends without a result"
        ]
    );
    assert_eq!(
        trace(b"1. e4 (1. d4 1-0) e5 (1... c5 *")[0][2..],
        [
            "1:4 san e4",
            "(",
            "1:11 san d4",
            "error 1:14: result inside a variation ignored",
            ")",
            "1:19 san e5",
            "(",
            "1:28 san c5",
            "error 1:31: result inside a variation ignored",
            "error 1:32: 1 variation(s) not closed",
            "error 1:32: movetext ends without a result",
        ]
    );
    assert_eq!(
        trace(b"[Event x]\n[Site \"y]\n[Round \"1\"]\n1. e4 !!! $ *")[0],
        [
            "begin",
            "error 1:1: malformed tag pair: expected [Name \"value\"]",
            "error 2:1: malformed tag pair: expected [Name \"value\"]",
            "tag Site=y]",
            "tag Round=1",
            "movetext",
            "4:4 san e4",
            "error 4:7: invalid annotation glyph",
            "error 4:11: invalid nag: expected $0 to $255",
            "4:13 result *",
        ]
    );
}

#[test]
fn tag_values_escape_only_quote_and_backslash() {
    // A backslash before anything else is an ordinary byte: it does not hide the line end.
    assert_eq!(
        trace(b"[Event \"C:\\dir\\ \\\n1. e4 *")[0],
        [
            "begin",
            "error 1:1: malformed tag pair: expected [Name \"value\"]",
            "tag Event=C:\\dir\\ \\",
            "movetext",
            "2:4 san e4",
            "2:7 result *",
        ]
    );
    let games = Game::read_all(&b"[Event \"a\\\\b \\\"q\\\" \\x\"]\n*"[..]).unwrap();
    assert_eq!(
        games[0].tags,
        [("Event".to_string(), "a\\b \"q\" \\x".to_string())]
    );
    let mut out = String::new();
    write_game(&games[0], &mut out);
    assert!(
        out.starts_with("[Event \"a\\\\b \\\"q\\\" \\\\x\"]\n"),
        "{out}"
    );
    assert_eq!(
        Game::read_all(out.as_bytes()).unwrap()[0].tags[0],
        games[0].tags[0]
    );
}

#[test]
fn a_broken_tag_ends_at_a_bracket_outside_quotes_or_at_the_line_end() {
    let games = trace(b"[Event x \"]\" {c\n1. e4\n[Event \"next\"]\n1. d4 *");
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0],
        [
            "begin",
            "error 1:1: malformed tag pair: expected [Name \"value\"]",
            "movetext",
            "2:4 san e4",
            "error 3:1: movetext ends without a result",
        ]
    );
    assert_eq!(games[1][1], "tag Event=next");
}

#[test]
fn en_passant_marks_are_not_moves() {
    assert_eq!(
        trace(b"1. e4 d5 2. e5 f5 3. exf6e.p. e6 4. d4 exd3 e.p. 5. a3 dxc2 ep *")[0][2..],
        [
            "1:4 san e4",
            "1:7 san d5",
            "1:13 san e5",
            "1:16 san f5",
            "1:22 san exf6e.p.",
            "1:31 san e6",
            "1:37 san d4",
            "1:40 san exd3",
            "1:53 san a3",
            "1:56 san dxc2",
            "1:64 result *",
        ]
    );
}

#[test]
fn game_boundaries_follow_the_standard() {
    // A blank line does not end a game; a result or the next tag section does. The comment
    // after the first result opens the second game; its tags follow, so it is dropped.
    let text = b"[White \"a\"]\n\n{before}\n\n1. e4\n\ne5 1-0 {after the result}\n[White \"b\"]\n1. d4\n[White \"c\"]\n1. c4 *";
    let games = trace(text);
    assert_eq!(games.len(), 3);
    assert_eq!(
        games[0][3..6],
        ["3:1 comment \"before\"", "5:4 san e4", "7:1 san e5"]
    );
    assert_eq!(games[1][..3], ["begin", "tag White=b", "movetext"]);
    assert_eq!(
        games[1].last().unwrap(),
        "error 10:1: movetext ends without a result"
    );
    assert_eq!(games[2][..2], ["begin", "tag White=c"]);
    assert_eq!(split_count(text), 3);
    // A file of nothing but white space and comments has no game.
    assert!(trace(b"\n  {just a comment}\r\n; and another\n%escape\n").is_empty());
    assert_eq!(split_count(b"\n  {just a comment}\n"), 0);
}

#[test]
fn deep_nesting_neither_recurses_nor_overflows() {
    const DEPTH: usize = 100_000;
    let mut text = b"1. e4 ".to_vec();
    for _ in 0..DEPTH {
        text.extend_from_slice(b"(1. d4 ");
    }
    text.extend_from_slice(b"1. c4");
    text.extend(vec![b')'; DEPTH]);
    text.extend_from_slice(b" e5 *");
    // A small stack: anything recursive on the nesting would overflow it.
    let text2 = text.clone();
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let games = Game::read_all(&text2[..]).unwrap();
            assert_eq!(games.len(), 1);
            let game = &games[0];
            assert_eq!(game.lines.len(), DEPTH + 1);
            assert_eq!(game.mainline().collect::<Vec<_>>(), ["e4", "e5"]);
            assert!(game.errors.is_empty());
            let deepest = &game.lines[DEPTH].items;
            assert_eq!(deepest, &[Item::Move("d4".into()), Item::Move("c4".into())]);
            let mut out = String::new();
            write_game(game, &mut out);
            let again = Game::read_all(out.as_bytes()).unwrap();
            assert_eq!(again[0].lines, game.lines);
            // Skipping the variations (the default) is only a counter.
            let mut reader = PgnReader::new(&text2[..]);
            assert!(reader.skip_game().unwrap());
            assert!(!reader.skip_game().unwrap());
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(split_count(&text), 1);
}

#[test]
fn binary_garbage_and_truncated_files_end_cleanly() {
    // Pseudo-random bytes (a fixed linear congruential sequence), with some PGN punctuation.
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut garbage = Vec::with_capacity(1 << 20);
    for _ in 0..(1 << 20) {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let b = (x >> 56) as u8;
        garbage.push(match b % 16 {
            0 => b"{}()[]\";%$!?*\n."[(b / 16) as usize % 15],
            _ => b,
        });
    }
    let games = Game::read_all(&garbage[..]).unwrap();
    assert_eq!(games.len(), split_count(&garbage));
    assert!(games.iter().any(|g| !g.errors.is_empty()));

    let file = std::fs::read("spec/conformance/pgn/pgn-extract-najdorf.pgn").unwrap();
    let whole = Game::read_all(&file[..]).unwrap();
    for cut in (0..file.len()).step_by(37) {
        let part = &file[..cut];
        let games = Game::read_all(part).unwrap();
        assert!(games.len() <= whole.len());
        assert_eq!(games.len(), split_count(part), "cut at {cut}");
    }
}

#[test]
fn skipping_movetext_still_finds_the_end_of_the_game() {
    struct TagsOnly(Vec<String>);
    impl Visitor for TagsOnly {
        type Output = Vec<String>;
        fn tag(&mut self, _name: &[u8], value: &RawTag<'_>) {
            self.0.push(value.decode());
        }
        fn begin_movetext(&mut self) -> Skip {
            Skip(true)
        }
        fn san(&mut self, _san: &[u8], _at: TextPos) {
            panic!("skipped movetext reported a move");
        }
        fn error(&mut self, err: PgnError) {
            panic!("skipped movetext reported {err}");
        }
        fn end_game(&mut self) -> Vec<String> {
            std::mem::take(&mut self.0)
        }
    }
    let text =
        b"[White \"a\"]\n1. e4 {1-0} (1. d4 0-1) ; 1/2-1/2\n e5 \x01 0-1\n[White \"b\"]\n1. d4 *";
    let mut reader = PgnReader::new(&text[..]);
    let mut v = TagsOnly(Vec::new());
    assert_eq!(
        reader.read_game(&mut v).unwrap(),
        Some(vec!["a".to_string()])
    );
    assert_eq!(
        reader.read_game(&mut v).unwrap(),
        Some(vec!["b".to_string()])
    );
    assert_eq!(reader.read_game(&mut v).unwrap(), None);
    let games = Game::read_all(&text[..]).unwrap();
    assert_eq!(
        games[0].result,
        Some(Some(Outcome::Decisive {
            winner: vdmchess::Color::Black
        }))
    );
    assert_eq!(
        games[0].errors,
        [
            PgnError {
                pos: TextPos {
                    line: 2,
                    column: 20
                },
                kind: PgnErrorKind::ResultInVariation
            },
            PgnError {
                pos: TextPos { line: 3, column: 5 },
                kind: PgnErrorKind::UnexpectedBytes { byte: 1, count: 1 }
            }
        ]
    );
    let _ = GameBuilder::default();
}

/// Found by the `pgn` fuzz target: comments between the tags and the first move are held back
/// until the movetext starts; a fixed count of them (64) dropped the rest, so writing and
/// reading again lost comments. The limit is now on their bytes (1 MiB).
#[test]
fn many_comments_before_the_first_move_are_all_kept() {
    let text = format!("[Event \"x\"]\n\n{} 1. e4 *\n", "{c} ".repeat(300));
    let games = Game::read_all(text.as_bytes()).unwrap();
    let comments = games[0].lines[0]
        .items
        .iter()
        .filter(|i| matches!(i, Item::Comment(c) if c == "c"))
        .count();
    assert_eq!(comments, 300);
}

/// Found by the `pgn` fuzz target: a `;` comment ending in two carriage returns lost one at
/// each write and read; trailing carriage returns of a `;` comment are line-ending noise.
#[test]
fn a_semicolon_comment_drops_every_trailing_carriage_return() {
    let games = Game::read_all(&b"1. e4 ; note\r\r\r\n*\n"[..]).unwrap();
    assert!(games[0].lines[0]
        .items
        .contains(&Item::Comment(" note".to_string())));
}
