//! Rules tools for developers: `perft`, `divide`, `moves`, `play`.
//!
//! Every position argument is a position string (RULES.md §9, with the sixth field
//! `circular` for Ninth-Ray Jetan, §11) or the name of a start position: `start`,
//! `manator-start`, `circular-start`, `manator-circular-start`
//! ([`Position::from_name_or_str`]). `--rules STRING` plays it by a rules string
//! (RULES.md §12: `W:upto+mixed,T:jump`, `standard;D:upto`; default `standard`); a
//! malformed one is refused with the reason, naming the culprit.

use std::io::Write;

use anyhow::Context;
use clap::Subcommand;
use jetan_rules::{divide, perft, DuelStream, MoveText, Position, Rules};

/// Rules tools.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Counts the legal move sequences of DEPTH moves; the count is the last line.
    Perft {
        /// A position string, or `start`, `manator-start`, `circular-start`,
        /// `manator-circular-start`.
        position: String,
        /// How many moves deep.
        depth: u32,
        /// The rule options (RULES.md §12), e.g. `W:upto+mixed,T:jump` or `standard;D:upto`.
        #[arg(long, value_name = "STRING", default_value_t = Rules::default())]
        rules: Rules,
    },
    /// Perft split by first move: `from-to: count` per move (sorted as text), then `total: N`.
    Divide {
        /// A position string, or `start`, `manator-start`, `circular-start`,
        /// `manator-circular-start`.
        position: String,
        /// How many moves deep.
        depth: u32,
        /// The rule options (RULES.md §12), e.g. `W:upto+mixed,T:jump` or `standard;D:upto`.
        #[arg(long, value_name = "STRING", default_value_t = Rules::default())]
        rules: Rules,
    },
    /// The legal moves of a position, sorted as text, one `from-to` per line.
    Moves {
        /// A position string, or `start`, `manator-start`, `circular-start`,
        /// `manator-circular-start`.
        position: String,
        /// The rule options (RULES.md §12), e.g. `W:upto+mixed,T:jump` or `standard;D:upto`.
        #[arg(long, value_name = "STRING", default_value_t = Rules::default())]
        rules: Rules,
    },
    /// Plays moves from a position. After each move prints two lines: the position string,
    /// then `-` if the game goes on or how it ended (`black wins: princess captured`,
    /// `draw: countdown`, …). An illegal move stops with exit status 1 and says why. With
    /// `--record FILE`, plays a game record (`/jetan record`, `jetan export-game`) from
    /// its variant's start, by its `Rules` tag, its duels as recorded.
    Play {
        /// A position string, or `start`, `manator-start`, `circular-start`,
        /// `manator-circular-start`.
        #[arg(required_unless_present = "record")]
        position: Option<String>,
        /// A game record to play instead of POSITION and MOVES.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves"])]
        record: Option<std::path::PathBuf>,
        /// The moves, in order: `e2-e3`, `b1xd3`, `Ab1-d3`, …
        moves: Vec<String>,
        /// Manator duels are decided by the game's duel stream seeded with N (as the bot
        /// seeds each game); Classic games have no duels.
        #[arg(long, value_name = "N", default_value_t = 0)]
        seed: u64,
        /// Duels already fought before POSITION in that game: the stream resumes after them.
        #[arg(long, value_name = "K", default_value_t = 0)]
        duels: u64,
        /// The rule options (RULES.md §12), e.g. `W:upto+mixed,T:jump` or `standard;D:upto`
        /// (a record's own come from its `Rules` tag).
        #[arg(long, value_name = "STRING", default_value_t = Rules::default(), conflicts_with = "record")]
        rules: Rules,
    },
}

/// Reads a position argument: a position string or a start position's name.
pub fn parse_position(text: &str) -> anyhow::Result<Position> {
    Position::from_name_or_str(text)
        .with_context(|| format!("cannot read the position `{}`", text.trim()))
}

/// Reads a game record file (`/jetan record`, `jetan export-game`) and replays it.
pub fn replay_record(file: &std::path::Path) -> anyhow::Result<jetan_rules::Replay> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let record: jetan_rules::GameRecord = text
        .parse()
        .with_context(|| format!("{} is not a game record", file.display()))?;
    record
        .replay()
        .with_context(|| format!("{} does not replay", file.display()))
}

/// Runs one subcommand, writing to standard output. A closed pipe (`jetan moves start |
/// head -1`) is not an error: see `cli::run`.
pub fn run(command: Command) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match command {
        Command::Perft {
            position,
            depth,
            rules,
        } => {
            let pos = parse_position(&position)?.with_rules(rules);
            let started = std::time::Instant::now();
            let nodes = perft(&pos, depth);
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "{:.3} s, {:.1} million nodes per second",
                secs,
                nodes as f64 / secs.max(1e-9) / 1e6
            );
            writeln!(out, "{nodes}")?;
        }
        Command::Divide {
            position,
            depth,
            rules,
        } => {
            let pos = parse_position(&position)?.with_rules(rules);
            let mut total = 0;
            let mut lines: Vec<(String, u64)> = divide(&pos, depth)
                .into_iter()
                .map(|(m, n)| (m.to_string(), n))
                .collect();
            lines.sort();
            for (m, count) in lines {
                writeln!(out, "{m}: {count}")?;
                total += count;
            }
            writeln!(out, "total: {total}")?;
        }
        Command::Moves { position, rules } => {
            let pos = parse_position(&position)?.with_rules(rules);
            // Sorted as text, like `sort` would.
            let mut moves: Vec<String> =
                pos.legal_moves().iter().map(ToString::to_string).collect();
            moves.sort();
            for m in moves {
                writeln!(out, "{m}")?;
            }
        }
        Command::Play {
            record: Some(file), ..
        } => {
            let game = replay_record(&file)?;
            for step in game.steps() {
                writeln!(out, "{}", step.position)?;
                match step.report.outcome.or_else(|| step.position.outcome()) {
                    Some(o) => writeln!(out, "{}", o.summary())?,
                    None => writeln!(out, "-")?,
                }
            }
        }
        Command::Play {
            position,
            moves,
            seed,
            duels,
            rules,
            ..
        } => {
            let mut pos = parse_position(position.as_deref().unwrap_or("start"))?.with_rules(rules);
            let mut dice = DuelStream::resume(seed, duels);
            for (i, text) in moves.iter().enumerate() {
                let n = i + 1;
                let m: MoveText = text.parse().with_context(|| format!("move {n}"))?;
                let legal = m
                    .resolve(&pos)
                    .with_context(|| format!("move {n} ({m}) is illegal"))?;
                let (next, report) = pos
                    .play(legal, &mut dice)
                    .map_err(|e| anyhow::anyhow!("move {n} ({m}) is illegal: {e}"))?;
                writeln!(out, "{next}")?;
                match report.outcome.or_else(|| next.outcome()) {
                    Some(o) => writeln!(out, "{}", o.summary())?,
                    None => writeln!(out, "-")?,
                }
                // What was played stays on screen if a later move is refused.
                out.flush()?;
                pos = next;
            }
        }
    }
    out.flush()?;
    Ok(())
}
