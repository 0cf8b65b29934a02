//! Scenario 8: load. Many channels play random legal games at the same time (50 channels ×
//! 40 moves = 2,000 moves by default). No error, every acknowledged move is there at the
//! end, `jetan verify` is clean; the bot's median and 99th-percentile reply times and its
//! peak memory are printed (`cargo test ... load -- --nocapture`).
//!
//! `JETAN_E2E_LOAD_CHANNELS` and `JETAN_E2E_LOAD_MOVES` change the size.

use std::time::{Duration, Instant};

use jetan_tests::jetan::{quiet_random_move, start_game, Game, Rng};
use jetan_tests::{Config, Player, TestApp};

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
}

/// Plays one channel; stops at the first error and returns it with what was played.
async fn play_channel(
    a: Player,
    b: Player,
    moves: usize,
    seed: u64,
) -> (Option<Game>, Times, Option<anyhow::Error>) {
    let mut times = Times::default();
    let mut game = match start_game(&a, &b, &[]).await {
        Ok((_, _, game)) => game,
        Err(e) => return (None, times, Some(e.context("starting the game"))),
    };
    let mut rng = Rng::new(seed);
    while game.moves.len() < moves {
        let Some(m) = quiet_random_move(&game.position, &mut rng) else {
            break;
        };
        let sent = Instant::now();
        match game.play_checked(m, false).await {
            Ok(reply) => {
                times.visible.push(sent.elapsed());
                times.ack.push(reply.elapsed);
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
    let channels = env_or("JETAN_E2E_LOAD_CHANNELS", 50);
    let moves = env_or("JETAN_E2E_LOAD_MOVES", 40);
    let config = Config {
        wait: Duration::from_secs(60),
        ..Config::default()
    };
    let mut app = TestApp::spawn_alone(config, &[]).await?;
    let began = Instant::now();

    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..channels {
        let channel = app.fake.channel(&format!("load-{i}"));
        let a = app.fake.user(&format!("p{i}a")).at(channel);
        let b = app.fake.user(&format!("p{i}b")).at(channel);
        // Channels open over a couple of seconds, as people arrive; then nobody waits.
        let arrive = Duration::from_millis(50 * i as u64);
        tasks.spawn(async move {
            tokio::time::sleep(arrive).await;
            (i, play_channel(a, b, moves, i as u64 + 1).await)
        });
    }
    let mut games = Vec::new();
    let mut times = Times::default();
    let mut errors = Vec::new();
    // Bounded, whatever the bot does: CI must finish.
    let limit = tokio::time::Instant::now() + Duration::from_secs(6 * 60);
    loop {
        let done = match tokio::time::timeout_at(limit, tasks.join_next()).await {
            Ok(Some(done)) => done,
            Ok(None) => break,
            Err(_) => {
                errors.push(format!(
                    "{} channels still playing after 6 minutes",
                    tasks.len()
                ));
                tasks.abort_all();
                break;
            }
        };
        let (i, (game, t, error)) = done?;
        times.ack.extend(t.ack);
        times.visible.extend(t.visible);
        if let Some(e) = error {
            errors.push(format!("channel {i}: {e:#}"));
        } else if let Some(game) = game {
            games.push((i, game));
        }
    }
    let played = began.elapsed();
    let total: usize = times.ack.len();
    times.ack.sort();
    times.visible.sort();
    let peak_kb = app.bot.proc_status_kb("VmHWM").unwrap_or_default();
    println!(
        "load: {channels} channels, {total} moves acknowledged in {played:.1?} ({:.1} moves/s); \
         acknowledgement median {:?}, p99 {:?}, max {:?}; visible median {:?}, p99 {:?}; \
         bot peak RSS (VmHWM) {:.1} MiB; {} channels failed",
        total as f64 / played.as_secs_f64(),
        percentile(&times.ack, 50.0),
        percentile(&times.ack, 99.0),
        times.ack.last().copied().unwrap_or_default(),
        percentile(&times.visible, 50.0),
        percentile(&times.visible, 99.0),
        peak_kb as f64 / 1024.0,
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

    // Every acknowledged move is there.
    for (i, game) in &games {
        let board = game.black.board().await?;
        let ply = game.moves.len() + 1;
        anyhow::ensure!(
            board.text().contains(&format!("move {ply}")),
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
    let report = app.stop_and_verify().await?;

    println!("verify: {}", report.lines().next().unwrap_or_default());
    assert_eq!(
        total,
        channels * moves,
        "every channel played all its moves"
    );
    app.finish().await
}
