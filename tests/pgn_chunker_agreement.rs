//! The runner's chunker (`vdmchess::runner::chunk::Chunker`) cuts a stream only where the PGN
//! reader is between two games: reading the chunks one by one gives the games of reading the
//! stream whole. Checked on generated PGN soup with many line-initial `[`, and on the corpus.
//!
//! Both tests are ignored until the chunker handles two cases it cuts wrongly today (found by
//! the property test):
//! - a byte order mark before the first tag (`pgn/python-chess-utf8-bom.pgn`): the first line
//!   is not seen as a tag line, so the file is cut inside its first tag section;
//! - a tag pair that does not start its line (`}[Event "x"]\n[Site "y"]`, or
//!   `1. e4 [Event "x"]\n[Site "y"]`): the reader is in that tag section at the next line's
//!   `[`, but the line is not seen as a tag line, so it is cut there.

use proptest::prelude::*;
use vdmchess::notation::pgn::{Game, GameBuilder, PgnReader, TextPos};
use vdmchess::runner::chunk::Chunker;

const PIECES: [&str; 30] = [
    "1.",
    "e4",
    "Nf3",
    "{c}",
    "{",
    "}",
    "(",
    ")",
    "$5",
    "!?",
    "1-0",
    "*",
    "[Event \"x\"]",
    "[Site \"a\\\"b\"]",
    "[Event x \"]\"",
    "[",
    "]",
    "\"",
    "\\",
    ";com",
    "%esc",
    "\r",
    "\n",
    "\n[",
    "\n[A \"{\"]",
    "\n[B \"}\"]",
    "\n {",
    "\n[C \"",
    "\n;",
    "\n%",
];

fn soup() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec((0..PIECES.len(), 0..3u8), 0..50).prop_map(|parts| {
        let mut out = Vec::new();
        for (i, sep) in parts {
            out.extend_from_slice(PIECES[i].as_bytes());
            out.extend_from_slice([&b""[..], b" ", b"\n"][sep as usize]);
        }
        out
    })
}

fn chunked_games(data: &[u8]) -> Vec<Game> {
    let mut chunker = Chunker::with_chunk_size(data, 1);
    let mut games = Vec::new();
    while let Some(chunk) = chunker.next_chunk().unwrap() {
        let start = TextPos {
            line: chunk.line,
            column: 1,
        };
        let mut reader = PgnReader::with_start(&chunk.bytes[..], start);
        while let Some(g) = reader.read_game(&mut GameBuilder::default()).unwrap() {
            games.push(g);
        }
    }
    games
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    #[ignore = "the chunker cuts inside a tag section in two cases (see the module docs)"]
    fn chunks_read_as_the_whole_stream(data in soup()) {
        let whole = Game::read_all(&data[..]).unwrap();
        prop_assert_eq!(chunked_games(&data), whole, "{:?}", String::from_utf8_lossy(&data));
    }
}

#[test]
#[ignore = "the chunker cuts inside a tag section after a byte order mark (see the module docs)"]
fn chunks_of_the_corpus_read_as_the_whole_files() {
    for dir in ["spec/conformance/pgn"] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "pgn") {
                let data = std::fs::read(&p).unwrap();
                assert_eq!(
                    chunked_games(&data),
                    Game::read_all(&data[..]).unwrap(),
                    "{p:?}"
                );
            }
        }
    }
}
