//! The server economy: payments between players (their ledger entries, refusals that
//! write nothing, a repeated request, races), on both backends.

use jetan_rules::Variant;
use jetan_store::{
    ChannelId, EntryKind, SettingsChange, Stamp, Store, StoreError, Terms, UserId, DAY_MS,
    MAX_AMOUNT, MAX_PURGE,
};

use crate::common::*;

fn balance(store: &Store, user: UserId) -> u64 {
    store.wallet(GUILD, user).unwrap().balance
}

/// Everything a refused operation must leave as it was: both wallets and the ledger.
fn snapshot(store: &Store) -> (Vec<(UserId, jetan_store::Wallet)>, usize) {
    let entries: usize = [ALICE, BOB, CAROL]
        .iter()
        .map(|&u| store.ledger(GUILD, u, usize::MAX).unwrap().len())
        .sum();
    (store.wallets(GUILD).unwrap(), entries)
}

#[test]
fn a_payment_moves_balance_to_the_receiver_with_one_ledger_entry_each() {
    let t = TestStore::new();
    let s = &t.store;
    let r = t.req(ALICE, 5_000);
    let paid = s.pay(r, GUILD, BOB, 300, "for the lesson").unwrap();
    assert_eq!((paid.from, paid.to, paid.amount), (ALICE, BOB, 300));
    assert_eq!(paid.balance, 700);
    assert_eq!((balance(s, ALICE), balance(s, BOB)), (700, 1300));
    let a = &s.ledger(GUILD, ALICE, 1).unwrap()[0];
    let b = &s.ledger(GUILD, BOB, 1).unwrap()[0];
    for (e, delta) in [(a, -300), (b, 300)] {
        assert_eq!(e.kind, EntryKind::Payment);
        assert_eq!((e.balance_delta, e.escrow_delta), (delta, 0));
        assert_eq!((e.request, e.at), (Some(r.id), 5_000));
    }
    assert_eq!(a.reason, format!("payment to {BOB}: for the lesson"));
    assert_eq!(b.reason, format!("payment from {ALICE}: for the lesson"));
    let report = s.verify().unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.money, 2000, "a payment creates no money");
}

#[test]
fn payment_refusals_write_nothing() {
    let t = TestStore::new();
    let s = &t.store;
    s.pay(t.req(BOB, 1), GUILD, CAROL, 1, "").unwrap();
    // Alice's 1000: 900 of it in escrow for a challenge.
    s.challenge(
        t.req(ALICE, 2),
        GUILD,
        CH,
        BOB,
        Terms {
            stake: 858,
            piece_price: 1,
            ..Terms::friendly(Variant::Classic)
        },
    )
    .unwrap();
    assert_eq!(balance(s, ALICE), 100);
    let before = snapshot(s);
    let refusals: Vec<(Stamp, u64, u64)> = vec![
        (t.req(ALICE, 3), ALICE.get(), 5),
        (t.req(ALICE, 3), BOB.get(), 0),
        (t.req(ALICE, 3), BOB.get(), MAX_AMOUNT + 1),
        (t.req(ALICE, 3), BOB.get(), 101),
    ];
    let errors: Vec<StoreError> = refusals
        .into_iter()
        .map(|(r, to, amount)| s.pay(r, GUILD, UserId(to), amount, "").unwrap_err())
        .collect();
    assert!(
        matches!(errors[0], StoreError::SelfPayment),
        "{}",
        errors[0]
    );
    assert!(matches!(errors[1], StoreError::InvalidAmount(_)));
    assert!(matches!(errors[2], StoreError::InvalidAmount(_)));
    assert!(
        matches!(
            errors[3],
            StoreError::InsufficientFunds {
                user: ALICE,
                available: 100,
                needed: 101,
                ..
            }
        ),
        "escrow is never paid: {}",
        errors[3]
    );
    assert!(errors.iter().all(StoreError::is_refusal));
    assert_eq!(snapshot(s), before);
    s.pay(t.req(ALICE, 4), GUILD, BOB, 100, "all of it")
        .unwrap();
    assert_eq!(balance(s, ALICE), 0);
    t.assert_clean();
}

