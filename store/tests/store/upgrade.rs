//! Upgrades: the data an earlier release wrote, opened by this version, reads the same
//! and goes on exactly. The fixtures (`tests/fixtures/format2`, written by
//! `tests/fixtures/make.sh` with the store of the commit its manifest names) are a sled
//! data directory and a `pg_dump` of a PostgreSQL schema holding the same records: two
//! servers with games in progress of every kind (Classic, Manator, the circular board,
//! Martian Chess in the middle of a turn and in a battle, practice games against the
//! computer, a timed game with a reminder sent and a draw offer standing, a game in a
//! thread), open challenges, finished games of every ending, wallets, the ledger with
//! payments, ratings in every pool, receipts, the outbox, profiles and changed settings.
//! The manifest holds every fact read back when they were written
//! (`fixture_facts.rs`).
//!
//! The sled binary opens the directory, the PostgreSQL one restores the dump into a
//! fresh schema; each test works on its own copy.

use std::path::{Path, PathBuf};

use jetan_rules::{DuelStream, Position, Role, Variant};
use jetan_store::games::martian::BATTLE_TIME_MS;
use jetan_store::{
    ChannelId, GameId, GameResult, GuildId, Location, Stamp, Store, StoreError, UserId,
};
use martian_chess::{BattleSide, State, ToAct};
use serde_json::Value;

use crate::common::Place;
use crate::fixture_facts::{self, Roster};

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format2")
}

/// Request ids of this test's requests (far from the fixture's).
const REQUESTS: u64 = 1_500_000_000_000_000_000;
const MIN: u64 = 60_000;

/// One copy of the fixture, opened by this version of the store.
struct Fixture {
    store: Store,
    location: Location,
    manifest: Value,
    roster: Roster,
    /// The fixture's clock when it was written.
    now: u64,
    next: std::cell::Cell<u64>,
    _dir: Option<tempfile::TempDir>,
}

impl Fixture {
    fn open() -> Fixture {
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(fixture_dir().join("manifest.json")).unwrap(),
        )
        .unwrap();
        let roster: Roster = serde_json::from_value(manifest["roster"].clone()).unwrap();
        let (location, dir) = if crate::POSTGRES {
            (Location::Postgres(restore_dump()), None)
        } else {
            let dir = tempfile::tempdir().unwrap();
            let out = std::process::Command::new("tar")
                .arg("-xzf")
                .arg(fixture_dir().join("sled.tar.gz"))
                .arg("-C")
                .arg(dir.path())
                .output()
                .expect("running tar");
            assert!(
                out.status.success(),
                "tar: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            (Location::Dir(dir.path().join("sled")), Some(dir))
        };
        // As `jetan verify` and the bot open it: it must be recognised as data.
        let store = Store::open_existing_at(&location).unwrap();
        let backend = match location {
            Location::Dir(_) => "sled",
            Location::Postgres(_) => "postgres",
        };
        assert_eq!(store.backend(), backend);
        Fixture {
            store,
            location,
            now: manifest["now"].as_u64().unwrap(),
            manifest,
            roster,
            next: 0.into(),
            _dir: dir,
        }
    }

    fn facts(&self) -> &Value {
        &self.manifest["facts"]
    }

    /// A request by `user` at `now`.
    fn req(&self, user: u64, now: u64) -> Stamp {
        self.next.set(self.next.get() + 1);
        Stamp::new(REQUESTS + self.next.get(), UserId(user), now)
    }

    fn games(&self) -> Vec<Value> {
        self.facts()["games"].as_array().unwrap().clone()
    }

