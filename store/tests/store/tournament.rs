//! Tournaments through the store's API (issue 40, the store's part): whole events
//! played out with the usual game operations, the money through the ledger, the
//! refusals, the races, and random events against the pairing rules and the money.

use std::collections::{BTreeMap, BTreeSet};

use jetan_rules::Variant;
use jetan_store::{
    BoardResult, ChannelId, Game, GuildId, NewTournament, Stamp, Store, StoreError, Terms,
    Tournament, TournamentFormat, TournamentId, TournamentState, UserId,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::common::*;

const ORGANISER: UserId = UserId(9);

fn player(i: usize) -> UserId {
    UserId(1000 + i as u64)
}

fn spec(format: TournamentFormat, fee: u64, prizes: &[u32]) -> NewTournament {
    NewTournament {
        entry_fee: fee,
        prizes: prizes.to_vec(),
        ..NewTournament::new(
            "Weekend Swiss",
            format,
            Terms {
                move_time_minutes: Some(60),
                ..Terms::friendly(Variant::Classic)
            },
        )
    }
}

fn swiss(rounds: u32) -> TournamentFormat {
    TournamentFormat::Swiss { rounds }
}

/// The thread of a pairing's game.
fn thread(round: usize, board: usize) -> ChannelId {
    ChannelId(50_000 + 100 * round as u64 + board as u64)
}

fn create(t: &TestStore, spec: &NewTournament) -> TournamentId {
    t.store
        .create_tournament(t.req(ORGANISER, 0), GUILD, CH, spec)
        .unwrap()
        .tournament
        .id
}

fn join_all(t: &TestStore, id: TournamentId, n: usize) {
    for i in 0..n {
        t.store
            .join_tournament(t.req(player(i), 1), GUILD, id)
            .unwrap();
    }
}

fn get(t: &TestStore, id: TournamentId) -> Tournament {
    t.store.tournament(id).unwrap().unwrap()
}

/// Balances and escrow of the players and the organiser.
fn money(t: &TestStore, n: usize) -> u64 {
    (0..n)
        .map(player)
        .chain([ORGANISER])
        .map(|u| {
            let w = t.store.wallet(GUILD, u).unwrap();
            w.balance + w.escrow
        })
        .sum()
}

fn start_game(t: &TestStore, id: TournamentId, round: usize, board: usize) -> Game {
    t.store
        .start_pairing_game(10, GUILD, id, round, board, thread(round, board), 7)
        .unwrap()
}

/// Plays the game in `channel` to its end with greedy-random moves.
fn play_out_in(t: &TestStore, channel: ChannelId, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut now = 100;
    let mut plies = 0;
    while let Some(g) = t.store.game(channel).unwrap() {
        let (from, to) = choose(&g.position().unwrap(), &mut rng);
        now += 1000;
        t.store
            .play(
                t.req(g.to_move(), now),
                channel,
                (g.id, g.version),
                from,
                to,
            )
            .unwrap();
        plies += 1;
        assert!(plies < 2000, "the game does not end");
    }
}

/// Plays one greedy-random move in the game in `channel`.
fn one_move(t: &TestStore, channel: ChannelId) {
    let g = t.store.game(channel).unwrap().unwrap();
    let (from, to) = choose(&g.position().unwrap(), &mut StdRng::seed_from_u64(1));
    t.store
        .play(t.req(g.to_move(), 20), channel, (g.id, g.version), from, to)
        .unwrap();
}

/// How a test ends a game.
#[derive(Clone, Copy, Debug)]
enum End {
    /// Played out move by move.
    Moves(u64),
    /// The first player resigns.
    FirstResigns,
    /// The second player resigns.
    SecondResigns,
    /// A draw offered and accepted.
    Draw,
}

fn end_game(t: &TestStore, g: &Game, how: End) {
    let ch = g.channel;
    match how {
        End::Moves(seed) => play_out_in(t, ch, seed),
        End::FirstResigns => {
            t.store
                .resign(t.req(g.players.first, 50), ch, g.id)
                .unwrap();
        }
        End::SecondResigns => {
            t.store
                .resign(t.req(g.players.second, 50), ch, g.id)
                .unwrap();
        }
        End::Draw => {
            t.store.offer_draw(t.req(g.players.first, 50), ch).unwrap();
            t.store
                .accept_draw(t.req(g.players.second, 51), ch, g.id)
                .unwrap();
        }
    }
}

/// The hard pairing rules over every round: nobody twice in a round, no pair twice
/// (twice in a double round robin), at most one bye each in Swiss, nobody paired in a
/// round after the one they withdrew in, and in Swiss every player still in paired.
fn check_pairings(tm: &Tournament, withdrawn_in: &BTreeMap<UserId, usize>) {
    let mut met: BTreeMap<(UserId, UserId), u32> = BTreeMap::new();
    let mut byes: BTreeMap<UserId, u32> = BTreeMap::new();
    let swiss = matches!(tm.format, TournamentFormat::Swiss { .. });
    for (r, boards) in tm.rounds.iter().enumerate() {
        let round = r + 1;
        let mut seen = BTreeSet::new();
        for b in boards {
            for u in [Some(b.first), b.second].into_iter().flatten() {
                assert!(seen.insert(u), "round {round}: {u} twice");
                if let Some(&w) = withdrawn_in.get(&u) {
                    assert!(
                        round <= w,
                        "round {round}: {u} paired after withdrawing in {w}"
                    );
                }
            }
            match b.second {
                Some(s) => *met.entry((b.first.min(s), b.first.max(s))).or_default() += 1,
                None => *byes.entry(b.first).or_default() += 1,
            }
        }
        if swiss {
            for e in &tm.players {
                let still_in = withdrawn_in.get(&e.user).is_none_or(|&w| w >= round);
                if still_in {
                    assert!(seen.contains(&e.user), "round {round}: {} unpaired", e.user);
                }
            }
        }
    }
    let most = if tm.format == (TournamentFormat::RoundRobin { double: true }) {
        2
    } else {
        1
    };
    assert!(
        met.values().all(|&n| n <= most),
        "a pair met twice: {met:?}"
    );
    if swiss {
        assert!(byes.values().all(|&n| n <= 1), "two byes: {byes:?}");
    }
}

#[test]
fn a_five_player_swiss_of_three_rounds_is_played_and_paid() {
    let t = TestStore::new();
    let id = create(&t, &spec(swiss(3), 100, &[60, 30, 10]));
    join_all(&t, id, 5);
    let before = money(&t, 5);
    for i in 0..5 {
        let w = t.store.wallet(GUILD, player(i)).unwrap();
        assert_eq!((w.balance, w.escrow), (900, 100));
    }
    assert_eq!(get(&t, id).pot, 500);
    // Only the organiser starts it.
    let e = t
        .store
        .start_tournament(t.req(player(0), 2), GUILD, id)
        .unwrap_err();
    assert!(matches!(e, StoreError::NotOrganiser { .. }), "{e}");
    let tm = t
        .store
        .start_tournament(t.req(ORGANISER, 2), GUILD, id)
        .unwrap()
        .tournament;
    assert_eq!(tm.state, TournamentState::Running { round: 1 });
    assert_eq!(tm.rounds[0].len(), 3);
    assert!(tm.rounds[0][2].is_bye());
    assert_eq!(tm.rounds[0][2].result, Some(BoardResult::Bye));

    // Round 1: one game played out move by move, one resigned.
    let g1 = start_game(&t, id, 1, 1);
    assert_eq!(g1.players.first, tm.rounds[0][0].first);
    assert_eq!(g1.parent, Some(CH));
    // Started again: the same game.
    assert_eq!(start_game(&t, id, 1, 1).id, g1.id);
    let g2 = start_game(&t, id, 1, 2);
    end_game(&t, &g1, End::Moves(3));
    assert_eq!(get(&t, id).current_round(), Some(1));
    end_game(&t, &g2, End::SecondResigns);
    // The round's last game paired round 2 in its own transaction.
    let tm = get(&t, id);
    assert_eq!(tm.state, TournamentState::Running { round: 2 });
    assert_eq!(tm.rounds[0][1].result, Some(BoardResult::FirstWins));
    t.assert_clean();

    // Round 2: a player withdraws while their game is played (it is resigned for
    // them), and the other game ends in a draw.
    let g1 = start_game(&t, id, 2, 1);
    let g2 = start_game(&t, id, 2, 2);
    let quitter = g2.players.second;
    let up = t
        .store
        .withdraw_tournament(t.req(quitter, 60), GUILD, id)
        .unwrap();
    assert_eq!(up.settled.len(), 1);
    assert!(t.store.game(g2.channel).unwrap().is_none());
    assert_eq!(
        up.tournament.rounds[1][1].result,
        Some(BoardResult::FirstWins)
    );
    // Withdrawn already: refused, nothing changes.
    let e = t
        .store
        .withdraw_tournament(t.req(quitter, 61), GUILD, id)
        .unwrap_err();
    assert!(matches!(e, StoreError::NotEntered), "{e}");
    end_game(&t, &g1, End::Draw);

    // Round 3: four players still in, two games, the quitter not paired.
    let tm = get(&t, id);
    assert_eq!(tm.state, TournamentState::Running { round: 3 });
    assert_eq!(tm.rounds[2].len(), 2);
    assert!(tm.rounds[2].iter().all(|b| !b.has(quitter) && !b.is_bye()));
    let g1 = start_game(&t, id, 3, 1);
    let g2 = start_game(&t, id, 3, 2);
    end_game(&t, &g1, End::FirstResigns);
    end_game(&t, &g2, End::Moves(11));

    let tm = get(&t, id);
    assert_eq!(tm.state, TournamentState::Finished);
    check_pairings(&tm, &BTreeMap::from([(quitter, 2)]));
    assert_eq!(tm.pot, 0);
    assert_eq!(tm.paid_out, 500);
    assert_eq!(tm.payouts.iter().map(|p| p.amount).sum::<u64>(), 500);
    assert!(tm.payouts.iter().all(|p| p.user != quitter));
    let standings = t.store.tournament_standings(id).unwrap();
    let first = standings.iter().find(|s| !s.withdrawn).unwrap();
    assert!(tm
        .payouts
        .iter()
        .any(|p| p.user.get() == first.player && p.place == 1));
    // Nothing created or lost; nobody has anything left in escrow.
    assert_eq!(money(&t, 5), before);
    for i in 0..5 {
        assert_eq!(t.store.wallet(GUILD, player(i)).unwrap().escrow, 0);
    }
    t.assert_clean();
    // The games are ordinary games: each player's record counts them.
    let games: u32 = (0..5)
        .map(|i| t.store.wallet(GUILD, player(i)).unwrap().games())
        .sum();
    assert_eq!(games, 2 * 6);
}

#[test]
fn a_round_robin_of_four_pairs_everyone_once_and_pays_ties_equally() {
    let t = TestStore::new();
    let id = create(
        &t,
        &spec(
            TournamentFormat::RoundRobin { double: false },
            50,
            &[50, 50],
        ),
    );
    join_all(&t, id, 4);
    t.store
        .start_tournament(t.req(ORGANISER, 2), GUILD, id)
        .unwrap();
    for round in 1..=3 {
        let tm = get(&t, id);
        assert_eq!(tm.current_round(), Some(round));
        assert_eq!(tm.rounds[round - 1].len(), 2);
        for board in 1..=2 {
            let g = start_game(&t, id, round, board);
            // Every game a draw: everyone ties.
            end_game(&t, &g, End::Draw);
        }
    }
    let tm = get(&t, id);
    assert_eq!(tm.state, TournamentState::Finished);
    check_pairings(&tm, &BTreeMap::new());
    let pairs: BTreeSet<_> = tm
        .rounds
        .iter()
        .flatten()
        .map(|b| {
            let s = b.second.unwrap();
            (b.first.min(s), b.first.max(s))
        })
        .collect();
    assert_eq!(pairs.len(), 6, "every pair of four once");
    // All four share first place: the pot of 200 split equally.
    assert_eq!(tm.payouts.len(), 4);
    assert!(tm.payouts.iter().all(|p| p.amount == 50 && p.place == 1));
    for i in 0..4 {
        let w = t.store.wallet(GUILD, player(i)).unwrap();
        assert_eq!((w.balance, w.escrow), (1000, 0));
    }
    t.assert_clean();
}

#[test]
fn cancel_refunds_everything_and_aborts_the_games_in_progress() {
    let t = TestStore::new();
    // Cancelled while open.
    let open = create(&t, &spec(swiss(2), 30, &[100]));
    join_all(&t, open, 2);
    let up = t
        .store
        .cancel_tournament(t.req(ORGANISER, 3), GUILD, open, "rain")
        .unwrap();
    assert_eq!(up.tournament.state, TournamentState::Cancelled);
    assert_eq!(up.tournament.refunded, 60);
    // Cancelled while running, with a piece price: a game in progress is aborted.
    let id = create(
        &t,
        &NewTournament {
            terms: Terms {
                piece_price: 2,
                ..Terms::friendly(Variant::Classic)
            },
            ..spec(swiss(2), 100, &[100])
        },
    );
    join_all(&t, id, 4);
    t.store
        .start_tournament(t.req(ORGANISER, 4), GUILD, id)
        .unwrap();
    let g = start_game(&t, id, 1, 1);
    assert_eq!(g.escrow.first, 2 * 42);
    one_move(&t, g.channel);
    let e = t
        .store
        .cancel_tournament(t.req(player(0), 5), GUILD, id, "")
        .unwrap_err();
    assert!(matches!(e, StoreError::NotOrganiser { .. }), "{e}");
    let up = t
        .store
        .cancel_tournament(t.req(ORGANISER, 5), GUILD, id, "the organiser is ill")
        .unwrap();
    assert_eq!(up.settled.len(), 1);
    assert_eq!(up.settled[0].result, jetan_store::GameResult::Aborted);
    assert!(t.store.game(g.channel).unwrap().is_none());
    assert_eq!(up.tournament.pot, 0);
    assert_eq!(up.tournament.refunded, 400);
    for i in 0..4 {
        let w = t.store.wallet(GUILD, player(i)).unwrap();
        assert_eq!((w.balance, w.escrow), (1000, 0), "player {i}");
    }
    // Over: no start, no second cancel, no game.
    let e = t
        .store
        .cancel_tournament(t.req(ORGANISER, 6), GUILD, id, "")
        .unwrap_err();
    assert!(
        matches!(e, StoreError::TournamentState { state: "cancelled" }),
        "{e}"
    );
    t.assert_clean();
}

/// Everything the store holds, to compare before and after a refusal.
fn snapshot(store: &Store) -> Vec<u8> {
    let mut out = Vec::new();
    store.export(&mut out).unwrap();
    out
}

#[test]
fn refusals_change_nothing() {
    let t = TestStore::new();
    let small = create(
        &t,
        &NewTournament {
            max_players: 3,
            ..spec(swiss(2), 100, &[100])
        },
    );
    join_all(&t, small, 2);
    let rich = create(&t, &spec(swiss(2), 2000, &[100]));
    let t = &t;
    let refuse =
        |what: &str, f: &dyn Fn() -> Result<(), StoreError>, ok: &dyn Fn(&StoreError) -> bool| {
            let before = snapshot(&t.store);
            let e = f().expect_err(what);
            assert!(ok(&e), "{what}: {e}");
            assert!(e.is_refusal(), "{what}: {e}");
            assert_eq!(snapshot(&t.store), before, "{what} changed something");
        };
    let join = |id, u| move || t.store.join_tournament(t.req(u, 7), GUILD, id).map(drop);
    refuse(
        "too few players",
        &|| {
            t.store
                .start_tournament(t.req(ORGANISER, 7), GUILD, small)
                .map(drop)
        },
        &|e| {
            matches!(
                e,
                StoreError::Pairing(jetan_store::tournament::PairingError::TooFewPlayers(2))
            )
        },
    );
    refuse("a second join", &join(small, player(0)), &|e| {
        matches!(e, StoreError::AlreadyJoined)
    });
    refuse("balance too low", &join(rich, player(0)), &|e| {
        matches!(e, StoreError::InsufficientFunds { needed: 2000, .. })
    });
    refuse(
        "leave without joining",
        &|| {
            t.store
                .leave_tournament(t.req(player(5), 7), GUILD, small)
                .map(drop)
        },
        &|e| matches!(e, StoreError::NotEntered),
    );
    refuse(
        "another server's",
        &|| {
            t.store
                .join_tournament(t.req(player(5), 7), GuildId(77), small)
                .map(drop)
        },
        &|e| matches!(e, StoreError::NoTournament(_)),
    );
    join(small, player(2))().unwrap();
    refuse("full", &join(small, player(3)), &|e| {
        matches!(e, StoreError::TournamentFull { max: 3 })
    });
    refuse(
        "not organiser",
        &|| {
            t.store
                .start_tournament(t.req(player(0), 7), GUILD, small)
                .map(drop)
        },
        &|e| matches!(e, StoreError::NotOrganiser { .. }),
    );
    refuse(
        "prizes not adding up",
        &|| {
            t.store
                .create_tournament(
                    t.req(ORGANISER, 7),
                    GUILD,
                    CH,
                    &spec(swiss(2), 0, &[50, 40]),
                )
                .map(drop)
        },
        &|e| matches!(e, StoreError::InvalidTournament(_)),
    );
    refuse(
        "a stake",
        &|| {
            let mut s = spec(swiss(2), 0, &[100]);
            s.terms.stake = 5;
            t.store
                .create_tournament(t.req(ORGANISER, 7), GUILD, CH, &s)
                .map(drop)
        },
        &|e| matches!(e, StoreError::InvalidTournament(_)),
    );
    t.store
        .start_tournament(t.req(ORGANISER, 8), GUILD, small)
        .unwrap();
    refuse("not open", &join(small, player(4)), &|e| {
        matches!(e, StoreError::TournamentState { state: "running" })
    });
    refuse(
        "leave after the start",
        &|| {
            t.store
                .leave_tournament(t.req(player(0), 7), GUILD, small)
                .map(drop)
        },
        &|e| matches!(e, StoreError::TournamentState { .. }),
    );
    refuse(
        "a bye's game",
        &|| {
            t.store
                .start_pairing_game(9, GUILD, small, 1, 2, ChannelId(1), 1)
                .map(drop)
        },
        &|e| matches!(e, StoreError::NoSuchPairing { .. }),
    );
    // The server's limits: the largest stake bounds the entry fee.
    t.store
        .change_settings(
            t.req(ORGANISER, 9),
            GUILD,
            &jetan_store::SettingsChange {
                max_stake: Some(50),
                ..Default::default()
            },
        )
        .unwrap();
    refuse("above the server's limit", &join(rich, player(5)), &|e| {
        matches!(
            e,
            StoreError::AboveLimit {
                what: "entry fee",
                max: 50
            }
        )
    });
    t.assert_clean();
}

#[test]
fn a_repeated_request_returns_its_first_result_and_charges_once() {
    let t = TestStore::new();
    let id = create(&t, &spec(swiss(2), 100, &[100]));
    let req = Stamp::new(424_242, player(0), 5);
    let a = t.store.join_tournament(req, GUILD, id).unwrap();
    let b = t.store.join_tournament(req, GUILD, id).unwrap();
    assert_eq!(a, b);
    assert_eq!(t.store.wallet(GUILD, player(0)).unwrap().escrow, 100);
    let e = t.store.leave_tournament(req, GUILD, id).unwrap_err();
    assert!(matches!(e, StoreError::RequestIdReused { .. }), "{e}");
    assert_eq!(t.store.tournament_receipt(req.id).unwrap(), Some(a));
    // Export and import keep tournaments, their games' index and their receipts.
    for i in 1..4 {
        t.store
            .join_tournament(t.req(player(i), 6), GUILD, id)
            .unwrap();
    }
    t.store
        .start_tournament(t.req(ORGANISER, 6), GUILD, id)
        .unwrap();
    let g = start_game(&t, id, 1, 1);
    let place = Place::new();
    place.import(&snapshot(&t.store)).unwrap();
    let copy = place.open();
    assert_eq!(
        copy.tournament(id).unwrap(),
        t.store.tournament(id).unwrap()
    );
    assert!(copy.tournament_of_game(g.id).unwrap().is_some());
    assert!(copy.tournament_receipt(req.id).unwrap().is_some());
    assert!(copy.verify().unwrap().is_clean());
}

// ---------------------------------------------------------------- races

const RACERS: u64 = 6;

#[test]
fn racing_starts_exactly_one_wins() {
    let t = TestStore::new();
    let id = create(&t, &spec(swiss(2), 10, &[100]));
    join_all(&t, id, 5);
    let handles: Vec<_> = (0..RACERS)
        .map(|k| {
            let store = t.store.clone();
            let req = Stamp::new(90_000 + k, ORGANISER, 20);
            std::thread::spawn(move || store.start_tournament(req, GUILD, id))
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        1,
        "{results:?}"
    );
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        assert!(
            matches!(e, StoreError::TournamentState { state: "running" }),
            "{e}"
        );
    }
    assert_eq!(get(&t, id).rounds.len(), 1);
    t.assert_clean();
}

#[test]
fn joins_racing_the_start_are_in_round_one_or_refused() {
    let t = TestStore::new();
    let id = create(&t, &spec(swiss(2), 10, &[100]));
    join_all(&t, id, 3);
    let mut handles = Vec::new();
    for k in 0..RACERS {
        let store = t.store.clone();
        let req = Stamp::new(91_000 + k, player(10 + k as usize), 20);
        handles.push(std::thread::spawn(move || {
            store.join_tournament(req, GUILD, id).map(drop)
        }));
        if k == RACERS / 2 {
            let store = t.store.clone();
            let req = Stamp::new(91_500, ORGANISER, 20);
            handles.push(std::thread::spawn(move || {
                store.start_tournament(req, GUILD, id).map(drop)
            }));
        }
    }
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        assert!(
            matches!(e, StoreError::TournamentState { state: "running" }),
            "{e}"
        );
    }
    let tm = get(&t, id);
    assert_eq!(tm.current_round(), Some(1));
    // Everyone who got in is paired in round 1; nobody refused holds a fee.
    let paired: BTreeSet<UserId> = tm.rounds[0]
        .iter()
        .flat_map(|b| [Some(b.first), b.second])
        .flatten()
        .collect();
    let joined: BTreeSet<UserId> = tm.players.iter().map(|e| e.user).collect();
    assert_eq!(paired, joined);
    for k in 0..RACERS as usize {
        let w = t.store.wallet(GUILD, player(10 + k)).unwrap();
        assert_eq!(
            w.escrow,
            if joined.contains(&player(10 + k)) {
                10
            } else {
                0
            }
        );
    }
    assert_eq!(tm.pot, 10 * joined.len() as u64);
    t.assert_clean();
}

