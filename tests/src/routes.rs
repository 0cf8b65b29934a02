//! The fake's HTTP side: Discord's REST routes that serenity and poise call, plus the
//! gateway upgrade. Every request is recorded before it is answered; what a route does to
//! messages and interactions is [`crate::model`]'s.

use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Path, Request, State as AxumState, WebSocketUpgrade};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};

use crate::fake::Inner;
use crate::faults::FaultKind;
use crate::gateway;
use crate::model::{self, not_found, Answer};
use crate::payloads;
use crate::record::{api_segments, File, Recorded};

/// The fake's router: the gateway at `/gateway` (and `/`), every other path REST; the same
/// under `/p/{client}` for a process that is told apart from others.
pub(crate) fn router(inner: Arc<Inner>) -> Router {
    Router::new()
        .route("/gateway", get(gateway_upgrade))
        .route("/", get(gateway_upgrade))
        .route("/p/{client}/gateway", get(tagged_gateway_upgrade))
        .route("/p/{client}/", get(tagged_gateway_upgrade))
        .fallback(rest)
        .with_state(inner)
}

async fn gateway_upgrade(
    AxumState(inner): AxumState<Arc<Inner>>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.max_message_size(16 << 20)
        .on_upgrade(move |socket| gateway::connection(inner, socket, None))
}

async fn tagged_gateway_upgrade(
    AxumState(inner): AxumState<Arc<Inner>>,
    Path(client): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.max_message_size(16 << 20)
        .on_upgrade(move |socket| gateway::connection(inner, socket, Some(client)))
}

/// Splits `/p/{client}/rest` into the client and `/rest`.
fn untag(path: &str) -> (Option<String>, String) {
    if let Some(rest) = path.strip_prefix("/p/") {
        if let Some((client, rest)) = rest.split_once('/') {
            return (Some(client.to_owned()), format!("/{rest}"));
        }
    }
    (None, path.to_owned())
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
    let (client, path) = untag(req.uri().path());
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

    // A failure the test asked for, taken by the first call it matches.
    let fault = {
        let mut s = inner.lock();
        let found = s.faults.iter_mut().find(|f| f.matches(&method, &path));
        let kind = found.map(|f| {
            f.times -= 1;
            f.kind
        });
        if let Some(k) = kind {
            s.failed.push((method.clone(), path.clone(), k));
        }
        kind
    };
    let body = read_body(req).await;
    let call = Call {
        at,
        method,
        path,
        client,
        query,
        fault,
    };
    let (status, response) = match fault {
        // A call held by "the network": it reaches Discord later even if its sender dies
        // meanwhile (the fake goes on with it whether or not the connection lives).
        Some(FaultKind::Delay(d)) => {
            let inner = Arc::clone(&inner);
            let held = tokio::spawn(async move {
                tokio::time::sleep(d).await;
                let call = Call {
                    at: Instant::now(),
                    ..call
                };
                call.answer(&inner, body)
            });
            match held.await {
                Ok(answer) => answer,
                Err(_) => (500, payloads::error(0, "the fake's held call failed")),
            }
        }
        _ => call.answer(&inner, body),
    };
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if status == 204 {
        return Response::builder()
            .status(code)
            .body(Body::empty())
            .unwrap_or_default();
    }
    (code, axum::Json(response)).into_response()
}

/// A REST call once its body is read: answered (as a fault says, or by [`route`]) and
/// recorded.
struct Call {
    at: Instant,
    method: String,
    path: String,
    client: Option<String>,
    query: Option<String>,
    fault: Option<FaultKind>,
}

impl Call {
    fn answer(self, inner: &Inner, body: Result<Body_, String>) -> (u16, Value) {
        let Call {
            at,
            method,
            path,
            client,
            query,
            fault,
        } = self;
        let (status, response, json, files) = match body {
            Ok(body)
                if matches!(
                    fault,
                    Some(FaultKind::Status(_) | FaultKind::RateLimited(_))
                ) =>
            {
                let (status, response) =
                    crate::faults::body(fault.unwrap_or(FaultKind::Status(500)));
                (status, response, body.json, body.files)
            }
            Ok(body) => {
                let (status, response) = route(
                    inner,
                    at,
                    client.as_deref(),
                    &method,
                    &path,
                    query.as_deref(),
                    body.json.as_ref(),
                    &body.files,
                );
                match fault {
                    Some(k @ FaultKind::StatusAfter(_)) => {
                        let (status, failure) = crate::faults::body(k);
                        (status, failure, body.json, body.files)
                    }
                    _ => (status, response, body.json, body.files),
                }
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
                client,
                query,
                json,
                files,
                status,
                response: response.clone(),
            });
        }
        inner.changed();
        (status, response)
    }
}