    /// The wallet facts of `user` on `guild`, as the manifest has them.
    fn wallet_fact(&self, guild: u64, user: u64) -> Value {
        self.facts()["wallets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["guild"] == guild)
            .and_then(|w| {
                w["wallets"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|x| x["user"] == user)
            })
            .cloned()
            .unwrap_or_else(|| panic!("no wallet of {user} on {guild} in the manifest"))
    }

    fn bot(&self) -> u64 {
        self.roster
            .users
            .iter()
            .find(|(n, _)| n == "jetan")
            .unwrap()
            .1
    }

    fn assert_clean(&self) {
        let r = self.store.verify().unwrap();
        assert!(r.is_clean(), "{r}");
    }
}

/// Opens `location` again (waiting for a sled directory a dropped store still holds).
fn reopen(location: &Location) -> Store {
    let started = std::time::Instant::now();
    loop {
        match Store::open_existing_at(location) {
            Err(StoreError::Locked(_)) if started.elapsed() < std::time::Duration::from_secs(5) => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other.unwrap(),
        }
    }
}

/// Restores the fixture's dump into a new schema of the test server; its URL.
fn restore_dump() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let base = &crate::cluster::cluster().base_url;
    let schema = format!(
        "fixture_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let dump = std::fs::read_to_string(fixture_dir().join("postgres.sql")).unwrap();
    // Plain SQL (`--inserts`); psql's own commands, if any, are left out. The dump names
    // its schema `jetan_fixture` everywhere (the data is hex, which cannot hold it).
    let sql: String = dump
        .lines()
        .filter(|l| !l.starts_with('\\'))
        .map(|l| l.replace("jetan_fixture", &schema) + "\n")
        .collect();
    let mut admin = crate::common::pg(base);
    admin
        .batch_execute(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
        .unwrap();
    admin.batch_execute(&sql).unwrap();
    crate::cluster::with_search_path(base, &schema)
}

/// The first place where two JSON values differ, as a path.
fn difference(path: &str, want: &Value, got: &Value) -> Option<String> {
    match (want, got) {
        (Value::Object(a), Value::Object(b)) => {
            for k in a.keys().chain(b.keys()) {
                let (x, y) = (
                    a.get(k).unwrap_or(&Value::Null),
                    b.get(k).unwrap_or(&Value::Null),
                );
                if let Some(d) = difference(&format!("{path}.{k}"), x, y) {
                    return Some(d);
                }
            }
            None
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                if let Some(d) = difference(&format!("{path}[{i}]"), x, y) {
                    return Some(d);
                }
            }
            (a.len() != b.len()).then(|| {
                format!(
                    "{path}: {} items in the manifest, {} read",
                    a.len(),
                    b.len()
                )
            })
        }
        _ => (want != got).then(|| format!("{path}: the manifest has {want}, read {got}")),
    }
}

fn assert_same(what: &str, want: &Value, got: &Value) {
    if let Some(d) = difference(what, want, got) {
        panic!("{d}");
    }
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Who must act in a game (from its facts): the seat's index and whether it is a
/// battle defender's card (under the battle time, not the move time).
fn to_act(g: &Value) -> (usize, bool) {
    let user = &g["to_act"];
    let seat = if g["seats"][0]["user"] == *user { 0 } else { 1 };
    let card = g["terms"]["kind"]["game"] == "martian_chess"
        && matches!(
            martian_state(g).to_act(),
            ToAct::Battle {
                side: BattleSide::Defender,
                ..
            }
        );
    (seat, card)
}

fn martian_state(g: &Value) -> State {
    g["position"].as_str().unwrap().parse().unwrap()
}

fn variant(g: &Value) -> Variant {
    serde_json::from_value(g["terms"]["kind"]["options"]["variant"].clone()).unwrap()
}

fn jetan_position(g: &Value) -> Position {
    Position::from_position_str(g["position"].as_str().unwrap(), variant(g)).unwrap()
}

/// Every record the fixture holds reads as it was written: settings, wallets (balance,
/// escrow, results, ratings bit for bit), games in progress (position, version,
/// records, clock, draw offer, reminder), open challenges, finished games, histories,
/// the ledger, receipts, the outbox and the profiles; `verify` is clean and counts the
/// same; the remembered messages are where they were posted.
#[test]
fn every_record_reads_as_written() {
    let f = Fixture::open();
    assert_eq!(
        f.manifest["format"],
        jetan_store::FORMAT_VERSION,
        "the fixture is of this format (a new format keeps these fixtures and adds its own)"
    );
    let got = fixture_facts::facts(&f.store, &f.roster);
    assert_same("facts", f.facts(), &got);
    assert_eq!(f.facts()["verify"]["clean"], true);
    for &(kind, id, channel, message) in &f.roster.messages {
        let at = f
            .store
            .take_message(kind as u8, GameId(id))
            .unwrap_or_else(|| panic!("the message of {kind} {id} is forgotten"));
        assert_eq!((at.channel.get(), at.message), (channel, message));
    }
    // Opened again (sled: the directory as this version left it), still the same.
    let (location, roster, manifest) = (f.location.clone(), f.roster.clone(), f.manifest.clone());
    drop(f.store);
    let again = reopen(&location);
    assert_same(
        "facts after a reopen",
        &manifest["facts"],
        &fixture_facts::facts(&again, &roster),
    );
}

/// Every game in progress goes on from its position under its clock: a claim on time
/// is refused until its deadline; the player to act plays a legal move or action (the
/// computer answers in practice games) and the store computes what the rules do from
/// the stored position (Manator's duel stream and Martian Chess's deck resuming where
/// they were); a battle card awaited is played for the defender when the battle time
/// runs out, not before. `verify` stays clean.
#[test]
fn games_in_progress_go_on() {
    let f = Fixture::open();
    let bot = f.bot();
    assert_eq!(f.games().len(), 9);
    for g in f.games() {
        let channel = u(&g["channel"]);
        let name = &f.roster.channels.iter().find(|c| c.1 == channel).unwrap().0;
        let stored = f
            .store
            .game(ChannelId(channel))
            .unwrap()
            .unwrap_or_else(|| panic!("{name}: no game"));
        assert_eq!(stored.id, GameId(u(&g["id"])), "{name}");
        if let Some(parent) = g["parent"].as_u64() {
            // A game in a thread: found there, not in the channel it came from.
            assert_eq!(stored.parent, Some(ChannelId(parent)));
            assert!(f.store.game(ChannelId(parent)).unwrap().is_none(), "{name}");
        }
        let (seat, card) = to_act(&g);
        let actor = u(&g["seats"][seat]["user"]);
        let waiting = u(&g["seats"][1 - seat]["user"]);
        let last = u(&g["last_move_at"]);
        let version = u(&g["version"]);
        let plies = g["records"].as_array().unwrap().len() as u32;
        let is_martian = g["terms"]["kind"]["game"] == "martian_chess";

        // The clock: from the last action, as stored.
        if waiting != bot {
            let deadline = u(&g["deadline"]);
            assert_eq!(
                deadline,
                last + u(&g["terms"]["move_time_minutes"]) * MIN,
                "{name}"
            );
            let e = f
                .store
                .claim_time(f.req(waiting, deadline), ChannelId(channel))
                .unwrap_err();
            if card {
                assert!(
                    matches!(e, StoreError::BattleTimeNotUp { .. }),
                    "{name}: {e}"
                );
            } else {
                assert!(
                    matches!(e, StoreError::TimeNotUp { remaining_ms: 1 }),
                    "{name}: {e}"
                );
            }
        }

        // The player to act acts.
        let result = if card {
            let due = last + BATTLE_TIME_MS;
            let early = f.store.play_overdue_cards(due - 1).unwrap();
            assert!(
                early.iter().all(|r| r.channel != ChannelId(channel)),
                "{name}: played early"
            );
            let played = f.store.play_overdue_cards(due).unwrap();
            let r = played
                .into_iter()
                .find(|r| r.channel == ChannelId(channel))
                .unwrap_or_else(|| panic!("{name}: the card was not played at the battle time"));
            assert!(r.record.as_action().unwrap().timeout);
            assert_eq!(
                r.after,
                martian_state(&g).play_timeout_card().to_string(),
                "{name}"
            );
            r
        } else if is_martian {
            let state = martian_state(&g);
            let side = state.player_to_act().unwrap();
            let a = state.legal_actions()[0];
            let at = f.now + MIN;
            let mut req = f.req(actor, at);
            if actor == bot {
                req = req.unannounced();
            }
            let r = f
                .store
                .act(req, ChannelId(channel), (stored.id, version), a)
                .unwrap();
            assert_eq!(r.after, state.play(side, a).unwrap().to_string(), "{name}");
            assert_eq!(
                f.store
                    .game(ChannelId(channel))
                    .unwrap()
                    .unwrap()
                    .last_move_at,
                at
            );
            r
        } else {
            let pos = jetan_position(&g);
            let moves = pos.legal_moves();
            // A capture if there is one (in Manator a duel, from the resumed stream).
            let royal = |r: Role| matches!(r, Role::Chief | Role::Princess);
            let m = moves
                .iter()
                .find(|m| m.capture.is_some_and(|c| !royal(c)) && !royal(m.role))
                .or_else(|| moves.iter().find(|m| m.capture.is_none()))
                .copied()
                .unwrap();
            let duels = g["records"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| !r["duel"].is_null())
                .count();
            let mut dice = DuelStream::resume(u(&g["seed"]), duels as u64);
            let (next, _) = pos.play(m, &mut dice).unwrap();
            let at = f.now + MIN;
            let r = f
                .store
                .play(
                    f.req(actor, at),
                    ChannelId(channel),
                    (stored.id, version),
                    m.from,
                    m.to,
                )
                .unwrap();
            assert_eq!(r.after, next.to_string(), "{name}");
            r
        };
        assert_eq!(result.before, g["position"].as_str().unwrap(), "{name}");
        assert_eq!(
            (result.version, result.ply, result.by),
            (version + 1, plies, UserId(actor)),
            "{name}"
        );
        assert!(result.finished.is_none(), "{name}");
        let now = f.store.game(ChannelId(channel)).unwrap().unwrap();
        assert_eq!(now.version, version + 1, "{name}");
        assert_eq!(now.records.len(), plies as usize + 1, "{name}");

        // In a practice game, the computer answers.
        if g["terms"]["practice"] == true && now.to_move() == UserId(bot) {
            let at = f.now + 2 * MIN;
            let req = f.req(bot, at).unannounced();
            if is_martian {
                let state = now.martian_state().unwrap();
                let a = state.legal_actions()[0];
                f.store
                    .act(req, ChannelId(channel), (now.id, now.version), a)
                    .unwrap();
            } else {
                let m = now
                    .position()
                    .unwrap()
                    .legal_moves()
                    .iter()
                    .next()
                    .copied()
                    .unwrap();
                f.store
                    .play(req, ChannelId(channel), (now.id, now.version), m.from, m.to)
                    .unwrap();
            }
        }
    }
    f.assert_clean();
    // The actions were flushed: they are there after a reopen.
    let versions: Vec<u64> = f.store.games().unwrap().iter().map(|g| g.version).collect();
    let location = f.location.clone();
    drop(f.store);
    let again = reopen(&location);
    assert_eq!(
        again
            .games()
            .unwrap()
            .iter()
            .map(|g| g.version)
            .collect::<Vec<_>>(),
        versions
    );
}

/// The expected wallets after games ended, from the manifest's: each game's escrow
/// released, the loser's stake to the winner.
fn settle_expected(f: &Fixture, ended: &[(Value, Option<usize>)]) -> Vec<(u64, u64, u64, u64)> {
    let mut wallets: std::collections::BTreeMap<(u64, u64), (u64, u64)> = Default::default();
    for (g, winner) in ended {
        let guild = u(&g["guild"]);
        let stake = u(&g["terms"]["stake"]);
        for seat in 0..2 {
            let user = u(&g["seats"][seat]["user"]);
            let escrow = u(&g["seats"][seat]["escrow"]);
            if escrow == 0 && g["terms"]["practice"] == true {
                continue;
            }
            let w = wallets.entry((guild, user)).or_insert_with(|| {
                let w = f.wallet_fact(guild, user);
                (u(&w["balance"]), u(&w["escrow"]))
            });
            w.0 += escrow;
            w.1 -= escrow;
            match winner {
                Some(s) if *s == seat => w.0 += stake,
                Some(_) => w.0 -= stake,
                None => {}
            }
        }
    }
    wallets
        .into_iter()
        .map(|((g, u), (b, e))| (g, u, b, e))
        .collect()
}

fn assert_wallets(f: &Fixture, want: &[(u64, u64, u64, u64)]) {
    for &(guild, user, balance, escrow) in want {
        let w = f.store.wallet(GuildId(guild), UserId(user)).unwrap();
        assert_eq!(
            (w.balance, w.escrow),
            (balance, escrow),
            "the wallet of {user} on {guild}"
        );
    }
}

/// The clocks go on: reminders already sent are not sent again and the next one comes
/// when due; the sweep of stalled games ends exactly the games whose time ran out
/// (practice games abandoned after one move time, others lost on time by the player to
/// move after three; a battle card is not a stalled move), and pays out exactly what
/// their escrow held: the stake to the winner, the rest back.
#[test]
fn clocks_reminders_and_the_sweep_go_on() {
    let f = Fixture::open();
    let timed = f
        .games()
        .into_iter()
        .find(|g| !g["reminded"].is_null())
        .expect("a game reminded");
    let last = u(&timed["last_move_at"]);
    let limit = u(&timed["terms"]["move_time_minutes"]) * MIN;
    assert_eq!(timed["reminded"]["turn"], last);
    assert_eq!(timed["reminded"]["nudge"], "half");
    // Half was sent: nothing now, the tenth at nine tenths.
    assert!(f.store.claim_reminders(f.now).unwrap().is_empty());
    let r = f.store.claim_reminders(last + limit * 9 / 10).unwrap();
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].game.id, GameId(u(&timed["id"])));
    assert_eq!(r[0].user.get(), timed["to_act"]);
    assert_eq!(r[0].deadline, last + limit);
    assert!(f
        .store
        .claim_reminders(last + limit * 9 / 10)
        .unwrap()
        .is_empty());

