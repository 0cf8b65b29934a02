//! Private answers stay private on every path, with `JETAN_DEFER_AFTER_MS=0` (every command
//! deferred before its work starts): the private commands (wallet, moves, history, profile, rules,
//! settings, admin grant/take/settings) defer privately and answer privately; a public
//! command that is refused has its public "thinking…" deleted and the refusal sent
//! privately. Afterwards no public message — deleted ones included, every version — holds
//! any private text, and no "thinking…" is left behind.

use jetan_tests::jetan::start_game;
use jetan_tests::{Opt, Player, Reply, TestApp};

/// Runs a command whose answer must be private; returns the answer.
async fn private(who: &Player, cmd: &str, options: &[(&str, Opt)]) -> anyhow::Result<Reply> {
    let reply = who.slash(cmd, options).await?.expect_reply().await?;
    anyhow::ensure!(
        reply.is_ephemeral(),
        "/{cmd} answered publicly: {}",
        reply.text()
    );
    anyhow::ensure!(
        reply.callback_type == 5 && !reply.deferral_deleted,
        "/{cmd}: expected a private deferral edited into the answer (callback {}, deleted {})",
        reply.callback_type,
        reply.deferral_deleted
    );
    Ok(reply)
}

/// Runs a public command that must be refused: deferred publicly, the deferral deleted, the
/// refusal private.
async fn refused(who: &Player, cmd: &str, options: &[(&str, Opt)]) -> anyhow::Result<Reply> {
    let reply = who.slash(cmd, options).await?.expect_reply().await?;
    anyhow::ensure!(
        reply.is_ephemeral() && reply.files.is_empty(),
        "/{cmd}: expected a private refusal, got {}",
        reply.text()
    );
    anyhow::ensure!(
        reply.callback_type == 5 && reply.deferral_deleted,
        "/{cmd}: the public deferral of a refusal must be deleted (callback {}, deleted {})",
        reply.callback_type,
        reply.deferral_deleted
    );
    Ok(reply)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_answers_never_appear_in_public_even_when_deferred_first() -> anyhow::Result<()> {
    let mut app = TestApp::spawn_env(&[("JETAN_DEFER_AFTER_MS", "0")]).await?;
    let channel = app.fake.channel("private");
    let quiet = app.fake.channel("quiet");
    let alice = app.fake.user("alice").at(channel);
    let bob = app.fake.user("bob").at(channel);
    let carol = app.fake.user("carol").at(channel);

    let options = [
        ("stake", Opt::Int(40)),
        ("piece_price", Opt::Int(1)),
        ("first", "me".into()),
    ];
    let (_, _, mut game) = start_game(&alice, &bob, &options).await?;
    let m = game.legal()[0];
    game.play(m).await?;

    let mut secrets: Vec<(String, String)> = Vec::new();
    let mut keep = |what: &str, r: &Reply| secrets.push((what.to_owned(), r.text()));

    keep("wallet", &private(&alice, "jetan wallet", &[]).await?);
    keep(
        "wallet of another",
        &private(&carol, "jetan wallet", &[("user", Opt::from(&bob))]).await?,
    );
    let square = game.legal()[0].from.to_string();
    keep(
        "moves",
        &private(&bob, "jetan moves", &[("square", Opt::Str(square))]).await?,
    );
    keep("history", &private(&alice, "jetan history", &[]).await?);
    let profile = private(&alice, "jetan profile", &[]).await?;
    anyhow::ensure!(profile.files.len() == 1, "the profile is a picture");
    keep("profile", &profile);
    keep("rules", &private(&carol, "jetan rules", &[]).await?);
    keep(
        "settings",
        &private(&carol, "jetan-admin settings", &[]).await?,
    );
    keep(
        "admin grant",
        &private(
            &carol,
            "jetan-admin grant",
            &[
                ("user", Opt::from(&alice)),
                ("amount", Opt::Int(17)),
                ("reason", "a secret bonus 4417".into()),
            ],
        )
        .await?,
    );
    keep(
        "admin take",
        &private(
            &carol,
            "jetan-admin take",
            &[
                ("user", Opt::from(&alice)),
                ("amount", Opt::Int(3)),
                ("reason", "a secret fine 5523".into()),
            ],
        )
        .await?,
    );
    keep(
        "admin settings",
        &private(
            &carol,
            "jetan-admin settings",
            &[("daily_allowance", Opt::Int(77))],
        )
        .await?,
    );
    // A refused private command stays private too.
    keep(
        "admin take refused",
        &private(
            &carol,
            "jetan-admin take",
            &[
                ("user", Opt::from(&bob)),
                ("amount", Opt::Int(9_999_999)),
                ("reason", "too much 6631".into()),
            ],
        )
        .await?,
    );

    // Refusals of public commands.
    let m = game.legal()[0];
    let out_of_turn = [
        ("from", Opt::Str(m.from.to_string())),
        ("to", Opt::Str(m.to.to_string())),
    ];
    keep(
        "move out of turn",
        &refused(game.waiter(), "jetan move", &out_of_turn).await?,
    );
    keep(
        "a stranger's move",
        &refused(&carol, "jetan move", &out_of_turn).await?,
    );
    keep(
        "accept of no challenge",
        &refused(&carol.at(quiet), "jetan accept", &[]).await?,
    );
    keep(
        "board of no game",
        &refused(&carol.at(quiet), "jetan board", &[]).await?,
    );
    keep(
        "resign of a stranger",
        &refused(&carol, "jetan resign", &[]).await?,
    );
    keep(
        "challenge above the balance",
        &refused(
            &carol.at(quiet),
            "jetan challenge",
            &[
                ("opponent", Opt::from(&alice)),
                ("stake", Opt::Int(999_999)),
            ],
        )
        .await?,
    );
    // The typed resign's question is private (not a refusal: a private deferral would do,
    // but a public one must be deleted). Either way it must not be public.
    let question = game
        .mover()
        .slash("jetan resign", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    keep("resign question", &question);

    // Buttons (deferred silently, follow-ups with their own visibility): a stranger's
    // Accept is refused privately; the challenged player's Accept starts a public game.
    let side = app.fake.channel("side");
    let dave = app.fake.user("dave").at(side);
    let challenge = carol
        .at(side)
        .slash("jetan challenge", &[("opponent", Opt::from(&dave))])
        .await?
        .expect_reply()
        .await?
        .public()?;
    let accept = challenge.button("Accept")?;
    let stranger = alice.at(side).click(&accept).await?.expect_reply().await?;
    anyhow::ensure!(
        stranger.is_ephemeral() && stranger.callback_type == 6,
        "a stranger's Accept: {} (callback {})",
        stranger.text(),
        stranger.callback_type
    );
    keep("a stranger's Accept", &stranger);
    let started = dave.click(&accept).await?.expect_reply().await?.public()?;
    anyhow::ensure!(started.callback_type == 6, "{}", started.callback_type);
    app.fake
        .wait_message(
            accept.message_id,
            "the accepted challenge to lose its buttons",
            jetan_tests::without_buttons,
        )
        .await?;
    let late = alice.at(side).click(&accept).await;
    anyhow::ensure!(late.is_err(), "the answered challenge keeps no button");

    // The public game goes on, visibly.
    game.play(m).await?;
    // Once the bot has drained, nothing more can come: the checks below see all it sent.
    app.drain().await?;

    let public = app.fake.public_messages();
    let mut leaks = Vec::new();
    for msg in &public {
        let text = msg.all_text();
        for (what, secret) in &secrets {
            if !secret.trim().is_empty() && text.contains(secret.trim()) {
                leaks.push(format!(
                    "{what} appears in public message {}: {text:?}",
                    msg.id
                ));
            }
        }
        if msg.loading && !msg.deleted {
            leaks.push(format!(
                "a public \"thinking…\" was left behind: {}",
                msg.id
            ));
        }
    }
    for marker in ["4417", "5523", "6631"] {
        for msg in &public {
            if msg.all_text().contains(marker) {
                leaks.push(format!(
                    "a private reason ({marker}) in public message {}",
                    msg.id
                ));
            }
        }
    }
    anyhow::ensure!(leaks.is_empty(), "{leaks:#?}");
    app.finish().await
}
