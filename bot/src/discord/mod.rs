//! The Discord adapter (poise on serenity): the slash command registered and dispatched
//! from the [grammar](crate::grammar), autocomplete, buttons, deferring, one `on_error`.
//! Thin: every decision is the [`Core`]'s.

mod answer;
mod commands;
mod computer;
mod deliver;
mod localize;
mod present;
mod tasks;
mod threads;
mod web_front;
mod workers;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tokio::sync::RwLock;

use crate::config::Config;
use answer::Target;
use jetan_core::{
    ButtonAction, ChannelId, Command, Core, GuildId, Reply, Request, UserId, UserRef,
};
use workers::Workers;

/// Shared state of the Discord bot.
#[derive(Clone)]
pub struct Data {
    core: Arc<Core>,
    /// Held (read) by every command in flight; shutdown takes it (write) to wait for them.
    in_flight: Arc<RwLock<()>>,
    /// The bounded pool that does the core's work.
    workers: Workers,
    /// Defer a command still working after this long.
    defer_after: Duration,
    /// How often the upkeep runs.
    upkeep_every: Duration,
    /// Whether the gateway is connected (for the web pages' `/healthz`).
    gateway: Arc<std::sync::atomic::AtomicBool>,
}

/// The adapter's error type.
pub type Error = anyhow::Error;
/// A poise command context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

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
        id: UserId(user.id.get()),
        name,
        bot: user.bot,
        outside: false,
    }
}

/// Runs a slash command through the core within Discord's rules ([`answer`]) and
/// replies; then lets the computer move if it is its turn.
async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let data = ctx.data();
    let _guard = data.in_flight.clone().read_owned().await;
    let poise::Context::Application(app) = ctx else {
        anyhow::bail!("jetan only has slash commands");
    };
    let interaction = app.interaction;
    // Every answer below goes through `answer`; poise's own error replies must then
    // follow up rather than answer a second time.
    app.has_sent_initial_response
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let http = ctx.serenity_context().http.clone();
    let Some(guild) = interaction.guild_id else {
        let lang = jetan_core::Lang::of(&interaction.locale);
        let reply = Reply::ephemeral(lang.text("dm-only", Vec::new()));
        interaction
            .create_response(
                &http,
                serenity::CreateInteractionResponse::Message(present::response_message(&reply)),
            )
            .await?;
        return Ok(());
    };
    let member = interaction.member.as_deref();
    let manager = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    let req = Request {
        guild: GuildId(guild.get()),
        channel: ChannelId(interaction.channel_id.get()),
        user: user_ref(&interaction.user, member),
        manager,
        locale: interaction.locale.clone(),
        guild_locale: interaction.guild_locale.clone(),
        id: interaction.id.get(),
        now: now_ms(),
        command,
    };
    let response = answer::answer(
        &http,
        &data.core,
        &data.workers,
        data.defer_after,
        Target::Command(interaction),
        req,
    )
    .await?;
    if let Some(job) = response.analysis {
        let post = computer::Post::Command(Box::new(interaction.clone()));
        computer::analyse_in_background(data, http.clone(), job, post);
    }
    if let Some(job) = response.purge {
        let post = computer::Post::Command(Box::new(interaction.clone()));
        computer::purge_in_background(data, http.clone(), job, post);
    }
    if let Some(channel) = response.computer_moves_in {
        let post = computer::Post::Command(Box::new(interaction.clone()));
        computer::play_in_background(
            data,
            http,
            GuildId(guild.get()),
            ChannelId(channel.get()),
            post,
        );
    }
    Ok(())
}

/// Buttons and select menus: routed by their custom id, which names the challenge or
/// game.
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
    let manager = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    let req = Request {
        guild: GuildId(guild.get()),
        channel: ChannelId(c.channel_id.get()),
        user: user_ref(&c.user, member),
        manager,
        locale: c.locale.clone(),
        guild_locale: c.guild_locale.clone(),
        id: c.id.get(),
        now: now_ms(),
        command: match &c.data.kind {
            serenity::ComponentInteractionDataKind::StringSelect { values } => Command::Choose {
                menu: action,
                value: values.first().cloned().unwrap_or_default(),
            },
            _ => Command::Button(action),
        },
    };
    let response = answer::answer(
        &ctx.http,
        &data.core,
        &data.workers,
        data.defer_after,
        Target::Component(c),
        req,
    )
    .await?;
    if let Some(channel) = response.computer_moves_in {
        let post = computer::Post::Component(Box::new(c.clone()));
        computer::play_in_background(
            data,
            ctx.http.clone(),
            GuildId(guild.get()),
            ChannelId(channel.get()),
            post,
        );
    }
    Ok(())
}

