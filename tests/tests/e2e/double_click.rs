//! Scenario 5: double clicks. The same Accept interaction delivered twice, and two Accept
//! clicks at once, each start one game with one escrow.

use jetan_tests::jetan::Wallet;
use jetan_tests::{Opt, Player, Reply, TestApp};

const STAKE: u64 = 100;
/// Stake + piece price 1 × 42 points of reserve (Classic).
const ESCROW: u64 = STAKE + 42;

async fn challenge(from: &Player, to: &Player) -> anyhow::Result<Reply> {
    let opts = [
        ("opponent", Opt::from(to)),
        ("stake", Opt::Int(STAKE as i64)),
        ("piece_price", Opt::Int(1)),
    ];
    from.slash("jetan challenge", &opts)
        .await?
        .expect_reply()
        .await?
        .public()
}

async fn assert_one_escrow(players: [&Player; 2], start: Wallet) -> anyhow::Result<()> {
    for p in players {
        let w = p.wallet().await?;
        assert_eq!(
            (w.balance, w.escrow),
            (start.balance - ESCROW, ESCROW),
            "{}'s wallet",
            p.user.name
        );
    }
    Ok(())
}

fn game_starts(app: &TestApp, channel: u64) -> usize {
    app.fake
        .channel_messages(channel)
        .iter()
        .filter(|m| m["content"].as_str().is_some_and(|c| c.contains("accepts")))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_accept_delivered_twice_starts_one_game() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("twice");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let start = alice.wallet().await?;

    let accept = challenge(&alice, &bob).await?.button("Accept")?;
    let click = bob.click(&accept).await?;
    app.fake.redeliver(&click).await?;
    let reply = click.expect_reply().await?.public()?.with_png()?;
    assert!(reply.text().contains("accepts"), "{}", reply.text());
    // The second delivery reaches the bot: its answer is refused as a second
    // acknowledgement (Discord's 40060).
    app.fake
        .wait_until("the second delivery's callback", |_| {
            click.callbacks().len() >= 2
        })
        .await?;
    // Whatever the second delivery still does, it is done once the bot has drained.
    app.drain().await?;
    assert_eq!(game_starts(&app, channel), 1, "one game-start message");
    app.restart().await?;
    assert_one_escrow([&alice, &bob], start).await?;
    // One game: the board answers, and Black can move.
    alice.board().await?;
    app.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accept_clicks_at_once_start_one_game() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("at-once");
    let carol = app.fake.user("carol").at(channel);
    let dave = app.fake.user("dave").at(channel);
    let start = carol.wallet().await?;

    let accept = challenge(&carol, &dave).await?.button("Accept")?;
    let (a, b) = tokio::join!(dave.click(&accept), dave.click(&accept));
    let (a, b) = (a?, b?);
    assert_ne!(a.id, b.id, "two different interactions");
    let (ra, rb) = tokio::join!(a.expect_reply(), b.expect_reply());
    let replies = [ra?, rb?];
    let public: Vec<&Reply> = replies.iter().filter(|r| !r.is_ephemeral()).collect();
    assert_eq!(
        public.len(),
        1,
        "one click starts the game, the other is told: {:?}",
        replies.iter().map(Reply::text).collect::<Vec<_>>()
    );
    public[0].png()?;

    assert_eq!(game_starts(&app, channel), 1, "one game-start message");
    assert_one_escrow([&carol, &dave], start).await?;

    // A third click on the old button, now that the game runs, cannot happen: the
    // accepted challenge loses its buttons, and the client refuses a click on a button
    // that is gone.
    app.fake
        .wait_message(
            accept.message_id,
            "the accepted challenge to lose its buttons",
            jetan_tests::without_buttons,
        )
        .await?;
    let late = dave.click(&accept).await;
    assert!(
        late.as_ref()
            .is_err_and(|e| e.to_string().contains("no longer on message")),
        "a third Accept on the accepted challenge: {late:?}"
    );
    assert_one_escrow([&carol, &dave], start).await?;
    app.finish().await
}
