//! A tournament survives kill -9 while a round ends and the next is paired: a double
//! round robin of 4 (six rounds of two games, an entry fee) through the fake Discord,
//! the bot process SIGKILLed after the click that resigns each round's last game, at a
//! moment drawn for each round among: a random delay of a few milliseconds (before the
//! store commits, or after), just after the answer, just after the next round's
//! pairings are posted, just after its first thread opens, just after its first board
//! (each moment once over the first five rounds, in a random order); and, one time in
//! two, killed again while the restarted bot delivers what it owed. After each restart
//! a game the kill caught before its commit is resigned again. At the end: each round's
//! pairings and the final standings announced exactly once in the event's channel;
//! each pairing's game started exactly once (one thread with its board per pairing; a
//! thread the kill left empty is allowed, a second game is not); every pair met twice;
//! the store's record and its games agree, nothing is in progress, the wallets hold
//! what they held, and `jetan verify` is clean.
//!
//! `JETAN_E2E_CRASH_SEED` replays the draws of a failure (printed with it); where a
//! kill lands still depends on the machine's timing.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use anyhow::Context;
use jetan_tests::jetan::Rng;
use jetan_tests::{Player, TestApp};

/// The threads of the event's channel for round `round` (named `R<round> · …`).
fn round_threads(app: &TestApp, channel: u64, round: usize) -> Vec<jetan_tests::Thread> {
    let mut t: Vec<_> = app
        .fake
        .threads()
        .into_iter()
        .filter(|t| t.parent == channel && t.name.starts_with(&format!("R{round} · ")))
        .collect();
    t.sort_by_key(|t| t.id);
    t
}

/// The board message of a thread (the game's picture), if its game started there.
fn board_in(app: &TestApp, thread: u64) -> Option<serde_json::Value> {
    app.fake
        .channel_messages(thread)
        .into_iter()
        .find(|m| m["attachments"].as_array().is_some_and(|a| !a.is_empty()))
}

/// The ids of the users a message mentions, in order (`<@123>`).
fn mentioned(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|s| s.split('>').next()?.parse().ok())
        .collect()
}

/// How many messages of the channel contain `words`.
fn count_in(app: &TestApp, channel: u64, words: &str) -> usize {
    app.fake
        .channel_messages(channel)
        .iter()
        .filter(|m| m["content"].as_str().is_some_and(|c| c.contains(words)))
        .count()
}

/// Waits until round `round`'s two games have their boards (threads opened and games
/// started, by the answer or by the restarted bot); returns (thread, first, second).
async fn wait_boards(
    app: &TestApp,
    channel: u64,
    round: usize,
) -> anyhow::Result<Vec<(u64, u64, u64)>> {
    let what = format!("round {round}'s two boards");
    app.fake
        .wait_until(&what, |_| {
            round_threads(app, channel, round)
                .iter()
                .filter(|t| board_in(app, t.id).is_some())
                .count()
                >= 2
        })
        .await?;
    let mut out = Vec::new();
    for t in round_threads(app, channel, round) {
        if let Some(board) = board_in(app, t.id) {
            let ids = mentioned(board["content"].as_str().unwrap_or_default());
            anyhow::ensure!(ids.len() >= 2, "{board}");
            out.push((t.id, ids[0], ids[1]));
        }
    }
    Ok(out)
}

/// When to kill the bot after the click that ends a round's last game.
#[derive(Debug, Clone, Copy)]
enum Moment {
    /// This many milliseconds after the click.
    Delay(u64),
    /// Once the interaction is answered.
    Answer,
    /// Once the next round's pairings (or the final standings) are posted.
    News,
    /// Once the next round's first thread is opened.
    Thread,
    /// Once a board is posted in the next round's first thread.
    Board,
}

/// Waits for `moment`, looking at the requests the bot made after the `base`-th.
async fn reach(app: &TestApp, channel: u64, base: usize, moment: Moment) -> anyhow::Result<()> {
    let seen = |f: &jetan_tests::FakeDiscord, want: &dyn Fn(&jetan_tests::Recorded) -> bool| {
        f.requests().iter().skip(base).any(want)
    };
    let events = channel.to_string();
    match moment {
        Moment::Delay(ms) => {
            tokio::time::sleep(Duration::from_millis(ms)).await;
            Ok(())
        }
        Moment::Answer => {
            app.fake
                .wait_until("the answer", |f| {
                    seen(f, &|r| r.route().first() == Some(&"interactions"))
                })
                .await
        }
        Moment::News => {
            app.fake
                .wait_until("the news", |f| {
                    seen(f, &|r| {
                        r.method == "POST"
                            && r.route() == ["channels", events.as_str(), "messages"]
                            && r.json.as_ref().is_some_and(|j| {
                                j["content"].as_str().is_some_and(|c| {
                                    c.contains(" of 6") || c.contains("Crash Cup** is over")
                                })
                            })
                    })
                })
                .await
        }
        Moment::Thread => {
            app.fake
                .wait_until("a thread", |f| {
                    seen(f, &|r| {
                        r.method == "POST" && r.route() == ["channels", events.as_str(), "threads"]
                    })
                })
                .await
        }
        Moment::Board => {
            app.fake
                .wait_until("a board", |f| {
                    seen(f, &|r| {
                        r.method == "POST"
                            && r.route().last() == Some(&"messages")
                            && !r.files.is_empty()
                    })
                })
                .await
        }
    }
}

