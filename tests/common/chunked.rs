//! Reading PGN in chunks as the parallel runner does, with the cuts made by hand. Shared by
//! `tests/pgn_chunker_agreement.rs` and the `chunks` fuzz target (which includes this file).

use vdmchess::notation::pgn::{Game, GameBuilder, TextPos};
use vdmchess::runner::chunk::{read_chunk, read_chunked, Chunk, ChunkEnd, Stitcher};

/// Cuts before every line that starts with `[` and reads the pieces apart, mended by the
/// stitcher: it must mend every wrong cut.
pub fn cut_everywhere(data: &[u8]) -> Vec<Game> {
    let mut cuts = vec![0];
    cuts.extend((1..data.len()).filter(|&i| data[i - 1] == b'\n' && data[i] == b'['));
    cuts.push(data.len());
    let mut stitcher = Stitcher::new();
    let mut builder = GameBuilder::default();
    let mut games = Vec::new();
    let mut line = 1;
    for w in cuts.windows(2) {
        let chunk = Chunk {
            bytes: data[w[0]..w[1]].to_vec(),
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
    games
}

/// Reads `data` with the chunker's own cuts at chunks of `size` bytes.
pub fn chunked_games(data: &[u8], size: usize) -> Vec<Game> {
    let mut games = Vec::new();
    read_chunked(data, size, &mut GameBuilder::default(), &mut |g| {
        games.push(g)
    })
    .unwrap();
    games
}
