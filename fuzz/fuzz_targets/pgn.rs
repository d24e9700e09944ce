//! PGN: reading never panics or loops; the splitter finds the reader's games; writing what was
//! read and reading it again gives the same lines and reports no syntax error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vdmchess::notation::pgn::{write_game, Game, GameSplitter};

fuzz_target!(|data: &[u8]| {
    let games = Game::read_all(data).unwrap();
    assert_eq!(GameSplitter::new(data).count(), games.len());
    let mut text = String::new();
    for g in &games {
        write_game(g, &mut text);
    }
    let again = Game::read_all(text.as_bytes()).unwrap();
    assert_eq!(again.len(), games.len());
    for (a, b) in games.iter().zip(&again) {
        assert_eq!(a.lines, b.lines);
        assert!(b.errors.is_empty(), "{:?}\n{text}", b.errors);
    }
});
