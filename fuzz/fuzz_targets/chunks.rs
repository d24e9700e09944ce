//! Parallel replay's chunked reading: cutting the input at the chunker's guesses (at a
//! chunk size taken from the first byte) or before every line that starts with `[`, and
//! mending wrong cuts with the stitcher, gives the games of reading it whole.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vdmchess::notation::pgn::{Game, GameBuilder, TextPos};
use vdmchess::runner::chunk::{read_chunk, read_chunked, Chunk, ChunkEnd, Stitcher};

fuzz_target!(|data: &[u8]| {
    let Some((&size, text)) = data.split_first() else {
        return;
    };
    let whole = Game::read_all(text).unwrap();
    let mut games = Vec::new();
    read_chunked(text, usize::from(size) + 1, &mut GameBuilder::default(), &mut |g| {
        games.push(g)
    })
    .unwrap();
    assert_eq!(games, whole);

    let mut cuts = vec![0];
    cuts.extend((1..text.len()).filter(|&i| text[i - 1] == b'\n' && text[i] == b'['));
    cuts.push(text.len());
    let mut stitcher = Stitcher::new();
    let mut builder = GameBuilder::default();
    let mut games = Vec::new();
    let mut line = 1;
    for w in cuts.windows(2) {
        let chunk = Chunk {
            bytes: text[w[0]..w[1]].to_vec(),
            start: TextPos { line, column: 1 },
            end: ChunkEnd::Bracket,
        };
        line += chunk.bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        let read = read_chunk(&chunk, &mut builder).unwrap();
        stitcher
            .push(chunk, read, &mut builder, &mut |g| games.push(g))
            .unwrap();
    }
    stitcher.finish(&mut |g| games.push(g));
    assert_eq!(games, whole);
});
