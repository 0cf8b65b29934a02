//! Allowed mentions on every kind of message: a challenge pings only the challenged player,
//! a game start and a move only the player to move; standings, history, board, wallet and
//! the end of a game ping nobody. A currency name or a display name holding `@everyone` or
//! a role mention pings no one. Every message the bot sends sets `allowed_mentions` (the
//! fake reports one without as a violation, which `finish` fails on).

use jetan_tests::jetan::{quiet_random_move, start_game, Rng};
use jetan_tests::{Opt, Pings, Reply, TestApp};

fn only(reply: &Reply, user: u64, what: &str) -> anyhow::Result<()> {
    let want = Pings {
        users: vec![user],
        roles: Vec::new(),
        everyone: false,
    };
    anyhow::ensure!(
        reply.pings == want,
        "{what} must ping only {user}, pinged {:?} (allowed_mentions {:?}): {}",
        reply.pings,
        reply.allowed_mentions,
        reply.text()
    );
    Ok(())
}

fn nobody(reply: &Reply, what: &str) -> anyhow::Result<()> {
    anyhow::ensure!(
        reply.pings.nobody(),
        "{what} must ping nobody, pinged {:?} (allowed_mentions {:?}): {}",
        reply.pings,
        reply.allowed_mentions,
        reply.text()
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_message_pings_only_who_must_be_pinged() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("mentions");
    // Display names and the currency are user-supplied: they try to ping everyone.
    let alice = app.fake.user("alice @everyone <@&4242>").at(channel);
    let bob = app.fake.user("bob @here").at(channel);
    let admin = app.fake.user("admin").at(channel);
    // A currency that would ping is refused (privately, pinging nobody); one that gets
    // through the core's check is shown but pings no one either.
    let settings = admin
        .slash(
            "jetan-admin settings",
            &[("currency", "@everyone <@&4242> bucks".into())],
        )
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    nobody(&settings, "the refused settings change")?;
    let settings = admin
        .slash(
            "jetan-admin settings",
            &[("currency", "everyone! bucks".into())],
        )
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    nobody(&settings, "the settings change")?;

    let options = [("stake", Opt::Int(10)), ("first", "me".into())];
    let (challenge, started, mut game) = start_game(&alice, &bob, &options).await?;
    only(&challenge, bob.id(), "the challenge")?;
    anyhow::ensure!(
        challenge.text().contains("everyone! bucks"),
        "the currency is shown: {}",
        challenge.text()
    );
    only(&started, game.black.id(), "the game start")?;

    let mut rng = Rng::new(7);
    for _ in 0..4 {
        let m = quiet_random_move(&game.position, &mut rng).expect("a move");
        let reply = game.play(m).await?;
        only(&reply, game.mover().id(), "a move reply")?;
    }
    nobody(&game.black.board().await?, "the board")?;
    nobody(
        &alice
            .slash("jetan standings", &[])
            .await?
            .expect_reply()
            .await?,
        "the standings",
    )?;
    nobody(
        &alice
            .slash("jetan wallet", &[])
            .await?
            .expect_reply()
            .await?,
        "a wallet",
    )?;
    let (_, end) = game.mover().clone().resign().await?;
    nobody(&end, "the end of the game")?;
    nobody(
        &bob.slash("jetan history", &[])
            .await?
            .expect_reply()
            .await?,
        "the history",
    )?;
    nobody(
        &alice
            .slash("jetan standings", &[])
            .await?
            .expect_reply()
            .await?,
        "the standings after a game",
    )?;

    // A draw offer pings the one asked; a decline pings nobody.
    let carol = app.fake.user("carol <@&1>").at(channel);
    let dave = app.fake.user("dave").at(channel);
    let (_, _, game2) = start_game(&carol, &dave, &[("first", "me".into())]).await?;
    let offer = game2
        .mover()
        .slash("jetan draw", &[])
        .await?
        .expect_reply()
        .await?
        .public()?;
    only(&offer, game2.waiter().id(), "a draw offer")?;
    let declined = game2
        .waiter()
        .click(&offer.button("Decline")?)
        .await?
        .expect_reply()
        .await?;
    nobody(&declined, "a declined draw")?;

    // Once the bot has drained, nothing more can come: the checks below see all it sent.
    app.drain().await?;
    // Over everything the bot sent (edits included): no @everyone, @here or role ever pings,
    // and every message carries allowed_mentions.
    for m in app.fake.all_messages() {
        anyhow::ensure!(
            !m.pings.everyone && m.pings.roles.is_empty(),
            "message {} pings {:?}: {:?}",
            m.id,
            m.pings,
            m.content()
        );
        anyhow::ensure!(
            !m.missing_allowed_mentions,
            "message {} has no allowed_mentions: {:?}",
            m.id,
            m.content()
        );
    }
    app.finish().await
}
