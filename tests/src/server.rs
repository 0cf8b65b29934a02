//! The fake's HTTP side: Discord's REST routes that serenity and poise call, plus the gateway
//! upgrade. Every request is recorded before it is answered.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State as AxumState, WebSocketUpgrade};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::gateway::{self, GatewayState};
use crate::payloads::{self, UserInfo, FLAG_EPHEMERAL, FLAG_LOADING};
use crate::record::{api_segments, File, Recorded};

/// Settings of a fake.
#[derive(Clone, Debug)]
pub struct Config {
    /// Discord's window for the first response to an interaction. A callback that arrives later
    /// is refused with `10062 Unknown interaction` and counted as a violation.
    pub interaction_deadline: Duration,
    /// How long helpers wait for the bot by default (replies, READY, registration).
    pub wait: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            interaction_deadline: Duration::from_secs(3),
            wait: Duration::from_secs(20),
        }
    }
}

/// A message the fake holds, with the bytes of its attachments.
#[derive(Clone, Debug)]
pub(crate) struct StoredMessage {
    pub json: Value,
    /// `(attachment id, file)` in attachment order.
    pub files: Vec<(u64, File)>,
    pub deleted: bool,
}

/// What the fake knows of a dispatched interaction.
#[derive(Clone, Debug)]
pub(crate) struct InteractionState {
    pub id: u64,
    /// 2 application command, 3 message component, 4 autocomplete.
    pub kind: u8,
    pub channel_id: u64,
    pub dispatched_at: Instant,
    /// The message a component belongs to.
    pub source_message: Option<u64>,
    /// The first accepted callback: type and time.
    pub callback: Option<(u8, Instant)>,
    /// The message `@original` designates, once there is one.
    pub original: Option<u64>,
    /// Messages created by follow-ups.
    pub followups: Vec<u64>,
    /// Messages created or edited through the webhook after the callback, in order.
    pub touched: Vec<u64>,
    /// Autocomplete choices (callback type 8).
    pub choices: Option<Value>,
    /// The interaction payload, for redelivery.
    pub payload: Value,
    /// Set when the bot's first callback came after the deadline: how late it was.
    pub expired: Option<Duration>,
}

#[derive(Default)]
pub(crate) struct State {
    pub requests: Vec<Recorded>,
    pub global_commands: Vec<Value>,
    pub guild_commands: HashMap<u64, Vec<Value>>,
    pub messages: HashMap<u64, StoredMessage>,
    /// Keyed by interaction token.
    pub interactions: HashMap<String, InteractionState>,
    pub users: HashMap<u64, UserInfo>,
    pub channels: Vec<(u64, String)>,
    pub gateway: GatewayState,
    pub violations: Vec<String>,
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
        format!("ws://{}/gateway", self.addr)
    }

    fn attachment_url(&self, id: u64, filename: &str) -> String {
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
        let mut state = State::default();
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
        let app = Router::new()
            .route("/gateway", get(gateway_upgrade))
            .route("/", get(gateway_upgrade))
            .fallback(rest)
            .with_state(Arc::clone(&inner));
        let server = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!("fake Discord stopped: {e}");
            }
        });
        Ok(Self { inner, server })
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

    /// Registers a new text channel in the test guild and returns its id.
    pub fn channel(&self, name: &str) -> u64 {
        let id = self.inner.id();
        self.inner.lock().channels.push((id, name.to_owned()));
        id
    }

    /// The channel every new [`Player`](crate::Player) starts in.
    #[must_use]
    pub fn default_channel(&self) -> u64 {
        self.inner.default_channel
    }
}

async fn gateway_upgrade(
    AxumState(inner): AxumState<Arc<Inner>>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.max_message_size(16 << 20)
        .on_upgrade(move |socket| gateway::connection(inner, socket))
}

/// What the bot sent: JSON (or `payload_json`) and files.
struct Body_ {
    json: Option<Value>,
    files: Vec<File>,
}

