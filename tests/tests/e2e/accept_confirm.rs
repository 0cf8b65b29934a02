//! A typed `/jetan accept` shows the challenge's terms privately and accepts only on
//! **Confirm**; a challenge swapped meanwhile (cancelled, then a new one) is never accepted
//! by the old challenge's Accept button or by the old Confirm.

use jetan_tests::jetan::black_and_orange;
use jetan_tests::{without_buttons, Opt, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_accept_needs_confirm_and_old_buttons_never_accept_a_swapped_challenge(
) -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let channel = app.fake.channel("accept");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let bob_before = bob.wallet().await?;

    let first = alice
        .slash(
            "jetan challenge",
            &[("opponent", Opt::from(&bob)), ("stake", Opt::Int(30))],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;
    let old_accept = first.button("Accept")?;

    // Typed accept: the terms, privately, with Confirm; nothing accepted yet.
    let terms = bob.accept_typed().await?.containing("30")?;
    let old_confirm = terms.button("Confirm")?;
    assert_eq!(
        bob.wallet().await?,
        bob_before,
        "typing accept accepted nothing"
    );
    // Someone else typing accept is refused.
    let carol = app.fake.user("carol").at(channel);
    carol
        .slash("jetan accept", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;

    // The challenge is swapped: cancelled, and a new one (other terms) posted.
    alice
        .slash("jetan cancel", &[])
        .await?
        .expect_reply()
        .await?
        .public()?;
    let cancelled = app
        .fake
        .wait_message(
            first.message_id.unwrap_or_default(),
            "the cancelled challenge to lose its buttons",
            |m| {
                without_buttons(m)
                    && m["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("cancelled"))
            },
        )
        .await?;
    assert!(!cancelled["content"].as_str().unwrap_or_default().is_empty());
    let second = alice
        .slash(
            "jetan challenge",
            &[("opponent", Opt::from(&bob)), ("stake", Opt::Int(300))],
        )
        .await?
        .expect_reply()
        .await?
        .public()?;

    // The old Confirm (still on bob's private message) does not accept the new challenge.
    let reply = bob.click(&old_confirm).await?.expect_reply().await?;
    assert!(
        reply.is_ephemeral() && reply.files.is_empty(),
        "the old Confirm must be refused privately: {}",
        reply.text()
    );
    assert!(reply.text().contains("no longer open"), "{}", reply.text());
    // The old Accept button is gone from the old message; a stale client still sending it
    // (the button as it was) is refused privately too.
    assert!(bob.click(&old_accept).await.is_err(), "the button is gone");
    assert_eq!(bob.wallet().await?, bob_before, "nothing was accepted");

    // Confirm of a fresh typed accept starts the new game, on the new terms.
    let terms = bob.accept_typed().await?.containing("300")?;
    let started = bob
        .click(&terms.button("Confirm")?)
        .await?
        .expect_reply()
        .await?
        .public()?
        .with_png()?;
    black_and_orange(&started, &alice, &bob)?;
    let after = bob.wallet().await?;
    assert!(after.escrow >= 300, "the new stake is held: {after:?}");
    app.fake
        .wait_message(
            second.message_id.unwrap_or_default(),
            "the accepted challenge to lose its buttons",
            |m| {
                without_buttons(m)
                    && m["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("accepted"))
            },
        )
        .await?;
    app.finish().await
}
