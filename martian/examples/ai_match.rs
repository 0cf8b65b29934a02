//! Computer-player matches: `cargo run --release -p martian-chess --example ai_match [games]`.

use martian_chess::ai::{choose, Level};
use martian_chess::{Color, Outcome, State};

fn game(white: Level, black: Level, seed: u64) -> (Option<Outcome>, usize) {
    let mut s = State::new(seed);
    for i in 0..20_000 {
        let Some(p) = s.player_to_act() else {
            return (s.outcome(), i);
        };
        let level = if p == Color::White { white } else { black };
        let a = choose(
            &s.public_view(p),
            level,
            seed.wrapping_mul(31).wrapping_add(i as u64),
        )
        .expect("action");
        s = s.play(p, a).expect("legal");
    }
    (s.outcome(), 20_000)
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    for (a, b) in [
        (Level::Greedy, Level::Random),
        (Level::Lookahead, Level::Random),
        (Level::Lookahead, Level::Greedy),
    ] {
        let (mut wa, mut wb, mut draws, mut actions) = (0, 0, 0, 0);
        for seed in 0..games {
            let a_white = seed % 2 == 0;
            let (w, bl) = if a_white { (a, b) } else { (b, a) };
            let (o, n) = game(w, bl, seed);
            actions += n;
            match o.and_then(|o| o.winner()) {
                Some(c) if (c == Color::White) == a_white => wa += 1,
                Some(_) => wb += 1,
                None => draws += 1,
            }
        }
        println!("{a:?} vs {b:?}: {wa} wins, {wb} losses, {draws} draws/unfinished ({} actions per game)", actions / games as usize);
    }
}
