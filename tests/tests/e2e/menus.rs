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
