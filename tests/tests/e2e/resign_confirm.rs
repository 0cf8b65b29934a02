//! A typed `/jetan resign` only asks (privately, saying what it costs); the game ends only
//! on **Confirm resignation**, and that button cannot end a later game. Accepting an offered
//! draw by typing `/jetan draw` asks likewise (**Confirm draw**).

use jetan_rules::Color;
use jetan_tests::jetan::{move_label, start_game};
use jetan_tests::{without_buttons, Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_asks_first_and_the_confirmation_ends_only_that_game() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("resign");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let options = [
        ("stake", Opt::Int(20)),
        ("piece_price", Opt::Int(0)),
        ("first", "me".into()),
    ];
    let (_, _, mut game) = start_game(&alice, &bob, &options).await?;
    let m = game.legal()[0];
    game.play(m).await?;

    // The question: private, names the cost, has the button; the game goes on meanwhile.
    let question = alice
        .slash("jetan resign", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Resign")?
        .containing("20")?;
    let confirm = question.button("Confirm resignation")?;
    let before = game.black.board().await?;
    assert!(before.text().contains(&move_label(1)), "{}", before.text());
    let m = game.legal()[0];
    game.play(m).await?; // bob (Orange) moves: the question changed nothing.

    // A stranger cannot use it.
    let carol = app.fake.user("carol").at(channel);
    carol
        .click(&confirm)
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;

    let end = alice
        .click(&confirm)
        .await?
        .expect_reply()
        .await?
        .public()?;
    assert!(end.text().contains("resigns"), "{}", end.text());
    assert!(end.text().contains(&bob.mention()), "{}", end.text());
    let black = game.black.wallet().await?;
    assert_eq!(black.losses, 1, "{black:?}");
    assert_eq!(game.player(Color::Orange).wallet().await?.wins, 1);

    // Pressed again (or after a new game started), it refuses privately.
    let (_, _, _game2) = start_game(&alice, &bob, &options).await?;
    alice
        .click(&confirm)
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    assert_eq!(
        alice.wallet().await?.losses,
        1,
        "the old Confirm did not end the new game"
    );
    // The typed flow through the helper.
    let (_, end) = bob.resign().await?;
    assert!(end.text().contains("resigns"), "{}", end.text());

    // A draw: the offer is public; a typed `/jetan draw` by the opponent only asks
    // (privately, **Confirm draw**); the confirmation ends the game and the offer's message
    // loses its buttons.
    let (_, _, game3) = start_game(&alice, &bob, &[("first", "me".into())]).await?;
    let offer = game3
        .mover()
        .slash("jetan draw", &[])
        .await?
        .expect_reply()
        .await?
        .public()?;
    offer.button("Accept draw")?;
    let asked = game3
        .waiter()
        .slash("jetan draw", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    let board = alice.board().await?;
    assert!(
        board.text().contains(&move_label(0)),
        "the game goes on: {}",
        board.text()
    );
    let drawn = game3
        .waiter()
        .click(&asked.button("Confirm draw")?)
        .await?
        .expect_reply()
        .await?
        .public()?;
    assert!(
        drawn.text().to_lowercase().contains("draw"),
        "{}",
        drawn.text()
    );
    app.fake
        .wait_message(
            offer.message_id.unwrap_or_default(),
            "the answered draw offer to lose its buttons",
            without_buttons,
        )
        .await?;
    assert_eq!(alice.wallet().await?.draws, 1);
    app.finish().await
}
