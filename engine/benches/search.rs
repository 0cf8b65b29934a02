//! Search speed: nodes per second at fixed depths, and the depth reached in one second
//! from the start position (printed, since criterion measures time, not depth).

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use jetan_engine::{Engine, Limits};
use jetan_rules::{Position, Variant};

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, pos, depth) in [
        ("classic start depth 5", Position::start(), 5),
        (
            "manator start depth 4",
            Position::start_of(Variant::Manator),
            4,
        ),
    ] {
        // Throughput in nodes: criterion then reports nodes per second.
        let nodes = Engine::new(16).search(&pos, &Limits::depth(depth)).nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| Engine::new(16).search(&pos, &Limits::depth(depth)))
        });
    }
    group.finish();

    for (name, pos) in [
        ("classic", Position::start()),
        ("manator", Position::start_of(Variant::Manator)),
    ] {
        let r = Engine::new(64).search(&pos, &Limits::time(Duration::from_secs(1)));
        println!(
            "one second from the {name} start: depth {} (seldepth {}), {} nodes, {} nodes/s, best {}",
            r.depth,
            r.seldepth,
            r.nodes,
            r.nps(),
            r.best.map_or("none".into(), |m| m.to_string()),
        );
    }
}

criterion_group!(benches, search);
criterion_main!(benches);
