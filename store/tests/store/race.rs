//! Many tasks racing on one channel: exactly one wins, the others are told to retry.

use jetan_rules::Variant;
use jetan_store::{ChannelId, GameId, Stamp, StoreError, Terms, UserId};

use crate::common::*;

const TASKS: u64 = 8;

#[test]
fn racing_moves_exactly_one_wins() {
    let t = TestStore::new();
    let terms = Terms {
        stake: 20,
        piece_price: 1,
        ..Terms::friendly(Variant::Classic)
    };
    t.start(terms);
    let mut id = 10_000;
    for round in 0..40u64 {
        let Some(g) = t.store.game(CH).unwrap() else {
            break;
        };
        let moves = g.position().unwrap().legal_moves();
        let mut handles = Vec::new();
        for k in 0..TASKS {
            let m = moves[(k as usize * 7 + round as usize) % moves.len()];
            let store = t.store.clone();
            let (version, user) = (g.version, g.to_move());
            id += 1;
            let req = Stamp::new(id, user, 100 + round);
            handles.push(std::thread::spawn(move || {
                store.play(req, CH, (store.gid(CH), version), m.from, m.to)
            }));
        }
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let won = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "round {round}: {results:?}");
        for r in results.iter().filter_map(|r| r.as_ref().err()) {
            assert!(
                matches!(r, StoreError::GameChanged { .. } | StoreError::NoGame),
                "{r}"
            );
        }
        let after = t.store.game(CH).unwrap();
        if let Some(a) = &after {
            assert_eq!(
                (a.version, a.moves().len()),
                (g.version + 1, g.moves().len() + 1)
            );
        }
        t.assert_clean();
    }
}

#[test]
fn racing_accepts_and_challenges_exactly_one_wins() {
    let t = TestStore::new();
    let terms = Terms {
        stake: 100,
        ..Terms::friendly(Variant::Classic)
    };
    // Challenges: one per challenger and channel (Alice's and Carol's).
    let handles: Vec<_> = (0..TASKS)
        .map(|k| {
            let store = t.store.clone();
            let terms = terms.clone();
            let challenger = [ALICE, CAROL][k as usize % 2];
            std::thread::spawn(move || {
                store.challenge(Stamp::new(k + 1, challenger, 0), GUILD, CH, BOB, terms)
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        2,
        "{results:?}"
    );
    assert!(results
        .iter()
        .filter_map(|r| r.as_ref().err())
        .all(|e| matches!(e, StoreError::ChannelBusy { .. })));
    let open = t.store.open_challenges_in(CH).unwrap();
    assert_eq!(open.len(), 2);
    // Accepts of either: one game starts; the channel holds it.
    let ids: Vec<GameId> = open.iter().map(|c| c.id).collect();
    let handles: Vec<_> = (0..TASKS)
        .map(|k| {
            let store = t.store.clone();
            let id = ids[k as usize % 2];
            std::thread::spawn(move || {
                store.accept(Stamp::new(100 + k, BOB, 1), CH, Some(id), 0, k)
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        1,
        "{results:?}"
    );
    assert!(results
        .iter()
        .filter_map(|r| r.as_ref().err())
        .all(|e| matches!(
            e,
            StoreError::AlreadyStarted | StoreError::ChannelBusy { .. }
        )));
    assert_eq!(t.store.wallet(GUILD, BOB).unwrap().escrow, 100);
    let game = t.store.game(CH).unwrap().unwrap();
    assert_eq!(
        game.players.first, game.challenger,
        "the challenger moves first by default"
    );
    assert_eq!(t.store.open_challenges_in(CH).unwrap().len(), 1);
    t.assert_clean();
}

#[test]
fn a_double_click_plays_once() {
    let t = TestStore::new();
    t.start(Terms::friendly(Variant::Classic));
    let req = Stamp::new(555, ALICE, 9);
    let handles: Vec<_> = (0..TASKS)
        .map(|_| {
            let store = t.store.clone();
            std::thread::spawn(move || store.play(req, CH, (store.gid(CH), 1), sq("e2"), sq("e3")))
        })
        .collect();
    let results: Vec<_> = handles
        .into_iter()
        .map(|h| h.join().unwrap().unwrap())
        .collect();
    assert!(results.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(t.store.game(CH).unwrap().unwrap().moves().len(), 1);
    t.assert_clean();
}

/// Regression: with sled's `flush_async`, a few hundred concurrent operations deadlocked
/// (sled issue #1308). Each task here challenges in its own channel.
#[test]
fn hundreds_of_concurrent_operations_do_not_deadlock() {
    let t = TestStore::new();
    let store = t.store.clone();
    let (done, finished) = std::sync::mpsc::channel();
    for ch in 0..300u64 {
        let (store, done) = (store.clone(), done.clone());
        std::thread::spawn(move || {
            let terms = Terms {
                stake: 5,
                ..Terms::friendly(Variant::Classic)
            };
            let req = Stamp::new(ch + 1, UserId(10_000 + ch), 0);
            let _ = done.send(store.challenge(
                req,
                GUILD,
                ChannelId(1_000 + ch),
                UserId(20_000 + ch),
                terms,
            ));
        });
    }
    for _ in 0..300 {
        finished
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the concurrent operations deadlocked")
            .unwrap();
    }
    assert_eq!(t.store.open_challenges().unwrap().len(), 300);
    t.assert_clean();
}