async fn read_body(req: Request) -> Result<Body_, String> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if multipart {
        let mut form = Multipart::from_request(req, &())
            .await
            .map_err(|e| e.body_text())?;
        let mut json = None;
        let mut files = Vec::new();
        while let Some(field) = form.next_field().await.map_err(|e| e.body_text())? {
            let name = field.name().unwrap_or_default().to_owned();
            let filename = field.file_name().map(str::to_owned);
            let content_type = field.content_type().map(str::to_owned);
            let data = field.bytes().await.map_err(|e| e.body_text())?;
            if name == "payload_json" {
                json =
                    Some(serde_json::from_slice(&data).map_err(|e| format!("payload_json: {e}"))?);
            } else {
                files.push(File {
                    filename: filename.unwrap_or_else(|| name.clone()),
                    field: name,
                    content_type,
                    data,
                });
            }
        }
        Ok(Body_ { json, files })
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 64 << 20)
            .await
            .map_err(|e| e.to_string())?;
        let json = if bytes.is_empty() {
            None
        } else {
            Some(serde_json::from_slice(&bytes).map_err(|e| format!("JSON body: {e}"))?)
        };
        Ok(Body_ {
            json,
            files: Vec::new(),
        })
    }
}

/// Every route but the gateway.
async fn rest(AxumState(inner): AxumState<Arc<Inner>>, req: Request) -> Response {
    let at = Instant::now();
    let method = req.method().to_string();
    let path = req.uri().path().to_owned();
    let query = req.uri().query().map(str::to_owned);

    // Attachment downloads are plain bytes, not API calls.
    if let Some(rest) = path.strip_prefix("/attachments/") {
        let id = rest.split('/').next().and_then(|s| s.parse::<u64>().ok());
        let file = id.and_then(|id| {
            inner
                .lock()
                .messages
                .values()
                .flat_map(|m| m.files.iter())
                .find(|(aid, _)| *aid == id)
                .map(|(_, f)| f.clone())
        });
        return match file {
            Some(f) => (StatusCode::OK, f.data).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        };
    }

    let (status, response, json, files) = match read_body(req).await {
        Ok(body) => {
            let (status, response) =
                route(&inner, at, &method, &path, body.json.as_ref(), &body.files);
            (status, response, body.json, body.files)
        }
        Err(e) => (
            400,
            payloads::error(50109, &format!("The request body is invalid: {e}")),
            None,
            Vec::new(),
        ),
    };
    {
        let mut s = inner.lock();
        let index = s.requests.len();
        if status == 404
            && !response["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("Unknown"))
        {
            s.violations.push(format!("unknown route {method} {path}"));
        }
        s.requests.push(Recorded {
            index,
            at,
            method,
            path,
            query,
            json,
            files,
            status,
            response: response.clone(),
        });
    }
    inner.changed();
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if status == 204 {
        return Response::builder()
            .status(code)
            .body(Body::empty())
            .unwrap_or_default();
    }
    (code, axum::Json(response)).into_response()
}

type Answer = (u16, Value);

fn not_found(what: &str, code: u32) -> Answer {
    (404, payloads::error(code, &format!("Unknown {what}")))
}

/// Answers one REST call. The state is locked here and nowhere across an await.
fn route(
    inner: &Inner,
    at: Instant,
    method: &str,
    path: &str,
    json: Option<&Value>,
    files: &[File],
) -> Answer {
    let Some(seg) = api_segments(path) else {
        return (404, payloads::error(0, "404: Not Found"));
    };
    let empty = Value::Null;
    let body = json.unwrap_or(&empty);
    let app = inner.app_id.to_string();
    match (method, seg.as_slice()) {
        ("GET", ["gateway"]) => (200, json!({"url": inner.gateway_url()})),
        ("GET", ["gateway", "bot"]) => (
            200,
            json!({
                "url": inner.gateway_url(),
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            }),
        ),
        ("GET", ["users", "@me"]) => (200, payloads::user(&inner.bot)),
        ("GET", ["users", id]) => {
            let user = id
                .parse()
                .ok()
                .and_then(|id| inner.lock().users.get(&id).cloned());
            user.map_or_else(|| not_found("User", 10013), |u| (200, payloads::user(&u)))
        }
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => (
            200,
            payloads::application(inner.app_id, &inner.bot, &inner.owner),
        ),
        ("POST", ["users", "@me", "channels"]) => {
            let recipient = body["recipient_id"]
                .as_str()
                .and_then(|s| s.parse::<u64>().ok());
            let user = recipient.and_then(|id| inner.lock().users.get(&id).cloned());
            match user {
                Some(u) => {
                    let id = inner.id();
                    (
                        200,
                        json!({"id": id.to_string(), "type": 1, "last_message_id": null, "recipients": [payloads::user(&u)]}),
                    )
                }
                None => not_found("User", 10013),
            }
        }
        (_, ["applications", a, "commands", ..]) if *a != app => not_found("Application", 10002),
        (_, ["applications", a, "guilds", ..]) if *a != app => not_found("Application", 10002),
        ("PUT", ["applications", _, "commands"]) => {
            let registered = register(inner, body, None);
            inner.lock().global_commands = registered.clone();
            (200, Value::Array(registered))
        }
        ("GET", ["applications", _, "commands"]) => {
            (200, Value::Array(inner.lock().global_commands.clone()))
        }
        ("PUT", ["applications", _, "guilds", g, "commands"]) => match g.parse::<u64>() {
            Ok(g) if g == inner.guild_id => {
                let registered = register(inner, body, Some(g));
                inner.lock().guild_commands.insert(g, registered.clone());
                (200, Value::Array(registered))
            }
            _ => not_found("Guild", 10004),
        },
        ("GET", ["applications", _, "guilds", g, "commands"]) => {
            let g = g.parse::<u64>().unwrap_or_default();
            (
                200,
                Value::Array(
                    inner
                        .lock()
                        .guild_commands
                        .get(&g)
                        .cloned()
                        .unwrap_or_default(),
                ),
            )
        }
        ("POST", ["applications", _, rest @ ..])
            if matches!(rest, ["commands"] | ["guilds", _, "commands"]) =>
        {
            let guild = match rest {
                ["guilds", g, _] => g.parse::<u64>().ok(),
                _ => None,
            };
            let one = register(inner, &json!([body]), guild)
                .pop()
                .unwrap_or_default();
            let mut s = inner.lock();
            let list = match guild {
                Some(g) => s.guild_commands.entry(g).or_default(),
                None => &mut s.global_commands,
            };
            list.retain(|c| c["name"] != one["name"]);
            list.push(one.clone());
            (201, one)
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(inner, at, id, token, body, files)
        }
        (_, ["webhooks", a, token, rest @ ..]) => {
            if *a != app {
                return not_found("Webhook", 10015);
            }
            webhook(inner, method, token, rest, body, files)
        }
        ("POST", ["channels", c, "messages"]) => {
            let Some(channel) = known_channel(inner, c) else {
                return not_found("Channel", 10003);
            };
            let mut s = inner.lock();
            let id = create_message(inner, &mut s, channel, 0, None, body, files);
            (200, s.messages[&id].json.clone())
        }
        (_, ["channels", c, "messages", m]) => {
            let (Some(_), Ok(m)) = (known_channel(inner, c), m.parse::<u64>()) else {
                return not_found("Channel", 10003);
            };
            let mut s = inner.lock();
            match method {
                "GET" => s
                    .messages
                    .get(&m)
                    .filter(|x| !x.deleted)
                    .map_or_else(|| not_found("Message", 10008), |x| (200, x.json.clone())),
                "PATCH" => edit_message(inner, &mut s, m, body, files),
                "DELETE" => delete_message(&mut s, m),
                _ => (405, payloads::error(0, "405: Method Not Allowed")),
            }
        }
        ("GET", ["channels", c]) => match known_channel(inner, c) {
            Some(id) => {
                let s = inner.lock();
                let (pos, name) = s
                    .channels
                    .iter()
                    .enumerate()
                    .find(|(_, (cid, _))| *cid == id)
                    .map(|(i, (_, n))| (i, n.clone()))
                    .unwrap_or_default();
                (200, payloads::guild_channel(id, &name, inner.guild_id, pos))
            }
            None => not_found("Channel", 10003),
        },
        ("POST", ["channels", _, "typing"]) => (204, Value::Null),
        ("GET", ["guilds", g, "members", u]) if *g == inner.guild_id.to_string() => {
            let user = u
                .parse()
                .ok()
                .and_then(|id| inner.lock().users.get(&id).cloned());
            user.map_or_else(
                || not_found("Member", 10007),
                |u| (200, payloads::member(&u)),
            )
        }
        _ => (404, payloads::error(0, "404: Not Found")),
    }
}

fn known_channel(inner: &Inner, c: &str) -> Option<u64> {
    let id = c.parse::<u64>().ok()?;
    inner
        .lock()
        .channels
        .iter()
        .any(|(cid, _)| *cid == id)
        .then_some(id)
}

/// Gives ids to a list of command definitions, as Discord answers a bulk overwrite.
fn register(inner: &Inner, body: &Value, guild: Option<u64>) -> Vec<Value> {
    let list = body.as_array().cloned().unwrap_or_default();
    let previous: Vec<Value> = {
        let s = inner.lock();
        match guild {
            Some(g) => s.guild_commands.get(&g).cloned().unwrap_or_default(),
            None => s.global_commands.clone(),
        }
    };
    list.into_iter()
        .map(|mut c| {
            // Discord keeps a command's id when it is overwritten under the same name.
            let id = previous
                .iter()
                .find(|p| p["name"] == c["name"])
                .and_then(|p| p["id"].as_str().map(str::to_owned))
                .unwrap_or_else(|| inner.id().to_string());
            c["id"] = json!(id);
            c["application_id"] = json!(inner.app_id.to_string());
            c["version"] = json!(inner.id().to_string());
            if c.get("type").is_none_or(Value::is_null) {
                c["type"] = json!(1);
            }
            if c.get("description").is_none_or(Value::is_null) {
                c["description"] = json!("");
            }
            if c.get("default_member_permissions").is_none() {
                c["default_member_permissions"] = Value::Null;
            }
            if let Some(g) = guild {
                c["guild_id"] = json!(g.to_string());
            }
            c
        })
        .collect()
}

/// The attachment list for a new message: the files in `payload.attachments` order if given.
fn new_attachments(inner: &Inner, payload: &Value, files: &[File]) -> Vec<(u64, File)> {
    let ordered: Vec<&File> = match payload.get("attachments").and_then(Value::as_array) {
        Some(list) if !list.is_empty() => list
            .iter()
            .filter_map(|a| {
                let id = match &a["id"] {
                    Value::Number(n) => n.to_string(),
                    Value::String(s) => s.clone(),
                    _ => return None,
                };
                files.iter().find(|f| f.field == format!("files[{id}]"))
            })
            .collect(),
        _ => files.iter().collect(),
    };
    // Files not listed in `attachments` still arrive as attachments on Discord.
    let mut out: Vec<(u64, File)> = ordered.iter().map(|f| (inner.id(), (*f).clone())).collect();
    for f in files {
        if !ordered.iter().any(|o| o.field == f.field) {
            out.push((inner.id(), f.clone()));
        }
    }
    out
}

fn attachment_values(inner: &Inner, files: &[(u64, File)]) -> Vec<Value> {
    files
        .iter()
        .map(|(id, f)| {
            payloads::attachment(
                *id,
                &f.filename,
                f.data.len(),
                f.content_type.as_deref(),
                f.image_dimensions(),
                &inner.attachment_url(*id, &f.filename),
            )
        })
        .collect()
}

/// Creates a message from a create payload; returns its id.
fn create_message(
    inner: &Inner,
    s: &mut State,
    channel_id: u64,
    kind: u8,
    app_id: Option<u64>,
    payload: &Value,
    files: &[File],
) -> u64 {
    let id = inner.id();
    let stored = new_attachments(inner, payload, files);
    let flags = payload["flags"].as_u64().unwrap_or(0);
    let json = payloads::message(
        payloads::MessageParts {
            id,
            channel_id,
            guild_id: inner.guild_id,
            author: &inner.bot,
            app_id,
            kind,
            flags,
            attachments: attachment_values(inner, &stored),
        },
        payload,
    );
    s.messages.insert(
        id,
        StoredMessage {
            json,
            files: stored,
            deleted: false,
        },
    );
    id
}

/// Applies an edit payload to a stored message.
fn edit_message(inner: &Inner, s: &mut State, id: u64, payload: &Value, files: &[File]) -> Answer {
    let Some(old) = s.messages.get(&id).filter(|m| !m.deleted).cloned() else {
        return not_found("Message", 10008);
    };
    let mut files_now: Vec<(u64, File)> = match payload.get("attachments").and_then(Value::as_array)
    {
        Some(list) => {
            let keep: Vec<String> = list
                .iter()
                .filter_map(|a| match &a["id"] {
                    Value::String(s) => Some(s.clone()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                })
                .collect();
            old.files
                .iter()
                .filter(|(aid, _)| keep.contains(&aid.to_string()))
                .cloned()
                .collect()
        }
        None => old.files.clone(),
    };
    files_now.extend(new_attachments(inner, payload, files));
    let mut json = old.json.clone();
    for key in ["content", "embeds", "components"] {
        if let Some(v) = payload.get(key) {
            json[key] = if v.is_null() {
                if key == "content" {
                    json!("")
                } else {
                    json!([])
                }
            } else {
                v.clone()
            };
        }
    }
    let flags = json["flags"].as_u64().unwrap_or(0) & !FLAG_LOADING;
    json["flags"] = json!(flags);
    json["edited_timestamp"] = json!(payloads::TIMESTAMP);
    json["attachments"] = Value::Array(attachment_values(inner, &files_now));
    s.messages.insert(
        id,
        StoredMessage {
            json: json.clone(),
            files: files_now,
            deleted: false,
        },
    );
    (200, json)
}

fn delete_message(s: &mut State, id: u64) -> Answer {
    match s.messages.get_mut(&id).filter(|m| !m.deleted) {
        Some(m) => {
            m.deleted = true;
            (204, Value::Null)
        }
        None => not_found("Message", 10008),
    }
}

/// `POST /interactions/{id}/{token}/callback`.
fn callback(
    inner: &Inner,
    now: Instant,
    id: &str,
    token: &str,
    body: &Value,
    files: &[File],
) -> Answer {
    let mut s = inner.lock();
    let Some(it) = s.interactions.get(token).cloned() else {
        s.violations
            .push(format!("callback for unknown interaction token {token}"));
        return not_found("interaction", 10062);
    };
    if it.id.to_string() != id {
        s.violations.push(format!(
            "callback with interaction id {id} for the token of {}",
            it.id
        ));
        return not_found("interaction", 10062);
    }
    if it.callback.is_some() {
        return (
            400,
            payloads::error(40060, "Interaction has already been acknowledged."),
        );
    }
    let waited = now.duration_since(it.dispatched_at);
    if waited > inner.config.interaction_deadline {
        if let Some(state) = s.interactions.get_mut(token) {
            state.expired = Some(waited);
        }
        s.violations.push(format!(
            "interaction {} answered after {waited:?} (deadline {:?})",
            it.id, inner.config.interaction_deadline
        ));
        return not_found("interaction", 10062);
    }
    let kind = body["type"].as_u64().unwrap_or(0);
    let data = body.get("data").cloned().unwrap_or_else(|| json!({}));
    let command_like = it.kind == 2 || it.kind == 3;
    let (original, choices) = match kind {
        4 if command_like => {
            let flags = data["flags"].as_u64().unwrap_or(0) & FLAG_EPHEMERAL;
            let mut data = data.clone();
            data["flags"] = json!(flags);
            let msg_kind = if it.kind == 2 { 20 } else { 0 };
            (
                Some(create_message(
                    inner,
                    &mut s,
                    it.channel_id,
                    msg_kind,
                    Some(inner.app_id),
                    &data,
                    files,
                )),
                None,
            )
        }
        5 if command_like => {
            let flags = (data["flags"].as_u64().unwrap_or(0) & FLAG_EPHEMERAL) | FLAG_LOADING;
            let msg_kind = if it.kind == 2 { 20 } else { 0 };
            let id = create_message(
                inner,
                &mut s,
                it.channel_id,
                msg_kind,
                Some(inner.app_id),
                &json!({"flags": flags}),
                &[],
            );
            (Some(id), None)
        }
        6 if it.kind == 3 => (it.source_message, None),
        7 if it.kind == 3 => {
            let Some(src) = it.source_message else {
                return not_found("Message", 10008);
            };
            let (status, answer) = edit_message(inner, &mut s, src, &data, files);
            if status != 200 {
                return (status, answer);
            }
            (Some(src), None)
        }
        8 if it.kind == 4 => {
            let choices = data.get("choices").cloned().unwrap_or_else(|| json!([]));
            if choices.as_array().is_none_or(|c| c.len() > 25) {
                return (
                    400,
                    payloads::error(
                        50035,
                        "Invalid Form Body: choices must have at most 25 items",
                    ),
                );
            }
            (None, Some(choices))
        }
        9 if command_like => (None, None),
        _ => {
            s.violations.push(format!(
                "callback type {kind} is not valid for interaction type {}",
                it.kind
            ));
            return (
                400,
                payloads::error(50035, "Invalid Form Body: interaction response type"),
            );
        }
    };
    if let Some(state) = s.interactions.get_mut(token) {
        state.callback = Some((u8::try_from(kind).unwrap_or(u8::MAX), now));
        state.original = original;
        state.choices = choices;
    }
    (204, Value::Null)
}

/// `/webhooks/{app}/{token}...`: follow-ups and edits of interaction responses.
fn webhook(
    inner: &Inner,
    method: &str,
    token: &str,
    rest: &[&str],
    body: &Value,
    files: &[File],
) -> Answer {
    let mut s = inner.lock();
    let Some(it) = s.interactions.get(token).cloned() else {
        return not_found("Webhook", 10015);
    };
    if it.callback.is_none() {
        // Discord refuses follow-ups and edits before the interaction is acknowledged.
        s.violations.push(format!(
            "webhook call {method} for interaction {} before its callback",
            it.id
        ));
        return not_found("Webhook", 10015);
    }
    let answer = match (method, rest) {
        ("POST", []) => {
            // The first follow-up to a deferred response replaces the "thinking..." message.
            let loading = it
                .original
                .and_then(|o| s.messages.get(&o))
                .is_some_and(|m| m.json["flags"].as_u64().unwrap_or(0) & FLAG_LOADING != 0);
            if let (true, Some(original)) = (loading, it.original) {
                edit_message(inner, &mut s, original, body, files)
            } else {
                let flags = body["flags"].as_u64().unwrap_or(0) & FLAG_EPHEMERAL;
                let mut payload = body.clone();
                payload["flags"] = json!(flags);
                let id = create_message(
                    inner,
                    &mut s,
                    it.channel_id,
                    0,
                    Some(inner.app_id),
                    &payload,
                    files,
                );
                if let Some(state) = s.interactions.get_mut(token) {
                    state.followups.push(id);
                }
                (200, s.messages[&id].json.clone())
            }
        }
        (_, ["messages", which]) => {
            let target = if *which == "@original" {
                it.original
            } else {
                which.parse().ok()
            };
            let Some(target) = target else {
                return not_found("Message", 10008);
            };
            let belongs = Some(target) == it.original || it.followups.contains(&target);
            if !belongs {
                return not_found("Message", 10008);
            }
            match method {
                "GET" => s
                    .messages
                    .get(&target)
                    .filter(|m| !m.deleted)
                    .map_or_else(|| not_found("Message", 10008), |m| (200, m.json.clone())),
                "PATCH" => edit_message(inner, &mut s, target, body, files),
                "DELETE" => delete_message(&mut s, target),
                _ => (405, payloads::error(0, "405: Method Not Allowed")),
            }
        }
        _ => (404, payloads::error(0, "404: Not Found")),
    };
    let touched = answer.1["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok());
    if let (true, Some(id)) = (answer.0 < 300 && method != "GET", touched) {
        if let Some(state) = s.interactions.get_mut(token) {
            state.touched.push(id);
        }
    }
    answer
}
