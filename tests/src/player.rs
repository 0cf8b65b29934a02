//! What users do: run slash commands, type into autocompleted options, click buttons; and what
//! they see: the bot's reply.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _};
use serde_json::{json, Map, Value};

use crate::fake::{FakeDiscord, Inner};
use crate::gateway;
use crate::model::{InteractionState, Pings};
use crate::payloads::{self, UserInfo, FLAG_EPHEMERAL, FLAG_LOADING};
use crate::record::File;

/// A value a user gives to a command option. It is converted to the option's registered type
/// the way Discord's client would (a choice is picked by its displayed name).
#[derive(Clone, Debug, PartialEq)]
pub enum Opt {
    /// Text, or a choice name, or digits for an integer option.
    Str(String),
    /// An integer.
    Int(i64),
    /// A number.
    Num(f64),
    /// A boolean.
    Bool(bool),
    /// A user (for USER options): the user's id.
    User(u64),
    /// A channel (for CHANNEL options): the channel's id.
    Channel(u64),
}

impl From<&str> for Opt {
    fn from(s: &str) -> Self {
        Self::Str(s.to_owned())
    }
}
impl From<String> for Opt {
    fn from(s: String) -> Self {
        Self::Str(s)
    }
}
impl From<i64> for Opt {
    fn from(n: i64) -> Self {
        Self::Int(n)
    }
}
impl From<i32> for Opt {
    fn from(n: i32) -> Self {
        Self::Int(n.into())
    }
}
impl From<u32> for Opt {
    fn from(n: u32) -> Self {
        Self::Int(n.into())
    }
}
impl From<f64> for Opt {
    fn from(n: f64) -> Self {
        Self::Num(n)
    }
}
impl From<bool> for Opt {
    fn from(b: bool) -> Self {
        Self::Bool(b)
    }
}
impl From<&Player> for Opt {
    fn from(p: &Player) -> Self {
        Self::User(p.user.id)
    }
}

impl Opt {
    fn as_text(&self) -> String {
        match self {
            Self::Str(s) => s.clone(),
            Self::Int(n) => n.to_string(),
            Self::Num(n) => n.to_string(),
            Self::Bool(b) => b.to_string(),
            Self::User(id) | Self::Channel(id) => id.to_string(),
        }
    }
}

/// A member of the test guild, sitting in one channel.
#[derive(Clone)]
pub struct Player {
    inner: Arc<Inner>,
    /// Who this is.
    pub user: UserInfo,
    /// Where they type.
    pub channel_id: u64,
    /// Their Discord client's language (`en-US`, `es-ES`): sent with every interaction, and
    /// the language of the command, option and choice names they type.
    pub locale: String,
}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("user", &self.user)
            .field("channel_id", &self.channel_id)
            .finish()
    }
}

impl FakeDiscord {
    /// A new member of the test guild, in the default channel.
    #[must_use]
    pub fn user(&self, name: &str) -> Player {
        let user = UserInfo {
            id: self.inner.id(),
            name: name.to_owned(),
            bot: false,
        };
        self.inner.lock().users.insert(user.id, user.clone());
        Player {
            inner: Arc::clone(&self.inner),
            user,
            channel_id: self.inner.default_channel,
            locale: "en-US".into(),
        }
    }

    /// Delivers the same interaction payload again (same id and token), as a flaky gateway
    /// might.
    ///
    /// # Errors
    /// If no session is live.
    pub async fn redeliver(&self, sent: &Sent) -> anyhow::Result<()> {
        let payload = self
            .inner
            .lock()
            .interactions
            .get(&sent.token)
            .map(|i| i.payload.clone())
            .context("unknown interaction")?;
        let guild = payload["guild_id"]
            .as_str()
            .and_then(|g| g.parse().ok())
            .unwrap_or(self.inner.guild_id);
        gateway::dispatch(&self.inner, guild, "INTERACTION_CREATE", payload).await?;
        Ok(())
    }
}

/// Whether a registered command, option or choice is called `typed` in `locale`: its name,
/// or its localized name as registered (a Spanish client shows and takes those).
fn named(def: &Value, key: &str, locale: &str, typed: &str) -> bool {
    def["name"] == typed || def[key][locale] == typed
}