#[test]
fn a_result_racing_a_withdrawal_is_recorded_once() {
    for attempt in 0..4u64 {
        let t = TestStore::new();
        let id = create(&t, &spec(swiss(2), 10, &[100]));
        join_all(&t, id, 4);
        t.store
            .start_tournament(t.req(ORGANISER, 2), GUILD, id)
            .unwrap();
        let g = start_game(&t, id, 1, 1);
        let (a, b) = (g.players.first, g.players.second);
        let resign = {
            let store = t.store.clone();
            let req = Stamp::new(92_000 + attempt, a, 30);
            let (ch, gid) = (g.channel, g.id);
            std::thread::spawn(move || store.resign(req, ch, gid).map(drop))
        };
        let withdraw = {
            let store = t.store.clone();
            let req = Stamp::new(92_100 + attempt, b, 30);
            std::thread::spawn(move || store.withdraw_tournament(req, GUILD, id).map(drop))
        };
        let (r1, r2) = (resign.join().unwrap(), withdraw.join().unwrap());
        // The withdrawal always lands (before or after); the resignation only if it
        // came first (else the game was already resigned for the quitter).
        assert!(r2.is_ok(), "{r2:?}");
        let tm = get(&t, id);
        let board = &tm.rounds[0][0];
        let finished = t.store.finished_game(g.id).unwrap().expect("archived once");
        let winner = match finished.result {
            jetan_store::GameResult::Win { winner, .. } => winner,
            other => panic!("{other:?}"),
        };
        match r1 {
            Ok(()) => assert_eq!((winner, board.result), (b, Some(BoardResult::SecondWins))),
            Err(e) => {
                assert!(matches!(e, StoreError::NoGame), "{e}");
                assert_eq!((winner, board.result), (a, Some(BoardResult::FirstWins)));
            }
        }
        assert!(tm.entrant(b).unwrap().withdrawn);
        t.assert_clean();
    }
}

