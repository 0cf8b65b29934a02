//! Rules tools for developers: `perft`, `divide`, `moves`.

use anyhow::Context;
use clap::Subcommand;
use jetan_rules::{divide, perft, Position, Variant};

/// Rules tools.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Counts the legal move sequences of DEPTH moves; the count is the last line.
    Perft {
        /// A position string, or `start` / `manator-start`.
        position: String,
        /// How many moves deep.
        depth: u32,
    },
    /// Perft split by first move: `from-to: count` per move (sorted as text), then `total: N`.
    Divide {
        /// A position string, or `start` / `manator-start`.
        position: String,
        /// How many moves deep.
        depth: u32,
    },
    /// The legal moves of a position, sorted as text, one `from-to` per line.
    Moves {
        /// A position string, or `start` / `manator-start`.
        position: String,
    },
}

/// Reads a position argument: a position string, `start` or `manator-start`.
pub fn parse_position(text: &str) -> anyhow::Result<Position> {
    match text.trim() {
        "start" => Ok(Position::start_of(Variant::Classic)),
        "manator-start" => Ok(Position::start_of(Variant::Manator)),
        t => t
            .parse()
            .with_context(|| format!("cannot read the position `{t}`")),
    }
}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Perft { position, depth } => {
            let pos = parse_position(&position)?;
            let started = std::time::Instant::now();
            let nodes = perft(&pos, depth);
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "{:.3} s, {:.1} million nodes per second",
                secs,
                nodes as f64 / secs.max(1e-9) / 1e6
            );
            println!("{nodes}");
        }
        Command::Divide { position, depth } => {
            let pos = parse_position(&position)?;
            let mut total = 0;
            let mut lines: Vec<(String, u64)> = divide(&pos, depth)
                .into_iter()
                .map(|(m, n)| (m.to_string(), n))
                .collect();
            lines.sort();
            for (m, count) in lines {
                println!("{m}: {count}");
                total += count;
            }
            println!("total: {total}");
        }
        Command::Moves { position } => {
            let pos = parse_position(&position)?;
            // Sorted as text, like `sort` would.
            let mut moves: Vec<String> =
                pos.legal_moves().iter().map(ToString::to_string).collect();
            moves.sort();
            for m in moves {
                println!("{m}");
            }
        }
    }
    Ok(())
}
