//! Scenario 7: restart. The bot is killed (SIGKILL) in the middle of a game and started
//! again on the same data directory, twice: once with a draw offer and a challenge open
//! (their old buttons must still work, the board must look the same), once with a move in
//! flight (it happened entirely or not at all). Every acknowledged move is still there, and
//! the game is played to its end with exact wallets.

use jetan_rules::Color;
use jetan_tests::jetan::{quiet_random_move, start_game, Rng};
use jetan_tests::{Opt, TestApp};

const STAKE: u64 = 20;
const PRICE: u64 = 1;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_bot_comes_back_with_every_move_and_working_buttons() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let games = app.fake.channel("game");
    let lobby = app.fake.channel("lobby");
    let alice = app.fake.user("alice").at(games);
    let bob = app.fake.user("bob").at(games);
    let carol = app.fake.user("carol").at(lobby);
    let dave = app.fake.user("dave").at(lobby);
    let start = alice.wallet().await?;
    let mut rng = Rng::new(7);

    let options = [
        ("stake", Opt::Int(STAKE as i64)),
        ("piece_price", Opt::Int(PRICE as i64)),
    ];
    let (_, _, mut game) = start_game(&alice, &bob, &options).await?;
    for _ in 0..7 {
        let m = quiet_random_move(&game.position, &mut rng).expect("a move");
        game.play(m).await?;
    }
    // The player to move offers a draw (their own move does not withdraw it).
    let offerer = game.mover().clone();
    let answerer = game.waiter().clone();
    let offer = offerer
        .slash("jetan draw", &[])
        .await?
        .expect_reply()
        .await?
        .public()?;
    let decline_draw = offer.button("Decline")?;
    // A challenge waits in another channel.
    let challenge = carol
        .slash("jetan challenge", &[("opponent", Opt::from(&dave))])
        .await?
        .expect_reply()
        .await?
        .public()?;
    let accept = challenge.button("Accept")?;
    let before = game.black.board().await?;

    // First kill: nothing in flight. The board reads and looks the same afterwards.
    app.restart().await?;
    let after = game.black.board().await?;
    // The move clock ("Time left for this move: …") runs on; the rest must be the same.
    assert_eq!(
        without_clock(&after.text()),
        without_clock(&before.text()),
        "the board after the restart"
    );
    if std::env::var_os("JETAN_E2E_DUMP").is_some() {
        before.png()?.save("/tmp/restart-before.png")?;
        after.png()?.save("/tmp/restart-after.png")?;
    }
    // Checked at the end, so that one difference does not hide the rest of the scenario.
    let mut problems = Vec::new();
    if after.png()?.into_raw() != before.png()?.into_raw() {
        problems.push(
            "the board picture differs after the restart (JETAN_E2E_DUMP=1 saves both in /tmp)",
        );
    }

    // Second kill, with a move in flight.
    let in_flight = quiet_random_move(&game.position, &mut rng).expect("a move");
    let sent = game.send_move(in_flight).await?;
    app.bot.kill().await?;
    let answered = sent.acknowledged_after().is_some();
    app.restart().await?;
    game.settle(in_flight, answered).await?;

    // Old buttons work: the draw offer is declined and the challenge accepted.
    let reply = answerer.click(&decline_draw).await?.expect_reply().await?;
    assert!(
        !reply.is_ephemeral(),
        "declining the draw after the restarts: {}",
        reply.text()
    );
    let started = dave
        .click(&accept)
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?;
    assert!(started.text().contains("accepts"), "{}", started.text());

    // The game goes on to its end: a few more moves, then a resignation.
    for _ in 0..5 {
        let m = quiet_random_move(&game.position, &mut rng).expect("a move");
        game.play(m).await?;
    }
    let loser = game.mover().clone();
    let winner = if loser.id() == game.black.id() {
        Color::Orange
    } else {
        Color::Black
    };
    let (_, end) = loser.resign().await?;
    assert!(
        end.text().contains(&game.player(winner).mention()),
        "{}",
        end.text()
    );
    assert_eq!(
        game.black.wallet().await?,
        game.expected_wallet(Color::Black, start, STAKE, PRICE, Some(winner))
    );
    assert_eq!(
        game.orange.wallet().await?,
        game.expected_wallet(Color::Orange, start, STAKE, PRICE, Some(winner))
    );

    app.stop_and_verify().await?;
    app.finish().await?;
    anyhow::ensure!(problems.is_empty(), "{problems:?}");
    Ok(())
}

/// A board text without its move clock, which runs on between two readings.
fn without_clock(text: &str) -> String {
    match text.find(" Time left for this move:") {
        Some(at) => {
            let rest = &text[at + 1..];
            let end = rest.find('.').map_or(rest.len(), |e| e + 1);
            format!("{}{}", &text[..at], &rest[end..])
        }
        None => text.to_owned(),
    }
}
