//! Searches a position for a given time and prints each result:
//! `cargo run --release -p jetan-engine --example think -- [position|start|manator-start] [ms] [depth]`
//! (a position prefixed `manator:` is read as a Manator position; `THINK_RULES=STRING`
//! plays it by a rules string, RULES.md §12).

use std::time::Duration;

use jetan_engine::{Engine, Limits};
use jetan_rules::{Position, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = match args.get(1).map(String::as_str) {
        None | Some("start") => Position::start(),
        Some("manator-start") => Position::start_of(Variant::Manator),
        Some(text) => match text.strip_prefix("manator:") {
            Some(t) => Position::from_position_str(t, Variant::Manator).expect("a position string"),
            None => text.parse().expect("a position string"),
        },
    };
    let pos = match std::env::var("THINK_RULES") {
        Ok(r) => pos.with_rules(r.parse().expect("THINK_RULES: a rules string")),
        Err(_) => pos,
    };
    let ms = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(1000);
    let mut engine = Engine::new(64);
    let limits = Limits {
        depth: args.get(3).and_then(|d| d.parse().ok()),
        ..Limits::time(Duration::from_millis(ms))
    };
    let r = engine.search(&pos, &limits);
    let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
    println!(
        "best {} score {} depth {} seldepth {} nodes {} nps {} time {:?}\npv {}",
        r.best.map_or("none".to_string(), |m| m.to_string()),
        r.score,
        r.depth,
        r.seldepth,
        r.nodes,
        r.nps(),
        r.elapsed,
        pv.join(" ")
    );
}