#[test]
fn a_repeated_payment_pays_once() {
    let t = TestStore::new();
    let s = &t.store;
    let r = Stamp::new(4242, ALICE, 10);
    let first = s.pay(r, GUILD, BOB, 250, "").unwrap();
    let again = s.pay(r, GUILD, BOB, 250, "").unwrap();
    assert_eq!(first, again);
    // Even a "repeat" with other arguments returns the first payment and pays nothing.
    assert_eq!(s.pay(r, GUILD, CAROL, 7, "x").unwrap(), first);
    assert_eq!((balance(s, ALICE), balance(s, BOB)), (750, 1250));
    assert_eq!(balance(s, CAROL), 1000);
    let err = s.daily(r, GUILD).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::RequestIdReused {
                used_for: "payment",
                ..
            }
        ),
        "{err}"
    );
    t.assert_clean();
}

/// Check-then-debit: eight payments of 300 race from one wallet of 1000; exactly three
/// are paid, the others refused, and the money adds up.
#[test]
fn racing_payments_from_one_wallet_never_overspend() {
    let t = TestStore::new();
    balance(&t.store, ALICE);
    let handles: Vec<_> = (0..8u64)
        .map(|k| {
            let store = t.store.clone();
            let req = t.req(ALICE, 100 + k);
            let to = if k % 2 == 0 { BOB } else { CAROL };
            std::thread::spawn(move || store.pay(req, GUILD, to, 300, ""))
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        3,
        "{results:?}"
    );
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        assert!(
            matches!(e, StoreError::InsufficientFunds { user: ALICE, .. }),
            "{e}"
        );
    }
    let s = &t.store;
    assert_eq!(balance(s, ALICE), 100);
    assert_eq!(balance(s, BOB) + balance(s, CAROL), 2000 + 900);
    t.assert_clean();
}

/// A payment racing a challenge's stake for the same money: one of them gets it.
#[test]
fn a_payment_racing_a_stake_spends_the_money_once() {
    let terms = Terms {
        stake: 558,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    }; // 600 in escrow
    for round in 0..6u64 {
        let t = TestStore::new();
        balance(&t.store, ALICE);
        let (pay, stake) = (t.req(ALICE, 10), t.req(ALICE, 10));
        let store = t.store.clone();
        let payer = std::thread::spawn(move || store.pay(pay, GUILD, CAROL, 600, ""));
        let store = t.store.clone();
        let staker = std::thread::spawn({
            let terms = terms.clone();
            move || store.challenge(stake, GUILD, ChannelId(CH.get() + round), BOB, terms)
        });
        let (paid, staked) = (payer.join().unwrap(), staker.join().unwrap());
        assert!(
            paid.is_ok() != staked.is_ok(),
            "round {round}: exactly one: {paid:?} {staked:?}"
        );
        let w = t.store.wallet(GUILD, ALICE).unwrap();
        assert_eq!(
            (w.balance, w.escrow),
            (400, if staked.is_ok() { 600 } else { 0 })
        );
        t.assert_clean();
    }
}

/// `verify` reads each payment as one pair: an entry moved to another request (the
/// wallets and the totals still adding up) is found.
#[test]
fn verify_checks_that_each_payment_is_one_pair_that_cancels_out() {
    let t = TestStore::new();
    t.store.pay(t.req(ALICE, 1), GUILD, BOB, 40, "").unwrap();
    t.assert_clean();
    let seq = t.store.ledger(GUILD, BOB, 1).unwrap()[0].seq;
    let place = t.close();
    let key = seq.to_be_bytes();
    let v = place.raw_get("ledger", &key).expect("the entry");
    let mut json: serde_json::Value = serde_json::from_slice(&v[1..]).unwrap();
    json["request"] = serde_json::json!(999_999);
    let mut out = vec![v[0]];
    out.extend(serde_json::to_vec(&json).unwrap());
    place.raw_put("ledger", &key, &out);
    let r = place.open().verify().unwrap();
    let p = r.problems.join("\n");
    assert!(
        p.contains(
            "the payment of request 999999 in server 1 has 1 ledger entries adding up to 40"
        ),
        "{p}"
    );
    assert_eq!(r.problems.len(), 2, "{p}");
}

fn set(store: &Store, change: SettingsChange) {
    store
        .change_settings(Stamp::new(1, CAROL, 0), GUILD, &change)
        .unwrap();
}

