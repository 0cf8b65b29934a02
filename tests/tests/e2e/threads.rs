//! A thread per game: where the bot may open threads, every accepted game moves into a
//! public thread opened from its challenge message, so one channel holds several games
//! at once; the game is played there (by buttons and menus), `/jetan games` links them,
//! and the result is told back in the channel before the thread is archived. Where
//! Discord refuses the thread, the game is played in the channel and the admins are
//! told why.

use jetan_tests::jetan::{black_and_orange, Game};
use jetan_tests::{Opt, Player, Reply, TestApp};

/// `alice` challenges `bob` in her channel: the public challenge.
async fn challenge(alice: &Player, bob: &Player) -> anyhow::Result<Reply> {
    alice
        .slash("jetan challenge", &[("opponent", Opt::from(bob))])
        .await?
        .expect_reply()
        .await?
        .public()
}

/// `bob` accepts `alice`'s `challenge` by its button; returns the thread the game went
/// to (from the fake), the game, and the accepting player's public answer.
async fn accept_into_thread(
    app: &TestApp,
    challenge: &Reply,
    alice: &Player,
    bob: &Player,
) -> anyhow::Result<(u64, Game, String)> {
    let channel = alice.channel_id;
    let accepted = bob
        .click(&challenge.button("Accept")?)
        .await?
        .expect_reply()
        .await?
        .public()?;
    let from = challenge.message_id.expect("the challenge was posted");
    let thread = app
        .fake
        .threads()
        .into_iter()
        .find(|t| t.from_message == Some(from))
        .ok_or_else(|| anyhow::anyhow!("no thread from the challenge: {}", accepted.text()))?;
    anyhow::ensure!(thread.parent == channel, "{thread:?}");
    let board = app
        .fake
        .wait_in_channel(thread.id, "the board in the thread", |m| {
            m["attachments"].as_array().is_some_and(|a| !a.is_empty())
        })
        .await?;
    let text = board["content"].as_str().unwrap_or_default().to_owned();
    let (black, orange) = if text.contains(&format!("{} plays Black", alice.mention())) {
        (alice, bob)
    } else {
        (bob, alice)
    };
    Ok((
        thread.id,
        Game::new(black.at(thread.id), orange.at(thread.id)),
        format!("{}\n{text}", accepted.text()),
    ))
}

/// One move through the thread's board: **Move**, a piece, a destination.
async fn move_by_menus(game: &mut Game) -> anyhow::Result<()> {
    let board = game
        .mover()
        .slash("jetan board", &[])
        .await?
        .expect_reply()
        .await?
        .public()?;
    let pieces = game
        .mover()
        .click(&board.button("Move")?)
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    let m = game.legal()[0];
    let menu = pieces.menu()?;
    let piece = pick(&menu.values, &format!("{}@", m.from))?;
    let targets = game
        .mover()
        .choose(&menu, &piece)
        .await?
        .expect_reply()
        .await?;
    let menu = targets.menu()?;
    let dest = pick(&menu.values, &format!("{}-{}@", m.from, m.to))?;
    game.mover()
        .choose(&menu, &dest)
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?;
    game.apply(m)
}

