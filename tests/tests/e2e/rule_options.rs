//! Rule options (RULES.md §12) on Discord: the `rules` option autocompletes, a bad string
//! is refused privately with nothing held, and a game under options is worded per side,
//! plays a move only the options allow, and verifies afterwards.

use jetan_rules::{Position, Rules};
use jetan_tests::jetan::start_game;
use jetan_tests::{Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_under_rule_options_is_worded_and_played_by_them() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("options");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let bob_opt = Opt::from(&bob);

    // Autocomplete: what is typed in its canonical form, or why it is wrong.
    let choices = alice
        .autocomplete(
            "jetan challenge",
            &[("opponent", bob_opt.clone())],
            "rules",
            "w:upto+mixed,t:jump",
        )
        .await?;
    assert_eq!(
        choices.first().map(|(_, v)| v.as_str()),
        Some(Some("W:upto+mixed,T:jump")),
        "{choices:?}"
    );
    let bad = alice
        .autocomplete(
            "jetan challenge",
            &[("opponent", bob_opt.clone())],
            "rules",
            "N:upto",
        )
        .await?;
    assert!(
        bad.first().is_some_and(|(name, _)| name.contains("N:upto")),
        "{bad:?}"
    );

    // A bad string: refused privately, nothing held, no challenge.
    let refused = alice
        .slash(
            "jetan challenge",
            &[("opponent", bob_opt.clone()), ("rules", "T:mixed".into())],
        )
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    assert!(refused.text().contains("T:mixed"), "{}", refused.text());

    // A game under options: worded per side, casual, and a move only they allow.
    let options = [
        ("rules", Opt::from("W:upto+mixed,T:jump")),
        ("first", "me".into()),
    ];
    let (challenge, accepted, mut game) = start_game(&alice, &bob, &options).await?;
    assert!(
        challenge
            .text()
            .contains("Rule options (`W:upto+mixed,T:jump`): both sides:"),
        "{}",
        challenge.text()
    );
    assert!(challenge.text().contains("Casual"), "{}", challenge.text());
    assert!(
        accepted.text().contains("Rule options"),
        "{}",
        accepted.text()
    );
    let rules: Rules = "W:upto+mixed,T:jump".parse()?;
    game.position = Position::start().with_rules(rules);
    let mut played_by_options = false;
    for _ in 0..10 {
        let legal = game.legal();
        let standard = game
            .position
            .clone()
            .with_rules(Rules::STANDARD)
            .legal_moves();
        let only_options = legal
            .iter()
            .copied()
            .find(|m| !standard.iter().any(|s| (s.from, s.to) == (m.from, m.to)));
        let m = match only_options {
            Some(m) => {
                played_by_options = true;
                m
            }
            None => legal
                .iter()
                .copied()
                .find(|m| !m.is_capture())
                .unwrap_or(legal[0]),
        };
        game.play(m).await?;
        if played_by_options {
            break;
        }
    }
    assert!(
        played_by_options,
        "a move only the options allow was played"
    );
    app.stop_and_verify().await?;
    app.finish().await
}
