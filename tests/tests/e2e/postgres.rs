//! The bot on PostgreSQL (`JETAN_DATABASE_URL`, a throwaway server started by the test):
//! a game is played, the bot is killed (SIGKILL) with a move in flight and started
//! again on the same database; every acknowledged move is there, the game goes on to
//! its end with exact wallets, and `jetan verify` on the database is clean.

use jetan_rules::Color;
use jetan_tests::jetan::{quiet_random_move, start_game, Rng};
use jetan_tests::{Opt, TestApp};

use crate::cluster;

const STAKE: u64 = 20;
const PRICE: u64 = 1;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_on_postgresql_killed_mid_move_loses_nothing_acknowledged() -> anyhow::Result<()> {
    let url = tokio::task::spawn_blocking(cluster::fresh_url).await?;
    let mut app = TestApp::spawn_env(&[("JETAN_DATABASE_URL", &url)]).await?;
    let games = app.fake.channel("game");
    let alice = app.fake.user("alice").at(games);
    let bob = app.fake.user("bob").at(games);
    let start = alice.wallet().await?;
    let mut rng = Rng::new(11);
    let options = [
        ("stake", Opt::Int(STAKE as i64)),
        ("piece_price", Opt::Int(PRICE as i64)),
    ];
    let (_, _, mut game) = start_game(&alice, &bob, &options).await?;
    for _ in 0..6 {
        let m = quiet_random_move(&game.position, &mut rng).expect("a move");
        game.play(m).await?;
    }

    // Kill it with a move in flight: the move happened entirely or not at all.
    let in_flight = quiet_random_move(&game.position, &mut rng).expect("a move");
    let sent = game.send_move(in_flight).await?;
    app.bot.kill().await?;
    let answered = sent.acknowledged_after().is_some();
    app.restart().await?;
    game.settle(in_flight, answered).await?;

    for _ in 0..4 {
        let m = quiet_random_move(&game.position, &mut rng).expect("a move");
        game.play(m).await?;
    }
    let loser = game.mover().clone();
    let winner = if loser.id() == game.black.id() {
        Color::Orange
    } else {
        Color::Black
    };
    loser.resign().await?;
    assert_eq!(
        game.black.wallet().await?,
        game.expected_wallet(Color::Black, start, STAKE, PRICE, Some(winner))
    );
    assert_eq!(
        game.orange.wallet().await?,
        game.expected_wallet(Color::Orange, start, STAKE, PRICE, Some(winner))
    );

    // Several processes may share the database: verify runs beside the live bot.
    let out = app.cli(&["verify", "--data", &url]).await?;
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "jetan verify: {report}");
    assert!(report.contains("clean"), "{report}");
    app.finish().await?;
    Ok(())
}
