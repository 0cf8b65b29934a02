//! Discord's model of messages and interactions, as the fake keeps it: stored messages
//! (with attachments and allowed mentions), interactions and their callbacks, webhook
//! follow-ups and edits, and the rules Discord enforces on them (the 3-second window, one
//! callback, no follow-up before the callback).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::fake::Inner;
use crate::gateway::GatewayState;
use crate::payloads::{self, UserInfo, FLAG_EPHEMERAL, FLAG_LOADING};
use crate::record::{File, Recorded};

/// A message the fake holds, with the bytes of its attachments.
#[derive(Clone, Debug)]
pub(crate) struct StoredMessage {
    pub json: Value,
    /// `(attachment id, file)` in attachment order.
    pub files: Vec<(u64, File)>,
    pub deleted: bool,
    /// The `allowed_mentions` of the last create or edit that carried content (`None`:
    /// absent, Discord's default, which pings everyone and everything mentioned).
    pub allowed_mentions: Option<Value>,
    /// Whether some create or edit with content had no `allowed_mentions`.
    pub missing_allowed_mentions: bool,
    /// Who and what the message pinged, over all its versions.
    pub pings: Pings,
    /// Every version of the message, oldest first (the current one last).
    pub history: Vec<Value>,
}

/// Who a message pings: users whose mention is in the content and allowed by
/// `allowed_mentions`, roles likewise, and whether `@everyone`/`@here` pings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pings {
    /// Users pinged.
    pub users: Vec<u64>,
    /// Roles pinged.
    pub roles: Vec<u64>,
    /// `@everyone` or `@here` pinged.
    pub everyone: bool,
}

impl Pings {
    /// Whether nobody at all is pinged.
    #[must_use]
    pub fn nobody(&self) -> bool {
        self.users.is_empty() && self.roles.is_empty() && !self.everyone
    }

    fn merge(&mut self, other: Pings) {
        for u in other.users {
            if !self.users.contains(&u) {
                self.users.push(u);
            }
        }
        for r in other.roles {
            if !self.roles.contains(&r) {
                self.roles.push(r);
            }
        }
        self.everyone |= other.everyone;
    }
}