async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(c),
        } => on_component(ctx, data, c).await?,
        serenity::FullEvent::ShardStageUpdate { event } => data.gateway.store(
            event.new == serenity::ConnectionStage::Connected,
            std::sync::atomic::Ordering::Relaxed,
        ),
        serenity::FullEvent::Ready { .. } | serenity::FullEvent::Resume { .. } => data
            .gateway
            .store(true, std::sync::atomic::Ordering::Relaxed),
        _ => {}
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            // Usually Discord refused a call (the interaction expired): the answer may
            // already be out, so only log.
            tracing::error!(command = %ctx.command().qualified_name, "{error:#}");
        }
        poise::FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            tracing::info!("unreadable options: {error}");
            let lang = jetan_core::Lang::of(ctx.locale().unwrap_or_default());
            let msg = match input {
                Some(i) => lang.text(
                    "input-bad",
                    vec![("input", jetan_core::lang::Arg::Text(i.into()))],
                ),
                None => lang.text("options-bad", Vec::new()),
            };
            let reply = Reply::ephemeral(msg);
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(present::content(&reply))
                        .allowed_mentions(present::mentions(&reply))
                        .ephemeral(true),
                )
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

/// How long the gateway connection may take to close after the stop signal.
const SHARD_GRACE: std::time::Duration = std::time::Duration::from_secs(2);
/// How long the commands in flight may take to finish after it.
const IN_FLIGHT_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs the bot until SIGINT or SIGTERM; then finishes the commands in flight and flushes.
///
/// # Errors
/// The data directory cannot be opened, or Discord (or the proxy) refuses to connect.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    init_tracing();
    let location = config.location();
    let store = {
        let at = location.clone();
        tokio::task::spawn_blocking(move || jetan_store::Store::open_at(&at))
            .await?
            .with_context(|| format!("cannot open the store at {location}"))?
    };
    tracing::info!(backend = store.backend(), "store open at {location}");
    let mut http = serenity::HttpBuilder::new(secrecy::ExposeSecret::expose_secret(&config.token));
    if let Some(proxy) = &config.proxy_url {
        // The proxy owns rate limiting: serenity's own limiter would hold requests back.
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let in_flight = Arc::new(RwLock::new(()));
    let shutdown_lock = in_flight.clone();
    let workers = Workers::new(config.workers);
    let defer_after = config.defer_after;
    let upkeep_every = config.upkeep_every;
    let guild_id = config.guild_id;
    let shard_range = config.shards;
    let store_for_setup = store.clone();
    // The web pages, bound before Discord connects (a taken port stops the bot at once).
    let web = match &config.web {
        Some(w) => {
            let prepared = crate::web::Prepared::bind(w)
                .await
                .with_context(|| format!("cannot listen on JETAN_WEB_ADDR {}", w.addr))?;
            tracing::info!("web pages on {}", prepared.local_addr()?);
            Some(prepared)
        }
        None => None,
    };
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::commands(),
            on_error: |e| Box::pin(on_error(e)),
            event_handler: |fw, event| Box::pin(on_event(fw.serenity_context, event, fw.user_data)),
            ..Default::default()
        })
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                // Registered from the grammar; poise only dispatches.
                let registration = localize::registration();
                match guild_id {
                    Some(g) => {
                        serenity::GuildId::new(g)
                            .set_commands(ctx, registration)
                            .await?;
                    }
                    None => {
                        serenity::Command::set_global_commands(ctx, registration).await?;
                    }
                }
                let bot = UserRef {
                    id: UserId(ready.user.id.get()),
                    name: ready.user.name.clone(),
                    bot: true,
                    outside: false,
                };
                tracing::info!(user = %ready.user.name, "connected and commands registered");
                let mut core = Core::new(store_for_setup, bot, jetan_core::os_seed());
                if let Some(range) = shard_range {
                    core = core.with_servers(move |guild| range.owns(GuildId(guild)));
                }
                if let Some(web) = &web {
                    core = core
                        .with_web_links(web.links())
                        .with_observer(web.observer());
                }
                let data = Data {
                    core: Arc::new(core),
                    in_flight,
                    workers,
                    defer_after,
                    upkeep_every,
                    gateway: Arc::new(std::sync::atomic::AtomicBool::new(true)),
                };
                if let Some(web) = web {
                    let front = web_front::DiscordFront {
                        data: data.clone(),
                        http: ctx.http.clone(),
                    };
                    web.start(
                        data.core.clone(),
                        Arc::new(front),
                        Some(data.gateway.clone()),
                    );
                }
                tasks::start_upkeep(&data, ctx.http.clone());
                computer::resume_all(&data, ctx.http.clone());
                tasks::announce_pending(&data, ctx.http.clone());
                Ok(data)
            })
        })
        .build();
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("cannot build the Discord client")?;
    let shards = client.shard_manager.clone();
    let (stopping, stop) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        tasks::wait_for_signal().await;
        tracing::info!("shutting down: finishing commands in flight");
        let _ = stopping.send(());
        shards.shutdown_all().await;
    });
    let run = async {
        match shard_range {
            Some(r) => {
                tracing::info!("running shards {} to {} of {}", r.first, r.last, r.total);
                // serenity 0.12's range includes its end (see `ShardRange::serenity_range`).
                client.start_shard_range(r.serenity_range(), r.total).await
            }
            None => client.start().await,
        }
    };
    // After the signal the shards get a moment to close; a shard that cannot reach the
    // gateway (a network outage, a wrong proxy) keeps retrying and never returns, so the
    // bot stops without it.
    let grace = async {
        if stop.await.is_ok() {
            tokio::time::sleep(SHARD_GRACE).await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        r = run => r.context("the Discord connection failed")?,
        () = grace => tracing::warn!("the Discord connection did not close in time: stopping without it"),
    }
    // Wait for the commands in flight (their answers have retries of their own, bounded),
    // then flush.
    let all = tokio::time::timeout(IN_FLIGHT_GRACE, shutdown_lock.write()).await;
    if all.is_err() {
        tracing::warn!("commands still in flight after {IN_FLIGHT_GRACE:?}: stopping anyway (what they stored is stored)");
    }
    tokio::task::spawn_blocking(move || store.flush())
        .await?
        .context("cannot flush the store")?;
    tracing::info!("stopped cleanly");
    Ok(())
}