#[test]
fn a_server_limits_stakes_and_piece_prices_and_its_defaults_stay_within_them() {
    let t = TestStore::new();
    let s = &t.store;
    set(
        s,
        SettingsChange {
            max_stake: Some(100),
            max_piece_price: Some(2),
            ..SettingsChange::default()
        },
    );
    let terms = |stake, piece_price| Terms {
        stake,
        piece_price,
        ..Terms::friendly(Variant::Classic)
    };
    let err = s
        .challenge(t.req(ALICE, 1), GUILD, CH, BOB, terms(101, 1))
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::AboveLimit {
                what: "stake",
                max: 100
            }
        ),
        "{err}"
    );
    let err = s
        .challenge(t.req(ALICE, 1), GUILD, CH, BOB, terms(0, 3))
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::AboveLimit {
                what: "piece price",
                max: 2
            }
        ),
        "{err}"
    );
    assert_eq!(balance(s, ALICE), 1000, "refused: nothing held");
    s.challenge(t.req(ALICE, 2), GUILD, CH, BOB, terms(100, 2))
        .unwrap();
    // A default above the limit, or a limit below the default, is refused.
    for change in [
        SettingsChange {
            default_stake: Some(101),
            ..SettingsChange::default()
        },
        SettingsChange {
            max_piece_price: Some(1),
            default_piece_price: Some(2),
            ..SettingsChange::default()
        },
    ] {
        let err = s
            .change_settings(t.req(CAROL, 3), GUILD, &change)
            .unwrap_err();
        assert!(matches!(err, StoreError::AboveLimit { .. }), "{err}");
    }
    assert_eq!(s.settings(GUILD).unwrap().max_stake, 100);
    // The limit is lowered while the challenge is open: accepting it is refused (the
    // limit as it is now, read in the accept's transaction), nothing moves, and the
    // challenger can still call it off.
    s.change_settings(
        t.req(CAROL, 4),
        GUILD,
        &SettingsChange {
            max_stake: Some(50),
            ..SettingsChange::default()
        },
    )
    .unwrap();
    let snap = snapshot(s);
    let err = s.accept(t.req(BOB, 5), CH, None, 0, 1).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::AboveLimit {
                what: "stake",
                max: 50
            }
        ),
        "{err}"
    );
    assert_eq!(snapshot(s), snap);
    assert!(s.game(CH).unwrap().is_none());
    s.cancel(t.req(ALICE, 6), CH, None).unwrap();
    assert_eq!(balance(s, ALICE), 1000, "refunded");
    t.assert_clean();
}

#[test]
fn the_daily_allowance_and_payments_received_stop_at_the_maximum_balance() {
    let t = TestStore::new();
    let s = &t.store;
    set(
        s,
        SettingsChange {
            max_balance: Some(1050),
            ..SettingsChange::default()
        },
    );
    let c = s.daily(t.req(ALICE, 10), GUILD).unwrap();
    assert_eq!((c.amount, c.balance), (50, 1050), "only up to the maximum");
    let err = s.daily(t.req(ALICE, 10 + DAY_MS), GUILD).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::BalanceLimit {
                user: ALICE,
                max: 1050,
                room: 0
            }
        ),
        "{err}"
    );
    assert_eq!(
        s.wallet(GUILD, ALICE).unwrap().last_daily,
        Some(10),
        "a refused claim is not used up"
    );
    let err = s.pay(t.req(BOB, 20), GUILD, ALICE, 1, "").unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::BalanceLimit {
                user: ALICE,
                room: 0,
                ..
            }
        ),
        "{err}"
    );
    s.pay(t.req(BOB, 21), GUILD, CAROL, 50, "").unwrap();
    let err = s.pay(t.req(BOB, 22), GUILD, CAROL, 1, "").unwrap_err();
    assert!(matches!(err, StoreError::BalanceLimit { .. }), "{err}");
    assert_eq!((balance(s, BOB), balance(s, CAROL)), (950, 1050));
    t.assert_clean();
}

/// Winnings above the maximum balance leave circulation through the ledger; one's own
/// escrow coming back never does; `verify` still balances the books.
#[test]
fn winnings_above_the_maximum_balance_go_out_of_circulation_through_the_ledger() {
    let t = TestStore::new();
    let s = &t.store;
    set(
        s,
        SettingsChange {
            max_balance: Some(930),
            ..SettingsChange::default()
        },
    );
    t.start(Terms {
        stake: 50,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    });
    assert_eq!((balance(s, ALICE), balance(s, BOB)), (908, 908));
    let seed = (0..200)
        .find(|&s| simulate(s).winner().is_some())
        .expect("a seed with a winner");
    let played = t.play_out(seed);
    let end = played
        .last()
        .unwrap()
        .finished
        .clone()
        .expect("the game ended");
    let payments: Vec<_> = played
        .iter()
        .flat_map(|r| r.payments.iter())
        .chain(end.payments.iter())
        .collect();
    let over: u64 = payments.iter().map(|p| p.over_limit).sum();
    assert!(over > 0, "the winnings passed 930: {payments:?}");
    assert!(payments.iter().all(|p| p.over_limit <= p.amount));
    let burned: i64 = [ALICE, BOB]
        .iter()
        .flat_map(|&u| s.ledger(GUILD, u, usize::MAX).unwrap())
        .filter(|e| e.kind == EntryKind::OverLimit)
        .map(|e| e.balance_delta)
        .sum();
    assert_eq!(burned, -(over as i64));
    let report = s.verify().unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.money, 2000 - u128::from(over));
    // Each player holds at most the maximum plus their own escrow returned.
    for u in [ALICE, BOB] {
        let w = s.wallet(GUILD, u).unwrap();
        let released: u64 = end
            .released
            .iter()
            .filter(|r| r.user == u)
            .map(|r| r.amount)
            .sum();
        assert!(w.balance <= 930 + released, "{u}: {w:?}");
    }
}

