//! A challenge answered the instant it is seen — before the bot has learnt its message's id
//! (that comes after the reply: a `GET @original`, then bookkeeping) — still loses its
//! buttons. Many channels at once on one worker (`JETAN_WORKERS=1`) widen that window.
//!
//! Found by the admin scenario under a full run: an aborted challenge kept its buttons
//! because its message was remembered only after the abort (the bookkeeping waited behind
//! queued moves on the bounded workers).

use jetan_tests::{without_buttons, Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_answered_at_once_still_loses_its_buttons() -> anyhow::Result<()> {
    let app = TestApp::spawn_env(&[("JETAN_WORKERS", "1")]).await?;
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..12 {
        let channel = app.fake.channel(&format!("quick-{i}"));
        let a = app.fake.user(&format!("q{i}a")).at(channel);
        let b = app.fake.user(&format!("q{i}b")).at(channel);
        tasks.spawn(async move {
            let challenge = a
                .slash("jetan challenge", &[("opponent", Opt::from(&b))])
                .await?
                .expect_reply()
                .await?
                .public()?;
            // Answered at once: accepted in even channels, declined in odd ones.
            let label = if i % 2 == 0 { "Accept" } else { "Decline" };
            b.click(&challenge.button(label)?)
                .await?
                .expect_reply()
                .await?
                .public()?;
            anyhow::Ok(challenge.message_id.unwrap_or_default())
        });
    }
    let mut messages = Vec::new();
    while let Some(done) = tasks.join_next().await {
        messages.push(done??);
    }
    for id in messages {
        app.fake
            .wait_message(
                id,
                "an answered challenge to lose its buttons",
                without_buttons,
            )
            .await?;
    }
    app.finish().await
}
