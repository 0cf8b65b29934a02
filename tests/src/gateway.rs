//! The fake gateway: one session per shard (IDENTIFY's `shard: [id, total]`; each guild's
//! events go to the connection of its shard `(guild_id >> 22) % total`), plain JSON text
//! frames (serenity reads text frames as uncompressed JSON even though its IDENTIFY asks for
//! `compress`).

use std::sync::Arc;

use anyhow::{bail, Context as _};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures::{SinkExt as _, StreamExt as _};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::fake::Inner;
use crate::payloads;

/// What a connection task writes to its socket.
#[derive(Debug)]
pub(crate) enum Outgoing {
    /// A frame; for an INTERACTION_CREATE, the interaction's token, so that the writer
    /// starts the interaction's 3-second clock when the frame goes on the wire.
    Text(String, Option<String>),
    Close(u16, String),
}

/// One open WebSocket.
pub(crate) struct Conn {
    pub id: u64,
    pub tx: mpsc::UnboundedSender<Outgoing>,
    /// The process it belongs to (the `/p/{client}` prefix of its URL), if tagged.
    pub client: Option<String>,
    /// The shard it identified or resumed as.
    pub shard: Option<u32>,
}

/// One shard's gateway session.
#[derive(Default)]
pub(crate) struct Session {
    /// The connection that has identified or resumed as this shard: its dispatches go there.
    pub live: Option<u64>,
    pub session_id: Option<String>,
    pub seq: u64,
    /// Dispatches sent in this session, for RESUME: sequence, frame, interaction token.
    pub log: Vec<(u64, String, Option<String>)>,
}

/// An IDENTIFY the fake accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identified {
    /// The gateway connection (numbered from 1 in opening order).
    pub connection: u64,
    /// The process tag of the connection's URL (see [`crate::FakeDiscord::client_url`]).
    pub client: Option<String>,
    /// `shard: [id, total]` of the IDENTIFY.
    pub shard: u32,
    /// The shard count it gave.
    pub total: u32,
}

/// Gateway bookkeeping, inside the fake's state.
pub(crate) struct GatewayState {
    /// Every open socket.
    pub open: Vec<Conn>,
    /// How many shards the bot must run (what `GET /gateway/bot` recommends).
    pub total: u32,
    /// One session per shard.
    pub sessions: Vec<Session>,
    pub next_connection: u64,
    pub identifies: u32,
    pub resumes: u32,
    pub heartbeats: u32,
    /// Every payload the bot sent over the gateway.
    pub received: Vec<Value>,
    /// Every accepted IDENTIFY, in order.
    pub identified: Vec<Identified>,
}

impl Default for GatewayState {
    fn default() -> Self {
        Self::new(1)
    }
}

impl GatewayState {
    pub fn new(total: u32) -> Self {
        let total = total.max(1);
        Self {
            open: Vec::new(),
            total,
            sessions: (0..total).map(|_| Session::default()).collect(),
            next_connection: 0,
            identifies: 0,
            resumes: 0,
            heartbeats: 0,
            received: Vec::new(),
            identified: Vec::new(),
        }
    }

    fn conn(&self, id: u64) -> Option<&Conn> {
        self.open.iter().find(|c| c.id == id)
    }

    /// The shard Discord routes a guild's events to.
    pub fn shard_of(&self, guild: u64) -> u32 {
        shard_of(guild, self.total)
    }

    /// The live connection of `shard`.
    pub fn live(&self, shard: u32) -> Option<u64> {
        self.sessions.get(shard as usize)?.live
    }

    /// Whether every shard has a live session.
    pub fn all_live(&self) -> bool {
        self.sessions.iter().all(|s| s.live.is_some())
    }
}

/// Discord's rule: a guild's events go to shard `(guild_id >> 22) % total`.
#[must_use]
pub fn shard_of(guild: u64, total: u32) -> u32 {
    u32::try_from((guild >> 22) % u64::from(total.max(1))).unwrap_or(0)
}

fn frame(op: u8, d: Value) -> String {
    json!({"op": op, "d": d, "s": null, "t": null}).to_string()
}

