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
        /// Also serve the web pages (live games, playing by clicking) on this address,
        /// like 127.0.0.1:8080 (port 0: any free port; the address is printed).
        #[arg(long)]
        web: Option<std::net::SocketAddr>,
    },
    /// Measures the web pages: N live clients on one game on loopback, the time from a
    /// move's commit to the last client, and the memory per client (prints figures).
    BenchWeb {
        /// How many live clients.
        #[arg(long, default_value_t = 1000)]
        clients: usize,
        /// How many moves to time.
        #[arg(long, default_value_t = 40)]
        moves: usize,
    },
}

/// The console's web settings: `JETAN_PUBLIC_URL` and `JETAN_WEB_SECRET` when set, else
/// links to the address and a random secret (the links last as long as the console).
fn web_config(addr: std::net::SocketAddr) -> jetan::config::WebConfig {
    let env = |name: &str| {
        std::env::var(name)
            .ok()
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let secret = env("JETAN_WEB_SECRET").unwrap_or_else(|| {
        use rand::RngCore;
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    });
    jetan::config::WebConfig {
        addr,
        public_url: env("JETAN_PUBLIC_URL"),
        secret: secret.into(),
    }
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
        Command::BenchWeb { clients, moves } => jetan::web::bench::run(clients, moves),
        Command::Console {
            data,
            out,
            think_ms,
            web,
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
            let Some(addr) = web else {
                let mut console = Console::new(&core, out);
                let stdin = std::io::stdin().lock();
                console.run(stdin, std::io::stdout().lock())?;
                core.flush()?;
                return Ok(());
            };
            // With the web pages: the server runs on its own threads, the console reads
            // stdin on this one; both print whole blocks to stdout.
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .context("cannot start the async runtime")?;
            let _entered = runtime.enter();
            let config = web_config(addr);
            let prepared = runtime
                .block_on(jetan::web::Prepared::bind(&config))
                .with_context(|| format!("cannot listen on {addr}"))?;
            let local = prepared.local_addr()?;
            let server = prepared.links().server(jetan::console::CONSOLE_GUILD);
            let core = std::sync::Arc::new(
                core.with_web_links(prepared.links())
                    .with_observer(prepared.observer()),
            );
            let front = std::sync::Arc::new(jetan::console::WebPrinter::new(core.clone()));
            prepared.start(core.clone(), front, None);
            println!("--- web pages at http://{local}/ (this server's games: {server})");
            let mut console = Console::new(&core, out);
            let stdin = std::io::stdin().lock();
            console.run(stdin, std::io::stdout())?;
            core.flush()?;
            Ok(())
        }
    }
}
