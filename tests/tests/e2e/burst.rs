//! A burst: hundreds of commands arrive at once (a busy server's evening, or a raid of
//! clicks). Every one is acknowledged exactly once — the bot defers at once whatever
//! cannot start at once — and every one is answered, privately where it should be.
//! `JETAN_E2E_BURST` sets the size (default 600).
//!
//! How fast the acknowledgements come is a measurement, printed with the machine's load
//! (`cargo test -p jetan-tests --test e2e burst -- --nocapture`), not a pass/fail: the
//! burst shares the machine with the other scenarios and whatever else runs, and on a busy
//! machine the 600th event can be read late by a bot that does everything right. The fake
//! here gives each interaction a minute instead of Discord's 3 s, so that a slow
//! acknowledgement is measured rather than refused; the paced scenarios keep the real
//! 3-second rule.

use std::time::Duration;

use jetan_tests::{machine_load, Config, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_commands_is_all_acknowledged_once_and_answered() -> anyhow::Result<()> {
    let size: usize = std::env::var("JETAN_E2E_BURST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(600);
    let config = Config {
        interaction_deadline: Duration::from_secs(60),
        wait: Duration::from_secs(120),
        ..Config::default()
    };
    let app = TestApp::spawn_with(config, false).await?;
    let players: Vec<_> = (0..size)
        .map(|i| {
            let channel = app.fake.channel(&format!("burst-{}", i % 50));
            app.fake.user(&format!("user{i}")).at(channel)
        })
        .collect();
    let load_before = machine_load();
    // Every kind of answer at once: private (wallet, rules), public (standings) and
    // refusals (a board where there is no game).
    let sends = players.iter().enumerate().map(|(i, p)| async move {
        let command = [
            "jetan wallet",
            "jetan rules",
            "jetan standings",
            "jetan board",
        ][i % 4];
        let sent = p.slash(command, &[]).await?;
        let reply = sent.expect_reply().await?;
        anyhow::Ok((i, sent, reply))
    });
    let results = futures::future::join_all(sends).await;
    let load_after = machine_load();
    let mut acks = Vec::with_capacity(size);
    for r in results {
        let (i, sent, reply) = r?;
        let ack = sent
            .acknowledged_after()
            .ok_or_else(|| anyhow::anyhow!("command {i} was never acknowledged"))?;
        acks.push(ack);
        // Exactly once: one callback, accepted; no second try, no refusal.
        let callbacks = sent.callbacks();
        anyhow::ensure!(
            callbacks == [204],
            "command {i} was acknowledged by callbacks answered {callbacks:?}"
        );
        match i % 4 {
            2 => anyhow::ensure!(!reply.is_ephemeral(), "the standings are public"),
            _ => anyhow::ensure!(
                reply.is_ephemeral(),
                "command {i} answers privately: {}",
                reply.text()
            ),
        }
        anyhow::ensure!(!reply.text().is_empty(), "command {i} is answered");
    }
    acks.sort();
    let at = |q: f64| acks[((acks.len() - 1) as f64 * q).round() as usize];
    let over = acks.iter().filter(|a| **a > Duration::from_secs(3)).count();
    println!(
        "burst of {size}: acknowledgement p50 {:?}, p99 {:?}, max {:?}; {over} past 3 s; \
         {load_before} before, {load_after} after",
        at(0.5),
        at(0.99),
        at(1.0),
    );
    app.finish().await
}