/// A registered command option (or subcommand) definition.
fn option_defs(def: &Value) -> Vec<Value> {
    def.get("options")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

impl Player {
    /// The same user, typing in another channel.
    #[must_use]
    pub fn at(&self, channel_id: u64) -> Self {
        Self {
            channel_id,
            ..self.clone()
        }
    }

    /// The same user with their Discord client in `locale` (like `es-ES`).
    #[must_use]
    pub fn speaking(&self, locale: &str) -> Self {
        Self {
            locale: locale.to_owned(),
            ..self.clone()
        }
    }

    /// The guild of the channel the user types in.
    #[must_use]
    pub fn guild_id(&self) -> u64 {
        self.inner.lock().guild_of_channel(self.channel_id)
    }

    /// The user's id.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.user.id
    }

    /// `<@id>`, as Discord renders a mention.
    #[must_use]
    pub fn mention(&self) -> String {
        format!("<@{}>", self.user.id)
    }

    /// Runs a slash command such as `"jetan challenge"` with options, like the Discord client
    /// does: the command must be registered, option names must exist, required options must be
    /// given, values are converted to the registered types and choices are picked by name.
    ///
    /// # Errors
    /// If the client would refuse the input, or no gateway session is live.
    pub async fn slash(&self, command: &str, options: &[(&str, Opt)]) -> anyhow::Result<Sent> {
        let (data, _) = self.command_data(command, options, None)?;
        self.send(2, data, None).await
    }

    /// Types `typed` into option `focused` of a command, with the other options already
    /// filled in, and returns the bot's autocomplete choices as `(name, value)`.
    ///
    /// # Errors
    /// If the bot does not answer with choices in time.
    pub async fn autocomplete(
        &self,
        command: &str,
        options: &[(&str, Opt)],
        focused: &str,
        typed: &str,
    ) -> anyhow::Result<Vec<(String, Value)>> {
        let mut all: Vec<(&str, Opt)> = options
            .iter()
            .filter(|(n, _)| *n != focused)
            .cloned()
            .collect();
        all.push((focused, Opt::Str(typed.to_owned())));
        let (data, _) = self.command_data(command, &all, Some(focused))?;
        let sent = self.send(4, data, None).await?;
        sent.choices().await
    }

    /// Clicks a button of a message the fake holds.
    ///
    /// # Errors
    /// If the button is no longer on the message, is disabled, or no session is live.
    pub async fn click(&self, button: &Button) -> anyhow::Result<Sent> {
        let message = self
            .inner
            .lock()
            .messages
            .get(&button.message_id)
            .filter(|m| !m.deleted)
            .map(|m| m.json.clone())
            .with_context(|| {
                format!(
                    "message {} of button {:?} is gone",
                    button.message_id, button.label
                )
            })?;
        let current = buttons_of(&message, button.message_id, button.channel_id);
        let Some(now) = current.iter().find(|b| b.custom_id == button.custom_id) else {
            bail!(
                "button {:?} is no longer on message {}",
                button.label,
                button.message_id
            );
        };
        if now.disabled {
            bail!("button {:?} is disabled", button.label);
        }
        let data = json!({"custom_id": button.custom_id, "component_type": 2});
        self.at(button.channel_id)
            .send(3, data, Some(message))
            .await
    }

    /// Chooses `value` in a string select menu of a message the fake holds (an
    /// interaction of component type 3 carrying `values`, as Discord sends it).
    ///
    /// # Errors
    /// If the menu is no longer on the message, `value` is not one of its options, or no
    /// session is live.
    pub async fn choose(&self, menu: &Menu, value: &str) -> anyhow::Result<Sent> {
        let message = self
            .inner
            .lock()
            .messages
            .get(&menu.message_id)
            .filter(|m| !m.deleted)
            .map(|m| m.json.clone())
            .with_context(|| {
                format!(
                    "message {} of menu {:?} is gone",
                    menu.message_id, menu.custom_id
                )
            })?;
        let current = menus_of(&message, menu.message_id, menu.channel_id);
        let Some(now) = current.iter().find(|m| m.custom_id == menu.custom_id) else {
            bail!(
                "menu {:?} is no longer on message {}",
                menu.custom_id,
                menu.message_id
            );
        };
        if !now.values.iter().any(|v| v == value) {
            bail!(
                "{value:?} is not an option of menu {:?}: {:?}",
                menu.custom_id,
                now.values
            );
        }
        let data = json!({"custom_id": menu.custom_id, "component_type": 3, "values": [value]});
        self.at(menu.channel_id).send(3, data, Some(message)).await
    }

    fn command_data(
        &self,
        command: &str,
        given: &[(&str, Opt)],
        focused: Option<&str>,
    ) -> anyhow::Result<(Value, Vec<UserInfo>)> {
        let mut words = command.split_whitespace();
        let top = words.next().context("empty command")?;
        let guild_id = self.guild_id();
        let (def, guild) = {
            let s = self.inner.lock();
            let guild_cmds = s.guild_commands.get(&guild_id).cloned().unwrap_or_default();
            let loc = "name_localizations";
            if let Some(c) = guild_cmds.iter().find(|c| named(c, loc, &self.locale, top)) {
                (c.clone(), true)
            } else if let Some(c) = s
                .global_commands
                .iter()
                .find(|c| named(c, loc, &self.locale, top))
            {
                (c.clone(), false)
            } else {
                bail!("/{top} is not registered");
            }
        };
        // Walk subcommand groups and subcommands.
        let mut path: Vec<(String, u64)> = Vec::new();
        let mut defs = option_defs(&def);
        for word in words {
            let sub = defs
                .iter()
                .find(|o| {
                    named(o, "name_localizations", &self.locale, word)
                        && matches!(o["type"].as_u64(), Some(1 | 2))
                })
                .with_context(|| format!("/{command}: `{word}` is not a subcommand of /{top}"))?
                .clone();
            // The client sends the command's own name, whatever the user read.
            let name = sub["name"].as_str().unwrap_or(word).to_owned();
            path.push((name, sub["type"].as_u64().unwrap_or(1)));
            defs = option_defs(&sub);
        }
        if defs
            .iter()
            .any(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
        {
            bail!("/{command} needs a subcommand");
        }
        let mut users = Vec::new();
        let mut leaf = Vec::new();
        let mut given_names = Vec::new();
        for (typed, value) in given {
            let def = defs
                .iter()
                .find(|o| named(o, "name_localizations", &self.locale, typed))
                .with_context(|| {
                    let names: Vec<_> = defs.iter().filter_map(|o| o["name"].as_str()).collect();
                    format!("/{command} has no option `{typed}` (it has {names:?})")
                })?;
            let name = &def["name"].as_str().unwrap_or(typed);
            given_names.push(name.to_string());
            let kind = def["type"].as_u64().unwrap_or(3);
            if focused.is_some_and(|f| f == *name || f == *typed) {
                leaf.push(
                    json!({"name": name, "type": kind, "value": value.as_text(), "focused": true}),
                );
                continue;
            }
            let v = self.convert(command, name, def, kind, value, &mut users)?;
            leaf.push(json!({"name": name, "type": kind, "value": v}));
        }
        if focused.is_none() {
            for def in &defs {
                let name = def["name"].as_str().unwrap_or_default();
                if def["required"].as_bool() == Some(true) && !given_names.iter().any(|n| n == name)
                {
                    bail!("/{command}: the required option `{name}` is missing");
                }
            }
        }
        let mut options = Value::Array(leaf);
        for (name, kind) in path.into_iter().rev() {
            options = json!([{"name": name, "type": kind, "options": options}]);
        }
        let mut data = json!({
            "id": def["id"],
            "name": top,
            "type": def["type"].as_u64().unwrap_or(1),
            "options": options,
        });
        if guild {
            data["guild_id"] = json!(guild_id.to_string());
        }
        let channels: Vec<u64> = given
            .iter()
            .filter_map(|(_, v)| match v {
                Opt::Channel(id) => Some(*id),
                _ => None,
            })
            .collect();
        if !users.is_empty() || !channels.is_empty() {
            let mut u = Map::new();
            let mut m = Map::new();
            let departed = self.inner.lock().departed.clone();
            for user in &users {
                u.insert(user.id.to_string(), payloads::user(user));
                if !departed.contains(&user.id) {
                    m.insert(user.id.to_string(), payloads::partial_member());
                }
            }
            let mut c = Map::new();
            for id in &channels {
                // A partial channel, as Discord resolves a CHANNEL option: a text channel.
                c.insert(
                    id.to_string(),
                    json!({"id": id.to_string(), "name": "channel", "type": 0, "permissions": "0"}),
                );
            }
            data["resolved"] = json!({"users": u, "members": m, "channels": c});
        }
        Ok((data, users))
    }

    fn convert(
        &self,
        command: &str,
        name: &str,
        def: &Value,
        kind: u64,
        value: &Opt,
        users: &mut Vec<UserInfo>,
    ) -> anyhow::Result<Value> {
        let bad = || anyhow!("/{command}: `{name}` cannot take {value:?}");
        // A choice is picked by its name (or its value).
        if let Some(choices) = def
            .get("choices")
            .and_then(Value::as_array)
            .filter(|c| !c.is_empty())
        {
            let text = value.as_text();
            let found = choices.iter().find(|c| {
                c["name"]
                    .as_str()
                    .is_some_and(|n| n.eq_ignore_ascii_case(&text))
                    || c["name_localizations"][self.locale.as_str()] == text.as_str()
                    || c["value"].as_str() == Some(text.as_str())
                    || c["value"]
                        .as_i64()
                        .is_some_and(|v| Some(v) == text.parse().ok())
            });
            return found.map(|c| c["value"].clone()).with_context(|| {
                let names: Vec<_> = choices.iter().filter_map(|c| c["name"].as_str()).collect();
                format!("/{command}: `{name}` must be one of {names:?}, not {text:?}")
            });
        }
        let v = match (kind, value) {
            (3, v) => json!(v.as_text()),
            (4, Opt::Int(n)) => json!(n),
            (4, Opt::Str(s)) => json!(s.trim().parse::<i64>().map_err(|_| bad())?),
            (10, Opt::Int(n)) => json!(*n as f64),
            (10, Opt::Num(n)) => json!(n),
            (10, Opt::Str(s)) => json!(s.trim().parse::<f64>().map_err(|_| bad())?),
            (5, Opt::Bool(b)) => json!(b),
            (5, Opt::Str(s)) => json!(s.parse::<bool>().map_err(|_| bad())?),
            (7, Opt::Channel(id)) => json!(id.to_string()),
            (6 | 9, Opt::User(id)) => {
                let user = self.inner.lock().users.get(id).cloned().ok_or_else(bad)?;
                users.push(user);
                json!(id.to_string())
            }
            _ => return Err(bad()),
        };
        let number = v.as_f64();
        if let (Some(n), Some(min)) = (number, def.get("min_value").and_then(Value::as_f64)) {
            if n < min && kind != 3 {
                bail!("/{command}: `{name}` must be at least {min}");
            }
        }
        if let (Some(n), Some(max)) = (number, def.get("max_value").and_then(Value::as_f64)) {
            if n > max && kind != 3 {
                bail!("/{command}: `{name}` must be at most {max}");
            }
        }
        Ok(v)
    }

    /// Builds and dispatches an interaction of `kind` (2 command, 3 component, 4 autocomplete).
    async fn send(&self, kind: u8, data: Value, message: Option<Value>) -> anyhow::Result<Sent> {
        let inner = &self.inner;
        let id = inner.id();
        let token = format!("itok{id}x{}", inner.id());
        let channel_name = inner
            .lock()
            .channels
            .iter()
            .find(|(c, _)| *c == self.channel_id)
            .map(|(_, n)| n.clone())
            .unwrap_or_else(|| "general".into());
        let guild_id = self.guild_id();
        let guild = guild_id.to_string();
        let guild_locale = inner
            .lock()
            .guild_locales
            .get(&guild_id)
            .cloned()
            .unwrap_or_else(|| "en-US".into());
        let mut member = payloads::member(&self.user);
        if inner.lock().restricted.contains(&self.user.id) {
            member["permissions"] = json!(payloads::WITHOUT_MANAGE_SERVER);
        }
        // In a thread, the thread; elsewhere a text channel, where the bot may open
        // threads only if the test allowed it (`FakeDiscord::allow_threads`).
        let (channel, app_permissions) = {
            let s = inner.lock();
            let all: u64 = payloads::ALL_PERMISSIONS.parse().unwrap_or(u64::MAX);
            match s.threads.get(&self.channel_id) {
                Some(t) => (payloads::thread_channel(t, guild_id, inner.bot.id), all),
                None if s.thread_permission.contains(&self.channel_id) => (
                    payloads::partial_channel(self.channel_id, &channel_name, guild_id),
                    all,
                ),
                None => (
                    payloads::partial_channel(self.channel_id, &channel_name, guild_id),
                    all & !crate::model::THREAD_PERMISSIONS,
                ),
            }
        };
        let mut payload = json!({
            "id": id.to_string(),
            "application_id": inner.app_id.to_string(),
            "type": kind,
            "data": data,
            "guild_id": guild,
            "guild": {"id": guild, "locale": guild_locale, "features": []},
            "channel": channel,
            "channel_id": self.channel_id.to_string(),
            "member": member,
            "token": token,
            "version": 1,
            "app_permissions": app_permissions.to_string(),
            "locale": self.locale,
            "guild_locale": guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild},
            "context": 0,
            "attachment_size_limit": 10_485_760,
        });
        let source_message = message
            .as_ref()
            .and_then(|m| m["id"].as_str())
            .and_then(|s| s.parse().ok());
        if let Some(m) = message {
            payload["message"] = m;
        }
        // The clock starts when the event leaves the fake, so wait for the guild's shard's
        // session first.
        inner
            .wait_for(inner.config.wait, "a live gateway session", |s| {
                s.gateway.live(s.gateway.shard_of(guild_id))
            })
            .await?;
        let dispatched_at = Instant::now();
        inner.lock().interactions.insert(
            token.clone(),
            InteractionState {
                id,
                kind,
                channel_id: self.channel_id,
                dispatched_at,
                on_wire: false,
                source_message,
                callback: None,
                original: None,
                followups: Vec::new(),
                touched: Vec::new(),
                expired: None,
                choices: None,
                payload: payload.clone(),
            },
        );
        gateway::dispatch(inner, guild_id, "INTERACTION_CREATE", payload).await?;
        Ok(Sent {
            inner: Arc::clone(inner),
            id,
            token,
            kind,
            dispatched_at,
            user: self.user.name.clone(),
        })
    }
}

