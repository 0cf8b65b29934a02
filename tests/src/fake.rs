//! The fake Discord as a test sees it: its settings, its shared state, and the handle
//! ([`FakeDiscord`]) that starts it and answers questions about what the bot did.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use anyhow::{bail, Context as _};
use serde_json::Value;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::gateway;
use crate::model::State;
use crate::payloads::UserInfo;
use crate::record::Recorded;
use crate::routes;

/// Settings of a fake.
#[derive(Clone, Debug)]
pub struct Config {
    /// Discord's window for the first response to an interaction. A callback that arrives later
    /// is refused with `10062 Unknown interaction` and counted as a violation.
    pub interaction_deadline: Duration,
    /// How long helpers wait for the bot by default (replies, READY, registration).
    pub wait: Duration,
    /// How many gateway shards the bot must run: `GET /gateway/bot` recommends it, and an
    /// IDENTIFY with another total is refused (a violation).
    pub shards: u32,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            interaction_deadline: Duration::from_secs(3),
            wait: Duration::from_secs(20),
            shards: 1,
        }
    }
}

pub(crate) struct Inner {
    pub addr: SocketAddr,
    pub config: Config,
    pub app_id: u64,
    pub guild_id: u64,
    pub bot: UserInfo,
    pub owner: UserInfo,
    pub default_channel: u64,
    next_id: AtomicU64,
    state: Mutex<State>,
    changes: watch::Sender<u64>,
}

impl Inner {
    /// A fresh snowflake: increasing, unique within the fake.
    pub fn id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Makes every later [`Inner::id`] greater than `id`.
    pub fn bump_ids_past(&self, id: u64) {
        self.next_id.fetch_max(id + 1, Ordering::Relaxed);
    }

    /// Locks the state. Never held across an `.await`.
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Wakes every waiter: call after changing the state.
    pub fn changed(&self) {
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Waits until `check` returns something, or fails after `timeout`.
    pub async fn wait_for<T>(
        &self,
        timeout: Duration,
        what: impl std::fmt::Display,
        mut check: impl FnMut(&State) -> Option<T>,
    ) -> anyhow::Result<T> {
        let mut rx = self.changes.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            rx.borrow_and_update();
            if let Some(found) = check(&self.lock()) {
                return Ok(found);
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                bail!("timed out after {timeout:?} waiting for {what}");
            }
        }
    }

    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn gateway_url(&self) -> String {
        self.gateway_url_for(None)
    }

    /// The gateway URL handed to process `client` (`/p/{client}/gateway`): its sockets are
    /// known to be that process's.
    pub fn gateway_url_for(&self, client: Option<&str>) -> String {
        match client {
            Some(c) => format!("ws://{}/p/{c}/gateway", self.addr),
            None => format!("ws://{}/gateway", self.addr),
        }
    }

    pub(crate) fn attachment_url(&self, id: u64, filename: &str) -> String {
        format!("http://{}/attachments/{id}/{filename}", self.addr)
    }
}

/// A fake Discord listening on 127.0.0.1: REST under `/api/v10`, the gateway at `/gateway`.
///
/// Dropping it stops the server.
pub struct FakeDiscord {
    pub(crate) inner: Arc<Inner>,
    server: JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
        gateway::close_all(&self.inner);
    }
}

impl FakeDiscord {
    /// Starts a fake with the default [`Config`] on a free port.
    ///
    /// # Errors
    /// If no port can be bound on 127.0.0.1.
    pub async fn start() -> anyhow::Result<Self> {
        Self::start_with(Config::default()).await
    }

