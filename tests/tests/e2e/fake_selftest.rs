//! The fake Discord proven against a tiny poise bot (in process, no jetan code): it connects,
//! registers `/jetan ping`, receives a slash command with a USER option, replies with a PNG
//! and a button, and a click routes back. Deferral, ephemeral replies, autocomplete,
//! double acknowledgement and gateway RESUME are covered too, and so is sharding: two bots
//! on shards 0 and 1 of 2 each get only their guilds' events, and a wrong shard total or
//! a shard identified twice is a violation.

use std::time::Duration;

use jetan_tests::{Config, FakeDiscord, Opt};
use poise::serenity_prelude as serenity;
use serde_json::Value;

struct Data;
type Error = Box<dyn std::error::Error + Send + Sync>;
type Ctx<'a> = poise::Context<'a, Data, Error>;

/// Test commands.
#[poise::command(slash_command, subcommands("ping", "slow", "secret"))]
async fn jetan(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(width, height, image::Rgba([200, 30, 30, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encoding a PNG in memory");
    out.into_inner()
}

async fn squares(_ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = ["a1", "a2", "b1", "c3"]
        .into_iter()
        .filter(|s| s.starts_with(partial))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Replies with a picture and a button.
#[poise::command(slash_command)]
async fn ping(
    ctx: Ctx<'_>,
    #[description = "Who to ping"] opponent: serenity::User,
    #[description = "A square"]
    #[autocomplete = "squares"]
    square: Option<String>,
    #[description = "How many"]
    #[min = 1]
    #[max = 9]
    count: Option<i64>,
) -> Result<(), Error> {
    let text = format!(
        "pong {} from {} square={} count={}",
        opponent.name,
        ctx.author().name,
        square.unwrap_or_default(),
        count.unwrap_or(0)
    );
    let button = serenity::CreateButton::new("ping:again").label("Again");
    ctx.send(
        poise::CreateReply::default()
            .content(text)
            .attachment(serenity::CreateAttachment::bytes(png(40, 30), "board.png"))
            .components(vec![serenity::CreateActionRow::Buttons(vec![button])]),
    )
    .await?;
    Ok(())
}

/// Defers, then answers.
#[poise::command(slash_command)]
async fn slow(ctx: Ctx<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    ctx.say("done slowly").await?;
    ctx.say("and a follow-up").await?;
    Ok(())
}

/// Answers only to the caller.
#[poise::command(slash_command, ephemeral)]
async fn secret(ctx: Ctx<'_>) -> Result<(), Error> {
    // Everything below must deserialize from the fake's answers and gateway payloads.
    let guild = ctx.guild().map(|g| g.name.clone()).unwrap_or_default();
    let app = ctx.http().get_current_application_info().await?;
    let me = ctx.http().get_current_user().await?;
    let channel = ctx
        .channel_id()
        .to_channel(ctx)
        .await?
        .guild()
        .map(|c| c.name)
        .unwrap_or_default();
    let author = ctx.http().get_user(ctx.author().id).await?;
    let handle = ctx
        .say(format!(
            "just for you in {guild}/{channel}, from {} ({}) for {}",
            me.name, app.name, author.name
        ))
        .await?;
    let message = handle.message().await?;
    if !message.content.starts_with("just for you") {
        return Err("the original response did not read back".into());
    }
    Ok(())
}

async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(click),
    } = event
    {
        let msg = serenity::CreateInteractionResponseMessage::new()
            .content(format!(
                "clicked {} by {}",
                click.data.custom_id, click.user.name
            ))
            .components(vec![]);
        click
            .create_response(ctx, serenity::CreateInteractionResponse::UpdateMessage(msg))
            .await?;
        // A second acknowledgement must be refused, as Discord does.
        let again = click
            .create_response(ctx, serenity::CreateInteractionResponse::Acknowledge)
            .await;
        if again.is_ok() {
            return Err("a second callback was accepted".into());
        }
    }
    Ok(())
}

/// Runs the tiny bot against `base_url` until aborted.
async fn tiny_bot(base_url: String) -> Result<(), Error> {
    tiny_bot_on(base_url, None).await
}

/// Runs the tiny bot against `base_url` as shard `[id, total]` (`None`: unsharded).
async fn tiny_bot_on(base_url: String, shard: Option<(u32, u32)>) -> Result<(), Error> {
    let http = serenity::HttpBuilder::new("fake-token")
        .proxy(base_url)
        .ratelimiter_disabled(true)
        .build();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![jetan()],
            event_handler: |fw, event| Box::pin(on_event(fw.serenity_context, event)),
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(Data)
            })
        })
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
            .framework(framework)
            .await?;
    match shard {
        Some((id, total)) => client.start_shard(id, total).await?,
        None => client.start().await?,
    }
    Ok(())
}

