//! Helpers: a fresh store in a temporary directory, requests, squares, playing games out.

use jetan_rules::{AttackerWins, Position, Square};
use jetan_store::{Game, MoveResult, Stamp, Store, Terms};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub const GUILD: u64 = 1;
pub const CH: u64 = 10;
pub const ALICE: u64 = 100;
pub const BOB: u64 = 200;
pub const CAROL: u64 = 300;

/// A store on a temporary directory, with a request-id counter.
pub struct TestStore {
    pub store: Store,
    pub dir: tempfile::TempDir,
    next_id: std::sync::atomic::AtomicU64,
}

impl TestStore {
    pub fn new() -> TestStore {
        let dir = tempfile::tempdir().unwrap();
        TestStore {
            store: Store::open(dir.path()).unwrap(),
            dir,
            next_id: 1000.into(),
        }
    }

    /// A request by `user` at `now` with a fresh id.
    pub fn req(&self, user: u64, now: u64) -> Stamp {
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
    pub fn mv(&self, from: &str, to: &str, now: u64) -> jetan_store::Result<MoveResult> {
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
    pub fn play_out(&self, seed: u64) -> Vec<MoveResult> {
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
    fn gid(&self, channel: u64) -> u64;
}

impl GameIdOf for Store {
    fn gid(&self, channel: u64) -> u64 {
        self.game(channel).ok().flatten().map_or(0, |g| g.id)
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