    /// Starts a fake with the given settings on a free port.
    ///
    /// # Errors
    /// If no port can be bound on 127.0.0.1.
    pub async fn start_with(config: Config) -> anyhow::Result<Self> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .context("binding the fake Discord to 127.0.0.1:0")?;
        let addr = listener.local_addr()?;
        // Snowflakes that look like Discord's (2026) and grow, so ordering by id works.
        let next_id = AtomicU64::new(1_300_000_000_000_000_000);
        let fresh = || next_id.fetch_add(1, Ordering::Relaxed);
        let app_id = fresh();
        let bot = UserInfo {
            id: app_id,
            name: "jetan-bot".into(),
            bot: true,
        };
        let owner = UserInfo {
            id: fresh(),
            name: "owner".into(),
            bot: false,
        };
        let guild_id = fresh();
        let default_channel = fresh();
        let mut state = State {
            gateway: crate::gateway::GatewayState::new(config.shards),
            guilds: vec![guild_id],
            ..State::default()
        };
        state.users.insert(bot.id, bot.clone());
        state.users.insert(owner.id, owner.clone());
        state.channels.push((default_channel, "general".into()));
        let (changes, _) = watch::channel(0);
        let inner = Arc::new(Inner {
            addr,
            config,
            app_id,
            guild_id,
            bot,
            owner,
            default_channel,
            next_id,
            state: Mutex::new(state),
            changes,
        });
        let app = routes::router(Arc::clone(&inner));
        let server = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!("fake Discord stopped: {e}");
            }
        });
        Ok(Self { inner, server })
    }

    /// Fails the next calls that match `fault` as it says ([`Fault`]).
    pub fn fail(&self, fault: crate::faults::Fault) {
        self.inner.lock().faults.push(fault);
    }

    /// The failures made so far: (method, path, what).
    #[must_use]
    pub fn failures_made(&self) -> Vec<(String, String, crate::faults::FaultKind)> {
        self.inner.lock().failed.clone()
    }

    /// `http://127.0.0.1:PORT`: the value for `DISCORD_PROXY_URL`.
    #[must_use]
    pub fn base_url(&self) -> String {
        self.inner.base_url()
    }

    /// The gateway URL the fake hands out.
    #[must_use]
    pub fn gateway_url(&self) -> String {
        self.inner.gateway_url()
    }

    /// The base URL for one bot process, `http://127.0.0.1:PORT/p/{client}`: its REST calls
    /// are recorded with [`Recorded::client`] set, and the gateway URL it is handed tags
    /// its sockets likewise (see [`FakeDiscord::shard_client`]).
    #[must_use]
    pub fn client_url(&self, client: &str) -> String {
        format!("{}/p/{client}", self.inner.base_url())
    }

    /// The application id (also the bot user's id).
    #[must_use]
    pub fn application_id(&self) -> u64 {
        self.inner.app_id
    }

    /// The test guild's id.
    #[must_use]
    pub fn guild_id(&self) -> u64 {
        self.inner.guild_id
    }

    /// The bot user.
    #[must_use]
    pub fn bot_user(&self) -> UserInfo {
        self.inner.bot.clone()
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// A copy of every request recorded so far, in arrival order.
    #[must_use]
    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.lock().requests.clone()
    }

    /// Requests whose answer was an error status (>= 400).
    #[must_use]
    pub fn failed_requests(&self) -> Vec<Recorded> {
        self.inner
            .lock()
            .requests
            .iter()
            .filter(|r| r.status >= 400)
            .cloned()
            .collect()
    }

    /// Broken Discord rules seen so far: late or repeated interaction callbacks, unknown
    /// routes, and the like. A correct bot leaves this empty.
    #[must_use]
    pub fn violations(&self) -> Vec<String> {
        self.inner.lock().violations.clone()
    }

    /// The commands registered globally (as the fake answered them, with ids).
    #[must_use]
    pub fn global_commands(&self) -> Vec<Value> {
        self.inner.lock().global_commands.clone()
    }

    /// The commands registered in the test guild.
    #[must_use]
    pub fn guild_commands(&self) -> Vec<Value> {
        self.inner
            .lock()
            .guild_commands
            .get(&self.inner.guild_id)
            .cloned()
            .unwrap_or_default()
    }

    /// Waits until the bot has registered commands (globally or in the test guild) and returns
    /// them.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_commands(&self) -> anyhow::Result<Vec<Value>> {
        let guild = self.inner.guild_id;
        self.inner
            .wait_for(self.inner.config.wait, "command registration", |s| {
                let mut all = s.global_commands.clone();
                all.extend(s.guild_commands.get(&guild).cloned().unwrap_or_default());
                (!all.is_empty()).then_some(all)
            })
            .await
    }

    /// A message as the fake holds it now (`None` if unknown or deleted).
    #[must_use]
    pub fn message(&self, id: u64) -> Option<Value> {
        self.inner
            .lock()
            .messages
            .get(&id)
            .filter(|m| !m.deleted)
            .map(|m| m.json.clone())
    }

    /// The live messages of a channel, oldest first.
    #[must_use]
    pub fn channel_messages(&self, channel_id: u64) -> Vec<Value> {
        let s = self.inner.lock();
        let mut found: Vec<(u64, Value)> = s
            .messages
            .iter()
            .filter(|(_, m)| {
                !m.deleted
                    && m.json["channel_id"].as_str().and_then(|c| c.parse().ok())
                        == Some(channel_id)
            })
            .map(|(id, m)| (*id, m.json.clone()))
            .collect();
        found.sort_by_key(|(id, _)| *id);
        found.into_iter().map(|(_, m)| m).collect()
    }

    /// Adds a guild on gateway shard `shard` (its id is such that `(id >> 22) % shard count`
    /// is `shard`) and returns its id. Every user is a member. If the shard's session is
    /// live, the bot gets its GUILD_CREATE (as when a bot joins a server).
    ///
    /// # Panics
    /// If `shard` is not below the shard count.
    pub fn guild_on_shard(&self, shard: u32) -> u64 {
        let total = self.shard_count();
        assert!(shard < total, "shard {shard} of {total}");
        // A timestamp part past every id handed out so far, on the wanted shard; the
        // counter then jumps past it so ids stay unique.
        let mut t = (self.inner.id() >> 22) + 1;
        while crate::gateway::shard_of(t << 22, total) != shard {
            t += 1;
        }
        let id = t << 22;
        self.inner.bump_ids_past(id);
        let mut s = self.inner.lock();
        s.guilds.push(id);
        let create = crate::gateway::guild_create(&self.inner, &s, id);
        crate::gateway::send_dispatch(&mut s, shard, "GUILD_CREATE", create);
        drop(s);
        self.inner.changed();
        id
    }

    /// Registers a new text channel in `guild` (made by [`FakeDiscord::guild_on_shard`])
    /// and returns its id. Players [`at`](crate::Player::at) it act in that guild.
    pub fn channel_in(&self, guild: u64, name: &str) -> u64 {
        let id = self.inner.id();
        let mut s = self.inner.lock();
        s.channels.push((id, name.to_owned()));
        if guild != self.inner.guild_id {
            s.channel_guild.insert(id, guild);
        }
        id
    }

    /// Sets a guild's preferred locale (Server Settings → Community → Server Primary
    /// Language), which every later interaction in it carries as `guild_locale`.
    pub fn set_guild_locale(&self, guild: u64, locale: &str) {
        self.inner
            .lock()
            .guild_locales
            .insert(guild, locale.to_owned());
    }

    /// Registers a new text channel in the test guild and returns its id.
    pub fn channel(&self, name: &str) -> u64 {
        let id = self.inner.id();
        self.inner.lock().channels.push((id, name.to_owned()));
        id
    }

    /// Lets the bot open threads in `channel`: interactions there carry Create Public
    /// Threads and Send Messages in Threads in `app_permissions` (elsewhere they do not,
    /// as on a server that has not granted them).
    pub fn allow_threads(&self, channel: u64) {
        self.inner.lock().thread_permission.insert(channel);
    }

    /// Makes Discord refuse to open threads in `channel` (403, 50013 Missing
    /// Permissions), whatever the interactions' `app_permissions` say: a permission
    /// taken away by a channel overwrite.
    pub fn refuse_threads(&self, channel: u64) {
        self.inner.lock().thread_refused.insert(channel);
    }

    /// Makes Discord refuse to pin messages in `channel` (403, 50013 Missing
    /// Permissions): the bot lacks Manage Messages there.
    pub fn refuse_pins(&self, channel: u64) {
        self.inner.lock().pins_refused.insert(channel);
    }

    /// The live pinned messages of `channel`, oldest first.
    #[must_use]
    pub fn pinned(&self, channel: u64) -> Vec<Value> {
        self.channel_messages(channel)
            .into_iter()
            .filter(|m| m["pinned"].as_bool() == Some(true))
            .collect()
    }

    /// Waits until a live message in `channel` satisfies `check`, and returns the oldest
    /// that does.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_in_channel(
        &self,
        channel: u64,
        what: &str,
        check: impl Fn(&Value) -> bool,
    ) -> anyhow::Result<Value> {
        let wanted = channel.to_string();
        self.inner
            .wait_for(self.inner.config.wait, what, |s| {
                let mut found: Vec<(&u64, &Value)> = s
                    .messages
                    .iter()
                    .filter(|(_, m)| {
                        !m.deleted
                            && m.json["channel_id"].as_str() == Some(wanted.as_str())
                            && check(&m.json)
                    })
                    .map(|(id, m)| (id, &m.json))
                    .collect();
                found.sort_by_key(|(id, _)| **id);
                found.first().map(|(_, m)| (*m).clone())
            })
            .await
    }

    /// Waits until thread `id` satisfies `check` (it is archived after the posts that
    /// end its game), and returns it.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_thread(
        &self,
        id: u64,
        what: &str,
        check: impl Fn(&crate::model::Thread) -> bool,
    ) -> anyhow::Result<crate::model::Thread> {
        self.inner
            .wait_for(self.inner.config.wait, what, |s| {
                s.threads.get(&id).filter(|t| check(t)).cloned()
            })
            .await
    }

    /// The direct-message channel of `user` with the bot, once the bot opened it.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.inner.lock().dm_channels.get(&user).copied()
    }

    /// Closes `user`'s direct messages: the bot's messages to them are refused (403,
    /// 50007 Cannot send messages to this user), as Discord does.
    pub fn close_dms(&self, user: u64) {
        self.inner.lock().dms_closed.insert(user);
    }

    /// The threads the bot opened, in id order.
    pub fn threads(&self) -> Vec<crate::model::Thread> {
        self.inner.lock().threads.values().cloned().collect()
    }

    /// The channel every new [`Player`](crate::Player) starts in.
    #[must_use]
    pub fn default_channel(&self) -> u64 {
        self.inner.default_channel
    }
}

