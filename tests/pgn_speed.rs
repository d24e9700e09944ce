//! Reader throughput on the shared corpus (`cargo test --release --test pgn_speed -- --ignored
//! --nocapture`). It prints MB/s and asserts only the token counts, never time.
//!
//! Times are this thread's CPU time where Linux gives it (`/proc/thread-self/stat`, 10 ms
//! ticks), so a busy machine does not distort them; wall time elsewhere.

/// A stopwatch of this thread's CPU time (or wall time when that is unavailable).
struct Instant(Option<f64>, std::time::Instant);

fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

impl Instant {
    fn now() -> Instant {
        Instant(thread_cpu_seconds(), std::time::Instant::now())
    }

    fn elapsed(&self) -> std::time::Duration {
        match (self.0, thread_cpu_seconds()) {
            (Some(a), Some(b)) => std::time::Duration::from_secs_f64((b - a).max(0.01)),
            _ => self.1.elapsed(),
        }
    }
}

use vdmchess::notation::pgn::{PgnReader, TextPos, Visitor};

#[derive(Default)]
struct Count {
    sans: u64,
}

impl Visitor for Count {
    type Output = ();
    fn san(&mut self, _san: &[u8], _at: TextPos) {
        self.sans += 1;
    }
    fn end_game(&mut self) {}
}

fn corpus() -> Vec<u8> {
    let mut all = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir("spec/conformance/games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    paths.sort();
    for p in paths {
        all.extend(std::fs::read(p).unwrap());
        all.extend(b"\n");
    }
    all
}

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn reader_throughput_reading_and_skipping() {
    let data = corpus();
    let mb = data.len() as f64 / 1e6;
    for round in 0..3 {
        let t = Instant::now();
        let mut v = Count::default();
        let mut games = 0;
        for _ in 0..4 {
            let mut reader = PgnReader::new(&data[..]);
            games = 0;
            while reader.read_game(&mut v).unwrap().is_some() {
                games += 1;
            }
        }
        let read = t.elapsed().as_secs_f64() / 4.0;
        let t = Instant::now();
        let mut split = 0;
        for _ in 0..4 {
            let mut reader = PgnReader::new(&data[..]);
            split = 0;
            while reader.skip_game().unwrap() {
                split += 1;
            }
        }
        let split_s = t.elapsed().as_secs_f64() / 4.0;
        println!(
            "round {round}: {games} games, {} moves; read {:.0} MB/s, skip {:.0} MB/s ({split} games)",
            v.sans,
            mb / read,
            mb / split_s
        );
        assert_eq!(games, split);
        assert_eq!(v.sans, 4 * 2_149_127);
        v.sans = 0;
    }
}

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn san_resolution_throughput() {
    use vdmchess::core::Chess;
    use vdmchess::notation::pgn::Game;
    use vdmchess::notation::san::{SanMode, SanPlus};
    use vdmchess::{CastlingMode, Rules, Setup};

    // Every mainline token in one contiguous buffer, as the runner sees them in the reader's.
    let data = corpus();
    let mut text = Vec::new();
    let mut games: Vec<Vec<(usize, usize)>> = Vec::new();
    for g in Game::read_all(&data[..]).unwrap() {
        games.push(
            g.mainline()
                .map(|san| {
                    text.extend_from_slice(san.as_bytes());
                    (text.len() - san.len(), text.len())
                })
                .collect(),
        );
    }
    let start = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
    for round in 0..3 {
        let t = Instant::now();
        let mut parsed = 0u64;
        for _ in 0..4 {
            for game in &games {
                for &(a, b) in game {
                    parsed += u64::from(SanPlus::from_ascii(&text[a..b], SanMode::Lenient).is_ok());
                }
            }
        }
        println!(
            "round {round}: {parsed} SAN parsed alone: {:.1} M/s",
            parsed as f64 / t.elapsed().as_secs_f64() / 1e6
        );
        let t = Instant::now();
        let mut moves = 0u64;
        for game in &games {
            let mut pos = start.clone();
            for &(a, b) in game {
                let Ok(s) = SanPlus::from_ascii(&text[a..b], SanMode::Lenient) else {
                    break;
                };
                let Ok(m) = s.to_move(&pos) else {
                    break;
                };
                pos.play_unchecked(&m);
                moves += 1;
            }
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "round {round}: {moves} SAN moves parsed, resolved and played: {:.1} M/s",
            moves as f64 / s / 1e6
        );
        assert_eq!(moves, 2_149_127);
    }
}
