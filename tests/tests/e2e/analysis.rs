//! Looking back over Discord: `/jetan analyse` acknowledges at once and posts the analysis
//! later as a follow-up that pings only the asker, with a picture per mistake; it refuses
//! a game in progress privately. `/jetan profile` is private unless shown in the channel.

use jetan_tests::jetan::{start_game, Rng};
use jetan_tests::{Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_follows_up_pinging_only_the_asker() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("analysis");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let carol = app.fake.user("carol").at(channel);
    let (_, _, mut game) = start_game(&alice, &bob, &[("first", "me".into())]).await?;
    let mut rng = Rng::new(5);
    for _ in 0..6 {
        let legal = game.legal();
        let m = *rng.pick(&legal).expect("a legal move");
        game.play(m).await?;
    }
    // In progress: refused, privately, and nothing runs.
    let refused = carol
        .slash("jetan analyse", &[])
        .await?
        .expect_reply()
        .await?;
    anyhow::ensure!(
        refused.is_ephemeral(),
        "a refusal is private: {}",
        refused.text()
    );
    game.mover().resign().await?;

    let asked = carol.slash("jetan analyse", &[]).await?;
    let started = asked.expect_reply().await?.public()?;
    anyhow::ensure!(
        started.text().contains("Analysing game"),
        "{}",
        started.text()
    );
    let messages = asked.wait_messages(2).await?;
    let done = &messages[1];
    let content = done["content"].as_str().unwrap_or_default();
    anyhow::ensure!(content.contains("the analysis of game"), "{content}");
    let posted = app
        .fake
        .all_messages()
        .into_iter()
        .find(|m| m.content().contains("the analysis of game"))
        .expect("the analysis is posted");
    anyhow::ensure!(!posted.ephemeral, "the analysis is public");
    anyhow::ensure!(
        posted.pings.users == vec![carol.id()] && !posted.pings.everyone,
        "only the asker is pinged: {:?}",
        posted.pings
    );
    let mistakes = content.lines().filter(|l| l.contains("Better:")).count();
    let files = done["attachments"].as_array().map_or(0, Vec::len);
    anyhow::ensure!(
        files == mistakes,
        "{files} pictures for {mistakes} mistakes"
    );

    // The profile: private by default, public when shown; a picture both ways.
    let mine = alice
        .slash("jetan profile", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .with_png()?;
    anyhow::ensure!(mine.text().contains("profile"), "{}", mine.text());
    carol
        .slash(
            "jetan profile",
            &[("user", Opt::from(&alice)), ("show", "channel".into())],
        )
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?;
    app.finish().await
}
