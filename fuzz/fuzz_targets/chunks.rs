//! Parallel replay's chunked reading: cutting the input at the chunker's guesses (at a
//! chunk size taken from the first byte) or before every line that starts with `[`, and
//! mending wrong cuts with the stitcher, gives the games of reading it whole.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vdmchess::notation::pgn::Game;

#[path = "../../tests/common/chunked.rs"]
mod chunked;
use chunked::{chunked_games, cut_everywhere};

fuzz_target!(|data: &[u8]| {
    let Some((&size, text)) = data.split_first() else {
        return;
    };
    let whole = Game::read_all(text).unwrap();
    assert_eq!(chunked_games(text, usize::from(size) + 1), whole);
    assert_eq!(cut_everywhere(text), whole);
});
