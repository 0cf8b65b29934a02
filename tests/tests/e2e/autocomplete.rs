//! Scenario 3: autocomplete. The `from` suggestions are the squares of the mover's pieces
//! that have legal moves, the `to` suggestions the legal destinations of the chosen piece —
//! exactly the rules' legal moves, at most 25 choices.

use std::collections::BTreeSet;

use jetan_tests::jetan::{start_game, Game, Rng};
use jetan_tests::{Opt, TestApp};
use serde_json::Value;

fn values(choices: &[(String, Value)]) -> BTreeSet<String> {
    choices
        .iter()
        .map(|(_, v)| v.as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn check_position(game: &Game) -> anyhow::Result<()> {
    let legal = game.legal();
    let from_all: BTreeSet<String> = legal.iter().map(|m| m.from.to_string()).collect();
    let mover = game.mover();
    let from = mover.autocomplete("jetan move", &[], "from", "").await?;
    assert!(from.len() <= 25, "{} choices", from.len());
    let got = values(&from);
    if from_all.len() <= 25 {
        assert_eq!(
            got,
            from_all,
            "from suggestions at ply {}",
            game.moves.len()
        );
    } else {
        assert_eq!(from.len(), 25);
        assert!(
            got.is_subset(&from_all),
            "from suggestions at ply {}: {got:?}",
            game.moves.len()
        );
    }
    // Typing narrows the list to squares that start with what was typed.
    let file = from_all
        .iter()
        .next()
        .map(|s| s[..1].to_owned())
        .unwrap_or_default();
    let narrowed = values(&mover.autocomplete("jetan move", &[], "from", &file).await?);
    let expected: BTreeSet<String> = from_all
        .iter()
        .filter(|s| s.starts_with(&file))
        .cloned()
        .collect();
    assert_eq!(narrowed, expected, "from suggestions for {file:?}");

    // For every piece that can move: the `to` suggestions are its legal destinations.
    for sq in &from_all {
        let to = mover
            .autocomplete("jetan move", &[("from", Opt::Str(sq.clone()))], "to", "")
            .await?;
        let expected: BTreeSet<String> = legal
            .iter()
            .filter(|m| m.from.to_string() == *sq)
            .map(|m| m.to.to_string())
            .collect();
        let got = values(&to);
        let at = game.moves.len();
        if expected.len() <= 25 {
            assert_eq!(got, expected, "to suggestions from {sq} at ply {at}");
        } else {
            // Too many for Discord: 25 of them, and typing reaches the rest.
            assert_eq!(to.len(), 25, "to suggestions from {sq} at ply {at}");
            assert!(
                got.is_subset(&expected),
                "to suggestions from {sq} at ply {at}: {got:?}"
            );
            for typed in ["a", "j", "e5"] {
                let want: BTreeSet<String> = expected
                    .iter()
                    .filter(|s| s.starts_with(typed))
                    .cloned()
                    .collect();
                let narrowed = mover
                    .autocomplete("jetan move", &[("from", Opt::Str(sq.clone()))], "to", typed)
                    .await?;
                assert_eq!(
                    values(&narrowed),
                    want,
                    "to suggestions from {sq} for {typed:?} at ply {at}"
                );
            }
        }
    }
    // The player who is not to move gets nothing to choose from.
    let waiting = game
        .waiter()
        .autocomplete("jetan move", &[], "from", "")
        .await?;
    assert!(
        waiting.is_empty(),
        "the waiting player is offered {waiting:?}"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_suggestions_are_the_legal_moves() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("autocomplete");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);

    // Without a game there is nothing to suggest.
    assert!(alice
        .autocomplete("jetan move", &[], "from", "")
        .await?
        .is_empty());

    let (_, _, mut game) = start_game(&alice, &bob, &[("first", "opponent".into())]).await?;
    let mut rng = Rng::new(3);
    for _ in 0..6 {
        check_position(&game).await?;
        let legal = game.legal();
        let m = *rng.pick(&legal).expect("a legal move");
        game.play(m).await?;
    }
    check_position(&game).await?;
    app.finish().await
}
