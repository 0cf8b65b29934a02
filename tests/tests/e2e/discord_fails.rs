//! When Discord fails: a committed move is announced exactly once, to the right people,
//! whatever REST call Discord refuses or loses — a callback answered with a server error
//! (before or after it took effect), a callback that arrives past its 3 s window, an
//! edit of a deferred answer that fails twice, a rate limit, a follow-up whose answer is
//! lost — and the wallets stay exact. And the bot stops on SIGTERM while it cannot reach
//! Discord at all.

use std::time::Duration;

use tokio::io::AsyncBufReadExt as _;

use jetan_tests::jetan::{move_announcements, start_game, Game};
use jetan_tests::{Fault, FaultKind, Opt, TestApp};

/// Waits until the move of ply `ply` is announced in `channel`. Whether it is announced
/// only once is checked once the bot has drained ([`announced_once`]).
async fn wait_announced(app: &TestApp, channel: u64, ply: usize) -> anyhow::Result<()> {
    app.fake
        .wait_until(&format!("the move of ply {ply} to be announced"), |_| {
            !move_announcements(&app.fake, channel, ply).is_empty()
        })
        .await
}

/// After [`TestApp::drain`] (nothing more can arrive): the move of ply `ply` was announced
/// exactly once, pinging `next` only.
fn announced_once(app: &TestApp, channel: u64, ply: usize, next: u64) -> anyhow::Result<()> {
    let shown = move_announcements(&app.fake, channel, ply);
    anyhow::ensure!(
        shown.len() == 1,
        "the move of ply {ply} was announced {} times",
        shown.len()
    );
    anyhow::ensure!(
        shown[0].pings.users == vec![next],
        "the move of ply {ply} pings {:?}, not the player to move",
        shown[0].pings.users
    );
    Ok(())
}

/// The mover plays the first legal move with `fault` set on its path; the move is then
/// announced. Returns the interaction, the ply and the player to move next (for
/// [`announced_once`]).
async fn move_through(
    app: &TestApp,
    channel: u64,
    game: &mut Game,
    fault: Fault,
) -> anyhow::Result<(u64, usize, u64)> {
    let ply = game.moves.len();
    let m = game.legal()[0];
    let next = game.waiter().id();
    app.fake.fail(fault.clone());
    let sent = game.send_move(m).await?;
    wait_announced(app, channel, ply)
        .await
        .map_err(|e| anyhow::anyhow!("{fault:?}: {e:#}"))?;
    game.apply(m)?;
    Ok((sent.id, ply, next))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_committed_move_is_announced_once_whatever_discord_fails() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("storm");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let options = [
        ("stake", Opt::Int(30)),
        ("piece_price", Opt::Int(1)),
        ("first", "me".into()),
    ];
    let (_, _, mut game) = start_game(&alice, &bob, &options).await?;
    let faults = [
        // The callback fails before it lands: retried inside the window.
        Fault::on("/callback", FaultKind::Status(500)).method("POST"),
        // It lands, but the answer is lost: the retry learns it landed (40060).
        Fault::on("/callback", FaultKind::StatusAfter(502)).method("POST"),
        // Refused with a rate limit.
        Fault::on("/callback", FaultKind::RateLimited(0.2)).method("POST"),
        // It reaches Discord after the window: the answer is posted in the channel.
        Fault::on("/callback", FaultKind::Delay(Duration::from_millis(3_600))).method("POST"),
    ];
    let mut moves = Vec::new();
    for fault in faults {
        moves.push(move_through(&app, channel, &mut game, fault).await?);
    }
    let made = app.fake.failures_made();
    anyhow::ensure!(made.len() == 4, "every fault was met once: {made:?}");
    // The fake's one complaint is the callback held past the window, the fault's doing.
    let (late, ..) = moves[3];
    app.expect_violations(format!("interaction {late} answered after"), 1);
    // Once the bot has drained, nothing more can come: each move was announced once.
    app.drain().await?;
    for &(_, ply, next) in &moves {
        announced_once(&app, channel, ply, next)?;
    }
    // Nothing lost or doubled: `verify` errs on any problem.
    app.stop_and_verify().await?;
    app.finish().await
}

/// With every command deferred, the edit of the deferred answer fails twice and then a
/// rate limit: the answer still shows, once; a follow-up whose answer is lost is not
/// posted twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_answer_survives_failed_edits_and_lost_follow_ups() -> anyhow::Result<()> {
    let mut app = TestApp::spawn_env(&[("JETAN_DEFER_AFTER_MS", "0")]).await?;
    let channel = app.fake.channel("deferred");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let (_, _, mut game) = start_game(&alice, &bob, &[("first", "me".into())]).await?;
    let faults = [
        Fault::on("/messages/@original", FaultKind::Status(503))
            .method("PATCH")
            .times(2),
        Fault::on("/messages/@original", FaultKind::StatusAfter(500)).method("PATCH"),
        Fault::on("/messages/@original", FaultKind::RateLimited(0.3)).method("PATCH"),
    ];
    let mut moves = Vec::new();
    for fault in faults {
        moves.push(move_through(&app, channel, &mut game, fault).await?);
    }
    let edits = app
        .fake
        .failures_made()
        .iter()
        .filter(|(method, ..)| method == "PATCH")
        .count();
    anyhow::ensure!(edits == 4, "every failed edit was met: {edits}");
    // A button press answered with a follow-up whose answer is lost: looked for, not
    // resent. (The draw offer's buttons answer with a new public message.)
    let offer = game
        .mover()
        .slash("jetan draw", &[])
        .await?
        .expect_reply()
        .await?
        .public()?;
    app.fake
        .fail(Fault::on("/webhooks/", FaultKind::StatusAfter(500)).method("POST"));
    let decline = offer.button("Decline")?;
    game.waiter().click(&decline).await?;
    let declines = |app: &TestApp| {
        app.fake
            .all_messages()
            .into_iter()
            .filter(|m| m.channel_id == channel && !m.ephemeral && !m.deleted)
            .map(|m| m.content().to_owned())
            .filter(|c| c.contains("declines the draw"))
            .collect::<Vec<String>>()
    };
    app.fake
        .wait_until("the declined offer's answer", |_| {
            !declines(&app).is_empty()
        })
        .await?;
    // Once the bot has drained, nothing more can come.
    app.drain().await?;
    for &(_, ply, next) in &moves {
        announced_once(&app, channel, ply, next)?;
    }
    let lost = app
        .fake
        .failures_made()
        .iter()
        .filter(|(method, path, _)| method == "POST" && path.contains("/webhooks/"))
        .count();
    anyhow::ensure!(lost == 1, "the follow-up's answer was lost once: {lost}");
    // The answer to the press ("… declines the draw"), once.
    let declined = declines(&app);
    anyhow::ensure!(
        declined.len() == 1,
        "the declined offer is answered once: {declined:?}"
    );
    app.finish().await
}

