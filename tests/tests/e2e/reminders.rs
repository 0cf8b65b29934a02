//! Reminders, with the bot's upkeep every second (`JETAN_UPKEEP_SECONDS=1`) and a
//! one-minute move time: the player to move is pinged in the game's thread when half of
//! the move time is left, once; having asked for direct messages (`/jetan notify`), they
//! get the next reminder in their direct-message channel, with a link to the game.

use std::time::Duration;

use jetan_tests::{Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_player_to_move_is_reminded_in_the_thread_then_by_direct_message() -> anyhow::Result<()>
{
    let app = TestApp::spawn_env(&[("JETAN_UPKEEP_SECONDS", "1")]).await?;
    let channel = app.fake.channel("slow");
    app.fake.allow_threads(channel);
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let challenge = alice
        .slash(
            "jetan challenge",
            &[
                ("opponent", Opt::from(&bob)),
                ("first", Opt::Str("me".into())),
                ("move_time", Opt::Int(1)),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    bob.click(&challenge.button("Accept")?)
        .await?
        .expect_reply()
        .await?
        .public()?;
    let thread = app
        .fake
        .threads()
        .first()
        .map(|t| t.id)
        .ok_or_else(|| anyhow::anyhow!("no thread"))?;
    // Half of the minute: 30 s after the game started (the fake's own waits are
    // shorter).
    let half = poll(Duration::from_secs(90), "the half-time reminder", || {
        app.fake
            .channel_messages(thread)
            .into_iter()
            .find(|m| m["content"].as_str().is_some_and(|c| c.starts_with('⏳')))
    })
    .await?;
    let text = half["content"].as_str().unwrap_or_default().to_owned();
    anyhow::ensure!(
        text.starts_with(&format!("⏳ {}, it is your move", alice.mention())),
        "{text}"
    );
    let id: u64 = half["id"].as_str().unwrap_or_default().parse()?;
    let view = app
        .fake
        .all_messages()
        .into_iter()
        .find(|m| m.id == id)
        .ok_or_else(|| anyhow::anyhow!("message {id}"))?;
    anyhow::ensure!(
        view.pings.users == vec![alice.id()],
        "pings only the player to move: {:?}",
        view.pings
    );
    // By direct message from now on (asked in the thread: the answer is private).
    let asked = alice
        .at(thread)
        .slash("jetan notify", &[("how", Opt::Str("dm".into()))])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    anyhow::ensure!(asked.text().contains("direct message"), "{}", asked.text());
    // The tenth comes at 54 s: in alice's direct messages, naming the thread.
    let dm = poll(
        Duration::from_secs(90),
        "a reminder by direct message",
        || {
            let dm = app.fake.dm_channel(alice.id())?;
            app.fake
                .channel_messages(dm)
                .into_iter()
                .find(|m| m["content"].as_str().is_some_and(|c| c.starts_with('⌛')))
        },
    )
    .await?;
    let text = dm["content"].as_str().unwrap_or_default();
    anyhow::ensure!(text.ends_with(&format!("(in <#{thread}>)")), "{text}");
    // One reminder per threshold, and none of the direct message's in the thread.
    let in_thread: Vec<String> = app
        .fake
        .channel_messages(thread)
        .iter()
        .filter_map(|m| m["content"].as_str().map(str::to_owned))
        .filter(|c| c.starts_with('⏳') || c.starts_with('⌛'))
        .collect();
    anyhow::ensure!(in_thread.len() == 1, "{in_thread:?}");
    app.finish().await
}

/// Polls `find` every quarter of a second until it finds something or `limit` passes.
async fn poll<T>(
    limit: Duration,
    what: &str,
    mut find: impl FnMut() -> Option<T>,
) -> anyhow::Result<T> {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        if let Some(found) = find() {
            return Ok(found);
        }
        anyhow::ensure!(
            tokio::time::Instant::now() < deadline,
            "timed out after {limit:?} waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}
