//! Criterion benchmarks of the port's perft over the core (bulk counting, one thread) on the three positions
//! the peer comparison uses (`scripts/bench_perft_peers.sh`), at depths small enough for
//! criterion's repeated sampling, plus the port-level replay path (`play_unchecked` with
//! repetition bookkeeping and the masked `legal_moves_to_into` a SAN reader calls).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use vdmchess::core::{Chess, Position};
use vdmchess::notation::fen::parse_fen;
use vdmchess::rules::perft;
use vdmchess::{CastlingMode, Rules, Setup};

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("cpw-pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("core_perft");
    group.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let pos = Position::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Standard).unwrap();
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}-d{depth}"), |b| {
            b.iter(|| perft(black_box(&pos), depth))
        });
    }
    group.finish();
}

/// Replays a fixed 40-ply line through the port: for each ply, find the move by role and
/// target square (as a SAN reader does) and play it.
fn bench_replay(c: &mut Criterion) {
    let line = "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5 d4b3 c8e6 f2f3 f8e7 \
                d1d2 e8h8 e1a1 b8d7 g2g4 b7b5 g4g5 b5b4 c3e2 f6e8 f3f4 a6a5 f4f5 a5a4 b3d4 e5d4 \
                e2d4 b4b3 a2b3 a4b3 c2b3 e6b3 d4b3 a8a1";
    let start = Chess::from_setup(&Setup::start(), CastlingMode::Chess960).unwrap();
    let mut moves = Vec::new();
    let mut game = start.clone();
    for uci in line.split_whitespace() {
        let m = game
            .legal_moves()
            .into_iter()
            .find(|m| m.to_uci(CastlingMode::Chess960) == uci)
            .expect("the benchmark line is legal");
        let role = game.piece_at(m.from).expect("a piece moves").role;
        moves.push((role, m));
        game.play_unchecked(&m);
    }
    let mut group = c.benchmark_group("core_replay");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("40-plies-by-role-and-square", |b| {
        let mut found = Vec::with_capacity(8);
        b.iter(|| {
            let mut g = start.clone();
            for (role, m) in &moves {
                found.clear();
                g.legal_moves_to_into(*role, m.to, &mut found);
                let pick = found.iter().find(|f| *f == m).copied().unwrap_or(*m);
                g.play_unchecked(&pick);
            }
            black_box(g.repetition_count())
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_replay);
criterion_main!(benches);
