//! The Discord adapter (poise on serenity): command definitions, autocomplete, buttons,
//! deferring, one `on_error`. Thin: every decision is the [`Core`]'s.

mod commands;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tokio::sync::RwLock;

use crate::config::Config;
use crate::core::{ButtonAction, Command, Core, Reply, Request, Response, UserRef};

/// Shared state of the Discord bot.
pub struct Data {
    core: Arc<Core>,
    /// Held (read) by every command in flight; shutdown takes it (write) to wait for them.
    in_flight: Arc<RwLock<()>>,
}

/// The adapter's error type.
pub type Error = anyhow::Error;
/// A poise command context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Discord's limit: an interaction must be answered within 3 s; defer after this long.
const DEFER_AFTER: Duration = Duration::from_millis(1200);

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// A user as the core sees them.
fn user_ref(user: &serenity::User, member: Option<&serenity::Member>) -> UserRef {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    UserRef {
        id: user.id.get(),
        name,
        bot: user.bot,
    }
}

/// Turns a core reply into serenity's builders.
fn attachments(reply: &Reply) -> Vec<serenity::CreateAttachment> {
    reply
        .attachments
        .iter()
        .map(|a| serenity::CreateAttachment::bytes(a.bytes.clone(), a.name.clone()))
        .collect()
}

fn components(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    if reply.buttons.is_empty() {
        return Vec::new();
    }
    let buttons = reply
        .buttons
        .iter()
        .map(|b| {
            serenity::CreateButton::new(b.id.clone())
                .label(b.label.clone())
                .style(match b.style {
                    crate::core::ButtonStyle::Success => serenity::ButtonStyle::Success,
                    crate::core::ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                    crate::core::ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                })
        })
        .collect();
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

fn embed(reply: &Reply) -> Option<serenity::CreateEmbed> {
    reply.embed.as_ref().map(|e| {
        let mut out = serenity::CreateEmbed::new()
            .title(e.title.clone())
            .colour(0xD9_7A_1E);
        if !e.description.is_empty() {
            out = out.description(e.description.clone());
        }
        for (name, value) in &e.fields {
            out = out.field(
                name.clone(),
                if value.is_empty() {
                    "—".to_string()
                } else {
                    value.clone()
                },
                true,
            );
        }
        if let Some(f) = &e.footer {
            out = out.footer(serenity::CreateEmbedFooter::new(f.clone()));
        }
        out
    })
}

/// Discord allows 2000 characters of content.
fn content(reply: &Reply) -> String {
    let mut text = if reply.embed.is_some() {
        // The embed carries the table; keep the content short.
        reply.text.lines().next().unwrap_or_default().to_string()
    } else {
        reply.text.clone()
    };
    if text.chars().count() > 2000 {
        text = text.chars().take(1990).collect::<String>() + " …";
    }
    text
}

fn poise_reply(reply: &Reply) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .content(content(reply))
        .ephemeral(reply.ephemeral)
        .components(components(reply));
    if let Some(e) = embed(reply) {
        r = r.embed(e);
    }
    for a in attachments(reply) {
        r = r.attachment(a);
    }
    r
}

fn interaction_message(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    let mut m = serenity::CreateInteractionResponseMessage::new()
        .content(content(reply))
        .ephemeral(reply.ephemeral)
        .components(components(reply))
        .add_files(attachments(reply));
    if let Some(e) = embed(reply) {
        m = m.embed(e);
    }
    m
}

fn followup(reply: &Reply) -> serenity::CreateInteractionResponseFollowup {
    let mut m = serenity::CreateInteractionResponseFollowup::new()
        .content(content(reply))
        .ephemeral(reply.ephemeral)
        .components(components(reply))
        .add_files(attachments(reply));
    if let Some(e) = embed(reply) {
        m = m.embed(e);
    }
    m
}

/// Runs the core's work for one request on the blocking pool: drawing boards and storage
/// are CPU and disk work, and must not hold up the async workers that send the timely
/// "deferred" answers and heartbeats while many channels play at once.
fn off_runtime(core: Arc<Core>, req: Request) -> tokio::task::JoinHandle<Response> {
    let runtime = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || runtime.block_on(core.handle(req)))
}

