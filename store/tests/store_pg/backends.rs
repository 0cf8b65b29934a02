//! What only a database shared by several processes has: two stores (as two bot
//! processes would open) on one database, the schema's versions, and moving data
//! between sled and PostgreSQL through the export format.
use jetan_store::ChannelId;

use jetan_rules::Variant;
use jetan_store::{Location, Stamp, Store, StoreError, Terms};

use crate::common::*;

fn terms() -> Terms {
    Terms {
        stake: 20,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    }
}

fn export(store: &Store) -> String {
    let mut out = Vec::new();
    store.export(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn two_stores_on_one_database_race_like_two_processes() {
    let place = Place::new();
    let (a, b) = (place.open(), place.open());
    a.challenge(Stamp::new(1, ALICE, 0), GUILD, CH, BOB, terms())
        .unwrap();
    // The other process sees it at once, and of two accepts through the two
    // handles exactly one starts the game.
    let c = b.open_challenge(CH).unwrap().expect("the challenge");
    let (a2, b2) = (a.clone(), b.clone());
    let t1 = std::thread::spawn(move || a2.accept(Stamp::new(2, BOB, 1), CH, Some(c.id), 0, 1));
    let t2 = std::thread::spawn(move || b2.accept(Stamp::new(3, BOB, 1), CH, Some(c.id), 0, 1));
    let (r1, r2) = (t1.join().unwrap(), t2.join().unwrap());
    assert_eq!(
        [&r1, &r2].iter().filter(|r| r.is_ok()).count(),
        1,
        "{r1:?} {r2:?}"
    );
    // Moves racing from both processes: one wins each round.
    let mut id = 100;
    for round in 0..20u64 {
        let g = a.game(CH).unwrap().expect("a game");
        let moves = g.position().unwrap().legal_moves();
        let mut handles = Vec::new();
        for (k, s) in [a.clone(), b.clone(), a.clone(), b.clone()]
            .into_iter()
            .enumerate()
        {
            let m = moves[(k * 5 + round as usize) % moves.len()];
            id += 1;
            let req = Stamp::new(id, g.to_move(), 10 + round);
            let v = (g.id, g.version);
            handles.push(std::thread::spawn(move || s.play(req, CH, v, m.from, m.to)));
        }
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            1,
            "round {round}: {results:?}"
        );
        for e in results.iter().filter_map(|r| r.as_ref().err()) {
            assert!(matches!(e, StoreError::GameChanged { .. }), "{e}");
        }
        if b.game(CH).unwrap().is_none() {
            break;
        }
    }
    // A request repeated through the other process returns the first result.
    let w1 = a
        .grant(Stamp::new(7_000, CAROL, 50), GUILD, CAROL, 5, "a test")
        .unwrap();
    let w2 = b
        .grant(Stamp::new(7_000, CAROL, 51), GUILD, CAROL, 5, "a test")
        .unwrap();
    assert_eq!(w1, w2);
    assert_eq!(b.wallet(GUILD, CAROL).unwrap().balance, 1005);
    assert!(a.verify().unwrap().is_clean());
    assert_eq!(export(&a), export(&b));
}

#[test]
fn the_schema_is_versioned_and_a_newer_one_is_refused() {
    let place = Place::new();
    let Location::Postgres(url) = &place.location else {
        panic!("a PostgreSQL test");
    };
    // Processes starting together apply each migration once.
    let opens: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || Store::open_postgres(&url).map(drop))
        })
        .collect();
    for o in opens {
        o.join().unwrap().unwrap();
    }
    let mut c = pg(url);
    let versions: Vec<i32> = c
        .query("SELECT version FROM jetan_schema ORDER BY version", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(versions, [1]);
    c.execute("INSERT INTO jetan_schema (version) VALUES (999)", &[])
        .unwrap();
    let err = Store::open_postgres(url).unwrap_err();
    assert!(
        err.to_string().contains("newer than this program's"),
        "{err}"
    );
}