    // Sweeps: when the first game stalls (the timed one, three move times after its
    // last move), then three days after the fixture was written.
    let mut ended = Vec::new();
    for now in [last + 3 * limit, f.now + 3 * 24 * 60 * MIN] {
        let mut want: Vec<(u64, String, Option<usize>)> = Vec::new();
        for g in f.games() {
            if ended
                .iter()
                .any(|(e, _): &(Value, Option<usize>)| e["id"] == g["id"])
            {
                continue;
            }
            let limit = u(&g["terms"]["move_time_minutes"]) * MIN;
            let idle = now - u(&g["last_move_at"]);
            let (seat, card) = to_act(&g);
            if g["terms"]["practice"] == true {
                if idle >= limit {
                    want.push((u(&g["channel"]), "abandoned".into(), None));
                }
            } else if idle >= 3 * limit && !card {
                want.push((u(&g["channel"]), "time".into(), Some(1 - seat)));
            }
        }
        assert!(!want.is_empty());
        let mut got: Vec<(u64, String, Option<usize>)> = f
            .store
            .settle_stalled(now)
            .unwrap()
            .iter()
            .map(|s| {
                let winner = match s.result {
                    GameResult::Win { winner, .. } => Some(usize::from(winner != s.players.first)),
                    _ => None,
                };
                (s.channel.get(), s.reason.name(), winner)
            })
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "the sweep at {now}");
        for (channel, _, winner) in want {
            let g = f
                .games()
                .into_iter()
                .find(|g| g["channel"] == channel)
                .unwrap();
            assert!(f.store.game(ChannelId(channel)).unwrap().is_none());
            ended.push((g, winner));
        }
    }
    // Only the battle whose card is awaited is left.
    let left = f.store.games().unwrap();
    assert_eq!(left.len(), 1);
    assert!(f
        .games()
        .iter()
        .any(|g| g["id"] == left[0].id.get() && to_act(g).1));
    assert_wallets(&f, &settle_expected(&f, &ended));
    f.assert_clean();
}