/// Serves one WebSocket connection until either side closes it.
pub(crate) async fn connection(inner: Arc<Inner>, socket: WebSocket, client: Option<String>) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn = {
        let mut s = inner.lock();
        s.gateway.next_connection += 1;
        let conn = s.gateway.next_connection;
        s.gateway.open.push(Conn {
            id: conn,
            tx: tx.clone(),
            client,
            shard: None,
        });
        conn
    };
    let _ = tx.send(Outgoing::Text(
        frame(10, json!({"heartbeat_interval": 41_250})),
        None,
    ));
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Outgoing::Text(text, token)) => {
                    if let Some(token) = token {
                        crate::model::on_the_wire(&inner, &token);
                    }
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    let _ = sink.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
                    break;
                }
                None => break,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => on_message(&inner, conn, &tx, text.as_str()),
                Some(Ok(Message::Binary(bytes))) => {
                    on_message(&inner, conn, &tx, &String::from_utf8_lossy(&bytes));
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }
    {
        let mut s = inner.lock();
        s.gateway.open.retain(|c| c.id != conn);
        for session in &mut s.gateway.sessions {
            if session.live == Some(conn) {
                session.live = None;
            }
        }
    }
    inner.changed();
}

/// Refuses an IDENTIFY: a violation the tests see, and the socket closed with `code`.
fn refuse(
    s: &mut crate::model::State,
    tx: &mpsc::UnboundedSender<Outgoing>,
    code: u16,
    why: String,
) {
    s.violations.push(why.clone());
    let _ = tx.send(Outgoing::Close(code, why));
}

fn on_message(inner: &Inner, conn: u64, tx: &mpsc::UnboundedSender<Outgoing>, text: &str) {
    let Ok(msg) = serde_json::from_str::<Value>(text) else {
        let _ = tx.send(Outgoing::Close(
            4002,
            "Error while decoding payload.".into(),
        ));
        return;
    };
    let op = msg["op"].as_u64().unwrap_or(u64::MAX);
    let mut s = inner.lock();
    s.gateway.received.push(msg.clone());
    match op {
        // Heartbeat.
        1 => {
            s.gateway.heartbeats += 1;
            let _ = tx.send(Outgoing::Text(frame(11, Value::Null), None));
        }
        // Identify: a new session of one shard.
        2 => identify(inner, &mut s, conn, tx, &msg["d"]),
        // Resume: replay what the bot missed on that shard, then RESUMED.
        6 => {
            let wanted = msg["d"]["session_id"].as_str();
            let shard = s
                .gateway
                .sessions
                .iter()
                .position(|x| x.session_id.is_some() && x.session_id.as_deref() == wanted);
            if let Some(shard) = shard.and_then(|k| u32::try_from(k).ok()) {
                s.gateway.resumes += 1;
                if let Some(c) = s.gateway.open.iter_mut().find(|c| c.id == conn) {
                    c.shard = Some(shard);
                }
                let session = &mut s.gateway.sessions[shard as usize];
                session.live = Some(conn);
                let after = msg["d"]["seq"].as_u64().unwrap_or(0);
                for (seq, text, token) in session.log.clone() {
                    if seq > after {
                        let _ = tx.send(Outgoing::Text(text, token));
                    }
                }
                send_dispatch(&mut s, shard, "RESUMED", json!({}));
            } else {
                let _ = tx.send(Outgoing::Text(frame(9, json!(false)), None));
            }
        }
        // Presence update, voice state, request guild members, ...: accepted and ignored.
        3 | 4 | 8 | 31 => {}
        _ => {
            let _ = tx.send(Outgoing::Close(4001, "Unknown opcode.".into()));
        }
    }
    drop(s);
    inner.changed();
}

