//! `jetan`: the Discord bot that hosts games of Jetan, its offline console, and the
//! developer tools (perft, move lists, rendering, store checks, self-play).

mod cli;

use clap::Parser;

/// Jetan — Martian chess on Discord.
#[derive(Debug, Parser)]
#[command(name = "jetan", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: cli::Command,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    cli::run(cli.command)
}
