//! Flushed moves per second on each backend: sled in a temporary directory, and
//! PostgreSQL at the URL given (or none).
//!
//! `cargo run --release -p jetan-store --example backends -- [postgres://…] [clients]`
//!
//! - **one channel**: one client plays one game move after move; each move returns only
//!   once it is durable (sled: flushed; PostgreSQL: committed);
//! - **1,000 channels**: `clients` threads (default 32) play 1,000 games at once, each
//!   move on a channel of its own client, for a fixed time.
//!
//! Games are Classic with quiet moves (no captures), restarted when one ends. Point it
//! at a throwaway database: it creates the store's tables in the URL's schema.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jetan_rules::Variant;
use jetan_store::{ChannelId, Location, Stamp, Store, Terms, UserId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const GUILD: jetan_store::GuildId = jetan_store::GuildId(1);
const CHANNELS: u64 = 1000;
const RUN: Duration = Duration::from_secs(10);

fn terms() -> Terms {
    Terms {
        stake: 1,
        piece_price: 0,
        ..Terms::friendly(Variant::Classic)
    }
}

/// Request ids unique across threads.
static NEXT: AtomicU64 = AtomicU64::new(1);

fn req(user: u64) -> Stamp {
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    Stamp::new(id, UserId(user), id)
}

/// Plays one quiet move in `ch` (starting a game there first if needed).
fn one_move(store: &Store, ch: u64, rng: &mut StdRng) {
    let (a, b) = (10_000 + ch * 2, 10_001 + ch * 2);
    let game = match store.game(ChannelId(ch)).unwrap() {
        Some(g) => g,
        None => {
            if store.open_challenge(ChannelId(ch)).unwrap().is_none() {
                store
                    .challenge(req(a), GUILD, ChannelId(ch), UserId(b), terms())
                    .unwrap();
            }
            store.accept(req(b), ChannelId(ch), None, 0, 1).unwrap()
        }
    };
    let pos = game.position().unwrap();
    let all = pos.legal_moves();
    let quiet: Vec<_> = all.iter().filter(|m| !m.is_capture()).collect();
    if quiet.is_empty() || game.moves().len() > 300 {
        store
            .abort(req(1), ChannelId(ch), game.id, "restart")
            .unwrap();
        return;
    }
    let m = quiet[rng.gen_range(0..quiet.len())];
    store
        .play(
            req(game.to_move().get()),
            ChannelId(ch),
            (game.id, game.version),
            m.from,
            m.to,
        )
        .unwrap();
}

fn bench(name: &str, store: &Store, clients: usize) {
    // One channel.
    let mut rng = StdRng::seed_from_u64(1);
    one_move(store, 1, &mut rng);
    let (t0, mut n) = (Instant::now(), 0u64);
    while t0.elapsed() < RUN {
        one_move(store, 1, &mut rng);
        n += 1;
    }
    let one = n as f64 / t0.elapsed().as_secs_f64();
    // 1,000 channels, `clients` at once.
    let done = Arc::new(AtomicU64::new(0));
    let t0 = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|c| {
            let (store, done) = (store.clone(), done.clone());
            std::thread::spawn(move || {
                let mut rng = StdRng::seed_from_u64(c as u64 + 7);
                let mine: Vec<u64> = (0..CHANNELS)
                    .filter(|ch| *ch as usize % clients == c)
                    .map(|ch| 100 + ch)
                    .collect();
                let mut i = 0;
                while t0.elapsed() < RUN {
                    one_move(&store, mine[i % mine.len()], &mut rng);
                    done.fetch_add(1, Ordering::Relaxed);
                    i += 1;
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let many = done.load(Ordering::Relaxed) as f64 / t0.elapsed().as_secs_f64();
    println!(
        "{name:>10}: one channel {one:>7.0} moves/s; {CHANNELS} channels, {clients} clients: {many:>7.0} moves/s (the second includes starting the games)"
    );
    assert!(store.verify().unwrap().is_clean());
}

fn main() {
    let mut args = std::env::args().skip(1);
    let url = args.next().filter(|a| a.starts_with("postgres"));
    let clients: usize = args.next().and_then(|c| c.parse().ok()).unwrap_or(32);
    let dir = tempfile::tempdir().unwrap();
    bench("sled", &Store::open(dir.path()).unwrap(), clients);
    if let Some(url) = url {
        let store = Store::open_at(&Location::Postgres(url)).unwrap();
        bench("postgres", &store, clients);
    }
}
