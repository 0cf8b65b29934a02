//! Plays one game and prints its moves, each with the material after it, to study the
//! engine: `cargo run --release -p jetan-engine --example game -- engine:3 engine:1 SEED MS`.

use std::time::Duration;

use jetan_engine::players::{play_game, start_position, PlayerKind};
use jetan_rules::{AttackerWins, Color, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let black: PlayerKind = args[1].parse().expect("player");
    let orange: PlayerKind = args[2].parse().expect("player");
    let seed: u64 = args[3].parse().expect("seed");
    let ms: u64 = args[4].parse().expect("ms");
    let first = if seed % 2 == 1 {
        Color::Black
    } else {
        Color::Orange
    };
    let start = start_position(Variant::Classic, first);
    let budget = Duration::from_millis(ms);
    let mut b = black.build(seed * 3 + 1, budget);
    let mut o = orange.build(seed * 3 + 2, budget);
    let record = play_game(start.clone(), b.as_mut(), o.as_mut(), seed, 400).expect("game");
    let mut pos = start;
    for m in &record.moves {
        let mover = pos.turn();
        if std::env::var_os("SHOW_POSITIONS").is_some() {
            println!("    {pos}");
        }
        let (next, report) = pos.play(*m, &mut AttackerWins).expect("legal");
        pos = next;
        println!(
            "{:>3} {:?} {:<10} material B {} O {}{}",
            pos.ply(),
            mover,
            m.notation(),
            pos.board().material(Color::Black),
            pos.board().material(Color::Orange),
            report.outcome.map(|o| format!("  {o}")).unwrap_or_default()
        );
    }
    println!("{}", record.end);
    println!("{pos}");
}