/// The server closes every connection of the store (a restart, an administrator): the
/// store opens new ones and goes on.
#[test]
fn connections_closed_by_the_server_are_replaced() {
    let url = format!(
        "{}&application_name=jetan_closed_{}",
        crate::cluster::fresh_url(),
        std::process::id()
    );
    let store = Store::open_postgres(&url).unwrap();
    store
        .challenge(Stamp::new(1, ALICE, 0), GUILD, CH, BOB, terms())
        .unwrap();
    // Several connections in the pool.
    let handles: Vec<_> = (0..6)
        .map(|_| {
            let s = store.clone();
            std::thread::spawn(move || s.wallet(GUILD, ALICE).unwrap())
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let killed: i64 = pg(&url)
        .query_one(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
             WHERE application_name = current_setting('application_name') \
             AND pid <> pg_backend_pid()",
            &[],
        )
        .unwrap()
        .get(0);
    assert!(killed >= 1, "no connection of the store to close");
    std::thread::sleep(std::time::Duration::from_millis(100));
    let g = store.accept(Stamp::new(2, BOB, 1), CH, None, 0, 1).unwrap();
    store
        .play(
            Stamp::new(3, ALICE, 2),
            CH,
            (g.id, g.version),
            sq("e2"),
            sq("e3"),
        )
        .unwrap();
    assert_eq!(store.game(CH).unwrap().unwrap().moves().len(), 1);
    assert!(store.verify().unwrap().is_clean());
}

#[test]
fn a_bad_url_or_an_unreachable_server_is_a_clear_error() {
    let err = Store::open_postgres("postgres://nobody@127.0.0.1:1/none").unwrap_err();
    assert!(matches!(err, StoreError::Storage(_)), "{err}");
    assert!(err.to_string().contains("PostgreSQL"), "{err}");
    assert!(Store::open_postgres("postgres://a b").is_err());
}

#[test]
fn open_existing_at_a_database_refuses_one_without_jetan_data() {
    let Location::Postgres(url) = Place::new().location else {
        panic!("a PostgreSQL test");
    };
    // A schema the store never used: refused, and nothing created in it.
    let err = Store::open_existing_at(&Location::Postgres(url.clone())).unwrap_err();
    assert!(matches!(err, StoreError::NoData(_)), "{err}");
    let t = TestStore::new();
    t.start(terms());
    assert!(Store::open_existing_at(&t.place.location).is_ok());
    drop(url);
}

/// sled → PostgreSQL → sled through the export format (what `jetan migrate` does):
/// the same records on every side, `verify` clean, and play goes on after the move.
#[test]
fn data_moves_from_sled_to_postgres_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let sled = Store::open(dir.path()).unwrap();
    let mut id = 1;
    let mut req = |user| {
        id += 1;
        Stamp::new(id, user, id)
    };
    sled.challenge(req(ALICE), GUILD, CH, BOB, terms()).unwrap();
    sled.accept(req(BOB), CH, None, 0, 3).unwrap();
    for (from, to) in [("e2", "e3"), ("e9", "e8"), ("d2", "d3")] {
        let g = sled.game(CH).unwrap().unwrap();
        sled.play(req(g.to_move()), CH, (g.id, g.version), sq(from), sq(to))
            .unwrap();
    }
    sled.challenge(req(CAROL), GUILD, ChannelId(11), BOB, terms())
        .unwrap();
    sled.daily(req(CAROL), GUILD).unwrap();
    sled.remember_name(ALICE, "Tara").unwrap();
    let text = export(&sled);
    drop(sled);

    let pg_place = Place::new();
    pg_place.import(text.as_bytes()).unwrap();
    let on_pg = pg_place.open();
    assert!(on_pg.verify().unwrap().is_clean());
    assert_eq!(export(&on_pg), text);
    // Play goes on, with fresh ids after the imported ones.
    let g = on_pg.game(CH).unwrap().unwrap();
    on_pg
        .play(req(g.to_move()), CH, (g.id, g.version), sq("e8"), sq("e7"))
        .unwrap();
    let end = on_pg.resign(req(ALICE), CH, g.id).unwrap();
    assert!(end.game_id == g.id);
    let ledger = on_pg.ledger(GUILD, ALICE, 100).unwrap();
    assert!(ledger.windows(2).all(|w| w[0].seq > w[1].seq));
    let text2 = export(&on_pg);

    let back = tempfile::tempdir().unwrap();
    let target = back.path().join("data");
    Store::import(&target, text2.as_bytes()).unwrap();
    let again = Store::open(&target).unwrap();
    assert!(again.verify().unwrap().is_clean());
    assert_eq!(export(&again), text2);
}

/// Payments from one wallet racing through two stores on one database (as two bot
/// processes would): never more paid than the balance or the daily cap allows, a
/// payment repeated through the other process pays once, and a payment racing a stake
/// spends the money once.
#[test]
fn payments_racing_across_two_processes_never_overspend() {
    let place = Place::new();
    let (a, b) = (place.open(), place.open());
    a.wallet(GUILD, ALICE).unwrap();
    let race = |ids: std::ops::Range<u64>, amount: u64| {
        let handles: Vec<_> = ids
            .map(|id| {
                let s = if id % 2 == 0 { a.clone() } else { b.clone() };
                let to = if id % 3 == 0 { BOB } else { CAROL };
                std::thread::spawn(move || s.pay(Stamp::new(id, ALICE, id), GUILD, to, amount, ""))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect::<Vec<_>>()
    };
    // 1000 available, twelve payments of 150: six are paid.
    let results = race(100..112, 150);
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        6,
        "{results:?}"
    );
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        assert!(matches!(e, StoreError::InsufficientFunds { .. }), "{e}");
    }
    assert_eq!(b.wallet(GUILD, ALICE).unwrap().balance, 100);
    // The same request through the other process: the first result, paid once.
    let first = a
        .pay(Stamp::new(500, BOB, 1), GUILD, ALICE, 300, "")
        .unwrap();
    assert_eq!(
        b.pay(Stamp::new(500, BOB, 1), GUILD, ALICE, 300, "")
            .unwrap(),
        first
    );
    assert_eq!(a.wallet(GUILD, ALICE).unwrap().balance, 400);
    // Two days later (the window of the payments above has closed), under a daily cap
    // of 200: of eight payments of 100, two are paid.
    a.change_settings(
        Stamp::new(600, CAROL, 2),
        GUILD,
        &jetan_store::SettingsChange {
            daily_pay_cap: Some(200),
            ..Default::default()
        },
    )
    .unwrap();
    let day = jetan_store::DAY_MS;
    let handles: Vec<_> = (0..8u64)
        .map(|k| {
            let s = if k % 2 == 0 { a.clone() } else { b.clone() };
            std::thread::spawn(move || {
                s.pay(Stamp::new(700 + k, ALICE, 2 * day + k), GUILD, BOB, 100, "")
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        2,
        "{results:?}"
    );
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        assert!(matches!(e, StoreError::PaymentCap { .. }), "{e}");
    }
    assert_eq!(a.wallet(GUILD, ALICE).unwrap().balance, 200);
    // A payment of everything racing a stake of everything, each through its process.
    let stake = Terms {
        stake: 158,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    }; // 200 in escrow
    let (a2, b2) = (a.clone(), b.clone());
    let payer =
        std::thread::spawn(move || a2.pay(Stamp::new(800, ALICE, 3 * day), GUILD, CAROL, 200, ""));
    let staker = std::thread::spawn(move || {
        b2.challenge(Stamp::new(801, ALICE, 3 * day), GUILD, CH, BOB, stake)
    });
    let (paid, staked) = (payer.join().unwrap(), staker.join().unwrap());
    assert!(paid.is_ok() != staked.is_ok(), "{paid:?} {staked:?}");
    let w = b.wallet(GUILD, ALICE).unwrap();
    assert_eq!(w.balance, 0);
    assert_eq!(w.escrow, if staked.is_ok() { 200 } else { 0 });
    let report = a.verify().unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.money, 3000);
}
