//! Model-based property test: thousands of random Swiss events (3 to 40 players, random
//! results with forfeits, random withdrawals) paired round by round, every round checked
//! against the hard rules by a model kept here independently of the crate (its own
//! scores, seats and who-met-whom, and its own pairing oracle — Tutte's matrix, not the
//! crate's blossom algorithm):
//!
//! - every player still in appears exactly once (a game or the bye), nobody else appears;
//! - no two players meet twice;
//! - a bye exactly when the number of players still in is odd, at most one per player, and
//!   to the lowest-ranked (points, then initial order) player without a bye whose absence
//!   leaves the others pairable without a repeat;
//! - seats: a player whose first−second difference leaves ±2 — only if no pairing (with
//!   that bye) keeps everyone within ±2; a third same seat in a row — only if no pairing
//!   keeps everyone within ±2 and without a third same seat in a row;
//! - `NoPairing` only when the model finds no pairing avoiding repeats (with a bye to a
//!   player who has none);
//! - standings: every player once, the model's points, sorted, places consistent;
//! - money: `split_pot` with random percentages adding up to 100 pays exactly the pot,
//!   players sharing a place within one unit of each other; other sums are refused.
//!
//! And random round robins: every pair once per cycle (seats swapped in the second),
//! everyone once a round, one rest per cycle with an odd count, withdrawn players never.
//!
//! Fixed seed (`PROPTEST_RNG_SEED` sets another), `PROPTEST_CASES` the number of events;
//! a failure prints the line that replays it.

use std::collections::{BTreeSet, HashMap};

use jetan_pairing::{
    pair_next_round, round_robin_schedule, split_pot, standings, Event, Format, Outcome, Pairing,
    PairingError, Seat,
};
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestRunner};

/// A small deterministic generator for the choices inside one event (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The prime of the Tutte-matrix test.
const P: u64 = (1 << 61) - 1;

/// a·b modulo P (P = 2⁶¹ − 1: reduced by shifts, no division).
fn mul(a: u64, b: u64) -> u64 {
    let x = u128::from(a) * u128::from(b);
    let r = (x as u64 & P) + (x >> 61) as u64;
    let r = (r & P) + (r >> 61);
    if r >= P {
        r - P
    } else {
        r
    }
}

fn power(mut a: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, a);
        }
        a = mul(a, a);
        e >>= 1;
    }
    r
}

/// Whether `vertices` can all be paired by `edge`, by Tutte's theorem (Lovász's test):
/// the Tutte matrix with random values modulo a 61-bit prime is invertible. A nonzero
/// determinant proves a pairing exists; a zero one is wrong with probability at most
/// n/2⁶¹. An algorithm unrelated to the crate's blossom search, and polynomial, so that no
/// seed makes it slow.
fn pairable(vertices: &[usize], edge: &dyn Fn(usize, usize) -> bool) -> bool {
    let n = vertices.len();
    if n % 2 == 1 {
        return false;
    }
    let mut rng = Rng(0x0074_7574_7465);
    let mut m = vec![vec![0u64; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            if edge(vertices[i], vertices[j]) {
                let x = 1 + rng.below(P - 1);
                m[i][j] = x;
                m[j][i] = P - x;
            }
        }
    }
    // Gaussian elimination: invertible iff a pivot is found in every column.
    for c in 0..n {
        let Some(r) = (c..n).find(|&r| m[r][c] != 0) else {
            return false;
        };
        m.swap(c, r);
        let inv = power(m[c][c], P - 2);
        let (top, below) = m.split_at_mut(c + 1);
        let pivot = &top[c];
        for row in below.iter_mut().filter(|row| row[c] != 0) {
            let f = mul(row[c], inv);
            for (x, &y) in row[c..].iter_mut().zip(&pivot[c..]) {
                let t = *x + P - mul(f, y);
                *x = if t >= P { t - P } else { t };
            }
        }
    }
    true
}

