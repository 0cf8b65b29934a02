//! One test per operation and per refusal.

use jetan_rules::{Color, Outcome, Variant};
use jetan_store::{
    ChannelId, ClosedHow, EndReason, FirstMover, GameId, GameResult, GuildId, PaymentKind,
    Settings, SettingsChange, Stamp, StandingsOrder, Store, StoreError, Terms, UserId, DAY_MS,
};
use jetan_store::{HostEnding, Refusal};

use crate::common::*;

fn terms(stake: u64, price: u64) -> Terms {
    Terms {
        stake,
        piece_price: price,
        ..Terms::friendly(Variant::Classic)
    }
}

fn money(store: &Store, user: u64) -> (u64, u64) {
    let w = store.wallet(GUILD, UserId(user)).unwrap();
    (w.balance, w.escrow)
}

#[test]
fn reserve_is_computed_from_the_start_position() {
    assert_eq!(Terms::friendly(Variant::Classic).reserve_points(), 42);
    assert_eq!(Terms::friendly(Variant::Manator).reserve_points(), 46);
    assert_eq!(terms(10, 2).escrow().unwrap(), 10 + 84);
}

#[test]
fn unknown_wallet_is_a_view_of_the_starting_grant_without_writing() {
    let t = TestStore::new();
    let w = t.store.wallet(GUILD, ALICE).unwrap();
    assert_eq!((w.balance, w.escrow), (1000, 0));
    assert!(t.store.wallets(GUILD).unwrap().is_empty());
    t.assert_clean();
}

#[test]
fn challenge_moves_the_challengers_escrow() {
    let t = TestStore::new();
    let c = t
        .store
        .challenge(t.req(ALICE, 5), GUILD, CH, BOB, terms(50, 1))
        .unwrap();
    assert_eq!(c.held, 92);
    assert_eq!(c.expires_at, 5 + Settings::default().challenge_expiry_ms);
    assert_eq!(money(&t.store, ALICE.get()), (908, 92));
    assert_eq!(money(&t.store, BOB.get()), (1000, 0));
    assert_eq!(t.store.open_challenge(CH).unwrap(), Some(c));
    t.assert_clean();
}

#[test]
fn challenge_refusals() {
    let t = TestStore::new();
    let s = &t.store;
    let err = s
        .challenge(t.req(ALICE, 0), GUILD, CH, ALICE, terms(0, 0))
        .unwrap_err();
    assert!(matches!(err, StoreError::SelfChallenge), "{err}");
    let practice_money = Terms {
        practice: true,
        ..terms(5, 0)
    };
    let err = s
        .challenge(t.req(ALICE, 0), GUILD, CH, BOB, practice_money)
        .unwrap_err();
    assert!(matches!(err, StoreError::InvalidTerms(_)), "{err}");
    let err = s
        .challenge(t.req(ALICE, 0), GUILD, CH, BOB, terms(u64::MAX, 0))
        .unwrap_err();
    assert!(matches!(err, StoreError::InvalidTerms(_)), "{err}");
    let err = s
        .challenge(t.req(ALICE, 0), GUILD, CH, BOB, terms(959, 1))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "user 100 has 1000 available; the stake and piece reserve need 1001"
    );
    // Bob has spent on another challenge: 40 left.
    s.challenge(t.req(BOB, 0), GUILD, ChannelId(11), CAROL, terms(960, 0))
        .unwrap();
    let err = s
        .challenge(t.req(ALICE, 0), GUILD, CH, BOB, terms(50, 0))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "user 200 has 40 available; the stake and piece reserve need 50"
    );
    assert!(err.is_refusal());
    // One open challenge per challenger in a channel; several challengers at once.
    let first = s
        .challenge(t.req(ALICE, 0), GUILD, CH, CAROL, terms(0, 0))
        .unwrap();
    let err = s
        .challenge(t.req(ALICE, 0), GUILD, CH, BOB, terms(0, 0))
        .unwrap_err();
    assert!(matches!(err, StoreError::ChannelBusy { .. }), "{err}");
    let second = s
        .challenge(t.req(BOB, 0), GUILD, CH, CAROL, terms(0, 0))
        .unwrap();
    assert_eq!(
        s.open_challenges_in(CH).unwrap(),
        vec![first.clone(), second.clone()]
    );
    // Carol, challenged twice there, must say which (a button names it).
    let err = s.accept(t.req(CAROL, 1), CH, None, 0, 0).unwrap_err();
    assert!(
        matches!(err, StoreError::SeveralChallenges { count: 2 }),
        "{err}"
    );
    let err = s.decline(t.req(CAROL, 1), CH, None).unwrap_err();
    assert!(matches!(err, StoreError::SeveralChallenges { .. }), "{err}");
    assert_eq!(
        s.open_challenges_in(CH).unwrap().len(),
        2,
        "nothing changed"
    );
    assert!(s.game(CH).unwrap().is_none());
    // Alice cannot withdraw Bob's.
    let err = s.cancel(t.req(ALICE, 1), CH, Some(second.id)).unwrap_err();
    assert!(matches!(err, StoreError::NotChallenger { .. }), "{err}");
    s.accept(t.req(CAROL, 1), CH, Some(first.id), 0, 0).unwrap();
    // The game is in the channel (no thread): nothing else starts there meanwhile.
    let err = s
        .accept(t.req(CAROL, 2), CH, Some(second.id), 0, 0)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "there is already a game in progress in this channel"
    );
    let err = s
        .challenge(t.req(CAROL, 2), GUILD, CH, ALICE, terms(0, 0))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "there is already a game in progress in this channel"
    );
    // Bob withdraws his own without naming it.
    let closed = s.cancel(t.req(BOB, 2), CH, None).unwrap();
    assert_eq!(closed.challenge, second);
    assert!(s.open_challenges_in(CH).unwrap().is_empty());
    // Channel not allowed.
    let allow = SettingsChange {
        allow_channel: Some(CH),
        ..SettingsChange::default()
    };
    s.change_settings(t.req(ALICE, 1), GUILD, &allow).unwrap();
    let err = s
        .challenge(t.req(BOB, 2), GUILD, ChannelId(99), CAROL, terms(0, 0))
        .unwrap_err();
    assert!(matches!(err, StoreError::ChannelNotAllowed), "{err}");
    t.assert_clean();
}

