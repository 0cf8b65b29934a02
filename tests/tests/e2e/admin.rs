//! Managers' tools: `/jetan-admin abort` ends a game publicly and refunds the escrow (no
//! result counted); `grant` and `take` answer privately and move money (a take never goes
//! below zero); a member without Manage Server is refused every tool, privately.

use jetan_tests::jetan::start_game;
use jetan_tests::{without_buttons, Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_abort_grant_take_and_a_member_without_manage_server() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("admin");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let mod_ = app.fake.user("moderator").at(channel);
    let pleb = app.fake.user("pleb").at(channel);
    app.fake.revoke_manage_server(pleb.id());

    let alice_before = alice.wallet().await?;
    let bob_before = bob.wallet().await?;
    let options = [("stake", Opt::Int(50)), ("piece_price", Opt::Int(0))];
    let (_, _, mut game) = start_game(&alice, &bob, &options).await?;
    for _ in 0..2 {
        let m = game.legal()[0];
        game.play(m).await?;
    }
    let escrowed = alice.wallet().await?;
    assert!(escrowed.escrow >= 50, "the stake is held: {escrowed:?}");

    // Without Manage Server: refused privately, nothing changes.
    let refused = pleb
        .slash("jetan-admin abort", &[("reason", "mine".into())])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Manage Server")?;
    assert!(refused.buttons().is_empty());
    for (cmd, who) in [("jetan-admin grant", &pleb), ("jetan-admin take", &alice)] {
        pleb.slash(
            cmd,
            &[
                ("user", Opt::from(who)),
                ("amount", Opt::Int(5)),
                ("reason", "because".into()),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Manage Server")?;
    }
    pleb.slash("jetan-admin settings", &[("stake", Opt::Int(7))])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Manage Server")?;
    assert_eq!(
        alice.wallet().await?,
        escrowed,
        "a refused tool changed nothing"
    );

    // A manager aborts: public, the reason shown, the escrow back, no result counted.
    let aborted = mod_
        .slash(
            "jetan-admin abort",
            &[("reason", "testing the tools".into())],
        )
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing("aborted")?
        .containing("testing the tools")?;
    assert!(
        aborted.text().contains(&alice.mention()),
        "{}",
        aborted.text()
    );
    assert!(
        aborted.pings.nobody(),
        "an abort pings nobody: {:?}",
        aborted.pings
    );
    assert_eq!(
        alice.wallet().await?,
        alice_before,
        "alice refunded, no result"
    );
    assert_eq!(bob.wallet().await?, bob_before, "bob refunded, no result");
    // Nothing left to abort.
    mod_.slash("jetan-admin abort", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;

    // Grant: private, the balance grows.
    let granted = mod_
        .slash(
            "jetan-admin grant",
            &[
                ("user", Opt::from(&bob)),
                ("amount", Opt::Int(25)),
                ("reason", "tournament prize".into()),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Granted")?;
    assert!(granted.pings.nobody(), "{:?}", granted.pings);
    let after_grant = bob.wallet().await?;
    assert_eq!(after_grant.balance, bob_before.balance + 25);

    // Take: private; more than the balance is refused (never below zero).
    let too_much = after_grant.balance + 1;
    mod_.slash(
        "jetan-admin take",
        &[
            ("user", Opt::from(&bob)),
            ("amount", Opt::Int(i64::try_from(too_much)?)),
            ("reason", "overdraw".into()),
        ],
    )
    .await?
    .expect_reply()
    .await?
    .ephemeral()?;
    assert_eq!(
        bob.wallet().await?,
        after_grant,
        "a refused take changes nothing"
    );
    mod_.slash(
        "jetan-admin take",
        &[
            ("user", Opt::from(&bob)),
            ("amount", Opt::Int(i64::try_from(after_grant.balance)?)),
            ("reason", "all of it".into()),
        ],
    )
    .await?
    .expect_reply()
    .await?
    .ephemeral()?
    .containing("Took")?;
    assert_eq!(
        bob.wallet().await?.balance,
        0,
        "taken down to zero, not below"
    );

    // An open challenge is called off by abort too, the challenger refunded.
    let carol = app.fake.user("carol").at(channel);
    let carol_before = carol.wallet().await?;
    let challenge = carol
        .slash(
            "jetan challenge",
            &[("opponent", Opt::from(&alice)), ("stake", Opt::Int(10))],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    mod_.slash("jetan-admin abort", &[])
        .await?
        .expect_reply()
        .await?
        .public()?
        .containing("called off")?;
    assert_eq!(carol.wallet().await?, carol_before);
    app.fake
        .wait_message(
            challenge.message_id.unwrap_or_default(),
            "the called-off challenge to lose its buttons",
            without_buttons,
        )
        .await?;
    app.finish().await
}

/// `/jetan-admin purge`: answered at once, privately; the bot then asks Discord which
/// members with money left (a member lookup each), empties the wallet of the one who left
/// with nothing in escrow, keeps the one whose money is in a challenge, and says so in a
/// private follow-up; members who stayed keep everything, and the books balance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_purge_empties_the_wallets_of_members_who_left() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("bank");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let carol = app.fake.user("carol").at(channel);
    let admin = app.fake.user("admin").at(channel);
    for who in [&alice, &bob] {
        who.slash("jetan daily", &[]).await?.expect_reply().await?;
    }
    // Carol's 100 is held for her challenge.
    carol
        .slash(
            "jetan challenge",
            &[
                ("opponent", Opt::from(&alice)),
                ("stake", Opt::Int(100)),
                ("piece_price", Opt::Int(0)),
            ],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    let alice_before = alice.wallet().await?;
    let carol_before = carol.wallet().await?;
    assert_eq!(carol_before.escrow, 100);
    app.fake.leave(bob.id());
    app.fake.leave(carol.id());

    let purge = admin
        .slash("jetan-admin purge", &[("reason", "left the server".into())])
        .await?;
    purge
        .expect_reply()
        .await?
        .ephemeral()?
        .containing("Asking Discord which of the 3 members")?;
    let messages = purge.wait_messages(2).await?;
    let done = &messages[1];
    let content = done["content"].as_str().unwrap_or_default();
    assert_eq!(
        done["flags"].as_u64().unwrap_or(0) & jetan_tests::FLAG_EPHEMERAL,
        jetan_tests::FLAG_EPHEMERAL,
        "the result is private: {done}"
    );
    assert!(
        content.starts_with("Purged the wallet of one member who left")
            && content.contains(&format!("• <@{}>", bob.id()))
            && content.contains(&format!("still in a challenge or game: <@{}>", carol.id())),
        "{content}"
    );
    assert_eq!(bob.wallet().await?.balance, 0);
    assert_eq!(
        carol.wallet().await?,
        carol_before,
        "kept: money in a challenge"
    );
    assert_eq!(
        alice.wallet().await?,
        alice_before,
        "a member keeps everything"
    );
    let report = app.stop_and_verify().await?;
    assert!(report.contains("clean"), "{report}");
    app.finish().await
}
