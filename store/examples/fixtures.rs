//! Writes the upgrade fixtures' data with this version of the store: two servers with
//! games in progress of every kind, open challenges, finished games of every ending,
//! wallets, the ledger with payments, ratings in every pool, receipts, the outbox,
//! reminders, profiles and changed settings — the same operations in the same order at
//! the same (fixed) times, so that a sled directory and a PostgreSQL database written
//! by it hold the same records. Then writes the manifest: the roster (servers, users,
//! channels, finished games, requests) and every fact read back (`fixture_facts.rs`).
//!
//! `cargo run -p jetan-store --example fixtures -- <empty data directory | postgres://…>
//! <manifest.json> <commit>`; `store/tests/fixtures/make.sh` runs it on both backends
//! and packs the results (docs/STORAGE.md, "Upgrade fixtures").

#[path = "../tests/store/fixture_facts.rs"]
mod fixture_facts;

use fixture_facts::Roster;
use jetan_rules::{DuelStream, Move, Role, Topology, Variant};
use jetan_store::{
    ChannelId, EndReason, FirstMover, Game, GameId, GuildId, HostEnding, Location, MessageRef,
    Nudge, PlayResult, SettingsChange, Stamp, Store, Terms, UserId, DAY_MS,
};
use martian_chess::{ai, BattleSide, ToAct};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

/// The fixture's clock at the start: 2026-01-01 12:00 UTC.
const T0: u64 = 1_767_268_800_000;
/// Each request comes this long after the previous one.
const STEP: u64 = 5_000;
/// Request ids (Discord interaction ids are snowflakes of this size).
const REQUESTS: u64 = 1_300_000_000_000_000_000;
const MIN: u64 = 60_000;
const HOUR: u64 = 60 * MIN;

// Two servers: Helium (settings changed: Spanish, limits, no threads, …) and Zodanga
// (the defaults, and the locale Discord sent).
const HELIUM: u64 = 1_164_000_000_000_000_001;
const ZODANGA: u64 = 1_164_000_000_000_000_002;

const TARS: u64 = 1_164_000_000_000_000_101;
const DEJAH: u64 = 1_164_000_000_000_000_102;
const JOHN: u64 = 1_164_000_000_000_000_103;
const SOLA: u64 = 1_164_000_000_000_000_104;
const KANTOS: u64 = 1_164_000_000_000_000_105;
const CARTHORIS: u64 = 1_164_000_000_000_000_106;
const THUVIA: u64 = 1_164_000_000_000_000_107;
/// The bot (the computer opponent of practice games).
const BOT: u64 = 1_164_000_000_000_000_999;

// Helium's channels.
const H_CLASSIC: u64 = 1_164_000_000_000_010_011;
const H_MANATOR: u64 = 1_164_000_000_000_010_012;
const H_NINTH_RAY: u64 = 1_164_000_000_000_010_013;
const H_MARTIAN: u64 = 1_164_000_000_000_010_014;
const H_PRACTICE: u64 = 1_164_000_000_000_010_015;
const H_TIMED: u64 = 1_164_000_000_000_010_016;
const H_LOBBY: u64 = 1_164_000_000_000_010_017;
const H_MARTIAN_LOBBY: u64 = 1_164_000_000_000_010_018;
const H_AUDIT: u64 = 1_164_000_000_000_010_019;
const H_OFF_TOPIC: u64 = 1_164_000_000_000_010_020;
// Zodanga's channels; the arena's game is played in a thread of its own.
const Z_BATTLE: u64 = 1_164_000_000_000_020_031;
const Z_ARENA: u64 = 1_164_000_000_000_020_032;
const Z_ARENA_THREAD: u64 = 1_164_000_000_000_020_033;
const Z_PRACTICE: u64 = 1_164_000_000_000_020_034;
const Z_LOBBY: u64 = 1_164_000_000_000_020_035;
const Z_OLD: u64 = 1_164_000_000_000_020_036;

struct Gen {
    store: Store,
    now: u64,
    requests: u64,
    roster: Roster,
    rng: StdRng,
    /// Leave the results of the requests from now on in the outbox (not announced).
    pending: bool,
    /// Message ids for the challenges and draw offers posted.
    messages: u64,
}

/// How a Jetan move is picked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pick {
    /// A move that does not end the game: a capture when one is safe (half the time),
    /// else any.
    Safe,
    /// The most valuable capture (the Princess first), else any: plays a game out.
    Greedy,
}