/// The draw offer standing is accepted: both get their escrow back, each counts a draw,
/// and the rated game's ratings change in its pool.
#[test]
fn a_standing_draw_offer_can_be_accepted() {
    let f = Fixture::open();
    let g = f
        .games()
        .into_iter()
        .find(|g| !g["draw_offer"].is_null())
        .expect("a draw offer");
    let offerer = u(&g["draw_offer"]);
    let other = if g["seats"][0]["user"] == offerer {
        &g["seats"][1]
    } else {
        &g["seats"][0]
    };
    let guild = u(&g["guild"]);
    let before: Vec<_> = (0..2)
        .map(|s| f.wallet_fact(guild, u(&g["seats"][s]["user"])))
        .collect();
    let s = f
        .store
        .accept_draw(
            f.req(u(&other["user"]), f.now + MIN),
            ChannelId(u(&g["channel"])),
            GameId(u(&g["id"])),
        )
        .unwrap();
    assert_eq!(s.result, GameResult::Draw);
    assert_eq!(s.reason.name(), "agreement");
    assert_wallets(&f, &settle_expected(&f, &[(g.clone(), None)]));
    let change = s.rating.expect("a rated game");
    assert_eq!(change.pool.name(), g["terms"]["rating_pool"]);
    for (seat, w) in before.iter().enumerate() {
        let user = u(&g["seats"][seat]["user"]);
        let now = f.store.wallet(GuildId(guild), UserId(user)).unwrap();
        assert_eq!(now.draws, u(&w["draws"]) as u32 + 1);
        let pool = w["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["pool"] == g["terms"]["rating_pool"])
            .map_or(0, |r| u(&r["rating"]["games"]));
        assert_eq!(u64::from(now.ratings[&change.pool].games), pool + 1);
    }
    f.assert_clean();
}

/// Every open challenge can be accepted by the player challenged, before it expires
/// (not after), on its terms: the game starts from its game's start, the challenged
/// player's escrow moves in, and the game's id is the challenge's.
#[test]
fn open_challenges_can_be_accepted() {
    let f = Fixture::open();
    let challenges = f.facts()["challenges"].as_array().unwrap().clone();
    assert_eq!(challenges.len(), 4);
    assert!(f.store.expire_due(f.now).unwrap().is_empty());
    for c in &challenges {
        let (id, guild, channel) = (u(&c["id"]), u(&c["guild"]), u(&c["channel"]));
        let challenged = u(&c["challenged"]);
        let expires = u(&c["expires_at"]);
        let late = f.store.accept(
            f.req(challenged, expires),
            ChannelId(channel),
            Some(GameId(id)),
            0,
            7,
        );
        assert!(
            matches!(late, Err(StoreError::ChallengeExpired)),
            "{late:?}"
        );
        let w = f.wallet_fact(guild, challenged);
        let game = f
            .store
            .accept(
                f.req(challenged, expires - 1),
                ChannelId(channel),
                Some(GameId(id)),
                0,
                7,
            )
            .unwrap();
        assert_eq!(game.id, GameId(id));
        assert_eq!(game.version, 1);
        let fact = fixture_facts::game(&game);
        assert_same("the terms", &c["terms"], &fact["terms"]);
        let held = u(&c["held"]);
        assert_eq!((game.escrow.first, game.escrow.second), (held, held));
        let start = if c["terms"]["kind"]["game"] == "martian_chess" {
            State::new(7).to_string()
        } else {
            let options = &c["terms"]["kind"]["options"];
            Position::start_on(
                serde_json::from_value(options["variant"].clone()).unwrap(),
                serde_json::from_value(options["board"].clone()).unwrap(),
            )
            .to_string()
        };
        assert_eq!(game.position, start);
        let now = f.store.wallet(GuildId(guild), UserId(challenged)).unwrap();
        assert_eq!(
            (now.balance, now.escrow),
            (u(&w["balance"]) - held, u(&w["escrow"]) + held),
            "the wallet of {challenged}"
        );
        // Another challenge in the channel waits until this game moves into a thread
        // of its own.
        if let Some(other) = f.store.open_challenge(ChannelId(channel)).unwrap() {
            let busy = f.store.accept(
                f.req(other.challenged.get(), f.now + MIN),
                ChannelId(channel),
                Some(other.id),
                0,
                7,
            );
            assert!(
                matches!(busy, Err(StoreError::ChannelBusy { .. })),
                "{busy:?}"
            );
            let thread = channel + 1_000_000;
            let moved = f
                .store
                .move_to_thread(
                    f.now + MIN,
                    ChannelId(channel),
                    GameId(id),
                    ChannelId(thread),
                )
                .unwrap();
            assert_eq!(
                (moved.channel, moved.parent),
                (ChannelId(thread), Some(ChannelId(channel)))
            );
        }
    }
    assert!(f.store.open_challenges().unwrap().is_empty());
    f.assert_clean();
}

/// New ids come after every id the fixture holds (games, challenges, ledger entries):
/// none is handed out twice.
#[test]
fn new_ids_follow_the_old_ones() {
    let f = Fixture::open();
    let facts = f.facts();
    let mut highest = 0;
    for g in facts["games"].as_array().unwrap() {
        highest = highest.max(u(&g["id"]));
    }
    for c in facts["challenges"].as_array().unwrap() {
        highest = highest.max(u(&c["id"]));
    }
    for l in facts["ledger"].as_array().unwrap() {
        for e in l["entries"].as_array().unwrap() {
            highest = highest.max(u(&e["seq"]));
        }
    }
    let guild = f.roster.guilds[0];
    let (a, b) = (f.roster.users[0].1, f.roster.users[1].1);
    let terms = jetan_store::Terms {
        stake: 1,
        move_time_minutes: Some(60),
        ..jetan_store::Terms::friendly(Variant::Classic)
    };
    let fresh = 1_164_000_000_000_099_999;
    let c = f
        .store
        .challenge(
            f.req(a, f.now + MIN),
            GuildId(guild),
            ChannelId(fresh),
            UserId(b),
            terms,
        )
        .unwrap();
    assert!(c.id > GameId(highest), "id {} after {highest}", c.id);
    let seq = f.store.ledger(GuildId(guild), UserId(a), 1).unwrap()[0].seq;
    assert!(seq > highest && seq != c.id.get());
    f.assert_clean();
}

/// A repeated request gets its first answer from its receipt and changes nothing (the
/// last action of every game in progress, clicked again); the answers still to announce
/// are in the outbox and leave it when announced.
#[test]
fn repeated_requests_and_the_outbox_go_on() {
    let f = Fixture::open();
    let receipts = f.facts()["receipts"].as_array().unwrap().clone();
    for g in f.games() {
        let channel = u(&g["channel"]);
        let last = receipts
            .iter()
            .filter(|r| r["op"] == "play" && r["result"]["game"] == g["id"])
            .max_by_key(|r| u(&r["result"]["version"]))
            .unwrap_or_else(|| panic!("no receipt of the last action in {channel}"));
        let request = u(&last["request"]);
        let stored = f.store.receipt(request).unwrap().unwrap();
        let by = u(&last["result"]["by"]);
        let stamp = Stamp::new(request, UserId(by), f.now + MIN);
        let target = (GameId(u(&g["id"])), u(&last["result"]["version"]) - 1);
        let record = &last["result"]["record"];
        let again = if let Some(action) = record["action"].as_str() {
            f.store
                .act(stamp, ChannelId(channel), target, action.parse().unwrap())
        } else {
            let text = record["move"].as_str().unwrap();
            let (from, to) = text.split_at(text.find(['-', 'x']).unwrap());
            f.store.play(
                stamp,
                ChannelId(channel),
                target,
                from.parse().unwrap(),
                to[1..].parse().unwrap(),
            )
        }
        .unwrap();
        assert_eq!(jetan_store::Receipt::Play(again), stored);
        assert_eq!(
            f.store.game(ChannelId(channel)).unwrap().unwrap().version,
            u(&g["version"])
        );
    }
    let pending = f.store.pending_announcements().unwrap();
    assert_eq!(pending.len(), f.facts()["outbox"].as_array().unwrap().len());
    assert!(!pending.is_empty());
    for p in &pending {
        assert!(f.store.receipt(p.request).unwrap().is_some());
        f.store.announced(p.request).unwrap();
    }
    assert!(f.store.pending_announcements().unwrap().is_empty());
    f.assert_clean();
}

/// An export of the old data imports into a new place (the same backend) with every
/// record (the profiles and the outbox are not exported), and `verify` is clean there.
#[test]
fn old_data_exports_and_imports_whole() {
    let f = Fixture::open();
    let mut out = Vec::new();
    f.store.export(&mut out).unwrap();
    let target = Place::new();
    target.import(&out).unwrap();
    let restored = target.open();
    let mut want = f.facts().clone();
    let mut got = fixture_facts::facts(&restored, &f.roster);
    for v in [&mut want, &mut got] {
        v["profiles"] = Value::Null;
        v["outbox"] = Value::Null;
    }
    assert_same("facts after export and import", &want, &got);
}
