//! The bot past one process: two `jetan serve` processes (`JETAN_SHARDS=0/2` and `1/2`) on
//! one PostgreSQL database (a throwaway server started by the test) and one fake Discord
//! that routes each guild's events to its shard's connection. A game with a stake and piece
//! prices is played in a guild on each shard; each process is killed (SIGKILL) with a move
//! in flight and started again while the other keeps serving its guilds; both games go on
//! to their ends with exact wallets. A challenge left unanswered in each guild expires
//! exactly once, announced by that guild's process (upkeep is not done twice, nor by the
//! wrong process); every answer about a guild came from its shard's process; and
//! `jetan verify` on the database is clean.

use std::time::{Duration, Instant};

use jetan_rules::Color;

use crate::cluster;
use jetan_tests::jetan::{quiet_random_move, start_game, Game, Rng};
use jetan_tests::{Config, Opt, Player, TestApp};

const STAKE: u64 = 20;
const PRICE: u64 = 1;
/// The shortest challenge expiry the settings allow.
const EXPIRY: Duration = Duration::from_secs(60);

/// One guild of the scenario, on shard `shard`.
struct Guild {
    shard: u32,
    game: Game,
    start: jetan_tests::jetan::Wallet,
    rng: Rng,
    /// The challenger of the challenge left to expire, their wallet before, and its channel.
    challenger: Player,
    challenger_start: jetan_tests::jetan::Wallet,
    lobby: u64,
}

/// Plays `n` quiet random moves in a guild's game.
async fn play(g: &mut Guild, n: usize) -> anyhow::Result<()> {
    for _ in 0..n {
        let m = quiet_random_move(&g.game.position, &mut g.rng).expect("a move");
        g.game.play(m).await?;
    }
    Ok(())
}

