//! Reader throughput on the shared corpus (`cargo test --release --test pgn_speed -- --ignored
//! --nocapture`). It prints MB/s and asserts only the token counts, never time.

use std::time::Instant;

use vdmchess::notation::pgn::{GameSplitter, PgnReader, TextPos, Visitor};

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
fn reader_and_splitter_throughput() {
    let data = corpus();
    let mb = data.len() as f64 / 1e6;
    for round in 0..3 {
        let t = Instant::now();
        let mut reader = PgnReader::new(&data[..]);
        let mut v = Count::default();
        let mut games = 0;
        while reader.read_game(&mut v).unwrap().is_some() {
            games += 1;
        }
        let read = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let split = GameSplitter::new(&data[..]).count();
        let split_s = t.elapsed().as_secs_f64();
        println!(
            "round {round}: {games} games, {} moves; read {:.0} MB/s, split {:.0} MB/s ({split} games)",
            v.sans,
            mb / read,
            mb / split_s
        );
        assert_eq!(games, split);
        assert_eq!(v.sans, 2_149_127);
    }
}