fn pick(values: &[String], prefix: &str) -> anyhow::Result<String> {
    values
        .iter()
        .find(|v| v.starts_with(prefix))
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("{prefix} not offered: {values:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_games_at_once_each_in_its_thread() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("arena");
    app.fake.allow_threads(channel);
    let names = [("alice", "bob"), ("carol", "dave"), ("erin", "frank")];
    // The three challenges are open at once in the channel (one per challenger).
    let mut challenges = Vec::new();
    for (a, b) in names {
        let (a, b) = (app.fake.user(a).at(channel), app.fake.user(b).at(channel));
        let c = challenge(&a, &b).await?;
        challenges.push((c, a, b));
    }
    // The three are accepted at the same moment: none waits for another's thread, and
    // none is refused for finding another game on its way into its thread.
    let [(c0, a0, b0), (c1, a1, b1), (c2, a2, b2)] = &challenges[..] else {
        unreachable!("three challenges")
    };
    let accepted = tokio::try_join!(
        accept_into_thread(&app, c0, a0, b0),
        accept_into_thread(&app, c1, a1, b1),
        accept_into_thread(&app, c2, a2, b2),
    )?;
    let mut games = Vec::new();
    for ((thread, game, said), (_, a, b)) in [accepted.0, accepted.1, accepted.2]
        .into_iter()
        .zip(challenges)
    {
        anyhow::ensure!(
            said.contains(&format!("is played in <#{thread}>")),
            "the channel links the thread: {said}"
        );
        games.push((thread, game, a, b));
    }
    let threads = app.fake.threads();
    anyhow::ensure!(threads.len() == 3, "{threads:?}");
    let first = threads.iter().find(|t| t.id == games[0].0);
    anyhow::ensure!(
        first.is_some_and(|t| t.name == "alice vs bob · Classic Jetan"),
        "{threads:?}"
    );
    // Each game moves on in its own thread, by buttons and menus only.
    for (_, game, _, _) in &mut games {
        move_by_menus(game).await?;
        move_by_menus(game).await?;
    }
    // No board went to the channel: only the challenges and the one-line answers.
    for m in app.fake.channel_messages(channel) {
        anyhow::ensure!(
            m["attachments"].as_array().is_none_or(Vec::is_empty),
            "a picture in the channel: {m}"
        );
    }
    // The list links every game and says whose move it is.
    let list = games[0]
        .2
        .slash("jetan games", &[])
        .await?
        .expect_reply()
        .await?
        .public()?;
    let text = list.text();
    anyhow::ensure!(text.contains("3 games in progress"), "{text}");
    for (thread, game, _, _) in &games {
        let row = format!("<#{thread}> ·");
        anyhow::ensure!(text.contains(&row), "{row} missing in {text}");
        anyhow::ensure!(
            text.contains(&format!("{} to move", game.mover().mention())),
            "{text}"
        );
    }
    anyhow::ensure!(
        list.pings.users.is_empty(),
        "the list pings nobody: {:?}",
        list.pings
    );
    // A resignation in the second thread: told there, then in the channel; archived.
    let (thread, game, _, _) = &games[1];
    let (_, end) = game.waiter().resign().await?;
    anyhow::ensure!(
        end.message["channel_id"]
            .as_str()
            .and_then(|s| s.parse::<u64>().ok())
            == Some(*thread),
        "{:?}",
        end.message
    );
    let told = app
        .fake
        .wait_in_channel(channel, "the result in the channel", |m| {
            m["content"].as_str().is_some_and(|c| c.starts_with("🏁"))
        })
        .await?;
    let line = told["content"].as_str().unwrap_or_default();
    anyhow::ensure!(
        line == format!(
            "🏁 {} beat {} · Classic Jetan · <#{thread}>",
            game.mover().mention(),
            game.waiter().mention()
        ),
        "{line}"
    );
    app.fake
        .wait_thread(*thread, "the ended game's thread archived", |t| t.archived)
        .await?;
    anyhow::ensure!(
        app.fake.threads().iter().filter(|t| t.archived).count() == 1,
        "only the ended game's thread is archived"
    );
    // The others play on.
    move_by_menus(&mut games[2].1).await?;
    app.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_thread_leaves_the_game_in_the_channel_and_says_why() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("locked");
    app.fake.allow_threads(channel);
    app.fake.refuse_threads(channel);
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let challenge = alice
        .slash("jetan challenge", &[("opponent", Opt::from(&bob))])
        .await?
        .expect_reply()
        .await?
        .public()?;
    let accepted = bob
        .click(&challenge.button("Accept")?)
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?;
    anyhow::ensure!(
        accepted.text().contains("plays Black"),
        "{}",
        accepted.text()
    );
    let why = app
        .fake
        .wait_in_channel(channel, "the admins' line", |m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("Create Public Threads"))
        })
        .await?;
    anyhow::ensure!(
        why["content"]
            .as_str()
            .unwrap_or_default()
            .contains("threads:off"),
        "{why}"
    );
    anyhow::ensure!(app.fake.threads().is_empty());
    // The game is played in the channel, as without threads.
    let (black, orange) = black_and_orange(&accepted, &alice, &bob)?;
    let mut game = Game::new(black, orange);
    move_by_menus(&mut game).await?;
    app.finish().await
}