/// A dispatched interaction: wait on it for the bot's answer.
#[derive(Clone)]
pub struct Sent {
    inner: Arc<Inner>,
    /// Interaction id.
    pub id: u64,
    /// Interaction token.
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete.
    pub kind: u8,
    /// When the event was queued for the gateway socket. Discord's window is measured by
    /// the fake from when the frame went on the wire ([`Sent::sent_at`]).
    pub dispatched_at: Instant,
    user: String,
}

impl std::fmt::Debug for Sent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sent")
            .field("id", &self.id)
            .field("kind", &self.kind)
            .field("user", &self.user)
            .finish()
    }
}

impl Sent {
    fn state(&self) -> Option<InteractionState> {
        self.inner.lock().interactions.get(&self.token).cloned()
    }

    /// Waits for the bot's visible answer, with the fake's default wait.
    ///
    /// A message response (4) or update (7) is the answer at once; after a deferral (5, 6) the
    /// answer is the first edit or follow-up.
    ///
    /// # Errors
    /// On timeout, or if the interaction was an autocomplete.
    pub async fn reply(&self) -> anyhow::Result<Reply> {
        self.reply_within(self.inner.config.wait).await
    }

    /// Same as [`Sent::reply`]; reads like the scenarios.
    ///
    /// # Errors
    /// See [`Sent::reply`].
    pub async fn expect_reply(&self) -> anyhow::Result<Reply> {
        self.reply().await
    }