/// SIGTERM ends the bot within seconds even while it cannot reach Discord (a wrong proxy).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_while_discord_is_unreachable() -> anyhow::Result<()> {
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
    let dir = tempfile::tempdir()?;
    let mut child = tokio::process::Command::new(jetan_tests::jetan_binary()?)
        .arg("serve")
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_PROXY_URL", format!("http://{closed}"))
        .env("JETAN_DATA_DIR", dir.path().join("data"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    // The bot keeps trying to connect until told to stop: seen retrying (serenity starts
    // the shard again every few seconds, and says so), and still running.
    let stderr = child.stderr.take().expect("piped");
    let mut lines = tokio::io::BufReader::new(stderr).lines();
    let mut tries = 0;
    let mut seen = Vec::new();
    let retried = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(line) = lines.next_line().await? {
            if line.contains("Err starting shard") {
                tries += 1;
                if tries >= 2 {
                    return anyhow::Ok(true);
                }
            }
            seen.push(line);
        }
        anyhow::Ok(false)
    })
    .await;
    anyhow::ensure!(
        matches!(retried, Ok(Ok(true))),
        "the bot did not retry connecting ({retried:?}); its log: {seen:#?}"
    );
    anyhow::ensure!(
        child.try_wait()?.is_none(),
        "the bot keeps trying to connect until told to stop"
    );
    // Keep reading its log so that it never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    let pid = child.id().expect("running");
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()?;
    anyhow::ensure!(sent.success(), "cannot send SIGTERM");
    // Generous for a busy machine; the bot's own grace is a few seconds.
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait()).await;
    anyhow::ensure!(
        status.is_ok(),
        "the bot did not stop within 30 s of SIGTERM"
    );
    Ok(())
}

/// A SIGKILL between the commit of a move and its answer: after the restart the bot
/// announces the move in the channel from the store's outbox, once, pinging the player
/// to move; the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_committed_before_a_crash_is_announced_after_the_restart() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("outbox");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let options = [("stake", Opt::Int(25)), ("first", "me".into())];
    let (_, _, mut game) = start_game(&alice, &bob, &options).await?;
    let m = game.legal()[0];
    game.play(m).await?;
    // The answer of the next move is held by "the network" until the bot is dead.
    app.fake
        .fail(Fault::on("/callback", FaultKind::Delay(Duration::from_secs(8))).method("POST"));
    let ply = game.moves.len();
    let m = game.legal()[0];
    let next = game.waiter().id();
    let held = game.send_move(m).await?;
    app.fake
        .wait_until(
            "the move's answer to be sent (the move committed first)",
            |f| !f.failures_made().is_empty(),
        )
        .await?;
    app.restart().await?;
    wait_announced(&app, channel, ply).await?;
    game.apply(m)?;
    // The held callback reaches the fake after its window, long after the bot died: the
    // fake's one complaint, the fault's doing.
    let late = format!("interaction {} answered after", held.id);
    app.fake
        .wait_until("the held callback to arrive", |f| {
            f.violations().iter().any(|v| v.contains(&late))
        })
        .await?;
    app.expect_violations(late, 1);
    // The game goes on, and a second restart announces nothing again: once the third
    // process has answered a move (its start-up is done) and drained, nothing more can
    // come.
    let m = game.legal()[0];
    game.play(m).await?;
    app.restart().await?;
    let m = game.legal()[0];
    game.play(m).await?;
    app.drain().await?;
    announced_once(&app, channel, ply, next)?;
    app.stop_and_verify().await?;
    app.finish().await
}

/// The gateway drops mid-game (a resumable close, a session Discord invalidated, a
/// server error close): the bot resumes or identifies again, and the moves sent after it
/// are answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_comes_back_and_the_game_goes_on() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("gateway");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let (_, _, mut game) = start_game(&alice, &bob, &[("first", "me".into())]).await?;
    let m = game.legal()[0];
    game.play(m).await?;
    for code in [4000u16, 4009, 1011] {
        let (identifies, resumes, _) = app.fake.gateway_counts();
        app.fake.close_gateway(code);
        let mut back = false;
        for _ in 0..300 {
            let (i, r, _) = app.fake.gateway_counts();
            if i + r > identifies + resumes {
                back = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        anyhow::ensure!(back, "no reconnection after close {code}");
        let m = game.legal()[0];
        game.play(m)
            .await
            .map_err(|e| anyhow::anyhow!("after close {code}: {e}"))?;
    }
    app.finish().await
}
