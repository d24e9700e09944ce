//! Criterion benchmark of the model's perft (bulk counting of the last ply) from the standard
//! start, depths 4 and 5: `cargo bench --bench model_perft`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use vdmchess::model::board::default_board;

/// The model's perft: the port's [`vdmchess::rules::perft`] over the model's `Game`.
fn perft(board: &vdmchess::model::board::Board, depth: u32) -> u64 {
    vdmchess::rules::perft(&vdmchess::model::game::Game::new(board.clone()), depth)
}

fn model_perft(c: &mut Criterion) {
    let board = default_board();
    let mut group = c.benchmark_group("model_perft");
    group.sample_size(10);
    for (depth, nodes) in [(4u32, 197_281u64), (5, 4_865_609)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start_depth_{depth}"), |b| {
            b.iter(|| {
                let n = perft(std::hint::black_box(&board), depth);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, model_perft);
criterion_main!(benches);