#[test]
fn an_expired_challenge_is_replaced_and_refunded() {
    let t = TestStore::new();
    let s = &t.store;
    s.challenge(t.req(ALICE, 0), GUILD, CH, BOB, terms(10, 0))
        .unwrap();
    let expiry = Settings::default().challenge_expiry_ms;
    // Another challenger's challenge stands beside it and leaves it alone.
    s.challenge(t.req(CAROL, expiry), GUILD, CH, BOB, terms(0, 0))
        .unwrap();
    assert_eq!(money(s, ALICE.get()), (990, 10));
    // Alice's next challenge there replaces her expired one, refunded.
    s.challenge(t.req(ALICE, expiry), GUILD, CH, CAROL, terms(0, 0))
        .unwrap();
    assert_eq!(money(s, ALICE.get()), (1000, 0));
    let open = s.open_challenges_in(CH).unwrap();
    let who: Vec<_> = open.iter().map(|c| (c.challenger, c.challenged)).collect();
    assert_eq!(who, vec![(CAROL, BOB), (ALICE, CAROL)]);
    assert_eq!(s.open_challenge(CH).unwrap().unwrap().challenger, ALICE);
    t.assert_clean();
}

#[test]
fn accept_starts_the_game_with_both_escrows() {
    let t = TestStore::new();
    let g = t.start(terms(50, 1));
    assert_eq!(
        (g.players.first, g.players.second, g.version),
        (ALICE, BOB, 1)
    );
    assert_eq!(g.position, jetan_rules::Position::start().to_string());
    assert_eq!(g.escrow.first, 92);
    assert_eq!(money(&t.store, BOB.get()), (908, 92));
    assert!(t.store.open_challenge(CH).unwrap().is_none());
    assert_eq!(t.store.game(CH).unwrap(), Some(g));
    t.assert_clean();
}

#[test]
fn the_challenged_player_may_move_first() {
    let t = TestStore::new();
    let terms = Terms {
        first: FirstMover::Challenged,
        ..terms(0, 0)
    };
    t.store
        .challenge(t.req(ALICE, 0), GUILD, CH, BOB, terms)
        .unwrap();
    let g = t.store.accept(t.req(BOB, 1), CH, None, 0, 1).unwrap();
    assert_eq!(
        (g.players.first, g.players.second, g.to_move()),
        (BOB, ALICE, BOB)
    );
}