/// The model's view of one player.
#[derive(Clone, Default)]
struct Player {
    score2: u32,
    byes: u32,
    seats: Vec<Seat>,
    out: bool,
}

fn diff(seats: &[Seat]) -> i32 {
    seats
        .iter()
        .map(|&s| if s == Seat::First { 1 } else { -1 })
        .sum()
}

fn third_in_a_row(seats: &[Seat]) -> bool {
    seats.len() >= 3
        && seats[seats.len() - 3..]
            .iter()
            .all(|&s| s == seats[seats.len() - 1])
}

/// Whether `seat` next keeps the player within ±2 (and, if `streak`, without a third same
/// seat in a row).
fn seat_fine(seats: &[Seat], seat: Seat, streak: bool) -> bool {
    let mut after = seats.to_vec();
    after.push(seat);
    diff(&after).abs() <= 2 && !(streak && third_in_a_row(&after))
}

#[derive(Default, Debug)]
struct Tally {
    events: usize,
    rounds: usize,
    byes: usize,
    no_pairing: usize,
    balance_broken: usize,
    streak_broken: usize,
    payouts: usize,
}

/// One random Swiss event, checked round by round.
fn swiss_event(seed: u64, n: usize, rounds_pick: u64, tally: &mut Tally) {
    let mut rng = Rng(seed);
    let cap = if n <= 10 { n - 1 } else { (n - 1).min(12) };
    let rounds = 1 + (rounds_pick % cap as u64) as u32;
    let withdraw_per_mille = [0, 20, 80][rng.below(3) as usize];
    let ids: Vec<u64> = (0..n).map(|i| 1000 + 7 * i as u64).collect();
    let mut e = Event {
        settings: jetan_pairing::Settings {
            format: Format::Swiss { rounds },
            max_players: 64,
        },
        players: ids.clone(),
        rounds: Vec::new(),
        withdrawn: Vec::new(),
    };
    let index: HashMap<u64, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let mut model = vec![Player::default(); n];
    let mut met = BTreeSet::new();
    tally.events += 1;
    for r in 1..=rounds as usize {
        let active: Vec<usize> = (0..n).filter(|&i| !model[i].out).collect();
        if active.len() < 2 {
            assert_eq!(
                pair_next_round(&e),
                Err(PairingError::TooFewActive(active.len()))
            );
            break;
        }
        let fresh = |a: usize, b: usize| !met.contains(&(a.min(b), a.max(b)));
        let mut ranked = active.clone();
        ranked.sort_by_key(|&i| (std::cmp::Reverse(model[i].score2), i));
        // The model's bye: lowest-ranked without one, the rest pairable without a repeat.
        let model_bye = if ranked.len() % 2 == 1 {
            ranked.iter().rev().copied().find(|&p| {
                model[p].byes == 0 && {
                    let rest: Vec<usize> = ranked.iter().copied().filter(|&q| q != p).collect();
                    pairable(&rest, &fresh)
                }
            })
        } else {
            None
        };
        let round = match pair_next_round(&e) {
            Err(PairingError::NoPairing { round }) => {
                assert_eq!(round, r);
                let possible = if ranked.len() % 2 == 1 {
                    model_bye.is_some()
                } else {
                    pairable(&ranked, &fresh)
                };
                assert!(!possible, "round {r}: NoPairing but the model pairs it");
                tally.no_pairing += 1;
                break;
            }
            other => other.unwrap_or_else(|err| panic!("round {r}: {err}")),
        };
        // Everyone still in exactly once, nobody else.
        let mut seen = vec![0; n];
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for line in &round {
            match *line {
                Pairing::Game {
                    first,
                    second,
                    outcome,
                } => {
                    assert_eq!(outcome, None);
                    let (a, b) = (index[&first], index[&second]);
                    seen[a] += 1;
                    seen[b] += 1;
                    games.push((a, b));
                }
                Pairing::Bye { player } => {
                    seen[index[&player]] += 1;
                    byes.push(index[&player]);
                }
            }
        }
        for i in 0..n {
            let want = usize::from(!model[i].out);
            assert_eq!(
                seen[i], want,
                "round {r}: player {i} appears {} times",
                seen[i]
            );
        }
        // Never twice.
        for &(a, b) in &games {
            assert!(fresh(a, b), "round {r}: {a} and {b} meet again");
        }
        // The bye.
        assert_eq!(byes.first().copied(), model_bye, "round {r}: the bye");
        assert!(byes.len() <= 1);
        if let Some(&p) = byes.first() {
            assert_eq!(model[p].byes, 0, "round {r}: a second bye for {p}");
            tally.byes += 1;
        }
        // Seats: a broken rule only where no pairing keeps it.
        let paired: Vec<usize> = ranked
            .iter()
            .copied()
            .filter(|p| !byes.contains(p))
            .collect();
        let keeps = |streak: bool| {
            let edge = |a: usize, b: usize| {
                fresh(a, b)
                    && [Seat::First, Seat::Second].iter().any(|&s| {
                        seat_fine(&model[a].seats, s, streak)
                            && seat_fine(&model[b].seats, s.other(), streak)
                    })
            };
            pairable(&paired, &edge)
        };
        let mut balance_broken = false;
        let mut streak_broken = false;
        for &(a, b) in &games {
            for (p, s) in [(a, Seat::First), (b, Seat::Second)] {
                balance_broken |= !seat_fine(&model[p].seats, s, false);
                streak_broken |= !seat_fine(&model[p].seats, s, true);
            }
        }
        if balance_broken {
            assert!(
                !keeps(false),
                "round {r}: a seat difference beyond ±2 was avoidable"
            );
            tally.balance_broken += 1;
        }
        if streak_broken {
            assert!(
                !keeps(true),
                "round {r}: a third seat in a row was avoidable"
            );
            tally.streak_broken += 1;
        }
        // Results, into the event and the model.
        let mut finished = Vec::new();
        for line in round {
            finished.push(match line {
                Pairing::Game { first, second, .. } => {
                    let outcome = match rng.below(100) {
                        0..=34 => Outcome::FirstWins,
                        35..=69 => Outcome::SecondWins,
                        70..=89 => Outcome::Draw,
                        90..=93 => Outcome::FirstWinsByForfeit,
                        94..=97 => Outcome::SecondWinsByForfeit,
                        _ => Outcome::DoubleForfeit,
                    };
                    let (a, b) = (index[&first], index[&second]);
                    let (sa, sb) = match outcome {
                        Outcome::FirstWins | Outcome::FirstWinsByForfeit => (2, 0),
                        Outcome::SecondWins | Outcome::SecondWinsByForfeit => (0, 2),
                        Outcome::Draw => (1, 1),
                        Outcome::DoubleForfeit => (0, 0),
                    };
                    model[a].score2 += sa;
                    model[b].score2 += sb;
                    model[a].seats.push(Seat::First);
                    model[b].seats.push(Seat::Second);
                    met.insert((a.min(b), a.max(b)));
                    Pairing::Game {
                        first,
                        second,
                        outcome: Some(outcome),
                    }
                }
                Pairing::Bye { player } => {
                    let p = index[&player];
                    model[p].score2 += 2;
                    model[p].byes += 1;
                    Pairing::Bye { player }
                }
            });
        }
        e.rounds.push(finished);
        tally.rounds += 1;
        for (i, p) in model.iter_mut().enumerate() {
            if !p.out && rng.below(1000) < withdraw_per_mille {
                p.out = true;
                e.withdrawn.push(ids[i]);
            }
        }
        check_standings_and_money(&e, &model, &index, &mut rng, tally);
    }
}

