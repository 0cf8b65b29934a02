//! The host's guarantees, one test body for every game: claims on time and the
//! stalled-game sweep go against the player who must act (in a Martian Chess battle the
//! player whose card is awaited, under the card timeout rules), resignation, draws by
//! agreement, aborts and repeated requests settle exactly against the ledger, and
//! `verify` agrees after each. Against sled (`tests/store`) and PostgreSQL
//! (`tests/store_pg`).

use jetan_store::HostEnding;
use jetan_store::{
    ChannelId, EndReason, Game, GameKind, GameResult, Records, Settlement, StoreError, Terms,
    UserId,
};
use martian_chess::{ai, Action, BattleSide, ToAct};

use crate::common::*;

/// Every game the host plays, with its board shapes.
fn every_game() -> Vec<Terms> {
    let jetan = |variant, topology| {
        Terms::friendly(jetan_store::games::jetan::Options {
            variant,
            topology,
            rules: jetan_rules::Rules::STANDARD,
        })
    };
    vec![
        jetan(jetan_rules::Variant::Classic, jetan_rules::Topology::Flat),
        jetan(
            jetan_rules::Variant::Manator,
            jetan_rules::Topology::Circular,
        ),
        Terms::martian(),
    ]
}

const MOVE_MIN: u32 = 5;
const MOVE_MS: u64 = MOVE_MIN as u64 * 60_000;
const STAKE: u64 = 50;

/// Alice (the first mover) against Bob, with a stake and a move time, no piece prices
/// (so that the stake alone says who won).
fn start(t: &TestStore, base: &Terms) -> Game {
    t.start(Terms {
        stake: STAKE,
        piece_price: 0,
        move_time_minutes: Some(MOVE_MIN),
        ..base.clone()
    })
}

fn game(t: &TestStore) -> Game {
    t.store.game(CH).unwrap().expect("a game in progress")
}

/// One action by whoever must act, chosen by the game's own simple player; `now` is its
/// time. Avoids ending the game where it can.
fn act_once(t: &TestStore, now: u64, n: u64) {
    let g = game(t);
    let user = g.to_move();
    match g.terms.kind() {
        GameKind::Jetan => {
            let pos = g.position().unwrap();
            // Not a capture (which may end the game), and another move each time.
            let quiet: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| !m.is_capture() && !m.escape)
                .collect();
            let m = quiet[n as usize % quiet.len()];
            t.store
                .play(t.req(user, now), CH, (g.id, g.version), m.from, m.to)
                .unwrap();
        }
        GameKind::MartianChess => {
            let state = g.martian_state().unwrap();
            let side = state.player_to_act().unwrap();
            let a = ai::choose(&state.public_view(side), ai::Level::Greedy, n).unwrap();
            t.store
                .act(t.req(user, now), CH, (g.id, g.version), a)
                .unwrap();
        }
    }
}

/// Plays until the player who must act is `who` (and the first mover has acted at least
/// once); returns the time of the last action.
fn until_to_act(t: &TestStore, who: u64, mut now: u64) -> u64 {
    let mut n = 0;
    loop {
        let g = game(t);
        if g.to_move() == UserId(who) && n > 0 {
            return now;
        }
        now += 1000;
        act_once(t, now, n);
        n += 1;
        assert!(n < 500, "{who} never has to act");
    }
}

fn assert_won(t: &TestStore, s: &Settlement, winner: u64, loser: u64, reason: EndReason) {
    assert_eq!(
        s.result,
        GameResult::Win {
            winner: UserId(winner),
            loser: UserId(loser)
        }
    );
    assert_eq!(s.reason, reason);
    let (w, l) = (
        t.store.wallet(GUILD, UserId(winner)).unwrap(),
        t.store.wallet(GUILD, UserId(loser)).unwrap(),
    );
    assert_eq!((w.escrow, l.escrow), (0, 0));
    assert_eq!((w.balance, l.balance), (1000 + STAKE, 1000 - STAKE));
    assert_eq!((w.wins, l.losses), (1, 1));
    assert!(t.store.game(CH).unwrap().is_none(), "the channel is free");
    t.assert_clean();
}

