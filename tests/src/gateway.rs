//! The fake gateway: one WebSocket session at a time, plain JSON text frames (serenity reads
//! text frames as uncompressed JSON even though its IDENTIFY asks for `compress`).

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
    Text(String),
    Close(u16, String),
}

/// Gateway bookkeeping, inside the fake's state.
#[derive(Default)]
pub(crate) struct GatewayState {
    /// Every open socket: `(connection id, writer)`.
    pub open: Vec<(u64, mpsc::UnboundedSender<Outgoing>)>,
    /// The connection that has identified or resumed: dispatches go there.
    pub live: Option<u64>,
    pub next_connection: u64,
    pub session_id: Option<String>,
    pub seq: u64,
    /// Dispatches sent in this session, for RESUME.
    pub log: Vec<(u64, String)>,
    pub identifies: u32,
    pub resumes: u32,
    pub heartbeats: u32,
    /// Every payload the bot sent over the gateway.
    pub received: Vec<Value>,
}

impl GatewayState {
    fn writer(&self, conn: u64) -> Option<&mpsc::UnboundedSender<Outgoing>> {
        self.open
            .iter()
            .find(|(id, _)| *id == conn)
            .map(|(_, tx)| tx)
    }
}

fn frame(op: u8, d: Value) -> String {
    json!({"op": op, "d": d, "s": null, "t": null}).to_string()
}

/// Serves one WebSocket connection until either side closes it.
pub(crate) async fn connection(inner: Arc<Inner>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn = {
        let mut s = inner.lock();
        s.gateway.next_connection += 1;
        let conn = s.gateway.next_connection;
        s.gateway.open.push((conn, tx.clone()));
        conn
    };
    let _ = tx.send(Outgoing::Text(frame(
        10,
        json!({"heartbeat_interval": 41_250}),
    )));
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Outgoing::Text(text)) => {
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
        s.gateway.open.retain(|(id, _)| *id != conn);
        if s.gateway.live == Some(conn) {
            s.gateway.live = None;
        }
    }
    inner.changed();
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
            let _ = tx.send(Outgoing::Text(frame(11, Value::Null)));
        }
        // Identify: a new session.
        2 => {
            s.gateway.identifies += 1;
            let session = format!("session-{}", inner.id());
            s.gateway.session_id = Some(session.clone());
            s.gateway.seq = 0;
            s.gateway.log.clear();
            s.gateway.live = Some(conn);
            let ready = payloads::ready(
                &inner.bot,
                inner.app_id,
                inner.guild_id,
                &session,
                &inner.gateway_url(),
            );
            let mut members: Vec<_> = s.users.values().cloned().collect();
            members.sort_by_key(|u| u.id);
            let guild =
                payloads::guild_create(inner.guild_id, inner.owner.id, &s.channels, &members);
            send_dispatch(&mut s, "READY", ready);
            send_dispatch(&mut s, "GUILD_CREATE", guild);
        }
        // Resume: replay what the bot missed, then RESUMED.
        6 => {
            let same = msg["d"]["session_id"].as_str() == s.gateway.session_id.as_deref();
            if same {
                s.gateway.resumes += 1;
                s.gateway.live = Some(conn);
                let after = msg["d"]["seq"].as_u64().unwrap_or(0);
                for (seq, text) in s.gateway.log.clone() {
                    if seq > after {
                        let _ = tx.send(Outgoing::Text(text));
                    }
                }
                send_dispatch(&mut s, "RESUMED", json!({}));
            } else {
                let _ = tx.send(Outgoing::Text(frame(9, json!(false))));
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

/// Sends a dispatch to the live connection (if any) and logs it for RESUME.
fn send_dispatch(s: &mut crate::model::State, event: &str, d: Value) -> Option<u64> {
    let conn = s.gateway.live?;
    s.gateway.seq += 1;
    let seq = s.gateway.seq;
    let text = json!({"op": 0, "t": event, "s": seq, "d": d}).to_string();
    s.gateway.log.push((seq, text.clone()));
    s.gateway.writer(conn)?.send(Outgoing::Text(text)).ok()?;
    Some(seq)
}

/// Sends a dispatch event, waiting (up to the fake's wait) for a live session.
pub(crate) async fn dispatch(inner: &Inner, event: &str, d: Value) -> anyhow::Result<u64> {
    inner
        .wait_for(inner.config.wait, "a live gateway session", |s| {
            s.gateway.live.map(|_| ())
        })
        .await?;
    let seq = {
        let mut s = inner.lock();
        send_dispatch(&mut s, event, d)
    };
    match seq {
        Some(seq) => Ok(seq),
        None => bail!("the gateway session closed while dispatching {event}"),
    }
}

/// Closes every open socket with `code` (4000 makes serenity resume, 1000 is a clean close).
pub(crate) fn close(inner: &Inner, code: u16) {
    let s = inner.lock();
    for (_, tx) in &s.gateway.open {
        let _ = tx.send(Outgoing::Close(code, "closed by the fake".into()));
    }
}

pub(crate) fn close_all(inner: &Inner) {
    close(inner, 1000);
}

impl crate::FakeDiscord {
    /// Waits until a session is live (after IDENTIFY → READY, or RESUME) and returns how many
    /// IDENTIFYs the fake has seen.
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_ready(&self) -> anyhow::Result<u32> {
        self.inner
            .wait_for(self.inner.config.wait, "the bot to IDENTIFY", |s| {
                s.gateway.live.map(|_| s.gateway.identifies)
            })
            .await
            .context("the bot never connected to the fake gateway")
    }

    /// Waits until `n` IDENTIFYs have been received in all (restarts identify again).
    ///
    /// # Errors
    /// On timeout.
    pub async fn wait_for_identifies(&self, n: u32) -> anyhow::Result<()> {
        self.inner
            .wait_for(
                self.inner.config.wait,
                format!("IDENTIFY number {n}"),
                |s| (s.gateway.identifies >= n && s.gateway.live.is_some()).then_some(()),
            )
            .await
    }

    /// Closes the gateway connection with a close code; serenity reconnects (and resumes for
    /// codes like 4000).
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

    /// Sends any dispatch event to the bot.
    ///
    /// # Errors
    /// If no session becomes live in time.
    pub async fn dispatch(&self, event: &str, d: Value) -> anyhow::Result<u64> {
        dispatch(&self.inner, event, d).await
    }
}
