//! Move generation and perft speed.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use jetan_rules::{perft, Position, Topology, Variant};

const MIDGAME: &str =
    "w2ad2daw/3n3n1t/2t1n1n1pn/1c1O2n2o/n3C5/10/N1NN3O2/1A5NT1/T3N1NN2/W1DP3DAW b - - 70";

fn movegen(c: &mut Criterion) {
    let start = Position::start();
    let mid: Position = MIDGAME.parse().unwrap();
    c.bench_function("legal_moves/start", |b| {
        b.iter(|| black_box(&start).legal_moves().len())
    });
    c.bench_function("legal_moves/midgame", |b| {
        b.iter(|| black_box(&mid).legal_moves().len())
    });
    c.bench_function("count_moves/start", |b| {
        b.iter(|| black_box(&start).count_moves())
    });
}

fn perft_bench(c: &mut Criterion) {
    let start = Position::start();
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    g.throughput(Throughput::Elements(32_525_589));
    g.bench_function("start/4", |b| b.iter(|| perft(black_box(&start), 4)));
    g.finish();
    let circular = Position::start_on(Variant::Classic, Topology::Circular);
    let mut g = c.benchmark_group("perft-circular");
    g.sample_size(10);
    g.throughput(Throughput::Elements(42_198_987));
    g.bench_function("start/4", |b| b.iter(|| perft(black_box(&circular), 4)));
    g.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