#[test]
fn only_the_waiting_player_claims_on_time() {
    for terms in every_game() {
        let t = TestStore::new();
        start(&t, &terms);
        // Alice (first mover) plays until Bob must act.
        let last = until_to_act(&t, BOB.get(), 10);
        let after = last + MOVE_MS + 1;
        // Bob let his own time run out: his claim is refused, and changes nothing.
        let before = game(&t);
        let e = t.store.claim_time(t.req(BOB, after), CH).unwrap_err();
        assert!(
            matches!(e, StoreError::CannotClaimOnOwnTurn),
            "{:?}: {e}",
            terms.game
        );
        assert_eq!(game(&t), before);
        // Alice's claim before the time is up is refused too.
        let e = t.store.claim_time(t.req(ALICE, last + 1), CH).unwrap_err();
        assert!(matches!(e, StoreError::TimeNotUp { .. }), "{e}");
        // Alice waited: she wins.
        let s = t.store.claim_time(t.req(ALICE, after), CH).unwrap();
        assert_won(
            &t,
            &s,
            ALICE.get(),
            BOB.get(),
            EndReason::Host(HostEnding::Time),
        );
    }
}

#[test]
fn the_sweep_settles_against_the_player_who_stalled() {
    for terms in every_game() {
        for stalling in [ALICE, BOB] {
            let t = TestStore::new();
            start(&t, &terms);
            let last = until_to_act(&t, stalling.get(), 10);
            let winner = if stalling == ALICE { BOB } else { ALICE };
            assert!(t
                .store
                .settle_stalled(last + 3 * MOVE_MS - 1)
                .unwrap()
                .is_empty());
            let ended = t.store.settle_stalled(last + 3 * MOVE_MS).unwrap();
            assert_eq!(ended.len(), 1, "{:?}", terms.game);
            assert_won(
                &t,
                &ended[0],
                winner.get(),
                stalling.get(),
                EndReason::Host(HostEnding::Time),
            );
        }
    }
}

/// Plays a Martian Chess game until a battle awaits a card from `side`; returns the
/// time of the last action, or `None` if the game ended first.
fn until_battle(t: &TestStore, side: BattleSide) -> Option<u64> {
    let mut now = 10;
    for n in 0..5000 {
        let g = t.store.game(CH).unwrap()?;
        let state = g.martian_state().unwrap();
        if matches!(state.to_act(), ToAct::Battle { side: s, .. } if s == side) {
            return Some(now);
        }
        now += 1000;
        act_once(t, now, n);
    }
    None
}

#[test]
fn in_a_battle_the_player_whose_card_is_awaited_is_on_the_clock() {
    // The attacker who stalls over a card is under the move time: the defender claims.
    let t = TestStore::new();
    start(&t, &Terms::martian());
    let last = until_battle(&t, BattleSide::Attacker).expect("a battle");
    let attacker = game(&t).to_move();
    let defender = game(&t).opponent_of(attacker).unwrap();
    let after = last + MOVE_MS + 1;
    let e = t.store.claim_time(t.req(attacker, after), CH).unwrap_err();
    assert!(matches!(e, StoreError::CannotClaimOnOwnTurn), "{e}");
    let s = t.store.claim_time(t.req(defender, after), CH).unwrap();
    assert_won(
        &t,
        &s,
        defender.get(),
        attacker.get(),
        EndReason::Host(HostEnding::Time),
    );

    // The defender who stalls is under the battle time: no claim, no sweep against
    // them; their lowest card is played for them, and the game goes on.
    let t = TestStore::new();
    start(&t, &Terms::martian());
    let last = until_battle(&t, BattleSide::Defender).expect("a battle");
    let defender = game(&t).to_move();
    let attacker = game(&t).opponent_of(defender).unwrap();
    let e = t
        .store
        .claim_time(t.req(defender, last + MOVE_MS + 1), CH)
        .unwrap_err();
    assert!(matches!(e, StoreError::CannotClaimOnOwnTurn), "{e}");
    let e = t
        .store
        .claim_time(t.req(attacker, last + 1000), CH)
        .unwrap_err();
    assert!(matches!(e, StoreError::BattleTimeNotUp { .. }), "{e}");
    assert!(t
        .store
        .settle_stalled(last + 3 * MOVE_MS)
        .unwrap()
        .is_empty());
    let played = t
        .store
        .play_overdue_cards(last + jetan_store::games::martian::BATTLE_TIME_MS)
        .unwrap();
    assert_eq!(played.len(), 1);
    assert_eq!(played[0].by, defender);
    assert!(matches!(
        played[0].record.as_action().unwrap().action,
        Action::Play(_)
    ));
    t.assert_clean();
}