/// Runs a slash command through the core, deferring if it takes long, and replies.
async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let data = ctx.data();
    let _guard = data.in_flight.clone().read_owned().await;
    let poise::Context::Application(app) = ctx else {
        anyhow::bail!("jetan only has slash commands");
    };
    let interaction = app.interaction;
    let Some(guild) = interaction.guild_id else {
        ctx.send(
            poise::CreateReply::default()
                .content("Jetan is played in server channels, not in direct messages.")
                .ephemeral(true),
        )
        .await?;
        return Ok(());
    };
    let member = interaction.member.as_deref();
    let manager = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    let req = Request {
        guild: guild.get(),
        channel: interaction.channel_id.get(),
        user: user_ref(&interaction.user, member),
        manager,
        locale: interaction.locale.clone(),
        id: interaction.id.get(),
        now: now_ms(),
        command,
    };
    let mut work = off_runtime(data.core.clone(), req);
    let response = tokio::select! {
        r = &mut work => r?,
        () = tokio::time::sleep(DEFER_AFTER) => {
            ctx.defer().await?;
            work.await?
        }
    };
    ctx.send(poise_reply(&response.reply)).await?;
    if let Some(channel) = response.computer_moves_in {
        let http = ctx.serenity_context().http.clone();
        let token_holder = interaction.clone();
        spawn_computer(
            data.core.clone(),
            data.in_flight.clone(),
            guild.get(),
            channel,
            move |reply| {
                let http = http.clone();
                let holder = token_holder.clone();
                async move {
                    holder
                        .create_followup(&http, followup(&reply))
                        .await
                        .map(|_| ())
                }
            },
        );
    }
    Ok(())
}

/// Lets the computer move in the background and posts its reply with `post`; it keeps
/// going while the computer has the move.
fn spawn_computer<F, Fut>(
    core: Arc<Core>,
    in_flight: Arc<RwLock<()>>,
    guild: u64,
    channel: u64,
    post: F,
) where
    F: Fn(Reply) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = Result<(), serenity::Error>> + Send,
{
    tokio::spawn(async move {
        let _guard = in_flight.read_owned().await;
        let mut next = Some(channel);
        while let Some(ch) = next.take() {
            if let Some(Response {
                reply,
                computer_moves_in,
            }) = core.computer_turn(guild, ch, now_ms).await
            {
                if let Err(e) = post(reply).await {
                    tracing::error!(channel = ch, "cannot post the computer's move: {e}");
                }
                next = computer_moves_in;
            }
        }
    });
}

/// Buttons: routed by their custom id, which names the challenge or game.
async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    c: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let Some(action) = ButtonAction::parse(&c.data.custom_id) else {
        return Ok(()); // Not ours.
    };
    let _guard = data.in_flight.clone().read_owned().await;
    let Some(guild) = c.guild_id else {
        return Ok(());
    };
    let member = c.member.as_ref();
    let req = Request {
        guild: guild.get(),
        channel: c.channel_id.get(),
        user: user_ref(&c.user, member),
        manager: false,
        locale: c.locale.clone(),
        id: c.id.get(),
        now: now_ms(),
        command: Command::Button(action),
    };
    let mut work = off_runtime(data.core.clone(), req);
    let response = tokio::select! {
        r = &mut work => r?,
        () = tokio::time::sleep(DEFER_AFTER) => {
            c.defer(&ctx.http).await?;
            let response = work.await?;
            c.create_followup(&ctx.http, followup(&response.reply)).await?;
            after_reply(ctx, data, guild.get(), c, &response);
            return Ok(());
        }
    };
    c.create_response(
        &ctx.http,
        serenity::CreateInteractionResponse::Message(interaction_message(&response.reply)),
    )
    .await?;
    after_reply(ctx, data, guild.get(), c, &response);
    Ok(())
}

