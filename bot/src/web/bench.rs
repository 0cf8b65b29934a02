//! `jetan bench-web`: N live clients on one game, on loopback. A console game in a
//! throwaway data directory, the web pages on a free port, N server-sent-event clients
//! (plain sockets) on the game's page; then moves played as a page plays them (the Move
//! menu's first choice, through `Core::handle`), each timed from the moment the move's
//! request is handed to the core (an upper bound of the time from
//! its commit: it includes the move's own work and picture) to the moment each client has
//! read its event. Prints the time to the last client of each move (p50, p99, max) and
//! of every delivery, and the process's memory growth per client (server and client
//! sockets together: an upper bound of the server's share).

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

use jetan_core::web::WebLinks as _;
use jetan_core::Core;

use crate::console::{bot_user, Console, CONSOLE_GUILD};

/// Prints nothing: the benchmark's moves are its own.
struct Quiet;

impl super::Front for Quiet {
    fn deliver(
        &self,
        _: jetan_core::GuildId,
        _: jetan_core::ChannelId,
        _: u64,
        _: jetan_core::Response,
    ) {
    }
}

/// The process's resident memory, in KB (Linux; 0 elsewhere).
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// One client: reads the event stream and reports (version, when) of each event.
async fn client(
    addr: std::net::SocketAddr,
    path: String,
    seen: mpsc::UnboundedSender<(u64, Instant)>,
    ready: mpsc::UnboundedSender<()>,
) -> std::io::Result<()> {
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
            .as_bytes(),
    )
    .await?;
    let mut buf = vec![0u8; 2048];
    // The current line, kept only while it may be an `id:` line (each event's `id:` line
    // carries the game's version; the data lines are skipped byte by byte).
    let mut line = Vec::with_capacity(32);
    let mut keep = true;
    let mut first = true;
    loop {
        let n = s.read(&mut buf).await?;
        if n == 0 {
            return Ok(());
        }
        let at = Instant::now();
        for &b in &buf[..n] {
            if b == b'\n' {
                if keep {
                    if let Some(v) = line
                        .strip_prefix(b"id: ")
                        .and_then(|v| std::str::from_utf8(v).ok())
                        .and_then(|v| v.trim().parse::<u64>().ok())
                    {
                        if first {
                            first = false;
                            let _ = ready.send(());
                        } else {
                            let _ = seen.send((v, at));
                        }
                    }
                }
                line.clear();
                keep = true;
            } else if keep {
                line.push(b);
                if line.len() > 32 || !(b"id: ".starts_with(&line) || line.starts_with(b"id: ")) {
                    keep = false;
                    line.clear();
                }
            }
        }
    }
}

