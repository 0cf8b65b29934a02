//! Ratings: a rated game moves both players' Glicko-2 ratings in its pool in the
//! transaction that settles it; casual and aborted games and a fourth rated game between
//! the same two players in 24 hours do not; standings rank by rating; `verify`
//! recomputes every rating and finds one that was tampered with. Sled and PostgreSQL.
use jetan_store::UserId;

use jetan_rules::{Topology, Variant};
use jetan_store::ratings::PAIR_LIMIT;
use jetan_store::{RatingPool, Stamp, StandingsOrder, Terms, DAY_MS, MIN_RATED_GAMES};

use crate::common::*;

/// One game of `terms` between Alice and Bob, which Bob resigns at `now`.
fn alice_wins(t: &TestStore, terms: &Terms, now: u64) -> jetan_store::Settlement {
    let g = t.start(terms.clone());
    t.store.resign(t.req(BOB, now), CH, g.id).unwrap()
}

fn rating(t: &TestStore, user: u64, pool: RatingPool) -> Option<jetan_store::Rating> {
    t.store
        .wallet(GUILD, UserId(user))
        .unwrap()
        .ratings
        .get(&pool)
        .copied()
}

#[test]
fn a_rated_game_moves_both_ratings_in_its_own_pool() {
    let t = TestStore::new();
    let games = [
        (
            Terms::friendly(Variant::Classic),
            RatingPool::named("classic"),
        ),
        (
            Terms::friendly(Variant::Manator),
            RatingPool::named("manator"),
        ),
        (
            Terms::friendly(jetan_store::games::jetan::Options {
                variant: Variant::Classic,
                topology: Topology::Circular,
                rules: jetan_rules::Rules::STANDARD,
            }),
            RatingPool::named("ninth_ray"),
        ),
        (Terms::martian(), RatingPool::named("martian_chess")),
    ];
    for (i, (terms, pool)) in games.iter().enumerate() {
        // A day apart: the farming guard is not what this test is about.
        let s = alice_wins(&t, terms, 10 + i as u64 * DAY_MS);
        let change = s.rating.expect("a rated game");
        assert_eq!(change.pool, *pool);
        assert_eq!(change.before.first.rating, 1500.0);
        assert!(change.after.first.rating > 1500.0, "{change:?}");
        assert!(change.after.second.rating < 1500.0, "{change:?}");
        assert!(change.after.first.deviation < 350.0);
        assert_eq!(
            rating(&t, ALICE.get(), pool.clone()),
            Some(change.after.first)
        );
        assert_eq!(
            rating(&t, BOB.get(), pool.clone()),
            Some(change.after.second)
        );
        // The finished game keeps the change.
        let f = t.store.last_finished(CH).unwrap().unwrap();
        assert_eq!(f.rating, Some(change));
    }
    // Each pool is its own: four games, one in each.
    let w = t.store.wallet(GUILD, ALICE).unwrap();
    assert_eq!(w.ratings.len(), 4);
    assert!(w.ratings.values().all(|r| r.games == 1));
    t.assert_clean();
}

#[test]
fn casual_aborted_and_farmed_games_are_not_rated() {
    let t = TestStore::new();
    let casual = Terms {
        casual: true,
        ..Terms::friendly(Variant::Classic)
    };
    assert_eq!(alice_wins(&t, &casual, 10).rating, None);
    let g = t.start(Terms::friendly(Variant::Classic));
    let s = t.store.abort(t.req(CAROL, 20), CH, g.id, "test").unwrap();
    assert_eq!(s.rating, None);
    assert_eq!(rating(&t, ALICE.get(), RatingPool::named("classic")), None);

    // The same two players: PAIR_LIMIT rated games a day, then unrated ones.
    let rated = Terms::friendly(Variant::Classic);
    for i in 0..PAIR_LIMIT as u64 {
        assert!(alice_wins(&t, &rated, 100 + i).rating.is_some());
    }
    assert_eq!(alice_wins(&t, &rated, 200).rating, None, "farming guard");
    let r = rating(&t, ALICE.get(), RatingPool::named("classic")).unwrap();
    assert_eq!(r.games, PAIR_LIMIT as u32);
    // A day after the first of them, one more is rated again.
    assert!(alice_wins(&t, &rated, 100 + DAY_MS).rating.is_some());
    t.assert_clean();
}

#[test]
fn standings_rank_by_rating_once_a_player_has_enough_games() {
    let t = TestStore::new();
    let rated = Terms::friendly(Variant::Classic);
    let order = StandingsOrder::Rating(RatingPool::named("classic"));
    for i in 0..u64::from(MIN_RATED_GAMES) {
        assert_eq!(
            t.store
                .standings(GUILD, order.clone(), 0, 10)
                .unwrap()
                .total,
            0
        );
        alice_wins(&t, &rated, 10 + i * DAY_MS);
    }
    let s = t.store.standings(GUILD, order.clone(), 0, 10).unwrap();
    let ranked: Vec<UserId> = s.rows.iter().map(|(_, u, _)| *u).collect();
    assert_eq!(ranked, vec![ALICE, BOB]);
    // Carol, who never played Classic, is not ranked there, nor anyone in Manator.
    t.store.daily(Stamp::new(1, CAROL, 5), GUILD).unwrap();
    assert_eq!(
        t.store
            .standings(GUILD, order.clone(), 0, 10)
            .unwrap()
            .total,
        2
    );
    let manator = StandingsOrder::Rating(RatingPool::named("manator"));
    assert_eq!(
        t.store
            .standings(GUILD, manator.clone(), 0, 10)
            .unwrap()
            .total,
        0
    );
    t.assert_clean();
}

#[test]
fn verify_recomputes_every_rating_and_finds_a_tampered_one() {
    let t = TestStore::new();
    let rated = Terms::friendly(Variant::Manator);
    for i in 0..3 {
        alice_wins(&t, &rated, 10 + i * DAY_MS);
    }
    t.assert_clean();
    let place = t.close();
    // Alice's wallet, with her rating nudged up by one point.
    let key = [GUILD.get().to_be_bytes(), ALICE.get().to_be_bytes()].concat();
    let raw = place.raw_get("wallets", &key).expect("alice's wallet");
    let mut w: serde_json::Value = serde_json::from_slice(&raw[1..]).unwrap();
    let r = &mut w["ratings"]["manator"]["rating"];
    *r = serde_json::json!(r.as_f64().unwrap() + 1.0);
    let mut bytes = vec![raw[0]];
    bytes.extend(serde_json::to_vec(&w).unwrap());
    place.raw_put("wallets", &key, &bytes);
    let report = place.open().verify().unwrap();
    assert!(!report.is_clean());
    assert!(
        report.problems.iter().any(|p| p.contains("manator rating")),
        "{report}"
    );
}