fn check_standings_and_money(
    e: &Event,
    model: &[Player],
    index: &HashMap<u64, usize>,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    let rows = standings(e).expect("standings");
    assert_eq!(rows.len(), model.len());
    let mut players: Vec<u64> = rows.iter().map(|s| s.player).collect();
    players.sort_unstable();
    players.dedup();
    assert_eq!(
        players.len(),
        model.len(),
        "a player twice in the standings"
    );
    for (k, s) in rows.iter().enumerate() {
        assert_eq!(
            s.score2, model[index[&s.player]].score2,
            "points of {}",
            s.player
        );
        if k > 0 {
            let prev = &rows[k - 1];
            let key = |s: &jetan_pairing::Standing| {
                (
                    s.score2,
                    s.buchholz2,
                    s.sonneborn_berger4,
                    s.direct2,
                    s.wins,
                )
            };
            assert!(key(prev) >= key(s), "standings out of order");
            if key(prev) == key(s) {
                assert_eq!(s.place, prev.place);
                assert!(s.shared && prev.shared);
            } else {
                assert_eq!(s.place, k + 1);
            }
        } else {
            assert_eq!(s.place, 1);
        }
    }
    // Random percentages adding up to 100 (zeros allowed), a random pot.
    let places = 1 + rng.below(6) as usize;
    let mut cuts: Vec<u32> = (0..places - 1).map(|_| rng.below(101) as u32).collect();
    cuts.sort_unstable();
    let mut percents = Vec::with_capacity(places);
    let mut last = 0;
    for c in cuts.into_iter().chain([100]) {
        percents.push(c - last);
        last = c;
    }
    let pot = match rng.below(3) {
        0 => rng.below(20),
        1 => rng.below(1_000_000),
        _ => rng.next(),
    };
    let paid = split_pot(pot, &percents, &rows).expect("valid percentages");
    let total: u128 = paid.iter().map(|p| u128::from(p.1)).sum();
    assert_eq!(
        total,
        u128::from(pot),
        "split {pot} by {percents:?}: paid {total}"
    );
    let amount = |id: u64| paid.iter().find(|p| p.0 == id).map_or(0, |p| p.1);
    for w in rows.windows(2) {
        if w[0].place == w[1].place {
            assert!(amount(w[0].player).abs_diff(amount(w[1].player)) <= 1);
        }
    }
    let mut wrong = percents.clone();
    wrong[0] += 1 + rng.below(3) as u32;
    assert!(matches!(
        split_pot(pot, &wrong, &rows),
        Err(PairingError::BadPrizes(_))
    ));
    tally.payouts += 1;
}