/// The log filter: `RUST_LOG`, with serenity held at `warn` unless it names serenity
/// itself. serenity's HTTP calls open `info` spans whose fields are the whole request in
/// `Debug` form — every board picture's bytes as a list of numbers: a third of the bot's
/// CPU under load, and pictures in the log.
fn log_filter(rust_log: Option<&str>) -> tracing_subscriber::EnvFilter {
    let directives = match rust_log.map(str::trim) {
        Some(v) if !v.is_empty() && v.contains("serenity") => v.to_string(),
        Some(v) if !v.is_empty() => format!("{v},serenity=warn"),
        _ => "info,serenity=warn".to_string(),
    };
    tracing_subscriber::EnvFilter::try_new(&directives)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn"))
}

fn init_tracing() {
    let filter = log_filter(std::env::var("RUST_LOG").ok().as_deref());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

#[cfg(test)]
mod tests {
    use super::log_filter;

    #[test]
    fn serenity_stays_at_warn_unless_named() {
        assert_eq!(log_filter(None).to_string(), "serenity=warn,info");
        assert_eq!(log_filter(Some("debug")).to_string(), "serenity=warn,debug");
        assert_eq!(
            log_filter(Some("jetan=debug")).to_string(),
            "serenity=warn,jetan=debug"
        );
        assert_eq!(
            log_filter(Some("info,serenity=debug")).to_string(),
            "serenity=debug,info"
        );
    }
}