#[test]
fn resignation_draws_and_aborts_settle_exactly() {
    for terms in every_game() {
        // Resignation: the resigning player loses the stake, on their turn or not.
        for resigner in [ALICE, BOB] {
            let t = TestStore::new();
            start(&t, &terms);
            let now = until_to_act(&t, BOB.get(), 10);
            let g = game(&t);
            let s = t.store.resign(t.req(resigner, now + 1), CH, g.id).unwrap();
            let winner = if resigner == ALICE { BOB } else { ALICE };
            assert_won(
                &t,
                &s,
                winner.get(),
                resigner.get(),
                EndReason::Host(HostEnding::Resignation),
            );
        }
        // A draw by agreement returns both stakes; only the opponent may accept.
        let t = TestStore::new();
        start(&t, &terms);
        let now = until_to_act(&t, BOB.get(), 10);
        let offered = t.store.offer_draw(t.req(ALICE, now + 1), CH).unwrap();
        let e = t
            .store
            .accept_draw(t.req(ALICE, now + 2), CH, offered.id)
            .unwrap_err();
        assert!(matches!(e, StoreError::NoDrawOffer), "{e}");
        let stamp = t.req(BOB, now + 3);
        let s = t.store.accept_draw(stamp, CH, offered.id).unwrap();
        // A repeated request answers the same and settles nothing twice.
        assert_eq!(t.store.accept_draw(stamp, CH, offered.id).unwrap(), s);
        assert_eq!(s.result, GameResult::Draw);
        assert_eq!(s.reason, EndReason::Host(HostEnding::Agreement));
        for who in [ALICE, BOB] {
            let w = t.store.wallet(GUILD, who).unwrap();
            assert_eq!((w.balance, w.escrow, w.draws), (1000, 0, 1));
        }
        t.assert_clean();
        // An abort refunds everything and counts nothing.
        let t = TestStore::new();
        let g = start(&t, &terms);
        until_to_act(&t, BOB.get(), 10);
        let s = t
            .store
            .abort(t.req(CAROL, 99_999), CH, g.id, "test")
            .unwrap();
        assert_eq!(s.result, GameResult::Aborted);
        for who in [ALICE, BOB] {
            let w = t.store.wallet(GUILD, who).unwrap();
            assert_eq!((w.balance, w.escrow, w.games()), (1000, 0, 0));
        }
        t.assert_clean();
    }
}

#[test]
fn an_action_out_of_turn_is_refused_in_every_game() {
    for terms in every_game() {
        let t = TestStore::new();
        start(&t, &terms);
        until_to_act(&t, BOB.get(), 10);
        let before = game(&t);
        let e = match before.terms.kind() {
            GameKind::Jetan => {
                // A move of one of Alice's pieces: it is not her turn.
                let (from, to) = ("e2".parse().unwrap(), "e3".parse().unwrap());
                t.store
                    .play(
                        t.req(ALICE, 50_000),
                        CH,
                        (before.id, before.version),
                        from,
                        to,
                    )
                    .unwrap_err()
            }
            GameKind::MartianChess => t
                .store
                .act(
                    t.req(ALICE, 50_000),
                    CH,
                    (before.id, before.version),
                    Action::End,
                )
                .unwrap_err(),
        };
        assert!(
            matches!(e, StoreError::NotYourTurn { to_move } if to_move == BOB),
            "{:?}: {e}",
            terms.game
        );
        assert_eq!(game(&t), before);
        t.assert_clean();
    }
}

/// A game moved into its own thread is played and settled there, in every game: the
/// channel it was accepted in is free for the next challenge at once, a second move
/// changes nothing, and the settlement names the channel to tell the result in.
#[test]
fn a_game_moved_into_its_thread_is_played_and_settled_there() {
    const THREAD: ChannelId = ChannelId(77);
    for terms in every_game() {
        let t = TestStore::new();
        let g = start(&t, &terms);
        let moved = t.store.move_to_thread(20, CH, g.id, THREAD).unwrap();
        assert_eq!((moved.channel, moved.parent), (THREAD, Some(CH)));
        assert_eq!((moved.version, &moved.position), (g.version, &g.position));
        assert!(t.store.game(CH).unwrap().is_none());
        assert_eq!(t.store.game(THREAD).unwrap(), Some(moved.clone()));
        // Again (a retried follow-up): the same game, nothing moved twice.
        assert_eq!(t.store.move_to_thread(21, CH, g.id, THREAD).unwrap(), moved);
        // Another game cannot be moved into the thread, nor this one again elsewhere.
        let e = t
            .store
            .move_to_thread(22, CH, g.id, ChannelId(THREAD.get() + 1))
            .unwrap_err();
        assert!(matches!(e, StoreError::NoGame), "{e}");
        // The channel takes a new challenge while the game goes on in its thread.
        t.store
            .challenge(
                t.req(CAROL, 30),
                GUILD,
                CH,
                ALICE,
                Terms::friendly(jetan_rules::Variant::Classic),
            )
            .unwrap();
        let s = t.store.resign(t.req(BOB, 40), THREAD, g.id).unwrap();
        assert_eq!((s.channel, s.parent), (THREAD, Some(CH)));
        assert_won(
            &t,
            &s,
            ALICE.get(),
            BOB.get(),
            EndReason::Host(HostEnding::Resignation),
        );
        let f = t
            .store
            .last_finished(THREAD)
            .unwrap()
            .expect("the finished game");
        assert_eq!(f.game.parent, Some(CH));
        assert!(t.store.game(THREAD).unwrap().is_none());
    }
}