#[test]
fn accept_refusals() {
    let t = TestStore::new();
    let s = &t.store;
    let err = s.accept(t.req(BOB, 0), CH, None, 0, 0).unwrap_err();
    assert!(matches!(err, StoreError::NoChallenge), "{err}");
    s.challenge(t.req(ALICE, 0), GUILD, CH, BOB, terms(900, 0))
        .unwrap();
    let err = s.accept(t.req(CAROL, 1), CH, None, 0, 0).unwrap_err();
    assert_eq!(err.to_string(), "only user 200 can answer this challenge");
    // A button names a challenge: another one (an old button) is refused.
    let err = s
        .accept(t.req(BOB, 1), CH, Some(GameId(999)), 0, 0)
        .unwrap_err();
    assert!(matches!(err, StoreError::ChallengeReplaced), "{err}");
    let expiry = Settings::default().challenge_expiry_ms;
    let err = s.accept(t.req(BOB, expiry), CH, None, 0, 0).unwrap_err();
    assert!(matches!(err, StoreError::ChallengeExpired), "{err}");
    // Bob spent his money meanwhile.
    s.challenge(t.req(BOB, 1), GUILD, ChannelId(11), CAROL, terms(200, 0))
        .unwrap();
    let err = s.accept(t.req(BOB, 2), CH, None, 0, 0).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::InsufficientFunds {
                user: BOB,
                available: 800,
                needed: 900,
                ..
            }
        ),
        "{err}"
    );
    s.cancel(t.req(BOB, 3), ChannelId(11), None).unwrap();
    s.accept(t.req(BOB, 4), CH, None, 0, 0).unwrap();
    let err = s.accept(t.req(BOB, 5), CH, None, 0, 0).unwrap_err();
    assert!(matches!(err, StoreError::AlreadyStarted), "{err}");
    t.assert_clean();
}

#[test]
fn decline_cancel_expire_refund() {
    let t = TestStore::new();
    let s = &t.store;
    let expiry = Settings::default().challenge_expiry_ms;
    for how in [
        ClosedHow::Declined,
        ClosedHow::Cancelled,
        ClosedHow::Expired,
    ] {
        s.challenge(t.req(ALICE, 0), GUILD, CH, BOB, terms(30, 0))
            .unwrap();
        assert_eq!(money(s, ALICE.get()), (970, 30));
        let (wrong, right, now) = match how {
            ClosedHow::Declined => (ALICE, BOB, 1),
            ClosedHow::Cancelled => (BOB, ALICE, 1),
            ClosedHow::Expired => (CAROL, CAROL, expiry),
            ClosedHow::Aborted => unreachable!("an admin abort refuses no one"),
        };
        let call = |r: Stamp| match how {
            ClosedHow::Declined => s.decline(r, CH, None),
            ClosedHow::Cancelled => s.cancel(r, CH, None),
            ClosedHow::Expired => s.expire(r, CH),
            ClosedHow::Aborted => s.abort_challenge(r, CH, None),
        };
        let err = call(t.req(wrong, now - 1)).unwrap_err();
        assert!(err.is_refusal(), "{err}");
        let closed = call(t.req(right, now)).unwrap();
        assert_eq!((closed.how, closed.refunded), (how, 30));
        assert_eq!(money(s, ALICE.get()), (1000, 0));
        let err = call(t.req(right, now)).unwrap_err();
        assert!(matches!(err, StoreError::NoChallenge), "{err}");
    }
    t.assert_clean();
}

#[test]
fn expire_due_sweeps_only_due_challenges() {
    let t = TestStore::new();
    let s = &t.store;
    let expiry = Settings::default().challenge_expiry_ms;
    s.challenge(t.req(ALICE, 0), GUILD, ChannelId(1), BOB, terms(10, 0))
        .unwrap();
    s.challenge(t.req(BOB, 100), GUILD, ChannelId(2), CAROL, terms(10, 0))
        .unwrap();
    let done = s.expire_due(expiry + 50).unwrap();
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].challenge.channel, ChannelId(1));
    assert!(s.open_challenge(ChannelId(2)).unwrap().is_some());
    assert_eq!(s.expire_due(expiry + 50).unwrap().len(), 0);
    t.assert_clean();
}

#[test]
fn sweeps_can_be_limited_to_the_servers_a_process_owns() {
    let t = TestStore::new();
    let s = &t.store;
    let expiry = Settings::default().challenge_expiry_ms;
    let (mine, theirs) = (GUILD, GuildId(GUILD.get() + 1));
    s.challenge(t.req(ALICE, 0), mine, ChannelId(1), BOB, terms(10, 0))
        .unwrap();
    s.challenge(t.req(ALICE, 0), theirs, ChannelId(2), BOB, terms(10, 0))
        .unwrap();
    let done = s.expire_due_where(expiry + 1, |g| g == mine).unwrap();
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].challenge.guild, mine);
    assert!(s.open_challenge(ChannelId(2)).unwrap().is_some());
    let done = s.expire_due_where(expiry + 1, |g| g == theirs).unwrap();
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].challenge.guild, theirs);

    // Two timed games nobody plays: each server's sweep ends its own only.
    let timed = Terms {
        move_time_minutes: Some(1),
        ..terms(10, 0)
    };
    for (guild, ch) in [(mine, 3), (theirs, 4)] {
        s.challenge(t.req(ALICE, 0), guild, ChannelId(ch), BOB, timed.clone())
            .unwrap();
        s.accept(t.req(BOB, 1), ChannelId(ch), None, 0, 5).unwrap();
    }
    let late = 10 * 60_000;
    let ended = s.settle_stalled_where(late, |g| g == theirs).unwrap();
    assert_eq!(ended.len(), 1);
    assert!(s.game(ChannelId(3)).unwrap().is_some() && s.game(ChannelId(4)).unwrap().is_none());
    assert_eq!(s.settle_stalled(late).unwrap().len(), 1);
    assert!(s.game(ChannelId(3)).unwrap().is_none());
    t.assert_clean();
}