    /// [`Sent::reply`] with an explicit timeout.
    ///
    /// # Errors
    /// See [`Sent::reply`].
    pub async fn reply_within(&self, timeout: Duration) -> anyhow::Result<Reply> {
        let token = self.token.clone();
        // The fake refuses a callback past Discord's window (and names it a violation,
        // with the machine's load); wait for either, measured on the fake's clock.
        let deadline = self.inner.config.interaction_deadline;
        let what = format!(
            "interaction {} of {} to be acknowledged",
            self.id, self.user
        );
        let acked = self
            .inner
            .wait_for(timeout, what, |s| {
                let it = s.interactions.get(&token)?;
                it.callback
                    .map(|_| Ok(()))
                    .or_else(|| it.expired.clone().map(Err))
            })
            .await?;
        if let Err((late, load)) = acked {
            bail!(
                "interaction {} of {} was acknowledged after {late:?}, past Discord's {deadline:?} \
                 ({load}): the user saw \"The application did not respond\"",
                self.id,
                self.user
            );
        }
        let what = format!("the reply to interaction {} of {}", self.id, self.user);
        let (callback_type, at, message_id) = self
            .inner
            .wait_for(
                timeout.saturating_sub(self.dispatched_at.elapsed()),
                what,
                |s| {
                    let it = s.interactions.get(&token)?;
                    let (ty, at) = it.callback?;
                    let done = match ty {
                        4 | 7 => true,
                        5 => it
                            .original
                            .and_then(|o| s.messages.get(&o))
                            .is_some_and(|m| {
                                if m.deleted {
                                    // A deleted "thinking…": the answer is the follow-up.
                                    !it.followups.is_empty()
                                } else {
                                    m.json["flags"].as_u64().unwrap_or(0) & FLAG_LOADING == 0
                                }
                            }),
                        6 => !it.touched.is_empty(),
                        _ => true,
                    };
                    let original_deleted = it
                        .original
                        .and_then(|o| s.messages.get(&o))
                        .is_some_and(|m| m.deleted);
                    // After a deferred update, what the user sees is the first message
                    // touched; after a deleted deferral, the first follow-up.
                    let shown = if ty == 6 {
                        it.touched.first().copied()
                    } else if ty == 5 && original_deleted {
                        it.followups.first().copied()
                    } else {
                        it.original
                    };
                    done.then_some((ty, at, shown))
                },
            )
            .await?;
        if callback_type == 8 {
            bail!(
                "interaction {} was answered with autocomplete choices, not a message",
                self.id
            );
        }
        let (message, files, pings, allowed_mentions) = match message_id {
            Some(id) => {
                let s = self.inner.lock();
                let m = s.messages.get(&id).context("reply message vanished")?;
                (
                    m.json.clone(),
                    m.files.iter().map(|(_, f)| f.clone()).collect(),
                    m.pings.clone(),
                    m.allowed_mentions.clone(),
                )
            }
            None => (Value::Null, Vec::new(), Pings::default(), None),
        };
        let deferral_deleted = {
            let s = self.inner.lock();
            s.interactions
                .get(&token)
                .and_then(|it| it.original)
                .and_then(|o| s.messages.get(&o))
                .is_some_and(|m| m.deleted)
        };
        Ok(Reply {
            pings,
            allowed_mentions,
            deferral_deleted,
            callback_type,
            elapsed: at.saturating_duration_since(self.sent_at()),
            message_id,
            message,
            files,
            interaction_id: self.id,
        })
    }