/// The games list and the upkeep's sweeps read every game without its move list: the
/// same games as with their moves (ids, players, position, clock, where), in every game.
#[test]
fn games_without_their_moves_are_the_games_in_progress() {
    for terms in every_game() {
        let t = TestStore::new();
        start(&t, &terms);
        for n in 0..6 {
            act_once(&t, 1000 * (n + 1), n);
        }
        let full = t.store.games().unwrap();
        assert_eq!(full.len(), 1);
        assert!(full[0].records.len() >= 6, "{terms:?}");
        let light = t.store.games_without_moves().unwrap();
        assert_eq!(
            light,
            vec![Game {
                records: Records::Empty,
                ..full[0].clone()
            }],
            "{terms:?}"
        );
        assert_eq!(light[0].to_move(), full[0].to_move());
    }
}

/// The player to move is reminded once per threshold and turn, in every game: at half
/// the move time, at a tenth left, when it ran out; a second sweep (here or in another
/// process) finds each claimed; a move starts the count again, and a sweep that ran late
/// sends only the most urgent; a server with reminders off gets none.
#[test]
fn the_player_to_move_is_reminded_once_per_threshold_in_every_game() {
    use jetan_store::{Nudge, SettingsChange};
    for terms in every_game() {
        let t = TestStore::new();
        start(&t, &terms);
        until_to_act(&t, BOB.get(), 10);
        let g = game(&t);
        let turn = g.last_move_at;
        let claim = |at: u64| -> Vec<(UserId, Nudge)> {
            let got = t.store.claim_reminders(at).unwrap();
            for r in &got {
                assert_eq!(r.deadline, r.game.last_move_at + MOVE_MS);
                assert_eq!(r.settles_at, r.game.last_move_at + 3 * MOVE_MS);
            }
            got.iter().map(|r| (r.user, r.nudge)).collect()
        };
        assert_eq!(claim(turn + MOVE_MS / 2 - 1), vec![]);
        assert_eq!(claim(turn + MOVE_MS / 2), vec![(BOB, Nudge::Half)]);
        assert_eq!(claim(turn + MOVE_MS / 2 + 1), vec![], "claimed once");
        assert_eq!(game(&t).version, g.version, "no button goes stale");
        assert_eq!(claim(turn + MOVE_MS * 9 / 10), vec![(BOB, Nudge::Tenth)]);
        assert_eq!(claim(turn + MOVE_MS * 9 / 10 + 5), vec![]);
        assert_eq!(claim(turn + MOVE_MS), vec![(BOB, Nudge::TimeUp)]);
        assert_eq!(claim(turn + 2 * MOVE_MS), vec![]);
        // A move: a new turn; a late sweep sends only the most urgent reminder due.
        let now = turn + MOVE_MS + 1;
        act_once(&t, now, 3);
        let g = game(&t);
        if games_clock_is_move(&g) {
            let to_move = g.to_move();
            assert_eq!(
                claim(g.last_move_at + MOVE_MS * 19 / 20),
                vec![(to_move, Nudge::Tenth)]
            );
        }
        t.assert_clean();
        // Reminders off: none.
        let t = TestStore::new();
        start(&t, &terms);
        t.store
            .change_settings(
                t.req(CAROL, 5),
                GUILD,
                &SettingsChange {
                    reminders: Some(false),
                    ..Default::default()
                },
            )
            .unwrap();
        let g = game(&t);
        assert_eq!(claim(g.last_move_at + MOVE_MS), vec![]);
    }
}

/// Whether the player to act in `g` is under the move time (not awaited for a battle
/// card, which has its own timeout).
fn games_clock_is_move(g: &Game) -> bool {
    match g.terms.kind() {
        GameKind::Jetan => true,
        GameKind::MartianChess => {
            let state = g.martian_state().unwrap();
            matches!(state.to_act(), ToAct::Turn(_))
        }
    }
}
