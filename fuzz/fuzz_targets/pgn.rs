//! PGN: reading never panics or loops; skipping finds the reader's games; writing what was
//! read and reading it again gives the same lines and reports no syntax error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vdmchess::notation::pgn::{write_game, Game, PgnReader};

fuzz_target!(|data: &[u8]| {
    let games = Game::read_all(data).unwrap();
    let mut skipping = PgnReader::new(data);
    let mut skipped = 0;
    while skipping.skip_game().unwrap() {
        skipped += 1;
    }
    assert_eq!(skipped, games.len());
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
