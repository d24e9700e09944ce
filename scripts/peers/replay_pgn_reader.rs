// Peer for scripts/bench_replay_peers.sh: replays every mainline move of PGN files with
// pgn-reader 0.29 + shakmaty 0.30 (crates.io), the way pgn-reader's `validate` example does,
// and prints games, plies and errors. Built outside the repository by the script; not part of
// the crate.
use std::{env, fs::File, io, ops::ControlFlow, time::Instant};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

/// The position being replayed and its plies; `None` after an error.
struct Game {
    pos: Option<Chess>,
    plies: u64,
}

struct Replay;

impl Visitor for Replay {
    type Tags = Option<Option<Chess>>;
    type Movetext = Game;
    type Output = (u64, bool);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let fen = Fen::from_ascii(value.as_bytes()).ok();
            *tags = Some(fen.and_then(|f| f.into_position(CastlingMode::Chess960).ok()));
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let pos = tags.unwrap_or_else(|| Some(Chess::default()));
        ControlFlow::Continue(Game { pos, plies: 0 })
    }

    fn san(&mut self, game: &mut Game, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if let Some(pos) = &mut game.pos {
            match san_plus.san.to_move(pos) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    game.plies += 1;
                }
                Err(_) => game.pos = None,
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Game) -> (u64, bool) {
        (game.plies, game.pos.is_none())
    }
}

fn main() -> io::Result<()> {
    let start = Instant::now();
    let (mut games, mut plies, mut errors) = (0u64, 0u64, 0u64);
    for path in env::args().skip(1) {
        let mut reader = Reader::new(File::open(&path)?);
        while let Some((p, e)) = reader.read_game(&mut Replay)? {
            games += 1;
            plies += p;
            errors += e as u64;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!("games: {games}, plies: {plies}, errors: {errors}, seconds: {secs:.3}, games/s: {:.0}", games as f64 / secs);
    Ok(())
}