/// The ids in `<{prefix}ID>` mentions of `content` (`prefix` `@`, `@!` or `@&`).
fn mention_ids(content: &str, prefix: &str) -> Vec<u64> {
    let open = format!("<{prefix}");
    let mut out = Vec::new();
    let mut rest = content;
    while let Some(at) = rest.find(&open) {
        rest = &rest[at + open.len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && rest[digits.len()..].starts_with('>') {
            if let Ok(id) = digits.parse() {
                out.push(id);
            }
        }
    }
    out
}

/// Who a message with `content` pings under `allowed` (`None`: Discord's default, every
/// mention pings). Only the content pings; embeds never do.
pub(crate) fn pings_of(content: &str, allowed: Option<&Value>) -> Pings {
    let mut users = mention_ids(content, "@");
    users.extend(mention_ids(content, "@!"));
    let roles = mention_ids(content, "@&");
    let everyone = content.contains("@everyone") || content.contains("@here");
    let Some(allowed) = allowed else {
        return Pings {
            users,
            roles,
            everyone,
        };
    };
    let parse: Vec<&str> = allowed["parse"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let listed = |key: &str, id: u64| {
        allowed[key].as_array().into_iter().flatten().any(|v| {
            v.as_str().and_then(|s| s.parse::<u64>().ok()) == Some(id) || v.as_u64() == Some(id)
        })
    };
    let mut p = Pings {
        users: users
            .into_iter()
            .filter(|u| parse.contains(&"users") || listed("users", *u))
            .collect(),
        roles: roles
            .into_iter()
            .filter(|r| parse.contains(&"roles") || listed("roles", *r))
            .collect(),
        everyone: everyone && parse.contains(&"everyone"),
    };
    p.users.dedup();
    p
}

/// Records the mentions of a create or edit payload on a stored message.
fn note_mentions(s: &mut State, m: &mut StoredMessage, payload: &Value) {
    let content = payload["content"].as_str().unwrap_or_default();
    if let Some(a) = payload.get("allowed_mentions").filter(|a| !a.is_null()) {
        m.allowed_mentions = Some(a.clone());
    } else if !content.is_empty() {
        m.allowed_mentions = None;
        m.missing_allowed_mentions = true;
        s.violations.push(format!(
            "message {} has content but no allowed_mentions (Discord's default pings every mention): {content:?}",
            m.json["id"].as_str().unwrap_or_default()
        ));
    }
    if !content.is_empty() {
        let p = pings_of(content, m.allowed_mentions.as_ref());
        m.pings.merge(p);
    }
    m.history.push(m.json.clone());
}

/// What the fake knows of a dispatched interaction.
#[derive(Clone, Debug)]
pub(crate) struct InteractionState {
    pub id: u64,
    /// 2 application command, 3 message component, 4 autocomplete.
    pub kind: u8,
    pub channel_id: u64,
    /// When the fake put the INTERACTION_CREATE on the bot's gateway socket (until then,
    /// when it was queued for it): Discord's 3-second window starts here.
    pub dispatched_at: Instant,
    /// Whether the frame has gone on the wire (and `dispatched_at` says when).
    pub on_wire: bool,
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
    /// Set when the bot's first callback came after the deadline: how long after the
    /// dispatch it came, and the machine's load then.
    pub expired: Option<(Duration, String)>,
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
    /// Every guild the bot is in, the test guild first.
    pub guilds: Vec<u64>,
    /// The guild of each channel not in the test guild.
    pub channel_guild: HashMap<u64, u64>,
    /// Each guild's preferred locale as interactions carry it (`guild_locale`); `en-US`
    /// when not set.
    pub guild_locales: HashMap<u64, String>,
    pub gateway: GatewayState,
    pub violations: Vec<String>,
    /// Members without Manage Server (the others have every permission).
    pub restricted: std::collections::HashSet<u64>,
    /// Failures still to make ([`crate::FakeDiscord::fail`]).
    pub faults: Vec<crate::faults::Fault>,
    /// Failures made: (method, path, what).
    pub failed: Vec<(String, String, crate::faults::FaultKind)>,
    /// Users who left the test guild: an option naming them resolves the user without a
    /// member, as Discord does.
    pub departed: std::collections::HashSet<u64>,
    /// Channels where the bot may open threads (Create Public Threads and Send Messages
    /// in Threads): elsewhere the interactions' `app_permissions` lack them, as on a
    /// server that has not granted them ([`crate::FakeDiscord::allow_threads`]).
    pub thread_permission: std::collections::HashSet<u64>,
    /// Channels where Discord refuses to open a thread (403, 50013 Missing Permissions)
    /// whatever `app_permissions` said ([`crate::FakeDiscord::refuse_threads`]).
    pub thread_refused: std::collections::HashSet<u64>,
    /// Channels where Discord refuses to pin a message (403, 50013 Missing Permissions:
    /// the bot lacks Manage Messages there) ([`crate::FakeDiscord::refuse_pins`]).
    pub pins_refused: std::collections::HashSet<u64>,
    /// The threads opened, by id.
    pub threads: std::collections::BTreeMap<u64, Thread>,
    /// Each user's direct-message channel with the bot, once opened.
    pub dm_channels: HashMap<u64, u64>,
    /// Users whose direct messages are closed: a message to them is refused (403, 50007).
    pub dms_closed: std::collections::HashSet<u64>,
}

/// A public thread the bot opened (see [`crate::FakeDiscord::threads`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thread {
    /// Its id (a thread opened from a message has the message's id).
    pub id: u64,
    /// The channel it was opened in.
    pub parent: u64,
    /// Its name.
    pub name: String,
    /// The message it was opened from, if any.
    pub from_message: Option<u64>,
    /// Whether it is archived.
    pub archived: bool,
}

/// Discord's permission bits for threads: Manage Threads, Create Public Threads, Send
/// Messages in Threads; and Administrator, which implies every permission.
pub(crate) const THREAD_PERMISSIONS: u64 = (1 << 34) | (1 << 35) | (1 << 38) | (1 << 3);

/// Opens a thread in `parent` (from message `from`, if given), as Discord does: refused
/// where the bot may not, inside a thread, or a second time from the same message;
/// registered as a channel, THREAD_CREATE dispatched, the starter message marked.
pub(crate) fn open_thread(
    inner: &Inner,
    s: &mut State,
    parent: u64,
    from: Option<u64>,
    body: &Value,
) -> Answer {
    if s.threads.contains_key(&parent) {
        return (
            400,
            payloads::error(50024, "Cannot execute action on this channel type"),
        );
    }
    if s.thread_refused.contains(&parent) {
        return (403, payloads::error(50013, "Missing Permissions"));
    }
    let name = body["name"].as_str().unwrap_or_default().to_owned();
    if name.is_empty() || name.chars().count() > 100 {
        return (400, payloads::error(50035, "Invalid Form Body (name)"));
    }
    if let Some(m) = from {
        if s.threads.contains_key(&m) {
            return (
                400,
                payloads::error(
                    160_004,
                    "A thread has already been created for this message",
                ),
            );
        }
    }
    let id = from.unwrap_or_else(|| inner.id());
    let guild = s.guild_of_channel(parent);
    let thread = Thread {
        id,
        parent,
        name: name.clone(),
        from_message: from,
        archived: false,
    };
    let json = payloads::thread_channel(&thread, guild, inner.bot.id);
    s.channels.push((id, name));
    if guild != inner.guild_id {
        s.channel_guild.insert(id, guild);
    }
    s.threads.insert(id, thread);
    if let Some(m) = from.and_then(|m| s.messages.get_mut(&m)) {
        m.json["thread"] = json.clone();
    }
    let mut event = json.clone();
    event["newly_created"] = json!(true);
    let shard = s.gateway.shard_of(guild);
    crate::gateway::send_dispatch(s, shard, "THREAD_CREATE", event);
    (201, json)
}

/// `PATCH /channels/{id}` of a thread: archives or unarchives it (and renames it).
pub(crate) fn edit_thread(s: &mut State, id: u64, body: &Value) -> Answer {
    let guild = s.guild_of_channel(id);
    let Some(t) = s.threads.get_mut(&id) else {
        return (403, payloads::error(50013, "Missing Permissions"));
    };
    if let Some(a) = body["archived"].as_bool() {
        t.archived = a;
    }
    if let Some(n) = body["name"].as_str() {
        n.clone_into(&mut t.name);
    }
    let t = t.clone();
    (200, payloads::thread_channel(&t, guild, 0))
}

impl State {
    /// The guild a channel belongs to (the test guild unless made with
    /// [`crate::FakeDiscord::channel_in`]).
    pub fn guild_of_channel(&self, channel: u64) -> u64 {
        self.channel_guild
            .get(&channel)
            .copied()
            .unwrap_or_else(|| self.guilds.first().copied().unwrap_or_default())
    }
}

pub(crate) type Answer = (u16, Value);

pub(crate) fn not_found(what: &str, code: u32) -> Answer {
    (404, payloads::error(code, &format!("Unknown {what}")))
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
pub(crate) fn create_message(
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
            guild_id: s.guild_of_channel(channel_id),
            author: &inner.bot,
            app_id,
            kind,
            flags,
            attachments: attachment_values(inner, &stored),
        },
        payload,
    );
    let mut m = StoredMessage {
        json,
        files: stored,
        deleted: false,
        allowed_mentions: None,
        missing_allowed_mentions: false,
        pings: Pings::default(),
        history: Vec::new(),
    };
    note_mentions(s, &mut m, payload);
    s.messages.insert(id, m);
    id
}

