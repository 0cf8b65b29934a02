//! Tests of the engine: tactics it must find, the time limit, random positions, players,
//! draws with the computer.

mod draws;
mod players;
mod properties;
mod tactics;
mod time;

use jetan_engine::{Engine, Limits, SearchResult};
use jetan_rules::{AttackerWins, Move, Position};

/// A position from its string.
fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

/// Searches `pos` to `depth` plies, however long it takes (no time limit to make the
/// result depend on the machine's load).
fn search(pos: &Position, depth: u8) -> SearchResult {
    Engine::new(4).search(pos, &Limits::depth(depth))
}

/// The move `from-to` of `pos`.
fn mv(pos: &Position, text: &str) -> Move {
    let (from, to) = text.split_once('-').expect("from-to");
    pos.find_move(from.parse().unwrap(), to.parse().unwrap())
        .unwrap_or_else(|e| panic!("{text} is not legal: {e}"))
}

/// The position after `m` (Classic).
fn after(pos: &Position, m: Move) -> Position {
    pos.clone().play(m, &mut AttackerWins).expect("legal").0
}
