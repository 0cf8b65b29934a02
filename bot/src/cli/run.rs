//! `jetan serve` (the Discord bot) and `jetan console` (the offline console).

use std::path::PathBuf;

use anyhow::Context;
use clap::Subcommand;
use jetan::config::{Config, DEFAULT_DATA_DIR};
use jetan::console::{bot_user, default_out_dir, Console};
use jetan_core::Core;
use jetan_store::{Location, Store};

/// Running the bot.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Runs the Discord bot (settings from the environment or .env; see .env.example).
    Serve,
    /// Plays offline: one command per line on stdin, like `#general @alice challenge opponent:@bob`.
    Console {
        /// The data directory or a PostgreSQL URL (default: $JETAN_DATABASE_URL, else
        /// $JETAN_DATA_DIR, else ./jetan-data).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Where to save pictures (default: ./jetan-console-out).
        #[arg(long)]
        out: Option<PathBuf>,
        /// How long the computer thinks per move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
    },
}

fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(7)
}

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Serve => {
            let config = Config::from_env()?;
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .context("cannot start the async runtime")?;
            runtime.block_on(jetan::discord::serve(config))
        }
        Command::Console {
            data,
            out,
            think_ms,
        } => {
            let location = match data {
                Some(d) => Location::parse(&d.to_string_lossy()),
                None => match std::env::var("JETAN_DATABASE_URL") {
                    Ok(url) if !url.trim().is_empty() => Location::Postgres(url.trim().into()),
                    _ => Location::Dir(
                        std::env::var_os("JETAN_DATA_DIR")
                            .map_or_else(|| PathBuf::from(DEFAULT_DATA_DIR), PathBuf::from),
                    ),
                },
            };
            let store = Store::open_at(&location)
                .with_context(|| format!("cannot open the store at {location}"))?;
            let core = Core::new(store, bot_user(), seed())
                .with_think_time(std::time::Duration::from_millis(think_ms));
            let out = out.unwrap_or_else(|| default_out_dir().to_path_buf());
            let mut console = Console::new(&core, out);
            let stdin = std::io::stdin().lock();
            console.run(stdin, std::io::stdout().lock())?;
            core.flush()?;
            Ok(())
        }
    }
}
