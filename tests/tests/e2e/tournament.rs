//! A tournament through the fake Discord: a 5-player Swiss of 3 rounds with an entry
//! fee, created with Join/Leave buttons, joined by command and by button, started by
//! its organiser; each round's games open in threads of their own under the event's
//! channel, with both players pinged; a bye each round while five play; a player
//! withdraws in round 2; every game ends by resignation in its thread, and the next
//! round is announced in the channel at once; the final standings and the prizes are
//! posted there, and the pot is paid out exactly.

use std::time::Duration;

use jetan_tests::{Opt, Player, TestApp};

/// The threads of the event's channel, oldest first (a thread's id grows with time).
fn threads_of(app: &TestApp, channel: u64) -> Vec<jetan_tests::Thread> {
    let mut t: Vec<_> = app
        .fake
        .threads()
        .into_iter()
        .filter(|t| t.parent == channel)
        .collect();
    t.sort_by_key(|t| t.id);
    t
}

/// Waits until the channel has `n` threads.
async fn wait_threads(app: &TestApp, channel: u64, n: usize) -> anyhow::Result<()> {
    for _ in 0..400 {
        if threads_of(app, channel).len() >= n {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    anyhow::bail!("{n} threads never opened: {:?}", threads_of(app, channel))
}

/// The ids of the users a message mentions, in order (`<@123>`).
fn mentioned(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|s| s.split('>').next()?.parse().ok())
        .collect()
}

/// Whether a message carries the crosstable picture.
fn has_crosstable(m: &serde_json::Value) -> bool {
    m["attachments"]
        .as_array()
        .is_some_and(|a| a.iter().any(|f| f["filename"] == "crosstable.png"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_player_swiss_is_played_in_threads_and_paid_out() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("events");
    app.fake.allow_threads(channel);
    let org = app.fake.user("org").at(channel);
    let players: Vec<Player> = ["p1", "p2", "p3", "p4", "p5"]
        .iter()
        .map(|n| app.fake.user(n).at(channel))
        .collect();
    let by_id = |id: u64| players.iter().find(|p| p.id() == id);

    let event = org
        .slash(
            "jetan tournament create",
            &[
                ("name", "Weekend Swiss".into()),
                ("format", "swiss".into()),
                ("rounds", Opt::Int(3)),
                ("entry", Opt::Int(100)),
                ("prizes", "70,30".into()),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    anyhow::ensure!(event.text().contains("Weekend Swiss"), "{}", event.text());
    for p in &players[..4] {
        p.slash("jetan tournament join", &[])
            .await?
            .expect_reply()
            .await?
            .public()?
            .containing("joined")?;
    }
    players[4]
        .click(&event.button("Join")?)
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing("5 players")?;
    // Refused privately: the organiser alone starts it.
    players[0]
        .slash("jetan tournament start", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Only the organiser")?;
    org.slash("jetan tournament start", &[])
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing("has started")?;

    let mut quitter = None;
    for round in 1..=3usize {
        app.fake
            .wait_in_channel(channel, "the round's pairings", |m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains(&format!("round {round} of 3")))
            })
            .await?;
        wait_threads(&app, channel, 2 * round).await?;
        let threads = threads_of(&app, channel);
        let new = &threads[2 * (round - 1)..2 * round];
        for (i, thread) in new.iter().enumerate() {
            anyhow::ensure!(
                thread.name.starts_with(&format!("R{round} · ")),
                "{thread:?}"
            );
            let board = app
                .fake
                .wait_in_channel(thread.id, "the board in the thread", |m| {
                    m["attachments"].as_array().is_some_and(|a| !a.is_empty())
                })
                .await?;
            let text = board["content"].as_str().unwrap_or_default();
            let ids = mentioned(text);
            anyhow::ensure!(ids.len() >= 2, "{text}");
            if quitter.is_some_and(|q| ids[..2].contains(&q)) {
                anyhow::bail!("the withdrawn player was paired again: {text}");
            }
            let first = by_id(ids[0]).expect("a player");
            if round == 2 && i == 0 {
                // A withdrawal resigns the game in progress.
                first
                    .slash("jetan tournament withdraw", &[])
                    .await?
                    .expect_reply()
                    .await?
                    .public()?
                    .containing("withdrew")?;
                quitter = Some(first.id());
            } else {
                first.at(thread.id).resign().await?;
            }
            app.fake
                .wait_thread(thread.id, "the ended game's thread archived", |t| {
                    t.archived
                })
                .await?;
        }
    }
    let last = app
        .fake
        .wait_in_channel(channel, "the final standings", |m| {
            m["content"].as_str().is_some_and(|c| c.contains("is over"))
        })
        .await?;
    let text = last["content"].as_str().unwrap_or_default();
    anyhow::ensure!(text.contains("Place 1:"), "{text}");
    anyhow::ensure!(text.contains("(withdrew)"), "{text}");
    // The final standings carry the crosstable and are pinned (after they are posted:
    // waited for); nothing else in the channel is.
    anyhow::ensure!(has_crosstable(&last), "{last}");
    let id = last["id"].clone();
    app.fake
        .wait_in_channel(channel, "the final standings pinned", |m| {
            m["id"] == id && m["pinned"].as_bool() == Some(true)
        })
        .await?;
    let pinned = app.fake.pinned(channel);
    anyhow::ensure!(pinned.len() == 1, "pinned: {pinned:?}");
    // The standings command answers with the crosstable too.
    let standings = org
        .slash("jetan tournament standings", &[])
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing("after 3 rounds")?;
    anyhow::ensure!(
        standings
            .files
            .iter()
            .any(|f| f.filename == "crosstable.png"),
        "{:?}",
        standings
            .files
            .iter()
            .map(|f| &f.filename)
            .collect::<Vec<_>>()
    );
    // The pot is paid exactly: the wallets hold what they had.
    let mut total = 0;
    for p in &players {
        let w = p
            .slash("jetan wallet", &[])
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        let t = w.text();
        let n: u64 = t
            .split("**")
            .nth(1)
            .and_then(|s| s.split_whitespace().next())
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| anyhow::anyhow!("no balance in {t}"))?;
        anyhow::ensure!(t.contains("0 coins in escrow"), "{t}");
        total += n;
    }
    anyhow::ensure!(total == 5 * 1000, "the wallets hold {total}");
    app.finish().await
}

/// Where the bot may not pin (no Manage Messages), the final standings are posted all
/// the same, with their crosstable, and the bot goes on answering: a 3-player Swiss of
/// one round (one game and a bye).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_pin_loses_nothing_of_the_final_standings() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("small-events");
    app.fake.allow_threads(channel);
    app.fake.refuse_pins(channel);
    let org = app.fake.user("org").at(channel);
    let players: Vec<Player> = ["q1", "q2", "q3"]
        .iter()
        .map(|n| app.fake.user(n).at(channel))
        .collect();
    org.slash(
        "jetan tournament create",
        &[
            ("name", "Quick One".into()),
            ("format", "swiss".into()),
            ("rounds", Opt::Int(1)),
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
    wait_threads(&app, channel, 1).await?;
    let thread = threads_of(&app, channel)[0].clone();
    let board = app
        .fake
        .wait_in_channel(thread.id, "the board in the thread", |m| {
            m["attachments"].as_array().is_some_and(|a| !a.is_empty())
        })
        .await?;
    let ids = mentioned(board["content"].as_str().unwrap_or_default());
    let first = players
        .iter()
        .find(|p| ids.first() == Some(&p.id()))
        .ok_or_else(|| anyhow::anyhow!("no player pinged: {board}"))?;
    first.at(thread.id).resign().await?;
    let last = app
        .fake
        .wait_in_channel(channel, "the final standings", |m| {
            m["content"].as_str().is_some_and(|c| c.contains("is over"))
        })
        .await?;
    anyhow::ensure!(has_crosstable(&last), "{last}");
    // The pin was asked for and refused; the message stays, unpinned.
    for _ in 0..200 {
        if app
            .fake
            .failed_requests()
            .iter()
            .any(|r| r.method == "PUT" && r.path.contains("/pins/"))
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let refused: Vec<_> = app
        .fake
        .failed_requests()
        .into_iter()
        .filter(|r| r.method == "PUT" && r.path.contains("/pins/"))
        .collect();
    anyhow::ensure!(
        refused.len() == 1,
        "one pin tried, not retried: {refused:?}"
    );
    anyhow::ensure!(app.fake.pinned(channel).is_empty());
    let mut logged = false;
    for _ in 0..200 {
        logged = app.process(0).log().contains("cannot pin a message");
        if logged {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    anyhow::ensure!(logged, "the refused pin is logged");
    anyhow::ensure!(app
        .fake
        .message(last["id"].as_str().unwrap_or_default().parse()?)
        .is_some());
    // The bot goes on.
    players[0]
        .slash("jetan tournament standings", &[])
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing("after round 1")?;
    app.finish().await
}
