//! `jetan selfplay` and `jetan analyse`: the computer opponent from the command line.

use std::time::{Duration, Instant};

use clap::Subcommand;
use jetan_engine::players::{play_game, start_position, GameEnd, PlayerKind};
use jetan_engine::{Engine, Limits};
use jetan_rules::{Color, DuelStream, Rules, Variant};

use super::dev::parse_position;

/// What plays games of another game than Jetan against each other (`jetan selfplay
/// --game NAME`): white and black players, games, seed, the action cap.
pub(crate) type GameSelfplay = fn(PlayerKind, PlayerKind, u32, u64, u32) -> anyhow::Result<()>;

/// Computer play.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Plays computer players against each other, alternating who moves first; prints each
    /// game's result, then `black W, orange W, draws D`.
    Selfplay {
        /// Black's player: `random`, `greedy` (takes the most valuable piece, else a random
        /// move) or `engine:L` (level L, 1–5).
        #[arg(long)]
        black: PlayerKind,
        /// Orange's player, as for `--black`.
        #[arg(long)]
        orange: PlayerKind,
        /// How many games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Seeds the players' randomness and the Manator duels.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// `classic` or `manator`.
        #[arg(long, default_value_t = Variant::Classic)]
        variant: Variant,
        /// The engine's time per move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        time_ms: u64,
        /// A game without a result after this many plies is scored a draw.
        #[arg(long, default_value_t = 400)]
        max_plies: u32,
        /// `jetan`, or another game the bot hosts, by its `game:` name in `/jetan
        /// challenge`: then `--black` plays that game's first mover in odd games and
        /// the other side in even ones (`--orange` the other), `random`, `greedy` and
        /// `engine:L` being that game's computer levels 1, 2 and L (1–5); the run
        /// prints `--black`'s score with a 95 % interval and the Elo difference, the
        /// decisions' speed, and `white W, black B, draws D` counting the wins of
        /// `--black`'s player (W) and `--orange`'s (B); `--max-plies` counts its
        /// actions (a turn may be many: give it 4000).
        #[arg(long, default_value = "jetan")]
        game: String,
        /// Jetan's rule options (RULES.md §12), e.g. `W:upto+mixed,T:jump` or
        /// `standard;D:upto`.
        #[arg(long, value_name = "STRING", default_value_t = Rules::default())]
        rules: Rules,
    },
    /// Searches a position and prints the best move, its score and the depth reached.
    /// With `--record FILE` (a game record: `/jetan record`, `jetan export-game`),
    /// analyses the whole game as `/jetan analyse` does, `--time-ms` per position, and
    /// prints each move's score before and after and the three biggest mistakes.
    Analyse {
        /// A position string, or `start`, `manator-start`, `circular-start`,
        /// `manator-circular-start`.
        #[arg(required_unless_present = "record")]
        position: Option<String>,
        /// A game record to analyse instead of POSITION.
        #[arg(long, value_name = "FILE", conflicts_with = "position")]
        record: Option<std::path::PathBuf>,
        /// How long to think, in milliseconds (per position with `--record`).
        #[arg(long, default_value_t = 1000)]
        time_ms: u64,
        /// Stop at this depth (plies) even if time is left.
        #[arg(long)]
        depth: Option<u8>,
        /// The rule options of POSITION (RULES.md §12); a record's come from its `Rules`
        /// tag.
        #[arg(long, value_name = "STRING", default_value_t = Rules::default(), conflicts_with = "record")]
        rules: Rules,
    },
}