#[test]
fn a_move_is_recorded_and_refusals_write_nothing() {
    let t = TestStore::new();
    let s = &t.store;
    let g = t.start(terms(0, 1));
    let err = s
        .play(t.req(CAROL, 2), CH, (s.gid(CH), 1), sq("e2"), sq("e3"))
        .unwrap_err();
    assert!(matches!(err, StoreError::NotAPlayer), "{err}");
    let err = s
        .play(t.req(BOB, 2), CH, (s.gid(CH), 1), sq("e9"), sq("e8"))
        .unwrap_err();
    assert_eq!(err.to_string(), "it is user 100's turn");
    let err = s
        .play(t.req(ALICE, 2), CH, (s.gid(CH), 0), sq("e2"), sq("e3"))
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::GameChanged {
                expected: 0,
                current: 1
            }
        ),
        "{err}"
    );
    let err = s
        .play(t.req(ALICE, 2), CH, (s.gid(CH), 1), sq("e2"), sq("e2"))
        .unwrap_err();
    assert_eq!(err.to_string(), "a move must leave e2");
    let err = s
        .play(t.req(ALICE, 2), CH, (s.gid(CH), 1), sq("a1"), sq("a3"))
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Illegal(Refusal::Jetan(_))),
        "{err}"
    );
    assert_eq!(s.game(CH).unwrap(), Some(g));
    let r = s
        .play(t.req(ALICE, 7), CH, (s.gid(CH), 1), sq("e2"), sq("e3"))
        .unwrap();
    assert_eq!(
        (r.version, r.by, r.record.as_move().unwrap().to_string()),
        (2, ALICE, "e2-e3".to_string())
    );
    let g = s.game(CH).unwrap().unwrap();
    assert_eq!(
        (g.version, g.last_move_at, g.moves().len(), g.to_move()),
        (2, 7, 1, BOB)
    );
    let err = s
        .play(
            t.req(UserId(NOBODY), 8),
            ChannelId(999),
            (s.gid(ChannelId(999)), 2),
            sq("e9"),
            sq("e8"),
        )
        .unwrap_err();
    assert!(matches!(err, StoreError::NoGame), "{err}");
    t.assert_clean();
}

const NOBODY: u64 = 999;

/// A seed whose greedy game ends as `want` says.
fn seed_where(want: impl Fn(Outcome) -> bool) -> u64 {
    (0..500).find(|&s| want(simulate(s))).expect("a seed")
}

#[test]
fn captures_pay_piece_prices_and_the_end_settles_the_pot() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(terms(100, 2));
    let seed = seed_where(|o| o.winner() == Some(Color::Black));
    let results = t.play_out(seed);
    // Every kill paid value × 2 from the victim's owner to the other player.
    let mut net_alice: i64 = 0;
    for r in &results {
        if let Some(victim) = r.record.as_move().unwrap().killed {
            let p = r.payments[0];
            assert_eq!(p.amount, u64::from(victim.role.value()) * 2);
            assert_eq!(
                p.kind,
                PaymentKind::Piece {
                    piece: victim.char()
                }
            );
            let payer = if victim.color == Color::Black {
                ALICE
            } else {
                BOB
            };
            assert_eq!(p.from, payer);
            net_alice += if payer == ALICE {
                -(p.amount as i64)
            } else {
                p.amount as i64
            };
        } else {
            assert!(r.payments.is_empty());
        }
    }
    let end = results.last().unwrap().finished.clone().unwrap();
    assert_eq!(
        end.result,
        GameResult::Win {
            winner: ALICE,
            loser: BOB
        }
    );
    assert_eq!(end.payments.len(), 1);
    assert_eq!(end.payments[0].amount, 100);
    assert_eq!(end.net.first, net_alice + 100);
    assert_eq!(end.net.second, -end.net.first);
    let (a, b) = (
        s.wallet(GUILD, ALICE).unwrap(),
        s.wallet(GUILD, BOB).unwrap(),
    );
    assert_eq!((a.escrow, b.escrow), (0, 0));
    assert_eq!(a.balance as i64, 1000 + end.net.first);
    assert_eq!(b.balance as i64, 1000 + end.net.second);
    assert_eq!((a.wins, a.losses, b.wins, b.losses), (1, 0, 0, 1));
    assert_eq!((a.net_won, b.net_won), (end.net.first, end.net.second));
    assert!(s.game(CH).unwrap().is_none());
    let f = s.last_finished(CH).unwrap().unwrap();
    assert_eq!(f.game.moves().len(), results.len());
    assert_eq!(f.net, end.net);
    assert_eq!(f.result, end.result);
    t.assert_clean();
}

