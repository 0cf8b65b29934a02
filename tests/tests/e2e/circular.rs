//! Ninth-Ray Jetan on Discord: a game on the circular board whose moves cross the j–a
//! seam, each answered with the round board; the data verifies afterwards.

use jetan_rules::{Position, Topology, Variant};
use jetan_tests::jetan::start_game;
use jetan_tests::TestApp;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_circular_game_crosses_the_seam() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("ninth-ray");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let options = [("board", "circular".into()), ("first", "me".into())];
    let (challenge, _, mut game) = start_game(&alice, &bob, &options).await?;
    assert!(
        challenge.text().contains("circular board"),
        "the challenge names the board: {}",
        challenge.text()
    );
    game.position = Position::start_on(Variant::Classic, Topology::Circular);
    let mut crossed = 0;
    for _ in 0..6 {
        let legal = game.legal();
        // A move between the a and j files crosses the seam (a flat board has none).
        let across = legal
            .iter()
            .copied()
            .find(|m| m.from.file().abs_diff(m.to.file()) > 5);
        let m = across.unwrap_or(legal[0]);
        crossed += usize::from(across.is_some());
        let reply = game.play(m).await?;
        assert!(reply.text().contains(&m.to.to_string()), "{}", reply.text());
    }
    assert!(crossed >= 2, "moves across the seam were played");
    app.stop_and_verify().await?;
    app.finish().await
}