/// Runs the benchmark and prints its figures.
///
/// # Errors
/// The data directory, the runtime or the socket cannot be made.
pub fn run(clients: usize, moves: usize) -> anyhow::Result<()> {
    let dir = tempfile_dir()?;
    let store = jetan_store::Store::open(dir.join("data"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let _entered = runtime.enter();
    let config = crate::config::WebConfig {
        addr: "127.0.0.1:0".parse()?,
        public_url: None,
        secret: "bench secret, long enough for the keys here".into(),
    };
    let prepared = runtime.block_on(super::Prepared::bind(&config))?;
    let addr = prepared.local_addr()?;
    let links = prepared.links();
    let core = Arc::new(
        Core::new(store, bot_user(), 7)
            .with_web_links(links.clone())
            .with_observer(prepared.observer()),
    );
    prepared.start(core.clone(), Arc::new(Quiet), None);
    let mut sink = Vec::new();
    let mut console = Console::new(&core, dir.join("out"));
    for line in [
        "#bench @alice challenge opponent:@bob stake:0 piece_price:0 first:me move_time:10080",
        "#bench @bob accept",
        "#bench @bob click Confirm",
    ] {
        console.run_line(line, &mut sink)?;
    }
    let game = core
        .server_games(CONSOLE_GUILD)?
        .playing
        .first()
        .map(|g| g.id)
        .ok_or_else(|| anyhow::anyhow!("the benchmark's game did not start"))?;
    let watch = links.watch(CONSOLE_GUILD, game);
    let path = format!(
        "{}/events",
        watch.trim_start_matches(&format!("http://{addr}"))
    );
    let before = rss_kb();
    let (seen_tx, mut seen_rx) = mpsc::unbounded_channel();
    let (ready_tx, mut ready_rx) = mpsc::unbounded_channel();
    for _ in 0..clients {
        let (s, r, p) = (seen_tx.clone(), ready_tx.clone(), path.clone());
        runtime.spawn(async move {
            if let Err(e) = client(addr, p, s, r).await {
                eprintln!("a client failed: {e}");
            }
        });
    }
    drop(ready_tx);
    runtime.block_on(async {
        for _ in 0..clients {
            ready_rx.recv().await;
        }
    });
    let after = rss_kb();
    println!(
        "{clients} clients connected to {watch}/events; memory {before} KB → {after} KB: {:.1} KB per client (server and client sockets together)",
        after.saturating_sub(before) as f64 / clients.max(1) as f64
    );
    // Each move the first one the player to act is offered, played as a page plays it.
    let mut last_client = Vec::new();
    let mut every = Vec::new();
    for i in 0..moves {
        let page = core
            .game_page(CONSOLE_GUILD, game, false)?
            .ok_or_else(|| anyhow::anyhow!("the game ended after {i} moves"))?;
        let Some(player) = page.players.iter().find(|p| p.to_act).map(|p| p.user) else {
            anyhow::bail!("the game ended after {i} moves");
        };
        let now = || {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64)
        };
        let offered = core
            .page_actions(CONSOLE_GUILD, game, player, now())?
            .and_then(|a| a.actions.first().map(|x| (a.version, x.key.clone())))
            .ok_or_else(|| anyhow::anyhow!("no move offered after {i} moves"))?;
        let mut req = core
            .web_move(CONSOLE_GUILD, game, player, &offered.1, offered.0)?
            .ok_or_else(|| anyhow::anyhow!("the game ended after {i} moves"))?;
        req.id = (1 << 63) | i as u64;
        req.now = now();
        let committed = Instant::now();
        let response = core.handle(req);
        if response.reply.ephemeral {
            anyhow::bail!(
                "move {} was refused: {}",
                i + 1,
                response.reply.text.plain()
            );
        }
        let version = core
            .game_page(CONSOLE_GUILD, game, false)?
            .map(|p| p.version)
            .unwrap_or(0);
        let mut got = 0;
        let mut latest = Duration::ZERO;
        runtime.block_on(async {
            while got < clients {
                match tokio::time::timeout(Duration::from_secs(30), seen_rx.recv()).await {
                    Ok(Some((v, at))) if v == version => {
                        got += 1;
                        let d = at.saturating_duration_since(committed);
                        every.push(d);
                        latest = latest.max(d);
                    }
                    Ok(Some(_)) => {}
                    _ => break,
                }
            }
        });
        if got < clients {
            anyhow::bail!("move {}: only {got} of {clients} clients saw it", i + 1);
        }
        last_client.push(latest);
    }
    last_client.sort();
    every.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{moves} moves: from the request (commit and picture included) to the last of {clients} clients p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; every delivery p50 {:.1} ms, p99 {:.1} ms",
        ms(percentile(&last_client, 0.5)),
        ms(percentile(&last_client, 0.99)),
        ms(*last_client.last().unwrap_or(&Duration::ZERO)),
        ms(percentile(&every, 0.5)),
        ms(percentile(&every, 0.99)),
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// A fresh directory under the system's temporary directory.
fn tempfile_dir() -> std::io::Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!(
        "jetan-bench-web-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
