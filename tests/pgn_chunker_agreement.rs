//! The parallel runner reads a stream in chunks, apart: its chunker cuts before lines that
//! look like a game's first tag pair, and a stitcher reads a game again with the next chunk
//! joined on where the reader says a cut fell inside a comment or a tag section
//! (`vdmchess::runner::chunk`). Reading the chunks so gives the games of reading the stream
//! whole, positions of errors included. Checked on generated PGN soup with many line-initial
//! `[`, cut by the chunker at several sizes and at every line that starts with `[`, and on the
//! corpus.
//!
//! Cases an earlier exact chunker got wrong stay in the soup: a byte order mark before the
//! first tag (`pgn/python-chess-utf8-bom.pgn`), and a tag pair that does not start its line
//! (`}[Event "x"]\n[Site "y"]`, `1. e4 [Event "x"]\n[Site "y"]`), after which the reader is
//! still in that tag section at the next line's `[`.

use proptest::prelude::*;
mod common;

use common::chunked::{chunked_games, cut_everywhere};
use vdmchess::notation::pgn::Game;

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]

    fn chunks_read_as_the_whole_stream(data in soup()) {
        let whole = Game::read_all(&data[..]).unwrap();
        let text = String::from_utf8_lossy(&data);
        prop_assert_eq!(&cut_everywhere(&data), &whole, "every [ line: {:?}", text);
        for size in [1, 5, 40] {
            prop_assert_eq!(&chunked_games(&data, size), &whole, "size {}: {:?}", size, text);
        }
    }
}

#[test]

fn chunks_of_the_corpus_read_as_the_whole_files() {
    for dir in ["spec/conformance/pgn"] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "pgn") {
                let data = std::fs::read(&p).unwrap();
                let whole = Game::read_all(&data[..]).unwrap();
                assert_eq!(cut_everywhere(&data), whole, "{p:?}");
                for size in [1, 1000] {
                    assert_eq!(chunked_games(&data, size), whole, "{p:?} {size}");
                }
            }
        }
    }
}
