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

/// The Martian Chess computer level standing in for a Jetan player kind.
fn level(kind: PlayerKind) -> ai::Level {
    match kind {
        PlayerKind::Random => ai::Level::Random,
        PlayerKind::Greedy => ai::Level::Greedy,
        PlayerKind::Engine(_) => ai::Level::Lookahead,
    }
}

/// Plays `games` games of Martian Chess between two computer players (`white` moves
/// first), each game from its own seed; prints each result, then the totals.
pub fn selfplay(
    white: PlayerKind,
    black: PlayerKind,
    games: u32,
    seed: u64,
    max_actions: u32,
) -> anyhow::Result<()> {
    let (mut white_wins, mut black_wins, mut draws) = (0, 0, 0);
    let started = std::time::Instant::now();
    for game in 1..=games {
        let game_seed = seed.wrapping_add(u64::from(game));
        let mut state = State::new(game_seed);
        let mut actions = 0u32;
        while let Some(p) = state.player_to_act() {
            if actions >= max_actions {
                break;
            }
            let kind = if p == Color::White { white } else { black };
            let view = state.public_view(p);
            let a = ai::choose(&view, level(kind), game_seed ^ u64::from(actions))
                .context("the player to act has no action")?;
            state = state
                .play(p, a)
                .map_err(|e| anyhow::anyhow!("game {game}: {a} refused: {e}"))?;
            actions += 1;
        }
        let end = match state.outcome() {
            Some(o) => {
                match o.winner() {
                    Some(Color::White) => white_wins += 1,
                    Some(Color::Black) => black_wins += 1,
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
    println!("white {white_wins}, black {black_wins}, draws {draws}");
    Ok(())
}
