//! The command line: one module per group of subcommands.

mod dev;
mod engine;
mod martian;
mod render;
mod run;
mod store;

use clap::Subcommand;

/// Every subcommand of `jetan`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The bot: serve, console.
    #[command(flatten)]
    Run(run::Command),
    /// Rules tools: perft, divide, moves.
    #[command(flatten)]
    Dev(dev::Command),
    /// Board pictures.
    #[command(flatten)]
    Render(render::Command),
    /// Data directory tools: verify, export, import.
    #[command(flatten)]
    Store(store::Command),
    /// Computer play: selfplay, analyse.
    #[command(flatten)]
    Engine(engine::Command),
    /// Martian Chess (the Mars Society's game) tools: actions.
    #[command(subcommand)]
    Martian(martian::Command),
}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Run(c) => run::run(c),
        Command::Dev(c) => dev::run(c),
        Command::Render(c) => render::run(c),
        Command::Store(c) => store::run(c),
        Command::Engine(c) => engine::run(c),
        Command::Martian(c) => martian::run(c),
    }
}