/// Applies an edit payload to a stored message.
pub(crate) fn edit_message(
    inner: &Inner,
    s: &mut State,
    id: u64,
    payload: &Value,
    files: &[File],
) -> Answer {
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
    let mut m = StoredMessage {
        json: json.clone(),
        files: files_now,
        ..old
    };
    note_mentions(s, &mut m, payload);
    s.messages.insert(id, m);
    (200, json)
}

pub(crate) fn delete_message(s: &mut State, id: u64) -> Answer {
    match s.messages.get_mut(&id).filter(|m| !m.deleted) {
        Some(m) => {
            m.deleted = true;
            (204, Value::Null)
        }
        None => not_found("Message", 10008),
    }
}

/// Starts the 3-second clock of the interaction with `token` when its INTERACTION_CREATE
/// goes on the wire (the first time: a replay on RESUME or a redelivery keeps it).
pub(crate) fn on_the_wire(inner: &Inner, token: &str) {
    if let Some(it) = inner.lock().interactions.get_mut(token) {
        if !it.on_wire {
            it.on_wire = true;
            it.dispatched_at = Instant::now();
        }
    }
}

/// The machine's load now, for messages about lateness: the load averages and the
/// runnable / total tasks of `/proc/loadavg` (`load unknown` where there is none).
#[must_use]
pub fn machine_load() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "load unknown".to_owned(),
        |l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            match f.as_slice() {
                [one, five, fifteen, tasks, ..] => format!(
                    "load average {one} {five} {fifteen}, {tasks} tasks runnable/total, {} cores",
                    std::thread::available_parallelism().map_or(0, std::num::NonZero::get)
                ),
                _ => format!("load {}", l.trim()),
            }
        },
    )
}

/// `POST /interactions/{id}/{token}/callback`.
pub(crate) fn callback(
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
    let waited = now.saturating_duration_since(it.dispatched_at);
    if waited > inner.config.interaction_deadline {
        let load = machine_load();
        if let Some(state) = s.interactions.get_mut(token) {
            state.expired = Some((waited, load.clone()));
        }
        s.violations.push(format!(
            "interaction {} answered after {waited:?} (deadline {:?}; {load})",
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
pub(crate) fn webhook(
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
                .is_some_and(|m| {
                    !m.deleted && m.json["flags"].as_u64().unwrap_or(0) & FLAG_LOADING != 0
                });
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