    /// Waits for autocomplete choices and returns them as `(name, value)`.
    ///
    /// # Errors
    /// On timeout, or if the bot answered otherwise.
    pub async fn choices(&self) -> anyhow::Result<Vec<(String, Value)>> {
        let token = self.token.clone();
        let what = format!("autocomplete choices for interaction {}", self.id);
        let (ty, choices) = self
            .inner
            .wait_for(self.inner.config.wait, what, |s| {
                let it = s.interactions.get(&token)?;
                let (ty, _) = it.callback?;
                Some((ty, it.choices.clone()))
            })
            .await?;
        let Some(Value::Array(list)) = choices else {
            bail!(
                "interaction {} was answered with callback type {ty}, not choices",
                self.id
            );
        };
        Ok(list
            .into_iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap_or_default().to_owned(),
                    c["value"].clone(),
                )
            })
            .collect())
    }

    /// Time from dispatch (the frame on the wire) to the bot's first callback, if it
    /// came: what Discord's 3-second window measures, on the fake's clock.
    #[must_use]
    pub fn acknowledged_after(&self) -> Option<Duration> {
        let st = self.state()?;
        st.callback
            .map(|(_, at)| at.saturating_duration_since(st.dispatched_at))
    }

    /// When the fake put the interaction on the bot's gateway socket (before that
    /// happened, when it was queued).
    #[must_use]
    pub fn sent_at(&self) -> Instant {
        self.state().map_or(self.dispatched_at, |s| s.dispatched_at)
    }

    /// The bot's callbacks for this interaction as the fake received them, in order:
    /// HTTP status of each (204 accepted; 400 with code 40060 for a second one).
    #[must_use]
    pub fn callbacks(&self) -> Vec<u16> {
        let path_end = format!("/interactions/{}/{}/callback", self.id, self.token);
        self.inner
            .lock()
            .requests
            .iter()
            .filter(|r| r.method == "POST" && r.path.ends_with(&path_end))
            .map(|r| r.status)
            .collect()
    }

    /// Every message this interaction produced so far (original response, then follow-ups).
    #[must_use]
    pub fn messages(&self) -> Vec<Value> {
        let Some(st) = self.state() else {
            return Vec::new();
        };
        let s = self.inner.lock();
        st.original
            .iter()
            .chain(st.followups.iter())
            .filter_map(|id| {
                s.messages
                    .get(id)
                    .filter(|m| !m.deleted)
                    .map(|m| m.json.clone())
            })
            .collect()
    }

    /// Waits until this interaction has produced `n` messages (original + follow-ups).
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_messages(&self, n: usize) -> anyhow::Result<Vec<Value>> {
        let token = self.token.clone();
        self.inner
            .wait_for(
                self.inner.config.wait,
                format!("{n} messages for interaction {}", self.id),
                |s| {
                    let it = s.interactions.get(&token)?;
                    let count = usize::from(it.original.is_some()) + it.followups.len();
                    (count >= n).then_some(())
                },
            )
            .await?;
        Ok(self.messages())
    }
}