/// IDENTIFY with `shard: [id, total]` (absent: `[0, 1]`): refused, as a violation, when the
/// total is not the fake's shard count or the shard already has a live session on another
/// open socket; else READY for that shard, then GUILD_CREATE for each of its guilds.
fn identify(
    inner: &Inner,
    s: &mut crate::model::State,
    conn: u64,
    tx: &mpsc::UnboundedSender<Outgoing>,
    d: &Value,
) {
    let number = |i: usize| {
        d["shard"]
            .get(i)
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
    };
    let (shard, total) = match (number(0), number(1)) {
        (Some(k), Some(n)) => (k, n),
        _ => (0, 1),
    };
    let expected = s.gateway.total;
    if total != expected || shard >= total {
        let why = format!(
            "IDENTIFY as shard [{shard}, {total}] on connection {conn}, but the bot has {expected} shard(s)"
        );
        return refuse(s, tx, 4010, why);
    }
    if let Some(other) = s.gateway.live(shard).filter(|&c| c != conn) {
        if s.gateway.conn(other).is_some() {
            let why =
                format!("shard {shard} identified twice at once (connections {other} and {conn})");
            return refuse(s, tx, 4010, why);
        }
    }
    s.gateway.identifies += 1;
    let client = s.gateway.conn(conn).and_then(|c| c.client.clone());
    s.gateway.identified.push(Identified {
        connection: conn,
        client: client.clone(),
        shard,
        total,
    });
    if let Some(c) = s.gateway.open.iter_mut().find(|c| c.id == conn) {
        c.shard = Some(shard);
    }
    let session_id = format!("session-{}", inner.id());
    let session = &mut s.gateway.sessions[shard as usize];
    session.session_id = Some(session_id.clone());
    session.seq = 0;
    session.log.clear();
    session.live = Some(conn);
    let guilds: Vec<u64> = s
        .guilds
        .iter()
        .copied()
        .filter(|&g| shard_of(g, total) == shard)
        .collect();
    let ready = payloads::ready(
        &inner.bot,
        inner.app_id,
        &guilds,
        &session_id,
        &inner.gateway_url_for(client.as_deref()),
        [shard, total],
    );
    send_dispatch(s, shard, "READY", ready);
    for g in guilds {
        let create = guild_create(inner, s, g);
        send_dispatch(s, shard, "GUILD_CREATE", create);
    }
}

/// The GUILD_CREATE of guild `g`: its channels, every user as a member.
pub(crate) fn guild_create(inner: &Inner, s: &crate::model::State, g: u64) -> Value {
    let mut members: Vec<_> = s.users.values().cloned().collect();
    members.sort_by_key(|u| u.id);
    let channels: Vec<(u64, String)> = s
        .channels
        .iter()
        .filter(|(c, _)| s.guild_of_channel(*c) == g)
        .cloned()
        .collect();
    payloads::guild_create(g, inner.owner.id, &channels, &members)
}

/// Sends a dispatch to the live connection of `shard` (if any) and logs it for RESUME.
pub(crate) fn send_dispatch(
    s: &mut crate::model::State,
    shard: u32,
    event: &str,
    d: Value,
) -> Option<u64> {
    let session = s.gateway.sessions.get_mut(shard as usize)?;
    let conn = session.live?;
    session.seq += 1;
    let seq = session.seq;
    let token = (event == "INTERACTION_CREATE")
        .then(|| d["token"].as_str().map(str::to_owned))
        .flatten();
    let text = json!({"op": 0, "t": event, "s": seq, "d": d}).to_string();
    session.log.push((seq, text.clone(), token.clone()));
    s.gateway
        .conn(conn)?
        .tx
        .send(Outgoing::Text(text, token))
        .ok()?;
    Some(seq)
}

/// Sends a dispatch event about `guild` to its shard, waiting (up to the fake's wait) for
/// that shard's session to be live.
pub(crate) async fn dispatch(
    inner: &Inner,
    guild: u64,
    event: &str,
    d: Value,
) -> anyhow::Result<u64> {
    let shard = inner.lock().gateway.shard_of(guild);
    inner
        .wait_for(
            inner.config.wait,
            format!("a live gateway session of shard {shard}"),
            |s| s.gateway.live(shard),
        )
        .await?;
    let seq = {
        let mut s = inner.lock();
        send_dispatch(&mut s, shard, event, d)
    };
    match seq {
        Some(seq) => Ok(seq),
        None => bail!("the gateway session of shard {shard} closed while dispatching {event}"),
    }
}

