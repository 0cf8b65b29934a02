//! Martian Chess (the Mars Society's game) tools: `jetan martian actions`, and
//! `jetan selfplay --game martian-chess`.

use anyhow::Context;
use clap::Subcommand;
use jetan_engine::players::PlayerKind;
use martian_chess::{ai, Color, State, ToAct};

/// Martian Chess tools.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The legal actions of a state, one per line (attacks written with `x`); who is to act
    /// goes to standard error.
    Actions {
        /// A Martian Chess state string, or `new:<seed>` for a new game.
        state: String,
    },
}

/// Reads a state argument: a state string or `new:<seed>`.
pub fn parse_state(text: &str) -> anyhow::Result<State> {
    let t = text.trim();
    if let Some(seed) = t.strip_prefix("new:") {
        let seed: u64 = seed
            .parse()
            .with_context(|| format!("`{seed}` is not a seed (a number)"))?;
        return Ok(State::new(seed));
    }
    t.parse()
        .with_context(|| format!("cannot read the Martian Chess state `{t}`"))
}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Actions { state } => {
            let state = parse_state(&state)?;
            match state.to_act() {
                ToAct::Turn(c) => eprintln!(
                    "{c} to act: die {}, {} actions left",
                    state.die(),
                    state.actions_left()
                ),
                ToAct::Battle { player, side } => eprintln!("{player} plays a card ({side:?})"),
                ToAct::Over(o) => eprintln!("game over: {o}"),
            }
            for a in state.legal_actions() {
                println!("{}", state.notate(&a));
            }
        }
    }
    Ok(())
}

/// The Martian Chess computer level of a player kind: `random` is level 1, `greedy` level
/// 2, `engine:L` level L (1–5).
fn level(kind: PlayerKind) -> ai::Level {
    match kind {
        PlayerKind::Random => ai::Level::Random,
        PlayerKind::Greedy => ai::Level::Greedy,
        PlayerKind::Engine(l) => ai::Level::from_number(l.get()).unwrap_or(ai::Level::Lookahead),
    }
}

/// A seed for one purpose of one game, from the run's seed (SplitMix64 mixing).
fn derive_seed(seed: u64, game: u32, purpose: u64) -> u64 {
    martian_chess::Stream::new(
        seed ^ (u64::from(game) << 8 | purpose).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    )
    .next_u64()
}

/// Plays `games` games of Martian Chess between two computer players, `first` (the
/// `--black` player) playing White in odd games and Black in even ones, each game from its
/// own seed; prints each result, the first player's score with a 95 % interval and the Elo
/// difference, the decisions' speed and the time per turn (a player's thinking over the
/// turns it played, its battle cards as a defender included), then the totals by player: `white W, black B, draws D`
/// where `white` counts the first player's wins and `black` the second's.
pub fn selfplay(
    first: PlayerKind,
    second: PlayerKind,
    games: u32,
    seed: u64,
    max_actions: u32,
) -> anyhow::Result<()> {
    let (mut first_wins, mut second_wins, mut draws) = (0u32, 0u32, 0u32);
    let mut white_side_wins = 0u32;
    // Per player: decisions made and the time they took.
    let mut decisions = [0u64; 2];
    // Per player: turns played (a turn's actions with the battle cards in it).
    let mut turns = [0u64; 2];
    let mut thinking = [std::time::Duration::ZERO; 2];
    let started = std::time::Instant::now();
    for game in 1..=games {
        let game_seed = seed.wrapping_add(u64::from(game));
        let player_seed = derive_seed(seed, game, 1);
        let first_is_white = game % 2 == 1;
        let (white, black) = if first_is_white {
            (first, second)
        } else {
            (second, first)
        };
        let mut state = State::new(game_seed);
        let mut actions = 0u32;
        let mut turn_of: Option<Color> = None;
        while let Some(p) = state.player_to_act() {
            if actions >= max_actions {
                break;
            }
            if turn_of != Some(state.turn()) {
                turn_of = Some(state.turn());
                turns[usize::from((state.turn() == Color::White) != first_is_white)] += 1;
            }
            let kind = if p == Color::White { white } else { black };
            let who = usize::from((p == Color::White) != first_is_white);
            let view = state.public_view(p);
            let t0 = std::time::Instant::now();
            let a = ai::choose(&view, level(kind), player_seed ^ u64::from(actions))
                .context("the player to act has no action")?;
            thinking[who] += t0.elapsed();
            decisions[who] += 1;
            state = state
                .play(p, a)
                .map_err(|e| anyhow::anyhow!("game {game}: {a} refused: {e}"))?;
            actions += 1;
        }
        let end = match state.outcome() {
            Some(o) => {
                if o.winner() == Some(Color::White) {
                    white_side_wins += 1;
                }
                match o.winner() {
                    Some(w) if (w == Color::White) == first_is_white => first_wins += 1,
                    Some(_) => second_wins += 1,
                    None => draws += 1,
                }
                o.to_string()
            }
            None => {
                draws += 1;
                format!("draw by the {max_actions}-action cap")
            }
        };
        println!("game {game} (seed {game_seed}): white {white} vs black {black}: {end} ({actions} actions)");
    }
    println!(
        "{games} Martian Chess games in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    println!(
        "by colour: White won {white_side_wins}, Black won {}",
        games - draws - white_side_wins
    );
    if games > 0 {
        let n = f64::from(games);
        let score = (f64::from(first_wins) + 0.5 * f64::from(draws)) / n;
        // The standard error of the mean game score (win 1, draw ½, loss 0).
        let sq = (f64::from(first_wins) + 0.25 * f64::from(draws)) / n;
        let se = ((sq - score * score).max(0.0) / n).sqrt();
        let (lo, hi) = ((score - 1.96 * se).max(0.0), (score + 1.96 * se).min(1.0));
        println!(
            "{first} scores {:.1} % ± {:.1} (95 %: {:.1}–{:.1} %) against {second}: Elo {} ({} to {})",
            100.0 * score,
            196.0 * se,
            100.0 * lo,
            100.0 * hi,
            elo(score),
            elo(lo),
            elo(hi)
        );
    }
    for (i, kind) in [first, second].into_iter().enumerate() {
        let secs = thinking[i].as_secs_f64();
        if decisions[i] > 0 {
            println!(
                "{kind}: {} decisions, {:.0} decisions/s, {:.3} ms per decision; {} turns, {:.3} ms per turn",
                decisions[i],
                decisions[i] as f64 / secs.max(1e-9),
                1000.0 * secs / decisions[i] as f64,
                turns[i],
                1000.0 * secs / turns[i].max(1) as f64
            );
        }
    }
    println!("white {first_wins}, black {second_wins}, draws {draws}");
    Ok(())
}

/// The Elo difference of a score (a fraction), written with its sign; `±inf` at 0 and 1.
fn elo(score: f64) -> String {
    if score <= 0.0 {
        return "-inf".to_string();
    }
    if score >= 1.0 {
        return "+inf".to_string();
    }
    format!("{:+.0}", -400.0 * (1.0 / score - 1.0).log10())
}
