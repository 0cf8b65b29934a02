//! A burst: hundreds of commands arrive at once (a busy server's evening, or a raid of
//! clicks). Every one is acknowledged within Discord's 3 seconds — the bot defers at once
//! whatever cannot start at once — and every one is answered, privately where it should
//! be. `JETAN_E2E_BURST` sets the size (default 600).

use std::time::Duration;

use jetan_tests::TestApp;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_commands_is_all_acknowledged_in_time_and_answered() -> anyhow::Result<()> {
    let size: usize = std::env::var("JETAN_E2E_BURST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(600);
    let app = TestApp::spawn().await?;
    let players: Vec<_> = (0..size)
        .map(|i| {
            let channel = app.fake.channel(&format!("burst-{}", i % 50));
            app.fake.user(&format!("user{i}")).at(channel)
        })
        .collect();
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
        anyhow::Ok((i, sent.acknowledged_after(), reply))
    });
    let results = futures::future::join_all(sends).await;
    let mut slowest = Duration::ZERO;
    for r in results {
        let (i, ack, reply) = r?;
        let ack = ack.ok_or_else(|| anyhow::anyhow!("command {i} was never acknowledged"))?;
        slowest = slowest.max(ack);
        assert!(
            ack < Duration::from_secs(3),
            "command {i} acknowledged after {ack:?}"
        );
        match i % 4 {
            2 => assert!(!reply.is_ephemeral(), "the standings are public"),
            _ => assert!(
                reply.is_ephemeral(),
                "command {i} answers privately: {}",
                reply.text()
            ),
        }
        assert!(!reply.text().is_empty(), "command {i} is answered");
    }
    println!("burst of {size}: slowest acknowledgement {slowest:?}");
    app.finish().await
}
