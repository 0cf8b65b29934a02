//! Store benchmarks: acknowledged (flushed) moves per second on one channel and spread
//! over 1,000 channels; reading the 1,000 games in progress (as the upkeep does), with
//! and without their move lists; opening a data directory with 10,000 archived games, and the
//! memory that takes.
//!
//! `cargo bench -p jetan-store --bench store`

use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{criterion_group, BenchmarkGroup, Criterion, Throughput};
use jetan_rules::{Position, Square, Variant};
use jetan_store::{ChannelId, GameId, Stamp, Store, Terms, UserId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const GUILD: jetan_store::GuildId = jetan_store::GuildId(1);
const ALICE: jetan_store::UserId = jetan_store::UserId(100);
const BOB: jetan_store::UserId = jetan_store::UserId(200);

struct Ids(u64);
impl Ids {
    fn next(&mut self) -> u64 {
        self.0 += 1;
        self.0
    }
}

/// A quiet move: random, avoiding captures so games last.
fn quiet(pos: &Position, rng: &mut StdRng) -> (Square, Square) {
    let moves = pos.legal_moves();
    let quiet: Vec<_> = moves.iter().filter(|m| !m.is_capture()).collect();
    let m = if quiet.is_empty() {
        moves[rng.gen_range(0..moves.len())]
    } else {
        *quiet[rng.gen_range(0..quiet.len())]
    };
    (m.from, m.to)
}

fn start(store: &Store, ids: &mut Ids, channel: u64) {
    let ch = ChannelId(channel);
    let terms = Terms {
        stake: 1,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    };
    // Two players per channel, so that 1,000 games do not drain one wallet.
    let (alice, bob) = (
        UserId(ALICE.get() + channel * 1000),
        UserId(BOB.get() + channel * 1000),
    );
    store
        .challenge(Stamp::new(ids.next(), alice, 0), GUILD, ch, bob, terms)
        .unwrap();
    store
        .accept(Stamp::new(ids.next(), bob, 0), ch, None, 0, 1)
        .unwrap();
}

/// Plays one move in `channel`, starting a new game when the last one ended (a game that
/// runs long is aborted, so records stay a realistic size).
fn one_move(store: &Store, ids: &mut Ids, rng: &mut StdRng, channel: u64) {
    let ch = ChannelId(channel);
    let g = match store.game(ch).unwrap() {
        Some(g) if g.moves().len() < 120 => g,
        Some(_) => {
            store
                .abort(
                    Stamp::new(ids.next(), UserId(1), 0),
                    ch,
                    gid(store, channel),
                    "long",
                )
                .unwrap();
            start(store, ids, channel);
            store.game(ch).unwrap().unwrap()
        }
        None => {
            start(store, ids, channel);
            store.game(ch).unwrap().unwrap()
        }
    };
    let (from, to) = quiet(&g.position().unwrap(), rng);
    store
        .play(
            Stamp::new(ids.next(), g.to_move(), 0),
            ch,
            (g.id, g.version),
            from,
            to,
        )
        .unwrap();
}

fn moves(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let mut ids = Ids(0);
    let mut rng = StdRng::seed_from_u64(1);
    let mut group = quick_group(c, "moves");
    group.throughput(Throughput::Elements(1));
    group.bench_function("one channel, flushed", |b| {
        b.iter(|| one_move(&store, &mut ids, &mut rng, 1));
    });

    // 1,000 channels, one thread per channel: the flushes of concurrent moves are shared.
    const CHANNELS: u64 = 1000;
    let many = Store::open(dir.path().join("many")).unwrap();
    let mut id_base = 1_000_000_000u64;
    group.throughput(Throughput::Elements(CHANNELS));
    group.bench_function("1000 channels concurrently, flushed", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                id_base += 1_000_000;
                let started = Instant::now();
                std::thread::scope(|scope| {
                    for ch in 0..CHANNELS {
                        let store = &many;
                        let mut ids = Ids(id_base + ch * 100);
                        let mut rng = StdRng::seed_from_u64(id_base + ch);
                        scope.spawn(move || one_move(store, &mut ids, &mut rng, 10 + ch));
                    }
                });
                total += started.elapsed();
            }
            total
        });
    });
    group.finish();
    assert!(store.verify().unwrap().is_clean());
    assert!(many.verify().unwrap().is_clean());

    // What the upkeep reads each minute (and `/jetan games`): the 1,000 games in
    // progress above, with their move lists or without.
    let games = many.games().unwrap();
    let plies: usize = games.iter().map(|g| g.moves().len()).sum();
    eprintln!("{} games in progress, {plies} moves in all", games.len());
    let mut group = quick_group(c, "games in progress");
    group.bench_function("1000 games with their moves", |b| {
        b.iter(|| many.games().unwrap().len());
    });
    group.bench_function("1000 games without their moves", |b| {
        b.iter(|| many.games_without_moves().unwrap().len());
    });
    group.finish();
}