/// Kills the process of `g`'s shard with a move of its game in flight; meanwhile `other`'s
/// process plays on in its guild; at `restart_at` the process is started again. The move
/// happened entirely or not at all, and is played again if not.
async fn kill_mid_move(
    app: &mut TestApp,
    g: &mut Guild,
    other: &mut Guild,
    restart_at: Instant,
) -> anyhow::Result<()> {
    let in_flight = quiet_random_move(&g.game.position, &mut g.rng).expect("a move");
    let sent = g.game.send_move(in_flight).await?;
    app.process(g.shard).kill().await?;
    let answered = sent.acknowledged_after().is_some();
    play(other, 2).await?;
    tokio::time::sleep_until(restart_at.into()).await;
    app.restart_process(g.shard).await?;
    g.game.settle(in_flight, answered).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_two_shards_share_one_database() -> anyhow::Result<()> {
    let url = tokio::task::spawn_blocking(cluster::fresh_url).await?;
    let mut app =
        TestApp::spawn_sharded(Config::default(), 2, &[("JETAN_DATABASE_URL", &url)], false)
            .await?;
    // Each process identified its own shard, and only it.
    let mut identified: Vec<_> = app
        .fake
        .identified()
        .into_iter()
        .map(|i| (i.shard, i.total, i.client.unwrap_or_default()))
        .collect();
    identified.sort();
    assert_eq!(
        identified,
        [(0, 2, "shard0".to_owned()), (1, 2, "shard1".to_owned())]
    );

    let options = [
        ("stake", Opt::Int(STAKE as i64)),
        ("piece_price", Opt::Int(PRICE as i64)),
    ];
    let mut guilds = Vec::new();
    let mut expires_after = Instant::now();
    for shard in 0..2 {
        let fake = &app.fake;
        let guild = fake.guild_on_shard(shard);
        let lobby = fake.channel_in(guild, "lobby");
        let table = fake.channel_in(guild, "game");
        // A challenge nobody answers, with the shortest expiry.
        let carol = fake.user(&format!("carol{shard}")).at(lobby);
        let dave = fake.user(&format!("dave{shard}")).at(lobby);
        carol
            .slash("jetan-admin settings", &[("challenge_expiry", Opt::Int(1))])
            .await?
            .expect_reply()
            .await?;
        let challenger_start = carol.wallet().await?;
        carol
            .slash(
                "jetan challenge",
                &[("opponent", Opt::from(&dave)), ("stake", Opt::Int(5))],
            )
            .await?
            .expect_reply()
            .await?
            .public()?;
        expires_after = Instant::now() + EXPIRY + Duration::from_secs(1);
        // A game with a stake and piece prices.
        let alice = fake.user(&format!("alice{shard}")).at(table);
        let bob = fake.user(&format!("bob{shard}")).at(table);
        let start = alice.wallet().await?;
        let (_, _, game) = start_game(&alice, &bob, &options).await?;
        guilds.push(Guild {
            shard,
            game,
            start,
            rng: Rng::new(21 + u64::from(shard)),
            challenger: carol,
            challenger_start,
            lobby,
        });
    }
    for g in &mut guilds {
        play(g, 6).await?;
    }

    // Process 1 dies with a move in flight; process 0 serves its guild meanwhile. It comes
    // back once the challenges are due, so its first upkeep finds its guild's one due.
    // Then process 0, the same way.
    let [g0, g1] = &mut guilds[..] else {
        unreachable!("two guilds")
    };
    kill_mid_move(&mut app, g1, g0, expires_after).await?;
    kill_mid_move(&mut app, g0, g1, expires_after).await?;

    // Both games go on to their ends, each in its own process.
    for g in &mut guilds {
        play(g, 4).await?;
        let loser = g.game.mover().clone();
        let winner = if loser.id() == g.game.black.id() {
            Color::Orange
        } else {
            Color::Black
        };
        loser.resign().await?;
        for color in [Color::Black, Color::Orange] {
            assert_eq!(
                g.game.player(color).wallet().await?,
                g.game
                    .expected_wallet(color, g.start, STAKE, PRICE, Some(winner)),
                "{color:?} in the guild on shard {}",
                g.shard
            );
        }
    }

    // Each challenge expired once (its stake refunded), announced once, by its guild's
    // process.
    let expired = |fake: &jetan_tests::FakeDiscord, lobby: u64| {
        fake.guild_calls()
            .into_iter()
            .filter(|c| {
                c.channel == lobby
                    && matches!(c.request.method.as_str(), "POST" | "PATCH")
                    && c.request
                        .json
                        .as_ref()
                        .is_some_and(|j| j.to_string().contains("expired unanswered"))
            })
            .collect::<Vec<_>>()
    };
    for g in &guilds {
        app.fake
            .wait_until("the challenge's expiry to be announced", |f| {
                !expired(f, g.lobby).is_empty()
            })
            .await?;
        let w = g.challenger.wallet().await?;
        assert_eq!(w, g.challenger_start, "the refund on shard {}", g.shard);
    }
    // Once every process has drained, nothing more can come: one announcement each.
    app.drain().await?;
    for g in &guilds {
        let calls = expired(&app.fake, g.lobby);
        let clients: Vec<_> = calls.iter().map(|c| c.client.clone()).collect();
        assert_eq!(
            clients,
            [Some(format!("shard{}", g.shard))],
            "the expiry in the guild on shard {}: {:#?}",
            g.shard,
            calls.iter().map(|c| c.request.line()).collect::<Vec<_>>()
        );
    }

    // Every answer about a guild came from its shard's process.
    let calls = app.fake.guild_calls();
    assert!(calls.len() > 40, "{} calls", calls.len());
    for c in &calls {
        let shard = app.fake.shard_of(c.guild);
        if c.guild == app.fake.guild_id() {
            continue;
        }
        assert_eq!(
            c.client.as_deref(),
            Some(format!("shard{shard}").as_str()),
            "{} about guild {} (shard {shard})",
            c.request.line(),
            c.guild
        );
    }

    let report = app.verify_at(&url).await?;
    assert!(report.contains("clean"), "{report}");
    app.finish().await?;
    Ok(())
}