/// Answers one REST call. The state is locked here and nowhere across an await.
#[allow(clippy::too_many_arguments)]
fn route(
    inner: &Inner,
    at: Instant,
    client: Option<&str>,
    method: &str,
    path: &str,
    query: Option<&str>,
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
        ("GET", ["gateway"]) => (200, json!({"url": inner.gateway_url_for(client)})),
        ("GET", ["gateway", "bot"]) => (
            200,
            json!({
                "url": inner.gateway_url_for(client),
                "shards": inner.lock().gateway.total,
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
                    // One direct-message channel per user, as Discord keeps it; messages
                    // can be posted in it (unless the user closed their DMs).
                    let mut s = inner.lock();
                    let id = match s.dm_channels.get(&u.id) {
                        Some(&id) => id,
                        None => {
                            let id = inner.id();
                            s.dm_channels.insert(u.id, id);
                            s.channels.push((id, format!("dm-{}", u.name)));
                            id
                        }
                    };
                    drop(s);
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
        ("PUT" | "POST", ["applications", _, rest @ ..])
            if matches!(rest, ["commands"] | ["guilds", _, "commands"])
                && invalid_commands(body).is_some() =>
        {
            let why = invalid_commands(body).unwrap_or_default();
            (
                400,
                payloads::error(50035, &format!("Invalid Form Body: {why}")),
            )
        }
        ("PUT", ["applications", _, "commands"]) => {
            let registered = register(inner, body, None);
            inner.lock().global_commands = registered.clone();
            (200, Value::Array(registered))
        }
        ("GET", ["applications", _, "commands"]) => {
            (200, Value::Array(inner.lock().global_commands.clone()))
        }
        ("PUT", ["applications", _, "guilds", g, "commands"]) => match g.parse::<u64>() {
            Ok(g) if inner.lock().guilds.contains(&g) => {
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
            model::callback(inner, at, id, token, body, files)
        }
        (_, ["webhooks", a, token, rest @ ..]) => {
            if *a != app {
                return not_found("Webhook", 10015);
            }
            model::webhook(inner, method, token, rest, body, files)
        }
        ("POST", ["channels", c, "messages", m, "threads"]) => {
            let (Some(parent), Ok(m)) = (known_channel(inner, c), m.parse::<u64>()) else {
                return not_found("Channel", 10003);
            };
            let mut s = inner.lock();
            let here = s.messages.get(&m).is_some_and(|x| {
                !x.deleted && x.json["channel_id"].as_str() == Some(parent.to_string().as_str())
            });
            if !here {
                return not_found("Message", 10008);
            }
            model::open_thread(inner, &mut s, parent, Some(m), body)
        }
        ("POST", ["channels", c, "threads"]) => {
            let Some(parent) = known_channel(inner, c) else {
                return not_found("Channel", 10003);
            };
            model::open_thread(inner, &mut inner.lock(), parent, None, body)
        }
        ("PATCH", ["channels", c]) => {
            let Some(id) = known_channel(inner, c) else {
                return not_found("Channel", 10003);
            };
            model::edit_thread(&mut inner.lock(), id, body)
        }
        ("POST", ["channels", c, "messages"]) => {
            let Some(channel) = known_channel(inner, c) else {
                return not_found("Channel", 10003);
            };
            let mut s = inner.lock();
            if s.dm_channels
                .iter()
                .any(|(u, c)| *c == channel && s.dms_closed.contains(u))
            {
                return (
                    403,
                    payloads::error(50007, "Cannot send messages to this user"),
                );
            }
            // A message sent in an archived thread unarchives it, as Discord does.
            if let Some(t) = s.threads.get_mut(&channel) {
                t.archived = false;
            }
            let id = model::create_message(inner, &mut s, channel, 0, None, body, files);
            (200, s.messages[&id].json.clone())
        }
        ("PUT", ["channels", c, "pins", m]) => {
            // Pins a message of the channel, as Discord does: refused without Manage
            // Messages; an unknown message or one of another channel is 10008.
            let (Some(channel), Ok(m)) = (known_channel(inner, c), m.parse::<u64>()) else {
                return not_found("Channel", 10003);
            };
            let mut s = inner.lock();
            if s.pins_refused.contains(&channel) {
                return (403, payloads::error(50013, "Missing Permissions"));
            }
            match s.messages.get_mut(&m) {
                Some(x)
                    if !x.deleted
                        && x.json["channel_id"].as_str() == Some(channel.to_string().as_str()) =>
                {
                    x.json["pinned"] = json!(true);
                    (204, Value::Null)
                }
                _ => not_found("Message", 10008),
            }
        }
        ("GET", ["channels", c, "messages"]) => {
            let Some(channel) = known_channel(inner, c) else {
                return not_found("Channel", 10003);
            };
            let limit = query_limit(query).unwrap_or(50).clamp(1, 100);
            let s = inner.lock();
            let mut list: Vec<(&u64, &model::StoredMessage)> = s
                .messages
                .iter()
                .filter(|(_, m)| {
                    !m.deleted
                        && m.json["channel_id"].as_str() == Some(channel.to_string().as_str())
                        && m.json["flags"].as_u64().unwrap_or(0) & crate::FLAG_EPHEMERAL == 0
                })
                .collect();
            list.sort_by_key(|(id, _)| std::cmp::Reverse(**id));
            let out: Vec<Value> = list
                .into_iter()
                .take(limit)
                .map(|(_, m)| m.json.clone())
                .collect();
            (200, Value::Array(out))
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
                "PATCH" => model::edit_message(inner, &mut s, m, body, files),
                "DELETE" => model::delete_message(&mut s, m),
                _ => (405, payloads::error(0, "405: Method Not Allowed")),
            }
        }
        ("GET", ["channels", c]) => match known_channel(inner, c) {
            Some(id) => {
                let s = inner.lock();
                let guild = s.guild_of_channel(id);
                let (pos, name) = s
                    .channels
                    .iter()
                    .filter(|(cid, _)| s.guild_of_channel(*cid) == guild)
                    .enumerate()
                    .find(|(_, (cid, _))| *cid == id)
                    .map(|(i, (_, n))| (i, n.clone()))
                    .unwrap_or_default();
                (200, payloads::guild_channel(id, &name, guild, pos))
            }
            None => not_found("Channel", 10003),
        },
        ("POST", ["channels", _, "typing"]) => (204, Value::Null),
        ("GET", ["guilds", g, "members", u])
            if g.parse().is_ok_and(|g| inner.lock().guilds.contains(&g)) =>
        {
            // A user who left is no member (Discord answers "Unknown Member").
            let user = u.parse().ok().and_then(|id| {
                let s = inner.lock();
                let u = s.users.get(&id).cloned();
                u.filter(|_| !s.departed.contains(&id))
            });
            user.map_or_else(
                || not_found("Member", 10007),
                |u| (200, payloads::member(&u)),
            )
        }
        _ => (404, payloads::error(0, "404: Not Found")),
    }
}

/// The `limit` of a query string.
fn query_limit(query: Option<&str>) -> Option<usize> {
    query?
        .split('&')
        .find_map(|kv| kv.strip_prefix("limit="))
        .and_then(|v| v.parse().ok())
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
/// The locales Discord accepts in `name_localizations` and `description_localizations`.
const DISCORD_LOCALES: [&str; 34] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko", "ar", "he",
];

/// What Discord would refuse in registered commands (one command, or a list), checked as
/// its API does: names of 1–32 lower-case letters, digits, `-` or `_` (localized ones
/// too), descriptions and choice names of at most 100 characters, known locales.
fn invalid_commands(body: &Value) -> Option<String> {
    fn name_ok(n: &str) -> bool {
        let len = n.chars().count();
        (1..=32).contains(&len)
            && n.chars().all(|c| {
                c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase())
            })
    }
    fn localized(def: &Value, key: &str, ok: &dyn Fn(&str) -> bool) -> Option<String> {
        let map = def.get(key).and_then(Value::as_object)?;
        map.iter().find_map(|(locale, text)| {
            let text = text.as_str().unwrap_or_default();
            if !DISCORD_LOCALES.contains(&locale.as_str()) {
                Some(format!("{key}: unknown locale {locale:?}"))
            } else if !ok(text) {
                Some(format!("{key}.{locale}: {text:?}"))
            } else {
                None
            }
        })
    }
    fn check(def: &Value) -> Option<String> {
        let desc_ok = |d: &str| d.chars().count() <= 100;
        let name = def["name"].as_str().unwrap_or_default();
        if !name_ok(name) {
            return Some(format!("name {name:?}"));
        }
        if !desc_ok(def["description"].as_str().unwrap_or_default()) {
            return Some(format!("{name}: description too long"));
        }
        localized(def, "name_localizations", &name_ok)
            .or_else(|| localized(def, "description_localizations", &desc_ok))
            .or_else(|| {
                def.get("choices")
                    .and_then(Value::as_array)?
                    .iter()
                    .find_map(|c| {
                        localized(c, "name_localizations", &|n| {
                            (1..=100).contains(&n.chars().count())
                        })
                    })
            })
            .or_else(|| {
                def.get("options")
                    .and_then(Value::as_array)?
                    .iter()
                    .find_map(check)
            })
    }
    /// Discord's size of a command: names, descriptions and choices (names and string
    /// values), each field's longest localization counted.
    fn size(def: &Value) -> usize {
        fn longest(o: &Value, field: &str) -> usize {
            let own = o[field].as_str().map_or(0, |s| s.chars().count());
            o[format!("{field}_localizations")]
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(_, v)| v.as_str())
                .map(|s| s.chars().count())
                .fold(own, usize::max)
        }
        let mut n = longest(def, "name") + longest(def, "description");
        for c in def["choices"].as_array().into_iter().flatten() {
            n += longest(c, "name") + c["value"].as_str().map_or(0, |v| v.chars().count());
        }
        n + def["options"]
            .as_array()
            .into_iter()
            .flatten()
            .map(size)
            .sum::<usize>()
    }
    /// At most 25 options (subcommands, groups or options) and 25 choices at any level.
    fn counts(def: &Value) -> Option<String> {
        let name = def["name"].as_str().unwrap_or_default();
        let options = def["options"].as_array().map_or(0, Vec::len);
        let choices = def["choices"].as_array().map_or(0, Vec::len);
        if options > 25 {
            return Some(format!("{name}.options: Must be 25 or fewer in length."));
        }
        if choices > 25 {
            return Some(format!("{name}.choices: Must be 25 or fewer in length."));
        }
        def["options"]
            .as_array()
            .into_iter()
            .flatten()
            .find_map(counts)
    }
    let whole = |def: &Value| {
        check(def).or_else(|| counts(def)).or_else(|| {
            let n = size(def);
            (n > 8000).then(|| format!("Command exceeds maximum size (8000): {n}"))
        })
    };
    match body {
        Value::Array(list) if list.len() > 100 => Some("Must be 100 or fewer in length.".into()),
        Value::Array(list) => list.iter().find_map(whole),
        one => whole(one),
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn command(subs: usize, description: &str) -> Value {
        let options: Vec<Value> = (0..subs)
            .map(|i| json!({"type": 1, "name": format!("s{i}"), "description": description}))
            .collect();
        json!({"name": "jetan", "description": "d", "options": options})
    }

    /// The fake refuses what Discord refuses: a 26th subcommand, a command past 8,000
    /// characters (the longest localization of a field counted), a 101st command.
    #[test]
    fn discords_limits_are_enforced() {
        assert_eq!(invalid_commands(&json!([command(25, "d")])), None);
        assert!(
            invalid_commands(&json!([command(26, "d")])).is_some_and(|w| w.contains("25 or fewer"))
        );
        let long = "d".repeat(100);
        assert_eq!(invalid_commands(&json!([command(25, &long)])), None);
        let mut big = command(25, &long);
        for o in big["options"].as_array_mut().unwrap() {
            o["options"] = json!([
                {"type": 3, "name": "a", "description": long},
                {"type": 3, "name": "b", "description": long},
                {"type": 3, "name": "c", "description": long},
            ]);
        }
        assert!(invalid_commands(&json!([big.clone()])).is_some_and(|w| w.contains("maximum size")));
        // A field counts at its longest localization.
        let mut localized = command(25, &long);
        for o in localized["options"].as_array_mut().unwrap() {
            o["options"] = json!([{"type": 3, "name": "a", "description": "x",
                "description_localizations": {"es-ES": long.clone()}},
                {"type": 3, "name": "b", "description": long},
                {"type": 3, "name": "c", "description": long}]);
        }
        assert!(invalid_commands(&json!([localized])).is_some());
        let many: Vec<Value> = (0..101)
            .map(|i| json!({"name": format!("c{i}"), "description": "d"}))
            .collect();
        assert!(invalid_commands(&Value::Array(many)).is_some());
    }
}