/// Closes every open socket with `code` (4000 makes serenity resume, 1000 is a clean close).
pub(crate) fn close(inner: &Inner, code: u16) {
    let s = inner.lock();
    for c in &s.gateway.open {
        let _ =
            c.tx.send(Outgoing::Close(code, "closed by the fake".into()));
    }
}

pub(crate) fn close_all(inner: &Inner) {
    close(inner, 1000);
}

impl crate::FakeDiscord {
    /// Waits until every shard has a live session (after IDENTIFY → READY, or RESUME) and
    /// returns how many IDENTIFYs the fake has seen.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_ready(&self) -> anyhow::Result<u32> {
        self.inner
            .wait_for(self.inner.config.wait, "the bot to IDENTIFY", |s| {
                s.gateway.all_live().then_some(s.gateway.identifies)
            })
            .await
            .context("the bot never connected to the fake gateway")
    }

    /// Waits until `n` IDENTIFYs have been received in all (restarts identify again) and
    /// every shard is live.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_identifies(&self, n: u32) -> anyhow::Result<()> {
        self.inner
            .wait_for(
                self.inner.config.wait,
                format!("IDENTIFY number {n}"),
                |s| (s.gateway.identifies >= n && s.gateway.all_live()).then_some(()),
            )
            .await
    }

    /// Waits until shard `k` has a live session.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_shard(&self, k: u32) -> anyhow::Result<()> {
        self.inner
            .wait_for(
                self.inner.config.wait,
                format!("shard {k} to IDENTIFY"),
                |s| s.gateway.live(k).map(|_| ()),
            )
            .await
    }

    /// Closes every gateway connection with a close code; serenity reconnects (and resumes
    /// for codes like 4000).
    pub fn close_gateway(&self, code: u16) {
        close(&self.inner, code);
    }

    /// Gateway counters: `(identifies, resumes, heartbeats)`.
    #[must_use]
    pub fn gateway_counts(&self) -> (u32, u32, u32) {
        let s = self.inner.lock();
        (
            s.gateway.identifies,
            s.gateway.resumes,
            s.gateway.heartbeats,
        )
    }

    /// Every gateway payload the bot sent (IDENTIFY, heartbeats, ...).
    #[must_use]
    pub fn gateway_received(&self) -> Vec<Value> {
        self.inner.lock().gateway.received.clone()
    }

    /// Every IDENTIFY the fake accepted, in order.
    #[must_use]
    pub fn identified(&self) -> Vec<Identified> {
        self.inner.lock().gateway.identified.clone()
    }

    /// The shard count the fake expects (and `GET /gateway/bot` recommends).
    #[must_use]
    pub fn shard_count(&self) -> u32 {
        self.inner.lock().gateway.total
    }

    /// The shard of a guild: `(guild_id >> 22) % shard count`.
    #[must_use]
    pub fn shard_of(&self, guild: u64) -> u32 {
        self.inner.lock().gateway.shard_of(guild)
    }

    /// The process tag of the connection now live for `shard`, `None` if no session is live
    /// or the connection is untagged.
    #[must_use]
    pub fn shard_client(&self, shard: u32) -> Option<String> {
        let s = self.inner.lock();
        let conn = s.gateway.live(shard)?;
        s.gateway.conn(conn)?.client.clone()
    }

    /// Waits until no gateway socket of process `client` (`None`: the untagged ones) is
    /// open: the fake has noticed a killed process.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_disconnect(&self, client: Option<&str>) -> anyhow::Result<()> {
        self.inner
            .wait_for(
                self.inner.config.wait,
                format!("the gateway sockets of {client:?} to close"),
                |s| (!s.gateway.open.iter().any(|c| c.client.as_deref() == client)).then_some(()),
            )
            .await
    }

    /// Sends any dispatch event to the bot, on the shard of `d.guild_id` (the test guild's
    /// if absent).
    ///
    /// # Errors
    /// If no session becomes live in time.
    pub async fn dispatch(&self, event: &str, d: Value) -> anyhow::Result<u64> {
        let guild = d["guild_id"]
            .as_str()
            .and_then(|g| g.parse().ok())
            .unwrap_or(self.inner.guild_id);
        dispatch(&self.inner, guild, event, d).await
    }
}