#[test]
fn payments_sent_are_capped_per_24_hours() {
    let t = TestStore::new();
    let s = &t.store;
    set(
        s,
        SettingsChange {
            daily_pay_cap: Some(500),
            ..SettingsChange::default()
        },
    );
    s.pay(t.req(ALICE, 1_000), GUILD, BOB, 300, "").unwrap();
    let err = s
        .pay(t.req(ALICE, 2_000), GUILD, CAROL, 250, "")
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::PaymentCap {
                cap: 500,
                left: 200,
                wait_ms
            } if wait_ms == DAY_MS - 1_000
        ),
        "{err}"
    );
    s.pay(t.req(ALICE, 3_000), GUILD, CAROL, 200, "").unwrap();
    assert!(s.pay(t.req(ALICE, 4_000), GUILD, BOB, 1, "").is_err());
    // Bob's own cap is his own.
    s.pay(t.req(BOB, 4_000), GUILD, ALICE, 500, "").unwrap();
    // The window closes 24 hours after its first payment.
    s.pay(t.req(ALICE, 1_000 + DAY_MS), GUILD, BOB, 500, "")
        .unwrap();
    assert_eq!(balance(s, ALICE), 1000 - 300 - 200 + 500 - 500);
    t.assert_clean();
}

/// A reset removes the balance through the ledger; escrow stays with its game, and
/// comes back to the balance when the game ends; verify balances the books.
#[test]
fn an_admin_reset_zeroes_the_balance_through_the_ledger_and_leaves_escrow_to_its_game() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(Terms {
        stake: 58,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    });
    let r = t.req(CAROL, 50);
    let done = s.reset(r, GUILD, BOB, "alt account").unwrap();
    assert_eq!((done.user, done.amount, done.balance), (BOB, 900, 0));
    assert_eq!(
        s.reset(r, GUILD, BOB, "alt account").unwrap(),
        done,
        "a repeat"
    );
    let w = s.wallet(GUILD, BOB).unwrap();
    assert_eq!((w.balance, w.escrow), (0, 100));
    let e = &s.ledger(GUILD, BOB, 1).unwrap()[0];
    assert_eq!(
        (e.kind, e.balance_delta, e.escrow_delta),
        (EntryKind::Reset, -900, 0)
    );
    assert_eq!(e.reason, format!("reset by {CAROL}: alt account"));
    let report = s.verify().unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.money, 2000 - 900);
    // The game goes on; its end pays from escrow as usual.
    let g = s.game(CH).unwrap().unwrap();
    s.resign(t.req(BOB, 60), CH, g.id).unwrap();
    assert_eq!(balance(s, BOB), 100 - 58);
    // A second reset moves nothing but still answers.
    s.reset(t.req(CAROL, 70), GUILD, BOB, "").unwrap();
    assert_eq!(balance(s, BOB), 0);
    t.assert_clean();
}

