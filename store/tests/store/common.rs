//! Helpers: a fresh store (in a temporary directory, or in a schema of its own on the
//! test PostgreSQL server: `crate::POSTGRES` says which), requests, squares, playing
//! games out.
use jetan_store::GameId;

use jetan_rules::{AttackerWins, Position, Square};
use jetan_store::{Game, Location, PlayResult, Stamp, Store, Terms};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub const GUILD: jetan_store::GuildId = jetan_store::GuildId(1);
pub const CH: jetan_store::ChannelId = jetan_store::ChannelId(10);
pub const ALICE: jetan_store::UserId = jetan_store::UserId(100);
pub const BOB: jetan_store::UserId = jetan_store::UserId(200);
pub const CAROL: jetan_store::UserId = jetan_store::UserId(300);

/// Where a test's data lives: a temporary sled directory, or a fresh PostgreSQL schema
/// (dropped with the throwaway server).
pub struct Place {
    pub location: Location,
    dir: Option<tempfile::TempDir>,
}

impl Place {
    /// A new, empty place on the backend under test.
    pub fn new() -> Place {
        if crate::POSTGRES {
            Place {
                location: Location::Postgres(crate::cluster::fresh_url()),
                dir: None,
            }
        } else {
            let dir = tempfile::tempdir().unwrap();
            Place {
                location: Location::Dir(dir.path().to_owned()),
                dir: Some(dir),
            }
        }
    }

    /// The directory or the URL, as `Location::parse` reads it.
    pub fn spec(&self) -> String {
        match &self.location {
            Location::Dir(d) => d.display().to_string(),
            Location::Postgres(url) => url.clone(),
        }
    }

    /// The sled directory (sled-only tests).
    pub fn dir(&self) -> &std::path::Path {
        self.dir.as_ref().expect("a sled test").path()
    }

    /// Opens the store here (waiting for a sled directory a dropped store still holds).
    pub fn open(&self) -> Store {
        let started = std::time::Instant::now();
        loop {
            match Store::open_at(&self.location) {
                Err(jetan_store::StoreError::Locked(_))
                    if started.elapsed() < std::time::Duration::from_secs(5) =>
                {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                other => return other.unwrap(),
            }
        }
    }

    /// Imports an export here.
    pub fn import(&self, export: &[u8]) -> jetan_store::Result<jetan_store::ImportSummary> {
        Store::import_at(&self.location, export)
    }

    /// Reads one record's bytes directly, bypassing the store (which must be closed, for
    /// sled).
    pub fn raw_get(&self, tree: &str, key: &[u8]) -> Option<Vec<u8>> {
        match &self.location {
            Location::Dir(d) => {
                let db = raw_sled(d);
                db.open_tree(tree)
                    .unwrap()
                    .get(key)
                    .unwrap()
                    .map(|v| v.to_vec())
            }
            Location::Postgres(url) => pg(url)
                .query_opt(
                    "SELECT value FROM kv WHERE tree = $1 AND key = $2",
                    &[&tree, &key],
                )
                .unwrap()
                .map(|r| r.get(0)),
        }
    }

    /// Writes one record's bytes directly (to damage it), bypassing the store (which
    /// must be closed, for sled).
    pub fn raw_put(&self, tree: &str, key: &[u8], value: &[u8]) {
        match &self.location {
            Location::Dir(d) => {
                let db = raw_sled(d);
                db.open_tree(tree).unwrap().insert(key, value).unwrap();
                db.flush().unwrap();
            }
            Location::Postgres(url) => {
                pg(url)
                    .execute(
                        "INSERT INTO kv (tree, key, value) VALUES ($1, $2, $3) \
                         ON CONFLICT (tree, key) DO UPDATE SET value = excluded.value",
                        &[&tree, &key, &value],
                    )
                    .unwrap();
            }
        }
    }

    /// Whether nothing but the store's own marks was ever written here (an import that
    /// failed left nothing behind: no records, no half-built sibling directory).
    pub fn holds_no_records(&self) -> bool {
        match &self.location {
            Location::Dir(d) => {
                let mut sibling = d.as_os_str().to_owned();
                sibling.push(".importing");
                let empty = std::fs::read_dir(d).map_or(true, |mut e| e.next().is_none());
                empty && !std::path::Path::new(&sibling).exists()
            }
            Location::Postgres(url) => {
                let mut c = pg(url);
                let table: Option<String> = c
                    .query_one("SELECT to_regclass('kv')::text", &[])
                    .unwrap()
                    .get(0);
                table.is_none()
                    || c.query_one("SELECT count(*) FROM kv WHERE tree <> 'meta'", &[])
                        .unwrap()
                        .get::<_, i64>(0)
                        == 0
            }
        }
    }

    /// Removes one record directly, bypassing the store.
    pub fn raw_remove(&self, tree: &str, key: &[u8]) {
        match &self.location {
            Location::Dir(d) => {
                let db = raw_sled(d);
                db.open_tree(tree).unwrap().remove(key).unwrap();
                db.flush().unwrap();
            }
            Location::Postgres(url) => {
                pg(url)
                    .execute(
                        "DELETE FROM kv WHERE tree = $1 AND key = $2",
                        &[&tree, &key],
                    )
                    .unwrap();
            }
        }
    }
}

/// A plain connection to the test server.
pub fn pg(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).unwrap()
}