// ---------------------------------------------------------------- random events

/// Random events: players join and leave, the event starts (or is refused with too
/// few), each round's games end at random (resignations, draws, moves, adjudications,
/// withdrawals and removals on the way, a game aborted by an admin and started
/// again), until it finishes or is cancelled. After every step: the money is what it
/// was, `verify` is clean, the pairing rules hold.
#[test]
fn random_events_keep_the_money_and_the_pairing_rules() {
    let cases: u64 = std::env::var("TOURNAMENT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if crate::POSTGRES { 16 } else { 60 });
    let mut played = 0;
    let mut withdrawals = 0;
    for seed in 0..cases {
        if let Some(w) = random_event(seed) {
            played += 1;
            withdrawals += w;
        }
    }
    eprintln!("{cases} random events, {played} played to the end, {withdrawals} withdrawals");
    assert!(
        played * 2 >= cases,
        "only {played} of {cases} events were played"
    );
    assert!(withdrawals > 0);
}

/// One random event; how many withdrawals if it was played to its end.
fn random_event(seed: u64) -> Option<usize> {
    let mut rng = StdRng::seed_from_u64(seed);
    let t = TestStore::new();
    let pool = 9;
    let max_players = rng.gen_range(3..=7);
    let format = if rng.gen_bool(0.6) {
        swiss(rng.gen_range(1..max_players).min(4))
    } else {
        TournamentFormat::RoundRobin {
            double: rng.gen_bool(0.2),
        }
    };
    let fee = [0, 7, 100][rng.gen_range(0..3)];
    let prizes: &[u32] = [&[100][..], &[60, 30, 10], &[50, 50], &[0, 100]][rng.gen_range(0..4)];
    let id = create(
        &t,
        &NewTournament {
            max_players,
            ..spec(format, fee, prizes)
        },
    );
    let ctx = format!("seed {seed}: {format:?}, fee {fee}, prizes {prizes:?}");
    // Make every wallet now, so the total is fixed.
    for i in 0..pool {
        t.store.daily(t.req(player(i), 0), GUILD).unwrap();
    }
    t.store.daily(t.req(ORGANISER, 0), GUILD).unwrap();
    // Starting grants and daily allowances: every wallet made now, the total fixed.
    let total = 1100 * (pool as u64 + 1);
    let check = |t: &TestStore, w: &BTreeMap<UserId, usize>| {
        let r = t.store.verify().unwrap();
        assert!(r.is_clean(), "{ctx}: {r}");
        assert_eq!(money(t, pool), total, "{ctx}: money");
        check_pairings(&get(t, id), w);
    };
    // Joins and leaves.
    for _ in 0..rng.gen_range(3..16) {
        let u = player(rng.gen_range(0..pool));
        let r = if rng.gen_bool(0.85) {
            t.store.join_tournament(t.req(u, 1), GUILD, id).map(drop)
        } else {
            t.store.leave_tournament(t.req(u, 1), GUILD, id).map(drop)
        };
        if let Err(e) = r {
            assert!(e.is_refusal(), "{ctx}: {e}");
        }
    }
    check(&t, &BTreeMap::new());
    if rng.gen_bool(0.1) {
        t.store
            .cancel_tournament(t.req(ORGANISER, 2), GUILD, id, "")
            .unwrap();
        check(&t, &BTreeMap::new());
        return None;
    }
    let n = get(&t, id).players.len();
    match t.store.start_tournament(t.req(ORGANISER, 2), GUILD, id) {
        Ok(_) => {}
        Err(StoreError::Pairing(_)) => {
            assert!(
                n < 3
                    || matches!(format, TournamentFormat::Swiss { rounds } if rounds as usize >= n),
                "{ctx}"
            );
            return None;
        }
        Err(e) => panic!("{ctx}: {e}"),
    }
    let mut withdrawn: BTreeMap<UserId, usize> = BTreeMap::new();
    let mut steps = 0;
    while let Some(round) = get(&t, id).current_round() {
        steps += 1;
        assert!(steps < 500, "{ctx}: the event does not end");
        let tm = get(&t, id);
        let open: Vec<usize> = tm.rounds[round - 1]
            .iter()
            .enumerate()
            .filter(|(_, b)| b.result.is_none())
            .map(|(i, _)| i + 1)
            .collect();
        let board = open[rng.gen_range(0..open.len())];
        let b = tm.rounds[round - 1][board - 1].clone();
        match rng.gen_range(0..100) {
            0..=9 => {
                // A player of this board withdraws (or is removed).
                let u = if rng.gen_bool(0.5) {
                    b.first
                } else {
                    b.second.unwrap()
                };
                let r = if rng.gen_bool(0.5) {
                    t.store.withdraw_tournament(t.req(u, 40), GUILD, id)
                } else {
                    t.store
                        .remove_from_tournament(t.req(ORGANISER, 40), GUILD, id, u)
                };
                r.unwrap();
                withdrawn.insert(u, round);
            }
            10..=17 => {
                let result = [
                    BoardResult::FirstWinsByForfeit,
                    BoardResult::SecondWinsByForfeit,
                    BoardResult::DoubleForfeit,
                    BoardResult::Draw,
                ][rng.gen_range(0..4)];
                t.store
                    .adjudicate_board(t.req(ORGANISER, 40), GUILD, id, round, board, result)
                    .unwrap();
            }
            18..=22 if b.game.is_some() => {
                // An admin aborts it: the pairing can be played again.
                let ch = b.channel.unwrap();
                t.store
                    .abort(t.req(ORGANISER, 40), ch, b.game.unwrap(), "stuck")
                    .unwrap();
                let after = get(&t, id);
                let nb = &after.rounds[round - 1][board - 1];
                assert_eq!((nb.game, nb.result), (None, None), "{ctx}");
                // In a new thread this time.
                let g = t
                    .store
                    .start_pairing_game(41, GUILD, id, round, board, ChannelId(ch.get() + 7), 3)
                    .unwrap();
                assert_ne!(Some(g.id), b.game);
            }
            _ => {
                let g = match b.game {
                    Some(_) => t.store.game(b.channel.unwrap()).unwrap().unwrap(),
                    None => t
                        .store
                        .start_pairing_game(
                            40,
                            GUILD,
                            id,
                            round,
                            board,
                            ChannelId(60_000 + 100 * round as u64 + board as u64),
                            seed,
                        )
                        .unwrap(),
                };
                if rng.gen_bool(0.3) {
                    // Started, to be ended later (or by a withdrawal).
                    if b.game.is_none() {
                        continue;
                    }
                }
                let how = [
                    End::FirstResigns,
                    End::SecondResigns,
                    End::Draw,
                    End::Moves(seed),
                ][{
                    let kinds = if rng.gen_bool(0.1) { 4 } else { 3 };
                    rng.gen_range(0..kinds)
                }];
                end_game(&t, &g, how);
            }
        }
        check(&t, &withdrawn);
    }
    let tm = get(&t, id);
    assert_eq!(tm.state, TournamentState::Finished, "{ctx}");
    assert_eq!(tm.pot, 0, "{ctx}");
    assert_eq!(tm.paid_out, tm.fees_in - tm.refunded, "{ctx}");
    assert!(
        tm.payouts.iter().all(|p| !withdrawn.contains_key(&p.user))
            || withdrawn.len() == tm.players.len(),
        "{ctx}"
    );
    Some(withdrawn.len())
}

#[test]
fn verify_finds_a_tournament_whose_money_or_games_do_not_add_up() {
    let t = TestStore::new();
    let id = create(&t, &spec(swiss(2), 100, &[100]));
    join_all(&t, id, 4);
    t.store
        .start_tournament(t.req(ORGANISER, 2), GUILD, id)
        .unwrap();
    let g = start_game(&t, id, 1, 1);
    t.assert_clean();
    let tm = get(&t, id);
    let place = t.close();
    let key = id.get().to_be_bytes();
    let original = place.raw_get("tournaments", &key).unwrap();
    let write = |tm: &Tournament| {
        let mut v = vec![jetan_store::FORMAT_VERSION];
        v.extend(serde_json::to_vec(tm).unwrap());
        place.raw_put("tournaments", &key, &v);
    };
    let problems = |place: &Place| {
        let store = place.open();
        let r = store.verify().unwrap();
        r.problems
    };
    // A pot that is not what the players hold.
    let mut bad = tm.clone();
    bad.pot += 1;
    write(&bad);
    let p = problems(&place);
    assert!(p.iter().any(|p| p.contains("its pot is 401")), "{p:?}");
    // A fee taken off a player's entry: their escrow no longer matches.
    let mut bad = tm.clone();
    bad.players[0].held = 0;
    bad.pot -= 100;
    bad.refunded += 100;
    write(&bad);
    let p = problems(&place);
    assert!(p.iter().any(|p| p.contains("in escrow")), "{p:?}");
    assert!(
        p.iter().any(|p| p.contains("the ledger says refunds 0")),
        "{p:?}"
    );
    // A pairing whose game is another.
    let mut bad = tm.clone();
    bad.rounds[0][0].game = Some(jetan_store::GameId(g.id.get() + 1000));
    write(&bad);
    let p = problems(&place);
    assert!(p.iter().any(|p| p.contains("not in progress")), "{p:?}");
    // The same two players paired twice.
    let mut bad = tm;
    let b = bad.rounds[0][0].clone();
    bad.rounds.push(vec![jetan_store::Board {
        game: None,
        channel: None,
        aborted: Vec::new(),
        ..b
    }]);
    write(&bad);
    let p = problems(&place);
    assert!(p.iter().any(|p| p.contains("paired 2 times")), "{p:?}");
    place.raw_put("tournaments", &key, &original);
    assert!(problems(&place).is_empty());
}

/// A tournament's news (a round paired, the final standings) is written into the
/// outbox by the transaction that pairs the round or finishes the event, and only by
/// it (a refused start, a game ending mid-round and a repeated start add none); it
/// stays there until delivered, through the pruning of old requests; delivered, it is
/// gone and no later operation writes it again.
#[test]
fn news_is_owed_from_the_transaction_that_pairs_or_finishes() {
    use jetan_store::TournamentNews;
    let t = TestStore::new();
    let news = |t: &TestStore| -> Vec<TournamentNews> {
        t.store
            .pending_announcements()
            .unwrap()
            .iter()
            .filter_map(|p| p.tournament)
            .collect()
    };
    let at = |id, round| TournamentNews {
        tournament: id,
        round,
    };
    let id = create(
        &t,
        &spec(TournamentFormat::RoundRobin { double: false }, 0, &[100]),
    );
    join_all(&t, id, 3);
    assert!(news(&t).is_empty(), "nothing paired yet");
    let e = t
        .store
        .start_tournament(t.req(player(0), 2), GUILD, id)
        .unwrap_err();
    assert!(matches!(e, StoreError::NotOrganiser { .. }), "{e}");
    assert!(news(&t).is_empty(), "a refused start owes nothing");
    let start = t.req(ORGANISER, 3);
    t.store.start_tournament(start, GUILD, id).unwrap();
    assert_eq!(news(&t), [at(id, 1)]);
    let entry = t
        .store
        .pending_announcements()
        .unwrap()
        .into_iter()
        .find(|p| p.tournament.is_some())
        .unwrap();
    assert_eq!((entry.user, entry.at), (ORGANISER, 3));
    assert!(t.store.owed(at(id, 1)).unwrap());
    t.store.announced(at(id, 1)).unwrap();
    assert!(!t.store.owed(at(id, 1)).unwrap());
    // The same start again (a repeated request) owes nothing again.
    t.store.start_tournament(start, GUILD, id).unwrap();
    assert!(news(&t).is_empty());

    // Three players: each round one game and a rest; its game's end pairs the next.
    for round in 1..=3 {
        let g = start_game(&t, id, round, 1);
        end_game(&t, &g, End::FirstResigns);
        let next = if round < 3 {
            round + 1
        } else {
            TournamentNews::FINAL
        };
        assert_eq!(news(&t), [at(id, next)], "after round {round}");
        if round == 1 {
            // Old requests and answers pruned: the news stays.
            t.store.prune_requests(1_000_000).unwrap();
            assert_eq!(news(&t), [at(id, next)]);
        }
        t.store.announced(at(id, next)).unwrap();
    }
    assert_eq!(get(&t, id).state, TournamentState::Finished);
    assert!(news(&t).is_empty());
    t.assert_clean();
}