/// Whether a game is being played in `thread` (its board answers; else a refusal).
async fn in_progress(player: &Player, thread: u64) -> anyhow::Result<bool> {
    let r = player
        .at(thread)
        .slash("jetan board", &[])
        .await?
        .expect_reply()
        .await?;
    Ok(!r.is_ephemeral())
}

/// The seed of the draws: `JETAN_E2E_CRASH_SEED`, else `default`.
fn seed(default: u64) -> u64 {
    std::env::var("JETAN_E2E_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_killed_while_its_rounds_are_paired_loses_and_doubles_nothing(
) -> anyhow::Result<()> {
    let seed = seed(40);
    run(seed, None)
        .await
        .with_context(|| format!("JETAN_E2E_CRASH_SEED={seed}"))
}

/// The same on PostgreSQL (a throwaway server started by the test).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_too() -> anyhow::Result<()> {
    let url = tokio::task::spawn_blocking(crate::cluster::fresh_url).await?;
    let seed = seed(41);
    run(seed, Some(&url))
        .await
        .with_context(|| format!("JETAN_E2E_CRASH_SEED={seed}"))
}

/// The scenario on sled, or on the PostgreSQL database `url`.
async fn run(seed: u64, url: Option<&str>) -> anyhow::Result<()> {
    let mut rng = Rng::new(seed);
    let mut app = match url {
        None => TestApp::spawn().await?,
        Some(url) => TestApp::spawn_env(&[("JETAN_DATABASE_URL", url)]).await?,
    };
    let channel = app.fake.channel("events");
    app.fake.allow_threads(channel);
    let org = app.fake.user("org").at(channel);
    let players: Vec<Player> = ["p1", "p2", "p3", "p4"]
        .iter()
        .map(|n| app.fake.user(n).at(channel))
        .collect();
    let by_id = |id: u64| players.iter().find(|p| p.id() == id).cloned();

    org.slash(
        "jetan tournament create",
        &[
            ("name", "Crash Cup".into()),
            ("format", "round-robin".into()),
            ("double", "yes".into()),
            ("entry", jetan_tests::Opt::Int(100)),
            ("prizes", "70,30".into()),
        ],
    )
    .await?
    .expect_reply()
    .await?
    .public()?;
    for p in &players {
        p.slash("jetan tournament join", &[])
            .await?
            .expect_reply()
            .await?
            .public()?
            .containing("joined")?;
    }
    org.slash("jetan tournament start", &[])
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing("has started")?;

    // Each moment once over rounds 1 to 5, in a random order; the last round has no
    // next threads.
    let mut moments = vec![
        Moment::Delay(rng.below(4) as u64),
        Moment::Answer,
        Moment::News,
        Moment::Thread,
        Moment::Board,
    ];
    for i in (1..moments.len()).rev() {
        moments.swap(i, rng.below(i + 1));
    }
    let last = [
        Moment::Delay(rng.below(4) as u64),
        Moment::Answer,
        Moment::News,
    ];
    moments.push(last[rng.below(last.len())]);
    let mut kills = 0;
    let mut met: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    for (round, &moment) in (1..=6usize).zip(&moments) {
        let boards = wait_boards(&app, channel, round).await?;
        anyhow::ensure!(boards.len() == 2, "round {round}: {boards:?}");
        for &(_, a, b) in &boards {
            *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
        }
        // The first game ends as usual.
        let (thread, first, _) = boards[0];
        by_id(first)
            .context("a player")?
            .at(thread)
            .resign()
            .await?;
        // The last one: the resignation's click, and the kill at the moment drawn.
        let (thread, first, _) = boards[1];
        let loser = by_id(first).context("a player")?.at(thread);
        let question = loser
            .slash("jetan resign", &[])
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        let base = app.fake.requests().len();
        let _sent = loser
            .click(&question.button("Confirm resignation")?)
            .await?;
        reach(&app, channel, base, moment).await?;
        app.bot.kill().await?;
        let posted = count_in(&app, channel, " of 6") + count_in(&app, channel, "is over");
        app.restart().await?;
        kills += 1;
        // One time in two, killed again while the restarted bot delivers what it owed.
        if rng.below(2) == 0 {
            tokio::time::sleep(Duration::from_millis(rng.below(30) as u64)).await;
            app.bot.kill().await?;
            app.restart().await?;
            kills += 1;
        }
        // A resignation the kill caught before its commit is made again.
        let caught = in_progress(&loser, thread).await?;
        if caught {
            loser.resign().await?;
        }
        eprintln!(
            "round {round}: killed at {moment:?}, {} the commit, {posted} announcements by then",
            if caught { "before" } else { "after" }
        );
        let next = if round < 6 {
            format!("round {} of 6", round + 1)
        } else {
            "Crash Cup** is over".to_owned()
        };
        app.fake
            .wait_in_channel(channel, "the next round's news", |m| {
                m["content"].as_str().is_some_and(|c| c.contains(&next))
            })
            .await?;
    }
    anyhow::ensure!(
        met.len() == 6 && met.values().all(|&n| n == 2),
        "every pair twice: {met:?}"
    );

    // Each announcement once (a restart that finds its news posted does not post it
    // again); each pairing's game in one thread.
    for round in 1..=6 {
        let n = count_in(&app, channel, &format!("round {round} of 6"));
        anyhow::ensure!(n == 1, "round {round}'s pairings announced {n} times");
        let boards = round_threads(&app, channel, round)
            .iter()
            .filter(|t| board_in(&app, t.id).is_some())
            .count();
        anyhow::ensure!(boards == 2, "round {round} has {boards} games in threads");
    }
    let n = count_in(&app, channel, "Crash Cup** is over");
    anyhow::ensure!(n == 1, "the final standings posted {n} times");

    // The store: the event's record and its games agree, nothing left in progress, no
    // game twice; `verify` checks the money and the games against the pairings.
    let data = url.map_or_else(
        || app.data_dir.to_string_lossy().into_owned(),
        str::to_owned,
    );
    app.stop_and_verify_at(&data).await?;
    let out = app.cli(&["export", "--data", &data]).await?;
    anyhow::ensure!(out.status.success(), "export: {out:?}");
    let mut finished = BTreeMap::new();
    let mut playing = 0;
    let mut event = None;
    let (mut total, mut wallets) = (0, 0);
    for line in String::from_utf8(out.stdout)?.lines() {
        let v: serde_json::Value = serde_json::from_str(line)?;
        match v["type"].as_str() {
            Some("finished") => *finished.entry(v["game"]["id"].as_u64()).or_insert(0) += 1,
            Some("game") => playing += 1,
            Some("tournament") => event = Some(v),
            Some("wallet") => {
                wallets += 1;
                total += v["wallet"]["balance"].as_u64().unwrap_or(0)
                    + v["wallet"]["escrow"].as_u64().unwrap_or(0);
            }
            _ => {}
        }
    }
    let event = event.context("the tournament in the export")?;
    anyhow::ensure!(event["state"] == "finished", "{}", event["state"]);
    anyhow::ensure!(playing == 0, "{playing} games still in progress");
    let rounds = event["rounds"].as_array().context("rounds")?;
    anyhow::ensure!(rounds.len() == 6, "{} rounds", rounds.len());
    let mut games = BTreeSet::new();
    for (r, boards) in rounds.iter().enumerate() {
        let boards = boards.as_array().context("boards")?;
        anyhow::ensure!(boards.len() == 2, "round {}: {boards:?}", r + 1);
        for b in boards {
            anyhow::ensure!(!b["result"].is_null(), "round {} unfinished: {b}", r + 1);
            let g = b["game"].as_u64().context("every pairing had its game")?;
            anyhow::ensure!(games.insert(g), "game {g} on two pairings");
            anyhow::ensure!(
                finished.get(&Some(g)) == Some(&1),
                "game {g} finished {:?} times",
                finished.get(&Some(g))
            );
        }
    }
    anyhow::ensure!(
        finished.len() == 12,
        "{} games finished, 12 pairings",
        finished.len()
    );
    anyhow::ensure!(wallets >= 4, "{wallets} wallets");
    anyhow::ensure!(
        total == wallets * 1000,
        "the {wallets} wallets hold {total}: money created or lost"
    );
    eprintln!(
        "tournament crash: {kills} kills, seed {seed}, {}",
        if url.is_some() { "postgres" } else { "sled" }
    );
    app.finish().await
}