impl Gen {
    /// A request by `user` now (the bot's own requests are not announced).
    fn stamp(&mut self, user: u64) -> Stamp {
        self.now += STEP;
        self.requests += 1;
        let id = REQUESTS + self.requests;
        self.roster.requests.push(id);
        let s = Stamp::new(id, UserId(user), self.now);
        if user == BOT {
            s.unannounced()
        } else {
            s
        }
    }

    /// Runs one operation by `user`; its answer is announced (out of the outbox) unless
    /// the results are to be left pending.
    fn op<T>(
        &mut self,
        user: u64,
        what: &str,
        f: impl FnOnce(&Store, Stamp) -> jetan_store::Result<T>,
    ) -> T {
        let s = self.stamp(user);
        let out = f(&self.store, s).unwrap_or_else(|e| panic!("{what}: {e}"));
        if s.announce && !self.pending {
            self.store.announced(s.id).unwrap();
        }
        out
    }

    fn wait(&mut self, ms: u64) {
        self.now += ms;
    }

    fn channel(&mut self, name: &str, id: u64) {
        self.roster.channels.push((name.into(), id));
    }

    /// A challenge, posted (its message remembered).
    fn challenge(
        &mut self,
        guild: u64,
        channel: u64,
        by: u64,
        to: u64,
        terms: Terms,
    ) -> jetan_store::Challenge {
        let c = self.op(by, "challenge", |s, r| {
            s.challenge(r, GuildId(guild), ChannelId(channel), UserId(to), terms)
        });
        self.roster.ids.push(c.id.get());
        if by != BOT && to != BOT {
            self.messages += 1;
            let message = 1_400_000_000_000_000_000 + self.messages;
            self.store
                .remember_message(
                    b'c',
                    c.id,
                    MessageRef {
                        channel: ChannelId(channel),
                        message,
                    },
                )
                .unwrap();
            self.roster
                .messages
                .push(('c', c.id.get(), channel, message));
        }
        c
    }

    /// A game started: challenged and accepted (by the bot for a practice game, at
    /// `level`).
    #[allow(clippy::too_many_arguments)]
    fn start(
        &mut self,
        guild: u64,
        channel: u64,
        by: u64,
        to: u64,
        terms: Terms,
        level: Option<u8>,
        coin: u64,
    ) -> Game {
        let c = self.challenge(guild, channel, by, to, terms);
        if let Some(level) = level {
            self.store.set_practice_level(c.id, level).unwrap();
        }
        self.answered(c.id.get());
        let seed = self.rng.gen();
        self.op(to, "accept", |s, r| {
            s.accept(r, ChannelId(channel), Some(c.id), coin, seed)
        })
    }

    /// The challenge `id` was answered: the bot edited (and forgot) its message.
    fn answered(&mut self, id: u64) {
        if let Some(i) = self.roster.messages.iter().position(|m| m.1 == id) {
            self.roster.messages.remove(i);
            self.store.take_message(b'c', GameId(id)).unwrap();
        }
    }

    fn game(&self, channel: u64) -> Game {
        self.store
            .game(ChannelId(channel))
            .unwrap()
            .expect("a game in progress")
    }