/// A purge empties the wallets of departed members through the ledger, keeps one whose
/// money is in a game (purged once the game ends), creates no wallet for a stranger,
/// purges once for a repeated request, and verify balances the books.
#[test]
fn a_purge_empties_departed_wallets_without_escrow_and_keeps_those_in_a_game() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(Terms {
        stake: 58,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    });
    s.daily(t.req(CAROL, 1), GUILD).unwrap();
    let carol = balance(s, CAROL);
    let stranger = 4_242;
    let before = s.verify().unwrap().money;
    let r = t.req(ALICE, 50);
    let done = s
        .purge(r, GUILD, &[CAROL, BOB, UserId(stranger), CAROL], "left")
        .unwrap();
    assert_eq!(done.purged, vec![(CAROL, carol)]);
    assert_eq!(done.kept, vec![(BOB, 100)]);
    assert_eq!(done.total(), carol);
    assert_eq!(
        s.purge(r, GUILD, &[CAROL, BOB], "left").unwrap(),
        done,
        "a repeat"
    );
    assert_eq!(balance(s, CAROL), 0);
    assert_eq!(balance(s, BOB), 900, "kept as it was");
    assert!(
        s.wallets(GUILD)
            .unwrap()
            .iter()
            .all(|(u, _)| *u != UserId(stranger)),
        "no wallet is created for a stranger"
    );
    let e = &s.ledger(GUILD, CAROL, 1).unwrap()[0];
    assert_eq!(
        (e.kind, e.balance_delta, e.escrow_delta),
        (EntryKind::Purge, -(carol as i64), 0)
    );
    assert_eq!(e.reason, format!("purged by {ALICE}: left"));
    let report = s.verify().unwrap();
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.money, before - u128::from(carol));
    // Bob's game ends: his escrow comes back, and a new purge takes it all.
    let g = s.game(CH).unwrap().unwrap();
    s.resign(t.req(BOB, 60), CH, g.id).unwrap();
    let bob = balance(s, BOB);
    let again = s.purge(t.req(ALICE, 70), GUILD, &[BOB, CAROL], "").unwrap();
    assert_eq!((again.purged, again.kept), (vec![(BOB, bob)], vec![]));
    assert_eq!(s.wallet(GUILD, BOB).unwrap().escrow, 0);
    // Too many at once: refused, nothing written.
    let many: Vec<UserId> = (1..=MAX_PURGE as u64 + 1).map(UserId).collect();
    let snap = snapshot(s);
    assert!(matches!(
        s.purge(t.req(ALICE, 80), GUILD, &many, ""),
        Err(StoreError::InvalidAmount(_))
    ));
    assert_eq!(snapshot(s), snap);
    t.assert_clean();
}

/// Flushed payments per second on the backend under test (not run by default):
/// `cargo test -p jetan-store --test store -- --ignored payments_per_second --nocapture`
/// (sled) or `--test store_pg` (PostgreSQL). One payer after another; sixteen payers at
/// once; sixteen clients paying from one wallet (every transaction on the same row).
#[test]
#[ignore = "a measurement, not a check"]
fn payments_per_second() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let t = TestStore::new();
    let ids = Arc::new(AtomicU64::new(1_000_000));
    let run = |clients: u64, payer: &dyn Fn(u64) -> u64, time: Duration| {
        let done = Arc::new(AtomicU64::new(0));
        let started = Instant::now();
        std::thread::scope(|s| {
            for k in 0..clients {
                let (store, ids, done) = (t.store.clone(), ids.clone(), done.clone());
                let from = payer(k);
                s.spawn(move || {
                    while started.elapsed() < time {
                        let id = ids.fetch_add(1, Ordering::Relaxed);
                        let to = 1_000 + id % 7;
                        if store
                            .pay(Stamp::new(id, UserId(from), id), GUILD, UserId(to), 1, "")
                            .is_ok()
                        {
                            done.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        done.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64()
    };
    for u in [ALICE, BOB].into_iter().chain((5_000..5_016).map(UserId)) {
        t.store
            .grant(t.req(CAROL, 0), GUILD, u, 1_000_000, "")
            .unwrap();
    }
    let secs = Duration::from_secs(3);
    let one = run(1, &|_| ALICE.get(), secs);
    let many = run(16, &|k| 5_000 + k, secs);
    let hot = run(16, &|_| BOB.get(), secs);
    println!(
        "{}: one payer {one:.0}/s, 16 payers at once {many:.0}/s, 16 clients on one wallet {hot:.0}/s",
        t.store.backend()
    );
    t.assert_clean();
}

#[test]
fn an_aborted_games_refunds_carry_the_admins_reason_in_the_ledger() {
    let t = TestStore::new();
    let g = t.start(Terms {
        stake: 10,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    });
    t.store.abort(t.req(CAROL, 5), CH, g.id, "spam").unwrap();
    for u in [ALICE, BOB] {
        let e = &t.store.ledger(GUILD, u, 1).unwrap()[0];
        assert_eq!(
            (e.kind, e.reason.as_str()),
            (EntryKind::Refund, "game aborted: spam")
        );
    }
    t.assert_clean();
}
