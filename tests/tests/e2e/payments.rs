//! `/jetan pay` through the real bot and the fake Discord: the payer's answer is
//! ephemeral, the receiver's notice is a channel message that pings only them, the
//! audit line pings nobody, a redelivered interaction pays once, a refusal is private
//! and changes nothing; `verify` is clean at the end.

use jetan_tests::{MessageView, Opt, Pings, TestApp};

fn notices(app: &TestApp, channel: u64, needle: &str) -> Vec<MessageView> {
    app.fake
        .public_messages()
        .into_iter()
        .filter(|m| m.channel_id == channel && m.content().contains(needle))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payment_answers_privately_pings_only_the_receiver_and_pays_once() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let channel = app.fake.channel("market");
    let audit = app.fake.channel("audit");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let admin = app.fake.user("admin").at(channel);
    admin
        .slash(
            "jetan-admin settings",
            &[("audit_channel", Opt::Channel(audit))],
        )
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;

    let pay = alice
        .slash(
            "jetan pay",
            &[
                ("user", Opt::from(&bob)),
                ("amount", Opt::Int(250)),
                ("note", "for the lesson".into()),
            ],
        )
        .await?;
    app.fake.redeliver(&pay).await?;
    let answer = pay.expect_reply().await?.ephemeral()?;
    assert!(
        answer.text().contains("You paid **250 coins** to"),
        "{}",
        answer.text()
    );
    assert!(answer.pings.nobody(), "{:?}", answer.pings);
    // The notice and the audit line follow the answer; wait for them. That there is
    // no second one is checked once the bot has drained, at the end.
    app.fake
        .wait_until("the receiver's notice and the audit line", |_| {
            !notices(&app, channel, "paid you").is_empty()
                && !notices(&app, audit, "paid 250 coins").is_empty()
        })
        .await?;
    // The second delivery reaches the bot: its answer is refused as a second
    // acknowledgement (Discord's 40060).
    app.fake
        .wait_until("the second delivery's callback", |_| {
            pay.callbacks().len() >= 2
        })
        .await?;

    // Refusals: private, and nothing moves.
    for (options, expected) in [
        (
            vec![("user", Opt::from(&alice)), ("amount", Opt::Int(5))],
            "cannot pay yourself",
        ),
        (
            vec![("user", Opt::from(&bob)), ("amount", Opt::Int(751))],
            "available",
        ),
    ] {
        let r = alice
            .slash("jetan pay", &options)
            .await?
            .expect_reply()
            .await?
            .ephemeral()?;
        assert!(r.text().contains(expected), "{expected}: {}", r.text());
    }
    // Someone who left the server: Discord names the user without a membership.
    let carol = app.fake.user("carol").at(channel);
    app.fake.leave(carol.id());
    let r = alice
        .slash(
            "jetan pay",
            &[("user", Opt::from(&carol)), ("amount", Opt::Int(5))],
        )
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    assert!(
        r.text().contains("is not a member of this server"),
        "{}",
        r.text()
    );
    assert_eq!(alice.wallet().await?.balance, 750);
    assert_eq!(bob.wallet().await?.balance, 1250);

    // Once the bot has drained, nothing more can come: one notice, one audit line.
    app.drain().await?;
    let told = notices(&app, channel, "paid you");
    if told.len() != 1 {
        for m in app.fake.all_messages() {
            eprintln!(
                "{} {} eph={} {:?}",
                m.channel_id,
                m.id,
                m.ephemeral,
                m.content()
            );
        }
        eprintln!("failed: {:?}", app.fake.failed_requests());
    }
    assert_eq!(
        told.len(),
        1,
        "one notice for one payment, redelivered or not"
    );
    assert_eq!(
        told[0].pings,
        Pings {
            users: vec![bob.id()],
            roles: Vec::new(),
            everyone: false
        },
        "{}",
        told[0].content()
    );
    let lines = notices(&app, audit, "paid 250 coins");
    assert_eq!(lines.len(), 1, "one audit line");
    assert!(lines[0].pings.nobody(), "{:?}", lines[0].pings);
    let report = app.stop_and_verify().await?;
    assert!(report.contains("clean"), "{report}");
    app.finish().await
}