#[test]
fn a_drawn_game_returns_both_stakes() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(terms(100, 1));
    let seed = seed_where(|o| o.winner().is_none());
    let results = t.play_out(seed);
    let end = results.last().unwrap().finished.clone().unwrap();
    assert_eq!(end.result, GameResult::Draw);
    assert!(end.payments.is_empty());
    let (a, b) = (
        s.wallet(GUILD, ALICE).unwrap(),
        s.wallet(GUILD, BOB).unwrap(),
    );
    assert_eq!((a.draws, b.draws), (1, 1));
    assert_eq!(a.balance + b.balance, 2000);
    assert_eq!(a.net_won + b.net_won, 0);
    t.assert_clean();
}

#[test]
fn manator_duels_replay_from_the_seed() {
    let t = TestStore::new();
    let terms = Terms {
        piece_price: 1,
        ..Terms::friendly(Variant::Manator)
    };
    t.start(terms);
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
    let mut duels = 0;
    for i in 0..120 {
        let Some(g) = t.store.game(CH).unwrap() else {
            break;
        };
        let (from, to) = choose(&g.position().unwrap(), &mut rng);
        let r = t
            .store
            .play(t.req(g.to_move(), 10 + i), CH, (g.id, g.version), from, to)
            .unwrap();
        duels += usize::from(r.record.as_move().unwrap().duel.is_some());
        t.assert_clean();
    }
    assert!(duels > 0, "no duel was fought");
}

#[test]
fn resign_gives_the_opponent_the_win() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(terms(10, 0));
    let err = s.resign(t.req(CAROL, 2), CH, s.gid(CH)).unwrap_err();
    assert!(matches!(err, StoreError::NotAPlayer), "{err}");
    let end = s.resign(t.req(ALICE, 2), CH, s.gid(CH)).unwrap();
    assert_eq!(
        end.result,
        GameResult::Win {
            winner: BOB,
            loser: ALICE
        }
    );
    assert_eq!(end.reason, EndReason::Host(HostEnding::Resignation));
    assert_eq!(money(s, ALICE.get()), (990, 0));
    assert_eq!(money(s, BOB.get()), (1010, 0));
    let err = s.resign(t.req(ALICE, 3), CH, s.gid(CH)).unwrap_err();
    assert!(matches!(err, StoreError::NoGame), "{err}");
    t.assert_clean();
}

#[test]
fn draw_offers() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(terms(10, 1));
    let err = s.accept_draw(t.req(BOB, 2), CH, s.gid(CH)).unwrap_err();
    assert!(matches!(err, StoreError::NoDrawOffer), "{err}");
    let err = s.offer_draw(t.req(CAROL, 2), CH).unwrap_err();
    assert!(matches!(err, StoreError::NotAPlayer), "{err}");
    let g = s.offer_draw(t.req(ALICE, 2), CH).unwrap();
    assert_eq!((g.draw_offer, g.version), (Some(ALICE), 2));
    let err = s.offer_draw(t.req(BOB, 2), CH).unwrap_err();
    assert!(
        matches!(err, StoreError::DrawAlreadyOffered { by: ALICE }),
        "{err}"
    );
    let err = s.accept_draw(t.req(ALICE, 2), CH, s.gid(CH)).unwrap_err();
    assert!(matches!(err, StoreError::NoDrawOffer), "{err}");
    let g = s.decline_draw(t.req(BOB, 3), CH, s.gid(CH)).unwrap();
    assert_eq!((g.draw_offer, g.version), (None, 3));
    // The offerer's own move keeps the offer; the opponent's move clears it.
    s.offer_draw(t.req(ALICE, 4), CH).unwrap();
    let r = t.mv("e2", "e3", 5).unwrap();
    assert!(!r.draw_offer_cleared);
    let r = t.mv("e9", "e8", 6).unwrap();
    assert!(r.draw_offer_cleared);
    assert_eq!(s.game(CH).unwrap().unwrap().draw_offer, None);
    s.offer_draw(t.req(BOB, 7), CH).unwrap();
    let end = s.accept_draw(t.req(ALICE, 8), CH, s.gid(CH)).unwrap();
    assert_eq!(
        (end.result, end.reason),
        (GameResult::Draw, EndReason::Host(HostEnding::Agreement))
    );
    assert_eq!(money(s, ALICE.get()), (1000, 0));
    assert_eq!(s.wallet(GUILD, BOB).unwrap().draws, 1);
    t.assert_clean();
}

