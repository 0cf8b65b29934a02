//! Scenario 6: a race. Two moves for the same channel dispatched at the same moment: one is
//! applied, the other refused, and the game goes on from the position with the applied one.

use jetan_tests::jetan::{move_label, start_game, Rng};
use jetan_tests::{Reply, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_moves_at_once_one_applied_one_refused() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("race");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let (_, _, mut game) = start_game(&alice, &bob, &[]).await?;
    let mut rng = Rng::new(6);

    for round in 0..6 {
        let legal = game.legal();
        let first = *rng.pick(&legal).expect("a move");
        let others: Vec<_> = legal
            .iter()
            .filter(|m| m.from != first.from || m.to != first.to)
            .copied()
            .collect();
        let second = *rng.pick(&others).expect("another move");
        let mover = game.mover().clone();
        let (a, b) = tokio::join!(mover.play(first), mover.play(second));
        let (a, b): (Reply, Reply) = (a?, b?);
        let applied = match (a.is_ephemeral(), b.is_ephemeral()) {
            (false, true) => first,
            (true, false) => second,
            _ => panic!(
                "round {round}: exactly one move must be applied: {:?} / {:?}",
                a.text(),
                b.text()
            ),
        };
        let winner = if applied == first { &a } else { &b };
        winner.png()?;
        game.apply(applied)?;
        // The board agrees: the ply count moved by one.
        let board = alice.board().await?;
        assert!(
            board.text().contains(&move_label(game.moves.len())),
            "round {round}: {}",
            board.text()
        );
        if game.outcome().is_some() {
            break;
        }
        // The other side answers normally.
        let m = *rng.pick(&game.legal()).expect("a reply move");
        game.play(m).await?;
        if game.outcome().is_some() {
            break;
        }
    }
    app.stop_and_verify().await?;
    app.finish().await
}