fn after_reply(
    ctx: &serenity::Context,
    data: &Data,
    guild: u64,
    c: &serenity::ComponentInteraction,
    response: &Response,
) {
    if let Some(channel) = response.computer_moves_in {
        let http = ctx.http.clone();
        let holder = c.clone();
        spawn_computer(
            data.core.clone(),
            data.in_flight.clone(),
            guild,
            channel,
            move |reply| {
                let http = http.clone();
                let holder = holder.clone();
                async move {
                    holder
                        .create_followup(&http, followup(&reply))
                        .await
                        .map(|_| ())
                }
            },
        );
    }
}

async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(c),
    } = event
    {
        on_component(ctx, data, c).await?;
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "{error:#}");
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content("Something went wrong on our side and nothing was changed. Please try again.")
                        .ephemeral(true),
                )
                .await;
        }
        poise::FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            let msg = match input {
                Some(i) => format!("I could not read `{i}`: {error}"),
                None => format!("I could not read the options: {error}"),
            };
            let _ = ctx
                .send(poise::CreateReply::default().content(msg).ephemeral(true))
                .await;
        }
        poise::FrameworkError::EventHandler { error, event, .. } => {
            tracing::error!(event = event.snake_case_name(), "{error:#}");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("while handling an error: {e}");
            }
        }
    }
}

/// Runs the bot until SIGINT or SIGTERM; then finishes the commands in flight and flushes.
///
/// # Errors
/// The data directory cannot be opened, or Discord (or the proxy) refuses to connect.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    init_tracing();
    let store = jetan_store::Store::open(&config.data_dir).with_context(|| {
        format!(
            "cannot open the data directory {}",
            config.data_dir.display()
        )
    })?;
    let mut http = serenity::HttpBuilder::new(config.token.expose());
    if let Some(proxy) = &config.proxy_url {
        // The proxy owns rate limiting: serenity's own limiter would hold requests back.
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let in_flight = Arc::new(RwLock::new(()));
    let shutdown_lock = in_flight.clone();
    let guild_id = config.guild_id;
    let store_for_setup = store.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![commands::jetan()],
            on_error: |e| Box::pin(on_error(e)),
            event_handler: |fw, event| Box::pin(on_event(fw.serenity_context, event, fw.user_data)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                match guild_id {
                    Some(g) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            &framework.options().commands,
                            serenity::GuildId::new(g),
                        )
                        .await?
                    }
                    None => {
                        poise::builtins::register_globally(ctx, &framework.options().commands)
                            .await?
                    }
                }
                let bot = UserRef {
                    id: ready.user.id.get(),
                    name: ready.user.name.clone(),
                    bot: true,
                };
                tracing::info!(user = %ready.user.name, "connected and commands registered");
                let core = Core::new(store_for_setup, bot, now_ms() ^ 0x6a65_7461_6e00);
                Ok(Data {
                    core: Arc::new(core),
                    in_flight,
                })
            })
        })
        .build();
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("cannot build the Discord client")?;
    let shards = client.shard_manager.clone();
    let expiry_store = store.clone();
    tokio::spawn(async move {
        // Expired challenges are refunded once a minute; once an hour, the results kept
        // for repeated requests that are over a day old are dropped (Discord never
        // redelivers an interaction that late).
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        for minute in 0u64.. {
            tick.tick().await;
            if let Err(e) = expiry_store.expire_due(now_ms()).await {
                tracing::error!("expiring challenges: {e}");
            }
            if minute % 60 == 0 {
                let day_ago = now_ms().saturating_sub(24 * 60 * 60 * 1000);
                if let Err(e) = expiry_store.prune_requests(day_ago).await {
                    tracing::error!("pruning old request ids: {e}");
                }
            }
        }
    });
    tokio::spawn(async move {
        wait_for_signal().await;
        tracing::info!("shutting down: finishing commands in flight");
        shards.shutdown_all().await;
    });
    client
        .start()
        .await
        .context("the Discord connection failed")?;
    // Wait for every command in flight, then flush.
    let _all = shutdown_lock.write().await;
    store
        .flush()
        .await
        .context("cannot flush the data directory")?;
    tracing::info!("stopped cleanly");
    Ok(())
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
