//! A practice game against the computer survives a SIGKILL while the computer thinks: at
//! start-up the bot resumes the computer's turn and posts its move as a channel message,
//! once, and the player moves on.

use std::time::Duration;

use jetan_rules::{Position, Variant};
use jetan_tests::jetan::move_label;
use jetan_tests::{Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computers_turn_is_resumed_after_a_kill() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("practice");
    let alice = app.fake.user("alice").at(channel);
    let bot = app.fake.bot_user();

    let started = alice
        .slash(
            "jetan challenge",
            &[
                ("opponent", Opt::User(bot.id)),
                ("first", "me".into()),
                ("level", Opt::Int(5)),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?;
    anyhow::ensure!(
        started
            .text()
            .contains(&format!("{} plays Black", alice.mention())),
        "{}",
        started.text()
    );

    // Alice moves; the computer (level 5: it uses its whole second) starts thinking, and
    // the bot is killed before it has answered.
    let start = Position::start_of(Variant::Classic);
    let m = start.legal_moves().iter().copied().next().expect("a move");
    let posted_before = channel_posts(&app, channel);
    let moved = alice.play(m).await?.public()?;
    let answered_in_time = computer_moved(&app, channel, moved.message_id)?;
    app.restart().await?;

    // After the restart the computer's move arrives as a channel message.
    let inner_wait = Duration::from_secs(20);
    let deadline = tokio::time::Instant::now() + inner_wait;
    loop {
        let posts = channel_posts(&app, channel);
        if posts > posted_before || answered_in_time {
            break;
        }
        anyhow::ensure!(
            tokio::time::Instant::now() < deadline,
            "the computer's move was not posted within {inner_wait:?} of the restart"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let board = alice.board().await?;
    anyhow::ensure!(
        board.text().contains(&move_label(2)),
        "after the computer's move it is alice's turn at move 2: {}",
        board.text()
    );
    if answered_in_time {
        eprintln!("note: the computer answered before the kill; resumption not exercised");
    } else {
        // Posted once, not once per start.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let posts = channel_posts(&app, channel) - posted_before;
        anyhow::ensure!(posts == 1, "the computer's move was posted {posts} times");
        let last = app.fake.channel_messages(channel);
        let post = last
            .iter()
            .rev()
            .find(|m| m["webhook_id"].is_null())
            .expect("the posted move");
        anyhow::ensure!(
            post["attachments"]
                .as_array()
                .is_some_and(|a| !a.is_empty()),
            "the computer's move shows the board: {post}"
        );
    }
    app.finish().await
}

/// Messages posted to the channel directly (not through an interaction).
fn channel_posts(app: &TestApp, channel: u64) -> usize {
    let path = format!("/api/v10/channels/{channel}/messages");
    app.fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == path && r.status < 300)
        .count()
}

/// Whether the computer's move already came (as a follow-up) after the move reply.
fn computer_moved(app: &TestApp, channel: u64, reply: Option<u64>) -> anyhow::Result<bool> {
    let reply = reply.unwrap_or_default();
    Ok(app
        .fake
        .channel_messages(channel)
        .iter()
        .filter_map(|m| m["id"].as_str().and_then(|s| s.parse::<u64>().ok()))
        .any(|id| id > reply))
}