impl FakeDiscord {
    /// Waits (up to the fake's wait) until `check` holds, looking again after every
    /// request, gateway message or change the fake sees. `check` may call any method of
    /// the fake.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_until(
        &self,
        what: &str,
        mut check: impl FnMut(&FakeDiscord) -> bool,
    ) -> anyhow::Result<()> {
        let mut rx = self.inner.changes.subscribe();
        let limit = self.inner.config.wait;
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            rx.borrow_and_update();
            if check(self) {
                return Ok(());
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                bail!("timed out after {limit:?} waiting for {what}");
            }
        }
    }
}

/// A REST call about one guild (see [`FakeDiscord::guild_calls`]).
#[derive(Clone, Debug)]
pub struct GuildCall {
    /// The guild it concerns.
    pub guild: u64,
    /// The channel it concerns.
    pub channel: u64,
    /// The process that made it ([`Recorded::client`]).
    pub client: Option<String>,
    /// The request.
    pub request: Recorded,
}

/// A message as the fake holds it, for checks over everything the bot posted.
#[derive(Clone, Debug)]
pub struct MessageView {
    /// Message id.
    pub id: u64,
    /// Its channel.
    pub channel_id: u64,
    /// The current JSON.
    pub json: Value,
    /// Whether only one user sees it.
    pub ephemeral: bool,
    /// Whether it was deleted.
    pub deleted: bool,
    /// Whether it is still the "thinking…" of a deferral.
    pub loading: bool,
    /// Its last `allowed_mentions` (`None`: absent).
    pub allowed_mentions: Option<Value>,
    /// Whether some version had content without `allowed_mentions`.
    pub missing_allowed_mentions: bool,
    /// Who it pinged over all its versions.
    pub pings: crate::Pings,
    /// Every version's JSON, oldest first.
    pub history: Vec<Value>,
}

