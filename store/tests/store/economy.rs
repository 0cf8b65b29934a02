//! The server economy: payments between players (their ledger entries, refusals that
//! write nothing, a repeated request, races), on both backends.

use jetan_rules::Variant;
use jetan_store::{EntryKind, Stamp, Store, StoreError, Terms, MAX_AMOUNT};

use crate::common::*;

fn balance(store: &Store, user: u64) -> u64 {
    store.wallet(GUILD, user).unwrap().balance
}

/// Everything a refused operation must leave as it was: both wallets and the ledger.
fn snapshot(store: &Store) -> (Vec<(u64, jetan_store::Wallet)>, usize) {
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
        (t.req(ALICE, 3), ALICE, 5),
        (t.req(ALICE, 3), BOB, 0),
        (t.req(ALICE, 3), BOB, MAX_AMOUNT + 1),
        (t.req(ALICE, 3), BOB, 101),
    ];
    let errors: Vec<StoreError> = refusals
        .into_iter()
        .map(|(r, to, amount)| s.pay(r, GUILD, to, amount, "").unwrap_err())
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
            move || store.challenge(stake, GUILD, CH + round, BOB, terms)
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
