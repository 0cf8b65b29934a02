//! Search speed: nodes per second at fixed depths, and the depth reached in one second
//! from the start position (printed, since criterion measures time, not depth).

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use jetan_engine::{Engine, Limits};
use jetan_rules::{DuelStream, Position, Variant};

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

    // The hard time limit: how far past it searches of random positions return.
    let mut rng = DuelStream::new(7);
    let budget = Duration::from_millis(30);
    let mut worst = Duration::ZERO;
    let searches = 40;
    for i in 0..searches {
        let variant = if i % 2 == 0 {
            Variant::Classic
        } else {
            Variant::Manator
        };
        let mut pos = Position::start_of(variant);
        for _ in 0..rng.next_u64() % 80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            let mut next = pos.clone();
            if next.play_unchecked(m, &mut rng).outcome.is_some() {
                break;
            }
            pos = next;
        }
        let mut engine = Engine::new(16);
        let started = std::time::Instant::now();
        engine.search(&pos, &Limits::time(budget));
        worst = worst.max(started.elapsed().saturating_sub(budget));
    }
    println!(
        "time limit: {searches} searches of {} ms from random positions, worst overrun {:.2} ms",
        budget.as_millis(),
        worst.as_secs_f64() * 1000.0
    );
}

criterion_group!(benches, search);
criterion_main!(benches);