/// A button found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// The bot's `custom_id`.
    pub custom_id: String,
    /// The text on the button.
    pub label: String,
    /// Whether it is greyed out.
    pub disabled: bool,
    /// The message it is on.
    pub message_id: u64,
    /// That message's channel.
    pub channel_id: u64,
}

/// A string select menu found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// The bot's `custom_id`.
    pub custom_id: String,
    /// The options' values, in order.
    pub values: Vec<String>,
    /// The message it is on.
    pub message_id: u64,
    /// That message's channel.
    pub channel_id: u64,
}

fn menus_of(message: &Value, message_id: u64, channel_id: u64) -> Vec<Menu> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["type"].as_u64() == Some(3) {
                if let Some(custom_id) = c["custom_id"].as_str() {
                    let values = c["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|o| o["value"].as_str().map(str::to_owned))
                        .collect();
                    out.push(Menu {
                        custom_id: custom_id.to_owned(),
                        values,
                        message_id,
                        channel_id,
                    });
                }
            }
        }
    }
    out
}

fn buttons_of(message: &Value, message_id: u64, channel_id: u64) -> Vec<Button> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["type"].as_u64() == Some(2) {
                if let Some(custom_id) = c["custom_id"].as_str() {
                    out.push(Button {
                        custom_id: custom_id.to_owned(),
                        label: c["label"].as_str().unwrap_or_default().to_owned(),
                        disabled: c["disabled"].as_bool().unwrap_or(false),
                        message_id,
                        channel_id,
                    });
                }
            }
        }
    }
    out
}

