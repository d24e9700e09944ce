//! Model perft speed in nodes per second, as plain lines for scripts
//! (`benches/compare_python_chess.py` runs it beside python-chess):
//!
//! ```text
//! cargo bench --bench model_nps -- [--runs N] DEPTH FEN [DEPTH FEN ...]
//! ```
//!
//! prints one line per position: `nodes <n> seconds <median of N runs> fen <fen>`.

use std::time::Instant;

use vdmchess::model::board::{from_start, Start};
use vdmchess::notation::fen::parse_fen;

/// The model's perft: the port's [`vdmchess::rules::perft`] over the model's `Game`.
fn perft(board: &vdmchess::model::board::Board, depth: u32) -> u64 {
    vdmchess::rules::perft(&vdmchess::model::game::Game::new(board.clone()), depth)
}

fn main() {
    // cargo passes `--bench`; skip flags we do not know.
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = 3usize;
    if let Some(i) = args.iter().position(|a| a == "--runs") {
        runs = args.get(i + 1).and_then(|r| r.parse().ok()).unwrap_or(runs);
        args.drain(i..(i + 2).min(args.len()));
    }
    args.retain(|a| !a.starts_with("--"));
    for pair in args.chunks(2) {
        let [depth, fen] = pair else {
            eprintln!("expected DEPTH FEN pairs");
            std::process::exit(2);
        };
        let Ok(depth) = depth.parse::<u32>() else {
            eprintln!("bad depth {depth:?}");
            std::process::exit(2);
        };
        let board = match parse_fen(fen).map(|s| Start::from_setup(&s, s.castling_mode_hint())) {
            Ok(Ok(start)) => from_start(&start),
            Ok(Err(e)) => {
                eprintln!("{fen}: {e}");
                std::process::exit(2);
            }
            Err(e) => {
                eprintln!("{fen}: {e}");
                std::process::exit(2);
            }
        };
        let mut times = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs.max(1) {
            let t = Instant::now();
            nodes = perft(&board, depth);
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        println!(
            "nodes {nodes} seconds {:.6} fen {fen}",
            times[times.len() / 2]
        );
    }
}
