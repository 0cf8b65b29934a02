//! Random-playout, legal-action and computer-player speed.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use martian_chess::{ai, Color, State, Stream};

/// Plays one game of random legal actions (at most 5,000); returns the number of actions.
fn playout(seed: u64) -> u64 {
    let mut s = State::new(seed);
    let mut rng = Stream::new(!seed);
    let mut n = 0;
    while let Some(p) = s.player_to_act() {
        if n == 5_000 {
            break;
        }
        let legal = s.legal_actions();
        let a = legal[rng.below(legal.len() as u64) as usize];
        s = s.play(p, a).expect("legal");
        n += 1;
    }
    n
}

fn benches(c: &mut Criterion) {
    let start = State::new(1);
    c.bench_function("legal_actions/start", |b| {
        b.iter(|| black_box(&start).legal_actions().len())
    });
    let actions: u64 = (0..20).map(playout).sum();
    let mut g = c.benchmark_group("playout");
    g.sample_size(10);
    g.throughput(Throughput::Elements(actions));
    g.bench_function("20 random games", |b| {
        b.iter(|| (0..20).map(|s| playout(black_box(s))).sum::<u64>())
    });
    g.finish();
    let view = start.public_view(Color::White);
    c.bench_function("ai/level3/start", |b| {
        b.iter(|| ai::choose(black_box(&view), ai::Level::Lookahead, 0))
    });
}

criterion_group!(group, benches);
criterion_main!(group);