#[test]
fn claim_on_time() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(terms(10, 0));
    let err = s.claim_time(t.req(BOB, 10_000_000), CH).unwrap_err();
    assert!(matches!(err, StoreError::NoTimeLimit), "{err}");
    s.abort(t.req(CAROL, 2), CH, s.gid(CH), "test").unwrap();

    let timed = Terms {
        move_time_minutes: Some(2),
        ..terms(10, 0)
    };
    t.start(timed); // started at 1: deadline 120_001
    let err = s.claim_time(t.req(ALICE, 200_000), CH).unwrap_err();
    assert!(matches!(err, StoreError::CannotClaimOnOwnTurn), "{err}");
    let err = s.claim_time(t.req(BOB, 60_001), CH).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the time to move is not up: 60000 ms remain"
    );
    let err = s.claim_time(t.req(BOB, 120_001), CH).unwrap_err();
    assert!(
        matches!(err, StoreError::TimeNotUp { remaining_ms: 1 }),
        "{err}"
    );
    let err = s.claim_time(t.req(CAROL, 120_002), CH).unwrap_err();
    assert!(matches!(err, StoreError::NotAPlayer), "{err}");
    let end = s.claim_time(t.req(BOB, 120_002), CH).unwrap();
    assert_eq!(
        end.result,
        GameResult::Win {
            winner: BOB,
            loser: ALICE
        }
    );
    assert_eq!(end.reason, EndReason::Host(HostEnding::Time));
    t.assert_clean();
}

#[test]
fn abort_refunds_and_counts_nothing() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(terms(40, 1));
    let end = s.abort(t.req(CAROL, 2), CH, s.gid(CH), "spam").unwrap();
    assert_eq!(end.result, GameResult::Aborted);
    assert_eq!(end.released.iter().map(|r| r.amount).sum::<u64>(), 2 * 82);
    assert_eq!(money(s, ALICE.get()), (1000, 0));
    let w = s.wallet(GUILD, ALICE).unwrap();
    assert_eq!(w.games(), 0);
    assert_eq!(
        s.last_finished(CH).unwrap().unwrap().note.as_deref(),
        Some("spam")
    );
    let err = s
        .abort(t.req(CAROL, 2), CH, s.gid(CH), "again")
        .unwrap_err();
    assert!(matches!(err, StoreError::NoGame), "{err}");
    t.assert_clean();
}

#[test]
fn practice_games_touch_no_wallet() {
    let t = TestStore::new();
    let s = &t.store;
    let practice = Terms {
        practice: true,
        ..terms(0, 0)
    };
    t.start(practice);
    t.play_out(1);
    assert!(s.wallets(GUILD).unwrap().is_empty());
    assert_eq!(s.history_player(GUILD, ALICE, 10).unwrap().len(), 1);
    t.assert_clean();
}

#[test]
fn daily_once_per_24_hours() {
    let t = TestStore::new();
    let s = &t.store;
    let c = s.daily(t.req(ALICE, 1000), GUILD).unwrap();
    assert_eq!((c.amount, c.balance, c.next_at), (100, 1100, 1000 + DAY_MS));
    let err = s
        .daily(t.req(ALICE, 1000 + DAY_MS - 3_600_000), GUILD)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the daily allowance was already claimed; the next claim is in 3600000 ms"
    );
    let c = s.daily(t.req(ALICE, 1000 + DAY_MS), GUILD).unwrap();
    assert_eq!(c.balance, 1200);
    t.assert_clean();
}

#[test]
fn grants() {
    let t = TestStore::new();
    let s = &t.store;
    let err = s.grant(t.req(CAROL, 0), GUILD, ALICE, 0, "").unwrap_err();
    assert!(matches!(err, StoreError::InvalidAmount(_)), "{err}");
    let g = s
        .grant(t.req(CAROL, 0), GUILD, ALICE, 250, "prize")
        .unwrap();
    assert_eq!((g.amount, g.balance), (250, 1250));
    t.assert_clean();
}

