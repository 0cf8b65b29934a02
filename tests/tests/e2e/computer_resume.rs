//! A practice game against the computer survives a SIGKILL while the computer thinks: at
//! start-up the bot resumes the computer's turn and posts its move as a channel message,
//! once, and the player moves on.
//!
//! The kill must come while the computer thinks (level 5 thinks its whole second): the
//! bot is killed as soon as the player's move is answered, and the new process must say
//! it resumed the computer's turn. If the computer was quicker than the kill (it had
//! already answered, or its move was stored just before the kill), the player moves
//! again and the kill is tried again, up to [`ATTEMPTS`] times; the scenario fails if the
//! resumption was never exercised.

use jetan_tests::jetan::{move_announcements, move_label};
use jetan_tests::{Opt, Player, TestApp};

/// How many of the player's moves may be tried before the kill lands while the computer
/// thinks.
const ATTEMPTS: usize = 6;

/// What the new process logs when it finds the computer to move at start-up
/// (`bot/src/discord/computer.rs`, `resume_all`).
const RESUMING: &str = "resuming the computer's turn";

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

    let mut resumed = None;
    let mut missed = Vec::new();
    for attempt in 0..ATTEMPTS {
        // Alice plays ply 2k; the computer starts thinking about ply 2k + 1, and the bot
        // is killed at once.
        let ply = 2 * attempt + 1;
        move_first_legal(&alice).await?;
        if !move_announcements(&app.fake, channel, ply).is_empty() {
            missed.push(format!("attempt {attempt}: answered before the kill"));
            continue;
        }
        app.bot.kill().await?;
        // What the dead bot left in the store decides whether the restart must resume.
        let stored = stored_plies(&app, channel).await?;
        app.restart().await?;
        if stored == ply {
            // The kill came while the computer thought: the new process resumes its turn.
            wait_for_log(&app, RESUMING).await?;
            resumed = Some(ply);
            break;
        }
        anyhow::ensure!(stored == ply + 1, "{stored} plies stored after ply {ply}");
        // The computer's move was stored just before the kill: no resumption this time,
        // and it is alice's turn again.
        missed.push(format!("attempt {attempt}: stored before the kill"));
    }
    let Some(ply) = resumed else {
        anyhow::bail!(
            "the kill never came while the computer thought, so its resumption was not \
             exercised: {missed:?}"
        );
    };
    eprintln!("resumed the computer's ply {ply} ({missed:?} before)");

    // After the restart the computer's move arrives as a channel message with the board.
    app.fake
        .wait_until("the resumed computer's move to be posted", |_| {
            !move_announcements(&app.fake, channel, ply).is_empty()
        })
        .await?;
    let board = alice.board().await?;
    anyhow::ensure!(
        board.text().contains(&move_label(ply + 1)),
        "after the computer's move it is alice's turn at {}: {}",
        move_label(ply + 1),
        board.text()
    );
    // Posted once, not once per start: once the bot has drained (its background work
    // done), nothing more can come.
    app.drain().await?;
    let shown = move_announcements(&app.fake, channel, ply);
    anyhow::ensure!(
        shown.len() == 1,
        "the computer's move was posted {} times",
        shown.len()
    );
    let post = &shown[0];
    anyhow::ensure!(
        post.json["webhook_id"].is_null(),
        "the resumed move is a channel message, not a follow-up: {}",
        post.json
    );
    anyhow::ensure!(
        post.json["attachments"]
            .as_array()
            .is_some_and(|a| !a.is_empty()),
        "the computer's move shows the board: {}",
        post.json
    );
    app.finish().await
}

/// Alice plays the first legal move the autocomplete offers (the first piece, its first
/// destination).
async fn move_first_legal(alice: &Player) -> anyhow::Result<()> {
    let from = alice.autocomplete("jetan move", &[], "from", "").await?;
    let from = from
        .first()
        .and_then(|(_, v)| v.as_str())
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("no piece of alice's can move"))?;
    let to = alice
        .autocomplete("jetan move", &[("from", Opt::Str(from.clone()))], "to", "")
        .await?;
    let to = to
        .first()
        .and_then(|(_, v)| v.as_str())
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("the piece on {from} cannot move"))?;
    alice
        .slash(
            "jetan move",
            &[("from", Opt::Str(from)), ("to", Opt::Str(to))],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    Ok(())
}

/// How many plies the game in `channel` has in the store (the bot must be stopped).
async fn stored_plies(app: &TestApp, channel: u64) -> anyhow::Result<usize> {
    let data = app.data_dir.to_string_lossy().into_owned();
    let out = app.cli(&["export", "--data", &data]).await?;
    anyhow::ensure!(
        out.status.success(),
        "jetan export failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout)?;
    for line in text.lines() {
        let record: serde_json::Value = serde_json::from_str(line)?;
        if record["type"] == "game" && record["channel"].as_u64() == Some(channel) {
            return Ok(record["moves"].as_array().map_or(0, Vec::len));
        }
    }
    anyhow::bail!("no game in channel {channel} in the export:\n{text}")
}

/// Waits until the bot (its current process) has logged `needle`.
async fn wait_for_log(app: &TestApp, needle: &str) -> anyhow::Result<()> {
    let limit = app.fake.config().wait;
    let deadline = tokio::time::Instant::now() + limit;
    while !app.bot.own_log().contains(needle) {
        anyhow::ensure!(
            tokio::time::Instant::now() < deadline,
            "the bot did not log {needle:?} within {limit:?}: {}",
            app.bot.own_log()
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Ok(())
}
