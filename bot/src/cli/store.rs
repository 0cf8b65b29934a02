//! `jetan` subcommands of the store issue (being built).

use clap::Subcommand;

/// Subcommands of this group.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {}
}