    /// Plays one Jetan move for whoever is to move.
    fn jetan(&mut self, channel: u64, pick: Pick) -> PlayResult {
        let g = self.game(channel);
        let pos = g.position().unwrap();
        let duels = g.records.duels() as u64;
        let outcome = |m: &Move| {
            let mut dice = DuelStream::resume(g.seed, duels);
            pos.clone().play(*m, &mut dice).unwrap().1.outcome
        };
        let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let value = |m: &Move| {
            m.capture.map_or(0, |c| {
                c.value() + u32::from(c == Role::Princess) * 100 + u32::from(c == Role::Chief) * 50
            })
        };
        let m = match pick {
            Pick::Greedy => match moves
                .iter()
                .filter(|m| m.capture.is_some())
                .max_by_key(|m| value(m))
            {
                Some(m) => *m,
                None => moves[self.rng.gen_range(0..moves.len())],
            },
            Pick::Safe => {
                let safe: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| {
                        outcome(m).is_none()
                            && !matches!(m.role, Role::Chief | Role::Princess)
                            && !matches!(m.capture, Some(Role::Chief | Role::Princess))
                    })
                    .collect();
                let captures: Vec<Move> = safe
                    .iter()
                    .copied()
                    .filter(|m| m.capture.is_some())
                    .collect();
                if !captures.is_empty() && self.rng.gen_bool(0.5) {
                    captures[self.rng.gen_range(0..captures.len())]
                } else {
                    safe[self.rng.gen_range(0..safe.len())]
                }
            }
        };
        let user = g.to_move();
        let r = self.op(user.get(), "a move", |s, r| {
            s.play(r, ChannelId(channel), (g.id, g.version), m.from, m.to)
        });
        if pick == Pick::Safe {
            assert!(r.finished.is_none(), "a safe move ended the game");
        }
        r
    }

    /// Plays one Martian Chess action for whoever must act: the greedy computer's, or
    /// (`safe`) one that does not end the game.
    fn martian(&mut self, channel: u64, safe: bool) -> PlayResult {
        let g = self.game(channel);
        let state = g.martian_state().unwrap();
        let side = state.player_to_act().expect("someone to act");
        let seed = self.rng.gen();
        let mut a = ai::choose_untimed(&state.public_view(side), ai::Level::Greedy, seed).unwrap();
        let ends = |a: martian_chess::Action| {
            state
                .clone()
                .play(side, a)
                .map_or(true, |s| s.outcome().is_some())
        };
        if safe && ends(a) {
            a = state
                .legal_actions()
                .into_iter()
                .find(|&a| !ends(a))
                .expect("an action that does not end the game");
        }
        let user = g.martian_player(side);
        self.op(user.get(), "an action", |s, r| {
            s.act(r, ChannelId(channel), (g.id, g.version), a)
        })
    }
}

fn jetan(variant: Variant, topology: Topology, stake: u64, price: u64, minutes: u32) -> Terms {
    Terms {
        stake,
        piece_price: price,
        move_time_minutes: Some(minutes),
        ..Terms::friendly(jetan_store::games::jetan::Options {
            variant,
            topology,
            rules: jetan_rules::Rules::STANDARD,
        })
    }
}

fn martian(stake: u64, price: u64, minutes: u32) -> Terms {
    Terms {
        stake,
        piece_price: price,
        move_time_minutes: Some(minutes),
        ..Terms::martian()
    }
}

fn practice(mut t: Terms) -> Terms {
    t.practice = true;
    t.stake = 0;
    t.piece_price = 0;
    t
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [location, manifest, commit] = args.as_slice() else {
        eprintln!("usage: fixtures <empty data directory | postgres://…> <manifest.json> <commit>");
        std::process::exit(2);
    };
    let location = Location::parse(location);
    if let Location::Dir(d) = &location {
        assert!(!d.exists(), "{} exists: give a new directory", d.display());
    }
    let store = Store::open_at(&location).unwrap();
    assert_eq!(
        store.verify().unwrap().wallets,
        0,
        "the place must be empty"
    );
    let mut g = Gen {
        store: store.clone(),
        now: T0,
        requests: 0,
        roster: Roster::default(),
        rng: StdRng::seed_from_u64(0x006a_6574_616e),
        pending: false,
        messages: 0,
    };
    scenario(&mut g);
    let report = store.verify().unwrap();
    assert!(report.is_clean(), "{report}");
    eprintln!("{report}");
    let facts = fixture_facts::facts(&store, &g.roster);
    let out = json!({
        "about": "Written by store/examples/fixtures.rs (store/tests/fixtures/make.sh); read by store/tests/store/upgrade.rs. Never edit by hand.",
        "commit": commit,
        "format": jetan_store::FORMAT_VERSION,
        "now": g.now,
        "roster": g.roster,
        "facts": facts,
    });
    let mut text = serde_json::to_string_pretty(&out).unwrap();
    text.push('\n');
    std::fs::write(manifest, text).unwrap();
    drop(g);
    store.flush().unwrap();
}

