//! Times perft: `cargo run --release -p jetan-rules --example perft -- "<position>|start" DEPTH [RULES]`.

use std::time::Instant;

use jetan_rules::{perft, Position, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_else(|| "start".into());
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(4);
    let rules: Rules = args
        .next()
        .map_or(Ok(Rules::STANDARD), |r| r.parse())
        .expect("a rules string");
    let pos = Position::from_name_or_str(&text)
        .expect("a position string")
        .with_rules(rules);
    let started = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "perft {depth} = {nodes} in {secs:.3} s ({:.1} M nodes/s)",
        nodes as f64 / secs / 1e6
    );
}