struct Abort(tokio::task::JoinHandle<Result<(), Error>>);
impl Drop for Abort {
    fn drop(&mut self) {
        self.0.abort();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poise_bot_connects_registers_replies_and_routes_clicks() -> anyhow::Result<()> {
    let fake = FakeDiscord::start().await?;
    let _bot = Abort(tokio::spawn(tiny_bot(fake.base_url())));

    assert_eq!(fake.wait_for_ready().await?, 1);
    let commands = fake.wait_for_commands().await?;
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["name"], "jetan");
    let subs: Vec<&str> = commands[0]["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["name"].as_str())
        .collect();
    assert_eq!(subs, ["ping", "slow", "secret"]);
    let requests = fake.requests();
    let paths: Vec<String> = requests
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert!(
        paths.contains(&"GET /api/v10/gateway".to_owned()),
        "{paths:?}"
    );
    let app = fake.application_id();
    assert!(
        paths.contains(&format!("PUT /api/v10/applications/{app}/commands")),
        "{paths:?}"
    );
    let identify = fake
        .gateway_received()
        .into_iter()
        .find(|m| m["op"] == 2)
        .expect("an IDENTIFY");
    assert_eq!(identify["d"]["token"], "Bot fake-token");

    let alice = fake.user("alice");
    let bob = fake.user("bob");

    // A slash command with a USER option, an integer and a string.
    let sent = alice
        .slash(
            "jetan ping",
            &[
                ("opponent", Opt::from(&bob)),
                ("count", 3.into()),
                ("square", "c3".into()),
            ],
        )
        .await?;
    let reply = sent.expect_reply().await?.with_png()?.public()?;
    assert_eq!(reply.content(), "pong bob from alice square=c3 count=3");
    assert_eq!(reply.callback_type, 4);
    assert_eq!(reply.png()?.dimensions(), (40, 30));
    assert!(
        reply.elapsed < Duration::from_secs(3),
        "{:?}",
        reply.elapsed
    );
    let callback = fake
        .requests()
        .into_iter()
        .find(|r| r.path.ends_with("/callback") && r.path.contains(&sent.id.to_string()))
        .expect("the callback was recorded");
    assert_eq!(callback.files.len(), 1);
    assert_eq!(callback.files[0].field, "files[0]");
    assert_eq!(callback.files[0].filename, "board.png");
    assert_eq!(
        callback.json.as_ref().map(|j| j["type"].clone()),
        Some(Value::from(4))
    );

    // The client refuses what Discord's client would refuse.
    assert!(
        alice.slash("jetan ping", &[]).await.is_err(),
        "a required option is missing"
    );
    assert!(alice
        .slash(
            "jetan ping",
            &[("opponent", Opt::from(&bob)), ("count", 10.into())]
        )
        .await
        .is_err());
    assert!(alice.slash("jetan pong", &[]).await.is_err());

    // A click routes to the bot, which updates the message in place.
    let button = reply.button("again")?;
    let clicked = bob.click(&button).await?.expect_reply().await?;
    assert_eq!(clicked.callback_type, 7);
    assert_eq!(clicked.message_id, reply.message_id);
    assert_eq!(clicked.content(), "clicked ping:again by bob");
    assert!(clicked.buttons().is_empty());
    // serenity always sends `attachments: []` with an update, which removes the picture.
    assert!(
        clicked.files.is_empty(),
        "an update without attachments clears them"
    );
    assert!(
        bob.click(&button).await.is_err(),
        "the button is gone from the message"
    );

    // Autocomplete: the focused option's typed text reaches the bot.
    let choices = alice
        .autocomplete(
            "jetan ping",
            &[("opponent", Opt::from(&bob))],
            "square",
            "a",
        )
        .await?;
    let names: Vec<&str> = choices.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a1", "a2"]);

    // Deferred: the first follow-up replaces the "thinking..." message.
    let slow = alice.slash("jetan slow", &[]).await?;
    let reply = slow.expect_reply().await?;
    assert_eq!(reply.callback_type, 5);
    assert_eq!(reply.content(), "done slowly");
    let all = slow.wait_messages(2).await?;
    assert_eq!(all[1]["content"], "and a follow-up");

    let secret = alice
        .slash("jetan secret", &[])
        .await?
        .expect_reply()
        .await?
        .ephemeral()?;
    assert_eq!(
        secret.content(),
        "just for you in Barsoom/general, from jetan-bot (jetan-bot) for alice"
    );

    // The gateway drops; serenity resumes and events flow again.
    fake.close_gateway(4000);
    let again = alice
        .slash("jetan secret", &[])
        .await?
        .expect_reply()
        .await?;
    assert!(
        again.content().starts_with("just for you"),
        "{}",
        again.content()
    );
    let (identifies, resumes, _) = fake.gateway_counts();
    assert_eq!((identifies, resumes), (1, 1));

    // The self-test bot updates the clicked message without `allowed_mentions`: the fake
    // names that (Discord's default would ping every mention), and nothing else.
    let violations = fake.violations();
    assert_eq!(violations.len(), 1, "{violations:#?}");
    assert!(
        violations[0].contains("no allowed_mentions") && violations[0].contains("clicked"),
        "{violations:#?}"
    );
    let updated = fake
        .message_view(clicked.message_id.unwrap_or_default())
        .expect("the clicked message");
    assert!(updated.missing_allowed_mentions);
    Ok(())
}

/// Waits (up to 20 s) until the fake has reported a violation containing `what`.
async fn wait_for_violation(fake: &FakeDiscord, what: &str) -> anyhow::Result<String> {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(v) = fake.violations().into_iter().find(|v| v.contains(what)) {
            return Ok(v);
        }
        if std::time::Instant::now() > deadline {
            anyhow::bail!("no violation {what:?}: {:#?}", fake.violations());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shards_each_get_only_their_guilds() -> anyhow::Result<()> {
    let fake = FakeDiscord::start_with(Config {
        shards: 2,
        ..Config::default()
    })
    .await?;
    // Guilds on chosen shards: one before the bots connect (in READY), one after (a
    // GUILD_CREATE to the live shard, as when the bot joins a server).
    let g0 = fake.guild_on_shard(0);
    assert_eq!(fake.shard_of(g0), 0);
    assert_eq!((g0 >> 22) % 2, 0);
    let http = serenity::HttpBuilder::new("fake-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    assert_eq!(http.get_bot_gateway().await?.shards, 2);

    let _a = Abort(tokio::spawn(tiny_bot_on(
        fake.client_url("a"),
        Some((0, 2)),
    )));
    let _b = Abort(tokio::spawn(tiny_bot_on(
        fake.client_url("b"),
        Some((1, 2)),
    )));
    fake.wait_for_ready().await?;
    fake.wait_for_commands().await?;
    let g1 = fake.guild_on_shard(1);
    assert_eq!((g1 >> 22) % 2, 1);
    let mut identified = fake.identified();
    identified.sort_by_key(|i| i.shard);
    let seen: Vec<_> = identified
        .iter()
        .map(|i| (i.shard, i.total, i.client.as_deref()))
        .collect();
    assert_eq!(seen, [(0, 2, Some("a")), (1, 2, Some("b"))]);
    assert_eq!(fake.shard_client(0).as_deref(), Some("a"));
    assert_eq!(fake.shard_client(1).as_deref(), Some("b"));

    // Each guild's interactions reach its shard's bot only: the answer comes from that
    // process, and it knows the guild from its own cache (the guild's GUILD_CREATE went
    // to that shard).
    let alice = fake.user("alice");
    for (guild, shard, client) in [(g0, 0, "a"), (g1, 1, "b")] {
        let channel = fake.channel_in(guild, &format!("room-{shard}"));
        let here = alice.at(channel);
        assert_eq!(here.guild_id(), guild);
        let sent = here.slash("jetan secret", &[]).await?;
        let reply = sent.expect_reply().await?.ephemeral()?;
        assert_eq!(
            reply.content(),
            format!("just for you in Barsoom/room-{shard}, from jetan-bot (jetan-bot) for alice")
        );
        let callback = fake
            .requests()
            .into_iter()
            .find(|r| r.path.ends_with("/callback") && r.path.contains(&sent.id.to_string()))
            .expect("the callback was recorded");
        assert_eq!(callback.client.as_deref(), Some(client));
        let message = fake.message(reply.message_id.unwrap_or_default());
        assert_eq!(
            message.map(|m| m["guild_id"].clone()),
            Some(Value::from(guild.to_string()))
        );
    }
    assert!(fake.violations().is_empty(), "{:#?}", fake.violations());
    Ok(())
}

/// A tiny bot on its own thread and runtime: a bot whose shard the fake refused stalls
/// its runtime until its next heartbeat (41 s), so it must not share the test's. Dropped,
/// it is told to stop and left to finish on its own.
struct Apart(Option<tokio::sync::oneshot::Sender<()>>);

impl Apart {
    fn start(base_url: String, shard: (u32, u32)) -> Self {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        std::thread::spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(async {
                tokio::select! {
                    _ = tiny_bot_on(base_url, Some(shard)) => {}
                    _ = stopped => {}
                }
            });
            rt.shutdown_background();
        });
        Self(Some(stop))
    }
}

impl Drop for Apart {
    fn drop(&mut self) {
        if let Some(stop) = self.0.take() {
            let _ = stop.send(());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_shard_total_or_a_shard_twice_is_a_violation() -> anyhow::Result<()> {
    let fake = FakeDiscord::start_with(Config {
        shards: 2,
        ..Config::default()
    })
    .await?;
    let _a = Apart::start(fake.client_url("a"), (0, 2));
    fake.wait_for_shard(0).await?;
    // A process that believes in 3 shards.
    let _wrong = Apart::start(fake.client_url("w"), (1, 3));
    let v = wait_for_violation(&fake, "IDENTIFY as shard [1, 3]").await?;
    assert!(v.contains("2 shard(s)"), "{v}");
    // A second process on shard 0 while the first still runs it.
    let _twice = Apart::start(fake.client_url("t"), (0, 2));
    let v = wait_for_violation(&fake, "shard 0 identified twice at once").await?;
    assert!(v.contains("connections"), "{v}");
    // Neither took anything over: shard 0 is still the first bot's, shard 1 has nobody.
    assert_eq!(fake.shard_client(0).as_deref(), Some("a"));
    assert_eq!(fake.shard_client(1), None);
    let accepted: Vec<_> = fake
        .identified()
        .into_iter()
        .map(|i| i.client.unwrap_or_default())
        .collect();
    assert_eq!(accepted, ["a"]);
    // The two refusals are the fake's only complaints.
    let violations = fake.violations();
    assert_eq!(violations.len(), 2, "{violations:#?}");
    Ok(())
}