/// A seed for one purpose of one game, from the run's seed.
fn derive_seed(seed: u64, game: u32, purpose: u64) -> u64 {
    DuelStream::new(seed ^ (u64::from(game) << 8 | purpose).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .next_u64()
}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Selfplay {
            black,
            orange,
            games,
            seed,
            variant,
            time_ms,
            max_plies,
            game: _,
            rules,
        } => selfplay(
            black,
            orange,
            games,
            seed,
            (variant, rules),
            Duration::from_millis(time_ms),
            max_plies,
        ),
        Command::Analyse {
            record: Some(file),
            time_ms,
            ..
        } => analyse_record(&file, Duration::from_millis(time_ms)),
        Command::Analyse {
            position,
            time_ms,
            depth,
            rules,
            ..
        } => {
            let pos = parse_position(position.as_deref().unwrap_or("start"))?.with_rules(rules);
            if let Some(outcome) = pos.outcome() {
                println!("the game is over: {outcome}");
                return Ok(());
            }
            let limits = Limits {
                depth,
                ..Limits::time(Duration::from_millis(time_ms))
            };
            let r = Engine::new(64).search(&pos, &limits);
            let best = r.best.expect("a game in progress has a move");
            println!("best: {best} ({})", best.notation());
            println!("score: {} (for {}, to move)", r.score, pos.turn());
            println!(
                "depth: {} (seldepth {}), {} nodes in {:.2} s, {} nodes/s",
                r.depth,
                r.seldepth,
                r.nodes,
                r.elapsed.as_secs_f64(),
                r.nps()
            );
            let pv: Vec<String> = r.pv.iter().map(ToString::to_string).collect();
            println!("line: {}", pv.join(" "));
            Ok(())
        }
    }
}

/// `jetan analyse --record FILE`: every move's score, then the biggest mistakes.
fn analyse_record(file: &std::path::Path, per_position: Duration) -> anyhow::Result<()> {
    let game = super::dev::replay_record(file)?;
    let started = std::time::Instant::now();
    let analysis = jetan_engine::analysis::analyse(&game, per_position, None);
    println!("ply  mover   move       before   after    loss  better");
    for m in &analysis.moves {
        println!(
            "{:>3}  {:<6}  {:<9} {:>7.2} {:>7.2} {:>7.2}  {}",
            m.ply,
            m.mover.to_string(),
            format!("{:#}", m.played),
            f64::from(m.before) / 100.0,
            f64::from(m.after) / 100.0,
            f64::from(m.loss) / 100.0,
            m.better
                .map_or_else(|| "-".to_string(), |b| format!("{b:#}"))
                + if m.chance { " (duel)" } else { "" }
        );
    }
    let drops = analysis.biggest_drops(3);
    if drops.is_empty() {
        println!("no mistake: no move lost a third of a Panthan");
    }
    for (i, d) in drops.iter().enumerate() {
        println!(
            "mistake {}: ply {} {} {:#}, lost {:.2}, better {}",
            i + 1,
            d.ply,
            d.mover,
            d.played,
            f64::from(d.loss) / 100.0,
            d.better
                .map_or_else(|| "-".to_string(), |b| format!("{b:#}"))
        );
    }
    eprintln!(
        "{} positions in {:.2} s",
        analysis.evals.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn selfplay(
    black: PlayerKind,
    orange: PlayerKind,
    games: u32,
    seed: u64,
    (variant, rules): (Variant, Rules),
    budget: Duration,
    max_plies: u32,
) -> anyhow::Result<()> {
    let (mut black_wins, mut orange_wins, mut draws) = (0, 0, 0);
    let mut capped = 0;
    let started = Instant::now();
    for game in 1..=games {
        let first = if game % 2 == 1 {
            Color::Black
        } else {
            Color::Orange
        };
        let mut b = black.build(derive_seed(seed, game, 1), budget);
        let mut o = orange.build(derive_seed(seed, game, 2), budget);
        let record = play_game(
            start_position(variant, first).with_rules(rules),
            b.as_mut(),
            o.as_mut(),
            derive_seed(seed, game, 3),
            max_plies,
        )?;
        match record.end.winner() {
            Some(Color::Black) => black_wins += 1,
            Some(Color::Orange) => orange_wins += 1,
            None => draws += 1,
        }
        if matches!(record.end, GameEnd::PlyCap(_)) {
            capped += 1;
        }
        println!(
            "game {game}: black {black} vs orange {orange}, {first} first: {} ({} plies)",
            record.end,
            record.moves.len()
        );
    }
    println!(
        "{games} {variant} games by `{rules}` in {:.1} s, {} ms per engine move; {capped} draws by the {max_plies}-ply cap",
        started.elapsed().as_secs_f64(),
        budget.as_millis()
    );
    println!("black {black_wins}, orange {orange_wins}, draws {draws}");
    Ok(())
}