/// One random round robin, checked.
fn round_robin(seed: u64, n: usize, double: bool) {
    let mut rng = Rng(seed);
    let ids: Vec<u64> = (0..n as u64).map(|i| 50 + i * 3).collect();
    let schedule = round_robin_schedule(&ids, double);
    let cycle = n + n % 2 - 1;
    assert_eq!(schedule.len(), cycle * if double { 2 } else { 1 });
    let mut games: HashMap<(u64, u64), Vec<usize>> = HashMap::new();
    let mut rests: HashMap<u64, Vec<usize>> = HashMap::new();
    for (r, round) in schedule.iter().enumerate() {
        let mut seen = BTreeSet::new();
        for line in round {
            match *line {
                Pairing::Game { first, second, .. } => {
                    assert!(seen.insert(first) && seen.insert(second));
                    games.entry((first, second)).or_default().push(r);
                }
                Pairing::Bye { player } => {
                    assert!(n % 2 == 1 && seen.insert(player));
                    rests.entry(player).or_default().push(r);
                }
            }
        }
        assert_eq!(seen.len(), n, "round {r}: not everyone");
    }
    for (i, &a) in ids.iter().enumerate() {
        for &b in &ids[i + 1..] {
            let ab = games.get(&(a, b)).cloned().unwrap_or_default();
            let ba = games.get(&(b, a)).cloned().unwrap_or_default();
            if double {
                assert_eq!((ab.len(), ba.len()), (1, 1), "{a} and {b}");
                let (x, y) = (ab[0].min(ba[0]), ab[0].max(ba[0]));
                assert!(x < cycle && y >= cycle, "{a} and {b}: one game each cycle");
            } else {
                assert_eq!(ab.len() + ba.len(), 1, "{a} and {b}");
            }
        }
        if n % 2 == 1 {
            let r = &rests[&a];
            assert_eq!(r.len(), if double { 2 } else { 1 });
        }
    }
    // Through pair_next_round with withdrawals: the withdrawn never appear, the others as
    // in the table.
    let mut e = Event {
        settings: jetan_pairing::Settings {
            format: Format::RoundRobin { double },
            max_players: 64,
        },
        players: ids.clone(),
        rounds: Vec::new(),
        withdrawn: Vec::new(),
    };
    for table_round in &schedule {
        if rng.below(10) == 0 {
            e.withdrawn.push(ids[rng.below(n as u64) as usize]);
        }
        let round = pair_next_round(&e).unwrap();
        let gone = |id: &u64| e.withdrawn.contains(id);
        let expected: Vec<Pairing> = table_round
            .iter()
            .filter(|line| match line {
                Pairing::Game { first, second, .. } => !gone(first) && !gone(second),
                Pairing::Bye { player } => !gone(player),
            })
            .cloned()
            .collect();
        assert_eq!(round, expected);
        e.rounds.push(round);
    }
    assert!(matches!(
        pair_next_round(&e),
        Err(PairingError::EventOver(_))
    ));
}