impl MessageView {
    /// The readable text of every version (content, embed titles, descriptions, fields,
    /// footers), joined.
    #[must_use]
    pub fn all_text(&self) -> String {
        let mut out = String::new();
        for v in self.history.iter().chain(std::iter::once(&self.json)) {
            out.push_str(v["content"].as_str().unwrap_or_default());
            out.push('\n');
            for e in v["embeds"].as_array().into_iter().flatten() {
                for key in ["title", "description"] {
                    out.push_str(e[key].as_str().unwrap_or_default());
                    out.push('\n');
                }
                for f in e["fields"].as_array().into_iter().flatten() {
                    out.push_str(f["name"].as_str().unwrap_or_default());
                    out.push_str(": ");
                    out.push_str(f["value"].as_str().unwrap_or_default());
                    out.push('\n');
                }
                out.push_str(e["footer"]["text"].as_str().unwrap_or_default());
                out.push('\n');
            }
        }
        out
    }

    /// The current content.
    #[must_use]
    pub fn content(&self) -> &str {
        self.json["content"].as_str().unwrap_or_default()
    }
}

impl FakeDiscord {
    /// Every message the fake holds or held (deleted ones included), oldest first.
    #[must_use]
    pub fn all_messages(&self) -> Vec<MessageView> {
        let s = self.inner.lock();
        let mut out: Vec<MessageView> = s
            .messages
            .iter()
            .map(|(id, m)| {
                let flags = m.json["flags"].as_u64().unwrap_or(0);
                MessageView {
                    id: *id,
                    channel_id: m.json["channel_id"]
                        .as_str()
                        .and_then(|c| c.parse().ok())
                        .unwrap_or_default(),
                    json: m.json.clone(),
                    ephemeral: flags & crate::FLAG_EPHEMERAL != 0,
                    deleted: m.deleted,
                    loading: flags & crate::FLAG_LOADING != 0,
                    allowed_mentions: m.allowed_mentions.clone(),
                    missing_allowed_mentions: m.missing_allowed_mentions,
                    pings: m.pings.clone(),
                    history: m.history.clone(),
                }
            })
            .collect();
        out.sort_by_key(|m| m.id);
        out
    }