#[test]
fn a_repeated_request_returns_the_first_result_and_changes_nothing() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(terms(10, 1));
    let r = Stamp::new(77, ALICE, 5);
    let first = s.play(r, CH, (s.gid(CH), 1), sq("e2"), sq("e3")).unwrap();
    let again = s.play(r, CH, (s.gid(CH), 1), sq("e2"), sq("e3")).unwrap();
    assert_eq!(first, again);
    assert_eq!(s.game(CH).unwrap().unwrap().moves().len(), 1);
    let d = Stamp::new(78, BOB, 5);
    let a = s.daily(d, GUILD).unwrap();
    assert_eq!(s.daily(d, GUILD).unwrap(), a);
    assert_eq!(s.wallet(GUILD, BOB).unwrap().balance, 1100 - 52);
    let err = s.grant(d, GUILD, BOB, 5, "").unwrap_err();
    assert!(
        matches!(err, StoreError::RequestIdReused { request: 78, .. }),
        "{err}"
    );
    t.assert_clean();
}

#[test]
fn standings_and_history() {
    let t = TestStore::new();
    let s = &t.store;
    for (i, seed) in [3u64, 4, 5].into_iter().enumerate() {
        let now = i as u64 * 1_000_000;
        s.challenge(t.req(ALICE, now), GUILD, CH, BOB, terms(10, 1))
            .unwrap();
        s.accept(t.req(BOB, now + 1), CH, None, 0, seed).unwrap();
        s.resign(t.req(BOB, now + 2), CH, s.gid(CH)).unwrap();
    }
    s.grant(t.req(CAROL, 0), GUILD, CAROL, 5, "").unwrap();
    let by_balance = s.standings(GUILD, StandingsOrder::Balance, 0, 10).unwrap();
    assert_eq!(by_balance.total, 3);
    let order: Vec<_> = by_balance.rows.iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(order, [(1, ALICE), (2, CAROL), (3, BOB)]);
    let page = s.standings(GUILD, StandingsOrder::NetWon, 1, 1).unwrap();
    assert_eq!(
        page.rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        [(2, CAROL)]
    );
    let h = s.history_channel(CH, 2).unwrap();
    assert_eq!(h.len(), 2);
    assert!(h[0].game.id > h[1].game.id, "newest first");
    assert_eq!(s.history_player(GUILD, BOB, 10).unwrap().len(), 3);
    assert_eq!(s.history_player(GUILD, CAROL, 10).unwrap().len(), 0);
    assert_eq!(s.last_finished(CH).unwrap().unwrap().game.id, h[0].game.id);
    t.assert_clean();
}

#[test]
fn data_survives_reopening() {
    let t = TestStore::new();
    t.start(terms(10, 1));
    t.mv("e2", "e3", 3).unwrap();
    let place = t.close();
    let store = place.open();
    assert_eq!(store.game(CH).unwrap().unwrap().moves().len(), 1);
    assert!(store.verify().unwrap().is_clean());
}

#[test]
fn a_damaged_record_only_affects_its_channel() {
    let t = TestStore::new();
    t.start(terms(10, 1));
    t.store
        .challenge(t.req(CAROL, 0), GUILD, ChannelId(11), BOB, terms(0, 0))
        .unwrap();
    let place = t.close();
    place.raw_put("games", &CH.get().to_be_bytes(), b"\x01{not json");
    let store = place.open();
    let err = store.game(CH).unwrap_err();
    assert!(!err.is_refusal());
    assert!(
        err.to_string()
            .starts_with("the stored record of the game in channel 10 is damaged"),
        "{err}"
    );
    let r = Stamp::new(1, ALICE, 5);
    assert!(matches!(
        store.play(r, CH, (store.gid(CH), 1), sq("e2"), sq("e3")),
        Err(StoreError::Corrupt { .. })
    ));
    // Other channels and wallets work.
    assert!(store.open_challenge(ChannelId(11)).unwrap().is_some());
    store
        .accept(Stamp::new(2, BOB, 5), ChannelId(11), None, 0, 0)
        .unwrap();
    assert_eq!(store.wallet(GUILD, ALICE).unwrap().escrow, 52);
    let report = store.verify().unwrap();
    assert!(!report.is_clean());
    assert!(
        report.problems.iter().any(|p| p.contains("channel 10")),
        "{report}"
    );
    // The export keeps the damaged record byte for byte; the import restores it.
    let mut out = Vec::new();
    assert_eq!(store.export(&mut out).unwrap().damaged, 1);
    let place2 = Place::new();
    place2.import(&out).unwrap();
    let restored = place2.open();
    assert!(matches!(restored.game(CH), Err(StoreError::Corrupt { .. })));
    assert_eq!(restored.verify().unwrap().problems, report.problems);
}

