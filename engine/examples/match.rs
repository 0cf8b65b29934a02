//! A quick match without the bot's dependencies (the `jetan selfplay` loop):
//! `cargo run --release -p jetan-engine --example match -- engine:3 random GAMES SEED MS [manator]`.

use std::time::Duration;

use jetan_engine::players::{play_game, start_position, GameEnd, PlayerKind};
use jetan_rules::{Color, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let black: PlayerKind = args[1].parse().expect("player");
    let orange: PlayerKind = args[2].parse().expect("player");
    let games: u64 = args[3].parse().expect("games");
    let seed: u64 = args[4].parse().expect("seed");
    let budget = Duration::from_millis(args[5].parse().expect("ms"));
    let variant = if args.get(6).is_some_and(|v| v == "manator") {
        Variant::Manator
    } else {
        Variant::Classic
    };
    let (mut b, mut o, mut d, mut capped) = (0, 0, 0, 0);
    for game in 1..=games {
        let first = if game % 2 == 1 {
            Color::Black
        } else {
            Color::Orange
        };
        let s = seed.wrapping_mul(1000).wrapping_add(game * 10);
        let mut pb = black.build(s + 1, budget);
        let mut po = orange.build(s + 2, budget);
        let r = play_game(
            start_position(variant, first),
            pb.as_mut(),
            po.as_mut(),
            s + 3,
            400,
        )
        .expect("game");
        match r.end.winner() {
            Some(Color::Black) => b += 1,
            Some(Color::Orange) => o += 1,
            None => d += 1,
        }
        if matches!(r.end, GameEnd::PlyCap(_)) {
            capped += 1;
        }
        println!(
            "game {game}: {first} first: {} ({} plies)",
            r.end,
            r.moves.len()
        );
        let show = match r.end.winner() {
            None => std::env::var_os("SHOW_DRAWS").is_some(),
            Some(Color::Orange) => std::env::var_os("SHOW_LOSSES").is_some(),
            Some(Color::Black) => false,
        };
        if show {
            let mut pos = start_position(variant, first);
            let mut dice = jetan_rules::DuelStream::new(s + 3);
            for m in &r.moves {
                let (next, report) = pos.clone().play(*m, &mut dice).expect("legal");
                let duel = report.duel.map_or(String::new(), |d| {
                    format!(" duel won by attacker: {}", d.attacker_won)
                });
                println!("    {pos}    {}{duel}", m.notation());
                pos = next;
            }
        }
    }
    println!("black {b}, orange {o}, draws {d} ({capped} capped)");
}
