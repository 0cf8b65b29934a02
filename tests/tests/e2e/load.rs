//! Scenario 8: load. Many channels play random legal games at the same time (24 channels ×
//! 30 moves = 720 moves by default, a couple of minutes at most in debug on 2 busy cores).
//! Discord's rules hold under load: every interaction is acknowledged within its 3 seconds
//! (the fake refuses a late one and `finish` fails on it), no "thinking…" is left behind,
//! every acknowledged move is there at the end and `jetan verify` is clean. Printed
//! (`cargo test ... load -- --nocapture`): acknowledgement p50/p99/max, time until visible,
//! moves/s while every channel was playing (the sustained rate: the games' setup and the
//! channels' staggered arrival left out), the bot's peak RSS.
//!
//! `JETAN_E2E_LOAD_CHANNELS` and `JETAN_E2E_LOAD_MOVES` change the size.
//! `JETAN_E2E_LOAD_RATE` (moves per second over all channels) paces the run open-loop:
//! each channel's moves are due on a fixed schedule; a move whose slot passes while the
//! channel's previous move is still unanswered is sent late, and its visible time counts
//! from its slot (no coordinated omission). Unset: closed loop (each channel moves as soon
//! as the previous reply is seen).
//!
//! The default is one process on sled. `JETAN_E2E_LOAD_PROCESSES=N` (N ≥ 2) runs N
//! processes (`JETAN_SHARDS=k/N`) on one throwaway PostgreSQL instead, the channels spread
//! over one guild per shard (channel i in shard i mod N's guild);
//! `JETAN_E2E_LOAD_POSTGRES=1` runs the one process on PostgreSQL. The printed RSS is
//! then per process.

use std::time::{Duration, Instant};

use jetan_tests::jetan::{move_label, quiet_random_move, start_game, Game, Rng};
use jetan_tests::{Config, Player, TestApp};

