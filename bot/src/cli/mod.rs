//! The command line: one module per group of subcommands.

mod jetan;
mod martian;
mod run;
mod store;

use jetan::{dev, engine, render};

use clap::Subcommand;

/// Every subcommand of `jetan`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The bot: serve, console.
    #[command(flatten)]
    Run(run::Command),
    /// Rules tools: perft, divide, moves, play.
    #[command(flatten)]
    Dev(dev::Command),
    /// Board pictures.
    #[command(flatten)]
    Render(render::Command),
    /// Store tools: verify, export, import, migrate.
    #[command(flatten)]
    Store(store::Command),
    /// Computer play: selfplay, analyse.
    #[command(flatten)]
    Engine(engine::Command),
    /// Martian Chess (the Mars Society's game) tools: actions.
    #[command(subcommand)]
    Martian(martian::Command),
}

/// The games `jetan selfplay --game` plays, for messages.
pub(crate) const GAME_NAMES: &str = "jetan or martian-chess";

/// The self-play of the game called `name` in `/jetan challenge game:`, if it is one.
pub(crate) fn game_selfplay(name: &str) -> Option<engine::GameSelfplay> {
    match name {
        "martian-chess" => Some(martian::selfplay),
        _ => None,
    }
}

/// Runs one subcommand.
///
/// Output to a pipe that was closed early (`jetan moves start | head -1`) ends the command
/// quietly with success, as for other Unix tools.
pub fn run(command: Command) -> anyhow::Result<()> {
    let result = match command {
        Command::Run(c) => run::run(c),
        Command::Dev(c) => dev::run(c),
        Command::Render(c) => render::run(c),
        Command::Store(c) => store::run(c),
        // Another game's self-play (`selfplay --game NAME`); Jetan's is the engine's.
        Command::Engine(engine::Command::Selfplay {
            black,
            orange,
            games,
            seed,
            max_plies,
            game,
            ..
        }) if game != "jetan" => match game_selfplay(&game) {
            Some(play) => play(black, orange, games, seed, max_plies),
            None => anyhow::bail!("`{game}` is not a game: write {GAME_NAMES}"),
        },
        Command::Engine(c) => engine::run(c),
        Command::Martian(c) => martian::run(c),
    };
    match result {
        Err(e) if is_broken_pipe(&e) => Ok(()),
        r => r,
    }
}

/// Whether an error comes from writing to a closed pipe.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
