//! Tests of the pairing crate: hand-checked tables, rounds, standings and splits
//! (`cases`), and a model-based property test of thousands of random events (`model`).

mod cases;
mod model;

use jetan_pairing::{Event, Format, Outcome, Pairing, PlayerId, Round, Settings};

/// An event of players 1..=n (in that initial order), nothing paired yet.
fn event(format: Format, n: u64) -> Event {
    Event {
        settings: Settings {
            format,
            max_players: 64,
        },
        players: (1..=n).collect(),
        rounds: Vec::new(),
        withdrawn: Vec::new(),
    }
}

/// A round as text: "1-4 2-3 5 bye" (first seat first).
fn text(round: &Round) -> String {
    round
        .iter()
        .map(|line| match line {
            Pairing::Game { first, second, .. } => format!("{first}-{second}"),
            Pairing::Bye { player } => format!("{player} bye"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `round` with the outcomes given by board, byes kept.
fn with_results(round: Round, results: &[Outcome]) -> Round {
    let mut results = results.iter();
    round
        .into_iter()
        .map(|line| match line {
            Pairing::Game { first, second, .. } => Pairing::Game {
                first,
                second,
                outcome: Some(*results.next().expect("a result per game")),
            },
            bye => bye,
        })
        .collect()
}

/// A finished game.
fn game(first: PlayerId, second: PlayerId, outcome: Outcome) -> Pairing {
    Pairing::Game {
        first,
        second,
        outcome: Some(outcome),
    }
}