fn scenario(g: &mut Gen) {
    g.roster.guilds = vec![HELIUM, ZODANGA];
    g.roster.users = [
        ("tars", TARS),
        ("dejah", DEJAH),
        ("john", JOHN),
        ("sola", SOLA),
        ("kantos", KANTOS),
        ("carthoris", CARTHORIS),
        ("thuvia", THUVIA),
        ("jetan", BOT),
    ]
    .iter()
    .map(|(n, u)| (n.to_string(), *u))
    .collect();
    for (name, id) in [
        ("helium/classic", H_CLASSIC),
        ("helium/manator", H_MANATOR),
        ("helium/ninth-ray", H_NINTH_RAY),
        ("helium/martian", H_MARTIAN),
        ("helium/practice", H_PRACTICE),
        ("helium/timed", H_TIMED),
        ("helium/lobby", H_LOBBY),
        ("helium/martian-lobby", H_MARTIAN_LOBBY),
        ("zodanga/battle", Z_BATTLE),
        ("zodanga/arena", Z_ARENA),
        ("zodanga/arena/thread", Z_ARENA_THREAD),
        ("zodanga/practice", Z_PRACTICE),
        ("zodanga/lobby", Z_LOBBY),
        ("zodanga/old", Z_OLD),
    ] {
        g.channel(name, id);
    }

    // ------------------------------------------------ settings, profiles, wallets
    let helium = SettingsChange {
        starting_grant: Some(500),
        daily_allowance: Some(50),
        currency: Some("tanagas".into()),
        default_piece_price: Some(2),
        default_stake: Some(20),
        challenge_expiry_ms: Some(3 * 24 * HOUR),
        move_time_ms: Some(12 * HOUR),
        disallow_channel: Some(ChannelId(H_OFF_TOPIC)),
        language: Some(Some("es".into())),
        max_stake: Some(400),
        max_piece_price: Some(5),
        max_balance: Some(1_000_000),
        daily_pay_cap: Some(300),
        min_account_days: Some(30),
        min_games: Some(1),
        audit_channel: Some(Some(ChannelId(H_AUDIT))),
        audit_pot: Some(50),
        threads: Some(false),
        reminders: Some(true),
        ..SettingsChange::default()
    };
    g.op(TARS, "settings", |s, r| {
        s.change_settings(r, GuildId(HELIUM), &helium)
    });
    g.now += STEP;
    assert!(g
        .store
        .remember_guild_locale(GuildId(HELIUM), "en-US", g.now)
        .unwrap());
    assert!(g
        .store
        .remember_guild_locale(GuildId(ZODANGA), "pt-BR", g.now)
        .unwrap());
    for (name, user) in g.roster.users.clone() {
        let display = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
        g.store.remember_name(UserId(user), &display).unwrap();
    }
    g.store.set_reminds_by_dm(UserId(DEJAH), true).unwrap();
    g.store.set_reminds_by_dm(UserId(JOHN), false).unwrap();
    for guild in [HELIUM, ZODANGA] {
        for user in [TARS, DEJAH, JOHN, SOLA, KANTOS, CARTHORIS, THUVIA] {
            g.op(user, "daily", |s, r| s.daily(r, GuildId(guild)));
        }
    }
    g.op(THUVIA, "grant", |s, r| {
        s.grant(r, GuildId(HELIUM), UserId(TARS), 1000, "tournament prize")
    });
    g.op(TARS, "pay", |s, r| {
        s.pay(r, GuildId(HELIUM), UserId(DEJAH), 120, "for the lesson")
    });
    g.op(THUVIA, "take", |s, r| {
        s.take(r, GuildId(HELIUM), UserId(KANTOS), 30, "spam")
    });
    g.op(JOHN, "pay", |s, r| {
        s.pay(r, GuildId(ZODANGA), UserId(SOLA), 25, "")
    });

    // ------------------------------------------------ challenges closed without a game
    let c = g.challenge(
        HELIUM,
        H_LOBBY,
        JOHN,
        DEJAH,
        jetan(Variant::Classic, Topology::Flat, 10, 1, 720),
    );
    g.op(DEJAH, "decline", |s, r| {
        s.decline(r, ChannelId(H_LOBBY), Some(c.id))
    });
    g.answered(c.id.get());
    let c = g.challenge(
        HELIUM,
        H_LOBBY,
        SOLA,
        TARS,
        jetan(Variant::Manator, Topology::Flat, 5, 1, 720),
    );
    g.op(SOLA, "cancel", |s, r| {
        s.cancel(r, ChannelId(H_LOBBY), Some(c.id))
    });
    g.answered(c.id.get());
    let c = g.challenge(HELIUM, H_LOBBY, CARTHORIS, KANTOS, martian(5, 1, 720));
    g.op(TARS, "abort a challenge", |s, r| {
        s.abort_challenge(r, ChannelId(H_LOBBY), Some(c.id))
    });
    g.answered(c.id.get());
    g.challenge(ZODANGA, Z_LOBBY, THUVIA, JOHN, martian(5, 1, 1440));
    g.wait(11 * MIN);
    let expired = g.store.expire_due(g.now).unwrap();
    assert_eq!(expired.len(), 1);
    g.answered(expired[0].challenge.id.get());

    // ------------------------------------------------ finished games, one per ending
    // A capture: Classic played out greedily (rated, Classic pool).
    g.start(
        HELIUM,
        H_CLASSIC,
        TARS,
        DEJAH,
        jetan(Variant::Classic, Topology::Flat, 20, 1, 720),
        None,
        0,
    );
    let end = loop {
        if let Some(end) = g.jetan(H_CLASSIC, Pick::Greedy).finished {
            break end;
        }
    };
    assert!(
        matches!(end.reason, EndReason::Rule(_)),
        "the greedy game ended by {:?}",
        end.reason
    );
    g.roster.finished.push(end.game_id.get());

    // A resignation (rated, Classic pool).
    let game = g.start(
        HELIUM,
        H_TIMED,
        JOHN,
        SOLA,
        jetan(Variant::Classic, Topology::Flat, 30, 2, 720),
        None,
        0,
    );
    for _ in 0..6 {
        g.jetan(H_TIMED, Pick::Safe);
    }
    g.op(SOLA, "resign", |s, r| {
        s.resign(r, ChannelId(H_TIMED), game.id)
    });
    g.roster.finished.push(game.id.get());

    // A draw by agreement (rated, Manator pool).
    let game = g.start(
        HELIUM,
        H_MANATOR,
        TARS,
        KANTOS,
        jetan(Variant::Manator, Topology::Flat, 10, 1, 720),
        None,
        0,
    );
    for _ in 0..5 {
        g.jetan(H_MANATOR, Pick::Safe);
    }
    g.op(KANTOS, "offer a draw", |s, r| {
        s.offer_draw(r, ChannelId(H_MANATOR))
    });
    g.op(TARS, "accept the draw", |s, r| {
        s.accept_draw(r, ChannelId(H_MANATOR), game.id)
    });
    g.roster.finished.push(game.id.get());

    // Time claimed (rated, Ninth-Ray pool).
    let game = g.start(
        HELIUM,
        H_NINTH_RAY,
        DEJAH,
        JOHN,
        jetan(Variant::Classic, Topology::Circular, 25, 1, 5),
        None,
        0,
    );
    for _ in 0..5 {
        g.jetan(H_NINTH_RAY, Pick::Safe);
    }
    let waiting = g.game(H_NINTH_RAY).to_move();
    let claimer = if waiting == UserId(DEJAH) {
        JOHN
    } else {
        DEJAH
    };
    g.wait(6 * MIN);
    g.op(claimer, "claim on time", |s, r| {
        s.claim_time(r, ChannelId(H_NINTH_RAY))
    });
    g.roster.finished.push(game.id.get());

    // Martian Chess played out by its rules (rated, Martian Chess pool).
    g.start(
        ZODANGA,
        Z_BATTLE,
        SOLA,
        CARTHORIS,
        martian(0, 1, 1440),
        None,
        0,
    );
    let end = loop {
        if let Some(end) = g.martian(Z_BATTLE, false).finished {
            break end;
        }
    };
    assert!(matches!(end.reason, EndReason::Rule(_)), "{:?}", end.reason);
    g.roster.finished.push(end.game_id.get());

    // A practice game nobody played on: abandoned by the sweep.
    let game = g.start(
        HELIUM,
        H_PRACTICE,
        THUVIA,
        BOT,
        practice(jetan(Variant::Classic, Topology::Flat, 0, 0, 60)),
        Some(2),
        0,
    );
    for _ in 0..4 {
        g.jetan(H_PRACTICE, Pick::Safe);
    }
    g.wait(61 * MIN);
    let swept = g.store.settle_stalled(g.now).unwrap();
    assert_eq!(swept.len(), 1);
    assert_eq!(swept[0].reason, EndReason::Host(HostEnding::Abandoned));
    g.roster.finished.push(game.id.get());

    // A casual game aborted by an admin.
    let mut casual = jetan(Variant::Classic, Topology::Flat, 0, 1, 1440);
    casual.casual = true;
    let game = g.start(ZODANGA, Z_ARENA, KANTOS, CARTHORIS, casual, None, 0);
    for _ in 0..3 {
        g.jetan(Z_ARENA, Pick::Safe);
    }
    g.op(THUVIA, "abort", |s, r| {
        s.abort(r, ChannelId(Z_ARENA), game.id, "server maintenance")
    });
    g.roster.finished.push(game.id.get());

    // A stalled game lost on time by the sweep (Manator on the circular board, rated,
    // Ninth-Ray pool).
    let game = g.start(
        ZODANGA,
        Z_OLD,
        THUVIA,
        TARS,
        jetan(Variant::Manator, Topology::Circular, 15, 1, 10),
        None,
        0,
    );
    for _ in 0..4 {
        g.jetan(Z_OLD, Pick::Safe);
    }
    g.wait(31 * MIN);
    let swept = g.store.settle_stalled(g.now).unwrap();
    assert_eq!(swept.len(), 1);
    assert_eq!(swept[0].reason, EndReason::Host(HostEnding::Time));
    g.roster.finished.push(game.id.get());

    // ------------------------------------------------ games in progress, every kind
    // A day later (the receipts of the games above are pruned at the end, as the bot
    // prunes those older than a day); a few daily claims first.
    g.wait(26 * HOUR);
    for user in [TARS, SOLA, KANTOS] {
        g.op(user, "daily", |s, r| s.daily(r, GuildId(HELIUM)));
    }
    // Classic on the flat board, with piece prices paid.
    g.start(
        HELIUM,
        H_CLASSIC,
        TARS,
        DEJAH,
        jetan(Variant::Classic, Topology::Flat, 100, 2, 720),
        None,
        0,
    );
    while g.game(H_CLASSIC).records.len() < 10
        || (g.game(H_CLASSIC).net.first == 0 && g.game(H_CLASSIC).net.second == 0)
    {
        g.jetan(H_CLASSIC, Pick::Safe);
        assert!(
            g.game(H_CLASSIC).records.len() < 60,
            "no capture in the classic game"
        );
    }

    // Manator on the flat board, with a duel fought (the duel stream resumes after it).
    g.start(
        HELIUM,
        H_MANATOR,
        JOHN,
        SOLA,
        jetan(Variant::Manator, Topology::Flat, 50, 1, 720),
        None,
        0,
    );
    while g.game(H_MANATOR).records.duels() < 2 {
        g.jetan(H_MANATOR, Pick::Safe);
        assert!(
            g.game(H_MANATOR).records.len() < 80,
            "no duel in the Manator game"
        );
    }
    g.jetan(H_MANATOR, Pick::Safe);

    // Classic on the circular board.
    g.start(
        HELIUM,
        H_NINTH_RAY,
        KANTOS,
        CARTHORIS,
        jetan(Variant::Classic, Topology::Circular, 30, 1, 720),
        None,
        0,
    );
    for _ in 0..8 {
        g.jetan(H_NINTH_RAY, Pick::Safe);
    }

    // Martian Chess in the middle of a turn (actions left), with stakes.
    g.start(
        HELIUM,
        H_MARTIAN,
        THUVIA,
        TARS,
        martian(20, 1, 720),
        None,
        0,
    );
    loop {
        g.martian(H_MARTIAN, true);
        let s = g.game(H_MARTIAN).martian_state().unwrap();
        if g.game(H_MARTIAN).actions().len() >= 8
            && matches!(s.to_act(), ToAct::Turn(_))
            && s.actions_left() < s.die()
            && s.actions_left() > 0
        {
            break;
        }
        assert!(
            g.game(H_MARTIAN).actions().len() < 300,
            "no turn stopped in its middle"
        );
    }

    // A practice game of Jetan against the computer (level 3), the human to move.
    g.start(
        HELIUM,
        H_PRACTICE,
        DEJAH,
        BOT,
        practice(jetan(Variant::Classic, Topology::Flat, 0, 0, 720)),
        Some(3),
        0,
    );
    for _ in 0..6 {
        g.jetan(H_PRACTICE, Pick::Safe);
    }

    // A timed game (30 minutes a move), reminded at half time, with a draw offer
    // standing (its message remembered), the results of the last requests still to
    // announce.
    g.start(
        HELIUM,
        H_TIMED,
        SOLA,
        KANTOS,
        jetan(Variant::Classic, Topology::Flat, 40, 2, 30),
        None,
        1,
    );
    for _ in 0..6 {
        g.jetan(H_TIMED, Pick::Safe);
    }

    // Zodanga: Martian Chess in a battle, the defender's card awaited.
    g.start(
        ZODANGA,
        Z_BATTLE,
        JOHN,
        THUVIA,
        martian(0, 1, 1440),
        None,
        0,
    );
    loop {
        g.martian(Z_BATTLE, true);
        let s = g.game(Z_BATTLE).martian_state().unwrap();
        if matches!(
            s.to_act(),
            ToAct::Battle {
                side: BattleSide::Defender,
                ..
            }
        ) && g.game(Z_BATTLE).actions().len() > 6
        {
            break;
        }
        assert!(g.game(Z_BATTLE).actions().len() < 400, "no battle");
    }

    // A casual game of Manator on the circular board in a thread of its own, the
    // challenged player moving first.
    let mut terms = jetan(Variant::Manator, Topology::Circular, 10, 1, 1440);
    terms.casual = true;
    terms.first = FirstMover::Challenged;
    let game = g.start(ZODANGA, Z_ARENA, CARTHORIS, DEJAH, terms, None, 0);
    g.now += STEP;
    g.store
        .move_to_thread(
            g.now,
            ChannelId(Z_ARENA),
            game.id,
            ChannelId(Z_ARENA_THREAD),
        )
        .unwrap();
    for _ in 0..5 {
        g.jetan(Z_ARENA_THREAD, Pick::Safe);
    }

    // A practice game of Martian Chess (level 2): the computer has played its turn.
    g.start(
        ZODANGA,
        Z_PRACTICE,
        SOLA,
        BOT,
        practice(martian(0, 0, 1440)),
        Some(2),
        0,
    );
    loop {
        g.martian(Z_PRACTICE, true);
        let game = g.game(Z_PRACTICE);
        let s = game.martian_state().unwrap();
        let bot_acted = game
            .actions()
            .iter()
            .any(|a| a.player == martian_chess::Color::Black);
        if bot_acted
            && s.to_act() == ToAct::Turn(martian_chess::Color::White)
            && s.actions_left() == s.die()
        {
            break;
        }
        assert!(game.actions().len() < 300);
    }

    // ------------------------------------------------ open challenges
    let mut c1 = jetan(Variant::Classic, Topology::Flat, 150, 3, 60);
    c1.first = FirstMover::Random;
    g.challenge(HELIUM, H_LOBBY, TARS, SOLA, c1);
    let mut c2 = jetan(Variant::Manator, Topology::Circular, 0, 1, 720);
    c2.casual = true;
    g.challenge(HELIUM, H_LOBBY, KANTOS, JOHN, c2);

    // The reminder at half the timed game's move time (the other games are far from
    // theirs).
    g.wait(16 * MIN);
    let reminded = g.store.claim_reminders(g.now).unwrap();
    assert_eq!(reminded.len(), 1, "{reminded:?}");
    assert_eq!(reminded[0].nudge, Nudge::Half);
    assert_eq!(reminded[0].game.channel, ChannelId(H_TIMED));

    // The last requests' answers are still to announce.
    g.pending = true;
    let offerer = g.game(H_TIMED).to_move();
    let game = g.op(offerer.get(), "offer a draw", |s, r| {
        s.offer_draw(r, ChannelId(H_TIMED))
    });
    g.messages += 1;
    let message = 1_400_000_000_000_000_000 + g.messages;
    g.store
        .remember_message(
            b'd',
            game.id,
            MessageRef {
                channel: ChannelId(H_TIMED),
                message,
            },
        )
        .unwrap();
    g.roster
        .messages
        .push(('d', game.id.get(), H_TIMED, message));
    g.challenge(
        HELIUM,
        H_MARTIAN_LOBBY,
        CARTHORIS,
        THUVIA,
        martian(40, 2, 720),
    );
    let mut c4 = jetan(Variant::Classic, Topology::Flat, 0, 0, 1440);
    c4.first = FirstMover::Challenged;
    g.challenge(ZODANGA, Z_LOBBY, JOHN, CARTHORIS, c4);

    // The bot's pruning of the results older than a day.
    let pruned = g.store.prune_requests(g.now - DAY_MS).unwrap();
    let store = g.store.clone();
    g.roster
        .requests
        .retain(|&r| store.receipt(r).unwrap().is_some());
    assert!(pruned > 0 && !g.roster.requests.is_empty());
}