/// Random events per run; `PROPTEST_CASES` sets it.
const CASES: u32 = 2000;

/// The seed of the random events: `PROPTEST_RNG_SEED`, else a fixed one, so a run is the
/// same every time and a failure replays.
const SEED: u64 = 0x7061_6972_696e_6773;

fn config() -> (u64, u32) {
    let seed = match std::env::var("PROPTEST_RNG_SEED") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("PROPTEST_RNG_SEED={v}: not a u64")),
        Err(_) => SEED,
    };
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    (seed, cases)
}

fn runner(seed: u64, cases: u32) -> TestRunner {
    TestRunner::new(ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        // A failing event is shrunk a little, not for ever.
        max_shrink_iters: 256,
        ..ProptestConfig::default()
    })
}

#[test]
fn random_swiss_events_keep_the_hard_rules() {
    let (seed, cases) = config();
    let tally = std::cell::RefCell::new(Tally::default());
    let started = std::time::Instant::now();
    let result = runner(seed, cases).run(
        &(any::<u64>(), 3usize..=40, any::<u64>()),
        |(event_seed, n, rounds)| {
            swiss_event(event_seed, n, rounds, &mut tally.borrow_mut());
            Ok(())
        },
    );
    eprintln!(
        "{cases} cases, seed {seed}: {:?} in {:.1?}",
        tally.borrow(),
        started.elapsed()
    );
    if let Err(e) = result {
        panic!(
            "{e}\nreplay: PROPTEST_RNG_SEED={seed} PROPTEST_CASES={cases} \
             cargo test -p jetan-pairing --test pairing model::random_swiss_events_keep_the_hard_rules"
        );
    }
    // The run reached the cases it is meant to exercise.
    let t = tally.into_inner();
    if cases >= CASES {
        assert!(t.byes > 0 && t.no_pairing > 0 && t.payouts > 0, "{t:?}");
    }
}

#[test]
fn random_round_robins_meet_everyone_once_per_cycle() {
    let (seed, cases) = config();
    let result = runner(seed, cases / 10).run(
        &(any::<u64>(), 3usize..=40, any::<bool>()),
        |(event_seed, n, double)| {
            round_robin(event_seed, n, double);
            Ok(())
        },
    );
    if let Err(e) = result {
        panic!(
            "{e}\nreplay: PROPTEST_RNG_SEED={seed} PROPTEST_CASES={cases} \
             cargo test -p jetan-pairing --test pairing model::random_round_robins"
        );
    }
}
