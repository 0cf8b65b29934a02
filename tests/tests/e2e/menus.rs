//! A game played through buttons and menus only: the board's **Move** button, then the
//! private menus of pieces and destinations; the other player is told privately that it
//! is not their turn, and a menu left open after the board changed is refused.

use jetan_tests::jetan::start_game;
use jetan_tests::TestApp;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_are_played_through_the_move_button_and_menus_only() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("menus");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let (_, mut board, mut game) = start_game(&alice, &bob, &[("first", "me".into())]).await?;
    for _ in 0..4 {
        let move_button = board.button("Move")?;
        let not_yours = game
            .waiter()
            .click(&move_button)
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        anyhow::ensure!(not_yours.text().contains("turn"), "{}", not_yours.text());
        let pieces = game
            .mover()
            .click(&move_button)
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        let m = game.legal()[0];
        let menu = pieces.menu()?;
        let piece = menu
            .values
            .iter()
            .find(|v| v.starts_with(&format!("{}@", m.from)))
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("{} not offered: {:?}", m.from, menu.values))?;
        let targets = game
            .mover()
            .choose(&menu, &piece)
            .await?
            .expect_reply()
            .await?;
        let menu = targets.menu()?;
        let dest = menu
            .values
            .iter()
            .find(|v| v.starts_with(&format!("{}-{}@", m.from, m.to)))
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("{m} not offered: {:?}", menu.values))?;
        board = game
            .mover()
            .choose(&menu, &dest)
            .await?
            .expect_reply()
            .await?
            .public()?
            .with_png()?;
        game.apply(m)?;
    }
    app.finish().await
}

/// Martian Chess without typing: the turn message's **Move** button opens the private
/// menu of pieces and actions; a piece's destinations come in a second menu; the end
/// of the turn is an option of the first. Both players play whole turns that way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn martian_chess_turns_are_played_through_the_move_button_and_menus() -> anyhow::Result<()> {
    use jetan_tests::Opt;
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("mars-menus");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let challenge = alice
        .slash(
            "jetan challenge",
            &[
                ("opponent", Opt::from(&bob)),
                ("game", "martian-chess".into()),
                ("first", "me".into()),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    let mut turn = bob
        .click(&challenge.button("Accept")?)
        .await?
        .expect_reply()
        .await?
        .public()?;
    // White (alice) and Black (bob) each play a turn: one piece moved, then `end`.
    for (mover, waiter, from) in [(&alice, &bob, "g1"), (&bob, &alice, "g8")] {
        let button = turn.button("Move")?;
        let refused = waiter
            .click(&button)
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        anyhow::ensure!(refused.text().contains("turn"), "{}", refused.text());
        let first = mover
            .click(&button)
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        anyhow::ensure!(first.text().contains("actions left"), "{}", first.text());
        let menu = first.menu()?;
        let piece = menu
            .values
            .iter()
            .find(|v| v.starts_with(&format!("{from}@")))
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("{from} not offered: {:?}", menu.values))?;
        let targets = mover
            .choose(&menu, &piece)
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        let menu = targets.menu()?;
        let played = mover
            .choose(&menu, &menu.values[0])
            .await?
            .expect_reply()
            .await?
            .public()?;
        anyhow::ensure!(played.text().contains("plays **"), "{}", played.text());
        // A die of 1 ended the turn with that move; otherwise `end` from the menu.
        turn = if played
            .text()
            .contains(&format!("{}, your turn", waiter.mention()))
        {
            played
        } else {
            let first = mover
                .click(&played.button("Move")?)
                .await?
                .expect_reply()
                .await?
                .ephemeral()?;
            let menu = first.menu()?;
            let end = menu
                .values
                .iter()
                .find(|v| v.starts_with("end@"))
                .cloned()
                .ok_or_else(|| anyhow::anyhow!("no end: {:?}", menu.values))?;
            let ended = mover
                .choose(&menu, &end)
                .await?
                .expect_reply()
                .await?
                .public()?;
            anyhow::ensure!(
                ended
                    .text()
                    .contains(&format!("{}, your turn", waiter.mention())),
                "{}",
                ended.text()
            );
            ended
        };
    }
    app.finish().await
}