#[test]
fn export_then_import_restores_everything() {
    let t = TestStore::new();
    let s = &t.store;
    t.start(terms(10, 1));
    t.mv("e2", "e3", 3).unwrap();
    s.challenge(t.req(CAROL, 4), GUILD, ChannelId(11), BOB, terms(5, 0))
        .unwrap();
    s.daily(t.req(CAROL, 5), GUILD).unwrap();
    let teeth = SettingsChange {
        currency: Some("teeth".into()),
        ..SettingsChange::default()
    };
    s.change_settings(t.req(CAROL, 6), GuildId(2), &teeth)
        .unwrap();
    let mut out = Vec::new();
    let summary = s.export(&mut out).unwrap();
    assert_eq!(summary.damaged, 0);
    let text = String::from_utf8(out.clone()).unwrap();
    assert!(text.lines().next().unwrap().contains("\"header\""));

    let place2 = Place::new();
    let imported = place2.import(&out).unwrap();
    assert_eq!(imported.records, summary.records);
    let s2 = place2.open();
    let mut out2 = Vec::new();
    s2.export(&mut out2).unwrap();
    assert_eq!(text, String::from_utf8(out2).unwrap());
    assert!(s2.verify().unwrap().is_clean());
    assert_eq!(s2.settings(GuildId(2)).unwrap().currency, "teeth");
    // Ids continue after the imported ones, and the game goes on.
    let g = s2.game(CH).unwrap().unwrap();
    s2.play(
        Stamp::new(1, BOB, 9),
        CH,
        (s2.gid(CH), g.version),
        sq("e9"),
        sq("e8"),
    )
    .unwrap();
    let end = s2.resign(Stamp::new(2, BOB, 10), CH, s2.gid(CH)).unwrap();
    assert_eq!(s2.last_finished(CH).unwrap().unwrap().game.id, end.game_id);
    assert!(s2.verify().unwrap().is_clean());
    drop(s2);
    let err = place2.import(&out).unwrap_err();
    assert!(matches!(err, StoreError::NotEmpty(_)), "{err}");
    let place3 = Place::new();
    let err = place3.import(b"{\"type\":\"wallet\"}\n").unwrap_err();
    assert!(
        matches!(err, StoreError::BadExport { line: 1, .. }),
        "{err}"
    );
}

/// The outbox: every announced result waits there from its own transaction until the
/// bot says it was shown; a refused operation and an unannounced stamp leave nothing; a
/// repeated request adds nothing; entries a day old are pruned with the results.
#[test]
fn the_outbox_holds_each_result_until_it_is_announced() {
    let t = TestStore::new();
    let pending = |t: &TestStore| -> Vec<u64> {
        t.store
            .pending_announcements()
            .unwrap()
            .iter()
            .map(|p| p.request)
            .collect()
    };
    let g = t.start(terms(10, 1));
    let [challenge, accept] = pending(&t)[..] else {
        panic!("the challenge and the acceptance wait: {:?}", pending(&t));
    };
    t.store.announced(challenge).unwrap();
    t.store.announced(accept).unwrap();
    assert!(pending(&t).is_empty());

    let req = t.req(ALICE, 5);
    t.store
        .play(req, CH, (g.id, g.version), sq("e2"), sq("e3"))
        .unwrap();
    let waiting = t.store.pending_announcements().unwrap();
    assert_eq!(waiting.len(), 1);
    assert_eq!(
        (waiting[0].request, waiting[0].user, waiting[0].at),
        (req.id, ALICE, 5)
    );
    // The same request again (Discord redelivers) adds nothing.
    t.store
        .play(req, CH, (g.id, g.version), sq("e2"), sq("e3"))
        .unwrap();
    assert_eq!(pending(&t), [req.id]);
    // A refused move (out of turn) leaves nothing.
    let refused = t.req(ALICE, 6);
    assert!(t
        .store
        .play(refused, CH, (g.id, g.version + 1), sq("d2"), sq("d3"))
        .is_err());
    assert_eq!(pending(&t), [req.id]);
    t.store.announced(req.id).unwrap();
    // An operation another request announces stays out of it.
    let g = t.store.game(CH).unwrap().unwrap();
    let quiet = t.req(BOB, 7).unannounced();
    t.store
        .play(quiet, CH, (g.id, g.version), sq("e9"), sq("e8"))
        .unwrap();
    assert!(pending(&t).is_empty());
    // Old entries go with the old results.
    let late = t.req(ALICE, 8);
    let g = t.store.game(CH).unwrap().unwrap();
    t.store
        .play(late, CH, (g.id, g.version), sq("d2"), sq("d3"))
        .unwrap();
    t.store.prune_requests(9).unwrap();
    assert!(pending(&t).is_empty());
    t.assert_clean();
}