/// The bot's answer to an interaction, as a user sees it.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The first callback's type: 4 message, 5 deferred, 6 deferred update, 7 update.
    pub callback_type: u8,
    /// Dispatch (the frame on the wire) to first callback, on the fake's clock: what
    /// Discord's 3-second window measures.
    pub elapsed: Duration,
    /// The message shown (for 6 without edits, none).
    pub message_id: Option<u64>,
    /// That message as the fake holds it.
    pub message: Value,
    /// Its attachments' bytes.
    pub files: Vec<File>,
    /// The interaction this answers.
    pub interaction_id: u64,
    /// Whether the deferred response ("thinking…") was deleted (a public deferral whose
    /// answer turned out private).
    pub deferral_deleted: bool,
    /// Who the message pinged (mentions in its content that `allowed_mentions` allows).
    pub pings: Pings,
    /// The message's `allowed_mentions` (`None`: absent, Discord's default).
    pub allowed_mentions: Option<Value>,
}

impl Reply {
    /// Whether only the invoking user sees it.
    #[must_use]
    pub fn is_ephemeral(&self) -> bool {
        self.message["flags"].as_u64().unwrap_or(0) & FLAG_EPHEMERAL != 0
    }

    /// The message content.
    #[must_use]
    pub fn content(&self) -> &str {
        self.message["content"].as_str().unwrap_or_default()
    }