/// A benchmark group of 10 samples over 5 s, after a second of warm-up.
fn quick_group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    group
}

/// The id of the game in progress in `channel` (0 if none).
fn gid(store: &Store, channel: u64) -> GameId {
    store
        .game(ChannelId(channel))
        .ok()
        .flatten()
        .map_or(GameId(0), |g| g.id)
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// A data directory with 10,000 archived games of 60 moves: one real game exported, its
/// line copied with new ids, imported.
fn archive_of_10k() -> tempfile::TempDir {
    let src = tempfile::tempdir().unwrap();
    let store = Store::open(src.path()).unwrap();
    let mut ids = Ids(0);
    let mut rng = StdRng::seed_from_u64(2);
    {
        start(&store, &mut ids, 1);
        for _ in 0..60 {
            one_move(&store, &mut ids, &mut rng, 1);
        }
        store
            .resign(
                Stamp::new(ids.next(), UserId(BOB.get() + 1000), 0),
                ChannelId(1),
                gid(&store, 1),
            )
            .unwrap();
    }
    let mut out = Vec::new();
    store.export(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let finished = text
        .lines()
        .find(|l| l.contains("\"type\":\"finished\""))
        .unwrap();
    let mut value: serde_json::Value = serde_json::from_str(finished).unwrap();
    // The header, and a wallet for every player (an import checks that finished games'
    // players have one).
    let mut lines = format!("{}\n", text.lines().next().unwrap());
    let wallet = text
        .lines()
        .find(|l| l.contains("\"type\":\"wallet\""))
        .unwrap();
    let mut wallet: serde_json::Value = serde_json::from_str(wallet).unwrap();
    for user in (10_000..10_300).chain(20_000..20_300) {
        wallet["user"] = user.into();
        lines.push_str(&wallet.to_string());
        lines.push('\n');
    }
    for i in 0..10_000u64 {
        let game = &mut value["game"];
        game["id"] = (1_000 + i).into();
        game["channel"] = (1_000 + i % 500).into();
        game["black"] = (10_000 + i % 300).into();
        game["orange"] = (20_000 + i % 300).into();
        lines.push_str(&value.to_string());
        lines.push('\n');
    }
    let dst = tempfile::tempdir().unwrap();
    Store::import(dst.path(), lines.as_bytes()).unwrap();
    dst
}

fn open(c: &mut Criterion) {
    let dir = archive_of_10k();
    // Memory in a fresh process: this one's allocator still holds what building the
    // archive used.
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .env(MEASURE_ENV, dir.path())
        .output()
        .unwrap();
    eprint!("{}", String::from_utf8_lossy(&out.stdout));
    let size: u64 = walk(dir.path());
    eprintln!(
        "10,000 archived games: {:.1} MiB on disk",
        size as f64 / 1048576.0
    );
    let mut group = quick_group(c, "open");
    group.bench_function("10k archived games", |b| {
        b.iter(|| {
            let s = Store::open(dir.path()).unwrap();
            let last = s.last_finished(ChannelId(1_000)).unwrap();
            assert!(last.is_some());
        });
    });
    group.finish();
}

fn walk(p: &std::path::Path) -> u64 {
    std::fs::read_dir(p)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| {
                    let m = e.metadata().unwrap();
                    if m.is_dir() {
                        walk(&e.path())
                    } else {
                        m.len()
                    }
                })
                .sum()
        })
        .unwrap_or(0)
}

const MEASURE_ENV: &str = "JETAN_BENCH_MEASURE_OPEN";

/// In the child process: open the directory, read one history page, then everything,
/// printing the resident memory at each step.
fn measure_open(dir: &str) {
    let before = rss_kib();
    let started = Instant::now();
    let store = Store::open(dir).unwrap();
    let open_time = started.elapsed();
    let opened = rss_kib();
    assert_eq!(
        store.history_channel(ChannelId(1_000), 10).unwrap().len(),
        10
    );
    let page = rss_kib();
    let report = store.verify().unwrap();
    assert_eq!(report.finished, 10_000);
    let all = rss_kib();
    println!(
        "10,000 archived games, fresh process: open {:.1} ms; resident memory {} KiB before, +{} KiB after open, +{} KiB after a history page, +{} KiB after reading everything",
        open_time.as_secs_f64() * 1000.0,
        before,
        opened - before,
        page - before,
        all - before
    );
}

criterion_group!(benches, moves, open);

fn main() {
    if let Ok(dir) = std::env::var(MEASURE_ENV) {
        measure_open(&dir);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