    /// Every message anyone but its one addressee could see: not ephemeral (deleted ones
    /// included: they were visible until deleted).
    #[must_use]
    pub fn public_messages(&self) -> Vec<MessageView> {
        self.all_messages()
            .into_iter()
            .filter(|m| !m.ephemeral)
            .collect()
    }

    /// A stored message by id (deleted included).
    #[must_use]
    pub fn message_view(&self, id: u64) -> Option<MessageView> {
        self.all_messages().into_iter().find(|m| m.id == id)
    }

    /// Every REST call the bot made about a guild's messages, oldest first: interaction
    /// callbacks, webhook follow-ups and edits (the guild of the interaction's channel), and
    /// channel messages posted, edited or deleted (the guild of the channel). With one
    /// process per shard, each guild's calls must all come from its shard's process.
    #[must_use]
    pub fn guild_calls(&self) -> Vec<GuildCall> {
        let s = self.inner.lock();
        s.requests
            .iter()
            .filter_map(|r| {
                let channel = match r.route().as_slice() {
                    ["interactions", _, token, "callback"] | ["webhooks", _, token, ..] => {
                        s.interactions.get(*token)?.channel_id
                    }
                    ["channels", c, "messages", ..] => c.parse().ok()?,
                    _ => return None,
                };
                Some(GuildCall {
                    guild: s.guild_of_channel(channel),
                    channel,
                    client: r.client.clone(),
                    request: r.clone(),
                })
            })
            .collect()
    }

    /// Takes Manage Server (and Administrator) from a member: their interactions carry
    /// permissions without them.
    pub fn revoke_manage_server(&self, user: u64) {
        self.inner.lock().restricted.insert(user);
    }

    /// A member leaves the test guild: options naming them resolve the user only (no
    /// `resolved.members` entry), and looking them up as a member is answered "Unknown
    /// Member" (404, code 10007), as Discord does.
    pub fn leave(&self, user: u64) {
        self.inner.lock().departed.insert(user);
    }
}

impl FakeDiscord {
    /// Waits until message `id` satisfies `check` (edits come after the reply that caused
    /// them), and returns it.
    ///
    /// # Errors
    /// On timeout: the message as it is then is in the error.
    pub async fn wait_message(
        &self,
        id: u64,
        what: &str,
        check: impl Fn(&Value) -> bool,
    ) -> anyhow::Result<Value> {
        let found = self
            .inner
            .wait_for(self.inner.config.wait, what, |s| {
                s.messages
                    .get(&id)
                    .filter(|m| !m.deleted && check(&m.json))
                    .map(|m| m.json.clone())
            })
            .await;
        found.with_context(|| format!("message {id} is now {:?}", self.message(id)))
    }
}

/// Whether a message has no buttons left.
#[must_use]
pub fn without_buttons(m: &Value) -> bool {
    m["components"].as_array().is_none_or(Vec::is_empty)
}
