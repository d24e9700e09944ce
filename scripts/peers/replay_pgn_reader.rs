// Peer for scripts/bench_replay_peers.sh: replays every mainline move of PGN files with
// pgn-reader + shakmaty (crates.io), the way their documentation shows, and prints games,
// plies and errors. Built outside the repository by the script; not part of the crate.
use std::{env, fs::File, io, time::Instant};

use pgn_reader::{BufferedReader, RawHeader, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

struct Replay {
    pos: Chess,
    plies: u64,
    error: bool,
}

impl Visitor for Replay {
    type Result = (u64, bool);

    fn begin_game(&mut self) {
        self.pos = Chess::default();
        self.plies = 0;
        self.error = false;
    }

    fn header(&mut self, key: &[u8], value: RawHeader<'_>) {
        if key == b"FEN" {
            let fen = Fen::from_ascii(value.as_bytes()).ok();
            match fen.and_then(|f| f.into_position(CastlingMode::Chess960).ok()) {
                Some(pos) => self.pos = pos,
                None => self.error = true,
            }
        }
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn san(&mut self, san_plus: SanPlus) {
        if self.error {
            return;
        }
        match san_plus.san.to_move(&self.pos) {
            Ok(m) => {
                self.pos.play_unchecked(&m);
                self.plies += 1;
            }
            Err(_) => self.error = true,
        }
    }

    fn end_game(&mut self) -> (u64, bool) {
        (self.plies, self.error)
    }
}

fn main() -> io::Result<()> {
    let start = Instant::now();
    let (mut games, mut plies, mut errors) = (0u64, 0u64, 0u64);
    let mut visitor = Replay { pos: Chess::default(), plies: 0, error: false };
    for path in env::args().skip(1) {
        let mut reader = BufferedReader::new(File::open(&path)?);
        while let Some((p, e)) = reader.read_game(&mut visitor)? {
            games += 1;
            plies += p;
            errors += e as u64;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!("games: {games}, plies: {plies}, errors: {errors}, seconds: {secs:.3}, games/s: {:.0}", games as f64 / secs);
    Ok(())
}
