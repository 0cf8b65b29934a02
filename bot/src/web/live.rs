//! The live pages: one watch channel per game being watched, holding the game's latest
//! rendered fragment. A change anywhere in the process (a request handled, a computer
//! turn: the core's observer names the channel) re-reads the games watched in that
//! channel; a poll every [`POLL`] catches the rest (the upkeep, another process on the
//! same database) and forgets games nobody watches. Each change is rendered once and
//! sent to every client as it is (server-sent events); a client that connects or
//! reconnects gets the current fragment first, so a move missed while away is caught
//! up.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jetan_core::{ChannelId, Core, GameId, GuildId};

use tokio::sync::watch;

/// How often every watched game is read again.
pub const POLL: Duration = Duration::from_secs(2);

/// A game watched: its server, its id, and whether the second seat is at the bottom.
pub type Key = (GuildId, GameId, bool);

/// A game's page as last rendered.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snapshot {
    /// The game's version.
    pub version: u64,
    /// Whether it is over.
    pub over: bool,
    /// The server-sent event that carries it, formatted once for every client.
    pub event: axum::body::Bytes,
}

impl Snapshot {
    /// The snapshot of version `version`: its event (`event: game`, the version as its
    /// id, the fragment as its data, on one line).
    pub fn new(version: u64, over: bool, html: &str) -> Snapshot {
        let mut event = format!("event: game\nid: {version}\ndata: ");
        event.reserve(html.len() + 2);
        for c in html.chars() {
            event.push(if c == '\n' || c == '\r' { ' ' } else { c });
        }
        event.push_str("\n\n");
        Snapshot {
            version,
            over,
            event: event.into(),
        }
    }
}

struct Watched {
    tx: watch::Sender<Arc<Snapshot>>,
    channel: ChannelId,
}

/// Every game watched, and the clients connected.
#[derive(Default)]
pub struct Hub {
    games: Mutex<HashMap<Key, Watched>>,
    clients: AtomicUsize,
}

/// Counts a connected client for as long as it lives.
pub struct Client {
    hub: Arc<Hub>,
}

impl Drop for Client {
    fn drop(&mut self) {
        self.hub.clients.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Renders a game's live fragment: the web module's, given to the hub.
pub type Render = dyn Fn(&Core, Key) -> Option<(Snapshot, ChannelId)> + Send + Sync;

impl Hub {
    /// The clients connected now.
    pub fn clients(&self) -> usize {
        self.clients.load(Ordering::Relaxed)
    }

    /// The games watched now.
    pub fn watched(&self) -> usize {
        self.games.lock().map(|g| g.len()).unwrap_or(0)
    }

    /// Subscribes a client to game `id` (rendering it first if nobody watched it):
    /// `None` if there is no such game.
    pub fn subscribe(
        self: &Arc<Hub>,
        core: &Core,
        render: &Render,
        key: Key,
    ) -> Option<(watch::Receiver<Arc<Snapshot>>, Client)> {
        let existing = self.games.lock().ok()?.get(&key).map(|w| w.tx.subscribe());
        let rx = match existing {
            Some(rx) => rx,
            None => {
                let (snapshot, channel) = render(core, key)?;
                let mut games = self.games.lock().ok()?;
                let w = games.entry(key).or_insert_with(|| Watched {
                    tx: watch::channel(Arc::new(snapshot)).0,
                    channel,
                });
                w.tx.subscribe()
            }
        };
        self.clients.fetch_add(1, Ordering::Relaxed);
        Some((rx, Client { hub: self.clone() }))
    }

    /// Reads again the games watched in `channel` (all of them: `None`), and sends each
    /// that changed to its clients. Blocking (it reads the store).
    pub fn refresh(&self, core: &Core, render: &Render, channel: Option<ChannelId>) {
        let targets: Vec<Key> = match self.games.lock() {
            Ok(games) => games
                .iter()
                .filter(|(_, w)| channel.is_none_or(|c| c == w.channel))
                .map(|(k, _)| *k)
                .collect(),
            Err(_) => return,
        };
        for key in targets {
            let fresh = render(core, key);
            let Ok(mut games) = self.games.lock() else {
                return;
            };
            let Some(w) = games.get_mut(&key) else {
                continue;
            };
            match fresh {
                Some((snapshot, ch)) => {
                    w.channel = ch;
                    let old = w.tx.borrow().clone();
                    if old.version != snapshot.version || old.over != snapshot.over {
                        w.tx.send_replace(Arc::new(snapshot));
                    }
                }
                None => {
                    games.remove(&key);
                }
            }
        }
        // Nobody watches: forgotten (a new client renders it again).
        if channel.is_none() {
            if let Ok(mut games) = self.games.lock() {
                games.retain(|_, w| w.tx.receiver_count() > 0);
            }
        }
    }
}
