//! `jetan`: the Discord bot that hosts games of Jetan, its offline console, and the
//! developer tools (perft, move lists, rendering, store checks, self-play).

mod cli;

use clap::Parser;

/// Jetan — Burroughs' chess of Barsoom, and its kin, on Discord.
#[derive(Debug, Parser)]
#[command(name = "jetan", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: cli::Command,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli::run(cli.command) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            // The whole chain of causes, without a backtrace: this is for people.
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