/// A store on a fresh place, with a request-id counter.
pub struct TestStore {
    pub store: Store,
    pub place: Place,
    next_id: std::sync::atomic::AtomicU64,
}

impl TestStore {
    pub fn new() -> TestStore {
        let place = Place::new();
        TestStore {
            store: place.open(),
            place,
            next_id: 1000.into(),
        }
    }

    /// Closes the store (sled releases its directory), keeping the place.
    pub fn close(self) -> Place {
        let TestStore { store, place, .. } = self;
        drop(store);
        place
    }

    /// A request by `user` at `now` with a fresh id.
    pub fn req(&self, user: jetan_store::UserId, now: u64) -> Stamp {
        let id = self
            .next_id
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Stamp::new(id, user, now)
    }

    /// Alice challenges Bob in `CH` and Bob accepts, Alice moving first (Black).
    pub fn start(&self, terms: Terms) -> Game {
        self.store
            .challenge(self.req(ALICE, 0), GUILD, CH, BOB, terms)
            .unwrap();
        self.store
            .accept(self.req(BOB, 1), CH, None, 0, 42)
            .unwrap()
    }

    /// Plays `from`-`to` for whoever is to move.
    pub fn mv(&self, from: &str, to: &str, now: u64) -> jetan_store::Result<PlayResult> {
        let g = self.store.game(CH).unwrap().expect("a game");
        self.store.play(
            self.req(g.to_move(), now),
            CH,
            (g.id, g.version),
            sq(from),
            sq(to),
        )
    }

    /// Plays the game in `CH` to its end: captures the most valuable piece it can (the
    /// Princess first), else a random move, seeded. Returns every move result.
    pub fn play_out(&self, seed: u64) -> Vec<PlayResult> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut out = Vec::new();
        let mut now = 10;
        while let Some(g) = self.store.game(CH).unwrap() {
            let pos = g.position().unwrap();
            let m = choose(&pos, &mut rng);
            now += 1000;
            let r = self
                .store
                .play(self.req(g.to_move(), now), CH, (g.id, g.version), m.0, m.1)
                .unwrap();
            out.push(r);
            assert!(out.len() < 2000, "the game does not end");
        }
        out
    }

    pub fn assert_clean(&self) {
        let r = self.store.verify().unwrap();
        assert!(r.is_clean(), "{r}");
    }
}

/// The id of the game in progress in a channel (0 if none), for operations that name it.
pub trait GameIdOf {
    fn gid(&self, channel: jetan_store::ChannelId) -> jetan_store::GameId;
}

impl GameIdOf for Store {
    fn gid(&self, channel: jetan_store::ChannelId) -> jetan_store::GameId {
        self.game(channel)
            .ok()
            .flatten()
            .map_or(GameId(0), |g| g.id)
    }
}

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Greedy-random: the most valuable capture, else a random legal move.
pub fn choose(pos: &Position, rng: &mut StdRng) -> (Square, Square) {
    let moves = pos.legal_moves();
    let best = moves
        .iter()
        .filter_map(|m| {
            m.capture.map(|c| {
                (
                    c.value() + u32::from(c == jetan_rules::Role::Princess) * 100,
                    m,
                )
            })
        })
        .max_by_key(|(v, _)| *v);
    let m = match best {
        Some((_, m)) => *m,
        None => moves[rng.gen_range(0..moves.len())],
    };
    (m.from, m.to)
}

/// Plays a random greedy game with the rules crate alone, to find seeds with a wanted end.
pub fn simulate(seed: u64) -> jetan_rules::Outcome {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::start();
    loop {
        let (from, to) = choose(&pos, &mut rng);
        let m = pos.find_move(from, to).unwrap();
        let (next, report) = pos.play(m, &mut AttackerWins).unwrap();
        if let Some(o) = report.outcome {
            return o;
        }
        pos = next;
    }
}

/// Opens `dir` with sled directly (to damage or downgrade it), waiting for a store
/// dropped a moment ago to release its lock: sled finishes background writes after
/// `drop`, so an immediate reopen can find the lock still held for a few milliseconds.
pub fn raw_sled(dir: &std::path::Path) -> sled::Db {
    let started = std::time::Instant::now();
    loop {
        match sled::open(dir) {
            Ok(db) => return db,
            Err(e) if started.elapsed() < std::time::Duration::from_secs(5) => {
                assert!(e.to_string().contains("lock"), "{e}");
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => panic!("{e}"),
        }
    }
}