    /// Everything readable: content, and embeds' titles, descriptions, fields and footers.
    #[must_use]
    pub fn text(&self) -> String {
        let mut parts = vec![self.content().to_owned()];
        for e in self.message["embeds"].as_array().into_iter().flatten() {
            for key in ["title", "description"] {
                if let Some(t) = e[key].as_str() {
                    parts.push(t.to_owned());
                }
            }
            for f in e["fields"].as_array().into_iter().flatten() {
                parts.push(format!(
                    "{}: {}",
                    f["name"].as_str().unwrap_or_default(),
                    f["value"].as_str().unwrap_or_default()
                ));
            }
            if let Some(t) = e["footer"]["text"].as_str() {
                parts.push(t.to_owned());
            }
            if let Some(t) = e["author"]["name"].as_str() {
                parts.push(t.to_owned());
            }
        }
        parts.retain(|p| !p.is_empty());
        parts.join("\n")
    }

    /// The message's buttons.
    #[must_use]
    pub fn buttons(&self) -> Vec<Button> {
        let channel = self.message["channel_id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .unwrap_or_default();
        buttons_of(&self.message, self.message_id.unwrap_or_default(), channel)
    }

    /// The message's select menu.
    ///
    /// # Errors
    /// If it has none.
    pub fn menu(&self) -> anyhow::Result<Menu> {
        let channel = self.message["channel_id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .unwrap_or_default();
        menus_of(&self.message, self.message_id.unwrap_or_default(), channel)
            .into_iter()
            .next()
            .with_context(|| format!("no select menu on the reply; text: {}", self.text()))
    }

    /// The button whose label contains `label` (case-insensitive).
    ///
    /// # Errors
    /// If there is none.
    pub fn button(&self, label: &str) -> anyhow::Result<Button> {
        let want = label.to_lowercase();
        let all = self.buttons();
        all.iter()
            .find(|b| b.label.to_lowercase().contains(&want))
            .cloned()
            .with_context(|| {
                let labels: Vec<_> = all.iter().map(|b| b.label.as_str()).collect();
                format!(
                    "no button {label:?} on the reply (buttons: {labels:?}); text: {}",
                    self.text()
                )
            })
    }

    /// The first PNG attachment, decoded.
    ///
    /// # Errors
    /// If there is none or it does not decode.
    pub fn png(&self) -> anyhow::Result<image::RgbaImage> {
        let file = self
            .files
            .iter()
            .find(|f| f.is_png())
            .with_context(|| format!("no PNG attachment on the reply: {}", self.text()))?;
        let img = image::load_from_memory_with_format(&file.data, image::ImageFormat::Png)
            .with_context(|| format!("attachment {} does not decode as PNG", file.filename))?;
        Ok(img.to_rgba8())
    }

    /// Asserts that the reply carries a PNG that decodes.
    ///
    /// # Errors
    /// If it does not.
    pub fn with_png(self) -> anyhow::Result<Self> {
        self.png()?;
        Ok(self)
    }

    /// Asserts that the reply is ephemeral.
    ///
    /// # Errors
    /// If it is not.
    pub fn ephemeral(self) -> anyhow::Result<Self> {
        if !self.is_ephemeral() {
            bail!(
                "expected an ephemeral reply, got a public one: {}",
                self.text()
            );
        }
        Ok(self)
    }

    /// Asserts that the reply is public.
    ///
    /// # Errors
    /// If it is ephemeral.
    pub fn public(self) -> anyhow::Result<Self> {
        if self.is_ephemeral() {
            bail!(
                "expected a public reply, got an ephemeral one: {}",
                self.text()
            );
        }
        Ok(self)
    }

    /// Asserts that the text contains `needle` (case-insensitive).
    ///
    /// # Errors
    /// If it does not.
    pub fn containing(self, needle: &str) -> anyhow::Result<Self> {
        if !self.text().to_lowercase().contains(&needle.to_lowercase()) {
            bail!(
                "expected the reply to contain {needle:?}, got: {}",
                self.text()
            );
        }
        Ok(self)
    }
}
