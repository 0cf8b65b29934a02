//! Scenario 1: start-up. The bot connects, registers exactly its three commands (`/jetan`,
//! `/jetan-admin`, `/martian`) with their subcommands and options, within Discord's
//! limits (the fake refuses a registration that breaks one, as Discord does), and answers
//! a command within Discord's 3-second window.

use std::time::Duration;

use jetan_tests::{Config, TestApp};
use serde_json::Value;

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["name"].as_str().map(str::to_owned))
        .collect()
}

fn sub<'a>(jetan: &'a Value, name: &str) -> &'a Value {
    jetan["options"]
        .as_array()
        .and_then(|o| o.iter().find(|s| s["name"] == name))
        .unwrap_or(&Value::Null)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_connects_registers_jetan_and_answers_in_time() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let fake = &app.fake;

    // Exactly three global commands and nothing in the guild.
    let global = fake.global_commands();
    assert_eq!(
        names(&Value::Array(global.clone())),
        ["jetan", "jetan-admin", "martian"]
    );
    // Every member sees the managers' tools: `settings` alone reads the settings.
    let admin = &global[1];
    assert!(admin["default_member_permissions"].is_null());
    let tools = names(&admin["options"]);
    for t in ["abort", "grant", "take", "reset", "purge", "settings"] {
        assert!(
            tools.contains(&t.to_owned()),
            "/jetan-admin {t} in {tools:?}"
        );
    }
    let martian = names(&global[2]["options"]);
    for t in ["drop", "exchange", "discard", "end", "hand", "card"] {
        assert!(
            martian.contains(&t.to_owned()),
            "/martian {t} in {martian:?}"
        );
    }
    assert!(fake.guild_commands().is_empty());
    let jetan = &global[0];
    assert_eq!(jetan["type"], 1);
    let subs = names(&jetan["options"]);
    for expected in [
        "challenge",
        "accept",
        "decline",
        "cancel",
        "move",
        "board",
        "moves",
        "resign",
        "draw",
        "claim",
        "rematch",
        "replay",
        "wallet",
        "standings",
        "daily",
        "history",
        "profile",
        "analyse",
        "rules",
        "web",
    ] {
        assert!(
            subs.contains(&expected.to_owned()),
            "/jetan {expected} is missing from {subs:?}"
        );
    }
    for s in jetan["options"].as_array().into_iter().flatten() {
        // The tournaments are a subcommand group.
        let group: Option<&[&str]> = match s["name"].as_str() {
            Some("tournament") => Some(&[
                "create",
                "join",
                "leave",
                "start",
                "standings",
                "pairings",
                "info",
                "list",
                "withdraw",
                "cancel",
                "adjudicate",
                "remove",
            ]),
            _ => None,
        };
        if let Some(expected) = group {
            assert_eq!(s["type"], 2, "{} is a subcommand group", s["name"]);
            let tools: Vec<&str> = s["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|o| o["name"].as_str())
                .collect();
            for t in expected {
                assert!(
                    tools.contains(t),
                    "/jetan {} {t} is missing from {tools:?}",
                    s["name"]
                );
            }
        } else {
            assert_eq!(s["type"], 1, "{} is a subcommand", s["name"]);
        }
    }

    // The options of the commands the scenarios rely on, with their types.
    let challenge = sub(jetan, "challenge");
    let opt = |name: &str| {
        challenge["options"]
            .as_array()
            .and_then(|o| o.iter().find(|x| x["name"] == name))
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(opt("opponent")["type"], 6, "opponent is a USER option");
    assert_eq!(opt("opponent")["required"], true);
    for int in ["stake", "piece_price", "move_time", "level"] {
        assert_eq!(opt(int)["type"], 4, "{int} is an INTEGER option");
    }
    for (choice, values) in [
        ("first", ["me", "opponent", "random"].as_slice()),
        ("variant", ["classic", "manator"].as_slice()),
    ] {
        let names: Vec<String> = names(&opt(choice)["choices"]);
        assert_eq!(names, values, "choices of {choice}");
    }
    let mv = sub(jetan, "move");
    assert_eq!(names(&mv["options"]), ["from", "to", "notation", "promote"]);
    for o in mv["options"].as_array().into_iter().flatten().take(2) {
        assert_eq!(o["autocomplete"], true, "{} autocompletes", o["name"]);
    }
    assert_eq!(sub(jetan, "wallet")["options"][0]["type"], 6);

    // The gateway handshake went as Discord's does.
    let (identifies, resumes, _) = fake.gateway_counts();
    assert_eq!((identifies, resumes), (1, 0));
    let identify = fake
        .gateway_received()
        .into_iter()
        .find(|m| m["op"] == 2)
        .expect("IDENTIFY");
    assert_eq!(identify["d"]["token"], "Bot fake-token");

    // A command is answered well within the window, without deferring.
    let alice = fake.user("alice");
    let reply = alice
        .slash("jetan rules", &[])
        .await?
        .expect_reply()
        .await?;
    assert!(
        reply.elapsed < Duration::from_secs(3),
        "answered after {:?}",
        reply.elapsed
    );
    assert!(!reply.text().is_empty());
    let wallet = alice
        .slash("jetan wallet", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    assert!(
        wallet.elapsed < Duration::from_secs(3),
        "answered after {:?}",
        wallet.elapsed
    );
    assert!(
        wallet.text().contains(&alice.mention()),
        "{}",
        wallet.text()
    );

    app.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_guild_id_the_commands_are_registered_in_that_guild() -> anyhow::Result<()> {
    let app = TestApp::spawn_with(Config::default(), true).await?;
    assert!(
        app.fake.global_commands().is_empty(),
        "{:?}",
        app.fake.global_commands()
    );
    assert_eq!(
        names(&Value::Array(app.fake.guild_commands())),
        ["jetan", "jetan-admin", "martian"]
    );
    let alice = app.fake.user("alice");
    alice
        .slash("jetan rules", &[])
        .await?
        .expect_reply()
        .await?;
    app.finish().await
}