use crate::cluster;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Reply times of one channel: acknowledgement (Discord's 3-second window) and until the
/// answer was visible (after a deferral, the follow-up).
#[derive(Default)]
struct Times {
    ack: Vec<Duration>,
    visible: Vec<Duration>,
    /// When each move's answer was seen.
    answered: Vec<Instant>,
    /// Each channel's first move sent and last move answered.
    spans: Vec<(Instant, Instant)>,
}

impl Times {
    fn add(&mut self, other: Times) {
        self.ack.extend(other.ack);
        self.visible.extend(other.visible);
        self.answered.extend(other.answered);
        self.spans.extend(other.spans);
    }

    /// Moves answered per second while every channel was playing (after the last one
    /// made its first move, before the first one made its last): the sustained rate,
    /// without the games' setup and the channels' staggered arrival. Over all moves if
    /// that window is under a second.
    fn sustained_rate(&self) -> (f64, Duration) {
        let all_in = self.spans.iter().map(|s| s.0).max();
        let first_out = self.spans.iter().map(|s| s.1).min();
        let (from, to) = match (all_in, first_out) {
            (Some(a), Some(b)) if b > a + Duration::from_secs(1) => (a, b),
            _ => (
                self.spans
                    .iter()
                    .map(|s| s.0)
                    .min()
                    .unwrap_or_else(Instant::now),
                self.spans
                    .iter()
                    .map(|s| s.1)
                    .max()
                    .unwrap_or_else(Instant::now),
            ),
        };
        let window = to.saturating_duration_since(from);
        let n = self
            .answered
            .iter()
            .filter(|&&t| t >= from && t <= to)
            .count();
        (n as f64 / window.as_secs_f64().max(1e-3), window)
    }
}

/// Plays one channel; stops at the first error and returns it with what was played.
async fn play_channel(
    a: Player,
    b: Player,
    moves: usize,
    seed: u64,
    interval: Option<Duration>,
) -> (Option<Game>, Times, Option<anyhow::Error>) {
    let mut times = Times::default();
    let mut game = match start_game(&a, &b, &[]).await {
        Ok((_, _, game)) => game,
        Err(e) => return (None, times, Some(e.context("starting the game"))),
    };
    let mut rng = Rng::new(seed);
    let first_slot = Instant::now();
    while game.moves.len() < moves {
        let Some(m) = quiet_random_move(&game.position, &mut rng) else {
            break;
        };
        let sent = match interval {
            // Open loop: the move is due at its slot, whenever the previous one finished.
            Some(every) => {
                let slot = first_slot + every * u32::try_from(game.moves.len()).unwrap_or(0);
                tokio::time::sleep_until(slot.into()).await;
                slot
            }
            None => Instant::now(),
        };
        match game.play_checked(m, false).await {
            Ok(reply) => {
                let now = Instant::now();
                times.visible.push(now - sent);
                times.ack.push(reply.elapsed);
                times.answered.push(now);
                match times.spans.first_mut() {
                    Some(span) => span.1 = now,
                    None => times.spans.push((sent, now)),
                }
            }
            Err(e) => {
                let ply = game.moves.len();
                return (Some(game), times, Some(e.context(format!("ply {ply}"))));
            }
        }
    }
    (Some(game), times, None)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() as f64)).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_channels_play_at_once() -> anyhow::Result<()> {
    let channels = env_or("JETAN_E2E_LOAD_CHANNELS", 24).max(1);
    let moves = env_or("JETAN_E2E_LOAD_MOVES", 30);
    let config = Config {
        wait: Duration::from_secs(60),
        ..Config::default()
    };
    let rate: Option<f64> = std::env::var("JETAN_E2E_LOAD_RATE")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|r: &f64| *r > 0.0);
    // Each channel gets its share of the rate.
    let interval = rate.map(|r| Duration::from_secs_f64(channels as f64 / r));
    let processes = u32::try_from(env_or("JETAN_E2E_LOAD_PROCESSES", 1).max(1))?;
    let on_postgres =
        processes > 1 || std::env::var("JETAN_E2E_LOAD_POSTGRES").is_ok_and(|v| v == "1");
    let url = if on_postgres {
        Some(tokio::task::spawn_blocking(cluster::fresh_url).await?)
    } else {
        None
    };
    let env: Vec<(&str, &str)> = url
        .iter()
        .map(|u| ("JETAN_DATABASE_URL", u.as_str()))
        .collect();
    let mut app = if processes > 1 {
        TestApp::spawn_sharded(config, processes, &env, true).await?
    } else {
        TestApp::spawn_alone(config, &env).await?
    };
    // One guild per shard (the test guild when there is one process).
    let guilds: Vec<u64> = if processes > 1 {
        (0..processes).map(|k| app.fake.guild_on_shard(k)).collect()
    } else {
        vec![app.fake.guild_id()]
    };
    let began = Instant::now();

    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..channels {
        let channel = app
            .fake
            .channel_in(guilds[i % guilds.len()], &format!("load-{i}"));
        let a = app.fake.user(&format!("p{i}a")).at(channel);
        let b = app.fake.user(&format!("p{i}b")).at(channel);
        // Channels open over a couple of seconds, as people arrive; then nobody waits.
        let arrive = Duration::from_millis(50 * i as u64);
        tasks.spawn(async move {
            tokio::time::sleep(arrive).await;
            (i, play_channel(a, b, moves, i as u64 + 1, interval).await)
        });
    }
    let mut games = Vec::new();
    let mut times = Times::default();
    let mut errors = Vec::new();
    // Bounded, whatever the bot does: CI must finish.
    let limit = tokio::time::Instant::now() + Duration::from_secs(8 * 60);
    loop {
        let done = match tokio::time::timeout_at(limit, tasks.join_next()).await {
            Ok(Some(done)) => done,
            Ok(None) => break,
            Err(_) => {
                errors.push(format!(
                    "{} channels still playing after 8 minutes",
                    tasks.len()
                ));
                tasks.abort_all();
                break;
            }
        };
        let (i, (game, t, error)) = done?;
        times.add(t);
        if let Some(e) = error {
            errors.push(format!("channel {i}: {e:#}"));
        } else if let Some(game) = game {
            games.push((i, game));
        }
    }
    let played = began.elapsed();
    let total: usize = times.ack.len();
    let (rate_moving, moving) = times.sustained_rate();
    times.ack.sort();
    times.visible.sort();
    let peaks: Vec<String> = (0..processes)
        .map(|k| {
            let kb = app.process(k).proc_status_kb("VmHWM").unwrap_or_default();
            format!("{:.1} MiB", kb as f64 / 1024.0)
        })
        .collect();
    let pacing = match rate {
        Some(r) => format!("open loop at {r} moves/s"),
        None => "closed loop".to_owned(),
    };
    let store = match (processes, &url) {
        (1, None) => "1 process on sled".to_owned(),
        (1, Some(_)) => "1 process on PostgreSQL".to_owned(),
        (n, _) => format!("{n} processes on PostgreSQL"),
    };
    println!(
        "load ({pacing}, {store}): {channels} channels, {total} moves acknowledged in \
         {played:.1?} with the games' setup; {rate_moving:.1} moves/s while all played \
         ({moving:.1?}); acknowledgement p50 {:?}, p99 {:?}, max {:?}; visible p50 {:?}, p99 \
         {:?}; bot peak RSS (VmHWM) {}; {} channels failed",
        percentile(&times.ack, 50.0),
        percentile(&times.ack, 99.0),
        times.ack.last().copied().unwrap_or_default(),
        percentile(&times.visible, 50.0),
        percentile(&times.visible, 99.0),
        peaks.join(" + "),
        errors.len(),
    );
    errors.sort();
    let late = app.fake.violations();
    anyhow::ensure!(
        errors.is_empty(),
        "{} channels failed: {:#?}\n{} Discord rules broken, first: {:#?}",
        errors.len(),
        &errors[..errors.len().min(10)],
        late.len(),
        &late[..late.len().min(5)],
    );

    // Discord's rules: every acknowledgement within the window (the fake also refuses late
    // ones), and no "thinking…" left unanswered.
    let window = app.fake.config().interaction_deadline;
    let slowest = times.ack.last().copied().unwrap_or_default();
    anyhow::ensure!(
        slowest <= window,
        "a move was acknowledged after {slowest:?}, past Discord's {window:?}"
    );
    let stuck: Vec<u64> = app
        .fake
        .all_messages()
        .iter()
        .filter(|m| m.loading && !m.deleted)
        .map(|m| m.id)
        .collect();
    anyhow::ensure!(stuck.is_empty(), "\"thinking…\" never answered: {stuck:?}");

    // Every acknowledged move is there.
    for (i, game) in &games {
        let board = game.black.board().await?;
        anyhow::ensure!(
            board.text().contains(&move_label(game.moves.len())),
            "channel {i}: {}",
            board.text()
        );
    }
    let violations = app.fake.violations();
    anyhow::ensure!(
        violations.is_empty(),
        "{} violations: {:#?}",
        violations.len(),
        &violations[..violations.len().min(20)]
    );
    let report = match &url {
        Some(url) => app.stop_and_verify_at(url).await?,
        None => app.stop_and_verify().await?,
    };

    println!("verify: {}", report.lines().next().unwrap_or_default());
    assert_eq!(
        total,
        channels * moves,
        "every channel played all its moves"
    );
    app.finish().await
}
