//! Random-playout speed: plays whole games of random legal actions and prints actions/s.
//!
//! `cargo run --release -p martian-chess --example playout [games]`

use std::time::Instant;

use martian_chess::{ai, State, Stream};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let start = Instant::now();
    let mut actions = 0u64;
    let mut ended = 0u64;
    for seed in 0..games {
        let mut s = State::new(seed);
        let mut rng = Stream::new(!seed);
        for _ in 0..20_000 {
            let Some(p) = s.player_to_act() else {
                ended += 1;
                break;
            };
            let legal = s.legal_actions();
            let a = legal[rng.below(legal.len() as u64) as usize];
            s = s.play(p, a).expect("legal");
            actions += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "random playouts: {games} games ({ended} ended), {actions} actions in {secs:.2} s: {:.0} actions/s",
        actions as f64 / secs
    );
    let start = Instant::now();
    let mut n = 0u64;
    let s = State::new(1);
    let v = s.public_view(martian_chess::Color::White);
    while start.elapsed().as_secs_f64() < 1.0 {
        for i in 0..100 {
            std::hint::black_box(ai::choose(&v, ai::Level::Lookahead, i));
        }
        n += 100;
    }
    println!("computer player (level 3) at the start: {n} decisions/s");
}
