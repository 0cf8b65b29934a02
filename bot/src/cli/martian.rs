//! Martian Chess (the Mars Society's game) tools: `jetan martian actions`.

use anyhow::Context;
use clap::Subcommand;
use martian_chess::{State, ToAct};

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
